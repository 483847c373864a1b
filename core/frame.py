"""The 128x64 1-bit frame the core draws into, in SSD1306 page layout.

Byte buf[page * 128 + x] holds pixels (x, page*8 .. page*8+7), bit 0 at the top, so a
display adapter can push pages as they are. Text comes from core.font at scale 1 (menus,
read up close) or 2 and 3 (what the whole table reads). Every text() call also records its
words in `lines`, so tests and the headless simulator assert on text, not pixels.
A selected (inverted) text is recorded with a leading "> ".
"""

from core import font

W = 128
PAGES = 8  # 64 rows


class Frame:
    def __init__(self):
        self.buf = bytearray(W * PAGES)
        self.lines = []

    def clear(self):
        self.buf[:] = bytes(W * PAGES)
        self.lines = []

    def _column(self, x, y, bits, height, on):
        """OR (or clear) a vertical run of `height` pixels at (x, y); bit 0 of bits = top."""
        if x < 0 or x >= W:
            return
        buf = self.buf
        page = y >> 3
        shift = y & 7
        bits = (bits & ((1 << height) - 1)) << shift
        while bits and page < PAGES:
            if page >= 0:
                i = page * W + x
                if on:
                    buf[i] |= bits & 0xFF
                else:
                    buf[i] &= ~bits & 0xFF
            bits >>= 8
            page += 1

    def fill_rect(self, x, y, w, h, on=1):
        while h > 0:
            n = 24 if h > 24 else h
            for cx in range(x, x + w):
                self._column(cx, y, 0xFFFFFF, n, on)
            y += n
            h -= n

    def hline(self, x, y, w, on=1):
        self.fill_rect(x, y, w, 1, on)

    def text(self, s, x, y, scale=1, invert=False, record=True):
        """Draw s with its top-left at (x, y); returns the x after the last character."""
        if record:
            self.lines.append("> " + s if invert else s)
        adv = font.ADVANCE * scale
        if invert:
            self.fill_rect(x - 1, y, len(s) * adv + 1, font.HEIGHT * scale, 1)
        on = not invert
        data = font.DATA
        h = font.HEIGHT * scale
        for ch in s:
            if x >= W:
                break
            o = font.glyph(ord(ch))
            for c in range(font.WIDTH):
                col = data[o + c]
                if col:
                    if scale > 1:
                        col = _stretch(col, scale)
                    for k in range(scale):
                        self._column(x + c * scale + k, y, col, h, on)
            x += adv
        return x

    def center(self, s, y, scale=1, invert=False):
        return self.text(s, (W - width(s, scale)) // 2, y, scale, invert)


def width(s, scale=1):
    return (len(s) * font.ADVANCE - 1) * scale if s else 0


def fit(s, scale=1, limit=W):
    """s cut to what fits in `limit` pixels at `scale`, ending in '…' when cut."""
    n = (limit + scale) // (font.ADVANCE * scale)
    return s if len(s) <= n else s[: n - 1] + "\u2026"


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
