"""`./dev bench` (= python -m tools.bench): regenerate BENCHMARKS.md, do not edit it by hand.

One module per thing measured, each with a measure function that returns plain data and a
section function that turns it into Markdown: pico, wtr and soak (the emulated Pico), heap
(the MicroPython WebAssembly port), wire, speed, playouts, presses, web. The plumbing:
sessions, wasm.py + wasm.mjs, pico_exec.mjs + boot.mjs, environment, markdown, report,
__main__. mp/ holds what runs under MicroPython (CPython imports it too).
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def program(name):
    """Path of the MicroPython program tools/bench/mp/<name>.py."""
    return os.path.join(ROOT, "tools", "bench", "mp", name + ".py")
