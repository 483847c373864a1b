"""Prompts: how a game module asks the table for input, without knowing about buttons.

A game's prompt(state) returns a Prompt. The UI renders it generically, collects one
answer and calls prompt.answer(value), which returns either the next Prompt of the same
move (a move may take several questions: rank, then count, then confirm) or the finished
action: a plain list such as ["play", 14, 2, 1, 10] that the game's apply() validates.
BACK inside a move goes to the previous question; nothing reaches the game until the
action is complete, so a half-entered move is never saved or undone.

Each kind is one class below, and the class is the whole table for its kind: `screen`
names the module and function that put it on the panel (imported only when a prompt of
that kind is shown, so a game pays for the widgets it uses), random(rng) draws an
answer for playouts, keys(answer) lists the button presses that give that answer from
the screen's initial state (host_sim.autoplay writes full-game scripts with it).

Kinds and the answer each one takes:
  Choice(title, options)        index into options (labels, already translated)
  Number(title, lo, hi)         an int in lo..hi
  Confirm(title, lines)         True (refusing means BACK; it never reaches the game)
  Vote(title)                   True for YES, False for NO (the two lit buttons)
  Multi(title, values, labels)  a bitmask of the tiles chosen (e.g. the dice to keep)
  Fields(title, fields)         a list of ints, one per field; field = (label, lo, hi,
                                names or None): LEFT/RIGHT move, UP/DOWN change (wrapping)
  Text(title, maxlen)           a short string: letters of the language in both cases,
                                digits, space and "-"; never empty
  Show(title, tiles, big)       True after OK: a large view for the whole table, which
                                may light the vote LEDs (leds=(yes, no))
  Secret(title, voters, ask)    a list, one answer per voter in voter order. ask(i) gives
                                the private chain of voters[i] (any kinds above); the UI
                                hands the box to each voter in turn and shows nobody the
                                answers. ask(i) must not depend on other voters' answers.
  Ballot(title, voters)         a Secret whose chain is one Vote: a list of bools

Common fields: `player` (index of who answers, or None for the whole table), `big` (short
text for the whole table to read, drawn large) and `lines` (small context lines).
Tiles (Multi, Show) are (value, label) pairs of short strings: the value drawn large.
"""

# Letters the Text kind offers beyond A-Z, per language, as (capitals, small letters):
# spelled out because MicroPython's str.lower() only knows ASCII.
EXTRA = {"de": ("\u00c4\u00d6\u00dc", "\u00e4\u00f6\u00fc\u00df"), "nl": ("\u00c9\u00cb\u00cf", "\u00e9\u00eb\u00ef")}
AZ = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
TAIL = "0123456789-"


def charsets(lang):
    """(capitals, small): the characters a Text answer cycles through, space first."""
    up, low = EXTRA.get(lang, ("", ""))
    return " " + AZ + up + TAIL, " " + AZ.lower() + low + TAIL


def is_prompt(x):
    return isinstance(x, Prompt)


def open_prompt(ctx, p, root=False):
    """Put prompt p on screen with its kind's opener, importing that module on first use."""
    import sys

    mod, fn = p.screen
    if mod not in sys.modules:
        __import__(mod)
    getattr(sys.modules[mod], fn)(ctx, p, root)


def _moves(frm, to, up, down):
    return [up] * (to - frm) if to >= frm else [down] * (frm - to)


class Prompt:
    kind = ""
    screen = ("core.asks", "")  # (module, function) that opens it: fn(ctx, prompt, root)

    def __init__(self, title, then, player=None, big=None, lines=None):
        self.title = title
        self.then = then
        self.player = player
        self.big = big
        self.lines = lines or ()

    def answer(self, value):
        return self.then(value)

    def random(self, rng):
        d = self.domain()
        return d[rng.below(len(d))]

    def keys(self, value):
        return ["OK"]


class Choice(Prompt):
    kind = "choice"
    screen = ("core.asks", "choice")

    def __init__(self, title, options, then, initial=0, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.options = options
        self.initial = initial

    def domain(self):
        return range(len(self.options))

    def keys(self, value):
        return _moves(self.initial, value, "DOWN", "UP") + ["OK"]


class Number(Prompt):
    kind = "number"
    screen = ("core.asks", "number")

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

    def keys(self, value):
        return _moves(self.initial, value, "UP", "DOWN") + ["OK"]


class Confirm(Prompt):
    kind = "confirm"
    screen = ("core.asks", "confirm")

    def domain(self):
        return (True,)


class Vote(Prompt):
    kind = "vote"
    screen = ("core.secret", "vote")

    def domain(self):
        return (False, True)

    def random(self, rng):
        return rng.below(2) == 1

    def keys(self, value):
        return ["YES" if value else "NO"]


class Show(Prompt):
    kind = "show"
    screen = ("core.tiles", "show")

    def __init__(self, title, then, tiles=(), leds=(0, 0), **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = tiles
        self.leds = leds

    def domain(self):
        return (True,)


class Multi(Prompt):
    kind = "multi"
    screen = ("core.tiles", "multi")

    def __init__(self, title, values, labels, then, initial=0, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.tiles = [(values[i], labels[i]) for i in range(len(values))]
        self.initial = initial

    def domain(self):
        return range(1 << len(self.tiles))

    def keys(self, value):
        out = []
        at = 0
        for i in range(len(self.tiles)):
            if (value ^ self.initial) >> i & 1:
                out += ["RIGHT"] * (i - at) + ["UP"]
                at = i
        return out + ["OK"]


class Fields(Prompt):
    kind = "fields"
    screen = ("core.tiles", "fields")

    def __init__(self, title, fields, then, initial=None, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.fields = fields
        self.initial = list(initial) if initial else [f[1] for f in fields]

    def domain(self):
        return None  # a product of ranges: drawn field by field, never enumerated

    def random(self, rng):
        return [f[1] + rng.below(f[2] - f[1] + 1) for f in self.fields]

    def keys(self, value):
        out = []
        for i in range(len(self.fields)):
            span = self.fields[i][2] - self.fields[i][1] + 1
            up = (value[i] - self.initial[i]) % span
            out += ["UP"] * up if up <= span - up else ["DOWN"] * (span - up)
            out.append("RIGHT" if i + 1 < len(self.fields) else "OK")
        return out


class Text(Prompt):
    kind = "text"
    screen = ("core.asks", "text")

    def __init__(self, title, then, maxlen=8, initial="", **kw):
        Prompt.__init__(self, title, then, **kw)
        self.maxlen = maxlen
        self.initial = initial

    def domain(self):
        return None

    def random(self, rng):
        from core.i18n import lang

        up = charsets(lang())[0]
        n = 1 + rng.below(self.maxlen)
        return "".join([up[1 + rng.below(len(up) - 1)] for _ in range(n)])

    def keys(self, value):
        """From an empty entry (TextEntry starts in capitals on a space)."""
        from core.i18n import lang

        sets = charsets(lang())
        out = []
        upper = True
        for i in range(len(value)):
            c = value[i]
            if i:
                out.append("RIGHT")
            if c not in sets[0 if upper else 1]:
                out.append("YES")  # switch case
                upper = not upper
            k = sets[0 if upper else 1].find(c)
            n = len(sets[0 if upper else 1])
            out += ["UP"] * k if k <= n - k else ["DOWN"] * (n - k)
        return out + ["OK"]


class Secret(Prompt):
    kind = "secret"
    screen = ("core.secret", "secret")
    recorded = ("secret.recorded", "secret.hidden", "secret.hidden2")  # the "recorded" screen

    def __init__(self, title, voters, ask, then, **kw):
        Prompt.__init__(self, title, then, **kw)
        self.voters = voters
        self.ask = ask

    def domain(self):
        return None  # one chain per voter: drawn voter by voter

    def random(self, rng):
        return [random_action(self.ask(i), rng) for i in range(len(self.voters))]

    def keys(self, value):
        out = []
        for i in range(len(self.voters)):
            out.append("OK")  # hand-over
            for p, a in path_to(self.ask(i), value[i]):
                out += p.keys(a)
            out.append("OK")  # "answer recorded": pass it on
        return out


class Ballot(Secret):
    recorded = ("vote.recorded", "vote.hidden", "vote.hidden2")

    def __init__(self, title, voters, then, **kw):
        Secret.__init__(self, title, voters, lambda i: Vote(title, _same), then, **kw)


def _same(v):
    return v


def path_to(prompt, value):
    """[(prompt, answer), ...] that walks a chain to `value` (an action or a secret
    answer); searched over domain(), so only for chains of enumerable kinds."""
    d = prompt.domain()
    if d is None:
        raise ValueError("cannot search a " + prompt.kind)
    for a in d:
        nxt = prompt.answer(a)
        if is_prompt(nxt):
            rest = _try_path(nxt, value)
            if rest is not None:
                return [(prompt, a)] + rest
        elif nxt == value:
            return [(prompt, a)]
    raise ValueError("no answers lead to {}".format(value))


def _try_path(prompt, value):
    try:
        return path_to(prompt, value)
    except ValueError:
        return None


def random_action(prompt, rng, path=None):
    """Walk one move to its action with randomly drawn answers (playouts, benchmarks);
    `path`, when given, collects the (prompt, answer) pairs on the way."""
    p = prompt
    while is_prompt(p):
        a = p.random(rng)
        if path is not None:
            path.append((p, a))
        p = p.answer(a)
    return p


def playout(game, state, rng, paths=None):
    """Play `state` to its end with random_action; returns (actions applied, refused).
    A refused action is drawn again (the game said why; playouts only count it).
    `paths`, when given, gets each applied action's (prompt, answer) path."""
    actions = []
    refused = 0
    while True:
        p = game.prompt(state)
        if p is None:
            return actions, refused
        path = [] if paths is not None else None
        a = random_action(p, rng, path)
        try:
            game.apply(state, a)
        except ValueError:
            refused += 1
            continue
        actions.append(a)
        if paths is not None:
            paths.append(path)
