"""Build settings for the device. `./dev deploy --production` flips PRODUCTION on.

PRODUCTION enables the hardware watchdog and lightsleep while the screen is asleep. Keep
it off while developing: a running watchdog resets the board unless the loop feeds it
(firmware/main.py disarms it on Ctrl-C, so mpremote still gets a REPL).
"""

PRODUCTION = False

BOARD = None  # None: "pico_w" if sys.implementation._machine says Pico W, else "pico"
WATCHDOG = PRODUCTION
WATCHDOG_MS = 4000  # >= 2000; the rp2 maximum is 8388
LIGHTSLEEP = PRODUCTION  # machine.lightsleep() between polls while app.asleep
POLL_MS = 2  # loop period while awake (plus the step itself): a press waits 1 ms on average
IDLE_POLL_MS = 40  # while asleep: a press still lasts several polls
DATA_DIR = "/data"
SEED = None  # None: seeded from entropy. A number (measurements only, tools/bench): the
# emulated Pico then deals and rolls what the host simulator does, frame for frame
CONTRAST = 0xCF
