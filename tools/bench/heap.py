"""The live heap under the MicroPython WebAssembly port, every figure from mp/run_heap.py
(a script played tick by tick, or an import plan) through run().

memory(tmp, trees, sessions) -> per session and tree {id, title, players, variant, boot,
  peak, median, steps, peak_at}: the most live heap of every button line.
imports(tmp, trees) -> {(game_id, tree): run, ("tables", lang, tree): run}, a run being
  {"plan", "cum" (bytes after each step), "delta" (each step's own), "qstr" (the
  interned-string pools' growth), "at_boot", "at_game"}.
"""

import ast
import os
import sys

from core import games, i18n
from core.frame import PAGES, W
from tools.bench import ROOT, wasm
from tools.bench.environment import run as run_here
from tools.bench.markdown import kib, md_table, median, verdict
from tools.bench.sessions import SEED, built_games, where

TARGET = 48 * 1024  # live heap of any game, at its peak
IMPORT_TARGET = 40 * 1024  # core plus one game, imported from .mpy
TREES = ("mpy", "py")
GAME_TREES = ("mpy", "py", "mpy-notext")
HARNESS = ("firmware.ssd1306", "firmware.storage", "host_sim.script")
# The core modules loaded at App()'s first frame and at a game's first prompt (argv: game id, players)
LOADED = """import sys
from tools.bench.mp.run_heap import step
keep = []
for kind, arg in (("boot", None), ("game", [sys.argv[1], int(sys.argv[2])])):
    step(kind, arg, keep)
    print(" ".join(sorted(m for m in sys.modules if m == "core" or m.startswith("core."))))
"""


def run(tree, tmp, script=None, plan=None):
    """One run of mp/run_heap.py on a script's lines or an import plan: parse() of it."""
    return parse(wasm.run("run_heap", tree, tmp, plan if script is None else "\n".join(script) + "\n"))


def parse(res):
    """The program's JSON answer {"peak", "at", "samples", "err", "stdout"} with what its
    output says: "lines" {n: bytes}, "qstr" [n_total_bytes of each qstr_info() report]."""
    res["lines"], res["qstr"] = {}, []
    for x in res["stdout"].splitlines():
        w = x.split(" ")
        if w[0] == "L" and len(w) == 3:
            res["lines"][int(w[1])] = int(w[2])
        elif x.startswith("qstr pool:") and "n_total_bytes=" in x:
            res["qstr"].append(int(x.split("n_total_bytes=")[1].split(",")[0].split()[0]))
    return res


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
    """The modules of {module: source}, each after those it imports at top level."""
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
    """(core modules loaded at App()'s first frame, at the game's first prompt) on CPython."""
    p = run_here([sys.executable, "-c", LOADED, game_id, str(players)])
    if p.returncode:
        raise SystemExit("bench: starting %s on CPython failed:\n%s" % (game_id, p.stderr[-2000:]))
    boot, game = p.stdout.strip().splitlines()[-2:]
    return set(boot.split()), set(game.split())


def import_plan(g):
    """(plan, at_boot, at_game) of a built game g: the steps of its import run (mp/run_heap's
    step()) in the order section() describes, and the two module sets."""
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


def target_rows(mem, imp):
    w = worst_game(mem)
    gid, s = worst(imp)
    return [("peak live heap of any game (.mpy)", "%s (%s)" % (kib(w["peak"]), w["title"]), kib(TARGET),
             verdict(w["peak"] <= TARGET)),
            ("core + one game from .mpy, English tables loaded, first prompt on screen",
             "%s (%s)" % (kib(s["total"]), games.info(gid)[2]), kib(IMPORT_TARGET), verdict(s["total"] <= IMPORT_TARGET))]


def verdict_notes(mem, imp):
    """Paragraphs under the targets when one is missed: what the figures are made of, the fix."""
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
        "Memory targets missed%s. Core + %s from .mpy is %s: with every text table emptied it is still %s, over the %s "
        "target on code alone: about %s of qstr pools (interned identifiers and short strings), %s of the two frame "
        "buffers and %s of bytecode with its constant tables, function and class objects and module dicts. The English "
        "tables and the strings they intern add %s. The peak of a game (%s, %s) is that load plus about %s of harness "
        "(the Runner and the display driver) and %s of live game objects: session and action log, screens, and saves "
        "being encoded." % (
            which, games.info(game_id)[2], kib(full["total"]), kib(none["total"]), kib(IMPORT_TARGET),
            kib(none["qstr"] or 0), kib(buffers), kib(code), kib(full["total"] - none["total"]),
            kib(worst_peak["peak"]), worst_peak["title"], kib(harness), kib(max(0, live))),
        "What fixes it on the box: the app frozen into flash (the Tablebox firmware, `./dev firmware`, "
        "tools/manifest.py; its soak section below), or run in place from a ROMFS partition (`./dev deploy`, when the "
        "firmware has one; the stock RPI_PICO 1.28 firmware has none): either keeps bytecode and constants out of the "
        "heap. Not measured here: the WebAssembly port has no `vfs.VfsRom` (built without MICROPY_VFS_ROM; "
        "tests/test_romfs.py fails when it has), so an image cannot be mounted under it.",
    ]


def section(mem, imp, mpy_cross_version):
    L = ["## Memory under MicroPython (WebAssembly port)", "",
         "Each game a seeded random full game with the most players it allows (host_sim.autoplay, seed %d), and the "
         "Secret vote with 10 voters, played from the home menu under the WebAssembly port by mp/run_heap.py as "
         "host_sim.script's Runner plays it, on firmware/ssd1306.py over a counting I2C and firmware/storage.py. After "
         "every 10 ms tick a collection, then `gc.mem_alloc()`: the live heap (the port collects only once control is "
         "back in JavaScript, so wasm.mjs returns there in between); a button step's figure: the most over its ticks. "
         "Above the baseline read before the app is imported, with host_sim.script (the Runner, %s, not on the Pico) "
         "and firmware/ssd1306.py (%s)." % (SEED, kib(harness_delta(imp, "host_sim.script")),
                                            kib(harness_delta(imp, "firmware.ssd1306"))), ""]
    rows = [(m["title"], m["players"], "." + m["variant"], m["steps"], kib(m["boot"]), kib(m["median"]), kib(m["peak"]),
             m["peak_at"], verdict(m["peak"] <= TARGET) if m["variant"] == "mpy" else "") for m in mem]
    L += [md_table(("session", "players", "code", "steps", "after boot", "median", "peak", "peak at",
                    "<= %s" % kib(TARGET)), rows, "lrlrrrrll"), ""]
    L += ["What the box loads, cumulative in one fresh interpreter per row (the module sets from the same start on "
          "CPython): the core modules `App()` needs, each after its dependencies (each row its own cost); `App()` on a "
          "null display with its first frame (frame buffers, home menu, the core's English table); the core modules a "
          "game start adds; the game started the box's way (`start_new()`, a Session of the most players and every "
          "option's first value, its first prompt with the game's English table); the harness and the core modules "
          "this game never loads. `.mpy`: mpy-cross %s, default options, no `-march`. The last row per game: every "
          "table in core/lang emptied (t() answers with the keys), the code alone." % mpy_cross_version, ""]
    names = {"mpy": ".mpy", "py": ".py", "mpy-notext": ".mpy, every table emptied"}
    sums = [(g, tree, summary(imp[(g[0], tree)])) for g in built_games() for tree in GAME_TREES]
    rows = [(g[2], names[tree], kib(s["boot"]), kib(s["core"]), kib(s["game"]), kib(s["total"]),
             kib(s["qstr"]) if s["qstr"] is not None else "?", verdict(s["total"] <= IMPORT_TARGET) if tree == "mpy" else "",
             kib(s["harness"])) for g, tree, s in sums]
    L += [md_table(("game", "code", "boot (App() + first frame)", "core at game start", "game + first prompt",
                    "core + game", "of which qstr pools", "<= %s" % kib(IMPORT_TARGET), "harness"), rows, "llrrrrrlr"), ""]
    L += ["`qstr pools`: the interned-string pools' growth (`n_total_bytes` of `micropython.qstr_info()`) from the "
          "baseline to the first prompt: part of the figures before it, not on top.", "",
          "Language tables alone, one fresh interpreter per language: each table loaded as core.i18n keeps it (the "
          "index of its keys; the words stay in the file). Only the current language is ever loaded.", ""]
    srcs = ["ui"] + [g[0] for g in built_games()]
    tables = [(lang, tree, tables_summary(imp[("tables", lang, tree)])) for tree in TREES for lang in i18n.LANGS]
    rows = [[lang, "." + tree] + [kib(ts[x]) for x in srcs] + [kib(ts["all"])] for lang, tree, ts in tables]
    L += [md_table(["language", "code"] + ["core/lang/%s_<language>.txt" % x for x in srcs] + ["all"], rows,
                   "ll" + "r" * (len(srcs) + 1)), ""]
    g0 = built_games()[0][0]
    full, none = (summary(imp[(g0, t)]) for t in ("mpy", "mpy-notext"))
    L += ["With the English tables core + %s takes %s more than with every table emptied (%s against %s): the tables "
          "(%s) and the qstrs their strings add (qstr pools %s against %s; a pool that fills up is followed by one twice "
          "its size, so this moves in steps)." % (
              games.info(g0)[2], kib(full["total"] - none["total"]), kib(full["total"]), kib(none["total"]),
              kib(tables_summary(imp[("tables", "en", "mpy")])["all"]), kib(full["qstr"] or 0), kib(none["qstr"] or 0)),
          "",
          "Per step (.mpy, with %s; each module's own cost, after its dependencies). A step that fills the qstr pool "
          "also pays for the next one, so single rows can jump by a few KiB between builds; the totals above are what "
          "counts." % games.info(g0)[2], "",
          md_table(("step", "bytes", "tables emptied"), step_rows(imp[(g0, "mpy")], imp[(g0, "mpy-notext")], g0)), ""]
    return L


def step_rows(e, none_e, game_id):
    """(label, bytes, bytes with the tables emptied) per step of an import run, costliest first."""
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
