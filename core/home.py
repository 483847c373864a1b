"""The home menu (five games, Secret vote, Last results once there are some, Settings)
and the boot sequence.

start(app) pushes the home menu and, when the last game played has a save, the question
"Resume <game>?" on top of it, so a box that lost power comes back to its game in one
press. A choice on the home menu first releases the games played before (leave_games).

What only the other kind of choice needs is released while a row is highlighted, so the
Secret vote never carries the game's start, sessions and saves on the heap of the stock
firmware (nor a game the vote tool). A game or the vote chosen parks the menu
(App.park_home): this module's code is released until the menu is back on top.
"""

import sys

from core import games, i18n, release
from core.i18n import t
from core.ui import ROWS, Confirm, Menu, Message


# Per kind of row (a game, the Secret vote): the core modules only it needs (released when
# the other kind is highlighted or chosen).
GAME_ONLY = ("core.start", "core.gamemenu", "core.session", "core.saves", "core.savefile", "core.play", "core.progress",
             "core.show", "core.playout", "core.tiles", "core.textentry")
VOTE_ONLY = ("core.ballot",)


def _kind(i):
    n = len(games.GAMES)
    return "game" if i < n else "vote" if i == n else None


def _keep(kind):
    """Release the core modules only the other kind of row needs."""
    for name in VOTE_ONLY if kind == "game" else GAME_ONLY if kind == "vote" else ():
        release(name)


def start(app):
    app.push(HomeMenu(app))
    last = _last(app)
    if last:
        from core.start import resume

        app.park_home()
        resume(app, last)


def _last(app):
    if not app.storage:
        return None
    raw = app.storage.get("last")
    if not raw:
        return None
    from core import savefile  # only when a game was played: the boot stays short

    gid = raw.decode()
    for g in games.GAMES:
        if g[0] == gid and g[1] and app.storage.get(savefile.slot(gid)) is not None:
            return gid
    return None


class HomeMenu(Menu):
    """The home menu; a game with a saved game is marked (a dot in the cursor's column,
    where the cursor is not). The storage is scanned when the menu comes back on top
    (app.changes moved), never on a cursor move."""

    def __init__(self, app):
        Menu.__init__(self, t("home.title"), home_items(app), lambda i: choose(app, i), on_back=lambda: None)
        self.saved = ()
        self.seen = -1
        self.kind = 0  # the kind of row last kept for (0: none yet)

    def draw(self, f):
        kind = _kind(self.index)
        if self.seen != self.app.changes or kind != self.kind:  # back on top, or another kind
            if self.seen != self.app.changes:
                self.seen = self.app.changes
                self.saved = _saved(self.app)
            self.kind = kind
            _keep(kind)
        Menu.draw(self, f)
        for i in self.saved:
            if i != self.index and self.top <= i < self.top + ROWS:
                f.text(SAVED, 0, (1 + i - self.top) * 8, 1, False, False)


SAVED = "\u25cf"


def _saved(app):
    """Menu rows of the games with a saved game."""
    names = app.storage.list() if app.storage else ()  # savefile.slot(game) is "<game>.sav"
    return [k for k in range(len(games.GAMES)) if games.GAMES[k][0] + ".sav" in names]


def home_items(app):
    """The rows: the games, the Secret vote, "Last results" while a finished game or vote
    is kept (core.results: "<id>.res" files), Settings last."""
    items = []
    for g in games.GAMES:
        items.append(_game_label(g))
    items.append(lambda: t("home.vote"))
    if _results(app):
        items.append(lambda: t("home.results"))
    items.append(lambda: t("home.settings"))
    return items


def _results(app):
    for name in app.storage.list() if app.storage else ():
        if name.endswith(".res"):
            return True
    return False


def _game_label(g):
    # Titles stay whole: one a character too long for the menu (20 beside the cursor)
    # loses its closing "!" ("Das Regeln Wir Schon"), never its words.
    return g[2] if len(g[2]) <= 20 else g[2].rstrip("!?")


def choose(app, i):
    n = len(games.GAMES)
    leave_games(games.GAMES[i][0] if i < n else None)
    _keep(_kind(i))
    if i < n:
        g = games.GAMES[i]
        if not g[1]:
            app.push(Message(g[2], [t("ui.soon_text")], app.pop))
            return
        from core.start import resume

        app.park_home()
        resume(app, g[0])
    elif i == n:
        from core.ballot import start_tool
        from core.players import setup_players

        app.park_home()

        def go(names):
            release("core.players")  # the names are set: the vote does not come back to it
            app.home()
            start_tool(app, names)

        setup_players(app, 2, 10, go)
    elif i == n + 1 and len(app.stack[0].items) == n + 3:
        from core import results

        results.show(app)
    else:
        app.push(settings_menu(app))


def leave_games(keep=None):
    """Forget the code and words of every game but `keep`: a game left for the home menu
    holds no heap while the table votes or plays another (loaded again when chosen)."""
    for g in games.GAMES:
        if g[1] and g[0] != keep:
            # with the modules of its own (core.games.wtr_edit, ...): one left behind would
            # hold the game's module, and the next game start load a second copy
            mine = "core.games." + g[1]
            for name in [m for m in sys.modules if m.startswith(mine)]:
                release(name)
            i18n.drop(g[0])


def settings_menu(app):
    from core import settings  # released at boot and when a game starts (App.park_home)

    keys = [c[0] for c in settings.CHOICES]

    def label(key):
        def text():
            v = app.settings[key]
            if key == "lang":
                shown = t("lang." + v)
            elif key == "contrast":
                shown = str(v * 100 // 255) + "%"
            elif key == "sleep":
                shown = t("set.min", v // 60) if v else t("set.never")
            else:
                shown = t("set.on") if v else t("set.off")
            return t("set." + key, shown)

        return text

    def cycle(i):
        if i == len(keys):  # the phones' links end: the next pairing makes new ones
            app.push(Confirm(t("phones.unpair"), [t("phones.unpair_q")], unpair))
            return
        key, values = settings.CHOICES[i]
        v = values[(values.index(app.settings[key]) + 1) % len(values)]
        app.set_setting(key, v)

    def unpair():
        app.seats = None
        app.phones.stop()  # the Pico W's access point goes off (firmware/radio.py)
        app.pop()  # the confirm
        app.pop()  # this menu, without the row
        app.push(settings_menu(app))

    rows = [label(k) for k in keys] + ([lambda: t("phones.unpair")] if app.seats else [])  # in the language it turns to
    return Menu(lambda: t("set.title"), rows, cycle)
