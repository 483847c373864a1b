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

from core import release
from core.games import wtr_rule as R
from core.games.wtr_rule import fits, parse, text
from core.games import options
from core.frame import forget_large
from core.i18n import lang, t
from core.prompts import Choice, Confirm, rehearse
from core.rng import Rng

# The Pico's heap holds the code of what is on screen (the game took more than half of it
# late in a round): a turn's entries, the guess editor, rules in words and the game menu's
# tables are modules of their own, imported while the screen before them is read
# (App.warm) and let go where they are done with.
ENTRY = "core.games.wtr_entry"  # imported by a turn's screen, let go by "Guess the rule?"
EDIT = "core.games.wtr_edit"  # imported by "Guess the rule?", let go by prompt()
WORDS = "core.games.wtr_words"  # imported by the editor, a round's end, the tables; let go by a turn
TABLE = "core.games.wtr_table"  # imported when the game menu asks, let go by prompt()

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
    s["misses"] = bytearray()  # two bytes a card that did not fit: its place in the row, the card
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
    m = s["misses"]
    for k in range(1, len(m), 2):
        out[m[k]] += 1
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
        s["misses"].extend(bytes((len(s["row"]), c)))  # a byte each: the heap a long round holds
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
    from core.show import Show, in_place

    return in_place(Show(t("wtr.box"), None, big=big, lines=[x for x in lines if x], leds=leds), then)


def _shown(s, a):
    """The screen of the note action a left in state s, with its last row."""
    p = _note_show(s, None)
    p.last = brief(s, a)
    return p


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
        from core.games.wtr_words import said

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
    release(EDIT)  # with its pages' labels
    release(TABLE)
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
    p = Confirm(t("wtr.q.giveup"), lambda _: ["giveup"], lines=lines)
    p.guard = True  # it ends the round for good: the menu's OK pressed twice gives nothing up
    return [(t("wtr.o.giveup"), p)]


def _status(s):
    return t("wtr.status", s["hands"][s["active"]], s["pile"])


def _turn(s):
    release(WORDS)  # a turn says no rule: the rule in words (a guess, the round's end) goes
    me = s["active"]
    opts = []
    acts = []
    # What a choice leads to is built once chosen: the card entry and the hints' question
    # looked up 15 texts on flash, 11 ms of the press that brings the turn on the Pico.
    if s["box"]:
        opts += [t("wtr.a.card"), t("wtr.a.hand")]
        acts += [lambda: _entry().ask_card(s, []), lambda: _entry().ask_hand(s, [])]
    else:
        opts += [t("wtr.a.fit"), t("wtr.a.miss"), t("wtr.a.none"), t("wtr.a.placed")]
        acts += [lambda: ["fit"], lambda: ["miss"], lambda: ["reveal", 0], lambda: ["reveal", 1]]
    if not s["hints"]:
        opts.append(t("wtr.a.hints"))
        acts.append(lambda: Confirm(t("wtr.q.hints"), lambda _: ["hints"], lines=[t("wtr.hints_cost", HINT_BONUS, GUESS_BONUS)]))
    elif s["box"]:
        opts.append(t("wtr.a.hint"))
        acts.append(lambda: _entry().ask_hint(s))
    p = Choice(t("wtr.turn"), opts, lambda i: acts[i](), player=me, lines=[_status(s)])
    if s["box"]:  # the card's entry, the likeliest choice (its modules let go in the game menu
        # and by a guess), then the verdict's (core.show, let go by the guess editor)
        p.warm = (ENTRY, "core.tiles", lambda: rehearse(acts[0], s["players"]), "core.show")
    return p


def _entry():
    from core.games import wtr_entry

    return wtr_entry


def _guess(s):
    me = s["active"]
    if s["box"]:
        opts = [t("wtr.a.guess"), t("wtr.a.pass")]
        p = Choice(t("wtr.q.guess"), opts, lambda i: _editor(s, True) if i == 0 else ["pass"], player=me)
        # a turn's entries go (the next turn's warm work imports them again), the editor comes
        p.warm = (_let_go, EDIT, lambda: rehearse(lambda: _editor(s, False)))
        return p
    opts = [t("wtr.a.right"), t("wtr.a.wrong"), t("wtr.a.pass")]
    right = Confirm(t("wtr.q.right"), lambda _: ["judged", 1], lines=[t("wtr.right_ends")])
    return Choice(t("wtr.q.judge"), opts, lambda i: [right, ["judged", 0], ["pass"]][i], player=me)


def _editor(s, opened):
    """The guess editor's first page (core.games.wtr_edit; prompt() lets it go again).
    Once it is open, the large texts of the turn go too (its warm work draws them again)
    and the code of the screens that show them (core.show: the guess's Confirm imports it
    again), and a turn's entries, if a quick OK came before "Guess the rule?" let them go."""
    if opened:
        _let_go()
        release("core.show")
        forget_large()
    from core.games.wtr_edit import editor

    return editor(s)


def _let_go():
    """A turn's entries and the card's entry (ENTRY, core.tiles) go: heap the long edit of
    a guess late in a round needs; the next turn's warm work imports them again."""
    release(ENTRY)
    release("core.tiles")


def _end(s):
    from core.show import Show

    if s["box"]:
        from core.games.wtr_words import said

        return _before_round(s, Show(t("wtr.rule_was"), lambda _: _points(s), lines=[said(_rule(s))]))
    return _points(s) if points(s) else Show(t("wtr.v.round"), lambda _: ["next"], big=t("wtr.round_n", s["round"]), lines=[t("wtr.round_over")])


def _points(s):
    from core.show import Show

    return _before_round(s, Show(t("wtr.v.round"), lambda _: ["next"], lines=_points_lines(s))) if points(s) else ["next"]


def _points_lines(s):
    out = []
    for i in range(0, s["n"], 2):
        pair = ["{} {:+d}".format(s["players"][j][:7], s["last"][j]) for j in range(i, min(i + 2, s["n"]))]
        out.append("  ".join(pair))
    return out


# ---------------------------------------------------------------- tables, result


# The game menu's tables and the actions in words are in core.games.wtr_table, loaded
# when the menu asks for them: heap the turns do not need (prompt() lets it go).


def describe(s, a):
    from core.games.wtr_table import describe

    return describe(s, a)


def views(s):
    from core.games.wtr_table import views

    return views(s)


def table(s):
    from core.games.wtr_table import table

    return table(s)


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
