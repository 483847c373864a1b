"""The Secret vote tool: nothing gives a vote away before the reveal; totals are right."""

import os

import pytest

from host_sim import script
from tests.test_secret_input import unsaid

HERE = os.path.dirname(os.path.abspath(__file__))
START = ["DOWN"] * 5 + ["OK"]  # home -> Secret vote -> count picker (2)
HAND = ("wait 1000", "OK")  # a hand-over takes OK after a moment (core.ui.ARM_MS)


def voters(box, n):
    box.do(*START)
    box.do(*(["UP"] * (n - 2)), "OK", "OK")  # count, then Start


def cast_all(box, votes, capture=None):
    for v in votes:
        box.do(*HAND)
        box.do("YES" if v else "NO")
        if capture is not None:
            capture.append(box.text())
        box.do("OK")  # vote recorded -> next


def test_scripted_session_passes():
    from core.app import App
    from host_sim import fakes

    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    with open(os.path.join(HERE, "scripts", "secret_vote.txt")) as f:
        assert script.run(app, f) is None


@pytest.mark.parametrize("votes", [(1, 1, 0), (0, 0, 0), (1, 0, 1, 0), (1,) * 10])
def test_reveal_counts(make_box, votes):
    box = make_box()
    voters(box, len(votes))
    cast_all(box, votes)
    yes = sum(votes)
    no = len(votes) - yes
    assert "YES {}".format(yes) in box.lines() and "NO {}".format(no) in box.lines()
    verdict = "Majority YES" if yes > no else "Majority NO" if no > yes else "Tie"
    assert verdict in box.lines()


def trace(make_box, first_vote):
    """Everything the table can observe while voter 1 votes and passes the box on."""
    box = make_box()
    voters(box, 3)
    box.display.pushes.clear()
    box.leds.history.clear()
    box.do(*HAND, "YES" if first_vote else "NO", "OK", *HAND)
    return unsaid(box.display.pushes), box.leds.history, box.lines(), box.display.buf


def test_yes_and_no_look_exactly_the_same(make_box):
    yes = trace(make_box, True)
    no = trace(make_box, False)
    assert yes[0] == no[0]  # every frame pushed, page by page (but the voter's own answer)
    assert yes[1] == no[1]  # every LED change
    assert yes[2] == no[2] and yes[3] == no[3]
    assert yes[1] and all(s[0] == s[1] for s in yes[1])  # YES and NO LEDs always equal


def test_no_count_or_vote_shown_before_reveal(make_box):
    box = make_box()
    voters(box, 4)
    seen = []
    for v in (1, 0, 1):
        box.do(*HAND)
        seen.append(box.text())
        box.do("YES" if v else "NO")
        seen.append(box.text())
        box.do("OK")
        seen.append(box.text())
    for text in seen:
        for word in ("YES 1", "YES 2", "NO 1", "Majority", "Tie", ": YES", ": NO"):
            assert word not in text


def test_one_vote_per_voter(make_box):
    box = make_box()
    voters(box, 2)
    box.do(*HAND, "YES")
    box.do("NO", "YES", "NO")  # extra presses on "vote recorded" change nothing
    assert "Vote recorded." in box.lines()
    box.do("OK", *HAND, "NO", "OK")
    assert "YES 1" in box.lines() and "NO 1" in box.lines()


def test_back_on_handover_cancels_without_revealing(make_box):
    box = make_box()
    voters(box, 3)
    box.do(*HAND, "YES", "OK")  # P1 voted; hand-over to P2
    box.do("BACK")
    assert "Cancel the vote?" in box.text()
    box.do("OK")
    assert box.lines()[0] == "Tablebox"


def test_per_player_reveal_setting(make_box):
    box = make_box()
    box.do("UP", "OK", "DOWN", "DOWN", "DOWN", "OK", "BACK")  # Show who voted: on
    assert box.app.settings["reveal"] == 1
    box.do("UP", "OK", "OK", "OK")  # Secret vote, 2 players, Start
    cast_all(box, (1, 0))
    box.do("OK")
    assert "P1: YES" in box.lines() and "P2: NO" in box.lines()


def test_per_player_reveal_off_by_default(make_box):
    box = make_box()
    voters(box, 2)
    cast_all(box, (1, 0))
    box.do("OK")
    assert not any(": YES" in s or ": NO" in s for s in box.lines())


def test_with_names_shown_it_is_an_open_vote_everywhere(make_box):
    box = make_box()
    box.do("UP", "OK", "DOWN", "DOWN", "DOWN", "OK", "BACK")  # Show who voted: on
    box.do("UP", "OK", "OK", "OK", *HAND)  # Secret vote tool, 2 players, Start, hand-over
    assert box.lines()[0] == "Open vote" and "Votes shown by name" in box.lines()
    assert not any("Secret" in s for s in box.lines())
    box.do("YES")
    assert box.lines()[:5] == ["Open vote", "Vote recorded.", "YES", "Shown with your name", "once all have voted."]


def test_a_secret_vote_says_nobody_sees_it(make_box):
    box = make_box()
    voters(box, 2)
    box.do(*HAND)
    assert box.lines()[0] == "Secret vote" and "Votes shown by name" not in box.lines()
    box.do("NO")
    assert "Nobody sees it until" in box.lines()


def test_a_voter_sees_their_vote_and_may_change_it_before_passing_on(make_box):
    box = make_box()
    voters(box, 2)
    box.do(*HAND, "YES")
    assert "YES" in box.lines() and "BACK: change it" in box.lines()
    box.do("BACK", "NO")  # the same voter votes again: no hand-over between
    assert "NO" in box.lines() and "YES" not in box.lines()
    box.do("OK", *HAND, "NO", "OK")
    assert "NO 2" in box.lines()
