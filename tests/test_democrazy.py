"""Democrazy: the ballot resolution, jokers, blue laws, the end and the final count; the
box's secrecy on screen; the open reveal; the table's overrides; thousands of random
playouts with invariants. `python tests/test_democrazy.py` rewrites
tests/scripts/democrazy_table.txt (a whole 10-player game with every override)."""

import os
import sys

if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest

from core import i18n, saves
from core.games import load
from core.playout import random_action
from core.rng import Rng
from core.prompts import is_prompt
from host_sim import autoplay, script
from tests.test_secret_input import observe, resumed

g = load("democrazy")
HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["Ann", "Ben", "Cid", "Dee"]


def new(n=4, **opts):
    """A new game in which Ann starts (the setup's question answered)."""
    i18n.set_lang("en")
    settings = {"players": (NAMES + ["P5", "P6", "P7", "P8", "P9", "P10"])[:n]}
    settings.update(opts)
    s = g.new(settings, 11)
    g.apply(s, ["start", 0])
    return s


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


def card(s, seat):
    """The card question of the player in `seat` (the ballot goes round from the
    proposer's left)."""
    ballot = g.prompt(s)
    return ballot.ask(ballot.voters.index(seat))


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
    ask = card(s, 0)
    assert len(ask.options) == 3 and ask.answer(2).answer(True) == j0  # OK on the list: confirmed
    assert ask.answer(3) == "Y" and ask.answer(4) == "N"  # the lit buttons: at once
    g.apply(s, ["ballot", j0, "Y", "N", "N"])
    assert s["spent"] == [1, 0, 0, 0]
    g.apply(s, ["next"])
    g.apply(s, ["propose", 0, 0, "", "", -1])
    assert len(card(s, 0).options) == 2  # YES and NO only
    with pytest.raises(ValueError):
        g.apply(s, ["ballot", j0, "Y", "N", "N"])
    other = [c for c in "WBE" if c != s["jokers"][1]][0]
    with pytest.raises(ValueError):
        g.apply(s, ["ballot", "Y", other, "N", "N"])  # not the joker Ben holds


def test_the_jokers_played_are_listed_without_a_name_split_over_two_lines():
    for lang in ("en", "de", "nl"):
        i18n.set_lang(lang)
        try:
            s = new(jokers="own")
            g.apply(s, ["propose", 0, 0, "", "", -1])
            g.apply(s, ["ballot", "W", "B", "E", "W"])
            from core.show import ShowScreen

            shown = ShowScreen(g.prompt(s), None).lines
            for code, count in (("W", "2x "), ("B", ""), ("E", "")):
                assert any(count + g.t("democrazy.c." + code) in x for x in shown), (lang, shown)
        finally:
            i18n.set_lang("en")


def test_own_jokers_are_named_when_played():
    s = new(jokers="own")
    assert s["phase"] == "turn" and s["jokers"] == ""
    g.apply(s, ["propose", 1, 1, "Tax", "heart", -1])
    assert card(s, 2).options[2:] == ["White shoe", "Black shoe", "Embrouille"]
    g.apply(s, ["ballot", "N", "N", "W", "N"])
    assert s["adopted"] and s["spent"] == [0, 0, 1, 0] and s["blue"] == []
    g.apply(s, ["next"])  # the result read: the law goes on the table
    assert s["blue"] == [["Tax", "heart"]]


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
    symbols = g.prompt(s).answer(0).answer(1).answer(0)
    assert symbols.options == ["S0", "S1", "S3", "S4", "S5", "S2", "Heart", "Star", "Triangle", "Circle", "Square", "Moon", "New symbol\u2026", "No symbol"]
    chain = symbols.answer(12).answer("S9")
    assert chain.title == "Replaces which law?" and len(chain.options) == 6
    assert chain.answer(0).answer(1).answer("Seven").answer(True) == ["propose", 1, 0, "Seven", "S9", 0]
    adopt(s, "Seven", "S9", 0)
    assert len(s["blue"]) == 6 and ["L0", "S0"] not in s["blue"] and s["blue"][-1] == ["Seven", "S9"]
    title, header, rows = g.views(s)[0]
    assert title == "Laws on the table" and rows[-1] == ["S9", "Seven"]


def test_a_common_symbol_is_one_choice_and_then_the_law_needs_no_name():
    """Issue 50: a blue law with a new symbol took about 85 presses ("STAR" typed, and a
    name). The common symbols are listed in the table's language; with a symbol the
    name is optional, and the law is then called by its symbol."""
    s = new(jokers="own")
    symbols = g.prompt(s).answer(0).answer(1).answer(0)
    named = symbols.answer(1)  # "Star"
    assert named.options == ["No name", "Name it\u2026"]
    confirm = named.answer(0)
    assert confirm.lines[0].startswith("Star, white dot") and confirm.answer(True) == ["propose", 1, 0, "", "Star", -1]
    adopt(s, "", "Star")
    assert s["blue"] == [["", "Star"]] and g.views(s)[0][2] == [["Star", "-"]]
    again = g.prompt(s).answer(0).answer(1).answer(0).answer(0).answer(0)  # Star again, no name
    assert again.lines[0] == "Star, white dot (replaces Star)"  # the nameless law by its symbol
    assert "Star" not in g.prompt(s).answer(0).answer(1).answer(0).options[1:]  # on the table: listed once, first
    with pytest.raises(ValueError):  # neither name nor symbol
        g.apply(s, ["propose", 1, 0, "", "", -1])
    i18n.set_lang("nl")
    try:
        assert g.prompt(s).answer(0).answer(1).answer(0).options[:3] == ["Star", "Hart", "Ster"]  # its own words
    finally:
        i18n.set_lang("en")
    g.apply(s, ["repeal", 0])  # a play-test: "Repealed:" with nothing after it
    assert g.brief(s, ["repeal", 0]) == "Repealed: Star"


def test_a_law_read_aloud_keeps_its_dot_secret_until_the_result():
    """The rulebook's read-aloud variant: the proposer's own confirm names the dot, the
    ballot and the game menu do not, the result does."""
    s = new(law="read")
    g.apply(s, ["seen"])
    ask = g.prompt(s).answer(0).answer(0).answer(1)  # propose, red, black dot
    assert ask.title == "Put to the vote?" and ask.lines == ["Red, black dot"]
    g.apply(s, ask.answer(True))
    assert g.prompt(s).lines == ["Red, dot secret"]
    assert g.describe(s, ["propose", 0, 1, "", "", -1]) == "Proposed: Red, dot secret"
    g.apply(s, ["ballot", "Y", "Y", "N", "N"])  # a tie: the black dot rejects
    assert "Red, black dot" in g.prompt(s).lines and not s["adopted"]
    plain = new()
    g.apply(plain, ["seen"])
    g.apply(plain, ["propose", 0, 1, "", "", -1])
    assert g.prompt(plain).lines == ["Red, black dot"]


def test_a_rejected_law_leaves_the_table_alone():
    s = new(jokers="own")
    g.apply(s, ["propose", 1, 1, "Tax", "heart", -1])
    g.apply(s, ["ballot", "Y", "Y", "N", "N"])  # tie, black dot
    assert not s["adopted"] and s["blue"] == []


def test_the_final_values_are_asked_beside_the_blue_laws_on_the_table():
    s = new(jokers="own")
    g.apply(s, ["fin"])
    assert g.prompt(s).lines == ["No blue laws on the table"]
    s = new(jokers="own")
    for law in (["Tax", "heart"], ["", "star"]):
        g.apply(s, ["propose", 1, 1] + law + [-1])
        g.apply(s, ["ballot", "Y", "Y", "Y", "N"])
        g.apply(s, ["next"])
    g.apply(s, ["fin"])
    assert g.prompt(s).title == "Value of each colour"
    assert g.prompt(s).lines == ["Blue laws: Tax (heart), star"]


def test_undo_at_the_final_ranking_shows_the_pawns_as_entered():
    from core.session import Session

    sess = Session("democrazy", {"players": NAMES}, 11, (["start", 0], ["seen"], ["fin"], ["values", 1, 0, 2, 1]))
    for i, p in enumerate(([3, 1, 1, 1], [1, 2, 2, 1], [0, 0, 3, 3], [6, 0, 0, 0])):
        sess.apply(["pawns", i] + p, False)
    assert sess.prompt() is None
    sess.undo()
    ask = sess.prompt()
    assert ask.title == "Pawns per colour" and ask.player == 3 and ask.initial == [6, 0, 0, 0]
    sess.apply(ask.answer([5, 1, 0, 0]), False)  # corrected
    sess.undo(2)
    assert sess.prompt().initial == [0, 0, 3, 3]


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


BALLOT_AT = [["start", 3], ["seen"], ["propose", 0, 0, "", "", -1]]


def test_yes_no_and_joker_look_the_same_from_the_recording_press(make_box):
    seen = []
    for k in (0, 1, 2):  # YES, NO, Ann's joker
        box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
        assert "Ann" in box.lines() and "Pass the box to" in box.lines()
        box.do("wait 1000", "OK").to(k)
        box.do("OK")  # taken from the list: "Cast this card?"
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
        assert saves.fetch(box.storage, "democrazy")[0]["l"][-1][:2] == ["ballot", code]


def test_with_the_anonymous_reveal_a_joker_takes_the_presses_of_a_plain_vote(make_box):
    """The lit buttons stay dark and cast nothing: every card, YES, NO or a joker, is the
    D-pad from a random entry (core.secret.arrange), OK and the confirm's OK."""
    from core import games, savefile
    from host_sim import fakes

    for k in (0, 1, 2):  # YES, NO, Ann's joker
        storage = fakes.MemStorage()
        savefile.store(storage, "democrazy", {"players": NAMES, "reveal": "anon"}, 5, BALLOT_AT, 1)
        box = make_box(storage=storage)
        box.do(*(["DOWN"] * [x[0] for x in games.GAMES].index("democrazy")), "OK", "OK", "wait 1000", "OK")
        top = box.app.top()
        assert top.title == "Your card" and top.leds != "both" and box.leds.state[:2] == (0, 0)
        box.do("YES", "NO")
        assert box.app.top() is top  # nothing cast
        box.to(k)
        box.do("OK")
        assert box.lines()[0] == "Cast this card?"
        box.do("OK")
        assert "Vote recorded." in box.lines()
        box.do("OK")
        for _ in NAMES[1:]:
            box.do("wait 1000", "OK").to(0).do("OK", "OK", "OK")
        cast = saves.fetch(box.storage, "democrazy")[0]["l"][-1]
        assert cast[0] == "ballot" and (cast[1] == "YN"[k] if k < 2 else cast[1] not in "YN")


def test_a_voter_may_change_their_card_until_they_pass_the_box_on(make_box):
    """The recorded screen names the card cast to its voter; BACK lets them cast again
    (here a joker instead of YES), the next voter's hand-over still to come."""
    box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
    box.do("wait 1000", "OK", "YES")
    assert "YES" in box.lines() and "BACK: change it" in box.lines()
    box.do("BACK")
    assert box.lines()[0] == "Your card"
    name = g.t("democrazy.c." + g.new({"players": NAMES}, 5)["jokers"][0])  # Ann's
    box.to(box.app.top().items.index(name)).do("OK", "OK")  # the joker from the list, confirmed
    assert "Vote recorded." in box.lines() and name in box.lines()
    box.do("OK")
    for _ in NAMES[1:]:
        box.do("wait 1000", "OK", "NO", "OK")
    cast = saves.fetch(box.storage, "democrazy")[0]["l"][-1]
    assert cast[0] == "ballot" and cast[1] not in "YN"


def test_the_card_cast_goes_from_the_screen_after_a_moment_whatever_it_was(make_box):
    """The recorded screen names the card for Recorded.SAID_MS: a box left there, or put
    to sleep and woken by someone else, no longer shows it; the pages are the same for
    every card then, and BACK still changes it."""
    from core.secret import Recorded

    seen = []
    for button in ("YES", "NO"):
        box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
        box.do("wait 1000", "OK", button)
        assert button in box.lines()
        box.do("wait %d" % Recorded.SAID_MS)
        assert button not in box.lines() and "BACK: change it" in box.lines()
        seen.append((box.lines(), bytes(box.display.buf)))
        box.do("BACK")
        assert box.lines()[0] == "Your card"
    assert seen[0] == seen[1]


def test_the_last_voter_is_told_that_ok_ends_the_vote(make_box):
    """"OK: pass it on" while voters are to come; the last voter's OK reveals, and says so."""
    box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
    for k in range(4):
        box.do("wait 1000", "OK", "YES")
        assert ("OK: all done" if k == 3 else "OK: pass it on") in box.lines()
        assert "Shown with your name" in box.lines()  # the open reveal, told before it
        box.do("OK")
    assert box.lines()[0] == "Result"


def test_a_double_ok_on_the_result_does_not_skip_the_cards_played(make_box):
    """The open reveal's "Cards played" takes OK only once it has been up a moment, as the
    result does: the second OK of a hurried double press leaves it on screen."""
    box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
    for _ in NAMES:
        box.do("wait 1000", "OK", "YES", "OK")
    assert box.lines()[0] == "Result"
    box.do("wait 1000", "OK", "OK")
    assert box.lines()[0] == "Cards played" and "Ann: YES" in box.lines()
    box.do("wait 1000", "OK")
    assert box.lines()[0] != "Cards played"


def test_a_joker_is_on_screen_only_for_its_holder_or_once_played(make_box):
    """Through a whole scripted game: a joker's name appears only on its holder's own
    screens (after their hand-over) and on the reveal of a ballot it was played in."""
    with open(os.path.join(HERE, "scripts", "democrazy_4players.txt")) as f:
        lines = f.read().splitlines()
    box = make_box()
    jokers = ("white shoe", "black shoe", "embrouille")
    private = ("Your joker", "Your card", "Cast this card?")
    for line in lines:
        assert box.runner.do(line) is None
        text = box.lines()
        if any(j in s.lower() for s in text for j in jokers):
            # (the recorded screen repeats the card cast to its voter, before they pass on)
            assert text[0] in private or text[0] in ("Result", "Cards played") or "Vote recorded." in text, text
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
    """Random games in which the table also uses its overrides at random moments."""
    from core.textentry import fold

    i18n.set_lang("en")
    rng = Rng(2026)
    ended = {"fin": 0, "bag": 0}
    used = set()
    for k in range(5000):
        n = 4 + k % 7
        opts = {"jokers": ("box", "own")[k % 2], "mix": ("433", "343", "334")[k % 3], "reveal": ("open", "anon")[k // 2 % 2]}
        s = new(n, **opts)
        played = [0] * n
        while True:
            p = g.prompt(s)
            if p is None:
                break
            fixes = g.overrides(s)
            if fixes and rng.below(4) == 0:
                p = fixes[rng.below(len(fixes))][1]
            a = random_action(p, rng)
            before = {"spent": list(s["spent"]), "skip": list(s["skip"]), "adopted": s["adopted"], "blue": len(s["blue"])}
            try:
                g.apply(s, a)
            except ValueError:
                assert a[0] == "skip" and sum(before["skip"]) == n - 1  # someone has to vote
                continue
            used.add(a[0])
            if a[0] == "ballot":
                for i in range(n):
                    assert (a[1 + i] == "-") == bool(before["skip"][i])  # a skipped player casts nothing
                    if a[1 + i] in "WBE":
                        assert not before["spent"][i]  # a joker is spent at most once
                        played[i] += 1
                assert s["skip"] == [0] * n  # for one ballot only
            elif a[0] == "overrule":
                assert s["adopted"] is not before["adopted"]
            elif a[0] == "repeal":
                assert len(s["blue"]) == before["blue"] - 1
            symbols = [fold(b[1]) for b in s["blue"] if b[1]]
            assert len(s["blue"]) <= 6 and len(set(symbols)) == len(symbols)
        assert max(played) <= 1 and s["end"] in ("fin", "bag")
        ended[s["end"]] += 1
        assert len(g.result(s)) == n
    assert ended["fin"] and ended["bag"]
    assert {"repeal", "skip", "turn", "overrule"} <= used


def test_saved_game_resumes_mid_ballot_with_the_ballot_restarted(make_box):
    box = resumed(make_box, "democrazy", BALLOT_AT, NAMES)
    box.do("OK", "OK", "OK")  # Ann cast YES
    box.do("hold BACK", "OK")  # leave: her answer is dropped
    assert saves.fetch(box.storage, "democrazy")[0]["l"] == BALLOT_AT


# ----------------------------------------------------------------- the open reveal, overrides


def test_symbols_are_one_whatever_the_capitals():
    s = new(jokers="own")
    adopt(s, "Tax", "Star")
    symbols = g.prompt(s).answer(0).answer(1).answer(0)
    assert symbols.options == ["Star", "Heart", "Triangle", "Circle", "Square", "Moon", "New symbol\u2026", "No symbol"]
    confirm = symbols.answer(6).answer("STAR").answer(1).answer("Road")  # typed anew in capitals: the same symbol
    assert confirm.answer(True) == ["propose", 1, 0, "Road", "Star", -1]
    assert "(replaces Tax)" in confirm.lines[0]
    adopt(s, "Road", "star")
    assert s["blue"] == [["Road", "star"]]
    adopt(s, "Fee", "")  # no symbol: never replaces, and two may lie out
    adopt(s, "Dues", "")
    assert s["blue"] == [["Road", "star"], ["Fee", ""], ["Dues", ""]]
    assert g.views(s)[0][2] == [["star", "Road"], ["-", "Fee"], ["-", "Dues"]]
    for k in range(3):
        adopt(s, "L%d" % k, "S%d" % k)
    with pytest.raises(ValueError):  # a 7th law with no symbol names the one it replaces
        g.apply(s, ["propose", 1, 0, "Free", "", -1])
    chain = g.prompt(s).answer(0).answer(1).answer(0)
    chain = chain.answer(len(chain.options) - 1)  # no symbol
    assert chain.title == "Replaces which law?" and chain.options[:2] == ["Road (star)", "Fee"]
    assert chain.answer(1).title == "Short name of the law"  # without a symbol a name is needed
    adopt(s, "Free", "", 1)
    assert len(s["blue"]) == 6 and ["Fee", ""] not in s["blue"]


def test_the_open_reveal_names_every_card_and_the_anonymous_one_none():
    for reveal in ("open", "anon"):
        s = new(reveal=reveal)
        g.apply(s, ["seen"])
        g.apply(s, ["propose", 0, 1, "", "", -1])
        j = s["jokers"]
        g.apply(s, ["ballot", "Y", j[1], "N", "Y"])
        result = g.prompt(s)
        assert result.guard and result.big in ("ADOPTED", "REJECTED")
        after = result.answer(True)
        names = g.table(s)[1]
        if reveal == "open":
            assert after.title == "Cards played"
            assert after.lines == ["Ann: YES", "Ben: " + g.t("democrazy.c." + j[1]), "Cid: NO", "Dee: YES"]
            assert after.answer(True) == ["next"] and names[1] == ["Ben", "joker out"]
        else:
            assert after == ["next"]  # counts only: no screen links a player to a card
            assert [r[1] for r in names] == ["-"] * 4
            assert all("Ben" not in line for line in result.lines)


def test_each_override_changes_what_it_says_and_undoes():
    from core.session import Session

    i18n.set_lang("en")
    session = Session("democrazy", {"players": NAMES}, 5, (), None)
    for a in (["start", 1], ["seen"]):
        session.apply(a, False)

    def fix(label, *answers):
        before = repr(sorted(session.state.items()))
        p = dict(g.overrides(session.state))[label]
        for x in answers:
            p = p.answer(x)
        session.apply(p, False)
        return before

    assert [o[0] for o in g.overrides(session.state)] == ["Skip a voter", "Whose turn"]
    before = fix("Whose turn", 3, True)
    assert session.state["turn"] == 3 and session.last() == "Turn set: Dee"
    session.undo()
    assert repr(sorted(session.state.items())) == before
    fix("Skip a voter", 2, True)
    assert session.state["skip"] == [0, 0, 1, 0] and session.last() == "Cid sits out a vote"
    session.apply(["propose", 1, 0, "Tax", "Star", -1], False)
    ballot = g.prompt(session.state)
    assert ballot.voters == [3, 0, 1] and "Not voting: Cid" in ballot.lines  # from Ben's left
    with pytest.raises(ValueError):
        session.apply(["ballot", "Y", "Y", "Y", "Y"], False)  # Cid casts nothing
    session.apply(ballot.answer(["Y", "N", "N"]), False)
    assert session.state["votes"] == ["N", "N", "-", "Y"] and not session.state["adopted"]  # by seat
    before = fix("Overrule the result", True)
    assert session.state["adopted"] and session.last() == "Overruled: adopted"
    assert g.prompt(session.state).lines[0] == "by majority"  # why, then as the table decided
    session.undo()
    assert repr(sorted(session.state.items())) == before
    fix("Overrule the result", True)
    session.apply(["next"], False)
    assert session.state["blue"] == [["Tax", "Star"]]
    before = fix("Repeal a law", 0, True)
    assert session.state["blue"] == [] and session.last() == "Repealed: Tax"
    session.undo()
    assert repr(sorted(session.state.items())) == before and session.state["blue"] == [["Tax", "Star"]]
    for i in range(3):
        fix("Skip a voter", i, True)
    with pytest.raises(ValueError):  # the last voter cannot be skipped
        fix("Skip a voter", 3, True)
    fix("Skip a voter", 0, True)  # skipped twice: votes again
    assert session.state["skip"] == [0, 1, 1, 0] and session.last() == "Ann votes again"
    session.apply(["propose", 0, 0, "", "", -1], False)
    assert "Withdraw proposal" in dict(g.overrides(session.state))
    fix("Withdraw proposal", True)
    assert session.state["phase"] == "turn" and session.state["law"] is None and session.last() == "Proposal withdrawn"


def test_the_table_is_told_its_numbers_and_who_starts():
    for n, k in ((4, 6), (7, 5), (10, 4)):
        s = g.new({"players": ["P%d" % i for i in range(n)]}, 3)
        p = g.prompt(s)
        assert p.title == "Who starts?" and p.lines == ["Each: %d pawns" % k, "and %d law cards" % k, "Pile: 15 on 10+Fin"]
        drawn = p.answer(n)  # shown before it counts
        assert p.options[-1] == "The box draws" and drawn.big == "P%d" % s["draw"] and drawn.answer(True) == ["start", -1]
        g.apply(s, ["start", -1])
        assert s["turn"] == s["draw"] and s["phase"] == "deal"
    assert len({g.new({"players": ["P%d" % i for i in range(10)]}, seed)["draw"] for seed in range(40)}) > 5


def test_the_joker_mix_is_asked_only_when_the_box_deals(make_box):
    from core.ui import Menu

    box = make_box()
    box.do("DOWN", "OK", "OK", "OK")  # Democrazy, 4 players, names as they are
    assert box.lines()[0] == "Jokers"
    box.do("DOWN", "OK")  # our own cards
    assert box.lines()[0] == "Reveal" and isinstance(box.app.top(), Menu)


def table_game():
    """A whole 10-player game as a table plays it (tests/scripts/democrazy_table.txt):
    the box draws who starts; a blue law; a voter skipped; a result overruled; a symbol
    typed again in small letters; a law with no symbol; a law repealed; the turn set by
    hand; jokers played; Fin; red worth 12. Returns (settings, actions, paths)."""
    i18n.set_lang("en")
    n = 10
    settings = {"players": ["P%d" % (i + 1) for i in range(n)], "jokers": "box", "mix": "433", "reveal": "open", "law": "shown"}
    s = g.new(settings, autoplay.box_seed())
    actions, paths = [], []

    def do(*answers, fix=None):
        k = None
        if fix is None:
            p = g.prompt(s)
        else:
            labels = [o[0] for o in g.overrides(s)]
            k = labels.index(fix)
            p = g.overrides(s)[k][1]
        pairs = []
        for a in answers:
            pairs.append((p, a))
            p = p.answer(a)
        assert not is_prompt(p), p.title
        g.apply(s, p)
        actions.append(p)
        paths.append(pairs if k is None else ("override", k, pairs))

    def ballot(jokers=(), no=(), read=True):
        """Everyone who votes: YES, NO for those in `no`, their joker for those in `jokers`;
        then (read) the result and every card by name."""
        voters = g.prompt(s).voters
        cards = ["N" if i in no else "Y" for i in voters]
        for i in jokers:
            cards[voters.index(i)] = s["jokers"][i]
        do(cards)
        if read:
            do(True, True, True)  # the result, then the cards by name on two pages

    do(n, True)  # the box draws who starts, and shows it
    do([True] * n)  # everyone has seen their joker
    do(0, 1, 0, 1, 1, "Tax", True)  # a blue law, white dot, the common symbol Star, a name
    ballot(jokers=(0,), no=(1, 2, 3))
    do(2, True, fix="Skip a voter")  # P3 sits out the next vote
    do(0, 0, 1, True)  # a red law, black dot
    ballot(jokers=(4,), no=(5, 6, 7, 8), read=False)
    do(True, fix="Overrule the result")
    do(True, True, True)
    do(0, 1, 1, 6, "star", 1, "Road", True)  # "star" typed: the symbol on the table
    ballot(no=(1,))
    do(0, 1, 0, 7, "Fee", True)  # no symbol: a name
    ballot(jokers=(9, 7))
    do(0, True, fix="Repeal a law")
    do(0, True, fix="Whose turn")
    do(0, 0, 0, True)
    ballot(jokers=(1, 2, 3), no=(5, 6))
    do(1, True)  # Fin drawn
    do([12, 1, 0, 2])  # red worth 12 by a law on the table
    for i in range(n):
        do([i % 4, 2, 1, (i * 3) % 5])
    return settings, actions, paths


def test_a_whole_ten_player_game_with_every_override(make_box):
    """The table game on the box: every ballot's reveal shows all ten cards by name (two
    pages, each read before OK goes on), a law is repealed, a voter skipped, a result
    overruled, red counts 12."""
    box = make_box()
    with open(os.path.join(HERE, "scripts", "democrazy_table.txt")) as f:
        lines = f.read().splitlines()
    reveals = []  # per ballot: the names shown with a card
    before = None  # the screen before this line's
    for line in lines:
        assert box.runner.do(line) is None, line
        text = box.lines()
        if text[0].startswith("Cards played"):  # a page guarded: read as it waits and once it is armed
            if text[0].endswith(" 1/2") and text[0] != before:
                reveals.append([])
            reveals[-1] += [x.split(":")[0] for x in text[1:] if x != "wait a moment"]
        before = text[0]
    assert len(reveals) == 5
    for names in reveals:
        assert sorted(set(names)) == sorted("P%d" % i for i in range(1, 11))
    settings, actions, _ = table_game()
    assert {"repeal", "skip", "turn", "overrule"} <= {a[0] for a in actions}
    assert ["values", 12, 1, 0, 2] in actions
    assert box.lines()[0] == "Final result"


def test_a_hurried_tables_slips_change_nothing_it_did_not_mean(make_box):
    """democrazy_slips.txt: the table game with a vote cast on the wrong lit button and
    changed before the box is passed on, and a double OK on the cards played (its expect
    lines check the screens): the game's log is the table game's, action for action."""
    _, actions, _ = table_game()
    logs = []  # the saved log at each ballot's result
    box = make_box()
    with open(os.path.join(HERE, "scripts", "democrazy_slips.txt")) as f:
        for line in f.read().splitlines():
            seen = box.lines()[0]
            assert box.runner.do(line) is None, line
            if box.lines()[0] == "Result" and seen != "Result":
                logs.append(saves.fetch(box.storage, "democrazy")[0]["l"])
    assert box.lines()[0] == "Final result"
    assert len(logs) == 6 and all(log == actions[: len(log)] for log in logs)  # 5 ballots, 1 overruled


def test_with_the_anonymous_reveal_every_card_is_cast_the_same_way(make_box):
    """democrazy_anon.txt: each voter's presses from their card list to the recorded
    screen are D-pad moves and two OKs, jokers and plain votes alike."""
    box = make_box()
    with open(os.path.join(HERE, "scripts", "democrazy_anon.txt")) as f:
        lines = [x for x in f.read().splitlines() if x and not x.startswith(("#", "expect"))]
    chains, keys = [], None
    for line in lines:
        if box.lines()[0] == "Your card" and keys is None:
            keys = []
        if keys is not None:
            keys.append(line)
        assert box.runner.do(line) is None, line
        if keys is not None and "Vote recorded." in box.lines():
            chains.append((keys, box.lines()[2]))
            keys = None
    cast = [c for _, c in chains]
    assert len(chains) == 10 and {"YES", "NO"} & set(cast) and set(cast) - {"YES", "NO"}
    for k, card in chains:
        assert k[-2:] == ["OK", "OK"] and set(k[:-2]) <= {"UP", "DOWN"}, (k, card)


def with_slips(lines):
    """The table game with a hurried table's slips (tests/scripts/democrazy_slips.txt):
    the first voter who casts on a lit button casts the other one first, sees it on the
    recorded screen and changes it with BACK; the first "Cards played" gets a second OK
    at once, which leaves it on screen."""
    from core.app import App
    from host_sim import fakes

    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    run = script.Runner(app)
    out = ["# Democrazy, 10 players (issue 50): the table game with slips: a vote changed before",
           "# the box is passed on, a double OK on the cards played. From democrazy_table.txt."]
    changed = doubled = False
    for line in lines[1:]:
        if not changed and line in ("YES", "NO") and app.top().title == "Your card":
            other = "NO" if line == "YES" else "YES"
            out += [other, 'expect "BACK: change it"', "BACK", 'expect "Your card"']
            changed = True
        out.append(line)
        assert run.do(line) is None, line
        if not doubled and line == "OK" and app.frame.lines[0].startswith("Cards played"):
            out += ["OK", 'expect "%s"' % app.frame.lines[0]]
            doubled = True
    assert changed and doubled
    return out


def anon_game():
    """A 10-player game with the anonymous reveal whose ballot has jokers and plain votes
    (tests/scripts/democrazy_anon.txt): every card is cast the same way."""
    i18n.set_lang("en")
    return autoplay.random_game("democrazy", 10, 7, {"reveal": "anon"})


if __name__ == "__main__":
    i18n.use("ui")
    settings, actions, paths = table_game()
    lines = autoplay.game_script("democrazy", settings, actions, paths)
    for name, text in (("democrazy_table.txt", lines), ("democrazy_slips.txt", with_slips(lines)),
                       ("democrazy_anon.txt", autoplay.game_script("democrazy", *anon_game()))):
        with open(os.path.join(HERE, "scripts", name), "w") as f:
            f.write("\n".join(text) + "\n")
        print("wrote " + name)


@pytest.mark.parametrize("lang,red_white,red_black", [
    ("en", "Red, white dot", "Red, black dot"),
    ("de", "Rot, weißer Punkt", "Rot, schwarzer Punkt"),
    ("nl", "Rood, witte stip", "Rood, zwarte stip"),  # was "Rood, stip wit" (issue 50)
])
def test_a_law_is_said_with_its_dot_as_the_language_says_it(lang, red_white, red_black):
    s = new()
    i18n.set_lang(lang)
    try:
        assert [g._law_line(s, [0, dot, "", "", -1]) for dot in (0, 1)] == [red_white, red_black]
    finally:
        i18n.set_lang("en")
