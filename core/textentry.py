"""Short text entry: the Text prompt kind and the TextEntry screen (names of players,
blue laws, custom rule cards). Imported only while a text is typed.

UP/DOWN pick the character, RIGHT goes to the next one, LEFT to the previous one, YES
switches capitals/small letters, NO deletes, OK takes the text (never empty). BACK after
an edit asks before the edit is dropped (only OK and BACK answer that).
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
TAIL = "0123456789-"


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
    """(capitals, small): the characters a Text answer cycles through, space first."""
    up, low = EXTRA.get(lang, ("", ""))
    return " " + AZ + up + TAIL, " " + AZ.lower() + low + TAIL


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
    """Short names: UP/DOWN pick the character, RIGHT next one, LEFT previous one,
    YES capitals/small letters, NO deletes, OK done. BACK after an edit asks first.
    lines: up to two small context lines above the text."""

    def __init__(self, title, value, on_done, maxlen=8, lines=()):
        Screen.__init__(self)
        self.title = title
        self.lines = wrap_all(lines)[:2]
        self.sets = charsets(lang())
        self.upper = not value or value[0] not in self.sets[1]
        self.start = value[:maxlen]
        self.chars = list(self.start) or [" "]
        self.pos = 0
        self.on_done = on_done
        self.maxlen = maxlen
        forget_large()  # the name is the one large text here, and not kept (draw)

    def value(self):
        return "".join(self.chars).strip()

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):
            chars = self.sets[0 if self.upper else 1]
            i = chars.find(self.chars[self.pos])
            self.chars[self.pos] = chars[(i + d) % len(chars)] if i >= 0 else chars[1]
        elif d and button == B.RIGHT and kind == B.PRESS:
            if self.pos + 1 < self.maxlen:
                self.pos += 1
                if self.pos == len(self.chars):
                    self.chars.append(" ")
        elif d and button == B.LEFT and kind == B.PRESS:
            self.pos = max(0, self.pos - 1)
        elif kind == B.PRESS and button == B.YES:
            self._case()
        elif kind == B.PRESS and button == B.NO:
            del self.chars[self.pos]
            if not self.chars:
                self.chars.append(" ")
            self.pos = min(self.pos, len(self.chars) - 1)
        elif is_ok(kind, button):
            if self.value():
                self.on_done(self.value())
        elif kind == B.RELEASE and button == B.BACK and self.value() != self.start.strip():
            self.app.push(Confirm(self.title, [t("ui.discard_q")], self._discard, votes=False))
        else:
            Screen.on_event(self, kind, button)

    def _discard(self):
        """The edit dropped, then BACK as on any screen: the question before, or the
        game menu on a turn's first screen (never out of the game)."""
        self.app.pop()
        self.chars = list(self.start) or [" "]
        self.pos = 0
        self.back()

    def _case(self):
        """Switch capitals/small letters; the character under the cursor follows."""
        frm = self.sets[0 if self.upper else 1]
        self.upper = not self.upper
        to = self.sets[0 if self.upper else 1]
        c = self.chars[self.pos]
        i = frm.find(c)
        if c not in to and 0 <= i < len(to) - len(TAIL):  # a letter: same place, other case
            self.chars[self.pos] = to[i]

    def draw(self, f):
        title_bar(f, self.title)
        for i in range(len(self.lines)):
            f.center(self.lines[i], 8 + 8 * i)
        s = "".join(self.chars)
        x0 = (W - width(s, 2)) // 2
        f.text(s, x0, 24, 2, False, True, False)  # a new text on most presses: not kept
        adv = face(2).ADVANCE
        f.hline(x0 + self.pos * adv, 42, adv - 1)
        f.center(t("ui.name_help"), 48)
        f.center(t("ui.name_help2"), 56)
