"""apply() is all or nothing (issue 27): for every built game, random games are played with
core.playout.random_action, and before each legal action a handful of wrong ones are
tried on a copy of the state: the legal action with an argument perturbed (ints +-1,
+-100, negated, a string, None, a list...), extra or missing arguments, the game's action
words with random arguments, legal actions of other phases, an empty list, an unknown
word. A refused action must leave the state exactly as it was (== and repr, so not even
the order of a dict's keys changes) and be refused with a ValueError and a readable reason;
any other exception (TypeError, IndexError, KeyError...) is a defect. An accepted wrong
action is fine (some mutations are legal moves; they only go to a copy) as long as the
game goes on from it: describe(), prompt() and table() work. Every game in
core.games.GAMES that is built is included, a new one automatically."""

import copy
import os
import re

import pytest

from conftest import sized
from core import i18n
from core.games import GAMES, load
from core.playout import random_action
from core.rng import Rng

BUILT = [g for g in GAMES if g[1] is not None]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]
SEEDS = int(os.environ.get("ATOMIC_SEEDS", sized(5, 30)))  # games per game module (fast tier: 5)
TRIES = int(os.environ.get("ATOMIC_TRIES", 30))  # wrong actions tried before each legal one
MAX_DRAWS = 20000  # random actions drawn per game at most (a game takes far fewer)
KEY = re.compile(r"^\w+(\.\w+)+$")  # an untranslated text key given as the reason
JUNK = (None, "", "x", "?", [], [0], {}, 0, 1, -1, 2, 7, 99, -100, 10**9, True, False, 1.5)


def variants(v, rng, depth=0):
    """Wrong values in the place of v, a value of a legal action."""
    if type(v) is bool:
        return [not v, None, int(v), "yes", [v]]
    if type(v) is int:
        return [v + 1, v - 1, v + 100, v - 100, -v - 1, str(v), None, [v], float(v), True, False]
    if type(v) is str:
        words = v.split()
        return ["", " ", v + "x" * 40, "not " * 1500 + v, " ".join(words[::-1]), " ".join(words[:-1]), None, 0, [v], v.upper(), v[:-1]]
    if isinstance(v, (list, tuple)):
        v = list(v)
        out = [[], None, 0, "x", v[:-1], v + v[-1:], v + [None], v + [0], tuple(v)]
        if v and depth < 2:
            i = rng.below(len(v))
            out += [v[:i] + [w] + v[i + 1 :] for w in variants(v[i], rng, depth + 1)]
        return out
    return [None, 0, "x", []]


def wrong(a, pool, rng):
    """Every kind of wrong action derived from the legal action a, the legal actions seen
    in this game (`pool`, other phases among them) and their words with random args."""
    out = [[], None, "x", ["?"], ["?", 0], [None], [0], a[:1], a + [0], a + [None], a + ["x"], tuple(a)]
    if len(a) > 1:
        out.append(a[:-1])
    for i in range(len(a)):
        out += [a[:i] + [v] + a[i + 1 :] for v in variants(a[i], rng)]
    for _ in range(4):
        b = pool[rng.below(len(pool))]
        out.append(b)
        out.append([b[0]] + [JUNK[rng.below(len(JUNK))] for _ in range(rng.below(6))])
        out += [b[:i] + [v] + b[i + 1 :] for i in range(1, len(b)) for v in variants(b[i], rng)[:2]]
    return out


def attempt(game, s, mark, a, copy_s, defects):
    """Apply a to copy_s (a copy of s, repr(s) == mark). Returns the copy to use next:
    the same one when a was refused and left it untouched, else a fresh one. A defect
    goes to `defects` (one example per game phase, action word and kind of defect)."""
    word = a[0] if isinstance(a, (list, tuple)) and a and isinstance(a[0], str) else None
    try:
        game.apply(copy_s, copy.deepcopy(a))
    except ValueError as e:
        reason = str(e)
        if copy_s != s or repr(copy_s) != mark:
            defects.setdefault((s.get("phase"), word, "changed"), "refused %r changed the state:\n  %s\n  %s" % (a, mark, repr(copy_s)))
            return copy.deepcopy(s)
        if not reason or KEY.match(reason):
            defects.setdefault((s.get("phase"), word, "reason"), "refused %r with %r" % (a, reason))
        return copy_s
    except Exception as e:  # noqa: BLE001 - anything but ValueError is the defect
        defects.setdefault((s.get("phase"), word, type(e).__name__), "%r raised %s: %s" % (a, type(e).__name__, e))
        return copy.deepcopy(s)
    try:  # accepted: it was a legal action after all, and the game goes on from it
        game.describe(copy_s, a)
        game.prompt(copy_s)
        game.table(copy_s)
    except Exception as e:  # noqa: BLE001
        defects.setdefault((s.get("phase"), word, "accepted"), "accepted %r, then %s: %s" % (a, type(e).__name__, e))
    return copy.deepcopy(s)


def settings_for(info, game, rng, seed):
    lo, hi = info[3], info[4]
    n = lo + seed % (hi - lo + 1)
    settings = {"players": NAMES[:n]}
    for key, _, values in game.OPTIONS:
        settings[key] = values[rng.below(len(values))]
    if n == 1 and rng.below(2):  # a solo campaign at a later level
        settings["progress"] = {"level": 1 + rng.below(7), "carry": rng.below(40)}
    return settings


def play_attacked(game, info, seed, defects):
    rng = Rng(seed * 7919 + 13)
    for _ in range(100):
        try:  # some options need more players (What the Rule?!'s human rule master)
            s = game.new(settings_for(info, game, rng, seed), seed)
            break
        except ValueError:
            pass
    else:
        raise AssertionError("no settings start a game")
    pool = []  # actions drawn so far in this game
    applied = 0
    fresh = True  # the state has not been attacked yet
    for _ in range(MAX_DRAWS):
        p = game.prompt(s)
        if p is None:
            break
        a = random_action(p, rng)
        pool.append(a)
        mark = repr(s)
        if fresh:  # try wrong actions on a copy before the state's first drawn action
            c = copy.deepcopy(s)
            tries = wrong(a, pool, rng)
            for _ in range(TRIES):
                c = attempt(game, s, mark, tries[rng.below(len(tries))], c, defects)
        try:
            game.apply(s, a)
        except ValueError:  # a legal-looking action the rules refuse (playouts draw again)
            if repr(s) != mark:
                defects.setdefault((s.get("phase"), a[0], "changed"), "refused %r changed the state" % (a,))
                return applied
            fresh = False
            continue
        applied += 1
        fresh = True
    else:
        raise AssertionError("game did not end in %d draws" % MAX_DRAWS)
    # over: every action is refused, nothing changes
    mark = repr(s)
    c = copy.deepcopy(s)
    for a in pool[-20:] + [[], ["?"]]:
        c = attempt(game, s, mark, a, c, defects)
    return applied


@pytest.mark.parametrize("gid", [g[0] for g in BUILT])
def test_refused_actions_leave_the_state_untouched(gid):
    info = [g for g in BUILT if g[0] == gid][0]
    game = load(gid)
    try:
        steps = 0
        defects = {}
        for seed in range(1, SEEDS + 1):
            i18n.set_lang(i18n.LANGS[seed % len(i18n.LANGS)])
            steps += play_attacked(game, info, seed, defects)
        assert not defects, "%s: %d defects (phase, word, kind):\n" % (gid, len(defects)) + "\n".join(
            "%r: %s" % (k, defects[k]) for k in sorted(defects, key=repr)
        )
        assert steps > SEEDS
    finally:
        i18n.set_lang("en")


def test_every_built_game_is_covered():
    assert {"g23", "democrazy", "wtr", "mmag", "drws"} <= {g[0] for g in BUILT}
