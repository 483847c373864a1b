"""Render and button-step times of a screen, on CPython (tools/bench/speed.py imports it)
and as a program for tools/bench/wasm.mjs: /bench_data.json {"reps", "pairs", "targets"
(see timing_task)} -> {"results": [time_target() per target], "version"}. The clock:
performance.now() under the WebAssembly port (its ticks_us() counts whole ms).
"""

import gc
import json
import sys
import time

from tools.bench.mp.harness import make_app

try:  # the WebAssembly port
    import js

    _now = js.performance.now

    def ticks_us():
        return int(_now() * 1000)

except ImportError:  # CPython
    def ticks_us():
        return int(time.perf_counter() * 1000000)


def time_render(app, reps, batches=1):
    """Microseconds of one App render of the top screen (nothing changed, nothing pushed):
    the lowest of `batches` means of `reps` renders in a row."""
    best = None
    for _ in range(batches):
        t0 = ticks_us()
        for _ in range(reps):
            app._dirty = True
            app._render()
        mean = (ticks_us() - t0) / reps
        best = mean if best is None or mean < best else best
    return best


def time_steps(r, pairs, first="DOWN"):
    """Sorted microseconds of the App.step calls that handle a button PRESS, over `pairs`
    presses of `first` then its opposite, driven like host_sim.script."""
    from core import buttons as B
    from core import ticks_add, ticks_diff
    from host_sim.script import GAP_MS, PRESS_MS, TICK_MS

    app = r.app
    orig = app.buttons.update
    pressed = [False]

    def update(now, mask):
        ev = orig(now, mask)
        for e in ev:  # no allocation: this runs inside the step timed
            if e[0] == B.PRESS:
                pressed[0] = True
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
                pressed[0] = False
                t0 = ticks_us()
                app.step(r.now, m)
                dt = ticks_us() - t0
                if pressed[0]:
                    out.append(dt)
    app.buttons.update = orig
    out.sort()
    return out


def push_table(app, game_id, settings, actions, app_seed=1):
    """Put the game's score table after `actions` on top of the app's stack, replayed with
    the session's seed (under another, What the Rule?! refuses moves that depend on it)."""
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
    """Render and button-step times on the top screen (steps: the round of `pairs` presses
    with the lowest median), with the bus traffic of the measured steps."""
    from core.ui import NumberPicker

    app = r.app
    screen = app.top()
    render = time_render(app, max(1, reps // rounds), rounds)
    first = "UP" if isinstance(screen, NumberPicker) and screen.value < screen.hi else "DOWN"
    m = i2c.mark()
    steps = None
    for _ in range(rounds):
        s = time_steps(r, pairs, first)
        if steps is None or (s and s[len(s) // 2] < steps[len(steps) // 2]):
            steps = s
    writes, payload = i2c.since(m)
    n = (len(steps) * rounds) or 1
    return {"screen": type(screen).__name__, "title": screen.title, "render": render,
            "step_med": steps[len(steps) // 2] if steps else 0, "step_max": steps[-1] if steps else 0,
            "wire_per_press": (writes + payload) // n, "writes_per_press": writes // n,
            "payload_per_press": payload // n}


def timing_task(targets, make_storage, reps, pairs, out):
    """Per target (lines, game_id, settings, actions, with_table): time_target() into `out`
    on a fresh app after the lines (and the score table, if asked); yields True after each."""
    from host_sim.script import Runner

    for i, (lines, game_id, settings, actions, with_table) in enumerate(targets):
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
        yield True


if __name__ == "__main__":  # the program, run by tools/bench/wasm.mjs
    from firmware.storage import Storage

    with open("/bench_data.json") as f:
        DATA = json.load(f)
    OUT = []
    TASK = timing_task(DATA["targets"], lambda i: Storage("/t" + str(i)), DATA["reps"], DATA["pairs"], OUT)

    def bench_step():
        more = next(TASK, False)
        gc.collect()  # runs once control is back in wasm.mjs, between the targets
        return more

    def bench_done():
        print(json.dumps({"results": OUT, "version": sys.version}))
