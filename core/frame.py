"""The 128x64 1-bit frame the core draws into, in SSD1306 page layout.

Byte buf[page * 128 + x] holds pixels (x, page*8 .. page*8+7), bit 0 at the top, so a
display adapter can push pages as they are. Text comes in two sizes: 1 is core.font, 5x8
(menus, read up close); 2 is core.bigfont, 9x18 bold, 18 px high (what the whole table
reads: whose turn, numbers, votes, dice), imported the first time it is drawn; its glyphs
stay on flash (core/bigfont.bin) and are read when a text is built. Every
text() call also records its words in `lines`, so tests and the headless simulator assert
on text, not pixels. A selected (inverted) text is recorded with a leading "> ". A text
the panel's edges cut (drawn from a negative x, or with ink past the last column) is also
listed in `cut`, for the fit tests; the common case costs one comparison.

Drawing works page by page on whole bytes, the SSD1306 layout: a glyph column is ORed
into (or cleared from) at most two bytes per page it spans, and a rectangle covering whole
pages is one slice assignment. On the Pico this is what keeps a full redraw within a few
ms in plain Python (the pixel-by-pixel version took 50 ms for the home menu).

accelerate(native) hands the innermost loops (a row of small glyphs; merging a row, or one
mask, into a page: text, partial-page rectangles) to a module of native code,
firmware/blit.py on the Pico, where they are most of what a new screen costs. The
frames are the same bytes either way; without it the portable code below runs.
"""

from core import font
from core import Recent

W = 128
PAGES = 8  # 64 rows
_ZERO = bytes(W)  # one page; clear() repeats it (a whole frame would be 1 KB more heap)
_ONES = b"\xff" * W


class _Screens(Recent):
    """Recent texts whose generations turn only when a screen begins (Frame.clear(), a new
    Frame): a screen drawing texts of the old generation moves them up without a turn, so
    it never drops the rest of them halfway through (a prepared screen whose texts were
    split over the two generations was built again in part). The new generation holds the
    screens since the turn: fewer than `size` texts, plus one screen's and those drawn
    ahead while it is up (Frame(ahead=True): at most four, core.prepare)."""

    def get(self, key):
        v = self.new.get(key)
        if v is None:
            v = self.old.pop(key, None)
            if v is not None:
                self.new[key] = v
        return v

    def put(self, key, value):
        self.new[key] = value


# text (or (text, shift)) -> its rows of pixel columns, see _rows(). 12: the home menu
# draws 9 to 10 texts; with 8 or 10 a cursor move there took 3.5 ms more on the emulated
# Pico, and 16 held about 3 KB more of its heap than 12 in a game of 23, for nothing
# measurable.
_recent = _Screens(12)
# The same for large texts, kept apart: a number picker's value is a new one on every
# press, and a long one costs ~200 bytes (three or four pages of columns); in one cache
# with the small texts they filled it to 4 KB of a game of 23's heap. 8: Man muss auch gönnen's
# five dice are five large texts on every redraw of a roll (with 2 each was built again
# from flash, 8 ms of a cursor move there), and the passive players' screens between two
# rolls show others; single digits cost ~100 bytes each.
_recent_big = _Screens(8)
_big = None  # core.bigfont once a large text was drawn
_native = None  # see accelerate()


def accelerate(native):
    """Run the inner loops in `native` (firmware/blit.py's contract), or None: portable."""
    global _native
    _native = native


def forget_large():
    """Let go of the recent large texts: a screen that draws few of its own (a name being
    typed) opens with their heap free (DRWS's peak was at its custom card's name)."""
    _recent_big.clear()


def face(size):
    """The font module of text size 1 (5x8) or 2 (9x18 bold)."""
    global _big
    if size == 1:
        return font
    if _big is None:
        from core import bigfont

        _big = bigfont
    return _big


class Frame:
    def __init__(self, ahead=False):
        """ahead: a screen drawn ahead, nobody sees it (core.prepare): its texts join the
        generation of the screen on the panel, so that every screen prepared while that
        one is up is still there when a press shows one of them."""
        self.buf = bytearray(W * PAGES)
        self.lines = []
        self.cut = []  # texts drawn since clear() that did not fit between the edges
        if not ahead:
            _recent.turn()
            _recent_big.turn()

    def clear(self):
        _recent.turn()
        _recent_big.turn()
        # Eight slice copies (C memcpy): 0.17 ms on the emulated Pico, where the native
        # merge's byte loop took 0.86 ms for the whole frame.
        buf = self.buf
        for a in range(0, W * PAGES, W):
            buf[a : a + W] = _ZERO
        self.lines = []
        if self.cut:
            self.cut = []

    def fill_rect(self, x, y, w, h, on=1):
        if x < 0:
            w += x
            x = 0
        if x + w > W:
            w = W - x
        if y < 0:
            h += y
            y = 0
        if w <= 0 or h <= 0:
            return
        buf = self.buf
        end = y + h
        if end > PAGES * 8:
            end = PAGES * 8
        while y < end:
            page = y >> 3
            stop = (page + 1) << 3
            if stop > end:
                stop = end
            mask = ((1 << (stop - y)) - 1) << (y & 7)
            a = page * W + x
            if mask == 0xFF:
                buf[a : a + w] = _ONES[:w] if on else _ZERO[:w]
            elif _native is not None:
                _native.merge(buf, a, bytes((mask,)), w, 0, 1 if on else 0)
            elif on:
                for i in range(a, a + w):
                    buf[i] |= mask
            else:
                mask ^= 0xFF
                for i in range(a, a + w):
                    buf[i] &= mask
            y = stop

    def hline(self, x, y, w, on=1):
        self.fill_rect(x, y, w, 1, on)

    def _strip(self, page, x, strip, on):
        """OR (or clear) the bytes of `strip` into one page from column x on. The bytes go
        through one big int, so the merge is a few C operations whatever the length."""
        if x < 0:
            strip = strip[-x:]
            x = 0
        n = len(strip)
        if x + n > W:
            n = W - x
            strip = strip[:n]
        if n <= 0 or page < 0 or page >= PAGES:
            return
        buf = self.buf
        a = page * W + x
        if _native is not None:
            _native.merge(buf, a, strip, n, 1, 1 if on else 0)
            return
        if on and buf[a : a + n] == _ZERO[:n]:  # drawn on blank: a copy (half the time)
            buf[a : a + n] = strip
            return
        v = int.from_bytes(strip, "little")
        cur = int.from_bytes(buf[a : a + n], "little") | v
        if not on:
            cur ^= v
        buf[a : a + n] = cur.to_bytes(n, "little")

    def text(self, s, x, y, size=1, invert=False, record=True, keep=True):
        """Draw s with the top-left of its line at (x, y); returns the x after the last
        character. A line is height(size) px; a cell taller than that sticks out by its rise.
        keep=False: s is not kept among the recent texts (one that every press changes,
        like a name being typed, would fill them with ones never drawn again)."""
        if record:
            self.lines.append("> " + s if invert else s)
        fc = face(size)
        adv = fc.ADVANCE
        n = len(s)
        if (x < 0 or x + n * adv - adv + fc.WIDTH > W) and n:  # ink outside the panel
            self.cut.append(s)
        if invert:
            self.fill_rect(x - 1, y - fc.RISE, len(s) * adv + 1, fc.HEIGHT, 1)
        if s and x < W:
            on = 0 if invert else 1
            y -= fc.RISE  # the cell's first row: _build's rows start there, shifted
            rows = _rows(s, size, y & 7, keep)
            page = y >> 3
            if _native is not None and x >= 0 and x + len(rows[0]) <= W and 0 <= page <= PAGES - len(rows):
                # inside the panel: each row merged natively, without _strip's clipping
                # (a call and its checks were a third of a cached text's 0.3 ms)
                merge = _native.merge
                buf = self.buf
                a = page * W + x
                for row in rows:
                    merge(buf, a, row, len(row), 1, on)
                    a += W
            else:
                for row in rows:
                    self._strip(page, x, row, on)
                    page += 1
        if x < W and x + n * adv > W:  # as far as the last glyph that starts on the panel
            n = (W - x + adv - 1) // adv
        return x + n * adv if x < W else x

    def prepare(self, texts, size=1):
        """Build the rows of texts the next frame will draw, without drawing them: a
        screen that knows what the next press shows moves the work before the press."""
        shift = -face(size).RISE & 7  # drawn at a y on a page boundary
        for s in texts:
            _rows(s, size, shift)

    def center(self, s, y, size=1, invert=False):
        return self.text(s, (W - width(s, size)) // 2, y, size, invert)


def height(size):
    """Pixels of one line of text at `size` (8 or 16: whole pages)."""
    fc = face(size)
    return fc.HEIGHT - 2 * fc.RISE


def width(s, size=1):
    """Pixels from the first column of s to its last ink column (5x8 leaves the gap
    after the last glyph out; a 9x18 cell has its spacing inside)."""
    fc = face(size)
    return len(s) * fc.ADVANCE - (fc.ADVANCE - fc.WIDTH) if s else 0


def fit(s, size=1, limit=W):
    """s cut to what fits in `limit` pixels at `size`, ending in '…' when cut."""
    fc = face(size)
    n = (limit + fc.ADVANCE - fc.WIDTH) // fc.ADVANCE
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _rows(s, size, shift, keep=True):
    """The pixel columns of s at `size`, moved down `shift` pixel rows (0-7): one bytes
    object per page the text spans. Kept in two generations of recent texts of that
    size, as they are drawn (shifted: dice values sit 4 rows into a page, and shifting
    them again on every redraw took ~1 ms a text on the Pico): a redraw (a cursor move)
    mostly draws the same texts again, and building a row costs ~50 us a glyph."""
    cache = _recent if size == 1 else _recent_big
    key = (s, shift) if shift else s
    rows = cache.new.get(key)  # Recent.get without its call, when the text is recent
    if rows is None:
        rows = cache.get(key)
    if rows is None:
        rows = _build(s, face(size))
        if shift:
            rows = _shifted(rows, shift)
        if keep:
            cache.put(key, rows)
    return rows


def _build(s, fc):
    """One bytes object per page: a glyph's columns, the gap, the next glyph's; the
    cell's row 0 at the top (text() shifts them once to where the cell starts)."""
    w = fc.WIDTH
    size = w * fc.PAGES  # bytes per glyph
    b = s.encode()
    if size == w and _native is not None and b:  # one page: natively
        n = len(s)
        # not ASCII: each character as its glyph's number from 32 (a marker, an arrow
        # or "…" made a text 7x slower to build in Python on the Pico)
        codes = b if len(b) == n else bytes([ord(ch) if ch < "\x7f" else _number(ch) for ch in s])
        row = bytearray((n - 1) * fc.ADVANCE + w)
        if _native.glyphs(fc.DATA, w, fc.ADVANCE, codes, n, row):
            return (row,)
    if len(b) == len(s):  # ASCII, the hot path: one comprehension over bytes, no ord()
        offsets = [(c - 32) * size if 31 < c < 127 else fc.glyph(c) for c in b]
    else:
        offsets = [fc.glyph(ord(ch)) for ch in s]
    cells = fc.cells(offsets)  # the large face reads them from flash
    gap = bytes(fc.ADVANCE - w)
    if size == w:  # one page (5x8): the glyphs as they are
        rows = (gap.join(cells),)
    else:
        rows = tuple(gap.join([g[k : k + w] for g in cells]) for k in range(0, size, w))
    return rows


_numbers = {}  # a character that is not ASCII -> its glyph number from 32 (core.font)


def _number(ch):
    """The small face's glyph of ch as the native row takes it (_build), kept: the lookup
    is a binary search in Python."""
    k = _numbers.get(ch)
    if k is None:
        k = _numbers[ch] = font.glyph(ord(ch)) // font.WIDTH + 32
    return k


def _shifted(rows, shift):
    """rows (one bytes per page) moved down by `shift` pixel rows (1..7), one page more.
    Each page goes through one big int: a few C operations whatever its length."""
    n = len(rows[0])
    lo = int.from_bytes(bytes(((0xFF << shift) & 0xFF,)) * n, "little")
    hi = int.from_bytes(bytes((0xFF >> (8 - shift),)) * n, "little")
    out = []
    carry = 0
    for row in rows:
        v = int.from_bytes(row, "little")
        out.append((((v << shift) & lo) | carry).to_bytes(n, "little"))
        carry = (v >> (8 - shift)) & hi
    out.append(carry.to_bytes(n, "little"))
    return out
