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
