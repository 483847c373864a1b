"""What the Rule?!'s points (core.games.wtr): who plays for them and what a round gives
each seat, by the rulebook's scoring.
"""

DEAL = 10  # cards dealt to each guessing player
GUESS_BONUS = 5
HINT_BONUS = 2  # the guess bonus once the table agreed to hints
MIN_TURNS = 2  # the master is halved when the rule falls before everyone had two turns
MIN_LAID = 10  # ... or before ten cards were laid out


def guessers(s):
    """The seats that guess: all but the game master's."""
    return [i for i in range(s["n"]) if i != s["master"]]


def points(s):
    """Points are played with at least two guessing players."""
    return len(guessers(s)) >= 2


def round_points(hands, master, guesser, hints, turns, laid):
    """Points of one round per seat (the rulebook's scoring). hands: cards in each hand
    at the end; master: the game master's seat (-1: the box); guesser: who guessed the
    rule (-1: nobody); hints: the table agreed to hints; turns: turns each player had;
    laid: cards laid out (fits and misses). The master gets the best player's points,
    halved once (rounded down) if the rule fell before everyone had two turns or before
    ten cards were laid out, or if nobody guessed it."""
    n = len(hands)
    pts = [0] * n
    best = None
    for i in range(n):
        if i == master:
            continue
        p = DEAL - hands[i]
        if i == guesser:
            p += HINT_BONUS if hints else GUESS_BONUS
        pts[i] = p
        best = p if best is None or p > best else best
    if master >= 0:
        early = guesser >= 0 and (laid < MIN_LAID or min([turns[i] for i in range(n) if i != master]) < MIN_TURNS)
        pts[master] = best // 2 if early or guesser < 0 else best
    return pts
