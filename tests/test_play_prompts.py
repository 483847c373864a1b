"""The generic game UI over every prompt kind, with a small game made for the test: a
ballot inside a game, the refusal path, the secret rule for undo."""

import sys
import types

import pytest

from core import games
from core.prompts import Choice, Confirm, Number
from core.secret import Ballot


def make_game():
    """Each round: the proposer names a number, the table votes secretly on it."""
    g = types.ModuleType("core.games.tvote")
    g.OPTIONS = ()

    def new(settings, seed):
        n = len(settings["players"])
        return {"n": n, "round": 0, "pending": None, "score": [0] * n}

    def prompt(s):
        if s["round"] == 2:
            return None
        if s["pending"] is None:
            return Choice("Propose", ["A number", "Nothing"], lambda i: Number("Which?", 1, 9, lambda v: Confirm("Sure?", lambda _: ["propose", v], lines=["Propose {}".format(v)])) if i == 0 else ["skip"], player=0, big="Round {}".format(s["round"] + 1))
        return Ballot("Vote on {}".format(s["pending"]), list(range(s["n"])), lambda votes: ["votes"] + [1 if v else 0 for v in votes])

    def apply(s, a):
        if a[0] == "propose":
            if a[1] == 7:
                raise ValueError("Seven is not allowed.")
            s["pending"] = a[1]
        elif a[0] == "skip":
            s["round"] += 1
        elif a[0] == "votes":
            if s["pending"] is None or len(a) != s["n"] + 1:
                raise ValueError("No vote now.")
            for i in range(s["n"]):
                s["score"][i] += a[1 + i] * s["pending"]
            s["pending"] = None
            s["round"] += 1
        else:
            raise ValueError("Unknown action.")

    g.new, g.prompt, g.apply = new, prompt, apply
    g.sealed = lambda a: a[0] == "votes"
    g.describe = lambda s, a: "Votes counted" if a[0] == "votes" else " ".join([str(x) for x in a])
    g.table = lambda s: (["Name", "Pts"], [["P%d" % (i + 1), str(v)] for i, v in enumerate(s["score"])])
    g.result = lambda s: [(1, i, str(v)) for i, v in enumerate(s["score"])]
    g.summary = lambda s: "round {}".format(s["round"] + 1)
    return g


@pytest.fixture
def tvote(monkeypatch):
    monkeypatch.setitem(sys.modules, "core.games.tvote", make_game())
    monkeypatch.setattr(games, "GAMES", games.GAMES + (("tvote", "tvote", "Test vote", 2, 4),))
    yield
    from core import i18n

    if "tvote" in i18n._sources:
        i18n._sources.remove("tvote")


def start(make_box):
    from core.start import start_new

    box = make_box()
    start_new(box.app, "tvote")
    box.do("wait 50", "OK", "OK")  # 2 players, Start
    return box


def test_ballot_inside_a_game_is_secret_and_applied(make_box, tvote):
    box = start(make_box)
    assert "Round 1" in box.lines()
    box.do("OK", "UP", "UP", "OK")  # A number: 3
    assert "Propose 3" in box.lines()
    box.do("OK")
    assert "Pass the box to" in box.text() and "P1" in box.lines()
    box.do("OK", "YES")  # too soon after the box came: the hand-over takes no OK yet
    assert "Pass the box to" in box.text() and "> wait a moment" in box.lines()  # answered
    box.do("wait 1000", "OK", "YES")
    assert "Vote recorded." in box.lines()
    box.do("OK", "wait 1000", "OK", "NO", "OK")
    assert "Round 2" in box.lines()
    from core import saves

    rec, _ = saves.fetch(box.storage, "tvote")
    assert rec["l"] == [["propose", 3], ["votes", 1, 0]]


def test_refused_action_shows_reason_and_returns_to_the_question(make_box, tvote):
    box = start(make_box)
    box.do("OK", "UP", "UP", "UP", "UP", "UP", "UP", "OK", "OK")  # propose 7
    assert box.lines()[0] == "Not allowed" and "Seven is not allowed." in box.lines()
    box.do("OK")
    assert "Propose 7" in box.lines()  # back on the confirm, nothing lost


def test_pending_ballot_survives_leaving_and_undo_stops_at_the_counted_votes(make_box, tvote):
    from core import gamemenu, saves
    from core.play import Play
    from core.start import again
    from core.session import Session

    box = start(make_box)
    box.do("OK", "UP", "OK", "OK")  # propose 2: a ballot is now pending
    box.do("wait 1000", "OK", "YES", "OK")  # P1 votes
    box.do("hold BACK")
    assert "Answers given so far | are discarded." in box.text()
    box.do("YES")  # a voter's YES never confirms the dialog
    assert box.lines()[0] == "Leave"  # still asking
    box.do("OK")  # leave to home: the half-collected ballot is dropped
    box.do("DOWN", "DOWN", "DOWN", "DOWN", "DOWN")
    assert "> Test vote" in box.lines()
    box.do("OK", "OK")  # resume
    assert "Pass the box to" in box.text() and "P1" in box.lines()  # the ballot starts over
    rec, _ = saves.fetch(box.storage, "tvote")
    s = Session.from_record(rec)
    assert s.log == [["propose", 2]]
    assert s.undo_limit() == 1  # nothing secret recorded yet: the proposal may be undone
    box.do("wait 1000", "OK", "NO", "OK", "wait 1000", "OK", "YES", "OK")  # both vote: counted, sealed
    rec, _ = saves.fetch(box.storage, "tvote")
    s = Session.from_record(rec, box.storage)
    assert s.log == [["propose", 2], ["votes", 0, 1]] and s.undo_limit() == 0
    gamemenu.pick(Play(box.app, s, again), "game.undo")
    box.do("wait 20")
    assert " ".join(box.lines()[1:]) == "Can't be undone (it told a secret): Votes counted"

