"""Playing a game on the box: the generic UI over a Session's prompts.

Play(app, session).show() puts the next prompt on screen above the home menu with the
opener its kind names (core.prompts.open_prompt; the widget modules are imported only
when a prompt needs them). Answers walk the prompt chain, BACK steps back inside it, and
the finished action goes to the session. Every turn's first screen also says what was
done last (p.last: the game's brief(), the first small line under what is drawn large). A refused action shows the game's reason and
returns to the question; an accepted one is saved before the next prompt appears.
The table's lists end in "Menu…" (core.gamemenu, as is the start of a game: that code is
not loaded during the turns); BACK on a turn's first screen opens it too. The end of the
game is here: the press that ends it shows the ranking without loading a module first
(after the last round's summary, where the game has one: ending()).
Nothing is final until the table confirms "Game over" on the ranking: until then undo
corrects any entry (a typo in the last score), and only the confirm records progress (a
campaign), keeps the result (core.results) and lets the save go.
Play is the context (ctx) the openers talk to: it offers app, names(),
answered(prompt, value), secret (True inside a voter's chain, core.secret: YES and NO
never answer a dialog there) and, for root prompts, menu().
"""

from core import prepare, release
from core.i18n import t
from core.prompts import is_prompt, open_prompt
from core.frame import fit
from core.ui import BigResult, Confirm, Menu, Message, NumberPicker


# --- openers of the plain kinds: fn(ctx, prompt, root); ctx is a Play or a SecretFlow

def context(ctx, p):
    """The small lines of a screen without the large face: who answers and what the table
    reads ("Anna  Top 14"), what was done last (on a turn's first screen), the prompt's."""
    return who(ctx, p) + latest(p) + list(p.lines)


def who(ctx, p):
    """["Anna  Top 14"]: who answers and what the table reads, or [] (core.tiles too)."""
    parts = []
    if p.player is not None:
        parts.append(ctx.names()[p.player])
    if p.big:
        parts.append(p.big)
    return ["  ".join(parts)] if parts else []


def latest(p):
    return [p.last] if p.last else []


def header(ctx, p):
    """Draws the answering player's name and the big text large; returns the next row.
    (The context lines follow as the list's notes, core.ui.Menu.)"""
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
    """A list; on the table's screens (not inside a secret) it ends in "Menu…", so the
    game menu is one choice away on every screen of a turn, not only its first."""
    app = ctx.app
    items = list(p.options)
    if not ctx.secret:
        items.append(t("game.menu"))
    n = len(p.options)

    def select(i):
        if i == n and not ctx.secret:
            ctx.menu()
        else:
            ctx.answered(p, i)

    head = header(ctx, p) if (p.big or p.player is not None) else None
    title, notes = p.title, list(p.lines)
    if head and p.player is not None and notes:
        title = notes.pop(0)  # the name large says whose question it is: the bar says more
    alt = (lambda i: i < n and ctx.answered(p, -1 - i)) if p.alt else None
    key = lambda i: ctx.answered(p, i)  # the buttons answer beyond the list, never "Menu…"
    menu = Menu(title, items, select, p.initial, None, head, p.votes, latest(p) + notes, p.sides, alt, key)
    menu.guard = p.guard
    app.push(menu)


def number(ctx, p, root):
    vote = (lambda yes, v: ctx.answered(p, (yes, v))) if p.votes else None
    ctx.app.push(NumberPicker(p.title, p.lo, p.hi, p.initial, lambda v: ctx.answered(p, v), p.unit, context(ctx, p), p.wrap, vote))


def confirm(ctx, p, root):
    ctx.app.push(Confirm(p.title, context(ctx, p), lambda: ctx.answered(p, True), votes=not ctx.secret, guard=p.guard))


class Aside:
    """The context of a prompt read outside the game's actions (the last round's end,
    before the ranking): answering it closes it."""

    def __init__(self, app):
        self.app = app

    def answered(self, p, value):
        self.app.pop()


class Play:
    secret = False  # the table's own questions: YES/NO may answer dialogs
    voter = None

    def __init__(self, app, session, again):
        self.app = app
        self.session = session
        self.again = again  # again(app, game_id): a new game of this kind (core.start)
        self.title = app_title(session.game_id)

    def names(self):
        return self.session.settings["players"]

    def show(self):
        app = self.app
        app.home()
        p = prepare.ready(self.session) or self.session.prompt()
        if p is None:
            self.final()
        else:
            # Back to the turns: the code of the menu, the player setup and the loader can
            # go (the stock firmware's heap; a name entry a game imports stays with it).
            for m in ("core.gamemenu", "core.players", "core.saves"):
                release(m)
            open_prompt(self, p, True)
            top = app.top()
            if top.on_back is None:
                top.on_back = self.menu  # BACK on a root question: the game menu
            prepare.ahead(self, p)

    def answered(self, p, value):
        nxt = p.answer(value)
        if is_prompt(nxt):
            open_prompt(self, nxt)
            prepare.ahead(self, nxt)
        else:
            self.act(nxt)

    def act(self, action):
        s = self.session
        try:
            s.apply(action, False, prepare.taken(s, action))
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
        """The game is over but not yet final: the winners large, then the ranking to
        check, with "Undo…" and "Game over ✓" (BACK: the game menu)."""
        s = self.session
        result = s.game.result(s.state)
        names = self.names()
        winners = ", ".join([names[r[1]] for r in result if r[0] == 1])
        rows = [t("game.place", r[0], names[r[1]], r[2]) for r in result]
        closing = getattr(s.game, "closing", None)  # how the result came about (a solo level)
        if closing:
            rows += closing(s.state)
        self.app.push(BigResult(t("game.over_q"), [winners], rows, lambda: self.review(winners, rows)))
        self.app.top().on_back = self.menu
        ending = getattr(s.game, "ending", None)  # the last round's end, read first (OK: the winners)
        if ending:  # a Show as the rounds before it end, with the last action
            p = ending(s.state)
            p.last = s.last()
            open_prompt(Aside(self.app), p)
            self.app.top().on_back = self.menu

    def review(self, winners, rows):
        """The ranking before it is final. The cursor starts on the first row, so a stray
        OK confirms nothing; UP reaches "Game over ✓" in two presses."""
        n = len(rows)

        def chosen(i):
            if i == n:
                from core.gamemenu import pick

                pick(self, "game.undo")
            elif i == n + 1:
                self.confirm(winners, rows)
            elif i == n + 2:
                self.menu()

        items = rows + [t("game.undo"), t("game.over_ok"), t("game.menu")]
        self.app.push(Menu(t("game.over_q"), items, chosen, 0, self.menu))

    def confirm(self, winners, rows):
        """Game over, confirmed: the result on the panel first, then (core.app's after())
        the progress recorded, the result kept, the save let go: flash work and modules
        loaded that took the press to 65 ms on the Pico. A power cut in between leaves
        the game at its check, to be confirmed again (record_progress counts it once)."""
        app = self.app
        app.home()
        app.push(BigResult(t("game.final"), [winners], rows, lambda: ranking(self, rows)))
        app.after(lambda: self._close(winners, rows))

    def _close(self, winners, rows):
        s = self.session
        problem = record_progress(self)
        from core import results

        results.store(s.storage, s.game_id, [winners] + rows)
        release("core.results")
        s.end()
        if problem:
            app = self.app
            app.push(Message(t("game.damaged"), [t("game.progress_damaged", problem)], app.pop))


def record_progress(play):
    """A finished game counts once in the game's progress (core.progress), also when
    the table confirms it again after a power cut: the key names this game. Recorded
    before the save is deleted. Returns damage found, if any."""
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
            play.again(play.app, play.session.game_id)
        elif i == n + 1:
            play.app.home()

    play.app.push(Menu(t("game.final"), items, chosen))


def app_title(game_id):
    from core import games

    return games.info(game_id)[2]
