"""Raspberry Pi Pico W: same wiring as boards/pico.py. Data only.

Differences: GP23/24/25/29 belong to the wireless chip, and the on-board LED hangs off
the CYW43 (pin name "LED"), so the status LED is on/off only, not PWM; the radio serves
the players' phones (PHONES: firmware/radio.py, with the Tablebox firmware).
"""

from boards.pico import *  # noqa: F401,F403 - the same pins, then the differences

NAME = "pico_w"
LED_STATUS = "LED"  # CYW43 GPIO0: on/off only
LED_STATUS_PWM = False
PHONES = True  # the box is the phones' Wi-Fi access point (issue 53)
