"""Render and button-step time of the busiest screens, on CPython and under the
MicroPython WebAssembly port (mp/speed.py, wall clock). measure() -> ([(screen label,
CPython result, wasm result)], MicroPython version), a result mp/speed.time_target()'s."""

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
    """The index of the line after which the top screen renders slowest on CPython, among
    the screens a D-pad press changes (menus, pickers, tables) but the home menu's."""
    app, _ = make_app(fakes.MemStorage())
    r = Runner(app)
    best = (-1, 0)
    home_title = i18n.t("home.title")
    for i, line in enumerate(lines):
        r.do(line)
        top = app.top()
        if is_press(line) and top.title != home_title and any(hasattr(top, a) for a in ("index", "value", "rows")):
            us = time_render(app, 10, 3)
            if us > best[1]:
                best = (i, us)
    return best[0]


def targets(sess_list):
    """(label, [lines, game_id, settings, actions, with_table]) per screen timed."""
    out = [("Home menu", [home_script()[:1], None, None, None, False])]
    for s in sess_list:
        i = busiest(s["lines"])
        out.append(("%s: busiest menu/picker" % s["title"], [s["lines"][: i + 1], s["id"], s["settings"], s["actions"], False]))
        if s["actions"] is not None:
            out.append(("%s: score table" % s["title"], [s["lines"], s["id"], s["settings"], s["actions"], True]))
    return out


def measure(tmp, trees, sess_list):
    labelled = targets(sess_list)
    plain = [t[1] for t in labelled]
    mp = wasm.run("speed", trees["mpy"], tmp, {"reps": RENDER_REPS, "pairs": STEP_PAIRS, "targets": plain})
    cp = []
    list(timing_task(plain, lambda i: fakes.MemStorage(), RENDER_REPS, STEP_PAIRS, cp))
    return [(labelled[k][0], cp[k], mp["results"][k]) for k in range(len(labelled))], mp["version"]


def section(tim):
    L = ["## Render and step time (CPython, WebAssembly port)", "",
         "The home menu, each session's menu, number picker or table that renders slowest on CPython, and each game's "
         "score table at its end, the script replayed to it: `render` = the App's `_render()` with nothing changed "
         "(clear, draw, page diff), the mean of %d renders, lowest of 3 batches; `step` = the `App.step()` calls that "
         "handle a button PRESS (down/up alternating: event, update, render, the changed pages through the driver), "
         "the median of %d presses, lowest of 3 rounds. wasm: the WebAssembly port under node, .mpy code, timed with "
         "`performance.now()`. Wall-clock times of a shared machine (repeated runs moved the wasm figures by up to a "
         "third): they compare screens and builds." % (RENDER_REPS // 3, 2 * STEP_PAIRS), ""]
    rows = [("%s (%s \"%s\")" % (name, mpr["screen"], mpr["title"]), us_ms(cp["render"]), us_ms(mpr["render"]),
             us_ms(cp["step_med"]), us_ms(mpr["step_med"]),
             "%d B, %.1f ms" % (mpr["wire_per_press"], i2c_ms(mpr["writes_per_press"], mpr["payload_per_press"])))
            for name, cp, mpr in tim]
    rows += [("%s: %s" % (g[2], "judge / guess-equivalence" if g[0] == "wtr" else "busiest screen"), "not built yet",
              "", "", "", "") for g in games.GAMES if not g[1]]
    slow = max(tim, key=lambda x: x[2]["step_max"])
    ratios = [m["render"] / c["render"] for _, c, m in tim]
    return L + [md_table(("screen", "render CPython", "render wasm", "step CPython", "step wasm", "I2C per press at 400 kHz"),
                         rows), "",
                "wasm/CPython: %.1fx to %.1fx for renders. `0 B`: the press changes nothing on that screen (a table that "
                "fits), the step still renders. The slowest single press step under wasm was %s (%s)." % (
                    min(ratios), max(ratios), us_ms(slow[2]["step_max"]), slow[0]), ""]
