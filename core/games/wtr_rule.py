"""The rule language of What the Rule?!: cards, rules over a card and the row of correct
cards, the judge, exact equivalence, hints and the rule generator.

Cards: 72 distinct, each twice in the deck. card(shape, count, filled, black) =
shape * 24 + (count - 1) * 4 + filled * 2 + black: shape 0 circle, 1 triangle,
2 square; count 1..6; filled and black as bools.

A rule looks at the card played and at the last two correct cards of the row: the last
one and the one before it ("prev"), either missing at the start of a row. That is its
whole memory, so a rule is a table: for each state (the last card and the one before,
each a card or none) the 72-bit mask of the cards it accepts. Relations to the last card
(to the card before it) hold for the first card (for the first two) of the row, negated
or not: there is nothing to compare with (so "colours alternate" lets any card start).
A condition on the last card or the one before ("last.count = 3") is false when there
is no such card, so its negation is true (so "not last.count = 3 or shape = square",
"after a 3 comes a square", lets any card start). `first` says what the first card may
be.

Text form (ASCII; parse(text) reads it, text(rule) writes it, parse(text(r)) == r):
  rule   := conj ("or" conj)*
  conj   := unary ("and" unary)*
  unary  := "not" unary | "(" rule ")" | atom
  atom   := "first"                                    the row is still empty
          | [card "."] attr ("=" | "!=") value          card.attr: of the last card or
          | [card "."] attr "in" "{" value ("," value)* "}"       of the one before it
          | [card "."] "count" ("even" | "odd")
          | [card "."] "count" ("<" | ">" | "<=" | ">=") 1..6
          | attr ("=" | "!=") card "." attr             same / other than that card
          | "count" ("=" | "!=") card ".count" ("+" | "-") ("1" | "2") ["cyclic"]
          | "shape" ("=" | "!=") card ".shape" ("+" | "-") "1" "cyclic"
                                                         up / down by one or two
                                                         (cyclic: 6 -> 1, 5 + 2 -> 1,
                                                         circle -> triangle -> square
                                                         -> circle)
          | "count" ("<" | ">") card ".count"           smaller / greater count
          | "count" "par" card ".count"                 same parity (even / odd)
  card   := "last" | "prev"                             the last card, the one before it
  attr   := "shape" | "count" | "fill" | "colour"
  value  := "circle" | "triangle" | "square" | 1..6 | "outline" | "filled" | "white" | "black"
"not" binds tightest, then "and", then "or". text() puts every nested and/or in brackets.
Examples: "not (colour = white and last.colour = white)" no two whites in a row;
"count = last.count + 2 or count = last.count - 2" the count differs by 2;
"last.colour = white and prev.colour = white and colour = black or not (last.colour =
white and prev.colour = white) and colour = white" white, white, black, repeating.

Rules as values (tuples, compared with ==): ("or", r, r, ...), ("and", r, r, ...),
("not", r), ("first",), ("is", attr, op, arg) with attr 0..3 (shape, count, fill, colour)
and arg a value, a sorted tuple of values ("in") or None (even, odd);
("was", k, attr, op, arg): the same condition on the last card (k = 1) or on the card
before it (k = 2); and ("last", attr, op, step, cyclic) / ("prev", attr, op, step,
cyclic): the card compared with the last card / the card before it, op "=", "!=", "<",
">" or "par" (count only, step 0: same parity), step -2..2 (+-2 on counts only, a shape
steps by one in a cycle only). Values are the attribute's number: shape 0-2, count 1-6,
fill 0 outline / 1 filled, colour 0 white / 1 black.

Contract: fits(rule, row, card) judges a card; accepts(rule, row) is the mask of the
cards that fit after `row`; equivalent(a, b) is exact: a walk over every row that can
arise under a (the secret rule) comparing the two masks in each state (walk(); rows whose
last two cards neither rule tells apart are one state); difference(a, b) gives a
shortest row and a card that tell them apart. judge(rule, guess) is equivalence under
the first-card ruling: a guess that never says "first" is not judged on the first card
of a row when the rule lets any card start one (a human master would not object to
"white after black, black after white" for "other colour"). DECK: the rules of a first game. The
generator of new rules is core.games.wtr_gen (loaded only when a round begins).
"""

from array import array

N = 72
ALL = (1 << N) - 1
NONE = 255  # no card, in walk()'s bytearray of last cards
ATTRS = ("shape", "count", "fill", "colour")
NAMES = (("circle", "triangle", "square"), None, ("outline", "filled"), ("white", "black"))
VALUES = ((0, 1, 2), (1, 2, 3, 4, 5, 6), (0, 1), (0, 1))
SHAPE, COUNT, FILL, COLOUR = 0, 1, 2, 3
CARDS = ("last", "prev")  # the cards a rule looks back at, in the text: ("was", k) is CARDS[k - 1]


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


def _relation(r, other):
    """The cards in relation r ("last" or "prev") to the card `other`."""
    a, op, step = r[1], r[2], r[3]
    lv = attr(other, a)
    if op == "<" or op == ">":
        return _values_mask(a, op, lv)
    if op == "par":
        return _values_mask(a, "odd" if lv % 2 else "even", None)
    target = lv + step
    vals = VALUES[a]
    if r[4]:  # cyclic: past the last value comes the first again
        target = vals[(target - vals[0]) % len(vals)]
    m = _VAL[a][target] if vals[0] <= target <= vals[-1] else 0
    return ALL ^ m if op == "!=" else m


def _program(r, neg=False):
    """Rule r (`not r` when neg) as a flat program for _run(), in postfix order: the
    atoms with the negation pushed down to them as (atom, negated), the conditions on the
    card played already as their masks (ints), and ("and" | "or", n) after its n operands.
    Iterative: a guess built the long way nests deeper than the Pico's C stack allows
    Python calls (mask() recursed once per level before two-card rules)."""
    out = []
    todo = [(r, neg)]
    while todo:
        x, ng = todo.pop()
        if type(x) is str:  # the and/or of operands already put out
            out.append((x, ng))
            continue
        k = x[0]
        if k == "not":
            todo.append((x[1], not ng))
        elif k == "and" or k == "or":
            todo.append(("and" if (k == "and") != ng else "or", len(x) - 1))
            for i in range(len(x) - 1, 0, -1):
                todo.append((x[i], ng))
        elif k == "is":
            m = _values_mask(x[1], x[2], x[3])
            out.append(ALL ^ m if ng else m)
        else:
            out.append((x, ng))
    return out


_PROGS = []  # [rule, neg, program] of the last two rules compiled (the secret rule is asked often)


def _compiled(r, neg=False):
    """_program(r, neg), kept for the same rule object (a tuple never changes)."""
    p = _PROGS
    for i in range(0, len(p), 3):
        if p[i] is r and p[i + 1] == neg:
            return p[i + 2]
    prog = _program(r, neg)
    if len(p) >= 6:
        del p[:3]
    p += [r, neg, prog]
    return prog


def _run(prog, last, prev):
    """The mask a program of _program() gives after a row ending in prev, last."""
    st = []
    for op in prog:
        if type(op) is int:
            st.append(op)
            continue
        x, ng = op
        if x == "and" or x == "or":
            m = st.pop()
            for _ in range(ng - 1):
                m = m & st.pop() if x == "and" else m | st.pop()
            st.append(m)
            continue
        k = x[0]
        if k == "first":
            m = ALL if last is None else 0
        elif k == "was":
            c = last if x[1] == 1 else prev
            m = ALL if c is not None and _sat(x[3], attr(c, x[2]), x[4]) else 0
        else:
            c = last if k == "last" else prev
            if c is None:  # a relation to a missing card holds, negated or not
                st.append(ALL)
                continue
            m = _relation(x, c)
        st.append(ALL ^ m if ng else m)
    return st[0]


def mask(r, last, neg=False, prev=None):
    """The cards rule r accepts after a row whose last card is `last` and whose card
    before that is `prev` (None: no such card; prev is None when last is); neg: of
    `not r`. Negation is pushed down to the atoms, where a relation to a missing card
    holds either way."""
    return _run(_compiled(r, neg), last, prev)


def accepts(r, row):
    """The mask of the cards rule r accepts after the correct row `row` (a list of
    cards; only its last two count)."""
    n = len(row)
    return mask(r, row[-1] if n else None, False, row[-2] if n > 1 else None)


def fits(r, row, c):
    """True when card c may be laid after the correct row `row` (a list of cards)."""
    return accepts(r, row) >> c & 1 == 1


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


def _lowest(m):
    """The lowest card in mask m (not 0): cards(m)[0] without listing them all."""
    c = 0
    while not m & 255:
        m >>= 8
        c += 8
    while not m & 1:
        m >>= 1
        c += 1
    return c


# ---------------------------------------------------------------- equivalence


def reads(r, last, prev):
    """The attributes of the last card and of the card before it that rule r reads,
    added to the lists `last` and `prev`. Iterative (an explicit stack)."""
    todo = [r]
    while todo:
        x = todo.pop()
        k = x[0]
        if k == "not" or k == "and" or k == "or":
            for i in range(len(x) - 1, 0, -1):  # left to right, as the rule reads
                todo.append(x[i])
            continue
        if k == "was":
            k, a = CARDS[x[1] - 1], x[2]
        elif k == "last" or k == "prev":
            a = x[1]
        else:
            continue
        out = last if k == "last" else prev
        if a not in out:
            out.append(a)


def _classes(reads):
    """The masks of the classes of cards alike in the attributes `reads` (every card when
    reads is empty): as the last card, all the cards of a class leave a rule that reads
    only those attributes of the last card with the same mask."""
    out = [ALL]
    for a in reads:
        out = [m & _VAL[a][v] for m in out for v in VALUES[a]]
    return out


def _class_of(c, reads):
    """The index in _classes(reads) of the class of card c."""
    i = 0
    for a in reads:
        vals = VALUES[a]
        i = i * len(vals) + attr(c, a) - vals[0]
    return i


def walk(a, b=None):
    """The states a row under rule a can reach, breadth first: the empty row, then one
    state per pair of classes (last card, card before it) that neither a nor b tells
    apart, reached by a row that a allows and no shorter one. The last card's class is
    by every attribute either rule reads of the last card or of the card before it (the
    last card is the one before the next), the previous card's by those read of it (and
    whether there is one); a rule that never looks at the card before the last has one
    state per class of last cards, as before two-card rules. Yields (row, mask of a,
    mask of b) per state (b None: a's mask twice). Iterative; a state keeps only its
    parent and its last card, the row is rebuilt when yielded. On the Pico a walk over
    every last card (73 states) took 20 ms, and a hint or a guess up to 125 ms; most
    rules read one attribute of the last card, or none, so this walk has 3 to 7 states."""
    lr, pr = [], []
    if b is not None:
        reads(b, lr, pr)
    reads(a, lr, pr)
    for x in pr:
        if x not in lr:
            lr.append(x)
    classes = _classes(lr)
    n = len(classes)
    # prev class of a state whose last card is in class i: proj[i] + 1 (0: no card before)
    proj = [_class_of(_lowest(m), pr) + 1 for m in classes] if pr else None
    pa = _compiled(a)
    pb = pa if b is None else _compiled(b)
    # Per state, in the order found: its parent state, its last card (NONE: the empty
    # row) and that card's class, in typed arrays: a guess that reads much of both cards
    # walks thousands of states, which as lists held 30 KB of the Pico's heap.
    parent, last, cls = array("H", [0]), bytearray([NONE]), bytearray(1)
    left = {}  # per prev class: the classes of last cards not reached yet with it
    q = 0
    while q < len(last):
        c = last[q]
        if c == NONE:
            c = prev = None
        else:
            p = last[parent[q]]
            prev = None if p == NONE else p
        ma = _run(pa, c, prev)
        row = []
        s = q
        while s > 0:
            row.append(last[s])
            s = parent[s]
        row.reverse()
        yield row, ma, ma if b is None else _run(pb, c, prev)
        j = proj[cls[q]] if proj is not None and q > 0 else 0
        todo = left.get(j)
        if todo is None:
            todo = range(n)
        keep = bytearray()
        for i in todo:
            m = classes[i] & ma
            if m:
                parent.append(q)
                last.append(_lowest(m))
                cls.append(i)
            else:
                keep.append(i)
        left[j] = keep
        q += 1


def difference(a, b):
    """None when b accepts the same cards as a after every row that can arise under a;
    else (row, card): a shortest row a allows and a card exactly one of them accepts there."""
    for row, ma, mb in walk(a, b):
        if ma != mb:
            return row, _lowest(ma ^ mb)
    return None


def equivalent(a, b):
    return difference(a, b) is None


MAX_DEPTH = 8  # the deepest guess taken: or, and, not and a condition, twice (brackets)


def depth(r):
    """How deeply rule r nests (counted without recursing)."""
    deepest = 0
    todo = [(r, 1)]
    while todo:
        x, d = todo.pop()
        if d > deepest:
            deepest = d
        if x[0] in ("and", "or", "not"):
            for y in x[1:]:
                todo.append((y, d + 1))
    return deepest


def mentions(r, kind):
    """True when rule r has an atom or a node of this kind ("first", "prev", "or", ...)."""
    todo = [r]
    while todo:
        x = todo.pop()
        if x[0] == kind:
            return True
        if x[0] in ("and", "or", "not"):
            todo += list(x[1:])
    return False


def judge(rule, guess):
    """A guess judged against the secret rule, by the first-card ruling: None when it is
    right; else how near it is, [row, card, the rule's verdict on it] at the shortest row
    after which they disagree (the row's last two cards, all a rule sees), row None when
    they disagree only on the first card of a row.

    The first-card ruling: a guess that never says "first" says nothing about how a row
    starts. When the rule lets any card start a row, such a guess is judged on the rows
    that have a card, and the first card follows the rule ("white after black, black
    after white" is "other colour"); when the rule limits the first card, the guess must
    say so. A guess that says "first" is judged on the empty row too.

    The walk goes to its end whatever it finds: judging takes as long for a right guess
    as for a wrong one (core.prepare judges a guess while its Confirm is read)."""
    found = None
    done = False
    free = not mentions(guess, "first")  # the first card follows the rule if it allows any
    for row, ma, mb in walk(rule, guess):
        if not row:
            free = free and ma == ALL
            if free:
                continue
        if done or ma == mb:
            continue
        if found is not None:
            done = True  # more than the first card differs
            continue
        c = _lowest(ma ^ mb)
        found = [row[-2:], c, ma >> c & 1]
        done = bool(row)
    if found is not None and not done:
        found[0] = None
    return found


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
    k = r[0]
    if k == "first":
        return "first"
    if k == "was":
        return CARDS[r[1] - 1] + "." + _atom_text(r[1:])
    a = ATTRS[r[1]]
    op = r[2]
    if k == "last" or k == "prev":
        s = "{} {} {}.{}".format(a, op, k, a)
        if r[3]:
            s += (" + " if r[3] > 0 else " - ") + str(abs(r[3]))
            if r[4]:
                s += " cyclic"
        return s
    if op == "even" or op == "odd":
        return a + " " + op
    if op == "in":
        return a + " in {" + ", ".join([_value_text(r[1], v) for v in r[3]]) + "}"
    return "{} {} {}".format(a, op, _value_text(r[1], r[3]))


def text(r):
    """The text form of rule r. Iterative (an explicit stack of what is still to write),
    like parse(): a long guess nests deeper than the Pico's C stack allows Python calls."""
    out = []
    todo = [r]
    while todo:
        x = todo.pop()
        if type(x) is str:
            out.append(x)
            continue
        k = x[0]
        if k == "and" or k == "or":
            parts = []
            for y in x[1:]:
                if parts:
                    parts.append(" " + k + " ")
                parts += ["(", y, ")"] if y[0] in ("and", "or") else [y]
            parts.reverse()
            todo += parts
        elif k == "not":
            todo += [")", x[1], "not ("] if x[1][0] in ("and", "or") else [x[1], "not "]
        else:
            out.append(_atom_text(x))
    return "".join(out)


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


def _card_word(tok):
    """(1 or 2, attribute) of a word "last.count", "prev.colour", ...; None for other words."""
    if tok is None or tok[:5] not in ("last.", "prev."):
        return None
    name = tok[5:]
    if name == "color":
        name = "colour"
    if name not in ATTRS:
        raise ValueError("unknown attribute " + name)
    return 1 if tok[0] == "l" else 2, ATTRS.index(name)


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
        was = _card_word(self.peek())
        if was is not None:  # a condition on the last card or the one before it
            self.take()
            x = self.condition(was[1], False)
            return ("was", was[0]) + x[1:]
        return self.condition(self.attr(), True)

    def condition(self, a, relations):
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
        if op not in ("=", "!=", "<", ">", "<=", ">=", "par"):
            raise ValueError("unknown comparison " + op)
        if _card_word(self.peek()) is not None:
            if not relations:
                raise ValueError("compare the card before with a value")
            return self.relation(a, op)
        if op == "par":
            raise ValueError("par compares with last.count or prev.count")
        if op not in ("=", "!=") and a != COUNT:
            raise ValueError("only a count is compared")
        return ("is", a, op, self.value(a))

    def relation(self, a, op):
        k, b = _card_word(self.take())
        if b != a:
            raise ValueError("compare with the other card's " + ATTRS[a])
        step = 0
        cyclic = False
        if self.peek() in ("+", "-"):
            sign = 1 if self.take() == "+" else -1
            n = self.take()
            if n not in ("1", "2"):
                raise ValueError("a step is 1 or 2")
            step = sign * int(n)
            if a not in (SHAPE, COUNT) or op not in ("=", "!="):
                raise ValueError("only a count or shape steps")
            if step in (2, -2) and a != COUNT:
                raise ValueError("only a count steps by two")
            if self.peek() == "cyclic":
                self.take()
                cyclic = True
            elif a == SHAPE:
                raise ValueError("shapes step in a cycle only")
        elif op in ("<=", ">=") or op in ("<", ">", "par") and a != COUNT:
            raise ValueError("only a count is greater, smaller or of a parity")
        return (CARDS[k - 1], a, op, step, cyclic)


_PARSED = []  # [text, rule] of the last two texts parsed: the secret rule and a guess


def parse(s):
    """The rule written in the text form; ValueError saying where it is wrong. The same
    rule object for a text parsed lately (a guess is judged, then said again on the
    verdict's screen; the secret rule judges every card; _compiled() keeps programs by
    that object): a long guess took as long to parse as to judge."""
    done = _PARSED
    for i in range(0, len(done), 2):
        if done[i] == s:
            r = done[i + 1]
            if i == 0:  # the latest used last: parsing a guess lets the secret rule stay
                done[:] = done[2:] + [s, r]
            return r
    r = _parse(s)
    if len(done) >= 4:
        del done[:2]
    done += [s, r]
    return r


def _parse(s):
    """parse() itself. Iterative (an explicit stack of open brackets, not one Python call
    per bracket): the Pico's 8 KB C stack held only two levels of brackets from the REPL,
    fewer in the app."""
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


# Ten rules in the spirit of the printed rule cards, for a first game: one joins two
# attributes ("circle or triangle, and white", said with brackets as the rulebook's
# "only circle or triangle" with a colour).
DECK = (
    "colour = white",
    "colour != last.colour",
    "count even",
    "shape != square",
    "count = last.count + 1 cyclic",
    "fill = filled",
    "shape = last.shape",
    "count > 3",
    "shape != square and colour = white",
    "fill != last.fill",
)
