"""Checks for the generated bitmap faces core/font.py (5x8) and core/bigfont.py (9x18 bold),
see tools/gen_font.py."""
import os
import re
import shutil
import subprocess
import tokenize

import pytest

from core import bigfont, font

EXTRAS = "€–—‘’“”„…•←→↑↓▲▼►■□△●○✓"  # ✓ is drawn in tools/gen_font.py (not in misc-fixed 5x8)
COVERED = list(range(32, 127)) + list(range(160, 256)) + [ord(c) for c in EXTRAS]
SOURCE = "/usr/share/fonts/X11/misc/5x8.pcf.gz"


def cols(ch):
    off = font.glyph(ord(ch)) if isinstance(ch, str) else font.glyph(ch)
    return font.DATA[off:off + font.WIDTH]


def rows(ch):
    """Glyph as HEIGHT strings of '#'/'.', top row first."""
    c = cols(ch)
    return ["".join("#" if c[x] >> y & 1 else "." for x in range(font.WIDTH)) for y in range(font.HEIGHT)]


def test_contract_constants():
    assert (font.WIDTH, font.HEIGHT, font.ADVANCE) == (5, 8, 6)
    assert isinstance(font.DATA, bytes)
    assert len(font.DATA) == len(COVERED) * font.WIDTH


def test_every_covered_code_point_has_its_own_glyph():
    q = font.glyph(ord("?"))
    offsets = []
    for code in COVERED:
        off = font.glyph(code)
        assert off % font.WIDTH == 0
        assert 0 <= off and off + font.WIDTH <= len(font.DATA)
        if code != ord("?"):
            assert off != q, "U+%04X falls back to ?" % code
        offsets.append(off)
    assert len(set(offsets)) == len(COVERED)  # one glyph per code point, all of DATA used


@pytest.mark.parametrize("code", [0, 10, 31, 127, 128, 159, 256, 0x0152, 0x2714, 0x4E2D, 0x1F600, 0xFFFF, -1])
def test_unknown_maps_to_question_mark(code):
    assert font.glyph(code) == font.glyph(ord("?"))


def test_extras_lookup_boundaries():
    # neighbours of each extra code point must not hit a glyph by accident
    q = font.glyph(ord("?"))
    for ch in EXTRAS:
        for near in (ord(ch) - 1, ord(ch) + 1):
            if chr(near) not in EXTRAS:
                assert font.glyph(near) == q


def test_space_blank_and_nbsp_blank():
    assert cols(" ") == bytes(font.WIDTH)
    assert cols("\u00a0") == bytes(font.WIDTH)


def test_bits_fit_height():
    assert all(b < (1 << font.HEIGHT) for b in font.DATA)


def test_a_umlaut_differs_from_a_only_at_top():
    a, ae = rows("A"), rows("Ä")
    # misc-fixed squeezes the accented capital by one row: the crossbar and legs (rows 4..7)
    # are the same, the dots sit in row 0 where A is blank.
    assert a[4:] == ae[4:]
    assert a[:4] != ae[:4]
    assert a[0] == "....." and ae[0].count("#") == 2
    assert rows("O")[4:] == rows("Ö")[4:] and rows("U")[4:] == rows("Ü")[4:]


def test_eszett_and_dutch_letters_are_real_glyphs():
    for ch in "ßëïéèäöüÄÖÜ€":
        assert cols(ch) != cols("?") and any(cols(ch)), ch
    assert cols("ß") != cols("B")
    assert cols("é") != cols("è") != cols("e")


def test_rendered_sample_has_ink_for_every_non_space():
    text = "Hällo Wörld ß é ë ï"
    for ch in text:
        g = cols(ch)
        assert len(g) == font.WIDTH
        assert any(g) == (ch != " "), ch
    # a 1-bit page row, as the renderer would build it
    page = bytearray(len(text) * font.ADVANCE)
    for i, ch in enumerate(text):
        page[i * font.ADVANCE:i * font.ADVANCE + font.WIDTH] = cols(ch)
    assert all(page[i * font.ADVANCE + font.WIDTH] == 0 for i in range(len(text)))


def test_known_shapes():
    assert rows("|") == ["....."] + ["..#.."] * 6 + ["....."]
    assert rows("_") == ["....."] * 7 + ["####."]  # baseline-1: the descender row
    assert rows("g")[7] != "....."  # descender uses the last row


# What the Rule?! card shapes: (filled, outline) for square, triangle, circle.
SHAPES = [("\u25a0", "\u25a1"), ("\u25b2", "\u25b3"), ("\u25cf", "\u25cb")]


def _lit(ch):
    return sum(r.count("#") for r in rows(ch))


def test_card_shapes_distinct_and_filled_has_more_ink():
    glyphs = [ch for pair in SHAPES for ch in pair]
    for ch in glyphs:
        assert font.glyph(ord(ch)) != font.glyph(ord("?")), "U+%04X falls back to ?" % ord(ch)
        assert _lit(ch) > 0, "U+%04X is blank" % ord(ch)
    assert len(set(cols(ch) for ch in glyphs)) == len(glyphs)  # pairwise different
    for filled, outline in SHAPES:
        assert _lit(filled) > _lit(outline), (filled, outline)
        # the outline lies within the filled shape: a hollowed-out version of it
        assert all(a == b or b == "." for fr, orow in zip(rows(filled), rows(outline)) for a, b in zip(fr, orow))
    assert rows("\u25b2") == [".....", "..#..", "..#..", ".###.", ".###.", "#####", "#####", "....."]


def test_module_is_micropython_friendly():
    with open(font.__file__, "rb") as f:
        toks = list(tokenize.tokenize(f.readline))
    code = " ".join(t.string for t in toks if t.type not in (tokenize.COMMENT, tokenize.STRING))
    assert not re.search(r"\bimport\b|\bdict\b|\{|ljust|rjust|zfill|bit_length|typing|dataclass", code)
    # only constants at module level: assignments of literals and one def
    top = [t.string for t in toks if t.type == tokenize.NAME and t.start[1] == 0]
    assert top == ["WIDTH", "HEIGHT", "ADVANCE", "PAGES", "RISE", "_EXTRA", "DATA", "def", "def"]


def _bdf_glyphs(source=SOURCE, width=5, height=8):
    """Parse the source independently of the converter: pcf2bdf -> BDF text."""
    if not os.path.exists(source) or not shutil.which("pcf2bdf"):
        pytest.skip("needs xfonts-base and pcf2bdf")
    txt = subprocess.run(["pcf2bdf", source], capture_output=True, text=True, check=True).stdout
    ascent = int(re.search(r"FONT_ASCENT (\d+)", txt).group(1))
    out = {}
    for m in re.finditer(r"ENCODING (\d+)\n.*?BBX (-?\d+) (-?\d+) (-?\d+) (-?\d+)\nBITMAP\n(.*?)ENDCHAR", txt, re.S):
        w, h, x0, y0 = map(int, m.group(2, 3, 4, 5))
        grid = [["."] * width for _ in range(height)]
        top = ascent - (h + y0)
        for r, hexrow in enumerate(m.group(6).split()):
            v = int(hexrow, 16)
            nbits = 4 * len(hexrow)
            for c in range(w):
                if v >> (nbits - 1 - c) & 1:
                    grid[top + r][x0 + c] = "#"
        out[int(m.group(1))] = ["".join(r) for r in grid]
    return out


def test_matches_source_font():
    src = _bdf_glyphs()
    for ch in "A?gÄßë€…►~":
        assert rows(ch) == src[ord(ch)], ch
    assert all(rows(c) == src[c] for c in COVERED)


# --- the large face: what the whole table reads ----------------------------------------
BIG_SOURCE = "/usr/share/fonts/X11/misc/9x18B.pcf.gz"


with open(os.path.join(os.path.dirname(bigfont.__file__), "bigfont.bin"), "rb") as _f:
    BIG_DATA = _f.read()  # the large face's glyphs, read here without the module


def big_rows(ch):
    o = bigfont.glyph(ord(ch))
    w = bigfont.WIDTH
    return ["".join("#" if BIG_DATA[o + (y >> 3) * w + x] >> (y & 7) & 1 else "." for x in range(w))
            for y in range(bigfont.HEIGHT)]


def test_big_face_contract():
    assert (bigfont.WIDTH, bigfont.HEIGHT, bigfont.ADVANCE, bigfont.PAGES, bigfont.RISE) == (9, 18, 9, 3, 1)
    size = bigfont.WIDTH * bigfont.PAGES
    assert len(BIG_DATA) == len(COVERED) * size  # the same code points as the small face
    offsets = [bigfont.glyph(ord(ch)) for ch in "A\u2713\u00c4?"]
    assert bigfont.cells(offsets) == [BIG_DATA[o : o + size] for o in offsets]  # the module reads the file
    q = bigfont.glyph(ord("?"))
    offsets = {bigfont.glyph(c) for c in COVERED}
    assert len(offsets) == len(COVERED) and all(o % size == 0 for o in offsets)
    assert all(bigfont.glyph(c) == q for c in (0, 127, 0x0152, 0x4E2D, 0x1F600))
    assert big_rows("?") != big_rows("!")


def test_big_face_is_at_least_18_px_and_reads_german_and_dutch():
    assert bigfont.HEIGHT >= 18
    ink = [r for r in range(18) if any(row[r] != "." * 9 for row in map(big_rows, "ÀgÇ"))]
    assert ink[0] == 0 and ink[-1] == 17  # the whole cell is used, accents and descenders
    for ch in "ÄÖÜäöüßéëï€":
        assert big_rows(ch) != big_rows("?") and any("#" in r for r in big_rows(ch)), ch
    assert big_rows("Ä")[4:] == big_rows("A")[4:] and big_rows("Ä")[:4] != big_rows("A")[:4]
    # the card shapes, borrowed from the regular 9x18: distinct, filled has more ink
    shapes = [big_rows(ch) for pair in SHAPES for ch in pair]
    assert len({tuple(s) for s in shapes}) == 6


def test_big_face_matches_its_source():
    src = _bdf_glyphs(BIG_SOURCE, 9, 18)
    for ch in "A?gÄßë€…~0123456789":
        assert big_rows(ch) == src[ord(ch)], ch
    assert all(big_rows(chr(c)) == src[c] for c in COVERED if c in src)


def test_every_glyph_has_a_number_the_native_row_takes():
    """core.frame hands firmware/blit.py a text that is not ASCII as glyph numbers from
    32, one byte each: the font must stay within 224 glyphs (the viper loop reads them
    without a bounds check)."""
    from core import font

    assert len(font.DATA) // font.WIDTH + 32 <= 256
