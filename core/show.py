"""The Show prompt: a large view for the whole table (a result, a joker, the dice, the
setup), answered with OK, its LEDs lit as the prompt says. Apart from core.tiles, which
it loads only to draw tiles, so a game that only shows text does not carry the tile
widgets (heap on the Pico).
"""

from core.frame import W, fit, width
from core.prompts import Prompt
from core.ui import Screen, title_bar, wrap_all


class Show(Prompt):
    kind = "show"
    screen = ("core.show", "show")

    def __init__(self, title, then, tiles=(), leds=(0, 0), **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = tiles
        self.leds = leds


def show(ctx, p, root):
    ctx.app.push(ShowScreen(p, lambda: ctx.answered(p, True)))


class ShowScreen(Screen):
    """Title, the big text large or the tiles, up to two small lines; OK goes on."""

    def __init__(self, p, on_ok):
        Screen.__init__(self)
        self.p = p
        self.title = p.title
        self.leds = p.leds
        self.on_ok = on_ok

    def draw(self, f):
        p = self.p
        title_bar(f, self.title)
        if p.tiles:
            from core.tiles import draw_tiles

            draw_tiles(f, p.tiles)
            row = 6
        else:
            row = 2
            for part in _big_rows(p.big):
                f.center(fit(part, 2), row * 8, 2)
                row += 2
        for line in wrap_all(p.lines)[: 8 - row]:
            f.center(fit(line), row * 8)
            row += 1


def _big_rows(big):
    """The big text large: one row, or two when it is too wide and has a space."""
    if not big:
        return ()
    cut = big.find(" ")
    if width(big, 2) <= W or cut < 0:
        return (big,)
    return (big[:cut], big[cut + 1 :])
