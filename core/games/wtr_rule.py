"""The rule language of What the Rule?!: cards, rules over a card and the row of correct
cards, the judge, exact equivalence, hints and the rule generator.

Cards: 72 distinct, each twice in the deck. card(shape, count, filled, black) =
shape * 24 + (count - 1) * 4 + filled * 2 + black: shape 0 circle, 1 triangle,
2 square; count 1..6; filled and black as bools.

A rule looks at the card played and at the last correct card of the row (none before the
first). That is its whole memory, so a rule is a table: for each state (no card yet, or
one of the 72 as the last) the 72-bit mask of the cards it accepts. Relations to the last
card hold for the first card of the row, negated or not: there is nothing to compare it
with (so "colours alternate" lets any card start). `first` says what the first card may be.

Text form (ASCII; parse(text) reads it, text(rule) writes it, parse(text(r)) == r):
  rule   := conj ("or" conj)*
  conj   := unary ("and" unary)*
  unary  := "not" unary | "(" rule ")" | atom
  atom   := "first"                                    the row is still empty
          | attr ("=" | "!=") value
          | attr "in" "{" value ("," value)* "}"
          | "count" ("even" | "odd")
          | "count" ("<" | ">" | "<=" | ">=") 1..6
          | attr ("=" | "!=") "last." attr              same / other than the last card
          | "count" ("=" | "!=") "last.count" ("+" | "-") "1" ["cyclic"]
          | "shape" ("=" | "!=") "last.shape" ("+" | "-") "1" "cyclic"
                                                         one up / down (cyclic: 6 -> 1,
                                                         circle -> triangle -> square -> circle)
          | "count" ("<" | ">") "last.count"             smaller / greater count
  attr   := "shape" | "count" | "fill" | "colour"
  value  := "circle" | "triangle" | "square" | 1..6 | "outline" | "filled" | "white" | "black"
"not" binds tightest, then "and", then "or". text() puts every nested and/or in brackets.

Rules as values (tuples, compared with ==): ("or", r, r, ...), ("and", r, r, ...),
("not", r), ("first",), ("is", attr, op, arg) with attr 0..3 (shape, count, fill, colour)
and arg a value, a sorted tuple of values ("in") or None (even, odd), and
("last", attr, op, step, cyclic) with op "=", "!=", "<", ">" and step -1, 0 or 1.
Values are the attribute's number: shape 0-2, count 1-6, fill 0 outline / 1 filled,
colour 0 white / 1 black.

Contract: fits(rule, row, card) judges a card; equivalent(a, b) is exact: a walk over
every row that can arise under a (the secret rule) comparing the two masks in each state
(walk(); rows whose last cards neither rule tells apart are one state);
difference(a, b) gives a row and a card that tell them apart. generate(level, rng) makes
rules that never accept every card and never leave a reachable row in which no card fits.
"""

N = 72
ALL = (1 << N) - 1
ATTRS = ("shape", "count", "fill", "colour")
NAMES = (("circle", "triangle", "square"), None, ("outline", "filled"), ("white", "black"))
VALUES = ((0, 1, 2), (1, 2, 3, 4, 5, 6), (0, 1), (0, 1))
SHAPE, COUNT, FILL, COLOUR = 0, 1, 2, 3


def card(shape, count, filled, black):
    if type(shape) is not int or type(count) is not int or not (0 <= shape <= 2 and 1 <= count <= 6):
        raise ValueError("no such card")
    if filled not in (0, 1) or black not in (0, 1):  # bools are 0 and 1
        raise ValueError("no such card")
    return shape * 24 + (count - 1) * 4 + filled * 2 + black


def attr(c, a):
    """Attribute a (SHAPE, COUNT, FILL, COLOUR) of card c."""
    if a == SHAPE:
        return c // 24
    if a == COUNT:
        return c // 4 % 6 + 1
    if a == FILL:
        return c >> 1 & 1
    return c & 1


def _value_masks():
    out = []
    for a in range(4):
        m = [0] * 7
        for c in range(N):
            m[attr(c, a)] |= 1 << c
        out.append(m)
    return out


_VAL = _value_masks()  # _VAL[attr][value]: the cards with that value


# ---------------------------------------------------------------- the judge


def _sat(op, v, arg):
    if op == "=":
        return v == arg
    if op == "!=":
        return v != arg
    if op == "in":
        return v in arg
    if op == "even":
        return v % 2 == 0
    if op == "odd":
        return v % 2 == 1
    if op == "<":
        return v < arg
    if op == ">":
        return v > arg
    if op == "<=":
        return v <= arg
    return v >= arg


def _values_mask(a, op, arg):
    m = 0
    for v in VALUES[a]:
        if _sat(op, v, arg):
            m |= _VAL[a][v]
    return m


def _relation(r, last):
    a, op, step = r[1], r[2], r[3]
    lv = attr(last, a)
    if op == "<" or op == ">":
        return _values_mask(a, op, lv)
    target = lv + step
    vals = VALUES[a]
    if r[4]:  # cyclic: past the last value comes the first again
        target = vals[(target - vals[0]) % len(vals)]
    m = _VAL[a][target] if vals[0] <= target <= vals[-1] else 0
    return ALL ^ m if op == "!=" else m


def mask(r, last, neg=False):
    """The cards rule r accepts after a row whose last card is `last` (None: empty row);
    neg: of `not r`. Negation is pushed down to the atoms, where a relation to the last
    card holds for the first card either way."""
    k = r[0]
    if k == "not":
        return mask(r[1], last, not neg)
    if k == "and" or k == "or":
        meet = (k == "and") != neg
        m = ALL if meet else 0
        for x in r[1:]:
            y = mask(x, last, neg)
            m = m & y if meet else m | y
        return m
    if k == "first":
        m = ALL if last is None else 0
    elif k == "is":
        m = _values_mask(r[1], r[2], r[3])
    elif last is None:
        return ALL
    else:
        m = _relation(r, last)
    return ALL ^ m if neg else m


def fits(r, row, c):
    """True when card c may be laid after the correct row `row` (a list of cards)."""
    return mask(r, row[-1] if row else None) >> c & 1 == 1


def cards(m):
    """The cards in mask m, lowest first. Byte by byte: on the Pico 72 shifts of a big
    int per state made half the time of an equivalence check."""
    out = []
    bs = m.to_bytes(9, "little")
    for i in range(9):
        byte = bs[i]
        c = i * 8
        while byte:
            if byte & 1:
                out.append(c)
            byte >>= 1
            c += 1
    return out


# ---------------------------------------------------------------- equivalence


def _reads(r, out):
    """out (a list) with the attributes of the last card that rule r compares added."""
    k = r[0]
    if k == "not":
        _reads(r[1], out)
    elif k == "and" or k == "or":
        for x in r[1:]:
            _reads(x, out)
    elif k == "last" and r[1] not in out:
        out.append(r[1])
    return out


def _classes(reads):
    """The masks of the classes of cards alike in the attributes `reads` (every card when
    reads is empty): as the last card, all the cards of a class leave a rule that reads
    only those attributes of the last card with the same mask."""
    out = [ALL]
    for a in reads:
        out = [m & _VAL[a][v] for m in out for v in VALUES[a]]
    return out


def walk(a, b=None):
    """The states a row under rule a can reach, breadth first: the empty row, then one
    state per class of last cards that neither a nor b tells apart (_classes), reached by
    a row that a allows and no shorter one. Yields (row, mask of a, mask of b) per state
    (b None: a's mask twice). On the Pico a walk over every last card (73 states) took
    20 ms, and a hint or a guess up to 125 ms; most rules read one attribute of the last
    card, or none, so this walk has 3 to 7 states."""
    classes = _classes(_reads(a, _reads(b, []) if b is not None else []))
    todo = [[]]
    while todo:
        row = todo.pop(0)
        last = row[-1] if row else None
        ma = mask(a, last)
        yield row, ma, ma if b is None else mask(b, last)
        left = []
        for m in classes:
            if m & ma:
                todo.append(row + [cards(m & ma)[0]])
            else:
                left.append(m)
        classes = left


def difference(a, b):
    """None when b accepts the same cards as a after every row that can arise under a;
    else (row, card): a shortest row a allows and a card exactly one of them accepts there."""
    for row, ma, mb in walk(a, b):
        if ma != mb:
            return row, cards(ma ^ mb)[0]
    return None


def equivalent(a, b):
    return difference(a, b) is None


def states(r):
    """[(last, mask)] of every state of walk(r) (last None: the empty row)."""
    return [(row[-1] if row else None, m) for row, m, _ in walk(r)]


def playable(r):
    """A rule the box may set: some card is refused somewhere, and every reachable row
    has a card that fits (else the round could not go on)."""
    some = False
    for _, m in states(r):
        if not m:
            return False
        if m != ALL:
            some = True
    return some


def ignored(r):
    """The attributes whose value on the card played never changes the verdict."""
    out = []
    sts = states(r)
    for a in range(4):
        vals = VALUES[a]
        same = True
        for _, m in sts:
            first = m & _VAL[a][vals[0]]
            for v in vals[1:]:
                # cards differing only in attribute a sit a fixed number of bits apart
                if (m & _VAL[a][v]) != _shift(first, a, v - vals[0]):
                    same = False
        if same:
            out.append(a)
    return out


def _shift(m, a, d):
    return m << (d * (24, 4, 2, 1)[a])


# ---------------------------------------------------------------- text form


def _value_text(a, v):
    return str(v) if a == COUNT else NAMES[a][v]


def _atom_text(r):
    if r[0] == "first":
        return "first"
    a = ATTRS[r[1]]
    op = r[2]
    if r[0] == "last":
        s = "{} {} last.{}".format(a, op, a)
        if r[3]:
            s += " + 1" if r[3] > 0 else " - 1"
            if r[4]:
                s += " cyclic"
        return s
    if op == "even" or op == "odd":
        return a + " " + op
    if op == "in":
        return a + " in {" + ", ".join([_value_text(r[1], v) for v in r[3]]) + "}"
    return "{} {} {}".format(a, op, _value_text(r[1], r[3]))


def text(r):
    k = r[0]
    if k == "and" or k == "or":
        parts = []
        for x in r[1:]:
            s = text(x)
            parts.append("(" + s + ")" if x[0] in ("and", "or") else s)
        return (" " + k + " ").join(parts)
    if k == "not":
        s = text(r[1])
        return "not (" + s + ")" if r[1][0] in ("and", "or") else "not " + s
    return _atom_text(r)


def _tokens(s):
    out = []
    i = 0
    n = len(s)
    while i < n:
        ch = s[i]
        if ch in " \t\n":
            i += 1
        elif ch in "(){},+-":
            out.append(ch)
            i += 1
        elif ch in "=!<>":
            if i + 1 < n and s[i + 1] == "=":
                out.append(s[i : i + 2])
                i += 2
            elif ch == "!":
                raise ValueError("'!' must be followed by '='")
            else:
                out.append(ch)
                i += 1
        elif ch.isalpha() or ch.isdigit():
            j = i
            while j < n and (s[j].isalpha() or s[j].isdigit() or s[j] in "._"):
                j += 1
            out.append(s[i:j].lower())
            i = j
        else:
            raise ValueError("unexpected '{}'".format(ch))
    return out


class _Parser:
    def __init__(self, s):
        self.toks = _tokens(s)
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or want is not None and tok != want:
            raise ValueError("expected {} at word {}".format(want or "more", self.i + 1))
        self.i += 1
        return tok

    def attr(self):
        tok = self.take()
        if tok == "color":
            tok = "colour"
        if tok not in ATTRS:
            raise ValueError("unknown attribute " + tok)
        return ATTRS.index(tok)

    def value(self, a):
        tok = self.take()
        if a == COUNT:
            if not (len(tok) == 1 and "1" <= tok <= "6"):
                raise ValueError("a count is 1 to 6")
            return int(tok)
        if tok not in NAMES[a]:
            raise ValueError("{} is no {}".format(tok, ATTRS[a]))
        return NAMES[a].index(tok)

    def atom(self):
        if self.peek() == "first":
            self.take()
            return ("first",)
        a = self.attr()
        op = self.take()
        if op in ("even", "odd"):
            if a != COUNT:
                raise ValueError("only a count is even or odd")
            return ("is", a, op, None)
        if op == "in":
            self.take("{")
            vals = [self.value(a)]
            while self.peek() == ",":
                self.take()
                vals.append(self.value(a))
            self.take("}")
            return ("is", a, "in", tuple(sorted(set(vals))))
        if op not in ("=", "!=", "<", ">", "<=", ">="):
            raise ValueError("unknown comparison " + op)
        nxt = self.peek() or ""
        if nxt.startswith("last."):
            return self.relation(a, op)
        if op not in ("=", "!=") and a != COUNT:
            raise ValueError("only a count is compared")
        return ("is", a, op, self.value(a))

    def relation(self, a, op):
        tok = self.take()
        if tok != "last." + ATTRS[a] and not (a == COLOUR and tok == "last.color"):
            raise ValueError("compare with the last card's " + ATTRS[a])
        step = 0
        cyclic = False
        if self.peek() in ("+", "-"):
            step = 1 if self.take() == "+" else -1
            self.take("1")
            if a not in (SHAPE, COUNT) or op not in ("=", "!="):
                raise ValueError("only a count or shape steps by one")
            if self.peek() == "cyclic":
                self.take()
                cyclic = True
            elif a == SHAPE:
                raise ValueError("shapes step in a cycle only")
        elif op in ("<=", ">=") or op in ("<", ">") and a != COUNT:
            raise ValueError("only a count is greater or smaller")
        return ("last", a, op, step, cyclic)


def parse(s):
    """The rule written in the text form; ValueError saying where it is wrong.
    Iterative (an explicit stack of open brackets, not one Python call per bracket): the
    Pico's 8 KB C stack held only two levels of brackets from the REPL, fewer in the app."""
    p = _Parser(s)
    outer = []  # per open bracket: (ors, ands, nots) of the text around it
    ors, ands, nots = [], [], 0  # the bracket being read: finished conjunctions, the
    while True:  # current one's operands, the "not"s before the next operand
        tok = p.peek()
        if tok == "not":
            p.take()
            nots += 1
            continue
        if tok == "(":
            p.take()
            outer.append((ors, ands, nots))
            ors, ands, nots = [], [], 0
            continue
        x = p.atom()
        while True:  # an operand is complete: apply its nots, then see what follows
            while nots:
                x = ("not", x)
                nots -= 1
            ands.append(x)
            tok = p.peek()
            if tok == "and":
                p.take()
                break
            if tok == "or":
                p.take()
                ors.append(_chain(ands, "and"))
                ands = []
                break
            ors.append(_chain(ands, "and"))
            x = _chain(ors, "or")
            if not outer:
                if tok is not None:
                    raise ValueError("unexpected " + tok)
                return x
            p.take(")")
            ors, ands, nots = outer.pop()


def _chain(xs, word):
    return xs[0] if len(xs) == 1 else tuple([word] + xs)


# ---------------------------------------------------------------- the generator

# Ten rules in the spirit of the printed rule cards, for a first game.
DECK = (
    "colour = white",
    "colour != last.colour",
    "count even",
    "shape != square",
    "count = last.count + 1 cyclic",
    "fill = filled",
    "shape = last.shape",
    "count > 3",
    "shape = last.shape + 1 cyclic",
    "fill != last.fill",
)
LEVELS = ("easy", "medium", "hard")


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
    return ("is", COUNT, "in", tuple(vals or [1 + rng.below(6)]))


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
    if k == 2:
        return ("last", COUNT, ">" if rng.below(2) else "<", 0, False)
    return ("last", COLOUR if k == 3 else FILL, "!=", 0, False)


def _candidate(level, rng):
    if level == "easy":
        return _one(rng)
    if level == "medium":
        if rng.below(3) == 0:
            return _same(rng)
        a = rng.below(4)
        b = (a + 1 + rng.below(3)) % 4
        return ("and" if rng.below(2) else "or", _one(rng, a), _one(rng, b))
    k = rng.below(4)
    seq = _sequence(rng)
    if seq[2] in ("<", ">"):  # up or down to the end, then a fresh start
        seq = ("or", seq, ("is", COUNT, "=", 1 if seq[2] == ">" else 6))
    if k == 0:
        return seq
    if k == 1:  # a cycle that starts where the rule card says
        return ("and", seq, ("or", ("not", ("first",)), _one(rng)))
    if k == 2:
        return ("and" if rng.below(2) else "or", seq, _one(rng))
    return ("and", seq, _same(rng))


def _every_part_counts(r):
    """A combination must not mean the same as one of its parts alone."""
    if r[0] not in ("and", "or"):
        return True
    for x in r[1:]:
        if equivalent(r, x):
            return False
    return True


def generate(level, rng):
    """A playable rule of the level ("easy", "medium", "hard")."""
    if level not in LEVELS:
        raise ValueError("unknown level " + str(level))
    while True:
        r = _candidate(level, rng)
        if playable(r) and _every_part_counts(r):
            return r
