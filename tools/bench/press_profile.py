"""Where a press's time goes on the Pico: a host_sim script played by the App on the
emulated Pico (tools/bench/mp/run_presses.py: the stock firmware, the device build, the
native loops) with the panel and the I2C bus left out, so that a long script takes
minutes, not the hour ../shared/pico-emu/measure takes, and each press is split into
CPU before the frame is handed over, the render, the text look-ups and the bytes the bus
would carry.

    python -m tools.bench.press_profile SCRIPT [--all]

prints each press whose estimate, CPU to the push plus the bus at 400 kHz (9 clocks a
byte), is over its target (cursor moves, value changes and YES/NO 30 ms, OK and BACK
50 ms; issue 33), or every press with --all. An estimate, not a figure for
BENCHMARKS.md: measure's button-to-photon also holds the driver's work between the
transactions (about 1 ms); use it to find what to make faster, and measure to say so.
"""

import argparse
import json
import os
import sys
import tempfile

from tools.bench import pico, program
from tools.bench.wire import i2c_ms

LIMITS = {"OK": pico.OK_MAX, "BACK": pico.OK_MAX}  # on the release; every other button: pico.SMALL_MAX


def presses(records):
    """[(estimate ms, record)] of each script line's slowest step that pushed a frame."""
    worst = {}
    for r in records:
        if r.get("push_us") is None or r["line"].split()[0] == "wait":  # not a press: the box by itself
            continue
        est = r["push_us"] / 1000.0 + i2c_ms(0, r["bytes"])
        if r["n"] not in worst or est > worst[r["n"]][0]:
            worst[r["n"]] = (est, r)
    return [worst[n] for n in sorted(worst)]


def over(found):
    """The presses of presses() over their target."""
    return [(est, r) for est, r in found if est > LIMITS.get(r["line"].split()[0], pico.SMALL_MAX)]


def line(est, r):
    return "line %4d %-5s %5.1f ms (CPU %.1f, render %.1f, %d look-ups %.1f ms, %d B)  %s" % (
        r["n"], r["line"].split()[0], est, r["push_us"] / 1000.0, r["render_us"] / 1000.0, r["lookups"],
        r["lookup_us"] / 1000.0, r["bytes"], r["title"])


def run(script_path):
    """The records run_presses.py printed for the script at script_path."""
    with open(script_path) as f:
        script = f.read()
    with open(program("run_presses")) as f:
        code = f.read()
    with tempfile.TemporaryDirectory(prefix="tablebox-presses-") as tmp:
        res = pico.run_code(tmp, "import run_presses", {"run_presses.py": code, "bench_script.txt": script})
    if res.get("stderr"):
        raise SystemExit("run_presses.py failed on the emulated Pico:\n" + res["stderr"][-3000:])
    return [json.loads(x) for x in res["stdout"].splitlines() if x.startswith("{")]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.press_profile", description=__doc__.split("\n\n")[0])
    ap.add_argument("script")
    ap.add_argument("--all", action="store_true", help="every press, not only those over their target")
    args = ap.parse_args(argv)
    why = pico.missing()
    if why:
        raise SystemExit("press_profile needs the emulated Pico: %s" % why)
    found = presses(run(os.path.abspath(args.script)))
    shown = found if args.all else over(found)
    for est, r in shown:
        print(line(est, r))
    print("%d presses with a frame, %d over their target" % (len(found), len(over(found))), file=sys.stderr)


if __name__ == "__main__":
    main()
