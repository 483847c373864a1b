"""What the next screen needs, made while the table reads this one: the one module of the
box that prepares ahead. No game module does (tests/test_tactics.py), and no other core
module knows how; core.play calls ahead() when a game's prompt is on screen.

Why. A press must show its screen within 50 ms on the Pico (a cursor move 30). In the
Tablebox firmware the code is in flash (imports cost nothing worth doing early), so what
a press still pays is building the new screen's texts (a small text 0.5 ms, a large one
up to 1.9, a word looked up 0.4: core.frame and core.i18n keep the latest ones) and the
game's own work (What the Rule?!'s judge walks every row a guess and the rule can tell
apart, some 20 ms at a round's end).

Policy. While a game's prompt p is on screen, idle work (App.warm: an item a step, only in
the moment right after a press is answered, see there) gives p its likely answers: what
OK gives (the highlighted entry of a list, the value shown by a number or fields, OK on a
confirm or a view), then what RIGHT and LEFT give on a list whose pages go on sideways
(a guess's conditions: a page turn is held to the cursor's 30 ms). When an answer opens
the next question of the same move, that screen is drawn on a frame nobody sees
(rehearse()): its words are looked up and its texts built, and the press that opens it
draws from them. When it finishes an action, the action is
applied to a copy of the game's state, the copy is kept, and the game's next prompt of
the copy is made and drawn the same way; the press that confirms that very action takes
the kept state (taken()) and its prompt (ready()) instead of making them again (on the
Pico a judged guess said again took 28 ms of the verdict's press). Nothing a game does is special-cased: a
game's contract (prompt, apply, sealed) is all this reads.

A new game's setup (setup()) loads the game while the players are set up, indexes its
words and draws the prompt it opens on (not on the stock firmware: see there).

Limits. One screen ahead, the likely answers only, OK's first and the page turns last.
core.frame keeps the texts of the screen on the panel and of every screen drawn ahead
while it is up (Frame(ahead=True)), and of the screen before. It is only a speed-up: whatever fails in it is dropped,
and the press then does the work as if nothing had been prepared; a kept state is taken
only by the same action on the same state (same state object, same log length).

Waiting tells nothing (DESIGN.md, the secrets): before an action the game calls sealed()
(a secret recorded or revealed: a card judged, a guess, a ballot) the screen it leads to is
not drawn as it is, since it says the secret and drawing it takes longer for one outcome
than for another; a press that came during that work would wait for it. Such an action is
applied to the copy, which costs the game's apply, the same whatever the secret (a game's
apply keeps its work independent of the outcome: What the Rule?!'s judge walks to the end
whatever it finds). Then the screens of every outcome the game declares for it (alike():
What the Rule?!'s guess, RIGHT and WRONG) are drawn, in the game's order, whichever one
the secret is: the same work for every outcome, and the press finds its verdict drawn. Without alike() nothing more is drawn. The private chains of core.secret
are never prepared: each voter's screens are drawn on their own presses, the same for
every answer.

The work comes in items (App.warm), so a press waits for one at most: an answer applied
and the screen it opens drawn; for a sealed action, the answer applied (a guess judged),
then the screens of its outcomes. Items start only in the moments after a press (App's
WARM_MS, from the first step with no button held): measured on What the Rule?!'s long
game, a fourth item (each outcome or the next screen drawn as an item of its own) came
too late, and the verdict's OK took 65 ms; with the window counted from the press, a
page turn's items never ran (35 ms; 29.2 since).
"""

import sys

from core import games, i18n
from core.frame import Frame
from core.session import shown


class _Unseen:
    """A rehearsal's ctx, and its app: the players' names; it keeps the screen an opener
    pushes and never takes an answer."""

    secret = False
    screen = None

    def __init__(self, names):
        self._names = names
        self.app = self

    def names(self):
        return self._names

    def push(self, screen):
        self.screen = screen


def rehearse(p, names=()):
    """Draw prompt p (not a secret) on a frame nobody sees, with its screen's opener: its
    words are looked up and its texts built now and kept among the recent ones (core.i18n,
    core.frame), so the press that opens it draws from them. Only a speed-up: whatever goes
    wrong here (no room for its frame) is left to the press, which builds the texts as
    without it; it never stops the game."""
    try:
        if p is None or p.kind == "secret":
            return
        mod, fn = p.screen
        if mod not in sys.modules:
            __import__(mod)
        unseen = _Unseen(names)
        getattr(sys.modules[mod], fn)(unseen, p, False)
        unseen.screen.draw(Frame(ahead=True))
    except Exception:  # see above
        pass


def likely(p):
    """The answer p most likely gets: what a plain OK gives (None: none to prepare)."""
    k = p.kind
    if k in ("confirm", "show"):
        return True
    if k in ("choice", "multi", "fields") or k == "number" and not p.votes:
        return p.initial
    return None


def _turns(p):
    """The answers that turn p's page (RIGHT, then LEFT), if its list has pages."""
    sides = getattr(p, "sides", None) if p.kind == "choice" else None
    return (sides[1], sides[0]) if sides else ()


_kept = [None]  # [state, log length, action, the state after it, its prompt or None]: taken()
_ready = [None]  # (state, its prompt) for the state taken(): ready()


def ahead(play, p):
    """Plan the preparation for prompt p, now on screen in play (a core.play.Play)."""
    play.app.warm(lambda: _prepare(play, p, likely(p)), *[lambda v=v: _prepare(play, p, v) for v in _turns(p)])


def _prepare(play, p, v):
    try:
        if v is None:
            return
        nxt = p.answer(v)
        names = play.names()
        if isinstance(nxt, list):  # an action
            s = play.session
            state = _copy(s.state)
            s.game.apply(state, nxt)
            kept = _kept[0] = [s.state, len(s.log), nxt, state, None]
            if s.game.sealed(nxt):  # its screen tells the secret: see the docstring
                alike = getattr(s.game, "alike", None)
                states = alike(state, nxt) if alike else ()
                return [lambda: _outcomes(kept, states, s.game, names)] if states else None
            nxt = kept[4] = shown(s.game, state, nxt)
        rehearse(nxt, names)
    except Exception:  # only a speed-up
        pass


def _outcomes(kept, states, game, names):
    for x in states:
        p = shown(game, x, kept[2])
        rehearse(p, names)
        if x is kept[3]:  # the real one (alike()'s contract): its prompt is kept
            kept[4] = p


def taken(session, action):
    """The state `action` leads to from the session's state, when it was prepared (a copy
    the caller may keep), else None; its prompt, when it was made, goes to ready().
    Whatever was kept goes."""
    k = _kept[0]
    _kept[0] = None
    if k is not None and k[0] is session.state and k[1] == len(session.log) and k[2] == action:
        _ready[0] = (k[3], k[4])
        return k[3]
    return None


def ready(session):
    """The prompt made ahead for the session's state, when taken() gave that state and
    it was made (the game's words for it, a judged guess said again, are not made twice),
    else None."""
    r = _ready[0]
    _ready[0] = None
    return r[1] if r is not None and r[0] is session.state else None


def setup(app, game_id):
    """While the players of a new game are set up (core.start): the game's module loaded,
    its words indexed (a table's index took 39 ms on the Pico, else paid by the first
    press that looks up a word), and the prompt it opens on drawn, when it declares one
    (core.games' opening()). One item a step: a press waits for one at most. Not where
    the app's modules load from files (the stock firmware's .mpy on littlefs): there a
    game's import is one item of some 300 ms, long enough that a press held meanwhile is
    never seen (the buttons are sampled between steps), so the press that starts the
    game loads it."""
    if __file__.endswith(".mpy"):
        return
    app.warm(lambda: games.load(game_id), lambda: i18n.preload(game_id), lambda: _opening(game_id))


def _opening(game_id):
    f = getattr(games.load(game_id), "opening", None)
    if f is not None:
        rehearse(f())


def _copy(x):
    """A deep copy of a game state (dicts, lists, bytearrays, immutable values): MicroPython
    has no copy module."""
    t = type(x)
    if t is dict:
        return {k: _copy(x[k]) for k in x}
    if t is list:
        return [_copy(y) for y in x]
    if t is bytearray:
        return bytearray(x)
    return x
