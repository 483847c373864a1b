"""Benchmark pieces that run unchanged on MicroPython (the WebAssembly port) and CPython.

tools/bench.py (CPython) imports this module for its own runs and also ships it into the
wasm filesystem, where a small driver script calls the same functions and prints JSON.
Nothing here reads a wall clock except the timing helpers (time.ticks_us on MicroPython,
time.perf_counter on CPython).
"""

import gc
import time

try:  # the WebAssembly port: time.ticks_us() only counts whole milliseconds there
    import js

    _now = js.performance.now

    def _ticks_us():
        return int(_now() * 1000)

    def _ticks_diff(a, b):
        return a - b

except ImportError:
    try:  # MicroPython on a board
        _ticks_us = time.ticks_us
        _ticks_diff = time.ticks_diff
    except AttributeError:  # CPython
        _pc = time.perf_counter

        def _ticks_us():
            return int(_pc() * 1000000)

        def _ticks_diff(a, b):
            return a - b


def ticks_us():
    return _ticks_us()


def ticks_diff(a, b):
    return _ticks_diff(a, b)


# --- fake hardware -------------------------------------------------------------------


class CountingI2C:
    """machine.I2C stand-in that keeps only counters: write transactions and payload bytes.

    Bytes on the wire per transaction = 1 address byte + the payload."""

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

    def wire(self):
        return self.writes + self.payload

    def mark(self):
        return (self.writes, self.payload)

    def since(self, mark):
        """(writes, payload bytes) since mark()."""
        return (self.writes - mark[0], self.payload - mark[1])


def i2c_ms(writes, payload, hz=400000):
    """Time on a bus at `hz`: 9 clocks per byte (8 bits + ACK) for the address byte and
    every payload byte, plus about 2 clocks of START/STOP per transaction."""
    return (9 * (writes + payload) + 2 * writes) * 1000.0 / hz


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
    if not line or line[0] == "#":
        return False
    word = line.split()[0]
    return word not in ("expect", "screen")


# --- memory --------------------------------------------------------------------------


def live():
    gc.collect()
    return gc.mem_alloc()


class Recorder:
    """Live-heap samples taken from the top level (see tools/bench_mp.mjs): the first
    sample is the baseline, every later one is stored relative to it. Lists are
    allocated up front, so recording does not grow the heap it measures."""

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


def stepper(gen):
    """bench_step() for tools/bench_mp.mjs: advance `gen` one yield, then ask for a GC."""

    def step():
        try:
            next(gen)
            more = True
        except StopIteration:
            more = False
        gc.collect()  # on the wasm port: runs once control is back at the top level
        return more

    return step


def memory_task(lines, storage, rec):
    """Baseline, then the App on the SSD1306 driver, then one sample per button step."""
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


def start_game(app, game_id, players, seed=1):
    """The box's way into a new game, without pressing buttons: play.start_new() (it
    loads the game and puts the player setup on screen), then the settings the setup
    would give (`players` names, the first value of every option) become a Session and
    its first prompt goes on screen (Play.show() drops the setup screens). No storage,
    so nothing is saved. Returns the Session."""
    from core import games
    from core.play import Play, start_new
    from core.session import Session

    start_new(app, game_id)
    settings = {"players": ["P" + str(i + 1) for i in range(players)]}
    for key, _, values in games.load(game_id).OPTIONS:
        settings[key] = values[0]
    session = Session(game_id, settings, seed, (), app.storage)
    Play(app, session).show()
    return session


def import_task(plan, rec):
    """Baseline, then one sample after each entry of `plan`, cumulative:
    ("import", module) |
    ("boot", None): App() on a null display and its first frame rendered (the home menu:
        the core's tables of the current language are loaded by its t() lookups) |
    ("game", [id, players]): start_game() on that App and the first prompt rendered (the
        game module, its tables of the current language, the Play and Session objects) |
    ("table", [source, lang]): one text table loaded the way core.i18n keeps it (the TEXT
        dict only, no module object) |
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


# --- timing --------------------------------------------------------------------------


def time_render(app, reps, batches=1):
    """Microseconds of one App render of the top screen (frame clear + draw + page diff;
    nothing changes, so nothing is pushed): the mean over `reps` renders in a row, the
    lowest of `batches` such means (the least disturbed by other load on the machine)."""
    best = None
    for _ in range(batches):
        t0 = ticks_us()
        for _ in range(reps):
            app._dirty = True
            app._render()
        mean = ticks_diff(ticks_us(), t0) / reps
        best = mean if best is None or mean < best else best
    return best


def time_steps(r, pairs, first="DOWN"):
    """Microseconds of the App.step calls that handle a button PRESS (event, screen
    update, render, push through the driver), over `pairs` presses of `first` then its
    opposite, driven like host_sim.script (10 ms per step). Returns the sorted times."""
    from core import buttons as B
    from core import ticks
    from host_sim.script import GAP_MS, PRESS_MS, TICK_MS

    app = r.app
    orig = app.buttons.update
    flag = [False]

    def update(now, mask):
        ev = orig(now, mask)
        for e in ev:
            if e[0] == B.PRESS:
                flag[0] = True
        return ev

    app.buttons.update = update
    other = {"DOWN": "UP", "UP": "DOWN", "LEFT": "RIGHT", "RIGHT": "LEFT"}[first]
    out = []
    for i in range(2 * pairs):
        mask = B.by_name(first if i % 2 == 0 else other)
        for m, ms in ((mask, PRESS_MS), (0, GAP_MS)):
            end = ticks.add(r.now, ms)
            while ticks.diff(end, r.now) > 0:
                r.now = ticks.add(r.now, TICK_MS)
                flag[0] = False
                t0 = ticks_us()
                app.step(r.now, m)
                dt = ticks_diff(ticks_us(), t0)
                if flag[0]:
                    out.append(dt)
    app.buttons.update = orig
    out.sort()
    return out


def wiggle_first(screen):
    """The D-pad direction whose press changes `screen` first (DOWN moves a menu down;
    UP raises a number picker unless it is at its top)."""
    from core.ui import NumberPicker

    if isinstance(screen, NumberPicker):
        return "UP" if screen.value < screen.hi else "DOWN"
    return "DOWN"


def push_table(app, game_id, settings, actions, seed=1):
    """Put the game's score table (after `actions`) on top of the app's stack."""
    from core import games
    from core.i18n import t
    from core.ui import Table

    game = games.load(game_id)
    state = game.new(settings, seed)
    for a in actions:
        game.apply(state, a)
    header, rows = game.table(state)
    app.push(Table(t("game.scores"), header, rows))


def time_target(r, reps, pairs, i2c, rounds=3):
    """Render and button-step times on the app's current top screen (see time_render and
    time_steps; steps: the round of `pairs` presses with the lowest median), with the bus
    traffic of the measured steps."""
    app = r.app
    screen = app.top()
    render = time_render(app, max(1, reps // rounds), rounds)
    first = wiggle_first(screen)
    m = i2c.mark()
    steps = None
    for _ in range(rounds):
        s = time_steps(r, pairs, first)
        if steps is None or (s and s[len(s) // 2] < steps[len(steps) // 2]):
            steps = s
    writes, payload = i2c.since(m)
    n = (len(steps) * rounds) or 1
    return {
        "screen": type(screen).__name__,
        "title": screen.title,
        "render": render,
        "step_med": steps[len(steps) // 2] if steps else 0,
        "step_max": steps[-1] if steps else 0,
        "steps": len(steps),
        "press": first,
        "wire_per_press": (writes + payload) // n,
        "writes_per_press": writes // n,
        "payload_per_press": payload // n,
    }


def timing_task(targets, make_storage, reps, pairs, out):
    """For each target (lines, game_id, settings, actions, with_table): a fresh app, the
    script lines run, the score table pushed when asked, then time_target(). One result
    dict per target is appended to `out`; yields between targets (a GC on the wasm port)."""
    from host_sim.script import Runner

    for i in range(len(targets)):
        lines, game_id, settings, actions, with_table = targets[i]
        app, i2c = make_app(make_storage(i))
        r = Runner(app)
        for line in lines:
            err = r.do(line)
            if err:
                raise RuntimeError("timing target {}: {}".format(i, err))
        if with_table:
            push_table(app, game_id, settings, actions)
            app.step(r.now, 0)
        out.append(time_target(r, reps, pairs, i2c))
        yield
