"""Issue 9 (prompt kinds as classes, their screens imported when a prompt needs them):
the heap figures of the commit before the rework against now, under the WebAssembly port.

REWORK_BEFORE was measured at REWORK_BASE with this bench's method and harness (the
import run and the memory runs, .mpy, the same seeded scripts), in bytes above the
baseline. The harness's own names share the qstr pools with the app's, so a harness change
can move these figures by a pool step: measure both columns with the same harness. Loading the
core for a game (23's first prompt on screen minus App() with the home menu) may grow by
REWORK_GROWTH at most. figures() takes the same figures from heap.measure() and
imports.measure(); section() is the before/after table.
"""

from tools.bench import imports
from tools.bench.markdown import KIB, kib, md_table, verdict

REWORK_BASE = "59b35e1"
REWORK_BEFORE = {"home": 35984, "first_prompt": 63088, "peak": 71504, "vote_peak": 46800}
REWORK_GROWTH = 4 * KIB


def figures(mem, imp, game_id="g23"):
    """The figures of REWORK_BEFORE, now (.mpy, bytes): App() + home menu and the game's
    first prompt from its import run, the game's and the Secret vote's memory-run peaks."""
    s = imports.summary(imp[(game_id, "mpy")])
    peaks = {m["id"]: m["peak"] for m in mem if m["variant"] == "mpy"}
    return {"home": s["boot"], "first_prompt": s["total"], "peak": peaks[game_id], "vote_peak": peaks["vote"]}


def rows(now, before=None):
    """Rows of the before/after table: (figure, before, now, change, limit, verdict)."""
    before = before or REWORK_BEFORE

    def change(n):
        return ("+" if n >= 0 else "-") + kib(abs(n))

    out = []
    for key, label in (("home", "App() + home menu"), ("first_prompt", "23 started, first prompt on screen")):
        out.append((label, kib(before[key]), kib(now[key]), change(now[key] - before[key]), "", ""))
    b, n = before["first_prompt"] - before["home"], now["first_prompt"] - now["home"]
    out.append(("loading the core for a game (first prompt minus home)", kib(b), kib(n), change(n - b),
                "+" + kib(REWORK_GROWTH), verdict(n - b <= REWORK_GROWTH)))
    for key, label in (("peak", "23, peak over its full script"), ("vote_peak", "Secret vote, peak")):
        out.append((label, kib(before[key]), kib(now[key]), change(now[key] - before[key]), "", ""))
    return out


def section(mem, imp):
    return [
        "## Core rework (issue 9): heap before/after",
        "",
        "Live heap (.mpy) under the WebAssembly port, above the baseline: App() + home menu and "
        "23 with its first prompt on screen from the import run of the memory section "
        "(cumulative), the peaks from its memory runs. The %s column was measured at %s (the "
        "commit before the rework) with the same method, the same seeded scripts, mpy-cross and "
        "WebAssembly port, and is kept in tools/bench/rework.py (REWORK_BEFORE); the issue allows "
        "loading the core for a game to grow by %s at most. Each module's own cost now is in the "
        "per-step table of the memory section." % (REWORK_BASE, REWORK_BASE, kib(REWORK_GROWTH)),
        "",
        md_table(("heap (.mpy)", REWORK_BASE, "now", "change", "limit", ""), rows(figures(mem, imp)), "lrrrrl"),
        "",
    ]
