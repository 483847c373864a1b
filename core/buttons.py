"""Logical buttons and the events made from raw levels.

Input is a bitmask of buttons held down, sampled by the caller with a time in ms (no
clock is read here). Output is a list of events (kind, button):

  PRESS    the button went down
  RELEASE  it came up again before LONG_MS: a plain click
  LONG     it has been held LONG_MS; its RELEASE is then suppressed
  REPEAT   UP/DOWN/LEFT/RIGHT still held: after REPEAT_DELAY_MS, every REPEAT_MS

Debounce acts on the leading edge: the first change of a button's level is taken at once
(no waiting for the level to settle, which cost every press 20 ms) and further changes of
that button are ignored for DEBOUNCE_MS, so contact chatter after an edge is never a
second press. A level that still differs when the lockout ends is taken then (a press
shorter than DEBOUNCE_MS is a click).

ignore_held() drops every further event of the buttons currently down until they have
been released, so the press that opened a screen cannot act on the new screen. Times go
through core.ticks_diff and ticks_add, so the logic is safe across the 2**30 ms wrap-around.
"""

from core import ticks_add, ticks_diff

UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
OK = 16
BACK = 32
YES = 64
NO = 128
ALL = (UP, DOWN, LEFT, RIGHT, OK, BACK, YES, NO)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "YES", "NO")
REPEATING = UP | DOWN | LEFT | RIGHT

PRESS = 1
RELEASE = 2
LONG = 3
REPEAT = 4

DEBOUNCE_MS = 20
LONG_MS = 700
REPEAT_DELAY_MS = 400
REPEAT_MS = 120

_NONE = ()


def by_name(name):
    return ALL[NAMES.index(name.upper())]


class Buttons:
    def __init__(self):
        self.stable = 0  # debounced levels
        self._raw = 0
        self._locked = 0  # buttons within DEBOUNCE_MS of their last accepted edge
        self._edge_t = [0] * 8  # when each button's last accepted edge was
        self._down_t = [0] * 8  # when each stable press began
        self._next_repeat = [0] * 8
        self._long_done = 0  # buttons whose LONG fired (RELEASE suppressed)
        self._ignored = 0

    def ignore_held(self):
        self._ignored |= self.stable

    def down(self, mask):
        """Which of the buttons in mask are down right now (raw levels, not debounced)."""
        return self._raw & mask

    def update(self, now, raw):
        events = _NONE
        self._raw = raw
        for i in range(8):
            bit = 1 << i
            if self._locked & bit:
                if ticks_diff(now, self._edge_t[i]) < DEBOUNCE_MS:
                    continue
                self._locked &= ~bit
            level = raw & bit
            if level != self.stable & bit:
                self.stable ^= bit
                self._locked |= bit
                self._edge_t[i] = now
                if level:
                    self._down_t[i] = now
                    self._next_repeat[i] = ticks_add(now, REPEAT_DELAY_MS)
                    kind = PRESS
                else:
                    kind = 0 if self._long_done & bit else RELEASE
                    self._long_done &= ~bit
                    if self._ignored & bit:
                        self._ignored &= ~bit
                        continue
                if kind:
                    events = self._add(events, kind, bit)
            elif level and not self._ignored & bit:
                if bit & REPEATING:
                    if ticks_diff(now, self._next_repeat[i]) >= 0:
                        self._next_repeat[i] = ticks_add(now, REPEAT_MS)
                        events = self._add(events, REPEAT, bit)
                elif not self._long_done & bit and ticks_diff(now, self._down_t[i]) >= LONG_MS:
                    self._long_done |= bit
                    events = self._add(events, LONG, bit)
        return events

    def _add(self, events, kind, bit):
        if self._ignored & bit:
            return events
        if events is _NONE:
            events = []
        events.append((kind, bit))
        return events
