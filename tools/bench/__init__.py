"""`./dev bench` (= python -m tools.bench): regenerate BENCHMARKS.md, do not edit it by hand.

Every built game in core.games.GAMES is measured, with the home menu and the Secret vote.
One module per thing measured; each has a measure function that returns plain data and a
section function that turns that data into Markdown lines:

  pico.py      on the emulated Pico (../shared/pico-emu, the stock firmware): button to
               photon, boot time, heap, frames against the host simulator; issue 10
  wtr.py       What the Rule?!'s judge, parser and equivalence: a table of calls timed
               on the emulated Pico (pico.time_calls); issue 12
  soak.py      a long game of each game on the emulated Pico, stock and Tablebox firmware
  heap.py      the live heap under the MicroPython WebAssembly port: each game's steps,
               what each module and table costs loaded, a script line by line (its CLI)
  wire.py      I2C bytes per interaction through the real SSD1306 driver
  speed.py     render and button-step time on CPython and under the WebAssembly port
  playouts.py  random whole games per second on CPython
  presses.py   presses per turn of every game, counted from scripts and scripted turns
  web.py       the web page in headless Chromium
  press_profile.py  (a CLI, no section) where a script's presses spend their time on the
               emulated Pico

and the plumbing: sessions.py (the scripted sessions), wasm.py + wasm.mjs (a program
under the WebAssembly port), pico_exec.mjs and boot.mjs (the emulated Pico's REPL and
boot), environment.py, markdown.py, report.py (the document), __main__.py (the command).
mp/ holds what runs under MicroPython: harness.py and speed.py (CPython imports them too),
the programs run_heap.py, run_timing.py and probe_romfs.py (WebAssembly port), run_calls.py
and run_presses.py (emulated Pico).
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MP_DIR = os.path.join(ROOT, "tools", "bench", "mp")


def program(name):
    """Path of the MicroPython program tools/bench/mp/<name>.py."""
    return os.path.join(MP_DIR, name + ".py")


with open(program("probe_romfs")) as _f:
    ROMFS_PROBE = _f.read()  # the probe's source, which tests/test_romfs.py runs
