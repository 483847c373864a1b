"""Presses per turn of Man muss auch gönnen (issue 30): what a table presses for a turn,
counted from the presses the game's own prompts take (core.playout.keys, the same keys
host_sim.autoplay writes into the scripts).

measure() -> {"scenario": (turns, mean, min, max), "scripts": [(script, turns, mean,
min, max)], "own": (samples, mean, max)}; section() is its part of BENCHMARKS.md, and
replace_section() puts a fresh one into the file as it is (`--presses-only`: counts
take seconds, the whole bench most of an hour).

- scenario: the turn issue 30 names, every way it can go: 3 players, the box rolls, the
  active player rerolls three dice once (each of the 10 sets) and each passive player
  takes one of them (9 ways), then uses the dice: 90 turns.
- scripts: every turn of the full scripts, from the turn's roll to its end.
- own: five physical dice entered from the dice as they lie (the Fields start there and
  wrap both ways), over random rolls.
"""

import os

from core import games
from core.playout import keys, path_to
from core.rng import Rng
from tools.bench import ROOT
from tools.bench.markdown import md_table, put_section

SCRIPTS = ("mmag_3players.txt", "mmag_4players.txt", "mmag_solo.txt")
TARGET = 10  # a 3-player turn that rerolls three dice once, both passive players taking one
OWN_TARGET = 13  # five physical dice entered, on average
SAMPLES = 2000


def presses(game, s, action):
    """Presses from the action's first screen to the action (searched prompt chain); a
    wait for a guarded screen (the turn's first) is no press."""
    return sum([len([k for k in keys(q, a) if k[:4] != "wait"]) for q, a in path_to(game.prompt(s), action)])


def scenario():
    game = games.load("mmag")
    out = []
    for mask in range(32):
        dice = [i for i in range(5) if mask >> i & 1]
        if len(dice) != 3:
            continue
        for first in dice:
            for second in dice:
                s = game.new({"players": ["A", "B", "C"]}, 1)
                game.apply(s, ["start", 0])
                n = 0
                for a in (["roll"], ["reroll", mask], ["pick", first], ["pick", second], ["done", 0]):
                    n += presses(game, s, a)
                    game.apply(s, a)
                out.append(n)
    return out


def script_turns(name):
    """Presses of each turn of a script: the key lines from a turn's "# roll" (the
    active player's roll) to the next such roll or the final points."""
    turns = []
    n = None
    with open(os.path.join(ROOT, "tests", "scripts", name), encoding="utf-8") as f:
        lines = [x.strip() for x in f]
    solo_passive = False
    for x in lines:
        if x.startswith("# "):
            w = x[2:].split()
            if w[0] == "roll" and not solo_passive:
                if n is not None:
                    turns.append(n)
                n = 0
            elif w[0] == "score" and n is not None:
                turns.append(n)
                n = None
            solo_passive = w[0] == "done" and "solo" in name  # a solo turn's passive roll follows
        elif n is not None and x and not x.startswith("expect") and not x.startswith("wait"):
            n += 1
    return turns


def own_dice():
    game = games.load("mmag")
    rng = Rng(30)
    out = []
    for _ in range(SAMPLES):
        s = game.new({"players": ["A", "B"], "dice": "own"}, 1)
        game.apply(s, ["start", 0])
        s["dice"] = [1 + rng.below(6) for _ in range(5)]  # as the last turn left them
        rolled = [1 + rng.below(6) for _ in range(5)]
        out.append(len(keys(game.prompt(s), rolled)))  # one Fields screen (not searchable)
    return out


def measure():
    sc = scenario()
    scripts = []
    for name in SCRIPTS:
        t = script_turns(name)
        scripts.append((name, len(t), sum(t) / len(t), min(t), max(t)))
    own = own_dice()
    return {"scenario": (len(sc), sum(sc) / len(sc), min(sc), max(sc)), "scripts": scripts,
            "own": (len(own), sum(own) / len(own), max(own))}


def section(r):
    n, mean, lo, hi = r["scenario"]
    L = ["## Presses per turn: Man muss auch gönnen", ""]
    L.append(
        "Counted from the presses each prompt takes (`core.playout.keys`, what `host_sim.autoplay` writes "
        "into the scripts): marking dice steps the cursor on, NO rerolls the dice not marked when that is "
        "shorter, a passive player's pick starts in the middle of the rerolled dice and NO takes none, OK "
        "with nothing marked uses the dice and ends the turn; the moment a guarded screen waits before "
        "it takes OK is no press. Issue 30 target, read as the mean over every way the turn can go: "
        "a 3-player turn that rerolls three dice once with both passive players taking a die in at "
        "most %d presses (before: about 15); five physical dice in at most %d presses on average. The 3-player script's "
        "game took 31.7 presses a turn (25-38) with the screens before issue 30 (commit 4f635c2)." % (TARGET, OWN_TARGET)
    )
    L.append("")
    rows = [("3 players, reroll 3 once, both passive players take a die (every way: %d turns)" % n,
             "%.1f" % mean, lo, hi, ("PASS" if mean <= TARGET else "FAIL") + " (mean <= %d)" % TARGET)]
    for name, k, m, a, b in r["scripts"]:
        rows.append(("every turn of tests/scripts/%s (%d turns)" % (name, k), "%.1f" % m, a, b, ""))
    k, m, b = r["own"]
    rows.append(("five physical dice entered, from the dice as they lie (%d rolls)" % k, "%.1f" % m, "", b,
                 ("PASS" if m <= OWN_TARGET else "FAIL") + " (mean <= %d)" % OWN_TARGET))
    L.append(md_table(("turn", "mean", "min", "max", "target"), rows, "lrrrl"))
    L.append("")
    return L


def replace_section(path, commit, new=None, said="Counted on %s (`python -m tools.bench --presses-only`)."):
    """Put a section (by default this one, measured now) into the Markdown file at
    `path`, in place of the one with its heading (or at its end); the section says the
    commit it was counted on (`said`, with %s for the commit)."""
    new = new or section(measure())
    new.insert(2, said % commit)
    new.insert(3, "")
    put_section(path, new)
