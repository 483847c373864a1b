"""Players' names (issue 52): the names remembered offered first, most recent first; a new
name typed on the letter grid (core.textentry) in few presses; what names.json keeps."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from core import i18n
from core.playout import keys
from core.textentry import Text, TextEntry, charsets
from host_sim import fakes
from tools.bench.presses import name_keys


def at_names(make_box, remembered=None, players=3):
    """A box on 23's list of names with `players` seats (the cursor on Start)."""
    data = {} if remembered is None else {"names.json": json.dumps(remembered).encode()}
    box = make_box(storage=fakes.MemStorage(data))
    box.do("OK")  # 23
    box.to(players).do("OK")
    assert box.lines()[0] == "Names"
    return box


def test_a_seat_is_offered_the_names_remembered_most_recent_first_on_its_own_name(make_box):
    box = at_names(make_box, ["Ann", "Bo", "Cleo", "Dora", "Emil"])
    assert box.lines()[1:5] == ["1 Ann", "2 Bo", "3 Cleo", "> Start \u25ba"]
    box.do("DOWN", "DOWN", "OK")  # seat 2 (Bo)
    # the names no other seat has, in names.json's order (the last table's, then older), and a new one
    assert box.lines() == ["Name of player 2", "> Bo", "Dora", "Emil", "New name\u2026"]
    box.do("DOWN", "OK")  # Dora: two presses
    assert box.lines()[1:4] == ["1 Ann", "> 2 Dora", "3 Cleo"]
    box.do("OK")  # seat 2 again: Bo is free once more, after the seat's own name
    assert box.lines() == ["Name of player 2", "Bo", "> Dora", "Emil", "New name\u2026"]


def test_a_new_three_letter_name_takes_at_most_12_presses_and_is_remembered_first(make_box):
    box = at_names(make_box, ["Bo", "Cleo"], players=3)
    box.do("UP", "OK")  # seat 3, still "P3": the cursor on "New name…" under Bo and Cleo's names
    assert box.lines() == ["Name of player 3", "> New name\u2026"]  # both names taken by seats 1 and 2
    presses = name_keys("Ann")
    assert len(presses) <= 12  # issue 52 (BENCHMARKS.md, "Presses: a player's name")
    box.do(*presses)
    assert box.lines()[1:4] == ["1 Bo", "2 Cleo", "> 3 Ann"]
    box.do("DOWN", "OK")  # Start: the game's setup
    assert box.lines()[0] == "Deal"
    box.do("wait 10")
    assert json.loads(box.storage.get("names.json").decode())[:3] == ["Bo", "Cleo", "Ann"]


def test_a_seat_without_a_name_is_its_own_placeholder_and_placeholders_are_never_remembered(make_box):
    """A play-test: after a table of three named seat 1 by typing, a game of four showed
    seat 4 as "P1" (the placeholders had gone into names.json)."""
    box = at_names(make_box, players=3)
    box.do("UP", "UP", "UP", "OK")  # seat 1, "P1": a new name
    box.do(*name_keys("Ann"))
    assert box.lines()[1:4] == ["> 1 Ann", "2 P2", "3 P3"]
    box.do("DOWN", "DOWN", "DOWN", "OK", "wait 10")  # Start
    assert json.loads(box.storage.get("names.json").decode()) == ["Ann"]
    box.do("hold BACK")
    box = at_names(make_box, ["Ann", "P1", "P2"], players=4)  # as an older box kept them
    assert box.lines()[1:5] == ["1 Ann", "2 P2", "3 P3", "4 P4"]
    box.do("UP", "UP", "UP", "OK")  # seat 2: nothing but a new name to offer
    assert box.lines() == ["Name of player 2", "> New name\u2026"]


def test_the_grid_types_a_name_as_it_is_written_and_refuses_an_empty_one(make_box):
    done = []
    box = make_box()
    box.app.set_setting("lang", "de")
    box.app.push(TextEntry("Name", "", done.append))
    box.do("wait 10")
    assert "OK tippen, JA fertig" in box.lines()
    box.do("YES")  # empty: nothing taken
    assert not done
    box.do("OK")  # A, a capital: a name's first letter
    box.do("RIGHT", "OK", "NO", "OK", "OK")  # b deleted, then b b: small letters after a capital
    assert box.lines()[1] == "Abb"
    top = box.app.top()
    top.at = len(charsets("de")[0]) - 1 + 1  # the case cell ("△"): the next letter a capital
    box.do("OK")
    top.at = 0
    box.do("OK")
    assert box.lines()[1] == "AbbA"
    top.at = charsets("de")[0].index("\u00df")  # ß: German's own, in the grid
    box.do("OK", "YES")
    assert done == ["AbbA\u00df"]


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_text_the_grid_can_type_comes_out_of_its_keys(make_box, lang):
    """core.playout's keys for a Text (the scripts' and the bench's) type exactly that
    text on the screen, from an initial text too."""
    i18n.set_lang(lang)
    caps, small = charsets(lang)
    alphabet = caps[:-1] + small[:-1]

    @settings(max_examples=25, deadline=None)
    @given(st.text(alphabet, min_size=1, max_size=8), st.text(alphabet, max_size=8))
    def typed(value, initial):
        got = []
        box = make_box()
        box.app.set_setting("lang", lang)
        box.app.push(TextEntry("Name", initial, got.append))
        box.do("wait 10", *keys(Text("Name", None, initial=initial), value))
        assert got == [value]

    typed()
