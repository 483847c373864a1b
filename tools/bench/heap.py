"""Live heap under the MicroPython WebAssembly port after every button step of each
session (a built game's seeded full game, the Secret vote), from .mpy and from .py.

measure() -> one row per session and tree: {id, title, players, variant, boot, peak,
median, steps, peak_at, end} (bytes above the baseline taken before anything of the app
was imported). section() is the memory section (with imports.section inside it);
verdict_notes() explains a missed memory target.
"""

from core import games
from core.frame import PAGES, W
from tools.bench import imports, wasm
from tools.bench.markdown import kib, md_table, median, verdict
from tools.bench.sessions import SEED, where

TARGET = 48 * 1024  # live heap of any game, at its peak
TREES = ("mpy", "py")


def measure(tmp, trees, sess_list):
    rows = []
    for s in sess_list:
        for tree in TREES:
            res = wasm.run("run_memory", trees[tree], tmp, s["lines"])
            if res["err"]:
                raise SystemExit("%s under MicroPython: %s" % (s["title"], res["err"]))
            vals = res["values"]
            peak = max(vals)
            at = res["where"][vals.index(peak)]
            rows.append({"id": s["id"], "title": s["title"], "players": s["players"], "variant": tree,
                         "boot": vals[0], "peak": peak, "median": median(vals[1:]), "steps": len(vals) - 1,
                         "peak_at": where(s["lines"], at), "end": vals[-1]})
    return rows


def worst_game(mem):
    """The .mpy row of the game (not the vote) with the highest peak."""
    return max((m for m in mem if m["variant"] == "mpy" and m["id"] != "vote"), key=lambda m: m["peak"])


def target_row(mem):
    w = worst_game(mem)
    return ("peak live heap of any game (.mpy)", "%s (%s)" % (kib(w["peak"]), w["title"]), kib(TARGET),
            verdict(w["peak"] <= TARGET))


def verdict_notes(mem, imp, romfs):
    """Paragraphs under the targets: what the memory figures are made of, and what would
    bring a missed target within reach (none when both targets pass)."""
    worst_peak = worst_game(mem)
    game_id, full = imports.worst(imp)
    if full["total"] <= imports.TARGET and worst_peak["peak"] <= TARGET:
        return []
    none = imports.summary(imp[(game_id, "mpy-notext")])
    buffers = 2 * W * PAGES  # App.frame.buf and App.shown
    code = none["total"] - (none["qstr"] or 0) - buffers
    text = full["total"] - none["total"]
    harness = imports.harness_delta(imp, "host_sim.script") + imports.harness_delta(imp, "firmware.ssd1306")
    live = worst_peak["peak"] - full["total"] - harness
    which = ""
    if full["total"] <= imports.TARGET:
        which = " (peak)"
    elif worst_peak["peak"] <= TARGET:
        which = " (core + game)"
    return [
        "Memory targets missed%s. Core + %s from .mpy is %s: with every text table emptied it is "
        "still %s, i.e. over the %s target on code alone, of which about %s is qstr pools "
        "(interned identifiers and short strings), %s the two frame buffers and the remaining "
        "%s bytecode with its constant tables, function and class objects and module "
        "dicts. The English tables and the strings they intern add %s. So text is now the "
        "smaller part (one language by construction) and the bytecode dominates. The peak of "
        "a game (%s, %s) is that load plus about %s of harness (the Runner and the display "
        "driver) and %s of live game objects: session and action log, screens, and saves "
        "being encoded." % (
            which, games.info(game_id)[2], kib(full["total"]), kib(none["total"]), kib(imports.TARGET),
            kib(none["qstr"] or 0), kib(buffers), kib(code), kib(text), kib(worst_peak["peak"]),
            worst_peak["title"], kib(harness), kib(max(0, live))),
        "What would fix it: freezing core/ and the games into a custom "
        "MicroPython firmware (tools/manifest.py, see README). Frozen modules run from flash: their "
        "bytecode, constant tables, string constants and qstrs are not copied into the heap, "
        "which then holds only module dicts, function and class objects, the text tables' "
        "indexes, the frame buffers and the live state. Not measured here (the WebAssembly port "
        "cannot freeze modules). Without a custom firmware the remaining lever is loading less "
        "bytecode: the biggest modules in the per-step table of the memory section first.",
        imports.romfs_note(romfs),
    ]


def section(mem, imp, mpy_cross_version):
    L = ["## Memory under MicroPython (WebAssembly port)", ""]
    L.append(
        "Each game is a seeded random full game with the most players it allows (host_sim.autoplay, "
        "seed %d), turned into button steps from the home menu and run under the MicroPython "
        "WebAssembly port by host_sim.script's Runner, on the real display driver "
        "(firmware/ssd1306.py over a counting I2C) and the real storage adapter "
        "(firmware/storage.py on the port's in-memory filesystem); the Secret vote runs from the home "
        "menu with 10 voters (random YES/NO, the reveal, then Vote again). After every button step the "
        "driver forces a collection and reads `gc.mem_alloc()`: the live heap. In this port "
        "`gc.collect()` inside Python only marks a collection pending and it runs when control is back "
        "in JavaScript, so tools/bench/wasm.mjs returns to the top level between the step and the reading. "
        "Figures are above the baseline taken before anything of the app is imported; they include "
        "host_sim.script (the Runner, %s, which the Pico does not have) and firmware/ssd1306.py "
        "(%s, which it has); the storage adapter was imported before the baseline. The Pico also "
        "runs firmware/main.py and its adapters instead of the Runner; its own figures are in the "
        "emulated Pico section."
        % (SEED, kib(imports.harness_delta(imp, "host_sim.script")), kib(imports.harness_delta(imp, "firmware.ssd1306")))
    )
    L.append("")
    rows = []
    for m in mem:
        rows.append((m["title"], m["players"], "." + m["variant"], m["steps"], kib(m["boot"]), kib(m["median"]),
                     kib(m["peak"]), m["peak_at"], verdict(m["peak"] <= TARGET) if m["variant"] == "mpy" else ""))
    L.append(md_table(("session", "players", "code", "steps", "after boot", "median", "peak", "peak at",
                       "<= %s" % kib(TARGET)), rows, "lrlrrrrll"))
    L.append("")
    return L + imports.section(imp, mpy_cross_version)
