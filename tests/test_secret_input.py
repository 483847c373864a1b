"""Secret input beyond YES/NO (core/secret.py) and lasting secrets, with the kit test game
(host_sim/kit.py: a secret number, a three-way secret choice, predictions revealed
actions later) and a small game whose voters answer YES/NO and then a number of tiles.

What the table can observe is everything a Box records: every frame pushed (pages and
bytes), every LED change, the screen's text, the files in storage."""

import sys
import types

import pytest

from core import buttons as B
from core import games, savefile, saves, secret
from core.prompts import Number
from core.secret import Secret, Vote
from core.session import Session
from host_sim import fakes

NAMES = ["Ann", "Ben", "Cid"]
HAND = ("wait 1000", "OK")  # a hand-over takes OK once it has been up a moment (core.ui.ARM_MS)
# The kit up to its ballot: predictions, the round's name, dice seen and kept, a card.
TO_BALLOT = [["predict", 1, 2, 3], ["name", "AB"], ["seen"], ["keep", 0], ["card", 0, 2, 1, 0], ["judged"]]


def resumed(make_box, game_id, log, names=NAMES, seed=5):
    """A box whose storage holds a game with `log`, resumed from the home menu."""
    storage = fakes.MemStorage()
    savefile.store(storage, game_id, {"players": list(names)}, seed, log, 1)
    box = make_box(storage=storage)
    index = [g[0] for g in games.GAMES].index(game_id)
    box.do(*(["DOWN"] * index), "OK", "OK")  # the game, "Resume?" OK
    return box


def observe(box, *steps):
    """What the table sees while `steps` run: pushes, LED changes, text, frame, files.
    The recorded screen's page that repeats the answer to its voter (core.secret's
    Recorded.SAID_PAGE) is blanked in every push (unsaid()): it is always sent, whatever
    the answer, and only its pixels may differ."""
    box.display.pushes.clear()
    box.leds.history.clear()
    box.do(*steps)
    files = [(n, box.storage.get(n)) for n in sorted(box.storage.list())]
    return unsaid(box.display.pushes), list(box.leds.history), box.lines(), bytes(box.display.buf), files


def unsaid(pushes):
    """Pushes (pages, bytes) with the page that repeats an answer to its voter blanked."""
    from core.secret import Recorded

    out = []
    for pages, data in pushes:
        if pages & Recorded.SAID_PAGE:
            at = 128 * bin(pages & (Recorded.SAID_PAGE - 1)).count("1")
            data = data[:at] + bytes(128) + data[at + 128 :]
        out.append((pages, data))
    return out


# ----------------------------------------------------------------- a voter's secrecy


@pytest.mark.parametrize("answers", [(0, 1, 2)])
def test_three_way_secret_choice_looks_the_same_from_the_recording_press(make_box, kit, answers):
    seen = []
    for a in answers:
        box = resumed(make_box, "kit", TO_BALLOT)
        assert "Ann" in box.lines() and "Pass the box to" in box.lines()
        box.do(*HAND).to(a)  # Ann's private menu: Yes / No / Joker
        seen.append(observe(box, "OK", "OK"))  # the recording press, then pass it on
        assert "Ben" in box.lines()  # the next hand-over
    assert seen[0][1] == [] or all(s[0] == s[1] for s in seen[0][1])
    assert seen[0] == seen[1] == seen[2]
    assert seen[0][0][0][0] == 0xFF  # the recorded screen went out whole: every page


def test_secret_number_looks_the_same_from_the_recording_press(make_box, kit):
    seen = []
    for v in (1, 5, 9):
        box = resumed(make_box, "kit", [])
        box.do(*HAND).to(v)
        assert str(v) in box.lines()  # only the voter, holding the box, sees it
        seen.append(observe(box, "OK", "OK"))
    assert seen[0] == seen[1] == seen[2]


def test_a_voters_screens_do_not_depend_on_earlier_answers(make_box, kit):
    seen = []
    for a in (0, 2):
        box = resumed(make_box, "kit", TO_BALLOT)
        box.do(*HAND).to(a).do("OK", "OK")  # Ann answers
        seen.append(observe(box, *HAND, "DOWN", "UP", "DOWN", "OK", "OK"))  # Ben, same presses
    assert seen[0] == seen[1]


def test_nothing_is_saved_or_shown_until_everyone_has_answered(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT)
    files = sorted((n, box.storage.get(n)) for n in box.storage.list())
    shown = []
    for a in (2, 0):  # Ann: Joker, Ben: Yes
        box.do(*HAND).to(a).do("OK")
        shown.append(box.text())
        box.do("OK")
        shown.append(box.text())
        assert sorted((n, box.storage.get(n)) for n in box.storage.list()) == files
    for text in shown:
        assert "Joker" not in text and "Yes" not in text
    box.do(*HAND).to(1).do("OK", "OK")  # Cid: No, the last answer
    rec, _ = saves.fetch(box.storage, "kit")
    assert rec["l"][-1] == ["ballot", 2, 0, 1]
    assert "Yes 1 No 1 Joker 1" in box.lines()  # the reveal


def test_leaving_half_way_asks_first_and_only_ok_back_answer(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT)
    box.do(*HAND, "OK", "OK")  # Ann voted; Ben's hand-over
    box.do("BACK")
    assert "Cancel the vote?" in box.text() and "discarded" in box.text()
    box.do("YES", "NO")
    assert "Cancel the vote?" in box.text()  # a voter's YES/NO never answers it
    box.do("BACK")
    assert "Ben" in box.lines()  # not cancelled
    box.do("hold BACK")
    assert box.lines()[0] == "Leave" and "discarded" in box.text()
    box.do("YES", "NO")
    assert box.lines()[0] == "Leave"
    box.do("BACK", "BACK", "OK")  # cancel after all: the game menu over a fresh ballot
    assert box.lines()[0] == kit.TITLE and "> Score table" in box.lines()
    box.do("BACK")
    assert "Ann" in box.lines() and "Pass the box to" in box.lines()
    assert saves.fetch(box.storage, "kit")[0]["l"] == TO_BALLOT


# ----------------------------------------------------------------- YES/NO + tiles chains


def make_tiles_game():
    """Each voter votes YES or NO, then how many of their 3 tiles; the table sees the sum."""
    g = types.ModuleType("core.games.ttiles")
    g.OPTIONS = ()
    g.new = lambda settings, seed: {"n": len(settings["players"]), "done": None}

    def ask(i):
        return Vote("Tile vote", lambda yes: Number("Tiles", 1, 3, lambda k: [1 if yes else 0, k]))

    g.prompt = lambda s: None if s["done"] else Secret("Tile vote", list(range(s["n"])), ask, lambda v: ["votes", v])

    def apply(s, a):
        s["done"] = a[1]

    g.apply = apply
    g.sealed = lambda a: True
    g.describe = lambda s, a: "Votes"
    g.table = lambda s: (["Name"], [])
    g.result = lambda s: [(1, i, "") for i in range(s["n"])]
    g.summary = lambda s: ""
    return g


@pytest.fixture
def ttiles(monkeypatch):
    monkeypatch.setitem(sys.modules, "core.games.ttiles", make_tiles_game())
    monkeypatch.setattr(games, "GAMES", games.GAMES + (("ttiles", "ttiles", "Tiles", 2, 4),))


def test_vote_then_number_chain_is_the_same_for_every_answer_and_back_steps_inside(make_box, ttiles):
    seen = []
    for yes, k in ((True, 1), (False, 3), (True, 2)):
        box = resumed(make_box, "ttiles", [], NAMES[:2])
        box.do(*HAND)
        assert box.app.top().leds == "both"
        box.do("YES" if yes else "NO").to(k)
        assert "Tiles" in box.lines()
        seen.append(observe(box, "OK", "OK"))
    assert seen[0] == seen[1] == seen[2]
    assert seen[0][0][0][0] == 0xFF  # a number after another answer: every page
    box = resumed(make_box, "ttiles", [], NAMES[:2])
    box.do(*HAND, "YES", "UP", "BACK")  # from the tiles back to the vote
    assert "press YES or NO" in box.lines()
    box.do("BACK")  # from the vote back to the hand-over
    assert "Pass the box to" in box.lines() and "Ann" in box.lines()
    box.do(*HAND, "NO").to(3).do("OK", "OK")  # Ann: NO with 3 tiles
    box.do(*HAND, "YES").to(1).do("OK", "OK")  # Ben: YES with 1 tile
    assert box.lines()[0] == "Game over?"
    rec, _ = saves.fetch(box.storage, "ttiles")
    assert rec["l"] == [["votes", [[0, 3], [1, 1]]]]


PATTERNS = (
    [(B.YES | B.NO, 80)],  # both at once
    [(B.YES, 10), (B.YES | B.NO, 80)],  # YES first: recorded at once, then taken back
    [(B.NO, 10), (B.YES | B.NO, 80)],  # NO first
    [(B.NO, 70), (B.YES | B.NO, 80)],  # NO first, YES within BOTH_MS
)


def test_yes_and_no_together_record_nothing_and_look_the_same(make_box, ttiles):
    seen = []
    for pattern in PATTERNS:
        box = resumed(make_box, "ttiles", [], NAMES[:2])
        box.do(*HAND)
        box.display.pushes.clear()
        box.leds.history.clear()
        for mask, ms in pattern + [(0, 80)]:
            box.runner.hold(mask, ms)
        assert "press YES or NO" in box.lines() and "Press only one!" in box.lines()
        seen.append((list(box.display.pushes), list(box.leds.history), box.lines(), bytes(box.app.frame.buf)))
        box.do("NO")  # then one button alone: recorded
        assert "Tiles" in box.lines()
    # Whichever came first, the same pages and LEDs; pressed at once, no vote in between.
    assert seen[1] == seen[2] == seen[3]
    assert seen[0][2:] == seen[1][2:]


def test_the_other_vote_button_later_than_both_ms_does_nothing(make_box, ttiles):
    box = resumed(make_box, "ttiles", [], NAMES[:2])
    box.do(*HAND)
    box.runner.hold(B.YES, secret.BOTH_MS + 20)
    box.runner.hold(B.YES | B.NO, 80)
    box.runner.hold(0, 80)
    assert box.lines()[0] == "Tiles"  # YES stands; the chain goes on


# ----------------------------------------------------------------- lasting secrets and undo


def test_undo_works_between_lasting_secrets_and_chance_and_never_crosses_one(kit):
    s = Session("kit", {"players": NAMES}, 5)
    s.apply(["predict", 4, 5, 6])  # recorded now, revealed five actions after the ballot
    assert s.undo_limit() == 0 and s.blocker() == ("secret", 0)
    s.apply(["name", "AB"])  # the kit rolls the dice with the round's name: chance
    assert s.undo_limit() == 0 and s.blocker() == ("chance", 1)
    s.apply(["seen"])
    assert s.undo_limit() == 1
    s.apply(["keep", 0])  # the other dice rerolled: chance again
    s.apply(["card", 0, 2, 1, 0])
    s.apply(["judged"])
    assert s.undo_limit() == 2 and s.blocker() == ("chance", 3)
    dice = list(s.state["dice"])
    s.undo(2)
    assert s.state["phase"] == "card" and s.undo_limit() == 0 and s.state["dice"] == dice
    s.redo()
    s.redo()
    s.apply(["ballot", 0, 1, 2])
    assert s.undo_limit() == 0 and not s.can_undo()
    assert s.state["pred"] == [4, 5, 6]  # still secret: no screen has shown it
    s.apply(["reveal"])
    assert s.undo_limit() == 0
    s.apply(["predict", 1, 1, 1])
    s.apply(["name", "CD"])
    assert s.undo_limit() == 0 and s.blocker() == ("chance", 9)
    with pytest.raises(ValueError):
        s.undo(1)
    loaded = Session("kit", {"players": NAMES}, 5, s.log, state=s.state)  # as the loader gives it
    assert loaded.blocker() == ("chance", 9) and loaded.state is not None


def test_every_root_prompt_opens_the_game_menu_and_undo_says_the_step_in_words(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT[:5])  # at the verdict, a Show
    assert "Fits" in box.lines() and box.leds.history[-1][:2] == (255, 0)  # YES lamp, full
    box.do("BACK")
    assert box.lines()[0] == kit.TITLE
    assert "Dice" in box.lines() and "Cards" in box.lines()  # the game's views
    box.do("DOWN", "DOWN", "OK")  # Cards
    assert [s.split() for s in box.lines()[:3]] == [["Cards"], ["#", "Card"], ["1", "2\u25cf", "white"]]
    box.do("BACK", "DOWN", "OK")  # Undo…: 1 step may go back (not the dice kept, rerolled)
    assert "Undo: Card 2\u25cf white?" in box.text()
    box.do("OK")
    assert "Which card?" in box.lines()
    box.do("BACK")  # the card entry is a root prompt too: BACK is the game menu
    assert box.lines()[0] == kit.TITLE and "Redo" in box.lines()


# ----------------------------------------------------------------- the new kinds on screen


def test_multi_toggles_tiles_and_answers_a_bitmask(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT[:3])  # keep which dice?
    assert box.lines()[:2] == ["Keep which dice?", "Ann"]
    box.do("UP", "RIGHT", "UP", "RIGHT", "UP", "LEFT", "DOWN")  # 0 on, 2 on, 4 on, 4 off: a toggle steps on
    assert sum(1 for s in box.lines() if s.startswith("> ")) == 2
    box.do("OK")
    assert saves.fetch(box.storage, "kit")[0]["l"][-1] == ["keep", 5]


def test_fields_wrap_and_answer_a_list(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT[:4])  # which card?
    box.do("DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT", "UP", "RIGHT", "UP")
    assert box.lines()[1] == "Kept 0 dice"  # the context row: what was done last
    assert ["\u25a0", "shape", "5", "count", "*", "fill", "B", "card"] == box.lines()[2:10]
    box.do("OK")
    assert saves.fetch(box.storage, "kit")[0]["l"][-1] == ["card", 2, 5, 1, 1]
    assert box.leds.history[-1][:2] == (0, 255)  # odd count: "No fit" on the NO LED


def test_a_tile_screens_context_row_turns_only_while_nobody_presses(make_box, kit):
    """The row shows the next context line after ROTATE_MS without a key, so the same
    presses give the same frames at any pace (the emulated Pico presses slower)."""
    box = resumed(make_box, "kit", TO_BALLOT[:3])  # keep which dice? (Ann, the last action)
    first = box.lines()[1]
    for _ in range(8):  # 4 s of presses, one every 500 ms: the row stays
        box.do("RIGHT", "wait 380")
        assert box.lines()[1] == first
    box.do("wait 2000")  # idle: the next line
    assert box.lines()[1] != first and box.lines()[1] in box.app.top().lines


def test_text_entry_both_cases_digits_delete_and_back_asks(make_box, kit):
    box = resumed(make_box, "kit", TO_BALLOT[:1])  # name this round
    box.do("OK", "RIGHT", "OK", "DOWN", "DOWN", "RIGHT", "OK")  # "A", "b" (small after a capital), "-"
    assert "Ab-" in box.lines()
    box.do("NO")  # delete the "-"
    assert "Ab" in box.lines()
    box.do("BACK")
    assert "Discard the changes?" in box.text()
    box.do("YES")  # no effect: only OK and BACK
    box.do("BACK")
    box.do("YES")  # done
    assert saves.fetch(box.storage, "kit")[0]["l"][-1] == ["name", "Ab"]


def test_a_finished_game_counts_once_in_progress(make_box, kit):
    import os

    from core import progress

    box = make_box()
    with open(os.path.join(os.path.dirname(__file__), "scripts", "kit", "kit_3players.txt")) as f:
        box.do(*[line for line in f.read().splitlines() if line.strip() and line[0] != "#"])
    assert box.lines()[0] == "Final result"
    rec, problem = progress.load(box.storage, "kit")
    assert problem is None and rec["games"] == 1 and rec["best"] == 5
    box.do("OK", "DOWN", "DOWN", "DOWN", "DOWN", "OK")  # ranking list: "Home menu"
    assert box.lines()[0] == "Tablebox"
    assert "> " + kit.TITLE in box.lines()  # the home menu starts on the last game
    box.do("OK")  # confirmed: no save left, a new game's setup
    assert box.lines()[0] == "Players"
    assert progress.load(box.storage, "kit")[0]["games"] == 1


def test_progress_counts_only_at_the_confirm_and_once_after_a_power_cut(make_box, kit):
    """Game over is not final until the table confirms it: a power cut before the
    confirm resumes the ranking to check, and the confirm counts the game once."""
    import os

    from core import progress

    box = make_box()
    with open(os.path.join(os.path.dirname(__file__), "scripts", "kit", "kit_3players.txt")) as f:
        steps = [line for line in f.read().splitlines() if line.strip() and line[0] != "#"]
    box.do(*steps[: steps.index('expect "Game over?"') + 1])
    assert progress.load(box.storage, "kit")[0] is None  # not counted before the confirm
    again = make_box(storage=box.storage)  # power cut: the box comes back to the review
    again.do("OK")
    assert again.lines()[0] == "Game over?"
    again.do("OK", "UP", "UP")
    assert "> Game over \u2713" in again.lines()
    again.do("OK")
    assert again.lines()[0] == "Final result" and progress.load(again.storage, "kit")[0]["games"] == 1


def test_every_prompt_kind_has_a_screen_and_a_playout_entry():
    from core import playout, prompts, secret, show, textentry, tiles

    kinds = []
    for m in (prompts, secret, show, tiles, textentry):
        kinds += [c for c in vars(m).values() if isinstance(c, type) and issubclass(c, prompts.Prompt) and c.kind]
    assert sorted(set(c.kind for c in kinds)) == sorted(playout.KINDS)
    for c in kinds:
        mod, fn = c.screen
        __import__(mod)
        assert callable(getattr(sys.modules[mod], fn))
