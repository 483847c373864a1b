"""Recent: the latest lookups of a slow function, kept in two generations.

    r = Recent(16)
    v = r.get(key)            # None when not among the recent ones
    r.put(key, v)

A generation holds up to `size` keys; when the new one is full it becomes the old one and
a fresh one starts, so whatever one screen looks up (up to `size` keys) is all found again
when that screen is drawn once more, and memory stays bounded without counting uses.
Used for the pixel rows of texts (core.frame) and for translated words (core.i18n).
"""


class Recent:
    def __init__(self, size):
        self.size = size
        self.new = {}
        self.old = {}

    def get(self, key):
        v = self.new.get(key)
        if v is None:
            v = self.old.get(key)
            if v is not None:
                self.put(key, v)
        return v

    def put(self, key, value):
        if len(self.new) >= self.size:
            self.old = self.new
            self.new = {}
        self.new[key] = value

    def clear(self):
        self.new = {}
        self.old = {}
