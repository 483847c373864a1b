"""What the Rule?!'s entries in a turn with the box as master (core.games.wtr's turn
screen opens them): a card's entry, a revealed hand's entry, a hint asked for; and the
game menu's correction of a card laid this round (both masters).
"""

from core.games import wtr_rule as R
from core.games.wtr_correct import FIT, PLACED
from core.games.wtr_rule import card
from core.games.wtr_words import GLYPHS, label
from core.i18n import t
from core.prompts import Choice, Confirm
from core.tiles import Fields


def ask_hint(s):
    """A hint asked for: given only if nobody objects (the rulebook: the master announces
    each hint, and any player may object)."""
    lines = [t("wtr.hint_near_what")] if s["near"] else []  # a wrong guess's counterexample
    p = Confirm(t("wtr.q.hint"), lambda _: ["hint"], lines=lines + [t("wtr.hint_object")])
    p.guard = True  # a moment to object: "A hint, please" pressed twice gives none
    return p


def ask_card(s, hand, total=None, ahead=(), guard=True):
    """Card entry on one screen, from the card entered last: UP/DOWN the count,
    LEFT/RIGHT the shape, YES the fill, NO the colour. `hand`: a revealed hand so far
    (total: its size), or None for one card to play. A hand's cards are an edit
    (core.prompts.open_prompt): one screen for the whole hand, BACK the card before;
    ahead: the cards entered from this one on before BACK came here, each offered again."""
    c = ahead[0] if ahead else hand[-1] if hand else s.get("entered", 0)

    def entered(c):
        if total is None:
            return ["card", c]
        return ask_hand(s, hand + [c], ahead[1:])

    title = t("wtr.q.card") if total is None else t("wtr.q.hand_n", len(hand) + 1, total)
    # BACK opens the card before: no OK opened it, none to guard against
    undo = (lambda: ask_card(s, hand[:-1], total, [hand[-1]] + list(ahead), False)) if hand else None
    p = _card_fields(title, c, entered, player=s["active"], edit="hand" if total is not None else None, undo=undo)
    p.guard = guard  # a card is final: the OK that opened this screen, pressed twice, plays none
    return p


def _card_fields(title, c, then, **kw):
    """One card on one screen, starting from card c; then(the card entered)."""
    start = [R.attr(c, R.COUNT), R.attr(c, R.SHAPE), R.attr(c, R.FILL), R.attr(c, R.COLOUR)]
    fields = [
        (t("wtr.f.count"), 1, 6, None),
        (t("wtr.f.shape"), 0, 2, GLYPHS, 2),  # drawn as the fill field says
        (t("wtr.f.fill"), 0, 1, (GLYPHS[0][0], GLYPHS[1][0])),
        (t("wtr.f.colour"), 0, 1, (t("wtr.col0"), t("wtr.col1"))),
    ]
    return Fields(title, fields, lambda v: then(card(v[1], v[0], v[2], v[3])), start, True, **kw)


def ask_correct(s, cards):
    """The game menu's "Correct a card…": the cards laid this round, numbered in the order
    laid, the last one first in view; then the card really played, entered from the
    wrong one (the box as master), or the verdict turned, confirmed (a person as master).
    A card placed from a hand fits: it is not listed."""
    ks = [k for k in range(len(cards)) if cards[k][1] != PLACED]

    def item(k):
        seat, kind, c = cards[k]
        verdict = t("wtr.corr_fit" if kind == FIT else "wtr.corr_miss")
        return t("wtr.corr_item", k + 1, label(c) if c is not None else "", s["players"][seat][:6], verdict)

    def chosen(i):
        k = ks[i]
        if s["box"]:
            p = _card_fields(t("wtr.q.correct_to"), cards[k][2], lambda c: ["correct", k, c])
        else:
            now = t("wtr.corr_miss" if cards[k][1] == FIT else "wtr.corr_fit")
            p = Confirm(t("wtr.q.turn"), lambda _: ["correct", k], lines=[item(k), t("wtr.turn_to", now)])
        p.guard = True  # a correction is final: the OK that chose the card, pressed twice, corrects nothing
        return p

    return Choice(t("wtr.q.correct"), [item(k) for k in ks], chosen, initial=len(ks) - 1)


def ask_hand(s, hand, ahead=()):
    total = s["hands"][s["active"]]
    if len(hand) == total:
        return ["hand"] + hand
    return ask_card(s, hand, total, ahead)
