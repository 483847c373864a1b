"""Playing a game on the box: the generic UI over a Session's prompts.

Play(app, session).show() puts the next prompt on screen above the home menu with the
opener its kind names (core.prompts.open_prompt; the widget modules are imported only
when a prompt needs them). Answers walk the prompt chain, BACK steps back inside it, and
the finished action goes to the session. A refused action shows the game's reason and
returns to the question; an accepted one is saved before the next prompt appears.
Root prompts end in "Menu…": score table, the game's views, undo (with a confirm that
says in words what is undone), redo, how the box rules, home, end the game.
Play is the context (ctx) the openers talk to: it offers app, names(),
answered(prompt, value), secret (True inside a voter's chain, core.secret: YES and NO
never answer a dialog there) and, for root prompts, menu().
"""

from core import saves
from core.i18n import t
from core.prompts import is_prompt, open_prompt
from core.frame import fit
from core.ui import BigResult, Confirm, Menu, Message, NumberPicker, Table


# --- openers of the plain kinds: fn(ctx, prompt, root); ctx is a Play or a SecretFlow

def context(ctx, p):
    """One small line saying who answers and what the table reads (e.g. "Anna  Top 14")."""
    parts = []
    if p.player is not None:
        parts.append(ctx.names()[p.player])
    if p.big:
        parts.append(p.big)
    return ["  ".join(parts)] if parts else []


def header(ctx, p):
    """Draws the answering player's name and the big text at 2x; returns the next row."""
    names = ctx.names()

    def draw(f):
        row = 1
        if p.player is not None:
            f.center(fit(names[p.player], 2), 8, 2)
            row = 3
        if p.big:
            f.center(fit(p.big, 2), row * 8, 2)
            row += 2
        return row

    return draw


def choice(ctx, p, root):
    app = ctx.app
    items = list(p.options)
    if root:
        items.append(t("game.menu"))
    n = len(p.options)

    def select(i):
        if i == n:
            ctx.menu()
        else:
            ctx.answered(p, i)

    head = header(ctx, p) if (p.big or p.player is not None) else None
    # With the name large on screen, the title bar carries the first context line.
    title = p.lines[0] if head and p.player is not None and p.lines else p.title
    app.push(Menu(title, items, select, p.initial, app.home if root else None, head))


def number(ctx, p, root):
    ctx.app.push(NumberPicker(p.title, p.lo, p.hi, p.initial, lambda v: ctx.answered(p, v), p.unit, context(ctx, p)))


def confirm(ctx, p, root):
    ctx.app.push(Confirm(p.title, context(ctx, p) + list(p.lines), lambda: ctx.answered(p, True), votes=not ctx.secret))


class Play:
    secret = False  # the table's own questions: YES/NO may answer dialogs
    voter = None

    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.title = app_title(session.game_id)

    def names(self):
        return self.session.settings["players"]

    def show(self):
        app = self.app
        app.home()
        p = self.session.prompt()
        if p is None:
            self.final()
        else:
            open_prompt(self, p, True)
            top = app.top()
            if top.on_back is None:
                top.on_back = self.menu  # BACK on a root question: the game menu

    def answered(self, p, value):
        nxt = p.answer(value)
        if is_prompt(nxt):
            open_prompt(self, nxt)
        else:
            self.act(nxt)

    def act(self, action):
        try:
            self.session.apply(action, False)
        except ValueError as e:
            self.app.push(Message(t("ui.refused"), [str(e)], self.app.pop))
            return
        self.show()
        self.app.after(self._save)

    def _save(self):
        self.session.save()
        if self.session.save_error:
            self.app.push(Message(t("ui.error"), [t("game.save_fail", self.session.save_error)], self.app.pop))

    # --- the game menu ----------------------------------------------------------------
    def menu(self):
        """Score table, undo (several steps, with a confirm), redo, home, end the game.
        Entries are looked up by key so redo can come and go."""
        s = self.session
        views = s.views()
        keys = ["game.scores"] + ["view." + str(i) for i in range(len(views))] + ["game.undo"]
        if self.session.can_redo():
            keys.append("game.redo")
        help_key = self.session.game_id + ".help"
        if t(help_key) != help_key:
            keys.append("game.rules")
        keys += ["game.home", "game.end"]
        labels = [views[int(k[5:])][0] if k[:5] == "view." else t(k) for k in keys]
        self.app.push(Menu(self.title, labels, lambda i: self._menu_pick(keys[i])))

    def _menu_pick(self, key):
        app = self.app
        s = self.session
        if key == "game.scores":
            header, rows = s.game.table(s.state)
            app.push(Table(t("game.scores"), header, rows))
        elif key[:5] == "view.":
            title, header, rows = s.views()[int(key[5:])]
            app.push(Table(title, header, rows))
        elif key == "game.undo":
            limit = s.undo_limit()
            if not limit:
                lines = [t("game.undo_secret"), s.describe(len(s.log) - 1)] if s.log else [t("game.undo_none")]
                app.push(Message(t("game.undo"), lines, app.pop))
            elif limit == 1:
                self._confirm_undo(1)
            else:
                app.push(NumberPicker(t("game.undo_n"), 1, limit, 1, self._confirm_undo))
        elif key == "game.rules":
            # The box's part and its rulings where the rulebook is silent (RULES.md).
            paragraphs = t(s.game_id + ".help").split("\n")
            app.push(Message(t("game.rules"), paragraphs, app.pop))
        elif key == "game.redo":
            s.redo()
            self.show()
        elif key == "game.home":
            app.home()
        else:
            app.push(Confirm(t("game.end"), [t("game.end_q")], self._end))

    def _confirm_undo(self, steps):
        s = self.session
        if steps == 1:
            lines = [t("game.undo_q", s.describe(len(s.log) - 1))]
        else:
            lines = [t("game.undo_steps", steps), t("game.undo_first", s.describe(len(s.log) - steps))]
        self.app.push(Confirm(t("game.undo"), lines, lambda: self._undo(steps)))

    def _undo(self, steps):
        self.session.undo(steps)
        self.show()

    def _end(self):
        self.session.end()
        self.app.home()

    # --- the end ------------------------------------------------------------------------
    def final(self):
        s = self.session
        problem = self.record_progress()
        result = s.game.result(s.state)
        names = self.names()
        winners = [names[r[1]] for r in result if r[0] == 1]
        rows = [t("game.place", r[0], names[r[1]], r[2]) for r in result]
        self.app.push(BigResult(t("game.final"), [", ".join(winners)], rows[:2], lambda: self.ranking(rows)))
        if problem:
            self.app.push(Message(t("game.damaged"), [t("game.progress_damaged", problem)], self.app.pop))

    def record_progress(self):
        """A finished game counts once in the game's progress (core.progress), also when
        the box shows it again after a power cut: the key names this game. Recorded
        before the save can be deleted (New game, End). Returns damage found, if any."""
        s = self.session
        update = getattr(s.game, "progress", None)
        if update is None or not s.storage:
            return None
        from core import progress

        key = "{}:{}".format(s.seed, len(s.log))
        try:
            return progress.record(s.storage, s.game_id, key, lambda rec: update(s.state, rec))[1]
        except OSError as e:
            return str(e)

    def ranking(self, rows):
        items = rows + [t("game.new"), t("vote.home")]
        n = len(rows)

        def pick(i):
            if i == n:
                self.session.end()
                start_new(self.app, self.session.game_id)
            elif i == n + 1:
                self.app.home()

        self.app.push(Menu(t("game.final"), items, pick))


def app_title(game_id):
    from core import games

    return games.info(game_id)[2]


def start_new(app, game_id):
    """Setup (players, then the game's options) and the first prompt of a new game."""
    from core import games
    from core.players import setup_players
    from core.session import Session

    info = games.info(game_id)
    game = games.load(game_id)
    settings = {}

    def begin():
        problem = None
        if hasattr(game, "progress"):  # the game starts from its progress (a campaign)
            from core import progress

            rec, problem = progress.load(app.storage, game_id) if app.storage else (None, None)
            settings["progress"] = rec or {}
        session = Session(game_id, settings, app.new_seed(), (), app.storage)
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

        def chosen(i):
            settings[key] = values[i]
            options(k + 1)

        app.push(Menu(t(label), [t(label + "." + str(v)) for v in values], chosen))

    def players(names):
        settings["players"] = names
        options(0)

    setup_players(app, info[3], info[4], players)


def resume(app, game_id):
    """Offer the saved game; a damaged save is reported (and kept aside), never lost.

    When one copy was damaged and the other is good, the damage is reported first and
    OK leads on to the good copy (the step before, at worst)."""
    from core.session import Session

    rec, bad = saves.fetch(app.storage, game_id)
    title = app_title(game_id)
    if rec is None:
        if bad:
            app.push(Message(t("game.damaged"), [t("game.damaged_text", bad)], lambda: start_new(app, game_id)))
        else:
            start_new(app, game_id)
        return
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
        lines = [t("game.resume", title), session.game.summary(session.state)]
        app.push(Confirm(title, lines, lambda: Play(app, session).show(), new, t("game.resume_ok"), t("game.resume_new")))

    if bad:
        app.push(Message(t("game.damaged"), [t("game.damaged_text", bad)], offer))
    else:
        offer()


def remember(app, game_id):
    if app.storage:
        app.storage.put("last", game_id.encode())
