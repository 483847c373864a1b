"""Large value tiles and the prompt kinds chosen on them: Multi, Fields, Pick (Show, which
may show tiles too, is core.show).

draw_tiles(f, tiles, ...) lays up to six (value, label) tiles side by side: the value
in the large face if every value fits its tile, else small, on pages 2-4, the small label (a die's
colour initial, a card attribute) on page 5, the cursor mark on page 6. Chosen tiles are
drawn inverted. Everything sits on whole pages, so moving the cursor or toggling a tile
changes at most three pages.

Openers (see core.prompts, core.play): multi = choose any subset (LEFT/RIGHT move,
UP/DOWN toggle the tile and step to the next, so marking neighbours is one press each;
OK done; the hint row may say what OK will do with the tiles chosen, YES may give an
answer of its own and NO the tiles not chosen, when some are); fields = several small
values on one screen (LEFT/RIGHT move, UP/DOWN change with wrap-around, OK done; or
`direct`: no cursor, each field has its own keys, UP/DOWN the first, LEFT/RIGHT the
second, YES the third, NO the fourth, so a value that changes costs no move to its field:
a card entered from the last one costs one press per attribute that differs); pick = one tile or none, for a player whose
name is drawn large (the D-pad moves; OK takes, NO takes none, both once the screen has
been up a moment).
"""

from core import buttons as B
from core import ticks_diff
from core.frame import W, fit, height, width
from core.i18n import t
from core.prompts import Prompt
from core.play import latest, who
from core.ui import Armed, Screen, pick, title_bar, wait_row, wrap_all

VALUE_Y = 16  # pages 2-4: a large value and its cell fit in their 24 rows
LABEL_Y = 40
MARK_Y = 48
HINT_Y = 56
ROTATE_MS = 2000  # the context row shows the next line after this long


class Multi(Prompt):
    """ok(mask) -> the hint row's text (what OK does with these tiles); yes: what the YES
    button answers (None: YES does nothing); no: NO answers the tiles not chosen (when
    there are any), for a table that marked the ones it meant to keep; guard: OK counts
    only once the screen has been up a moment or the D-pad was used (see TileEntry): an
    OK with nothing marked then is one the player meant, not the screen before's."""

    kind = "multi"
    screen = ("core.tiles", "multi")

    def __init__(self, title, values, labels, then, initial=0, ok=None, yes=None, no=False, guard=False, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = [(values[i], labels[i]) for i in range(len(values))]
        self.initial = initial
        self.ok = ok
        self.yes = yes
        self.no = no
        self.guard = guard


class Fields(Prompt):
    """fields: (label, lo, hi, names or None[, by]) each, `by` the index of another field
    whose value picks this one's names from `names` (a shape drawn outline or filled as
    the fill field says); direct: each field on its own keys
    (DIRECT_KEYS, at most four fields), the keys shown where the labels would be. guard:
    OK counts once the screen has been up a moment or a value was changed (TileEntry).
    total: OK is taken only when the values add up to it; until then the keys row says
    how many are still to choose (chips taken colour by colour: none chosen for the
    player at the start, so OK never accepts a split nobody made)."""

    kind = "fields"
    screen = ("core.tiles", "fields")
    guard = False

    def __init__(self, title, fields, then, initial=None, direct=False, total=None, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.fields = fields
        self.initial = list(initial) if initial else [f[1] for f in fields]
        self.direct = direct
        self.total = total


# direct Fields: the keys that step each field (-1, +1); YES and NO step up only
DIRECT_KEYS = ((B.DOWN, B.UP), (B.LEFT, B.RIGHT), (None, B.YES), (None, B.NO))
DIRECT_LEGEND = ("\u2191\u2193", "\u2190\u2192", "vote.yes", "vote.no")  # the buttons' words


class Pick(Prompt):
    """One of the tiles or none: the answer is the tile's index, or -1 for the last tile
    (value `none`, the dash) and for NO. The cursor starts on tile `initial`. guard: OK
    and NO count only once the screen has been up a moment (the box was handed to the
    player whose name it shows)."""

    kind = "pick"
    screen = ("core.tiles", "pick_one")

    def __init__(self, title, values, labels, then, initial=0, none="\u2013", guard=False, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.guard = guard
        self.tiles = [(values[i], labels[i]) for i in range(len(values))]
        self.initial = initial
        self.none = none


def draw_tiles(f, tiles, chosen=0, cursor=-1, top=VALUE_Y, rows=24, lit=-1):
    """The values on the pages from `top` (`rows` high: 24, or 16 under a large name,
    where a value's cell sticks out of its pages and cannot be inverted: the tile `lit`
    has its label row inverted instead)."""
    n = len(tiles)
    if not n:
        return
    w = W // n
    x0 = (W - w * n) // 2
    size = 2
    for value, _ in tiles:
        if width(value, 2) > w - 3:
            size = 1
    y = top + (rows - height(size)) // 2
    for i in range(n):
        value, label = tiles[i]
        x = x0 + i * w
        value = fit(value, size, w - 2)
        vx = x + (w - width(value, size)) // 2
        if chosen >> i & 1:
            f.fill_rect(x + 1, top, w - 2, rows, 1)  # its pages only: a toggle sends three
            f.text(value, vx, y, size, True, True)
        else:
            f.text(value, vx, y, size)
        label = fit(label, 1, w)
        if i == lit:
            f.fill_rect(x + 1, LABEL_Y, w - 2, 8, 1)
        f.text(label, x + (w - width(label)) // 2, LABEL_Y, 1, i == lit)
        if i == cursor:
            f.text("\u25b2", x + (w - 5) // 2, MARK_Y, 1, False, False)


def multi(ctx, p, root):
    ctx.app.push(MultiScreen(ctx, p))


def fields(ctx, p, root):
    ctx.app.push(FieldsScreen(ctx, p))


def pick_one(ctx, p, root):
    ctx.app.push(PickScreen(ctx, p))


class TileEntry(Armed):
    """Tiles with a cursor: LEFT/RIGHT move it, UP/DOWN act on the tile under it
    (change), OK answers value(): pressed on this screen, and with a guard (the prompt's
    `guard`: a screen the box hands to someone, or whose OK draws at random) only once
    the screen has been up a moment (core.ui.Armed). The line under the title says who
    answers and then, in turn every ROTATE_MS, the prompt's context lines and what was
    done last (every key here is taken). A key starts the wait again: the row turns only
    while nobody presses (and so after the same presses on every runtime, whatever their
    pace)."""

    help = ""

    def __init__(self, ctx, p):
        Screen.__init__(self)
        self.p = p
        self.title = p.title
        self.cursor = 0
        self.on_done = lambda v: ctx.answered(p, v)
        self.on_ok = lambda: self.on_done(self.value())
        self.armed = not p.guard
        self.lines = wrap_all(who(ctx, p) + list(p.lines) + latest(p))  # the prompt's help first
        self.at = 0  # the line shown
        self.since = None

    def tick(self, now):
        armed = Armed.tick(self, now)
        if len(self.lines) < 2:
            return armed
        if self.since is None:
            self.since = now
        elif ticks_diff(now, self.since) >= ROTATE_MS:
            self.since = now
            self.at = (self.at + 1) % len(self.lines)
            return True
        return armed

    def on_event(self, kind, button):
        self.since = None
        d = pick(kind, button)
        if d and button in (B.LEFT, B.RIGHT):
            self.cursor = (self.cursor + d) % len(self.tiles())
        elif d:
            self.change(d, kind)
        else:
            Armed.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        if self.lines:
            f.center(fit(self.lines[self.at]), 8)
        draw_tiles(f, self.tiles(), self.chosen(), self.cursor)
        self.keys(f)

    def keys(self, f):
        """The keys row: the wait row until a guarded screen is armed (an early OK is
        answered there: the play-test's OK on a card's entry seemed broken), then hint()."""
        if self.armed:
            f.center(fit(self.hint()), HINT_Y)
        else:
            wait_row(f, HINT_Y, self.steps, self.early)

    def hint(self):
        return t(self.help)

    def chosen(self):
        return 0


class MultiScreen(TileEntry):
    help = "ui.multi_help"

    def __init__(self, ctx, p):
        TileEntry.__init__(self, ctx, p)
        self.mask = p.initial

    def tiles(self):
        return self.p.tiles

    def on_event(self, kind, button):
        p = self.p
        if kind == B.PRESS and button == B.YES and p.yes is not None:
            self.on_done(p.yes)
        elif kind == B.PRESS and button == B.NO and p.no:
            rest = ~self.mask & ((1 << len(p.tiles)) - 1)
            if rest and self.mask:  # with nothing marked a stray NO rerolls nothing
                self.on_done(rest)
        else:
            if pick(kind, button):  # the cursor moved or a tile marked: a choice begun, OK is meant
                self.armed = True
            TileEntry.on_event(self, kind, button)

    def change(self, d, kind):
        if kind == B.PRESS:  # a toggle: held, it must not flicker with auto-repeat
            self.mask ^= 1 << self.cursor
            self.cursor = (self.cursor + 1) % len(self.p.tiles)

    def hint(self):
        ok = self.p.ok
        return ok(self.mask) if ok else t(self.help)

    def value(self):
        return self.mask

    def chosen(self):
        return self.mask


class FieldsScreen(TileEntry):
    help = "ui.fields_help"

    def __init__(self, ctx, p):
        TileEntry.__init__(self, ctx, p)
        self.values = list(p.initial)
        if p.direct:
            self.help = "ui.fields_direct"
            self.cursor = -1
            if len(p.fields) > 2:
                self.leds = "both"

    def tiles(self):
        out = []
        for i in range(len(self.values)):
            f = self.p.fields[i]
            label, lo, names = f[0], f[1], f[3]
            if len(f) > 4:
                names = names[self.values[f[4]]]
            v = self.values[i]
            if self.p.direct:
                label = DIRECT_LEGEND[i] if i < 2 else t(DIRECT_LEGEND[i])
            out.append((names[v - lo] if names else str(v), label))
        return out

    def on_event(self, kind, button):
        if button == B.OK and self.left():
            return  # not yet: the keys row says what is missing
        if not self.p.direct or kind not in (B.PRESS, B.REPEAT) or button in (B.OK, B.BACK):
            TileEntry.on_event(self, kind, button)
            return
        self.since = None
        for i in range(len(self.values)):
            keys = DIRECT_KEYS[i]
            if button in keys and (kind == B.PRESS or i < 2):  # YES/NO do not repeat
                self.step(i, 1 if button == keys[1] else -1)
                self.armed = True  # a value changed: the OK that follows is meant

    def change(self, d, kind):
        self.step(self.cursor, d)

    def step(self, i, d):
        lo, hi = self.p.fields[i][1:3]
        v = self.values[i] + d
        self.values[i] = lo if v > hi else hi if v < lo else v

    def value(self):
        return list(self.values)

    def left(self):
        """How many the values lack of the prompt's total (below 0: too many; 0: none)."""
        total = self.p.total
        return 0 if total is None else total - sum(self.values)

    def hint(self):
        k = self.left()
        if k:
            return t("ui.total_left", k) if k > 0 else t("ui.total_over", -k)
        return t(self.help)


class PickScreen(TileEntry):
    """Pick: the player's name large on pages 1-2, the values large on pages 3-4, the
    labels with the cursor's inverted, the context row (what was done last and the
    prompt's lines in turn) and the keys. Every D-pad key moves the cursor (wrapping);
    OK takes the tile under it, NO none. On another player's screen (the prompt's
    guard) OK and NO count only once it has been up a moment, so the player before,
    pressing once too often, answers nothing for them. YES does nothing: taken here, a
    second YES would reach the roll screen after the last pick, where YES reports a 9th
    card."""

    help = "ui.pick_help"

    def __init__(self, ctx, p):
        TileEntry.__init__(self, ctx, p)
        self.name = ctx.names()[p.player] if p.player is not None else ""
        self.lines = wrap_all(latest(p) + list(p.lines))
        self.cursor = p.initial

    def tiles(self):
        return self.p.tiles + [(self.p.none, "")]

    def on_event(self, kind, button):
        if kind == B.PRESS and button == B.NO:
            if self.armed:  # like OK: the player before, pressing NO twice, passes for nobody
                self.on_done(-1)
            else:
                self.early = True  # said on the keys row, as for OK
        else:
            TileEntry.on_event(self, kind, button)

    def change(self, d, kind):
        self.cursor = (self.cursor + d) % len(self.tiles())

    def value(self):
        return self.cursor if self.cursor < len(self.p.tiles) else -1

    def draw(self, f):
        title_bar(f, self.title)
        f.center(fit(self.name, 2), 8, 2)
        draw_tiles(f, self.tiles(), 0, -1, 24, 16, self.cursor)
        if self.lines:
            f.center(fit(self.lines[self.at]), MARK_Y)
        self.keys(f)
