"""Playouts: random answers for every prompt kind, the button presses that give an
answer, and whole random games (tests, benchmarks, host_sim.autoplay scripts).

KINDS maps each prompt kind to (domain, random answer, keys). It lives here, not in the
prompt classes, so that none of it takes the device's heap during a game: the classes
(core/prompts.py, secret.py, tiles.py, textentry.py) carry only what the box needs, their
kind and the screen that opens them. tests/test_secret_input.py checks that every kind
has an entry here.

domain(p)        every answer, in a stable order (None: not enumerable, drawn instead)
random(p, rng)   one answer drawn with the core's Rng (the same on every runtime)
keys(p, answer)  presses giving `answer` from the screen's initial state
"""

from core.prompts import is_prompt


def _moves(frm, to, up, down):
    return [up] * (to - frm) if to >= frm else [down] * (frm - to)


def _pick(p, rng):
    d = KINDS[p.kind][0](p)
    return d[rng.below(len(d))]


def _none(p):
    return None


def _choice_domain(p):
    """The entries, the lit YES and NO and LEFT and RIGHT where they answer beyond them (a
    list whose entries are confirmed, the buttons at once): those first, as a person
    presses them; then each entry's alternative (alt: NO on it)."""
    n = len(p.options)
    extra = [v for v in (p.votes or ()) + (p.sides or ()) if v >= n]
    return extra + list(range(n)) + ([-1 - i for i in range(n)] if p.alt else [])


def _choice_keys(p, v):
    if v < 0:  # the highlighted entry's alternative
        return _moves(p.initial, -1 - v, "DOWN", "UP") + ["NO"]
    if v >= len(p.options):  # only a button gives it
        if p.sides and v in p.sides:
            return ["LEFT" if v == p.sides[0] else "RIGHT"]
        return ["YES" if v == p.votes[0] else "NO"]
    moves = _moves(p.initial, v, "DOWN", "UP")
    return moves + (HAND_OVER if p.guard and not moves else ["OK"])  # a move makes the choice


def _number_domain(p):
    values = range(p.lo, p.hi + 1)
    return [(yes, v) for yes in (True, False) for v in values] if p.votes else values


def _number_random(p, rng):
    if p.votes:
        return rng.below(2) == 1, _number_value(p, rng)
    return _number_value(p, rng)


def _number_keys(p, v):
    """LEFT/RIGHT move by 5 (NumberPicker), UP/DOWN by 1: the presses a person makes; on
    a short number that wraps (a private one), UP or DOWN, whichever way round is shorter.
    With votes: to the count, then YES or NO."""
    if p.votes:
        return _number_keys_to(p, v[1]) + ["YES" if v[0] else "NO"]
    return _number_keys_to(p, v) + ["OK"]


def _number_keys_to(p, v):
    span = p.hi - p.lo + 1
    if getattr(p, "wrap", False) and span <= 10:
        up = (v - p.initial) % span
        return ["UP"] * up if up <= span - up else ["DOWN"] * (span - up)
    d = v - p.initial
    fives = _moves(0, abs(d) // 5, "RIGHT", "LEFT") if d >= 0 else _moves(0, abs(d) // 5, "LEFT", "RIGHT")
    ones = _moves(0, abs(d) % 5, "UP", "DOWN") if d >= 0 else _moves(0, abs(d) % 5, "DOWN", "UP")
    return fives + ones


def _number_value(p, rng):
    """Any value of a short range; on a wide one (points entered by hand) within WIDE of
    the initial value, as a table mostly enters them, so random scripts stay short."""
    if p.hi - p.lo <= 2 * WIDE:
        return p.lo + rng.below(p.hi - p.lo + 1)
    lo, hi = max(p.lo, p.initial - WIDE), min(p.hi, p.initial + WIDE)
    return lo + rng.below(hi - lo + 1)


WIDE = 20


def _multi_domain(p):
    """Every subset, and what YES answers when it answers anything."""
    return list(range(1 << len(p.tiles))) + ([p.yes] if p.yes is not None else [])


def _multi_keys(p, v):
    """YES for its answer; else the tiles of v chosen and OK, or (where NO answers the
    tiles not chosen and that is shorter) the others chosen and NO."""
    if p.yes is not None and v == p.yes:
        return ["YES"]
    toggles = _toggles(p, v)
    wait = HAND_OVER[:-1] if p.guard and not toggles else []  # the D-pad arms it; else a wait first
    out = toggles + ["OK"]
    rest = ~v & ((1 << len(p.tiles)) - 1)
    if p.no and rest and v:  # NO answers the others of what is marked, if any
        other = _toggles(p, rest) + ["NO"]
        if len(other) < len(out):
            return wait + other
    return wait + out


def _toggles(p, mask):
    """Left to right: RIGHT to the next tile to toggle, UP toggles it and steps on."""
    out = []
    at = 0
    for i in range(len(p.tiles)):
        if (mask ^ p.initial) >> i & 1:
            out += ["RIGHT"] * (i - at) + ["UP"]
            at = i + 1
    return out


def _pick_keys(p, v):
    """NO for none; else the shorter way round (the dash of none is the last tile), and
    OK; on a guarded screen after the wait (core.ui.Armed)."""
    wait = HAND_OVER[:-1] if p.guard else []
    if v < 0:
        return wait + ["NO"]
    n = len(p.tiles) + 1
    d = (v - p.initial) % n
    return wait + (["RIGHT"] * d if d <= n - d else ["LEFT"] * (n - d)) + ["OK"]


def _fields_random(p, rng):
    if p.total is None:
        return [f[1] + rng.below(f[2] - f[1] + 1) for f in p.fields]
    v = [f[1] for f in p.fields]  # a total: one at a time onto a field with room
    for _ in range(p.total - sum(v)):
        room = [i for i in range(len(v)) if v[i] < p.fields[i][2]]
        if room:
            v[room[rng.below(len(room))]] += 1
    return v


_DIRECT = (("UP", "DOWN"), ("RIGHT", "LEFT"), ("YES", None), ("NO", None))


def _fields_keys(p, v):
    """RIGHT to each field that changes, UP or DOWN the shorter way round; OK (from any
    field) once the last change is made. Direct fields: each field's own keys (YES and
    NO step up only), no moves. A guarded entry left as it started waits for its OK."""
    if p.guard and list(v) == list(p.initial):  # nothing changed: OK once it is armed
        return HAND_OVER
    out = []
    at = 0
    for i in range(len(p.fields)):
        span = p.fields[i][2] - p.fields[i][1] + 1
        up = (v[i] - p.initial[i]) % span
        if not up:
            continue
        inc, dec = _DIRECT[i] if p.direct else ("UP", "DOWN")
        if not p.direct:
            out += ["RIGHT"] * (i - at)
            at = i
        out += [inc] * up if up <= span - up or dec is None else [dec] * (span - up)
    return out + ["OK"]


def _text_random(p, rng):
    from core.i18n import lang
    from core.textentry import charsets

    up = charsets(lang())[0][:-1]  # no space: a text is never blank at an end
    n = 1 + rng.below(p.maxlen)
    return "".join([up[rng.below(len(up))] for _ in range(n)])


def _text_keys(p, value):
    """From the prompt's initial text (core.textentry: the grid's cursor on its first
    cell): NO deletes what differs, then each character by the shortest moves to its
    cell and OK ("△" first where its case is not the one the text goes on in), YES."""
    from core.i18n import lang
    from core.textentry import CASE, cells, capital_next

    text = p.initial[: p.maxlen]
    keep = 0
    while keep < min(len(text), len(value)) and text[keep] == value[keep]:
        keep += 1
    out = ["NO"] * (len(text) - keep)
    text = text[:keep]
    at = 0
    for c in value[keep:]:
        upper = capital_next(text)
        grid = cells(lang(), upper)
        want = "_" if c == " " else c
        if want not in grid:  # the other case: "△" first
            moves, at = _grid_moves(len(grid), at, grid.index(CASE))
            out += moves + ["OK"]
            grid = cells(lang(), not upper)
        moves, at = _grid_moves(len(grid), at, grid.index(want))
        out += moves + ["OK"]
        text += c
    return out + ["YES"]


def _grid_moves(n, start, goal):
    """The fewest D-pad presses from cell start to goal on the text grid (core.textentry:
    LEFT/RIGHT along the row, UP/DOWN a row in the column, both wrapping)."""
    from core.textentry import GRID_COLS

    rows = (n + GRID_COLS - 1) // GRID_COLS

    def along(i, d):
        first = i - i % GRID_COLS
        return first + (i - first + d) % (min(n, first + GRID_COLS) - first)

    def vertical(i, d):
        col, row = i % GRID_COLS, i // GRID_COLS
        while True:
            row = (row + d) % rows
            if row * GRID_COLS + col < n:
                return row * GRID_COLS + col

    seen = {start: []}
    todo = [start]
    while goal not in seen:
        nxt = []
        for i in todo:
            for key, j in (("RIGHT", along(i, 1)), ("LEFT", along(i, -1)), ("DOWN", vertical(i, 1)), ("UP", vertical(i, -1))):
                if j not in seen:
                    seen[j] = seen[i] + [key]
                    nxt.append(j)
        todo = nxt
    return seen[goal], goal


def _secret_random(p, rng):
    return [random_action(p.ask(i), rng) for i in range(len(p.voters))]


def _secret_keys(p, value):
    """The presses of every voter's chain, each prompt started where the box starts it
    (core.secret.arrange, from p.seed: set it as the box does, chain_seed()); none for
    the voters in p.remote (they answer on a phone)."""
    from core.secret import arrange

    out = []
    for i in range(len(p.voters)):
        if i in getattr(p, "remote", ()):
            continue
        out += HAND_OVER
        path = path_to(p.ask(i), value[i])
        for k in range(len(path)):
            q, a = path[k]
            arrange(q, getattr(p, "seed", 0), i, k)
            out += keys(q, a)
        out.append("OK")  # "answer recorded": pass it on
    return out


# The hand-over (and a Show or Confirm with a guard) takes OK only after core.ui.ARM_MS on screen:
# a person reads it first. The wait comes before any other key of a guarded screen, so a
# script's frame after each line never shows its wait row half-filled (that depends on
# the pace of the presses, which differs between the simulator and the emulated Pico).
HAND_OVER = ["wait 1000", "OK"]

KINDS = {
    "choice": (_choice_domain, _pick, _choice_keys),
    "number": (_number_domain, _number_random, _number_keys),
    "confirm": (lambda p: (True,), _pick, lambda p, v: HAND_OVER if p.guard else ["OK"]),
    "vote": (lambda p: (False, True), lambda p, rng: rng.below(2) == 1, lambda p, v: ["YES" if v else "NO"]),
    "show": (lambda p: (True,), _pick, lambda p, v: HAND_OVER if p.guard else ["OK"]),
    "multi": (_multi_domain, _pick, _multi_keys),
    "fields": (_none, _fields_random, _fields_keys),
    "pick": (lambda p: range(-1, len(p.tiles)), _pick, _pick_keys),
    "text": (_none, _text_random, _text_keys),
    "secret": (_none, _secret_random, _secret_keys),
}


def domain(p):
    return KINDS[p.kind][0](p)


def keys(p, answer):
    return KINDS[p.kind][2](p, answer)


def path_to(prompt, value):
    """[(prompt, answer), ...] that walks a chain to `value` (an action or a secret
    answer); searched over domain(), so only for chains of enumerable kinds."""
    d = domain(prompt)
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
    """Walk one move to its action with randomly drawn answers; `path`, when given,
    collects the (prompt, answer) pairs on the way."""
    p = prompt
    while is_prompt(p):
        a = KINDS[p.kind][1](p, rng)
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
