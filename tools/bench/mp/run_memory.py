"""Program for tools/bench/wasm.mjs: the live heap after every button step of a script.

/bench_data.json: the script's lines. Prints {"values", "where", "err"} as JSON (see
heap.Recorder; where = the index of the script line, -1 for the booted home menu).
The storage adapter is imported before the baseline, on the port's in-memory filesystem.
"""

import json

from firmware.storage import Storage
from tools.bench.mp.harness import stepper
from tools.bench.mp.heap import Recorder, memory_task

with open("/bench_data.json") as f:
    LINES = json.load(f)
REC = Recorder(len(LINES) + 4)
STORAGE = Storage("/data")
bench_step = stepper(memory_task(LINES, STORAGE, REC))
bench_after = REC.after


def bench_done():
    print(json.dumps(REC.result()))
