"""Program, in a fresh CPython: which core modules the box has loaded once App() rendered
its first frame, and once a game's first prompt is on screen.

    python -m tools.bench.loaded GAME_ID PLAYERS

Prints two lines of space-separated module names, sorted (tools/bench/imports.py).
"""

import sys

from core.app import App
from tools.bench.mp.harness import NullDisplay, NullLeds, start_game


def core_modules():
    return " ".join(sorted(m for m in sys.modules if m == "core" or m.startswith("core.")))


def main(game_id, players):
    app = App(NullDisplay(), NullLeds())
    app.step(0, 0)
    print(core_modules())
    start_game(app, game_id, players)
    app.step(10, 0)
    print(core_modules())


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
