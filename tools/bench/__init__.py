"""`./dev bench` (= python -m tools.bench): regenerate BENCHMARKS.md, do not edit it by hand.

Every built game in core.games.GAMES is measured, with the home menu and the Secret vote.
One module per thing measured; each has a measure function that returns plain data and a
section function that turns that data into Markdown lines:

  pico.py      on the emulated Pico (../shared/pico-emu, the stock firmware): button to
               photon per interaction kind, boot time, heap, frames against the host
               simulator, at 400 kHz and at the 1 MHz board's I2C clock; issue 10 targets
  wtr.py       What the Rule?!'s judge, guess parser and rule equivalence on the emulated
               Pico (mp/run_wtr.py run from the REPL by pico_exec.mjs); issue 12 targets
  heap.py      live heap under the MicroPython WebAssembly port after every button step
  imports.py   heap cost of the core, each game and each language table once loaded
  rework.py    issue 9: those heap figures against the ones recorded before the rework
  wire.py      I2C bytes per interaction through the real SSD1306 driver
  speed.py     render and button-step time on CPython and under the WebAssembly port
  playouts.py  random whole games per second on CPython

and the plumbing: sessions.py (the scripted sessions), wasm.py + wasm.mjs (a program
under the WebAssembly port), pico_exec.mjs (code run from the emulated Pico's REPL),
loaded.py (core modules a start loads, in a fresh CPython), environment.py, markdown.py,
report.py (the document), __main__.py (the command).
mp/ holds the code that runs under MicroPython: the libraries harness.py, heap.py and
speed.py (CPython imports them too) and the programs run_*.py and probe_romfs.py
(run_wtr.py runs on the emulated Pico, the others under the WebAssembly port).
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP_DIR = os.path.join(ROOT, "tools", "bench", "mp")


def program(name):
    """Path of the MicroPython program tools/bench/mp/<name>.py."""
    return os.path.join(MP_DIR, name + ".py")


with open(program("probe_romfs")) as _f:
    ROMFS_PROBE = _f.read()  # the probe's source, which tests/test_romfs.py runs
