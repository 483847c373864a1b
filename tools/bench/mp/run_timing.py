"""Program for tools/bench/wasm.mjs: render and button-step times of screens.

/bench_data.json: {"reps", "pairs", "targets": [[lines, game_id, settings, actions,
with_table], ...]} (see speed.timing_task). Prints {"results": [one dict per target],
"version": sys.version} as JSON.
"""

import json
import sys

from firmware.storage import Storage
from tools.bench.mp.harness import stepper
from tools.bench.mp.speed import timing_task

with open("/bench_data.json") as f:
    DATA = json.load(f)
OUT = []
bench_step = stepper(timing_task(DATA["targets"], lambda i: Storage("/t" + str(i)), DATA["reps"], DATA["pairs"], OUT))


def bench_after():
    pass


def bench_done():
    print(json.dumps({"results": OUT, "version": sys.version}))
