"""What the Rule?!, 2-10 players (1-10 with the box as game master): the box invents the
secret rule, judges every card on the vote LEDs, keeps the row and the misses, places a
fitting card from a revealed hand, gives hints and accepts a guess exactly when it means
the same as its rule (core.games.wtr_rule). Or a person is game master and the box keeps
turns, hands, the pile, hints and the score. Rules: shared/RULES.md and
rulebooks/what-the-rule.de.md.

Actions (plain lists, validated by apply()):
  ["start", seat]       who starts (box master) / who is game master first; -1: the box draws
  box master:
  ["card", c]           the active player plays card c (wtr_rule.card numbering)
  ["hand", c, ...]      "reveal my hand": every card in the player's hand
  ["guess", text]       the rule guessed, in the text form of core.games.wtr_rule
  ["hint"]              a hint (only after the table agreed to hints)
  ["giveup"]            the table gives up: the round ends without a guess (both modes)
  human master:
  ["fit"] / ["miss"]    the master's verdict on the card played
  ["reveal", placed]    the hand revealed: 0 none fits, 1 the master placed a fitting card
  ["judged", right]     the master's verdict on the guess: 1 right, 0 wrong
  both:
  ["pass"]              no guess after a fitting card (or a hand with none)
  ["hints"]             the whole table agreed to hints (the guess bonus becomes 2)
  ["next"]              the round's result was read: the next round, or the end

Rulings where the rulebook is silent (the help text says them):
- With the box as master every player guesses; points are played from 2 players on (a
  human master needs 3). A game has as many rounds as players, or the agreed number.
- The box places the fitting card of a revealed hand that it draws at random.
- A card that fits and empties the hand may still be followed by a guess.
- With hints on, a hint from the box is an attribute the rule ignores (while there is one
  not told yet), else a card that fits now. Hints are not turns.
- Card entries and guesses are final: undo never goes back across them, so nobody can
  try a card or a guess twice. Nor across giving up: the rule has been shown.
- A wrong guess after the table agreed to hints is told how near it was: that it differs
  only on the first card, or the shortest row after which it and the rule disagree.
"""

from core import Recent, release
from core.games import wtr_rule as R
from core.games.wtr_rule import card, equivalent, fits, parse, text
from core.games import options
from core.i18n import lang, t
from core.prompts import Choice, Confirm, Number, rehearse
from core.rng import Rng
from core.show import Show, in_place
from core.tiles import Fields

OPTIONS = (
    ("master", "wtr.master", ("box", "human")),
    ("level", "wtr.level", ("deck", "easy", "medium", "hard", "expert")),
    ("rounds", "wtr.rounds", ("each", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10")),
)
# A person as master keeps the rule in their head: the box's rule levels are not asked.
WHEN = {"level": lambda st: st.get("master", "box") == "box"}
DEAL = 10
DECK_CARDS = 144
GUESS_BONUS = 5
HINT_BONUS = 2
MIN_TURNS = 2  # the master is halved when the rule falls before everyone had two turns
MIN_LAID = 10  # ... or before ten cards were laid out


def new(settings, seed):
    players = settings.get("players")
    master, level, rounds = options(OPTIONS, settings, t("wtr.e.format"))
    box = master == "box"
    if not isinstance(players, (list, tuple)) or not (1 if box else 2) <= len(players) <= 10:
        raise ValueError(t("wtr.e.players"))
    n = len(players)
    r = Rng(seed)
    s = {
        "players": [str(p) for p in players],
        "n": n,
        "box": box,
        "level": level,
        "rounds": n if rounds == "each" else int(rounds),
        "deck": r.shuffle(list(range(len(R.DECK)))),  # the order the rule cards are drawn in
        "round": 1,
        "first": 0,  # who started the first round (box) / was its game master (human)
        "phase": "start",
        "scores": [0] * n,
        "guessed": [0] * n,  # rules each player guessed
        "last": [],  # the last round's points per seat
        "note": None,  # what just happened, for the table: [kind, seat, arg(, near)]
        "entered": 0,  # the card entered last: the next entry starts from it
    }
    s["rng"] = r.state
    _round_fields(s, 0)
    return s


def points(s):
    """Points are played with at least two guessing players."""
    return len(_guessers(s)) >= 2


def _guessers(s):
    return [i for i in range(s["n"]) if i != s["master"]]


def _int(x, lo, hi):
    if type(x) is not int or x < lo or x > hi:
        raise ValueError(t("wtr.e.format"))
    return x


def _begin_round(s):
    n = s["n"]
    k = (s["first"] + s["round"] - 1) % n
    _round_fields(s, k)
    if s["box"]:
        if s["level"] == "deck":
            s["rule"] = R.DECK[s["deck"][(s["round"] - 1) % len(R.DECK)]]
        else:
            s["rule"], s["rng"] = _generated(s["level"], s["rng"])
    s["phase"] = "turn"


_AHEAD = []  # (level, generator state), (rule text, state after) of the rules made lately


def _generated(level, state):
    """The rule wtr_gen makes at this level from this generator state, and the state
    after it; the latest two kept: the screen before a round makes them while the table
    reads it (_ahead), not the press that begins the round (20-30 ms of its 60 on the
    Pico). The same rule either way: nothing is drawn that the press would not draw."""
    key = (level, state)
    for i in range(0, len(_AHEAD), 2):
        if _AHEAD[i] == key:
            return _AHEAD[i + 1]
    from core.games import wtr_gen

    r = Rng(state)
    made = (text(wtr_gen.generate(level, r)), r.state)
    _AHEAD[:] = _AHEAD[-2:] + [key, made]
    return made


def _ahead(s, drawn=False):
    """The next round's rule made ahead (_generated): for the next round, or at the
    game's start for a chosen first player, or (drawn) for one drawn at random (a draw
    first). Only a speed-up: whatever fails here (no heap for it) is left to the press."""
    try:
        r = Rng(s["rng"])
        if drawn:
            r.below(s["n"])
        _generated(s["level"], r.state)
    except Exception:  # the press makes the rule as without it
        pass


def _round_fields(s, k):
    """A fresh round whose master (human) or first player (box) is seat k."""
    n = s["n"]
    s["master"] = -1 if s["box"] else k
    s["active"] = k if s["box"] else (k + 1) % n
    g = _guessers(s)
    s["hands"] = [DEAL if i in g else 0 for i in range(n)]
    s["pile"] = DECK_CARDS - DEAL * len(g)
    s["turns"] = [0] * n
    s["laid"] = 0  # cards laid out this round: fits and misses
    s["hints"] = 0  # the table agreed to hints this round
    s["told"] = 0  # hints given
    s["guesser"] = -1
    s["row"] = []
    s["misses"] = []  # [position in the row, card]
    s["wrong"] = []  # wrong guesses (text form)


def _rule(s):
    """The secret rule (parse() keeps it: judging a card must be instant)."""
    return parse(s["rule"])


MAX_DEPTH = 8  # a guess from the editor nests or, and, not and a condition: 4 levels


def _depth(r):
    """How deeply a parsed rule nests (counted without recursing)."""
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


def _copies(s):
    """How many copies of each card lie on the table (row and misses), by card: each card
    is twice in the deck. Counted once for a whole hand or hint (per card, a hint late in
    a round took 4 ms on the Pico)."""
    out = bytearray(R.N)
    for c in s["row"]:
        out[c] += 1
    for m in s["misses"]:
        out[m[1]] += 1
    return out


def apply(s, a):
    if not isinstance(a, list) or not a:
        raise ValueError(t("wtr.e.format"))
    w = a[0]
    ph = s["phase"]
    box = s["box"]
    if ph == "start" and w == "start" and len(a) == 2:
        seat = _int(a[1], -1, s["n"] - 1)
        if seat < 0:
            r = Rng(s["rng"])
            seat = r.below(s["n"])
            s["rng"] = r.state
        s["first"] = seat
        _begin_round(s)
        s["note"] = None
        return
    if ph == "turn" and w == "hints" and len(a) == 1 and not s["hints"]:
        s["hints"] = 1
        s["note"] = None
        return
    me = s.get("active", 0)
    if ph in ("turn", "guess") and w == "giveup" and len(a) == 1:
        s["note"] = ["gaveup", me, None]
        _end_round(s)
        return
    if ph == "turn" and box and w == "card" and len(a) == 2:
        c = _int(a[1], 0, R.N - 1)
        if _copies(s)[c] >= 2:
            raise ValueError(t("wtr.e.copies", label(c)))
        s["entered"] = c
        _played(s, fits(_rule(s), s["row"], c), c)
    elif ph == "turn" and not box and w in ("fit", "miss") and len(a) == 1:
        _played(s, w == "fit", None)
    elif ph == "turn" and box and w == "hand" and len(a) == 1 + s["hands"][me]:
        hand = [_int(x, 0, R.N - 1) for x in a[1:]]
        on = _copies(s)
        for c in hand:
            if hand.count(c) + on[c] > 2:
                raise ValueError(t("wtr.e.copies", label(c)))
        s["entered"] = hand[-1]
        m = R.accepts(_rule(s), s["row"])
        ok = [c for c in hand if m >> c & 1]
        if ok:
            r = Rng(s["rng"])
            c = ok[r.below(len(ok))]
            s["rng"] = r.state
        _revealed(s, c if ok else None, len(ok) > 0)
    elif ph == "turn" and not box and w == "reveal" and len(a) == 2:
        _revealed(s, None, _int(a[1], 0, 1) == 1)
    elif ph == "turn" and box and w == "hint" and len(a) == 1 and s["hints"]:
        _hint(s)
    elif ph == "guess" and box and w == "guess" and len(a) == 2 and type(a[1]) is str:
        try:
            guess = parse(a[1])
        except ValueError:
            raise ValueError(t("wtr.e.guess"))
        if _depth(guess) > MAX_DEPTH:  # judging recurses once per level
            raise ValueError(t("wtr.e.guess"))
        _guessed(s, guess, a[1])
    elif ph == "guess" and not box and w == "judged" and len(a) == 2:
        _guessed(s, _int(a[1], 0, 1) == 1, None)
    elif ph == "guess" and w == "pass" and len(a) == 1:
        s["note"] = None
        _turn_over(s)
    elif ph == "end" and w == "next" and len(a) == 1:
        s["note"] = None
        if s["round"] == s["rounds"]:
            s["phase"] = "over"
        else:
            s["round"] += 1
            _begin_round(s)
    else:
        raise ValueError(t("wtr.e.now"))


def _played(s, ok, c):
    me = s["active"]
    s["turns"][me] += 1
    s["laid"] += 1
    s["hands"][me] -= 1
    if ok:
        if c is not None:
            s["row"].append(c)
        s["note"] = ["fit", me, c]
        s["phase"] = "guess"
        return
    if c is not None:
        s["misses"].append([len(s["row"]), c])
    s["note"] = ["miss", me, c]
    _draw(s, me, 1)
    _turn_over(s)


def _revealed(s, c, placed):
    me = s["active"]
    s["turns"][me] += 1
    if placed:  # the master lays one fitting card; the player draws one
        if c is not None:
            s["row"].append(c)
        s["laid"] += 1
        s["note"] = ["placed", me, c]
        _draw(s, me, 0)  # one card out, one drawn: the hand keeps its size
        s["pile"] -= 1
        _turn_over(s)
        return
    held = s["hands"][me]  # the hand goes under the pile; one card fewer is drawn
    s["pile"] += held
    s["hands"][me] = 0
    _draw(s, me, held - 1)
    s["note"] = ["none", me, None]
    s["phase"] = "guess"


def _draw(s, who, k):
    k = min(k, s["pile"])
    s["pile"] -= k
    s["hands"][who] += k


def _hint(s):
    r = _rule(s)
    ign = _ignored(s["rule"])
    if s["told"] < len(ign):
        s["note"] = ["hint_attr", s["active"], ign[s["told"]]]
    else:  # a card that fits now and of which a copy is still to be had
        ok = R.cards(R.accepts(r, s["row"]))
        on = _copies(s)
        ok = [c for c in ok if on[c] < 2] or ok
        g = Rng(s["rng"])
        s["note"] = ["hint_card", s["active"], ok[g.below(len(ok))]]
        s["rng"] = g.state
    s["told"] += 1


_IGNORED = [None, None]  # the secret rule (its text) and R.ignored() of it


def _ignored(rule):
    """R.ignored() of the rule (its text), kept for the latest: every hint of a round
    asks it, and it walks every state of the rule (3.6 ms on the Pico)."""
    if _IGNORED[0] != rule:
        _IGNORED[1] = R.ignored(parse(rule))
        _IGNORED[0] = rule
    return _IGNORED[1]


def _guessed(s, verdict, said):
    """verdict: the master's True/False, or (box master) the parsed guess, judged here by
    its text, said (_judged); said: None for a human master."""
    me = s["active"]
    near = None
    if said is not None:
        near = _judged(s, said)
        verdict = near is None
        if not s["hints"]:
            near = None  # how near a guess was is told only as a hint
    if verdict:
        s["guesser"] = me
        s["guessed"][me] += 1
        s["note"] = ["right", me, said]
        _end_round(s)
        return
    if said is not None:
        s["wrong"].append(said)
    s["note"] = ["wrong", me, said, near]
    _turn_over(s)


_JUDGED = [None, None]  # (secret rule, guess) judged last, as texts, and _near's answer


def _judged(s, guess):
    """_near() of the guess (its text) against the secret rule, kept for the latest one
    (a copy: states never share it): the guess's Confirm works it out while the table
    reads it (App.warm), not its OK (the verdict's apply took 24 ms on the emulated Pico
    at a round's end, most of it this walk by a CPython profile). Nothing of it is shown
    before the OK, and the walk goes to its end whatever it finds, so a press that meets
    it on the Confirm (BACK) waits as long for a right guess as for a wrong one."""
    key = (s["rule"], guess)
    if _JUDGED[0] != key:
        _JUDGED[1] = _near(_rule(s), parse(guess))
        _JUDGED[0] = key
    near = _JUDGED[1]
    return list(near) if near else None


def _near(rule, guess):
    """None when the guess means the rule; else how near it is: [row, card, rule's
    verdict] at the shortest row where they disagree (the row's last two cards, all a
    rule sees), with row None when they disagree only on the first card of a row. The
    whole walk, whatever it finds (_judged)."""
    found = None
    done = False
    for row, ma, mb in R.walk(rule, guess):
        if done or ma == mb:
            continue
        if found is not None:
            done = True  # more than the first card differs
            continue
        c = R.cards(ma ^ mb)[0]
        found = [row[-2:], c, ma >> c & 1]
        done = bool(row)
    if found is not None and not done:
        found[0] = None
    return found


def _turn_over(s):
    me = s["active"]
    if not s["hands"][me] or not s["pile"]:
        _end_round(s)
        return
    n = s["n"]
    nxt = (me + 1) % n
    if nxt == s["master"]:
        nxt = (nxt + 1) % n
    s["active"] = nxt
    s["phase"] = "turn"


def round_points(hands, master, guesser, hints, turns, laid):
    """Points of one round per seat (the rulebook's scoring). hands: cards in each hand
    at the end; master: the game master's seat (-1: the box); guesser: who guessed the
    rule (-1: nobody); hints: the table agreed to hints; turns: turns each player had;
    laid: cards laid out (fits and misses). The master gets the best player's points,
    halved once (rounded down) if the rule fell before everyone had two turns or before
    ten cards were laid out, or if nobody guessed it."""
    n = len(hands)
    pts = [0] * n
    best = None
    for i in range(n):
        if i == master:
            continue
        p = DEAL - hands[i]
        if i == guesser:
            p += HINT_BONUS if hints else GUESS_BONUS
        pts[i] = p
        best = p if best is None or p > best else best
    if master >= 0:
        early = guesser >= 0 and (laid < MIN_LAID or min([turns[i] for i in range(n) if i != master]) < MIN_TURNS)
        pts[master] = best // 2 if early or guesser < 0 else best
    return pts


def _end_round(s):
    if points(s):
        pts = round_points(s["hands"], s["master"], s["guesser"], s["hints"], s["turns"], s["laid"])
        for i in range(s["n"]):
            s["scores"][i] += pts[i]
        s["last"] = pts
    s["phase"] = "end"


def sealed(a):
    """With the box as master a card, a hand, a guess or a hint told something about the
    secret rule: undoing it would let the table try again."""
    return a[0] in ("card", "hand", "guess", "hint", "giveup")


# ---------------------------------------------------------------- words

GLYPHS = ("\u25cb\u25b3\u25a1", "\u25cf\u25b2\u25a0")  # outline / filled circle, triangle, square


def label(c):
    """A card in four characters: count, shape glyph (filled or outline), colour letter."""
    return "{}{}{}".format(R.attr(c, R.COUNT), GLYPHS[R.attr(c, R.FILL)][R.attr(c, R.SHAPE)], t("wtr.col" + str(R.attr(c, R.COLOUR))))


def card_words(c):
    """A card in words: "4 filled circles, white"."""
    return t("wtr.card", R.attr(c, R.COUNT), t("wtr.fill" + str(R.attr(c, R.FILL))), t("wtr.shape" + str(R.attr(c, R.SHAPE))), t("wtr.colour" + str(R.attr(c, R.COLOUR))))


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
    if _mentions_first(r):
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
        return t("wtr.any_first2" if free and _mentions(r, "prev") else "wtr.any_first", w)
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


def _mentions(r, kind):
    todo = [r]
    while todo:
        x = todo.pop()
        if x[0] == kind:
            return True
        if x[0] in ("and", "or", "not"):
            todo += list(x[1:])
    return False


def _mentions_first(r):
    return _mentions(r, "first")


def words(r):
    """The whole rule in words, as on a rule card (wrapped by the screen)."""
    k = r[0]
    if _first_of(r):
        return t("wtr.first_is", words(r[2]))
    if k in ("and", "or"):
        parts = []
        for x in r[1:]:
            w = words(x)
            parts.append("(" + w + ")" if x[0] in ("and", "or") and not _first_of(x) else w)
        return (" " + t("wtr." + k) + " ").join(parts)
    if k == "not" and r[1][0] in ("and", "or"):
        return t("wtr.not", "(" + words(r[1]) + ")")
    return phrase(r)


def _note_show(s, then):
    """The last event large for the table, the verdicts on the LEDs; OK goes on to
    then() (built then, not before this screen is up: after a right guess the next ones
    hold the rule in words and the points), in this screen's place (core.show.in_place).
    A guess is said again for all to hear."""
    note = s["note"]
    kind, who, arg = note[:3]
    name = s["players"][who]
    # placed: the player said no card fits, and one did
    leds = "yes" if kind in ("fit", "right", "none") else "no" if kind in ("miss", "wrong", "placed") else ""
    if kind in ("fit", "miss", "placed"):
        # who laid which card is the last action's row above (core.play), once
        big = t("wtr.big." + kind)
        lines = [card_words(arg) if arg is not None else name]
        if kind == "placed":
            lines.append(t("wtr.placed_draw", name))
    elif kind == "none":
        big, lines = t("wtr.big.none"), [t("wtr.none_fit", name), t("wtr.drew", s["hands"][who])]
    elif kind == "hint_attr":
        big, lines = t("wtr.big.hint"), [t("wtr.hint_attr", t("wtr.n" + str(arg)))]
    elif kind == "hint_card":
        big, lines = t("wtr.big.hint"), [t("wtr.hint_card"), label(arg) + " " + card_words(arg)]
    elif kind == "right":
        big, lines = t("wtr.big.right"), [t("wtr.right", name), _quoted(arg)]
    elif kind == "gaveup":
        big, lines = t("wtr.big.gaveup"), [t("wtr.gaveup")]
    else:
        # the guess said again; who made it is on the row of the last action
        big, lines = t("wtr.big.wrong"), [_quoted(arg) or t("wtr.wrong", name)] + _near_lines(note[3] if len(note) > 3 else None)
    return in_place(Show(t("wtr.box"), None, big=big, lines=[x for x in lines if x], leds=leds), then)


def _quoted(guess):
    return t("wtr.quote", _said_text(guess)) if guess else ""


_SAID = [None, ""]  # (language, text) of the latest guess said by _said_text, its words


def _said_text(guess, rule=None):
    """said() of a guess given as its text (and the rule it was written from, else it
    is parsed), kept for the latest one: the guess editor works it out while the table
    reads it (App.warm), not its Check or the verdict (a long guess, said again on the
    verdict's screen, took 11 ms of it on the Pico)."""
    key = (lang(), guess)
    if _SAID[0] != key:
        _SAID[1] = said(parse(guess) if rule is None else rule)
        _SAID[0] = key
    return _SAID[1]


def _near_lines(near):
    """How near a wrong guess was (a hint): the row, the card, the rule's verdict."""
    if not near:
        return []
    row, c, yes = near
    verdict = t("wtr.near_yes" if yes else "wtr.near_no", label(c))
    if row is None:
        return [t("wtr.near_first"), verdict]
    if not row:
        return [t("wtr.near_start"), verdict]
    return [t("wtr.near_after", " ".join([label(x) for x in row])), verdict]


# ---------------------------------------------------------------- prompts


def prompt(s):
    # The generator (a round's start, in apply) is let go here, on the way to the screens:
    # not in apply, where a replay of the log would load it again for every round.
    release("core.games.wtr_gen")
    _LABELS.clear()  # the guess editor's pages, if it was open: their heap is the game's
    if s["note"] and s["box"] and s["phase"] != "over":
        return _note_show(s, lambda: _prompt(s))
    return _prompt(s)


def _before_round(s, p):
    """p, a prompt whose answer may begin a round: the generator is loaded and the rule
    made (_ahead) while the table reads it (App.warm), not on that press."""
    if s["box"] and s["level"] != "deck" and (s["phase"] == "start" or s["round"] < s["rounds"]):
        p.warm = ("core.games.wtr_gen", lambda: _ahead(s))
        if s["phase"] == "start":  # and for a first player drawn at random: one rule a step
            p.warm += (lambda: _ahead(s, True),)
    return p


def _prompt(s):
    ph = s["phase"]
    n = s["n"]
    if ph == "start":
        opts = s["players"] + [t("wtr.random")]
        title = t("wtr.q.starts") if s["box"] else t("wtr.q.master")
        return _before_round(s, Choice(title, opts, lambda i: ["start", -1 if i == n else i]))
    if ph == "turn":
        return _turn(s)
    if ph == "guess":
        return _guess(s)
    if ph == "end":
        return _end(s)
    return None


def overrides(s):
    """The game menu's entry while a round is played: the table gives up (all agree); the
    round ends as one without a guess and the box shows its rule."""
    if s["phase"] not in ("turn", "guess"):
        return []
    lines = [t("wtr.giveup_box" if s["box"] else "wtr.giveup_human")]
    return [(t("wtr.o.giveup"), Confirm(t("wtr.q.giveup"), lambda _: ["giveup"], lines=lines))]


def _status(s):
    return t("wtr.status", s["hands"][s["active"]], s["pile"])


def _turn(s):
    me = s["active"]
    opts = []
    acts = []
    # What a choice leads to is built once chosen: the card entry and the hints' question
    # looked up 15 texts on flash, 11 ms of the press that brings the turn on the Pico.
    if s["box"]:
        opts += [t("wtr.a.card"), t("wtr.a.hand")]
        acts += [lambda: _ask_card(s, []), lambda: _ask_hand(s, [])]
    else:
        opts += [t("wtr.a.fit"), t("wtr.a.miss"), t("wtr.a.none"), t("wtr.a.placed")]
        acts += [lambda: ["fit"], lambda: ["miss"], lambda: ["reveal", 0], lambda: ["reveal", 1]]
    if not s["hints"]:
        opts.append(t("wtr.a.hints"))
        acts.append(lambda: Confirm(t("wtr.q.hints"), lambda _: ["hints"], lines=[t("wtr.hints_cost", HINT_BONUS, GUESS_BONUS)]))
    elif s["box"]:
        opts.append(t("wtr.a.hint"))
        acts.append(lambda: _ask_hint(s))
    p = Choice(t("wtr.turn"), opts, lambda i: acts[i](), player=me, lines=[_status(s)])
    if s["box"]:  # the card's entry, the likeliest choice (its module let go in the game menu)
        p.warm = ("core.tiles", lambda: rehearse(acts[0], s["players"]))
    return p


def _ask_hint(s):
    """A hint asked for: given only if nobody objects (the rulebook: the master announces
    each hint, and any player may object). Its screen is rehearsed meanwhile (a hint
    late in a round took 65 ms on the Pico, 50 allowed)."""
    p = Confirm(t("wtr.q.hint"), lambda _: ["hint"], lines=[t("wtr.hint_object")])
    p.guard = True  # a moment to object: "A hint, please" pressed twice gives none
    p.warm = (lambda: rehearse(lambda: _hinted(s), s["players"]),)
    return p


def _hinted(s):
    """The screen a hint asked now opens, with its last row, worked out on a copy of the
    state: rehearsed while "Give a hint?" is read (a hint is the table's for the asking,
    nothing secret; one late in a round took 65 ms on the Pico, 50 allowed)."""
    h = dict(s)  # _hint sets only keys of the state's top level
    _hint(h)
    return _shown(h, ["hint"])


def _ask_card(s, hand, total=None, ahead=(), guard=True):
    """Card entry on one screen, from the card entered last: UP/DOWN the count,
    LEFT/RIGHT the shape, YES the fill, NO the colour. `hand`: a revealed hand so far
    (total: its size), or None for one card to play. A hand's cards are an edit
    (core.prompts.open_prompt): one screen for the whole hand, BACK the card before;
    ahead: the cards entered from this one on before BACK came here, each offered again."""
    c = ahead[0] if ahead else hand[-1] if hand else s.get("entered", 0)
    start = [R.attr(c, R.COUNT), R.attr(c, R.SHAPE), R.attr(c, R.FILL), R.attr(c, R.COLOUR)]
    fields = [
        (t("wtr.f.count"), 1, 6, None),
        (t("wtr.f.shape"), 0, 2, GLYPHS[1]),
        (t("wtr.f.fill"), 0, 1, (GLYPHS[0][0], GLYPHS[1][0])),
        (t("wtr.f.colour"), 0, 1, (t("wtr.col0"), t("wtr.col1"))),
    ]

    def entered(v):
        c = card(v[1], v[0], v[2], v[3])
        if total is None:
            return ["card", c]
        return _ask_hand(s, hand + [c], ahead[1:])

    title = t("wtr.q.card") if total is None else t("wtr.q.hand_n", len(hand) + 1, total)
    # BACK opens the card before: no OK opened it, none to guard against
    undo = (lambda: _ask_card(s, hand[:-1], total, [hand[-1]] + list(ahead), False)) if hand else None
    p = Fields(title, fields, entered, start, True, player=s["active"], edit="hand" if total is not None else None, undo=undo)
    p.guard = guard  # a card is final: the OK that opened this screen, pressed twice, plays none
    if total is not None and len(hand) == total - 1:
        now = _moment(s)
        p.warm = (lambda: _hand_verdict(s, hand, 1, now), lambda: _hand_verdict(s, hand, 0, now))
    return p


def _moment(s):
    """Which turn of the game it is: a hand's rehearsal left over once it is played does
    nothing (its warm steps may run after the press)."""
    return (s["round"], sum(s["turns"]))


def _hand_verdict(s, hand, fits, now):
    """A hand's verdict drawn unseen while its last card is entered (one warm step each):
    the hand played on a copy of the state with a stand-in last card that fits the rule
    (fits) or not, so the screen of the card placed (or of none placed) has its texts
    built; only a placed stand-in's own words are left to the press (a hand's verdict
    took 58 ms on the Pico, 50 allowed). Both alike: waiting tells nothing."""
    rehearse(lambda: _hand_played(s, hand, fits, now), s["players"])  # whatever fails, in there


def _hand_played(s, hand, fits, now):
    """The verdict's screen of the hand with a stand-in last card (see _hand_verdict);
    None once the hand is played (now: the turn it was entered in, _moment)."""
    if s["phase"] != "turn" or _moment(s) != now:
        return None
    m = R.accepts(_rule(s), s["row"])
    on = _copies(s)
    for c in range(R.N):
        if (m >> c & 1) == fits and on[c] + hand.count(c) < 2:
            a = ["hand"] + hand + [c]
            h = {}
            for k in s:  # what a turn changes is at the top or in a list there
                v = s[k]
                h[k] = v[:] if type(v) is list else v
            apply(h, a)
            return _shown(h, a)
    return None


def _ask_hand(s, hand, ahead=()):
    total = s["hands"][s["active"]]
    if len(hand) == total:
        return ["hand"] + hand
    return _ask_card(s, hand, total, ahead)


def _guess(s):
    me = s["active"]
    if s["box"]:
        opts = [t("wtr.a.guess"), t("wtr.a.pass")]
        p = Choice(t("wtr.q.guess"), opts, lambda i: _editor(s, ((), None, None)) if i == 0 else ["pass"], player=me)
        p.warm = (lambda: rehearse(lambda: _editor(s, ((), None, None))),)  # the editor's first page
        return p
    opts = [t("wtr.a.right"), t("wtr.a.wrong"), t("wtr.a.pass")]
    right = Confirm(t("wtr.q.right"), lambda _: ["judged", 1], lines=[t("wtr.right_ends")])
    return Choice(t("wtr.q.judge"), opts, lambda i: [right, ["judged", 0], ["pass"]][i], player=me)


def _end(s):
    if s["box"]:
        return _before_round(s, Show(t("wtr.rule_was"), lambda _: _points(s), lines=[said(_rule(s))]))
    return _points(s) if points(s) else Show(t("wtr.v.round"), lambda _: ["next"], big=t("wtr.round_n", s["round"]), lines=[t("wtr.round_over")])


def _points(s):
    return _before_round(s, Show(t("wtr.v.round"), lambda _: ["next"], lines=_points_lines(s))) if points(s) else ["next"]


def _points_lines(s):
    out = []
    for i in range(0, s["n"], 2):
        pair = ["{} {:+d}".format(s["players"][j][:7], s["last"][j]) for j in range(i, min(i + 2, s["n"]))]
        out.append("  ".join(pair))
    return out


# ---------------------------------------------------------------- the guess editor

# The guess is a list of conditions with "and" or "or" between them ("and" binds
# tighter: every rule has such a form). On screen each condition and each connective has
# its line: OK on a connective turns "and" into "or" and back, OK on a condition removes
# or negates it. BACK undoes the last edit. A condition is picked from pages, one per
# attribute and one for the first card (LEFT/RIGHT turn them); NO picks its negation.
# The editor's states are edits (core.prompts.open_prompt): one screen however long the
# editing, BACK the state before.


def _rule_of(parts):
    ors = []
    group = [parts[0]]
    for k in range(1, len(parts), 2):
        if parts[k] == "or":
            ors.append(group)
            group = []
        group.append(parts[k + 1])
    ors.append(group)
    ors = [g[0] if len(g) == 1 else tuple(["and"] + g) for g in ors]
    return ors[0] if len(ors) == 1 else tuple(["or"] + ors)


def _editor(s, hist, focus=None):
    """hist: (parts, the hist before the last edit or None, the part that edit touched).
    The cursor waits on "Check", or on part `focus` (BACK shows where it undid)."""
    parts, older, _ = hist
    undo = (lambda: _editor(s, older, hist[2])) if older else None
    edited = lambda new, k: _editor(s, (new, hist, k))
    if not parts:
        return _pick_part(lambda x: edited((x,), 0), undo=undo, names=s["players"])
    from core.ui import NARROW, wrap

    opts = []
    at = []  # the part each line shows: a long condition takes two lines
    for k, x in enumerate(parts):
        lines = wrap(words(x), NARROW - 2) if k % 2 == 0 else ["  " + t("wtr." + x)]
        opts += [lines[0]] + ["  " + y for y in lines[1:]]
        at += [k] * len(lines)
    n = len(opts)
    opts += [t("wtr.e_check"), t("wtr.e_and"), t("wtr.e_or")]

    def chosen(i):
        if i < n and at[i] % 2:  # a connective: "and" <-> "or"
            i = at[i]
            return edited(parts[:i] + ("or" if parts[i] == "and" else "and",) + parts[i + 1 :], i)
        if i < n:
            return _edit_part(parts, at[i], edited)
        if i > n:
            then = lambda x: edited(parts + (("and", "or")[i - n - 1], x), len(parts) + 1)
            return _pick_part(then, undo=lambda: _editor(s, hist), names=s["players"])
        _LABELS.clear()  # the pages are done with; their heap is the verdict's
        rule = _rule_of(parts)
        guess = text(rule)
        p = Confirm(t("wtr.q.check"), lambda _: ["guess", guess], lines=[_said_text(guess, rule)])
        p.guard = True  # a guess is final: a second OK on "Check" confirms nothing
        # parsed and judged for apply while the table reads it: a long guess took 26 ms to parse
        p.warm = (lambda: _judged(s, guess), lambda: _verdicts(s, guess))
        return p

    initial = at.index(focus) if focus in at else n
    p = Choice(t("wtr.guess"), opts, chosen, initial=initial, player=s["active"], edit="guess", undo=undo)
    # the guess in words for its Check; the first page "and" and "or" open
    p.warm = (lambda: _guess_said(parts), lambda: rehearse(lambda: chosen(n + 1)))
    return p


def _verdicts(s, guess):
    """Both verdicts of the guess drawn unseen while its Confirm is read, RIGHT and WRONG
    alike (WRONG with how-near lines when hints are agreed, a stand-in card in them): the
    texts the verdict shares with them are built (the guess said again, wrapped as that
    screen wraps it; 68 ms on the Pico without, 50 allowed). The same work whatever the
    verdict: waiting on the Confirm tells nothing."""
    me = s["active"]
    for note in (["right", me, guess], ["wrong", me, guess, [None, 0, 0] if s["hints"] else None]):
        rehearse(lambda: _noted(s, note, ["guess", guess]), s["players"])


def _noted(s, note, a):
    """The verdict's screen for this note of action a, with its last row: _note_show() of
    a copy of the state (a rehearsal's, core.prompts.rehearse)."""
    h = dict(s)
    h["note"] = note
    return _shown(h, a)


def _shown(s, a):
    """The screen of the note action a left in state s, with its last row."""
    p = _note_show(s, None)
    p.last = brief(s, a)
    return p


def _guess_said(parts):
    """The guess so far in words, kept for its Check (the editor's warm work)."""
    rule = _rule_of(parts)
    _said_text(text(rule), rule)


def _edit_part(parts, i, edited):
    x = parts[i]

    def done(k):
        if k == 1:
            return edited(parts[:i] + (_negated(x),) + parts[i + 1 :], i)
        cut = (i - 1, i + 1) if i else (0, 2)  # the condition and a connective beside it
        return edited(parts[: cut[0]] + parts[cut[1] :], i)

    return Choice(t("wtr.e_part"), [t("wtr.e_remove"), t("wtr.e_negate")], done, lines=[words(x)])


def _negated(x):
    return x[1] if x[0] == "not" else ("not", x)


PAGES = 5  # shape, count, fill, colour: conditions on the card played; then earlier cards
FIRST_OF = "first:"  # a page entry: a condition only the first card of a row must meet
WAS = ("was1", "was2")  # entries: a condition on the last card, on the card before it
BACK2 = "back2"  # an entry: the card compared with the card before the last one
_NUMBERS = ("=", "!=", ">", "<")  # count entries that ask for a number


def _page(k):
    """The entries of page k: conditions, or an op of _NUMBERS / "in" / FIRST_OF."""
    if k == PAGES - 1:
        return [("first",), FIRST_OF, WAS[0], WAS[1], BACK2]
    out = [("is", k, "=", v) for v in R.VALUES[k]] if k != R.COUNT else [("is", k, "even", None), ("is", k, "odd", None)] + list(_NUMBERS) + ["in"]
    out += [("last", k, "=", 0, False), ("last", k, "!=", 0, False)]
    if k == R.COUNT:
        for step in (1, -1):
            out += [("last", k, "=", step, False), ("last", k, "=", step, True)]
        out += [("last", k, ">", 0, False), ("last", k, "<", 0, False)]
        out += [("last", k, "=", 2, False), ("last", k, "=", -2, False), ("last", k, "par", 0, False)]
    if k == R.SHAPE:
        out += [("last", k, "=", 1, True), ("last", k, "=", -1, True)]
    return out


def _entry_label(e):
    if e == FIRST_OF:
        return t("wtr.e_firstof")
    if e in WAS or e == BACK2:
        return t("wtr.e_" + e)
    if type(e) is str:
        return t("wtr.e_c" + str(_NUMBERS.index(e) if e in _NUMBERS else 6))
    return phrase(e)


_LABELS = Recent(2)  # (language, page, only) -> the labels of its entries, see _labels


def _labels(k, only, entries):
    """The labels of page k's entries (`only` as _pick_part's), kept for the page and the
    two beside it: the count page's 19 labels look up some 40 texts, more than core.i18n
    keeps beside its neighbours' (a page turn to it took 38.6 ms on the Pico, 30 allowed)."""
    key = (lang(), k, only)
    out = _LABELS.get(key)
    if out is None:
        out = [_entry_label(e) for e in entries]
        _LABELS.put(key, out)
    return out


def _pick_part(then, k=0, only=None, of=None, undo=None, initial=0, names=()):
    """A condition from page k (the card's shape first): OK takes the entry, NO its
    negation, LEFT/RIGHT turn the page. only: "is" (a condition on values, for the first
    card or an earlier card) or "last" (a relation, to the card before the last one).
    A page is a state of the editor's edit; undo: what BACK opens (None: the screen
    below); names: the players', for the rehearsal of the editor OK leads back to."""
    pages = PAGES - 1 if only else PAGES
    entries = [e for e in _page(k) if not only or type(e) is tuple and e[0] == only or only == "is" and e in _NUMBERS + ("in",)]
    n = len(entries)

    def chosen(i):
        if i >= n:
            return _pick_part(then, (k + (1 if i > n else -1)) % pages, only, of, undo, 0, names)
        neg = i < 0
        j = -1 - i if neg else i
        e = entries[j]
        done = (lambda x: then(_negated(x))) if neg else then
        here = lambda: _pick_part(then, k, only, of, undo, j, names)  # BACK on the card's pages: this entry
        if e == FIRST_OF:
            return _pick_part(lambda x: done(("or", ("not", ("first",)), x)), 0, "is", e, here, 0, names)
        if e in WAS:
            return _pick_part(lambda x: done(_on(x, ("was", WAS.index(e) + 1))), 0, "is", e, here, 0, names)
        if e == BACK2:
            return _pick_part(lambda x: done(_on(x, ("prev",))), 0, "last", e, here, 0, names)
        if e == "in":
            return _pick_set(done, _entry_label(e))
        if type(e) is str:
            return Number(_entry_label(e), 1, 6, lambda v: done(("is", R.COUNT, e, v)))
        return done(e)

    title = t("wtr.e_earlier") if k == PAGES - 1 else t("wtr.a" + str(k))
    if of:  # a condition on an earlier card: which one, then the page
        title = _entry_label(of)[:-1] + title
    p = Choice(title, _labels(k, only, entries), chosen, initial, sides=(n, n + 1), alt=True,
               lines=[t("wtr.e_keys")], edit="guess", undo=undo)
    # the pages beside it, as LEFT and RIGHT open them (a page's words and texts are new
    # each time: 42-48 ms on the Pico to turn one, 30 allowed); then what OK on the first
    # entry opens, mostly the guess editor again (its words and texts but the new part's:
    # 52 ms on the Pico without, 50 allowed)
    p.warm = (lambda: rehearse(lambda: chosen(n + 1)), lambda: rehearse(lambda: chosen(n)), lambda: rehearse(lambda: chosen(initial), names))
    return p


def _on(x, head):
    """Condition x (on the card played, maybe negated) moved to an earlier card: head
    ("was", k) for a value condition, ("prev",) for a relation."""
    if x[0] == "not":
        return ("not", _on(x[1], head))
    return head + x[1:]


def _pick_set(then, title):
    from core.tiles import Multi

    def chosen(mask):
        got = tuple([v for v in R.VALUES[R.COUNT] if mask >> (v - 1) & 1])
        return then(("is", R.COUNT, "in", got)) if got else _pick_set(then, title)

    return Multi(title, [str(v) for v in R.VALUES[R.COUNT]], [""] * 6, chosen)


# ---------------------------------------------------------------- tables, result


def describe(s, a):
    w = a[0]
    note = s["note"]
    if w == "start":
        return t("wtr.d.start" if s["box"] else "wtr.d.master", s["players"][s["first"]])
    if w == "hints":
        return t("wtr.d.hints")
    if w == "next":
        return t("wtr.d.over") if s["phase"] == "over" else t("wtr.round_n", s["round"])
    if note is None:
        return t("wtr.d.pass")
    kind, who, arg = note[:3]
    name = s["players"][who]
    if kind in ("fit", "miss", "placed"):
        return t("wtr.d." + kind, name, label(arg)) if arg is not None else t("wtr.d.{}_h".format(kind), name)
    if kind in ("hint_attr", "hint_card"):
        return t("wtr.d.hint")
    return t("wtr.d." + kind, name)


def brief(s, a):
    """The action just applied in one row ("Bo: 3\u25b2W fits", "Hint: fill ignored"),
    from the note the table was just shown (a verdict, never the rule)."""
    w = a[0]
    if w == "start":
        return t("wtr.b.start" if s["box"] else "wtr.b.master", s["players"][s["first"]][:8])
    if w == "hints":
        return t("wtr.b.hints")
    if w == "next":
        return t("wtr.b.over") if s["phase"] == "over" else t("wtr.b.round", s["round"])
    note = s["note"]
    if note is None:
        return t("wtr.b.pass", s["players"][_passed(s)][:8])
    kind, who, arg = note[:3]
    name = s["players"][who][:8]
    if kind in ("fit", "miss", "placed"):
        return t("wtr.b." + kind, name, label(arg)) if arg is not None else t("wtr.b.{}_h".format(kind), name)
    if kind == "hint_attr":
        return t("wtr.b.hint" + str(arg))
    if kind == "hint_card":
        return t("wtr.b.hint_card", label(arg))
    return t("wtr.b." + kind, name)  # none, right, wrong


def _passed(s):
    """Who did not guess, the action just applied: _turn_over() moved the turn on from
    them, unless it ended the round."""
    me = s["active"]
    if s["phase"] == "end":
        return me
    n = s["n"]
    me = (me - 1) % n
    return (me - 1) % n if me == s["master"] else me


def views(s):
    out = [(t("wtr.v.round"), [t("wtr.h.what"), t("wtr.h.value")], _round_rows(s))]
    if s["box"] and s["phase"] != "start":
        out.append((t("wtr.v.row"), [t("wtr.h.pos"), t("wtr.h.card"), t("wtr.h.misses")], row_rows(s)))
        if s["wrong"]:
            out.append((t("wtr.v.wrong"), [t("wtr.h.guess")], _wrong_rows(s["wrong"])))
    return out


def _wrong_rows(wrong):
    """The wrong guesses in words, numbered, a long one wrapped under its number (the
    play-test could not tell where one ended)."""
    from core.ui import wrap

    rows = []
    for k in range(len(wrong)):
        number = "{}. ".format(k + 1)
        lines = wrap(said(parse(wrong[k])), 21 - len(number))
        for i in range(len(lines)):
            rows.append([(number if i == 0 else " " * len(number)) + lines[i]])
    return rows


def row_rows(s):
    """The correct row, one card per line, with the misses laid under each place (one a
    line, so a long column of misses never runs off the screen)."""
    rows = []
    for pos in range(len(s["row"]) + 1):
        miss = [label(m[1]) for m in s["misses"] if m[0] == pos]
        if pos < len(s["row"]) or miss:
            card = label(s["row"][pos]) if pos < len(s["row"]) else "-"
            rows.append([str(pos + 1), card, miss[0] if miss else ""])
            rows += [["", "", x] for x in miss[1:]]
    return rows


def _round_rows(s):
    if s["phase"] == "start":
        return [[t("wtr.h.round"), "1/{}".format(s["rounds"])]]
    yes, no = t("wtr.yes"), t("wtr.no")
    rows = [[t("wtr.h.round"), "{}/{}".format(s["round"], s["rounds"])]]
    if not s["box"]:
        rows.append([t("wtr.h.master"), s["players"][s["master"]]])
    rows += [[t("wtr.h.pile"), str(s["pile"])], [t("wtr.h.laid"), str(s["laid"])], [t("wtr.h.hints"), yes if s["hints"] else no]]
    return rows


def table(s):
    rows = []
    playing = s["phase"] in ("turn", "guess")
    for i in range(s["n"]):
        mark = "*" if playing and i == s["active"] else ""
        hand = "-" if not playing or i == s["master"] else str(s["hands"][i])
        rows.append([mark + s["players"][i], hand, str(s["scores"][i] if points(s) else s["guessed"][i])])
    return [t("wtr.h.name"), t("wtr.h.hand"), t("wtr.h.points" if points(s) else "wtr.h.guessed")], rows


def result(s):
    n = s["n"]
    key = s["scores"] if points(s) else s["guessed"]
    order = sorted(range(n), key=lambda i: (-key[i], i))  # unstable sort: a total order
    out = []
    for k in range(n):
        i = order[k]
        same = k and key[i] == key[order[k - 1]]
        text = str(key[i]) if points(s) else t("wtr.r.guessed", key[i])
        out.append((out[-1][0] if same else k + 1, i, text))
    return out


def summary(s):
    return t("wtr.summary", s["n"], s["round"], s["rounds"])
