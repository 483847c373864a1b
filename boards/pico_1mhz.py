"""Raspberry Pi Pico + SSD1306 as boards/pico.py, with the I2C bus at 1 MHz. Data only.

Many SSD1306 modules run at 1 MHz (fast-mode plus), which sends a full frame in about
9 ms instead of 23; the datasheet promises 400 kHz, so this is a choice per module, not
the default. Select it with BOARD = "pico_1mhz" in firmware/config.py.
"""

from boards.pico import *  # noqa: F401,F403 - the same wiring

NAME = "pico_1mhz"
I2C_FREQ = 1_000_000
