"""Raspberry Pi (40-pin header) with CPython + Adafruit Blinka. Data only.

Pins are Blinka `board` names (BCM numbering: "D17" = GPIO17); firmware/cp_backend.py
resolves them with getattr(board, name). Physical header pins are in the comments.
The display sits on the Pi's I2C1 (enable I2C in raspi-config; set
dtparam=i2c_arm_baudrate=400000 in /boot/firmware/config.txt for 400 kHz: on Linux the
bus speed is fixed by the kernel, I2C_FREQ is a request only).
"""

from core.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, YES, NO

NAME = "rpi_blinka"

I2C_ID = 1
SDA = "SDA"  # GPIO2, header pin 3
SCL = "SCL"  # GPIO3, header pin 5
I2C_ADDR = 0x3C
I2C_FREQ = 400_000
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64

BUTTONS = (
    ("D17", UP),  # pin 11
    ("D27", DOWN),  # pin 13
    ("D22", LEFT),  # pin 15
    ("D23", RIGHT),  # pin 16
    ("D24", OK),  # pin 18
    ("D25", BACK),  # pin 22
    ("D5", YES),  # pin 29
    ("D6", NO),  # pin 31
)
BUTTONS_ACTIVE_LOW = True
BUTTONS_PULL_UP = True

# GPIO12/13 are the Pi's hardware PWM0/PWM1 (needs dtoverlay=pwm-2chan,pin=12,func=4,
# pin2=13,func2=4 for pwmio); without it the backend falls back to on/off.
LED_YES = "D12"  # pin 32
LED_NO = "D13"  # pin 33
LED_STATUS = "D16"  # pin 36
LED_STATUS_PWM = False
LED_PWM_FREQ = 1000
