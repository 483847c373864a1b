"""The live heap under the MicroPython WebAssembly port: every figure of it comes from one
program, mp/run_heap.py (a script played tick by tick, or an import plan), through run().

memory(tmp, trees, sessions) -> one row per session and tree: {id, title, players,
  variant, boot, peak, median, steps, peak_at}: each built game's seeded full game and
  the Secret vote, the most live heap of every button line.
imports(tmp, trees) -> {(game_id, tree): run, ("tables", lang, tree): run}, a run being
  {"plan", "cum", "delta", "qstr", "at_boot", "at_game"}: what the box loads (the core
  modules App() needs, those a game start adds, each game with its first prompt, the
  harness, the modules a game never loads), and each language table alone; cum: bytes
  after each step, delta: each step's own, qstr: growth of the interned-string pools.
section() is the memory section (both), target_rows() and verdict_notes() its part of
the targets.

    python -m tools.bench.heap SCRIPT|GAME_ID [--top N]

prints, in minutes, where a script's (or the soak's long game's) heap goes: the N lines
with the most live heap (with the script's last comment before each: which turn it is),
the heap every tenth of the way, and what the app's caches and the screens above the
home menu hold at the end. Above the same baseline, with host_sim's Runner and the display
driver; the emulated Pico's figures (the soak's) are 4 to 8 KB higher (firmware/main.py and
the board's adapters, and its collections can fall in the middle of a press). An estimate
to find what to cut, not a figure for BENCHMARKS.md.
"""

import argparse
import ast
import os
import sys
import tempfile

from core import games, i18n
from core.frame import PAGES, W
from tools.bench import ROOT, soak, wasm
from tools.bench.environment import run as run_here
from tools.bench.markdown import kib, md_table, median, verdict
from tools.bench.sessions import SEED, built_games, where

TARGET = 48 * 1024  # live heap of any game, at its peak
IMPORT_TARGET = 40 * 1024  # core plus one game, imported from .mpy
TREES = ("mpy", "py")
GAME_TREES = ("mpy", "py", "mpy-notext")
HARNESS = ("firmware.ssd1306", "firmware.storage", "host_sim.script")
# The core modules loaded once App() rendered its first frame, and once a game's first
# prompt is on screen (argv: game id, players), printed by a fresh CPython.
LOADED = """import sys
from tools.bench.mp.run_heap import step
core = lambda: print(" ".join(sorted(m for m in sys.modules if m == "core" or m.startswith("core."))))
keep = []
step("boot", None, keep)
core()
step("game", [sys.argv[1], int(sys.argv[2])], keep)
core()
"""


def run(tree, tmp, script=None, plan=None, heap=None, timeout=600):
    """One run of mp/run_heap.py on a script's lines or an import plan: parse() of it.
    heap: see wasm.run."""
    return parse(wasm.run("run_heap", tree, tmp, plan if script is None else "\n".join(script) + "\n", heap, timeout))


def parse(res):
    """The program's JSON answer {"peak", "at", "samples", "err", "stdout"} with what its
    output says: "lines" {n: bytes}, "caches" [(what, bytes)], "qstr" [n_total_bytes of
    each qstr_info() report]."""
    res["lines"], res["caches"], res["qstr"] = {}, [], []
    for x in res["stdout"].splitlines():
        w = x.split(" ")
        if w[0] == "L" and len(w) == 3:
            res["lines"][int(w[1])] = int(w[2])
        elif w[0] == "C" and len(w) == 3:
            res["caches"].append((w[1], int(w[2])))
        elif x.startswith("qstr pool:") and "n_total_bytes=" in x:
            res["qstr"].append(int(x.split("n_total_bytes=")[1].split(",")[0].split()[0]))
    return res


# --- the memory runs -------------------------------------------------------------------


def memory(tmp, trees, sess_list):
    rows = []
    for s in sess_list:
        for tree in TREES:
            res = run(trees[tree], tmp, s["lines"])
            if res["err"]:
                raise SystemExit("%s under MicroPython: %s" % (s["title"], res["err"]))
            vals = [res["lines"][n] for n in sorted(res["lines"])]
            rows.append({"id": s["id"], "title": s["title"], "players": s["players"], "variant": tree,
                         "boot": res["lines"][0], "peak": res["peak"], "median": median(vals[1:]), "steps": len(vals) - 1,
                         "peak_at": where(s["lines"], res["at"])})
    return rows


def worst_game(mem):
    """The .mpy row of the game (not the vote) with the highest peak."""
    return max((m for m in mem if m["variant"] == "mpy" and m["id"] != "vote"), key=lambda m: m["peak"])


# --- the import runs -------------------------------------------------------------------


def top_imports(source, package="core"):
    """Modules of `package` a module imports at its top level (these run at import)."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == package]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == package:
            out.append(node.module)
            out += [node.module + "." + a.name for a in node.names]  # from core import x: maybe a module
    return out


def import_order(sources):
    """Module names (keys of {module: source}) with every module after the modules it
    imports at top level, so that importing them in order measures each one alone."""
    done, seen = [], set()

    def visit(m):
        if m in seen:
            return
        seen.add(m)
        parent = m.rpartition(".")[0]
        for dep in ([parent] if parent in sources else []) + [d for d in top_imports(sources[m]) if d in sources]:
            visit(dep)
        done.append(m)

    for m in sorted(sources):
        visit(m)
    return done


def loaded_modules(game_id, players):
    """(core modules loaded once App() rendered its first frame, core modules loaded once
    the game's first prompt is on screen), from a fresh CPython (LOADED). The text tables
    are not among them: core.i18n keeps only their dicts."""
    p = run_here([sys.executable, "-c", LOADED, game_id, str(players)])
    if p.returncode:
        raise SystemExit("bench: starting %s on CPython failed:\n%s" % (game_id, p.stderr[-2000:]))
    boot, game = p.stdout.strip().splitlines()[-2:]
    return set(boot.split()), set(game.split())


def import_plan(g):
    """For a built game g: the (kind, arg) steps of its import run (mp/run_heap.step),
    cumulative: the core modules the App loads, App() with its first frame, the core
    modules a game start adds (each in dependency order, so each costs only itself), the
    game started with its first prompt rendered, the qstr pool, the harness, and last the
    core modules this game never loads. Also the two module sets."""
    sources = {}
    for rel in wasm.core_files():
        if rel.endswith(".py"):  # not the data files
            with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                sources[wasm.module_name(rel)] = f.read()
    game_mods = {"core.games." + x[1] for x in built_games()}
    order = [m for m in import_order(sources) if m not in game_mods]
    at_boot, at_game = loaded_modules(g[0], g[4])
    plan = [("qstr", None)] + [("import", m) for m in order if m in at_boot] + [("boot", None)]
    plan += [("import", m) for m in order if m in at_game and m not in at_boot]
    plan += [("game", [g[0], g[4]]), ("qstr", None)] + [("import", m) for m in HARNESS]
    plan += [("import", m) for m in order if m not in at_game and m not in at_boot]
    return plan, at_boot, at_game


def table_plan(lang):
    """The text tables of one language, each loaded as core.i18n keeps it."""
    return [("qstr", None), ("import", "core.i18n"), ("table", ["ui", lang])] + [
        ("table", [g[0], lang]) for g in built_games()] + [("qstr", None)]


def import_run(tree, tmp, plan):
    """One fresh interpreter through `plan`."""
    res = run(tree, tmp, plan=plan)
    vals = [res["lines"].get(n) for n in range(1, len(plan) + 1)]
    if None in vals:
        raise SystemExit("bench: import run stopped after %d of %d steps:\n%s" % (
            vals.index(None), len(plan), res["stdout"][-2000:]))
    qs = res["qstr"]  # the interned-string pools' growth from the baseline to the second reading
    return {"plan": plan, "cum": vals, "delta": [b - a for a, b in zip([0] + vals, vals)],
            "qstr": qs[1] - qs[0] if len(qs) >= 2 else None}


def imports(tmp, trees):
    out = {}
    for g in built_games():
        plan, at_boot, at_game = import_plan(g)
        for tree in GAME_TREES:
            out[(g[0], tree)] = dict(import_run(trees[tree], tmp, plan), at_boot=at_boot, at_game=at_game)
    for lang in i18n.LANGS:
        for tree in TREES:
            out[("tables", lang, tree)] = import_run(trees[tree], tmp, table_plan(lang))
    return out


def probe_romfs(tmp, tree):
    """Whether the WebAssembly port can mount a ROMFS image: {"VfsRom": bool, ...}."""
    return wasm.run("probe_romfs", tree, tmp, None)


def summary(entry):
    """{boot, core, game, total, harness, qstr} in bytes of one game's import run."""
    plan, cum = entry["plan"], entry["cum"]
    i_boot = plan.index(("boot", None))
    i_game = [k for k, p in enumerate(plan) if p[0] == "game"][0]
    i_harness = plan.index(("import", HARNESS[-1]))
    return {"boot": cum[i_boot], "core": cum[i_game - 1], "game": cum[i_game] - cum[i_game - 1],
            "total": cum[i_game], "harness": cum[i_harness] - cum[i_game + 1], "qstr": entry["qstr"]}


def tables_summary(entry):
    """Bytes per table of a table_plan run: {source: bytes}, plus "all"."""
    out = {arg[0]: entry["delta"][k] for k, (kind, arg) in enumerate(entry["plan"]) if kind == "table"}
    out["all"] = sum(out.values())
    return out


def harness_delta(imp, module):
    """Heap cost of one harness module (.mpy, first built game's import run)."""
    e = imp[(built_games()[0][0], "mpy")]
    return e["delta"][e["plan"].index(("import", module))]


def worst(imp):
    """(game id, summary) of the built game whose core + game costs most (.mpy)."""
    sums = {g[0]: summary(imp[(g[0], "mpy")]) for g in built_games()}
    gid = max(sums, key=lambda k: sums[k]["total"])
    return gid, sums[gid]


# --- targets and the section -----------------------------------------------------------


def target_rows(mem, imp):
    w = worst_game(mem)
    gid, s = worst(imp)
    return [("peak live heap of any game (.mpy)", "%s (%s)" % (kib(w["peak"]), w["title"]), kib(TARGET),
             verdict(w["peak"] <= TARGET)),
            ("core + one game from .mpy, English tables loaded, first prompt on screen",
             "%s (%s)" % (kib(s["total"]), games.info(gid)[2]), kib(IMPORT_TARGET), verdict(s["total"] <= IMPORT_TARGET))]


def verdict_notes(mem, imp, romfs):
    """Paragraphs under the targets: what the memory figures are made of, and what would
    bring a missed target within reach (none when both targets pass)."""
    worst_peak = worst_game(mem)
    game_id, full = worst(imp)
    if full["total"] <= IMPORT_TARGET and worst_peak["peak"] <= TARGET:
        return []
    none = summary(imp[(game_id, "mpy-notext")])
    buffers = 2 * W * PAGES  # App.frame.buf and App.shown
    code = none["total"] - (none["qstr"] or 0) - buffers
    harness = harness_delta(imp, "host_sim.script") + harness_delta(imp, "firmware.ssd1306")
    live = worst_peak["peak"] - full["total"] - harness
    which = " (peak)" if full["total"] <= IMPORT_TARGET else " (core + game)" if worst_peak["peak"] <= TARGET else ""
    return [
        "Memory targets missed%s. Core + %s from .mpy is %s: with every text table emptied it is still %s, i.e. over "
        "the %s target on code alone, of which about %s is qstr pools (interned identifiers and short strings), %s "
        "the two frame buffers and the remaining %s bytecode with its constant tables, function and class objects and "
        "module dicts. The English tables and the strings they intern add %s. So text is now the smaller part (one "
        "language by construction) and the bytecode dominates. The peak of a game (%s, %s) is that load plus about %s "
        "of harness (the Runner and the display driver) and %s of live game objects: session and action log, screens, "
        "and saves being encoded." % (
            which, games.info(game_id)[2], kib(full["total"]), kib(none["total"]), kib(IMPORT_TARGET),
            kib(none["qstr"] or 0), kib(buffers), kib(code), kib(full["total"] - none["total"]),
            kib(worst_peak["peak"]), worst_peak["title"], kib(harness), kib(max(0, live))),
        "What would fix it: freezing core/ and the games into a custom MicroPython firmware (tools/manifest.py, see "
        "README). Frozen modules run from flash: their bytecode, constant tables, string constants and qstrs are not "
        "copied into the heap, which then holds only module dicts, function and class objects, the text tables' "
        "indexes, the frame buffers and the live state. Not measured here (the WebAssembly port cannot freeze "
        "modules). Without a custom firmware the remaining lever is loading less bytecode: the biggest modules in the "
        "per-step table of the memory section first.",
        "ROMFS gets most of that without freezing: `./dev deploy` writes the .mpy files to the board's ROMFS "
        "partition when its firmware has one, and MicroPython runs them in place from flash (bytecode and constants "
        "stay out of the heap; identifiers are still interned as qstrs when a module loads). The stock RPI_PICO 1.28 "
        "firmware has no ROMFS partition (rp2 enables ROMFS only on boards that set MICROPY_HW_ROMFS_BYTES; RPI_PICO "
        "does not), so that also takes a custom firmware, but one that does not change with the app. " + (
            "This WebAssembly port has `vfs.VfsRom`; core + game from ROMFS is not measured yet." if romfs.get("VfsRom")
            else "Not measured here: the WebAssembly port has no `vfs.VfsRom` (built without "
                 "MICROPY_VFS_ROM), so an image cannot be mounted under it."),
    ]


def section(mem, imp, mpy_cross_version):
    L = ["## Memory under MicroPython (WebAssembly port)", ""]
    L += [
        "Each game is a seeded random full game with the most players it allows (host_sim.autoplay, seed %d), turned "
        "into button steps from the home menu and played under the MicroPython WebAssembly port by "
        "tools/bench/mp/run_heap.py as host_sim.script's Runner plays it, on the real display driver "
        "(firmware/ssd1306.py over a counting I2C) and the real storage adapter (firmware/storage.py on the port's "
        "in-memory filesystem); the Secret vote runs from the home menu with 10 voters (random YES/NO, the reveal, "
        "then Vote again). After every 10 ms tick of the App the driver forces a collection and reads "
        "`gc.mem_alloc()`: the live heap; a button step's figure is the most over its ticks. In this port "
        "`gc.collect()` inside Python only marks a collection pending and it runs when control is back in JavaScript, "
        "so tools/bench/wasm.mjs returns to the top level between the tick and the reading. Figures are above the "
        "baseline taken before anything of the app is imported; they include host_sim.script (the Runner, %s, which "
        "the Pico does not have) and firmware/ssd1306.py (%s, which it has); the storage adapter was imported before "
        "the baseline. The Pico also runs firmware/main.py and its adapters instead of the Runner; its own figures "
        "are in the emulated Pico section."
        % (SEED, kib(harness_delta(imp, "host_sim.script")), kib(harness_delta(imp, "firmware.ssd1306"))), ""]
    rows = [(m["title"], m["players"], "." + m["variant"], m["steps"], kib(m["boot"]), kib(m["median"]), kib(m["peak"]),
             m["peak_at"], verdict(m["peak"] <= TARGET) if m["variant"] == "mpy" else "") for m in mem]
    L += [md_table(("session", "players", "code", "steps", "after boot", "median", "peak", "peak at",
                    "<= %s" % kib(TARGET)), rows, "lrlrrrrll"), ""]
    L.append(
        "What the box loads, cumulative in one fresh interpreter per row: the core modules that `App()` and its first "
        "frame need, each in dependency order (each row its own cost); `App()` on a null display and its first frame "
        "rendered (frame buffers, the home menu, and the core's English table, which the menu's `t()` lookups load); "
        "the core modules a game start adds (players, session, play...); then the game started the box's way "
        "(`start_new()`: `games.load()` and the player setup; then the setup's result, the most players and the first "
        "value of every option, becomes a Session whose first prompt is rendered, which loads the game's English "
        "table); last the harness, and the core modules this game never loads (e.g. core.secret and core.ballot for a "
        "game without a vote, core.tiles for one without tiles). The module sets come from the same start on CPython. "
        "`.mpy` files come from mpy-cross %s with its default options and without `-march`: bytecode, which loads "
        "here (the device build, with the options tools/deploy.py gives, is measured on the emulated Pico). The last "
        "row per game is the same .mpy build with every table in core/lang emptied (only its comment line; t() then "
        "answers with the keys): the code alone."
        % mpy_cross_version)
    L.append("")
    rows = []
    names = {"mpy": ".mpy", "py": ".py", "mpy-notext": ".mpy, every table emptied"}
    for g in built_games():
        for tree in GAME_TREES:
            s = summary(imp[(g[0], tree)])
            rows.append((g[2], names[tree], kib(s["boot"]), kib(s["core"]), kib(s["game"]), kib(s["total"]),
                         kib(s["qstr"]) if s["qstr"] is not None else "?",
                         verdict(s["total"] <= IMPORT_TARGET) if tree == "mpy" else "", kib(s["harness"])))
    L += [md_table(("game", "code", "boot (App() + first frame)", "core at game start", "game + first prompt",
                    "core + game", "of which qstr pools", "<= %s" % kib(IMPORT_TARGET), "harness"), rows, "llrrrrrlr"), ""]
    L += ["`qstr pools`: how much the interned-string pools grew (`n_total_bytes` of "
          "`micropython.qstr_info()`, read at the baseline and once the first prompt is on screen): identifiers and "
          "short strings of the loaded modules, part of the figures before it, not on top.", ""]
    L += ["Language tables alone, one fresh interpreter per language: core.i18n, then each table "
          "loaded the way core.i18n keeps it (`_table()`: the index of its keys and the open file; the words stay in "
          "the file). Only the current language is ever loaded, so German and Dutch are for comparison.", ""]
    srcs = ["ui"] + [g[0] for g in built_games()]
    rows = []
    for tree in TREES:
        for lang in i18n.LANGS:
            ts = tables_summary(imp[("tables", lang, tree)])
            rows.append([lang, "." + tree] + [kib(ts[x]) for x in srcs] + [kib(ts["all"])])
    L += [md_table(["language", "code"] + ["core/lang/%s_<language>.txt" % x for x in srcs] + ["all"], rows,
                   "ll" + "r" * (len(srcs) + 1)), ""]
    g0 = built_games()[0][0]
    full, none = (summary(imp[(g0, t)]) for t in ("mpy", "mpy-notext"))
    L += ["With the English tables, core + %s takes %s more than with every table emptied "
          "(%s against %s): the tables themselves (%s) and the qstrs their strings add, %s of qstr pool growth "
          "against %s (a pool that fills up is followed by one twice its size, so this difference moves in steps)." % (
              games.info(g0)[2], kib(full["total"] - none["total"]), kib(full["total"]), kib(none["total"]),
              kib(tables_summary(imp[("tables", "en", "mpy")])["all"]), kib(full["qstr"] or 0), kib(none["qstr"] or 0)),
          ""]
    L += ["Per step (.mpy, with %s; each module's own cost, imported after its dependencies). A step "
          "that fills the interned-string pool also pays for the next pool, allocated at twice the size, so single "
          "rows can jump by a few KiB between builds (e.g. firmware.storage below, with the tables emptied); the "
          "totals above are what counts." % games.info(g0)[2], ""]
    L += [md_table(("step", "bytes", "tables emptied"), step_rows(imp[(g0, "mpy")], imp[(g0, "mpy-notext")], g0)), ""]
    return L


def step_rows(e, none_e, game_id):
    """(label, bytes, bytes with the tables emptied) per step of a game's import run,
    costliest first."""
    title = games.info(game_id)[2]
    rows = []
    for i, (kind, arg) in enumerate(e["plan"]):
        if kind == "import":
            label = arg + (" (harness)" if arg in HARNESS else "" if arg in e["at_boot"] else
                           " (game start)" if arg in e["at_game"] else " (not loaded with %s)" % title)
        elif kind == "boot":
            label = "App() + first frame (buffers, home menu, core/lang/ui_en.txt)"
        elif kind == "game":
            label = "%s started, first prompt (module, core/lang/%s_en.txt, screens)" % (games.info(arg[0])[2], arg[0])
        else:
            continue
        rows.append((label, e["delta"][i], none_e["delta"][i]))
    return sorted(rows, key=lambda r: -r[1])


# --- line by line, from the command line -------------------------------------------------


def context(script, n):
    """The last comment line of the script at or before line n (1-based), or ''."""
    for k in range(min(n, len(script)) - 1, -1, -1):
        if script[k].startswith("#"):
            return script[k]
    return ""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.heap", description="Where a script's heap goes, line by line.")
    ap.add_argument("script", help="a script file, or a game id (%s): the soak's long game" % ", ".join(soak.IDS))
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args(argv)
    if os.path.exists(args.script):
        with open(args.script) as f:
            script = f.read().splitlines()
    else:
        script = soak.scripts([args.script])[args.script]
    with tempfile.TemporaryDirectory(prefix="tablebox-line-heap-") as tmp:
        tree = os.path.join(tmp, "tree")
        wasm.build_tree(tree, mpy=True)
        res = run(tree, tmp, script, timeout=3600)
    lines = {n: v for n, v in res["lines"].items() if n > 0}
    if res["err"]:
        print("failed: %s" % res["err"])
    for n in sorted(lines, key=lambda k: -lines[k])[: args.top]:
        print("line %5d %-6s %7d B  %s" % (n, script[n - 1], lines[n], context(script, n)))
    ns = sorted(lines)
    print("along the game: " + ", ".join("line %d %.1f KiB" % (n, lines[n] / 1024) for n in ns[:: max(1, len(ns) // 10)]))
    prev = None
    for what, v in res["caches"]:
        print("%-8s %7d B%s" % (what, v, "" if prev is None else "  (%d B less)" % (prev - v)))
        prev = v


if __name__ == "__main__":
    sys.exit(main())
