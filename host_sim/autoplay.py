"""Plan the button presses that play a given game from the home menu (CPython tool).

keys_for(prompt, action) finds the answers that walk a prompt chain to `action` and turns
them into script steps (D-pad moves from each widget's initial value, then OK; a ballot
is hand-over OK, YES/NO, OK per voter). game_script() writes a whole session: choose the
game, players, options, every action, and `expect` lines for the final ranking.
`python -m host_sim.autoplay GAME PLAYERS SEED OUT` writes such a script from a seeded
random game, which is how tests/scripts/*.txt were made.
"""

import sys

from core import games
from core.i18n import t
from core.prompts import is_prompt, playout
from core.rng import Rng


def _answers(p, action):
    """The list of answers that turns prompt p into action, or None."""
    if p.kind == "ballot":
        return None  # ballots are not searched: callers pass votes explicitly
    for a in p.domain():
        nxt = p.answer(a)
        if is_prompt(nxt):
            rest = _answers(nxt, action)
            if rest is not None:
                return [(p, a)] + rest
        elif list(nxt) == list(action):
            return [(p, a)]
    return None


def _moves(frm, to, up, down):
    return [up] * (to - frm) if to >= frm else [down] * (frm - to)


def keys_for(prompt, action):
    path = _answers(prompt, action)
    if path is None:
        raise ValueError("no answers lead to {}".format(action))
    steps = []
    for p, a in path:
        if p.kind == "choice":
            steps += _moves(p.initial, a, "DOWN", "UP") + ["OK"]
        elif p.kind == "number":
            steps += _moves(p.initial, a, "UP", "DOWN") + ["OK"]
        else:
            steps.append("OK")
    return steps


def random_game(game_id, n, seed, options=None):
    """(settings, actions) of a seeded random game played to its end."""
    game = games.load(game_id)
    settings = {"players": ["P{}".format(i + 1) for i in range(n)]}
    for key, _, values in game.OPTIONS:
        settings[key] = (options or {}).get(key, values[0])
    actions, _ = playout(game, game.new(settings, seed), Rng(seed))
    return settings, actions


def game_script(game_id, settings, actions, seed=1):
    game = games.load(game_id)
    index = [g[0] for g in games.GAMES].index(game_id)
    info = games.info(game_id)
    n = len(settings["players"])
    out = ["# {}: {} players, {} actions (host_sim.autoplay)".format(info[2], n, len(actions))]
    out += ["DOWN"] * index + ["OK"]
    out += ['expect "{}"'.format(t("pl.count"))] + ["UP"] * (n - info[3]) + ["OK", "OK"]
    for key, _, values in game.OPTIONS:
        out += ["DOWN"] * values.index(settings[key]) + ["OK"]
    state = game.new(settings, seed)
    for a in actions:
        p = game.prompt(state)
        out.append("# " + " ".join([str(x) for x in a]))
        out += keys_for(p, a)
        game.apply(state, a)
    out.append('expect "{}"'.format(t("game.final")))
    out.append("OK")
    names = settings["players"]
    for place, who, text in game.result(state):
        out.append('expect "{}"'.format(t("game.place", place, names[who], text)))
    return out


def main(argv):
    from core import i18n

    i18n.use("ui")
    game_id, n, seed, path = argv[0], int(argv[1]), int(argv[2]), argv[3]
    settings, actions = random_game(game_id, n, seed)
    with open(path, "w") as f:
        f.write("\n".join(game_script(game_id, settings, actions, 1)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
