"""Democrazy, 4-10 players: the box is every voting card, keeps the jokers secret, runs
each ballot, keeps the blue laws on the table and does the final count.
Rules: shared/RULES.md "Democrazy" and rulebooks/democrazy.nl.txt.

Actions (plain lists, validated by apply()):
  ["seen"]                                 every player has seen their dealt joker
  ["propose", colour, dot, name, symbol, replace]
                                           colour 0 red / 1 blue, dot 0 white / 1 black;
                                           blue: short name and symbol; replace = index
                                           of the blue law it replaces when 6 are on the
                                           table and its symbol is new, else -1
  ["ballot", code, ...]                    one card per player in seat order: Y N W B E
                                           (yes, no, white shoe, black shoe, Embrouille)
  ["next"]                                 the result was read: the next player's turn
  ["fin"] / ["bag"]                        the Fin card was drawn / the last pawn left
                                           the bag: the game ends, the count begins
  ["values", red, green, blue, yellow]     each pawn colour's value at the end
  ["pawns", player, red, green, blue, yellow]  a player's pawns, in seat order

Rulings where the rulebook is silent (the help text says them):
- Jokers dealt by the box come from a deck of 10 whose mix the rulebook does not give;
  the default deals 4 white shoes, 3 black shoes and 3 Embrouilles, the setting offers
  the other near-even mixes. Or the players keep their physical jokers and tell the box
  the kind when they play it.
- Everyone votes, the proposer too. A joker is spent once played, whatever the result.
- A blue law whose symbol is already on the table replaces that law when adopted; the
  7th blue law with a new symbol names, before the vote, the law it would replace.
- Colour values at the end are entered by the players (laws on the table may change
  them); the default is 1. Ties share the place.
"""

from core.games import options
from core.i18n import row, t
from core.prompts import Choice, Confirm
from core.secret import Secret
from core.textentry import Text
from core.show import Show
from core.tiles import Fields

OPTIONS = (
    ("jokers", "democrazy.jokers", ("box", "own")),
    ("mix", "democrazy.mix", ("433", "343", "334")),
)
COLOURS = ("red", "green", "blue", "yellow")
JOKERS = "WBE"  # white shoe, black shoe, Embrouille
MAX_BLUE = 6


def _seats(n):
    from core.games import info

    g = info("democrazy")
    return g[3] <= n <= g[4]


def per_player(n):
    """Pawns and law cards each player takes: 6 with 4-6 players, 5 with 7-8, 4 with 9-10."""
    return 6 if n <= 6 else 5 if n <= 8 else 4


def resolve(votes, dot):
    """True when the law is adopted. votes: one code per voter (Y N W B E); dot "w"/"b"."""
    return _resolve(votes, dot)[0]


def _resolve(votes, dot):
    """(adopted, why key): plain majority, a tie by the dot; exactly one shoe decides by
    its colour, two or more cancel; each Embrouille reverses what the others gave."""
    yes = no = shoes = emb = 0
    shoe = None
    for v in votes:
        if v == "Y":
            yes += 1
        elif v == "N":
            no += 1
        elif v == "E":
            emb += 1
        elif v == "W" or v == "B":
            shoes += 1
            shoe = v
        else:
            raise ValueError(t("democrazy.e.vote"))
    if shoes == 1:
        adopted, why = shoe == "W", "shoe"
    else:
        if yes != no:
            adopted, why = yes > no, "majority"
        else:
            adopted, why = dot == "w", "tie_" + dot
        if shoes > 1:
            why = "shoes"
    if emb:
        adopted = adopted != (emb % 2 == 1)
        why = "emb" if emb == 1 else "emb2"
    return adopted, why


def new(settings, seed):
    players = settings.get("players")
    if not isinstance(players, (list, tuple)) or not _seats(len(players)):
        raise ValueError(t("democrazy.e.players"))
    n = len(players)
    mode, mix = options(OPTIONS, settings, t("democrazy.e.format"))
    jokers = ""
    if mode == "box":
        from core.rng import Rng

        deck = [JOKERS[k] for k in range(3) for _ in range(int(mix[k]))]
        Rng(seed).shuffle(deck)
        jokers = "".join(deck[:n])
    return {
        "players": [str(p) for p in players],
        "n": n,
        "mode": mode,
        "jokers": jokers,  # the dealt kinds, seat order ("" with physical jokers)
        "spent": [0] * n,  # 1 once a player's joker is played
        "phase": "deal" if mode == "box" else "turn",
        "turn": 0,
        "law": None,  # the proposal: [colour, dot, name, symbol, replace]
        "votes": None,  # the last ballot's codes
        "adopted": None,
        "blue": [],  # [name, symbol] on the table, oldest first
        "laws": 0,  # proposals voted on
        "end": None,  # "fin" or "bag"
        "values": None,
        "pawns": [],  # [red, green, blue, yellow] per player, seat order
    }


def _int(x, lo, hi):
    if type(x) is not int or x < lo or x > hi:
        raise ValueError(t("democrazy.e.format"))
    return x


def _short(x):
    if type(x) is not str or not x or len(x) > 8:
        raise ValueError(t("democrazy.e.name"))
    return x


def apply(s, a):
    if not isinstance(a, list) or not a:
        raise ValueError(t("democrazy.e.format"))
    w = a[0]
    ph = s["phase"]
    n = s["n"]
    if ph == "deal" and w == "seen" and len(a) == 1:
        s["phase"] = "turn"
    elif ph == "turn" and w in ("fin", "bag") and len(a) == 1:
        s["end"] = w
        s["phase"] = "values"
    elif ph == "turn" and w == "propose" and len(a) == 6:
        colour, dot = _int(a[1], 0, 1), _int(a[2], 0, 1)
        name, symbol, replace = "", "", -1
        if colour:
            name, symbol = _short(a[3]), _short(a[4])
            replace = _int(a[5], -1, MAX_BLUE - 1)
            needs = len(s["blue"]) >= MAX_BLUE and _symbol_at(s, symbol) < 0
            if needs != (replace >= 0):
                raise ValueError(t("democrazy.e.replace"))
        elif a[3] != "" or a[4] != "" or a[5] != -1:
            raise ValueError(t("democrazy.e.format"))
        s["law"] = [colour, dot, name, symbol, replace]
        s["phase"] = "ballot"
    elif ph == "ballot" and w == "ballot" and len(a) == n + 1:
        codes = a[1:]
        for i in range(n):
            c = codes[i]
            if type(c) is not str or len(c) != 1 or c not in "YN" + JOKERS:  # "" and "YN" are in "YNW" too
                raise ValueError(t("democrazy.e.vote"))
            if c not in _cards(s, i):
                raise ValueError(t("democrazy.e.joker", i + 1))
        adopted = resolve(codes, "wb"[s["law"][1]])
        for i in range(n):
            if codes[i] in JOKERS:
                s["spent"][i] = 1
        law = s["law"]
        if adopted and law[0]:
            at = _symbol_at(s, law[3])
            if at < 0:
                at = law[4]
            if at >= 0:
                del s["blue"][at]
            s["blue"].append([law[2], law[3]])
        s["votes"] = codes
        s["adopted"] = adopted
        s["laws"] += 1
        s["phase"] = "result"
    elif ph == "result" and w == "next" and len(a) == 1:
        s["law"] = None
        s["votes"] = None
        s["turn"] = (s["turn"] + 1) % n
        s["phase"] = "turn"
    elif ph == "values" and w == "values" and len(a) == 5:
        s["values"] = [_int(v, 0, 99) for v in a[1:]]
        s["phase"] = "pawns"
    elif ph == "pawns" and w == "pawns" and len(a) == 6 and a[1] == len(s["pawns"]):
        _int(a[1], 0, n - 1)  # True or 1.0 is no seat
        s["pawns"].append([_int(v, 0, 15) for v in a[2:]])  # 15 pawns of each colour
        if len(s["pawns"]) == n:
            s["phase"] = "over"
    else:
        raise ValueError(t("democrazy.e.now"))


def _symbol_at(s, symbol):
    for i in range(len(s["blue"])):
        if s["blue"][i][1] == symbol:
            return i
    return -1


def _cards(s, i):
    """The cards player i may cast: YES, NO and their joker while unspent (with physical
    jokers: any kind, since only the player knows it)."""
    if s["spent"][i]:
        return "YN"
    return "YN" + (s["jokers"][i] if s["mode"] == "box" else JOKERS)


def sealed(a):
    """The jokers seen and every ballot (it records secret cards and reveals them)."""
    return a[0] in ("seen", "ballot")


# ---------------------------------------------------------------- prompts


def prompt(s):
    ph = s["phase"]
    if ph == "deal":
        return Secret(t("democrazy.deal"), list(range(s["n"])), lambda i: _show_joker(s, i), lambda v: ["seen"])
    if ph == "turn":
        opts = [t("democrazy.a.propose"), t("democrazy.a.fin"), t("democrazy.a.bag")]
        return Choice(t("democrazy.turn"), opts, lambda i: _ask_colour(s) if i == 0 else _ask_end(["fin", "bag"][i - 1]),
                      player=s["turn"], lines=[t("democrazy.draw")])
    if ph == "ballot":
        return Secret(t("democrazy.vote"), list(range(s["n"])), lambda i: _ask_card(s, i), lambda v: ["ballot"] + v)
    if ph == "result":
        return _reveal(s)
    if ph == "values":
        fields = [(t("democrazy.f." + c), 0, 9, None) for c in COLOURS]
        return Fields(t("democrazy.q.values"), fields, lambda v: ["values"] + v, initial=[1, 1, 1, 1])
    if ph == "pawns":
        i = len(s["pawns"])
        fields = [(t("democrazy.f." + c), 0, 15, None) for c in COLOURS]
        return Fields(t("democrazy.q.pawns"), fields, lambda v: ["pawns", i] + v, player=i)
    return None


def _joker_name(code):
    return t("democrazy.j." + code)


def _show_joker(s, i):
    return Show(t("democrazy.your_joker"), _same, big=_joker_name(s["jokers"][i]), lines=[t("democrazy.keep_secret")])


def _same(v):
    return v


def _ask_end(code):
    return Confirm(t("democrazy.q." + code), lambda _: [code], lines=[t("democrazy.q.end")])


def _ask_colour(s):
    return Choice(t("democrazy.q.colour"), [t("democrazy.red"), t("democrazy.blue")], lambda c: _ask_dot(s, c))


def _ask_dot(s, colour):
    def dot(d):
        if colour == 0:
            return _confirm(s, [0, d, "", "", -1])
        return Text(t("democrazy.q.name"), lambda name: _ask_symbol(s, d, name), maxlen=8)

    return Choice(t("democrazy.q.dot"), [t("democrazy.white"), t("democrazy.black")], dot)


def _ask_symbol(s, dot, name):
    def symbol(sym):
        if len(s["blue"]) >= MAX_BLUE and _symbol_at(s, sym) < 0:
            labels = [b[1] + " " + b[0] for b in s["blue"]]
            return Choice(t("democrazy.q.replace"), labels, lambda r: _confirm(s, [1, dot, name, sym, r]))
        return _confirm(s, [1, dot, name, sym, -1])

    return Text(t("democrazy.q.symbol"), symbol, maxlen=8)


def _confirm(s, law):
    return Confirm(t("democrazy.q.ok"), lambda _: ["propose"] + law, lines=[_law_line(s, law)])


def _law_line(s, law):
    colour = t("democrazy.red") if law[0] == 0 else law[3] + " " + law[2]
    line = t("democrazy.law", colour, t("democrazy.white") if law[1] == 0 else t("democrazy.black"))
    at = _symbol_at(s, law[3]) if law[0] else -1
    if at < 0 and law[0] and law[4] >= 0:
        at = law[4]
    if at >= 0:
        line += " " + t("democrazy.replaces", s["blue"][at][0])
    return line


def _ask_card(s, i):
    cards = _cards(s, i)
    labels = [t("vote.yes"), t("vote.no")] + [_joker_name(c) for c in cards[2:]]
    return Choice(t("democrazy.your_card"), labels, lambda k: cards[k], votes=(0, 1))


def _reveal(s):
    codes = s["votes"]
    yes = codes.count("Y")
    no = codes.count("N")
    played = []
    for c in JOKERS:
        k = codes.count(c)
        if k:
            played.append(("{}x ".format(k) if k > 1 else "") + _joker_name(c))
    _, why = _resolve(codes, "wb"[s["law"][1]])
    lines = [t("democrazy.counts", yes, no), t("democrazy.why." + why)]
    if played:
        lines.insert(1, ", ".join(played))
    big = t("democrazy.adopted") if s["adopted"] else t("democrazy.rejected")
    return Show(t("democrazy.result"), lambda _: ["next"], big=big, lines=lines, leds="yes" if s["adopted"] else "no")


# ---------------------------------------------------------------- words, tables, result


def describe(s, a):
    w = a[0]
    if w == "propose":
        return t("democrazy.d.propose", _law_line(s, a[1:]))
    if w == "ballot":
        return t("democrazy.adopted") if s["adopted"] else t("democrazy.rejected")
    if w in ("pawns", "values"):
        return t("democrazy.d." + w, " ".join([str(v) for v in a[-4:]]))
    return t("democrazy.d." + w)


def brief(s, a):
    """The action just applied in one row ("Bo: red law ●", "Law adopted"). The jokers
    seen say only that; a ballot only its result, which the very next screen reveals."""
    w = a[0]
    if w == "propose":
        who = s["players"][s["turn"]]
        dot = "\u25cb\u25cf"[a[2]]  # the card's white or black dot
        if a[1]:
            return row("democrazy.b.blue", [who], a[3], dot)
        return row("democrazy.b.red", [who], dot)
    if w in ("ballot", "next"):  # "next": the result just read, for the next turn
        return t("democrazy.b.adopted") if s["adopted"] else t("democrazy.b.rejected")
    if w == "values":
        return t("democrazy.b.values", " ".join([str(v) for v in a[1:]]))
    if w == "pawns":
        return row("democrazy.b.pawns", [s["players"][a[1]]], total(s, a[1]))
    return t("democrazy.b." + w)  # seen, fin, bag


def views(s):
    rows = [[b[1], b[0]] for b in s["blue"]]
    return [(t("democrazy.v.laws"), [t("democrazy.h.symbol"), t("democrazy.h.law")], rows)]


def total(s, i):
    v = s["values"]
    p = s["pawns"][i]
    return p[0] * v[0] + p[1] * v[1] + p[2] * v[2] + p[3] * v[3]


def table(s):
    rows = []
    for i in range(s["n"]):
        name = s["players"][i]
        if i < len(s["pawns"]):
            rows.append([name, str(total(s, i))])
        else:
            rows.append([name, t("democrazy.spent") if s["spent"][i] else "-"])
    return [t("democrazy.h.name"), t("democrazy.h.score")], rows


def result(s):
    n = s["n"]
    order = sorted(range(n), key=lambda i: (-total(s, i), i))  # MicroPython sorts unstably
    out = []
    for k in range(n):
        i = order[k]
        place = out[-1][0] if k and total(s, i) == total(s, order[k - 1]) else k + 1
        out.append((place, i, str(total(s, i))))
    return out


def summary(s):
    return t("democrazy.summary", s["n"], s["laws"], len(s["blue"]))
