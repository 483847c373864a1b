"""Live-heap sampling under MicroPython: the tasks of tools/bench/mp/run_memory.py and
run_imports.py (tools/bench/heap.py and imports.py read their results).

Runs unchanged on MicroPython and CPython. A task is a generator: each yield hands
control back to tools/bench/wasm.mjs, which lets the pending collection run and then
calls Recorder.after() from the top level, so every sample is the live heap.
"""

import gc

from tools.bench.mp.harness import NullDisplay, NullLeds, is_button, make_app, start_game


class Recorder:
    """Live-heap samples taken from the top level: the first sample is the baseline,
    every later one is stored relative to it. Lists are allocated up front, so recording
    does not grow the heap it measures."""

    def __init__(self, n):
        self.base = None
        self.values = [0] * n
        self.where = [0] * n
        self.n = 0
        self.cur = 0
        self.err = None

    def after(self):
        v = gc.mem_alloc()
        if self.base is None:
            self.base = v
        elif self.n < len(self.values):
            self.values[self.n] = v - self.base
            self.where[self.n] = self.cur
            self.n += 1

    def result(self):
        return {"values": self.values[: self.n], "where": self.where[: self.n], "err": self.err}


def memory_task(lines, storage, rec):
    """Baseline, then the App on the SSD1306 driver, then one sample per button step
    (rec.cur: the index of the script line, -1 for the booted home menu)."""
    yield  # baseline: nothing of the app imported yet
    from host_sim.script import Runner

    app, i2c = make_app(storage)
    r = Runner(app)
    rec.cur = -1
    yield  # booted, home menu on screen
    for i in range(len(lines)):
        err = r.do(lines[i])
        if err:
            rec.err = err
            return
        if is_button(lines[i]):
            rec.cur = i
            yield


def import_task(plan, rec):
    """Baseline, then one sample after each entry of `plan`, cumulative:
    ("import", module) |
    ("boot", None): App() on a null display and its first frame rendered (the home menu:
        the core's tables of the current language are loaded by its t() lookups) |
    ("game", [id, players]): start_game() on that App and the first prompt rendered (the
        game module, its tables of the current language, the Play and Session objects) |
    ("table", [source, lang]): one text table loaded the way core.i18n keeps it (the index
        of its keys and the open file) |
    ("qstr", None): print the interned-string pool's size (micropython.qstr_info())."""
    keep = []
    yield
    for i in range(len(plan)):
        kind, arg = plan[i]
        rec.cur = i
        if kind == "import":
            __import__(arg)
        elif kind == "boot":
            from core.app import App

            app = App(NullDisplay(), NullLeds())
            app.step(0, 0)
            keep.append(app)
        elif kind == "game":
            app = keep[0]
            keep.append(start_game(app, arg[0], arg[1]))
            app.step(10, 0)
        elif kind == "table":
            from core import i18n

            keep.append(i18n._table(arg[1], arg[0]))
        elif kind == "qstr":  # prints "qstr pool: ... n_total_bytes=N" (MicroPython only)
            import micropython

            micropython.qstr_info()
        yield
    rec.cur = len(plan)


class Peak:
    """The highest live heap after a collection over a run, and where (no list grows:
    a long game takes tens of thousands of samples)."""

    def __init__(self):
        self.base = None
        self.peak = 0
        self.at = -1
        self.samples = 0
        self.cur = -1
        self.err = None
        self.oom = False  # a MemoryError the harness caught (set without allocating)

    def after(self):
        v = gc.mem_alloc()
        if self.base is None:
            self.base = v
            return
        self.samples += 1
        if v - self.base > self.peak:
            self.peak = v - self.base
            self.at = self.cur

    def result(self):
        return {"peak": self.peak, "at": self.at, "samples": self.samples, "err": self.err}


class Game:
    """A script played as host_sim.script's Runner plays it, one App.step (a 10 ms tick)
    per step() call, so tools/bench/wasm.mjs collects between ticks as a microcontroller
    may at any allocation (this port never collects inside Python code). Not a generator:
    a MemoryError raised in a generator's frame with the heap full hangs the port.
    lines: any iterable (a file read a line at a time keeps a long script out of the
    heap). rec.cur: the index of the script line; rec.err: the first failing line (a
    crash the App caught, e.g. a MemoryError in a screen, or a failed expect)."""

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

        rec = self.rec
        if not self.started:
            self.started = True
            return True
        if self.r is None:
            from host_sim.script import Runner

            app, _ = make_app(self.storage)
            self.r = Runner(app)
            self.lines = iter(self.lines)
            rec.cur = -1
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
            rec.err = "line %d: crash: %s: %s" % (self.i + 1, type(e).__name__, e)
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
