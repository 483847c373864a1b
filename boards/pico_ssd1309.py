"""Raspberry Pi Pico + a 2.42" 128x64 OLED module with the SSD1309 controller, for tables
where people sit far apart. Data only: the wiring of boards/pico.py plus the panel's
reset line. Select it with BOARD = "pico_ssd1309" in firmware/config.py.

These modules come set for SPI: move the module's mode resistors to I2C as its maker
describes (address 0x3C). The SSD1309 needs a reset pulse before it answers, so its RES
pin goes to GP20 (physical pin 26); CS and DC stay unconnected or as the maker says.
"""

from boards.pico import *  # noqa: F401,F403 - the same wiring

NAME = "pico_ssd1309"
PANEL = "ssd1309"  # firmware/ssd1306.init_cmds: no charge pump, VCOMH 0x34
DISPLAY_RESET = 20
