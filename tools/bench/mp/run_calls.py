"""Program for the emulated Pico (pico.time_calls, from the REPL; runs at import there):
calls timed with time.ticks_us. CPython imports run() for the results to compare with.

/bench_data.json: {"setup": code run first, "cases": [[label, setup, call, over], ...]}: a
case's setup runs untimed in that namespace, then its call (an expression) is timed once,
or once per value of `over` (in x), each after a gc.collect(). Prints per case {"label",
"us", "result"} or {"label", "error"} (e.g. the 8 KB C stack outgrown), then {"done": true,
"free": gc.mem_free(), "stack": micropython.stack_use()}.
"""

import gc
import json
import time


def run(ns, setup, call, over, clock=None):
    """{"us", "result"} of one case in the namespace ns (no clock, as on CPython: us 0)."""
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
