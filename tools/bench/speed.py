"""Render and button-step time of the busiest screens, on CPython and under the
MicroPython WebAssembly port (wall clock of this machine; the Pico's own times are in
pico.py, measured on the emulated Pico).

measure() -> ([(screen label, CPython result, wasm result)], MicroPython version), a
result being mp/speed.time_target()'s dict (times in microseconds). section() is the
render-and-step section.
"""

from core import games, i18n
from host_sim import fakes
from host_sim.script import Runner
from tools.bench import wasm
from tools.bench.markdown import md_table, us_ms
from tools.bench.mp.harness import make_app
from tools.bench.mp.speed import time_render, timing_task
from tools.bench.sessions import home_script, is_press
from tools.bench.wire import i2c_ms

RENDER_REPS = 240  # in 3 batches
STEP_PAIRS = 20  # per round, 3 rounds


def busiest(lines):
    """(index of the line after which the top screen renders slowest on CPython, us),
    among the screens a D-pad press changes (menus, pickers, tables) other than the home
    menu, which has its own row."""
    app, _ = make_app(fakes.MemStorage())
    r = Runner(app)
    best = (-1, 0)
    home_title = i18n.t("home.title")
    for i, line in enumerate(lines):
        r.do(line)
        top = app.top()
        if not is_press(line) or top.title == home_title:
            continue
        if not (hasattr(top, "index") or hasattr(top, "value") or hasattr(top, "rows")):
            continue
        us = time_render(app, 10, 3)
        if us > best[1]:
            best = (i, us)
    return best


def targets(sess_list):
    """(label, [lines, game_id, settings, actions, with_table]) per screen timed."""
    out = [("Home menu", [home_script()[:1], None, None, None, False])]
    for s in sess_list:
        i, _ = busiest(s["lines"])
        out.append(("%s: busiest menu/picker" % s["title"], [s["lines"][: i + 1], s["id"], s["settings"], s["actions"], False]))
        if s["actions"] is not None:
            out.append(("%s: score table" % s["title"], [s["lines"], s["id"], s["settings"], s["actions"], True]))
    return out


def measure(tmp, trees, sess_list):
    labelled = targets(sess_list)
    plain = [t[1] for t in labelled]
    mp = wasm.run("run_timing", trees["mpy"], tmp, {"reps": RENDER_REPS, "pairs": STEP_PAIRS, "targets": plain})
    cp = []
    for _ in timing_task(plain, lambda i: fakes.MemStorage(), RENDER_REPS, STEP_PAIRS, cp):
        pass
    return [(labelled[k][0], cp[k], mp["results"][k]) for k in range(len(labelled))], mp["version"]


def section(tim):
    L = ["## Render and step time (CPython, WebAssembly port)", ""]
    L.append(
        "For the home menu, and for each session the menu, number picker or table that renders slowest on CPython "
        "among all screens of its scripted game (measured after every button step), and each game's score table at "
        "the end of the game: the script is replayed to that screen, then `render` = the App's `_render()` with "
        "nothing changed (frame clear + draw + page diff, no push), the mean of %d renders in a row, lowest of 3 such "
        "batches; `step` = the `App.step()` calls that handle a button PRESS (presses alternating down/up: event, "
        "screen update, render, pushing the changed pages through the driver to the counting bus), the median of %d "
        "presses, lowest of 3 such rounds. MicroPython: the WebAssembly port under node, .mpy code, timed with the "
        "JavaScript `performance.now()` (the port's `time.ticks_us()` counts whole milliseconds); CPython: "
        "`time.perf_counter()`. Wall-clock times of this machine, which is shared: repeated runs moved the wasm "
        "figures by up to a third. They compare screens and builds; what a press costs on the Pico is measured in the "
        "emulated Pico section, not estimated from these." % (RENDER_REPS // 3, 2 * STEP_PAIRS)
    )
    L.append("")
    rows = []
    for name, cp, mpr in tim:
        rows.append((
            "%s (%s \"%s\")" % (name, mpr["screen"], mpr["title"]),
            us_ms(cp["render"]), us_ms(mpr["render"]), us_ms(cp["step_med"]), us_ms(mpr["step_med"]),
            "%d B, %.1f ms" % (mpr["wire_per_press"], i2c_ms(mpr["writes_per_press"], mpr["payload_per_press"])),
        ))
    for g in games.GAMES:
        if not g[1]:
            what = "judge / guess-equivalence" if g[0] == "wtr" else "busiest screen"
            rows.append(("%s: %s" % (g[2], what), "not built yet", "", "", "", ""))
    L.append(md_table(("screen", "render CPython", "render wasm", "step CPython", "step wasm", "I2C per press at 400 kHz"),
                      rows))
    L.append("")
    slow = max(tim, key=lambda x: x[2]["step_max"])
    L.append(
        "wasm/CPython: %.1fx to %.1fx for renders. `0 B`: the press changes nothing on that screen (a table that "
        "fits), the step still renders. The slowest single press step under wasm was %s (%s)." % (
            min(m["render"] / c["render"] for _, c, m in tim), max(m["render"] / c["render"] for _, c, m in tim),
            us_ms(slow[2]["step_max"]), slow[0])
    )
    L.append("")
    return L
