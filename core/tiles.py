"""Large value tiles and the prompt kinds chosen on them: Multi, Fields (Show, which may
show tiles too, is core.show).

draw_tiles(f, tiles, ...) lays up to six (value, label) tiles side by side: the value
in the large face if every value fits its tile, else small, on pages 2-4, the small label (a die's
colour initial, a card attribute) on page 5, the cursor mark on page 6. Chosen tiles are
drawn inverted. Everything sits on whole pages, so moving the cursor or toggling a tile
changes at most three pages.

Openers (see core.prompts, core.play): multi = choose any subset (LEFT/RIGHT move,
UP/DOWN toggle, OK done); fields = several small values on one screen (LEFT/RIGHT move,
UP/DOWN change with wrap-around, OK done).
"""

from core import buttons as B
from core import ticks_diff
from core.frame import W, fit, height, width
from core.play import context
from core.i18n import t
from core.prompts import Prompt
from core.ui import Screen, is_ok, pick, title_bar, wrap_all

VALUE_Y = 16  # pages 2-4: a large value and its cell fit in their 24 rows
LABEL_Y = 40
MARK_Y = 48
HINT_Y = 56
ROTATE_MS = 2000  # the context row shows the next line after this long


class Multi(Prompt):
    kind = "multi"
    screen = ("core.tiles", "multi")

    def __init__(self, title, values, labels, then, initial=0, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = [(values[i], labels[i]) for i in range(len(values))]
        self.initial = initial


class Fields(Prompt):
    kind = "fields"
    screen = ("core.tiles", "fields")

    def __init__(self, title, fields, then, initial=None, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.fields = fields
        self.initial = list(initial) if initial else [f[1] for f in fields]



def draw_tiles(f, tiles, chosen=0, cursor=-1):
    n = len(tiles)
    if not n:
        return
    w = W // n
    x0 = (W - w * n) // 2
    size = 2
    for value, _ in tiles:
        if width(value, 2) > w - 3:
            size = 1
    y = VALUE_Y + (24 - height(size)) // 2
    for i in range(n):
        value, label = tiles[i]
        x = x0 + i * w
        value = fit(value, size, w - 2)
        vx = x + (w - width(value, size)) // 2
        if chosen >> i & 1:
            f.fill_rect(x + 1, VALUE_Y, w - 2, 24, 1)  # pages 2-4 only: a toggle sends three
            f.text(value, vx, y, size, True, True)
        else:
            f.text(value, vx, y, size)
        label = fit(label, 1, w)
        f.text(label, x + (w - width(label)) // 2, LABEL_Y)
        if i == cursor:
            f.text("\u25b2", x + (w - 5) // 2, MARK_Y, 1, False, False)


def multi(ctx, p, root):
    ctx.app.push(MultiScreen(ctx, p))


def fields(ctx, p, root):
    ctx.app.push(FieldsScreen(ctx, p))


class TileEntry(Screen):
    """Tiles with a cursor: LEFT/RIGHT move it, UP/DOWN act on the tile under it
    (change), OK answers value(). The line under the title says who answers and then,
    in turn every ROTATE_MS, each context line (every key here is taken)."""

    help = ""

    def __init__(self, ctx, p):
        Screen.__init__(self)
        self.p = p
        self.title = p.title
        self.cursor = 0
        self.on_done = lambda v: ctx.answered(p, v)
        self.lines = wrap_all(context(ctx, p))
        self.at = 0  # the line shown
        self.since = None

    def tick(self, now):
        if len(self.lines) < 2:
            return False
        if self.since is None:
            self.since = now
        elif ticks_diff(now, self.since) >= ROTATE_MS:
            self.since = now
            self.at = (self.at + 1) % len(self.lines)
            return True
        return False

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.LEFT, B.RIGHT):
            self.cursor = (self.cursor + d) % len(self.tiles())
        elif d:
            self.change(d, kind)
        elif is_ok(kind, button):
            self.on_done(self.value())
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        if self.lines:
            f.center(fit(self.lines[self.at]), 8)
        draw_tiles(f, self.tiles(), self.chosen(), self.cursor)
        f.center(t(self.help), HINT_Y)

    def chosen(self):
        return 0


class MultiScreen(TileEntry):
    help = "ui.multi_help"

    def __init__(self, ctx, p):
        TileEntry.__init__(self, ctx, p)
        self.mask = p.initial

    def tiles(self):
        return self.p.tiles

    def change(self, d, kind):
        if kind == B.PRESS:  # a toggle: held, it must not flicker with auto-repeat
            self.mask ^= 1 << self.cursor

    def value(self):
        return self.mask

    def chosen(self):
        return self.mask


class FieldsScreen(TileEntry):
    help = "ui.fields_help"

    def __init__(self, ctx, p):
        TileEntry.__init__(self, ctx, p)
        self.values = list(p.initial)

    def tiles(self):
        out = []
        for i in range(len(self.values)):
            label, lo, _, names = self.p.fields[i]
            v = self.values[i]
            out.append((names[v - lo] if names else str(v), label))
        return out

    def change(self, d, kind):
        _, lo, hi, _ = self.p.fields[self.cursor]
        v = self.values[self.cursor] + d
        self.values[self.cursor] = lo if v > hi else hi if v < lo else v

    def value(self):
        return list(self.values)
