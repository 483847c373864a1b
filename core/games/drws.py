"""Das Regeln Wir Schon!, 3-5 players: the box keeps the tiles' secrecy, the chip ledger
with the pool, the rule cards on the mat, the payments of the voting rules, the scoring
round and the secret predictions. Rules: shared/RULES.md and
rulebooks/das-regeln-wir-schon.en.txt; the cards and the scoring as pure functions in
core.games.drws_rules.

Actions (plain lists, validated by apply()):
  ["mat", c1, c2, v1, v2, i1, i2]  the six rule cards dealt onto the mat (codes)
  ["draw"]                     the box draws the place cards (1st place starts)
  ["predict", x0, .., xn-1]    every player's secret prediction (own place, or a number
                               for a custom prediction card); with "noted colour x5" as
                               the scoring rule: [place, colour] pairs, flattened
  ["chips", seat, w, p, y, g]  a player's 7 starting chips (from the pool, in order)
  ["card", code]               the active player puts a card to the vote
  ["spoke", seat, w, p, y, g]  a player spoke while "whoever speaks pays 3" is on the mat
                               (at any moment of the game: the turn's list, the game menu)
  ["vote", y0, k0, .., yn-1, kn-1]  the secret tile ballot: side (1 YES) and tiles
  ["result", adopted]          the result read (a tie: the active player decided)
  ["pay", seat, extra, w, p, y, g]  a player's chips from the voting rules (extra: from
                               custom voting cards, entered by hand, less than 0 when
                               they take chips), colours chosen: taken from the pool,
                               or given back when the sum is below 0
  ["place", slot]              the adopted card replaces the card in slot 0 or 1
  ["score", first, a0, .., an-1]  who spoke first in the scoring round (-1 nobody) and
                               points entered by hand for custom cards
  ["next"]                     the score sheet was read
  ["rules", scoring, prediction]  the next scoring and prediction rules (last place,
                               next-to-last choose)
  ["remat", c1, c2, v1, v2, i1, i2]  the table corrects the mat (game menu) until a card
                               is put to the vote: the places drawn and the chips stand
  ["adjust", seat, w, p, y, g, points]  the table corrects the ledger (game menu): chips
                               per colour added (from the pool, its rule holding) or
                               taken (back to the pool), points added or taken

Rulings where the rulebook is silent or its text was lost (the help text says them):
- The pool for 4-5 players holds the setting's number of chips per colour (the box
  cannot count the real box's chips; 3 players: 15). The pool rule holds for every take,
  the starting chips too.
- The vote that starts the scoring round is finished first (payments, the card placed),
  then the scoring round runs with the mat as it then lies.
- Everyone tied for first place after chip scoring loses 10. Places for predictions are
  taken before prediction points; ties are drawn by the box and shown.
- A player without cards is skipped as active player (still votes). When every card is
  played, one last scoring and prediction round ends the game. Five rounds at most.
- The next round starts with the player left of the one whose vote started scoring.
- "Product of 2 colours" takes the player's best pair. Custom cards: their points or chips,
  given or taken, are entered by hand when they apply; chips taken go back to the pool.
- What only the table knows (a custom card's effect, a slip, someone speaking while
  "whoever speaks pays 3" lies out) is entered from the game menu at any moment
  (overrides()): during a tile ballot that means the tiles are cast again.
- A voter counts their tiles and casts them on the lit YES or NO in one press.
"""

from core.games import drws_rules as D
from core.games import dispatch, integer, options, seats
from core.i18n import row, t
from core.prompts import Choice, Confirm, Number
from core.rng import Rng
from core.secret import Secret, by_seat, left_of
from core.show import Show, in_place
from core.textentry import Text
from core.tiles import Fields

OPTIONS = (("pool", "drws.pool", ("25", "20", "30")),)
WHEN = {"pool": lambda st: len(st.get("players", ())) > 3}  # 3 players: 15 a colour, not asked
TILES = 4
_ORDER = 0x5A5A5A5A  # mixed into the stream's state for the tie order (see _score)
START_CHIPS = 7
ROUNDS = 5
CARDS = {3: 9, 4: 7, 5: 6}  # cards per player
SLOTS = ("c", "c", "v", "v", "i", "i")  # the six cards of the mat dealt at setup
MAX_ADJUST = 500
_FORMAT = "drws.e.format"
# The phases in which the table's corrections and "whoever speaks pays 3" are taken.
PLAYING = ("predict", "chips", "card", "vote", "result", "pay", "place", "score", "judge", "sheet", "rules")
BEFORE_VOTE = ("predict", "chips", "card")  # with _unvoted(): the mat may be corrected


def new(settings, seed):
    players = settings.get("players")
    if not isinstance(players, (list, tuple)) or not seats("drws", len(players)):
        raise ValueError(t("drws.e.players"))
    (pool,) = options(OPTIONS, settings, t(_FORMAT))
    n = len(players)
    per = 15 if n == 3 else int(pool)
    return {
        "players": [str(p) for p in players],
        "n": n,
        "rng": Rng(seed).state,
        "phase": "mat",
        "round": 1,
        "pool": [per] * D.COLOURS,
        "chips": [[0] * D.COLOURS for _ in range(n)],
        "hands": [CARDS[n]] * n,
        "tiles": [TILES] * n,
        "mat": {"s": "s:sb", "p": "p:own", "c": [], "v": [], "i": []},
        "used": ["s:sb", "p:own"],  # scoring and prediction cards played (never return)
        "totals": [0] * n,
        "place": list(range(1, n + 1)),
        "active": 0,
        "starter": 0,  # whose chips come first at setup / who starts the round
        "pred": None,  # the round's secret predictions (sealed)
        "noted": None,
        "card": None,  # the card under vote
        "votes": None,  # [side, tiles] per player, after the reveal
        "dues": [],  # [seat, chips] still to pay
        "last": False,  # every card is played: this is the last scoring round
        "sheet": None,  # the last scoring round per player: chips, bonus, incidents, prediction
        "got": 0,  # players who took their starting chips
        "adopted": 0,
        "paid": 0,  # the last payment's chips: taken (> 0) or given back (< 0)
        "scored": 0,  # the round of the last score sheet
        "notes": [],  # what just happened, for the table: [kind, ...], oldest first
    }


def _code(x, kinds):
    if type(x) is not str or len(x) < 3 or D.kind(x) not in kinds:
        raise ValueError(t(_FORMAT))
    if not D.custom(x) and x not in D.CATALOGUE[D.kind(x)]:
        raise ValueError(t(_FORMAT))
    if D.custom(x) and not (4 <= len(x) <= 15 and x[2] == ":"):
        raise ValueError(t(_FORMAT))
    return x


def _colours(a, at, k):
    """Chips per colour in a[at:at+4], summing to k."""
    if len(a) != at + D.COLOURS:
        raise ValueError(t(_FORMAT))
    got = [integer(x, 0, 99, _FORMAT) for x in a[at:]]
    if sum(got) != k:
        raise ValueError(t("drws.e.chips", k))
    return got


def _take(s, p, got):
    for c in range(D.COLOURS):
        if D.take(s["pool"], s["chips"], p, c, got[c]):
            s["notes"].append(["reset", p, c])


def _give(s, p, got):
    """Player p gives chips back to the pool: only chips they hold (checked first)."""
    for c in range(D.COLOURS):
        if got[c] > s["chips"][p][c]:
            raise ValueError(t("drws.e.holds"))
    for c in range(D.COLOURS):
        s["chips"][p][c] -= got[c]
        s["pool"][c] += got[c]


# ---------------------------------------------------------------- actions
# One handler per (phase, word), called by apply() once the action has its number of
# words: it checks the rest, then changes the state.


def _do_mat(s, a):
    """["mat", c1, c2, v1, v2, i1, i2]: the six cards dealt onto the mat."""
    _do_remat(s, a)
    s["phase"] = "draw"
    s["notes"] = []


def _do_remat(s, a):
    """["remat", c1, .., i2]: the mat's six cards as they lie (a correction; the places
    drawn stand: chance is final)."""
    cards = [_code(a[1 + k], (SLOTS[k],)) for k in range(6)]
    if D.clash(cards[:2]):
        raise ValueError(t("drws.e.clash"))
    s["mat"]["c"], s["mat"]["v"], s["mat"]["i"] = cards[0:2], cards[2:4], cards[4:6]


def _unvoted(s):
    """No card has been voted on yet: the mat may still be corrected."""
    return s["round"] == 1 and s["votes"] is None


def _do_draw(s, a):
    """["draw"]: the box draws the place cards; 1st place starts."""
    n = s["n"]
    rng = Rng(s["rng"])
    drawn = rng.shuffle(list(range(n)))  # the seats, 1st place first
    s["rng"] = rng.state
    for k in range(n):
        s["place"][drawn[k]] = k + 1
    s["starter"] = s["active"] = drawn[0]
    s["notes"] = [["places"]]
    s["phase"] = "predict"


def _do_predict(s, a):
    """["predict", x0, ..]: every player's prediction; [place, colour] pairs with
    "noted colour x5" as the scoring rule."""
    n = s["n"]
    noted = s["mat"]["s"] == "s:n5"
    step = 2 if noted else 1
    if len(a) != 1 + step * n:
        raise ValueError(t(_FORMAT))
    hi = n if s["mat"]["p"] == "p:own" else 99
    pred = [integer(a[1 + step * p], 1, hi, _FORMAT) for p in range(n)]
    if noted:
        s["noted"] = [integer(a[2 + 2 * p], 0, D.COLOURS - 1, _FORMAT) for p in range(n)]
    s["pred"] = pred
    s["notes"] = []
    s["phase"] = "chips" if s["round"] == 1 and not _chips_done(s) else "card"


def _do_chips(s, a):
    """["chips", seat, w, p, y, g]: the next player's starting chips, from the pool."""
    p = integer(a[1], 0, s["n"] - 1, _FORMAT)
    if p != _chips_next(s):
        raise ValueError(t("drws.e.now"))
    got = _colours(a, 2, START_CHIPS)
    s["notes"] = []
    _take(s, p, got)
    s["got"] += 1
    if _chips_done(s):
        s["phase"] = "card"


def _do_spoke(s, a):
    """["spoke", seat, w, p, y, g]: a player spoke while "whoever speaks pays 3" is on
    the mat; the chips go back to the pool."""
    if "i:speak" not in s["mat"]["i"]:
        raise ValueError(t("drws.e.now"))
    p = integer(a[1], 0, s["n"] - 1, _FORMAT)
    got = _colours(a, 2, min(D.SPEAK_CHIPS, sum(s["chips"][p])))
    _give(s, p, got)
    s["notes"] = [["spoke", p, sum(got)]]


def _do_adjust(s, a):
    """["adjust", seat, w, p, y, g, points]: the table corrects the ledger."""
    p = integer(a[1], 0, s["n"] - 1, _FORMAT)
    delta = [integer(x, -99, 99, _FORMAT) for x in a[2:6]]
    pts = integer(a[6], -MAX_ADJUST, MAX_ADJUST, _FORMAT)
    if not any(delta) and not pts:
        raise ValueError(t("drws.e.nothing"))
    _give(s, p, [max(0, -d) for d in delta])
    s["notes"] = []
    _take(s, p, [max(0, d) for d in delta])
    s["totals"][p] += pts
    if pts:  # the places follow the points (who picks the next rules)
        s["place"] = D.places(s["totals"], s.get("order") or list(range(s["n"])))


def _do_card(s, a):
    """["card", code]: the active player puts a card to the vote."""
    s["card"] = _code(a[1], D.TYPES)
    s["hands"][s["active"]] -= 1
    s["notes"] = []
    s["phase"] = "vote"


def _do_vote(s, a):
    """["vote", y0, k0, ..]: each player's side (1 YES) and tiles; one tile comes back,
    the extra ones are out until after scoring."""
    n = s["n"]
    votes = [[integer(a[1 + 2 * p], 0, 1, _FORMAT), integer(a[2 + 2 * p], 1, s["tiles"][p], _FORMAT)] for p in range(n)]
    s["votes"] = votes
    s["notes"] = []
    for p in range(n):
        s["tiles"][p] -= votes[p][1] - 1
    s["phase"] = "result"


def _do_result(s, a):
    """["result", adopted]: as the tiles say, or the active player's decision on a tie."""
    adopted = integer(a[1], 0, 1, _FORMAT)
    yes, no = tally(s["votes"])
    if yes != no and adopted != (yes > no):
        raise ValueError(t("drws.e.result"))
    s["adopted"] = adopted
    s["dues"] = _dues(s)
    s["notes"] = []
    _after_payments(s)


def _do_pay(s, a):
    """["pay", seat, extra, w, p, y, g]: the next payment, taken from the pool, or given
    back when a custom voting card's extra takes chips."""
    p, due = s["dues"][0]
    if integer(a[1], 0, s["n"] - 1, _FORMAT) != p:
        raise ValueError(t("drws.e.now"))
    custom = 99 if _custom_voting(s) else 0
    extra = integer(a[2], -custom, custom, _FORMAT)
    got = _colours(a, 3, abs(due + extra))
    if due + extra < 0:
        _give(s, p, got)  # (checks that p holds them before it changes anything)
        s["notes"] = []
    else:
        s["notes"] = []
        _take(s, p, got)
    s["paid"] = due + extra  # for the words: taken (> 0) or given back (< 0)
    s["dues"].pop(0)
    _after_payments(s)


def _do_place(s, a):
    """["place", slot]: the adopted card replaces the card in slot 0 or 1."""
    slot = integer(a[1], 0, 1, _FORMAT)
    s["notes"] = []
    _place(s, slot)


def _do_score(s, a):
    """["score", first, a0, ..]: who spoke first (-1 nobody, always without "i:first"),
    and each player's points from custom cards (0 without them)."""
    n = s["n"]
    first = integer(a[1], -1, n - 1 if "i:first" in s["mat"]["i"] else -1, _FORMAT)
    most = MAX_ADJUST if _customs(s) else 0
    _score(s, first, [integer(x, -most, most, _FORMAT) for x in a[2:]])


def _do_judge(s, a):
    """["judge", x0, ..]: each player's points from a custom prediction card."""
    pts = [integer(x, -MAX_ADJUST, MAX_ADJUST, _FORMAT) for x in a[1:]]
    for p in range(s["n"]):
        s["sheet"][p][3] = pts[p]
        s["totals"][p] += pts[p]
    s["place"] = D.places(s["totals"], s["order"])
    s["phase"] = "sheet"


def _do_next(s, a):
    """["next"]: the score sheet was read; the game ends after the last round."""
    s["notes"] = []
    s["phase"] = "over" if s["last"] or s["round"] == ROUNDS else "rules"


def _do_rules(s, a):
    """["rules", scoring, prediction]: the next round's rules, never one played before
    (a custom card may come again)."""
    sc, pr = _code(a[1], ("s",)), _code(a[2], ("p",))
    if sc in s["used"] and not D.custom(sc) or pr in s["used"] and not D.custom(pr):
        raise ValueError(t("drws.e.used"))
    s["mat"]["s"], s["mat"]["p"] = sc, pr
    s["used"] += [sc, pr]
    s["round"] += 1
    s["tiles"] = [TILES] * s["n"]
    s["pred"] = s["noted"] = None
    s["phase"] = "predict"


# (phase, word) -> (words in the action, or (words, more per player), or None: the
# handler counts them; handler)
_ACTIONS = {
    ("mat", "mat"): (7, _do_mat),
    ("draw", "draw"): (1, _do_draw),
    ("predict", "predict"): (None, _do_predict),
    ("chips", "chips"): (6, _do_chips),
    ("card", "card"): (2, _do_card),
    ("vote", "vote"): ((1, 2), _do_vote),
    ("result", "result"): (2, _do_result),
    ("pay", "pay"): (7, _do_pay),
    ("place", "place"): (2, _do_place),
    ("score", "score"): ((2, 1), _do_score),
    ("judge", "judge"): ((1, 1), _do_judge),
    ("sheet", "next"): (1, _do_next),
    ("rules", "rules"): (3, _do_rules),
}
for _ph in BEFORE_VOTE:  # the mat corrected, while no card has been voted on
    _ACTIONS[(_ph, "remat")] = (7, _do_remat, _unvoted)
for _ph in PLAYING:  # the table's corrections, at any moment of the game
    _ACTIONS[(_ph, "spoke")] = (6, _do_spoke)
    _ACTIONS[(_ph, "adjust")] = (7, _do_adjust)
del _ph


def apply(s, a):
    dispatch(_ACTIONS, s, a, "drws")


def tally(votes):
    """(YES tiles, NO tiles) of a ballot."""
    yes = sum([v[1] for v in votes if v[0]])
    return yes, sum([v[1] for v in votes]) - yes


def _chips_next(s):
    return (s["starter"] + s["got"]) % s["n"]


def _chips_done(s):
    return s["got"] == s["n"]


def _dues(s):
    """[player, chips] of each payment the votes ask for, in order: every one while a
    custom voting card is on the mat (it may add chips), else those not 0. The card
    under vote does not count in its own payments, adopted or not."""
    pays = D.payments([v[0] == 1 for v in s["votes"]], s["mat"], s["active"])
    extra = _custom_voting(s)
    return [[p, k] for p, k in pays if k or extra]


def _custom_voting(s):
    return [code for code in s["mat"]["v"] if D.custom(code)]


def _after_payments(s):
    """When every payment is made: the card goes onto the mat or to the discard, then
    the next player's turn, or the scoring round."""
    if s["dues"]:
        s["phase"] = "pay"
        return
    card = s["card"]
    if s["adopted"]:
        k = D.kind(card)
        slots = s["mat"][k]
        cv = D.colour_value(card)
        same = [j for j in range(2) if cv and D.colour_value(slots[j]) and D.colour_value(slots[j])[0] == cv[0]]
        if same:  # a correction for the same colour must be the one replaced
            _place(s, same[0])
            return
        s["phase"] = "place"
        return
    _place(s, -1)


def _place(s, slot):
    if slot >= 0:
        s["mat"][D.kind(s["card"])][slot] = s["card"]
    s["notes"].append(["placed" if slot >= 0 else "discarded", s["active"], s["card"]])
    s["card"] = None
    trigger = all([v[1] == 1 for v in s["votes"]])
    if not sum(s["hands"]):
        s["last"] = True
    s["starter"] = _next_active(s, s["active"])
    if trigger or s["last"]:
        s["phase"] = "score"
        return
    s["active"] = s["starter"]
    s["phase"] = "card"


def _next_active(s, p):
    """The next player clockwise who still holds a card (p itself if nobody does)."""
    n = s["n"]
    for k in range(1, n + 1):
        q = (p + k) % n
        if s["hands"][q]:
            return q
    return p


def _score(s, first, adjust):
    n = s["n"]
    # Breaks ties for places, shown as a draw. Drawn from the stream's state without
    # moving it: the scoring entries stay correctable (undo, then the same draw again),
    # and no entry changes which order comes out (chance is final all the same).
    order = Rng(s["rng"] ^ _ORDER).shuffle(list(range(n)))
    pts, sheet = D.scoring(s["chips"], s["mat"], s["pred"], first, s["totals"], s["noted"], adjust, order)
    for p in range(n):
        s["totals"][p] += pts[p]
    s["sheet"] = sheet
    s["scored"] = s["round"]
    s["order"] = order
    s["place"] = D.places(s["totals"], order)
    s["active"] = s["starter"]
    s["notes"] = []
    s["phase"] = "sheet" if s["mat"]["p"] == "p:own" else "judge"


def sealed(a):
    """The tile ballot and the predictions are secrets: undo never crosses them (nobody
    answers again knowing the others). The scoring entries that reveal the predictions
    are facts of the table, not answers: they stay correctable until "Game over"."""
    return a[0] in ("vote", "predict")


# ---------------------------------------------------------------- words


def card_name(code):
    if D.custom(code):
        return code[3:]
    return t("drws.k." + code[2:])


def colour(c):
    return t("drws.col" + str(c))


def short(c):
    """A colour in at most five letters (under a tile, in the ledger)."""
    return t("drws.cs" + str(c))


# ---------------------------------------------------------------- prompts


def prompt(s):
    p = _prompt(s)
    if p is None:
        return None
    for note in reversed(s["notes"]):  # each event large for the table, oldest first, in one place
        p = in_place(_note_show(s, note), p)
    return p


def _note_show(s, note):
    kind = note[0]
    if kind == "places":
        lines = ["{}. {}".format(s["place"][p], s["players"][p]) for p in sorted(range(s["n"]), key=lambda p: s["place"][p])]
        return Show(t("drws.v.draw"), None, lines=lines)
    who = s["players"][note[1]]
    if kind == "reset":
        return Show(t("drws.v.pool"), None, big=colour(note[2]), lines=[t("drws.reset", who), t("drws.reset_all")])
    if kind == "spoke":
        return Show(t("drws.v.spoke"), None, big=who, lines=[t("drws.paid", note[2])])
    return Show(card_name(note[2]), None, big=t("drws.big." + kind), lines=[t("drws.by", who)])


def _prompt(s):
    ph = s["phase"]
    n = s["n"]
    if ph == "mat":
        return _ask_mat([])
    if ph == "draw":
        return _setup(n)
    if ph == "predict":
        return _ask_predictions(s)
    if ph == "chips":
        p = _chips_next(s)
        fields = [(short(c), 0, START_CHIPS, None) for c in range(D.COLOURS)]
        return Fields(t("drws.q.chips", START_CHIPS), fields, lambda v: ["chips", p] + v, initial=[2, 2, 2, 1], player=p)
    if ph == "card":
        return _ask_card(s)
    if ph == "vote":
        return _ask_vote(s)
    if ph == "result":
        return _reveal(s)
    if ph == "pay":
        return _ask_pay(s)
    if ph == "place":
        k = D.kind(s["card"])
        opts = [card_name(x) for x in s["mat"][k]]
        # guarded: after the payments' OKs, the first card is no answer
        return Choice(t("drws.q.replace"), opts, lambda i: ["place", i], player=s["active"], guard=True)
    if ph == "score":
        return _ask_score(s)
    if ph == "judge":
        ask = _ask_points(t("drws.q.judge"), card_name(s["mat"]["p"]), n, [], lambda v: ["judge"] + v)
        return Show(t("drws.v.predictions"), lambda _: ask, lines=_prediction_lines(s), guard=True)
    if ph == "sheet":
        sheet = Show(t("drws.v.sheet", s["round"]), lambda _: ["next"], lines=_sheet_lines(s))
        if s["mat"]["p"] != "p:own":
            return sheet
        return Show(t("drws.v.predictions"), lambda _: sheet, lines=_prediction_lines(s))
    if ph == "rules":
        return _ask_rules(s)
    return None


def _setup(n):
    """What to do before the first round, once the mat is laid out (n players)."""
    lines = [t("drws.setup_deal", CARDS[n], TILES), t("drws.setup_seats"), t("drws.setup_draw")]
    return Show(t("drws.v.setup"), lambda _: ["draw"], lines=lines)


def opening():
    """The mat's first slot: a new game opens on it (core.games' opening())."""
    return _ask_mat([])


def _ask_mat(got, ahead=(), then=None):
    """The mat's cards, slot by slot: an edit (core.prompts.open_prompt), one screen
    for the eight slots; BACK goes to the slot before. ahead: the cards chosen for this
    slot and the next ones before BACK came here, each under the cursor again. then:
    what the six cards give (default: the "mat" action)."""
    k = len(got)
    if k == len(SLOTS):
        return then(got) if then else ["mat"] + got
    title = t("drws.q.mat", t("drws.t." + SLOTS[k]), k % 2 + 1)
    # The second card of a kind is not the first again, nor a correction of its colour.
    taken = [c for c in D.CATALOGUE[SLOTS[k]] if k % 2 and (c == got[-1] or D.clash([got[-1], c]))]
    p = _ask_code(title, SLOTS[k], None, lambda code: _ask_mat(got + [code], ahead[1:], then), exclude=taken,
                  was=ahead[0] if ahead else None)
    p.edit = "mat"
    if got:
        p.undo = lambda: _ask_mat(got[:-1], [got[-1]] + list(ahead), then)
    return p


def _ask_remat(s):
    """The mat's six cards again, each under the cursor as it lies, then confirmed
    with the cards that change ("Purple worth 0 -> Purple worth 2")."""
    lying = s["mat"]["c"] + s["mat"]["v"] + s["mat"]["i"]

    def done(cards):
        changes = ["{} \u2192 {}".format(card_name(lying[k]), card_name(c)) for k, c in enumerate(cards) if c != lying[k]]
        return Confirm(t("drws.o.mat"), lambda _: ["remat"] + cards, lines=changes or [t("drws.o.unchanged")])

    return _ask_mat([], lying, done)


def _ask_code(title, kind, player, then, exclude=(), was=None, lines=(), guard=False):
    """A card of one type: from the catalogue, or a custom card named by the players
    (was: the card under the cursor, else the first; a custom one's name given again)."""
    codes = [c for c in D.CATALOGUE[kind] if c not in exclude]
    opts = [card_name(c) for c in codes] + [t("drws.custom")]
    custom = was is not None and D.custom(was)
    named = was[was.index(":") + 1 :] if custom else ""

    def chosen(i):
        if i < len(codes):
            return then(codes[i])
        return Text(t("drws.q.name"), lambda name: then("x{}:{}".format(kind, name)), maxlen=12, initial=named)

    initial = codes.index(was) if was in codes else len(codes) if custom else 0
    # lines under the player's name: the first is drawn in the title bar (core.play.choice)
    return Choice(title, opts, chosen, initial, player=player, lines=[title] + list(lines) if lines else [], guard=guard)


def _ask_predictions(s):
    n = s["n"]
    own = s["mat"]["p"] == "p:own"
    noted = s["mat"]["s"] == "s:n5"

    def ask(i):
        def place(v):
            if not noted:
                return v
            return Choice(t("drws.q.noted"), [colour(c) for c in range(D.COLOURS)], lambda c: [v, c])

        name = s["players"][i]  # the voters are the seats in order (done() below)
        if own:
            return Number(t("drws.q.place"), 1, n, place, lines=[t("drws.q.place2", name)])
        return Number(t("drws.q.predict", card_name(s["mat"]["p"])), 1, 99, place, lines=[t("drws.q.note_by", name)])

    def done(answers):
        out = ["predict"]
        for x in answers:
            out += x if isinstance(x, list) else [x]
        return out

    def said(i):  # a place predicted, to its voter (a custom card's 1-99: not repeated)
        if noted:
            return [([v, c], t("drws.said_place", v) + ", " + colour(c)) for v in range(1, n + 1) for c in range(D.COLOURS)]
        return [(v, t("drws.said_place", v)) for v in range(1, n + 1)]

    return Secret(t("drws.v.predict"), list(range(n)), ask, done, said if own else None)


def _ask_card(s):
    me = s["active"]
    kinds = list(D.TYPES)
    opts = [t("drws.t." + k) for k in kinds]
    speak = "i:speak" in s["mat"]["i"]
    if speak:
        opts.append(t("drws.a.spoke"))

    def chosen(i):
        if i < len(kinds):  # a card on the mat is not in anyone's hand
            return _ask_code(t("drws.q.card"), kinds[i], me, lambda code: ["card", code], exclude=s["mat"][kinds[i]])
        return Choice(t("drws.q.who_spoke"), s["players"], _ask_spoke(s))

    return Choice(t("drws.q.turn"), opts, chosen, player=me, lines=[t("drws.status", s["round"], s["hands"][me])])


def _ask_spoke(s):
    def who(p):
        k = min(D.SPEAK_CHIPS, sum(s["chips"][p]))
        if not k:
            return _spoke_ok(s, ["spoke", p, 0, 0, 0, 0])
        return _ask_give(s, p, k, t("drws.q.pay_back", k), lambda v: _spoke_ok(s, ["spoke", p] + v))

    return who


def _spoke_ok(s, a):
    lines = [t("drws.d.spoke", s["players"][a[1]]), t("drws.paid", sum(a[2:]))]
    if s["phase"] == "vote":  # the tiles are cast again
        lines.append(t("drws.recast"))
    return Confirm(t("drws.v.spoke"), lambda _: a, lines=lines)


def _ask_vote(s):
    """The box goes round from the active player's left, the active player last; each
    voter counts their tiles (UP/DOWN) and casts them on the lit YES or NO in one press."""
    n = s["n"]
    title = card_name(s["card"])
    voters = left_of(s["active"], n)

    def ask(k):
        return Number(title, 1, s["tiles"][voters[k]], lambda v: [1 if v[0] else 0, v[1]], votes=True)

    def done(answers):
        out = ["vote"]
        for x in by_seat(voters, answers, n):
            out += x
        return out

    def said(k):  # the tiles cast, to their voter
        return [([side, v], t("drws.said_tiles", v, t("drws.yes" if side else "drws.no")))
                for side in (1, 0) for v in range(1, s["tiles"][voters[k]] + 1)]

    return Secret(title, voters, ask, done, said, lines=[t("drws.q.tiles")])


def _reveal(s):
    yes, no = tally(s["votes"])
    lines = []
    for p in range(s["n"]):
        side, k = s["votes"][p]
        lines.append("{} {} {}".format(s["players"][p][:10], t("drws.yes" if side else "drws.no"), k))
    title = t("drws.v.tally", yes, no)
    # Guarded: the last voter's second OK does not skip the table's reveal.
    if yes == no:
        # guarded: the active player's choice, which the reveal's OK must not make
        decide = Choice(t("drws.q.tie"), [t("drws.a.adopt"), t("drws.a.reject")], lambda i: ["result", 1 - i],
                        player=s["active"], guard=True)
        return Show(title, lambda _: decide, lines=lines + [t("drws.tie")], guard=True)
    adopted = 1 if yes > no else 0
    return Show(title, lambda _: ["result", adopted], lines=lines + [t("drws.adopted" if adopted else "drws.rejected")],
                leds="yes" if adopted else "no", guard=True)


def _ask_pay(s):
    p, due = s["dues"][0]
    custom = _custom_voting(s)

    def colours(extra):
        k = due + extra
        if not k:
            return ["pay", p, extra, 0, 0, 0, 0]
        if k < 0:  # the custom card takes chips: which ones go back
            return _ask_give(s, p, -k, t("drws.q.give", -k), lambda v: ["pay", p, extra] + v)
        fields = [(short(c), 0, k, None) for c in range(D.COLOURS)]
        # None chosen: the player picks every colour (a split the box offered was
        # accepted unseen by a table pressing OK); the rules that pay are named.
        paid = D.paying([v[0] == 1 for v in s["votes"]], s["mat"], p)
        return Fields(t("drws.q.take", k), fields, lambda v: ["pay", p, extra] + v, total=k, player=p,
                      lines=[card_name(code) for code in paid] + [t("drws.pool_line", *s["pool"])])

    if custom:  # what the known rules pay, then the custom card's chips, given or taken
        held = sum(s["chips"][p])
        what = card_name(custom[0]) if len(custom) == 1 else t("drws.customs")  # both cards in one number
        return Number(t("drws.q.extra", what), -min(20, held + due), 20, colours, initial=0,
                      player=p, lines=[t("drws.due", due)])
    return colours(0)


def _ask_give(s, p, k, title, then):
    """k chips player p gives back, by colour (at most what they hold of each)."""
    fields = [(short(c), 0, min(k, s["chips"][p][c]), None) for c in range(D.COLOURS)]
    first = [0] * D.COLOURS
    left = k
    for c in range(D.COLOURS):  # a start that adds up: the colours in order
        first[c] = min(left, s["chips"][p][c])
        left -= first[c]
    return Fields(title, fields, then, initial=first, player=p, total=k)


def overrides(s):
    """The game menu's entries at any moment of the game: "whoever speaks pays 3" while
    that card is on the mat, a correction of the ledger (a custom card's effect, a
    slip): chips per colour and points of one player, confirmed; and until a card is put
    to the vote, a correction of the mat (a card picked wrong from its long list: undo
    stops at the places drawn)."""
    if s["phase"] not in PLAYING:
        return []
    out = []
    if "i:speak" in s["mat"]["i"]:
        out.append((t("drws.a.spoke"), Choice(t("drws.q.who_spoke"), s["players"], _ask_spoke(s))))
    out.append((t("drws.o.ledger"), Choice(t("drws.o.ledger"), s["players"], lambda p: _ask_ledger(s, p))))
    if s["phase"] in BEFORE_VOTE and _unvoted(s):
        out.append((t("drws.o.mat"), _ask_remat(s)))
    return out


def _ask_ledger(s, p):
    """Chips added (from the pool) or taken (back to it) per colour, then points."""
    held = s["chips"][p]
    # never the pool's last chip: a correction does not make everyone hand a colour back
    fields = [(short(c), -held[c], max(0, min(15, s["pool"][c] - 1)), None) for c in range(D.COLOURS)]

    def points(chips):
        def confirm(pts):
            a = ["adjust", p] + chips + [pts]
            return Confirm(t("drws.o.ledger"), lambda _: a, lines=[_ledger_line(s, a)])

        return Number(t("drws.q.points"), -99, 99, confirm, initial=0, player=p)

    return Fields(t("drws.q.chips_delta"), fields, points, initial=[0] * D.COLOURS, player=p,
                  lines=[t("drws.pool_line", *s["pool"])])


def _ledger_line(s, a):
    """ "Ann: +2 W, -1 Y; points -5" (what a correction changes)."""
    parts = ["{:+d} {}".format(a[2 + c], t("drws.ch" + str(c))) for c in range(D.COLOURS) if a[2 + c]]
    if a[6]:
        parts.append(t("drws.pts", "{:+d}".format(a[6])))
    return "{}: {}".format(s["players"][a[1]], ", ".join(parts))


def _customs(s):
    """Custom cards on the mat whose points the players enter at scoring: not a custom
    prediction card, whose points are asked once the predictions are revealed ("judge")."""
    m = s["mat"]
    return [code for code in m["c"] + m["i"] + [m["s"]] if D.custom(code)]


def _ask_score(s):
    n = s["n"]

    def adjust(first):
        names = _customs(s)
        if not names:
            return ["score", first] + [0] * n
        what = card_name(names[0]) if len(names) == 1 else t("drws.n_custom", len(names))
        return _ask_points(t("drws.q.adjust"), what, n, [], lambda v: ["score", first] + v)

    lines = [t("drws.scoring", s["round"])]
    if "i:first" in s["mat"]["i"]:
        opts = [t("drws.nobody")] + s["players"]
        # guarded: "Nobody" is no answer a stray OK gives
        return Choice(t("drws.q.first"), opts, lambda i: adjust(i - 1), lines=lines, guard=True)
    return adjust(-1)


def _ask_points(title, what, n, got, then):
    """Points entered by hand for each player in turn (custom cards)."""
    if len(got) == n:
        return then(got)
    return Number(title, -MAX_ADJUST, MAX_ADJUST, lambda v: _ask_points(title, what, n, got + [v], then),
                  initial=0, player=len(got), lines=[what])


def _prediction_lines(s):
    """The predictions revealed on the places before prediction points, best first: who
    predicted what (in brackets, and the colour noted for "noted colour x5"), who was
    right, and the players whose tie the box drew (marked *); a key below."""
    n = s["n"]
    now = [s["totals"][p] - s["sheet"][p][3] for p in range(n)]
    place = D.places(now, s["order"])
    out = []
    drawn = False
    for p in sorted(range(n), key=lambda p: place[p]):
        said = str(s["pred"][p])
        if s["noted"]:
            said += " " + t("drws.ch" + str(s["noted"][p]))
        ok = s["mat"]["p"] == "p:own" and s["sheet"][p][3] > 0
        tie = [q for q in range(n) if q != p and now[q] == now[p]]  # placed by the box's draw
        drawn = drawn or bool(tie)
        out.append("{}. {} ({}){}{}".format(place[p], s["players"][p][:6], said, " +15" if ok else "", "*" if tie else ""))
    out.append(t("drws.pred_key"))
    if drawn:
        out.append(t("drws.drawn"))
    return out


def _sheet_lines(s):
    out = []
    order = sorted(range(s["n"]), key=lambda p: s["place"][p])
    for p in order:
        row = s["sheet"][p]
        out.append("{}. {} {:+d}={}".format(s["place"][p], s["players"][p][:8], sum(row), s["totals"][p]))
    return out


def _ask_rules(s):
    n = s["n"]
    rank = sorted(range(n), key=lambda p: s["place"][p])
    last, second = rank[-1], rank[-2]

    # guarded: a choice of one player's, after the score sheet's OK
    def scoring(code):
        return _ask_code(t("drws.q.prediction"), "p", second, lambda pr: ["rules", code, pr], exclude=s["used"],
                         lines=[t("drws.by_second")], guard=True)

    return _ask_code(t("drws.q.scoring"), "s", last, scoring, exclude=s["used"], lines=[t("drws.by_last")], guard=True)


# ---------------------------------------------------------------- tables, views, result


def describe(s, a):
    w = a[0]
    if w == "card":
        return t("drws.d.card", s["players"][s["active"]], card_name(a[1]))
    if w == "chips":
        return t("drws.d.chips", s["players"][a[1]], "/".join([str(x) for x in a[2:]]))
    if w == "pay":
        return t("drws.d.pay" if s["paid"] >= 0 else "drws.d.gave", s["players"][a[1]], abs(s["paid"]))
    if w == "spoke":
        return t("drws.d.spoke", s["players"][a[1]])
    if w == "adjust":
        return t("drws.d.adjust", _ledger_line(s, a))
    if w == "result":
        return t("drws.d.adopted" if a[1] else "drws.d.rejected")
    if w == "score":
        return t("drws.d.score", s["round"])
    return t("drws.d." + w)


def brief(s, a):
    """The action just applied in one row ("Bo: Minority: +2", "Card adopted"). The
    predictions and the tiles cast say only that they are in."""
    w = a[0]
    if w == "card":
        return row("drws.b.card", [s["players"][s["active"]]], card_name(a[1]))
    if w == "chips":
        return row("drws.b.chips", [s["players"][a[1]]], "/".join([str(x) for x in a[2:]]))
    if w == "pay":
        return row("drws.b.pay" if s["paid"] >= 0 else "drws.b.gave", [s["players"][a[1]]], abs(s["paid"]))
    if w == "spoke":
        return row("drws.b.spoke", [s["players"][a[1]]])
    if w == "adjust":
        return row("drws.b.adjust", [s["players"][a[1]]])
    if w == "result":
        return t("drws.b.adopted" if a[1] else "drws.b.rejected")
    if w == "score":
        return t("drws.b.score", s["round"])
    return t("drws.b." + w)  # mat, draw, predict, vote, place, judge, next, rules


def views(s):
    m = s["mat"]
    rows = [[t("drws.tl." + k) + " " + card_name(code)] for k in ("s", "p") for code in [m[k]]]
    rows += [[t("drws.tl." + k) + " " + card_name(code)] for k in D.TYPES for code in m[k]]
    if s["card"]:
        rows.append(["> " + card_name(s["card"])])
    ledger = [[s["players"][p][:6]] + [str(x) for x in s["chips"][p]] for p in range(s["n"])]
    ledger.append([t("drws.h.pool")] + [str(x) for x in s["pool"]])
    head = [t("drws.h.who")] + [t("drws.ch" + str(c)) for c in range(D.COLOURS)]
    out = [(t("drws.v.mat"), [t("drws.h.card")], rows), (t("drws.v.chips"), head, ledger)]
    if s["sheet"]:
        rows = [[s["players"][p][:4]] + [str(x) for x in s["sheet"][p]] for p in range(s["n"])]
        out.append((t("drws.v.sheet", s["scored"]), [t("drws.h.who"), t("drws.h.pts"), t("drws.h.bonus"), t("drws.h.inc"), t("drws.h.pred")], rows))
    return out


def table(s):
    rows = []
    for p in range(s["n"]):
        mark = "*" if s["phase"] in ("card", "vote") and p == s["active"] else ""
        rows.append([mark + s["players"][p], str(s["tiles"][p]), str(s["hands"][p]), str(s["totals"][p])])
    return [t("drws.h.name"), t("drws.h.tiles"), t("drws.h.cards"), t("drws.h.points")], rows


def result(s):
    n = s["n"]
    order = sorted(range(n), key=lambda p: (-s["totals"][p], p))  # unstable sort: a total order
    out = []
    for k in range(n):
        p = order[k]
        same = k and s["totals"][p] == s["totals"][order[k - 1]]
        out.append((out[-1][0] if same else k + 1, p, str(s["totals"][p])))
    return out


def summary(s):
    return t("drws.summary", s["n"], s["round"])
