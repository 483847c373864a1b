"""Rehearsal: a screen drawn on a frame nobody sees, before the press that opens it.

core.frame keeps the texts it drew lately (their pixel rows); a text drawn for the first
time costs 0.5 ms on the Pico, with a glyph like the cursor's 1.5 ms, a large one up to
1.9 (issue 33). A game that knows the next screen (the roll after "Your turn") has it
rehearsed while the table reads the current one (Prompt.warm), so the press draws cached
texts. Values that differ when it opens (the roll to come) are built then. Its own module:
only the games that rehearse load it.
"""

from core.frame import Frame


class _Table:
    """A rehearsal's ctx: the players' names; it never takes an answer."""

    def __init__(self, names):
        self._names = names

    def names(self):
        return self._names


def rehearse(p, names=()):
    """Draw p (a core.tiles Multi, Fields or Pick) on a frame of its own; names: the
    players' (a prompt's player is drawn by name)."""
    from core.tiles import FieldsScreen, MultiScreen, PickScreen

    kind = {"multi": MultiScreen, "fields": FieldsScreen, "pick": PickScreen}[p.kind]
    try:
        kind(_Table(names), p).draw(Frame())
    except MemoryError:  # no room for its frame now: the press builds the texts, as without it
        pass
