"""`./dev bench`: measure everything into BENCHMARKS.md (--presses-only, --web-only, --wtr-only,
--phones-only and --soak: only their sections). The wall-clock parts (CPython, the WebAssembly port) run first and
alone, then the emulator runs (emulated time) in parallel."""

import argparse
import os
import sys
import tempfile
import time

from core import i18n
from tools import firmware
from tools.bench import ROOT, heap, phones, pico, playouts, presses, soak, speed, wasm, web, wire, wtr
from tools.bench.environment import environment
from tools.bench.markdown import put_section, put_table
from tools.bench.report import report
from tools.bench.sessions import check_cpython, sessions


def log(what):
    print("bench: " + what, file=sys.stderr)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev bench", description="Regenerate BENCHMARKS.md.")
    ap.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"), help="where to write (default BENCHMARKS.md)")
    ap.add_argument("--commit", help="text for the commit row (e.g. when run on a `git archive` export)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="emulator runs at once")
    ap.add_argument("--no-pico", action="store_true", help="do not run the emulated Pico")
    ap.add_argument("--presses-only", action="store_true",
                    help="only the presses per turn (a minute): replace their sections of --out")
    ap.add_argument("--web-only", action="store_true", help="only the web page (a minute): replace its section of --out")
    ap.add_argument("--phones-only", action="store_true",
                    help="only the phones' heap (seconds): replace its section of --out")
    ap.add_argument("--wtr-only", action="store_true",
                    help="only What the Rule?!'s judge on the emulated Pico: replace its section and target rows")
    ap.add_argument("--soak", nargs="*", metavar="ID", choices=soak.IDS,
                    help="only the soak of these games (%s; none: all): replace its section of --out" % ", ".join(soak.IDS))
    ap.add_argument("--frozen", action="store_true", help="with --soak: on the Tablebox firmware (builds its UF2)")
    args = ap.parse_args(argv)
    if args.frozen and args.soak is None:
        ap.error("--frozen needs --soak")
    i18n.use("ui")
    i18n.set_lang("en")
    env = environment(args.commit)
    if args.soak is not None:
        why = pico.missing()
        if why:
            raise SystemExit("bench: the soak needs the emulated Pico: %s" % why)
        fw = soak.FROZEN if args.frozen else soak.STOCK
        if args.frozen and firmware.main(["--board", "RPI_PICO", "--seed", str(pico.DEVICE_SEED)]):
            raise SystemExit("bench: the Tablebox firmware did not build (build/firmware/build.log)")
        with tempfile.TemporaryDirectory(prefix="tablebox-soak-", ignore_cleanup_errors=True) as tmp:
            soak.run(tuple(args.soak) or soak.IDS, tmp, env["commit"], log=log, jobs=args.jobs, fw=fw)
        soak.replace_section(args.out, fw=fw)
        return
    if args.web_only:
        put_section(args.out, web.section(web.measure()),
                    "Measured on %s (`python -m tools.bench --web-only`)." % env["commit"])
        return
    if args.phones_only:
        with tempfile.TemporaryDirectory(prefix="tablebox-phones-", ignore_cleanup_errors=True) as tmp:
            put_section(args.out, phones.section(phones.measure(tmp)),
                        "Measured on %s (`python -m tools.bench --phones-only`)." % env["commit"])
        return
    if args.wtr_only:
        with tempfile.TemporaryDirectory(prefix="tablebox-wtr-", ignore_cleanup_errors=True) as tmp:
            w = wtr.measure(tmp)
        put_section(args.out, wtr.section(w), "Measured on %s (`python -m tools.bench --wtr-only`)." % env["commit"])
        put_table(args.out, wtr.TARGETS_SAID, wtr.target_table(w))
        return
    if args.presses_only:
        for heading in presses.HEADINGS:
            put_section(args.out, presses.section(heading, presses.measure(heading)),
                        "Counted on %s (`python -m tools.bench --presses-only`)." % env["commit"])
        return
    why = wasm.missing()
    if why:
        raise SystemExit("bench: %s; needs node and the MicroPython WebAssembly port (./dev setup)" % why)
    t0 = time.time()
    r = {"env": env}
    sess_list = sessions()
    for s in sess_list:
        check_cpython(s)
    with tempfile.TemporaryDirectory(prefix="tablebox-bench-", ignore_cleanup_errors=True) as tmp:
        trees = wasm.build_trees(tmp)
        log("memory under MicroPython ...")
        r["mem"] = heap.memory(tmp, trees, sess_list)
        log("imports ...")
        r["imp"] = heap.imports(tmp, trees)
        log("display traffic ...")
        r["kinds"], r["boot"] = wire.measure(sess_list)
        log("render and step time ...")
        r["tim"], r["mp_version"] = speed.measure(tmp, trees, sess_list)
        log("playouts ...")
        r["plays"] = playouts.measure()
        log("presses per turn ...")
        r["presses"] = {heading: presses.measure(heading) for heading in presses.HEADINGS}
        log("the web page in headless Chromium ...")
        r["web"] = web.measure()
        if args.no_pico:
            r["pico"] = r["wtr"] = {"missing": "skipped (`--no-pico`)"}
        else:
            log("emulated Pico, %d runs at once (minutes) ..." % args.jobs)
            r["pico"] = pico.measure(args.jobs, tmp)
            log("What the Rule?! judge and equivalence on the emulated Pico ...")
            r["wtr"] = wtr.measure(tmp)
            log("soak: a long game of each game on the emulated Pico, %d runs at once (hours) ..." % args.jobs)
            soak.run(soak.IDS, tmp, r["env"]["commit"], log=log, jobs=args.jobs)
    r["elapsed"] = time.time() - t0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(report(r))
    log("wrote %s in %.0f s" % (os.path.relpath(args.out), r["elapsed"]))


if __name__ == "__main__":
    main()
