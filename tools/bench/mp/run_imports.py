"""Program for tools/bench/wasm.mjs: the live heap after each step of an import plan.

/bench_data.json: the plan, a list of [kind, arg] (see heap.import_task). Prints
{"values", "where", "err"} as JSON, and a `qstr pool:` report for every ("qstr", None).
"""

import json

from tools.bench.mp.harness import stepper
from tools.bench.mp.heap import Recorder, import_task

with open("/bench_data.json") as f:
    PLAN = [tuple(p) for p in json.load(f)]
REC = Recorder(len(PLAN) + 2)
bench_step = stepper(import_task(PLAN, REC))
bench_after = REC.after


def bench_done():
    print(json.dumps(REC.result()))
