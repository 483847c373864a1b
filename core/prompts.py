"""Prompts: how a game module asks the table for input, without knowing about buttons.

A game's prompt(state) returns a Prompt. The UI renders it generically, collects one
answer and calls prompt.answer(value), which returns either the next Prompt of the same
move (a move may take several questions: rank, then count, then confirm) or the finished
action: a plain list such as ["play", 14, 2, 1, 10] that the game's apply() validates.
BACK inside a move goes to the previous question; nothing reaches the game until the
action is complete, so a half-entered move is never saved or undone.

Each kind is a class whose `screen` names the module and function that open it
(open_prompt imports that module on first use). The classes live beside their screens,
so a game loads only the kinds it uses; their random answers and autoplay keys are in
core/playout.py (never loaded on the box during a game).

Kinds and the answer each one takes:
  Choice(title, options)        here: index into options (labels, already translated, or
                                callables returning one, called as the list shows them);
                                votes=(i, j): the YES button answers i, NO answers j
  Number(title, lo, hi)         here: an int in lo..hi; votes=True: (yes, int), given
                                by the lit YES or NO (a count and a side in one press)
  Confirm(title, lines)         here: True (refusing means BACK; never reaches the game)
  Vote(title)                   core.secret: True for YES, False for NO (the lit buttons)
  Secret(title, voters, ask)    core.secret: one answer per voter in voter order. ask(i)
                                gives the private chain of voters[i] (any kinds); the UI
                                hands the box to each voter in turn and shows nobody the
                                answers. ask(i) must not depend on other voters' answers.
  Ballot(title, voters)         core.secret: a Secret whose chain is one Vote (bools)
  Show(title, tiles, big)       core.show:  True after OK; a large view for the table,
                                which may light a vote lamp (leds="yes"/"no")
  Multi(title, values, labels)  core.tiles: a bitmask of the tiles chosen (dice to keep)
  Fields(title, fields)         core.tiles: a list of ints, one per field; field = (label,
                                lo, hi, names or None): LEFT/RIGHT move, UP/DOWN change
  Text(title, maxlen)           core.textentry: a short string, never empty: letters of
                                the language in both cases, digits, space, "-"

Common fields: `player` (index of who answers, or None for the whole table), `big` (short
text for the whole table to read, drawn large) and `lines` (small context lines); `last`
(what was done last, set by core.play on a turn's first screen) is drawn with the lines;
`edit` and `undo` (a state of something built step by step, and the edit's name: see
open_prompt). What the next screen needs is prepared by core.prepare, never by a prompt.
Tiles (Multi, Show) are (value, label) pairs of short strings: the value drawn large.
"""


def is_prompt(x):
    return isinstance(x, Prompt)


def open_prompt(ctx, p, root=False):
    """Put prompt p on screen with its kind's opener, importing that module on first use.

    A prompt with `edit` set (a name shared by the states of one edit) is a state of
    something built step by step (a guess, one condition at a time): it takes the place
    of the previous state's screen (the latest screen of the same edit, in the same
    context: the game, a voter's chain) and of the questions opened above it. BACK on
    it opens p.undo() (the previous state, built again) when there is one, else does
    what BACK did on the edit's first state (the screen below, or the game menu when
    the first state was a turn's first screen). So a long edit keeps one screen, not
    one per step: forty edits of a guess held 45 KB of the Pico's heap."""
    import sys

    app = ctx.app
    leave = None  # BACK on a state without undo: what BACK did on the edit's first state
    if p.edit:
        st = app.stack
        k = len(st) - 1
        while k > 0 and not (st[k].edit == p.edit and st[k].ctx is ctx):
            k -= 1
        if k > 0:
            prev = st[k]
            leave = prev.leave if prev.undoes else prev.on_back  # the game menu, on a turn's root
            del st[k:]
    mod, fn = p.screen
    if mod not in sys.modules:
        __import__(mod)
    getattr(sys.modules[mod], fn)(ctx, p, root)
    if p.edit:
        top = app.top()
        top.edit = p.edit
        top.ctx = ctx
        top.leave = leave
        if p.undo:
            top.undoes = True
            top.on_back = lambda: open_prompt(ctx, p.undo())
        elif leave:
            top.on_back = leave


class Prompt:
    kind = ""
    last = None
    screen = ("core.play", "")  # (module, function) that opens it: fn(ctx, prompt, root)

    def __init__(self, title, then, player=None, big=None, lines=None, edit=None, undo=None):
        self.title = title
        self.then = then
        self.player = player
        self.big = big
        self.lines = lines or ()
        self.edit = edit
        self.undo = undo

    def answer(self, value):
        return self.then(value)


class Choice(Prompt):
    """votes=(i, j): the lit YES answers i, NO answers j (may be beyond the options);
    sides=(i, j): LEFT answers i, RIGHT j (pages of a list that go on sideways);
    alt: NO answers -1 - k, the highlighted entry k's alternative (its negation).
    guard: OK takes an entry only once the list has been up a moment or the cursor moved
    (core.ui.Menu): for a choice whose first entry is no answer the table meant."""

    kind = "choice"
    screen = ("core.play", "choice")

    def __init__(self, title, options, then, initial=0, votes=None, sides=None, alt=False, guard=False, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.options = options
        self.initial = initial
        self.votes = votes
        self.sides = sides
        self.alt = alt
        self.guard = guard


class Number(Prompt):
    kind = "number"
    screen = ("core.play", "number")

    def __init__(self, title, lo, hi, then, initial=None, unit="", votes=False, **kw):
        if hi < lo:
            raise ValueError("empty number range")
        Prompt.__init__(self, title, then, **kw)
        self.votes = votes  # the lit YES and NO answer (True/False, value); OK does not
        self.lo = lo
        self.hi = hi
        self.initial = lo if initial is None else min(hi, max(lo, initial))
        self.unit = unit
        self.wrap = False  # past hi comes lo (a private number, see core.secret.arrange)


class Confirm(Prompt):
    kind = "confirm"
    screen = ("core.play", "confirm")
    guard = False  # yes only once the screen has been up a moment (core.ui.Confirm): for what is final
