"""The Show prompt: a large view for the whole table (a result, a joker, the dice, the
setup), answered with OK, its lamps lit by meaning (leds: "yes", "no" or "", core.ui). Apart from core.tiles, which
it loads only to draw tiles, so a game that only shows text does not carry the tile
widgets (heap on the Pico).
"""

from core import buttons as B
from core.frame import W, fit, width
from core.prompts import Prompt, is_prompt
from core.ui import NARROW, Armed, Screen, pick, scroll, scroll_marks, title_bar, wait_row, wrap_all


class Show(Prompt):
    """guard: OK counts only once the screen has been up a moment (core.ui.Armed): for a
    screen that hands the box on and whose OK draws at random (the next player's roll)."""

    kind = "show"
    screen = ("core.show", "show")

    def __init__(self, title, then, tiles=(), leds="", guard=False, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = tiles
        self.leds = leds
        self.guard = guard


def in_place(note, then):
    """Show `note` (what just happened, large for the table), then `then` (the next
    prompt or action, or a callable giving it once the note is answered) in the note's
    place: both are states of the edit "note" (core.prompts.open_prompt), so the turn
    keeps one screen, BACK on the next one is what BACK on the note was (the game menu
    on a turn's first screen), and the last action core.play gave the note is on it."""

    def answered(_):
        p = then() if callable(then) else then
        if is_prompt(p) and p.edit in (None, "note"):  # another edit's state goes above
            p.edit = "note"
            p.last = note.last
        return p

    note.then = answered
    note.edit = "note"
    return note


def show(ctx, p, root):
    ctx.app.push(ShowScreen(p, lambda: ctx.answered(p, True)))


class ShowScreen(Armed):
    """Title, the big text large or the tiles, then the small lines, wrapped; UP/DOWN
    scroll them when there are more than the rows left; OK goes on (at once, unless the
    prompt has a guard: then the bottom row is the wait row until it is armed)."""

    def __init__(self, p, on_ok):
        Screen.__init__(self)
        self.armed = not p.guard
        self.p = p
        self.title = p.title
        self.leds = p.leds
        self.on_ok = on_ok
        self.top = 0
        self.row = 6 if p.tiles else 2 + 2 * len(_big_rows(p.big))  # the first small row
        lines = ([p.last] if p.last else []) + list(p.lines)
        self.lines = wrap_all(lines)
        if len(self.lines) > 8 - self.row:  # it scrolls: room for the marks
            self.lines = wrap_all(lines, NARROW)

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):
            self.top = scroll(self.top, d, len(self.lines), 8 - self.row)
        else:
            Armed.on_event(self, kind, button)

    def draw(self, f):
        p = self.p
        title_bar(f, self.title)
        if p.tiles:
            from core.tiles import draw_tiles

            draw_tiles(f, p.tiles)
        else:
            row = 2
            for part in _big_rows(p.big):
                f.center(fit(part, 2), row * 8, 2)
                row += 2
        lines = self.lines
        rows = 8 - self.row
        if not self.armed:
            rows -= 1  # the wait row's
        n = len(lines)
        for r in range(min(rows, n - self.top)):
            # a scroll mark takes the right edge of the first or last row only
            marked = (r == 0 and self.top > 0) or (r == rows - 1 and self.top + rows < n)
            f.center(fit(lines[self.top + r], 1, W - 16 if marked else W), (self.row + r) * 8)
        scroll_marks(f, self.top, rows, n, self.row * 8, (self.row + rows - 1) * 8)
        if not self.armed:
            wait_row(f, 56, self.steps, self.early)


def _big_rows(big):
    """The big text large: one row, or two when it is too wide and has a space."""
    if not big:
        return ()
    cut = big.find(" ")
    if width(big, 2) <= W or cut < 0:
        return (big,)
    return (big[:cut], big[cut + 1 :])
