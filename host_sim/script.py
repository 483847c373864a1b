"""Headless script mode: drive an App from a list of steps (MicroPython-compatible).

One step per line:
  OK | BACK | UP | DOWN | LEFT | RIGHT | YES | NO   a short press (held PRESS_MS, then
                                                    released for GAP_MS)
  hold BUTTON [MS]    hold a button (default 1000 ms: a long press), then release
  wait MS             let time pass with no button held
  expect "text"       fail unless some line of the current screen contains text
  screen              print the screen's text lines
  # ...               comment; blank lines are ignored

run(app, lines, echo) executes the steps against the app with a simulated clock that
advances TICK_MS per App.step; it returns None, or the failure message of the first
failing step, with its line number. A malformed step (an argument after a button, a
time that is not a whole number from 1 to MAX_MS, an empty or unquoted expect) fails
with the reason. The clock may start anywhere (e.g. just before the 2**30 wrap).
"""

from core import buttons as B
from core import ticks_add, ticks_diff

TICK_MS = 10
PRESS_MS = 60
GAP_MS = 60
MAX_MS = 24 * 3600 * 1000  # a day; core.ticks_diff compares times up to 2**29 ms apart


class Runner:
    def __init__(self, app, start_ms=0, on_step=None):
        self.app = app
        self.now = start_ms
        self.on_step = on_step  # called after every App.step (frame capture, screenshots)
        self.app.step(self.now, 0)

    def hold(self, mask, ms):
        end = ticks_add(self.now, ms)
        while ticks_diff(end, self.now) > 0:
            self.now = ticks_add(self.now, TICK_MS)
            self.app.step(self.now, mask)
            if self.on_step:
                self.on_step(self)

    def press(self, mask):
        self.hold(mask, PRESS_MS)
        self.hold(0, GAP_MS)

    def lines(self):
        return self.app.frame.lines

    def do(self, line):
        """Run one step; returns an error message or None."""
        line = line.strip()
        if not line or line[0] == "#":
            return None
        word, _, rest = line.partition(" ")
        rest = rest.strip()
        up = word.upper()
        if up in B.NAMES:
            if rest:
                return "a button press takes no argument: " + line
            self.press(B.by_name(up))
        elif word == "hold":
            name, _, ms = rest.partition(" ")
            if name.upper() not in B.NAMES:
                return "unknown button: " + name
            ms = _ms(ms) if ms else 1000
            if ms is None:
                return "hold BUTTON [MS]: MS is a whole number from 1 to {}: {}".format(MAX_MS, line)
            self.hold(B.by_name(name), ms)
            self.hold(0, GAP_MS)
        elif word == "wait":
            ms = _ms(rest)
            if ms is None:
                return "wait MS: MS is a whole number from 1 to {}: {}".format(MAX_MS, line)
            self.hold(0, ms)
        elif word == "expect":
            if len(rest) < 3 or rest[0] != '"' or rest[-1] != '"':
                return 'expect needs a text in quotes, e.g. expect "Players": ' + line
            text = rest[1:-1]
            for s in self.lines():
                if text in s:
                    return None
            return 'expected "{}" on screen, found: {}'.format(text, " | ".join(self.lines()))
        elif word == "screen" and not rest:
            print("\n".join(self.lines()))
        else:
            return "unknown step: " + line
        if self.app.last_error is not None:
            e = self.app.last_error
            return "crash: {}: {}".format(type(e).__name__, e)
        return None


def _ms(text):
    """text as a time in ms, or None unless it is a whole number 1..MAX_MS."""
    try:
        ms = int(text)
    except ValueError:
        return None
    return ms if 1 <= ms <= MAX_MS else None


def run(app, lines, echo=False, start_ms=0, on_step=None):
    r = Runner(app, start_ms, on_step)
    n = 0
    for line in lines:
        n += 1
        err = r.do(line)
        if echo and line.strip() and line.strip()[0] != "#":
            print("> " + line.strip())
            print("  " + " | ".join(r.lines()))
        if err:
            return "line {}: {}".format(n, err)
    return None


def transcript(lines, seed=1, start_ms=0, storage=None):
    """Run a script on fresh fakes and return everything observable as text: each frame
    pushed (pages mask and bytes), LED changes, the screen's lines after every step and
    the files left in storage. CPython and MicroPython must produce identical text."""
    from core.app import App
    from host_sim import fakes

    d = fakes.Display()
    leds = fakes.Leds()
    st = storage if storage is not None else fakes.MemStorage()
    app = App(d, leds, st, seed)
    out = []
    seen = [0, 0]

    def flush(r):
        for mask, data in d.pushes[seen[0] :]:
            out.append("F {:02x} {}".format(mask, _hex(data)))
        for s in leds.history[seen[1] :]:
            out.append("L {} {} {}".format(s[0], s[1], s[2]))
        seen[0] = len(d.pushes)
        seen[1] = len(leds.history)

    r = Runner(app, start_ms, flush)
    flush(r)
    for line in lines:
        err = r.do(line)
        out.append("S " + " | ".join(r.lines()))
        if err:
            out.append("E " + err)
            break
    for name in st.list():
        out.append("D {} {}".format(name, _hex(st.get(name))))
    return "\n".join(out)


def _hex(data):
    return "".join(["{:02x}".format(b) for b in data])
