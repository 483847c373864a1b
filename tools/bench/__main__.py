"""The `./dev bench` command (= python -m tools.bench): measure everything, write
BENCHMARKS.md. --presses-only, --web-only and --soak [ID ...] (the soak: soak.py, its
--frozen run on the Tablebox firmware) measure only their sections and put them into the
file as it is; `--help` says every option.

The wall-clock parts (CPython and the WebAssembly port) run first and alone; the
emulator runs, whose figures are emulated time, come after them in parallel.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

from core import i18n
from tools import firmware
from tools.bench import ROOT, heap, pico, playouts, presses, soak, speed, wasm, web, wire, wtr
from tools.bench.environment import environment
from tools.bench.markdown import put_section
from tools.bench.report import report
from tools.bench.sessions import check_cpython, sessions


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev bench", description="Regenerate BENCHMARKS.md.")
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"), help="where to write (default BENCHMARKS.md)")
    ap.add_argument("--commit", help="text for the commit row (e.g. when run on a `git archive` export)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="emulator runs at once")
    ap.add_argument("--no-pico", action="store_true", help="do not run the emulated Pico")
    ap.add_argument("--presses-only", action="store_true",
                    help="only count the presses per turn (a minute) and replace those sections of --out")
    ap.add_argument("--web-only", action="store_true",
                    help="only measure the web page (a minute) and replace that section of --out")
    ap.add_argument("--soak", nargs="*", metavar="ID", choices=soak.IDS,
                    help="only the soak of these games (%s; none: all), --jobs at once, and replace its "
                         "section of --out" % ", ".join(soak.IDS))
    ap.add_argument("--soak-run", choices=(soak.HEAP, soak.TIMES),
                    help="with --soak: only the --heap runs or only the timed ones (the other's stay)")
    ap.add_argument("--frozen", action="store_true",
                    help="with --soak: on the Tablebox firmware, the app frozen (builds its UF2 first)")
    args = ap.parse_args(argv)
    if (args.soak_run or args.frozen) and args.soak is None:
        ap.error("--soak-run and --frozen need --soak")
    if args.soak is not None:
        why = pico.missing()
        if why:
            raise SystemExit("bench: the soak needs the emulated Pico: %s" % why)
        commit = environment(args.commit)["commit"]
        fw = soak.FROZEN if args.frozen else soak.STOCK
        if args.frozen and firmware.main(["--board", "RPI_PICO", "--seed", str(pico.DEVICE_SEED)]):
            raise SystemExit("bench: the Tablebox firmware did not build (build/firmware/build.log)")
        tmp = tempfile.mkdtemp(prefix="tablebox-soak-")
        try:
            soak.run(tuple(args.soak) or soak.IDS, tmp, commit, log=lambda m: print("bench: " + m, file=sys.stderr),
                     jobs=args.jobs, kinds=(args.soak_run,) if args.soak_run else (soak.HEAP, soak.TIMES), fw=fw)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        soak.replace_section(args.out, fw=fw)
        return
    if args.web_only:
        put_section(args.out, web.section(web.measure()),
                    "Measured on %s (`python -m tools.bench --web-only`)." % environment(args.commit)["commit"])
        return
    if args.presses_only:
        i18n.use("ui")
        i18n.set_lang("en")
        commit = environment(args.commit)["commit"]
        for heading in presses.HEADINGS:
            put_section(args.out, presses.section(heading, presses.measure(heading)),
                        "Counted on %s (`python -m tools.bench --presses-only`)." % commit)
        return
    why = wasm.missing()
    if why:
        raise SystemExit("bench: %s; needs node and the MicroPython WebAssembly port (./dev setup)" % why)
    t0 = time.time()
    i18n.use("ui")
    i18n.set_lang("en")
    r = {"env": environment(args.commit)}
    sess_list = sessions()
    for s in sess_list:
        check_cpython(s)
    tmp = tempfile.mkdtemp(prefix="tablebox-bench-")
    try:
        trees = wasm.build_trees(tmp)
        step("memory under MicroPython")
        r["mem"] = heap.memory(tmp, trees, sess_list)
        step("imports")
        r["imp"] = heap.imports(tmp, trees)
        r["romfs"] = heap.probe_romfs(tmp, trees["mpy"])
        step("display traffic")
        r["kinds"], r["boot"] = wire.measure(sess_list)
        step("render and step time")
        r["tim"], r["mp_version"] = speed.measure(tmp, trees, sess_list)
        step("playouts")
        r["plays"] = playouts.measure()
        step("presses per turn")
        r["presses"] = {heading: presses.measure(heading) for heading in presses.HEADINGS}
        step("the web page in headless Chromium")
        r["web"] = web.measure()
        if args.no_pico:
            r["pico"] = {"missing": "skipped (`--no-pico`)"}
            r["wtr"] = {"missing": "skipped (`--no-pico`)"}
        else:
            step("emulated Pico, %d runs at once (minutes)" % args.jobs)
            r["pico"] = pico.measure(args.jobs, tmp)
            step("What the Rule?! judge and equivalence on the emulated Pico")
            r["wtr"] = wtr.measure(tmp)
            step("soak: a long game of each game on the emulated Pico, %d runs at once (hours)" % args.jobs)
            soak.run(soak.IDS, tmp, r["env"]["commit"], log=lambda m: print("bench: " + m, file=sys.stderr),
                     jobs=args.jobs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    r["elapsed"] = time.time() - t0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(report(r))
    print("bench: wrote %s in %.0f s" % (os.path.relpath(args.out), r["elapsed"]), file=sys.stderr)


def step(what):
    print("bench: %s ..." % what, file=sys.stderr)


if __name__ == "__main__":
    main()
