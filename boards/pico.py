"""Default build: Raspberry Pi Pico (RP2040) + SSD1306 128x64 I2C OLED. Data only.

Pin numbers are GPIO numbers (GPn). See boards/README.md for the wiring table.
Buttons connect the GPIO to GND (active low, internal pull-ups); LEDs are driven
GPIO -> resistor -> LED -> GND (active high, PWM).
"""

from core.buttons import UP, DOWN, LEFT, RIGHT, OK, BACK, YES, NO

NAME = "pico"

# Display: I2C0 on GP4/GP5 (physical pins 6/7).
I2C_ID = 0
SDA = 4
SCL = 5
I2C_ADDR = 0x3C
I2C_FREQ = 400_000
DISPLAY_WIDTH = 128
DISPLAY_HEIGHT = 64

# (GPIO, logical button bit). A tuple, so the order is the same on every runtime.
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
BUTTONS_ACTIVE_LOW = True  # pressed = pin reads 0
BUTTONS_PULL_UP = True  # use the RP2040's internal pull-ups (~50 kOhm)

# LEDs: YES (green) GP18 = PWM1A, NO (red) GP19 = PWM1B, status = on-board LED GP25 (PWM4B).
LED_YES = 18
LED_NO = 19
LED_STATUS = 25
LED_STATUS_PWM = True  # the status LED can dim
LED_PWM_FREQ = 1000
