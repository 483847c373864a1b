"""What the Rule?! (issue 12): the judge fits(), the guess parser parse() and the exact
equivalent() of core.games.wtr_rule, timed on the emulated Pico (the stock RPI_PICO
firmware in rp2040js, the device build's .mpy files on littlefs, mp/run_wtr.py run from
the REPL by pico_exec.mjs). Targets: a card judged in under 30 ms, equivalent(a, b) in
under 1 s for any two rules the generator and the guess editor can produce.

What is timed is chosen on CPython first (search()): every distinct rule generate(level,
Rng(seed)) makes for seeds 1..SEEDS, per level. equivalent(a, b) walks the states reachable
under a (wtr_rule.walk: one per class of last cards the two rules tell apart) and
evaluates both rules in each, so it is slowest for two equal rules whose walk
reaches many states; the worst equal pair of a level is its rule with the costliest walk against the same rule rewritten (rewrite(): De
Morgan, sets as or-chains, `!=` as `not =`, the longer guess a player may build), cost
counted as lines of wtr_rule executed (deterministic, unlike a CPython clock). The worst
different pair is the one whose difference shows in the latest state of the walk, among
the costliest hard and expert rules against each of their one-part mutations.

Issue 29 item 5 added the expert level (rules over the last two cards: its walk has a
state per pair of classes of the last card and the one before it), timed like the others.

measure(tmp) -> {"missing": reason} or {"fits": [...], "parse": [...], "pairs": [...],
"free", "stack", "emulated_s", "search": search()}; section() and target_rows() turn
that into Markdown.
"""

import json
import os
import sys

from tools.bench import ROOT, program
from tools.bench import pico
from tools.bench.markdown import md_table, median, verdict

RULE_FILE = os.path.join(ROOT, "core", "games", "wtr_rule.py")
SEEDS = 3000  # generate(level, Rng(seed)) for seed 1..SEEDS, each level
SHORTLIST = 12  # rules per level whose walk is costed line by line (the most states x nodes)
MUTATED = 6  # hard (and expert) rules whose one-part mutations are searched for the worst different pair
DIFFERENT_LEVELS = ("hard", "expert")  # the levels those rules come from
CARD = 71  # the card judged (the judge's time does not depend on it)
MAX_EMULATED_MS = 900000
FITS_MAX_MS = 30.0
EQUIV_MAX_MS = 1000.0


def missing():
    """Why the figures cannot be measured here, or None."""
    if not os.path.isfile(RULE_FILE):
        return "no core/games/wtr_rule.py"
    return pico.missing()


# --- the search on CPython ------------------------------------------------------------


def nodes(r):
    """Nodes of a rule's tree."""
    return 1 + sum(nodes(x) for x in r[1:]) if r[0] in ("and", "or", "not") else 1


def rewrite(r):
    """The same rule written the long way: every and/or by De Morgan, every set as an
    or-chain of `=`, every `!=` as `not =`."""
    k = r[0]
    if k == "and" or k == "or":
        return ("not", ("or" if k == "and" else "and",) + tuple(("not", rewrite(x)) for x in r[1:]))
    if k == "not":
        return ("not", rewrite(r[1]))
    if k == "is" and r[2] == "in" and len(r[3]) > 1:
        return ("or",) + tuple(("is", r[1], "=", v) for v in r[3])
    if k == "was" and r[3] == "in" and len(r[4]) > 1:
        return ("or",) + tuple(("was", r[1], r[2], "=", v) for v in r[4])
    if k in ("is", "last", "prev") and r[2] == "!=":  # not so "was": false without the card
        return ("not", (k, r[1], "=") + tuple(r[3:]))
    return r


def cost(W, a, b):
    """Lines of core/games/wtr_rule.py executed by equivalent(a, b) on CPython."""
    n = [0]
    path = W.__file__

    def trace(frame, event, arg):
        if frame.f_code.co_filename != path:
            return None
        n[0] += 1
        return trace

    old = sys.gettrace()
    sys.settrace(trace)
    try:
        W.equivalent(a, b)
    finally:
        sys.settrace(old)
    return n[0]


def walked(W, a, b):
    """States difference(a, b) visits (W.walk): all of a's reachable states when the
    rules are equal, else up to the one that tells them apart."""
    k = 0
    for _, ma, mb in W.walk(a, b):
        k += 1
        if ma != mb:
            break
    return k


def _atoms(W):
    """Atoms a guess may hold instead of one part of the rule (the mutations)."""
    from core.games import wtr_gen as G

    out = [("first",)]
    for a in range(4):
        out += [("is", a, "=", v) for v in W.VALUES[a]]
        out += [("last", a, "=", 0, False), ("last", a, "!=", 0, False)]
    out += [("is", W.COUNT, "even", None), ("is", W.COUNT, "odd", None)]
    for a in (W.SHAPE, W.COUNT):
        out += [("last", a, "=", s, c) for s in (1, -1) for c in (False, True)]
    out += [("last", W.COUNT, "<", 0, False), ("last", W.COUNT, ">", 0, False)]
    if "expert" in G.LEVELS:  # the two-card forms
        out += [("last", W.COUNT, "=", s, c) for s in (2, -2) for c in (False, True)]
        out += [("last", W.COUNT, "par", 0, False)]
        out += [("prev",) + x[1:] for x in out if x[0] == "last"]
        out += [("was", k) + x[1:] for k in (1, 2) for x in out if x[0] == "is"]
    return out


def mutations(r, atoms):
    """Rules that differ from r in one part: a leaf replaced by an atom, an operand of an
    and/or dropped, a not dropped."""
    k = r[0]
    if k == "not":
        return [r[1]] + [("not", m) for m in mutations(r[1], atoms)]
    if k == "and" or k == "or":
        out = []
        for i in range(1, len(r)):
            rest = r[1:i] + r[i + 1:]
            out.append(rest[0] if len(rest) == 1 else (k,) + rest)
            out += [r[:i] + (m,) + r[i + 1:] for m in mutations(r[i], atoms)]
        return out
    return [x for x in atoms if x != r]


def search():
    """{"levels": {level: {"rules": distinct rules, "states": most reachable states,
    "nodes": most nodes, "worst": (seed, rule) of the costliest walk, "deepest": (seed,
    rule) with the most nodes}}, "different": (a, b, states walked) of the worst different
    pair found}."""
    from core.games import wtr_gen as G, wtr_rule as W
    from core.rng import Rng

    out = {"levels": {}}
    hard = []  # the rules of DIFFERENT_LEVELS whose mutations are searched
    for level in G.LEVELS:
        pool = {}
        for seed in range(1, SEEDS + 1):
            pool.setdefault(G.generate(level, Rng(seed)), seed)
        info = [(len(W.states(r)), nodes(r), seed, r) for r, seed in pool.items()]
        # the walk evaluates both rules in every state: shortlist by states x nodes of the two
        info.sort(key=lambda x: (-x[0] * (x[1] + nodes(rewrite(x[3]))), x[2]))
        shortlist = [(cost(W, x[3], rewrite(x[3])), -x[2], x) for x in info[:SHORTLIST]]
        worst = max(shortlist)[2]
        deepest = min(info, key=lambda x: (-x[1], -x[0], x[2]))
        out["levels"][level] = {"rules": len(pool), "states": max(x[0] for x in info), "nodes": max(x[1] for x in info),
                                "worst": (worst[2], worst[3]), "deepest": (deepest[2], deepest[3])}
        if level in DIFFERENT_LEVELS:
            hard += [x[2][3] for x in sorted(shortlist, key=lambda s: (-s[0], s[1]))[:MUTATED]]
    atoms = _atoms(W)
    best = None
    for a in hard:
        for b in mutations(a, atoms):
            if W.equivalent(a, b):
                continue
            k = walked(W, a, b)
            if best is None or k > best[2] or k == best[2] and nodes(b) > nodes(best[1]):
                best = (a, b, k)
    out["different"] = best
    return out


def plan(found):
    """(data for mp/run_wtr.py, {label: expected}): the rules and pairs to time on the
    Pico, labels in the rule's text form; expected: equivalent(a, b) on CPython."""
    from core.games import wtr_gen as G, wtr_rule as W

    fits, parse, pairs = [], [], []
    levels = found["levels"]
    for level in G.LEVELS:
        lv = levels[level]
        for what, (seed, r) in (("most nodes", lv["deepest"]), ("costliest walk", lv["worst"])):
            if r not in [f[1] for f in fits]:
                fits.append(("%s, seed %d (%s): `%s`" % (level, seed, what, W.text(r)), r))
    longest = [lv for lv in ("hard", "expert") if lv in levels]
    for lv in longest:
        r = levels[lv]["worst"][1]
        fits.append(("%s rule rewritten (a long guess): `%s`" % (lv, W.text(rewrite(r))), rewrite(r)))
    texts = [("rulebook", "shape in {circle, triangle}")]
    for lv in longest:
        r = levels[lv]["worst"][1]
        texts.append(("%s rule, %d levels of brackets" % (lv, brackets(W.text(r))), W.text(r)))
        texts.append(("%s rule rewritten, %d levels of brackets" % (lv, brackets(W.text(rewrite(r)))), W.text(rewrite(r))))
    for label, t in texts:
        parse.append(("%s: `%s`" % (label, t), t, W.parse(t) if _parses(W, t) else None))
    alt = (W.parse("colour != last.colour"), W.parse("not colour = last.colour"))
    pairs.append(("%d states: `colour != last.colour` = `not colour = last.colour`" % len(W.states(alt[0])), alt[0], alt[1]))
    pairs.append(("rulebook: `colour = white` = `colour != black`", W.parse("colour = white"), W.parse("colour != black")))
    pairs.append(("rulebook: `shape in {circle, triangle}` vs `shape = circle`",
                  W.parse("shape in {circle, triangle}"), W.parse("shape = circle")))
    for level in G.LEVELS:
        seed, r = levels[level]["worst"]
        pairs.append(("%s, seed %d, itself: `%s`" % (level, seed, W.text(r)), r, r))
        pairs.append(("%s, seed %d, rewritten: `%s` = `%s`" % (level, seed, W.text(r), W.text(rewrite(r))), r, rewrite(r)))
    if found["different"]:
        a, b, k = found["different"]
        pairs.append(("different, told apart in state %d of the walk: `%s` vs `%s`" % (k, W.text(a), W.text(b)), a, b))
    expected = {label: W.equivalent(a, b) for label, a, b in pairs}
    data = {"card": CARD, "fits": fits, "parse": parse, "pairs": pairs}
    return json.loads(json.dumps(data)), expected


def _parses(W, t):
    try:
        W.parse(t)
        return True
    except ValueError:
        return False


def brackets(t):
    """Deepest nesting of brackets in a text."""
    d = best = 0
    for ch in t:
        d += (ch == "(") - (ch == ")")
        best = max(best, d)
    return best


# --- the run on the emulated Pico -----------------------------------------------------


def _read(path):
    with open(path) as f:
        return f.read()


def run_on_pico(tmp, data):
    """mp/run_wtr.py with `data` on the emulated Pico: (its JSON lines, pico_exec's answer)."""
    res = pico.run_code(os.path.join(tmp, "wtr"), "import run_wtr", {"run_wtr.py": _read(program("run_wtr")),
                        "bench_data.json": json.dumps(data)}, MAX_EMULATED_MS)
    lines = [json.loads(x) for x in res["stdout"].splitlines() if x.startswith("{")]
    if res["stderr"] or not lines or not lines[-1].get("done"):
        raise SystemExit("bench: mp/run_wtr.py failed on the emulated Pico:\n%s%s" % (res["stdout"][-2000:], res["stderr"]))
    return lines, res


def measure(tmp):
    why = missing()
    if why:
        return {"missing": why}
    found = search()
    data, expected = plan(found)
    lines, res = run_on_pico(tmp, data)
    out = {"fits": [], "parse": [], "pairs": [], "free": lines[-1]["free"], "stack": lines[-1]["stack"],
           "emulated_s": res["emulated_s"], "search": found}
    for x in lines[:-1]:
        kind = "fits" if "fits" in x else "parse" if "parse" in x else "pairs"
        x["label"] = x.pop("fits", None) or x.pop("parse", None) or x.pop("pair")
        if kind == "fits" and "us" in x:
            us = x["us"]
            x["max_us"], x["median_us"], x["empty_us"] = max(us), median(us), us[0]
            worst = us.index(max(us))
            x["worst_row"] = "empty row" if worst == 0 else "row ending in card %d" % (worst - 1)
            del x["us"]
        if kind == "pairs":
            x["expected"] = expected[x["label"]]
        out[kind].append(x)
    return out


# --- figures --------------------------------------------------------------------------


def _ms(us):
    return "%.1f ms" % (us / 1000.0) if us >= 10000 else "%.2f ms" % (us / 1000.0)


def worst_fits(w):
    ok = [f for f in w["fits"] if "error" not in f]
    return max(ok, key=lambda f: f["max_us"]) if ok else None


def worst_pair(w):
    ok = [p for p in w["pairs"] if "error" not in p]
    return max(ok, key=lambda p: p["us"]) if ok else None


def target_rows(w):
    """(target, limit, measured, verdict) for the issue 12 targets."""
    judge = "judging a card, fits(rule, row, card): slowest rule and row"
    equiv = "equivalent(a, b) of two rules: slowest pair"
    if w.get("missing"):
        return [(judge, "%.0f ms" % FITS_MAX_MS, "not measured: " + w["missing"], ""),
                (equiv, "%.0f ms" % EQUIV_MAX_MS, "not measured: " + w["missing"], "")]
    rows = []
    f = worst_fits(w)
    errors = [x for x in w["fits"] if "error" in x]
    if f is None:
        rows.append((judge, "%.0f ms" % FITS_MAX_MS, "every rule failed: " + errors[0]["error"], "MISS"))
    else:
        rows.append((judge, "%.0f ms" % FITS_MAX_MS, "%s (%s)" % (_ms(f["max_us"]), f["label"].split(":")[0]),
                     verdict(f["max_us"] <= FITS_MAX_MS * 1000 and not errors)))
    p = worst_pair(w)
    errors = [x for x in w["pairs"] if "error" in x]
    wrong = [x for x in w["pairs"] if "error" not in x and x["equal"] != x["expected"]]
    if p is None:
        rows.append((equiv, "%.0f ms" % EQUIV_MAX_MS, "every pair failed: " + errors[0]["error"], "MISS"))
    else:
        rows.append((equiv, "%.0f ms" % EQUIV_MAX_MS, "%s (%s)" % (_ms(p["us"]), p["label"].split(":")[0]),
                     verdict(p["us"] <= EQUIV_MAX_MS * 1000 and not errors and not wrong)))
    return rows


# --- the section ----------------------------------------------------------------------


def section(w):
    L = ["## What the Rule?! judge and equivalence on the emulated Pico", ""]
    if w.get("missing"):
        return L + ["Not measured: %s. The figures of this section come only from the emulator "
                    "(../shared/pico-emu, node); nothing is estimated in their place." % w["missing"], ""]
    s = w["search"]
    L.append(
        "Issue 12: core.games.wtr_rule on the stock MicroPython 1.28 RPI_PICO firmware in rp2040js "
        "(125 MHz, emulated time), the device build's .mpy files on littlefs; tools/bench/mp/run_wtr.py "
        "runs from the REPL and times each call with `time.ticks_us()` after a `gc.collect()`; fits() after "
        "a row of two cards. "
        "Which rules: on CPython, every distinct rule of `generate(level, Rng(seed))` for seeds 1-%d "
        "(%s); per level the rule whose equivalence walk against its own rewriting costs most (lines of "
        "wtr_rule executed, among the %d with the most reachable states x nodes of the two rules) and the rule with the "
        "most nodes. Rewritten: De Morgan on every and/or, sets as or-chains, `!=` as `not =` (the "
        "long way a player may build the same guess). The worst different pair: the costliest hard "
        "and expert rules against every rule that differs in one part (a leaf replaced by another atom, an "
        "operand or a not dropped), the pair told apart in the latest state of the walk." % (
            SEEDS, "; ".join("%s: %d rules, up to %d reachable states and %d nodes" % (
                lv, x["rules"], x["states"], x["nodes"]) for lv, x in s["levels"].items()), SHORTLIST))
    L.append("")
    L.append(md_table(("target (issue 12)", "limit", "measured", ""), target_rows(w), "llrl"))
    L.append("")
    rows = []
    for f in w["fits"]:
        if "error" in f:
            rows.append((f["label"], f["error"], "", "", ""))
        else:
            rows.append((f["label"], _ms(f["empty_us"]), _ms(f["median_us"]), _ms(f["max_us"]), f["worst_row"]))
    L.append("fits(rule, row, card %d) after the empty row and after a row of two cards ending in each of the 72 cards:" % CARD)
    L.append("")
    L.append(md_table(("rule", "empty row", "median", "max", "slowest after"), rows, "lrrrl"))
    L.append("")
    rows = []
    for p in w["pairs"]:
        if "error" in p:
            rows.append((p["label"], p["error"], "", ""))
        else:
            rows.append((p["label"], _ms(p["us"]), "equal" if p["equal"] else "different",
                         "yes" if p["equal"] == p["expected"] else "NO: CPython says %s" % p["expected"]))
    L.append("equivalent(a, b), a the secret rule (its reachable states are walked):")
    L.append("")
    L.append(md_table(("pair", "time", "result", "as on CPython"), rows, "lrll"))
    L.append("")
    rows = []
    for x in w["parse"]:
        if "error" in x:
            rows.append((x["label"], x["error"], ""))
        else:
            rows.append((x["label"], _ms(x["us"]), "yes" if x["same"] else "NO"))
    L.append("parse(text) of a guess (from the REPL; the app calls deeper, with less of the 8 KB C stack left):")
    L.append("")
    L.append(md_table(("text", "time", "same rule as on CPython"), rows, "lrl"))
    L.append("")
    p = worst_pair(w)
    f = worst_fits(w)
    L.append("Worst case found: equivalent %s for %s; fits %s for %s. Heap free after the run: {:,} B; %.1f s "
             "emulated in all.".format(w["free"]) % (
                 _ms(p["us"]) if p else "-", p["label"] if p else "-", _ms(f["max_us"]) if f else "-",
                 f["label"] if f else "-", w["emulated_s"]))
    L.append("")
    return L
