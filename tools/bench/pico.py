"""On the emulated Pico: the stock MicroPython 1.28 RPI_PICO firmware in rp2040js with the
device build on littlefs, driven by ../shared/pico-emu/measure. measure(jobs, tmp) ->
{"missing": reason} or {"scripts": [{"label", "path", "missing"}], "clocks": {clock:
{"missing" | "runs", "boot"}}, "heap": {label: run}} (a run: load_run()'s) of the Secret vote
(also with YES and NO swapped) and each built game's script at each of CLOCKS and --heap.
"""

import concurrent.futures
import json
import os
import re
import runpy
import shutil
import subprocess
import sys

from tools import deploy
from tools.bench import ROOT, program
from tools.bench.markdown import KIB, kib, md_table, median, verdict
from tools.bench.mp.run_calls import run as run_call
from tools.bench.sessions import built_games, where

PICO_EMU = os.path.normpath(os.path.join(ROOT, "..", "shared", "pico-emu"))
MEASURE = os.path.join(PICO_EMU, "measure")
EXEC = os.path.join(ROOT, "tools", "bench", "pico_exec.mjs")  # code from the REPL, see run_code()
CACHE = os.environ.get("PICO_EMU_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "pico-emu")
BOOT = os.path.join(ROOT, "tools", "bench", "boot.mjs")
OUT = os.path.join(ROOT, "build", "bench", "pico")
VOTE_SCRIPT = "tests/scripts/secret_vote.txt"
# written into the snapshot, never into the project
SWAPPED = {"label": "Secret vote, YES and NO swapped", "path": "tests/scripts/secret_vote_swapped.txt", "missing": None}
GAME_SCRIPT = "tests/scripts/%s_4players.txt"  # a built game's full script
CLOCKS = (("400 kHz", None), ("1 MHz", "pico_1mhz"))  # (label, board module; None: the default board)
DEFAULT_CLOCK = CLOCKS[0][0]
# The App's seed on the emulated Pico: the host reference (measure's host-ref.py) plays with 1
DEVICE_SEED = 1
# What a snapshot of the project holds: what measure builds and plays, and the scripts.
PROJECT = ("core", "firmware", "boards", "host_sim", "tools", "tests/scripts", "pyproject.toml")

# issue 10 targets, in ms (emulated) and bytes
SMALL_MEDIAN, SMALL_MAX = 20.0, 30.0  # cursor move, value change
VOTE_MAX, OK_MAX, BOOT_MAX = 30.0, 50.0, 300.0
SAME_MS = 1.0  # a vote and the same vote swapped: "identical" within this
HEAP_MAX = 64 * KIB
SMALL = ("cursor move", "cursor move + scroll", "value change")  # analyze.py's kinds
OK_KINDS = ("OK new screen", "OK same title")
ORDER = SMALL + ("vote YES", "vote NO") + OK_KINDS


def missing():
    """Why the emulator cannot run here, or None."""
    if not os.path.isfile(MEASURE):
        return "no ../shared/pico-emu/measure beside the project"
    if not shutil.which("node"):
        return "node is not on PATH"
    if not shutil.which("npm") and not os.path.isdir(os.path.join(CACHE, "node_modules", "rp2040js")):
        return "rp2040js is not installed in %s and there is no npm to install it" % CACHE
    return None


def scripts():
    """[{"label", "path", "missing"}] of the Secret vote, then each built game's script."""
    paths = [("Secret vote", VOTE_SCRIPT)] + [(g[2], GAME_SCRIPT % g[0]) for g in built_games()]
    return [{"label": label, "path": path, "missing": None if os.path.isfile(os.path.join(ROOT, path)) else "no " + path}
            for label, path in paths]


def snapshot(dst, src=ROOT, board=None):
    """Copy what measure needs of the project at `src` to `dst` (its .venv linked, not
    copied); board: the board module firmware/config.py picks instead of the default."""
    for rel in PROJECT:
        a, b = os.path.join(src, rel), os.path.join(dst, rel)
        if os.path.isdir(a):
            shutil.copytree(a, b, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            os.makedirs(os.path.dirname(b), exist_ok=True)
            shutil.copy2(a, b)
    os.symlink(os.path.realpath(os.path.join(src, ".venv")), os.path.join(dst, ".venv"))
    with open(os.path.join(dst, "firmware", "config.py"), "a") as f:
        # The host reference plays with App seed 1: the device must deal the same.
        f.write("\nSEED = %d  # tools/bench/pico.py: frames comparable with the host's\n" % DEVICE_SEED)
        if board:
            f.write("BOARD = %r  # tools/bench/pico.py: this build's board\n" % board)


def run_measure(project, script, out, heap=False, uf2=None):
    """load_run() of ../shared/pico-emu/measure on the project copy at `project` into `out`;
    uf2: another firmware than the stock one (measure's PICO_EMU_UF2)."""
    cmd = [MEASURE, os.path.join(project, script), out] + (["--heap"] if heap else [])
    env = dict(os.environ, PICO_EMU_UF2=uf2) if uf2 else None
    p = subprocess.run(cmd, cwd=project, capture_output=True, text=True, env=env)
    if p.returncode:
        raise SystemExit("pico-emu measure %s%s failed:\n%s" % (script, " --heap" if heap else "", (p.stdout + p.stderr)[-3000:]))
    return load_run(out, os.path.join(project, script))


def stock_uf2():
    """The stock firmware pico-emu ships (its one .uf2)."""
    uf2 = [n for n in os.listdir(PICO_EMU) if n.endswith(".uf2")]
    if len(uf2) != 1:
        raise SystemExit("pico-emu: expected one .uf2 firmware in %s, found %r" % (PICO_EMU, uf2))
    return os.path.join(PICO_EMU, uf2[0])


def warm_cache():
    """pico-emu's cache as `measure` fills it, before measure runs in parallel (two would
    install rp2040js into the same cache at once)."""
    if not os.path.isdir(os.path.join(CACHE, "node_modules", "rp2040js")):
        os.makedirs(CACHE, exist_ok=True)
        shutil.copy(os.path.join(PICO_EMU, "package.json"), CACHE)
        p = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund"], cwd=CACHE,
                           capture_output=True, text=True)
        if p.returncode:
            raise SystemExit("bench: npm install of rp2040js failed:\n%s" % p.stderr[-2000:])
    for n in os.listdir(PICO_EMU):
        if n.endswith(".mjs"):
            shutil.copy(os.path.join(PICO_EMU, n), CACHE)


def run_code(work, code, files=None, max_ms=600000):
    """Run MicroPython `code` from the REPL of the emulated Pico, the device build (no
    /main.py) and `files` ({name: text}) on littlefs, in the scratch folder `work`:
    pico_exec.mjs's {"stdout", "stderr" (a traceback), "emulated_s", "wall_s"}."""
    warm_cache()
    dev = os.path.join(work, "device")
    deploy.build(out=dev, quiet=True)
    os.remove(os.path.join(dev, "main.py"))  # the firmware stops at the REPL
    for name, text in (files or {}).items():
        with open(os.path.join(dev, name), "w") as f:
            f.write(text)
    img = mklfs(os.path.join(work, "fs.img"), dev)
    p = subprocess.run(["node", EXEC, CACHE, stock_uf2(), img, code, str(max_ms)],
                       capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("bench: tools/bench/pico_exec.mjs failed:\n%s" % (p.stdout + p.stderr)[-3000:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def mklfs(img, src):
    """The littlefs image `img` of the folder `src`; returns img."""
    p = subprocess.run([sys.executable, os.path.join(PICO_EMU, "mklfs.py"), img, src], capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("bench: mklfs.py failed:\n%s" % p.stderr[-2000:])
    return img


def time_calls(work, setup, cases, max_ms=600000):
    """mp/run_calls.py's cases timed on the emulated Pico, each with the result CPython gives:
    {"cases": [{"label", "us", "result", "expected"} or {"label", "error"}], "free", "stack",
    "emulated_s"}."""
    ns, expected = {}, {}
    exec(setup, ns)
    for label, code, call, over in cases:
        expected[label] = json.loads(json.dumps(run_call(ns, code, call, over)["result"]))
    with open(program("run_calls")) as f:
        files = {"run_calls.py": f.read(), "bench_data.json": json.dumps({"setup": setup, "cases": cases})}
    res = run_code(work, "import run_calls", files, max_ms)
    lines = [json.loads(x) for x in res["stdout"].splitlines() if x.startswith("{")]
    if res["stderr"] or not lines or not lines[-1].get("done"):
        raise SystemExit("bench: mp/run_calls.py failed on the emulated Pico:\n%s%s" % (res["stdout"][-2000:], res["stderr"]))
    for x in lines[:-1]:
        x["expected"] = expected[x["label"]]
    return {"cases": lines[:-1], "free": lines[-1]["free"], "stack": lines[-1]["stack"], "emulated_s": res["emulated_s"]}


def read_json(path):
    with open(path) as f:
        return json.load(f)


def swap_votes(text):
    """A script with every YES and NO (buttons, expected words) swapped."""
    return re.sub(r"\b(YES|NO)\b", lambda m: "NO" if m.group(1) == "YES" else "YES", text)


def load_run(out, script):
    """What one measure run wrote to `out`: {"lines", "summary", "ref_ok" (the host reference
    covers every line), "played" (the lines pressed), "presses": [{"n", "name", "edge",
    "kind", "ms", "first_ms", "bytes", "screen"}] of every edge the panel answered}."""
    with open(script) as f:
        lines = f.read().splitlines()
    summary, ref, edges = (read_json(os.path.join(out, name)) for name in ("summary.json", "ref.json", "presses.json"))
    kind_of = runpy.run_path(os.path.join(PICO_EMU, "analyze.py"))["kind_of"]  # names the interaction kinds
    presses = []
    for e in edges:
        if not e["txns"]:
            continue
        before, after = ref[e["n"] - 1]["text"], ref[e["n"]]["text"]
        kind = kind_of(e["name"], before, after, e["bytes"])
        presses.append({"n": e["n"], "name": e["name"], "edge": e["kind"], "bytes": e["bytes"],
                        "kind": kind + " " + e["name"] if kind == "vote" else kind,
                        "ms": e["last_byte_ms"], "first_ms": e["first_txn_ms"], "screen": after[0] if after else ""})
    summary.pop("board", None)
    return {"lines": lines, "summary": summary, "presses": presses, "played": sorted({e["n"] for e in edges}),
            "ref_ok": len(ref) == len(lines) + 1 and not any(r.get("err") for r in ref)}


def boot(img, project, out, uf2=None):
    """boot.mjs's {"boot_ms", "txns", "bytes", "bus_ms"} on the littlefs image `img`, the
    board of `project` and the firmware uf2 (None: the stock one), against out/ref.json."""
    p = subprocess.run(["node", BOOT, CACHE, uf2 or stock_uf2(), img, os.path.join(project, "boards", "pico.py"),
                        os.path.join(out, "ref.json")], capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("tools/bench/boot.mjs failed:\n%s" % p.stderr[-3000:])
    return json.loads(p.stdout.strip().splitlines()[-1])


def _slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


def measure(jobs, tmp):
    why = missing()
    if why:
        return {"missing": why}
    base = os.path.join(tmp, "project")
    snapshot(base)  # one state of the working tree for every run
    listed = scripts()
    todo = [s for s in listed if not s["missing"]]
    latency = list(todo)
    if not listed[0]["missing"]:  # the Secret vote, and the same with YES and NO swapped
        with open(os.path.join(base, VOTE_SCRIPT)) as f:
            text = swap_votes(f.read())
        with open(os.path.join(base, SWAPPED["path"]), "w") as f:
            f.write(text)
        latency.append(SWAPPED)
    clocks = {}
    work = []  # (clock, script, heap)
    for label, board in CLOCKS:
        if board and not os.path.isfile(os.path.join(base, "boards", board + ".py")):
            clocks[label] = {"missing": "no boards/%s.py" % board}
            continue
        clocks[label] = {"board": board, "missing": None, "runs": {}}
        work += [(label, s, False) for s in latency]
    work += [(DEFAULT_CLOCK, s, True) for s in todo]
    work.sort(key=lambda w: -count_lines(os.path.join(base, w[1]["path"])))  # longest first: the pool ends together
    shutil.rmtree(OUT, ignore_errors=True)

    def one(w):
        clock, s, heap = w
        project = os.path.join(tmp, "%s-%s%s" % (_slug(clock), _slug(s["label"]), "-heap" if heap else ""))
        snapshot(project, base, clocks[clock]["board"])
        out = os.path.join(OUT, os.path.basename(project))
        return w, out, project, run_measure(project, s["path"], out, heap)

    heap = {}
    image = {}  # clock: (out, project) of one of its runs, for boot()
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for (clock, s, is_heap), out, project, r in pool.map(one, work):
            if is_heap:
                heap[s["label"]] = r
            else:
                clocks[clock]["runs"][s["label"]] = r
                image[clock] = (out, project)
    for clock, (out, project) in image.items():
        clocks[clock]["boot"] = boot(os.path.join(out, "fs.img"), project, out)
    return {"scripts": listed, "clocks": clocks, "heap": heap}


def count_lines(path):
    with open(path) as f:
        return len(f.read().splitlines())


def by_kind(presses):
    """{kind: [press, ...]} in ORDER, then the other kinds sorted."""
    kinds = {}
    for p in presses:
        kinds.setdefault(p["kind"], []).append(p)
    return {k: kinds[k] for k in list(ORDER) + sorted(set(kinds) - set(ORDER)) if k in kinds}


def heap_figures(run):
    """{"bare" (free at the bare REPL), "start" (used at the first frame), "peak", "at"}."""
    mem = run["summary"]["mem"]
    base = mem[0]["free"]
    stages = [m for m in mem if m["n"] == 0]
    top = min(mem[1:], key=lambda m: m["free"])
    return {"bare": base, "start": base - stages[-1]["free"], "peak": base - top["free"], "at": sample_at(run, top)}


def sample_at(run, m):
    """Where a --heap sample m was taken: its script line, or the stage of the start."""
    return where(run["lines"], m["n"] - 1) if m["n"] else "start: " + m["label"]


def vote_identical(plain, swapped):
    """(text, ok): each vote press of the Secret vote sends the same bytes as its twin in
    the run with YES and NO swapped and ends within SAME_MS of it."""
    votes = [p for p in plain["presses"] if p["kind"].startswith("vote")]
    twins = {p["n"]: p for p in swapped["presses"] if p["kind"].startswith("vote")}
    if not votes or sorted(twins) != sorted(p["n"] for p in votes):
        return "the vote presses of the two runs do not pair up", False
    diff = max(abs(p["ms"] - twins[p["n"]]["ms"]) for p in votes)
    same_bytes = all(p["bytes"] == twins[p["n"]]["bytes"] for p in votes)
    text = "%d votes: %s bytes, times %.2f ms apart at most" % (len(votes), "same" if same_bytes else "different", diff)
    return text, same_bytes and diff <= SAME_MS


DONE_WHEN = ("Secret vote", "23")  # the scripts issue 10's "Done when" names


def target_rows(pico, only=None):
    """(target, limit, then per clock: measured, verdict) for the issue 10 targets, over
    the presses and heap of the scripts labelled in `only` (default: every script)."""
    labels = [c[0] for c in CLOCKS]
    if pico.get("missing"):
        return [("all issue 10 targets", "", *(["not measured: " + pico["missing"], ""] * len(labels)))]
    rows = []
    scripts = [s for s in pico["scripts"] if only is None or s["label"] in only]

    def row(target, limit, fn):
        cells = []
        for label in labels:
            c = pico["clocks"][label]
            cells += ["not measured: " + c["missing"], ""] if c["missing"] else fn(c)
        rows.append((target, limit) + tuple(cells))

    def kind_cells(kinds, lim_med, lim_max):
        def fn(c):
            xs = [p["ms"] for s in scripts if s["label"] in c["runs"] for p in c["runs"][s["label"]]["presses"]
                  if p["kind"] in kinds]
            if not xs:
                return ["no such press", ""]
            ok = max(xs) <= lim_max and (lim_med is None or median(xs) <= lim_med)
            return ["%.1f / %.1f ms (n %d)" % (median(xs), max(xs), len(xs)), verdict(ok)]
        return fn

    for k in SMALL:
        row(k + ": median / max", "%.0f / %.0f ms" % (SMALL_MEDIAN, SMALL_MAX), kind_cells((k,), SMALL_MEDIAN, SMALL_MAX))
    row("YES/NO vote: median / max", "- / %.0f ms" % VOTE_MAX, kind_cells(("vote YES", "vote NO"), None, VOTE_MAX))

    def identical(c):
        runs = c["runs"]
        if SWAPPED["label"] not in runs:
            return ["not measured: no %s" % VOTE_SCRIPT, ""]
        text, ok = vote_identical(runs[pico["scripts"][0]["label"]], runs[SWAPPED["label"]])
        return [text, verdict(ok)]
    row("YES/NO vote: identical for YES and NO (each vote against the same vote swapped)",
        "same bytes, <= %.1f ms apart" % SAME_MS, identical)
    row("OK to a new screen (new title or same title; saves included): median / max", "- / %.0f ms" % OK_MAX,
        kind_cells(OK_KINDS, None, OK_MAX))
    row("boot: reset to the home menu on the panel", "%.0f ms" % BOOT_MAX,
        lambda c: ["%.1f ms" % c["boot"]["boot_ms"], verdict(c["boot"]["boot_ms"] <= BOOT_MAX)]
        if c["boot"]["boot_ms"] is not None else ["home menu never shown", "MISS"])
    for s in scripts:
        r = pico["heap"].get(s["label"])
        if r is None:
            measured = ["not measured: " + (s["missing"] or "no run"), ""]
        else:
            h = heap_figures(r)
            measured = [kib(h["peak"]), verdict(h["peak"] <= HEAP_MAX)]
        rows.append(("heap peak, stock firmware, .mpy on littlefs: %s" % s["label"], kib(HEAP_MAX))
                    + tuple(measured) + ("same build", "") * (len(labels) - 1))
    return rows


def target_header():
    return ("target (issue 10)", "limit") + tuple(x for c in CLOCKS for x in (c[0], ""))


def section(pico):
    L = ["## On the emulated Pico", ""]
    if pico.get("missing"):
        return L + ["Not measured: %s. The figures of this section come only from the emulator "
                    "(../shared/pico-emu, node); nothing is estimated in their place." % pico["missing"], ""]
    L += ["The stock MicroPython 1.28 RPI_PICO firmware in rp2040js (125 MHz, core 0; XIP flash as fast as SRAM: real "
          "hardware is the same or slower), the device build on littlefs, an SSD1306 model on the I2C pins and "
          "active-low buttons: `../shared/pico-emu/measure` on a snapshot of the working tree, each script line holding "
          "its button 150 ms, then 250 ms. Button to photon: from the GPIO edge that acts (D-pad, YES, NO on press; OK, "
          "BACK on release) to the last I2C byte of the update it caused, kinds as pico-emu's analyze.py names them. "
          "Emulated time: the same build gives the same figures anywhere. 1 MHz: boards/pico_1mhz.py (400 kHz is the "
          "default). The Secret vote also runs with YES and NO swapped, each vote press against its twin: any difference "
          "is time YES and NO took differently. Every run's frames, presses.json and serial.log: build/bench/pico/.", ""]
    L += _runs_table(pico)
    L += _boot_table(pico)
    L += _heap_table(pico)
    for label, _ in CLOCKS:
        L += _latency_table(pico, label)
    L += _slowest(pico)
    return L


def _runs_table(pico):
    rows = []
    vote = pico["scripts"][0]
    for s in [vote, dict(SWAPPED, missing=vote["missing"])] + pico["scripts"][1:]:
        for label, _ in CLOCKS:
            c = pico["clocks"][label]
            r = None if c["missing"] else c["runs"].get(s["label"])
            rows.append(_run_row(s, label, r, c["missing"] or s["missing"]))
        if s["label"] != SWAPPED["label"]:
            rows.append(_run_row(s, DEFAULT_CLOCK + ", --heap", pico["heap"].get(s["label"]), s["missing"]))
    return ["Every frame against the host simulator: after each script line the panel's RAM must equal host_sim's "
            "frame for the same line, the device's games seeded with 1 as the host's (tests/test_pico_emu.py).", "",
            md_table(("script", "build", "lines", "panel updates", "emulated", "frame mismatches", "first mismatches"),
                     rows, "llrrrrl"), ""]


def _run_row(s, build, r, why):
    if r is None:
        return (s["label"], build, "not measured: %s" % why, "", "", "", "")
    sm, mism = r["summary"], r["summary"]["mismatches"]
    first = "; ".join("line %d `%s` (want \"%s\")" % (m["n"], m["line"], m["want"][:40]) for m in mism[:2])
    checked = "%d" % len(mism) if r["ref_ok"] else "%d (host reference incomplete)" % len(mism)
    return (s["label"], build, len(r["lines"]), len(r["presses"]), "%.1f s" % sm["emulated_s"], checked, first)


def _boot_table(pico):
    rows = []
    for label, _ in CLOCKS:
        c = pico["clocks"][label]
        if c["missing"] or c["boot"]["boot_ms"] is None:
            rows.append((label, "not measured: " + c["missing"] if c["missing"] else "home menu never shown", "", "", ""))
            continue
        b = c["boot"]
        rows.append((label, "%.1f ms" % b["boot_ms"], "%d in %d transactions" % (b["bytes"], b["txns"]),
                     "%.1f ms" % b["bus_ms"], "%.0f kHz" % (9 * b["bytes"] / b["bus_ms"])))
    return ["Boot: from reset to the last I2C byte after which the panel is on and shows the host simulator's home menu "
            "(tools/bench/boot.mjs). `bus busy`: those transactions' time on the wire; `bus rate`: 9 clocks a byte over "
            "it, which checks the clock the build set.", "",
            md_table(("I2C", "boot to home menu", "bytes to the panel", "bus busy", "bus rate"), rows, "lrrrr"), ""]


def _heap_table(pico):
    rows = []
    for s in pico["scripts"]:
        r = pico["heap"].get(s["label"])
        if r is None:
            rows.append((s["label"], "not measured: %s" % (s["missing"] or "no run"), "", "", "", ""))
            continue
        h = heap_figures(r)
        rows.append((s["label"], "{:,} B".format(h["bare"]), kib(h["start"]), kib(h["peak"]), h["at"],
                     verdict(h["peak"] <= HEAP_MAX)))
    return ["Heap (`measure --heap`): the app started from the REPL as firmware/main.py starts it; after every button "
            "line the loop is interrupted for `gc.collect(); gc.mem_free()`. Used = free at the bare REPL minus free then.",
            "", md_table(("script", "free at the bare REPL", "used after start (first frame)", "peak used", "peak at",
                          "<= %s" % kib(HEAP_MAX)), rows, "lrrrll"), ""]


def _latency_table(pico, label):
    c = pico["clocks"][label]
    head = "Button to photon, I2C at %s%s:" % (label, " (the default)" if label == DEFAULT_CLOCK else "")
    if c["missing"]:
        return [head + " not measured: %s." % c["missing"], ""]
    rows = []
    for s in pico["scripts"]:
        r = c["runs"].get(s["label"])
        if r is None:
            rows.append((s["label"], "not measured: %s" % s["missing"], "", "", "", "", ""))
            continue
        for k, ps in by_kind(r["presses"]).items():
            ms = [p["ms"] for p in ps]
            rows.append((s["label"], k, len(ps), ",".join(sorted({p["name"] + " " + p["edge"] for p in ps})),
                         "%.1f / %.1f / %.1f" % (min(ms), median(ms), max(ms)), "%.1f" % median([p["first_ms"] for p in ps]),
                         "%d / %d / %d" % (min(p["bytes"] for p in ps), median([p["bytes"] for p in ps]),
                                           max(p["bytes"] for p in ps))))
    return [head, "", md_table(("script", "interaction", "n", "edge", "ms min / median / max", "first byte ms, median",
                                "bytes min / median / max"), rows, "llrlrrr"), ""]


def _slowest(pico, n=6):
    runs = pico["clocks"][DEFAULT_CLOCK]["runs"]
    found = [(p, s["label"]) for s in pico["scripts"] if s["label"] in runs for p in runs[s["label"]]["presses"]]
    found.sort(key=lambda x: -x[0]["ms"])
    rows = [(s, p["n"], p["name"], p["kind"], p["screen"], "%.1f" % p["ms"], p["bytes"]) for p, s in found[:n]]
    return ["Slowest presses at %s:" % DEFAULT_CLOCK, "",
            md_table(("script", "line", "button", "interaction", "screen after", "ms", "bytes"), rows, "lrllrrr"), ""]
