"""Program for tools/bench/wasm.mjs: a long game under the port's heap as it is given
(tests/test_long_games_heap.py runs it with MP_HEAP_FIXED=1, the Pico's heap).

/bench_data.txt: the script, read a line at a time (a long game's script held whole
would take tens of KB of the heap the game has). Prints micropython.mem_info() at the
start and at the end, then {"peak", "at", "samples", "err"} as JSON (heap.Peak: the
highest live heap after a collection, above the baseline taken before anything of the
app was imported; at = the index of the script line, -1 the booted home menu; err: the
first failing line, or a MemoryError the harness met).

RESERVE bytes are held from the start and given back on a MemoryError outside the App's
own guard: with the heap full to the last block, the port could not report the error
(it hangs building the exception for JavaScript). Give the port RESERVE more heap than
the game should have.
"""

import gc
import json

import micropython

from firmware.storage import Storage
from tools.bench.mp.heap import Game, Peak

RESERVE = 4096
SCRIPT = open("/bench_data.txt")
REC = Peak()
STORAGE = Storage("/data")
_reserve = bytearray(RESERVE)
micropython.mem_info()
_game = Game(SCRIPT, STORAGE, REC)
bench_after = REC.after


def bench_step():
    global _game, _reserve
    try:
        more = _game.step()
    except MemoryError:  # not bound: its traceback would keep the game's frames alive
        # Nothing here may allocate (the heap is full until the next collection, which
        # frees the reserve and the app): the message is written in bench_done().
        _reserve = _game = None
        REC.oom = True
        more = False
    gc.collect()  # runs once control is back in wasm.mjs, before bench_after()
    return more


def bench_done():
    if REC.oom:
        REC.err = "MemoryError outside the App's guard, line %d" % (REC.cur + 1)
    micropython.mem_info()
    print(json.dumps(REC.result()))
