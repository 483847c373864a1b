"""Render and button-step times of a screen: the task of tools/bench/mp/run_timing.py,
and the same code on CPython for tools/bench/speed.py.

Runs unchanged on MicroPython (the WebAssembly port) and CPython. The only clock read
is ticks_us(): JavaScript's performance.now() on the WebAssembly port (its
time.ticks_us() counts whole milliseconds), time.ticks_us on a board,
time.perf_counter on CPython.
"""

import time

from tools.bench.mp.harness import make_app

try:  # the WebAssembly port
    import js

    _now = js.performance.now

    def ticks_us():
        return int(_now() * 1000)

    def ticks_diff(a, b):
        return a - b

except ImportError:
    try:  # MicroPython on a board
        ticks_us = time.ticks_us
        ticks_diff = time.ticks_diff
    except AttributeError:  # CPython
        _pc = time.perf_counter

        def ticks_us():
            return int(_pc() * 1000000)

        def ticks_diff(a, b):
            return a - b


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
    from core import ticks_add, ticks_diff
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
            end = ticks_add(r.now, ms)
            while ticks_diff(end, r.now) > 0:
                r.now = ticks_add(r.now, TICK_MS)
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


def push_table(app, game_id, settings, actions, app_seed=1):
    """Put the game's score table (after `actions`) on top of the app's stack. The game
    is replayed with the seed the session's game had: the first one an App made with
    app_seed gives (host_sim.autoplay.box_seed); a game whose moves depend on what it
    drew (What the Rule?!'s verdicts) refuses them under any other."""
    from core import games
    from core.i18n import t
    from core.rng import Rng
    from core.ui import Table

    game = games.load(game_id)
    state = game.new(settings, Rng(app_seed).next32())
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
