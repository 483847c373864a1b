"""Scripted sessions give byte-identical frames, LEDs, screens and saves on CPython and
under real MicroPython (the official WebAssembly port)."""

import glob
import os

import pytest

from host_sim import script
from tests.mpwasm import run_micropython

pytestmark = pytest.mark.micropython  # a slow tier: ./dev test --all (tests/conftest.py)

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = sorted(glob.glob(os.path.join(HERE, "scripts", "*.txt")))


def micropython_transcript(lines, seed=1, start_ms=0):
    code = "from host_sim import script\nprint(script.transcript({!r}, {}, {}))\n".format(lines, seed, start_ms)
    return run_micropython(code, paths=("host_sim",), timeout=600).rstrip("\n")


@pytest.mark.parametrize("path", SCRIPTS, ids=os.path.basename)
def test_script_identical_on_micropython(path):
    with open(path) as f:
        lines = f.read().splitlines()
    here = script.transcript(lines)
    assert "\nE " not in here, here[here.index("\nE ") :][:300]
    assert here.count("\nF ") > 10  # the session really drew frames
    there = micropython_transcript(lines)
    assert there == here


def test_kit_game_identical_on_micropython(kit):
    """The kit test game (every prompt kind, secrets, views, progress) frame for frame."""
    with open(os.path.join(HERE, "scripts", "kit", "kit_3players.txt")) as f:
        lines = f.read().splitlines()
    here = script.transcript(lines)
    assert "\nE " not in here, here[here.index("\nE ") :][:300]
    assert "D kit.pg1 " in here  # the finished game counted in the kit's progress
    code = "from host_sim import register_kit, script\nregister_kit()\nprint(script.transcript({!r}, 1, 0))\n".format(lines)
    assert run_micropython(code, paths=("host_sim",), timeout=600).rstrip("\n") == here


def test_secret_vote_identical_across_tick_wrap():
    with open(os.path.join(HERE, "scripts", "secret_vote.txt")) as f:
        lines = f.read().splitlines()
    start = (1 << 30) - 1500  # the session runs across the 2**30 ms wrap
    assert script.transcript(lines, start_ms=start) == script.transcript(lines)
    assert micropython_transcript(lines, start_ms=start) == script.transcript(lines)


PLAYOUTS = """
from core import games
from core.playout import playout
from core.rng import Rng

def playouts(game_id, n_games, players):
    game = games.load(game_id)
    out = []
    for seed in range(n_games):
        settings = {"players": ["P%d" % i for i in range(players)]}
        for key, _, values in game.OPTIONS:
            settings[key] = values[seed % len(values)]
        try:
            state = game.new(settings, seed)
        except ValueError:  # options this many players cannot take (a human game master alone)
            continue
        actions, refused = playout(game, state, Rng(seed + 1))
        out.append("{} {} {} {}".format(seed, len(actions), refused, game.result(state)))
    return "\\n".join(out)
"""


# Games whose random games are long (What the Rule?!: random cards rarely fit, random
# guesses never win, so every round runs until the pile is used up): fewer of them.
FEWER = {"wtr": 5}


def test_random_playouts_identical_on_micropython():
    """Every built game: the same seeded random games end the same way under MicroPython."""
    from core import games

    built = [g[0] for g in games.GAMES if g[1]]
    ns = {}
    exec(PLAYOUTS, ns)
    for game_id in built:
        k = FEWER.get(game_id, 60)
        for players in range(games.info(game_id)[3], games.info(game_id)[4] + 1):
            here = ns["playouts"](game_id, k, players)
            code = PLAYOUTS + "\nprint(playouts({!r}, {}, {}))\n".format(game_id, k, players)
            assert run_micropython(code).rstrip("\n") == here
