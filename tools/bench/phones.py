"""The phones' heap (issue 53): tools/bench/mp/run_phones.py under the WebAssembly port with
the Pico's GC heap (wasm.PICO_MP_HEAP), the box's .mpy files.
`python -m tools.bench --phones-only` rewrites its section of BENCHMARKS.md;
tests/test_phones.py checks the same run against the budget."""

import os

from tools.bench import wasm
from tools.bench.markdown import kib, md_table, verdict
from tools.bench.mp.run_phones import IDLE, POLLS

BUDGET = 16 * 1024  # the server's state, 8 paired seats and the page, beside the App


def measure(tmp):
    tree = os.path.join(tmp, "phones-tree")
    wasm.build_tree(tree, mpy=True)
    return wasm.run("run_phones", tree, tmp, {}, heap=wasm.PICO_MP_HEAP, timeout=900)


def section(r):
    L = ["## Phones: heap under MicroPython (WebAssembly port, the Pico's heap)", ""]
    L += ["A Secret vote's 10 names with every seat paired and 8 phones holding theirs, then five votes with the 8 "
          "answering on phones (each asking its state %d times a vote, as a 300 ms poll does) and 2 on the buttons, "
          "then %d more state requests. The port has no sockets: the requests go to core.phones.Api as "
          "firmware/phoneserver.py hands them on; the server's own state is at most 3 requests of at most 2 KB "
          "(firmware/phoneserver.py LIMIT), a few hundred bytes each from the page. Live heap after a collection, "
          "above the phase before." % (POLLS + 1, IDLE), ""]
    rows = [
        ("the App on the list of names (.mpy bytecode on the heap)", kib(r["app"]), "", ""),
        ("core.phones, core.seats, core.pairing as .mpy (frozen in the W build: 0)", kib(r["code"]), "", ""),
        ("paired: 8 seats held, the page in the server's reply", kib(r["paired"]), kib(BUDGET),
         verdict(r["paired"] <= BUDGET)),
        ("the most while pairing (a seat's QR code on screen)", kib(r["paired_most"]), "", ""),
        ("after each of the five votes, above paired", ", ".join("%+d B" % v for v in r["votes"]), "", ""),
        ("the most during the votes, above the modules (the vote's own screens in it)", kib(r["votes_most"]), "", ""),
        ("%d more state requests: the heap after them, above after the first 8" % IDLE, "%+d B" % r["idle_growth"],
         "", ""),
    ]
    return L + [md_table(("what", "measured", "limit", ""), rows, "lrrl"), ""]
