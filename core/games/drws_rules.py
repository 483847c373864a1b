"""The rule cards of Das Regeln Wir Schon! and what they do, as pure functions: the
catalogue of the known cards (shared/RULES.md), chip values, the voting rules' chip
payments, and the scoring round with the prediction round's points.

Cards are codes: "<type>:<name>" for a known card, "x<type>:<name>" for a custom one
(its effect entered by hand when it applies). Types: c correction, s scoring,
p prediction, v voting, i incident. Colours are 0..3: white, purple, yellow, green.

The mat: {"s": code, "p": code, "c": [code, code], "v": [code, code], "i": [code, code]}.
chips[p][c]: player p's chips of colour c.
"""

COLOURS = 4
CATALOGUE = {
    "c": ["c:{}{}".format(c, v) for c in range(COLOURS) for v in (0, 2, 3)] + ["c:mono", "c:single", "c:sets", "c:sole"],
    "s": ["s:sb", "s:p2", "s:n5"],
    "p": ["p:own"],
    "v": ["v:alone", "v:left", "v:min"],
    "i": ["i:first", "i:top", "i:speak"],
}
TYPES = ("c", "v", "i")  # what a player may put to the vote
FIRST_SPEAKER = 15  # points the first speaker of the scoring round loses (i:first)
FIRST_PLACE = 10  # points the leader after chip scoring loses (i:top)
OWN_PLACE = 15  # a prediction of one's own place that comes true (p:own)
SPEAK_CHIPS = 3  # chips whoever speaks pays (i:speak)


def kind(code):
    """The card's type letter ("c", "s", ...), custom or not."""
    return code[1] if code[0] == "x" else code[0]


def custom(code):
    return code[0] == "x"


def colour_value(code):
    """(colour, value) of a colour correction card, else None."""
    if code[0] == "c" and code[2].isdigit():
        return int(code[2]), int(code[3])
    return None


def clash(cards):
    """True when two correction cards set the value of the same colour."""
    seen = []
    for code in cards:
        cv = colour_value(code)
        if cv:
            if cv[0] in seen:
                return True
            seen.append(cv[0])
    return False


def values(mat):
    """What a chip of each colour is worth: 1, unless a correction card says otherwise."""
    out = [1] * COLOURS
    for code in mat["c"]:
        cv = colour_value(code)
        if cv:
            out[cv[0]] = cv[1]
    return out


def bonus(chips, p, mat):
    """Player p's bonus points from the correction cards on the mat."""
    mine = chips[p]
    out = 0
    for code in mat["c"]:
        if code == "c:mono" and len([k for k in mine if k]) == 1:
            out += 30
        elif code == "c:single":
            out += 10 * len([k for k in mine if k == 1])
        elif code == "c:sets":
            out += 5 * min(mine)
        elif code == "c:sole":
            for c in range(COLOURS):
                if mine[c] and not [q for q in range(len(chips)) if q != p and chips[q][c]]:
                    out += 30
    return out


def chip_points(mine, vals, rule, noted=0):
    """A player's points from their chips by the scoring rule (a custom rule scores 0:
    its points are entered by hand)."""
    if custom(rule):
        return 0
    pts = [mine[c] * vals[c] for c in range(COLOURS)]
    if rule == "s:p2":  # the best product of two colours
        return max([pts[a] * pts[b] for a in range(COLOURS) for b in range(a + 1, COLOURS)])
    if rule == "s:n5":
        return 5 * pts[noted]
    return sum(pts)


def payments(votes, mat, active):
    """Chips each player gets from the voting rules in force, in the order they are paid:
    [(seat, chips)], the active player first, then clockwise. votes[p]: True for YES.
    Only sides count, never tiles. Custom voting rules are entered by hand."""
    n = len(votes)
    out = []
    for k in range(n):
        p = (active + k) % n
        out.append((p, sum([PAYS[code] for code in paying(votes, mat, p)])))
    return out


PAYS = {"v:alone": 5, "v:left": 2, "v:min": 2}  # what each known voting rule pays


def paying(votes, mat, p):
    """The known voting rules on the mat that pay player p, in mat order."""
    n = len(votes)
    same = len([q for q in range(n) if votes[q] == votes[p]])
    out = []
    for code in mat["v"]:
        if (code == "v:alone" and same == 1 or code == "v:left" and votes[(p + 1) % n] == votes[p]
                or code == "v:min" and same < n - same):
            out.append(code)
    return out


def take(pool, chips, p, colour, k):
    """Player p takes k chips of a colour from the pool, one by one: whoever takes the
    last chip of a colour makes everyone return all of that colour at once, then the
    taking goes on. Returns how many times the colour ran out."""
    resets = 0
    for _ in range(k):
        pool[colour] -= 1
        chips[p][colour] += 1
        if pool[colour] == 0:
            for q in range(len(chips)):
                pool[colour] += chips[q][colour]
                chips[q][colour] = 0
            resets += 1
    return resets


def places(totals, order):
    """Places 1..n by totals, best first; `order` (a permutation of the seats, e.g. drawn
    at random) breaks ties. Returns place per seat."""
    n = len(totals)
    rank = sorted(range(n), key=lambda p: (-totals[p], order.index(p)))
    out = [0] * n
    for k in range(n):
        out[rank[k]] = k + 1
    return out


def scoring(chips, mat, predictions, first, totals=None, noted=None, adjust=None, order=None):
    """The scoring round and the prediction round: each player's points this round.

    chips[p][c]; mat (module docstring); predictions[p]: the place p predicted (the own
    place card; a custom prediction card's points come in `adjust`); first: the seat
    that spoke first in the scoring round (-1: nobody); totals: points before this round;
    noted[p]: the colour p noted (scoring rule "noted colour x5"); adjust[p]: points
    entered by hand for custom cards; order: the seats in the order ties for a place are
    broken (the box draws it). Returns (points, sheet): sheet[p] = [chip points, bonus,
    incidents, prediction]."""
    n = len(chips)
    totals = totals or [0] * n
    order = order or list(range(n))
    vals = values(mat)
    sheet = []
    for p in range(n):
        pts = chip_points(chips[p], vals, mat["s"], noted[p] if noted else 0)
        inc = -FIRST_SPEAKER if p == first and "i:first" in mat["i"] else 0
        sheet.append([pts, bonus(chips, p, mat), inc + (adjust[p] if adjust else 0), 0])
    now = [totals[p] + sum(sheet[p]) for p in range(n)]
    if "i:top" in mat["i"]:
        top = max(now)
        for p in range(n):
            if now[p] == top:
                sheet[p][2] -= FIRST_PLACE
                now[p] -= FIRST_PLACE
    place = places(now, order)
    if mat["p"] == "p:own":  # a custom prediction card's points come in `adjust`
        for p in range(n):
            sheet[p][3] = OWN_PLACE if predictions[p] == place[p] else 0
    return [sum(row) for row in sheet], sheet
