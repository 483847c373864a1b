"""Desktop simulator: fakes of every adapter, a terminal front end and a headless script mode.

fakes.py and script.py are kept MicroPython-compatible so the same scripted session runs
under CPython and under the MicroPython WebAssembly port, frame for frame.
"""


def register_kit():
    """Make the kit test game (host_sim/kit.py) a game of the box, last on the home menu;
    idempotent. It has no module file in core/games, so core.games.load finds it here."""
    import sys

    from core import games
    from host_sim import kit

    sys.modules["core.games.kit"] = kit
    if not [g for g in games.GAMES if g[0] == kit.ID]:
        games.GAMES = games.GAMES + ((kit.ID, "kit", kit.TITLE, 2, 4),)
