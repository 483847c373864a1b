"""Program for tools/bench/wasm.mjs: the live heap after a collection under the MicroPython
WebAssembly port (tools/bench/heap.py; tests/test_long_games_heap.py runs it with the
heap fixed at the Pico's). The driver collects after every bench_step(), then
bench_after() reads gc.mem_alloc(); every figure is above the baseline, read before
anything of the app is imported. By the data file tools/bench/wasm.py wrote:

/bench_data.txt: a host_sim script, read a line at a time (a long game's script held
  whole would take tens of KB of the heap the game has), played as host_sim.script's
  Runner plays it but one App.step (a 10 ms tick) a bench_step, so a collection falls
  between any two ticks, as on a microcontroller at any allocation (this port never
  collects inside Python code). The storage adapter is imported before the baseline.
  Once the game is over, the app's caches are let go in turn (CACHES).
/bench_data.json: an import plan, [kind, arg] steps taken one a bench_step (see step()).

Prints "L n bytes" for each script line or plan step n (1-based; 0: the boot to the
home menu): the most live heap over its ticks; "C what bytes": the live heap after a
cache was let go; micropython.mem_info() at the start and at the end; last {"peak",
"at" (the peak's line or step, 0-based; -1: the boot), "samples", "err" (the first
failing line, or a MemoryError the program met)}.

RESERVE bytes are held from the start and given back on a MemoryError outside the App's
own guard: with the heap full to the last block, the port could not report the error (it
hangs building the exception for JavaScript). Give the port RESERVE more heap than the
game should have.
"""

import gc
import json
import sys

from tools.bench.mp.harness import NullDisplay, NullLeds, make_app, start_game

RESERVE = 4096
CACHES = ("frame", "i18n", "bars", "screens")  # frame's text rows, looked-up texts, title bars, screens above home


class Recorder:
    """The samples: per line its most, over all the peak and where. No list grows: a long
    game takes tens of thousands of samples."""

    def __init__(self):
        self.base = None
        self.cur = self.line = -1
        self.top = None
        self.peak = self.samples = 0
        self.at = -1
        self.err = None
        self.oom = False  # a MemoryError met (set without allocating)
        self.what = None  # the cache let go last

    def after(self):
        v = gc.mem_alloc()
        if self.base is None:
            self.base = v
            return
        v -= self.base
        if self.what:
            print("C", self.what, v)
            return
        if self.cur != self.line:
            self.flush()
            self.line = self.cur
        self.top = v if self.top is None or v > self.top else self.top
        self.samples += 1
        if v > self.peak:
            self.peak, self.at = v, self.cur

    def flush(self):
        if self.top is not None:
            try:
                print("L", self.line + 1, self.top)
            except MemoryError:  # the heap full: the line's figure is lost, the run goes on
                pass
            gc.collect()  # the printed text, before the next step
        self.top = None


class Game:
    """A script played one App.step a step() call. Not a generator: a MemoryError raised
    in a generator's frame with the heap full hangs the port. rec.cur: the index of the
    script line; rec.err: the first failing line (a crash the App caught, e.g. a
    MemoryError in a screen, or a failed expect)."""

    def __init__(self, lines, storage, rec):
        self.lines = lines
        self.storage = storage
        self.rec = rec
        self.r = None
        self.todo = []  # (buttons held, ms) left of the current line
        self.mask = 0
        self.end = None
        self.i = -1
        self.started = False

    def step(self):
        """One tick (the first call: nothing, the baseline; the second: boot to the home
        menu); False once the script is done or has failed."""
        from core import ticks_add, ticks_diff

        if not self.started:
            self.started = True
            return True
        if self.r is None:
            from host_sim.script import Runner

            app, _ = make_app(self.storage)
            self.r = Runner(app)
            self.lines = iter(self.lines)
            return True
        r = self.r
        while self.end is None or ticks_diff(self.end, r.now) <= 0:
            if self.todo:
                self.mask, ms = self.todo.pop(0)
                self.end = ticks_add(r.now, ms)
            elif not self._next():
                return False
        from host_sim.script import TICK_MS

        r.now = ticks_add(r.now, TICK_MS)
        r.app.step(r.now, self.mask)
        e = r.app.last_error
        if e is not None:
            self.rec.err = "line %d: crash: %s: %s" % (self.i + 1, type(e).__name__, e)
            return False
        return True

    def _next(self):
        """Take the next script line: its presses into todo; False at the end or when an
        expect fails."""
        from core import buttons as B
        from host_sim.script import GAP_MS, PRESS_MS

        line = next(self.lines, None)
        if line is None:
            return False
        self.i += 1
        w = line.split()
        if not w or w[0][0] == "#":
            return True
        if w[0].upper() in B.NAMES and len(w) == 1:
            self.todo = [(B.by_name(w[0].upper()), PRESS_MS), (0, GAP_MS)]
        elif w[0] == "hold":
            self.todo = [(B.by_name(w[1].upper()), int(w[2]) if len(w) > 2 else 1000), (0, GAP_MS)]
        elif w[0] == "wait":
            self.todo = [(0, int(w[1]))]
        else:  # expect, screen, or what the Runner calls malformed
            err = self.r.do(line)
            if err:
                self.rec.err = "line %d `%s`: %s" % (self.i + 1, line.strip(), err)
                return False
            return True
        self.rec.cur = self.i
        return True

    def let_go(self, what):
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
            del self.r.app.stack[1:]


def step(kind, arg, keep):
    """One step of an import plan, cumulative:
    ("import", module) |
    ("boot", None): App() on a null display and its first frame rendered (the home menu:
        the core's tables of the current language are loaded by its t() lookups) |
    ("game", [id, players]): start_game() on that App and the first prompt rendered (the
        game module, its tables of the current language, the Play and Session objects) |
    ("table", [source, lang]): one text table loaded the way core.i18n keeps it (the index
        of its keys and the open file) |
    ("qstr", None): print the interned-string pool's size (micropython.qstr_info())."""
    if kind == "import":
        __import__(arg)
    elif kind == "boot":
        from core.app import App

        keep.append(App(NullDisplay(), NullLeds()))
        keep[0].step(0, 0)
    elif kind == "game":
        keep.append(start_game(keep[0], arg[0], arg[1]))
        keep[0].step(10, 0)
    elif kind == "table":
        from core import i18n

        keep.append(i18n._table(arg[1], arg[0]))
    elif kind == "qstr":  # prints "qstr pool: ... n_total_bytes=N"
        import micropython

        micropython.qstr_info()


def start():
    """The run's state, all of it before the baseline (CPython imports only step())."""
    global REC, PLAN, _reserve, _todo, _keep, _script, _game, _i
    import micropython

    REC = Recorder()
    _reserve = bytearray(RESERVE)
    _todo = list(CACHES)
    _keep = []
    try:
        _script = open("/bench_data.txt")
    except OSError:  # an import plan
        _script = _game = None
        with open("/bench_data.json") as f:
            PLAN = json.load(f)
        _i = -1
    else:
        from firmware.storage import Storage

        _game = Game(_script, Storage("/data"), REC)
    micropython.mem_info()


if sys.implementation.name == "micropython":
    start()
    bench_after = REC.after


def bench_step():
    global _game, _reserve, _i
    if _script is None:
        if _i == len(PLAN):
            return False
        if _i >= 0:
            REC.cur = _i
            step(PLAN[_i][0], PLAN[_i][1], _keep)
        _i += 1
    elif REC.what is None:
        try:
            more = _game.step()
        except MemoryError:  # not bound: its traceback would keep the game's frames alive
            # Nothing here may allocate (the heap is full until the next collection, which
            # frees the reserve and the app): the message is written in bench_done().
            _reserve = _game = None
            REC.oom = True
            more = False
        if not more:
            if _game is None or REC.err:
                gc.collect()
                return False
            REC.flush()
            REC.what = "end"  # the game is over: its live heap, then the caches let go
    elif _todo:
        REC.what = _todo.pop(0)
        _game.let_go(REC.what)
    else:
        return False
    gc.collect()  # runs once control is back in wasm.mjs, before bench_after()
    return True


def bench_done():
    import micropython

    if REC.oom:
        REC.err = "MemoryError outside the App's guard, line %d" % (REC.cur + 1)
    REC.flush()
    micropython.mem_info()
    print(json.dumps({"peak": REC.peak, "at": REC.at, "samples": REC.samples, "err": REC.err}))
