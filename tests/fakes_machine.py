"""Fake hardware for the device tests: an SSD1306 panel model that decodes the I2C
command/data stream, a fake MicroPython `machine` module (Pin, I2C, PWM, WDT, lightsleep)
and a fake busio.I2C that adafruit_bus_device accepts.

Panel model (SSD1306 datasheet, section 8.1.5 and 10): every I2C write to the panel is a
sequence of control bytes, each followed by data. Control byte: bit 7 Co, bit 6 D/C#, the
other bits 0. Co=1: exactly one byte follows, then another control byte. Co=0: all the
remaining bytes of the write are commands (D/C#=0) or RAM data (D/C#=1). Command
parameters are command bytes too and may arrive in later writes (adafruit_ssd1306 sends
one byte per write), so the command parser keeps its state across writes.
"""

import types

W = 128
PAGES = 8

# Commands with parameter bytes: opcode -> number of parameters.
_ARGS = {
    0x81: 1, 0x8D: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
    0xDA: 1, 0xDB: 1, 0xAD: 1, 0xA3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
}
_SINGLE = {0xAE, 0xAF, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xC0, 0xC8, 0x2E, 0x2F, 0xE3}


class Panel:
    """An SSD1306 128x64: GDDRAM, pointers, addressing modes, on/off and what it shows."""

    def __init__(self, ram=None, on=False, charge_pump=False):
        self.ram = bytearray(ram if ram is not None else bytes(W * PAGES))
        self.on = on
        self.charge_pump = charge_pump
        self.contrast = 0x7F
        self.mode = 2  # reset default: page addressing
        self.col_start, self.col_end = 0, W - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col = 0
        self.page = 0
        self.seg_remap = False
        self.com_reversed = False
        self.entire_on = False
        self.inverted = False
        self.mux = 63
        self.offset = 0
        self.start_line = 0
        self.commands = []  # every decoded command: (opcode, arg, ...)
        self.lit_snapshots = []  # RAM at every moment the panel started to light up
        self.writes = 0  # I2C write transactions
        self.bytes_in = 0  # bytes after the address byte
        self.data_bytes = 0  # RAM bytes written
        self._cmd = None  # [opcode, args...] waiting for parameters
        self._lit = self.lit

    # --- what a viewer sees ----------------------------------------------------------
    @property
    def lit(self):
        return self.on and self.charge_pump

    def visible(self):
        """The 1024-byte page-layout image a viewer sees, or None while dark.

        With A1 (column 127 -> SEG0) and C8 (COM63 -> COM0), the usual upright mounting,
        the image equals the RAM; other settings mirror it.
        """
        if not self.lit:
            return None
        if self.entire_on:
            return bytes([0xFF]) * (W * PAGES)
        out = bytearray(W * PAGES)
        for y in range(64):
            ry = y if self.com_reversed else 63 - y
            for x in range(W):
                rx = x if self.seg_remap else W - 1 - x
                if self.ram[(ry >> 3) * W + rx] >> (ry & 7) & 1:
                    out[(y >> 3) * W + x] |= 1 << (y & 7)
        if self.inverted:
            out = bytearray(b ^ 0xFF for b in out)
        return bytes(out)

    # --- the I2C side ----------------------------------------------------------------
    def write(self, data):
        """One I2C write transaction addressed to the panel (address byte excluded)."""
        data = bytes(data)
        self.writes += 1
        self.bytes_in += len(data)
        i = 0
        n = len(data)
        while i < n:
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                raise AssertionError("bad control byte 0x%02x" % ctrl)
            is_data = bool(ctrl & 0x40)
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i >= n:
                    raise AssertionError("control byte with Co=1 at the end of a write")
                self._byte(data[i], is_data)
                i += 1
            else:
                for b in data[i:]:
                    self._byte(b, is_data)
                break

    def _byte(self, b, is_data):
        if is_data:
            if self._cmd is not None:
                raise AssertionError("RAM data while command 0x%02x waits for parameters" % self._cmd[0])
            self._ram_write(b)
        else:
            self._command_byte(b)
        lit = self.lit
        if lit and not self._lit:
            self.lit_snapshots.append(bytes(self.ram))
        self._lit = lit

    def _ram_write(self, b):
        self.data_bytes += 1
        self.ram[self.page * W + self.col] = b
        if self.mode == 0:  # horizontal
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif self.mode == 1:  # vertical
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:  # page mode: column wraps, page stays
            self.col = (self.col + 1) % W

    def _command_byte(self, b):
        if self._cmd is not None:
            self._cmd.append(b)
            if len(self._cmd) - 1 == _ARGS[self._cmd[0]]:
                cmd, self._cmd = self._cmd, None
                self._apply(tuple(cmd))
            return
        if b in _ARGS:
            self._cmd = [b]
            return
        if b in _SINGLE or b <= 0x1F or 0x40 <= b <= 0x7F or 0xB0 <= b <= 0xB7:
            self._apply((b,))
            return
        raise AssertionError("unknown SSD1306 command 0x%02x" % b)

    def _apply(self, cmd):
        self.commands.append(cmd)
        op = cmd[0]
        if op == 0xAE:
            self.on = False
        elif op == 0xAF:
            self.on = True
        elif op == 0x81:
            self.contrast = cmd[1]
        elif op == 0x8D:
            self.charge_pump = bool(cmd[1] & 0x04)
        elif op == 0x20:
            if cmd[1] & 3 == 3:
                raise AssertionError("invalid addressing mode")
            self.mode = cmd[1] & 3
        elif op == 0x21:
            self.col_start, self.col_end = cmd[1] & 0x7F, cmd[2] & 0x7F
            self.col = self.col_start
        elif op == 0x22:
            self.page_start, self.page_end = cmd[1] & 7, cmd[2] & 7
            self.page = self.page_start
        elif op <= 0x0F:  # page mode: lower column nibble
            if self.mode == 2:
                self.col = (self.col & 0xF0) | op
        elif op <= 0x1F:  # page mode: upper column nibble
            if self.mode == 2:
                self.col = ((op & 0x0F) << 4) | (self.col & 0x0F)
        elif 0xB0 <= op <= 0xB7:
            if self.mode == 2:
                self.page = op & 7
        elif op in (0xA0, 0xA1):
            self.seg_remap = op == 0xA1
        elif op in (0xC0, 0xC8):
            self.com_reversed = op == 0xC8
        elif op in (0xA4, 0xA5):
            self.entire_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op == 0xA8:
            self.mux = cmd[1]
        elif op == 0xD3:
            self.offset = cmd[1]
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        # others (clock, pre-charge, VCOMH, COM pins, IREF, scrolling, NOP): recorded only


def sample_frame(seed=1):
    """A 1024-byte frame with every page different and asymmetric (catches mirroring)."""
    out = bytearray(W * PAGES)
    x = seed or 1
    for i in range(len(out)):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out[i] = x & 0xFF
    return out


# --- a fake MicroPython `machine` --------------------------------------------------


class Bus:
    """What sits on one I2C bus: devices by address, a log, and injected failures."""

    def __init__(self):
        self.devices = {}
        self.log = []  # (addr, bytes) of every write
        self.fail = 0  # the next `fail` writes raise OSError(EIO)

    def write(self, addr, data):
        data = bytes(data)
        if self.fail:
            self.fail -= 1
            raise OSError(5)  # EIO, what rp2 raises on a NACK
        dev = self.devices.get(addr)
        if dev is None:
            raise OSError(5)
        self.log.append((addr, data))
        if data:
            dev.write(data)

    def payload_bytes(self, since=0):
        return sum(len(d) for _, d in self.log[since:])

    def wire_bytes(self, since=0):
        """Bytes on the wire: address byte plus payload, per write."""
        return sum(1 + len(d) for _, d in self.log[since:])


def make_machine(panel=None, addr=0x3C):
    """A fresh fake `machine` module. State lives on the module: m.pins, m.bus, m.pwms..."""
    m = types.ModuleType("machine")
    m.bus = Bus()
    if panel is not None:
        m.bus.devices[addr] = panel
    m.pins = {}  # id -> Pin
    m.levels = {}  # id -> input level driven from outside (a button)
    m.pwms = []
    m.wdts = []
    m.i2cs = []
    m.lightsleeps = []

    class Pin:
        IN = 0
        OUT = 1
        PULL_UP = 1
        PULL_DOWN = 2

        def __init__(self, id, mode=-1, pull=-1, value=None):
            self.id = id
            self.mode = mode
            self.pull = pull
            self._out = 0 if value is None else value
            m.pins[id] = self

        def value(self, v=None):
            if v is None:
                if self.mode == Pin.OUT:
                    return self._out
                if self.id in m.levels:
                    return m.levels[self.id]
                return 1 if self.pull == Pin.PULL_UP else 0
            self._out = 1 if v else 0

    class I2C:
        def __init__(self, id, *, sda=None, scl=None, freq=400000, timeout=50000):
            self.id, self.sda, self.scl, self.freq = id, sda, scl, freq
            m.i2cs.append(self)

        def writeto(self, addr, buf, stop=True):
            m.bus.write(addr, buf)
            return len(buf)

        def writevto(self, addr, vector, stop=True):
            data = b"".join(bytes(v) for v in vector)
            m.bus.write(addr, data)
            return len(data)

        def scan(self):
            return sorted(m.bus.devices)

    class PWM:
        def __init__(self, pin):
            self.pin = pin
            self._freq = 0
            self._duty = 0
            m.pwms.append(self)

        def freq(self, f=None):
            if f is None:
                return self._freq
            self._freq = f

        def duty_u16(self, d=None):
            if d is None:
                return self._duty
            if not 0 <= d <= 65535:
                raise ValueError("duty out of range")
            self._duty = d

    class WDT:
        def __init__(self, id=0, timeout=5000):
            if timeout < 1 or timeout > 8388:
                raise ValueError("timeout out of range")
            self.timeout = timeout
            self.feeds = 0
            m.wdts.append(self)

        def feed(self):
            self.feeds += 1

    def lightsleep(ms=None):
        m.lightsleeps.append(ms)

    m.Pin, m.I2C, m.PWM, m.WDT, m.lightsleep = Pin, I2C, PWM, WDT, lightsleep
    return m


class Clock:
    """ticks_ms/sleep_ms for firmware.main.run(): sleeping advances time and fires the
    scheduled actions (fn) whose time has come."""

    def __init__(self, start=0):
        self.now = start
        self.slept = []
        self._at = []

    def at(self, t, fn):
        self._at.append((t, fn))
        self._at.sort(key=lambda a: a[0])

    def ticks_ms(self):
        return self.now & ((1 << 30) - 1)

    def sleep_ms(self, ms):
        self.slept.append(ms)
        self.now += ms
        while self._at and self._at[0][0] <= self.now:
            self._at.pop(0)[1]()


# --- a fake busio.I2C for adafruit_bus_device / adafruit_ssd1306 ---------------------


class BusioI2C:
    """The part of busio.I2C that adafruit_bus_device.I2CDevice uses."""

    def __init__(self, bus=None):
        self.bus = bus or Bus()
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        assert self.locked, "write without the bus lock"
        if end is None:
            end = len(buffer)
        self.bus.write(address, bytes(buffer[start:end]))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        assert self.locked
        if address not in self.bus.devices:
            raise OSError(19)

    def scan(self):
        return sorted(self.bus.devices)

    def deinit(self):
        pass


def import_adafruit_ssd1306():
    """Import adafruit_ssd1306 (None when not installed). It imports busio, and Blinka
    detects the platform once, at that import: ask for its OS-agnostic fake board so
    busio imports on any host."""
    import importlib
    import os

    os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
    try:
        return importlib.import_module("adafruit_ssd1306")
    except ImportError:
        return None
