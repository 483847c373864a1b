"""A small SSD1306 128x64 driver over machine.I2C, and the core's Display adapter; it
also drives the SSD1309 of the larger 2.42" modules (panel="ssd1309", see init_cmds()).

Written here rather than taken from micropython-lib's ssd1306: that driver owns a
framebuf and always sends the whole frame, and its init switches the panel on before
clearing RAM (an old vote could flash at boot). The core already renders SSD1306 page
layout, so this one only addresses windows and streams page runs from the core's buffer.

show(buf, pages[, spans]) pushes only the changed pages: for each run of adjacent changed
pages one command write (column window 0..127, page window p..q) and one data write
straight from `buf` (writevto, no copy). One page is 7 + 129 bytes on the bus, a full
frame 7 + 1025. With spans (the first and last changed column of each page, from the
App's native loops) a page whose change is narrower gets a window of its own columns:
a new screen of short lines sends about a third less (windows()).

init() switches the panel OFF first and configures it. On recovery it then fills the
whole RAM with the current frame and switches the panel on; at boot it leaves the panel
dark, and the first show() sends the whole frame and only then switches it on. So an old
frame left in the panel's memory (a vote!) is never shown after a reset, and the boot
does not spend 1 KB of bus time (23 ms at 400 kHz) on clearing RAM that the first frame
overwrites anyway.

I2C errors never escape: show/contrast/power catch OSError, set `failed`, and remember
the frame; the main loop calls recover(now), which re-initialises the panel and pushes
the whole frame (first retry at once, then every RETRY_MS while the panel stays away).
"""

from core import const, ticks_add, ticks_diff

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8
RETRY_MS = 500

# Command bytes, without the control byte. Shared with firmware/cp_backend.py.
INIT_CMDS = (
    0xAE,  # display off, before anything else
    0xD5, 0x80,  # clock divide / oscillator
    0xA8, HEIGHT - 1,  # multiplex ratio
    0xD3, 0x00,  # display offset 0
    0x40,  # start line 0
    0x8D, 0x14,  # charge pump on (internal VCC)
    0x20, 0x00,  # horizontal addressing
    0xA1,  # column 127 -> SEG0
    0xC8,  # COM scan from COM63 to COM0
    0xDA, 0x12,  # COM pins: alternative, no remap (128x64)
    0xD9, 0xF1,  # pre-charge
    0xDB, 0x30,  # VCOMH deselect level
    0xA4,  # show RAM contents
    0xA6,  # not inverted
    0x2E,  # no scrolling
    0x21, 0x00, WIDTH - 1,  # column window
    0x22, 0x00, PAGES - 1,  # page window (pointer now at page 0, column 0)
)
DISPLAY_ON = 0xAF
_SET_CONTRAST = const(0x81)


def init_cmds(panel="ssd1306"):
    """INIT_CMDS for the panel's controller. The SSD1309 takes the same commands but has
    no charge pump (its module makes the panel voltage; 0x8D is not an SSD1309 command)
    and wants VCOMH 0x34."""
    if panel == "ssd1306":
        return INIT_CMDS
    if panel != "ssd1309":
        raise ValueError("unknown panel: " + panel)
    cmds = list(INIT_CMDS)
    del cmds[8:10]  # 0x8D, 0x14: charge pump
    cmds[cmds.index(0xDB) + 1] = 0x34
    return tuple(cmds)

_DATA = b"\x40"  # control byte: Co=0, D/C=1, the rest of the write is RAM data
_ON = b"\x00\xaf"
_OFF = b"\x00\xae"


def page_runs(pages):
    """(first, last) of each run of adjacent pages set in the mask, top to bottom: one
    window command and one data write per run."""
    p = 0
    while p < PAGES:
        if not (pages >> p) & 1:
            p += 1
            continue
        q = p
        while q + 1 < PAGES and (pages >> (q + 1)) & 1:
            q += 1
        yield p, q
        p = q + 1


# A window of its own costs a page 10 bytes (command write and the data write's control
# byte): trimmed only when that leaves out more columns than this.
_TRIM_MIN = const(10)


def windows(pages, spans=None):
    """(first page, last page, first column, last column) of each window to send: the
    runs of page_runs(), or with spans each page narrowed to its changed columns, whole
    pages in a row kept in one window."""
    for p, q in page_runs(pages):
        if spans is None:
            yield p, q, 0, WIDTH - 1
            continue
        whole = None  # the first of the whole pages in a row
        for r in range(p, q + 1):
            lo = spans[2 * r]
            hi = spans[2 * r + 1]
            if WIDTH - (hi - lo + 1) <= _TRIM_MIN:
                if whole is None:
                    whole = r
                continue
            if whole is not None:
                yield whole, r - 1, 0, WIDTH - 1
                whole = None
            yield r, r, lo, hi
        if whole is not None:
            yield whole, q, 0, WIDTH - 1


class Recovering:
    """The I2C failure policy both panel adapters share: an error sets `failed` (and
    forgets nothing); recover(now) re-initialises with the last frame, first at once,
    then every RETRY_MS while the panel stays away. INIT_ERRORS: what init() may raise."""

    INIT_ERRORS = (OSError,)
    failed = False
    errors = 0  # I2C errors seen (for diagnostics)
    last_error = None
    _frame = None  # last frame given to show(), pushed whole on recovery
    _retry_at = None

    def recover(self, now):
        """Re-initialise after an I2C error and push the whole frame. True when healthy."""
        if not self.failed:
            return True
        if self._retry_at is not None and ticks_diff(now, self._retry_at) < 0:
            return False
        try:
            self.init(self._frame)
            return True
        except self.INIT_ERRORS:
            self._retry_at = ticks_add(now, RETRY_MS)
            return False

    def _fail(self, e):
        self.failed = True
        self.errors += 1
        self.last_error = e
        self._retry_at = None  # first retry on the next loop iteration


class SSD1306(Recovering):
    def __init__(self, i2c, addr=0x3C, contrast=0xCF, panel="ssd1306"):
        self.i2c = i2c
        self.addr = addr
        self._on = True
        self._contrast = contrast
        self._init = bytes((0x00,) + init_cmds(panel))
        self._window = bytearray((0x00, 0x21, 0, WIDTH - 1, 0x22, 0, 0))
        self._cmd3 = bytearray(3)  # control + contrast command + level
        self._dark = True  # RAM not yet written since init: the panel stays off
        try:
            self.init()
        except OSError as e:
            self._fail(e)

    def init(self, frame=None):
        """Panel off, configure; with a frame: fill RAM with it, then on if wanted (without
        one the first show() does that).

        Raises OSError; callers outside this class use recover().
        """
        a = self.addr
        i2c = self.i2c
        i2c.writeto(a, self._init)
        c = self._cmd3
        c[0] = 0x00
        c[1] = _SET_CONTRAST
        c[2] = self._contrast
        i2c.writeto(a, c)
        self._dark = frame is None
        if frame is not None:
            i2c.writevto(a, (_DATA, frame))
            if self._on:
                i2c.writeto(a, _ON)
        self.failed = False
        self._retry_at = None

    def show(self, buf, pages=0xFF, spans=None):
        self._frame = buf
        if self.failed:
            return  # recover() will push the whole frame
        try:
            if self._dark:  # the first frame since init: all of it, then light up
                self._push(buf, 0xFF)
                self._dark = False
                if self._on:
                    self.i2c.writeto(self.addr, _ON)
            else:
                self._push(buf, pages & 0xFF, spans)
        except OSError as e:
            self._fail(e)

    def _push(self, buf, pages, spans=None):
        mv = memoryview(buf)
        w = self._window
        i2c = self.i2c
        a = self.addr
        for p, q, lo, hi in windows(pages, spans):
            w[2] = lo
            w[3] = hi
            w[5] = p
            w[6] = q
            i2c.writeto(a, w)
            i2c.writevto(a, (_DATA, mv[p * WIDTH + lo:q * WIDTH + hi + 1]))

    def contrast(self, level):
        level = 0 if level < 0 else 255 if level > 255 else level
        self._contrast = level
        if self.failed:
            return
        c = self._cmd3
        c[0] = 0x00
        c[1] = _SET_CONTRAST
        c[2] = level
        try:
            self.i2c.writeto(self.addr, c)
        except OSError as e:
            self._fail(e)

    def power(self, on):
        self._on = bool(on)
        if self.failed or self._dark:  # dark: the first show() switches it on
            return
        try:
            self.i2c.writeto(self.addr, _ON if on else _OFF)
        except OSError as e:
            self._fail(e)
