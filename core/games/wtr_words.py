"""What the Rule?!'s rules and cards in words (core.games.wtr): a condition as a page of
the guess editor lists it (phrase), a rule or guess as the table hears it (said, words),
a card in four characters (label) or in words (card_words).
"""

from core.games import wtr_rule as R
from core.i18n import t


def _value(a, v):
    return str(v) if a == R.COUNT else t("wtr.v{}.{}".format(a, v))


def phrase(r):
    """One condition in a few words ("count over 3", "other colour", "first card"), at
    most 18 characters on a page of the guess editor (a condition on an earlier card
    says which card, and may be longer): a negated condition is said as its opposite
    where one exists."""
    k = r[0]
    if k == "not":
        x = r[1]
        if x[0] == "not":
            return phrase(x[1])
        opp = _opposite(x)
        if opp:
            return phrase(opp)
        if x[0] in ("last", "prev"):
            return _back(x, t("wtr.n" + _relation_key(x)))
        return t("wtr.not", phrase(x))
    if k == "first":
        return t("wtr.first")
    if k == "was":  # a condition on the last card or the one before it
        if r[2] == R.COLOUR and r[3] in ("=", "!="):  # "the last was black", not "black card"
            return t("wtr.was" + str(r[1]), t("wtr.c3." + str(r[4] if r[3] == "=" else 1 - r[4])))
        return t("wtr.was" + str(r[1]), phrase(("is",) + r[2:]))
    a, op = r[1], r[2]
    if k in ("last", "prev"):
        if r[3] == 0 and op in ("=", "!="):
            return _back(r, t(("wtr.same" if op == "=" else "wtr.other") + str(a)))
        return _back(r, t(("wtr." if op != "!=" else "wtr.n") + _relation_key(r)))
    if op in ("even", "odd"):
        return t("wtr." + op)
    if op == "in":
        return t("wtr.is" + str(a), "/".join([_value(a, v) for v in r[3]]))
    if a == R.COUNT and op != "=":
        return t("wtr.cmp" + {"!=": "ne", "<": "lt", ">": "gt", "<=": "le", ">=": "ge"}[op], r[3])
    if op == "!=" and len(R.VALUES[a]) == 2:
        return t("wtr.is" + str(a), _value(a, 1 - r[3]))  # not white: black
    p = t("wtr.is" + str(a), _value(a, r[3]))
    return p if op == "=" else t("wtr.not", p)


def _back(r, words):
    """A relation's words, said to be to the card before the last one for "prev"."""
    return t("wtr.back2", words) if r[0] == "prev" else words


def _relation_key(r):
    """The words' key of a step, parity or comparison relation, without its negation."""
    if r[2] in ("<", ">"):
        return "higher" if r[2] == ">" else "lower"
    if r[2] == "par":
        return "par"
    step = "2" if r[3] in (2, -2) else ""
    return "{}{}{}{}".format("s" if r[1] == R.SHAPE else "c", "up" if r[3] > 0 else "down", step, "c" if r[4] else "")


_OPPOSITE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "even": "odd", "odd": "even"}


def _opposite(x):
    """The condition meaning `not x`, if the language has one."""
    if x[0] == "is":
        if x[2] == "in":
            rest = tuple([v for v in R.VALUES[x[1]] if v not in x[3]])
            return ("is", x[1], "in", rest) if rest else None
        return ("is", x[1], _OPPOSITE[x[2]], x[3])
    if x[0] in ("last", "prev") and x[2] in ("=", "!=") and x[3] == 0:
        return (x[0], x[1], _OPPOSITE[x[2]], 0, x[4])  # both hold for a first card
    return None


def _first_of(r):
    """r is "first card: x" (not first, or x)."""
    return r[0] == "or" and len(r) == 3 and r[1] == ("not", ("first",))


def said(r):
    """The whole rule in words for the table, saying what it asks of the first card of a
    row where that is not in the words: a condition on an earlier card holds for any
    first card (any first two, for one on the card two back), one on the last card's
    value does not ("after a 3 a square": the first card must be a square)."""
    w = words(r)
    if R.mentions(r, "first"):
        return w
    m0 = None
    free = True  # every first card, and every second one, may be laid
    reads = False
    for row, m, _ in R.walk(r):
        if not row:
            m0 = m
        elif m != m0:
            reads = True
        if len(row) == 1 and m != R.ALL:
            free = False
    if not reads:
        return w
    if m0 == R.ALL:
        return t("wtr.any_first2" if free and R.mentions(r, "prev") else "wtr.any_first", w)
    for x in _simple():
        if R.mask(x, None) == m0:
            return t("wtr.first_must", w, phrase(x))
    return w


def _simple():
    """Conditions on one value of the card, to say what a first card must be."""
    out = []
    for a in range(4):
        for v in R.VALUES[a]:
            out += [("is", a, "=", v), ("is", a, "!=", v)]
    for op in ("<", ">"):
        out += [("is", R.COUNT, op, v) for v in R.VALUES[R.COUNT]]
    return out + [("is", R.COUNT, "even", None), ("is", R.COUNT, "odd", None)]


def words(r):
    """The whole rule in words, as on a rule card (wrapped by the screen). Iterative (an
    explicit stack, like wtr_rule.text()): a bracketed guess nests deeper than the Pico's
    C stack holds Python calls (two frames a level ran out at four levels)."""
    vals = []  # the words of the parts said so far
    todo = [r]
    while todo:
        x = todo.pop()
        if type(x) is list:  # x[0]'s parts are said: join them
            node = x[0]
            if _first_of(node):
                vals.append(t("wtr.first_is", vals.pop()))
            elif node[0] == "not":
                vals.append(t("wtr.not", "(" + vals.pop() + ")"))
            else:
                n = len(node) - 1
                parts = vals[-n:]
                del vals[-n:]
                for i in range(n):
                    if _joins(node[i + 1]):
                        parts[i] = "(" + parts[i] + ")"
                vals.append((" " + t("wtr." + node[0]) + " ").join(parts))
        elif _first_of(x):
            todo += [[x], x[2]]
        elif x[0] in ("and", "or"):
            todo.append([x])
            for i in range(len(x) - 1, 0, -1):  # the first part said first
                todo.append(x[i])
        elif x[0] == "not" and x[1][0] in ("and", "or"):
            todo += [[x], x[1]]
        else:
            vals.append(phrase(x))
    return vals[0]


def grouped(r):
    """The words of r as a part of a longer rule: in brackets when it joins parts."""
    w = words(r)
    return "(" + w + ")" if _joins(r) else w


def _joins(r):
    """r joins parts with and/or (a "first card: x" is said as one condition)."""
    return r[0] in ("and", "or") and not _first_of(r)


GLYPHS = ("\u25cb\u25b3\u25a1", "\u25cf\u25b2\u25a0")  # outline / filled circle, triangle, square


def label(c):
    """A card in four characters: count, shape glyph (filled or outline), colour letter."""
    return "{}{}{}".format(R.attr(c, R.COUNT), GLYPHS[R.attr(c, R.FILL)][R.attr(c, R.SHAPE)], t("wtr.col" + str(R.attr(c, R.COLOUR))))


def card_words(c):
    """A card in words: "4 filled circles, white"."""
    return t("wtr.card", R.attr(c, R.COUNT), t("wtr.fill" + str(R.attr(c, R.FILL))), t("wtr.shape" + str(R.attr(c, R.SHAPE))), t("wtr.colour" + str(R.attr(c, R.COLOUR))))
