"""Raspberry Pi Pico W: same wiring as boards/pico.py. Data only.

Differences: GP23/24/25/29 belong to the wireless chip, and the on-board LED hangs off
the CYW43 (pin name "LED"), so the status LED is on/off only, not PWM.
"""

from core.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, YES, NO

NAME = "pico_w"

I2C_ID = 0
SDA = 4
SCL = 5
I2C_ADDR = 0x3C
I2C_FREQ = 400_000
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64

BUTTONS = (
    (10, UP),
    (11, DOWN),
    (12, LEFT),
    (13, RIGHT),
    (14, OK),
    (15, BACK),
    (16, YES),
    (17, NO),
)
BUTTONS_ACTIVE_LOW = True
BUTTONS_PULL_UP = True

LED_YES = 18
LED_NO = 19
LED_STATUS = "LED"  # CYW43 GPIO0: on/off only
LED_STATUS_PWM = False
LED_PWM_FREQ = 1000
