"""Program for tools/bench/wasm.mjs (heap.py, tests/test_long_games_heap.py): the live heap,
gc.mem_alloc() after the collection that follows every bench_step(), above the baseline read
before the app is imported. Its data: /bench_data.txt, a host_sim script, read a line at a
time (held whole, a long game's would take tens of KB of the heap measured) and played as
host_sim.script's Runner plays it, one App.step (a 10 ms tick) a bench_step; or
/bench_data.json, an import plan, [kind, arg] steps taken one a bench_step (step()).

Prints "L n bytes" per script line or plan step n (1-based; 0: the boot), the most over its
ticks; micropython.mem_info() at the start and the end; last {"peak", "at" (0-based; -1:
the boot), "samples", "err" (a failing line, a MemoryError)}. RESERVE bytes, held from the
start, are given back on a MemoryError outside the App's guard (the port hangs building the
exception with the heap full): give the port RESERVE more heap.
"""

import gc
import json

from tools.bench.mp.harness import NullDisplay, NullLeds, make_app, start_game

RESERVE = 4096


class Recorder:
    """Per line its most, over all the peak and where; no list grows (it takes many samples)."""

    def __init__(self):
        self.base = self.top = self.err = None
        self.cur = self.line = self.at = -1
        self.peak = self.samples = 0
        self.oom = False  # a MemoryError met (set without allocating)

    def after(self):
        v = gc.mem_alloc()
        if self.base is None:
            self.base = v
            return
        v -= self.base
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
    """A script played one App.step a step() call, through a Runner whose holds are queued
    (todo), not ticked. Not a generator: a MemoryError in a generator's frame with the heap
    full hangs the port. rec.cur: the script line; rec.err: the first failing line."""

    def __init__(self, lines, storage, rec):
        self.lines, self.storage, self.rec = lines, storage, rec
        self.r = self.end = None
        self.todo = []  # (buttons held, ms) left of the current line
        self.mask = 0
        self.i = -1
        self.started = False

    def step(self):
        """One tick (the first call: the baseline; the second: the boot); False once the
        script is done or has failed."""
        from core import ticks_add, ticks_diff
        from host_sim.script import TICK_MS, Runner

        if not self.started:
            self.started = True
            return True
        if self.r is None:
            self.r = Runner(make_app(self.storage)[0])
            self.r.hold = lambda mask, ms: self.todo.append((mask, ms))
            return True
        r = self.r
        while self.end is None or ticks_diff(self.end, r.now) <= 0:
            if self.todo:
                self.mask, ms = self.todo.pop(0)
                self.end = ticks_add(r.now, ms)
            elif not self._next():
                return False
        r.now = ticks_add(r.now, TICK_MS)
        r.app.step(r.now, self.mask)
        e = r.app.last_error
        if e is not None:
            self.rec.err = "line %d: crash: %s: %s" % (self.i + 1, type(e).__name__, e)
        return e is None

    def _next(self):
        """The next script line's holds into todo; False at the end or when it fails."""
        line = next(self.lines, None)
        if line is None:
            return False
        self.i += 1
        err = self.r.do(line)
        if err:
            self.rec.err = "line %d `%s`: %s" % (self.i + 1, line.strip(), err)
            return False
        if self.todo:
            self.rec.cur = self.i
        return True


def step(kind, arg, keep):
    """One step of an import plan, cumulative: ("import", module) | ("boot", None): App()
    on a null display, its first frame rendered (the home menu and the core's tables) |
    ("game", [id, players]): start_game() on that App, its first prompt rendered |
    ("table", [source, lang]): one text table loaded as core.i18n keeps it | ("qstr",
    None): print the interned-string pools' size (micropython.qstr_info())."""
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


if __name__ == "__main__":  # the program (CPython imports step()): its state, all made before the baseline
    import micropython

    REC = Recorder()
    bench_after = REC.after
    _reserve = bytearray(RESERVE)
    _keep, PLAN, _i = [], None, -1
    try:
        script = open("/bench_data.txt")
    except OSError:  # an import plan
        with open("/bench_data.json") as f:
            PLAN = json.load(f)
    else:
        from firmware.storage import Storage

        _game = Game(script, Storage("/data"), REC)
    micropython.mem_info()


def bench_step():
    global _game, _reserve, _i
    if PLAN is not None:
        if _i == len(PLAN):
            return False
        if _i >= 0:
            REC.cur = _i
            step(PLAN[_i][0], PLAN[_i][1], _keep)
        _i += 1
    else:
        try:
            more = _game.step()
        except MemoryError:  # not bound: its traceback would keep the game's frames alive
            # Nothing here may allocate (the heap is full until the next collection, which
            # frees the reserve and the app): the message is written in bench_done().
            _reserve = _game = None
            REC.oom = True
            more = False
        if not more:
            gc.collect()
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
