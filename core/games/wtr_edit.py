"""What the Rule?!'s guess editor (the box as game master): a player builds the guess
one condition at a time, and Check hands it to core.games.wtr as ["guess", text].

The guess is a list of parts with "and" or "or" between them ("and" binds tighter); a
part is a condition or a bracket: "(…) and…" puts everything built so far in brackets
before the next "and", so a guess is built in the order it is said ("(circle or
triangle) and white"). It is offered only where it changes the meaning (after an "or")
and while the guess nests at most wtr_rule.MAX_DEPTH deep. On screen each part and each
connective has its line, a bracket in brackets: OK on a connective turns "and" into "or"
and back, OK on a part removes or negates it. BACK undoes the last edit (up to UNDOS of
them, then the empty guess). A condition is picked from pages, one per attribute and one
for earlier cards (LEFT/RIGHT turn them; colour is LEFT of shape); NO picks its negation.
The cursor waits on "Check" with "+ or" above it and "+ and" below, a press each. After
"or…" the page of the condition before opens, on the entry after it ("circle or
triangle"). The editor's states are edits (core.prompts.open_prompt): one screen however
long the editing, BACK the state before.
"""

from core.games import wtr_rule as R
from core.games.wtr_rule import text
from core.games.wtr_words import grouped, phrase, said
from core.i18n import t
from core.prompts import Choice, Confirm, Number
from core.tiles import Multi
from core.ui import NARROW, wrap

UNDOS = 8  # edits BACK undoes: each kept state holds its guess (60 held 4 KB of the Pico's heap)
_EMPTY = ((), None, None)


def editor(s):
    """The editor of the active player's guess, empty: its first page."""
    return _editor(s, _EMPTY)


def _rule_of(parts):
    ors = []
    group = [parts[0]]
    for k in range(1, len(parts), 2):
        if parts[k] == "or":
            ors.append(group)
            group = []
        group.append(parts[k + 1])
    ors.append(group)
    ors = [g[0] if len(g) == 1 else tuple(["and"] + g) for g in ors]
    return ors[0] if len(ors) == 1 else tuple(["or"] + ors)


def _editor(s, hist, focus=None):
    """hist: (parts, the hist before the last edit or None, the part that edit touched).
    The cursor waits on "Check", or on part `focus` (BACK shows where it undid)."""
    parts, older, _ = hist
    undo = (lambda: _editor(s, older, hist[2])) if older else None
    edited = lambda new, k: _editor(s, (new, _kept(hist, UNDOS), k))
    if not parts:
        return _pick_part(lambda x: edited((x,), 0), undo=undo)
    opts = []
    at = []  # the part each line shows: a long condition takes two lines
    for k, x in enumerate(parts):
        if k % 2:
            lines = ["  " + t("wtr." + x)]
        else:
            lines = wrap(grouped(x), NARROW - 2)
        opts += [lines[0]] + ["  " + y for y in lines[1:]]
        at += [k] * len(lines)
    n = len(opts)
    rule = _rule_of(parts)
    # "Check" waits between what can follow, each a press away: "or" above it, "and"
    # below; "(all) and" right below it where brackets change the meaning (after an "or")
    ends = ["or", "check", "and"]
    if len(parts) > 1 and rule[0] == "or" and R.depth(rule) + 2 <= R.MAX_DEPTH:
        ends.insert(2, "all")
    opts += [t("wtr.e_" + e) for e in ends]

    def chosen(i):
        if i < n and at[i] % 2:  # a connective: "and" <-> "or"
            i = at[i]
            return edited(parts[:i] + ("or" if parts[i] == "and" else "and",) + parts[i + 1 :], i)
        if i < n:
            return _edit_part(parts, at[i], edited)
        e = ends[i - n]
        if e == "check":
            guess = text(rule)
            p = Confirm(t("wtr.q.check"), lambda _: ["guess", guess], lines=[said(rule)])
            p.guard = True  # a guess is final: a second OK on "Check" confirms nothing
            return p
        back = lambda: _editor(s, hist)
        if e == "all":
            return _pick_part(lambda x: edited((rule, "and", x), 2), undo=back)
        k, initial = _after(parts[-1]) if e == "or" else (0, 0)
        return _pick_part(lambda x: edited(parts + (e, x), len(parts) + 1), k, undo=back, initial=initial)

    initial = at.index(focus) if focus in at else n + 1
    return Choice(t("wtr.guess"), opts, chosen, initial=initial, player=s["active"], edit="guess", undo=undo)


def _after(x):
    """(page, entry) the pick after "or x" opens on: the entry after condition x on its
    page ("circle or triangle"); the shape page's first entry for any other part."""
    if x[0] in ("is", "last"):
        page = _page(x[1])
        if x in page:
            return x[1], (page.index(x) + 1) % len(page)
    return 0, 0


def _kept(hist, n):
    """hist with at most n states before it; the last of them goes back to the empty guess."""
    if hist[1] is None:
        return hist
    if n == 0:
        return _EMPTY
    return (hist[0], _kept(hist[1], n - 1), hist[2])


def _edit_part(parts, i, edited):
    x = parts[i]

    def done(k):
        if k == 1:
            return edited(parts[:i] + (_negated(x),) + parts[i + 1 :], i)
        cut = (i - 1, i + 1) if i else (0, 2)  # the condition and a connective beside it
        return edited(parts[: cut[0]] + parts[cut[1] :], i)

    lines = wrap(grouped(x), NARROW)
    if len(lines) > 2:  # a long bracket: its start names it, the editor's lines show it whole
        lines = lines[:1] + [lines[1] + " \u2026"]
    return Choice(t("wtr.e_part"), [t("wtr.e_remove"), t("wtr.e_negate")], done, lines=lines)


def _negated(x):
    return x[1] if x[0] == "not" else ("not", x)


PAGES = 5  # shape, count, fill, colour: conditions on the card played; then earlier cards
TURN = (0, 1, 2, 4, 3)  # the pages in the order RIGHT turns them: colour LEFT of shape
FIRST_OF = "first:"  # a page entry: a condition only the first card of a row must meet
WAS = ("was1", "was2")  # entries: a condition on the last card, on the card before it
BACK2 = "back2"  # an entry: the card compared with the card before the last one
_NUMBERS = ("=", "!=", ">", "<")  # count entries that ask for a number


def _page(k):
    """The entries of page k: conditions, or an op of _NUMBERS / "in" / FIRST_OF."""
    if k == PAGES - 1:
        return [("first",), FIRST_OF, WAS[0], WAS[1], BACK2]
    same = [("last", k, "=", 0, False), ("last", k, "!=", 0, False)]
    if k == R.COUNT:  # the relations third, not below the numbers
        out = [("is", k, "even", None), ("is", k, "odd", None)] + same + list(_NUMBERS) + ["in"]
    else:
        out = [("is", k, "=", v) for v in R.VALUES[k]] + same
    if k == R.COUNT:
        for step in (1, -1):
            out += [("last", k, "=", step, False), ("last", k, "=", step, True)]
        out += [("last", k, ">", 0, False), ("last", k, "<", 0, False)]
        out += [("last", k, "=", 2, False), ("last", k, "=", -2, False), ("last", k, "par", 0, False)]
    if k == R.SHAPE:
        out += [("last", k, "=", 1, True), ("last", k, "=", -1, True)]
    return out


def _entry_label(e):
    if e == FIRST_OF:
        return t("wtr.e_firstof")
    if e in WAS or e == BACK2:
        return t("wtr.e_" + e)
    if type(e) is str:
        return t("wtr.e_c" + str(_NUMBERS.index(e) if e in _NUMBERS else 6))
    return phrase(e)


def _pick_part(then, k=0, only=None, of=None, undo=None, initial=0):
    """A condition from page k (the card's shape first): OK takes the entry, NO its
    negation, LEFT/RIGHT turn the page. only: "is" (a condition on values, for the first
    card or an earlier card) or "last" (a relation, to the card before the last one).
    A page is a state of the editor's edit; undo: what BACK opens (None: the screen
    below)."""
    pages = PAGES - 1 if only else PAGES
    entries = [e for e in _page(k) if not only or type(e) is tuple and e[0] == only or only == "is" and e in _NUMBERS + ("in",)]
    n = len(entries)

    def chosen(i):
        if i >= n:
            order = [x for x in TURN if x < pages]  # a condition on an earlier card: no page 4
            return _pick_part(then, order[(order.index(k) + (1 if i > n else -1)) % pages], only, of, undo, 0)
        neg = i < 0
        j = -1 - i if neg else i
        e = entries[j]
        done = (lambda x: then(_negated(x))) if neg else then
        here = lambda: _pick_part(then, k, only, of, undo, j)  # BACK on the card's pages: this entry
        if e == FIRST_OF:
            return _pick_part(lambda x: done(("or", ("not", ("first",)), x)), 0, "is", e, here, 0)
        if e in WAS:
            return _pick_part(lambda x: done(_on(x, ("was", WAS.index(e) + 1))), 0, "is", e, here, 0)
        if e == BACK2:
            return _pick_part(lambda x: done(_on(x, ("prev",))), 0, "last", e, here, 0)
        if e == "in":
            return _pick_set(done, _entry_label(e))
        if type(e) is str:
            return Number(_entry_label(e), 1, 6, lambda v: done(("is", R.COUNT, e, v)))
        return done(e)

    title = t("wtr.e_earlier") if k == PAGES - 1 else t("wtr.a" + str(k))
    if of:  # a condition on an earlier card: which one, then the page
        title = _entry_label(of)[:-1] + title
    return Choice(title, [_entry_label(e) for e in entries], chosen, initial, sides=(n, n + 1), alt=True,
                  lines=[t("wtr.e_keys")], edit="guess", undo=undo)


def _on(x, head):
    """Condition x (on the card played, maybe negated) moved to an earlier card: head
    ("was", k) for a value condition, ("prev",) for a relation."""
    if x[0] == "not":
        return ("not", _on(x[1], head))
    return head + x[1:]


def _pick_set(then, title):
    def chosen(mask):
        got = tuple([v for v in R.VALUES[R.COUNT] if mask >> (v - 1) & 1])
        return then(("is", R.COUNT, "in", got)) if got else _pick_set(then, title)

    return Multi(title, [str(v) for v in R.VALUES[R.COUNT]], [""] * 6, chosen)
