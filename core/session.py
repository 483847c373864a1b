"""A game in progress: the game module, its settings and seed, and the action log.

The state is always new(settings, seed) with the log applied, so undo is "drop the last
actions and replay", and a resumed game is the same object as one that never stopped.
apply() saves after every completed step when a storage is given; so do undo() and
redo(). `seq` numbers the saves (see core.savefile: copies alternate between two files).

Undo may go several steps back, but never across a sealed action:
- one that recorded a secret answer or revealed one (the game's sealed(action)): undoing
  it would let the table answer again knowing more, or hide what was shown;
- one whose outcome the box drew at random (chance is final): the Session sees it itself,
  as an action that moved the game's random stream (state["rng"], core.rng), so no game
  can forget one, and undoing a roll can neither roll again nor preview the next roll.
  An action the players enter from physical dice draws nothing and stays undoable.
Between such actions undo works as usual, so a joker dealt at the start or a prediction
made early does not switch undo off for the round. undo_limit() is how far back it may
go, blocker() why not further. The actions undone are kept for redo() until a new action
is applied; redo only re-applies what was already applied. After an undo the prompt
starts on the entry that gave the action undone, where it gives it at once (entered()).
"""

from core import games, savefile
from core.savefile import Log


def shown(game, state, action):
    """game's prompt for state, as the table sees it after `action` (None: no action yet):
    the action in one row on it (p.last, the game's brief(); a secret's hand-over shows
    none)."""
    p = game.prompt(state)
    if p is not None and p.kind != "secret":
        p.last = _brief(game, state, action)
    return p


def entered(p, action):
    """Start p on the entry that gives `action` when p gives it at once: the values of
    fields, a number, an entry of a list. After an undo the table sees what it entered
    and corrects it, rather than the defaults (a player's pawns back at 0). A prompt
    whose answer opens another screen is left as it is."""
    k = p.kind
    if k == "fields":
        tried = [list(action[len(action) - len(p.fields) :])]
    elif k == "number" and not p.votes:
        tried = action[-1:]
    elif k == "choice":
        tried = range(len(p.options))
    else:
        return
    for v in tried:
        try:
            if p.answer(v) == action:
                p.initial = v
                return
        except Exception:  # not an entry this prompt takes
            pass


def _brief(game, state, action):
    brief = getattr(game, "brief", None)
    return brief(state, action) if brief and action is not None else None


class Session:
    def __init__(self, game_id, settings, seed, log=(), storage=None, seq=0, state=None):
        self.game_id = game_id
        self.game = games.load(game_id)
        self.settings = settings
        self.seed = seed
        self.storage = storage
        self.seq = seq
        self.save_error = None
        self.redo_log = []  # undone actions, the next one to redo last
        self.drawn = None  # indices into log of the actions that drew at random
        if state is not None:
            # Already replayed by the loader (core.saves.check); drawn is found on demand.
            self.state = state
            self.log = Log(log)
        else:
            self._replay(log)

    @classmethod
    def from_record(cls, rec, storage=None):
        return cls(rec["g"], rec["s"], rec["r"], rec["l"], storage, rec.get("n", 0), rec.get("st"))

    def _replay(self, log, n=None):
        """The state after the first n actions of log (a list or a Log; all when None)."""
        self.state = self.game.new(self.settings, self.seed)
        self.log = Log()  # the actions as a save's tokens (core.savefile.Log)
        self.drawn = []
        for i in range(len(log) if n is None else n):
            self._apply(log[i])

    def _apply(self, action, after=None):
        """Apply and log one action, noting when it drew from the game's random stream.
        after: the state the action leads to, worked out already (core.prepare)."""
        state = self.state
        before = state.get("rng")
        if after is None:
            self.game.apply(state, action)
        else:
            self.state = state = after
        if self.drawn is not None and state.get("rng") != before:
            self.drawn.append(len(self.log))
        self.log.append(action)

    def save(self):
        """Write the log; a failed write (flash full, card pulled) is kept in save_error
        instead of raised: the game in memory stays right and the next step saves again."""
        self.save_error = None
        if self.storage:
            try:
                savefile.store(self.storage, self.game_id, self.settings, self.seed, self.log, self.seq + 1)
                self.seq += 1
            except OSError as e:
                self.save_error = str(e)

    def prompt(self):
        """The prompt on screen now, with the last action on it (shown()); after an undo,
        on the entry that gave the action undone (entered())."""
        p = shown(self.game, self.state, self.log[-1] if len(self.log) else None)
        if p is not None and self.redo_log:
            entered(p, self.redo_log[-1])
        return p

    def apply(self, action, save=True, after=None):
        """Validate and apply; ValueError (with the reason) leaves everything unchanged.
        save=False: the caller saves (the box answers the press first, see App.after).
        after: the state the action leads to from this one, made ahead (core.prepare)."""
        self._apply(action, after)
        self.redo_log = []
        if save:
            self.save()

    def blocker(self):
        """(why, index) of the last action undo may not cross: why is "secret" or
        "chance"; (None, -1) when undo may go back to the start."""
        if self.drawn is None:
            self._replay(self.log)  # a loaded game: replayed once to see its draws
        drawn = self.drawn
        for i in range(len(self.log) - 1, -1, -1):
            if self.game.sealed(self.log[i]):
                return "secret", i
            if i in drawn:
                return "chance", i
        return None, -1

    def undo_limit(self):
        """How many steps undo may go back: the actions after the last sealed one."""
        return len(self.log) - 1 - self.blocker()[1]

    def describe(self, i):
        """The game's words for log[i] ("Bo passed, +1"), told from the state right after it
        (the current state for the last action: no replay)."""
        if i == len(self.log) - 1:
            return self.game.describe(self.state, self.log[i])
        state = self.game.new(self.settings, self.seed)
        for k in range(i + 1):
            self.game.apply(state, self.log[k])
        return self.game.describe(state, self.log[i])

    def recent(self, n):
        """The last n actions as the last-action row says them (brief()), newest first:
        one replay, each told from the state right after it."""
        state = self.game.new(self.settings, self.seed)
        first = len(self.log) - n
        out = []
        for k in range(len(self.log)):
            self.game.apply(state, self.log[k])
            if k >= first:
                out.append(_brief(self.game, state, self.log[k]) or self.game.describe(state, self.log[k]))
        out.reverse()
        return out

    def last(self):
        """The last action in one short row (the game's brief()), or None."""
        return _brief(self.game, self.state, self.log[-1] if len(self.log) else None)

    def overrides(self):
        """The game's overrides now: [(label, prompt)] (core.gamemenu)."""
        overrides = getattr(self.game, "overrides", None)
        return overrides(self.state) if overrides else []

    def views(self):
        """The game's read-only views: [(title, header, rows)]."""
        views = getattr(self.game, "views", None)
        return views(self.state) if views else []

    def can_undo(self, steps=1):
        return 1 <= steps <= len(self.log) and steps <= self.undo_limit()

    def undo(self, steps=1):
        if steps < 1 or steps > len(self.log):
            raise ValueError("nothing to undo")
        if not self.can_undo(steps):
            raise ValueError("undo would cross a secret")
        old = self.log
        keep = len(old) - steps
        self._replay(old, keep)
        for i in range(len(old) - 1, keep - 1, -1):  # the next one to redo last
            self.redo_log.append(old[i])
        self.save()

    def can_redo(self):
        return bool(self.redo_log)

    def redo(self):
        if not self.redo_log:
            raise ValueError("nothing to redo")
        self._apply(self.redo_log[-1])
        self.redo_log.pop()
        self.save()

    def over(self):
        return self.game.prompt(self.state) is None

    def end(self):
        if self.storage:
            savefile.remove(self.storage, self.game_id, self.seq)
