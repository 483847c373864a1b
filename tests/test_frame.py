"""core.frame draws whole bytes per page (big-int merges, cached rows); here it is checked
against a plain pixel-by-pixel reference drawn from the same font data, for any text,
position (off the panel too), scale and inversion, and with texts drawn over others."""

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

    def text(self, s, x, y, scale=1, invert=False):
        if invert:
            self.fill_rect(x - 1, y, len(s) * font.ADVANCE * scale + 1, font.HEIGHT * scale)
        for ch in s:
            o = font.glyph(ord(ch))
            for c in range(font.WIDTH):
                col = font.DATA[o + c]
                for r in range(font.HEIGHT):
                    if col >> r & 1:
                        for dx in range(scale):
                            for dy in range(scale):
                                self.put(x + c * scale + dx, y + r * scale + dy, not invert)
            x += font.ADVANCE * scale

    def buf(self):
        b = bytearray(F.W * F.PAGES)
        for x, y in self.on:
            b[(y >> 3) * F.W + x] |= 1 << (y & 7)
        return b


draws = st.lists(
    st.one_of(
        st.tuples(st.just("rect"), st.integers(-10, 130), st.integers(-10, 70), st.integers(0, 140), st.integers(0, 70), st.integers(0, 1)),
        st.tuples(st.just("text"), st.text(st.sampled_from(CHARS), max_size=24), st.integers(-20, 130), st.integers(-20, 66), st.sampled_from([1, 2, 3]), st.booleans()),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=300, deadline=None)
@given(draws)
def test_same_pixels_as_drawing_one_pixel_at_a_time(ops):
    f = F.Frame()
    ref = Pixels()
    for op in ops:
        if op[0] == "rect":
            f.fill_rect(*op[1:])
            ref.fill_rect(*op[1:])
        else:
            f.text(*op[1:])
            ref.text(*op[1:])
    assert f.buf == ref.buf()


def test_text_returns_the_x_after_the_last_glyph_that_starts_on_the_panel():
    f = F.Frame()
    assert f.text("abc", 10, 8) == 10 + 3 * font.ADVANCE
    assert f.text("abcdefgh", 100, 8, 2) == 100 + 3 * 2 * font.ADVANCE  # 100, 112, 124 start on it
    assert f.text("abc", 130, 8) == 130


def test_cached_rows_do_not_leak_between_texts_or_scales():
    f = F.Frame()
    for i in range(3 * F._ROWS_MAX):  # several cache generations
        f.clear()
        s = "row %d" % i
        f.text(s, 0, 8, 1 + i % 3)
        ref = Pixels()
        ref.text(s, 0, 8, 1 + i % 3)
        assert f.buf == ref.buf()


def test_prepared_texts_are_drawn_from_the_cache_with_the_same_pixels():
    f = F.Frame()
    f.prepare(["Vote recorded.", "OK: pass it on"])
    assert F._rows_new.get(("Vote recorded.", 1)) is not None
    f.text("Vote recorded.", 0, 16)
    ref = Pixels()
    ref.text("Vote recorded.", 0, 16)
    assert f.buf == ref.buf() and f.lines == ["Vote recorded."]
