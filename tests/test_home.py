"""The home menu: every title whole, and a game with a saved game marked (a dot in the
cursor's column) as soon as the menu is back on top, without a storage scan per press."""

from core import games, savefile
from host_sim import fakes


def dot(box, row):
    """True when the cursor column of menu row `row` (0 = first item) has pixels."""
    page = 1 + row
    return any(box.display.buf[page * 128 + x] for x in range(5))


def test_a_saved_game_is_marked_and_unmarked_when_its_save_goes(make_box):
    st = fakes.MemStorage()
    savefile.store(st, "wtr", {"players": ["A", "B"], "master": "box", "level": "deck", "rounds": "1"}, 5, [], 1)
    box = make_box(storage=st)
    row = [g[0] for g in games.GAMES].index("wtr")
    assert box.lines()[1 + row] == "What the Rule?!"
    assert dot(box, row) and not dot(box, row + 1) and not dot(box, row - 1)
    box.do("DOWN")  # the mark stays; the storage is not read for a cursor move
    assert dot(box, row)
    for name in savefile.files("wtr"):
        st.delete(name)
    box.do("UP")
    assert dot(box, row)  # still the scan from when the menu came on top
    box.do("DOWN", "DOWN", "DOWN", "OK", "BACK")  # into a game's setup and back: a rescan
    assert box.lines()[1 + row + 1].startswith("> ") and not dot(box, row)


def test_every_title_is_whole(make_box):
    box = make_box()
    assert box.lines()[1:6] == ["> 23", "Democrazy", "What the Rule?!", "Man muss auch g\u00f6nnen", "Das Regeln Wir Schon"]


def test_the_highlighted_row_releases_what_only_the_other_kind_needs(make_box):
    import sys

    from core.home import GAME_ONLY

    box = make_box()
    box.do("OK")  # 23: its setup
    assert box.lines()[0] == "Players" and "core.start" in sys.modules
    box.do("BACK", "BACK", "UP", "UP")  # home, Settings, then the Secret vote
    assert not [m for m in GAME_ONLY if m in sys.modules]  # released at once
    box.do("OK")
    assert box.lines()[0] == "Players" and "core.players" in sys.modules
    box.do("OK", "OK")  # 3 voters, default names: the ballot starts
    assert "core.ballot" in sys.modules and "core.players" not in sys.modules and "Pass the box to" in box.text()
    box.do("hold BACK", "OK", "DOWN", "DOWN")  # leave to the home menu, back on 23
    assert "core.ballot" not in sys.modules


def test_a_game_or_the_vote_parks_the_home_menu_and_back_brings_it_with_its_cursor(make_box):
    import sys

    box = make_box()
    home_frame = bytes(box.display.buf)
    box.do("DOWN", "DOWN")  # What the Rule?!
    moved = bytes(box.display.buf)
    assert "core.home" in sys.modules
    box.do("OK")
    assert box.lines()[0] == "Players" and "core.home" not in sys.modules  # parked
    assert type(box.app.stack[0]).__name__ == "_HomeLater"
    box.do("BACK")  # the menu is built again, the cursor where it was
    assert "core.home" in sys.modules and bytes(box.display.buf) == moved
    box.do("UP", "UP")
    assert bytes(box.display.buf) == home_frame
    box.do("UP", "UP", "OK")  # the Secret vote parks it too
    assert box.lines()[0] == "Players" and "core.home" not in sys.modules
    box.do("BACK", "DOWN", "DOWN")  # a press that comes to the stand-in acts on the new menu
    assert box.lines()[1].startswith("> 23")
