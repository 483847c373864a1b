"""The App on stand-in hardware. Runs unchanged on MicroPython (the WebAssembly port) and
CPython; the bench imports it on both. Contract: no top-level import of core/ or firmware/
(a program imports this module before its heap baseline, where whatever loads here would
hide), and no wall clock.
"""


class CountingI2C:
    """machine.I2C stand-in that counts write transactions and their payload bytes."""

    def __init__(self):
        self.writes = 0
        self.payload = 0

    def writeto(self, addr, buf, stop=True):
        self.writes += 1
        self.payload += len(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        n = 0
        for v in vector:
            n += len(v)
        self.writes += 1
        self.payload += n
        return n

    def mark(self):
        return (self.writes, self.payload)

    def since(self, mark):
        """(writes, payload bytes) since mark()."""
        return (self.writes - mark[0], self.payload - mark[1])


class NullLeds:
    def set(self, yes, no, status):
        pass


class NullDisplay:
    def show(self, buf, pages):
        pass

    def power(self, on):
        pass

    def contrast(self, level):
        pass


def make_app(storage=None, seed=1):
    """An App on the real SSD1306 driver over a CountingI2C: (app, i2c)."""
    from core.app import App
    from firmware.ssd1306 import SSD1306

    i2c = CountingI2C()
    app = App(SSD1306(i2c), NullLeds(), storage, seed)
    return app, i2c


def is_button(line):
    """True for script lines that press buttons or let time pass (not expect/comments)."""
    line = line.strip()
    return bool(line) and line[0] != "#" and line.split()[0] not in ("expect", "screen")


def start_game(app, game_id, players, seed=1):
    """The box's way into a new game without pressing buttons: start_new() from the home
    menu, then what the player setup would give (`players` names, every option's first
    value, an empty campaign) a Session whose first prompt goes on screen. Nothing saved."""
    from core import games
    from core.play import Play
    from core.session import Session
    from core.start import again, start_new

    app.park_home()  # as the home menu's choice does
    start_new(app, game_id)
    game = games.load(game_id)
    settings = {"players": ["P" + str(i + 1) for i in range(players)]}
    for key, _, values in game.OPTIONS:
        settings[key] = values[0]
    if hasattr(game, "progress"):
        settings["progress"] = {}
    session = Session(game_id, settings, seed, (), app.storage)
    Play(app, session, again).show()
    return session
