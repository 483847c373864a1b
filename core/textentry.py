"""Short text entry: the Text prompt kind and the TextEntry screen (names of players,
blue laws, custom rule cards). Imported only while a text is typed.

The characters stand in a grid (GRID_COLS a row, under the text): the D-pad moves the
cursor (wrapping within its row or column), OK types the character under it, or acts on the grid's last cells:
"△" capitals/small letters for the next letter, "←" delete, "✓" done. NO deletes the last character, YES is
done (the text is never empty). A text starts in capitals and goes on in small letters
after its first letter (after a space or "-" in capitals again), so a name is typed as it
is written: "Ann" is OK, two moves to "n", OK twice, then YES (6 presses). The cursor stays where it
typed. BACK after an edit asks before the edit is dropped (only OK and BACK answer that).
"""

from core import buttons as B
from core.frame import W, face, forget_large, width
from core.i18n import lang, t
from core.prompts import Prompt
from core.ui import Confirm, Screen, is_ok, pick, title_bar, wrap_all

# Letters the Text kind offers beyond A-Z, per language, as (capitals, small letters):
# spelled out because MicroPython's str.lower() only knows ASCII.
EXTRA = {"de": ("\u00c4\u00d6\u00dc", "\u00e4\u00f6\u00fc\u00df"), "nl": ("\u00c9\u00cb\u00cf", "\u00e9\u00eb\u00ef")}
AZ = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TAIL = "-0123456789"
CASE, DELETE, DONE = "\u25b3", "\u2190", "\u2713"  # the grid's last cells: what OK does there
GRID_COLS = 12  # four rows hold the 45 cells of the longest alphabet (German)
CELL = W // GRID_COLS  # 10 px
GRID_X = (W - CELL * GRID_COLS) // 2
GRID_Y = 32  # pages 4-7


# Every capital the box types and its small letter, for fold().
CAPS = AZ + "".join([EXTRA[k][0] for k in sorted(EXTRA)])
SMALL = AZ.lower() + "".join([EXTRA[k][1][: len(EXTRA[k][0])] for k in sorted(EXTRA)])


def fold(s):
    """s in small letters, the same on every runtime, for names compared without case
    ("Star", "STAR" and "star" are one symbol)."""
    out = []
    for c in s:
        k = CAPS.find(c)
        out.append(SMALL[k] if k >= 0 else c)
    return "".join(out)


def charsets(lang):
    """(capitals, small): the characters a Text answer is typed from, in the grid's
    order (letters, the language's own, "-", digits), then the space. The same length:
    a cell is one place in both (ß has no capital: it stays ß)."""
    up, low = EXTRA.get(lang, ("", ""))
    up += low[len(up):]
    return AZ + up + TAIL + " ", AZ.lower() + low + TAIL + " "


def cells(lang, upper):
    """The grid's cells: the characters (space shown as "_"), then CASE, DELETE, DONE."""
    chars = charsets(lang)[0 if upper else 1]
    return list(chars[:-1]) + ["_", CASE, DELETE, DONE]


def capital_next(text):
    """A text goes on in capitals when it is empty or its last character is a space or
    "-" (a name as it is written), else in small letters."""
    return not text or text[-1] in " -"


class Text(Prompt):
    kind = "text"
    screen = ("core.textentry", "text")

    def __init__(self, title, then, maxlen=8, initial="", **kw):
        Prompt.__init__(self, title, then, **kw)
        self.maxlen = maxlen
        self.initial = initial


def text(ctx, p, root):
    lines = ([p.last] if p.last else []) + list(p.lines)  # what was done last, the prompt's lines
    ctx.app.push(TextEntry(p.title, p.initial, lambda s: ctx.answered(p, s), p.maxlen, lines))


class TextEntry(Screen):
    """The text large on pages 1-2, the prompt's first context line (or the keys) on
    page 3, the grid on pages 4-7 with the cursor's cell inverted."""

    def __init__(self, title, value, on_done, maxlen=8, lines=()):
        Screen.__init__(self)
        self.title = title
        self.lines = wrap_all(lines)[:1]
        self.start = value[:maxlen]
        self.text = self.start
        self.maxlen = maxlen
        self.at = 0  # the cursor's cell
        self.shift = False  # "Aa": the next letter in the other case
        self.on_done = on_done
        forget_large()  # the text is the one large text here, and not kept (draw)

    def upper(self):
        return capital_next(self.text) != self.shift

    def value(self):
        return self.text.strip()

    def on_event(self, kind, button):
        d = pick(kind, button)
        n = len(cells(lang(), True))
        if d and button in (B.LEFT, B.RIGHT):  # along the row, wrapping within it
            start = self.at - self.at % GRID_COLS
            width = min(n, start + GRID_COLS) - start
            self.at = start + (self.at - start + d) % width
        elif d:  # UP/DOWN: a row, wrapping within the column's cells
            col, rows = self.at % GRID_COLS, (n + GRID_COLS - 1) // GRID_COLS
            row = self.at // GRID_COLS
            while True:
                row = (row - d) % rows
                if row * GRID_COLS + col < n:
                    break
            self.at = row * GRID_COLS + col
        elif is_ok(kind, button):
            self._press(cells(lang(), self.upper())[self.at])
        elif kind == B.PRESS and button == B.YES:
            self._press(DONE)
        elif kind == B.PRESS and button == B.NO:
            self._press(DELETE)
        elif kind == B.RELEASE and button == B.BACK and self.value() != self.start.strip():
            self.app.push(Confirm(self.title, [t("ui.discard_q")], self._discard, votes=False))
        else:
            Screen.on_event(self, kind, button)

    def _press(self, cell):
        if cell == DONE:
            if self.value():
                self.on_done(self.value())
        elif cell == DELETE:
            self.text = self.text[:-1]
            self.shift = False
        elif cell == CASE:
            self.shift = not self.shift
        elif len(self.text) < self.maxlen:
            self.text += " " if cell == "_" else cell
            self.shift = False

    def _discard(self):
        """The edit dropped, then BACK as on any screen: the question before, or the
        game menu on a turn's first screen (never out of the game)."""
        self.app.pop()
        self.text = self.start
        self.back()

    def draw(self, f):
        title_bar(f, self.title)
        s = self.text
        adv = face(2).ADVANCE
        x0 = (W - width(s, 2) - adv) // 2  # room for the mark of the next character
        if s:
            f.text(s, x0, 8, 2, False, True, False)  # a new text on most presses: not kept
        if len(s) < self.maxlen:  # where the next character goes (none: the text is full)
            f.hline(x0 + len(s) * adv, 22, adv - 1)
        f.center(self.lines[0] if self.lines else t("ui.name_help"), 24)
        grid = cells(lang(), self.upper())
        for i in range(len(grid)):
            x, y = GRID_X + (i % GRID_COLS) * CELL, GRID_Y + (i // GRID_COLS) * 8
            c = grid[i]
            cx = x + (CELL - width(c)) // 2
            if i == self.at:
                f.fill_rect(x, y, CELL, 8, 1)
            f.text(c, cx, y, 1, i == self.at, False)
