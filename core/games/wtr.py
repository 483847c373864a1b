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
  ["correct", k, c]     card k laid this round (in the order laid) was really card c: judged
                        openly, every card after it judged again (core.games.wtr_correct)
  human master:
  ["fit"] / ["miss"]    the master's verdict on the card played
  ["reveal", placed]    the hand revealed: 0 none fits, 1 the master placed a fitting card
  ["judged", right]     the master's verdict on the guess: 1 right, 0 wrong
  ["correct", k]        the master's verdict on card k laid this round was the other one
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
  try a card or a guess twice. Nor across giving up: the rule has been shown. A card
  entered wrong is corrected instead (game menu): the box judges the card really played
  and the cards after it again; a verdict that changes moves a card between the hand and
  the pile (a miss draws one). A correction is final too.
- After a wrong guess with hints agreed, the next hint asked for is how near it was: that
  it differs only on the first card, or the shortest row after which it and the rule
  disagree, and a card that tells them apart. Like any hint it is asked for, and any
  player may object; the verdict itself tells nothing more.
- The first-card ruling (RULES.md; wtr_rule.judge): when the rule lets any card start a
  row, a guess that never says "first" is judged on the rows that have a card.
"""

from core.games import dispatch, integer, options, seats, starter, wtr_correct, wtr_entry, wtr_gen, wtr_table
from core.games import wtr_rule as R
from core.games.wtr_edit import editor
from core.games.wtr_rule import fits, parse, text
from core.games.wtr_score import DEAL, GUESS_BONUS, HINT_BONUS, guessers, points, round_points
from core.games.wtr_words import card_words, label, said
from core.i18n import row, t
from core.prompts import Choice, Confirm
from core.rng import Rng
from core.show import Show, in_place

# The modules beside this one, by what they hold: wtr_rule the rule language and its judge,
# wtr_gen the rules the box makes up, wtr_words rules and cards in words, wtr_score the
# points, wtr_entry a turn's entries, wtr_edit the guess editor, wtr_table the game menu's
# tables and the actions in words. None of them imports this one.

OPTIONS = (
    ("master", "wtr.master", ("box", "human")),
    ("level", "wtr.level", ("deck", "easy", "medium", "hard", "expert")),
    ("rounds", "wtr.rounds", ("each", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10")),
)
# A person as master keeps the rule in their head: the box's rule levels are not asked.
WHEN = {"level": lambda st: st.get("master", "box") == "box"}
DECK_CARDS = 144
_FORMAT = "wtr.e.format"  # the reason for a malformed action
_NOW = "wtr.e.now"  # the reason for an action the game does not take now


def new(settings, seed):
    players = settings.get("players")
    master, level, rounds = options(OPTIONS, settings, t(_FORMAT))
    box = master == "box"
    n = len(players) if isinstance(players, (list, tuple)) else 0
    if not (seats("wtr", n) and (box or n >= 2)):  # a person as master: one player at least
        raise ValueError(t("wtr.e.players"))
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


def _generated(level, state):
    """The rule wtr_gen makes at this level from this generator state (its text), and the
    generator's state after it."""
    r = Rng(state)
    return text(wtr_gen.generate(level, r)), r.state


def _round_fields(s, k):
    """A fresh round whose master (human) or first player (box) is seat k."""
    n = s["n"]
    s["master"] = -1 if s["box"] else k
    s["active"] = k if s["box"] else (k + 1) % n
    g = guessers(s)
    s["hands"] = [DEAL if i in g else 0 for i in range(n)]
    s["pile"] = DECK_CARDS - DEAL * len(g)
    s["turns"] = [0] * n
    s["laid"] = 0  # cards laid out this round: fits and misses
    s["hints"] = 0  # the table agreed to hints this round
    s["told"] = 0  # hints given
    s["guesser"] = -1
    s["row"] = []
    s["misses"] = bytearray()  # two bytes a card that did not fit: its place in the row, the card
    s["plays"] = bytearray()  # a byte a card laid out, in order: who and how (wtr_correct)
    s["wrong"] = []  # wrong guesses (text form)
    s["near"] = None  # how near the last wrong guess was, the next hint (hints agreed)


def _rule(s):
    """The secret rule (parse() keeps it: judging a card must be instant)."""
    return parse(s["rule"])


def _copies(s):
    """How many copies of each card lie on the table (row and misses), by card: each card
    is twice in the deck."""
    out = bytearray(R.N)
    for c in s["row"]:
        out[c] += 1
    m = s["misses"]
    for k in range(1, len(m), 2):
        out[m[k]] += 1
    return out


# ---------------------------------------------------------------- actions
# One handler per (phase, word), called by apply() once the action has its number of
# words and the master it needs: it checks the rest, then changes the state.


def _do_start(s, a):
    """["start", seat]: who starts (box) or is master first (human); -1: the box draws."""
    seat = starter(s, a[1], _FORMAT)
    s["first"] = seat
    _begin_round(s)
    s["note"] = None


def _do_hints(s, a):
    """["hints"]: the table agreed to hints, once a round."""
    if s["hints"]:
        raise ValueError(t(_NOW))
    s["hints"] = 1
    s["note"] = None


def _do_giveup(s, a):
    """["giveup"]: the round ends without a guess."""
    s["note"] = ["gaveup", s["active"], None]
    _end_round(s)


def _do_card(s, a):
    """["card", c]: box master, the box judges the card while a copy of it is left."""
    c = integer(a[1], 0, R.N - 1, _FORMAT)
    if _copies(s)[c] >= 2:
        raise ValueError(t("wtr.e.copies", label(c)))
    s["entered"] = c
    _played(s, fits(_rule(s), s["row"], c), c)


def _do_verdict(s, a):
    """["fit"] / ["miss"]: human master, the verdict on the card played."""
    _played(s, a[0] == "fit", None)


def _do_hand(s, a):
    """["hand", c, ...]: box master, every card of the hand; the box places a fitting one
    drawn at random."""
    if len(a) != 1 + s["hands"][s["active"]]:
        raise ValueError(t(_NOW))
    hand = [integer(x, 0, R.N - 1, _FORMAT) for x in a[1:]]
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


def _do_reveal(s, a):
    """["reveal", placed]: human master, the hand revealed (placed 1: a card fitted)."""
    _revealed(s, None, integer(a[1], 0, 1, _FORMAT) == 1)


def _do_hint(s, a):
    """["hint"]: box master, a hint once the table agreed to hints."""
    if not s["hints"]:
        raise ValueError(t(_NOW))
    _hint(s)


def _do_guess(s, a):
    """["guess", text]: box master, the guess judged against the rule."""
    if type(a[1]) is not str:
        raise ValueError(t(_NOW))
    try:
        guess = parse(a[1])
    except ValueError:
        raise ValueError(t("wtr.e.guess"))
    if R.depth(guess) > R.MAX_DEPTH:  # the words of a rule recurse once per level
        raise ValueError(t("wtr.e.guess"))
    _guessed(s, guess, a[1])


def _do_correct(s, a):
    """["correct", k, c] (box master) / ["correct", k] (human master): card k laid this
    round put right, the cards after it judged again (box master)."""
    cards = wtr_correct.laid(s)
    k = integer(a[1], 0, len(cards) - 1, _FORMAT) if cards else None
    if k is None or len(a) != (3 if s["box"] else 2):
        raise ValueError(t(_NOW if k is None else _FORMAT))
    seat, kind, old = cards[k]
    if kind == wtr_correct.PLACED:
        raise ValueError(t("wtr.e.placed"))
    if s["box"]:
        c = integer(a[2], 0, R.N - 1, _FORMAT)
        on = _copies(s)
        on[old] -= 1
        if c == old:
            raise ValueError(t("wtr.e.same", label(c)))
        if on[c] >= 2:
            raise ValueError(t("wtr.e.copies", label(c)))
        done = wtr_correct.rejudged(_rule(s), cards, k, c)
        if done is None:
            raise ValueError(t("wtr.e.placed_after"))
        s["row"], s["misses"], s["plays"], changed = done
    else:
        c = None
        s["plays"], changed = wtr_correct.turned(cards, k)
    for _, who, _, now in changed:  # a miss drew a card; a fit did not
        if now == wtr_correct.FIT:
            if s["hands"][who]:
                s["hands"][who] -= 1
                s["pile"] += 1
        else:
            _draw(s, who, 1)
    verdict = changed[0][3] if changed and changed[0][0] == k else kind
    s["note"] = ["corrected", seat, [k, old, c, verdict, changed]]
    last = s["plays"][-1]
    if s["phase"] == "guess" and last >> 2 == s["active"] and last & 3 == wtr_correct.MISS and changed and changed[-1][0] == len(cards) - 1:
        _turn_over(s)  # the card that let the active player guess does not fit after all
    elif [i for i in guessers(s) if not s["hands"][i]]:
        _end_round(s)  # a hand emptied: the round ends as after a turn


def _do_judged(s, a):
    """["judged", right]: human master, the verdict on the guess."""
    _guessed(s, integer(a[1], 0, 1, _FORMAT) == 1, None)


def _do_pass(s, a):
    """["pass"]: no guess."""
    s["note"] = None
    _turn_over(s)


def _do_next(s, a):
    """["next"]: the round's result was read: the next round, or the end."""
    s["note"] = None
    if s["round"] == s["rounds"]:
        s["phase"] = "over"
    else:
        s["round"] += 1
        _begin_round(s)


def _box(s):
    return s["box"]


def _human(s):
    return not s["box"]


# (phase, word) -> (words in the action, None: the handler counts them; handler; the
# master it needs, if one: core.games.dispatch)
_ACTIONS = {
    ("start", "start"): (2, _do_start),
    ("turn", "hints"): (1, _do_hints),
    ("turn", "giveup"): (1, _do_giveup),
    ("turn", "card"): (2, _do_card, _box),
    ("turn", "hand"): (None, _do_hand, _box),
    ("turn", "hint"): (1, _do_hint, _box),
    ("turn", "fit"): (1, _do_verdict, _human),
    ("turn", "miss"): (1, _do_verdict, _human),
    ("turn", "reveal"): (2, _do_reveal, _human),
    ("turn", "correct"): (None, _do_correct),
    ("guess", "correct"): (None, _do_correct),
    ("guess", "guess"): (2, _do_guess, _box),
    ("guess", "judged"): (2, _do_judged, _human),
    ("guess", "pass"): (1, _do_pass),
    ("guess", "giveup"): (1, _do_giveup),
    ("end", "next"): (1, _do_next),
}


def apply(s, a):
    dispatch(_ACTIONS, s, a, "wtr")


def _played(s, ok, c):
    me = s["active"]
    s["turns"][me] += 1
    s["laid"] += 1
    s["hands"][me] -= 1
    s["plays"].append(me * 4 + (wtr_correct.FIT if ok else wtr_correct.MISS))
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
        s["plays"].append(me * 4 + wtr_correct.PLACED)
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
    if s["near"]:  # after a wrong guess: a card that tells it from the rule
        s["note"] = ["hint_near", s["active"], s["near"]]
        s["near"] = None
        return
    r = _rule(s)
    ign = R.ignored(r)
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


def _guessed(s, verdict, guess):
    """verdict: the master's True/False, or (box master) the parsed guess, judged here;
    guess: its text (None for a human master)."""
    me = s["active"]
    near = None
    if guess is not None:
        near = R.judge(_rule(s), verdict)
        verdict = near is None
        s["near"] = near if s["hints"] else None  # how near a guess was is told only as a hint
    if verdict:
        s["guesser"] = me
        s["guessed"][me] += 1
        s["note"] = ["right", me, guess]
        _end_round(s)
        return
    if guess is not None:
        s["wrong"].append(guess)
    s["note"] = ["wrong", me, guess]
    _turn_over(s)


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


def _end_round(s):
    if points(s):
        pts = round_points(s["hands"], s["master"], s["guesser"], s["hints"], s["turns"], s["laid"])
        for i in range(s["n"]):
            s["scores"][i] += pts[i]
        s["last"] = pts
    s["phase"] = "end"


def sealed(a):
    """With the box as master a card, a hand, a guess, a hint or a correction (the verdict
    on the card really played) told something about the secret rule: undoing it would
    let the table try again."""
    return a[0] in ("card", "hand", "guess", "hint", "giveup") or a[0] == "correct" and len(a) == 3


def alike(s, a):
    """A guess the box judged: its verdicts, RIGHT then WRONG (core.games' contract): s
    itself for the verdict it got, a copy for the other one (a wrong one with a stand-in
    for how near it was, the next hint, hints agreed)."""
    note = s["note"]
    if a[0] != "guess" or not note:
        return []
    me, guess = note[1], note[2]
    if note[0] == "wrong":
        return [_noted(s, ["right", me, guess]), s]
    h = _noted(s, ["wrong", me, guess])
    h["near"] = [None, 0, 0] if s["hints"] else None
    return [s, h]


def _noted(s, note):
    h = dict(s)
    h["note"] = note
    return h


# ---------------------------------------------------------------- words


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
    elif kind == "hint_near":
        big, lines = t("wtr.big.hint"), _near_lines(arg)
    elif kind == "right":
        big, lines = t("wtr.big.right"), [_quoted(arg)]  # who guessed it: the last action's row
    elif kind == "gaveup":
        big, lines = t("wtr.big.gaveup"), [t("wtr.gaveup")]
    elif kind == "corrected":
        big, lines, leds = _corrected_lines(s, name, arg)
    else:
        # the guess said again; who made it is on the row of the last action
        big, lines = t("wtr.big.wrong"), [_quoted(arg) or t("wtr.wrong", name)]
    return in_place(Show(t("wtr.box"), None, big=big, lines=[x for x in lines if x], leds=leds), then)


def _corrected_lines(s, name, arg):
    """A correction said to the table: the card really played judged openly and what was
    said of the wrong one withdrawn (box master), then each verdict that changed with it
    and the card that moves between hand and pile. (big, lines, leds)"""
    k, old, c, verdict, changed = arg
    fit = verdict == wtr_correct.FIT
    if c is None:  # a person as master: the verdict turned
        big, lines = t("wtr.big.corrected"), [t("wtr.now_fit_h" if fit else "wtr.now_miss_h", name)]
    else:
        big = t("wtr.big.fit" if fit else "wtr.big.miss")
        lines = [t("wtr.corr_was", label(old), label(c)), t("wtr.withdrawn", label(old))]
    for i, who, x, now in changed:
        them = s["players"][who][:8]
        if i != k:
            lines.append(t("wtr.now_fit" if now == wtr_correct.FIT else "wtr.now_miss", them, label(x)))
        else:
            lines.append(t("wtr.hand_back" if now == wtr_correct.FIT else "wtr.hand_draw", them))
    return big, lines, "yes" if fit else "no"


def _quoted(guess):
    return t("wtr.quote", said(parse(guess))) if guess else ""


def _near_lines(near):
    """How near a wrong guess was (a hint): the row, the card, the rule's verdict."""
    row, c, yes = near
    verdict = t("wtr.near_yes" if yes else "wtr.near_no", label(c))
    if row is None:
        return [t("wtr.near_first"), verdict]
    if not row:
        return [t("wtr.near_start"), verdict]
    return [t("wtr.near_after", " ".join([label(x) for x in row])), verdict]


# ---------------------------------------------------------------- prompts


def prompt(s):
    if s["note"] and (s["box"] or s["note"][0] == "corrected") and s["phase"] != "over":
        return _note_show(s, lambda: _prompt(s))
    return _prompt(s)


def _prompt(s):
    ph = s["phase"]
    n = s["n"]
    if ph == "start":
        opts = s["players"] + [t("wtr.random")]
        title = t("wtr.q.starts") if s["box"] else t("wtr.q.master")
        return Choice(title, opts, lambda i: ["start", -1 if i == n else i])
    if ph == "turn":
        return _turn(s)
    if ph == "guess":
        return _guess(s)
    if ph == "end":
        return _end(s)
    return None


def overrides(s):
    """The game menu's entries while a round is played: a card laid this round corrected
    (wtr_entry.ask_correct); the table gives up (all agree): the round ends as one
    without a guess and the box shows its rule."""
    if s["phase"] not in ("turn", "guess"):
        return []
    out = []
    cards = wtr_correct.laid(s)
    if [x for x in cards if x[1] != wtr_correct.PLACED]:
        out.append((t("wtr.o.correct"), wtr_entry.ask_correct(s, cards)))
    lines = [t("wtr.giveup_box" if s["box"] else "wtr.giveup_human")]
    p = Confirm(t("wtr.q.giveup"), lambda _: ["giveup"], lines=lines)
    p.guard = True  # it ends the round for good: the menu's OK pressed twice gives nothing up
    return out + [(t("wtr.o.giveup"), p)]


def _status(s):
    return t("wtr.status", s["hands"][s["active"]], s["pile"])


def _turn(s):
    me = s["active"]
    opts = []
    acts = []
    # what a choice leads to is built once chosen
    if s["box"]:
        opts += [t("wtr.a.card"), t("wtr.a.hand")]
        acts += [lambda: wtr_entry.ask_card(s, []), lambda: wtr_entry.ask_hand(s, [])]
    else:
        opts += [t("wtr.a.fit"), t("wtr.a.miss"), t("wtr.a.none"), t("wtr.a.placed")]
        acts += [lambda: ["fit"], lambda: ["miss"], lambda: ["reveal", 0], lambda: ["reveal", 1]]
    if not s["hints"]:
        opts.append(t("wtr.a.hints"))
        acts.append(lambda: Confirm(t("wtr.q.hints"), lambda _: ["hints"], lines=[t("wtr.hints_cost", HINT_BONUS, GUESS_BONUS)]))
    elif s["box"]:
        opts.append(t("wtr.a.hint_near" if s["near"] else "wtr.a.hint"))
        acts.append(lambda: wtr_entry.ask_hint(s))
    return Choice(t("wtr.turn"), opts, lambda i: acts[i](), player=me, lines=[_status(s)])


def _guess(s):
    me = s["active"]
    if s["box"]:
        opts = [t("wtr.a.guess"), t("wtr.a.pass")]
        # guarded: the OK that read the verdict, pressed twice, opens no editor
        return Choice(t("wtr.q.guess"), opts, lambda i: editor(s) if i == 0 else ["pass"], player=me, guard=True)
    opts = [t("wtr.a.right"), t("wtr.a.wrong"), t("wtr.a.pass")]
    right = Confirm(t("wtr.q.right"), lambda _: ["judged", 1], lines=[t("wtr.right_ends")])
    return Choice(t("wtr.q.judge"), opts, lambda i: [right, ["judged", 0], ["pass"]][i], player=me)


def _end(s):
    if s["box"]:
        return Show(t("wtr.rule_was"), lambda _: _points(s), lines=[said(_rule(s))])
    return _points(s) if points(s) else Show(t("wtr.v.round"), lambda _: ["next"], big=t("wtr.round_n", s["round"]), lines=[t("wtr.round_over")])


def _points(s):
    return Show(t("wtr.v.round"), lambda _: ["next"], lines=_points_lines(s)) if points(s) else ["next"]


def _points_lines(s):
    out = []
    for i in range(0, s["n"], 2):
        pair = ["{} {:+d}".format(s["players"][j][:7], s["last"][j]) for j in range(i, min(i + 2, s["n"]))]
        out.append("  ".join(pair))
    return out


# ---------------------------------------------------------------- tables, result

describe = wtr_table.describe
views = wtr_table.views
table = wtr_table.table


def brief(s, a):
    """The action just applied in one row ("Bo: 3\u25b2W fits", "Hint: fill ignored"),
    from the note the table was just shown (a verdict, never the rule)."""
    w = a[0]
    if w == "start":
        return row("wtr.b.start" if s["box"] else "wtr.b.master", [s["players"][s["first"]]])
    if w == "hints":
        return t("wtr.b.hints")
    if w == "next":
        return t("wtr.b.over") if s["phase"] == "over" else t("wtr.b.round", s["round"])
    note = s["note"]
    if note is None:
        return row("wtr.b.pass", [s["players"][_passed(s)]])
    kind, who, arg = note[:3]
    name = [s["players"][who]]
    if kind in ("fit", "miss", "placed"):
        return row("wtr.b." + kind, name, label(arg)) if arg is not None else row("wtr.b.{}_h".format(kind), name)
    if kind == "hint_attr":
        return t("wtr.b.hint" + str(arg))
    if kind == "hint_card":
        return t("wtr.b.hint_card", label(arg))
    if kind == "hint_near":
        return t("wtr.b.hint_near")
    return row("wtr.b." + kind, name)  # none, right, wrong


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
