"""Pairing the table's phones (issue 53) in one pass of the box: "Phones…" on the list of
names (core.players, where the box serves phones: app.phones) hands the box to each
player in turn (the usual guarded hand-over, as the link is that seat's secret) and shows
them their seat's link to open on their phone: as a QR code (the host encodes it,
app.phones.qr; 2 px a module, the panel's whole height), beside it their name and the
link to type. The seats (core.seats) are made at the first pairing and kept on the App
until the box is switched off; a seat is on a phone from the moment a phone opens its link.
"""

from core.frame import PAGES, W, fit
from core.i18n import t
from core.seats import Seats
from core.ui import HandOver, Screen

H = PAGES * 8  # the panel's height: the code's square
SIDE = 10  # characters of a row beside the code: the link is cut into rows, it has no spaces


def pair(app, names):
    if app.seats is None:
        app.seats = Seats(names, app.phones.entropy)
    app.seats.seat_names(names)

    def hand(i):
        if i == len(names):
            app.pop()  # back to the list of names
            return
        h = HandOver(names[i], lambda: show(i), on_back=app.pop, title=t("phones.title"))
        if i:
            app.replace(h)
        else:
            app.push(h)

    def show(i):
        link = app.phones.base + "/s/" + app.seats.tokens[i]
        app.replace(Link(names[i], link, app.phones.qr(link), lambda: hand(i + 1)))

    hand(0)


class Link(Screen):
    """A seat's link: its QR code on the left, lit around dark modules as printed ones
    are; on the right the player's name, the link in rows, and what OK does."""

    def __init__(self, name, link, modules, on_ok):
        Screen.__init__(self)
        self.title = t("phones.title")
        self.name = name
        self.rows = [link[k : k + SIDE] for k in range(0, len(link), SIDE)]
        self.modules = modules
        self.on_ok = on_ok

    def draw(self, f):
        f.lines.append(self.title)  # no title bar: the code takes the panel's height
        n = len(self.modules)
        if 2 * n > H:
            raise ValueError("link too long for a QR code on the panel")
        f.fill_rect(0, 0, H, H, 1)
        at = (H - 2 * n) // 2
        for y in range(n):
            row = self.modules[y]
            for x in range(n):
                if row[x]:
                    f.fill_rect(at + 2 * x, at + 2 * y, 2, 2, 0)
        f.text(fit(self.name, 1, W - H - 2), H + 2, 0)
        for r in range(len(self.rows)):
            f.text(self.rows[r], H + 2, 8 * (r + 1))
        f.text(fit(t("phones.next"), 1, W - H - 2), H + 2, H - 8)
