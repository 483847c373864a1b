"""The kit: a small game that uses every part of the core the real games build on, for
tests and the simulator (`./dev sim --kit`, `--script` scripts starting with `# kit`).
It never ships to the device; host_sim.register_kit() puts it on the home menu. It is
written as a game module is, and tests/test_tactics.py holds it to the same rules.

Two rounds for 2-4 players; each round:
  predict  Secret: every player secretly predicts a number 1-9 (a secret number). It is
           a lasting secret: recorded now, revealed only at the round's end.
  name     Text: the first player names the round.
  roll     Show: five dice rolled by the game's own Rng, shown large for the table.
  keep     Multi: the first player keeps any subset; the others are rolled again.
  card     Fields: a card (shape, count 1-6, filled, white/black) entered in one screen.
  verdict  Show: the card is judged (fits when its count is even), on the YES/NO LEDs.
  ballot   Secret: every player secretly casts Yes, No or Joker (three answers).
  reveal   Show: the predictions and the ballot, revealed; points to whoever predicted
           the dice total's last digit.
Views: the dice and the cards entered. describe(): every action in words; brief(): in a row. sealed():
the predictions, the ballot and the reveal. progress(): games finished and best score.
"""

from core.prompts import Choice, Number
from core.secret import Secret
from core.textentry import Text
from core.show import Show
from core.tiles import Fields, Multi
from core.rng import Rng

ID = "kit"
TITLE = "Kit test game"
SHAPES = ("\u25cf", "\u25b2", "\u25a0")  # circle, triangle, square (filled)
OUTLINE = ("\u25cb", "\u25b3", "\u25a1")
COLOURS = "RGBYW"
OPTIONS = ()


def new(settings, seed):
    n = len(settings["players"])
    if n < 2 or n > 4:
        raise ValueError("2 to 4 players.")
    return {"n": n, "rng": Rng(seed).state, "round": 1, "phase": "predict", "pred": None, "name": "",
            "dice": [0] * 5, "kept": 0, "cards": [], "votes": None, "score": [0] * n, "last": ""}


def _roll(s, mask):
    rng = Rng(s["rng"])
    for i in range(5):
        if not mask >> i & 1:
            s["dice"][i] = 1 + rng.below(6)
    s["rng"] = rng.state


def _card_name(c):
    shape = (SHAPES if c[2] else OUTLINE)[c[0]]
    return "{}{} {}".format(c[1], shape, "black" if c[3] else "white")


def prompt(s):
    ph = s["phase"]
    n = s["n"]
    if ph == "over":
        return None
    if ph == "predict":
        return Secret("Prediction", list(range(n)), lambda i: Number("Your prediction", 1, 9, _same), lambda v: ["predict"] + v)
    if ph == "name":
        return Text("Name this round", lambda v: ["name", v], maxlen=6, player=0)
    if ph == "roll":
        return Show("Dice", lambda _: ["seen"], tiles=_dice_tiles(s), lines=[s["name"]])
    if ph == "keep":
        values = [str(d) for d in s["dice"]]
        return Multi("Keep which dice?", values, list(COLOURS), lambda m: ["keep", m], player=0)
    if ph == "card":
        fields = (("shape", 0, 2, SHAPES), ("count", 1, 6, None), ("fill", 0, 1, ("o", "*")), ("card", 0, 1, ("W", "B")))
        return Fields("Which card?", fields, lambda v: ["card"] + v)
    if ph == "verdict":
        c = s["cards"][-1]
        fits = c[1] % 2 == 0
        return Show("Verdict", lambda _: ["judged"], big="Fits" if fits else "No fit", lines=[_card_name(c)], leds="yes" if fits else "no")
    if ph == "ballot":
        return Secret("Ballot", list(range(n)), lambda i: Choice("Your vote", ["Yes", "No", "Joker"], _same, votes=(0, 1)), lambda v: ["ballot"] + v)
    # reveal
    return Show("Reveal", lambda _: ["reveal"], tiles=[(str(s["pred"][i]), "P" + str(i + 1)) for i in range(n)], lines=[_tally(s)])


def _same(v):
    return v


def _dice_tiles(s):
    return [(str(s["dice"][i]), COLOURS[i]) for i in range(5)]


def _tally(s):
    v = s["votes"]
    return "Yes {} No {} Joker {}".format(v.count(0), v.count(1), v.count(2))


def _nums(a, k, lo, hi):
    if len(a) != k + 1:
        raise ValueError("Malformed action.")
    for x in a[1:]:
        if type(x) is not int or x < lo or x > hi:
            raise ValueError("Out of range.")


def apply(s, a):
    ph = s["phase"]
    if not isinstance(a, list) or not a or a[0] != {"predict": "predict", "name": "name", "roll": "seen", "keep": "keep", "card": "card", "verdict": "judged", "ballot": "ballot", "reveal": "reveal"}.get(ph):
        raise ValueError("Not now.")
    n = s["n"]
    if ph == "predict":
        _nums(a, n, 1, 9)
        s["pred"] = a[1:]
        s["phase"] = "name"
    elif ph == "name":
        if len(a) != 2 or type(a[1]) is not str or not a[1] or len(a[1]) > 6:
            raise ValueError("A name of 1 to 6 letters.")
        s["name"] = a[1]
        _roll(s, 0)
        s["phase"] = "roll"
    elif ph == "roll":
        s["phase"] = "keep"
    elif ph == "keep":
        _nums(a, 1, 0, 31)
        s["kept"] = a[1]
        _roll(s, a[1])
        s["phase"] = "card"
    elif ph == "card":
        _nums(a, 4, 0, 6)
        if a[1] > 2 or a[2] < 1 or a[3] > 1 or a[4] > 1:
            raise ValueError("No such card.")
        s["cards"].append(a[1:])
        s["phase"] = "verdict"
    elif ph == "verdict":
        s["phase"] = "ballot"
    elif ph == "ballot":
        _nums(a, n, 0, 2)
        s["votes"] = a[1:]
        s["phase"] = "reveal"
    else:
        total = sum(s["dice"]) % 10
        for i in range(n):
            if s["pred"][i] == total:
                s["score"][i] += 5
        s["pred"] = None
        s["votes"] = None
        s["round"] += 1
        s["phase"] = "over" if s["round"] > 2 else "predict"


def sealed(a):
    return a[0] in ("predict", "ballot", "reveal")


def describe(s, a):
    w = a[0]
    if w == "predict":
        return "Predictions made"
    if w == "name":
        return "Round named " + a[1]
    if w == "keep":
        return "Kept {} dice".format(bin(a[1]).count("1"))
    if w == "card":
        return "Card " + _card_name(a[1:])
    if w == "ballot":
        return "Ballot cast"
    if w == "reveal":
        return "Revealed"
    return "Seen"


def brief(s, a):
    """The last action in one row: the kit's descriptions are short already."""
    return describe(s, a)[:21]


def views(s):
    return [
        ("Dice", ["Die", "Value"], [[COLOURS[i], str(s["dice"][i])] for i in range(5)]),
        ("Cards", ["#", "Card"], [[str(i + 1), _card_name(s["cards"][i])] for i in range(len(s["cards"]))]),
    ]


def table(s):
    return ["Name", "Pts"], [["P" + str(i + 1), str(s["score"][i])] for i in range(s["n"])]


def result(s):
    order = sorted(range(s["n"]), key=lambda i: (-s["score"][i], i))  # MicroPython sorts unstably
    out = []
    for k in range(len(order)):
        i = order[k]
        place = out[-1][0] if k and s["score"][i] == s["score"][order[k - 1]] else k + 1
        out.append((place, i, str(s["score"][i])))
    return out


def summary(s):
    return "round {}".format(s["round"])


def progress(s, rec):
    rec = rec or {"games": 0, "best": 0}
    return {"games": rec["games"] + 1, "best": max(rec["best"], max(s["score"]))}
