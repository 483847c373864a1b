"""What the Rule?!: a card entered wrong, put right (core.games.wtr's ["correct"]). Not an
undo: the secret rule, the draws and every verdict on a guess stay; the table replaces the
card by the one really played (the box as master) or turns the verdict (a person as
master), and the log keeps both.

s["plays"]: a byte per card laid out this round, in the order laid: seat * 4 + kind
(MISS, FIT or PLACED, a fitting card the master placed from a revealed hand). With the box
as master the cards themselves are s["row"] and s["misses"], in that order (a miss lies
under the place it was tried at, before the card that took it).

rejudged(): with the box as master the corrected card is judged openly and every card
laid after it is judged again in order, against the row as it now stands; a card placed
from a hand that would no longer fit refuses the correction (the hand would have to be
revealed again). Each verdict that changed moves a card from the hand to the pile or back:
a miss drew a card, a fit did not.
"""

from core.games.wtr_rule import fits

MISS, FIT, PLACED = 0, 1, 2


def laid(s):
    """[(seat, kind, card)] of the cards laid this round, in order (card None: a person is
    master and the box never hears the cards)."""
    out = []
    row, m = s["row"], s["misses"]
    r = k = 0
    for b in s["plays"]:
        kind = b & 3
        c = None
        if s["box"]:
            if kind == MISS:
                c = m[k + 1]
                k += 2
            else:
                c = row[r]
                r += 1
        out.append((b >> 2, kind, c))
    return out


def rejudged(rule, cards, j, c):
    """The round laid again with card j replaced by c: (row, misses, plays, changed), where
    changed lists [index, seat, card, fits now] for each card whose verdict changed (j
    first, if its own did). None when a placed card would no longer fit."""
    row, misses, plays, changed = [], bytearray(), bytearray(), []
    for i in range(len(cards)):
        seat, kind, x = cards[i]
        if i == j:
            x = c
        if i >= j and kind != PLACED:
            now = FIT if fits(rule, row, x) else MISS
            if now != kind:
                changed.append([i, seat, x, now])
            kind = now
        elif i > j and not fits(rule, row, x):
            return None
        if kind == MISS:
            misses.extend(bytes((len(row), x)))
        else:
            row.append(x)
        plays.append(seat * 4 + kind)
    return row, misses, plays, changed


def turned(cards, j):
    """A person as master: card j's verdict turned, (plays, changed) as rejudged() says."""
    plays = bytearray([seat * 4 + kind for seat, kind, _ in cards])
    seat, kind, _ = cards[j]
    now = MISS if kind == FIT else FIT
    plays[j] = seat * 4 + now
    return plays, [[j, seat, None, now]]
