"""Pairing the table's phones (issue 53) in one pass of the box: "Phones…" on the list of
names (core.players, where the box serves phones: app.phones) hands the box to each
player in turn (the usual guarded hand-over, as the link is that seat's secret) and shows
them their seat's link to open on their phone. The seats (core.seats) are made at the
first pairing and kept on the App until the box is switched off; a seat is on a phone
from the moment a phone opens its link.
"""

from core.i18n import t
from core.seats import Seats
from core.ui import HandOver, Message

ROW = 21  # characters of a small row: a link is cut into rows, it has no spaces


def pair(app, names, on_done):
    if app.seats is None:
        app.seats = Seats(names, app.phones.entropy)
    app.seats.seat_names(names)

    def hand(i):
        if i == len(names):
            app.pop()
            on_done()
            return
        h = HandOver(names[i], lambda: show(i), on_back=app.pop, title=t("phones.title"))
        if i:
            app.replace(h)
        else:
            app.push(h)

    def show(i):
        link = app.phones.base + "/s/" + app.seats.tokens[i]
        rows = [link[k : k + ROW] for k in range(0, len(link), ROW)]
        app.replace(Message(t("phones.title"), [t("phones.open")] + rows + [t("vote.next")], lambda: hand(i + 1)))

    hand(0)
