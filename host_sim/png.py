"""Write a frame as a PNG screenshot (CPython only): white-on-blue like a real SSD1306 is
not needed, so pixels are drawn light-on-black at a scale, with a 1-pixel bezel."""

import struct
import zlib


def write(path, buf, scale=4, on=(230, 240, 255), off=(8, 10, 20)):
    w, h = 128 * scale, 64 * scale
    rows = []
    for y in range(64):
        line = bytearray()
        for x in range(128):
            lit = (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
            line.extend(bytes(on if lit else off) * scale)
        rows.extend([line] * scale)
    write_rgb(path, w, h, rows)


def write_rgb(path, w, h, rows):
    """An RGB PNG of h rows of w pixels (3 bytes each)."""
    raw = b"".join([b"\x00" + bytes(line) for line in rows])

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
