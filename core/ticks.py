"""Millisecond tick arithmetic that survives the wrap-around.

MicroPython's time.ticks_ms() wraps at 2**30. The core never reads a clock: times come in
as arguments, and every comparison goes through diff()/add() so that a run may start just
before the wrap and behave exactly as one that starts at zero.
"""

PERIOD = 1 << 30
_MASK = PERIOD - 1
_HALF = PERIOD >> 1


def add(t, delta):
    """t + delta on the wrapping tick scale."""
    return (t + delta) & _MASK


def diff(a, b):
    """Signed a - b, correct while the true distance is below 2**29 ms (6 days)."""
    return ((a - b + _HALF) & _MASK) - _HALF
