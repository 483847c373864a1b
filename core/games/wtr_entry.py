"""What the Rule?!'s entries in a turn with the box as master (core.games.wtr's turn
screen opens them): a card's entry, a revealed hand's entry, a hint asked for.
"""

from core.games import wtr_rule as R
from core.games.wtr_rule import card
from core.games.wtr_words import GLYPHS
from core.i18n import t
from core.prompts import Confirm
from core.tiles import Fields


def ask_hint(s):
    """A hint asked for: given only if nobody objects (the rulebook: the master announces
    each hint, and any player may object)."""
    p = Confirm(t("wtr.q.hint"), lambda _: ["hint"], lines=[t("wtr.hint_object")])
    p.guard = True  # a moment to object: "A hint, please" pressed twice gives none
    return p


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
    p = Fields(title, fields, entered, start, True, player=s["active"], edit="hand" if total is not None else None, undo=undo)
    p.guard = guard  # a card is final: the OK that opened this screen, pressed twice, plays none
    return p


def ask_hand(s, hand, ahead=()):
    total = s["hands"][s["active"]]
    if len(hand) == total:
        return ["hand"] + hand
    return ask_card(s, hand, total, ahead)
