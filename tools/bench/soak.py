"""The soak (issue 33): a long evening's game of each game on the emulated Pico with
`../shared/pico-emu/measure --heap`, and the targets checked at its end as at its start.

The scripts are made from the code at bench time (scripts()), never kept by hand: each
game is played by host_sim.autoplay (a seeded random game, the answers the box's own
seed leads to), so a change to a game's screens or rules changes its soak script with
it; What the Rule?!'s screens and rule generator change often, and its round is
whatever the generator deals today. A game that draws at random matches the host
simulator on the Pico only with firmware/config.py's SEED = 1 (pico.snapshot() adds it).

    python -m tools.bench --soak [ID ...]   run these games (default: all), put the
                                            section into BENCHMARKS.md
    python -m tools.bench --soak --frozen   the same on the Tablebox firmware (issue 48)

Two firmwares (Firmware: STOCK, FROZEN), each with its runs folder, its section and its
heap limits: the stock MicroPython firmware with the .mpy build on littlefs (issue 33),
and the Tablebox firmware with the app frozen into flash (tools/firmware.py --seed 1, run
through measure's PICO_EMU_UF2). Each game leaves its measure outputs in the firmware's
folder, build/bench/soak[-frozen]/ID/ (heap/: the --heap run, times/: the run without
it) with script.txt and soak.json (the commit and label); the section is made from every
game found there, each row naming its commit.

Per game: the heap peak (free at the bare REPL minus the least free after a
collection), the smallest largest-free-block after a collection and the line where it
happened (the --heap run), the slowest presses of the first and of the last fifth of the
game (a run of the same script without --heap: main.py as on the box), and a verdict per
target.
"""

import datetime
import json
import os
import shutil
import subprocess
import threading
from concurrent.futures import ThreadPoolExecutor

from core import i18n
from host_sim import autoplay
from tools import firmware
from tools.bench import ROOT, pico
from tools.bench.markdown import KIB, kib, md_table, put_section, section_bounds, verdict
from tools.bench.sessions import SEED, check_cpython, make_app, vote_script


class Firmware:
    """What a soak runs on. uf2: the firmware measure runs (None: pico-emu's stock one);
    out: the runs' folder; heading: its section's; heap_max: the heap peak's limit in bytes
    (None: half the free heap at the bare REPL) and heap_why, what the limit is;
    block_min: the largest free block after a collection, never below."""

    def __init__(self, name, uf2, out, heading, heap_max, heap_why, block_min):
        self.name, self.uf2, self.out, self.heading = name, uf2, out, heading
        self.heap_max, self.heap_why, self.block_min = heap_max, heap_why, block_min

    def heap_limit(self, bare):
        """The heap peak's limit in bytes, bare: free at the bare REPL."""
        return bare // 2 if self.heap_max is None else self.heap_max


STOCK = Firmware("stock", None, os.path.join(ROOT, "build", "bench", "soak"),
                 "## Soak: a long game of each game on the emulated Pico", None, "half the bare REPL's free heap",
                 32 * KIB)
FROZEN = Firmware("frozen", os.path.join(firmware.WORK, firmware.name("RPI_PICO", pico.DEVICE_SEED)),
                  os.path.join(ROOT, "build", "bench", "soak-frozen"),
                  "## Soak on the Tablebox firmware: the app frozen into flash", 64 * KIB,
                  "a quarter of the free heap: room for the phones' server", 96 * KIB)
SMALL_MAX, OK_MAX, VOTE_MAX, BOOT_MAX = pico.SMALL_MAX, pico.OK_MAX, pico.VOTE_MAX, pico.BOOT_MAX
PART = 5  # "start" and "end": the first and the last 1/PART of the presses
# A press's figure is its edge to the last byte before the next edge. When a `wait`
# follows, that window also holds what the box draws by itself later (a hand-over screen
# arming after its guard, 1 s on): such a press (last byte later than its own line's
# 150 + 250 ms) is left out of the times and counted apart, with its first byte.
OWN_MS = 400.0
# The presses are timed in a run without --heap (in this folder of a game's output): in a
# --heap run the Ctrl-C after each line can interrupt a module the box imports while idle
# (App.warm), which the next press then loads (Democrazy's "Jokers": 109 ms there, 25 ms
# without --heap).
TIMES = "times"
HEAP = "heap"
# A YES or NO by what it does (yes_no(), the script played on CPython): a vote cast in a
# voter's private chain keeps VOTE_MAX (issue 10's target: the vote answered in place); one
# that steps a value on its screen is a value change (SMALL_MAX); one that opens another
# screen (Man muss auch gönnen's "none" and "roll 2", What the Rule?!'s "not") is held to
# OK's new-screen limit: at 400 kHz a new screen's 700-900 bytes take 16-20 ms of the bus
# alone, and its step and drawing more than the 10 left of 30.
VOTES = ("vote YES", "vote NO")
NEW_SCREEN = "YES/NO new screen"


def _game(game_id, n, seed=SEED, options=None):
    settings, actions, paths = autoplay.random_game(game_id, n, seed, options)
    return autoplay.game_script(game_id, settings, actions, paths)


def _two_g23():
    """Two games of 23 with 4 players, one after the other: the second starts from the
    home menu the first ends on (BACK from its ranking, BACK from the big result)."""
    return _game("g23", 4) + ["BACK", "BACK", "# the second game"] + _game("g23", 4, SEED + 1)


# (id, label, lines()): the issue's long game of each game, and the Secret vote
GAMES = (
    ("vote", "Secret vote, 10 voters", lambda: vote_script(10, SEED)),
    ("g23", "23: two games, 4 players", _two_g23),
    ("mmag", "Man muss auch gönnen: a whole game, 4 players", lambda: _game("mmag", 4)),
    ("democrazy", "Democrazy: a whole game, 10 players", lambda: _game("democrazy", 10)),
    ("drws", "Das Regeln Wir Schon!: five rounds, 3 players", lambda: _game("drws", 3)),
    ("wtr", "What the Rule?!: a round to an empty pile, 4 players", lambda: _game("wtr", 4, options={"rounds": "1"})),
)
IDS = tuple(g[0] for g in GAMES)


def scripts(ids=IDS):
    """{id: lines} of the soak scripts, made now and each played through on CPython
    (SystemExit on the first failing line)."""
    i18n.use("ui")
    i18n.set_lang("en")
    out = {}
    for gid, label, make in GAMES:
        if gid in ids:
            lines = make()
            check_cpython({"title": label, "lines": lines})
            out[gid] = lines
    return out


def write_scripts(folder, ids=IDS):
    """Write scripts(ids) to folder/ID.txt; returns {id: path}."""
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for gid, lines in scripts(ids).items():
        paths[gid] = os.path.join(folder, gid + ".txt")
        with open(paths[gid], "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    return paths


def run(ids, tmp, commit, log=None, jobs=1, kinds=(HEAP, TIMES), fw=STOCK):
    """Measure the soak games `ids` on snapshots of the working tree, `jobs` emulator
    runs at once (each is minutes to an hour): per game a --heap run into OUT/ID/heap
    and a run without it into OUT/ID/TIMES (measure empties its output folder, so the
    two never share one); `kinds` may name only one of them, the other's run stays
    (soak.json says the commit of each, and holds only what finished). Also the boot
    time, with the timed runs. fw: the firmware (its uf2 built beforehand). SystemExit, once
    every run has ended, if one failed."""
    out = fw.out
    rel = os.path.join("build", "soak-scripts")
    paths = write_scripts(os.path.join(tmp, "soak-scripts"), ids)
    uf2 = None
    if fw.uf2:  # a copy: a build during the hours of the soak does not change what it measures
        uf2 = os.path.join(tmp, os.path.basename(fw.uf2))
        shutil.copy(fw.uf2, uf2)
    for gid in ids:  # all checked before anything is removed
        script = os.path.join(out, gid, "script.txt")
        if len(kinds) == 1 and os.path.isfile(script) and _read(script) != _read(paths[gid]):
            raise SystemExit("soak: %s's script changed since its other run: run both (no --soak-run)" % gid)
    for gid in ids:
        meta = _meta(gid, out) if len(kinds) == 1 else {}
        for kind in kinds:
            shutil.rmtree(os.path.join(out, gid, kind), ignore_errors=True)
            for key in _KEYS[kind]:
                meta.pop(key, None)
        os.makedirs(os.path.join(out, gid), exist_ok=True)
        shutil.copy(paths[gid], os.path.join(out, gid, "script.txt"))
        _put_meta(gid, meta, out)
    # the longest runs first, so that the workers end together
    work = sorted(((gid, kind) for gid in ids for kind in kinds), key=lambda w: -pico.count_lines(paths[w[0]]))
    free = []
    for k in range(max(1, min(jobs, len(work)))):  # a project copy per worker: measure builds in it
        free.append(os.path.join(tmp, "soak-project-%d" % k))
        pico.snapshot(free[-1])
        shutil.copytree(os.path.dirname(paths[ids[0]]), os.path.join(free[-1], rel))
    pico.warm_cache()
    lock = threading.Lock()
    done = {}  # (id, kind) -> the project copy its run used
    failed = []

    def one(w):
        gid, kind = w
        with lock:
            base = free.pop()
        try:
            if log:
                log("soak: %s%s (%d lines) ..." % (gid, " --heap" if kind == HEAP else "", pico.count_lines(paths[gid])))
            pico.run_measure(base, os.path.join(rel, gid + ".txt"), os.path.join(out, gid, kind), heap=kind == HEAP,
                             uf2=uf2)
            done[w] = base
        except SystemExit as e:
            failed.append("%s %s: %s" % (gid, kind, e))
        finally:
            with lock:
                free.append(base)

    with ThreadPoolExecutor(len(free)) as ex:
        list(ex.map(one, work))
    timed = [gid for gid in ids if (gid, TIMES) in done]
    booted = boot(done[(timed[0], TIMES)], os.path.join(out, timed[0], TIMES), uf2) if timed else None
    labels = dict((g[0], g[1]) for g in GAMES)
    for gid in ids:
        meta = _meta(gid, out)
        meta.update({"id": gid, "label": labels[gid], "date": datetime.date.today().isoformat()})
        if (gid, HEAP) in done:
            meta["commit"] = commit
        if (gid, TIMES) in done:
            meta["times_commit"] = commit
            meta["boot"] = booted  # the same build: one boot for all
        _put_meta(gid, meta, out)
    if failed:
        raise SystemExit("soak: runs failed:\n" + "\n".join(failed))


_KEYS = {HEAP: ("commit",), TIMES: ("times_commit", "boot")}  # what soak.json says of each run


def _meta(gid, out):
    path = os.path.join(out, gid, "soak.json")
    return json.loads(_read(path)) if os.path.isfile(path) else {}


def _put_meta(gid, meta, out):
    with open(os.path.join(out, gid, "soak.json"), "w") as f:
        json.dump(meta, f, sort_keys=True)


def _read(path):
    with open(path) as f:
        return f.read()


def boot(project, out, uf2=None):
    """Reset to the home menu on the panel (tools/bench/boot.mjs) with the device build
    measure made in `project` (with /main.py), against the boot frame of out/ref.json; on
    the firmware `uf2` (None: the stock one) without the .mpy files, which it has frozen."""
    img = os.path.join(out, "boot.img")
    src = os.path.join(project, "build", "device")
    if uf2:
        src = os.path.join(out, "boot-files")
        shutil.copytree(os.path.join(project, "build", "device"), src, ignore=shutil.ignore_patterns("*.mpy"))
    p = subprocess.run([os.path.join(project, ".venv", "bin", "python"), os.path.join(pico.PICO_EMU, "mklfs.py"),
                        img, src], capture_output=True, text=True)
    if uf2:
        shutil.rmtree(src)
    if p.returncode:
        raise SystemExit("soak: mklfs.py failed:\n%s" % p.stderr[-2000:])
    try:
        return pico.boot(img, project, out, uf2)
    finally:
        os.remove(img)


# --- figures --------------------------------------------------------------------------


def load(out=None):
    """[(meta, run)] of every soak run found under out, in GAMES order; run as
    pico.load_run() reads the --heap run, its "presses" those of the run without --heap
    (TIMES) when there is one."""
    out = out or STOCK.out
    found = []
    for gid in IDS:
        d = os.path.join(out, gid)
        meta = _meta(gid, out)
        if "commit" not in meta or not os.path.isfile(os.path.join(d, HEAP, "summary.json")):
            continue
        run = pico.load_run(os.path.join(d, HEAP), os.path.join(d, "script.txt"))
        run["timed"] = "--heap"
        if "times_commit" in meta and os.path.isfile(os.path.join(d, TIMES, "summary.json")):
            times = pico.load_run(os.path.join(d, TIMES), os.path.join(d, "script.txt"))
            run["presses"] = times["presses"]
            run["timed"] = "main.py"
            run["summary"]["mismatches"] = run["summary"]["mismatches"] + times["summary"]["mismatches"]
            run["ref_ok"] = run["ref_ok"] and times["ref_ok"]
        found.append((meta, run))
    return found


def yes_no(lines):
    """{line number: press kind} of the YES and NO lines of a script, played on CPython:
    "vote YES"/"vote NO" inside a voter's private chain (App.secret), "value change" when
    the screen stays (a field stepped), else NEW_SCREEN."""
    from host_sim import fakes
    from host_sim.script import Runner

    app, _ = make_app(fakes.MemStorage())
    runner = Runner(app)
    out = {}
    for n, line in enumerate(lines, 1):
        name = line.split()[:1]
        secret, top = app.secret, app.top()
        err = runner.do(line)
        if err:  # the code no longer plays this run's script: no press could be told
            raise SystemExit("soak: line %d of the script, played on CPython: %s" % (n, err))
        if name in (["YES"], ["NO"]):
            out[n] = "vote " + name[0] if secret else "value change" if app.top() is top else NEW_SCREEN
    return out


def figures(run):
    """The soak figures of one run: {"bare", "peak", "peak_at", "block", "block_at",
    "samples", "start": presses, "end": presses, "all": presses, "mismatches"}; its YES
    and NO presses told apart by what they do (yes_no)."""
    presses = run["presses"]
    if [p for p in presses if p["kind"] in VOTES]:
        kinds = yes_no(run["lines"])
        presses = [dict(p, kind=kinds.get(p["n"], p["kind"])) if p["kind"] in VOTES else p for p in presses]
    mem = run["summary"]["mem"]
    bare = mem[0]["free"]
    after = [m for m in mem[1:]]
    top = min(after, key=lambda m: m["free"])
    blocks = [m for m in after if m.get("max_free")]
    low = min(blocks, key=lambda m: m["max_free"]) if blocks else None
    ps = [p for p in presses if p["ms"] <= OWN_MS]
    later = [p for p in presses if p["ms"] > OWN_MS]
    k = max(1, len(ps) // PART)
    return {"bare": bare, "peak": bare - top["free"], "peak_at": _where(run, top),
            "block": low["max_free"] if low else None, "block_at": _where(run, low) if low else "",
            "samples": len(after), "start": ps[:k], "end": ps[-k:], "all": ps,
            "later": later, "mismatches": len(run["summary"]["mismatches"]), "ref_ok": run["ref_ok"]}


def _where(run, m):
    if not m["n"]:
        return "start: " + m["label"]
    return pico.where(run["lines"], m["n"] - 1)


def checks(f, boot_ms=None, fw=STOCK):
    """[(target, limit, measured, verdict)] of one soak run's figures on the firmware fw."""
    def worst(ps, kinds):
        xs = [p for p in ps if p["kind"] in kinds]
        return max(xs, key=lambda p: p["ms"]) if xs else None

    heap_max = fw.heap_limit(f["bare"])
    rows = [("heap peak", "<= %s (%s)" % (kib(heap_max), fw.heap_why), kib(f["peak"]), verdict(f["peak"] <= heap_max))]
    if f["block"] is None:
        rows.append(("largest free block after a collection, smallest", ">= %s" % kib(fw.block_min), "not sampled", "MISS"))
    else:
        rows.append(("largest free block after a collection, smallest", ">= %s" % kib(fw.block_min), kib(f["block"]),
                     verdict(f["block"] >= fw.block_min)))
    # a D-pad press that changes the title (analyze.py's "D-pad other": What the Rule?!'s
    # LEFT/RIGHT to the next page of conditions) is held to the cursor's 30 ms: it turns a
    # page in place, no OK opened it
    for name, kinds, lim in (("cursor move / value change", pico.SMALL, SMALL_MAX),
                             ("LEFT/RIGHT page turn", ("D-pad other",), SMALL_MAX),
                             ("OK to a new screen", pico.OK_KINDS, OK_MAX),
                             ("YES/NO vote", VOTES, VOTE_MAX), ("YES/NO to a new screen", (NEW_SCREEN,), OK_MAX)):
        cells = []
        ok = True
        for part in ("start", "end"):
            p = worst(f[part], kinds)
            cells.append("%s %s" % (part, "-" if p is None else "%.1f" % p["ms"]))
        p = worst(f["all"], kinds)
        if p is None:
            continue
        ok = p["ms"] <= lim
        rows.append(("%s, max" % name, "%.0f ms" % lim, "%.1f ms (%s; line %d, %s)" % (p["ms"], ", ".join(cells), p["n"],
                     p["screen"] or "-"), verdict(ok)))
    if boot_ms is not None:
        rows.append(("boot: reset to the home menu", "%.0f ms" % BOOT_MAX, "%.1f ms" % boot_ms, verdict(boot_ms <= BOOT_MAX)))
    rows.append(("frames against the host simulator", "0 mismatches",
                 "%d%s" % (f["mismatches"], "" if f["ref_ok"] else " (host reference incomplete)"),
                 verdict(f["mismatches"] == 0 and f["ref_ok"])))
    return rows


def _slowest(ps, n=3):
    top = sorted(ps, key=lambda p: -p["ms"])[:n]
    return "; ".join("%.1f ms %s line %d (%s, %s)" % (p["ms"], p["name"], p["n"], p["kind"], p["screen"] or "-") for p in top)


def columns(fw):
    """The summary table's columns on the firmware fw."""
    return ("game", "commit", "lines", "samples", "heap peak",
            "<= half" if fw.heap_max is None else "<= %s" % kib(fw.heap_max), "smallest largest free block",
            ">= %s" % kib(fw.block_min), "emulated", "frame mismatches")


def section(found, kept=None, fw=STOCK):
    """The section's lines from the runs found on the firmware fw; kept: {game id: (summary
    row's cells, block's lines)} of games with no run found, as an earlier section had them
    (_kept)."""
    kept = kept or {}
    L = [fw.heading, ""]
    L.append(_INTRO[fw.name] % SEED)
    L.append("")
    if not found and not kept:
        return L + ["Not measured yet.", ""]
    rows = {}
    blocks = {}
    folder = os.path.relpath(fw.out, ROOT) + "/"
    for meta, run in found:
        f = figures(run)
        c = checks(f, fw=fw)
        rows[meta["label"]] = (meta["label"], meta["commit"], len(run["lines"]), f["samples"], kib(f["peak"]), c[0][3],
                               "%s at %s" % (kib(f["block"]), f["block_at"]) if f["block"] else "not sampled", c[1][3],
                               "%.1f s" % run["summary"]["emulated_s"], c[-1][2])
        blocks[meta["label"]] = _block(meta, run, f, fw)
    for gid, (cells, block) in kept.items():
        rows[cells[0]] = cells
        blocks[cells[0]] = block
    order = [g[1] for g in GAMES if g[1] in rows]
    order += [k for k in rows if k not in order]  # a label of no game here (tests)
    L.append(md_table(columns(fw), [rows[k] for k in order], "llrrrllrrr"))
    L.append("")
    if kept:
        L += ["Not run again (no run in %s; rows and figures as the section had them, "
              "on the commit they name): %s." % (folder, "; ".join(k for k in order if k not in [m["label"] for m, _ in found])), ""]
    missing = [g[1] for g in GAMES if g[1] not in rows]
    if missing:
        L += ["Not measured (no run found in %s): %s." % (folder, "; ".join(missing)), ""]
    for k in order:
        L += blocks[k]
    return L


_INTRO = {
    "stock": (
        "Issue 33: the long game of each game, made from the code when the soak runs (tools/bench/soak.py: "
        "host_sim.autoplay's seeded random games, seed %d, the box's own seed; each script played through on CPython "
        "first), played on the emulated Pico with `../shared/pico-emu/measure SCRIPT --heap`: the stock firmware, the "
        ".mpy build without /main.py, the app started from the REPL as firmware/main.py starts it; after every button "
        "line a collection, the free heap and the largest free block (the biggest allocation that can still succeed). "
        "Heap peak = free at the bare REPL minus the least free after a collection. The presses are timed in a second "
        "run of the same script without --heap (main.py as on the box: in a --heap run the Ctrl-C after each line can "
        "cut short a module the box imports while idle, which the next press then loads). Start / end: the slowest "
        "presses of the first and of the last fifth of the game's panel updates. A YES or NO is told apart by what it "
        "does, the script played on CPython: a vote cast in a voter's private chain is held to the vote's 30 ms, one "
        "that steps a value on its screen is a value change (30 ms), one that opens another screen (Man muss auch "
        "gönnen's \"none\" and \"roll 2\", What the Rule?!'s \"not\") to the 50 ms of OK to a new screen: at 400 kHz "
        "a new screen's 700-900 bytes take 16-20 ms of the bus alone. A LEFT or RIGHT that turns a page (What the "
        "Rule?!'s conditions) is held to the cursor's 30 ms. `python -m tools.bench --soak [ID ...]` runs it "
        "(`--jobs` emulators at once; minutes to an hour a run) and rewrites this section from every run found in "
        "build/bench/soak/; a game with no run there keeps its rows from the section as it was."),
    "frozen": (
        "Issue 48: the same long games, played the same way on the Tablebox firmware, the one file a box is flashed "
        "with: MicroPython v1.28.0 with core/, firmware/ and boards/ and the data files frozen into flash (`./dev "
        "firmware --board RPI_PICO --seed 1`: SEED = 1 frozen in, as the draws need), run by "
        "`PICO_EMU_UF2=build/firmware/tablebox-RPI_PICO-seed1.uf2 ../shared/pico-emu/measure SCRIPT [--heap]`; the "
        "filesystem holds /main.py and no .mpy file. Targets: heap peak at most 64 KiB (a quarter of the free heap: "
        "room for the phones' server later), the largest free block after a collection never below 96 KiB, the press "
        "times and the boot as on the stock firmware, 0 frame mismatches. `python -m tools.bench --soak --frozen [ID "
        "...]` builds that UF2 and runs it; a game with no run in build/bench/soak-frozen/ keeps its rows from the "
        "section as it was. The scripts: seed %d, as above."),
}


def _block(meta, run, f, fw):
    """A game's block: its heading, where and when, its targets, its slowest presses."""
    L = ["### %s" % meta["label"], "",
         "Measured on %s (%s), %d script lines, %d heap samples; free at the bare REPL %s B; heap peak at %s. Presses "
         "timed in the %s run%s." % (
             meta["commit"], meta["date"], len(run["lines"]), f["samples"], "{:,}".format(f["bare"]),
             f["peak_at"], "main.py" if run.get("timed") == "main.py" else "--heap (no run without it)",
             " (on %s)" % meta["times_commit"] if meta.get("times_commit", meta["commit"]) != meta["commit"] else ""),
         ""]
    L.append(md_table(("target", "limit", "measured", ""), checks(f, (meta.get("boot") or {}).get("boot_ms"), fw), "llll"))
    L.append("")
    L.append("Slowest at the start: %s." % _slowest(f["start"]))
    L.append("")
    L.append("Slowest at the end: %s." % _slowest(f["end"]))
    L.append("")
    if f["later"]:
        L.append("Not timed (the window to the next press also holds a later update the box made by "
                 "itself): %d presses, first byte after %s ms." % (
                     len(f["later"]), ", ".join("%.1f" % x for x in sorted({round(p["first_ms"], 1) for p in f["later"]}))))
        L.append("")
    return L


def _kept(path, found, fw=STOCK):
    """{game id: (summary row's cells, block's lines)} from the soak section of the file
    at `path`, for the games not in `found`: a soak of some games (or on a fresh clone,
    whose build/ is empty) leaves the others' figures, each naming its commit."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError:
        return {}
    at = section_bounds(lines, fw.heading)
    if not at:
        return {}
    old = lines[at[0] + 1 : at[1]]
    done = [meta["label"] for meta, _ in found]
    out = {}
    for gid, label, _ in GAMES:
        if label in done or "### " + label not in old:
            continue
        row = [x for x in old if x.startswith("| %s " % label) or x.startswith("| %s|" % label)]
        a = old.index("### " + label)
        b = a + 1
        while b < len(old) and not old[b].startswith("### "):
            b += 1
        cells = tuple(c.strip() for c in row[0].strip().strip("|").split("|")) if row else ()
        if len(cells) == len(columns(fw)):  # a row of another layout is left out, not misread
            out[gid] = (cells, old[a:b])
    return out


def replace_section(path, found=None, fw=STOCK):
    """Replace the soak section of firmware fw in the Markdown file at `path` (or add it at
    its end); a game with no run in fw's folder keeps its rows from the section there
    (_kept)."""
    found = load(fw.out) if found is None else found
    put_section(path, section(found, _kept(path, found, fw), fw))
