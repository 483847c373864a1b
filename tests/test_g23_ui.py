"""23 through the box's UI: turn screen, play flow, refusals on screen, table, undo, end."""

from core import games
from host_sim import autoplay

NAMES = b'["Anna","Ben","Cleo"]'


def start(make_box, names=NAMES, players=3):
    """23 from the home menu: `players` seats, with the names remembered (names.json; None:
    none, so the seats are P1, P2, ...), Start, the normal deal."""
    from host_sim import fakes

    box = make_box(storage=fakes.MemStorage({} if names is None else {"names.json": names}))
    box.do("OK")
    box.to(players).do("OK", "OK", "OK")
    return box


def play(box, *actions):
    g = games.load("g23")
    for a in actions:
        box.do(*autoplay.keys_for(g.prompt(current(box)), a))


def current(box):
    from core.session import Session
    from core import saves

    rec, bad = saves.fetch(box.storage, "g23")
    assert bad is None
    return Session.from_record(rec).state


def test_turn_screen_shows_every_action_on_its_first_page(make_box):
    box = start(make_box)
    assert box.lines()[:3] == ["Setup", "Round 1", "45 cards, remove 21"]
    play(box, ["first", 0], ["play", 5, 2, 0, 1])
    lines = box.lines()
    assert lines[:3] == ["Cleo: top 5", "Ben: 2x 5, +3", "Penalty 0 bonus 3"]  # the last action, the chips in words
    assert lines[3:8] == ["> Play", "Pass (+1)", "Pass & force (+2)", "Fold (+12)", "Play with bonus\u2026"]


def test_play_flow_shows_penalty_before_confirming(make_box):
    box = start(make_box)
    play(box, ["first", 0])
    box.do("OK")  # Play: no bonus question
    assert "Rank to play" in box.text()
    box.do("UP", "UP", "UP", "UP", "UP", "OK")  # rank 7 on top 1
    box.do("UP", "OK")  # two 7s
    assert "Penalty +5" in box.text()
    box.do("OK")
    st = current(box)
    assert st["pen"][1] == 5 and st["hand"][1] == 10 and st["top"] == 7


def test_rulebook_example_bonus_chip_down(make_box):
    box = start(make_box)
    play(box, ["first", 0], ["play", 14, 1, 0, 1])
    before = current(box)["pen"][2]
    play(box, ["play", 10, 2, 1, 10])  # Cleo: one chip, top 14 -> 10, two 10s
    st = current(box)
    assert st["pen"][2] == before and st["bonus"][2] == 2 and st["top"] == 10


def test_illegal_action_refused_on_screen_and_nothing_lost(make_box):
    # The pickers only offer legal values; an action that still arrives illegal (a
    # damaged or hand-made log, a future input path) is refused with the game's reason.
    from core import saves
    from core.play import Play
    from core.start import again
    from core.session import Session

    box = start(make_box)
    play(box, ["first", 0], ["play", 9, 1, 0, 1])
    saved = box.storage.get("g23.sav")
    rec, _ = saves.fetch(box.storage, "g23")
    ui = Play(box.app, Session.from_record(rec, box.storage), again)
    ui.show()
    for bad, word in (
        (["play", 5, 1, 0, 9], "rank must be 9 or higher"),
        (["play", 12, 13, 0, 9], "holds only 12 cards"),
        (["play", 12, 1, 4, 9], "only 3 bonus chips"),
    ):
        ui.act(bad)
        box.do("wait 50")
        assert box.lines()[0] == "Not allowed"
        assert word in " ".join(box.lines()[1:]).lower(), box.text()
        box.do("OK")
        assert box.lines()[0] == "Cleo: top 9"
        assert box.storage.get("g23.sav") == saved


def test_score_table_and_undo_from_the_turn_menu(make_box):
    box = start(make_box)
    play(box, ["first", 0], ["play", 5, 1, 0, 1], ["pass"])
    box.do("UP", "OK")  # Menu… is last
    box.do("OK")
    assert "Score table" in box.text()
    rows = box.lines()[2:5]
    assert rows[0].startswith("\u25baAnna") or rows[0].startswith("Anna")
    assert rows[2].split()[:3] == ["\u25baCleo", "12", "1"] or rows[2].split()[:3] == ["Cleo", "12", "1"]
    box.do("OK")  # close the table
    box.do("DOWN", "OK")  # Undo…: the three steps it may take back, newest first, as the last-action row said them
    assert box.lines()[0] == "Undo back through:" and box.lines()[1:4] == ["> Cleo: passed +1", "Ben: 1x 5, +3", "Anna: led the 1"]
    box.do("OK")
    assert "Undo: Cleo passed, | +1?" in box.text()  # in words, not action tokens
    box.do("OK")
    st = current(box)
    assert st["pen"] == [0, 3, 0] and st["turn"] == 2  # Ben's penalty for 5 on 1 stays
    assert box.lines()[0] == "Cleo: top 5"


def test_undo_can_be_refused_then_goes_several_steps_back_and_redo(make_box):
    box = start(make_box)
    play(box, ["first", 0], ["play", 5, 1, 0, 1], ["pass"])
    box.do("UP", "OK", "DOWN", "OK", "OK", "BACK")  # 1 step, then refuse the confirm
    assert len(saved_log(box)) == 3
    box.do("BACK", "BACK")  # picker, then the game menu: back on the turn screen
    assert box.lines()[0] == "Anna: top 5"
    box.do("OK", "DOWN", "OK", "DOWN", "OK")  # cursor still on Menu…; undo 2 steps
    assert "Undo the last 2" in box.lines()
    box.do("OK")
    assert saved_log(box) == [["first", 0]]
    assert box.lines()[0] == "Ben: top 1"
    box.do("UP", "OK")
    assert "Redo" in box.lines()
    box.do("DOWN", "DOWN", "OK")  # Redo brings back Ben's play
    assert saved_log(box) == [["first", 0], ["play", 5, 1, 0, 1]]
    assert box.lines()[0] == "Cleo: top 5"


def test_failed_save_is_reported_and_the_game_goes_on(make_box):
    box = start(make_box)
    play(box, ["first", 0])

    def full(name, data):
        raise OSError(28)  # ENOSPC

    box.storage.put, real = full, box.storage.put
    box.do("DOWN", "OK")  # Ben passes
    assert box.lines()[0] == "Error" and "Could not save" in box.text()
    box.do("OK")
    assert box.lines()[0] == "Cleo: top 1"  # the pass is kept in play
    box.storage.put = real
    box.do("DOWN", "OK")  # Cleo passes: saved again, with both passes
    assert saved_log(box) == [["first", 0], ["pass"], ["pass"]]


def saved_log(box):
    from core import saves

    return saves.fetch(box.storage, "g23")[0]["l"]


def test_back_on_a_turn_opens_the_game_menu_and_hold_back_leaves(make_box):
    box = start(make_box)
    play(box, ["first", 1])
    box.do("BACK")  # short BACK: the game menu, never the home menu
    assert box.lines()[0] == "23" and "> Score table" in box.lines()
    box.do("BACK")
    assert box.lines()[0] == "Cleo: top 1"
    box.do("hold BACK", "OK")  # the long press leaves (it asks first)
    assert box.lines()[0] == "Tablebox"
    box.do("OK")  # 23 -> resume question
    assert "Resume this game?" in box.text()
    box.do("OK")
    assert box.lines()[0] == "Cleo: top 1"


def _marked(display):
    """The scroll mark's place (core.ui.scroll_marks: the panel's last page, right edge) is inked."""
    return any(display.buf[128 * 7 + 122 :])


def test_the_result_says_when_it_has_more_rows_than_it_shows():
    from core.frame import Frame
    from core.ui import BigResult

    from core import buttons as B

    for rows, marked in ((["1. Al 3", "2. Bo 2"], False), (["1. Al 3", "2. Bo 2", "3. Cy 1"], True)):
        f = Frame()
        went = []
        screen = BigResult("Game over?", ["Al"], rows, lambda: went.append(1))
        screen.draw(f)
        assert f.lines == ["Game over?", "Al"] + rows[:2]
        assert any(f.buf[128 * 7 + 122 :]) == marked
        screen.on_event(B.PRESS, B.DOWN)  # the mark's key goes on to the rows, as OK
        assert went == ([1] if marked else [])


def test_full_game_ends_on_final_ranking(make_box):
    settings, actions, _ = autoplay.random_game("g23", 3, 5)
    box = start(make_box, None)
    play(box, *actions)
    last = games.load("g23").brief(current(box), actions[-1])
    # as round 1 ends: the last action, then the chips
    assert box.lines()[:4] == ["Round 2 over", last, "Penalty / bonus chips", "P1: %d / %d" % (current(box)["pen"][0], current(box)["bonus"][0])]
    box.do("OK")  # round 2's summary read, as round 1's: the winners
    assert box.lines()[0] == "Game over?"
    assert _marked(box.display)  # three players, two rows shown: a mark says there is more
    box.do("OK", "UP", "UP", "OK")  # the ranking to check, "Game over ✓"
    assert box.lines()[0] == "Final result" and _marked(box.display)
    box.do("OK")
    g = games.load("g23")
    st = g.new(settings, autoplay.box_seed())
    for a in actions:
        g.apply(st, a)
    rows = ["{}. P{} {}".format(place, who + 1, text) for place, who, text in g.result(st)]
    for row in rows:
        assert any(row in s for s in box.lines())
    from core import results

    assert results.load(box.storage, "g23")[1:] == rows  # kept for "Last results"
    assert box.storage.get("g23.sav") is None and box.storage.get("g23.bak") is None


def test_the_final_result_is_on_the_panel_before_it_is_stored_and_the_save_let_go(make_box):
    settings, actions, _ = autoplay.random_game("g23", 3, 5)
    box = start(make_box, None)
    play(box, *actions)
    box.do("OK", "OK", "UP", "UP")  # round 2 over, the ranking to check, on "Game over ✓"
    log = []
    storage, display = box.storage, box.app.display
    put, delete, show = storage.put, storage.delete, display.show
    storage.put = lambda name, data: (log.append("put " + name), put(name, data))
    storage.delete = lambda name: (log.append("delete " + name), delete(name))
    display.show = lambda buf, pages: (log.append("show"), show(buf, pages))
    box.do("OK")
    assert box.lines()[0] == "Final result" and storage.get("g23.sav") is None
    kept = log.index("put g23.res")
    assert "show" in log[:kept] and "delete g23.sav" in log[kept:]


def test_new_game_instead_of_resume_asks_before_deleting(make_box):
    box = start(make_box)
    play(box, ["first", 1])
    box.do("hold BACK", "OK", "OK")  # leave, home, 23: resume question
    assert "OK: resume" in box.lines() and "BACK: new" in box.lines()
    box.do("BACK")
    assert "End the game and delete its save?" in " ".join(box.lines())
    box.do("BACK")  # no: the save stays
    assert saved_log(box) == [["first", 1]]
    box.do("OK", "BACK", "OK")  # resume question again, new, yes
    assert box.lines()[0] == "Players"
    assert box.storage.get("g23.sav") is None and box.storage.get("g23.bak") is None


def test_final_screen_offers_new_game(make_box):
    settings, actions, _ = autoplay.random_game("g23", 2, 3)
    box = start(make_box, None, 2)
    play(box, *actions)
    box.do("OK", "OK", "UP", "UP", "OK", "OK")  # round 2 over, Game over ✓, the big result -> ranking list
    n = len(box.lines()) - 1
    box.do(*(["DOWN"] * (n - 2)), "OK")  # "New game"
    assert box.lines()[0] == "Players"


def test_the_rulings_follow_the_quick_start_a_page_a_press(make_box):
    box = start(make_box)
    box.do("BACK")  # BACK on the setup screen: the game menu
    assert "How the box rules" in box.lines()  # shown because 23 has help text
    box.do("DOWN", "DOWN", "OK")
    first = box.lines()
    assert first[0] == "How the box rules" and "The box keeps turns," in first  # the quick start
    box.do("RIGHT")
    assert "never sees" in " ".join(box.lines())  # the rulings
    box.do("hold DOWN 8000")  # held: a page at each repeat, to the last
    last = box.lines()
    assert last != first and "ties share." in " ".join(last)
    box.do("BACK")
    assert "> How the box rules" in box.lines()


def test_code_around_the_turns_and_a_left_game_are_released(make_box):
    import sys

    from core import i18n

    box = start(make_box)
    play(box, ["first", 1])
    assert "core.gamemenu" not in sys.modules and "core.players" not in sys.modules  # a turn on screen
    assert "core.saves" not in sys.modules and "core.savefile" in sys.modules  # the writer alone
    assert "core.home" not in sys.modules and "core.settings" not in sys.modules  # parked
    assert "core.games.g23" in sys.modules and "g23" in i18n._sources
    box.do("hold BACK", "OK")  # leave the turn for the home menu
    assert box.lines()[0] == "Tablebox"
    box.do("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK")  # Secret vote
    assert "core.games.g23" not in sys.modules and not hasattr(sys.modules["core.games"], "g23")
    assert "g23" not in i18n._sources and not any("g23" in name for name in i18n._tables)
    assert box.lines()[0] == "Players"
    # nor the core modules only games use (the home menu had warmed some of them)
    from core.home import GAME_ONLY

    assert not [m for m in GAME_ONLY if m in sys.modules]
    assert "core.ballot" in sys.modules
    _no_released_module_kept_alive()
    box.do("hold BACK 1500", "OK")  # leave the vote; its modules go once a game is chosen
    assert box.lines()[0] == "Tablebox"
    box.do("UP", "UP", "UP", "UP", "UP", "OK")  # 23 again: its save is offered, the code is back
    assert "core.ballot" not in sys.modules and "core.start" in sys.modules
    _no_released_module_kept_alive()


def _no_released_module_kept_alive():
    """A released module must have no importer left that holds it: else it stays on the
    heap and the next import loads a second copy."""
    import sys
    import types

    for name, mod in list(sys.modules.items()):
        if name.startswith("core"):
            for v in vars(mod).values():
                if isinstance(v, types.ModuleType) and v.__name__.startswith("core."):
                    assert sys.modules.get(v.__name__) is v, (name, v.__name__)


def test_every_turn_screen_of_a_scripted_game_shows_the_last_action():
    """Issue 15: the table always sees what just happened, on the turn screen itself."""
    import os
    import re

    from core.app import App
    from host_sim import fakes
    from host_sim.script import Runner

    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    runner = Runner(app)
    said = re.compile(r"^P\d: (led the 1|passed \+1|forced P\d|folded \+\d+|\d+x \d+, \+\d+)$")
    turns = 0
    with open(os.path.join(os.path.dirname(__file__), "scripts", "g23_4players.txt")) as f:
        for line in f.read().splitlines():
            assert runner.do(line) is None, line
            shown = app.frame.lines
            if shown and re.match(r"^P\d: top \d+$", shown[0]) and "> Play" in shown:  # as the turn comes up
                turns += 1
                assert [x for x in shown[1:] if said.search(x)], shown
    assert turns > 20
