"""Contact sheets of the main screens (issue 15): `python -m tools.contact [OUT_DIR]`
plays one script per game (and the Secret vote) in English, German and Dutch on the host
simulator and writes docs/contact-<lang>.png, one row per script: the first frame of
each screen title that script reaches past the home menu and the players, up to PER_ROW. For a review by eye that no
text is cut (tests/test_fit.py checks the same by the text drawn)."""

import os
import sys

from core import i18n
from core.app import App
from core.ui import HandOver
from host_sim import fakes, png
from host_sim.script import Runner

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = ("secret_vote", "g23_4players", "democrazy_4players", "wtr_4players", "mmag_4players", "drws_4players")
PER_ROW = 12
SCALE = 2
GAP = 6


def frames(name, lang):
    """The first frame of each new screen title in tests/scripts/<name>.txt, in lang (a
    hand-over counts apart from the screen whose title it bears)."""
    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    app.set_setting("lang", lang)
    runner = Runner(app)
    seen = [i18n.t(k) for k in ("home.title", "pl.count", "pl.names")]  # the same for every game
    out = []
    with open(os.path.join(ROOT, "tests", "scripts", name + ".txt")) as f:
        for line in f.read().splitlines():
            if not line or line.startswith(("#", "expect")):
                continue
            err = runner.do(line)
            if err:
                raise SystemExit("{} ({}): {}".format(name, lang, err))
            title = app.frame.lines[0] if app.frame.lines else ""
            if isinstance(app.top(), HandOver):  # it bears its secret's title: a screen of its own
                title = "\n" + title
            if title not in seen and len(out) < PER_ROW:
                seen.append(title)
                out.append(bytes(app.display.buf))
    return out


def sheet(path, rows):
    """rows: lists of 1024-byte frames; one PNG, frames at SCALE with GAP between."""
    fw, fh = 128 * SCALE, 64 * SCALE
    w = PER_ROW * (fw + GAP) + GAP
    h = len(rows) * (fh + GAP) + GAP
    canvas = [bytearray(b"\x30\x30\x38" * w) for _ in range(h)]
    for r in range(len(rows)):
        for c in range(len(rows[r])):
            buf = rows[r][c]
            x0, y0 = GAP + c * (fw + GAP), GAP + r * (fh + GAP)
            for y in range(fh):
                line = canvas[y0 + y]
                py = y // SCALE
                for x in range(fw):
                    px = x // SCALE
                    lit = (buf[(py >> 3) * 128 + px] >> (py & 7)) & 1
                    line[3 * (x0 + x) : 3 * (x0 + x) + 3] = b"\xe6\xf0\xff" if lit else b"\x08\x0a\x14"
    png.write_rgb(path, w, h, canvas)


def main(argv):
    out = argv[0] if argv else os.path.join(ROOT, "docs")
    i18n.use("ui")
    for lang in i18n.LANGS:
        path = os.path.join(out, "contact-{}.png".format(lang))
        sheet(path, [frames(name, lang) for name in SCRIPTS])
        print("wrote", path)
    i18n.set_lang("en")


if __name__ == "__main__":
    main(sys.argv[1:])
