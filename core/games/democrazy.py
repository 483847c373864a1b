"""Democrazy, 4-10 players: the box is every voting card, keeps the jokers secret, runs
each ballot, keeps the blue laws on the table and does the final count.
Rules: shared/RULES.md "Democrazy" and rulebooks/democrazy.nl.txt.

Actions (plain lists, validated by apply()):
  ["start", p]                             who starts: seat p, or -1 when the box draws
                                           (drawn once at new(), so undo draws nothing new)
  ["seen"]                                 every player has seen their dealt joker
  ["propose", colour, dot, name, symbol, replace]
                                           colour 0 red / 1 blue, dot 0 white / 1 black;
                                           blue: short name and symbol ("" for none);
                                           replace = index of the blue law it replaces
                                           when 6 are on the table and its symbol is not
                                           among theirs, else -1
  ["ballot", code, ...]                    one card per player in seat order: Y N W B E
                                           (yes, no, white shoe, black shoe, Embrouille),
                                           "-" for a player skipped in this ballot
  ["next"]                                 the result was read: an adopted blue law goes
                                           on the table, the next player's turn
  ["fin"] / ["bag"]                        the Fin card was drawn / the last pawn left
                                           the bag: the game ends, the count begins
  ["values", red, green, blue, yellow]     each pawn colour's value at the end (0-99)
  ["pawns", player, red, green, blue, yellow]  a player's pawns, in seat order
The table's overrides (game menu, overrides()): law effects only the players know.
  ["repeal", i]                            blue law i leaves the table
  ["skip", p]                              p casts nothing in the next ballot (again: p
                                           votes again)
  ["turn", p]                              it is p's turn
  ["overrule"]                             the result just revealed is reversed
  ["withdraw"]                             the proposal leaves the vote before it

Rulings where the rulebook is silent (the help text says them):
- Jokers dealt by the box come from a deck of 10 whose mix the rulebook does not give;
  the default deals 4 white shoes, 3 black shoes and 3 Embrouilles, the setting offers
  the other near-even mixes. Or the players keep their physical jokers and tell the box
  the kind when they play it.
- Everyone votes, the proposer too. A joker is spent once played, whatever the result.
- The reveal is open as in the rulebook (each player's card by name); the "anonymous
  reveal" setting shows counts only, and then no screen links a player to a card.
- The rulebook lets a table read the law card aloud instead of showing it: its dot stays
  the proposer's secret. With that setting the ballot names the law without its dot,
  and the result says the dot.
- A blue law whose symbol is already on the table (compared without case) replaces that
  law when adopted; the 7th blue law with a new symbol or none names, before the vote,
  the law it would replace.
- Colour values at the end are entered by the players (laws on the table may change
  them); the default is 1. Ties share the place.
"""

from core.games import dispatch, integer, options, seats
from core.i18n import row, t
from core.prompts import Choice, Confirm
from core.secret import Secret, by_seat, left_of
from core.textentry import Text, fold
from core.show import Show
from core.tiles import Fields
from core.rng import Rng
from core.ui import NARROW

OPTIONS = (
    ("jokers", "democrazy.jokers", ("box", "own")),
    ("mix", "democrazy.mix", ("433", "343", "334")),
    ("reveal", "democrazy.reveal", ("open", "anon")),
    ("law", "democrazy.law", ("shown", "read")),
)
WHEN = {"mix": lambda st: st.get("jokers", "box") == "box"}  # the deck's mix: only when the box deals
COLOURS = ("red", "green", "blue", "yellow")
JOKERS = "WBE"  # white shoe, black shoe, Embrouille
MAX_BLUE = 6
PILE = (15, 10)  # the draw pile: 15 cards on top of 10 shuffled with Fin
PAGE = 6  # cards by name on one screen (the rows under the title)
_FORMAT = "democrazy.e.format"  # the reason for a malformed action


def per_player(n):
    """Pawns and law cards each player takes: 6 with 4-6 players, 5 with 7-8, 4 with 9-10."""
    return 6 if n <= 6 else 5 if n <= 8 else 4


def resolve(votes, dot):
    """True when the law is adopted. votes: one code per voter (Y N W B E, "-" for a
    skipped player); dot "w"/"b"."""
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
        elif v != "-":
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
        why = "emb" if emb % 2 else "emb2"  # an even number of them: no change
    return adopted, why


def new(settings, seed):
    players = settings.get("players")
    if not isinstance(players, (list, tuple)) or not seats("democrazy", len(players)):
        raise ValueError(t("democrazy.e.players"))
    n = len(players)
    mode, mix, reveal, law = options(OPTIONS, settings, t("democrazy.e.format"))
    rng = Rng(seed)
    jokers = ""
    if mode == "box":
        deck = [JOKERS[k] for k in range(3) for _ in range(int(mix[k]))]
        rng.shuffle(deck)
        jokers = "".join(deck[:n])
    return {
        "players": [str(p) for p in players],
        "n": n,
        "mode": mode,
        "reveal": reveal,  # "open": each card by name; "anon": counts only
        "read": law == "read",  # the law card read aloud: its dot secret until the result
        "draw": rng.below(n),  # who starts if the table lets the box draw
        "jokers": jokers,  # the dealt kinds, seat order ("" with physical jokers)
        "spent": [0] * n,  # 1 once a player's joker is played
        "phase": "setup",
        "turn": 0,
        "skip": [0] * n,  # 1: casts nothing in the next ballot
        "law": None,  # the proposal: [colour, dot, name, symbol, replace]
        "votes": None,  # the last ballot's codes
        "adopted": None,
        "overruled": 0,  # the table reversed the last result
        "blue": [],  # [name, symbol] on the table, oldest first
        "gone": None,  # the law repealed last, as the table names it (its symbol if it has no name)
        "laws": 0,  # proposals voted on
        "end": None,  # "fin" or "bag"
        "values": None,
        "pawns": [],  # [red, green, blue, yellow] per player, seat order
    }


def _short(x, empty=False):
    if type(x) is not str or (not x and not empty) or len(x) > 8:
        raise ValueError(t("democrazy.e.name"))
    return x


# ---------------------------------------------------------------- actions
# One handler per (phase, word), called by apply() once the action has its number of
# words: it checks the rest, then changes the state.


def _do_start(s, a):
    """["start", p]: seat p starts, or (p -1) the seat drawn at new()."""
    p = integer(a[1], -1, s["n"] - 1, _FORMAT)
    s["turn"] = s["draw"] if p < 0 else p
    s["phase"] = "deal" if s["mode"] == "box" else "turn"


def _do_seen(s, a):
    """["seen"]: every player has seen their dealt joker."""
    s["phase"] = "turn"


def _do_end(s, a):
    """["fin"] / ["bag"]: the game ends, the count begins."""
    s["end"] = a[0]
    s["phase"] = "values"


def _do_propose(s, a):
    """["propose", colour, dot, name, symbol, replace]: a red law has no name, symbol
    or replace ("", "", -1); a blue one names the law it replaces exactly when it needs
    to (the module docstring)."""
    colour, dot = integer(a[1], 0, 1, _FORMAT), integer(a[2], 0, 1, _FORMAT)
    name, symbol, replace = "", "", -1
    if colour:
        symbol = _short(a[4], True)
        name = _short(a[3], bool(symbol))  # a law with a symbol needs no name
        replace = integer(a[5], -1, len(s["blue"]) - 1, _FORMAT)
        needs = len(s["blue"]) >= MAX_BLUE and _symbol_at(s, symbol) < 0
        if needs != (replace >= 0):
            raise ValueError(t("democrazy.e.replace"))
    elif a[3] != "" or a[4] != "" or a[5] != -1:
        raise ValueError(t(_FORMAT))
    s["law"] = [colour, dot, name, symbol, replace]
    s["phase"] = "ballot"


def _do_ballot(s, a):
    """["ballot", code, ...]: one card per player in seat order, each one the player may
    cast ("-" exactly for the skipped); a joker cast is spent."""
    n = s["n"]
    if len(a) != n + 1:
        raise ValueError(t("democrazy.e.now"))
    codes = a[1:]
    for i in range(n):
        c = codes[i]
        if s["skip"][i]:
            if c != "-":
                raise ValueError(t("democrazy.e.skipped", s["players"][i]))
        elif type(c) is not str or len(c) != 1 or c not in "YN" + JOKERS:  # "" and "YN" are in "YNW" too
            raise ValueError(t("democrazy.e.vote"))
        elif c not in _cards(s, i):
            raise ValueError(t("democrazy.e.joker", i + 1))
    adopted = resolve(codes, "wb"[s["law"][1]])
    for i in range(n):
        if codes[i] in JOKERS:
            s["spent"][i] = 1
    s["votes"] = codes
    s["adopted"] = adopted
    s["skip"] = [0] * n
    s["laws"] += 1
    s["phase"] = "result"


def _do_next(s, a):
    """["next"]: an adopted blue law goes on the table, in the place of the law with its
    symbol or of the law it names; the next player's turn."""
    law = s["law"]
    if s["adopted"] and law[0]:
        at = _symbol_at(s, law[3])
        if at < 0:
            at = law[4]
        if at >= 0:
            del s["blue"][at]
        s["blue"].append([law[2], law[3]])
    s["law"] = None
    s["votes"] = None
    s["overruled"] = 0
    s["turn"] = (s["turn"] + 1) % s["n"]
    s["phase"] = "turn"


def _do_overrule(s, a):
    """["overrule"]: the result just revealed is reversed (again: as it was)."""
    s["adopted"] = not s["adopted"]
    s["overruled"] ^= 1


def _do_repeal(s, a):
    """["repeal", i]: blue law i leaves the table."""
    i = integer(a[1], 0, len(s["blue"]) - 1, _FORMAT)
    b = s["blue"].pop(i)
    s["gone"] = b[0] or b[1]


def _do_withdraw(s, a):
    """["withdraw"]: the proposal leaves the vote before it."""
    s["law"] = None
    s["phase"] = "turn"


def _do_skip(s, a):
    """["skip", p]: p casts nothing in the next ballot (again: p votes again); one player
    at least still votes."""
    n = s["n"]
    p = integer(a[1], 0, n - 1, _FORMAT)
    if not s["skip"][p] and sum(s["skip"]) >= n - 1:
        raise ValueError(t("democrazy.e.nobody"))
    s["skip"][p] ^= 1


def _do_turn(s, a):
    """["turn", p]: it is p's turn."""
    s["turn"] = integer(a[1], 0, s["n"] - 1, _FORMAT)


def _do_values(s, a):
    """["values", red, green, blue, yellow]: each pawn colour's value, 0-99."""
    s["values"] = [integer(v, 0, 99, _FORMAT) for v in a[1:]]
    s["phase"] = "pawns"


def _do_pawns(s, a):
    """["pawns", player, red, green, blue, yellow]: the next player's pawns in seat order,
    0-15 of each colour."""
    if a[1] != len(s["pawns"]):
        raise ValueError(t("democrazy.e.now"))
    integer(a[1], 0, s["n"] - 1, _FORMAT)  # True or 1.0 is no seat
    s["pawns"].append([integer(v, 0, 15, _FORMAT) for v in a[2:]])
    if len(s["pawns"]) == s["n"]:
        s["phase"] = "over"


# (phase, word) -> (words in the action, None: the handler counts them; handler)
_ACTIONS = {
    ("setup", "start"): (2, _do_start),
    ("deal", "seen"): (1, _do_seen),
    ("turn", "propose"): (6, _do_propose),
    ("turn", "fin"): (1, _do_end),
    ("turn", "bag"): (1, _do_end),
    ("turn", "repeal"): (2, _do_repeal),
    ("turn", "skip"): (2, _do_skip),
    ("turn", "turn"): (2, _do_turn),
    ("ballot", "ballot"): (None, _do_ballot),
    ("ballot", "skip"): (2, _do_skip),
    ("ballot", "withdraw"): (1, _do_withdraw),
    ("result", "next"): (1, _do_next),
    ("result", "overrule"): (1, _do_overrule),
    ("values", "values"): (5, _do_values),
    ("pawns", "pawns"): (6, _do_pawns),
}


def apply(s, a):
    dispatch(_ACTIONS, s, a, "democrazy")


def _symbol_at(s, symbol):
    """The blue law with this symbol, compared without case; "" (no symbol) is none."""
    if symbol:
        key = fold(symbol)
        for i in range(len(s["blue"])):
            if fold(s["blue"][i][1]) == key:
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
    if ph == "setup":
        return _ask_start(s)
    if ph == "deal":
        deal = Secret(t("democrazy.deal"), list(range(s["n"])), lambda i: _show_joker(s, i), lambda v: ["seen"])
        deal.recorded = ("democrazy.seen", "democrazy.seen2", "democrazy.seen3")
        return deal
    if ph == "turn":
        opts = [t("democrazy.a.propose"), t("democrazy.a.fin"), t("democrazy.a.bag")]
        return Choice(t("democrazy.turn"), opts, lambda i: _ask_colour(s) if i == 0 else _ask_end(["fin", "bag"][i - 1]),
                      player=s["turn"], lines=[t("democrazy.draw")])
    if ph == "ballot":
        return _ballot(s)
    if ph == "result":
        return _reveal(s)
    if ph == "values":
        fields = [(t("democrazy.f." + c), 0, 99, None) for c in COLOURS]
        # the blue laws on the table, which may change what a colour is worth
        laws = [_label(b) for b in s["blue"]]
        lines = [t("democrazy.blue_on", ", ".join(laws)) if laws else t("democrazy.no_blue")]
        return Fields(t("democrazy.q.values"), fields, lambda v: ["values"] + v, initial=[1, 1, 1, 1], lines=lines)
    if ph == "pawns":
        i = len(s["pawns"])
        fields = [(t("democrazy.f." + c), 0, 15, None) for c in COLOURS]
        return Fields(t("democrazy.q.pawns"), fields, lambda v: ["pawns", i] + v, player=i)
    return None


def _ask_start(s):
    """The table's own numbers for its size, and who starts: a name, or the box draws."""
    k = per_player(s["n"])
    lines = [t("democrazy.each", k), t("democrazy.each2", k), t("democrazy.pile", PILE[0], PILE[1])]
    names = s["players"] + [t("democrazy.start_draw")]

    def start(i):
        if i < s["n"]:
            return ["start", i]
        return Show(t("democrazy.drawn"), lambda _: ["start", -1], big=s["players"][s["draw"]], lines=[t("democrazy.starts")])

    return Choice(t("democrazy.q.start"), names, start, lines=lines)


def _ballot(s):
    """The box goes round from the proposer's left; the proposer votes last."""
    n = s["n"]
    voters = [i for i in left_of(s["turn"], n) if not s["skip"][i]]

    def cast(cards):
        return ["ballot"] + by_seat(voters, cards, n, "-")

    out = [s["players"][i] for i in range(n) if s["skip"][i]]
    lines = [_law_line(s, s["law"])] + ([t("democrazy.out", ", ".join(out))] if out else [])
    said = lambda k: [(c, t("democrazy.c." + c)) for c in _cards(s, voters[k])]  # noqa: E731 (the card cast, to its voter)
    ballot = Secret(t("democrazy.vote"), voters, lambda k: _ask_card(s, voters[k]), cast, said, lines=lines)
    # a vote's words; with the open reveal every voter is told before voting that names are shown
    ballot.recorded = ("vote.recorded",) + (("vote.open_hidden", "vote.open_hidden2") if s["reveal"] == "open"
                                            else ("vote.hidden", "vote.hidden2"))
    return ballot


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
        return _ask_symbol(s, d)

    return Choice(t("democrazy.q.dot"), [t("democrazy.white"), t("democrazy.black")], dot)


def _ask_symbol(s, dot):
    """The symbols on the table (the law would replace theirs), then the common ones
    (democrazy.symbols, in the table's language), another one typed once, or none."""
    known = [b[1] for b in s["blue"] if b[1]]
    common = [x for x in t("democrazy.symbols").split(",") if _symbol_at(s, x) < 0]

    def law(sym):
        at = _symbol_at(s, sym)
        if at >= 0:
            sym = s["blue"][at][1]  # as the table first spelled it
        elif len(s["blue"]) >= MAX_BLUE:
            return Choice(t("democrazy.q.replace"), [_label(b) for b in s["blue"]], lambda r: _ask_name(s, dot, sym, r))
        return _ask_name(s, dot, sym, -1)

    def chosen(i):
        listed = known + common
        if i < len(listed):
            return law(listed[i])
        if i == len(listed):
            return Text(t("democrazy.q.symbol"), law, maxlen=8)
        return law("")

    return Choice(t("democrazy.q.symbol"), known + common + [t("democrazy.sym_new"), t("democrazy.sym_none")], chosen)


def _ask_name(s, dot, sym, replace):
    """A name for the law: optional when it has a symbol (the colour and the symbol name
    it), else typed."""

    def named(name):
        return _confirm(s, [1, dot, name, sym, replace])

    typed = Text(t("democrazy.q.name"), named, maxlen=8)
    if not sym:
        return typed
    return Choice(t("democrazy.q.name"), [t("democrazy.name_none"), t("democrazy.name_give")],
                  lambda i: named("") if i == 0 else typed)


def _label(b):
    """A blue law as the table reads it: "Tax (star)", its name or its symbol alone."""
    return "{} ({})".format(b[0], b[1]) if b[0] and b[1] else b[0] or b[1]


def _confirm(s, law):
    return Confirm(t("democrazy.q.ok"), lambda _: ["propose"] + law, lines=[_law_line(s, law, True)])


def _law_line(s, law, dot=False):
    """The law in one line: its colour or label, its dot (unless the card is read aloud
    and the dot is not asked for: the proposer's own screen, the result) and the law it
    replaces."""
    colour = t("democrazy.red") if law[0] == 0 else _label([law[2], law[3]])
    if s["read"] and not dot:
        line = t("democrazy.law_read", colour)
    else:
        line = t("democrazy.law_w" if law[1] == 0 else "democrazy.law_b", colour)
    at = _symbol_at(s, law[3]) if law[0] else -1
    if at < 0 and law[0] and law[4] >= 0:
        at = law[4]
    if at >= 0:
        line += " " + t("democrazy.replaces", s["blue"][at][0] or s["blue"][at][1])
    return line


def _ask_card(s, i):
    """A card taken with OK from the list, which starts on a random entry
    (core.secret.arrange), is confirmed first, whichever it is: a stray OK never spends
    a joker, and the presses do not tell which card was cast. With the open reveal the
    lit YES and NO buttons also cast YES and NO at once (answers n and n+1): every card
    is shown by name there anyway. With the anonymous one they stay dark, or a joker
    would be told by its presses (the D-pad and two OKs, where a vote is one lit press)."""
    cards = _cards(s, i)
    labels = [t("vote.yes"), t("vote.no")] + [_joker_name(c) for c in cards[2:]]
    n = len(cards)

    def cast(k):
        if k >= n:
            return cards[k - n]
        return Confirm(t("democrazy.q.cast"), lambda _: cards[k], lines=[labels[k]])

    lit = (n, n + 1) if s["reveal"] == "open" else None
    return Choice(t("democrazy.your_card"), labels, cast, votes=lit)


def _card_row(name, code):
    """ "Ann: white shoe" in a row beside a scroll mark: the name cut, never the card."""
    card = t("democrazy.c." + ("skip" if code == "-" else code))
    return name[: max(3, NARROW - 2 - len(card))] + ": " + card


def _jokers(codes):
    """The jokers of a ballot by kind, "2x white shoe, Embrouille", in lines that never
    split one ("White shoe," / "Black shoe": a wrap inside a name reads as two cards)."""
    lines = []
    for c in JOKERS:
        k = codes.count(c)
        if k:
            part = ("{}x ".format(k) if k > 1 else "") + t("democrazy.c." + c)
            if lines and len(lines[-1]) + 2 + len(part) <= NARROW:
                lines[-1] += ", " + part
                continue
            if lines:
                lines[-1] += ","
            lines.append(part)
    return lines


def _why(s):
    return t("democrazy.why." + _resolve(s["votes"], "wb"[s["law"][1]])[1])


def _reveal(s):
    """The result large; under it (the last action, brief(): always on screen) why, then
    the counts and the jokers played; in an open reveal, OK shows every player's card by
    name in seat order. Guarded: a stray second press of the last voter does not skip
    the reveal."""
    codes = s["votes"]
    lines = ([_why(s)] if s["overruled"] else []) + [t("democrazy.counts", codes.count("Y"), codes.count("N"))]
    lines += _jokers(codes)
    if s["read"]:  # the dot, kept by the proposer until now
        lines.append(_law_line(s, s["law"], True))
    big = t("democrazy.adopted") if s["adopted"] else t("democrazy.rejected")
    then = _next
    if s["reveal"] == "open":
        names = s["players"]
        then = lambda _: _cards_page(s, [_card_row(names[i], codes[i]) for i in range(s["n"])], 0)
    return Show(t("democrazy.result"), then, big=big, lines=lines, leds="yes" if s["adopted"] else "no", guard=True)


def _next(_):
    return ["next"]


def _cards_page(s, rows, at):
    """Every player's card by name, PAGE to a screen: OK shows the next page, so the
    table reads every name before the turn moves on. Guarded like the result: a double OK
    there does not skip a page (laws that reward one side need the list)."""
    pages = (len(rows) + PAGE - 1) // PAGE
    title = t("democrazy.cards")
    if pages > 1:
        title += " {}/{}".format(at // PAGE + 1, pages)
    then = _next if at + PAGE >= len(rows) else lambda _: _cards_page(s, rows, at + PAGE)
    return Show(title, then, lines=rows[at : at + PAGE], guard=True)


# ---------------------------------------------------------------- the table's overrides


def overrides(s):
    """The game menu's entries for law effects only the players know, by phase: each a
    choice (where there is one), a confirm and an action that undo takes back."""
    ph = s["phase"]
    out = []
    if ph == "turn" and s["blue"]:
        out.append((t("democrazy.o.repeal"), _pick(t("democrazy.o.repeal"), [_label(b) for b in s["blue"]], "repeal")))
    if ph in ("turn", "ballot"):
        names = s["players"]
        labels = [row("democrazy.o.out", [names[i]]) if s["skip"][i] else names[i] for i in range(s["n"])]
        asks = [row("democrazy.b.unskip" if s["skip"][i] else "democrazy.b.skip", [names[i]]) + "?" for i in range(s["n"])]
        out.append((t("democrazy.o.skip"), _pick(t("democrazy.o.skip"), labels, "skip", asks=asks)))
    if ph == "ballot":
        out.append((t("democrazy.o.withdraw"), Confirm(t("democrazy.o.withdraw"), lambda _: ["withdraw"], lines=[_law_line(s, s["law"])])))
    if ph == "turn":
        out.append((t("democrazy.o.turn"), _pick(t("democrazy.o.turn"), s["players"], "turn", s["turn"])))
    if ph == "result":
        q = t("democrazy.o.rejects") if s["adopted"] else t("democrazy.o.adopts")
        out.append((t("democrazy.o.overrule"), Confirm(t("democrazy.o.overrule"), lambda _: ["overrule"], lines=[q])))
    return out


def _pick(title, labels, what, initial=0, asks=None):
    def ask(i):
        return Confirm(title, lambda _: [what, i], lines=[asks[i] if asks else labels[i] + "?"])

    return Choice(title, labels, ask, initial)


# ---------------------------------------------------------------- words, tables, result


def describe(s, a):
    w = a[0]
    if w == "propose":
        return t("democrazy.d.propose", _law_line(s, a[1:]))
    if w == "ballot":
        return t("democrazy.d.ballot", t("democrazy.b.adopted") if s["adopted"] else t("democrazy.b.rejected"))
    if w == "values":
        return t("democrazy.d.values", " ".join([str(v) for v in a[1:]]))
    if w == "pawns":
        return t("democrazy.d.pawns", s["players"][a[1]], " ".join([str(v) for v in a[2:]]))
    if w in ("start", "skip", "turn", "repeal"):
        return brief(s, a)
    return t("democrazy.d." + w)


def brief(s, a):
    """The action just applied in one row ("Bo: red law ●", "Law adopted"). The jokers
    seen say only that; a ballot only its counts, which the very next screen reveals."""
    w = a[0]
    names = s["players"]
    if w == "propose":
        dot = "\u25cb\u25cf"[a[2]]  # the card's white or black dot
        if a[1]:
            return row("democrazy.b.blue", [names[s["turn"]]], a[4] or a[3], dot)
        return row("democrazy.b.red", [names[s["turn"]]], dot)
    if w == "ballot":  # under the result drawn large: why
        return _why(s)
    if w == "next":  # the result just read, for the next turn
        return t("democrazy.b.adopted") if s["adopted"] else t("democrazy.b.rejected")
    if w == "overrule":
        return t("democrazy.b.overrule_y") if s["adopted"] else t("democrazy.b.overrule_n")
    if w == "start":
        return row("democrazy.b.drawn" if a[1] < 0 else "democrazy.b.start", [names[s["turn"]]])
    if w == "skip":
        return row("democrazy.b.skip" if s["skip"][a[1]] else "democrazy.b.unskip", [names[a[1]]])
    if w == "turn":
        return row("democrazy.b.turn", [names[a[1]]])
    if w == "repeal":
        return row("democrazy.b.repeal", [s["gone"]])
    if w == "values":
        return t("democrazy.b.values", " ".join([str(v) for v in a[1:]]))
    if w == "pawns":
        return row("democrazy.b.pawns", [names[a[1]]], total(s, a[1]))
    return t("democrazy.b." + w)  # seen, fin, bag, withdraw
def views(s):
    rows = [[b[1] or "-", b[0] or "-"] for b in s["blue"]]
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
            # a spent joker by name only when the reveal names every card anyway
            spent = s["spent"][i] and s["reveal"] == "open"
            rows.append([name, t("democrazy.spent") if spent else "-"])
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
