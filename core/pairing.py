"""Pairing the table's phones (issue 53) in one pass of the box: "Phones…" on the list of
names (core.players, where the box serves phones: app.phones) hands the box to each
player in turn (the usual guarded hand-over, as the link is that seat's secret) and shows
them their seat's link to open on their phone: as a QR code (the host encodes it,
app.phones.qr; 2 px a module, the panel's whole height), beside it their name and the
link to type. Where the box is the phones' Wi-Fi (app.phones.wifi: the Pico W's access
point, firmware/radio.py), a first screen shows its name and password, and a QR code
that joins it (WIFI:T:WPA;S:...;P:...;;). The seats (core.seats) are made at the first
pairing and kept on the App until the box is switched off; a seat is on a phone from the
moment a phone opens its link.
"""

from core.frame import PAGES, W, fit
from core.i18n import t
from core.seats import Seats
from core.ui import HandOver, Screen

H = PAGES * 8  # the panel's height: the code's square
SIDE = 10  # characters of a row beside the code: the link is cut into rows, it has no spaces


def pair(app, names, named):
    """One pass of the box for names (named[i]: a player's own name, not a placeholder:
    core.seats.Seats.seat_names)."""
    if app.seats is None:
        app.seats = Seats(names, app.phones.entropy, named)
    else:
        app.seats.seat_names(names, named)
    app.phones.start()  # the Pico W's access point, its server and DNS (firmware/radio.py)

    def hand(i, on_top):
        if i == len(names):
            app.pop()  # back to the list of names
            return
        h = HandOver(names[i], lambda: show(i), on_back=app.pop, title=t("phones.title"))
        if on_top:
            app.replace(h)
        else:
            app.push(h)

    def show(i):
        link = app.phones.base + "/s/" + app.seats.tokens[i]
        rows = [link[k : k + SIDE] for k in range(0, len(link), SIDE)]
        app.replace(Link(t("phones.title"), [names[i]] + rows, app.phones.qr(link), lambda: hand(i + 1, True)))

    wifi = app.phones.wifi
    if wifi is None:  # the host's network: the phones are on it
        hand(0, False)
    else:  # the box's own: everyone joins it first (the password is the table's, no guard)
        code = "WIFI:T:WPA;S:%s;P:%s;;" % wifi
        app.push(Link(t("phones.wifi"), [t("phones.wifi"), wifi[0], t("phones.key"), wifi[1]], app.phones.qr(code),
                      lambda: hand(0, True)))


class Link(Screen):
    """A QR code on the left, lit around dark modules as printed ones are; on the right
    its lines (a seat's: the player's name, then the link in rows to type; the Wi-Fi's:
    its name and password) and what OK does."""

    def __init__(self, title, lines, modules, on_ok):
        Screen.__init__(self)
        self.title = title
        self.rows = lines
        self.modules = modules
        self.on_ok = on_ok

    def draw(self, f):
        f.lines.append(self.title)  # no title bar: the code takes the panel's height
        n = len(self.modules)
        if 2 * n > H:
            raise ValueError("text too long for a QR code on the panel")
        f.fill_rect(0, 0, H, H, 1)
        at = (H - 2 * n) // 2
        for y in range(n):
            row = self.modules[y]
            for x in range(n):
                if row[x]:
                    f.fill_rect(at + 2 * x, at + 2 * y, 2, 2, 0)
        for r in range(len(self.rows)):
            f.text(fit(self.rows[r], 1, W - H - 2), H + 2, 8 * r)
        f.text(fit(t("phones.next"), 1, W - H - 2), H + 2, H - 8)
