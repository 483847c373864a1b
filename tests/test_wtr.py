"""What the Rule?!: the rulebook's scoring example and every halving condition, the box as
game master (verdicts on the LEDs, the row and the misses, revealed hands, hints, guesses
judged by equivalence), the human master's score keeping, random games of both modes
with invariants, the scripted rounds and texts that fit.

`python tests/test_wtr.py` rewrites tests/scripts/wtr_4players.txt (the box as master)
and wtr_human_3players.txt (a person as master) from the games planned below."""

import os
import sys

if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from core import i18n
from core.games import load
from core.games import wtr_edit as E
from core.games import wtr_table as T
from core.games import wtr_words as V
from core.games import wtr_rule as R
from core.playout import random_action
from core.prompts import is_prompt
from core.rng import Rng
from conftest import refused_by, sized

g = load("wtr")
HERE = os.path.dirname(os.path.abspath(__file__))
NAMES = ["Alan", "Bob", "Caro", "Dina"]
W, B = 0, 1  # colours
OUT, FULL = 0, 1


def new(n=4, master="box", rule=None, **opts):
    i18n.set_lang("en")
    s = g.new(dict({"players": NAMES[:n], "master": master, "rounds": "1"}, **opts), 1)
    g.apply(s, ["start", 0])
    if rule:
        s["rule"] = rule  # the secret rule under test
    return s


def play(s, *actions):
    for a in actions:
        g.apply(s, list(a))
    return s


def refused(s, a):
    return refused_by(g, s, a)


def c(count, shape="circle", fill=FULL, colour=W):
    return R.card(("circle", "triangle", "square").index(shape), count, fill, colour)


# ----------------------------------------------------------------- scoring


def test_the_rulebooks_scoring_example():
    # Alan, Bob, Caro (master), Dina; Bob guessed with hints on, holding 3 cards;
    # Dina holds 2, Alan 5: Bob 2 + 7 = 9, Dina 8, Alan 5, Caro as Bob: 9.
    hands = [5, 3, 0, 2]
    assert g.round_points(hands, 2, 1, True, [3, 3, 0, 3], 12) == [5, 9, 9, 8]
    assert g.round_points(hands, 2, 1, False, [3, 3, 0, 3], 12) == [5, 12, 12, 8]  # +5 without hints


def test_every_halving_condition_alone_and_together_halves_once():
    hands = [5, 3, 0, 2]
    full = g.round_points(hands, 2, 1, True, [2, 2, 0, 2], 10)
    assert full[2] == 9  # two turns each and ten cards laid: not halved
    assert g.round_points(hands, 2, 1, True, [2, 1, 0, 2], 10)[2] == 4  # a player had one turn
    assert g.round_points(hands, 2, 1, True, [2, 2, 0, 2], 9)[2] == 4  # nine cards laid
    assert g.round_points(hands, 2, -1, True, [2, 2, 0, 2], 10) == [5, 7, 4, 8]  # no guess: 8 // 2
    assert g.round_points(hands, 2, 1, True, [1, 0, 0, 1], 3)[2] == 4  # all at once: halved once
    assert g.round_points([11, 3, 0, 2], 2, -1, False, [5, 5, 0, 5], 30)[0] == -1  # below 0 is allowed


def test_a_human_masters_round_is_scored_with_the_halving():
    s = new(4, "human")  # Alan masters round 1, Bob starts
    assert (s["master"], s["active"]) == (0, 1)
    play(s, ["fit"], ["judged", 1])  # Bob guesses at once: before two turns each
    assert s["phase"] == "end"
    assert s["last"] == [3, 6, 0, 0] and s["scores"] == s["last"]  # Bob 1 + 5, Alan 6 // 2


def test_two_players_with_a_human_master_play_without_points():
    s = new(2, "human")
    assert not g.points(s)
    play(s, ["fit"], ["judged", 1], ["next"])
    assert s["phase"] == "over" and s["scores"] == [0, 0] and s["guessed"] == [0, 1]
    assert g.result(s)[0][1] == 1 and "1" in g.result(s)[0][2]


# ----------------------------------------------------------------- the box as master


def test_a_fitting_card_joins_the_row_and_lights_green():
    s = new(rule="colour = white")
    play(s, ["card", c(4)])
    assert s["row"] == [c(4)] and s["hands"][0] == 9 and s["phase"] == "guess"
    p = g.prompt(s)
    assert p.kind == "show" and p.leds == "yes" and p.big == "FITS"
    assert g.describe(s, ["card", c(4)]) == "Alan: 4\u25cfW fits"


def test_a_miss_lies_under_the_next_place_draws_a_card_and_lights_red():
    s = new(rule="colour = white")
    play(s, ["card", c(4)], ["pass"], ["card", c(2, colour=B)])
    assert s["misses"] == bytes((1, c(2, colour=B))) and s["hands"][1] == 10 and s["pile"] == 143 - 40
    assert s["active"] == 2 and s["laid"] == 2
    p = g.prompt(s)
    assert p.leds == "no" and p.big == "NO FIT"  # the verdict, not the button's word
    # who laid which card is the last action's row (core.play), not said again below it
    assert p.lines == [g.card_words(c(2, colour=B))] and p.last is None
    assert T.row_rows(s) == [["1", "4\u25cfW", ""], ["2", "-", "2\u25cfB"]]


def test_the_third_copy_of_a_card_is_refused():
    s = new(rule="colour = white")
    play(s, ["card", c(4)], ["pass"], ["card", c(4)], ["pass"])
    assert refused(s, ["card", c(4)]) == "There are only two of 4\u25cfW."
    assert "only two" in refused(s, ["hand", c(4)] + [c(k, "triangle") for k in range(1, 7)] + [c(k, "square") for k in range(1, 4)])


def test_an_equivalent_guess_built_differently_wins_and_an_incomplete_one_does_not():
    s = new(rule="shape in {circle, triangle}")
    play(s, ["card", c(1)], ["guess", "shape = circle"])  # incomplete
    assert s["note"][0] == "wrong" and s["active"] == 1 and s["wrong"] == ["shape = circle"]
    assert g.prompt(s).leds == "no"
    play(s, ["card", c(2, "triangle")], ["guess", "not shape = square"])
    assert s["phase"] == "end" and s["guesser"] == 1 and s["guessed"][1] == 1
    assert s["last"] == [1, 6, 0, 0]  # Alan 10 - 9; Bob 10 - 9 + 5; Caro and Dina 10 - 10
    show = g.prompt(s)
    assert show.leds == "yes" and show.big == "RIGHT!"
    reveal = show.answer(True)
    assert reveal.title == "The rule was" and reveal.lines == ["circle/triangle"]


def test_a_guess_the_box_cannot_read_is_refused():
    s = new(rule="colour = white")
    play(s, ["card", c(1)])
    assert refused(s, ["guess", "colour = purple"]) == "That guess cannot be read."


def test_a_revealed_hand_without_a_fitting_card_goes_under_the_pile():
    s = new(rule="colour = black")
    hand = [c(k, "square") for k in range(1, 7)] + [c(k, "triangle") for k in range(1, 5)]
    play(s, ["hand"] + hand)
    assert s["hands"][0] == 9 and s["pile"] == 105 and s["phase"] == "guess" and s["row"] == []
    assert g.prompt(s).leds == "yes"
    assert s["pile"] + sum(s["hands"]) + s["laid"] == 144


def test_a_revealed_hand_with_fitting_cards_has_one_of_them_placed():
    s = new(rule="colour = black")
    hand = [c(k, "square") for k in range(1, 7)] + [c(1, colour=B), c(2, colour=B), c(3), c(4)]
    play(s, ["hand"] + hand)
    assert s["row"][0] in (c(1, colour=B), c(2, colour=B))
    assert s["hands"][0] == 10 and s["pile"] == 103 and s["active"] == 1
    assert "twice" not in g.describe(s, ["hand"]) and "placed" in g.describe(s, ["hand"])


def test_a_hand_must_be_entered_whole():
    s = new(rule="colour = black")
    assert refused(s, ["hand", c(1), c(2)]) == "Not possible now."


def test_hints_need_the_tables_agreement_and_tell_ignored_attributes_then_cards_that_fit():
    s = new(rule="colour = white")
    assert refused(s, ["hint"]) == "Not possible now."
    play(s, ["hints"], ["hint"])
    assert s["note"] == ["hint_attr", 0, R.SHAPE]
    play(s, ["hint"], ["hint"], ["hint"])
    kind, _, card = s["note"]
    assert kind == "hint_card" and R.fits(R.parse(s["rule"]), s["row"], card)
    assert s["active"] == 0 and s["turns"][0] == 0  # hints are not turns
    play(s, ["card", c(1)], ["guess", "colour != black"])
    assert s["last"][0] == 1 + 2  # the guess earns 2 with hints


def test_cards_guesses_and_hints_are_sealed_and_the_rest_is_not():
    assert all(g.sealed(a) for a in (["card", 1], ["hand", 1, 2], ["guess", "count even"], ["hint"], ["giveup"]))
    assert not any(g.sealed(a) for a in (["fit"], ["miss"], ["reveal", 1], ["judged", 0], ["pass"], ["next"], ["hints"]))


def test_an_empty_hand_after_a_turn_ends_the_round():
    s = new(1, rule="colour = white")
    for k in range(10):
        play(s, ["card", c(1 + k % 6, ("circle", "triangle")[k // 6])], ["pass"])
    assert s["phase"] == "end" and s["hands"] == [0]


def test_a_used_up_pile_ends_the_round():
    s = new(2, rule="colour = white")
    s["pile"] = 1
    play(s, ["card", c(1, colour=B)])
    assert s["pile"] == 0 and s["phase"] == "end" and s["guesser"] == -1


CHECK = "Check the guess"


def _index(p, a):
    """Answer a to prompt p, where a may name a list's entry by its label, "-label" for
    its negation (NO), "<" / ">" for LEFT / RIGHT."""
    if type(a) is not str:
        return a
    return p.sides["<>".index(a)] if a in "<>" else -1 - p.options.index(a[1:]) if a[0] == "-" else p.options.index(a)


def _answer(p, a):
    return p.answer(_index(p, a))


def _guessing(s):
    """The guesser's first screen after a fitting card: the verdict read, "Guess"."""
    return g.prompt(s).answer(True).answer(0)


def test_the_editor_builds_guesses_in_the_rule_language():
    s = new(rule="colour = white")
    play(s, ["card", c(1)])

    def walk(answers):
        p = _guessing(s)
        for a in answers:
            p = _answer(p, a)
        return p

    shape = _guessing(s)  # the first page: conditions on the shape; LEFT/RIGHT turn pages
    assert shape.title == "Shape" and shape.options[:3] == ["circle", "triangle", "square"]
    left, right = shape.sides
    assert walk([right]).title == "Count" and walk([left]).title == "Colour"
    assert walk([left, 4]).title == "Earlier cards"  # LEFT twice
    # LEFT: colour; NO on "black": "not colour = black", said as its opposite
    p = walk([left, -2])
    assert p.options == ["white card", "+ or ...", "Check the guess", "+ and ..."]
    assert p.initial == 2  # the cursor waits on "Check", "or" above it, "and" below
    check = p.answer(2)
    assert check.lines == ["white card"]
    assert check.answer(True) == ["guess", "not colour = black"]
    # count even or first card: two parts, the connective on its own line; "or…" opens
    # the page of the condition before on the entry after it
    p = walk([right, 0, "+ or ..."])
    assert p.title == "Count" and p.options[p.initial] == "odd count"
    p = p.answer(p.sides[1])  # RIGHT: fill; RIGHT: earlier cards
    p = p.answer(p.sides[1]).answer(0)
    assert p.options[:3] == ["even count", "  or", "first card"]
    assert _answer(p, CHECK).answer(True) == ["guess", "count even or first"]
    # the count page: even, odd, then the relations to the card before (same count third)
    assert walk([right]).options[:4] == ["even count", "odd count", "same count", "other count"]
    # count one of {2, 4} (the Multi tiles), and a relation to the last card
    p = walk([right, "count one of", 0b1010, "+ and ...", left, "other colour"])
    assert p.options[:3] == ["count 2/4", "  and", "other colour"]
    assert _answer(p, CHECK).lines == ["count 2/4 and other colour"]  # the first card: count 2/4
    assert walk([left, "other colour", CHECK]).lines == ["other colour (any first card)"]
    assert _answer(p, CHECK).answer(True) == ["guess", "count in {2, 4} and colour != last.colour"]
    # OK on the connective turns "and" into "or"
    p = p.answer(1)
    assert p.options[1] == "  or"
    assert _answer(p, CHECK).answer(True) == ["guess", "count in {2, 4} or colour != last.colour"]
    # removing the first condition takes the connective after it; the only one starts over
    assert walk([right, "count one of", 0b1010, "+ and ...", left, "other colour", 0, 0]).options[0] == "other colour"
    assert walk([right, 0, 0, 0]).title == "Shape"
    # a number: NO on "count over" asks the number, then takes its negation
    assert walk([right, -7]).answer(3).options[0] == "count 3 or less"


def test_the_editor_says_a_condition_on_the_first_card_in_one_step():
    """The secret rule "other colour, the first card white": the natural guess is one
    condition from the first-card page away, and the box accepts it."""
    s = new(rule="colour != last.colour and (not first or colour = white)")
    play(s, ["card", c(1)])
    colour = _guessing(s).answer(_guessing(s).sides[0])  # LEFT twice: earlier cards
    first = colour.answer(colour.sides[0])
    assert first.options == ["first card", "first card: \u2026", "last was \u2026", "2 back was \u2026", "vs. 2 back \u2026"]
    assert first.answer(1).undo().initial == 1  # BACK on "first card: …": the cursor on it
    white = first.answer(1).answer(3).answer(0)  # LEFT: the colour page, only values
    assert white.options[:2] == ["first card:", "  white card"]  # a long part: two lines
    p = white.answer(4)  # and ...
    p = p.answer(7).answer(3)  # LEFT: the colour page; other colour
    assert p.options[p.initial] == "Check the guess"
    check = p.answer(p.initial)
    assert check.lines == ["first card: white card and other colour"]
    play(s, check.answer(True))
    assert s["guesser"] == 0


def _presses(p, answers):
    """The presses a person makes to give these answers from prompt p on."""
    from core.playout import keys

    n = 0
    for a in answers:
        n += len([k for k in keys(p, a) if not k.startswith("wait")])  # a wait is no press
        p = p.answer(a)
    return n, p


def test_common_guesses_take_at_most_ten_presses():
    """Counted from the editor's first page (the shape page) to the guess confirmed."""
    s = new(rule="colour != last.colour")
    play(s, ["card", c(1)])
    first = g.prompt(s).answer(True).answer(0)
    n, p = _presses(first, [7, 3, 2, True])  # LEFT: colour; other colour
    assert p == ["guess", "colour != last.colour"] and n == 7
    n, p = _presses(first, [8, 0, 3, -3, 4, True])  # RIGHT: count; even; and; NO on square
    assert p == ["guess", "count even and not shape = square"] and n == 9


def test_a_guess_is_grouped_as_it_is_said_and_every_page_shows_the_grouping():
    """"(circle or triangle) and white": "or…" opens on the entry after circle, "(all)
    and…" waits right below "Check", and the editor's lines show the brackets as built."""
    s = new(rule="not shape = square and colour = white")
    play(s, ["card", c(1)])
    first = g.prompt(s).answer(True).answer(0)
    p = first.answer(0)  # circle
    assert p.options == ["circle", "+ or ...", "Check the guess", "+ and ..."]  # no brackets yet: none would change it
    p = p.answer(1)
    assert p.title == "Shape" and p.options[p.initial] == "triangle"
    p = p.answer(1)
    assert p.options == ["circle", "  or", "triangle", "+ or ...", "Check the guess", "+ (all) and ...", "+ and ..."]
    grouped = p.answer(5).answer(7).answer(0)  # (all) and; LEFT: colour; white
    assert grouped.options[:3] == ["(circle or", "  triangle)", "  and"] and grouped.options[3] == "white card"
    plain = p.answer(6).answer(7).answer(0)  # and: binds the last condition only
    assert plain.options[:4] == ["circle", "  or", "triangle", "  and"]
    check = grouped.answer(grouped.initial)
    assert check.lines == ["(circle or triangle) and white card"]
    guess = check.answer(True)
    assert guess == ["guess", "(shape = circle or shape = triangle) and colour = white"]
    assert R.parse(guess[1]) == ("and", ("or", ("is", 0, "=", 0), ("is", 0, "=", 1)), ("is", 3, "=", 0))
    assert R.text(R.parse(guess[1])) == guess[1]
    n, _ = _presses(first, [0, 1, 1, 5, 7, 0, grouped.initial, True])
    assert n == 10
    play(s, guess)
    assert s["note"][0] == "right"
    assert plain.answer(plain.initial).answer(True)[1] == "shape = circle or (shape = triangle and colour = white)"


def test_brackets_are_offered_only_while_the_guess_nests_within_the_limit():
    s = new(rule="colour = white")
    play(s, ["card", c(1)])
    p = g.prompt(s).answer(True).answer(0)
    for _ in range(6):  # x or y, then (all) and z, again and again
        p = p.answer(0)
        p = p.answer(p.options.index("+ or ...")).answer(1)
        if "+ (all) and ..." not in p.options:
            break
        p = p.answer(p.options.index("+ (all) and ..."))
    rule = R.parse(p.answer(p.options.index("Check the guess")).answer(True)[1])
    assert R.depth(rule) + 2 > R.MAX_DEPTH >= R.depth(rule)


def test_a_card_is_entered_from_the_last_one_a_press_per_attribute_that_differs():
    from core.playout import keys

    s = new(rule="colour = white")
    p = g.prompt(s).answer(0)  # "Play a card"
    assert p.kind == "fields" and p.direct
    assert p.initial == [1, 0, 0, 0]  # 1 outline circle, white: the card entered last
    assert keys(p, [1, 0, 0, 0]) == ["wait 1000", "OK"]  # unchanged: a deliberate OK (a stray one plays none)
    assert keys(p, [6, 2, 1, 1]) == ["DOWN", "LEFT", "YES", "NO", "OK"]
    assert keys(p, [3, 1, 0, 0]) == ["UP", "UP", "RIGHT", "OK"]
    play(s, p.answer([3, 1, 1, 0]))
    assert s["row"] == [c(3, "triangle")]
    play(s, ["pass"])
    assert g.prompt(s).answer(0).initial == [3, 1, 1, 0]  # Bob starts from Alan's card


def test_giving_up_ends_the_round_shows_the_rule_and_scores_as_unguessed():
    s = new(rule="colour = white")
    assert [label for label, _ in g.overrides(s)] == ["Give up the round"]
    confirm = g.overrides(s)[0][1]
    play(s, ["card", c(1)], ["pass"], ["card", c(2, colour=B)], confirm.answer(True))
    assert s["phase"] == "end" and s["guesser"] == -1 and s["last"] == [1, 0, 0, 0]
    assert g.sealed(["giveup"]) and g.overrides(s) == []
    show = g.prompt(s)
    assert show.big == "Given up"
    assert show.answer(True).title == "The rule was" and show.answer(True).lines == ["white card"]
    # a person as master: halved, as a round nobody guessed
    h = new(master="human")
    play(h, ["fit"], ["pass"], ["miss"], ["giveup"])
    assert h["phase"] == "end" and h["last"] == [0, 1, 0, 0] and h["scores"] == [0, 1, 0, 0]
    h = new(master="human")
    play(h, ["fit"], ["pass"], ["fit"], ["pass"], ["giveup"])
    assert h["last"] == [0, 1, 1, 0]  # the master: the best player's 1, halved to 0


def test_every_verdict_repeats_the_guess_for_the_table():
    s = new(rule="colour = white")
    play(s, ["card", c(1)], ["guess", "shape = circle"])
    assert g.prompt(s).lines == ["\u201ccircle\u201d"]  # the row above says "Alan: wrong guess"
    play(s, ["card", c(2)], ["guess", "colour != black"])
    p = g.prompt(s)  # who guessed it is the row above ("Bob: guessed it"), said once
    assert p.big == "RIGHT!" and p.lines == ["\u201cwhite card\u201d"]


def test_with_hints_how_near_a_wrong_guess_was_is_the_next_hint_asked_for():
    """The verdict says no more than WRONG; with hints agreed the next hint is a card that
    tells the guess from the rule, asked for and objectable like any other."""
    rule = "colour != last.colour and (not first or colour = white)"
    s = new(rule=rule)
    play(s, ["card", c(1)], ["guess", "colour != last.colour"])
    assert s["near"] is None  # no hints agreed: no hint
    play(s, ["hints"], ["card", c(2, colour=B)], ["guess", "colour != last.colour"])
    assert s["near"] == [None, c(1, colour=B, fill=OUT), 0]
    assert g.prompt(s).lines == ["\u201cother colour (any first card)\u201d"]  # the verdict: no counterexample
    turn = g.prompt(s).answer(True)
    assert turn.options[2] == "Hint on the guess"
    ask = turn.answer(2)
    assert ask.lines == ["A card that tells the rule from the last guess.", "Anyone who objects: BACK, no hint."] and ask.guard
    play(s, ask.answer(True))
    assert s["note"][0] == "hint_near" and s["near"] is None
    assert g.prompt(s).lines == ["Only a row's first card differs: say what it may be.", "1\u25cbB fits the guess, not the rule."]
    assert g.brief(s, ["hint"]) == "Hint: the guess" and g.prompt(s).answer(True).options[2] == "A hint, please"
    play(s, ["card", c(3)], ["guess", "colour = white"], ["hint"])
    white = c(1, fill=OUT)  # after a white card the rule wants black, the guess white
    assert s["note"][2] == [[white], white, 0]
    assert g.prompt(s).lines == ["Differs after 1\u25cbW:", "1\u25cbW fits the guess, not the rule."]
    r, gs = R.parse(rule), R.parse("colour = white")
    assert R.fits(r, [white], white) != R.fits(gs, [white], white)


def test_negated_conditions_read_as_their_opposite_where_there_is_one():
    i18n.set_lang("en")
    said = {text: V.phrase(("not", R.parse(text))) for text in (
        "count > 3", "count even", "count in {1, 2}", "shape = circle", "fill = filled",
        "colour = last.colour", "count = last.count + 1 cyclic", "count > last.count", "first")}
    assert said == {
        "count > 3": "count 3 or less", "count even": "odd count", "count in {1, 2}": "count 3/4/5/6",
        "shape = circle": "not circle", "fill = filled": "outline", "colour = last.colour": "other colour",
        "count = last.count + 1 cyclic": "count not +1, 6>1", "count > last.count": "count not higher",
        "first": "not first card"}
    for text in said:  # the opposite means the same: the words do not lie
        opp = V._opposite(R.parse(text))
        assert opp is None or R.equivalent(("not", R.parse(text)), opp)


def test_one_player_against_the_box_plays_without_points():
    s = new(1, rule="colour = white")
    assert not g.points(s)
    play(s, ["card", c(1)], ["guess", "colour = white"], ["next"])
    assert s["phase"] == "over" and s["scores"] == [0] and g.result(s) == [(1, 0, "1 found")]


def test_rounds_rotate_the_master_and_the_first_player():
    s = g.new({"players": NAMES, "master": "human", "rounds": "each"}, 1)
    play(s, ["start", 2])
    seen = []
    while s["phase"] != "over":
        seen.append((s["master"], s["active"]))
        play(s, ["fit"], ["judged", 1], ["next"])
    assert seen == [(2, 3), (3, 0), (0, 1), (1, 2)]


# ----------------------------------------------------------------- random games


def _check(s, a, before):
    n = s["n"]
    g_ = [i for i in range(n) if i != s["master"]]
    if s["phase"] in ("turn", "guess", "end"):
        assert s["pile"] + sum(s["hands"]) + s["laid"] == g.DECK_CARDS, (a, s)
        assert all(h >= 0 for h in s["hands"]) and s["pile"] >= 0
        assert all(s["hands"][i] == 0 for i in range(n) if i not in g_)
    if s["box"] and a[0] == "card":
        rule = R.parse(s["rule"])
        fit = R.fits(rule, before["row"], a[1])
        assert (s["row"] == before["row"] + [a[1]]) == fit  # every fitting card accepted
        assert fit or s["misses"][-2:] == bytes((len(before["row"]), a[1]))
    if s["phase"] == "end" and before["phase"] != "end" and g.points(s):
        expect = g.round_points(s["hands"], s["master"], s["guesser"], s["hints"], s["turns"], s["laid"])
        assert s["scores"] == [before["scores"][i] + expect[i] for i in range(n)]


def test_random_games_of_both_modes_keep_the_invariants():
    rng = Rng(21)
    for k in range(sized(40, 120)):
        master = ("box", "human")[k % 2]
        n = (1 if master == "box" else 2) + k // 2 % 5
        opts = {"master": master, "level": g.OPTIONS[1][2][k // 4 % 4], "rounds": "each"}
        s = g.new(dict({"players": ["P%d" % i for i in range(n)]}, **opts), k)
        steps = 0
        while g.prompt(s) is not None:
            a = random_action(g.prompt(s), rng)
            before = {"row": list(s.get("row", [])), "scores": list(s["scores"]), "phase": s["phase"]}
            try:
                g.apply(s, a)
            except ValueError as e:
                assert "only two" in str(e)  # only a third copy of a card is refused
                continue
            _check(s, a, before)
            steps += 1
        assert s["round"] == s["rounds"] and steps > 0
        ranking = g.result(s)
        assert sorted(i for _, i, _ in ranking) == list(range(n))


# ----------------------------------------------------------------- scripts


def _path(s, answers):
    """The (prompt, answer) pairs of one move answered as listed (an entry by its label
    as _answer takes it)."""
    p = g.prompt(s)
    out = []
    for a in answers:
        a = _index(p, a)
        out.append((p, a))
        p = p.answer(a)
    assert not is_prompt(p), p.title
    return out, p


def _fields(card):
    return [R.attr(card, R.COUNT), R.attr(card, R.SHAPE), R.attr(card, R.FILL), R.attr(card, R.COLOUR)]


def box_game():
    """A planned round with the box as master (hard rules: with the box's seed the rule
    is "colour != last.colour and fill = last.fill"): fits, a miss, an incomplete guess,
    a revealed hand, hints, and a right guess built differently."""
    from host_sim.autoplay import box_seed

    settings = {"players": ["P1", "P2", "P3", "P4"], "master": "box", "level": "hard", "rounds": "1"}
    s = g.new(settings, box_seed())
    moves = []

    def move(*answers):
        if s["note"]:
            answers = (True,) + answers
        path, a = _path(s, answers)
        moves.append((a, path))
        g.apply(s, a)

    move(0)  # P1 starts
    assert s["rule"] == "colour != last.colour and fill = last.fill", s["rule"]
    move(0, _fields(c(3, "triangle", FULL, W)))
    move(1)  # no guess
    move(0, _fields(c(5, "square", FULL, W)))  # P2: same colour, a miss
    move(0, _fields(c(2, "circle", FULL, B)))  # P3 fits
    move(0, "<", "other colour", "Check the guess", True)  # guesses "other colour": incomplete
    move(2, True)  # P4: the table agrees to hints
    move(2, True)  # a hint: nobody objects
    hand = [c(k, "square", OUT, B) for k in range(1, 7)] + [c(k, "circle", FULL, B) for k in range(4, 6)]
    hand += [c(6, "triangle", OUT, W), c(1, "triangle", FULL, W)]
    move(1, *[_fields(x) for x in hand])  # P4 reveals the hand: 1 triangle filled white fits
    move(0, _fields(c(6, "circle", FULL, B)))  # P1 fits
    move(0, ">", ">", "-other fill", "+ and ...", "<", "-same colour", "Check the guess", True)  # NO on other fill, and NO on same colour: right
    move(True, True)  # the rule revealed, the points
    return settings, [m[0] for m in moves], [m[1] for m in moves]


def human_game():
    """Three rounds with a person as master: an early guess (halved), a long round, a
    round with hints."""
    settings = {"players": ["P1", "P2", "P3"], "master": "human", "level": "deck", "rounds": "each"}
    s = g.new(settings, 1)
    moves = []

    def move(*answers):
        path, a = _path(s, answers)
        moves.append((a, path))
        g.apply(s, a)

    move(0)  # P1 masters first; P2 starts
    move(0)  # fits
    move(0, True)  # right guess at once: the master is halved
    move(True)  # round over
    for _ in range(6):  # round 2, P2 masters: ten cards, two turns each
        move(0)
        move(2)  # no guess
        move(1)  # a miss
    move(2)  # P3: the hand, none fits
    move(1)  # a wrong guess
    move(3)  # P1: the hand, one placed
    move(0)
    move(0, True)
    move(True)
    move(4, True)  # round 3, P3 masters; P1 agrees hints with the table
    move(0)
    move(0, True)
    move(True)
    return settings, [m[0] for m in moves], [m[1] for m in moves]


def _planner(settings):
    """(state, moves, move, override) for a directed game: move(*answers) answers the
    prompt chain (the verdict on screen read first); override(label, *answers) acts from
    the game menu."""
    from host_sim.autoplay import box_seed

    s = g.new(settings, box_seed())
    moves = []

    def move(*answers):
        if s["note"] and s["phase"] != "end":
            answers = (True,) + answers
        path, a = _path(s, answers)
        moves.append((a, path))
        g.apply(s, a)

    def override(label, *answers):
        k = [o[0] for o in g.overrides(s)].index(label)
        p = g.overrides(s)[k][1]
        pairs = []
        for x in answers:
            pairs.append((p, x))
            p = p.answer(x)
        moves.append((p, ("override", k, pairs)))
        g.apply(s, p)

    return s, moves, move, override


def table_game():
    """Two rounds, the box as master (hard rules): the first given up from the game menu;
    in the second, with hints agreed, a guess that fails only on the first card (the box
    says so), then the same guess with "first card: not circle", right."""
    settings = {"players": ["P1", "P2", "P3"], "master": "box", "level": "hard", "rounds": "2"}
    s, moves, move, override = _planner(settings)
    move(0)  # P1 starts
    assert s["rule"] == "colour != last.colour and fill = last.fill", s["rule"]
    move(0, _fields(c(3, "triangle", FULL, W)))  # fits
    move(1)  # no guess
    move(0, _fields(c(5, "square", FULL, W)))  # P2: same colour, a miss
    move(0, _fields(c(2, "circle", FULL, B)))  # P3 fits
    move(1)
    override("Give up the round", True)  # P1's turn: the table gives up
    assert s["phase"] == "end" and s["guesser"] == -1
    move(True, True, True)  # given up, the rule, the points: round 2
    assert s["rule"] == "colour != last.colour and (not first or shape != circle)", s["rule"]
    move(2, True)  # P2: the table agrees to hints
    move(0, _fields(c(1, "circle", FULL, B)))  # a circle first: a miss
    move(0, _fields(c(4, "triangle", FULL, B)))  # P3 fits
    move(0, "<", "other colour", "Check the guess", True)  # "other colour": wrong, only on the first card
    assert s["note"][0] == "wrong" and s["near"][0] is None, s["near"]
    move(0, _fields(c(2, "square", OUT, W)))  # P1 fits
    move(0, *ALTERNATING)  # the alternating colours said through the last card: this rule limits the first card
    assert s["note"][0] == "wrong" and s["near"][0] is None, s["near"]
    move(2, True)  # P2 asks for the hint on the guess: nobody objects
    assert s["note"][0] == "hint_near", s["note"]
    move(0, _fields(c(6, "square", OUT, B)))  # P2 fits
    # other colour, and: the first card page, "first card: …", NO on circle
    move(0, "<", "other colour", "+ and ...", "<", "<", "first card: \u2026", "-circle", "Check the guess", True)
    assert s["guesser"] == 1 and s["phase"] == "end"
    move(True, True, True)
    assert s["phase"] == "over"
    return settings, [m[0] for m in moves], [m[1] for m in moves]


def correct_game():
    """Deck rule 1, "other colour": four cards fit; the first was entered wrong (really
    black) and is corrected from the game menu three cards back: it fits, P2's black now
    misses and P2 draws, the rest fit; then the round goes on and is guessed."""
    settings = {"players": ["P1", "P2", "P3", "P4"], "master": "box", "level": "deck", "rounds": "1"}
    s, moves, move, override = _planner(settings)
    move(0)  # P1 starts
    assert s["rule"] == "colour != last.colour", s["rule"]
    for k, colour in ((1, W), (2, B), (3, W), (4, B)):
        move(0, _fields(c(k, "circle", FULL, colour)))
        move(1)  # no guess
    override("Correct a card\u2026", 0, _fields(c(1, "circle", FULL, B)))
    assert s["row"] == [c(1, colour=B), c(3), c(4, colour=B)] and s["note"][2][4] == [[1, 1, c(2, colour=B), 0]], s["note"]
    move(0, _fields(c(5, "triangle", OUT, W)))  # P1 fits
    move(0, "<", "other colour", "Check the guess", True)
    assert s["note"][0] == "right", s["note"]
    move(True, True, True)
    assert s["phase"] == "over"
    return settings, [m[0] for m in moves], [m[1] for m in moves]


def brackets_game():
    """A guess in brackets as deep as the editor takes them ("x or y, (all) and z" until
    "(all) and" is no longer offered), judged and said on the verdict: the words and the
    judge of the deepest guess on the Pico's stack."""
    settings = {"players": ["P1", "P2"], "master": "box", "level": "deck", "rounds": "1"}
    s, moves, move, override = _planner(settings)
    move(0)
    move(0, _fields(c(3, "triangle", FULL, W)))  # fits
    answers = [0]
    p = g.prompt(s).answer(True).answer(0)
    while True:
        for a in ("circle", "+ or ...", "triangle"):
            answers.append(a)
            p = _answer(p, a)
        if "+ (all) and ..." not in p.options:
            break
        answers.append("+ (all) and ...")
        p = _answer(p, "+ (all) and ...")
    move(*answers, "Check the guess", True)
    assert s["note"][0] == "wrong" and R.depth(R.parse(s["note"][2])) == R.MAX_DEPTH, s["note"]
    override("Give up the round", True)
    move(True, True, True)
    assert s["phase"] == "over"
    return settings, [m[0] for m in moves], [m[1] for m in moves]


# "(black card and last was white) or (white card and last was black)", from the guess screen
ALTERNATING = ("<", "black card", "+ and ...", "<", "<", "last was \u2026", "<", "white card", "+ or ...",
               "<", "white card", "+ and ...", "<", "<", "last was \u2026", "<", "black card", "Check the guess", True)


def first_card_game():
    """The box's first deck rules. "Other colour": a guess that says the alternating
    colours through the last card and nothing about the first card is right (the
    first-card ruling). "White card": the same guess is wrong. "Not square, and white":
    "(circle or triangle) and white", built in brackets as it is said, is right."""
    settings = {"players": ["P1", "P2"], "master": "box", "level": "deck", "rounds": "3"}
    s, moves, move, override = _planner(settings)
    move(0)  # P1 starts
    assert s["rule"] == "colour != last.colour", s["rule"]
    move(0, _fields(c(3, "triangle", FULL, W)))  # fits: any first card does
    move(0, *ALTERNATING)
    assert s["note"][0] == "right" and s["guesser"] == 0, s["note"]
    move(True, True, True)  # right; the rule; the points: round 2
    assert s["rule"] == "colour = white", s["rule"]
    move(0, _fields(c(3, "triangle", FULL, W)))  # P2 fits
    move(0, *ALTERNATING)
    assert s["note"][0] == "wrong", s["note"]
    move(0, _fields(c(3, "triangle", FULL, B)))  # P1: a miss
    move(0, _fields(c(5, "circle", OUT, W)))  # P2 fits
    move(0, "<", "white card", "Check the guess", True)
    assert s["note"][0] == "right" and s["guesser"] == 1, s["note"]
    move(True, True, True)  # round 3
    assert s["rule"] == "shape != square and colour = white", s["rule"]
    move(0, _fields(c(2, "circle", FULL, W)))  # P1 fits
    # circle, "+ or": triangle, "+ (all) and": LEFT, white, Check
    move(0, "circle", "+ or ...", "triangle", "+ (all) and ...", "<", "white card", "Check the guess", True)
    assert s["note"][0] == "right" and s["note"][2] == "(shape = circle or shape = triangle) and colour = white", s["note"]
    move(True, True, True)
    assert s["phase"] == "over"
    return settings, [m[0] for m in moves], [m[1] for m in moves]


def expert_game():
    """An expert round (a rule over the last two cards), the first player drawn by the
    box: a miss, a fit, and the rule guessed exactly as six conditions."""
    settings = {"players": ["P1", "P2"], "master": "box", "level": "expert", "rounds": "1"}
    s, moves, move, override = _planner(settings)
    move(2)  # the box draws who starts: P2
    assert s["rule"] == "((last.fill = outline and count != last.count) or (not last.fill = outline and shape != last.shape)) and count in {1, 3, 4, 6}", s["rule"]
    move(0, _fields(c(2, "circle", OUT, W)))  # P2: count 2, a miss
    move(0, _fields(c(1, "circle", OUT, W)))  # P1: fits
    outline = ("last was \u2026", ">", ">", "outline")  # RIGHT twice to the fill page
    count = (">", "count one of", 0b101101)  # RIGHT: count, one of 1/3/4/6
    move(0, "<", "<", *outline, "+ and ...", ">", "other count", "+ and ...", *count, "+ or ...",
         "<", "<", "-last was \u2026", *outline[1:], "+ and ...", "other shape", "+ and ...", *count, "Check the guess", True)
    assert s["guesser"] == 0 and s["note"][0] == "right", s["note"]
    move(True, True, True)
    return settings, [m[0] for m in moves], [m[1] for m in moves]


SCRIPTS = {"wtr_4players.txt": box_game, "wtr_human_3players.txt": human_game, "wtr_table.txt": table_game,
           "wtr_expert.txt": expert_game, "wtr_first_card.txt": first_card_game, "wtr_correct.txt": correct_game,
           "wtr_brackets.txt": brackets_game}


def _script(plan):
    from host_sim import autoplay

    i18n.use("ui")
    i18n.set_lang("en")
    settings, actions, paths = plan()
    return autoplay.game_script("wtr", settings, actions, paths)


def test_the_scripts_are_the_planned_games():
    for name, plan in SCRIPTS.items():
        with open(os.path.join(HERE, "scripts", name)) as f:
            assert f.read() == "\n".join(_script(plan)) + "\n", name + ": run python tests/test_wtr.py"


def test_full_scripts_play_to_the_end():
    from core.app import App
    from host_sim import fakes, script

    for name in SCRIPTS:
        app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
        with open(os.path.join(HERE, "scripts", name)) as f:
            assert script.run(app, f) is None, name


# The scripts' screens in every language, and every prompt of random games with the
# longest names (10 players too, both masters, every level): tests/test_fit.py.


def test_help_and_words_exist_in_every_language():
    for lang in i18n.LANGS:
        i18n.set_lang(lang)
        assert len(i18n.t("wtr.help").split("\n")) >= 6
        for text in R.DECK:
            words = V.words(R.parse(text))
            assert words and "wtr." not in words
    i18n.set_lang("en")


if __name__ == "__main__":
    i18n.use("ui")
    for name, plan in SCRIPTS.items():
        with open(os.path.join(HERE, "scripts", name), "w") as f:
            f.write("\n".join(_script(plan)) + "\n")
        print("wrote", name)


def test_the_rules_words_say_what_the_first_cards_may_be():
    i18n.set_lang("en")
    said = {x: V.said(R.parse(x)) for x in (
        "colour != last.colour", "shape != prev.shape", "not last.count = 3 or shape = square",
        "last.count = 3 and shape = square or not last.count = 3 and shape != square",
        "colour != last.colour and (not first or shape != circle)", "count even")}
    assert said == {
        "colour != last.colour": "other colour (any first card)",
        "shape != prev.shape": "other shape (2 back) (any first two cards)",
        "not last.count = 3 or shape = square": "not last was count 3 or square (any first card)",
        "last.count = 3 and shape = square or not last.count = 3 and shape != square":
            "(last was count 3 and square) or (not last was count 3 and not square); the first card: not square",
        "colour != last.colour and (not first or shape != circle)": "other colour and first card: not circle",
        "count even": "even count"}


def test_the_guess_editor_stays_one_screen_and_back_undoes_each_edit(make_box):
    """However long a guess is edited, the editor keeps one screen on the stack (each
    screen kept for BACK held about a KB of the Pico's heap: the soak's long edit took
    the box past half its heap), and BACK undoes the last UNDOS edits one by one (each
    kept guess is heap too), then goes to the empty guess's first page, then leaves."""
    with open(os.path.join(HERE, "scripts", "wtr_table.txt")) as f:
        lines = [x.strip() for x in f]
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# guess colour != last.colour")] if x and not x.startswith(("#", "expect"))])
    box.do("OK", "wait 1000", "OK")  # the verdict read; "Guess the rule" (guarded), the shape page
    top = lambda: box.app.top()
    assert top().title == "Shape"
    depth = len(box.app.stack)
    box.do("OK")  # circle
    for k in range(1, 13):
        box.do("DOWN", "OK", "DOWN", "OK")  # + and ..., triangle
        assert len(box.app.stack) == depth and top().items.count("triangle") == k
    box.do("UP", "UP", "OK")  # the last triangle (above "+ or ..."): remove or negate
    assert top().title == "This condition" and len(box.app.stack) == depth + 1
    box.do("OK")  # removed
    assert top().items.count("triangle") == 11 and len(box.app.stack) == depth
    box.do("BACK")  # the removal undone, the cursor on the condition it brought back
    assert top().items.count("triangle") == 12 and top().index == 24  # the last of 25 lines
    box.do("UP", "OK", "BACK")  # "and" <-> "or", undone: the cursor on the connective
    assert top().items[top().index] == "  and"
    for k in range(11, 12 - E.UNDOS, -1):
        box.do("BACK")
        assert top().title == "Guess" and top().items.count("triangle") == k and len(box.app.stack) == depth
    assert top().items[0] == "circle"
    box.do("BACK")  # older edits are not kept: the empty guess
    assert top().title == "Shape" and len(box.app.stack) == depth
    box.do("BACK")
    assert top().title == "Guess the rule?" and len(box.app.stack) == depth - 1


def test_a_revealed_hand_is_entered_on_one_screen_and_back_goes_to_the_card_before(make_box):
    with open(os.path.join(HERE, "scripts", "wtr_4players.txt")) as f:
        lines = [x.strip() for x in f]
    box = make_box()
    k = lines.index("# hand 49 53 57 61 65 69 15 19 44 26")
    box.do(*[x for x in lines[:k] if x and not x.startswith(("#", "expect"))])
    box.do("OK", "DOWN", "OK")  # "Reveal my hand"
    top = lambda: box.app.top()
    depth = len(box.app.stack)
    entered = []
    for keys in (("DOWN", "LEFT", "YES"), ("wait 1000", "UP"), ("wait 1000", "UP")):
        box.do(*keys)
        entered.append(list(top().values))
        box.do("OK")
        assert len(box.app.stack) == depth
    assert top().title == "Hand: card 4/10"
    for n in (3, 2, 1):
        box.do("BACK")  # the card before, as it was entered
        assert (top().title, top().values) == ("Hand: card %d/10" % n, entered[n - 1])
        assert len(box.app.stack) == depth
    box.do("OK")  # card 1 kept (no OK opened it: nothing to guard); card 2 as it was entered
    assert (top().title, top().values) == ("Hand: card 2/10", entered[1])
    box.do("BACK", "BACK")
    assert len(box.app.stack) == depth - 1 and top().title != "Hand: card 1/10"


def test_a_stray_second_ok_plays_no_card(make_box):
    """OK on "Play a card" pressed twice: the entry takes OK only once a value changed
    or the screen has been up a moment (a card cannot be undone)."""
    with open(os.path.join(HERE, "scripts", "wtr_4players.txt")) as f:
        lines = [x.strip() for x in f]
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# card 34") + 2] if x and not x.startswith(("#", "expect"))])
    assert box.app.top().title == "Card played"  # "Play a card" taken
    assert box.lines()[-1] == "wait a moment"  # the guard shows itself from the start
    box.do("OK")  # the stray second OK: taken for nothing, and the keys row says so
    assert box.app.top().title == "Card played" and box.lines()[-1] == "> wait a moment"  # answered
    box.do("wait 1000")
    assert box.lines()[-1] == "keys above, then OK"
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# card 34") + 2] if x and not x.startswith(("#", "expect"))])
    box.do("OK", "UP", "OK")
    assert box.app.top().title != "Card played"
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# card 34") + 2] if x and not x.startswith(("#", "expect"))])
    box.do("wait 1000", "OK")  # the card as it starts, deliberately
    assert box.app.top().title != "Card played"


def test_the_card_entry_draws_the_shape_as_the_fill_says(make_box):
    with open(os.path.join(HERE, "scripts", "wtr_4players.txt")) as f:
        lines = [x.strip() for x in f]
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# card 34") + 2] if x and not x.startswith(("#", "expect"))])
    assert box.app.top().title == "Card played" and box.lines()[2:5] == ["1", "\u2191\u2193", "\u25cb"]  # 1 outline circle
    box.do("YES")  # the fill: filled
    assert box.lines()[4] == "\u25cf" and box.lines()[6] == "\u25cf"
    box.do("RIGHT", "YES")  # a triangle, outline again
    assert box.lines()[4] == "\u25b3" and box.lines()[6] == "\u25cb"


def test_a_double_ok_on_a_fitting_card_opens_no_editor(make_box):
    """"Guess the rule?" after a fit takes OK only once it has been up a moment: the OK
    that read the verdict, pressed twice, lands nowhere."""
    s = new(rule="colour = white")
    play(s, ["card", c(1)])
    assert g.prompt(s).answer(True).guard
    with open(os.path.join(HERE, "scripts", "wtr_4players.txt")) as f:
        lines = [x.strip() for x in f]
    box = make_box()
    box.do(*[x for x in lines[: lines.index("# card 34") + 2] if x and not x.startswith(("#", "expect"))])
    box.do("UP", "UP", "RIGHT", "YES", "OK")  # 3 filled triangles, white: it fits
    assert box.lines()[1] == "FITS"
    box.do("OK", "OK")
    assert box.app.top().title == "Guess the rule?"  # the second OK opened no editor
    box.do("wait 1000", "OK")
    assert box.app.top().title == "Shape"


def test_a_rule_in_words_takes_no_python_frame_a_level(monkeypatch):
    """words() does not recurse: on the Pico two frames a level ran out at four levels
    ("maximum recursion depth exceeded" on the expert script's guess), and a bracketed
    guess nests to MAX_DEPTH."""
    import inspect

    i18n.set_lang("en")
    leaf = ("is", R.COLOUR, "=", 0)
    r = leaf
    while R.depth(r) + 2 <= R.MAX_DEPTH:
        r = ("and", ("or", r, leaf), leaf)
    deepest = []
    phrase = V.phrase
    monkeypatch.setattr(V, "phrase", lambda x: deepest.append(len(inspect.stack())) or phrase(x))
    top = len(inspect.stack())
    V.words(r)
    assert max(deepest) - top <= 3  # words, the stand-in, phrase
    assert V.words(r) == "(((((white card or white card) and white card) or white card) and white card) or white card) and white card"


def test_the_smaller_words_read_as_players_say_them():
    from core.ui import wrap

    for lang, last in (("en", "last was black"), ("de", "die letzte war schwarz"), ("nl", "vorige was zwart")):
        i18n.set_lang(lang)
        assert V.phrase(("was", 1, R.COLOUR, "=", 1)) == last == V.phrase(("was", 1, R.COLOUR, "!=", 0))
        assert "wtr.big.miss" != i18n.t("wtr.big.miss") != i18n.t("vote.no")  # a verdict, not the button's word
        for key in ("wtr.giveup_box", "wtr.giveup_human"):  # the confirm's lines above its keys, whole
            assert len(wrap(i18n.t(key))) <= 5, (lang, key)
    i18n.set_lang("en")


def test_a_stray_second_ok_on_check_confirms_no_guess(make_box):
    """A guess is final: its Confirm takes OK (or YES) only once it has been up a moment,
    saying so where "OK: yes" will be; a double OK on "Check the guess" (six quick OKs
    from a card went through to a verdict) leaves the guess unconfirmed."""
    with open(os.path.join(HERE, "scripts", "wtr_table.txt")) as f:
        lines = [x.strip() for x in f if x.strip() and not x.startswith("expect")]
    start = lines.index("# guess colour != last.colour")
    end = [i for i in range(start + 1, len(lines)) if lines[i].startswith("#")][0]
    k = max(i for i in range(start, end) if lines[i] == "wait 1000")  # the guess's Confirm: Check before it
    box = make_box().do(*[x for x in lines[: k - 1] if not x.startswith("#")])
    assert box.app.top().items[box.app.top().index] == "Check the guess"
    box.do("OK", "OK", "YES", "OK")  # Check, then at once three more
    assert box.lines()[0] == "Guess this?" and "> wait a moment" in box.lines() and "OK: yes" not in box.lines()
    box.do("wait 1000")
    assert "OK: yes" in box.lines()
    box.do("OK")
    assert box.lines()[:2] == ["The box says", "WRONG"]


def test_a_stray_second_ok_gives_nothing_up(make_box):
    """Giving up ends the round for good (the rule is shown): "All give up?" takes OK only
    once it has been up a moment; the game menu's OK pressed twice (a play-tester's) gives
    nothing up."""
    with open(os.path.join(HERE, "scripts", "wtr_table.txt")) as f:
        lines = [x.strip() for x in f if x.strip() and not x.startswith("expect")]
    k = lines.index("# giveup")
    box = make_box().do(*[x for x in lines[:k] if not x.startswith("#")])
    box.do("BACK", "DOWN", "DOWN", "DOWN", "DOWN")  # below "Correct a card…"
    assert box.app.top().items[box.app.top().index] == "Give up the round"
    box.do("OK", "OK")
    assert box.lines()[0] == "All give up?" and "> wait a moment" in box.lines()
    box.do("wait 1000", "OK")
    assert box.lines()[:2] == ["The box says", "Given up"]


def test_the_wrong_guesses_are_numbered_and_wrapped_under_their_number():
    s = new(rule="colour = white")
    play(s, ["card", c(1)])
    long = "shape = circle and count = 2 and fill = filled"
    for guess, card in ((long, c(2)), ("shape = square", None)):
        play(s, ["guess", guess])
        while card is not None and s["phase"] == "turn":  # to the next one who guesses
            play(s, ["card", card])
    title, header, rows = g.views(s)[-1]
    assert title == "Wrong guesses"
    lines = [r[0] for r in rows]
    assert lines[0].startswith("1. ") and lines[-1] == "2. " + V.said(R.parse("shape = square"))
    assert len(lines) > 2 and all(x.startswith("   ") for x in lines[1:-1])
    assert " ".join(x[3:] for x in lines[:-1]) == V.said(R.parse(long))


def test_no_guess_names_who_did_not_guess():
    s = new(n=3, rule="colour = white")
    play(s, ["card", c(1)], ["pass"])  # Alan
    assert s["active"] == 1 and g.brief(s, ["pass"]) == "Alan: no guess"
    human = g.new({"players": NAMES[:4], "master": "human", "rounds": "1"}, 1)
    g.apply(human, ["start", 3])  # Dina is the master; Alan plays first
    play(human, ["fit"], ["pass"], ["fit"], ["pass"], ["fit"], ["pass"])
    assert human["active"] == 0 and g.brief(human, ["pass"]) == "Caro: no guess"  # Dina skipped
    s = new(n=2, rule="colour = white")
    s["pile"] = 0  # the round ends with the turn: it stays Alan's
    play(s, ["card", c(1)], ["pass"])
    assert s["phase"] == "end" and g.brief(s, ["pass"]) == "Alan: no guess"
