"""23 (Christoph Behre), 2-4 players: penalty and bonus bookkeeping.

The box never sees a hand. It keeps whose turn it is, the top rank of the pile, every
player's hand size, penalty and bonus chips, who has finished or folded, the round (1 or
2) and the final result. Rules: shared/RULES.md "23" and rulebooks/23.en.txt.

Actions (plain lists, validated by apply(); the current player is implied by the state):
  ["first", p]                      round start: player p holds the 1 (plays it, 12 -> 11)
  ["play", rank, count, chips, adj] spend `chips` bonus chips to move the top to `adj`
                                    (chips 0: adj must equal the top), then play `count`
                                    cards of `rank`; penalty max(0, rank - adj - 1)
  ["pass"]                          +1 penalty
  ["force"]                         pass and force the next active player: +2 penalty
  ["fold"]                          penalty = cards in hand, out for the round

Prompt flow of one turn: root Choice (Play / Pass / Pass & force / Fold / Play with
bonus…, only the legal ones, all on the first page: the top and whose turn in the title) ->
Play: rank (Number from the lowest rank left above the top to the highest; one whose
copies are all on the pile is refused with the reason) -> count (Number 1..min(hand,
copies not on the pile); skipped when only 1 is possible) -> Confirm showing the penalty
that will be taken. Play
with bonus… (only while the player has chips): chips to spend (Number 1..owned) ->
adjusted top (Number top-5k..top+5k clamped to 1..23) -> rank -> count -> Confirm.

Rulings where the rulebook is silent (the box says so in its help text):
- Forced player: offered Play and Fold only. Folding is the way out for a player who truly
  cannot play; the force is then used up and does not pass on to the next player.
- Pass and force needs someone to force: when the player is the only one still active it
  is not offered and apply() refuses it.
- The last active player keeps playing until they finish or fold (the box does not know
  their cards). Passing alone would change nothing but add a penalty chip and could loop
  forever, so they are offered Play and Fold only; apply() refuses a pass.
- Copies: the deck has one 1, two 2s and three of each 3..23. With 2 or 3 players only
  30 / 45 cards are in play and 3 per player are discarded, but the box cannot know which,
  so a play is bounded by the deck's copies less those already on the pile this round
  (counted: after two 2s no third; after three 8s, a bonus chip that moves the top down
  allows ranks played before, but no fourth 8) and by the hand size. The only 1 opens
  every round, so rank 1 can never be played again, even when a bonus chip moves the top
  down to 1.
- A bonus chip may be spent without moving the top (adjusted top = top is in range).
- Both settings leave 12 cards in hand (15 dealt - 3 discarded, or 12 dealt); the setting
  only changes what the box tells the table at the deal.
- Fold: the hand goes back to the box, so its size becomes 0.
- End: each remaining bonus chip cancels 2 penalty chips, not below 0. The state keeps the
  raw counts; score() computes the final total. Equal totals share the place; the next
  place after a tie skips (1, 1, 3).
- The penalty supply is unlimited.
"""

from core import const
from core.games import integer, options, seats
from core.i18n import row, t
from core.prompts import Choice, Number, Confirm
from core.show import Show

_HAND = const(12)
_BONUS = const(3)
_TOP = const(23)
_DECK = const(66)  # one 1, two 2s, three of each 3..23

OPTIONS = (("variant", "g23.variant", ("normal", "beginner")),)

# ---------------------------------------------------------------- rules as functions


def in_play(n):
    """Cards in play with n players (the rest of the 66 go back to the box): 30/45/60."""
    return 15 * n


def copies(rank):
    """Cards of `rank` in the 66-card deck: one 1, two 2s, three of each 3..23."""
    if rank < 1 or rank > _TOP:
        return 0
    if rank <= 2:
        return rank
    return 3


def penalty(top, rank):
    """Penalty chips for playing `rank` on (adjusted) `top`: ranks skipped."""
    return max(0, rank - top - 1)


def adj_range(top, chips):
    """(lo, hi) of the adjusted top when `chips` bonus chips are spent on `top`."""
    return max(1, top - 5 * chips), min(_TOP, top + 5 * chips)


def score(state, i):
    """Final total of player i: each bonus chip left cancels two penalty chips."""
    return max(0, state["pen"][i] - 2 * state["bonus"][i])


# ---------------------------------------------------------------- state


def new(settings, seed):
    players = settings.get("players")
    if not isinstance(players, (list, tuple)):
        raise ValueError(t("g23.e.player"))
    n = len(players)
    if not seats("g23", n):
        raise ValueError(t("g23.e.player"))
    (variant,) = options(OPTIONS, settings, t("g23.e.format"))
    return {
        "seed": seed,
        "players": [str(p) for p in players],
        "variant": variant,
        "round": 1,
        "phase": "first",  # "first" (who holds the 1?), "play", "over"
        "turn": 0,
        "top": 0,
        "forced": 0,  # 1: the player whose turn it is was forced to play
        "hand": [_HAND] * n,
        "pen": [0] * n,
        "bonus": [_BONUS] * n,
        "out": [0] * n,  # 0 in the round, 1 finished (last card), 2 folded
        "pile": [0] * (_TOP + 1),  # cards of each rank played this round
        "last": None,  # [player, code, penalty taken, rank, count] of the last action
        "pen1": None,  # penalties after round 1 (its summary), then the bonus chips left
    }


def _active(s):
    c = 0
    for o in s["out"]:
        if o == 0:
            c += 1
    return c


def playable(s, adj):
    """The ranks that may be played on the top `adj`: from max(adj, 2) up, with a copy of
    the deck's not yet on the pile this round."""
    return [r for r in range(max(adj, 2), _TOP + 1) if s["pile"][r] < copies(r)]


def _codes(s):
    """The root actions open to the player whose turn it is, in a stable order: Play
    while a rank is left above the top, Play with bonus… while chips can move the top to
    one (last: a player uses it three times a game at most)."""
    chips = s["bonus"][s["turn"]]
    play = ("play",) if playable(s, s["top"]) else ()
    bonus = ("bonus",) if chips and playable(s, adj_range(s["top"], chips)[0]) else ()
    if s["forced"] or _active(s) < 2:
        return play + ("fold",) + bonus
    return play + ("pass", "force", "fold") + bonus


def _advance(s, p):
    """Turn to the next player still in the round, or end the round."""
    n = len(s["out"])
    for i in range(1, n + 1):
        j = (p + i) % n
        if s["out"][j] == 0:
            s["turn"] = j
            return
    s["forced"] = 0
    if s["round"] == 1:
        s["pen1"] = [list(s["pen"]), list(s["bonus"])]
        s["round"] = 2
        s["phase"] = "first"
        s["top"] = 0
        s["hand"] = [_HAND] * n
        s["out"] = [0] * n
    else:
        s["phase"] = "over"


def _check(s):
    """Cheap sanity check of a (possibly hand-edited) state before acting on it."""
    try:
        n = len(s["players"])
        ok = seats("g23", n) and s["round"] in (1, 2)
        for k in ("hand", "pen", "bonus", "out"):
            ok = ok and len(s[k]) == n
            for v in s[k]:
                ok = ok and type(v) is int and v >= 0
        ok = ok and type(s["turn"]) is int and 0 <= s["turn"] < n
        ok = ok and type(s["top"]) is int and 0 <= s["top"] <= _TOP
        ok = ok and s["phase"] in ("first", "play", "over") and s["forced"] in (0, 1)
        ok = ok and len(s["pile"]) == _TOP + 1
        for r in range(_TOP + 1):
            ok = ok and type(s["pile"][r]) is int and 0 <= s["pile"][r] <= copies(r)
        for v in s["out"]:
            ok = ok and v <= 2
    except (KeyError, TypeError, IndexError):
        ok = False
    if not ok:
        raise ValueError(t("g23.e.state"))


# ---------------------------------------------------------------- actions
# One handler per (phase, word), called by apply(): it checks the whole action, then
# changes the state. Each counts its own words: a player out of the round is told so
# before a malformed action.


def _on_turn(s, a, k):
    """The player whose turn it is, once they are still in the round and the action
    has k words."""
    p = s["turn"]
    if s["out"][p] != 0:
        raise ValueError(t("g23.e.out", s["players"][p]))
    if len(a) != k:
        raise ValueError(t("g23.e.format"))
    return p


def _done(s, p, last, forced):
    """Record the action (s["last"]), force the next player (1) or not (0), move on."""
    s["last"] = last
    s["forced"] = forced
    _advance(s, p)


def _do_first(s, a):
    """["first", p]: p holds the 1 and plays it, the round begins."""
    if len(a) != 2:
        raise ValueError(t("g23.e.format"))
    n = len(s["players"])
    p = integer(a[1], None, None, "g23.e.format")
    if p < 0 or p >= n:
        raise ValueError(t("g23.e.player"))
    s["phase"] = "play"
    s["hand"] = [_HAND] * n
    s["hand"][p] = _HAND - 1
    s["out"] = [0] * n
    s["top"] = 1
    s["pile"] = [0] * (_TOP + 1)
    s["pile"][1] = 1
    _done(s, p, [p, "first", 0, 1, 1], 0)


def _do_play(s, a):
    """["play", rank, count, chips, adj] (the module docstring); the last card out
    gives back 3 penalty chips."""
    p = _on_turn(s, a, 5)
    rank, count, chips, adj = [integer(x, None, None, "g23.e.format") for x in a[1:]]
    name = s["players"][p]
    hand = s["hand"][p]
    top = s["top"]
    if chips < 0 or chips > s["bonus"][p]:
        raise ValueError(t("g23.e.chips", name, s["bonus"][p]))
    if chips == 0:
        if adj != top:
            raise ValueError(t("g23.e.adj0", top))
    else:
        lo, hi = adj_range(top, chips)
        if adj < lo or adj > hi:
            raise ValueError(t("g23.e.adj", chips, lo, hi))
    if rank < 1 or rank > _TOP:
        raise ValueError(t("g23.e.range"))
    if rank == 1:
        raise ValueError(t("g23.e.one"))
    if rank < adj:
        raise ValueError(t("g23.e.rank", max(adj, 2)))
    if count < 1:
        raise ValueError(t("g23.e.count"))
    if count > hand:
        raise ValueError(t("g23.e.hand", name, hand))
    if count > copies(rank):
        raise ValueError(t("g23.e.copies", copies(rank), rank))
    on = s["pile"][rank]
    if count > copies(rank) - on:
        raise ValueError(t("g23.e.pile", copies(rank) - on, rank, on))
    pen = penalty(adj, rank)
    s["bonus"][p] -= chips
    s["pen"][p] += pen
    s["hand"][p] = hand - count
    s["top"] = rank
    s["pile"][rank] += count
    if hand == count:
        s["pen"][p] = max(0, s["pen"][p] - 3)
        s["out"][p] = 1
    _done(s, p, [p, "play", pen, rank, count], 0)


def _pass(s, a, pen, force):
    """Pass (pen 1) or pass and force (pen 2, force 1): not while forced, not alone in
    the round."""
    p = _on_turn(s, a, 1)
    name = s["players"][p]
    if s["forced"]:
        raise ValueError(t("g23.e.forced", name))
    if _active(s) < 2:
        raise ValueError(t("g23.e.lone", name))
    s["pen"][p] += pen
    _done(s, p, [p, a[0], pen, 0, 0], force)


def _do_pass(s, a):
    """["pass"]: +1 penalty."""
    _pass(s, a, 1, 0)


def _do_force(s, a):
    """["force"]: +2 penalty; the next active player may only play or fold."""
    _pass(s, a, 2, 1)


def _do_fold(s, a):
    """["fold"]: the hand's cards as penalty, out for the round; a force ends here."""
    p = _on_turn(s, a, 1)
    pen = s["hand"][p]
    s["pen"][p] += pen
    s["hand"][p] = 0
    s["out"][p] = 2
    _done(s, p, [p, "fold", pen, 0, 0], 0)


_ACTIONS = {
    ("first", "first"): _do_first,
    ("play", "play"): _do_play,
    ("play", "pass"): _do_pass,
    ("play", "force"): _do_force,
    ("play", "fold"): _do_fold,
}
_WORDS = ("first", "play", "pass", "force", "fold")
_NOT_NOW = {"first": "g23.e.first", "play": "g23.e.started", "over": "g23.e.over"}  # by phase


def apply(s, a):
    """Validate everything first; mutate only when the action is legal: the handler of
    (phase, word) checks the whole action before it changes anything."""
    _check(s)
    if not isinstance(a, (list, tuple)) or not a or not isinstance(a[0], str):
        raise ValueError(t("g23.e.format"))
    if a[0] not in _WORDS:
        raise ValueError(t("g23.e.unknown"))
    do = _ACTIONS.get((s["phase"], a[0]))
    if do is None:
        raise ValueError(t(_NOT_NOW[s["phase"]]))
    do(s, a)


# ---------------------------------------------------------------- prompts


def _last_line(s):
    L = s["last"]
    if not L:
        return None
    who = s["players"][L[0]]
    if L[1] == "play":
        return t("g23.last.play", who, L[4], L[3], L[2])
    if L[1] == "fold":
        return t("g23.last.fold", who, L[2])
    return t("g23.last." + L[1], who)


def prompt(s):
    ph = s["phase"]
    if ph == "over":
        return None
    names = s["players"]
    if ph == "first":  # the setup in full for the table, then who holds the 1
        n = len(names)
        who = Choice(t("g23.who1"), list(names), lambda i: ["first", i], big=t("g23.round", s["round"]))
        lines = [t("g23.setup.cards", in_play(n), _DECK - in_play(n)), t("g23.setup.one"), t("g23.deal." + s["variant"])]
        if s["variant"] == "normal":
            lines.append(t("g23.setup.keep1"))
        setup = Show(t("g23.setup"), lambda _: who, big=t("g23.round", s["round"]), lines=lines)
        if s["round"] == 1:
            return setup
        return Show(t("g23.sum.title"), lambda _: setup, lines=round_summary(s, *s["pen1"]))
    # The turn's questions answer for the pile as it is now, also when a recorded prompt
    # is answered later (core.playout's paths): their own copy of it.
    s = dict(s)
    s["pile"] = list(s["pile"])
    p = s["turn"]
    hand = s["hand"][p]
    codes = _codes(s)
    labels = []
    for c in codes:
        labels.append(t("g23.a." + c, hand))
    # Whose turn and the top in the title, the chips in words under it: the five actions
    # fit on the first page (the hand is in Fold's label, the last action the core's).
    lines = [t("g23.you", s["pen"][p], s["bonus"][p])]
    if _active(s) < 2:  # what was done last (who forced whom) is the core's: brief()
        lines.append(t("g23.lone"))

    def root(i):
        c = codes[i]
        if c == "play":  # no bonus: straight to the rank
            return _ask_rank(s, p, 0, s["top"])
        if c == "bonus":
            return _ask_chips(s, p)
        if c == "fold":  # costs the whole hand and the round: never one press
            return Confirm(t("g23.q.fold", hand), lambda _: ["fold"], player=p, big=t("g23.top", s["top"]),
                           lines=[t("g23.l.out")])
        return [c]

    return Choice(t("g23.turn", names[p], s["top"]), labels, root, lines=lines)


def round_summary(s, pen, bonus):
    """A round's end for the table: each player's penalty and bonus chips so far."""
    return [t("g23.sum.head")] + [t("g23.sum.line", s["players"][i][:8], pen[i], bonus[i]) for i in range(len(pen))]


def ending(s):
    """Round 2 over, as round 1's: a Show the table reads before the ranking (core.play)."""
    return Show(t("g23.sum.title2"), None, lines=round_summary(s, s["pen"], s["bonus"]))


def _highest(s):
    """The highest rank with a copy left this round (0: none): a top above it has no play."""
    ranks = playable(s, 2)
    return ranks[-1] if ranks else 0


def _ask_chips(s, p):
    """From the fewest chips that move the top low enough for a rank left (_codes)."""
    least = 1
    while adj_range(s["top"], least)[0] > _highest(s):
        least += 1
    return Number(t("g23.q.chips"), least, s["bonus"][p], lambda k: _ask_adj(s, p, k), player=p,
                  big=t("g23.top", s["top"]))


def _ask_adj(s, p, k):
    """The tops k chips reach, up to the highest with a rank left above it."""
    top = s["top"]
    lo, hi = adj_range(top, k)
    hi = min(hi, _highest(s))
    return Number(t("g23.q.adj"), lo, hi, lambda a: _ask_rank(s, p, k, a), initial=min(top, hi),
                  player=p, big=t("g23.top", top))


def _ask_rank(s, p, k, adj):
    """From the lowest rank left to the highest (adj has one: _codes, _ask_adj)."""
    ranks = playable(s, adj)
    return Number(t("g23.q.rank"), ranks[0], ranks[-1], lambda r: _ask_count(s, p, k, adj, r),
                  player=p, big=t("g23.top", adj))


def _ask_count(s, p, k, adj, rank):
    hi = min(s["hand"][p], copies(rank) - s["pile"][rank])
    if hi < 1:  # a rank between them whose copies are all on the pile: refused, with the reason
        return ["play", rank, 1, k, adj]
    if hi == 1:
        return _ask_ok(s, p, k, adj, rank, 1)
    return Number(t("g23.q.count", rank), 1, hi, lambda c: _ask_ok(s, p, k, adj, rank, c),
                  player=p, big=t("g23.top", adj))


def _ask_ok(s, p, k, adj, rank, count):
    lines = [t("g23.l.pen", penalty(adj, rank))]
    if k:
        lines.append(t("g23.l.bonus", k, adj))
    if count == s["hand"][p]:
        lines.append(t("g23.l.last", min(3, s["pen"][p] + penalty(adj, rank))))
    return Confirm(t("g23.q.ok", count, rank), lambda _: ["play", rank, count, k, adj],
                   player=p, big=t("g23.top", adj), lines=lines)


# ---------------------------------------------------------------- views


def table(s):
    """Score table, 21 characters wide: name (marked ► on turn, cut to 7), cards in
    hand (× = folded), penalty and bonus chips; at the end the final total instead."""
    over = s["phase"] == "over"
    header = [t("g23.h.name"), t("g23.h.total") if over else t("g23.h.hand"),
              t("g23.h.pen"), t("g23.h.bonus")]
    rows = []
    for i in range(len(s["players"])):
        name = s["players"][i][:7]
        if over:
            second = str(score(s, i))
        elif s["out"][i] == 2:
            second = "×"
        else:
            second = str(s["hand"][i])
        if not over and s["phase"] == "play" and s["turn"] == i:
            name = "►" + name
        rows.append([name, second, str(s["pen"][i]), str(s["bonus"][i])])
    return header, rows


def result(s):
    """[(place, player index, text)]: ranking by final total (penalty - 2 per bonus chip,
    not below 0), fewest first; text e.g. "18 (22-4)" = total (penalty - cancelled).

    Meant for the end of the game; before that it ranks as if the game ended now."""
    n = len(s["players"])
    tot = [score(s, i) for i in range(n)]
    order = sorted(range(n), key=lambda i: (tot[i], i))
    out = []
    for i in order:
        place = 1
        for j in range(n):
            if tot[j] < tot[i]:
                place += 1
        b = s["bonus"][i]
        if b:
            txt = t("g23.res.bonus", tot[i], s["pen"][i], 2 * b)
        else:
            txt = t("g23.res", tot[i])
        out.append((place, i, txt))
    return out


def summary(s):
    n = len(s["players"])
    if s["phase"] == "over":
        return t("g23.summary.over", n)
    return t("g23.summary", n, s["round"])


def sealed(a):
    """23 has no secrets: undo may go back to the start."""
    return False


def describe(s, a):
    """The action just applied, in words ("Bo passed, +1"): every action sets s["last"]."""
    return _last_line(s)


def brief(s, a):
    """The action just applied in one row ("Bo: passed +1", "Bo: 2x 14, +1", "Bo: forced
    Cy"), told from s["last"]; a force names the player forced (whose turn it now is)."""
    L = s["last"]
    who = s["players"][L[0]]
    c = L[1]
    if c == "play":
        return row("g23.b.play", [who], L[4], L[3], L[2])
    if c == "fold":
        return row("g23.b.fold", [who], L[2])
    if c == "force":
        return row("g23.b.force", [who, s["players"][s["turn"]]])
    if c == "pass":
        return row("g23.b.pass", [who])
    return row("g23.b.first", [who])
