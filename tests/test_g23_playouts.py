"""Random playouts of 23: 10,000 seeded games walked through the prompts (1,000 in the
fast tier, tests/conftest.py).

Each game: 2..4 players, a random variant, root choices biased toward Play, every
follow-up question answered by core.prompts.random_action, and now and then a
deliberately illegal action that must be refused without touching the state. After every
action the invariants are checked against a small independent model of the rules; at the
end the ranking is checked against the chip counts and the action log is replayed.
"""

import json
import time

import pytest

from conftest import sized
from core.games import load
from core.playout import random_action
from core.rng import Rng

g = load("g23")

GAMES = sized(1000, 10000)
CHUNKS = 10
MAX_TURNS_PER_ROUND = 400  # 4 players x 12 cards, plus passes: far above any real round
NAMES = ["Ann", "Ben", "Cid", "Dora"]
ROOT_WEIGHTS = {"play": 80, "pass": 10, "force": 6, "fold": 4, "bonus": 8}  # by the root's codes


def snap(s):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in s.items()}


def pick(weights, rng):
    x = rng.below(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError


def choose(s, rng):
    """One legal action by walking the prompts, biased toward Play at the root."""
    while True:
        p = g.prompt(s)
        if s["phase"] == "play":
            p = p.answer(pick([ROOT_WEIGHTS[c] for c in g._codes(s)], rng))
        a = random_action(p, rng)
        if a[0] != "play" or s["pile"][a[1]] < g.copies(a[1]):
            return a
        # a rank the picker offers between two that are left, all its copies on the pile:
        # the box refuses it with the reason (the table picks again), and changes nothing
        before = snap(s)
        with pytest.raises(ValueError, match="on the pile"):
            g.apply(s, a)
        assert s == before


def illegal(s, rng):
    """An action the rules forbid in state s (several kinds, drawn at random)."""
    n = len(s["players"])
    if s["phase"] == "over":
        return [["pass"], ["first", 0], ["play", 23, 1, 0, 23]][rng.below(3)]
    if s["phase"] == "first":
        return [["pass"], ["fold"], ["first", n], ["first", -1], ["first", True],
                ["play", 5, 1, 0, 0], ["first"]][rng.below(7)]
    p = s["turn"]
    top, hand, bonus = s["top"], s["hand"][p], s["bonus"][p]
    cands = [
        ["first", 0],
        ["bogus"],
        [],
        ["pass", 0],
        ["play", 23, 1, bonus + 1, top],
        ["play", 23, 1, 0, top + 1 if top < 23 else top - 1],
        ["play", 23, 1, 1, top + 6],
        ["play", 23, 1, 2, top - 11],
        ["play", 23, hand + 1, 0, top],
        ["play", 23, 4, 0, top],
        ["play", 23, 0, 0, top],
        ["play", 1, 1, 0, top],
        ["play", 24, 1, 0, top],
        ["play", 23.0, 1, 0, top],
        ["play", 23, True, 0, top],
        ["play", 23, 1, 0],
    ]
    if top >= 3:
        cands.append(["play", top - 1, 1, 0, top])
    gone = [r for r in range(max(top, 2), 24) if s["pile"][r] == g.copies(r)]
    if gone:  # every copy of the rank on the pile this round
        cands.append(["play", gone[rng.below(len(gone))], 1, 0, top])
    if s["forced"] or s["out"].count(0) < 2:
        cands.append(["pass"])
        cands.append(["force"])
    return cands[rng.below(len(cands))]


def expect(s, a):
    """Independent model: the state after legal action a (only the fields it changes)."""
    e = snap(s)
    n = len(s["players"])
    if a[0] == "first":
        e["hand"] = [12] * n
        e["hand"][a[1]] = 11
        e["top"] = 1
        e["pile"] = [0, 1] + [0] * 22
        return e, a[1]
    p = s["turn"]
    if a[0] == "play":
        _, rank, count, chips, adj = a
        e["pen"][p] += max(0, rank - adj - 1)
        e["bonus"][p] -= chips
        e["hand"][p] -= count
        e["top"] = rank
        e["pile"][rank] += count
        assert e["pile"][rank] <= (rank if rank <= 2 else 3), a  # never more than the deck has
        if e["hand"][p] == 0:
            e["pen"][p] = max(0, e["pen"][p] - 3)
    elif a[0] == "pass":
        e["pen"][p] += 1
    elif a[0] == "force":
        e["pen"][p] += 2
    else:
        e["pen"][p] += e["hand"][p]
        e["hand"][p] = 0
    return e, p


def check_invariants(s, prev, n):
    for k in ("hand", "pen", "bonus", "out"):
        assert len(s[k]) == n
    for i in range(n):
        assert 0 <= s["hand"][i] <= 12
        assert s["pen"][i] >= 0
        assert 0 <= s["bonus"][i] <= 3
        assert s["bonus"][i] <= prev["bonus"][i]
        assert s["pen"][i] >= 0
    assert s["forced"] in (0, 1)
    if s["phase"] == "play":
        assert s["out"][s["turn"]] == 0
        assert 1 <= s["top"] <= 23
        for i in range(n):
            assert (s["out"][i] == 0) == (s["hand"][i] > 0)


def play_one(seed, stats):
    rng = Rng(seed)
    n = 2 + rng.below(3)
    settings = {"players": NAMES[:n], "variant": ("normal", "beginner")[rng.below(2)]}
    s = g.new(settings, seed)
    log = []
    turns = 0
    rounds_seen = 1
    while g.prompt(s) is not None:
        if rng.below(8) == 0:
            bad = illegal(s, rng)
            before = snap(s)
            with pytest.raises(ValueError) as e:
                g.apply(s, bad)
            assert str(e.value) and not str(e.value).startswith("g23.")
            assert s == before, bad
            stats["refused"] += 1
        a = choose(s, rng)
        prev = snap(s)
        e, who = expect(s, a)
        g.apply(s, a)  # every action built from the prompts must be legal
        log.append(a)
        stats["actions"] += 1
        for k in ("pen", "bonus"):
            assert s[k] == e[k], (a, k)
        if s["round"] == prev["round"] or a[0] == "first":
            assert s["pile"] == e["pile"], a
        if s["phase"] == "play" and s["round"] == prev["round"]:
            assert s["hand"] == e["hand"] and s["top"] == e["top"], a
        check_invariants(s, prev, n)
        turns += 1
        if s["round"] != rounds_seen or s["phase"] == "over":
            rounds_seen = s["round"]
            turns = 0
        assert turns < MAX_TURNS_PER_ROUND, "round does not end"
    assert s["phase"] == "over" and s["round"] == 2
    # ranking matches the chip counts
    totals = [max(0, s["pen"][i] - 2 * s["bonus"][i]) for i in range(n)]
    res = g.result(s)
    assert sorted(r[1] for r in res) == list(range(n))
    prev_total = -1
    for place, who, text in res:
        tot = totals[who]
        assert tot >= prev_total
        prev_total = tot
        assert place == 1 + sum(1 for x in totals if x < tot)
        assert text.split(" ")[0] == str(tot)
    assert res[0][0] == 1
    # replay from (settings, seed, log) reproduces the state, also through JSON
    r = g.new(json.loads(json.dumps(settings)), seed)
    for a in json.loads(json.dumps(log)):
        g.apply(r, a)
    assert r == s
    assert json.loads(json.dumps(s)) == s
    stats["bytes"] = max(stats["bytes"], len(json.dumps(s)))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts(chunk):
    per = GAMES // CHUNKS
    stats = {"actions": 0, "refused": 0, "bytes": 0}
    t0 = time.perf_counter()
    for seed in range(chunk * per + 1, (chunk + 1) * per + 1):
        play_one(seed, stats)
    dt = time.perf_counter() - t0
    assert stats["refused"] > per  # illegal actions were really tried
    assert stats["bytes"] < 700
    print("g23 playouts: {} games, {} actions, {} refused, {:.0f} games/s, max state {} B"
          .format(per, stats["actions"], stats["refused"], per / dt, stats["bytes"]))
