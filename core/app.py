"""App: the one loop body of the box.

    app = App(display, leds, storage, seed)
    app.step(now_ms, buttons_mask)     # call every few ms; never sleeps, reads no clock

step() turns raw button levels into events, hands them to the top screen of the stack,
and when something changed renders a fresh frame and pushes only the pages that differ
from what the panel shows; work queued with after() (saving the game) runs then. The App also owns what no single screen should: long BACK
(offer to leave to the home menu), screen sleep after idle, the LEDs, and the guard that
keeps an error in a screen from taking the game with it (the game's log is saved after
every action; the error is shown and the box goes back to the home menu).

Adapters (duck-typed, see DESIGN.md): display.show(buf, pages_mask[, spans]) (spans, the
first and last changed column of each page, only from an App given native loops: the
device's driver sends just those), display.power(on),
display.contrast(level); leds.set(yes, no, status); storage get/put/delete/list.
seed: an int, or a function returning one (the device's entropy), first used when a game
starts. native: a module of native loops (firmware/blit.py: core.frame's drawing, see
frame.accelerate, and the changed columns of a frame), or a function returning one (or
None), called the first time the box is idle: the boot frame is drawn by the portable
code (the same bytes) and loading the module stays out of the boot; None: portable.
"""

from core import buttons as B
from core import const, i18n, release, ticks_diff
from core.frame import PAGES, W, Frame, accelerate

_STATUS_ASLEEP = const(8)  # status LED level while the screen sleeps: the box is still on
FULL = 255  # a lamp that means something is lit at the board's full level
LAMPS = {"": (0, 0), "yes": (FULL, 0), "no": (0, FULL), "both": (FULL, FULL)}  # Screen.leds
WARM_MS = 100  # warm() work starts only this soon after a press or release is answered


class App:
    def __init__(self, display, leds=None, storage=None, seed=0, native=None):
        self._native = None
        self._load_native = native if callable(native) else None
        self._use(None if callable(native) else native)
        self._spans = bytearray(2 * PAGES)  # changed columns per page, see _render
        self.display = display
        self.leds = leds
        self.storage = storage
        self._seed = seed
        self._rng = None  # seeds for new games (two games in one boot differ), see new_seed
        self.buttons = B.Buttons()
        self.frame = Frame()
        self.shown = bytearray(W * PAGES)
        self._views = (memoryview(self.frame.buf), memoryview(self.shown))
        self.stack = []
        self.now = 0
        self.asleep = False
        self.last_error = None
        self._last_input = None
        self._dirty = True
        self._full = 0xFF  # pages the next push sends whole (boot, after wake: every one)
        self._led_state = None
        self.secret = None  # the SecretFlow collecting answers, if any (core.secret)
        self.phones = None  # the host of the phones. server, where it runs one: base, entropy, qr, wifi, start, stop (firmware/phoneserver.py, firmware/radio.py)
        self.seats = None  # the seats the phones hold (core.seats), from the first pairing on
        self._after = []  # work for after the next push to the panel (saves)
        self.frames = 0  # frames pushed so far (the device loop collects garbage after one)
        self.inputs = 0  # steps that took button events so far (the device loop collects after one)
        self.changes = 0
        self._warm = []  # work for while the box is idle, see warm()
        self._answered = None  # when the last input was answered (drawn, saved), see warm()
        i18n.use("ui")
        from core import settings

        self.settings, kept = settings.load(storage)
        release("core.settings")  # loaded again by the settings menu
        i18n.set_lang(self.settings["lang"])
        display.contrast(self.settings["contrast"])
        from core import home

        home.start(self)
        if kept:  # said, not hidden: the file is kept, the defaults are in use
            from core.ui import Message

            self.push(Message(i18n.t("ui.settings_bad"), [i18n.t("ui.settings_kept", kept)], self.pop))

    # --- the stack -------------------------------------------------------------
    def top(self):
        return self.stack[-1]

    def _changed(self):
        self.buttons.ignore_held()
        self._dirty = True
        self.changes += 1  # screens pushed, popped or replaced (the home menu rescans)

    def push(self, screen):
        screen.app = self
        self.stack.append(screen)
        self._changed()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self._changed()

    def replace(self, screen):
        screen.app = self
        self.stack[-1] = screen
        self._changed()

    def cut(self, n):
        """Drop every screen above the first n (never the home menu)."""
        del self.stack[max(1, n) :]
        self._changed()

    def home(self):
        self.secret = None  # leaving drops a secret being collected (it asked first)
        self.cut(1)

    def park_home(self):
        """Release the home menu's code (and its settings menu's) while a game is played
        (4.3 KB of the Pico's heap): the bottom of the stack becomes a stand-in that builds
        the menu again, its cursor where it was, once the menu is back on top (an import
        then, on leaving the game)."""
        menu = self.stack[0]
        if not isinstance(menu, _HomeLater):
            self.stack[0] = _HomeLater(self, menu.index)
            # The local let go too: a stale copy of it, found by the collector's conservative
            # scan, kept the menu and its module's code (3.9 KB) through a whole game of DRWS
            # in one build (under WebAssembly; whether a stale copy survives depends on the
            # layout of the stack, so other builds keep or lose it either way).
            menu = None
            release("core.home")
            release("core.settings")

    def warm(self, *work):
        """Do this work while the table reads the screen, one item per step, in order: a
        function called (core.prepare's: the next screen drawn ahead). A press that comes
        during an item waits for it, so an item starts only in the moments right after
        the box answered a press or a release (within WARM_MS of the first step after it
        with no button held: the frame on the panel and the game saved; a D-pad press that
        opened a new screen reports no release, and a hand holds a button 100-150 ms), when
        a new screen is being read; what is left waits for the next press. An item may
        return more items (a list), done before the rest. Replaces what is still pending:
        warm() cancels it."""
        self._warm = list(work)

    def after(self, fn):
        """Run fn() once the frame this step makes is on the panel: a press is answered
        first and written to flash after (a power cut in between loses only that step)."""
        self._after.append(fn)
        self._dirty = True

    def refresh(self, pages=0xFF):
        """Send these pages of the next frame whole, whatever the panel shows, and those
        that differ outside them (default: every page); added to any asked before."""
        self._full |= pages
        self._dirty = True

    # --- the loop ----------------------------------------------------------------
    def step(self, now, mask):
        self.now = now
        if self._last_input is None:
            self._last_input = now
        events = self.buttons.update(now, mask)
        if events:
            self._last_input = now
            self.inputs += 1
            self._answered = None  # see warm(): set at the next idle step
            if self.asleep:
                self._wake()
                return
            for kind, button in events:
                self._guard(self._dispatch, kind, button)
        elif not self.asleep:
            if self._answered is None and not mask:  # the first step after the input's, none held
                self._answered = now
            quiet = ticks_diff(now, self._last_input)
            idle = self.settings["sleep"]
            if idle and quiet >= idle * 1000:
                self._sleep()
                return
            if self._load_native is not None and not mask and not self._dirty:
                load, self._load_native = self._load_native, None
                self._guard(lambda: self._use(load()))
            elif self._warm and self._answered is not None and ticks_diff(now, self._answered) < WARM_MS and not self._dirty:
                more = self._guard(self._warm.pop(0))
                if isinstance(more, list):
                    self._warm[0:0] = more
        if not self.asleep:
            if self._guard(self.top().tick, now):
                self._dirty = True
            if self._dirty:
                self._guard(self._render)
        while self._after:
            self._guard(self._after.pop(0))

    def _use(self, native):
        accelerate(native)
        self._native = native

    def _dispatch(self, kind, button):
        if kind == B.PRESS and button & (B.YES | B.NO) and self.secret and self.secret.both(self.now):
            pass  # YES and NO together: the vote was taken back (core.secret)
        elif kind == B.LONG and button == B.BACK and len(self.stack) > 1:
            from core.ui import Confirm

            lost = "ui.answers_lost" if self.secret else "ui.leave_saved"
            self.push(Confirm(i18n.t("ui.leave_title"), [i18n.t("ui.leave_q"), i18n.t(lost)], self.home, votes=not self.secret))
        else:
            self.top().on_event(kind, button)
        if kind != B.RELEASE or not button & B.REPEATING:
            self._dirty = True  # a D-pad acts on press and repeat: its release changes nothing

    def _guard(self, fn, *args):
        try:
            return fn(*args)
        except Exception as e:  # a bug in a screen must not take the game down
            self.last_error = e
            from core.ui import Message

            self.home()
            self.push(Message(i18n.t("ui.error"), [str(e)[:60], i18n.t("ui.error_saved")]))
            return False

    def _differ(self, among):
        """The pages among these (a mask) whose bytes differ from the panel's. Compared
        through memoryviews: a slice of one is a small object, a slice of the bytearray a
        128-byte copy, slow to allocate on a fragmented heap (3 ms for a whole new frame
        on the Pico, 0.4 ms this way)."""
        new, old = self._views
        pages = 0
        for p in range(PAGES):
            a = p * W
            if among >> p & 1 and new[a : a + W] != old[a : a + W]:
                pages |= 1 << p
        return pages

    def _render(self):
        f = self.frame
        f.clear()
        self.top().draw(f)
        buf = f.buf
        spans = None
        if self._full:
            # Whole pages, plus those differing outside them (compared only there: what
            # is inside may be a secret, core.secret)
            pages = self._full
            if pages != 0xFF:
                pages |= self._differ(~pages & 0xFF)
        elif self._native is not None:  # and the changed columns of each page
            spans = self._spans
            pages = self._native.changes(buf, self.shown, spans)
        else:
            pages = self._differ(0xFF)
        self._full = 0
        self._dirty = False
        if pages:
            self.shown[:] = buf
            if spans is None:
                self.display.show(buf, pages)
            else:
                self.display.show(buf, pages, spans)
            self.frames += 1
        self._set_leds(LAMPS[self.top().leds], 0)

    def _set_leds(self, yes_no, status):
        state = (yes_no[0], yes_no[1], status)
        if state != self._led_state and self.leds:
            self.leds.set(state[0], state[1], state[2])
        self._led_state = state

    # --- sleep -------------------------------------------------------------------
    def _sleep(self):
        self.asleep = True
        self.display.power(False)
        self._set_leds((0, 0), _STATUS_ASLEEP)

    def _wake(self):
        # The waking press only wakes: its release must not act on the screen.
        self.asleep = False
        self.buttons.ignore_held()
        self.display.power(True)
        self._full = 0xFF
        self._dirty = True
        self._render()

    def seeds(self):
        """The generator of new games' seeds, made with the first game (core.rng loaded,
        the seed read if it is a function: the device's entropy)."""
        if self._rng is None:
            from core.rng import Rng

            seed = self._seed
            self._rng = Rng(seed() if callable(seed) else seed)
        return self._rng

    def new_seed(self):
        return self.seeds().next32()

    # --- settings ------------------------------------------------------------------
    def set_setting(self, key, value):
        self.settings[key] = value
        if key == "lang":
            i18n.set_lang(value)
        elif key == "contrast":
            self.display.contrast(value)
        from core import settings

        settings.save(self.storage, self.settings)
        self._dirty = True


class _HomeLater:
    """The home menu's place at the bottom of the stack while it is parked (App.park_home):
    drawn or pressed, it puts a new home menu there, cursor at `index`, which then acts."""

    leds = ""
    on_back = None

    def __init__(self, app, index):
        self.app = app
        self.index = index

    def tick(self, now):
        return False

    def _menu(self):
        from core.home import HomeMenu

        menu = HomeMenu(self.app)
        menu.app = self.app
        menu.index = self.index
        self.app.stack[0] = menu
        return menu

    def draw(self, f):
        self._menu().draw(f)

    def on_event(self, kind, button):
        self._menu().on_event(kind, button)
