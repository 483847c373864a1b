"""The same adapters over Adafruit's CircuitPython APIs.

For CircuitPython on a Pico (boards/pico.py: integer pins become board.GPn) and for
CPython + adafruit-blinka on a Raspberry Pi (boards/rpi_blinka.py: pin names such as
"D17" are looked up on `board`). Uses adafruit_ssd1306 (driver, bus handling,
framebuffer), busio.I2C, digitalio, and pwmio where the platform has it. Storage and
entropy are shared with MicroPython (firmware/storage.py, firmware/entropy.py).

Two things differ from the stock adafruit_ssd1306.SSD1306_I2C:
- its constructor sends display-on (poweron()) before init_display(), and init_display()
  sends display-on before it clears the RAM, so an old frame in the panel's memory would
  flash at boot. _driver_class() subclasses it: construction sends our INIT_CMDS (panel
  off first), clears or loads the RAM through adafruit's own show(), then switches on.
- its show() always sends the whole 1 KiB. Display.show() copies our page-layout frame
  into the driver's buffer (adafruit_framebuf MVLSB has the same layout: byte at
  page * 128 + x, bit 0 = top row) and, unless every page changed, writes only the
  changed pages, straight out of that buffer.
"""

from firmware.leds import LedSet, Level
from firmware.ssd1306 import DISPLAY_ON, INIT_CMDS, WIDTH, HEIGHT, Recovering, page_runs
from core import TICKS_PERIOD

_driver = None


def _driver_class():
    global _driver
    if _driver is None:
        import adafruit_ssd1306

        class SafeSSD1306(adafruit_ssd1306.SSD1306_I2C):
            _booted = False

            def __init__(self, i2c, addr, frame=None, power=True):
                self._frame_at_boot = frame
                self._power_at_boot = power
                super().__init__(WIDTH, HEIGHT, i2c, addr=addr)

            def poweron(self):
                if self._booted:  # not during construction: init_display() decides
                    self.write_cmd(DISPLAY_ON)
                    self._power = True

            def init_display(self):
                with self.i2c_device as dev:
                    dev.write(bytes((0x00,) + INIT_CMDS))  # panel off first
                frame = self._frame_at_boot
                if frame is None:
                    self.fill(0)
                else:
                    self.buffer[1:] = frame
                self.show()  # adafruit's full-frame write, RAM now known
                self._booted = True
                self._power = False
                if self._power_at_boot:
                    self.poweron()

        _driver = SafeSSD1306
    return _driver


class Display(Recovering):
    INIT_ERRORS = (OSError, ValueError)  # ValueError: nothing answers at addr

    def __init__(self, i2c, addr=0x3C, contrast=0xCF):
        self.i2c = i2c
        self.addr = addr
        self.dev = None
        self._on = True
        self._contrast = contrast
        try:
            self.init()
        except (OSError, ValueError) as e:  # ValueError: nothing answers at addr
            self._fail(e)

    def init(self, frame=None):
        self.dev = _driver_class()(self.i2c, self.addr, frame, False)
        self.dev.contrast(self._contrast)
        if self._on:
            self.dev.poweron()
        self.failed = False
        self._retry_at = None

    def show(self, buf, pages=0xFF):
        self._frame = buf
        if self.failed:
            return
        try:
            self._push(buf, pages & 0xFF)
        except OSError as e:
            self._fail(e)

    def _push(self, buf, pages):
        dev = self.dev
        b = dev.buffer  # b[0] = 0x40 (data control byte), page p at b[1 + 128p : ...]
        if pages == 0xFF:
            b[1:] = buf
            dev.show()
            return
        for p, q in page_runs(pages):
            s = p * WIDTH
            e = (q + 1) * WIDTH
            b[1 + s:1 + e] = buf[s:e]
            with dev.i2c_device as d:
                d.write(bytes((0x00, 0x21, 0, WIDTH - 1, 0x22, p, q)))
                # Borrow the byte before page p for the data control byte.
                keep = b[s]
                b[s] = 0x40
                try:
                    d.write(b, start=s, end=e + 1)
                finally:
                    b[s] = keep

    def contrast(self, level):
        level = 0 if level < 0 else 255 if level > 255 else level
        self._contrast = level
        if not self.failed:
            try:
                self.dev.contrast(level)
            except OSError as e:
                self._fail(e)

    def power(self, on):
        self._on = bool(on)
        if not self.failed:
            try:
                if on:
                    self.dev.poweron()
                else:
                    self.dev.poweroff()
            except OSError as e:
                self._fail(e)


def resolve_pin(board, pin):
    """boards/*.py pin -> a `board` pin object: 4 -> board.GP4, "D17" -> board.D17."""
    if isinstance(pin, int):
        return getattr(board, "GP%d" % pin)
    return getattr(board, pin)


class Buttons:
    def __init__(self, board_data, board=None, digitalio=None):
        if board is None:
            import board
        if digitalio is None:
            import digitalio
        active_low = board_data.BUTTONS_ACTIVE_LOW
        if board_data.BUTTONS_PULL_UP:
            pull = digitalio.Pull.UP
        elif not active_low:
            pull = digitalio.Pull.DOWN
        else:
            pull = None
        pins = []
        for pin, bit in board_data.BUTTONS:
            io = digitalio.DigitalInOut(resolve_pin(board, pin))
            io.direction = digitalio.Direction.INPUT
            io.pull = pull
            pins.append((io, bit))
        self._pins = tuple(pins)
        self._pressed = not active_low

    def read(self):
        mask = 0
        pressed = self._pressed
        for io, bit in self._pins:
            if bool(io.value) == pressed:
                mask |= bit
        return mask


class _Led(Level):
    def __init__(self, pin, pwm, freq, digitalio, pwmio):
        self._pwm = None
        self._io = None
        if pwm and pwmio is not None:
            try:
                self._pwm = pwmio.PWMOut(pin, frequency=freq, duty_cycle=0)
                return
            except (ValueError, RuntimeError, OSError, NotImplementedError):
                pass  # no PWM on this pin / platform: on-off
        self._io = digitalio.DigitalInOut(pin)
        self._io.direction = digitalio.Direction.OUTPUT
        self._io.value = False

    def _write(self, level):
        if self._pwm is not None:
            self._pwm.duty_cycle = level * 257
        else:
            self._io.value = level > 0


class Leds(LedSet):
    def __init__(self, board_data, board=None, digitalio=None, pwmio=False):
        if board is None:
            import board
        if digitalio is None:
            import digitalio
        if pwmio is False:
            try:
                import pwmio
            except (ImportError, NotImplementedError, RuntimeError):
                pwmio = None
        freq = getattr(board_data, "LED_PWM_FREQ", 1000)

        def led(pin, pwm):
            return _Led(resolve_pin(board, pin), pwm, freq, digitalio, pwmio)

        self.yes = led(board_data.LED_YES, True)
        self.no = led(board_data.LED_NO, True)
        if board_data.LED_STATUS is not None:
            self.status = led(board_data.LED_STATUS, board_data.LED_STATUS_PWM)


def _ticks_ms():
    import time

    return (time.monotonic_ns() // 1000000) % TICKS_PERIOD


def _sleep_ms(ms):
    import time

    time.sleep(ms / 1000)


class Hardware:
    """Same shape as firmware.main.Hardware, so firmware.main.run() drives it."""

    def __init__(self, board_data, data_dir=None, board=None, busio=None, digitalio=None, pwmio=False):
        if board is None:
            import board
        if busio is None:
            import busio
        self.board = board_data
        self.i2c = busio.I2C(
            resolve_pin(board, board_data.SCL),
            resolve_pin(board, board_data.SDA),
            frequency=board_data.I2C_FREQ,
        )
        self.display = Display(self.i2c, board_data.I2C_ADDR)
        self.buttons = Buttons(board_data, board, digitalio)
        self.leds = Leds(board_data, board, digitalio, pwmio)
        self.storage = None
        if data_dir is not None:
            from firmware.storage import Storage

            self.storage = Storage(data_dir)
        self.wdt = None
        self.ticks_ms = _ticks_ms
        self.sleep_ms = _sleep_ms

    def idle_ms(self, ms):
        self.sleep_ms(ms)

    def stop_watchdog(self):
        pass
