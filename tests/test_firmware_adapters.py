"""Board files and the small MicroPython adapters: buttons, LEDs, storage, entropy."""

import os
import sys

import pytest

from core import buttons as B
from fakes_machine import make_machine
from firmware.storage import Storage

BOARDS = ("pico", "pico_w", "pico_1mhz", "pico_ssd1309", "rpi_blinka")


def _board(name):
    pkg = __import__("boards." + name)
    return getattr(pkg, name)


@pytest.fixture
def machine(monkeypatch):
    m = make_machine()
    monkeypatch.setitem(sys.modules, "machine", m)
    return m


# --- board files --------------------------------------------------------------------


@pytest.mark.parametrize("name", BOARDS)
def test_board_file_is_complete_and_consistent(name):
    b = _board(name)
    assert b.NAME == name
    assert b.I2C_ADDR == 0x3C and b.I2C_FREQ == (1_000_000 if name == "pico_1mhz" else 400_000)
    assert (b.DISPLAY_WIDTH, b.DISPLAY_HEIGHT) == (128, 64)
    assert isinstance(b.BUTTONS, tuple) and all(isinstance(p, tuple) and len(p) == 2 for p in b.BUTTONS)
    bits = [bit for _, bit in b.BUTTONS]
    assert sorted(bits) == sorted(B.ALL)  # every logical button exactly once
    pins = [p for p, _ in b.BUTTONS]
    leds = [b.LED_YES, b.LED_NO, b.LED_STATUS]
    used = pins + leds + [b.SDA, b.SCL] + [p for p in [getattr(b, "DISPLAY_RESET", None)] if p is not None]
    assert len(set(used)) == len(used), "a pin is used twice"
    assert isinstance(b.BUTTONS_ACTIVE_LOW, bool) and isinstance(b.BUTTONS_PULL_UP, bool)


def test_pico_1mhz_is_the_pico_with_a_faster_bus():
    fast, pico = _board("pico_1mhz"), _board("pico")
    for key in ("I2C_ID", "SDA", "SCL", "BUTTONS", "LED_YES", "LED_NO", "LED_STATUS"):
        assert getattr(fast, key) == getattr(pico, key)


def test_pico_ssd1309_is_the_pico_with_the_larger_panel_and_its_reset_line():
    big, pico = _board("pico_ssd1309"), _board("pico")
    for key in ("I2C_ID", "SDA", "SCL", "I2C_FREQ", "BUTTONS", "LED_YES", "LED_NO", "LED_STATUS"):
        assert getattr(big, key) == getattr(pico, key)
    assert (big.PANEL, big.DISPLAY_RESET) == ("ssd1309", 20)
    assert getattr(pico, "PANEL", "ssd1306") == "ssd1306" and getattr(pico, "DISPLAY_RESET", None) is None


def test_pico_w_keeps_off_the_wireless_pins():
    b = _board("pico_w")
    for p, _ in b.BUTTONS:
        assert p not in (23, 24, 25, 29)
    assert b.LED_STATUS == "LED" and not b.LED_STATUS_PWM


def test_pico_buttons_pins_are_gpios_and_i2c0_pins_are_valid():
    b = _board("pico")
    assert all(isinstance(p, int) and 0 <= p <= 28 for p, _ in b.BUTTONS)
    # RP2040 I2C0 SDA/SCL pairs
    assert (b.SDA, b.SCL) in ((0, 1), (4, 5), (8, 9), (12, 13), (16, 17), (20, 21))
    # YES/NO LEDs on PWM-capable GPIOs (all RP2040 GPIOs are); different PWM channels
    assert b.LED_YES // 2 % 8 * 2 + b.LED_YES % 2 != b.LED_NO // 2 % 8 * 2 + b.LED_NO % 2


# --- buttons ------------------------------------------------------------------------


def test_buttons_read_active_low_with_pull_ups(machine):
    from firmware.buttons import Buttons

    b = _board("pico")
    btn = Buttons(b)
    for pin, _ in b.BUTTONS:
        assert machine.pins[pin].pull == machine.Pin.PULL_UP
        assert machine.pins[pin].mode == machine.Pin.IN
    assert btn.read() == 0
    for pin, bit in b.BUTTONS:
        machine.levels[pin] = 0
        assert btn.read() == bit, B.NAMES[B.ALL.index(bit)]
        machine.levels[pin] = 1
    machine.levels[14] = machine.levels[15] = 0
    assert btn.read() == B.OK | B.BACK


def test_buttons_active_high(machine):
    from firmware.buttons import Buttons

    class Board:
        BUTTONS = ((3, B.YES),)
        BUTTONS_ACTIVE_LOW = False
        BUTTONS_PULL_UP = False

    btn = Buttons(Board)
    assert machine.pins[3].pull == machine.Pin.PULL_DOWN
    assert btn.read() == 0
    machine.levels[3] = 1
    assert btn.read() == B.YES


# --- LEDs ---------------------------------------------------------------------------


def test_leds_pwm_levels(machine):
    from firmware.leds import Leds

    leds = Leds(_board("pico"))
    yes, no, status = machine.pwms
    assert (yes.pin.id, no.pin.id, status.pin.id) == (18, 19, 25)
    assert yes.freq() == 1000
    leds.set(255, 0, 128)
    assert (yes.duty_u16(), no.duty_u16(), status.duty_u16()) == (65535, 0, 128 * 257)
    leds.set(0, 300, -5)  # clamped
    assert (yes.duty_u16(), no.duty_u16(), status.duty_u16()) == (0, 65535, 0)


def test_leds_pico_w_status_is_on_off(machine):
    from firmware.leds import Leds

    leds = Leds(_board("pico_w"))
    assert len(machine.pwms) == 2
    led = machine.pins["LED"]
    leds.set(0, 0, 8)
    assert led.value() == 1
    leds.set(0, 0, 0)
    assert led.value() == 0


# --- storage ------------------------------------------------------------------------


def test_storage_roundtrip(tmp_path):
    s = Storage(str(tmp_path / "data"))
    assert s.list() == [] and s.get("settings.json") is None
    s.put("settings.json", b'{"a":1}')
    s.put("g23.sav", b"x" * 3000)
    s.put("settings.json", b'{"a":2}')
    assert s.get("settings.json") == b'{"a":2}'
    assert s.list() == ["g23.sav", "settings.json"]
    s.delete("g23.sav")
    s.delete("g23.sav")  # twice is fine
    assert s.list() == ["settings.json"]
    for bad in ("", "a/b", "../x", "x.tmp"):
        with pytest.raises(ValueError):
            s.put(bad, b"")


def test_storage_put_is_temp_then_rename(tmp_path):
    calls = []

    class Spy:
        def __getattr__(self, name):
            fn = getattr(os, name)

            def wrapped(*a):
                calls.append((name,) + a)
                return fn(*a)

            return wrapped

    root = str(tmp_path / "d")
    s = Storage(root, fs=Spy())
    s.put("a.sav", b"1")
    assert ("rename", root + "/a.sav.tmp", root + "/a.sav") in calls
    assert not any(c[0] == "remove" for c in calls)


def test_storage_power_cut_before_rename_keeps_old_file(tmp_path):
    root = str(tmp_path / "d")
    s = Storage(root)
    s.put("g.sav", b"old")

    class CutBeforeRename:
        def __getattr__(self, name):
            if name == "rename":
                raise KeyboardInterrupt  # "power gone" between write and rename
            return getattr(os, name)

    cut = Storage(root, fs=CutBeforeRename())
    cut._ready = True
    with pytest.raises(KeyboardInterrupt):
        cut.put("g.sav", b"new but never committed")
    assert Storage(root).get("g.sav") == b"old"
    assert Storage(root).list() == ["g.sav"]  # the .tmp left behind is not a name


def test_storage_fat_fallback_only_on_eexist(tmp_path):
    root = str(tmp_path / "d")
    Storage(root).put("g.sav", b"old")

    class Fat:
        def __getattr__(self, name):
            fn = getattr(os, name)
            if name != "rename":
                return fn

            def rename(a, b):
                if os.path.exists(b):
                    raise OSError(17, "exists")
                fn(a, b)

            return rename

    Storage(root, fs=Fat()).put("g.sav", b"new")
    assert Storage(root).get("g.sav") == b"new"

    class Full:
        def __getattr__(self, name):
            if name == "rename":

                def rename(a, b):
                    raise OSError(28, "no space")

                return rename
            return getattr(os, name)

    with pytest.raises(OSError):
        Storage(root, fs=Full()).put("g.sav", b"newer")
    assert Storage(root).get("g.sav") == b"new"  # not removed


def test_storage_on_littlefs_image():
    """The same adapter on littlefs (the Pico's filesystem), via littlefs-python."""
    littlefs = pytest.importorskip("littlefs")
    fs = littlefs.LittleFS(block_size=4096, block_count=64)

    class LfsOs:
        mkdir = staticmethod(fs.mkdir)
        rename = staticmethod(fs.rename)
        remove = staticmethod(fs.remove)
        listdir = staticmethod(fs.listdir)

    def opener(path, mode):
        return fs.open(path, mode)

    s = Storage("/data", fs=LfsOs, opener=opener)
    s.put("g23.sav", b"first")
    s.put("g23.sav", b"second, longer content")  # rename over an existing file
    assert s.get("g23.sav") == b"second, longer content"
    assert s.list() == ["g23.sav"]
    assert "g23.sav.tmp" not in fs.listdir("/data")
    s.delete("g23.sav")
    assert s.get("g23.sav") is None


# --- entropy ------------------------------------------------------------------------


def test_seed32_is_32_bits_and_varies():
    from firmware.entropy import seed32

    seeds = {seed32() for _ in range(20)}
    assert all(0 <= s < 1 << 32 for s in seeds)
    assert len(seeds) > 15


def test_seed32_rosc_fallback(machine, monkeypatch):
    import time

    from firmware import entropy

    bits = iter([1, 0, 1, 1] * 40)

    class Mem32:
        def __getitem__(self, addr):
            assert addr == 0x4006001C
            return next(bits)

    machine.mem32 = Mem32()

    def no_urandom(n):
        raise NotImplementedError

    monkeypatch.setattr(entropy.os, "urandom", no_urandom)
    monkeypatch.setattr(time, "ticks_us", lambda: 123456, raising=False)
    s = entropy.seed32()
    assert 0 <= s < 1 << 32 and s != 0
