"""Program for the emulated Pico (tools/bench/pico.py time_calls, run from the REPL):
calls timed with time.ticks_us on the device build. Runs at import on MicroPython;
CPython imports run() to get the results the Pico's must equal.

/bench_data.json: {"setup": code run first, "cases": [[label, setup, call, over], ...]}:
a case's setup runs untimed (in the namespace of the first setup), then its call, a
Python expression, is timed once, or once for each value of the expression `over`
(that value in x). gc.collect() runs before each timed call, so no collection of
earlier garbage falls into a figure (one the call itself causes does).

Prints per case {"label", "us": [times], "result": [what each call returned]}, or
{"label", "error": "Type: message"} when it raises (e.g. RuntimeError when a recursion
outgrows the Pico's 8 KB C stack), then {"done": true, "free": gc.mem_free(), "stack":
micropython.stack_use()}.
"""

import gc
import json
import time


def run(ns, setup, call, over, clock=None):
    """{"us", "result"} of one case in the namespace ns (without a clock, as on CPython:
    no collections, us all 0)."""
    exec(setup, ns)
    f = eval("lambda: " + call, ns)
    us, out = [], []
    for x in eval(over, ns) if over else [None]:
        ns["x"] = x
        if clock:
            gc.collect()
            t = clock()
        out.append(f())
        us.append(time.ticks_diff(clock(), t) if clock else 0)
    return {"us": us, "result": out}


def main():
    import micropython

    with open("/bench_data.json") as f:
        data = json.load(f)
    ns = {}
    exec(data["setup"], ns)
    for label, setup, call, over in data.pop("cases"):
        try:
            out = run(ns, setup, call, over, time.ticks_us)
        except Exception as e:  # noqa: BLE001 - a failure is a figure too
            out = {"error": "%s: %s" % (type(e).__name__, e)}
        out["label"] = label
        print(json.dumps(out))
        out = None
    gc.collect()
    print(json.dumps({"done": True, "free": gc.mem_free(), "stack": micropython.stack_use()}))


if hasattr(time, "ticks_us"):
    main()
