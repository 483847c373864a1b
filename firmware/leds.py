"""Leds adapter (MicroPython): set(yes, no, status) with levels 0..255.

PWM (duty_u16 = level * 257) where the board allows it; a pin without PWM (the Pico W's
CYW43 LED) is on for any level > 0. Unchanged levels are not rewritten.
"""


class Level:
    """One LED: set(level) clamps to 0..255 and writes only a change (via _write)."""

    level = 0

    def set(self, level):
        level = 0 if level < 0 else 255 if level > 255 else int(level)
        if level != self.level:
            self.level = level
            self._write(level)


class LedSet:
    """yes, no and an optional status LED (Level objects) behind set(yes, no, status)."""

    status = None

    def set(self, yes, no, status=0):
        self.yes.set(yes)
        self.no.set(no)
        if self.status is not None:
            self.status.set(status)


class _Led(Level):
    def __init__(self, machine, pin, pwm, freq):
        p = machine.Pin(pin, machine.Pin.OUT)
        p.value(0)
        self._pin = p
        self._pwm = None
        if pwm:
            self._pwm = machine.PWM(p)
            self._pwm.freq(freq)
            self._pwm.duty_u16(0)

    def _write(self, level):
        if self._pwm is not None:
            self._pwm.duty_u16(level * 257)
        else:
            self._pin.value(1 if level else 0)


class Leds(LedSet):
    def __init__(self, board):
        import machine

        freq = getattr(board, "LED_PWM_FREQ", 1000)
        self.yes = _Led(machine, board.LED_YES, True, freq)
        self.no = _Led(machine, board.LED_NO, True, freq)
        if board.LED_STATUS is not None:
            self.status = _Led(machine, board.LED_STATUS, board.LED_STATUS_PWM, freq)
