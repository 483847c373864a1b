"""What the Rule?! (issue 12): fits(), parse(), equivalent() and judge() (the game's
verdict on a guess, with the first-card ruling: issue 51) of core.games.wtr_rule as a
table of calls (CASES) pico.time_calls() times on the emulated Pico, each result checked
against CPython's. The rules (LEVELS, DIFFERENT) are the worst issue 12's search found
among generate(level, Rng(seed)) for seeds 1-3000 (search() of this module at be58e96):
a generator that makes longer rules needs them looked at again.

measure(tmp) -> {"missing": reason} or pico.time_calls()'s answer.
"""

from tools.bench import pico
from tools.bench.markdown import md_table, median, verdict

CARD = 71  # the card judged (the judge's time does not depend on it)
MAX_EMULATED_MS = 900000
FITS_MAX_MS = 30.0
EQUIV_MAX_MS = 1000.0
SETUP = "from core.games import wtr_rule as W\nROWS = [[]] + [[(c + 36) % 72, c] for c in range(72)]\n"

# (level, the rule with the most nodes, the rule with the costliest walk, that rule rewritten)
LEVELS = (
    ("easy", "count > 2", "count in {2, 3, 4, 6}", "count = 2 or count = 3 or count = 4 or count = 6"),
    ("medium", "count in {1, 2, 4, 5} and colour = black", "count in {1, 2, 3, 5, 6} and shape != square",
     "not (not (count = 1 or count = 2 or count = 3 or count = 5 or count = 6) or not not shape = square)"),
    ("hard", "count = last.count + 1 cyclic and (not first or shape != triangle)",
     "(count > last.count or count <= 2) and shape != last.shape",
     "not (not not (not count > last.count and not count <= 2) or not not shape = last.shape)"),
    ("expert", "((last.count > 2 and prev.count > 2 and count <= 2) or (not (last.count > 2 and prev.count > 2) and "
               "count > 2)) and (count < last.count or count >= 5)",
     "((last.count in {1, 4, 5, 6} and prev.count in {1, 4, 5, 6} and count in {2, 3}) or (not (last.count in {1, 4, "
     "5, 6} and prev.count in {1, 4, 5, 6}) and count in {1, 4, 5, 6})) and fill != last.fill",
     "not (not not (not not (not (last.count = 1 or last.count = 4 or last.count = 5 or last.count = 6) or not "
     "(prev.count = 1 or prev.count = 4 or prev.count = 5 or prev.count = 6) or not (count = 2 or count = 3)) and not "
     "not (not not not (not (last.count = 1 or last.count = 4 or last.count = 5 or last.count = 6) or not (prev.count "
     "= 1 or prev.count = 4 or prev.count = 5 or prev.count = 6)) or not (count = 1 or count = 4 or count = 5 or "
     "count = 6))) or not not fill = last.fill)"),
)
# the worst different pair: the expert rule above against one of its mutations
DIFFERENT = (58, LEVELS[3][2],
             "((last.count in {1, 4, 5, 6} and prev.count in {1, 4, 5, 6} and count in {2, 3}) or (not (last.count in "
             "{1, 4, 5, 6} and fill = prev.fill) and count in {1, 4, 5, 6})) and fill != last.fill")


def _fits(label, rule):
    return ("fits", "%s: `%s`" % (label, rule), "r = W.parse(%r)" % rule, "W.fits(r, x, %d)" % CARD, "ROWS")


def _pair(label, a, b):
    return ("pair", label, "a, b = W.parse(%r), W.parse(%r)" % (a, b), "W.equivalent(a, b)", None)


def _judge(label, rule, guess):
    return ("judge", "%s: `%s` against `%s`" % (label, guess, rule), "a, b = W.parse(%r), W.parse(%r)" % (rule, guess),
            "W.judge(a, b)", None)


def _parse(label, text):
    return ("parse", "%s: `%s`" % (label, text), "t = %r" % text, "W.parse(t)", None)


# (kind, label, setup, the call timed, what x takes in turn or None): see pico.time_calls
CASES = (
    [_fits("%s (%s)" % (lv, what), r) for lv, deep, walk, _ in LEVELS for what, r in (("most nodes", deep),
                                                                                    ("costliest walk", walk))]
    + [_fits("%s rule rewritten (a long guess)" % lv, long) for lv, _, _, long in LEVELS[2:]]
    + [_parse("rulebook", "shape in {circle, triangle}"), _parse("hard rule, 1 level of brackets", LEVELS[2][2]),
       _parse("hard rule rewritten, 2 levels of brackets", LEVELS[2][3]),
       _parse("expert rule, 3 levels of brackets", LEVELS[3][2]),
       _parse("expert rule rewritten, 5 levels of brackets", LEVELS[3][3])]
    + [_pair("3 states: `colour != last.colour` = `not colour = last.colour`", "colour != last.colour",
             "not colour = last.colour"),
       _pair("rulebook: `colour = white` = `colour != black`", "colour = white", "colour != black"),
       _pair("rulebook: `shape in {circle, triangle}` vs `shape = circle`", "shape in {circle, triangle}", "shape = circle")]
    + [x for lv, _, walk, long in LEVELS for x in (_pair("%s, itself: `%s`" % (lv, walk), walk, walk),
                                                   _pair("%s, rewritten: `%s` = `%s`" % (lv, walk, long), walk, long))]
    + [_pair("different, told apart in state %d of the walk: `%s` vs `%s`" % DIFFERENT, *DIFFERENT[1:])]
    + [_judge("first-card ruling, right", "colour != last.colour",
              "(colour = black and last.colour = white) or (colour = white and last.colour = black)"),
       _judge("brackets, right", "not shape = square and colour = white", "(shape = circle or shape = triangle) and colour = white"),
       _judge("expert, rewritten, right", LEVELS[3][2], LEVELS[3][3]),
       _judge("expert, wrong late in the walk", *DIFFERENT[1:])]
)


def measure(tmp):
    why = pico.missing()
    if why:
        return {"missing": why}
    return pico.time_calls(tmp, SETUP, [c[1:] for c in CASES], MAX_EMULATED_MS)


def _ms(us):
    return "%.1f ms" % (us / 1000.0) if us >= 10000 else "%.2f ms" % (us / 1000.0)


def _of(w, kind):
    """The measured cases of a kind (those of CASES, in order)."""
    labels = [c[1] for c in CASES if c[0] == kind]
    return [x for x in w["cases"] if x["label"] in labels]


def _worst(w, kind):
    ok = [x for x in _of(w, kind) if "error" not in x]
    return max(ok, key=lambda x: max(x["us"])) if ok else None


def target_rows(w):
    """(target, limit, measured, verdict) for the issue 12 targets."""
    rows = []
    for kind, target, limit in (("fits", "judging a card, fits(rule, row, card): slowest rule and row", FITS_MAX_MS),
                                ("pair", "equivalent(a, b) of two rules: slowest pair", EQUIV_MAX_MS),
                                ("judge", "judging a guess, judge(rule, guess): slowest guess", EQUIV_MAX_MS)):
        if w.get("missing"):
            rows.append((target, "%.0f ms" % limit, "not measured: " + w["missing"], ""))
            continue
        x = _worst(w, kind)
        bad = [y for y in _of(w, kind) if "error" in y or y["result"] != y["expected"]]
        if x is None:
            rows.append((target, "%.0f ms" % limit, "every case failed: " + bad[0]["error"], "MISS"))
        else:
            rows.append((target, "%.0f ms" % limit, "%s (%s)" % (_ms(max(x["us"])), x["label"].split(":")[0]),
                         verdict(max(x["us"]) <= limit * 1000 and not bad)))
    return rows


TARGETS_SAID = "Issue 12, What the Rule?! on the emulated Pico (section below):"  # the targets table's line


def target_table(w):
    return md_table(("target (issue 12)", "limit", "measured", ""), target_rows(w), "llrl")


def section(w):
    L = ["## What the Rule?! judge and equivalence on the emulated Pico", ""]
    if w.get("missing"):
        return L + ["Not measured: %s. The figures of this section come only from the emulator "
                    "(../shared/pico-emu, node); nothing is estimated in their place." % w["missing"], ""]
    L += ["Issue 12: core.games.wtr_rule on the emulated Pico (stock firmware, .mpy files), each call of "
          "tools/bench/wtr.py's cases timed from the REPL with `time.ticks_us()` after a `gc.collect()`. The rules: per "
          "level the one with the most nodes and the one whose equivalence walk against its own rewriting (De Morgan, "
          "sets as or-chains, `!=` as `not =`: the long way to build the same guess) costs most, among "
          "`generate(level, Rng(seed))` for seeds 1-3000; and the different pair told apart latest in the walk.", ""]
    L += [target_table(w), ""]

    def after(us):
        k = us.index(max(us))
        return "empty row" if k == 0 else "row ending in card %d" % (k - 1)

    rows = [(x["label"], x["error"], "", "", "") if "error" in x else
            (x["label"], _ms(x["us"][0]), _ms(median(x["us"])), _ms(max(x["us"])), after(x["us"]))
            for x in _of(w, "fits")]
    L += ["fits(rule, row, card %d) after the empty row (the first call: it also compiles the rule, as the first card "
          "judged of a round does) and after a row of two cards ending in each of the 72 cards:" % CARD, "",
          md_table(("rule", "empty row", "median", "max", "slowest after"), rows, "lrrrl"), ""]
    rows = [(x["label"], x["error"], "", "") if "error" in x else
            (x["label"], _ms(x["us"][0]), "equal" if x["result"][0] else "different",
             "yes" if x["result"] == x["expected"] else "NO: CPython says %s" % x["expected"][0])
            for x in _of(w, "pair")]
    L += ["equivalent(a, b), a the secret rule (its reachable states are walked):", "",
          md_table(("pair", "time", "result", "as on CPython"), rows, "lrll"), ""]
    rows = [(x["label"], x["error"], "", "") if "error" in x else
            (x["label"], _ms(x["us"][0]), "RIGHT" if x["result"][0] is None else "WRONG",
             "yes" if x["result"] == x["expected"] else "NO") for x in _of(w, "judge")]
    L += ["judge(rule, guess), the game's verdict (equivalence under the first-card ruling, the walk to its end "
          "whatever the verdict):", "", md_table(("guess", "time", "verdict", "as on CPython"), rows, "lrll"), ""]
    rows = [(x["label"], x["error"], "") if "error" in x else
            (x["label"], _ms(x["us"][0]), "yes" if x["result"] == x["expected"] else "NO") for x in _of(w, "parse")]
    L += ["parse(text) of a guess (from the REPL; the app calls deeper, with less of the 8 KB C stack left):", "",
          md_table(("text", "time", "same rule as on CPython"), rows, "lrl"), ""]
    p, f, j = _worst(w, "pair"), _worst(w, "fits"), _worst(w, "judge")
    worst = lambda x: (_ms(max(x["us"])), x["label"]) if x else ("-", "-")
    return L + ["Worst case found: equivalent %s for %s; judge %s for %s; fits %s for %s. Heap free after the run: "
                "{:,} B; %.1f s emulated in all.".format(w["free"]) % (worst(p) + worst(j) + worst(f) + (w["emulated_s"],)), ""]
