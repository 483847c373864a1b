"""Random whole games per second on CPython, straight on each built game's module: measure()
-> [(title, players, games, seconds, games/s, actions/game, refused/game)]."""

import time

from core import games
from core.playout import playout
from core.rng import Rng
from tools.bench.markdown import md_table
from tools.bench.sessions import SEED, built_games
from tools.bench.sessions import settings as bench_settings

PLAYOUTS = 300  # games per player count


def measure():
    rows = []
    for g in built_games():
        game = games.load(g[0])
        for n in range(g[3], g[4] + 1):
            settings = bench_settings(g[0], n)
            actions = refused = 0
            t0 = time.perf_counter()
            for k in range(PLAYOUTS):
                done, no = playout(game, game.new(settings, k), Rng(SEED * 1000 + k))
                actions += len(done)
                refused += no
            dt = time.perf_counter() - t0
            rows.append((g[2], n, PLAYOUTS, dt, PLAYOUTS / dt, actions / PLAYOUTS, refused / PLAYOUTS))
    return rows


def section(plays):
    rows = [(t, n, k, "%.2f s" % dt, "%.0f" % gps, "%.1f" % a, "%.1f" % r) for t, n, k, dt, gps, a, r in plays]
    rows += [(g[2], "", "", "not built yet", "", "", "") for g in games.GAMES if not g[1]]
    return ["## Random playouts (CPython)", "",
            "Whole games played by `core.playout.playout` (random_action: uniform answers, seeded core.rng), straight "
            "on the game module: `new()`, then `prompt()` / `apply()` until the game is over; an action the game "
            "refuses is drawn again. %d games per player count, first value of every option. No UI, no saves." % PLAYOUTS,
            "", md_table(("game", "players", "games", "time", "games/s", "actions/game", "refused/game"), rows,
                         "lrrrrrr"), ""]
