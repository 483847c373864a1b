"""The app on the emulated Pico shows exactly the host simulator's frames.

../shared/pico-emu/measure runs the stock MicroPython 1.28 RPI_PICO firmware in rp2040js
with the device build on littlefs, plays a script (each button held 150 ms) and compares
the panel's RAM after every line with the frame host_sim computes for that line. Here:
the Secret vote script and a full 4-player game of 23 (neither draws at random, so the
device's own seed does not matter). About 80 s of wall time, both scripts at once.

Skipped, with the reason, when node or ../shared/pico-emu is missing (the MicroPython
WebAssembly tests need node too, so a machine that runs those runs this). The first run
installs rp2040js into ~/.cache/pico-emu with npm. No time is asserted: BENCHMARKS.md
reports the times.
"""

import concurrent.futures
import json
import os

import pytest

from core import font
from tools.bench import pico

pytestmark = pytest.mark.pico  # a slow tier: ./dev test --all (tests/conftest.py)

SCRIPTS = ("tests/scripts/secret_vote.txt", "tests/scripts/g23_4players.txt")
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "YES", "NO", "HOLD")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    why = pico.missing()
    if why:
        pytest.skip("emulated Pico not available: %s" % why)
    tmp = tmp_path_factory.mktemp("pico-emu")

    def one(script):
        project = str(tmp / os.path.basename(script)[:-4])
        pico.snapshot(project)  # measure builds in its project folder: one each, so both run at once
        return script, pico.run_measure(project, script, project + "-out")

    pico.warm_cache()  # once, before the runs that share it
    with concurrent.futures.ThreadPoolExecutor(len(SCRIPTS)) as pool:
        return dict(pool.map(one, SCRIPTS))


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_frame_matches_the_host_simulator(runs, script):
    r = runs[script]
    assert r["ref_ok"], "the host simulator's reference stopped before the end of %s" % script
    pressed = [n for n, line in enumerate(r["lines"], 1) if line.split()[:1] and line.split()[0].upper() in BUTTONS]
    assert pressed and set(pressed) <= set(r["played"]), "lines never played: %s" % sorted(set(pressed) - set(r["played"]))
    assert r["summary"]["lines_checked"] >= len(r["lines"])
    assert r["summary"]["mismatches"] == []
    assert r["presses"], "nothing reached the panel"


# Drawn on the emulated Pico by the portable code, then through firmware/blit.py (the
# viper loops firmware.main hands the App there): every printable ASCII glyph, texts that
# are not ASCII (core.frame hands the native row their glyph numbers; DEL and NBSP stay
# portable), every glyph of the font, clipped at both edges, off the page grid,
# inverted, large, over a half-filled page (on a cleared frame), and partial-page
# rectangles lit and cleared;
# and the changed pages and columns between each frame and the one before.
_TEXTS = ["".join(chr(c) for c in range(32 + i, 127, 7)) for i in range(7)] + [
    "Größe 12", "Ünïcode ●", "\x7f\x1f", "Hand 12 Pen 0 Bon 3", "P3", "x",
    "".join(chr(c) for c in range(160, 256, 3)), "".join(chr(c) for c in range(161, 256, 3)),
    "".join(chr(c) for c in range(162, 256, 3)), "a\xa0b \u2190\u2192 x\u2026", "\u2713\u25cf\u2022\u0100\uffff",
    "".join(sorted(set(chr(int.from_bytes(font._EXTRA[i : i + 2], "big")) for i in range(0, len(font._EXTRA), 2))))]
BLIT_CASES = [("text", s, x, y, size, inv) for s in _TEXTS for x, y in ((0, 0), (-7, 13), (100, 40), (37, 59))
              for size in (1, 2) for inv in (False, True)] + [
    ("rect", x, y, w, h, on) for x, y, w, h in ((-3, 3, 50, 9), (10, 20, 200, 3), (0, 0, 128, 64), (5, 61, 9, 9))
    for on in (0, 1)]
BLIT_PROGRAM = """
import json
from core import frame
from firmware import blit

def draw(op, native):
    frame.accelerate(native)
    frame._recent.clear()
    f = frame.Frame()
    f.fill_rect(0, 0, 128, 64)
    f.clear()
    f.fill_rect(0, 26, 128, 4)
    if op[0] == "rect":
        f.fill_rect(*op[1:])
    else:
        f.text(*op[1:])
    return f.buf

def changes(new, old):  # what blit.changes() finds, byte by byte
    mask, spans = 0, bytearray(16)
    for i in range(1024):
        if new[i] != old[i]:
            p = i >> 7
            if not mask >> p & 1:
                mask |= 1 << p
                spans[2 * p] = i & 127
            spans[2 * p + 1] = i & 127
    return mask, spans

cases = json.load(open("blit_cases.json"))
differ = []
spans_differ = []
prev = bytearray(1024)
for i, op in enumerate(cases):
    portable = draw(op, None)
    if portable != draw(op, blit):
        differ.append(i)
    spans = bytearray(16)
    mask = blit.changes(portable, prev, spans)
    want = changes(portable, prev)
    if (mask, bytes(spans[k] for k in range(16) if mask >> (k // 2) & 1)) != (want[0], bytes(want[1][k] for k in range(16) if want[0] >> (k // 2) & 1)):
        spans_differ.append(i)
    prev = portable
print(json.dumps({"cases": len(cases), "differ": differ, "spans_differ": spans_differ}))
"""


def test_native_loops_draw_the_portable_bytes_on_the_pico(tmp_path):
    why = pico.missing()
    if why:
        pytest.skip("emulated Pico not available: %s" % why)
    res = pico.run_code(str(tmp_path), BLIT_PROGRAM, {"blit_cases.json": json.dumps(BLIT_CASES)})
    assert res["stderr"] == ""  # firmware.blit imported (a native emitter) and ran
    out = json.loads(res["stdout"].strip().splitlines()[-1])
    assert out == {"cases": len(BLIT_CASES), "differ": [], "spans_differ": []}
