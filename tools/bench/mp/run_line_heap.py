"""Program for tools/bench/wasm.mjs (tools/bench/line_heap.py runs it): a host_sim script
played as the long-game guard plays it (tools/bench/mp/heap.Game, one App.step a call,
a collection after each), printing per script line the highest live heap after a
collection above the baseline ("L line bytes"), then, at the end, the live heap after
each of the app's caches is let go in turn ("C what bytes": frame's text rows,
i18n's looked-up texts, ui's title bars, the screens above the home menu (and with them
the game in progress), last {"err": the first failing line or null}.
"""

import gc
import json

from firmware.storage import Storage
from tools.bench.mp.heap import Game, Peak


class Lines(Peak):
    def __init__(self):
        Peak.__init__(self)
        self.line = -2
        self.top = 0
        self.what = None  # the cache let go last, at the end

    def after(self):
        v = gc.mem_alloc()
        if self.base is not None and self.what is None and self.cur != self.line:
            print("L", self.line + 1, self.top - self.base)
            self.line = self.cur
            self.top = 0
        self.top = max(self.top, v)
        Peak.after(self)
        if self.what:
            print("C", self.what, v - self.base)


def _let_go(what):
    app = _game.r.app
    if what == "frame":
        from core import frame

        frame._recent.clear()
        frame._recent_big.clear()
    elif what == "i18n":
        from core import i18n

        i18n._recent.clear()
    elif what == "bars":
        from core import ui

        ui._bars.clear()
    elif what == "screens":
        del app.stack[1:]


REC = Lines()
_game = Game(open("/bench_data.txt"), Storage("/data"), REC)
_todo = ["end", "frame", "i18n", "bars", "screens"]
bench_after = REC.after


def bench_step():
    if REC.what is None and _game.step():
        gc.collect()  # runs once control is back in wasm.mjs, before bench_after()
        return True
    if not _todo or REC.err:
        return False
    if REC.what is None:  # the game is over: its last line
        print("L", REC.line + 1, REC.top - REC.base)
    REC.what = _todo.pop(0)
    _let_go(REC.what)
    gc.collect()
    return True


def bench_done():
    print(json.dumps({"err": REC.err}))  # the last line: wasm.run()'s result
