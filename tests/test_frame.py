"""core.frame draws whole bytes per page (big-int merges, cached rows); here it is checked
against a plain pixel-by-pixel reference drawn from the same font data, for any text,
position (off the panel too), size (5x8 or the 9x18 face with its rise) and inversion,
and with texts drawn over others; both by the portable code and through the native-loop
hook (frame.accelerate) with a plain-Python double of firmware/blit.py's contract (the
real viper module is compared with the portable code on the emulated Pico:
tests/test_pico_emu.py)."""

from hypothesis import given, settings, strategies as st

from core import font
from core import frame as F

CHARS = [chr(c) for c in range(32, 127)] + list("ÄÖÜäöüßéëï●○▲△■□…←→▼►€")


class Pixels:
    """The reference: a set of lit pixels, one at a time."""

    def __init__(self):
        self.on = set()

    def put(self, x, y, v):
        if 0 <= x < F.W and 0 <= y < F.PAGES * 8:
            (self.on.add if v else self.on.discard)((x, y))

    def fill_rect(self, x, y, w, h, on=1):
        for i in range(x, x + w):
            for j in range(y, y + h):
                self.put(i, j, on)

    def text(self, s, x, y, size=1, invert=False):
        fc = F.face(size)
        y -= fc.RISE  # the cell's top row
        if invert:
            self.fill_rect(x - 1, y, len(s) * fc.ADVANCE + 1, fc.HEIGHT)
        for ch in s:
            o = fc.glyph(ord(ch))
            for c in range(fc.WIDTH):
                for r in range(fc.HEIGHT):
                    if fc.cells([o])[0][(r >> 3) * fc.WIDTH + c] >> (r & 7) & 1:
                        self.put(x + c, y + r, not invert)
            x += fc.ADVANCE

    def buf(self):
        b = bytearray(F.W * F.PAGES)
        for x, y in self.on:
            b[(y >> 3) * F.W + x] |= 1 << (y & 7)
        return b


draws = st.lists(
    st.one_of(
        st.tuples(st.just("rect"), st.integers(-10, 130), st.integers(-10, 70), st.integers(0, 140), st.integers(0, 70), st.integers(0, 1)),
        st.tuples(st.just("text"), st.text(st.sampled_from(CHARS), max_size=24), st.integers(-20, 130), st.integers(-20, 66), st.sampled_from([1, 2]), st.booleans()),
    ),
    min_size=1,
    max_size=5,
)


class Blit:
    """firmware/blit.py's contract in plain Python, counting the calls."""

    def __init__(self):
        self.calls = 0
        self.spread = 0  # merges of one mask over a run (step 0)

    def glyphs(self, data, width, adv, s, n, out):
        self.calls += 1
        for i in range(n):
            if s[i] < 32 or s[i] == 127:
                return False
            g = (s[i] - 32) * width
            assert g + width <= len(data)  # a glyph of the font: viper would read past it
            out[i * adv : i * adv + width] = data[g : g + width]
        return True

    def merge(self, buf, a, src, n, step, on):
        self.calls += 1
        self.spread += step == 0
        for i in range(n):
            v = src[i * step]
            buf[a + i] = buf[a + i] | v if on else buf[a + i] & ~v & 0xFF

    def changes(self, new, old, spans):
        self.calls += 1
        mask = 0
        for p in range(8):
            diff = [x for x in range(128) if new[p * 128 + x] != old[p * 128 + x]]
            if diff:
                mask |= 1 << p
                spans[2 * p], spans[2 * p + 1] = diff[0], diff[-1]
        return mask


def _draw(ops, native):
    F.accelerate(native)
    F._recent.clear()  # rows cached by the other path would hide this one's
    try:
        f = F.Frame()
        for op in ops:
            if op[0] == "rect":
                f.fill_rect(*op[1:])
            else:
                f.text(*op[1:])
        return f.buf
    finally:
        F.accelerate(None)
        F._recent.clear()


@settings(max_examples=300, deadline=None)
@given(draws)
def test_same_pixels_as_drawing_one_pixel_at_a_time(ops):
    ref = Pixels()
    for op in ops:
        if op[0] == "rect":
            ref.fill_rect(*op[1:])
        else:
            ref.text(*op[1:])
    assert _draw(ops, None) == ref.buf()
    assert _draw(ops, Blit()) == ref.buf()


def test_the_native_loops_are_used_when_given():
    blit = Blit()
    ops = [("rect", 0, 3, 128, 9, 1), ("text", "Hand 12", 4, 0, 1, False), ("text", "Größe", 0, 3, 1, True), ("text", "23", 60, 24, 2, False)]
    _draw(ops, blit)
    assert blit.calls >= 4 and blit.spread >= 2  # texts built and merged; the partial rect pages (y 3-11)
    assert F._native is None  # _draw put the portable code back


def test_text_returns_the_x_after_the_last_glyph_that_starts_on_the_panel():
    f = F.Frame()
    assert f.text("abc", 10, 8) == 10 + 3 * font.ADVANCE
    assert f.text("abcdefgh", 100, 8, 2) == 100 + 4 * 9  # 100, 109, 118, 127 start on it
    assert f.text("abc", 130, 8) == 130


def test_cached_rows_do_not_leak_between_texts_or_sizes():
    f = F.Frame()
    for i in range(3 * F._recent.size):  # several cache generations
        f.clear()
        s = "row %d" % i
        f.text(s, 0, 8, 1 + i % 2)
        ref = Pixels()
        ref.text(s, 0, 8, 1 + i % 2)
        assert f.buf == ref.buf()


def test_prepared_texts_are_drawn_from_the_cache_with_the_same_pixels():
    f = F.Frame()
    f.prepare(["Vote recorded.", "OK: pass it on"])
    assert F._recent.new.get("Vote recorded.") is not None
    f.text("Vote recorded.", 0, 16)
    ref = Pixels()
    ref.text("Vote recorded.", 0, 16)
    assert f.buf == ref.buf() and f.lines == ["Vote recorded."]


def test_a_text_not_kept_is_drawn_the_same_and_leaves_the_recent_texts_as_they_were():
    F._recent_big.clear()
    f = F.Frame()
    f.text("KEPT", 0, 8, 2)
    for i in range(3 * F._recent_big.size):  # a name typed letter by letter
        f.clear()
        s = "NAME%d" % i
        f.text(s, 4, 24, 2, False, True, False)
        ref = Pixels()
        ref.text(s, 4, 24, 2)
        assert f.buf == ref.buf() and f.lines == [s]
    assert list(F._recent_big.new) == [("KEPT", 7)] and not F._recent_big.old  # shifted: the rise


def test_a_large_line_is_two_pages_and_its_cell_sticks_out_by_the_rise():
    """The 9x18 cell drawn at y = 8: rows 1..16 on pages 1-2, row 0 (grave accent of À)
    on the last row of page 0, row 17 (tail of Ç) on the first row of page 3."""
    assert (F.height(1), F.height(2)) == (8, 16)
    f = F.Frame()
    f.text("Hg", 0, 8, 2)
    assert not any(f.buf[: F.W]) and not any(f.buf[3 * F.W :])  # plain letters: two pages
    f.clear()
    f.text("ÀÇ", 0, 8, 2)
    assert any(b == 0x80 for b in f.buf[: F.W]) and any(b == 0x01 for b in f.buf[3 * F.W : 4 * F.W])
    assert F.width("Hg", 2) == 18 and F.fit("x" * 15, 2) == "x" * 13 + "\u2026"


def test_a_prepared_screen_is_drawn_whole_from_the_cache_whatever_the_cache_held_before():
    # A screen drawn unseen (core.prepare), then another one (the table reads it), then the
    # prepared one: none of its texts is built again, at any phase of the cache's
    # generations (they used to turn in the middle of a screen and drop the rest of it).
    prepared = ["Prepared %d" % i for i in range(F._recent.size)]
    read = ["Read %d" % i for i in range(F._recent.size - 1)]
    for before in range(3 * F._recent.size):
        F._recent.clear()
        f = F.Frame()
        for i in range(before):
            f.text("earlier %d" % i, 0, 8)
        for screen in (prepared, read):
            f.clear()
            for s in screen:
                f.text(s, 0, 8)
        built = []
        build = F._build
        F._build = lambda s, fc: built.append(s) or build(s, fc)
        try:
            f.clear()
            for s in prepared:
                f.text(s, 0, 8)
        finally:
            F._build = build
        assert built == [], before
        assert len(F._recent.new) + len(F._recent.old) <= 2 * (F._recent.size - 1 + len(prepared)) + 1
