"""A game in progress: the game module, its settings and seed, and the action log.

The state is always new(settings, seed) with the log applied, so undo is "drop the last
actions and replay", and a resumed game is the same object as one that never stopped.
apply() saves after every completed step when a storage is given.
"""

from core import games, saves


class Session:
    def __init__(self, game_id, settings, seed, log=(), storage=None):
        self.game_id = game_id
        self.game = games.load(game_id)
        self.settings = settings
        self.seed = seed
        self.storage = storage
        self.log = []
        self.state = self.game.new(settings, seed)
        for action in log:
            self.game.apply(self.state, action)
            self.log.append(action)

    @classmethod
    def from_record(cls, rec, storage=None):
        return cls(rec["g"], rec["s"], rec["r"], rec["l"], storage)

    def save(self):
        if self.storage:
            saves.store(self.storage, self.game_id, self.settings, self.seed, self.log)

    def prompt(self):
        return self.game.prompt(self.state)

    def apply(self, action):
        """Validate and apply; ValueError (with the reason) leaves everything unchanged."""
        self.game.apply(self.state, action)
        self.log.append(action)
        self.save()

    def can_undo(self):
        """Undo may not step back across a secret that is pending or being collected."""
        return bool(self.log) and not self.game.secret(self.state)

    def undo(self, steps=1):
        if steps < 1 or steps > len(self.log):
            raise ValueError("nothing to undo")
        log = self.log[: len(self.log) - steps]
        self.state = self.game.new(self.settings, self.seed)
        self.log = []
        for action in log:
            self.game.apply(self.state, action)
            self.log.append(action)
        self.save()

    def over(self):
        return self.game.prompt(self.state) is None

    def end(self):
        if self.storage:
            saves.remove(self.storage, self.game_id)
