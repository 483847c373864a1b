"""What the Rule?!'s entries in a turn with the box as master (core.games.wtr's turn
screen opens them): a card's entry, a revealed hand's entry (its verdict rehearsed on
its last card), a hint asked for.

A module of its own, imported by the turn screen's warm work: "Guess the rule?" and the
guess editor let it go, its code is heap a long edit of a guess needs late in a round.
"""

from core.games import wtr_rule as R
from core.games.wtr import GLYPHS, _copies, _hint, _rule, _shown, apply
from core.games.wtr_rule import card
from core.i18n import t
from core.prompts import Confirm, rehearse


def ask_hint(s):
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


def ask_card(s, hand, total=None, ahead=(), guard=True):
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
        return ask_hand(s, hand + [c], ahead[1:])

    title = t("wtr.q.card") if total is None else t("wtr.q.hand_n", len(hand) + 1, total)
    # BACK opens the card before: no OK opened it, none to guard against
    undo = (lambda: ask_card(s, hand[:-1], total, [hand[-1]] + list(ahead), False)) if hand else None
    from core.tiles import Fields

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
                h[k] = v[:] if type(v) in (list, bytearray) else v
            apply(h, a)
            return _shown(h, a)
    return None


def ask_hand(s, hand, ahead=()):
    total = s["hands"][s["active"]]
    if len(hand) == total:
        return ["hand"] + hand
    return ask_card(s, hand, total, ahead)
