"""Button events from raw levels: leading-edge debounce, click, long press, repeat,
wrap-around."""

from hypothesis import given, strategies as st

from core import buttons as B
from core import TICKS_PERIOD, ticks_add, ticks_diff


def feed(b, start, timeline):
    """timeline: list of (duration_ms, mask); step every 5 ms. Returns [(t_rel, kind, bit)]."""
    out = []
    t = 0
    for dur, mask in timeline:
        end = t + dur
        while t < end:
            t += 5
            for kind, bit in b.update(ticks_add(start, t), mask):
                out.append((t, kind, bit))
    return out


def kinds(events):
    return [(k, b) for _, k, b in events]


def test_click_acts_on_the_first_sample_of_each_edge():
    ev = feed(B.Buttons(), 0, [(100, B.OK), (100, 0)])
    assert ev == [(5, B.PRESS, B.OK), (105, B.RELEASE, B.OK)]


def test_chatter_after_an_edge_is_ignored():
    # contact bounce after the press and after the release, within DEBOUNCE_MS of the edge
    bounce = [(5, B.OK), (5, 0)]
    timeline = bounce * 2 + [(200, B.OK)] + [(5, 0), (5, B.OK)] * 2 + [(100, 0)]
    ev = feed(B.Buttons(), 0, timeline)
    assert ev == [(5, B.PRESS, B.OK), (225, B.RELEASE, B.OK)]


def test_press_shorter_than_the_lockout_is_a_click():
    ev = feed(B.Buttons(), 0, [(10, B.OK), (100, 0)])
    assert ev == [(5, B.PRESS, B.OK), (5 + B.DEBOUNCE_MS, B.RELEASE, B.OK)]


def test_long_press_suppresses_release():
    ev = feed(B.Buttons(), 0, [(B.LONG_MS + 300, B.BACK), (100, 0)])
    assert kinds(ev) == [(B.PRESS, B.BACK), (B.LONG, B.BACK)]
    t_press, t_long = ev[0][0], ev[1][0]
    assert B.LONG_MS <= t_long - t_press < B.LONG_MS + 10


def test_long_fires_once_only():
    ev = feed(B.Buttons(), 0, [(5000, B.YES), (50, 0)])
    assert kinds(ev).count((B.LONG, B.YES)) == 1


def test_repeat_for_dpad_only():
    ev = feed(B.Buttons(), 0, [(1000, B.DOWN), (50, 0)])
    reps = [t for t, k, b in ev if k == B.REPEAT]
    assert ev[0][1] == B.PRESS
    # first repeat after the delay, then every REPEAT_MS
    assert reps[0] - ev[0][0] >= B.REPEAT_DELAY_MS
    assert all(b - a >= B.REPEAT_MS for a, b in zip(reps, reps[1:]))
    assert len(reps) == 1 + (1000 - 5 - B.REPEAT_DELAY_MS) // B.REPEAT_MS
    # held D-pad buttons repeat instead of long-pressing, and still release
    assert (B.LONG, B.DOWN) not in kinds(ev)
    assert kinds(ev)[-1] == (B.RELEASE, B.DOWN)


def test_ignore_held_swallows_rest_of_that_press():
    b = B.Buttons()
    feed(b, 0, [(50, B.OK)])
    b.ignore_held()
    ev = feed(b, 50, [(2000, B.OK), (50, 0), (50, B.OK), (50, 0)])
    # the held press gives nothing (no release, no long); the next press works again
    assert kinds(ev) == [(B.PRESS, B.OK), (B.RELEASE, B.OK)]


def test_two_buttons_independent():
    ev = feed(B.Buttons(), 0, [(50, B.YES), (50, B.YES | B.NO), (50, B.NO), (50, 0)])
    assert kinds(ev) == [(B.PRESS, B.YES), (B.PRESS, B.NO), (B.RELEASE, B.YES), (B.RELEASE, B.NO)]


@given(st.integers(min_value=0, max_value=TICKS_PERIOD - 1))
def test_same_events_anywhere_on_the_tick_circle(start):
    timeline = [(40, B.OK), (40, 0), (900, B.BACK), (40, 0), (700, B.UP), (40, 0)]
    assert feed(B.Buttons(), start, timeline) == feed(B.Buttons(), 0, timeline)


def test_wrap_exactly():
    start = TICKS_PERIOD - 300  # the press spans the wrap-around
    ev = feed(B.Buttons(), start, [(B.LONG_MS + 100, B.OK), (50, 0)])
    assert kinds(ev) == [(B.PRESS, B.OK), (B.LONG, B.OK)]


def test_ticks_diff_and_add():
    assert ticks_diff(ticks_add(TICKS_PERIOD - 5, 10), TICKS_PERIOD - 5) == 10
    assert ticks_diff(3, TICKS_PERIOD - 2) == 5
    assert ticks_diff(TICKS_PERIOD - 2, 3) == -5
