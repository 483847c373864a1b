"""Tablebox on a Raspberry Pi Pico with MicroPython: boot, then run the one loop.

On the device it is frozen into the Tablebox firmware (tools/manifest.py) or, with stock
MicroPython, firmware/main.mpy beside the precompiled app; a two-line /main.py runs it
(tools/deploy.py MAIN, firmware/boot.py; a mip install copies this file as /main.py).
It picks the board module, builds the adapters, seeds the core from entropy and calls
app.step(time.ticks_ms(), buttons.read()) every few ms.

- Safe mode: hold OK + BACK while powering up and the loop does not start (REPL free);
  the panel says "Safe mode" (show_safe_mode(), which never raises).
- Watchdog (config.WATCHDOG, on in production builds): fed only here, once per loop.
  An uncaught error stops the feeding and the board resets; the core resumes from its
  last save. Ctrl-C (mpremote) disarms it on the RP2040 so the REPL stays usable.
- While app.asleep the loop polls every IDLE_POLL_MS, in machine.lightsleep() if
  config.LIGHTSLEEP.
- Awake, the loop passes start on a grid of POLL_MS on the microsecond clock
  (pause()), not POLL_MS after the previous pass: how long a press took never
  shifts when the next one is seen (on the emulated Pico a vote's YES and NO presses
  then take the same time to the microsecond).
- Where the port compiles native code (the Pico), the App gets firmware/blit.py's viper
  loops (App(native=...), loaded when the box is first idle, not during the boot):
  drawing text and finding a frame's changed columns take a fraction of the time the
  portable core needs, with the same bytes.
- Garbage is collected in the first loop pass after a frame was pushed (the user is
  reading it), after a step that took button events (App.inputs: a press, a release, a
  repeat), and in the loop's first pass (the boot's garbage). An OK acts on its release:
  what that loads for good (a game's first OK imports core.savefile) was put above the
  press's garbage and split the heap's largest free block, 199 -> 111 KB on the emulated
  Pico, once that garbage was swept. The collection after the press runs while the
  button is held: core.buttons takes no release in the 20 ms after a press, and a
  collection takes 3-4 ms (emulated Pico, 30-40 KB in use). So the collector never
  runs between an event and the frame that answers it, and a press takes the same time
  whatever the heap held before (YES and NO alike).
- A board with PHONES (the Pico W, with the Tablebox firmware's W build, which freezes the
  phones' page and QR encoder in) serves the players' phones: app.phones is a
  firmware.radio.Radio (its access point, server and DNS come up when the table pairs),
  stepped every pass; while it is up the loop never lightsleeps (the radio would stop).
- I2C errors: the display adapter never raises; it flags `failed` and the loop calls
  display.recover(), which re-initialises the panel and pushes the whole frame.
"""

import gc
import sys
import time

from core import const
from firmware import config

_OK_BACK = const(16 | 32)  # core.buttons OK | BACK, held at boot: safe mode
_TICKS_MASK = const((1 << 30) - 1)


def load_board(name=None):
    """The board module: `name`, else config.BOARD, else guessed from the firmware."""
    if name is None:
        name = config.BOARD
    if name is None:
        machine_name = getattr(sys.implementation, "_machine", "")
        name = "pico_w" if " W" in machine_name else "pico"
    pkg = __import__("boards." + name)
    return getattr(pkg, name)


def _ticks_ms():  # CPython fallback (tests); MicroPython has time.ticks_ms
    return int(time.monotonic() * 1000) & _TICKS_MASK


def _sleep_ms(ms):
    time.sleep(ms / 1000)


class Hardware:
    """The adapters for one board, plus clock, sleep and the (optional) watchdog."""

    def __init__(self, board, data_dir=None):
        import machine
        from firmware.buttons import Buttons
        from firmware.leds import Leds
        from firmware.ssd1306 import SSD1306
        from firmware.storage import Storage

        self.machine = machine
        self.board = board
        self.ticks_ms = getattr(time, "ticks_ms", _ticks_ms)
        self.sleep_ms = getattr(time, "sleep_ms", _sleep_ms)
        self.ticks_us = getattr(time, "ticks_us", None)  # MicroPython only, see pause()
        self.sleep_us = getattr(time, "sleep_us", None)
        reset = getattr(board, "DISPLAY_RESET", None)
        if reset is not None:  # SSD1309 modules answer on I2C only after a reset pulse
            pin = machine.Pin(reset, machine.Pin.OUT, value=1)
            pin.value(0)
            self.sleep_ms(10)
            pin.value(1)
        self.i2c = machine.I2C(
            board.I2C_ID,
            sda=machine.Pin(board.SDA),
            scl=machine.Pin(board.SCL),
            freq=board.I2C_FREQ,
        )
        panel = getattr(board, "PANEL", "ssd1306")
        self.display = SSD1306(self.i2c, board.I2C_ADDR, contrast=config.CONTRAST, panel=panel)
        self.buttons = Buttons(board)
        self.leds = Leds(board)
        self.storage = Storage(data_dir or config.DATA_DIR)
        self.wdt = None
        self.lightsleep = getattr(machine, "lightsleep", None) if config.LIGHTSLEEP else None

    def idle_ms(self, ms):
        if self.lightsleep is not None:
            self.lightsleep(ms)
        else:
            self.sleep_ms(ms)

    def start_watchdog(self, timeout_ms):
        self.wdt = self.machine.WDT(timeout=max(2000, timeout_ms))

    def stop_watchdog(self):
        """RP2040 only: clear WATCHDOG CTRL.ENABLE (machine.WDT has no stop)."""
        if self.wdt is None:
            return
        mem32 = getattr(self.machine, "mem32", None)
        if mem32 is not None and "RP2040" in getattr(sys.implementation, "_machine", ""):
            mem32[0x40058000] &= ~(1 << 30)
            self.wdt = None


def pause(hw, ms):
    """Sleep to the next multiple of `ms` on hw's microsecond clock, so every loop pass
    starts on one grid whatever the step before it took: the loop's phase, and with it how
    soon the next press is seen, never carries how long a press took (YES and NO alike).
    Hardware without a microsecond clock (CPython, CircuitPython's backend) sleeps `ms`."""
    ticks_us = getattr(hw, "ticks_us", None)
    if ticks_us is None:
        hw.sleep_ms(ms)
    else:
        period = ms * 1000
        hw.sleep_us(period - ticks_us() % period)


def run(app, hw, steps=None):
    """The main loop: forever, or `steps` iterations (tests)."""
    ticks_ms = hw.ticks_ms
    read = hw.buttons.read
    display = hw.display
    poll = config.POLL_MS
    idle = config.IDLE_POLL_MS
    radio = app.phones  # the Pico W's (boot()), else None
    n = 0
    seen = app.frames + app.inputs  # both only grow: the sum changes when either does
    settle = True  # the boot's garbage too
    while steps is None or n < steps:
        n += 1
        if settle:
            # The garbage of the step just done goes before the next one, whose work
            # (core.prepare's idle items, the release an OK acts on) makes what it keeps:
            # on a swept heap that lands low, not above the garbage, where it would split
            # the free space once that is swept.
            settle = False
            gc.collect()
        now = ticks_ms()
        try:
            app.step(now, read())
        except OSError as e:  # hardware trouble below the core; the game state lives on
            print("step:", repr(e))
        if radio is not None:
            radio.step(now)
        if app.frames + app.inputs != seen:  # an int sum: no tuple made every pass
            seen = app.frames + app.inputs
            settle = True  # collect on the next pass, once this step's work is done
        if display.failed:
            display.recover(ticks_ms())
        if hw.wdt is not None:
            hw.wdt.feed()
        if app.asleep and (radio is None or not radio.up):
            hw.idle_ms(idle)
        elif app.asleep:
            hw.sleep_ms(idle)
        else:
            pause(hw, poll)
    return n


def boot(hw, seed=None):
    """Build the App on `hw`; None in safe mode (OK + BACK held), which the serial port
    and the panel say (the serial port may be unplugged: show_safe_mode())."""
    if hw.buttons.read() & _OK_BACK == _OK_BACK:
        print("Tablebox: safe mode (OK+BACK held), loop not started")
        show_safe_mode(hw.display)
        return None
    from core.app import App

    if seed is None:
        seed = config.SEED
    if seed is None:
        seed = _entropy  # read when the first game starts: one module less at boot
    app = App(hw.display, leds=hw.leds, storage=hw.storage, seed=seed, native=_native)
    if getattr(getattr(hw, "board", None), "PHONES", False):
        from core import data_bytes

        try:  # the page and its QR encoder come with the Tablebox firmware's W build only
            data_bytes("phone.html")
        except OSError:
            return app
        from firmware.radio import Radio

        app.phones = Radio(app)
    return app


def show_safe_mode(display):
    """Push safe_mode_frame() to the panel; never raises. Safe mode is the way into a box
    whose app is broken, so whatever fails here (a core that does not import, a missing
    core/bigfont.bin, no heap) is printed, the panel stays dark and safe mode still
    leaves the REPL free."""
    try:
        display.show(safe_mode_frame().buf, 0xFF)
    except Exception as e:
        print("Tablebox: safe mode not shown on the panel:", repr(e))


def safe_mode_frame():
    """The Frame of safe mode: what happened and how to leave it. English literals, not
    core.i18n: the language is a setting in /data, and reading it (core.settings) and
    the word tables (core/lang/*.txt) is the code a broken box may fail in; safe mode
    needs core.frame and its fonts only."""
    from core.frame import Frame

    f = Frame()
    f.center("Safe mode", 16, 2)
    f.center("OK+BACK held at boot", 40)
    f.center("Reset to start", 48)
    return f


def _native():
    """firmware.blit where the port compiles native code (the Pico), else None: CPython
    (Blinka's micropython module makes viper a no-op there, the loops would not even
    define), and MicroPython ports without a native emitter (the WebAssembly port), whose
    compiler refuses the viper functions."""
    if sys.implementation.name != "micropython":
        return None
    try:
        from firmware import blit
    except (ImportError, SyntaxError, ValueError):
        return None
    return blit


def _entropy():
    from core import release
    from firmware.entropy import seed32

    seed = seed32()
    release("firmware.entropy")  # read once, for the first game: no heap after it
    return seed


def main(board=None, hw=None, steps=None):
    if hw is None:
        hw = Hardware(load_board(board))
    app = boot(hw)
    if app is None:
        return None
    if config.WATCHDOG:
        hw.start_watchdog(config.WATCHDOG_MS)
    try:
        run(app, hw, steps)
    except KeyboardInterrupt:
        hw.stop_watchdog()
        hw.leds.set(0, 0, 0)
        raise
    return app


if __name__ == "__main__":
    main()
