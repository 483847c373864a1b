"""The soak (issues 33, 48): a long evening's game of each game, made from the code when it
runs, on the emulated Pico with `../shared/pico-emu/measure --heap` and again without it
(the press times), the targets checked at its end as at its start. Per Firmware (STOCK,
FROZEN): its runs in build/bench/soak[-frozen]/ID/ (heap/, times/, script.txt, soak.json),
its section and its heap limits.
"""

import datetime
import json
import os
import queue
import shutil
from concurrent.futures import ThreadPoolExecutor

from core import i18n
from host_sim import autoplay, fakes
from host_sim.script import Runner
from tools import firmware
from tools.bench import ROOT, pico
from tools.bench.markdown import KIB, kib, md_table, put_section, section_bounds, verdict
from tools.bench.sessions import SEED, check_cpython, make_app, vote_script


class Firmware:
    """What a soak runs on: uf2 (None: pico-emu's stock one), the runs' folder, the section's
    heading, the heap peak's limit (None: half the bare REPL's free heap) and what it is,
    the least largest free block after a collection allowed."""

    def __init__(self, name, uf2, out, heading, heap_max, heap_why, block_min):
        self.name, self.uf2, self.out, self.heading = name, uf2, out, heading
        self.heap_max, self.heap_why, self.block_min = heap_max, heap_why, block_min


STOCK = Firmware("stock", None, os.path.join(ROOT, "build", "bench", "soak"),
                 "## Soak: a long game of each game on the emulated Pico", None, "half the bare REPL's free heap",
                 32 * KIB)
FROZEN = Firmware("frozen", os.path.join(firmware.WORK, firmware.name("RPI_PICO", pico.DEVICE_SEED)),
                  os.path.join(ROOT, "build", "bench", "soak-frozen"),
                  "## Soak on the Tablebox firmware: the app frozen into flash", 64 * KIB,
                  "a quarter of the free heap: room for the phones' server", 96 * KIB)
PART = 5  # "start" and "end": the first and the last 1/PART of the presses
# A press's figure runs to the last byte before the next edge: after its line's 150 + 250
# ms, that is an update the box made by itself (a hand-over screen arming): not timed.
OWN_MS = 400.0
# The runs' folders. The presses are timed without --heap: in a --heap run the Ctrl-C after
# each line can interrupt a module the box imports while idle (App.warm).
TIMES, HEAP = "times", "heap"
# A YES or NO by what it does (yes_no()): a vote in a voter's private chain, a value
# stepped, or another screen opened (held to OK's limit)
VOTES = ("vote YES", "vote NO")
NEW_SCREEN = "YES/NO new screen"


def _game(game_id, n, seed=SEED, options=None):
    settings, actions, paths = autoplay.random_game(game_id, n, seed, options)
    return autoplay.game_script(game_id, settings, actions, paths)


def _two_g23():
    """Two games of 23, 4 players: the second from the home menu the first ends on."""
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
    """{id: lines} of the soak scripts, made now, each played through on CPython."""
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


def run(ids, tmp, commit, log=None, jobs=1, fw=STOCK):
    """Measure the soak games `ids` on snapshots of the working tree, `jobs` emulator runs at
    once: per game a --heap run and a timed one into fw's folder (soak.json: the commit of
    each that finished), and the boot; SystemExit, once every run has ended, if one failed."""
    out = fw.out
    rel = os.path.join("build", "soak-scripts")
    paths = write_scripts(os.path.join(tmp, "soak-scripts"), ids)
    uf2 = None
    if fw.uf2:  # a copy: a build during the hours of the soak does not change what it measures
        uf2 = os.path.join(tmp, os.path.basename(fw.uf2))
        shutil.copy(fw.uf2, uf2)
    for gid in ids:
        shutil.rmtree(os.path.join(out, gid), ignore_errors=True)
        os.makedirs(os.path.join(out, gid))
        shutil.copy(paths[gid], os.path.join(out, gid, "script.txt"))
    # the longest runs first, so that the workers end together
    work = sorted(((gid, kind) for gid in ids for kind in (HEAP, TIMES)), key=lambda w: -pico.count_lines(paths[w[0]]))
    free = queue.Queue()  # a project copy per worker: measure builds in it
    workers = max(1, min(jobs, len(work)))
    for k in range(workers):
        base = os.path.join(tmp, "soak-project-%d" % k)
        pico.snapshot(base)
        shutil.copytree(os.path.dirname(paths[ids[0]]), os.path.join(base, rel))
        free.put(base)
    pico.warm_cache()
    done = {}  # (id, kind) -> the project copy its run used
    failed = []

    def one(w):
        gid, kind = w
        base = free.get()
        try:
            if log:
                log("soak: %s%s (%d lines) ..." % (gid, " --heap" if kind == HEAP else "", pico.count_lines(paths[gid])))
            pico.run_measure(base, os.path.join(rel, gid + ".txt"), os.path.join(out, gid, kind), heap=kind == HEAP,
                             uf2=uf2)
            done[w] = base
        except SystemExit as e:
            failed.append("%s %s: %s" % (gid, kind, e))
        finally:
            free.put(base)

    with ThreadPoolExecutor(workers) as ex:
        list(ex.map(one, work))
    timed = [gid for gid in ids if (gid, TIMES) in done]
    booted = boot(done[(timed[0], TIMES)], os.path.join(out, timed[0], TIMES), uf2) if timed else None
    for gid, label, _ in GAMES:
        if gid in ids:
            meta = {"id": gid, "label": label, "date": datetime.date.today().isoformat()}
            if (gid, HEAP) in done:
                meta["commit"] = commit
            if gid in timed:
                meta.update(times_commit=commit, boot=booted)  # the same build: one boot for all
            with open(os.path.join(out, gid, "soak.json"), "w") as f:
                json.dump(meta, f, sort_keys=True)
    if failed:
        raise SystemExit("soak: runs failed:\n" + "\n".join(failed))


def _meta(gid, out):
    path = os.path.join(out, gid, "soak.json")
    return pico.read_json(path) if os.path.isfile(path) else {}


def boot(project, out, uf2=None):
    """pico.boot() with the device build measure made in `project` (with /main.py), on the
    firmware `uf2` (None: the stock one) without the .mpy files, which it has frozen."""
    src = os.path.join(project, "build", "device")
    if uf2:
        src = shutil.copytree(src, os.path.join(out, "boot-files"), ignore=shutil.ignore_patterns("*.mpy"))
    img = os.path.join(out, "boot.img")
    try:
        return pico.boot(pico.mklfs(img, src), project, out, uf2)
    finally:
        if uf2:
            shutil.rmtree(src)
        if os.path.exists(img):
            os.remove(img)


def load(out=None):
    """[(meta, run)] of every soak run found under out, in GAMES order: pico.load_run() of
    the --heap run, with the presses of the timed run when there is one."""
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
            run.update(presses=times["presses"], timed="main.py", ref_ok=run["ref_ok"] and times["ref_ok"])
            run["summary"]["mismatches"] += times["summary"]["mismatches"]
        found.append((meta, run))
    return found


def yes_no(lines):
    """{line number: press kind} of the YES and NO lines of a script, played on CPython:
    "vote YES"/"vote NO" inside a voter's private chain (App.secret), "value change" when
    the screen stays (a field stepped), else NEW_SCREEN."""
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
    "samples", "start", "end", "all", "later" (presses), "mismatches", "ref_ok"}."""
    presses = run["presses"]
    if [p for p in presses if p["kind"] in VOTES]:
        kinds = yes_no(run["lines"])
        presses = [dict(p, kind=kinds.get(p["n"], p["kind"])) if p["kind"] in VOTES else p for p in presses]
    h = pico.heap_figures(run)
    after = run["summary"]["mem"][1:]
    blocks = [m for m in after if m.get("max_free")]
    low = min(blocks, key=lambda m: m["max_free"]) if blocks else None
    ps = [p for p in presses if p["ms"] <= OWN_MS]
    k = max(1, len(ps) // PART)
    return {"bare": h["bare"], "peak": h["peak"], "peak_at": h["at"],
            "block": low["max_free"] if low else None, "block_at": pico.sample_at(run, low) if low else "",
            "samples": len(after), "start": ps[:k], "end": ps[-k:], "all": ps,
            "later": [p for p in presses if p["ms"] > OWN_MS], "mismatches": len(run["summary"]["mismatches"]),
            "ref_ok": run["ref_ok"]}


def checks(f, boot_ms=None, fw=STOCK):
    """[(target, limit, measured, verdict)] of one soak run's figures on the firmware fw."""
    def worst(ps, kinds):
        xs = [p for p in ps if p["kind"] in kinds]
        return max(xs, key=lambda p: p["ms"]) if xs else None

    heap_max = f["bare"] // 2 if fw.heap_max is None else fw.heap_max
    rows = [("heap peak", "<= %s (%s)" % (kib(heap_max), fw.heap_why), kib(f["peak"]), verdict(f["peak"] <= heap_max))]
    rows.append(("largest free block after a collection, smallest", ">= %s" % kib(fw.block_min),
                 "not sampled" if f["block"] is None else kib(f["block"]),
                 verdict(f["block"] is not None and f["block"] >= fw.block_min)))
    # a D-pad press that changes the title (analyze.py's "D-pad other": What the Rule?!'s
    # LEFT/RIGHT to the next page of conditions) turns a page in place: the cursor's limit
    for name, kinds, lim in (("cursor move / value change", pico.SMALL, pico.SMALL_MAX),
                             ("LEFT/RIGHT page turn", ("D-pad other",), pico.SMALL_MAX),
                             ("OK to a new screen", pico.OK_KINDS, pico.OK_MAX), ("YES/NO vote", VOTES, pico.VOTE_MAX),
                             ("YES/NO to a new screen", (NEW_SCREEN,), pico.OK_MAX)):
        p = worst(f["all"], kinds)
        if p is None:
            continue
        cells = ["%s %s" % (part, "-" if q is None else "%.1f" % q["ms"]) for part, q in
                 (("start", worst(f["start"], kinds)), ("end", worst(f["end"], kinds)))]
        rows.append(("%s, max" % name, "%.0f ms" % lim, "%.1f ms (%s; line %d, %s)" % (p["ms"], ", ".join(cells), p["n"],
                     p["screen"] or "-"), verdict(p["ms"] <= lim)))
    if boot_ms is not None:
        rows.append(("boot: reset to the home menu", "%.0f ms" % pico.BOOT_MAX, "%.1f ms" % boot_ms,
                     verdict(boot_ms <= pico.BOOT_MAX)))
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
    row's cells, block's lines)} of games with no run found, as an earlier section had them."""
    kept = kept or {}
    L = [fw.heading, "", _INTRO[fw.name] % SEED, ""]
    if not found and not kept:
        return L + ["Not measured yet.", ""]
    rows, blocks = {}, {}
    folder = os.path.relpath(fw.out, ROOT) + "/"
    for meta, run in found:
        f = figures(run)
        c = checks(f, fw=fw)
        rows[meta["label"]] = (meta["label"], meta["commit"], len(run["lines"]), f["samples"], kib(f["peak"]), c[0][3],
                               "%s at %s" % (kib(f["block"]), f["block_at"]) if f["block"] else "not sampled", c[1][3],
                               "%.1f s" % run["summary"]["emulated_s"], c[-1][2])
        blocks[meta["label"]] = _block(meta, run, f, fw)
    for cells, block in kept.values():
        rows[cells[0]], blocks[cells[0]] = cells, block
    order = [g[1] for g in GAMES if g[1] in rows]
    order += [k for k in rows if k not in order]  # a label of no game here (tests)
    L += [md_table(columns(fw), [rows[k] for k in order], "llrrrllrrr"), ""]
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
        "Issue 33: the long game of each game, made from the code when the soak runs (host_sim.autoplay's seeded "
        "random games, seed %d), on the emulated Pico with `../shared/pico-emu/measure SCRIPT --heap`: the stock "
        "firmware, the .mpy build; after every button line a collection, the free heap and the largest free block "
        "(the biggest allocation that can still succeed). Heap peak = free at the bare REPL minus the least free "
        "after a collection. The presses are timed in a run without --heap (main.py as on the box); start / end: the "
        "slowest of the first and the last fifth of the game. A YES or NO is held by what it does: a vote in a voter's "
        "private chain to 30 ms, a value stepped to 30 ms, another screen opened to OK's 50 ms (at 400 kHz its 700-900 "
        "bytes take 16-20 ms); a page turned by LEFT or RIGHT to 30 ms. `python -m tools.bench --soak [ID ...]` "
        "rewrites this section from build/bench/soak/; a game not run again keeps its rows."),
    "frozen": (
        "Issue 48: the same games (seed %d) on the Tablebox firmware, the one file a box is flashed with: MicroPython "
        "v1.28.0 with core/, firmware/, boards/ and the data files frozen into flash (`./dev firmware --board "
        "RPI_PICO --seed 1`), run by measure with PICO_EMU_UF2; the filesystem holds only /main.py. Targets: heap "
        "peak at most 64 KiB (a quarter of the free heap: room for the phones' server), the largest free block never "
        "below 96 KiB, the rest as on the stock firmware. `python -m tools.bench --soak --frozen [ID ...]` builds the "
        "UF2 and rewrites this section from build/bench/soak-frozen/; a game not run again keeps its rows. Since "
        "issue 49 the games hold no tactic: what the next screen needs is prepared by core/prepare.py alone. Without "
        "it (its ahead() a no-op, What the Rule?!'s 4-player script on this firmware) two targets fail: a page of "
        "conditions turned by LEFT or RIGHT took 40.4 ms (30 allowed; 29.5 with it) and OK to a new screen 56.5 ms "
        "(a guess's verdict; 50 allowed; 44.8 with it, the guess judged while its Confirm is read) and 50.2 ms (a "
        "turn's screen). A new game's "
        "words indexed while the players are set up (prepare.setup) keep the first press after it at 10.8 ms, "
        "not 47.6. The firmware's own boot and loop (31e8233, for 23's last two MISSes): firmware/boot.py keeps the "
        "built-in modules the app imports (json, array, ...) in sys.modules, which MicroPython otherwise searches for "
        "on littlefs at every import (23's first OK after power-up 53.8 -> 46.7 ms, boot 111.6 -> 98.7 ms); the loop "
        "also collects after a step that took a press or a release, since an OK acts on its release and what that "
        "loads for good was put above the press's garbage (23's largest free block 94.8 -> 177.1 KiB). A row "
        "measured before 31e8233 shows that split at line 2 (107 KiB)."),
}


def _timed_on(meta):
    """" on <commit>" when the presses were timed on another commit than the heap run's."""
    t = meta.get("times_commit")
    return " on %s" % t if t and t != meta["commit"] else ""


def _block(meta, run, f, fw):
    """A game's block: its heading, where and when, its targets, its slowest presses."""
    L = ["### %s" % meta["label"], "",
         "Measured on %s (%s), %d script lines, %d heap samples; free at the bare REPL %s B; heap peak at %s. Presses "
         "timed in the %s run%s." % (meta["commit"], meta["date"], len(run["lines"]), f["samples"], "{:,}".format(f["bare"]),
                                      f["peak_at"], "main.py" if run.get("timed") == "main.py" else "--heap (no run without it)",
                                      _timed_on(meta)),
         "", md_table(("target", "limit", "measured", ""), checks(f, (meta.get("boot") or {}).get("boot_ms"), fw), "llll"),
         "", "Slowest at the start: %s." % _slowest(f["start"]), "", "Slowest at the end: %s." % _slowest(f["end"]), ""]
    if f["later"]:
        L += ["Not timed (the window to the next press also holds a later update the box made by itself): %d presses, "
              "first byte after %s ms." % (len(f["later"]), ", ".join(
                  "%.1f" % x for x in sorted({round(p["first_ms"], 1) for p in f["later"]}))), ""]
    return L


def _kept(path, found, fw=STOCK):
    """{game id: (summary row's cells, block's lines)} from the soak section of the file at
    `path`, for the games not in `found`: a soak of some games leaves the others' figures."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    at = section_bounds(lines, fw.heading)
    old = lines[at[0] + 1 : at[1]] if at else []
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
    """Replace the soak section of firmware fw in the Markdown file at `path` (_kept's rows too)."""
    found = load(fw.out) if found is None else found
    put_section(path, section(found, _kept(path, found, fw), fw))
