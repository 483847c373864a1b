"""The screen toolkit: a screen base class and the generic widgets every game uses.

A screen gets button events from App (on_event), draws itself into a Frame (draw) and
moves through the App's stack (app.push / app.pop / app.replace). Short BACK goes up one
level everywhere unless a screen says otherwise; long BACK is handled by App (offer to
leave to the home menu). `leds` says which vote-button lamps mean something while the
screen is on top: "" none, "yes" (a fit, adopted), "no" (a miss, rejected), "both" (either
button answers); App lights them at full level, never at a level a screen picks. Layout: a title bar on page 0, 1x rows on pages 1..7 (page-aligned, so
a cursor move changes two pages), the large face (core.bigfont) for what the whole
table reads.
"""

from core import buttons as B
from core import Recent, ticks_diff
from core.frame import W, fit, width
from core.i18n import t

ROWS = 7  # 1x rows under the title bar
ARM_MS = 1000  # a hand-over takes OK only after this long on screen
STEPS = 4  # a guard's wait row fills in this many steps (grow, wait_row)


class Screen:
    """Base screen: a click of OK runs on_ok (when set), a click of BACK runs back(),
    which runs on_back (when set) or goes up one level."""

    title = ""
    leds = ""
    on_ok = None
    on_back = None
    edit = None  # opened from a prompt that is a state of an edit: the edit's name, and
    ctx = None  # the context that opened it (core.prompts.open_prompt);
    undoes = False  # its BACK opens the state before
    leave = None  # what BACK does on the edit's states without one before

    def __init__(self):
        self.app = None

    def on_event(self, kind, button):
        if kind != B.RELEASE:
            return
        if button == B.OK and self.on_ok:
            self.on_ok()
        elif button == B.BACK:
            self.back()

    def back(self):
        if self.on_back:
            self.on_back()
        else:
            self.app.pop()

    def tick(self, now):
        """Called every step; return True to request a redraw."""
        return False

    def draw(self, f):
        pass


_bars = Recent(4)  # title -> page 0 as title_bar() draws it: the panel's and those drawn ahead (core.prepare)


def title_bar(f, title):
    """Inverted bar on page 0; title may be a callable, so it follows a language change.
    The page is kept for the latest titles: a redraw (a cursor move, a vote's screens
    under one title) copies it, 0.8 ms less on the Pico."""
    if not isinstance(title, str):
        title = title()
    bar = _bars.get(title)
    if bar is None:
        f.fill_rect(0, 0, W, 8, 1)  # the whole page: what was drawn there before is gone
        f.text(fit(title, 1, W - 2), 1, 0, 1, True, False)
        _bars.put(title, bytes(f.buf[:W]))
    else:
        f.buf[:W] = bar
    f.lines.append(title)


def pick(kind, button):
    """-1/+1 for D-pad moves (press or auto-repeat), 0 otherwise. UP and RIGHT add."""
    if kind != B.PRESS and kind != B.REPEAT:
        return 0
    if button == B.UP or button == B.RIGHT:
        return 1
    if button == B.DOWN or button == B.LEFT:
        return -1
    return 0


def is_ok(kind, button):
    return kind == B.RELEASE and button == B.OK


def scroll(top, d, n, rows=ROWS):
    """The first row shown after an UP (d=1) or DOWN (d=-1) on a list of n rows of which
    `rows` fit: stays within 0..n-rows."""
    return min(max(0, n - rows), max(0, top - d))


def scroll_marks(f, top, rows, n, y0, y1=56):
    """The arrows that say more rows are above (at y0) or below (at y1)."""
    if top > 0:
        f.text("\u25b2", W - 6, y0, 1, False, False)
    if top + rows < n:
        f.text("\u25bc", W - 6, y1, 1, False, False)


def grow(screen, now):
    """A guarded screen's wait row at `now`: screen.steps of STEPS (STEPS: armed), counted
    from screen.shown (the first tick); True when it grew a step. The bar stays empty for
    the first half of the moment and grows in the second: a screen opened by a press is
    read 0.4 s later on the emulated Pico (a press and its gap), 0.12 s in the simulator,
    and both must show the same frame. Whole steps: every runtime draws the same ones."""
    if screen.shown is None:
        screen.shown = now
    e, half = ticks_diff(now, screen.shown), ARM_MS // 2
    k = STEPS if e >= ARM_MS else 0 if e < half else 1 + (e - half) * (STEPS - 1) // half
    if k == screen.steps:
        return False
    screen.steps = k
    return True


def wait_row(f, y, steps, early, x=None, w=W):
    """The keys row of a guarded screen while it waits: "wait a moment" (at x, else
    centred) over a bar that grows by a step as the moment passes (w wide when full),
    so the table sees when OK will count. early: a press came too soon; the words are
    inverted, so it is answered, not dropped in silence."""
    s = t("ui.wait")
    f.text(s, (W - width(s)) // 2 if x is None else x, y, 1, early)
    f.fill_rect(0 if x is None else x, y + 7, w * steps // STEPS, 1, 1)


class Menu(Screen):
    """Scrolling list. items: labels (str) or callables returning a label.
    on_select(index) runs on OK; DOWN moves down the list. votes=(i, j): the lit YES
    button selects item i, NO item j, on the press (as on a vote screen). notes: small
    context lines above the items, scrolled with them: all on screen while the cursor is
    on the first item (unless there are more than the screen holds). sides=(i, j): LEFT
    selects item i, RIGHT item j; on_alt(index): what NO does with the highlighted item;
    on_key(i): what the buttons' selections do (default on_select: the list's own items).
    guard: OK selects only when pressed once the list has been up ARM_MS (as Armed) or
    after the cursor moved (a choice made), so a stray second OK of the screen before
    picks nothing; until then the bottom row is the wait row (wait_row). wide: items of a
    whole row (a last action: i18n.row's 21 characters), the highlighted one inverted
    without the cursor mark, the scroll marks in the title bar."""

    guard = False
    shown = None  # when a guarded list was first on screen
    steps = 0  # of the wait row (grow())
    early = False  # OK went down while the list was guarded
    told = False  # and the wait row says so (inverted) until the list is armed

    def __init__(self, title, items, on_select, index=0, on_back=None, header=None, votes=None, notes=(), sides=None, on_alt=None, on_key=None, wide=False):
        Screen.__init__(self)
        self.wide = wide
        self.given = notes
        self.notes = None  # wrapped in draw(): narrower when the list scrolls
        self.votes = votes
        self.sides = sides
        self.on_alt = on_alt
        self.on_key = on_key or on_select
        if votes:
            self.leds = "both"
        elif on_alt:
            self.leds = "no"
        self.title = title
        self.items = items
        self.on_select = on_select
        self.on_back = on_back
        self.index = index
        self.top = 0
        self.header = header  # optional draw(f) -> first free row, for game turn screens

    def label(self, i):
        it = self.items[i]
        return it if isinstance(it, str) else it()

    def tick(self, now):
        if not (self.guard and grow(self, now)):
            return False
        self.guard = self.steps < STEPS
        return True

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):
            self.index = (self.index - d) % len(self.items)
            self.guard = False
        elif kind == B.PRESS and button == B.OK:
            self.early = self.guard
            self.told = self.told or self.early  # said on the wait row
        elif is_ok(kind, button):
            if not (self.early or self.guard):
                self.on_select(self.index)
            self.early = False
        elif self.votes and kind == B.PRESS and button in (B.YES, B.NO):
            self.on_key(self.votes[0 if button == B.YES else 1])
        elif self.sides and kind == B.PRESS and button in (B.LEFT, B.RIGHT):
            self.on_key(self.sides[button == B.RIGHT])
        elif self.on_alt and kind == B.PRESS and button == B.NO:
            self.on_alt(self.index)
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        row0 = self.header(f) if self.header else 1
        rows = ROWS + 1 - row0 - (1 if self.guard else 0)  # the wait row below the list
        notes = self.notes
        if notes is None:  # once: a cursor move redraws, and wrapping is slow on the Pico
            notes = wrap_all(self.given)
            if len(notes) + len(self.items) > rows:  # it scrolls: room for the marks
                notes = wrap_all(self.given, NARROW)
            self.notes = notes
        k = len(notes)  # the rows above the items; top counts rows of notes + items
        at = k + self.index
        if self.index == 0:
            self.top = max(0, k + 1 - rows)
        elif at < self.top:
            self.top = at
        elif at >= self.top + rows:
            self.top = at - rows + 1
        n = k + len(self.items)
        for r in range(rows):
            j = self.top + r
            if j >= n:
                break
            y = (row0 + r) * 8
            # A scroll mark needs the right edge of the first or last row only.
            marked = not self.wide and ((r == 0 and self.top > 0) or (r == rows - 1 and j + 1 < n))
            if j < k:  # a note, centred: the whole row (wrap_all's 21 characters)
                f.center(fit(notes[j], 1, W - 16 if marked else W), y)
                continue
            i = j - k
            sel = i == self.index
            if self.wide:
                f.text(fit(self.label(i)), 0, y, 1, invert=sel)
                continue
            f.text(fit(self.label(i), 1, W - 16 if marked else W - 8), 8, y, 1, invert=sel)
            if sel:
                f.text("\u25ba", 0, y, 1, False, False)
        if self.wide:  # inverted on the title bar, at its right end
            f.text("\u25b2" if self.top > 0 else " ", W - 12, 0, 1, True, False)
            f.text("\u25bc" if self.top + rows < n else " ", W - 6, 0, 1, True, False)
        else:
            scroll_marks(f, self.top, rows, n, row0 * 8, (row0 + rows - 1) * 8)
        if self.guard:
            wait_row(f, 56, self.steps, self.told)


class NumberPicker(Screen):
    """UP/DOWN change by 1 (auto-repeat), LEFT/RIGHT by 5; OK takes the value. wrap: past
    hi comes lo and below lo hi (a private number: see core.secret.arrange). on_vote:
    the lit YES and NO take the value, on_vote(yes, value), and OK does nothing. With
    wrap, only VALUE_PAGES depend on the value."""

    VALUE_PAGES = 0x18  # the value and its arrows: y 24-39

    def __init__(self, title, lo, hi, value, on_done, unit="", lines=(), wrap=False, on_vote=None):
        Screen.__init__(self)
        self.on_vote = on_vote
        if on_vote:
            self.leds = "both"
        self.wrap = wrap
        self.title = title
        self.lo = lo
        self.hi = hi
        self.value = value
        self.on_done = on_done
        self.unit = unit
        self.lines = wrap_all(lines)

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d:
            step = 5 if button in (B.LEFT, B.RIGHT) else 1
            v = self.value + d * step
            if self.wrap:
                self.value = self.lo + (v - self.lo) % (self.hi - self.lo + 1)
            else:
                self.value = min(self.hi, max(self.lo, v))
        elif self.on_vote and kind == B.PRESS and button in (B.YES, B.NO):
            self.on_vote(button == B.YES, self.value)
        elif is_ok(kind, button) and not self.on_vote:
            self.on_done(self.value)
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        lines = self.lines
        for i in range(min(4, len(lines))):  # two above the value, two under it
            f.text(fit(lines[i]), 0, (1 if i < 2 else 3) * 8 + 8 * i)
        # Arrows right of the value say which way UP/DOWN can still go. They share the
        # value's two pages, so a change never sends more than those two.
        f.center(str(self.value) + self.unit, 24, 2)
        if self.value < self.hi or self.wrap:
            f.text("\u25b2", 100, 24, 1, False, False)
        if self.value > self.lo or self.wrap:
            f.text("\u25bc", 100, 32, 1, False, False)
        hint = t("ui.range_vote" if self.on_vote else "ui.range", self.lo, self.hi)
        if self.hi - self.lo >= 10:
            hint += "  \u2190\u2192 \u00b15"  # LEFT/RIGHT jump by 5
        f.center(hint, 56)


class Confirm(Screen):
    """Yes with OK (or YES), no with BACK (or NO). on_no defaults to going back.
    votes=False: only OK and BACK answer (while a secret runs, a voter's YES or NO
    press must never confirm or refuse anything). guard: yes only with a press made once
    the screen has been up ARM_MS (as Armed; "wait a moment" where "OK: yes" will be),
    for what cannot be taken back: a stray second OK on the screen before confirms
    nothing."""

    shown = None
    steps = 0
    pressed = False
    early = False

    def __init__(self, title, lines, on_yes, on_no=None, yes=None, no=None, votes=True, guard=False):
        Screen.__init__(self)
        self.guard = guard
        self.armed = not guard
        self.votes = votes
        self.title = title
        self.lines = wrap_all(lines)
        self.top = 0
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = yes or t("ui.yes_ok")
        self.no = no or t("ui.no_back")

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):  # more than five lines scroll
            self.top = scroll(self.top, d, len(self.lines), 5)
            return
        yes = button == B.OK or button == B.YES and self.votes
        if kind == B.PRESS and yes:
            self.pressed = self.armed
            self.early = not self.armed
        if kind != B.RELEASE:
            return
        if yes:
            if self.pressed or not self.guard:
                self.on_yes()
        elif button == B.BACK or button == B.NO and self.votes:
            if self.on_no:
                self.on_no()
            else:
                self.app.pop()

    def tick(self, now):
        return self.guard and Armed.tick(self, now)

    def draw(self, f):
        title_bar(f, self.title)
        for i in range(min(5, len(self.lines) - self.top)):
            f.text(fit(self.lines[self.top + i]), 0, 8 + 8 * i)
        scroll_marks(f, self.top, 5, len(self.lines), 8, 40)
        yes, no = fit(self.yes if self.armed else t("ui.wait")), fit(self.no)
        y = 56 if width(yes) + width(no) + 6 <= W else 48  # else both in full, on two rows
        if self.armed:
            f.text(yes, 0, y)
        else:
            wait_row(f, y, self.steps, self.early, 0, W - width(no) - 6 if y == 56 else W)
        f.text(no, W - width(no), 56)


class Message(Screen):
    """Lines of text, wrapped; UP/DOWN scroll when they do not fit. OK runs on_ok,
    BACK goes back."""

    def __init__(self, title, lines, on_ok=None):
        Screen.__init__(self)
        self.title = title
        self.lines = wrap_all(lines)
        self.on_ok = on_ok
        self.top = 0

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):
            self.top = scroll(self.top, d, len(self.lines))
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        for r in range(min(ROWS, len(self.lines) - self.top)):
            f.text(fit(self.lines[self.top + r]), 0, (r + 1) * 8)
        scroll_marks(f, self.top, ROWS, len(self.lines), 8)


class Pages(Screen):
    """Text read page by page (help: a quick start, then the rulings): six rows a page,
    the page's number and the keys on the last row. RIGHT or DOWN turn to the next page,
    LEFT or UP to the one before (a page never scrolls: a press is a page, not a line);
    OK or BACK close it. A part (a list of paragraphs) starts on a new page, and so does
    a paragraph that does not fit on what is left of one: a sentence is read on one page.
    One longer than a page is cut into pages of even length (7 lines: 4 and 3), so no
    page holds a paragraph's last word alone."""

    PAGE = ROWS - 1

    def __init__(self, title, parts, on_ok=None):
        Screen.__init__(self)
        self.title = title
        self.on_ok = on_ok
        pages = []
        for paragraphs in parts:
            page = []
            for par in paragraphs:
                lines = wrap(par) or [""]
                if page and len(page) + len(lines) > self.PAGE:
                    pages.append(page)
                    page = []
                while len(lines) > self.PAGE:
                    k = (len(lines) + self.PAGE - 1) // self.PAGE  # the pages it takes
                    take = (len(lines) + k - 1) // k
                    pages.append(lines[:take])
                    lines = lines[take:]
                page = page + lines
            pages.append(page)
        self.pages = pages
        self.at = 0

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d:
            self.at = min(len(self.pages) - 1, max(0, self.at + (d if button in (B.LEFT, B.RIGHT) else -d)))
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        page = self.pages[self.at]
        for r in range(len(page)):
            f.text(fit(page[r]), 0, (r + 1) * 8)
        f.center(t("ui.page", self.at + 1, len(self.pages)), 56)


class Armed(Screen):
    """A screen whose OK must be a deliberate one: it counts only when pressed after the
    screen has been up for ARM_MS, so the player before, pressing OK once too often, or a
    box passed with a thumb on OK, acts for nobody. Until then its keys row is the wait
    row (wait_row), redrawn a step at a time (tick() returns True)."""

    shown = None  # when it was first on screen (the first tick)
    armed = False
    steps = 0  # of the wait row (wait_row), up to STEPS: armed
    pressed = False  # OK went down while armed
    early = False  # OK went down before: the wait row answers it

    def tick(self, now):
        """True when the wait row has grown a step (the last one arms the screen)."""
        if self.armed or not grow(self, now):
            return False
        self.armed = self.steps == STEPS
        return True

    def on_event(self, kind, button):
        if button != B.OK:
            Screen.on_event(self, kind, button)
        elif kind == B.PRESS:
            self.pressed = self.armed
            self.early = not self.armed
        elif kind == B.RELEASE and self.pressed:
            self.on_ok()


class HandOver(Armed):
    """'Pass the box to <name>, then press OK.' The OK that opens the next player's
    private screen is a deliberate one (Armed; the line under the name says when)."""

    def __init__(self, name, on_ok, on_back=None, title=None):
        Screen.__init__(self)
        self.title = title or t("ui.handover")  # what the box is passed for, when it says
        self.name = name
        self.on_ok = on_ok
        self.on_back = on_back

    def draw(self, f):
        title_bar(f, self.title)
        f.center(t("ui.pass_to"), 12)
        f.center(fit(self.name, 2), 26, 2)
        if self.armed:
            f.center(t("ui.then_ok"), 48)
        else:
            wait_row(f, 48, self.steps, self.early)


class BigResult(Screen):
    """Results the whole table reads: up to two short lines in the large face, and the
    first two of `lines` small under them; a mark says there are more, and DOWN, as OK,
    goes on to them."""

    def __init__(self, title, big, lines=(), on_ok=None):
        Screen.__init__(self)
        self.title = title
        self.big = big
        self.lines = lines
        self.on_ok = on_ok

    def on_event(self, kind, button):
        if button == B.DOWN and kind == B.PRESS and len(self.lines) > 2 and self.on_ok:
            self.on_ok()
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        y = 24 if len(self.big) == 1 else 10
        for s in self.big:
            f.center(fit(s, 2), y, 2)
            y += 18
        n = len(self.lines)
        for i in range(min(2, n)):
            f.center(fit(self.lines[i], 1, W - 12 if n > 2 else W), 48 + 8 * i)
        scroll_marks(f, 0, 2, n, 48)


def _one_line(s):
    """s is words with one space between them: what wrap() makes of a line that fits.
    (Checked in C, without allocating: on the Pico split() and join() took 0.4 ms a line.
    Whitespace is MicroPython's, ASCII: CPython's split() would also break at U+00A0.)"""
    return s and not (s.startswith(" ") or s.endswith(" ") or "  " in s or "\n" in s or "\t" in s
                      or "\r" in s or "\x0b" in s or "\x0c" in s)


# (text, n) -> wrap()'s lines of a text longer than one line: a screen rehearsed unseen
# (core.prompts.rehearse) has wrapped what its press shows (a guess said again: 2-5 ms of
# a verdict on the Pico, in two widths). 2: lines kept are heap (What the Rule?!'s peak
# is at a verdict).
_wrapped = Recent(2)


def wrap(s, n=21):
    """Greedy word wrap into lines of at most n characters (a word longer than n is cut).
    Each line is one slice at the last space that fits (str.rfind, in C): adding word
    by word took 0.3 ms a word on the Pico. The list may be shared: not to be changed."""
    if len(s) <= n:  # one line (or none)
        if _one_line(s):
            return [s]
        words = s.split()
        return [" ".join(words)] if words else []
    key = (s, n)
    lines = _wrapped.get(key)
    if lines is None:
        lines = _wrap(s, n)
        _wrapped.put(key, lines)
    return lines


def _wrap(s, n):
    if not _one_line(s):
        s = " ".join(s.split())
    lines = []
    i = 0
    end = len(s)
    while end - i > n:
        j = s.rfind(" ", i, i + n + 1)
        if j < 0:  # no space within n: the word is cut, its rest starts the next line
            lines.append(s[i : i + n])
            i += n
        else:
            lines.append(s[i:j])
            i = j + 1
    if i < end:
        lines.append(s[i:])
    return lines


def wrap_all(lines, n=21):
    out = []
    for s in lines:
        out.extend(wrap(s, n) or [""])
    return out


NARROW = 18  # characters a row holds beside a scroll mark


class Table(Screen):
    """A score table: a header row and rows of short strings; UP/DOWN scroll."""

    def __init__(self, title, header, rows):
        Screen.__init__(self)
        self.title = title
        self.rows = [header] + list(rows)
        n = len(header)
        self.widths = [max([len(str(r[c])) for r in self.rows]) for c in range(n)]
        self.top = 0

    def _line(self, row):
        parts = []
        for c in range(len(row)):
            s = str(row[c])
            pad = self.widths[c] - len(s)
            parts.append(s + " " * pad if c == 0 else " " * pad + s)
        return " ".join(parts)

    def on_event(self, kind, button):
        d = pick(kind, button)
        if d and button in (B.UP, B.DOWN):
            self.top = scroll(self.top, d, len(self.rows) - 1, ROWS - 1)
        elif is_ok(kind, button):
            self.app.pop()
        else:
            Screen.on_event(self, kind, button)

    def draw(self, f):
        title_bar(f, self.title)
        f.text(fit(self._line(self.rows[0])), 0, 8)
        body = self.rows[1:]
        for r in range(ROWS - 1):
            i = self.top + r
            if i >= len(body):
                break
            f.text(fit(self._line(body[i])), 0, 16 + 8 * r)
        scroll_marks(f, self.top, ROWS - 1, len(body), 16)
