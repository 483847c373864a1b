"""Prompts: how a game module asks the table for input, without knowing about buttons.

A game's prompt(state) returns a Prompt. The UI renders it generically, collects one
answer and calls prompt.answer(value), which returns either the next Prompt of the same
move (a move may take several questions: rank, then count, then confirm) or the finished
action: a plain list such as ["play", 14, 2, 1, 10] that the game's apply() validates.
BACK inside a move goes to the previous question; nothing reaches the game until the
action is complete, so a half-entered move is never saved or undone.

Prompt kinds and the answer each one takes:
  Choice(title, options)      index into options (labels, already translated)
  Number(title, lo, hi)       an int in lo..hi
  Confirm(title, lines)       True (refusing means BACK; it never reaches the game)
  Ballot(title, voters)       a list of bools, one per voter, in voter order; the UI
                              collects them secretly with a hand-over before each voter

Common fields: `player` (index of who answers, or None for the whole table), `big` (short
text for the whole table to read, drawn large) and `lines` (small context lines).
domain() lists every answer a prompt accepts, in a stable order, for random playouts;
random_action() and playout() use it (tests, benchmarks, simulator scripts).
"""


def is_prompt(x):
    return isinstance(x, Prompt)


class Prompt:
    kind = ""

    def __init__(self, title, then, player=None, big=None, lines=None):
        self.title = title
        self.then = then
        self.player = player
        self.big = big
        self.lines = lines or ()

    def answer(self, value):
        return self.then(value)


class Choice(Prompt):
    kind = "choice"

    def __init__(self, title, options, then, initial=0, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.options = options
        self.initial = initial

    def domain(self):
        return range(len(self.options))


class Number(Prompt):
    kind = "number"

    def __init__(self, title, lo, hi, then, initial=None, unit="", **kw):
        if hi < lo:
            raise ValueError("empty number range")
        Prompt.__init__(self, title, then, **kw)
        self.lo = lo
        self.hi = hi
        self.initial = lo if initial is None else min(hi, max(lo, initial))
        self.unit = unit

    def domain(self):
        return range(self.lo, self.hi + 1)


class Confirm(Prompt):
    kind = "confirm"

    def domain(self):
        return (True,)


class Ballot(Prompt):
    kind = "ballot"

    def __init__(self, title, voters, then, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.voters = voters

    def domain(self):
        # 2**n answers; playouts draw each vote instead of enumerating them.
        return None


def random_action(prompt, rng):
    """Walk one move to its action with uniformly drawn answers (playouts, benchmarks)."""
    p = prompt
    while is_prompt(p):
        if p.kind == "ballot":
            p = p.answer([rng.below(2) == 1 for _ in p.voters])
        else:
            d = p.domain()
            p = p.answer(d[rng.below(len(d))])
    return p


def playout(game, state, rng):
    """Play `state` to its end with random_action; returns (actions applied, refused).
    A refused action is drawn again (the game said why; playouts only count it)."""
    actions = []
    refused = 0
    while True:
        p = game.prompt(state)
        if p is None:
            return actions, refused
        a = random_action(p, rng)
        try:
            game.apply(state, a)
        except ValueError:
            refused += 1
            continue
        actions.append(a)
