"""The game menu (BACK or "Menu…" on a turn's screen). Imported when needed and released
when a turn's prompt shows again (core.play), so the turns do not carry this code.

The game menu (BACK or "Menu…" on a root prompt): score table, the game's views, the
table's overrides (law effects the box cannot know: each a prompt chain to an action,
so it is confirmed, saved, undone and shown as the last action like any other), undo
(the steps it may take back listed newest first as the last-action row says them; the
one picked and those after it go, after a confirm that says how many and in words what
the oldest was), redo, how the box rules, home, end the game.
"""

from core.i18n import t
from core.ui import Confirm, Menu, Message, Pages, Table


UNDO_LIST = 30  # steps the undo list offers at most: one replay gives their words (heap on the Pico)


def menu(play):
    """Score table, undo (several steps, with a confirm), redo, home, end the game.
    Entries are looked up by key so redo can come and go."""
    s = play.session
    views = s.views()
    fixes = s.overrides()
    keys = ["game.scores"] + ["view." + str(i) for i in range(len(views))]
    keys += ["over." + str(i) for i in range(len(fixes))] + ["game.undo"]
    if s.can_redo():
        keys.append("game.redo")
    help_key = s.game_id + ".help"
    if t(help_key) != help_key:
        keys.append("game.rules")
    keys += ["game.home", "game.end"]
    labels = [views[int(k[5:])][0] if k[:5] == "view." else fixes[int(k[5:])][0] if k[:5] == "over." else t(k) for k in keys]
    play.app.push(Menu(play.title, labels, lambda i: pick(play, keys[i])))


def pick(play, key):
    app = play.app
    s = play.session
    if key == "game.scores":
        header, rows = s.game.table(s.state)
        app.push(Table(t("game.scores"), header, rows))
    elif key[:5] == "view.":
        title, header, rows = s.views()[int(key[5:])]
        app.push(Table(title, header, rows))
    elif key[:5] == "over.":  # the table's own override: a prompt chain to an action
        from core.prompts import open_prompt

        open_prompt(play, s.overrides()[int(key[5:])][1])
    elif key == "game.undo":
        limit = s.undo_limit()
        if not limit:
            why, i = s.blocker()
            lines = [t("game.undo_" + why), s.describe(i)] if why else [t("game.undo_none")]
            app.push(Message(t("game.undo"), lines, app.pop))
        elif limit == 1:
            _confirm_undo(play, 1)
        else:  # the steps in the words of the last-action row, newest first: OK on one undoes it and those above
            steps = s.recent(min(limit, UNDO_LIST))
            app.push(Menu(t("game.undo_n"), steps, lambda i: _confirm_undo(play, i + 1), wide=True))
    elif key == "game.rules":
        # A quick start (what the box does, the keys), then the box's part and its rulings
        # where the rulebook is silent (RULES.md), a page a press.
        parts = [t(s.game_id + ".quick").split("\n"), t(s.game_id + ".help").split("\n")]
        app.push(Pages(t("game.rules"), parts, app.pop))
    elif key == "game.redo":
        s.redo()
        play.show()
    elif key == "game.home":
        app.home()
    else:
        app.push(Confirm(t("game.end"), [t("game.end_q")], lambda: _end(play)))


def _confirm_undo(play, steps):
    s = play.session
    if steps == 1:
        lines = [t("game.undo_q", s.describe(len(s.log) - 1))]
    else:
        lines = [t("game.undo_steps", steps), t("game.undo_first", s.describe(len(s.log) - steps))]
    play.app.push(Confirm(t("game.undo"), lines, lambda: _undo(play, steps)))


def _undo(play, steps):
    play.session.undo(steps)
    play.show()


def _end(play):
    play.session.end()
    play.app.home()
