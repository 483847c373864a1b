"""Screens for the plain prompt kinds: Choice -> Menu, Number -> NumberPicker,
Confirm -> Confirm, Text -> TextEntry.

Every opener is fn(ctx, prompt, root) (named in the prompt class's `screen`). ctx is who
walks the chain: core.play.Play for the table, core.secret.SecretFlow inside a voter's
private chain. It offers ctx.app, ctx.names(), ctx.answered(prompt, value), ctx.secret
(True inside a voter's chain: then YES and NO never answer a dialog) and, for root
prompts of a Play, ctx.menu() behind the extra "Menu…" entry.
"""

from core import buttons as B
from core.frame import W, fit, width
from core.i18n import lang, t
from core.prompts import TAIL, charsets
from core.ui import Confirm, Menu, NumberPicker, Screen, is_ok, pick, title_bar


def context(ctx, p):
    """One small line saying who answers and what the table reads (e.g. "Anna  Top 14")."""
    parts = []
    if p.player is not None:
        parts.append(ctx.names()[p.player])
    if p.big:
        parts.append(p.big)
    return ["  ".join(parts)] if parts else []


def header(ctx, p):
    """Draws the answering player's name and the big text at 2x; returns the next row."""
    names = ctx.names()

    def draw(f):
        row = 1
        if p.player is not None:
            f.center(fit(names[p.player], 2), 8, 2)
            row = 3
        if p.big:
            f.center(fit(p.big, 2), row * 8, 2)
            row += 2
        return row

    return draw


def choice(ctx, p, root):
    app = ctx.app
    items = list(p.options)
    if root:
        items.append(t("game.menu"))
    n = len(p.options)

    def select(i):
        if i == n:
            ctx.menu()
        else:
            ctx.answered(p, i)

    head = header(ctx, p) if (p.big or p.player is not None) else None
    # With the name large on screen, the title bar carries the first context line.
    title = p.lines[0] if head and p.player is not None and p.lines else p.title
    app.push(Menu(title, items, select, p.initial, app.home if root else None, head))


def number(ctx, p, root):
    ctx.app.push(NumberPicker(p.title, p.lo, p.hi, p.initial, lambda v: ctx.answered(p, v), p.unit, context(ctx, p)))


def confirm(ctx, p, root):
    ctx.app.push(Confirm(p.title, context(ctx, p) + list(p.lines), lambda: ctx.answered(p, True), votes=not ctx.secret))


def text(ctx, p, root):
    ctx.app.push(TextEntry(p.title, p.initial, lambda s: ctx.answered(p, s), p.maxlen))


class TextEntry(Screen):
    """Short names: UP/DOWN pick the character, RIGHT next one, LEFT previous one,
    YES capitals/small letters, NO deletes, OK done. BACK after an edit asks first."""

    def __init__(self, title, value, on_done, maxlen=8):
        Screen.__init__(self)
        self.title = title
        self.sets = charsets(lang())
        self.upper = not value or value[0] not in self.sets[1]
        self.start = value[:maxlen]
        self.chars = list(self.start) or [" "]
        self.pos = 0
        self.on_done = on_done
        self.maxlen = maxlen

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
        self.app.pop()
        self.app.pop()

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
        s = "".join(self.chars)
        x0 = (W - width(s, 2)) // 2
        f.text(s, x0, 24, 2)
        f.hline(x0 + self.pos * 12, 42, 10)
        f.center(t("ui.name_help"), 48)
        f.center(t("ui.name_help2"), 56)
