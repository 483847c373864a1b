"""firmware/cp_backend.py (adafruit_ssd1306 + busio + digitalio + pwmio) on fake buses,
and the stock adafruit_ssd1306 driver through the same SSD1306 panel model.

The stock driver is the independent reference for the panel model: if the model decoded
the stream wrongly, adafruit's frame would not come out equal to the buffer it sent.
"""

import types

import pytest

from fakes_machine import Bus, BusioI2C, Clock, Panel, import_adafruit_ssd1306, sample_frame

adafruit_ssd1306 = import_adafruit_ssd1306()
if adafruit_ssd1306 is None:
    pytest.skip("adafruit-circuitpython-ssd1306 not installed", allow_module_level=True)

from firmware import cp_backend  # noqa: E402
from firmware.ssd1306 import RETRY_MS  # noqa: E402

OLD_VOTE = bytes([0x0F, 0xF0]) * 512


def _bus(panel=None):
    bus = Bus()
    panel = panel if panel is not None else Panel()
    bus.devices[0x3C] = panel
    return BusioI2C(bus), panel, bus


# --- the stock driver: reference for the model, and why SafeSSD1306 exists ------------


@pytest.mark.parametrize("page_addressing", [False, True])
def test_stock_adafruit_frame_lands_on_the_model(page_addressing):
    i2c, panel, bus = _bus()
    disp = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c, addr=0x3C, page_addressing=page_addressing)
    frame = sample_frame(11)
    disp.buffer[1:] = frame
    disp.show()
    assert panel.visible() == bytes(frame)
    # and through adafruit_framebuf's drawing: (x, y) lands on bit y&7 of byte page*128+x
    disp.fill(0)
    disp.pixel(0, 0, 1)
    disp.pixel(127, 63, 1)
    disp.pixel(5, 10, 1)
    disp.show()
    want = bytearray(1024)
    want[0] = 0x01
    want[7 * 128 + 127] = 0x80
    want[1 * 128 + 5] = 1 << 2
    assert panel.visible() == bytes(want)


def test_stock_adafruit_would_flash_the_old_vote():
    # adafruit_ssd1306 sends display-on in poweron() before init_display() clears RAM.
    i2c, panel, bus = _bus(Panel(ram=OLD_VOTE, charge_pump=True))
    adafruit_ssd1306.SSD1306_I2C(128, 64, i2c)
    assert panel.lit_snapshots[0] == OLD_VOTE


def test_stock_adafruit_full_frame_bytes():
    i2c, panel, bus = _bus()
    disp = adafruit_ssd1306.SSD1306_I2C(128, 64, i2c)
    n = len(bus.log)
    disp.show()
    # 6 window commands sent one per write as (0x80, cmd), then 0x40 + 1024
    assert bus.payload_bytes(n) == 6 * 2 + 1025


# --- our CircuitPython-API Display -----------------------------------------------------


def test_cp_display_blank_before_on():
    i2c, panel, bus = _bus(Panel(ram=OLD_VOTE, on=True, charge_pump=True))
    d = cp_backend.Display(i2c, 0x3C)
    assert not d.failed
    assert panel.commands[0] == (0xAE,)
    assert panel.lit_snapshots == [bytes(1024)]
    assert panel.lit and panel.visible() == bytes(1024)
    assert panel.seg_remap and panel.com_reversed and panel.mux == 63


def test_cp_display_full_and_partial_frames():
    i2c, panel, bus = _bus()
    d = cp_backend.Display(i2c, 0x3C)
    frame = sample_frame(12)
    n = len(bus.log)
    d.show(frame, 0xFF)
    full = bus.payload_bytes(n)
    assert panel.visible() == bytes(frame)
    # the page-layout frame was copied into adafruit's own framebuffer unchanged
    assert bytes(d.dev.buffer[1:]) == bytes(frame)
    assert d.dev.pixel(0, 0) == frame[0] & 1

    frame[6 * 128 + 100] ^= 0x10
    n = len(bus.log)
    d.show(frame, 1 << 6)
    one = bus.payload_bytes(n)
    assert panel.visible() == bytes(frame)
    assert one == 7 + 129
    assert full >= 1025 and one * 7 < full
    # the byte borrowed for the control byte was put back
    assert bytes(d.dev.buffer[1:]) == bytes(frame)
    assert d.dev.buffer[0] == 0x40


def test_cp_display_scattered_pages():
    i2c, panel, bus = _bus()
    d = cp_backend.Display(i2c, 0x3C)
    old = sample_frame(1)
    d.show(old, 0xFF)
    new = sample_frame(2)
    d.show(new, 0b10010011)
    seen = panel.visible()
    for p in range(8):
        want = new if p in (0, 1, 4, 7) else old
        assert seen[p * 128:(p + 1) * 128] == bytes(want[p * 128:(p + 1) * 128]), p


def test_cp_display_contrast_power():
    i2c, panel, bus = _bus()
    d = cp_backend.Display(i2c, 0x3C, contrast=0x20)
    assert panel.contrast == 0x20
    frame = sample_frame(3)
    d.show(frame, 0xFF)
    d.contrast(200)
    assert panel.contrast == 200
    d.power(False)
    assert panel.visible() is None
    d.power(True)
    assert panel.visible() == bytes(frame)


def test_cp_display_recovers_from_oserror():
    i2c, panel, bus = _bus()
    d = cp_backend.Display(i2c, 0x3C)
    d.show(sample_frame(1), 0xFF)
    new = sample_frame(2)
    bus.fail = 1
    d.show(new, 1)
    assert d.failed
    assert d.recover(0)
    assert panel.visible() == bytes(new)
    assert panel.lit_snapshots[-1] == bytes(new)


def test_cp_display_absent_then_present():
    bus = Bus()
    i2c = BusioI2C(bus)
    d = cp_backend.Display(i2c, 0x3C)  # adafruit_bus_device raises ValueError: no device
    assert d.failed
    frame = sample_frame(4)
    d.show(frame, 0xFF)
    assert not d.recover(0)
    panel = Panel(ram=OLD_VOTE)
    bus.devices[0x3C] = panel
    assert not d.recover(RETRY_MS - 1)  # backing off
    assert d.recover(RETRY_MS)
    assert panel.visible() == bytes(frame)
    assert OLD_VOTE not in panel.lit_snapshots


# --- the real Blinka busio.I2C in front of the model ---------------------------------


@pytest.fixture
def blinka_busio(monkeypatch):
    monkeypatch.setenv("BLINKA_OS_AGNOSTIC", "1")
    try:
        import board
        import busio
    except Exception as e:  # pragma: no cover - depends on Blinka's platform detection
        pytest.skip("Blinka cannot start here: %r" % (e,))
    return board, busio


class _LinuxI2C:
    """Stands in for Blinka's platform I2C object (busio.I2C._i2c)."""

    def __init__(self, bus):
        self.bus = bus

    def writeto(self, address, buffer, *, stop=True):
        self.bus.write(address, bytes(buffer))

    def readfrom_into(self, address, buffer, *, stop=True):
        if address not in self.bus.devices:
            raise OSError(19)

    def scan(self):
        return sorted(self.bus.devices)


def test_cp_display_through_real_blinka_busio(blinka_busio):
    board, busio = blinka_busio
    bus = Bus()
    panel = Panel(ram=OLD_VOTE)
    bus.devices[0x3C] = panel
    i2c = busio.I2C(board.SCL, board.SDA)
    i2c._i2c = _LinuxI2C(bus)
    d = cp_backend.Display(i2c, 0x3C)
    assert panel.lit_snapshots == [bytes(1024)]
    frame = sample_frame(21)
    d.show(frame, 0xFF)
    frame[2 * 128] ^= 1
    n = len(bus.log)
    d.show(frame, 1 << 2)
    assert bus.payload_bytes(n) == 136
    assert panel.visible() == bytes(frame)


# --- buttons and LEDs on fake digitalio / pwmio -----------------------------------------


def _fake_cp_modules():
    levels = {}

    class Pull:
        UP = "up"
        DOWN = "down"

    class Direction:
        INPUT = "in"
        OUTPUT = "out"

    class DigitalInOut:
        def __init__(self, pin):
            self.pin = pin
            self.direction = Direction.INPUT
            self.pull = None
            self._value = False

        @property
        def value(self):
            if self.direction == Direction.OUTPUT:
                return self._value
            return levels.get(self.pin, self.pull == Pull.UP)

        @value.setter
        def value(self, v):
            self._value = bool(v)

    digitalio = types.SimpleNamespace(DigitalInOut=DigitalInOut, Pull=Pull, Direction=Direction)
    pwms = {}

    class PWMOut:
        def __init__(self, pin, *, frequency=500, duty_cycle=0):
            if pin == "NO_PWM":
                raise ValueError("no PWM here")
            self.pin, self.frequency, self.duty_cycle = pin, frequency, duty_cycle
            pwms[pin] = self

    pwmio = types.SimpleNamespace(PWMOut=PWMOut)

    class Board:
        def __getattr__(self, name):
            return name  # a pin object is its name here

    return Board(), digitalio, pwmio, levels, pwms


def test_cp_buttons_pico_pins_map_to_logical_bits():
    from boards import pico
    from core import buttons as B

    board, digitalio, pwmio, levels, pwms = _fake_cp_modules()
    btn = cp_backend.Buttons(pico, board, digitalio)
    assert btn.read() == 0
    levels["GP11"] = False  # DOWN pressed (active low)
    levels["GP16"] = False  # YES
    assert btn.read() == B.DOWN | B.YES


def test_cp_buttons_blinka_pin_names():
    from boards import rpi_blinka
    from core import buttons as B

    board, digitalio, pwmio, levels, pwms = _fake_cp_modules()
    btn = cp_backend.Buttons(rpi_blinka, board, digitalio)
    levels["D24"] = False
    assert btn.read() == B.OK


def test_cp_leds_pwm_and_on_off_fallback():
    from boards import pico_w

    board, digitalio, pwmio, levels, pwms = _fake_cp_modules()
    leds = cp_backend.Leds(pico_w, board, digitalio, pwmio)
    leds.set(255, 128, 7)
    assert pwms["GP18"].duty_cycle == 65535
    assert pwms["GP19"].duty_cycle == 128 * 257
    assert leds.status._io.value is True  # CYW43 LED: on/off only
    leds.set(0, 0, 0)
    assert pwms["GP18"].duty_cycle == 0 and leds.status._io.value is False
    # no pwmio at all: on/off
    leds = cp_backend.Leds(pico_w, board, digitalio, None)
    leds.set(1, 0, 0)
    assert leds.yes._io.value is True and leds.no._io.value is False


def test_cp_hardware_runs_the_app_loop():
    """cp_backend.Hardware + firmware.main.run + the real App, all on fakes."""
    from boards import pico
    from core import buttons as B
    from core.app import App
    from firmware.main import run

    board, digitalio, pwmio, levels, pwms = _fake_cp_modules()
    bus = Bus()
    panel = Panel(ram=OLD_VOTE)
    bus.devices[0x3C] = panel
    busio = types.SimpleNamespace(I2C=lambda scl, sda, frequency: BusioI2C(bus))
    hw = cp_backend.Hardware(pico, None, board=board, busio=busio, digitalio=digitalio, pwmio=pwmio)
    clock = Clock()
    hw.ticks_ms, hw.sleep_ms = clock.ticks_ms, clock.sleep_ms
    app = App(hw.display, leds=hw.leds, storage=hw.storage, seed=1)
    run(app, hw, steps=20)
    assert panel.visible() == bytes(app.frame.buf)
    first = list(app.frame.lines)
    clock.at(clock.now + 20, lambda: levels.__setitem__("GP11", False))
    clock.at(clock.now + 120, lambda: levels.__setitem__("GP11", True))
    run(app, hw, steps=60)
    assert app.frame.lines != first  # DOWN moved the cursor
    assert panel.visible() == bytes(app.frame.buf)
    assert OLD_VOTE not in panel.lit_snapshots
    assert B.DOWN  # (bit used via pico.BUTTONS: GP11 -> DOWN)
