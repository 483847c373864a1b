"""Where a long game's heap goes, line by line, in minutes: a host_sim script (or the
soak's long game of a game, made from the code now) played under the MicroPython
WebAssembly port from the .mpy files the box runs (tools/bench/mp/run_line_heap.py),
the live heap after a collection read after every App.step.

    python -m tools.bench.line_heap SCRIPT|GAME_ID [--top N]

prints the N script lines with the most live heap (with the last comment of the script
before each: which turn it is), the heap along the game every tenth of the way, and at
the end what the app's caches and the screens above the home menu hold. Figures are
above the baseline taken before anything of the app was imported and include
host_sim's Runner and the display driver; the emulated Pico's (the soak's, BENCHMARKS.md)
are 4 to 8 KB higher (firmware/main.py and the board's adapters, and its collections
can fall in the middle of a press). An estimate to find what to cut, not a figure for
BENCHMARKS.md; the 1-hour soak on the emulated Pico says whether the target is met.
"""

import argparse
import os
import sys
import tempfile

from tools.bench import soak, wasm


def parse(stdout):
    """({script line: live bytes}, [(what was let go, live bytes)]) from the program's
    output."""
    lines, caches = {}, []
    for x in stdout.splitlines():
        w = x.split(" ")
        if w[0] == "L" and len(w) == 3 and int(w[1]) > 0:
            lines[int(w[1])] = int(w[2])
        elif w[0] == "C" and len(w) == 3:
            caches.append((w[1], int(w[2])))
    return lines, caches


def context(script, n):
    """The last comment line of the script at or before line n (1-based), or ''."""
    for k in range(min(n, len(script)) - 1, -1, -1):
        if script[k].startswith("#"):
            return script[k]
    return ""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.line_heap", description=__doc__.split("\n\n")[0])
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
        res = wasm.run("run_line_heap", tree, tmp, "\n".join(script) + "\n", timeout=3600)
    lines, caches = parse(res["stdout"])
    if res["err"]:
        print("failed: %s" % res["err"])
    for n in sorted(lines, key=lambda k: -lines[k])[: args.top]:
        print("line %5d %-6s %7d B  %s" % (n, script[n - 1], lines[n], context(script, n)))
    ns = sorted(lines)
    print("along the game: " + ", ".join("line %d %.1f KiB" % (n, lines[n] / 1024) for n in ns[:: max(1, len(ns) // 10)]))
    prev = None
    for what, v in caches:
        print("%-8s %7d B%s" % (what, v, "" if prev is None else "  (%d B less)" % (prev - v)))
        prev = v


if __name__ == "__main__":
    sys.exit(main())
