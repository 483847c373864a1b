"""Presses and waits per turn of every game (issues 29, 30, 31, 52), counted from the keys
each screen takes (core.playout.keys): a wait before a guarded screen takes its OK is no
press; it is counted as a wait (the table waits a moment, ARM_MS).

Each row of SECTIONS is data: (label, source, counter, target). A source gives sessions of
records (action number, the action's words, screen, keys pressed on it):
  ("script", NAME)   tests/scripts/NAME played on CPython (a screen: its class's name)
  ("random", GAME, PLAYERS, OPTIONS, GAMES)   host_sim.autoplay's random games, seeds
                     1..GAMES, replayed screen by screen (a screen: its prompt's kind)
  ("name", TEXT)      a new player's name typed (core.players is no prompt: name_keys)
  ("turn", GAME, PLAYERS, OPTIONS, SETUP, TURNS, SEEDS)   each turn of TURNS played on
                     seeds 1..SEEDS after SETUP (not counted); an item is an action, (action,
                     [each screen's answer]), None (each screen as it starts) or a state dict
A counter (turns, voters, screens, actions) turns a session into samples: count(records,
metric) adds metric(keys) over each sample's keys (presses, or waits).
"""

import os

from core import games
from core.playout import keys, path_to
from core.prompts import is_prompt
from core.secret import chain_seed
from host_sim import fakes
from host_sim.autoplay import box_seed, random_game
from host_sim.script import Runner
from tools.bench import ROOT
from tools.bench.markdown import md_table
from tools.bench.mp.harness import is_button, make_app
from tools.bench.sessions import settings


def presses(ks):
    return len([k for k in ks if not k.startswith("wait")])


def waits(ks):
    return len(ks) - presses(ks)


# --- sources ---------------------------------------------------------------------------


def script(name):
    """The records of a script of tests/scripts, played on CPython."""
    with open(os.path.join(ROOT, "tests", "scripts", name), encoding="utf-8") as f:
        lines = f.read().splitlines()
    app, _ = make_app(fakes.MemStorage())
    runner = Runner(app)
    out, tops, act, words = [], [], 0, ["-"]
    for n, line in enumerate(lines, 1):
        if line.startswith("# "):
            act, words = act + 1, line[2:].split()
        elif is_button(line):
            top = app.top()
            if not out or out[-1][0] != act or tops[-1] is not top:
                out.append((act, words, type(top).__name__, []))
                tops.append(top)
            out[-1][3].append(line.strip())
        err = runner.do(line)
        if err:
            raise SystemExit("presses: tests/scripts/%s, line %d: %s" % (name, n, err))
    return out


def replay(game_id, st, seed, items, counted=0):
    """The records of the items (see above) played from a new game with the settings st;
    the first `counted` items are played without records."""
    game = games.load(game_id)
    state = game.new(st, seed)
    out = []
    step = 0  # actions applied: where a secret's lists start (chain_seed), as on the box
    for k, item in enumerate(items):
        if isinstance(item, dict):
            state.update(item)
            continue
        action, answers = item if isinstance(item, tuple) else (item, None)
        if k < counted and action is not None:  # the setup's actions are applied as they are
            game.apply(state, action)
            step += 1
            continue
        p = game.prompt(state)
        if answers is None and action is not None:
            answers = [a for _, a in path_to(p, action)]
        screens = []
        while is_prompt(p):
            p.seed = chain_seed(seed, step)
            a = answers[len(screens)] if answers is not None else True if p.kind in ("show", "confirm") else p.initial
            screens.append((p.kind, keys(p, a)))
            p = p.answer(a)
        if action is not None and p != action:
            raise SystemExit("presses: %s: the answers gave %r, not %r" % (game_id, p, action))
        game.apply(state, p)
        step += 1
        if k >= counted:
            out += [(step, [str(x) for x in p], kind, ks) for kind, ks in screens]
    return out


def sessions(source):
    """[records of each session] of a source."""
    kind, args = source[0], source[1:]
    if kind == "script":
        return [script(args[0])]
    if kind == "name":  # a new player's name typed
        return [[(1, ["name"], "text", name_keys(args[0]))]]
    if kind == "random":
        game_id, players, options, n = args
        out = []
        for seed in range(1, n + 1):
            st, actions, paths = random_game(game_id, players, seed, options)
            out.append(replay(game_id, st, box_seed(), [(a, [x for _, x in p]) for a, p in zip(actions, paths)]))
        return out
    game_id, players, options, setup, turns, seeds = args
    st = dict(settings(game_id, players), **options)
    return [replay(game_id, st, seed, list(setup) + list(turn), len(setup)) for turn in turns for seed in range(1, seeds + 1)]


# --- counters: a session's records -> samples -------------------------------------------


def turns(start, end=(), not_after=None):
    """A turn: the presses from an action `start` to the next (or to one in `end`); a `start`
    right after a `not_after` belongs to the turn before (a solo game's passive roll)."""
    def count(records, metric=presses):
        out, n, last, prev = [], None, None, None
        for act, words, _, ks in records:
            if act != last:
                last, w = act, words[0]
                if w == start and (not_after is None or prev != not_after) or w in end:
                    if n is not None:
                        out.append(n)
                    n = 0 if w == start else None
                prev = w
            if n is not None:
                n += metric(ks)
        return out + ([n] if n is not None else [])
    return count


def voters(*words):
    """A voter in those actions: from their hand-over (a wait) to the next."""
    def count(records, metric=presses):
        out, last = [], None
        for act, w, _, ks in records:
            if w[0] not in words:
                continue
            for k in ks:
                if k.startswith("wait"):
                    out.append(metric([k]))
                    last = act
                elif last == act:
                    out[-1] += metric([k])
        return out
    return count


def screens(words, name):
    """Each screen called `name` in those actions."""
    return lambda records, metric=presses: [metric(ks) for _, w, kind, ks in records if w[0] in words and kind == name]


def actions(words, name=None, size=None):
    """Each of those actions (of `size` words) whole, or its screens called `name`."""
    def count(records, metric=presses):
        out = {}
        for act, w, kind, ks in records:
            if w[0] in words and (size is None or len(w) == size):
                out[act] = out.get(act, 0) + (metric(ks) if name is None or kind == name else 0)
        return [out[k] for k in sorted(out)]
    return count


# --- the rows ----------------------------------------------------------------------------

SEEDS = 200  # the voting games' turns
WTR_GAMES = 20  # random What the Rule?! rounds
MMAG_OWN = 100  # random 2-player games with physical dice

MMAG_TURN = ("turn", "mmag", 3, {}, [["start", 0]], [
    [["roll"], ["reroll", mask], ["pick", a], ["pick", b], ["done", 0]]
    for mask in range(32) if bin(mask).count("1") == 3
    for a in range(5) if mask >> a & 1 for b in range(5) if mask >> b & 1], 1)
MMAG_PASSED = MMAG_TURN[:4] + ([["start", 0], ["picks", 1]],) + MMAG_TURN[5:]
DEMOCRAZY_TURN = ("turn", "democrazy", 5, {}, [["start", 0], ["seen"]], [
    [["propose", 0, 0, "", "", -1], (["ballot"] + ["Y"] * 5, [["Y"] * 5]), ["next"]]], SEEDS)
DEMOCRAZY_ANON = ("turn",) + DEMOCRAZY_TURN[1:3] + ({"reveal": "anon"},) + DEMOCRAZY_TURN[4:]
# the starting chips all white, then the setup's notes as read: the turn starts on the card's screen; each
# payment (2 chips, "like left") taken in white: a payment starts with no chip chosen
WHITE = [(None, [[7, 0, 0, 0]])] * 3
PAID = [(None, [[2, 0, 0, 0]])] * 3
DRWS_TURN = ("turn", "drws", 3, {}, [["mat", "c:00", "c:10", "v:alone", "v:left", "i:first", "i:top"], ["draw"],
                                     ["predict", 1, 2, 3]] + WHITE + [{"notes": []}], [
    [["card", "c:02"], (["vote", 1, 1, 1, 1, 1, 1], [[[1, 1]] * 3]), ["result", 1]] + PAID], SEEDS)
WTR_ROUNDS = ("random", "wtr", 4, {"master": "box", "level": "easy", "rounds": "1"}, WTR_GAMES)
WTR_SCRIPTS = ("wtr_4players.txt", "wtr_table.txt", "wtr_expert.txt", "wtr_first_card.txt", "wtr_correct.txt")


def wtr_guess(text, answers):
    """A guess from "Guess the rule?" on (the first card fits: the verdict read)."""
    return ("turn", "wtr", 2, {"master": "box", "rounds": "1"},
            [["start", 0], {"rule": "colour = white"}, ["card", 0], {"note": None}], [[(["guess", text], answers)]], 1)


G23_AT_14 = [["first", 0], {"top": 14}]  # the turn of the player after the 1's: the top 14
G23_TURN = ("turn", "g23", 3, {}, G23_AT_14, [[["play", 14, 1, 0, 14]]], 1)
G23_TWO = ("turn", "g23", 3, {}, G23_AT_14, [[["play", 15, 2, 0, 14]]], 1)
G23_BONUS = ("turn", "g23", 3, {}, G23_AT_14, [[["play", 10, 2, 1, 10]]], 1)
G23_PASS = ("turn", "g23", 3, {}, G23_AT_14, [[["pass"]], [["force"]], [["fold"]]], 1)
NAMES = ("Ann", "Bo", "Cleo", "Lukas", "Ann-Li")


def name_keys(text):
    """A new name for a seat without one (core.players: the names it is offered end in
    "New name…", the cursor on it), OK, then the entry (core.playout's keys for an empty
    Text, as core.textentry takes them)."""
    from core.textentry import Text

    return ["OK"] + keys(Text("", None), text)


def script_rows(names, label, count):
    return [(label % name, ("script", name), count, None) for name in names]


# (heading, intro, columns, mean's format, rows: (label ({n}: samples), source, counter, target))
SECTIONS = (
    ("## Presses per turn: Man muss auch gönnen", (
        "Counted from the keys each prompt takes (`core.playout.keys`; a guarded screen's wait is no press: waits "
        "are counted apart, a moment each). Issue 30's targets, as means: a 3-player turn rerolling three dice once, "
        "both passive players taking a die, in at most 10 presses (before: about 15), with the pick's cursor in the "
        "middle of the dice; issue 52 starts it on the first die, the same for every player (a habitual OK takes a "
        "known die), 0.33 presses more a pick, so the target is 11 here. Issue 52: that turn waits at most twice: "
        "the roll's hand-over to its player, and the OK that ends the turn with nothing marked (a die marked is a "
        "choice made: a reroll's OK counts at once); the holder enters the public picks, the box passed to each "
        "passive player (a game menu setting) waits once more a pick. Five physical dice entered in at most 13 "
        "(each roll of %d random 2-player games, as they lie). The 3-player script took 31.7 a turn (25-38) before "
        "issue 30 (4f635c2)." % MMAG_OWN),
     ("turn", "mean", "min", "max", "target"), "%.1f",
     [("3 players, reroll 3 once, both passive players take a die (every way: {n} turns)", MMAG_TURN, turns("roll"), 11),
      ("the same with the box passed to each passive player for their pick ({n} turns)", MMAG_PASSED, turns("roll"), None)]
     + script_rows(("mmag_3players.txt", "mmag_4players.txt"), "every turn of tests/scripts/%s ({n} turns)",
                   turns("roll", ("score",)))
     + script_rows(("mmag_solo.txt",), "every turn of tests/scripts/%s ({n} turns)", turns("roll", ("score",), "done"))
     + [("five physical dice entered, from the dice as they lie ({n} rolls)", ("random", "mmag", 2, {"dice": "own"}, MMAG_OWN),
         screens(("roll",), "fields"), 13)]),
    ("## Presses per turn: 23", (
        "Counted from the keys each prompt takes (`core.playout.keys`). Issue 52 asks for a play on the same rank "
        "in at most 4 presses: \"Play\" goes straight to the rank (it starts on the top), the count, the confirm "
        "with the penalty; \"Play with bonus…\" (only while the player has chips) asks the chips and the moved top "
        "first. Before issue 52 every play asked \"Bonus chips to spend?\" (5 presses on the same rank, 13 with a "
        "chip). Passing, forcing and folding from the turn screen; every turn of the scripts."),
     ("turn", "mean", "min", "max", "target"), "%.1f",
     [("play one card on the same rank, no bonus (top 14)", G23_TURN, turns("play"), 4),
      ("play two cards a rank higher, no bonus", G23_TWO, turns("play"), None),
      ("play with a bonus chip: the top 14 moved to 10, two 10s", G23_BONUS, turns("play"), None),
      ("pass, pass & force, fold ({n} turns)", G23_PASS, actions(("pass", "force", "fold")), None)]
     + script_rows(("g23_2players.txt", "g23_3players.txt", "g23_4players.txt"), "every turn of tests/scripts/%s ({n} turns)",
                   actions(("play", "pass", "force", "fold")))),
    ("## Presses: a player's name", (
        "A name the box remembers (names.json, the last table's first) is one press from the seat's list of names: "
        "the cursor starts on the seat's own name (or, for a seat still called \"P2\", on \"New name…\" under the "
        "names remembered), a remembered one is a move or two away. A new name is typed on the "
        "letter grid (core.textentry): the D-pad moves, OK types, YES is done; a name goes on in small letters after "
        "its capital. Issue 52 asks for a new 3-letter name in at most 12 presses from the seat's list (before: "
        "\"Ann\" took about 36, letter by letter with UP/DOWN). The keys are core.playout's for the entry, checked "
        "on the box by tests/test_players.py."),
     ("name", "presses", "", "", "target"), "%.1f",
     [("a new name \"%s\"" % n, ("name", n), actions(("name",)), 12 if len(n) == 3 else None) for n in NAMES]),
    ("## Presses per ballot and turn: the voting games", (
        "Counted from the keys each prompt takes (`core.playout.keys`), over %d seeds: a voter, from the OK that opens "
        "their private screen to the OK that passes the box on; a default turn, from its first screen to the next "
        "turn's. Democrazy, 5 players: a red law with a white dot, everyone YES, the result and the cards read; with the anonymous reveal the lit buttons are dark and every card, a "
        "joker's too, is the D-pad from a random entry, OK and the confirm's OK (issue 50). Das "
        "Regeln Wir Schon!, 3 players: a correction card, everyone YES with one tile, the result, each payment's two "
        "chips chosen (a payment starts with none chosen since issue 50: two presses more each), the card placed. Issue 31 asks for 3 presses a voter with one tile (hand-over, YES or NO, OK) and 15 a default "
        "turn; the tile count starts at random (core.secret.arrange) so that presses never tell the answer: a voter "
        "takes 3 when it starts where they cast it, about one more otherwise. Scripts: all their voters." % SEEDS),
     ("what", "mean", "min", "max"), "%.1f",
     [("Democrazy: one voter ({n} voters)", DEMOCRAZY_TURN, voters("ballot"), None),
      ("Democrazy: a default turn ({n} turns)", DEMOCRAZY_TURN, turns("propose"), None),
      ("Democrazy, anonymous reveal: one voter, a joker's presses ({n} voters)", DEMOCRAZY_ANON, voters("ballot"), None),
      ("Democrazy: one voter in the scripts ({n} voters)",
       [("script", n) for n in ("democrazy_4players.txt", "democrazy_10players.txt", "democrazy_table.txt")],
       voters("ballot"), None),
      ("Das Regeln Wir Schon!: one voter ({n} voters)", DRWS_TURN, voters("vote"), None),
      ("Das Regeln Wir Schon!: a default turn ({n} turns)", DRWS_TURN, turns("card"), None),
      ("Das Regeln Wir Schon!: one voter in the scripts ({n} voters)",
       [("script", n) for n in ("drws_3players.txt", "drws_4players.txt")], voters("vote"), None)]),
    ("## Presses: What the Rule?! card entry and guesses", (
        "Counted with the keys `core.playout` gives each prompt, over the cards and hands of %d random whole rounds "
        "(4 players) and of the scripts %s. A card is entered from the one before it: UP/DOWN the count, LEFT/RIGHT "
        "the shape, YES the fill, NO the colour, then OK (a card left as it starts waits for its OK: no press). Issue "
        "29 asks for at most 4.5 presses a card on average, 45 for a 10-card hand, and 10 for a guess from \"Guess "
        "the rule?\" to the guess confirmed (LEFT/RIGHT turn pages of conditions, NO negates; colour is LEFT of "
        "shape since issue 51). Issue 51 asks for \"(circle or triangle) and white\" in at most 10 presses from the "
        "editor's first page: the guesses count one press more, the OK on \"Guess the rule?\"." % (
            WTR_GAMES, ", ".join(WTR_SCRIPTS))),
     ("what", "mean", "min", "max"), "%.2f",
     [("a card in random rounds, hands' cards included ({n} cards)", WTR_ROUNDS, screens(("card", "hand"), "fields"), None),
      ("a card in the scripts ({n} cards)", [("script", n) for n in WTR_SCRIPTS],
       screens(("card", "hand"), "FieldsScreen"), None),
      ("a revealed hand of 10 cards ({n} hands)", WTR_ROUNDS, actions(("hand",), "fields", 11), None),
      ("guess \"alternating colours\" (`colour != last.colour`)", wtr_guess("colour != last.colour", [0, 7, 3, 2, True]),
       actions(("guess",)), None),
      ("guess \"even count and not square\" (`count even and not shape = square`)",
       wtr_guess("count even and not shape = square", [0, 8, 0, 3, -3, 4, True]), actions(("guess",)), None),
      ("guess \"(circle or triangle) and white\", in brackets as it is said",
       wtr_guess("(shape = circle or shape = triangle) and colour = white", [0, 0, 1, 1, 5, 7, 0, 5, True]),
       actions(("guess",)), None),
      ("guess \"black after white, white after black\" (through the last card: right by the first-card ruling)",
       wtr_guess("(colour = black and last.colour = white) or (colour = white and last.colour = black)",
                 [0, 7, 1, 3, 7, 4, 2, 3, 0, 3, 7, 0, 8, 7, 4, 2, 3, 1, 8, True]), actions(("guess",)), None)]),
)
HEADINGS = tuple(s[0] for s in SECTIONS)


def measure(heading):
    """[(label, presses, target, waits)] of the section with that heading: the samples'
    presses and, sample by sample, their waits."""
    _, _, _, _, rows = SECTIONS[HEADINGS.index(heading)]
    cache = {}
    out = []
    for label, source, count, target in rows:
        samples, waited = [], []
        for src in source if isinstance(source, list) else [source]:
            if id(src) not in cache:
                cache[id(src)] = sessions(src)
            for records in cache[id(src)]:
                samples += count(records)
                waited += count(records, waits)
        out.append((label.format(n=len(samples)), samples, target, waited))
    return out


def section(heading, rows):
    """The section's markdown: per row the presses' mean, min and max, the waits' mean
    (and max), and the target where the row has one."""
    _, intro, columns, fmt, _ = SECTIONS[HEADINGS.index(heading)]
    columns = columns[:4] + ("waits",) + columns[4:]
    cells = []
    for label, xs, target, ws in rows:
        if len(xs) == 1:
            row = [label, "%g" % xs[0], "", ""]
        else:
            row = [label, fmt % (sum(xs) / len(xs)), "%g" % min(xs), "%g" % max(xs)]
        mean_w = sum(ws) / len(ws) if ws else 0
        row.append("%g" % mean_w if len(ws) == 1 or max(ws) == min(ws) else "%.1f (max %g)" % (mean_w, max(ws)))
        if "target" in columns:
            mean = sum(xs) / len(xs)
            row.append("" if target is None else "%s (mean <= %g)" % ("PASS" if mean <= target else "FAIL", target))
        cells.append(row)
    return [heading, "", intro, "", md_table(columns, cells, "l" + "r" * 4 + "l" * (len(columns) - 5)), ""]

