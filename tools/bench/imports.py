"""Heap cost of what the box loads, under the MicroPython WebAssembly port: the core
modules App() needs, the ones a game start adds, each game with its first prompt, the
harness, the modules a game never loads, and each language table alone.

measure() -> {(game_id, tree): run, ("tables", lang, tree): run}, a run being
{"plan", "cum", "delta", "qstr", "at_boot", "at_game"} (bytes above the baseline:
cumulative and per step; qstr: growth of the interned-string pools). section() is the
import part of the memory section.
"""

import ast
import os
import sys

from core import games, i18n
from tools.bench import ROOT, wasm
from tools.bench.environment import run
from tools.bench.markdown import kib, md_table, verdict
from tools.bench.sessions import built_games

TARGET = 40 * 1024  # core plus one game, imported from .mpy
HARNESS = ("firmware.ssd1306", "firmware.storage", "host_sim.script")
GAME_TREES = ("mpy", "py", "mpy-notext")
TABLE_TREES = ("mpy", "py")


def top_imports(source, package="core"):
    """Modules of `package` a module imports at its top level (these run at import)."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == package]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == package:
            out.append(node.module)
            for a in node.names:
                out.append(node.module + "." + a.name)  # from core import x: maybe a module
    return out


def import_order(sources):
    """Module names (keys of {module: source}) with every module after the modules it
    imports at top level, so that importing them in order measures each one alone."""
    done = []
    seen = set()

    def visit(m):
        if m in seen:
            return
        seen.add(m)
        parent = m.rpartition(".")[0]
        if parent in sources:
            visit(parent)
        for dep in top_imports(sources[m]):
            if dep in sources:
                visit(dep)
        done.append(m)

    for m in sorted(sources):
        visit(m)
    return done


def loaded_modules(game_id, players):
    """(core modules loaded once App() rendered its first frame, core modules loaded once
    the game's first prompt is on screen), from a fresh CPython (tools/bench/loaded.py).
    The text tables are not among them: core.i18n keeps only their dicts."""
    p = run([sys.executable, "-m", "tools.bench.loaded", game_id, str(players)])
    if p.returncode:
        raise SystemExit("bench: starting %s on CPython failed:\n%s" % (game_id, p.stderr[-2000:]))
    boot, game = p.stdout.strip().splitlines()[-2:]
    return set(boot.split()), set(game.split())


def import_plan(g):
    """For a built game g: the (kind, arg) steps of its import run, cumulative: the core
    modules the App loads, App() with its first frame, the core modules a game start adds
    (each in dependency order, so each costs only itself), the game started with its first
    prompt rendered, the qstr pool, the harness, and last the core modules this game never
    loads (e.g. core.secret and core.ballot for a game without a vote, core.tiles for one
    without tiles). Also the two module sets."""
    sources = {}
    for rel in wasm.core_files():
        if not rel.endswith(".py"):  # data files
            continue
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
    plan = [("qstr", None), ("import", "core.i18n"), ("table", ["ui", lang])]
    plan += [("table", [g[0], lang]) for g in built_games()]
    return plan + [("qstr", None)]


def import_run(tree, tmp, plan):
    """One fresh interpreter through `plan` (see mp/heap.import_task)."""
    res = wasm.run("run_imports", tree, tmp, plan)
    vals = res["values"]
    if len(vals) != len(plan):
        raise SystemExit("bench: import run stopped after %d of %d steps:\n%s" % (len(vals), len(plan), res["stdout"][-2000:]))
    deltas = [vals[0]] + [vals[i] - vals[i - 1] for i in range(1, len(vals))]
    qs = wasm.qstr_bytes(res["stdout"])
    # The interned-string pools' growth from the baseline to the second reading.
    qstr = qs[1] - qs[0] if len(qs) >= 2 else None
    return {"plan": plan, "cum": vals, "delta": deltas, "qstr": qstr}


def measure(tmp, trees):
    out = {}
    for g in built_games():
        plan, at_boot, at_game = import_plan(g)
        for tree in GAME_TREES:
            e = import_run(trees[tree], tmp, plan)
            e["at_boot"], e["at_game"] = at_boot, at_game
            out[(g[0], tree)] = e
    for lang in i18n.LANGS:
        for tree in TABLE_TREES:
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
    out = {}
    for k, (kind, arg) in enumerate(entry["plan"]):
        if kind == "table":
            out[arg[0]] = entry["delta"][k]
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


def target_row(imp):
    gid, s = worst(imp)
    return ("core + one game from .mpy, English tables loaded, first prompt on screen",
            "%s (%s)" % (kib(s["total"]), games.info(gid)[2]), kib(TARGET), verdict(s["total"] <= TARGET))


def romfs_note(probe):
    """What ROMFS would do for a missed memory target; `probe`: probe_romfs()'s answer."""
    text = (
        "ROMFS gets most of that without freezing: `./dev deploy` writes the .mpy files to the "
        "board's ROMFS partition when its firmware has one, and MicroPython runs them in place "
        "from flash (bytecode and constants stay out of the heap; identifiers are still "
        "interned as qstrs when a module loads). The stock RPI_PICO "
        "1.28 firmware has no ROMFS partition (rp2 enables ROMFS only on boards that set "
        "MICROPY_HW_ROMFS_BYTES; RPI_PICO does not), so that also takes a custom firmware, but "
        "one that does not change with the app. "
    )
    if probe.get("VfsRom"):
        return text + "This WebAssembly port has `vfs.VfsRom`; core + game from ROMFS is not measured yet."
    return text + ("Not measured here: the WebAssembly port has no `vfs.VfsRom` (built without "
                   "MICROPY_VFS_ROM), so an image cannot be mounted under it.")


def section(imp, mpy_cross_version):
    """The import tables: per game and tree, the language tables, the per-step costs."""
    L = []
    add = L.append
    add(
        "What the box loads, cumulative in one fresh interpreter per row: the core modules that "
        "`App()` and its first frame need, each in dependency order (each row its own cost); "
        "`App()` on a null display and its first frame rendered (frame buffers, the home menu, and "
        "the core's English table, which the menu's `t()` lookups load); the core modules a game "
        "start adds (players, session, play...); then the game started the box's way "
        "(`start_new()`: `games.load()` and the player setup; then the setup's result, the "
        "most players and the first value of every option, becomes a Session whose first prompt "
        "is rendered, which loads the game's English table); last the harness, and the core "
        "modules this game never loads (e.g. core.secret and core.ballot for a game without a "
        "vote, core.tiles for one without tiles). The module "
        "sets come from the same start on CPython. `.mpy` files come from mpy-cross %s with its "
        "default options and without `-march`: bytecode, which loads here (the device build, with "
        "the options tools/deploy.py gives, is measured on the emulated Pico). The last row per "
        "game is the same .mpy build with every table in "
        "core/lang emptied (only its comment line; t() then answers with the keys): the code alone."
        % mpy_cross_version
    )
    add("")
    rows = []
    names = {"mpy": ".mpy", "py": ".py", "mpy-notext": ".mpy, every table emptied"}
    for g in built_games():
        for tree in GAME_TREES:
            s = summary(imp[(g[0], tree)])
            rows.append((g[2], names[tree], kib(s["boot"]), kib(s["core"]), kib(s["game"]), kib(s["total"]),
                         kib(s["qstr"]) if s["qstr"] is not None else "?",
                         verdict(s["total"] <= TARGET) if tree == "mpy" else "", kib(s["harness"])))
    add(md_table(("game", "code", "boot (App() + first frame)", "core at game start", "game + first prompt",
                  "core + game", "of which qstr pools", "<= %s" % kib(TARGET), "harness"), rows, "llrrrrrlr"))
    add("")
    add(
        "`qstr pools`: how much the interned-string pools grew (`n_total_bytes` of "
        "`micropython.qstr_info()`, read at the baseline and once the first prompt is on screen): "
        "identifiers and short strings of the loaded modules, part of the figures before it, not "
        "on top."
    )
    add("")
    add(
        "Language tables alone, one fresh interpreter per language: core.i18n, then each table "
        "loaded the way core.i18n keeps it (`_table()`: the index of its keys and the open file; "
        "the words stay in the file). Only the current language is ever loaded, so German and "
        "Dutch are for comparison."
    )
    add("")
    srcs = ["ui"] + [g[0] for g in built_games()]
    rows = []
    for tree in TABLE_TREES:
        for lang in i18n.LANGS:
            ts = tables_summary(imp[("tables", lang, tree)])
            rows.append([lang, "." + tree] + [kib(ts[x]) for x in srcs] + [kib(ts["all"])])
    add(md_table(["language", "code"] + ["core/lang/%s_<language>.txt" % x for x in srcs] + ["all"], rows,
                 "ll" + "r" * (len(srcs) + 1)))
    add("")
    g0 = built_games()[0][0]
    full, none = (summary(imp[(g0, t)]) for t in ("mpy", "mpy-notext"))
    en_tables = tables_summary(imp[("tables", "en", "mpy")])["all"]
    add(
        "With the English tables, core + %s takes %s more than with every table emptied "
        "(%s against %s): the tables themselves (%s) and the qstrs their strings add, %s of "
        "qstr pool growth against %s (a pool that fills up is followed by one twice its "
        "size, so this difference moves in steps)." % (
            games.info(g0)[2], kib(full["total"] - none["total"]), kib(full["total"]), kib(none["total"]),
            kib(en_tables), kib(full["qstr"] or 0), kib(none["qstr"] or 0))
    )
    add("")
    add(
        "Per step (.mpy, with %s; each module's own cost, imported after its dependencies). A step "
        "that fills the interned-string pool also pays for the next pool, allocated at twice the size, "
        "so single rows can jump by a few KiB between builds (e.g. firmware.storage below, with the "
        "tables emptied); the totals above are what counts." % games.info(g0)[2]
    )
    add("")
    add(md_table(("step", "bytes", "tables emptied"), step_rows(imp[(g0, "mpy")], imp[(g0, "mpy-notext")], g0)))
    add("")
    return L


def step_rows(e, none_e, game_id):
    """(label, bytes, bytes with the tables emptied) per step of a game's import run,
    costliest first."""
    title = games.info(game_id)[2]
    rows = []
    for i, (kind, arg) in enumerate(e["plan"]):
        if kind == "import":
            if arg in HARNESS:
                label = arg + " (harness)"
            elif arg in e["at_boot"]:
                label = arg
            elif arg in e["at_game"]:
                label = arg + " (game start)"
            else:
                label = arg + " (not loaded with %s)" % title
        elif kind == "boot":
            label = "App() + first frame (buffers, home menu, core/lang/ui_en.txt)"
        elif kind == "game":
            label = "%s started, first prompt (module, core/lang/%s_en.txt, screens)" % (games.info(arg[0])[2], arg[0])
        else:
            continue
        rows.append((label, e["delta"][i], none_e["delta"][i]))
    rows.sort(key=lambda r: -r[1])
    return rows
