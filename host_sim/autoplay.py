"""Plan the button presses that play a given game from the home menu (CPython tool).

A seeded random game is played with the game seed the box itself gives the first game it
starts (box_seed: App.new_seed() of an App made with the script's seed), and the answers
drawn on the way are kept, so the planned presses replay exactly that game on the box,
whatever the game draws at random. Each prompt kind says which presses give an answer
(core.playout.keys). keys_for(prompt, action) finds the answers by searching
the prompt chain instead (for tests that name an action). game_script() writes a whole
session: choose the game, players, options, every action, and `expect` lines for the
final ranking; an action the table takes from the game menu (a game's overrides()) has
("override", k, path) for its path. `python -m host_sim.autoplay GAME PLAYERS SEED OUT` writes such a script,
which is how tests/scripts/*.txt were made.
"""

import json
import sys

from core import games
from core.i18n import t
from core.playout import domain, keys, path_to, playout
from core.prompts import is_prompt
from core.rng import Rng


def box_seed(app_seed=1):
    """The seed App(seed=app_seed) gives the first game started on it (App.new_seed)."""
    return Rng(app_seed).next32()


def keys_for(prompt, action):
    steps = []
    for p, a in path_to(prompt, action):
        steps += keys(p, a)
    return steps


def random_game(game_id, n, seed, options=None, app_seed=1):
    """(settings, actions, paths) of a random game: answers drawn from Rng(seed), the
    game seeded as the box seeds it; paths[i] = the (prompt, answer) pairs of action i."""
    game = games.load(game_id)
    settings = {"players": ["P{}".format(i + 1) for i in range(n)]}
    for key, _, values in game.OPTIONS:
        settings[key] = (options or {}).get(key, values[0])
    paths = []
    actions, _ = playout(game, game.new(settings, box_seed(app_seed)), Rng(seed), paths)
    return settings, actions, paths


def game_script(game_id, settings, actions, paths=None, app_seed=1, phones=()):
    """The script lines of a whole session; without paths, each action's answers are
    searched (only for games whose prompts are all enumerable).

    With phones (seats), the table pairs every seat first ("Phones…"; a line
    "# link K" where seat K's link is on the panel) and those seats answer their
    secrets on a phone: their keys are left out, and a line after each secret's keys,
    "# phones " + JSON [[seat, [answer, ...], [kind, ...]], ...], gives what each phone
    sends, step by step (core.seats.take reads it back), and the kind of prompt each
    answers, for a driver to send (tests/test_phones.py)."""
    game = games.load(game_id)
    index = [g[0] for g in games.GAMES].index(game_id)
    info = games.info(game_id)
    n = len(settings["players"])
    out = ["# {}: {} players, {} actions (host_sim.autoplay)".format(info[2], n, len(actions))]
    out += ["DOWN"] * index + ["OK"]
    out += ['expect "{}"'.format(t("pl.count"))] + ["UP"] * (n - info[3]) + ["OK"]
    if phones:  # "Phones…" below "Start": each seat's hand-over, its link, OK: next
        out += ["DOWN", "OK"]
        for k in range(n):
            out += ["wait 1000", "OK", "# link %d" % k, "OK"]
        out.append("UP")
    out.append("OK")
    when = getattr(game, "WHEN", {})
    for key, _, values in game.OPTIONS:
        if key in when and not when[key](settings):
            continue  # not asked (core.gamemenu)
        out += ["DOWN"] * values.index(settings[key]) + ["OK"]
    from core.secret import chain_seed

    seed = box_seed(app_seed)
    state = game.new(settings, seed)
    for i in range(len(actions)):
        a = actions[i]
        out.append("# " + " ".join([str(x) for x in a]))
        pairs = paths[i] if paths else None
        if isinstance(pairs, tuple):  # ("override", k, pairs): from the game menu
            _, k, pairs = pairs
            # BACK on a turn's screen opens the game menu: scores, views, overrides, ...
            views = game.views(state) if hasattr(game, "views") else []
            out += ["BACK"] + ["DOWN"] * (1 + len(views) + k) + ["OK"]
            p = game.overrides(state)[k][1]
            for _, answer in pairs:
                out += keys(p, answer)
                p = p.answer(answer)
        elif pairs:
            # Fresh prompts of the replayed state: a recorded prompt's closures may see
            # the playout's state as it was later (a secret chain asks what is left).
            p = game.prompt(state)
            for _, answer in pairs:
                p.seed = chain_seed(seed, i)  # a secret's lists start where the box starts them
                if p.kind == "secret" and phones:
                    p.remote = _on_phones(p, phones)
                    out += keys(p, answer)
                    out.append("# phones " + json.dumps([[p.voters[k]] + _phone_texts(p, k, answer[k]) for k in p.remote]))
                else:
                    out += keys(p, answer)
                p = p.answer(answer)
        else:
            p = game.prompt(state)
            p.seed = chain_seed(seed, i)
            out += keys_for(p, a)
        game.apply(state, a)
    ending = getattr(game, "ending", None)  # the last round's summary first (core.play)
    if ending:
        out += ['expect "{}"'.format(ending(state).title), "OK"]
    # Game over, not yet final: the ranking to check, then "Game over ✓" (two UPs).
    out += ['expect "{}"'.format(t("game.over_q")), "OK", "UP", "UP", "OK"]
    out.append('expect "{}"'.format(t("game.final")))
    out.append("OK")
    names = settings["players"]
    result = game.result(state)
    for k in range(len(result)):
        place, who, text = result[k]
        if k >= 7:  # below the seven rows on screen: move the cursor down to it
            out += ["DOWN"] * (7 if k == 7 else 1)
        out.append('expect "{}"'.format(t("game.place", place, names[who], text)))
    return out


def _on_phones(p, phones):
    """The voters of secret p who answer on a phone: those on a phone seat whose chain
    starts with a prompt a phone answers (core.secret.SecretFlow.start)."""
    from core.seats import offer

    return [k for k in range(len(p.voters)) if p.voters[k] in phones and offer(p.first(k)) is not None]


def _phone_texts(p, k, value):
    """What voter k's phone sends, step by step, to give `value` (core.seats.take's
    inverse), and the kind of prompt each answers: [[text, ...], [kind, ...]]."""
    texts, kinds = [], []
    for q, a in _phone_path(p.first(k), value):
        kinds.append(q.kind)
        if q.kind == "vote":
            texts.append("1" if a else "0")
        elif q.kind in ("show", "confirm"):
            texts.append("1")
        elif q.kind == "number" and q.votes:
            texts.append(("y" if a[0] else "n") + str(a[1]))
        else:
            texts.append(str(a))  # a choice's index, a number
    return [texts, kinds]


def _phone_path(q, value):
    """core.playout.path_to over what a phone can answer: a list's entries only (no lit
    button answers beyond them: a phone has none)."""
    for a in range(len(q.options)) if q.kind == "choice" else domain(q):
        nxt = q.answer(a)
        if not is_prompt(nxt):
            if nxt == value:
                return [(q, a)]
            continue
        rest = _phone_path(nxt, value)
        if rest is not None:
            return [(q, a)] + rest
    return None


USAGE = """usage: python -m host_sim.autoplay GAME PLAYERS SEED OUT
  GAME     one of: {}
  PLAYERS  how many play (the game's range)
  SEED     any whole number: the random answers
  OUT      the script file to write"""


def main(argv):
    from core import i18n

    i18n.use("ui")
    built = [g for g in games.GAMES if g[1]]
    if len(argv) == 4 and argv[0] == "kit":
        from host_sim import register_kit

        register_kit()
        built = [g for g in games.GAMES if g[0] == "kit"]
    problem = None
    if len(argv) != 4:
        problem = "four arguments needed, {} given".format(len(argv))
    elif argv[0] not in [g[0] for g in built]:
        problem = "unknown or unbuilt game: " + argv[0]
    else:
        info = games.info(argv[0])
        try:
            n, seed = int(argv[1]), int(argv[2])
        except ValueError:
            n = seed = None
        if n is None:
            problem = "PLAYERS and SEED are whole numbers"
        elif not info[3] <= n <= info[4]:
            problem = "{} is for {} to {} players".format(info[2], info[3], info[4])
    if problem:
        print(USAGE.format(", ".join([g[0] for g in built])), file=sys.stderr)
        print("autoplay: " + problem, file=sys.stderr)
        return 2
    game_id, path = argv[0], argv[3]
    settings, actions, paths = random_game(game_id, n, seed)
    with open(path, "w") as f:
        f.write("\n".join(game_script(game_id, settings, actions, paths)) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
