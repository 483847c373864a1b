"""Screen toolkit and App: navigation, BACK, long BACK, the opening press, frames, sleep."""

from hypothesis import given, settings as hsettings, strategies as st

from core import buttons as B
from core import bigfont, ui
from core.frame import Frame, fit, width
from host_sim import fakes

HOME_VOTE = ["DOWN"] * 5  # from "23" to "Secret vote"


def test_home_lists_games_and_tools(box):
    text = box.text()
    for title in ("23", "Democrazy", "What the Rule?!", "Secret vote", "Settings"):
        assert title in text
    assert "> 23" in box.lines()


def test_cursor_moves_and_wraps(box):
    box.do("UP")
    assert "> Settings" in box.lines()
    box.do("DOWN")
    assert "> 23" in box.lines()


def test_back_goes_up_one_level_and_home_stays(box):
    box.do(*HOME_VOTE).do("OK", "UP", "OK")
    assert box.lines()[0] == "Names"
    box.do("BACK")
    assert box.lines()[0] == "Players"
    box.do("BACK")
    assert box.lines()[0] == "Tablebox"
    box.do("BACK")  # nothing above home
    assert box.lines()[0] == "Tablebox"


def test_long_back_offers_home_then_leaves(box):
    box.do(*HOME_VOTE).do("OK", "OK", "OK")
    assert "Pass the box to" in box.text()
    box.do("hold BACK")
    assert "Leave to the home" in box.text()
    box.do("BACK")  # no: stay
    assert "Pass the box to" in box.text()
    box.do("hold BACK", "OK")
    assert box.lines()[0] == "Tablebox"


def test_press_that_opens_a_screen_does_not_act_on_it(box):
    # Hold OK long on "Secret vote": the press opens the count picker on release only;
    # a held OK that opened a screen must not also confirm the next screen.
    box.do(*HOME_VOTE).do("OK")  # picker open
    box.do("hold OK 2000")  # long press: no click, so the picker stays
    assert box.lines()[0] == "Players"
    app = box.app
    # a screen opened while a button is held ignores that button until it is released
    now = box.runner.now
    app.step(now + 10, B.OK)
    app.step(now + 40, B.OK)  # pressed (debounced)
    app.push(ui.Message("X", ["held"], app.pop))
    for i in range(5, 30):
        app.step(now + i * 10, B.OK)
    for i in range(30, 40):
        app.step(now + i * 10, 0)
    assert app.top().title == "X"


def test_number_picker_limits_and_repeat(box):
    box.do(*HOME_VOTE).do("OK")
    picker = box.app.top()
    box.do("DOWN")
    assert picker.value == 2 and "2" in box.lines()  # clamped at the minimum
    box.do("hold UP 3000")  # auto-repeat runs up to the maximum
    assert picker.value == 10 and "10" in box.lines()
    box.do("LEFT")
    assert picker.value == 5
    box.do("RIGHT", "RIGHT")
    assert picker.value == 10


def test_settings_language_switches_all_text(box):
    box.do("UP", "OK")
    assert "English" in box.text()
    box.do("OK")
    assert "Deutsch" in box.text()
    box.do("BACK")
    assert "Geheime Wahl" in box.text()
    box.do("OK", "OK")  # the cursor is still on Settings
    assert "Nederlands" in box.text()
    assert b'"lang":"nl"' in box.storage.get("settings.json")


def test_settings_survive_restart(make_box):
    a = make_box()
    a.do("UP", "OK", "DOWN", "OK")  # contrast 128 -> 255
    assert a.display.level == 255
    b = make_box(storage=a.storage)
    assert b.display.level == 255 and b.app.settings["contrast"] == 255


def test_damaged_settings_are_kept_aside_and_reported(make_box):
    storage = fakes.MemStorage({"settings.json": b"{not json", "settings.bad": b"older"})
    b = make_box(storage=storage)
    assert b.app.settings["lang"] == "en"
    assert storage.get("settings.bad1") == b"{not json" and storage.get("settings.bad") == b"older"
    assert b.lines()[0] == "Settings damaged" and "settings.bad1;" in b.text() and "defaults" in b.text()
    b.do("OK")
    assert b.lines()[0] == "Tablebox"


def test_screen_sleep_and_wake_press_does_nothing(box):
    box.do("DOWN")
    box.do("wait 121000")
    assert box.app.asleep and not box.display.on
    assert box.leds.state[2] > 0  # status LED shows the box is on
    box.do("DOWN")  # wakes only
    assert not box.app.asleep and box.display.on
    assert "> Democrazy" in box.lines()


def test_cursor_move_sends_two_pages(box):
    box.display.pushes.clear()
    box.do("DOWN")
    masks = [m for m, _ in box.display.pushes]
    assert len(masks) == 1 and bin(masks[0]).count("1") == 2


def test_first_frame_sends_everything():
    from core.app import App

    d = fakes.Display()
    App(d, fakes.Leds(), fakes.MemStorage(), 1).step(0, 0)
    assert d.pushes[0][0] == 0xFF


def test_crash_in_a_screen_is_caught_and_shown(box):
    class Broken(ui.Screen):
        def on_event(self, kind, button):
            raise RuntimeError("boom")

    box.app.push(Broken())
    box.runner.do("OK")
    assert isinstance(box.app.last_error, RuntimeError)
    assert "Error" in box.lines()[0] and "boom" in box.text()


def test_frame_text_sizes_and_records_lines():
    f = Frame()
    f.text("A", 0, 0)
    one = sum(bin(b).count("1") for b in f.buf)
    f.clear()
    f.text("A", 0, 0, 2)
    o = bigfont.glyph(ord("A"))
    glyph = bigfont.cells([o])[0]
    assert sum(bin(b).count("1") for b in f.buf) == sum(bin(b).count("1") for b in glyph) > 2 * one
    assert f.lines == ["A"]


def test_text_at_unaligned_y_shifts_pixels():
    a, b = Frame(), Frame()
    a.text("H", 0, 0)
    b.text("H", 0, 3)
    pix = lambda f, x, y: (f.buf[(y >> 3) * 128 + x] >> (y & 7)) & 1  # noqa: E731
    for x in range(5):
        for y in range(8):
            assert pix(a, x, y) == pix(b, x, y + 3)


def test_fit_and_wrap():
    assert fit("short") == "short"
    long = "x" * 40
    assert len(fit(long)) == 21 and fit(long).endswith("\u2026")
    assert width("ab") == 11
    assert ui.wrap("one two three four five six seven", 10) == ["one two", "three four", "five six", "seven"]
    # a line that fits (the fast path) comes out exactly as the greedy loop makes it
    assert ui.wrap("  Anna  Top 14 ", 21) == ["Anna Top 14"] and ui.wrap(" \n ", 21) == []
    assert ui.wrap("abcdefghijk", 5) == ["abcde", "fghij", "k"]


@hsettings(max_examples=300, deadline=None)
@given(st.text(alphabet=" ab\n\t", max_size=40), st.integers(1, 25))
def test_wrap_is_greedy_by_words(s, n):
    lines = ui.wrap(s, n)
    words = s.split()
    assert all(0 < len(x) <= n and x == x.strip() for x in lines)
    assert "".join(lines).replace(" ", "") == "".join(words)  # nothing lost but spaces
    if all(len(w) <= n for w in words):  # no word cut: lines break between words, greedily
        assert " ".join(lines) == " ".join(words)
        assert all(len(a) + 1 + len(b.split()[0]) > n for a, b in zip(lines, lines[1:]))

def _greedy(s, n):  # the word-by-word wrap ui.wrap replaced (slow on the Pico)
    lines, line = [], ""
    for word in s.split():
        if line and len(line) + 1 + len(word) > n:
            lines.append(line)
            line = word
        else:
            line = line + " " + word if line else word
        while len(line) > n:
            lines.append(line[:n])
            line = line[n:]
    return lines + [line] if line else lines


@hsettings(max_examples=500, deadline=None)
@given(st.text(alphabet=" abc\n\t", max_size=60), st.integers(1, 25))
def test_wrap_breaks_where_adding_word_by_word_does(s, n):
    assert ui.wrap(s, n) == _greedy(s, n)


def test_value_change_sends_at_most_two_pages_even_at_the_ends(box):
    box.do(*HOME_VOTE).do("OK")  # count picker 2..10, at its minimum
    for step in ["UP"] * 9 + ["DOWN"] * 9:  # reaches and leaves both ends
        box.display.pushes.clear()
        box.do(step)
        for mask, _ in box.display.pushes:
            assert bin(mask).count("1") <= 2, step


def test_settings_labels_fit_in_every_language(box):
    from core import i18n, settings

    box.do("UP", "OK")
    menu = box.app.top()
    for code in i18n.LANGS:
        i18n.set_lang(code)
        for key, values in settings.CHOICES:
            for v in values:
                box.app.settings[key] = v
                for i in range(len(menu.items)):
                    assert len(menu.label(i)) <= 18, (code, menu.label(i))


def test_a_title_bar_drawn_again_is_the_same_page_copied(monkeypatch):
    a, b = Frame(), Frame()
    ui.title_bar(a, "Vote on the law")
    drawn = []
    monkeypatch.setattr(Frame, "text", lambda *args: drawn.append(args))
    ui.title_bar(b, "Vote on the law")
    assert drawn == [] and bytes(b.buf) == bytes(a.buf) and b.lines == ["Vote on the law"]
    ui.title_bar(b, "Another title")  # another title is drawn
    assert len(drawn) == 1


# ----------------------------------------------------------------- guards that show themselves (issue 52)


def wait_bar(box):
    """The wait row's bar: the lit pixels of the bottom row of page 6 or 7 (y 55 or 63:
    the wait row on the last row, or above a long BACK)."""
    buf = box.display.buf
    return max(sum(1 for x in range(128) if buf[page * 128 + x] & 0x80) for page in (6, 7))


def guarded(box, screen):
    box.app.push(screen)
    box.do("wait 10")
    return screen


def test_a_guard_fills_its_keys_row_as_the_moment_passes_and_answers_an_early_press(box):
    went = []
    guarded(box, ui.Confirm("Sure?", ["For good"], lambda: went.append(1), guard=True))
    assert "wait a moment" in box.lines() and wait_bar(box) == 0
    seen = []
    for _ in range(3):
        box.do("wait 250")
        seen.append(wait_bar(box))
    assert seen[0] < seen[1] < seen[2] and "wait a moment" in box.lines()  # it grows, a step at a time
    box.do("OK")  # too soon: answered (the words inverted), not taken
    assert "> wait a moment" in box.lines() and not went
    box.do("wait 300")
    assert "OK: yes" in box.lines() and wait_bar(box) < 8  # armed: the keys (a descender, no bar)
    box.do("OK")
    assert went == [1]


def test_every_guarded_kind_shows_its_wait_row_and_none_without_a_guard(box):
    from core.show import Show, ShowScreen

    for guard in (True, False):
        p = Show("Result", None, big="YES 5", lines=["read it"], guard=guard)
        guarded(box, ShowScreen(p, lambda: None))
        assert ("wait a moment" in box.lines()) == guard and "read it" in box.lines()
        box.app.pop()
        menu = ui.Menu("Guess?", ["Guess", "Pass"], lambda i: None)
        menu.guard = guard
        guarded(box, menu)
        assert ("wait a moment" in box.lines()) == guard and "> Guess" in box.lines()
        if guard:
            box.do("OK")  # a stray OK: answered
            assert "> wait a moment" in box.lines() and box.app.top() is menu
            box.do("DOWN")  # a choice made: no wait
            assert "wait a moment" not in " ".join(box.lines())
        box.app.pop()


# ----------------------------------------------------------------- help by pages (issue 52)


def test_help_opens_on_its_quick_start_and_turns_a_page_a_press(box):
    from core import i18n

    box.do("OK", "OK", "OK", "OK", "OK", "OK")  # 23: 2 players, Start, deal, setup read, P1 holds the 1
    box.do("BACK")  # the game menu
    items = box.app.top().items
    box.to(items.index("How the box rules")).do("OK")
    quick = i18n.t("g23.quick").split("\n")
    assert box.lines()[1:6] == quick and box.lines()[-1].startswith("\u2190\u2192 page 1 of ")
    total = len(box.app.top().pages)
    box.do("RIGHT")
    assert box.lines()[-1] == "\u2190\u2192 page 2 of %d  OK" % total
    assert box.lines()[1].startswith("The box keeps turns")  # the rulings after the quick start
    box.do("DOWN", "UP", "LEFT", "LEFT")  # DOWN turns on, UP and LEFT back; never before page 1
    assert box.lines()[1:6] == quick
    box.do(*["RIGHT"] * (total + 2))
    assert box.lines()[-1] == "\u2190\u2192 page %d of %d  OK" % (total, total)
    box.do("OK")
    assert box.app.top().items == items  # back in the game menu
