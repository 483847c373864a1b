"""Program for the emulated Pico (tools/bench/wtr.py): What the Rule?!'s judge, guess
parser and equivalence (core.games.wtr_rule), timed with time.ticks_us on the stock
firmware, the device build's .mpy files on littlefs. Runs at import.

/bench_data.json: {"card": the card judged, "fits": [[label, rule], ...], "pairs":
[[label, a, b], ...], "parse": [[label, text, rule], ...]}, a rule being the rule's
tuple as nested JSON lists. Before every timed call gc.collect() runs, so no collection
of earlier garbage falls into a figure (one the call itself causes does).

Prints one JSON line per figure, then {"done": true, "free": gc.mem_free(), "stack":
micropython.stack_use() here}:
  {"fits": label, "us": [the time after the empty row, then after a row of two cards
   ending in each card 0..71 (the card before it 36 further on)]}
  {"parse": label, "us": time, "same": parse(text) == rule}
  {"pair": label, "us": time, "equal": equivalent(a, b)}
A call that raises gives {"fits" | "parse" | "pair": label, "error": "Type: message"}
instead (e.g. RuntimeError when the recursion outgrows the Pico's 8 KB C stack).
"""

import gc
import json
import time

import micropython

from core.games import wtr_rule as W


def rule(x):
    """The rule tuple of its JSON form (tuples become lists in JSON). Iterative: a long
    guess nests deeper than the 8 KB C stack allows Python calls."""
    if not isinstance(x, list):
        return x
    done = {}  # id of a list: its tuple
    todo = [x]
    while todo:
        y = todo[-1]
        kids = [z for z in y if isinstance(z, list) and id(z) not in done]
        if kids:
            todo.extend(kids)
            continue
        todo.pop()
        done[id(y)] = tuple([done[id(z)] if isinstance(z, list) else z for z in y])
    return done[id(x)]


def timed(f, *args):
    gc.collect()
    t = time.ticks_us()
    r = f(*args)
    return time.ticks_diff(time.ticks_us(), t), r


def report(kind, label, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - a failure is a figure too
        out = {"error": "%s: %s" % (type(e).__name__, e)}
    out[kind] = label
    print(json.dumps(out))


def fits_times(r, card):
    us = [timed(W.fits, r, [], card)[0]]
    for last in range(W.N):
        us.append(timed(W.fits, r, [(last + 36) % W.N, last], card)[0])
    return {"us": us}


def parse_time(text, want):
    us, r = timed(W.parse, text)
    return {"us": us, "same": r == want}


def pair_time(a, b):
    us, eq = timed(W.equivalent, a, b)
    return {"us": us, "equal": eq}


def main():
    with open("/bench_data.json") as f:
        data = json.load(f)
    card = data["card"]
    for label, r in data["fits"]:
        report("fits", label, lambda: fits_times(rule(r), card))
    for label, text, r in data["parse"]:
        report("parse", label, lambda: parse_time(text, rule(r)))
    for label, a, b in data["pairs"]:
        report("pair", label, lambda: pair_time(rule(a), rule(b)))
    data = None
    gc.collect()
    print(json.dumps({"done": True, "free": gc.mem_free(), "stack": micropython.stack_use()}))


main()
