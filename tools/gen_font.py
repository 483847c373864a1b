"""Generate the box's two bitmap faces from X11 misc-fixed fonts:

    core/font.py     5x8     menus and everything read up close (size 1)
    core/bigfont.py  9x18 bold  what the whole table reads (size 2); its glyphs are
                     core/bigfont.bin, read from flash a glyph at a time (5.8 KB that
                     would otherwise sit on the Pico's heap as a bytes constant)

Source: Debian package xfonts-base ships /usr/share/fonts/X11/misc/{5x8,9x18B,9x18}.pcf.gz
(the ISO10646-1 encodings). The misc-fixed fonts are public domain ("Public domain font.
Share and enjoy."). 9x18B lacks the card shapes of What the Rule?! and a few arrows;
those come from 9x18 (same cell, regular weight).

Run by hand on CPython (never on the device):

    apt-get install -y xfonts-base
    python3 tools/gen_font.py [/usr/share/fonts/X11/misc]

The PCF files are parsed directly (TOC, metrics, bitmaps, encodings); no other tools needed.

Both faces share one layout, read by core.frame through cells(): glyph i takes
PAGES * WIDTH bytes, the WIDTH columns of its first page (bit 0 = top row), then those of
the next page; glyphs 0..94 are ASCII 32..126, 95..190 Latin-1 160..255, then the sorted
_EXTRA code points. core/font.py also holds glyph(), the one lookup for both faces.
"""
import gzip
import os
import struct
import sys

# Besides ASCII 32..126 and Latin-1 160..255: extras, included when the font has them.
# ■□ ▲△ ●○ (filled/outline square, triangle, circle) are the card shapes of What the Rule?!;
# misc-fixed 5x8 has all six and they stay distinct at 1x, so they come from the source as is.
EXTRAS = "€–—‘’“”„…•←→↑↓✓▼►■□▲△●○"
# Drawn here where a face's source lacks a glyph: misc-fixed 5x8 has no check mark, and
# "Game over ✓" is a list item in the small face ('#' = ink, 8 rows of 5 columns).
HAND = {
    ("5x8", "\u2713"): (".....", "....#", "....#", "#..#.", ".#.#.", "..#..", ".....", "....."),
}
FACES = (
    # module, source, fallback source, width, height, advance, rise, glyphs in a file
    ("font", "5x8", None, 5, 8, 6, 0, False),
    ("bigfont", "9x18B", "9x18", 9, 18, 9, 1, True),
)
# rise: rows of the cell drawn above the text's y. The 9x18 cell's row 0 holds only the
# top of the grave and acute accents of capitals and row 17 only the tail of Ç, so with
# rise 1 rows 1..16 fill a 16-px line of two whole pages: layouts keep their page grid.

PCF_METRICS, PCF_BITMAPS, PCF_BDF_ENCODINGS = 1 << 2, 1 << 3, 1 << 5


def read_pcf(path, width, height):
    """Return glyphs: code point -> list of `height` row strings of `width` '#'/'.'."""
    raw = gzip.open(path).read() if path.endswith(".gz") else open(path, "rb").read()
    assert raw[:4] == b"\x01fcp", "not a PCF file"
    (ntables,) = struct.unpack_from("<i", raw, 4)
    tables = {}
    for i in range(ntables):
        typ, fmt, size, off = struct.unpack_from("<4i", raw, 8 + 16 * i)
        tables[typ] = off

    def table(typ):
        off = tables[typ]
        (fmt,) = struct.unpack_from("<i", raw, off)
        return fmt, ">" if fmt & 4 else "<", off + 4

    # Metrics: (lsb, rsb, width, ascent, descent) per glyph.
    fmt, e, p = table(PCF_METRICS)
    if fmt & 0x100:  # compressed: unsigned bytes biased by 0x80
        (n,) = struct.unpack_from(e + "h", raw, p)
        metrics = [[b - 0x80 for b in raw[p + 2 + 5 * i:p + 7 + 5 * i]] for i in range(n)]
    else:
        (n,) = struct.unpack_from(e + "i", raw, p)
        metrics = [struct.unpack_from(e + "5h", raw, p + 4 + 12 * i) for i in range(n)]

    # Bitmaps: rows padded to `pad` bytes, most significant bit first.
    fmt, e, p = table(PCF_BITMAPS)
    assert fmt & 8 and (fmt >> 4) & 3 == 0, "only MSB-first bits, 1-byte scan units"
    pad = 1 << (fmt & 3)
    (n,) = struct.unpack_from(e + "i", raw, p)
    offsets = struct.unpack_from(e + "%di" % n, raw, p + 4)
    data = p + 4 + 4 * n + 16

    # Encodings: 2-D table byte1 x byte2 -> glyph index (0xFFFF = none).
    fmt, e, p = table(PCF_BDF_ENCODINGS)
    min2, max2, min1, max1, _default = struct.unpack_from(e + "5h", raw, p)
    cols = max2 - min2 + 1
    indices = struct.unpack_from(e + "%dH" % (cols * (max1 - min1 + 1)), raw, p + 10)

    ascent = max(m[3] for m in metrics)
    assert ascent + max(m[4] for m in metrics) <= height, "font taller than its cell"
    glyphs = {}
    for k, idx in enumerate(indices):
        if idx == 0xFFFF:
            continue
        code = (min1 + k // cols) * 256 + min2 + k % cols
        lsb, rsb, _w, asc, desc = metrics[idx][:5]
        stride = (((rsb - lsb) + 7) // 8 + pad - 1) // pad * pad
        rows = [["."] * width for _ in range(height)]
        for r in range(asc + desc):
            row = raw[data + offsets[idx] + r * stride:][:stride]
            for c in range(rsb - lsb):
                if row[c // 8] & (0x80 >> (c % 8)):
                    assert 0 <= lsb + c < width, "glyph U+%04X wider than its cell" % code
                    rows[ascent - asc + r][lsb + c] = "#"
        glyphs[code] = ["".join(r) for r in rows]
    return glyphs


def columns(rows, width, pages):
    """SSD1306 page layout: per page, one byte per column, bit 0 = the page's top row."""
    out = bytearray()
    for page in range(pages):
        band = rows[page * 8:page * 8 + 8]
        out += bytes(sum(1 << r for r in range(len(band)) if band[r][c] == "#") for c in range(width))
    return bytes(out)


LOOKUP = '''


def glyph(code, size=WIDTH, extra=_EXTRA):
    """Offset in DATA of the glyph for code point `code`; the glyph of "?" if absent.
    Also the lookup of core.bigfont: its glyphs take `size` bytes, its extras are `extra`."""
    if 32 <= code <= 126:
        return (code - 32) * size
    if 160 <= code <= 255:
        return (code - 65) * size  # 95 + (code - 160)
    lo = 0
    hi = len(extra) >> 1
    while lo < hi:
        mid = (lo + hi) >> 1
        c = (extra[2 * mid] << 8) | extra[2 * mid + 1]
        if c == code:
            return (191 + mid) * size
        if c < code:
            lo = mid + 1
        else:
            hi = mid
    return (ord("?") - 32) * size


def cells(offsets):
    """The glyphs at these offsets of DATA, one bytes each."""
    return [DATA[o : o + WIDTH] for o in offsets]
'''

BIG_LOOKUP = '''


def glyph(code):
    """Offset in the data file of the glyph for code point `code`; the glyph of "?" if absent."""
    return font.glyph(code, WIDTH * PAGES, _EXTRA)


def cells(offsets):
    """The glyphs at these offsets of the data file, one bytes each."""
    f = _FILE
    out = []
    for o in offsets:
        f.seek(o)
        out.append(f.read(%d))
    return out
'''


def generate(folder, module, name, fallback, width, height, advance, rise, in_file):
    src = os.path.join(folder, name + ".pcf.gz")
    glyphs = read_pcf(src, width, height)
    used = [name]
    if fallback:
        extra = read_pcf(os.path.join(folder, fallback + ".pcf.gz"), width, height)
        borrowed = [ch for ch in EXTRAS if ord(ch) not in glyphs and ord(ch) in extra]
        for ch in borrowed:
            glyphs[ord(ch)] = extra[ord(ch)]
        if borrowed:
            used.append("%s for %s" % (fallback, "".join(borrowed)))
    drawn = [ch for ch in EXTRAS if ord(ch) not in glyphs and (name, ch) in HAND]
    for ch in drawn:
        glyphs[ord(ch)] = list(HAND[(name, ch)])
    if drawn:
        used.append("%s drawn in tools/gen_font.py" % "".join(drawn))
    extras = sorted(ord(ch) for ch in EXTRAS if ord(ch) in glyphs)
    missing = [ch for ch in EXTRAS if ord(ch) not in glyphs]
    codes = list(range(32, 127)) + list(range(160, 256)) + extras
    lacking = [c for c in codes if c not in glyphs]
    assert not lacking, "source lacks %r" % lacking
    pages = (height + 7) // 8
    size = width * pages
    regen = "python3 tools/gen_font.py /usr/share/fonts/X11/misc"
    out = [
        "# Generated by tools/gen_font.py -- do not edit by hand.",
        "# Source: X11 misc-fixed %s (ISO10646-1), Debian package xfonts-base." % ", ".join(used),
        "# Licence: the misc-fixed fonts are public domain (\"Public domain font.  Share and enjoy.\").",
        "# Regenerate: %s" % regen,
        "# Layout: glyph i is %s[i*%d:(i+1)*%d]: per page (8 rows) its WIDTH columns, bit 0 = top row." % (
            "core/%s.bin" % module if in_file else "DATA", size, size),
        "# Glyphs 0..94 = ASCII 32..126, 95..190 = Latin-1 160..255, then the _EXTRA code points.",
        "# Not in the source font, so left out: %s" % (" ".join("U+%04X" % ord(ch) for ch in missing) or "none"),
        "",
    ]
    if module != "font":
        out += ["from core import font%s" % (", open_data" if in_file else ""), ""]
    out += [
        "WIDTH = %d" % width,
        "HEIGHT = %d" % height,
        "ADVANCE = %d" % advance,
        "PAGES = %d" % pages,
        "RISE = %d  # rows of the cell above the text's y (see tools/gen_font.py)" % rise,
        "",
        "# Sorted extra code points, 2 bytes each, big-endian; glyph index 191 + position.",
        "_EXTRA = b\"%s\"" % "".join("\\x%02x\\x%02x" % (c >> 8, c & 0xFF) for c in extras),
        "",
    ]
    if in_file:
        with open(os.path.join("core", module + ".bin"), "wb") as f:
            f.write(b"".join(columns(glyphs[code], width, pages) for code in codes))
        out.append('_FILE = open_data("%s.bin")  # kept open' % module)
    else:
        out.append("DATA = (")
        for code in codes:
            ch = chr(code)
            label = ch if ch.isprintable() and not ch.isspace() and code != 0xAD else ""
            hexes = "".join("\\x%02x" % b for b in columns(glyphs[code], width, pages))
            out.append("    b\"%s\"  # U+%04X %s" % (hexes, code, label))
        out.append(")")
    text = "\n".join(out) + (LOOKUP if module == "font" else BIG_LOOKUP % size)
    dst = os.path.join("core", module + ".py")
    with open(dst, "w", encoding="utf-8") as f:
        f.write(text.replace(" \n", "\n"))
    print("%s: %d glyphs, DATA %d bytes -> %s" % (name, len(codes), len(codes) * size, dst))


def main(folder="/usr/share/fonts/X11/misc"):
    for face in FACES:
        generate(folder, *face)


if __name__ == "__main__":
    main(*sys.argv[1:])
