"""Program for the emulated Pico (tools/bench/press_profile.py): a host_sim script played
on the App with the device build (.mpy on littlefs, firmware.blit's native loops), the
panel and the I2C bus left out, each press's CPU time measured with time.ticks_us. Runs
at import.

/bench_script.txt: the script (button lines, `wait MS`, `hold BTN [MS]`; other lines are
skipped). Each button is held 150 ms and released for 250 ms, in 10 ms steps, as
../shared/pico-emu/measure plays it; after a step that pushed a frame gc.collect() runs
outside the figures, as firmware/main.py's loop collects after a frame.

Prints one JSON line per step that pushed a frame or took more than 3 ms, then
{"done": true, "free": gc.mem_free()}:
  {"n": script line, "line": its text, "push_us": step start to the frame handed to the
   display (null: no frame), "step_us": the whole step (with the saves after the push),
   "render_us": App._render, "lookups": table look-ups, "lookup_us": their time,
   "bytes": bytes the display would send (changed columns of the changed pages),
   "title": the screen's first text line}
"""

import gc
import json
import time

from core import i18n
from core.app import App

BUTTONS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "OK": 16, "BACK": 32, "YES": 64, "NO": 128}
TICK_MS = 10
PRESS_MS = 150
GAP_MS = 250


class Panel:
    """The display adapter without a bus: counts what the SSD1306 driver would send."""

    def __init__(self):
        self.at = None
        self.bytes = 0

    def show(self, buf, pages, spans=None):
        self.at = time.ticks_us()
        n = 0
        for p in range(8):
            if pages & (1 << p):
                n += 128 if spans is None else spans[2 * p + 1] - spans[2 * p] + 1
        self.bytes = n

    def power(self, on):
        pass

    def contrast(self, level):
        pass


class Leds:
    def set(self, yes, no, status):
        pass


class Storage:
    def __init__(self):
        self.files = {}

    def get(self, name):
        return self.files.get(name)

    def put(self, name, data):
        self.files[name] = bytes(data)

    def delete(self, name):
        self.files.pop(name, None)

    def list(self):
        return list(self.files)


counts = [0, 0, 0]  # look-ups, their us, render us
_get = i18n._Table.get
_render = App._render


def get(table, key, h):
    t = time.ticks_us()
    s = _get(table, key, h)
    counts[0] += 1
    counts[1] += time.ticks_diff(time.ticks_us(), t)
    return s


def render(app):
    t = time.ticks_us()
    _render(app)
    counts[2] += time.ticks_diff(time.ticks_us(), t)


i18n._Table.get = get
App._render = render
try:
    from firmware import blit as native
except ImportError:
    native = None
panel = Panel()
app = App(panel, Leds(), Storage(), 1, native=native)
now = 0


def hold(n, line, mask, ms):
    global now
    end = now + ms
    while now < end:
        now += TICK_MS
        counts[0] = counts[1] = counts[2] = 0
        panel.at = None
        frames = app.frames
        t = time.ticks_us()
        app.step(now, mask)
        step_us = time.ticks_diff(time.ticks_us(), t)
        pushed = app.frames != frames
        if pushed or step_us > 3000:
            print(json.dumps({"n": n, "line": line, "push_us": time.ticks_diff(panel.at, t) if pushed else None,
                              "step_us": step_us, "render_us": counts[2], "lookups": counts[0],
                              "lookup_us": counts[1], "bytes": panel.bytes if pushed else 0,
                              "title": app.frame.lines[0] if app.frame.lines else ""}))
        if pushed:
            gc.collect()


app.step(now, 0)
with open("/bench_script.txt") as f:
    lines = f.read().split("\n")
for n in range(len(lines)):
    words = lines[n].split()
    if not words:
        continue
    if words[0] in BUTTONS:
        hold(n + 1, lines[n], BUTTONS[words[0]], PRESS_MS)
        hold(n + 1, lines[n], 0, GAP_MS)
    elif words[0] == "wait":
        hold(n + 1, lines[n], 0, int(words[1]))
    elif words[0] == "hold":
        hold(n + 1, lines[n], BUTTONS[words[1]], int(words[2]) if len(words) > 2 else 1000)
        hold(n + 1, lines[n], 0, GAP_MS)
print(json.dumps({"done": True, "free": gc.mem_free()}))
