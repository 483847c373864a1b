"""The 128x64 1-bit frame the core draws into, in SSD1306 page layout.

Byte buf[page * 128 + x] holds pixels (x, page*8 .. page*8+7), bit 0 at the top, so a
display adapter can push pages as they are. Text comes from core.font at scale 1 (menus,
read up close) or 2 and 3 (what the whole table reads). Every text() call also records its
words in `lines`, so tests and the headless simulator assert on text, not pixels.
A selected (inverted) text is recorded with a leading "> ".

Drawing works page by page on whole bytes, the SSD1306 layout: a glyph column is ORed
into (or cleared from) at most two bytes per page it spans, and a rectangle covering whole
pages is one slice assignment. On the Pico this is what keeps a full redraw within a few
ms in plain Python (the pixel-by-pixel version took 50 ms for the home menu).
"""

from core import font

W = 128
PAGES = 8  # 64 rows
_ZERO = bytes(W * PAGES)
_ONES = b"\xff" * W
_ROWS_MAX = 16  # texts in one generation of the cache (a screen draws fewer)
_rows_new = {}  # (text, scale) -> its rows of pixel columns, see _rows()
_rows_old = {}  # the generation before: what the last screens drew


class Frame:
    def __init__(self):
        self.buf = bytearray(W * PAGES)
        self.lines = []

    def clear(self):
        self.buf[:] = _ZERO
        self.lines = []

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
        v = int.from_bytes(strip, "little")
        cur = int.from_bytes(buf[a : a + n], "little") | v
        if not on:
            cur ^= v
        buf[a : a + n] = cur.to_bytes(n, "little")

    def text(self, s, x, y, scale=1, invert=False, record=True):
        """Draw s with its top-left at (x, y); returns the x after the last character."""
        if record:
            self.lines.append("> " + s if invert else s)
        adv = font.ADVANCE * scale
        if invert:
            self.fill_rect(x - 1, y, len(s) * adv + 1, font.HEIGHT * scale, 1)
        if s and x < W:
            on = not invert
            page = y >> 3
            shift = y & 7
            for row in _rows(s, scale):
                if shift:
                    n = len(row)
                    v = int.from_bytes(row, "little")
                    lo = bytes(((0xFF << shift) & 0xFF,)) * n
                    hi = bytes((0xFF >> (8 - shift),)) * n
                    top = (v << shift) & int.from_bytes(lo, "little")
                    self._strip(page, x, top.to_bytes(n, "little"), on)  # masked: n bytes
                    low = (v >> (8 - shift)) & int.from_bytes(hi, "little")
                    self._strip(page + 1, x, low.to_bytes(n, "little"), on)
                else:
                    self._strip(page, x, row, on)
                page += 1
        n = len(s)
        if x < W and x + n * adv > W:  # as far as the last glyph that starts on the panel
            n = (W - x + adv - 1) // adv
        return x + n * adv if x < W else x

    def prepare(self, texts, scale=1):
        """Build the rows of texts the next frame will draw, without drawing them: a
        screen that knows what the next press shows moves the work before the press."""
        for s in texts:
            _rows(s, scale)

    def center(self, s, y, scale=1, invert=False):
        return self.text(s, (W - width(s, scale)) // 2, y, scale, invert)


def width(s, scale=1):
    return (len(s) * font.ADVANCE - 1) * scale if s else 0


def fit(s, scale=1, limit=W):
    """s cut to what fits in `limit` pixels at `scale`, ending in '…' when cut."""
    n = (limit + scale) // (font.ADVANCE * scale)
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _rows(s, scale):
    """The pixel columns of s at `scale`: one bytes object per page the text spans. Kept
    in two generations of recent texts: a redraw (a cursor move) mostly draws the same
    texts again, and building a row costs ~50 us a glyph on the Pico."""
    global _rows_new, _rows_old
    key = (s, scale)
    rows = _rows_new.get(key)
    if rows is None:
        rows = _rows_old.get(key)
        if rows is None:
            rows = _build(s, scale)
        if len(_rows_new) >= _ROWS_MAX:
            _rows_old = _rows_new
            _rows_new = {}
        _rows_new[key] = rows
    return rows


def _build(s, scale):
    data = font.DATA
    w = font.WIDTH
    glyphs = []
    for ch in s:
        c = ord(ch)
        o = (c - 32) * w if 32 <= c <= 126 else font.glyph(c)  # ASCII inline: the hot loop
        glyphs.append(data[o : o + w])
    if scale == 1:
        return (b"\0".join(glyphs),)
    cols = []
    for g in glyphs:
        for c in g:
            c = _stretch(c, scale)
            for _ in range(scale):
                cols.append(c)
        for _ in range(scale):
            cols.append(0)
    del cols[-scale:]
    return tuple(bytes([(c >> (8 * k)) & 0xFF for c in cols]) for k in range(scale))


def _stretch(col, scale):
    out = 0
    fill = (1 << scale) - 1
    i = 0
    while col:
        if col & 1:
            out |= fill << (i * scale)
        col >>= 1
        i += 1
    return out
