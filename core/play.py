"""Playing a game on the box: the generic UI over a Session's prompts.

Play(app, session).show() puts the next prompt on screen above the home menu with the
opener its kind names (core.prompts.open_prompt; the widget modules are imported only
when a prompt needs them). Answers walk the prompt chain, BACK steps back inside it, and
the finished action goes to the session. A refused action shows the game's reason and
returns to the question; an accepted one is saved before the next prompt appears.
Root prompts end in "Menu…" (core.gamemenu, as is the start of a game: that code is not
loaded during the turns). The final result is here: the press that ends the game shows
it without loading a module first.
Play is the context (ctx) the openers talk to: it offers app, names(),
answered(prompt, value), secret (True inside a voter's chain, core.secret: YES and NO
never answer a dialog there) and, for root prompts, menu().
"""

from core import release
from core.i18n import t
from core.prompts import is_prompt, open_prompt
from core.frame import fit
from core.ui import BigResult, Confirm, Menu, Message, NumberPicker, wrap


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
    """Draws the answering player's name and the big text large, then the first context
    line the title bar does not show (23: the last action, "Bo forced you"), wrapped on
    up to two rows; returns the next row."""
    names = ctx.names()
    more = p.lines[1:] if p.player is not None else p.lines  # lines[0] is then the title
    # Wrapped once, not on every redraw: a cursor move redraws the screen, and the word
    # wrap took 3.5 of a cursor move's 10 ms of drawing on the Pico.
    said = [fit(line) for line in wrap(more[0])[:2]] if more else []

    def draw(f):
        row = 1
        if p.player is not None:
            f.center(fit(names[p.player], 2), 8, 2)
            row = 3
        if p.big:
            f.center(fit(p.big, 2), row * 8, 2)
            row += 2
        for line in said:
            f.center(line, row * 8)
            row += 1
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
            release("core.gamemenu")  # back to the turns: the menu's code can go,
            release("core.players")  # and the player setup's, and the save loader's
            release("core.saves")
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

    def menu(self):
        from core.gamemenu import menu

        menu(self)

    def final(self):
        """The winners at large, then the ranking with "New game" and "Home"."""
        s = self.session
        problem = record_progress(self)
        result = s.game.result(s.state)
        names = self.names()
        winners = [names[r[1]] for r in result if r[0] == 1]
        rows = [t("game.place", r[0], names[r[1]], r[2]) for r in result]
        self.app.push(BigResult(t("game.final"), [", ".join(winners)], rows[:2], lambda: ranking(self, rows)))
        if problem:
            self.app.push(Message(t("game.damaged"), [t("game.progress_damaged", problem)], self.app.pop))


def record_progress(play):
    """A finished game counts once in the game's progress (core.progress), also when
    the box shows it again after a power cut: the key names this game. Recorded
    before the save can be deleted (New game, End). Returns damage found, if any."""
    s = play.session
    update = getattr(s.game, "progress", None)
    if update is None or not s.storage:
        return None
    from core import progress

    key = "{}:{}".format(s.seed, len(s.log))
    try:
        return progress.record(s.storage, s.game_id, key, lambda rec: update(s.state, rec))[1]
    except OSError as e:
        return str(e)


def ranking(play, rows):
    items = rows + [t("game.new"), t("vote.home")]
    n = len(rows)

    def chosen(i):
        if i == n:
            from core.gamemenu import start_new

            play.session.end()
            start_new(play.app, play.session.game_id)
        elif i == n + 1:
            play.app.home()

    play.app.push(Menu(t("game.final"), items, chosen))


def app_title(game_id):
    from core import games

    return games.info(game_id)[2]
