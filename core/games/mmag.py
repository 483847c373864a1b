"""Man muss auch gönnen, 1-4 players: the box rolls the five coloured dice (or takes in
physical ones), runs rolls, rerolls and the passive players' picks, offers the chance
after the third roll, keeps turn order and the end of the game, and runs the solo mode
with its campaign (core.progress). Rules: shared/RULES.md and
rulebooks/man-muss-auch-goennen.en.txt. Cards, market and displays stay on the table.

Actions (plain lists, validated by apply()):
  ["colours", n1, .. n5]      the dice's colour names (setting "colours": own names)
  ["begin"]                   solo: the campaign's level is played
  ["begin", "new"]            solo: a new campaign from level 1 (the old one is kept aside
                              in the record when this game is confirmed)
  ["begin", "free", level]    solo: a game at any level outside the campaign
  ["start", seat]             who starts; -1: the box draws
  ["roll"]                    the box rolls every die (a turn's first roll, the solo
  ["roll", v1, .. v5]         passive roll), or the players enter what they rolled
  ["reroll", mask]            the active player rerolls the dice in mask (bit i = die
  ["reroll", mask, v1, .. v5] i); physical dice: all five values, the kept ones unchanged
  ["pick", die]               the next passive player takes die (rerolled ones only) or
                              none (-1); several may take the same die
  ["picks", passed]           from the game menu: 0 the holder enters the passive picks
                              (they are public: each passive player calls out the die),
                              1 the box goes to each passive player (a guarded screen)
  ["use"]                     the dice used, the end of the turn to come (saves written
                              before the turn ended straight from the roll screen)
  ["chance", 1|2]             after the third roll only: 1-2 dice as a passive player, or
                              the top face-down card
  ["done", ninth]             the turn is over (straight from a roll: the dice were used);
                              ninth 1: the player bought their 9th card
  ["passive"]                 solo: the passive roll was used and a market card removed
  ["score", seat, points, empty]  final points and empty display spaces, seat order

Rulings where the rulebook is silent (the help text says them):
- Seats are entered clockwise; a round ends with the player to the right of the start
  player. The 9th card ends the game after the round after the current one.
- In solo a round is an active and a passive turn; the round counter is the number of
  passive turns. The 9th card ends it after the next round, never after the level's limit.
- Campaign: the level's target is met with the points plus the campaign points carried
  in; the surplus carries on. Level 7 won ends the campaign (the next starts at 1); the
  challenge is level 7 won with 50 or more campaign points left.
"""

from core.games import dispatch, integer, options, seats, starter
from core.i18n import row, t
from core.prompts import Choice, Confirm, Number
from core.rng import Rng
from core.show import Show
from core.textentry import Text
from core.tiles import Fields, Multi, Pick

OPTIONS = (
    ("dice", "mmag.dice", ("box", "own")),
    ("colours", "mmag.colours", ("std", "own")),
)
DICE = 5
ALL = (1 << DICE) - 1
ROLLS = 3  # the first roll and at most two rerolls
LEVELS = ((15, 90), (14, 86), (13, 82), (12, 78), (11, 74), (10, 70), (9, 66))
CHALLENGE = 50  # campaign points left after level 7 (the rulebook's challenge)
MAX_POINTS = 250
EMPTY = 6  # empty display spaces at most (3 cards at least in a 3x3 display)
_FORMAT = "mmag.e.format"  # the reason for a malformed action


def solo_level(level):
    """(rounds, points) of a solo level 1..7."""
    return LEVELS[level - 1]


def passive_dice(rerolls):
    """Dice the solo passive roll lets the player use after an active turn with
    `rerolls` rerolls: 3, 2 or 1."""
    return 3 - rerolls


def new(settings, seed):
    players = settings.get("players")
    if not isinstance(players, (list, tuple)) or not seats("mmag", len(players)):
        raise ValueError(t("mmag.e.players"))
    dice, colours = options(OPTIONS, settings, t(_FORMAT))
    n = len(players)
    camp = settings.get("progress") or {}
    level = camp.get("level", 1)
    s = {
        "players": [str(p) for p in players],
        "n": n,
        "own": dice == "own",  # physical dice: values entered
        "passed": 0,  # 1: the box goes to each passive player for a pick (game menu, ["picks"])
        "names": None,  # own colour names, else the translated defaults
        "rng": Rng(seed).state,
        "phase": "colours" if colours == "own" else _first_phase(n),
        "first": 0,  # start player
        "active": 0,
        "round": 1,
        "dice": [0] * DICE,
        "rolls": 0,  # rolls in this turn, 0..3
        "rerolled": 0,  # mask of the last reroll
        "picks": [],  # dice the passive players took after the last reroll (-1: none)
        "end": 0,  # the round after which the game ends (0: not triggered)
        "ninth": -1,  # who bought the first 9th card
        "points": [],
        "empty": [],
    }
    if n == 1:
        s["level"] = level
        s["carry"] = camp.get("carry", 0)  # campaign points brought in
        s["best"] = [camp.get("best", 0), camp.get("best_carry", 0)]  # as the game began
        s["challenge"] = bool(camp.get("challenge"))
        s["mode"] = "campaign"  # or "new" (a new campaign) or "free" (outside it)
        s["counter"] = 0  # market cards removed: passive turns played
        s["rerolls"] = 0  # in the last active turn
    return s


def _first_phase(n):
    return "start" if n > 1 else "campaign"


def _values(a, at):
    if len(a) != at + DICE:
        raise ValueError(t(_FORMAT))
    return [integer(v, 1, 6, _FORMAT) for v in a[at:]]


def roll(s, mask):
    """Roll the dice in mask with the game's Rng; the others keep their values."""
    r = Rng(s["rng"])
    for i in range(DICE):
        if mask >> i & 1:
            s["dice"][i] = 1 + r.below(6)
    s["rng"] = r.state


def _throw(s, a, mask, at):
    """The dice in mask get new values: the box rolls them, or a[at:] says them."""
    if not s["own"]:
        if len(a) != at:
            raise ValueError(t(_FORMAT))
        roll(s, mask)
        return
    values = _values(a, at)
    for i in range(DICE):
        if not mask >> i & 1 and s["rolls"] and values[i] != s["dice"][i]:
            raise ValueError(t("mmag.e.kept"))
    s["dice"] = values


# ---------------------------------------------------------------- actions
# One handler per (phase, word), called by apply() once the action has its number of
# words: it checks the rest, then changes the state.


def _do_colours(s, a):
    """["colours", n1, .. n5]: the dice's own colour names, 1-6 characters."""
    names = []
    for x in a[1:]:
        if type(x) is not str or not x.strip() or len(x) > 6:
            raise ValueError(t("mmag.e.name"))
        names.append(x.strip())
    s["names"] = names
    s["phase"] = _first_phase(s["n"])


def _do_begin(s, a):
    """["begin"] the campaign's level, ["begin", "new"] a new campaign, ["begin", "free",
    level] a level outside it."""
    if a[1:] == ["new"]:
        level = 1
    elif len(a) == 3 and a[1] == "free":
        level = integer(a[2], 1, len(LEVELS), _FORMAT)
    elif len(a) == 1:
        level = 0
    else:
        raise ValueError(t(_FORMAT))
    if level:
        s["level"], s["carry"] = level, 0
    s["mode"] = a[1] if level else "campaign"
    s["phase"] = "turn"


def _do_start(s, a):
    """["start", seat]: seat starts; -1: the box draws."""
    seat = starter(s, a[1], _FORMAT)
    s["first"] = s["active"] = seat
    s["phase"] = "turn"


def _do_roll(s, a):
    """["roll"(, v1, .. v5)]: a turn's first roll."""
    _throw(s, a, ALL, 1)
    s["rolls"] = 1
    s["rerolled"] = 0
    s["picks"] = []
    s["phase"] = "decide"


def _do_reroll(s, a):
    """["reroll", mask(, v1, .. v5)]: a reroll while the turn has one left."""
    if len(a) < 2:
        raise ValueError(t("mmag.e.now"))
    mask = integer(a[1], 1, ALL, _FORMAT)
    if s["rolls"] >= ROLLS:
        raise ValueError(t("mmag.e.rerolls"))
    _throw(s, a, mask, 2)
    s["rolls"] += 1
    s["rerolled"] = mask
    s["picks"] = []
    if s["n"] > 1:
        s["phase"] = "picks"


def _do_pick(s, a):
    """["pick", die]: the next passive player takes a rerolled die, or none (-1)."""
    die = integer(a[1], -1, DICE - 1, _FORMAT)
    if die >= 0 and not s["rerolled"] >> die & 1:
        raise ValueError(t("mmag.e.pick"))
    s["picks"].append(die)
    if len(s["picks"]) == s["n"] - 1:
        s["phase"] = "decide"


def _do_picks(s, a):
    """["picks", passed]: who enters the passive picks (the game menu)."""
    s["passed"] = integer(a[1], 0, 1, _FORMAT)


def _do_use(s, a):
    """["use"]: the dice are used."""
    s["phase"] = "done"


def _do_chance(s, a):
    """["chance", 1|2]: after the third roll only."""
    integer(a[1], 1, 2, _FORMAT)
    if s["rolls"] != ROLLS:
        raise ValueError(t("mmag.e.chance"))
    s["phase"] = "done"


def _do_done(s, a):
    """["done", ninth]: the turn is over; ninth 1: the player bought their 9th card."""
    if integer(a[1], 0, 1, _FORMAT) and s["ninth"] < 0:
        s["ninth"] = s["active"]
        s["end"] = _end_round(s)
    if s["n"] == 1:
        s["rerolls"] = s["rolls"] - 1
        s["phase"] = "passive_roll"
    else:
        _next_turn(s)


def _do_passive_roll(s, a):
    """["roll"(, v1, .. v5)]: solo, the passive roll."""
    _throw(s, a, ALL, 1)
    s["phase"] = "passive"


def _do_passive(s, a):
    """["passive"]: solo, the passive roll used and a market card removed."""
    s["counter"] += 1
    s["round"] += 1
    s["rolls"] = 0
    if s["counter"] == solo_level(s["level"])[0] or s["counter"] == s["end"]:
        s["phase"] = "score"
    else:
        s["phase"] = "turn"


def _do_score(s, a):
    """["score", seat, points, empty]: the next seat's final points and empty spaces."""
    if a[1] != len(s["points"]):
        raise ValueError(t("mmag.e.now"))
    integer(a[1], 0, s["n"] - 1, _FORMAT)  # True or 1.0 is no seat
    points, empty = integer(a[2], 0, MAX_POINTS, _FORMAT), integer(a[3], 0, EMPTY, _FORMAT)
    s["points"].append(points)
    s["empty"].append(empty)
    if len(s["points"]) == s["n"]:
        s["phase"] = "over"


# (phase, word) -> (words in the action, None: the handler counts them; handler)
_ACTIONS = {
    ("colours", "colours"): (1 + DICE, _do_colours),
    ("campaign", "begin"): (None, _do_begin),
    ("start", "start"): (2, _do_start),
    ("turn", "roll"): (None, _do_roll),
    ("decide", "reroll"): (None, _do_reroll),
    ("decide", "use"): (1, _do_use),
    ("decide", "chance"): (2, _do_chance),
    ("decide", "done"): (2, _do_done),
    ("picks", "pick"): (2, _do_pick),
    ("done", "done"): (2, _do_done),
    ("passive_roll", "roll"): (None, _do_passive_roll),
    ("passive", "passive"): (1, _do_passive),
    ("score", "score"): (4, _do_score),
}
for _ph in ("turn", "decide", "picks", "done"):  # between rolls; solo has no passive picks
    _ACTIONS[(_ph, "picks")] = (2, _do_picks, lambda s: s["n"] > 1)


def apply(s, a):
    dispatch(_ACTIONS, s, a, "mmag")


def _end_round(s):
    """The round after which the game ends once a 9th card is bought now: the current
    round is finished and one more is played (solo: never beyond the level's limit)."""
    if s["n"] == 1:
        return min(s["counter"] + 2, solo_level(s["level"])[0])
    return s["round"] + 1


def _next_turn(s):
    n = s["n"]
    last = (s["first"] + n - 1) % n  # the player to the right of the start player
    if s["active"] == last:
        if s["round"] == s["end"]:
            s["phase"] = "score"
            return
        s["round"] += 1
    s["active"] = (s["active"] + 1) % n
    s["rolls"] = 0
    s["phase"] = "turn"


def sealed(a):
    return False  # nothing in this game is secret


# ---------------------------------------------------------------- prompts


def colour(s, i):
    return s["names"][i] if s["names"] else t("mmag.c" + str(i))


def label(s, i):
    """A die's short colour label under its value: three letters at most, so labels
    never touch, also six tiles wide (a pick's five dice and none)."""
    return s["names"][i][:3] if s["names"] else t("mmag.s" + str(i))


def _tiles(s):
    return [str(s["dice"][i]) for i in range(DICE)], [label(s, i) for i in range(DICE)]


def _die(s, i):
    return "{} {}".format(colour(s, i), s["dice"][i])


def _passive(s, k):
    """Seat of the k-th passive player after the active one, clockwise."""
    return (s["active"] + 1 + k) % s["n"]


def prompt(s):
    ph = s["phase"]
    n = s["n"]
    if ph == "colours":
        return _ask_colours(s, [])
    if ph == "campaign":
        return _campaign(s)
    if ph == "start":
        opts = s["players"] + [t("mmag.random")]
        return Choice(t("mmag.q.start"), opts, lambda i: ["start", -1 if i == n else i])
    if ph == "turn" or ph == "passive_roll":
        title = t("mmag.passive") if ph == "passive_roll" else t("mmag.turn")
        if s["own"]:  # the fields start at the dice as they lie
            fields = [(label(s, i), 1, 6, None) for i in range(DICE)]
            return Fields(title, fields, lambda v: ["roll"] + v, initial=[v or 1 for v in s["dice"]],
                          player=s["active"], lines=[t("mmag.enter")])
        # the box hands on and rolls: a stray OK of the player before rolls nothing (guard)
        return Show(title, lambda _: ["roll"], big=s["players"][s["active"]], lines=[_status(s), t("mmag.ok_roll")],
                    guard=True)
    if ph == "decide":
        return _decide(s)
    if ph == "picks":
        return _pick(s, s["rerolled"], len(s["picks"]))
    if ph == "done":  # the dice stay on screen while they are used on the cards
        opts = [t("mmag.a.done")]
        if s["ninth"] < 0:
            opts.append(t("mmag.a.ninth"))
        end = Choice(t("mmag.q.done"), opts, lambda i: ["done", i], player=s["active"])
        values, labels = _tiles(s)
        who = s["players"][s["active"]]
        return Show(t("mmag.using", who), lambda _: end, tiles=list(zip(values, labels)), lines=[t("mmag.ok_done")])
    if ph == "passive":
        values, labels = _tiles(s)
        k = passive_dice(s["rerolls"])
        title = t("mmag.passive_1") if k == 1 else t("mmag.passive_n", k)
        # no guard: a stray OK ends the passive turn, which undo restores (nothing drawn)
        return Show(title, lambda _: ["passive"], tiles=list(zip(values, labels)), lines=[t("mmag.remove_ok")])
    if ph == "score":
        i = len(s["points"])
        if n == 1:
            return Number(t("mmag.q.points"), 0, MAX_POINTS, lambda p: ["score", 0, p, 0], initial=solo_level(s["level"])[1], player=0)
        return Number(t("mmag.q.points"), 0, MAX_POINTS, lambda p: _ask_empty(i, p), initial=60, player=i)
    return None


def _pick(s, rerolled, k):
    """The k-th passive player's pick: the rerolled dice large, their name above them,
    the cursor on the first die for everyone (a pick is public: no position to hide).
    Entered by the holder at once, or (setting "passed") on the passive player's own
    screen, guarded: the box was handed to them."""
    dice = [i for i in range(DICE) if rerolled >> i & 1]
    return Pick(t("mmag.q.pick"), [str(s["dice"][i]) for i in dice], [label(s, i) for i in dice],
                lambda j: ["pick", dice[j] if j >= 0 else -1], 0, player=_passive(s, k), guard=s["passed"])


def _merge(s, dice, values):
    """All five values: the entered ones for `dice`, the others as they lie."""
    out = list(s["dice"])
    for k in range(len(dice)):
        out[dice[k]] = values[k]
    return out


def _ask_colours(s, names):
    if len(names) == DICE:
        return ["colours"] + names
    i = len(names)
    return Text(t("mmag.q.colour", i + 1), lambda x: _ask_colours(s, names + [x]), maxlen=6, initial=t("mmag.c" + str(i)))


def _ask_empty(i, points):
    return Number(t("mmag.q.empty"), 0, EMPTY, lambda e: ["score", i, points, e], player=i)


def _status(s):
    solo = s["n"] == 1
    now = s["counter"] + 1 if solo else s["round"]  # this round's number
    if s["end"]:
        return t("mmag.last_round") if now == s["end"] else t("mmag.end_round")
    if solo:
        return t("mmag.solo_round", now, solo_level(s["level"])[0])
    return t("mmag.round", now)


def _decide(s):
    values, labels = _tiles(s)
    r = s["rolls"]
    who = s["players"][s["active"]]
    if r < ROLLS:
        def chosen(mask):
            if mask < 0:  # YES: the dice used and the 9th card bought, after a confirm
                return _ninth(s)
            if not mask:  # the dice stay on screen while they are used: OK ends the turn
                return ["done", 0]
            if s["own"]:  # only the rerolled dice are entered; the kept ones stay
                dice = [i for i in range(DICE) if mask >> i & 1]
                fields = [(labels[i], 1, 6, None) for i in dice]
                return Fields(t("mmag.enter_rolled"), fields, lambda v: ["reroll", mask] + _merge(s, dice, v),
                              initial=[s["dice"][i] for i in dice], lines=[who])
            return ["reroll", mask]

        first = s["ninth"] < 0  # only the first 9th card changes the end: YES only until then
        lines = [t("mmag.mark"), t("mmag.no_rest")] + ([t("mmag.yes_ninth")] if first else [])
        # guard: OK with nothing marked ends the turn, so it counts once the dice have been
        # up a moment (the roll's or the last pick's OK pressed twice ends no turn); the
        # D-pad used (dice marked) is a choice begun: the reroll's OK counts at once.
        return Multi(t("mmag.roll_n", who, r, ROLLS), values, labels, chosen, lines=lines,
                     ok=lambda mask: _ok_hint(mask, first), yes=-1 if first else None, no=True, guard=True)
    codes = ["use_end"] + (["use_ninth"] if s["ninth"] < 0 else []) + ["chance1", "chance2"]

    def third(i):
        c = codes[i]
        if c == "use_end":
            return ["done", 0]
        return _ninth(s) if c == "use_ninth" else ["chance", int(c[-1])]

    pick = Choice(t("mmag.q.third"), [t("mmag.a." + c) for c in codes], third, player=s["active"])
    return Show(t("mmag.roll_n", who, r, ROLLS), lambda _: pick, tiles=list(zip(values, labels)), lines=[t("mmag.ok_third")])


def _ninth(s):
    """The dice used and the 9th card bought: confirmed, with what it does to the end."""
    now = s["counter"] + 1 if s["n"] == 1 else s["round"]
    line = t("mmag.ninth_end") if _end_round(s) > now else t("mmag.ninth_last")
    return Confirm(t("mmag.q.ninth"), lambda _: ["done", 1], lines=[line], player=s["active"])


def _ok_hint(mask, first):
    """What OK does with the dice marked: reroll them, or (none marked) end the turn,
    and then also what YES does while the first 9th card is to come (the turn ends
    with it bought); and NO: reroll the others (a player who marked the dice to keep)."""
    n = bin(mask).count("1")
    if not n:
        return t("mmag.ok_yes") if first else t("mmag.ok_use")
    return t("mmag.ok_reroll", n) if n == DICE else t("mmag.ok_no", n, DICE - n)


def _campaign(s):
    """Solo: the campaign's level (OK), a new campaign (confirmed) or a game outside it."""
    def chosen(i):
        if i == 0:
            return ["begin"]
        if i == 1:
            return Confirm(t("mmag.q.new"), lambda _: ["begin", "new"], lines=[t("mmag.new_q"), t("mmag.new_kept")])
        return Number(t("mmag.q.level"), 1, len(LEVELS), lambda v: ["begin", "free", v], initial=s["level"])

    opts = [t("mmag.a.level", s["level"]), t("mmag.a.new"), t("mmag.a.free")]
    return Choice(t("mmag.v.campaign"), opts, chosen, big=t("mmag.level", s["level"]), lines=campaign_lines(s))


# ---------------------------------------------------------------- words, tables, result


def describe(s, a):
    w = a[0]
    if w == "roll":
        return t("mmag.d.roll", " ".join([str(v) for v in s["dice"]]))
    if w == "reroll":
        dice = [_die(s, i) for i in range(DICE) if a[1] >> i & 1]
        return t("mmag.d.reroll", ", ".join(dice))
    if w == "pick":
        who = s["players"][_passive(s, len(s["picks"]) - 1)]
        return t("mmag.d.pick", who, _die(s, a[1])) if a[1] >= 0 else t("mmag.d.nopick", who)
    if w == "chance" or w == "picks":
        return t("mmag.d." + w + str(a[1]))
    if w == "done":
        return t("mmag.d.ninth") if a[1] else t("mmag.d.done")
    if w == "start":
        return t("mmag.d.start", s["players"][s["first"]])
    if w == "score":  # solo: no empty spaces are asked
        if s["n"] == 1:
            return t("mmag.b.score", s["players"][0], a[2])
        return t("mmag.d.score", s["players"][a[1]], a[2], a[3])
    return t("mmag.d." + w)


def brief(s, a):
    """The action just applied in one row ("Rolled 3 5 1 2 6", "Bo: rerolled 2", "Cy took
    Red 4", "Bo: 9th card")."""
    w = a[0]
    if w == "roll":
        return t("mmag.b.roll", " ".join([str(v) for v in s["dice"]]))
    if w == "reroll":
        return t("mmag.b.reroll", s["players"][s["active"]][:8], bin(a[1]).count("1"))
    if w == "pick":
        who = s["players"][_passive(s, len(s["picks"]) - 1)][:8]
        return t("mmag.b.pick", who, label(s, a[1]), s["dice"][a[1]]) if a[1] >= 0 else t("mmag.b.nopick", who)
    if w == "chance" or w == "picks":
        return t("mmag.b." + w + str(a[1]))
    if w == "done":  # the turn has passed on (unless the game ends or a solo game goes on)
        p = s["active"] if s["phase"] != "turn" else (s["active"] - 1) % s["n"]
        if a[1]:
            return t("mmag.b.ninth", s["players"][p][:8])
        return row("mmag.b.done", [s["players"][p]], " ".join([str(v) for v in s["dice"]]))
    if w == "start":
        return t("mmag.b.start", s["players"][s["first"]][:8])
    if w == "score":
        return t("mmag.b.score", s["players"][a[1]][:8], a[2])
    if w == "begin":
        return t("mmag.b." + s["mode"], s["level"])
    return t("mmag.b." + w)  # colours, use, passive


def overrides(s):
    """The game menu's entry for the passive picks: entered here (the default) or on
    each passive player's own screen, the box passed round."""
    if s["n"] == 1 or s["phase"] not in ("turn", "decide", "picks", "done"):
        return []
    to = 1 - s["passed"]
    label = t("mmag.o.picks" + str(to))
    return [(label, Confirm(label, lambda _: ["picks", to], lines=[t("mmag.o.picks_q" + str(to))]))]


def views(s):
    if s["n"] > 1:
        return []
    return [(t("mmag.v.campaign"), [t("mmag.h.what"), t("mmag.h.value")], campaign_rows(s))]


def campaign_rows(s):
    rounds, target = solo_level(s["level"])
    best = s["best"]
    return [
        [t("mmag.h.level"), str(s["level"])],
        [t("mmag.h.target"), str(target)],
        [t("mmag.h.rounds"), "{}/{}".format(s["counter"], rounds)],
        [t("mmag.h.carry"), str(s["carry"])],
        [t("mmag.h.best"), t("mmag.best", best[0], best[1]) if best[0] else "-"],
        [t("mmag.h.challenge"), t("mmag.yes") if s["challenge"] else t("mmag.no")],
    ]


def campaign_lines(s):
    """The campaign screen under the level: target, campaign points, best, challenge."""
    rounds, target = solo_level(s["level"])
    lines = [t("mmag.target", target, rounds), t("mmag.carry", s["carry"])]
    if s["best"][0]:
        lines.append(t("mmag.best_line", s["best"][0], s["best"][1]))
    if s["challenge"]:
        lines.append(t("mmag.challenge"))
    return lines


def _key(s, i):
    return (-s["points"][i], s["empty"][i], i)  # MicroPython sorts unstably: total order


def table(s):
    rows = []
    for i in range(s["n"]):
        done = i < len(s["points"])
        mark = "*" if s["phase"] not in ("score", "over") and i == s["active"] else ""
        rows.append([mark + s["players"][i], str(s["points"][i]) if done else "-", str(s["empty"][i]) if done else "-"])
    return [t("mmag.h.name"), t("mmag.h.points"), t("mmag.h.empty")], rows


def result(s):
    n = s["n"]
    order = sorted(range(n), key=lambda i: _key(s, i))
    out = []
    for k in range(n):
        i = order[k]
        same = k and _key(s, i)[:2] == _key(s, order[k - 1])[:2]
        text = str(s["points"][i])  # solo: won or lost is said under it (closing)
        out.append((out[-1][0] if same else k + 1, i, text))
    return out


def level_result(s):
    """Solo: (won, campaign points after the level) for the points entered."""
    total = s["points"][0] + s["carry"]
    target = solo_level(s["level"])[1]
    return total >= target, total - target


def progress(s, rec):
    """The campaign after a finished solo game (multiplayer games and solo games outside
    the campaign leave it alone). A new campaign keeps the old one's level and points
    aside (aside_level, aside_carry) and its best level and challenge."""
    rec = dict(rec)
    if s["n"] > 1 or s["mode"] == "free":
        return rec
    if s["mode"] == "new" and "level" in rec:
        rec["aside_level"] = rec.pop("level")
        rec["aside_carry"] = rec.pop("carry", 0)
    won, surplus = level_result(s)
    level = s["level"]
    rec["played"] = rec.get("played", 0) + 1
    if won:
        best = rec.get("best", 0)
        if level > best or level == best and surplus > rec.get("best_carry", 0):
            rec["best"] = level
            rec["best_carry"] = surplus
        if level == len(LEVELS) and surplus >= CHALLENGE:
            rec["challenge"] = True
    rec["level"] = level + 1 if won and level < len(LEVELS) else 1
    rec["carry"] = surplus if won and level < len(LEVELS) else 0
    return rec


def closing(s):
    """Solo: under the result, how it came about and what it carries forward."""
    if s["n"] > 1:
        return []
    won, surplus = level_result(s)
    points, carry = s["points"][0], s["carry"]
    lines = [t("mmag.f.won" if won else "mmag.f.lost"), t("mmag.f.sum", points, carry, points + carry, solo_level(s["level"])[1])]
    if s["mode"] == "free":
        return lines + [t("mmag.f.free")]
    if won and s["level"] < len(LEVELS):
        return lines + [t("mmag.f.next", s["level"] + 1, surplus)]
    return lines + [t("mmag.f.again")]


def summary(s):
    if s["phase"] == "over":
        return t("mmag.summary_over")
    if s["n"] == 1:
        return t("mmag.summary_solo", s["level"], s["counter"] + 1)
    return t("mmag.summary", s["n"], s["round"])
