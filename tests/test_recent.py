"""core.Recent: two generations of recent lookups."""

from core import Recent


def test_a_screen_of_up_to_size_keys_is_found_again_whatever_came_before():
    r = Recent(4)
    for i in range(11):  # some earlier screen
        r.put(("old", i), i)
    screen = ["a", "b", "c", "d"]
    for k in screen:
        assert r.get(k) is None
        r.put(k, k.upper())
    for _ in range(3):  # drawn again and again: every key found
        assert [r.get(k) for k in screen] == ["A", "B", "C", "D"]
    assert len(r.new) <= 4 and len(r.old) <= 4


def test_memory_is_bounded_and_clear_forgets():
    r = Recent(3)
    for i in range(100):
        r.put(i, str(i))
        assert len(r.new) + len(r.old) <= 6
    assert r.get(99) == "99" and r.get(0) is None
    r.clear()
    assert r.get(99) is None
