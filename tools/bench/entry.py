"""Presses of What the Rule?!'s entries (issue 29): a card, a revealed hand and the guess
editor, counted with the keys core.playout gives each prompt (what host_sim.autoplay
writes into the scripts).

Cards and hands: every card and hand of GAMES random whole rounds (host_sim.autoplay)
and of the What the Rule?! scripts: the presses of the card entry screen, OK included,
from the card entered last (where the entry starts). The turn's "Play a card" (OK) or
"Reveal my hand" (DOWN, OK) before it is not counted. Guesses: the guess editor's presses
for two phrasings a table uses, from "Guess the rule?" to the confirmed guess.

measure() -> {"cards": stats, "scripted": stats, "hands": stats, "guesses": [(words,
text, presses)]}; stats = (count, mean, min, max); section() is its part of BENCHMARKS.md.
"""

import os

from tools.bench import ROOT
from tools.bench.markdown import md_table, stats

SCRIPTS = ("wtr_4players.txt", "wtr_table.txt", "wtr_expert.txt")
# (what a table says, the answers from "Guess the rule?" on, the guess's text form)
GUESSES = (
    ("alternating colours", (0, 7, 5, 3, 1, True), "colour != last.colour"),
    ("even count and not square", (0, 8, 0, 2, -3, 3, True), "count even and not shape = square"),
)


def _script_actions(name):
    """The card and hand actions of a script, from its "# action" comments."""
    out = []
    with open(os.path.join(ROOT, "tests", "scripts", name), encoding="utf-8") as f:
        for x in f:
            w = x.split()
            if len(w) > 2 and w[0] == "#" and w[1] in ("card", "hand"):
                out.append([w[1]] + [int(c) for c in w[2:]])
    return out


def _random_actions(seed):
    """The actions of a random 4-player round with the box as master (host_sim.autoplay)."""
    from host_sim.autoplay import random_game

    return random_game("wtr", 4, seed, {"master": "box", "level": "easy", "rounds": "1"})[1]


def _presses(keys):
    """The presses among these keys: a wait for a guarded OK is none."""
    return len([k for k in keys if not k.startswith("wait")])


def _entries(g, actions):
    """Presses of each card's entry screen, in order, and of each whole hand: a card
    entry starts from the card entered last (the first of a game from card 0)."""
    from core.games import wtr_entry
    from core.playout import keys

    cards, hands = [], []
    last = 0
    for a in actions:
        if a[0] not in ("card", "hand"):
            continue
        n = 0
        for k in range(1, len(a)):
            s = {"entered": last, "active": 0, "round": 1, "turns": [0]}  # what _ask_card reads
            p = wtr_entry.ask_card(s, a[1:k], len(a) - 1 if a[0] == "hand" else None)
            c = a[k]
            k = keys(p, [g.R.attr(c, g.R.COUNT), g.R.attr(c, g.R.SHAPE), g.R.attr(c, g.R.FILL), g.R.attr(c, g.R.COLOUR)])
            x = _presses(k)
            cards.append(x)
            n += x
            last = c
        if a[0] == "hand" and len(a) == 11:  # ten cards, as dealt
            hands.append(n)
    return cards, hands


GAMES = 40  # random rounds


def measure():
    from core.games import load
    from core.playout import keys

    g = load("wtr")
    cards, hands, scripted = [], [], []
    for name in SCRIPTS:
        if os.path.isfile(os.path.join(ROOT, "tests", "scripts", name)):
            c, h = _entries(g, _script_actions(name))
            scripted += c
            hands += h
    for seed in range(1, GAMES + 1):
        c, h = _entries(g, _random_actions(seed))
        cards += c
        hands += h
    guesses = []
    for said, answers, text in GUESSES:
        s = g.new({"players": ["A", "B"], "master": "box", "rounds": "1"}, 1)
        g.apply(s, ["start", 0])
        s["rule"] = "colour = white"
        g.apply(s, ["card", 0])
        p = g._guess(s)
        n = 0
        for x in answers:
            n += _presses(keys(p, x))
            p = p.answer(x)
        assert p == ["guess", text], (said, p)
        guesses.append((said, text, n))
    return {"cards": stats(cards), "scripted": stats(scripted), "hands": stats(hands), "guesses": guesses}


def section(r):
    L = ["## Presses: What the Rule?! card entry and guesses", ""]
    L.append(
        "Counted with the keys `core.playout` gives each prompt, over the cards and hands of %d random "
        "whole rounds (`host_sim.autoplay`, 4 players) and of the What the Rule?! scripts (%s). A card is "
        "entered from the card entered last: UP/DOWN the count, LEFT/RIGHT the shape, YES the fill, NO the "
        "colour, one press per step, then OK (core.tiles, direct Fields); a hand's cards each from the one "
        "before; a card left as it starts waits a moment for its OK (a stray double OK plays none), which is "
        "no press. Issue 29 asks for at most 4.5 presses a card on average, OK included, and at most 45 for a "
        "10-card hand; the turn's choice (\"Play a card\": OK) is counted apart. The guess editor: pages of "
        "conditions, one per attribute and one for earlier cards (LEFT/RIGHT turn them), NO takes a "
        "condition's negation; from \"Guess the rule?\" to the guess confirmed, at most 10 each."
        % (GAMES, ", ".join(SCRIPTS))
    )
    L.append("")
    rows = []
    for key, what in (("cards", "a card in random rounds, hands' cards included (%d cards)"),
                      ("scripted", "a card in the scripts (%d cards)"), ("hands", "a revealed hand of 10 cards (%d hands)")):
        k, m, a, b = r[key]
        rows.append((what % k, "%.2f" % m, "%g" % a, "%g" % b))
    for said, text, n in r["guesses"]:
        rows.append(("guess \"%s\" (`%s`)" % (said, text), "%d" % n, "", ""))
    L.append(md_table(("what", "mean", "min", "max"), rows, "lrrr"))
    L.append("")
    return L
