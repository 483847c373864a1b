"""firmware/main.py and its adapters under real MicroPython (WebAssembly port, node).

A minimal fake `machine` (written for MicroPython) records every I2C write; the script
boots the real App, presses DOWN, and prints the writes and the final frame. CPython then
replays the writes into the SSD1306 panel model: what MicroPython sent must show exactly
the frame the core drew, and the panel must not light up before its RAM holds the first
frame (no old frame, no blank one).
"""

import binascii

import pytest

from fakes_machine import Panel
from tests.mpwasm import run_micropython

pytestmark = pytest.mark.micropython  # a slow tier: ./dev test --all (tests/conftest.py)

FAKE_MACHINE = '''
levels = {}
log = []
pwms = []

class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.v = 0

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self.v
            return levels.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)
        self.v = v


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=0):
        self.freq = freq

    def writeto(self, addr, buf, stop=True):
        log.append(bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        log.append(b"".join([bytes(v) for v in vector]))
        return len(log[-1])


class PWM:
    def __init__(self, pin):
        self.d = 0
        pwms.append(self)

    def freq(self, f=None):
        pass

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = d


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.feeds = 0

    def feed(self):
        self.feeds += 1


def lightsleep(ms=None):
    pass
'''

SCRIPT = '''
import sys
import binascii
import fakehw.machine as m
sys.modules["machine"] = m
from firmware import main as fw

now = [1000]
def ticks():
    return now[0]
def sleep(ms):
    now[0] += ms
    if now[0] == 1200:
        m.levels[11] = 0   # DOWN
    if now[0] == 1300:
        m.levels[11] = 1

hw = fw.Hardware(fw.load_board("pico"), data_dir="/data")
hw.ticks_ms = ticks
hw.sleep_ms = sleep
hw.ticks_us = None  # the fake clock counts ms: the loop sleeps POLL_MS (firmware.main.pause)
app = fw.boot(hw, seed=1)
fw.run(app, hw, 120)
hw.storage.put("t.sav", b"one")
hw.storage.put("t.sav", b"two")
print("S", hw.storage.get("t.sav"), hw.storage.list())
for w in m.log:
    print("W", binascii.hexlify(w).decode())
print("F", binascii.hexlify(app.frame.buf).decode())
print("L", "|".join(app.frame.lines))
print("P", [p.duty_u16() for p in m.pwms])
'''


def test_firmware_boots_and_drives_the_panel_under_micropython(tmp_path):
    pkg = tmp_path / "fakehw"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "machine.py").write_text(FAKE_MACHINE)
    out = run_micropython(SCRIPT, paths=("firmware", "boards", str(pkg)))
    writes, frame, lines, store = [], None, None, None
    for line in out.splitlines():
        tag, _, rest = line.partition(" ")
        if tag == "W":
            writes.append(binascii.unhexlify(rest))
        elif tag == "F":
            frame = binascii.unhexlify(rest)
        elif tag == "L":
            lines = rest.split("|")
        elif tag == "S":
            store = rest
    assert frame is not None, out
    assert lines[2] == "> Democrazy", lines  # DOWN moved the cursor under MicroPython
    assert store == "b'two' ['t.sav']"  # atomic put over an existing file, on MP's VFS
    panel = Panel(ram=bytes([0x81]) * 1024, on=True, charge_pump=True)
    for w in writes:
        panel.write(w)
    assert panel.commands[0] == (0xAE,)
    assert bytes([0x81]) * 1024 not in panel.lit_snapshots
    assert len(panel.lit_snapshots) >= 1 and panel.lit_snapshots[0] != bytes(1024)  # the home menu
    assert panel.visible() == frame
    # the cursor move went out as page pushes, not a second full frame
    full = [w for w in writes if len(w) >= 1025]
    assert len(full) == 1  # the first frame (no blank RAM at init)
