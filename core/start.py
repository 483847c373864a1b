"""Starting a game: a new one (the players, the game's options, its first prompt) or the
saved one (the offer to resume it, a damaged save reported and kept aside), and the game
the box offers after a reset. core.home and the ranking's "New game" come here; the turns
are core.play's, the game menu core.gamemenu's.
"""

from core import games, prepare, release
from core.i18n import t
from core.ui import Confirm, Menu, Message

# The turns' code (core.play, core.session), the player setup and the save's loader are
# imported where they are needed: core.play lets the setup's and the loader's go once the
# turns are on, for the stock firmware's heap.


def again(app, game_id):
    """A new game of the same kind, from the ranking of the last one (core.play)."""
    start_new(app, game_id)


def start_new(app, game_id):
    """Setup (players, then the game's options) and the first prompt of a new game."""
    from core.players import setup_players

    info = games.info(game_id)
    prepare.setup(app, game_id)
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
        Play(app, session, again).show()
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
    from core import saves  # the loader: released once the turns are on (Play.show)

    rec, bad = saves.fetch(app.storage, game_id)
    if rec is None:
        release("core.saves")  # nothing to resume: a new game's setup does not need it
        if bad:
            app.push(Message(t("game.damaged"), [t("game.damaged_text", bad)], lambda: start_new(app, game_id)))
        else:
            start_new(app, game_id)
        return
    from core.play import Play, app_title
    from core.session import Session

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
        if bad:
            app.pop()
        title = app_title(game_id)
        lines = [t("game.resume_q"), session.game.summary(session.state)]
        app.push(Confirm(title, lines, lambda: Play(app, session, again).show(), new, t("game.resume_ok"), t("game.resume_new")))

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
