"""What the Rule?!'s rule generator: generate(level, rng) makes rules (core.games.wtr_rule's
tuples) that never leave a reachable row in which no card fits and that accept between
BAND[0] and BAND[1] of the 72 cards after every reachable row (the first card, or the
first two for a rule that looks at the card before the last, may be anything).

Its own module: it is needed only when a round begins (core.games.wtr imports it then
and lets it go), not through the turns and guesses of a long round on the Pico's heap.
"""

from core.games.wtr_rule import ALL, COLOUR, COUNT, FILL, SHAPE, VALUES, cards, equivalent, playable, reads, walk

LEVELS = ("easy", "medium", "hard", "expert")
# Cards a generated rule accepts after every row it can reach: 12 (one count of six,
# 17 %) to 50 (69 %). Outside it a rule hardly tells anything (accepting "count in {2, 3,
# 4, 5, 6} or shape != square", 89 %) or stalls the row. The first card (the first two,
# for a rule that looks at the card before the last) may be anything: relations to a
# missing card hold.
BAND = (12, 50)
MAX_STATES = 80  # states of a generated rule's walk (each costs about 2 ms on the Pico)


def _one(rng, a=None):
    """A condition on one attribute of the card (easy)."""
    if a is None:
        a = rng.below(4)
    if a != COUNT:
        v = VALUES[a][rng.below(len(VALUES[a]))]
        return ("is", a, "!=" if a == SHAPE and rng.below(2) else "=", v)
    k = rng.below(4)
    if k == 0:
        return ("is", COUNT, "even" if rng.below(2) else "odd", None)
    if k == 1:
        return ("is", COUNT, ">", 1 + rng.below(5))
    if k == 2:
        return ("is", COUNT, "<", 2 + rng.below(5))
    vals = [v for v in VALUES[COUNT] if rng.below(2)]
    if len(vals) < 2:
        return ("is", COUNT, "=", vals[0] if vals else 1 + rng.below(6))
    return ("is", COUNT, "in", tuple(vals))


def _same(rng):
    """Same or other value than the last card, on one attribute (medium)."""
    return ("last", rng.below(4), "!=" if rng.below(2) else "=", 0, False)


def _sequence(rng):
    """A cycle or an alternation (hard)."""
    k = rng.below(5)
    if k == 0:
        return ("last", COUNT, "=", 1 if rng.below(2) else -1, True)
    if k == 1:
        return ("last", SHAPE, "=", 1 if rng.below(2) else -1, True)
    if k == 2:  # up or down to the end, then a fresh start at one of the two lowest (highest)
        up = rng.below(2)
        return ("or", ("last", COUNT, ">" if up else "<", 0, False), ("is", COUNT, "<=" if up else ">=", 2 if up else 5))
    return ("last", COLOUR if k == 3 else FILL, "!=", 0, False)


_OPPOSITE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "even": "odd", "odd": "even"}


def _negate(x):
    """The condition x ("is") negated without a "not"."""
    if x[2] == "in":
        rest = tuple([v for v in VALUES[x[1]] if v not in x[3]])
        if not rest:
            return ("not", x)
        return ("is", x[1], "in", rest) if len(rest) > 1 else ("is", x[1], "=", rest[0])
    if x[2] == "=" and len(VALUES[x[1]]) == 2:  # not white: black
        return ("is", x[1], "=", 1 - x[3])
    return ("is", x[1], _OPPOSITE[x[2]], x[3])


def _was(k, x):
    """Condition x ("is") on the last card (k = 1) or the card before it (k = 2)."""
    return ("was", k) + x[1:]


def _pattern(rng):
    """A pattern over the last two cards (expert)."""
    k = rng.below(7)
    if k == 0:  # like or unlike the card before the last
        return ("prev", rng.below(4), "!=" if rng.below(2) else "=", 0, False)
    if k == 1:  # a count cycle by two, or by one from the card before the last
        if rng.below(2):
            return ("last", COUNT, "=", 2 if rng.below(2) else -2, True)
        return ("prev", COUNT, "=", 1 if rng.below(2) else -1, True)
    if k == 2:  # the count differs by two, or the parity is the same as or other than a card's
        if rng.below(2):
            return ("or", ("last", COUNT, "=", 2, False), ("last", COUNT, "=", -2, False))
        x = ("last" if rng.below(2) else "prev", COUNT, "par", 0, False)
        return ("not", x) if rng.below(2) else x
    x = _one(rng)
    if k == 3:  # no two x in a row
        return ("or", _negate(x), ("not", _was(1, x)))
    if k == 4:  # x, x, not x, repeating
        w1, w2 = _was(1, x), _was(2, x)
        return ("or", ("and", w1, w2, _negate(x)), ("and", ("not", ("and", w1, w2)), x))
    # after an x comes a y, else a z
    y = _one(rng) if k == 5 else _same(rng)
    z = _one(rng) if rng.below(2) else _same(rng)
    return ("or", ("and", _was(1, x), y), ("and", ("not", _was(1, x)), z))


def _candidate(level, rng):
    if level == "easy":
        return _one(rng)
    if level == "medium":
        if rng.below(3) == 0:
            return _same(rng)
        a = rng.below(4)
        b = (a + 1 + rng.below(3)) % 4
        return ("and" if rng.below(2) else "or", _one(rng, a), _one(rng, b))
    if level == "expert":
        p = _pattern(rng)
        k = rng.below(3)
        if k == 0:
            return p
        if k == 1:
            return ("and" if rng.below(2) else "or", p, _one(rng))
        return ("and", p, _same(rng) if rng.below(2) else _sequence(rng))
    k = rng.below(4)
    seq = _sequence(rng)
    if k == 0:
        return seq
    if k == 1:  # a cycle that starts where the rule card says
        return ("and", seq, ("or", ("not", ("first",)), _one(rng)))
    if k == 2:
        return ("and" if rng.below(2) else "or", seq, _one(rng))
    return ("and", seq, _same(rng))


def _reads_prev(r):
    pr = []
    reads(r, [], pr)
    return len(pr) > 0


def fair(r):
    """The rule's walk stays within MAX_STATES states, and after every row it reaches it
    accepts BAND[0] to BAND[1] cards, or every card as the first card (as the first two
    for a rule that looks at the card before the last). Implies playable(r)."""
    free = 2 if _reads_prev(r) else 1
    n = 0
    for row, m, _ in walk(r):
        n += 1
        if n > MAX_STATES:
            return False
        if m == ALL and len(row) < free:
            continue
        k = len(cards(m))
        if k < BAND[0] or k > BAND[1]:
            return False
    return True


def _every_part_counts(r):
    """No and/or of the rule, at any depth, means the same as one of its operands put in
    its place. Iterative over the paths to the and/ors."""
    todo = [()]
    while todo:
        path = todo.pop()
        node = r
        for i in path:
            node = node[i]
        if node[0] in ("and", "or", "not"):
            for i in range(1, len(node)):
                todo.append(path + (i,))
        if node[0] in ("and", "or"):
            for x in node[1:]:
                if equivalent(r, _put(r, path, x)):
                    return False
    return True


def _put(r, path, x):
    """r with the part at `path` (indexes into the tuples) replaced by x."""
    if not path:
        return x
    i = path[0]
    return r[:i] + (_put(r[i], path[1:], x),) + r[i + 1 :]


def generate(level, rng):
    """A playable rule of the level ("easy", "medium", "hard", "expert"), fair() and
    every part of it counting."""
    if level not in LEVELS:
        raise ValueError("unknown level " + str(level))
    while True:
        r = _candidate(level, rng)
        if fair(r) and playable(r) and _every_part_counts(r):
            return r
