"""Presses of the voting games (issues 28 and 31), counted from the scripts: what a table
presses for one voter's secret card or tiles, and for a whole turn, from the key lines
host_sim.autoplay wrote (the same keys core.playout gives every prompt). A wait before a
guarded screen takes OK is no press. A private list or number starts on a random entry
(core.secret.arrange: the presses must not tell the answer), so a voter's count varies
with that start, whatever they cast.

measure() -> {game: {"voter": (voters, mean, min, max), "turn": (turns, mean, min, max)}};
section() is its part of BENCHMARKS.md (presses.replace_section puts it in place).
"""

import os

from tools.bench import ROOT
from tools.bench.markdown import md_table, stats

# game: (its scripts, the ballot's action)
GAMES = {
    "Democrazy": (("democrazy_4players.txt", "democrazy_10players.txt", "democrazy_table.txt"), "ballot"),
    "Das Regeln Wir Schon!": (("drws_3players.txt", "drws_4players.txt"), "vote"),
}


def _blocks(name):
    """[(action word, [key lines])] of a script, one per "# action" comment."""
    out = []
    with open(os.path.join(ROOT, "tests", "scripts", name), encoding="utf-8") as f:
        for x in f:
            x = x.strip()
            if x.startswith("# ") and out is not None:
                out.append((x[2:].split()[0], []))
            elif out and x and not x.startswith("#") and not x.startswith("expect"):
                out[-1][1].append(x)
    return out


def _presses(keys):
    return len([k for k in keys if not k.startswith("wait")])


def voters(keys):
    """Each voter's presses in a ballot's keys: from their hand-over to passing it on."""
    out = []
    for k in keys:
        if k.startswith("wait"):  # the next hand-over
            out.append(0)
        elif out:
            out[-1] += 1
    return out


def _turn(game, s, seed, step, actions):
    """Presses of the actions from the state s on: each action's prompt chain, searched,
    or (a secret, not searchable) the presses of its answers as the box starts its lists."""
    from core.playout import keys, path_to
    from core.secret import chain_seed

    n = 0
    per = []
    for a in actions:
        p = game.prompt(s)
        if p.kind == "secret":
            p.seed = chain_seed(seed, step)  # the box starts the voters' lists from it
            k = keys(p, a[1])
            per += voters(k)
            n += _presses(k)
            game.apply(s, a[0])
        else:
            n += sum([_presses(keys(q, x)) for q, x in path_to(p, a)])
            game.apply(s, a)
        step += 1
    return n, per


def democrazy_turn(seed, players=5):
    """A red law with a white dot, everyone votes YES on the lit button, the result and
    the cards by name read."""
    from core import games

    game = games.load("democrazy")
    s = game.new({"players": ["P%d" % i for i in range(players)]}, seed)
    for a in (["start", 0], ["seen"]):
        game.apply(s, a)
    law = ["propose", 0, 0, "", "", -1]
    ballot = ["ballot"] + ["Y"] * players
    return _turn(game, s, seed, 2, [law, (ballot, ["Y"] * players), ["next"]])


def drws_turn(seed):
    """3 players after the setup: the first card of the first kind, everyone YES with one
    tile, the result read, each payment as its screen starts (the colours prefilled), the
    card placed in the first slot."""
    from core import games

    game = games.load("drws")
    s = game.new({"players": ["A", "B", "C"]}, seed)
    game.apply(s, ["mat", "c:00", "c:10", "v:alone", "v:left", "i:first", "i:top"])
    game.apply(s, ["draw"])
    game.apply(s, ["predict", 1, 2, 3])
    for k in range(3):
        game.apply(s, ["chips", (s["starter"] + k) % 3, 2, 2, 2, 1])
    s["notes"] = []
    n, per = _turn(game, s, seed, 6, [["card", "c:02"], (["vote", 1, 1, 1, 1, 1, 1], [[1, 1]] * 3), ["result", 1]])
    while s["phase"] in ("pay", "place"):
        n += _as_it_starts(game, s)
    return n, per


def _as_it_starts(game, s):
    """Apply the action every screen of the next prompt chain gives as it starts (OK on
    each); returns the presses."""
    from core.playout import keys
    from core.prompts import is_prompt

    n = 0
    p = game.prompt(s)
    while is_prompt(p):
        v = True if p.kind in ("show", "confirm") else p.initial
        n += _presses(keys(p, v))
        p = p.answer(v)
    game.apply(s, p)
    return n


SEEDS = 200


def measure():
    r = {}
    for game, turn in (("Democrazy", democrazy_turn), ("Das Regeln Wir Schon!", drws_turn)):
        turns, each = [], []
        for seed in range(1, SEEDS + 1):
            n, per = turn(seed)
            turns.append(n)
            each += per
        scripts = []
        for name in GAMES[game][0]:
            for word, keys in _blocks(name):
                if word == GAMES[game][1]:
                    scripts += voters(keys)
        r[game] = {"voter": stats(each), "turn": stats(turns), "scripts": stats(scripts)}
    return r


def section(r):
    L = ["## Presses per ballot and turn: the voting games", ""]
    L.append(
        "Counted from the presses each prompt takes (`core.playout.keys`, what `host_sim.autoplay` writes into "
        "the scripts), over %d seeds: a voter, from the OK that opens their private screen to the OK that "
        "passes the box on; a default turn, from the first screen of the turn to the next turn's. "
        "Democrazy, 5 players: a red law with a white dot, everyone YES on the lit button, the result and the "
        "cards by name read. Das Regeln Wir Schon!, 3 players after the setup: a correction card, everyone "
        "YES with one tile, the result, each payment as its screen starts (the colours prefilled), the card "
        "placed. A voter's tiles are counted with UP/DOWN and cast on the lit YES or NO in one press; "
        "their number starts on a random count (core.secret.arrange), so the presses never tell the answer. "
        "Issue 31 asks for 3 presses a voter with one tile (the hand-over, YES or NO, OK) and 15 for a "
        "default turn: a voter takes 3 when the count starts where they cast it and about one press more "
        "on average otherwise, for every answer alike, which is what the secrecy of the presses costs; a "
        "default turn adds the card (2), the result (1), each payment (1) and the card placed (1). The "
        "scripts' rows: every voter of every ballot in the scripts' random games (jokers and tile counts "
        "included)." % SEEDS
    )
    L.append("")
    rows = []
    for game in GAMES:
        for key, what in (("voter", "one voter (%d voters)"), ("turn", "a default turn (%d turns)"),
                          ("scripts", "one voter in the scripts (%d voters)")):
            k, m, a, b = r[game][key]
            rows.append(("%s: %s" % (game, what % k), "%.1f" % m, a, b))
    L.append(md_table(("what", "mean", "min", "max"), rows, "lrrr"))
    L.append("")
    return L
