"""Buttons adapter (MicroPython machine.Pin): read() -> bitmask of held logical buttons.

The board file maps pins to bits (core.buttons); the core debounces, so this only samples
levels. Buttons wire the pin to GND (active low) with the internal pull-up by default.
"""


class Buttons:
    def __init__(self, board):
        from machine import Pin

        active_low = board.BUTTONS_ACTIVE_LOW
        if board.BUTTONS_PULL_UP:
            pull = Pin.PULL_UP
        elif not active_low:
            pull = Pin.PULL_DOWN
        else:
            pull = None  # external pull-ups
        self._pressed = 0 if active_low else 1
        self._pins = tuple((Pin(p, Pin.IN, pull), bit) for p, bit in board.BUTTONS)

    def read(self):
        mask = 0
        pressed = self._pressed
        for pin, bit in self._pins:
            if pin.value() == pressed:
                mask |= bit
        return mask
