"""Entry point on Adafruit's APIs: CircuitPython on a Pico, or CPython + Blinka on a Pi.

CircuitPython: copy core/, firmware/, boards/ and adafruit_ssd1306 + adafruit_framebuf +
adafruit_bus_device (from the CircuitPython bundle) to CIRCUITPY, and a code.py of
`from firmware.cp_main import main; main("pico")`. Saves need a writable filesystem: by
default CIRCUITPY is read-only to code, so storage stays off unless data_dir is given
and boot.py remounted it (storage.remount("/", readonly=False)).

Raspberry Pi: `python -m firmware.cp_main [board] [data_dir]`
(defaults rpi_blinka and ~/.local/share/tablebox).
"""

import sys


def main(board_name=None, data_dir=None, steps=None):
    from firmware import cp_backend
    from firmware.entropy import seed32
    from firmware.main import load_board, run
    from core.app import App

    on_cpython = sys.implementation.name == "cpython"
    if board_name is None:
        board_name = "rpi_blinka" if on_cpython else "pico"
    if data_dir is None and on_cpython:
        import os

        data_dir = os.path.join(os.path.expanduser("~"), ".local", "share", "tablebox")
        os.makedirs(data_dir, exist_ok=True)
    hw = cp_backend.Hardware(load_board(board_name), data_dir)
    app = App(hw.display, leds=hw.leds, storage=hw.storage, seed=seed32())
    run(app, hw, steps)
    return app


if __name__ == "__main__":
    main(*sys.argv[1:3])
