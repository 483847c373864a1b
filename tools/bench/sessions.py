"""The scripted sessions the bench plays (host_sim.script lines): each built game's seeded
random full game, the Secret vote, a walk through the home menu. Needs i18n on "ui"/"en"."""

from core import games, i18n
from core.playout import HAND_OVER
from core.rng import Rng
from host_sim import autoplay, fakes
from host_sim.script import Runner
from tools.bench.mp.harness import is_button, make_app

SEED = 7  # the random games
# Options other than each game's defaults. What the Rule?!'s default plays one round per
# player, and a random game's rounds run until the pile is used up (random cards rarely
# fit, random guesses never win): ten of them made a 23,000-line session. One round is
# an evening's round at the table.
OPTIONS = {"wtr": {"rounds": "1"}}


def settings(game_id, n):
    """The settings of a bench game with n players: the defaults, then OPTIONS."""
    out = {"players": ["P%d" % (i + 1) for i in range(n)]}
    for key, _, values in games.load(game_id).OPTIONS:
        out[key] = values[0]
    out.update(OPTIONS.get(game_id, {}))
    return out


def built_games():
    """The rows of core.games.GAMES that have a module."""
    return [g for g in games.GAMES if g[1]]


def game_session(g, players=None):
    n = players or g[4]
    settings, actions, paths = autoplay.random_game(g[0], n, SEED, OPTIONS.get(g[0]))
    lines = autoplay.game_script(g[0], settings, actions, paths)
    return {"id": g[0], "title": g[2], "players": n, "settings": settings, "actions": actions, "lines": lines}


def vote_script(n, seed):
    """Home menu -> Secret vote with n voters, random YES/NO, the reveal, vote again."""
    rng = Rng(seed)
    out = ["# Secret vote, %d voters" % n] + ["DOWN"] * len(games.GAMES) + ["OK"]
    out += ['expect "%s"' % i18n.t("pl.count")] + ["UP"] * (n - 2) + ["OK", "OK"]
    yes = 0
    for k in range(n):
        v = rng.below(2)
        out.append("# voter %d" % (k + 1))
        yes += v
        out += HAND_OVER + ["YES" if v else "NO", "OK"]
    out += ['expect "%s"' % i18n.t("vote.yes_n", yes), "OK", 'expect "%s"' % i18n.t("vote.again")]
    return out


def home_script():
    n = len(games.GAMES) + 2
    return ["# home menu: down to the bottom and back up"] + ["DOWN"] * n + ["UP"] * n


def sessions():
    """Every built game's session, then the Secret vote's (id "vote")."""
    out = [game_session(g) for g in built_games()]
    out.append({"id": "vote", "title": "Secret vote", "players": 10, "settings": None, "actions": None,
                "lines": vote_script(10, SEED)})
    return out


def check_cpython(sess):
    """Play the session on CPython; SystemExit on the first failing line."""
    app, _ = make_app(fakes.MemStorage())
    r = Runner(app)
    for i, line in enumerate(sess["lines"]):
        err = r.do(line)
        if err:
            raise SystemExit("%s script, line %d: %s" % (sess["title"], i + 1, err))


def is_press(line):
    """A script line that presses a button (not wait/expect/comments)."""
    return is_button(line) and line.split()[0] != "wait"


def where(lines, i):
    """Where line i is: the action comment (autoplay writes "# play 18 3 3 6") before it."""
    if i < 0:
        return "boot"
    for j in range(i, 0, -1):
        if lines[j].startswith("#"):
            return "line %d `%s`, in `%s`" % (i + 1, lines[i], lines[j][1:].strip())
    return "line %d `%s`" % (i + 1, lines[i])
