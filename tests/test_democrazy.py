"""Democrazy: the ballot resolution, jokers, blue laws, the end and the final count; the
box's secrecy on screen; thousands of random playouts with invariants."""

import os

import pytest

from core import i18n, saves
from core.games import load
from core.playout import random_action
from core.rng import Rng
from host_sim import script
from tests.test_secret_input import observe, resumed

g = load("democrazy")
HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["Ann", "Ben", "Cid", "Dee"]


def new(n=4, **opts):
    i18n.set_lang("en")
    settings = {"players": (NAMES + ["P5", "P6", "P7", "P8", "P9", "P10"])[:n]}
    settings.update(opts)
    return g.new(settings, 11)


# ----------------------------------------------------------------- resolution


@pytest.mark.parametrize(
    "votes,dot,adopted",
    [
        ("YYN", "b", True),  # plain majority both ways
        ("YNN", "w", False),
        ("YN", "w", True),  # ties follow the dot
        ("YN", "b", False),
        ("YYNN", "w", True),
        ("", "b", False),
        ("WNNN", "b", True),  # one white shoe against a NO majority
        ("BYYY", "w", False),  # one black shoe against a YES majority
        ("WYY", "b", True),
        ("BNN", "w", False),
        ("WWNNN", "w", False),  # two shoes cancel: the plain majority stands
        ("WBYYN", "b", True),
        ("BBYN", "w", True),  # ... and a plain tie follows the dot
        ("WBBYNN", "w", False),  # three shoes, mixed
        ("WWWY", "b", True),
        ("EYYN", "w", False),  # one Embrouille reverses
        ("ENN", "b", True),
        ("EEYYN", "w", True),  # two reverse twice
        ("EWNN", "w", False),  # a shoe's result, reversed
        ("EBYY", "w", True),
        ("EWBYN", "b", True),  # shoes cancel, tie -> black rejects, reversed
        ("EEEYN", "w", False),
        ("WBE", "w", False),  # everyone plays a joker
        ("EEWB", "b", False),
    ],
)
def test_resolve_every_case(votes, dot, adopted):
    assert g.resolve(votes, dot) is adopted


def test_resolve_refuses_unknown_cards():
    with pytest.raises(ValueError):
        g.resolve("YX", "w")


def test_pawns_and_cards_by_table_size():
    assert [g.per_player(n) for n in range(4, 11)] == [6, 6, 6, 5, 5, 4, 4]


# ----------------------------------------------------------------- jokers


@pytest.mark.parametrize("mix", ["433", "343", "334"])
def test_jokers_dealt_from_the_deck_of_ten(mix):
    for seed in range(30):
        s = g.new({"players": ["P%d" % i for i in range(10)], "mix": mix}, seed)
        assert sorted(s["jokers"]) == sorted("W" * int(mix[0]) + "B" * int(mix[1]) + "E" * int(mix[2]))
    s4 = [g.new({"players": NAMES}, seed)["jokers"] for seed in range(40)]
    assert len(set(s4)) > 10 and all(len(j) == 4 for j in s4)


def test_a_joker_is_offered_once_and_then_refused():
    s = new()
    g.apply(s, ["seen"])
    j0 = s["jokers"][0]
    g.apply(s, ["propose", 0, 0, "", "", -1])
    ask = g.prompt(s).ask(0)
    assert len(ask.options) == 3 and ask.answer(2) == j0
    g.apply(s, ["ballot", j0, "Y", "N", "N"])
    assert s["spent"] == [1, 0, 0, 0]
    g.apply(s, ["next"])
    g.apply(s, ["propose", 0, 0, "", "", -1])
    assert len(g.prompt(s).ask(0).options) == 2  # YES and NO only
    with pytest.raises(ValueError):
        g.apply(s, ["ballot", j0, "Y", "N", "N"])
    other = [c for c in "WBE" if c != s["jokers"][1]][0]
    with pytest.raises(ValueError):
        g.apply(s, ["ballot", "Y", other, "N", "N"])  # not the joker Ben holds


def test_own_jokers_are_named_when_played():
    s = new(jokers="own")
    assert s["phase"] == "turn" and s["jokers"] == ""
    g.apply(s, ["propose", 1, 1, "Tax", "heart", -1])
    assert [o for o in g.prompt(s).ask(2).options][2:] == ["White shoe", "Black shoe", "Embrouille"]
    g.apply(s, ["ballot", "N", "N", "W", "N"])
    assert s["adopted"] and s["spent"] == [0, 0, 1, 0] and s["blue"] == [["Tax", "heart"]]


# ----------------------------------------------------------------- blue laws, the end


def adopt(s, name, symbol, replace=-1):
    g.apply(s, ["propose", 1, 0, name, symbol, replace])
    g.apply(s, ["ballot"] + ["Y"] * s["n"])
    g.apply(s, ["next"])


def test_blue_laws_one_per_symbol_at_most_six():
    s = new(jokers="own")
    for k in range(6):
        adopt(s, "L%d" % k, "S%d" % k)
    adopt(s, "New", "S2")  # same symbol: replaces that law
    assert s["blue"] == [["L0", "S0"], ["L1", "S1"], ["L3", "S3"], ["L4", "S4"], ["L5", "S5"], ["New", "S2"]]
    with pytest.raises(ValueError):
        g.apply(s, ["propose", 1, 0, "Seven", "S9", -1])  # 7th with a new symbol: name one
    chain = g.prompt(s).answer(0).answer(1).answer(0).answer("Seven").answer("S9")
    assert chain.title == "Replaces which law?" and len(chain.options) == 6
    adopt(s, "Seven", "S9", 0)
    assert len(s["blue"]) == 6 and ["L0", "S0"] not in s["blue"] and s["blue"][-1] == ["Seven", "S9"]
    title, header, rows = g.views(s)[0]
    assert title == "Laws on the table" and rows[-1] == ["S9", "Seven"]


def test_a_rejected_law_leaves_the_table_alone():
    s = new(jokers="own")
    g.apply(s, ["propose", 1, 1, "Tax", "heart", -1])
    g.apply(s, ["ballot", "Y", "Y", "N", "N"])  # tie, black dot
    assert not s["adopted"] and s["blue"] == []


@pytest.mark.parametrize("end", ["fin", "bag"])
def test_the_end_and_the_final_count(end):
    s = new()
    g.apply(s, ["seen"])
    g.apply(s, [end])
    assert g.prompt(s).title == "Value of each colour"
    g.apply(s, ["values", 1, 0, 2, 1])
    for i, p in enumerate(([3, 1, 1, 1], [1, 2, 2, 1], [0, 0, 3, 3], [6, 0, 0, 0])):
        g.apply(s, ["pawns", i] + p)
    assert g.prompt(s) is None
    assert g.result(s) == [(1, 2, "9"), (2, 0, "6"), (2, 1, "6"), (2, 3, "6")]


# ----------------------------------------------------------------- on the box


BALLOT_AT = [["seen"], ["propose", 0, 0, "", "", -1]]


def test_yes_no_and_joker_look_the_same_from_the_recording_press(make_box):
    seen = []
    for k in (0, 1, 2):  # YES, NO, Ann's joker
        box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
        assert "Ann" in box.lines() and "Pass the box to" in box.lines()
        box.do("wait 1000", "OK").to(k)
        seen.append(observe(box, "OK", "OK"))
        assert "Ben" in box.lines()
    assert seen[0] == seen[1] == seen[2]


def test_the_yes_and_no_buttons_cast_the_yes_and_no_cards(make_box):
    """One press whatever the card: YES and NO cast on the lit buttons, any entry shown."""
    for button, code in (("YES", "Y"), ("NO", "N")):
        box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
        box.do("wait 1000", "OK")
        assert box.app.top().leds == "both" and box.leds.state[:2] == (255, 255)
        box.do(button, "OK")  # Ann's card, then pass it on
        assert "Ben" in box.lines()
        for _ in NAMES[1:]:
            box.do("wait 1000", "OK", "YES", "OK")
        from core import saves

        assert saves.fetch(box.storage, "democrazy")[0]["l"][-1][:2] == ["ballot", code]


def test_a_joker_is_on_screen_only_for_its_holder_or_once_played(make_box):
    """Through a whole scripted game: a joker's name appears only on its holder's own
    screens (after their hand-over) and on the reveal of a ballot it was played in."""
    with open(os.path.join(HERE, "scripts", "democrazy_4players.txt")) as f:
        lines = f.read().splitlines()
    box = make_box()
    jokers = ("White shoe", "Black shoe", "Embrouille")
    private = ("Your joker", "Your card")
    for line in lines:
        assert box.runner.do(line) is None
        text = box.lines()
        if any(j in s for s in text for j in jokers):
            assert text[0] in private or text[0] == "Result", text
    assert box.lines()[0] == "Final result"


def test_full_scripts_play_to_the_end():
    from core.app import App
    from host_sim import fakes

    for n in (4, 10):
        app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
        with open(os.path.join(HERE, "scripts", "democrazy_%dplayers.txt" % n)) as f:
            assert script.run(app, f) is None


# ----------------------------------------------------------------- random playouts


def test_five_thousand_random_playouts_keep_the_invariants():
    i18n.set_lang("en")
    rng = Rng(2026)
    ended = {"fin": 0, "bag": 0}
    for k in range(5000):
        n = 4 + k % 7
        opts = {"jokers": ("box", "own")[k % 2], "mix": ("433", "343", "334")[k % 3]}
        s = new(n, **opts)
        played = [0] * n
        while True:
            p = g.prompt(s)
            if p is None:
                break
            a = random_action(p, rng)
            before = list(s["spent"])
            g.apply(s, a)
            if a[0] == "ballot":
                for i in range(n):
                    if a[1 + i] in "WBE":
                        assert not before[i]  # a joker is spent at most once
                        played[i] += 1
            symbols = [b[1] for b in s["blue"]]
            assert len(symbols) <= 6 and len(set(symbols)) == len(symbols)
        assert max(played) <= 1 and s["end"] in ("fin", "bag")
        ended[s["end"]] += 1
        assert len(g.result(s)) == n
    assert ended["fin"] and ended["bag"]


def test_saved_game_resumes_mid_ballot_with_the_ballot_restarted(make_box):
    box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
    box.do("OK", "OK", "OK")  # Ann cast YES
    box.do("hold BACK", "OK")  # leave: her answer is dropped
    assert saves.fetch(box.storage, "democrazy")[0]["l"] == BALLOT_AT
