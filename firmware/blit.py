"""Native inner loops for core.frame on a MicroPython port with a native emitter (the
Pico): the same bytes as core.frame's portable code, written as viper functions.

On the emulated Pico the portable code spends ~1 ms building the pixel row of one line
of small text (a Python step per glyph) and 0.2-0.6 ms merging a row into the frame
(slices and big ints); these loops do each in well under 0.1 ms. That is most of the
time a new screen takes to draw. firmware.main hands the App a function that imports
this module (`native=`); the App calls it the first time the box is idle and gives the
module to core.frame (frame.accelerate); without it (CPython, the WebAssembly
port, CircuitPython) the portable code runs. tests/test_pico_emu.py draws texts both ways
on the emulated Pico and compares the bytes, and every measured script compares the
panel's frames with the host simulator's.

Contract (the arguments are checked by the caller, core.frame; a viper pointer has no
bounds check):
- glyphs(data, width, adv, s, n, out): out receives the one-page glyphs of the n bytes
  of s side by side, glyph c at data[(c - 32) * width:], each `adv` columns after the
  last (out zeroed, (n - 1) * adv + width bytes). s holds ASCII as it is, or each
  character's glyph number plus 32 (core.frame maps a text that is not ASCII; every
  number is a glyph of data). False when s holds a byte below 32 or 127 (ASCII's DEL,
  which data does not hold at 95) (out then half written: the caller falls back).
- merge(buf, a, src, n, step, on): OR src[0], src[step], src[2 * step], ... into
  buf[a:a + n], or clear those bits: a row of text (step 1), or one mask over a run of
  bytes (step 0: a partial page of a rectangle).

And one for core.app, which pushes only what changed:
- changes(new, old, spans): the mask of the 128-byte pages (8) where the frames differ;
  for each such page p, spans[2p] and spans[2p + 1] get its first and last changed
  column (firmware/ssd1306.py sends just those).
"""

import micropython


@micropython.viper
def glyphs(data: ptr8, width: int, adv: int, s: ptr8, n: int, out: ptr8) -> bool:
    o = 0
    for i in range(n):
        c = s[i]
        if c < 32 or c == 127:
            return False
        g = (c - 32) * width
        for k in range(width):
            out[o + k] = data[g + k]
        o += adv
    return True


@micropython.viper
def merge(buf: ptr8, a: int, src: ptr8, n: int, step: int, on: int):
    off = 0 if on else 0xFF  # (b | v) ^ v clears v's bits: one loop for both
    j = 0
    for i in range(a, a + n):
        v = src[j]
        buf[i] = (buf[i] | v) ^ (v & off)
        j += step


@micropython.viper
def changes(new: ptr8, old: ptr8, spans: ptr8) -> int:
    mask = 0
    for p in range(8):
        a = p * 128
        lo = 0
        while lo < 128 and new[a + lo] == old[a + lo]:
            lo += 1
        if lo < 128:
            hi = 127
            while new[a + hi] == old[a + hi]:
                hi -= 1
            spans[2 * p] = lo
            spans[2 * p + 1] = hi
            mask |= 1 << p
    return mask
