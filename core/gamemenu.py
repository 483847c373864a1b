"""Around a game's turns: starting one (setup, or the offer to resume the saved one) and
the game menu. Imported when needed and released when a turn's prompt
shows again (core.play), so the turns do not carry this code.

The game menu (BACK or "Menu…" on a root prompt): score table, the game's views, the
table's overrides (law effects the box cannot know: each a prompt chain to an action,
so it is confirmed, saved, undone and shown as the last action like any other), undo
(with a confirm that says in words what is undone), redo, how the box rules, home, end
the game.
"""

from core.i18n import t
from core.ui import Confirm, Menu, Message, NumberPicker, Table

# core.play (the turns) is imported where a game begins or resumes, not with this module:
# the home menu warms this module, and the heap there holds no more than the first press
# needs (start_new warms the turns' code while the players are set up).


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
        else:
            app.push(NumberPicker(t("game.undo_n"), 1, limit, 1, lambda n: _confirm_undo(play, n)))
    elif key == "game.rules":
        # The box's part and its rulings where the rulebook is silent (RULES.md).
        paragraphs = t(s.game_id + ".help").split("\n")
        app.push(Message(t("game.rules"), paragraphs, app.pop))
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


def _rehearse_opening(game_id):
    """The game's first prompt drawn unseen (its optional opening(), see core.games), once
    its module is loaded and its words registered (App.warm: in the order given)."""
    from core import games
    from core.prompts import rehearse

    game = games.load(game_id)
    if hasattr(game, "opening"):
        rehearse(game.opening)


def start_new(app, game_id):
    """Setup (players, then the game's options) and the first prompt of a new game."""
    from core import games, i18n
    from core.players import setup_players

    info = games.info(game_id)
    # The game's module first, the largest import (What the Rule?!'s, DRWS's: 150 ms and
    # more on the emulated Pico): begun at once, it is over before a quick press on the
    # players screen (begun after the others, it still ran then: +35 ms to that press).
    # Then its words, registered and indexed in one step (registering empties the recent
    # look-ups, and the next look-up indexed the game's table: 40 ms of that press), so
    # that its opening is drawn in them (DRWS's mat: a rehearsal before that drew the
    # keys, and the press that starts the game took 50.4 ms).
    def words():
        games.load(game_id)
        i18n.preload(game_id)

    mods = ("core.session", "core.prompts", "core.play", "core.show")
    app.warm("core.games." + info[1], words, lambda: _rehearse_opening(game_id), app.seeds, *mods)
    settings = {}
    game = None

    def begin():
        from core.play import Play
        from core.session import Session

        problem = None
        if hasattr(game, "progress"):  # the game starts from its progress (a campaign)
            from core import progress

            rec, problem = progress.load(app.storage, game_id) if app.storage else (None, None)
            settings["progress"] = rec or {}
        try:
            session = Session(game_id, settings, app.new_seed(), (), app.storage)
        except ValueError as e:  # a setting the game refuses (too few players for it)
            app.push(Message(t("ui.refused"), [str(e)], app.pop))
            return
        Play(app, session).show()
        if problem:
            app.push(Message(t("game.damaged"), [t("game.progress_damaged", problem)], app.pop))
        app.after(session.save)  # the first prompt first, the flash after
        app.after(lambda: remember(app, game_id))

    def options(k):
        if k == len(game.OPTIONS):
            begin()
            return
        key, label, values = game.OPTIONS[k]
        when = getattr(game, "WHEN", {}).get(key)
        if when and not when(settings):  # not asked: this table has no use for it
            options(k + 1)
            return

        def chosen(i):
            settings[key] = values[i]
            options(k + 1)

        app.push(Menu(t(label), [t(label + "." + str(v)) for v in values], chosen))

    def players(names):
        nonlocal game
        game = games.load(game_id)
        settings["players"] = names
        options(0)

    setup_players(app, info[3], info[4], players)


def resume(app, game_id):
    """Offer the saved game; a damaged save is reported (and kept aside), never lost.

    When one copy was damaged and the other is good, the damage is reported first and
    OK leads on to the good copy (the step before, at worst)."""
    from core import savefile

    if not savefile.stored(app.storage, savefile.files(game_id)):
        start_new(app, game_id)
        return
    from core import release, saves  # the loader: released once the turns are on (Play.show)

    rec, bad = saves.fetch(app.storage, game_id)
    if rec is None:
        release("core.saves")  # nothing to resume: a new game's setup does not need it
        if bad:
            app.push(Message(t("game.damaged"), [t("game.damaged_text", bad)], lambda: start_new(app, game_id)))
        else:
            start_new(app, game_id)
        return
    from core.session import Session  # here: a new game sets up its players first

    try:
        session = Session.from_record(rec, app.storage)
    except (ValueError, KeyError, TypeError):
        # Checked by the loader already; kept as a last line of defence.
        app.push(Message(t("game.damaged"), [t("game.damaged_text", saves.quarantine(app.storage, game_id))], lambda: start_new(app, game_id)))
        return
    remember(app, game_id)

    def replace():
        session.end()
        app.home()
        start_new(app, game_id)

    def new():
        app.pop()
        app.push(Confirm(t("game.new"), [t("game.end_q")], replace))

    def offer():
        from core.play import Play, app_title

        if bad:
            app.pop()
        title = app_title(game_id)
        lines = [t("game.resume_q"), session.game.summary(session.state)]
        app.push(Confirm(title, lines, lambda: Play(app, session).show(), new, t("game.resume_ok"), t("game.resume_new")))

    if bad:
        app.push(Message(t("game.damaged"), [t("game.damaged_text", bad)], offer))
    else:
        offer()


def remember(app, game_id):
    """Record game_id as the game the box offers to resume after a reset. Written only
    when it changes: the boot resumes the last game, and rewriting the same name there
    cost flash writes at every boot."""
    if app.storage and app.storage.get("last") != game_id.encode():
        app.storage.put("last", game_id.encode())
