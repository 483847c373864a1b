"""Phones as private ballots (issue 53): the table's seats, the phones that hold them, and
a private prompt as data a phone can show and answer.

Seats(names, entropy) is made when the table first pairs (entropy(k): k random bytes,
os.urandom on every port) and kept until the box is switched off or the table unpairs,
so the next game needs no new pairing (seat_names(names, named) takes a table's names
again: a seat whose player changed gets a new token; a seat without a name of its own, a
placeholder "P2" whose word changes with the language, keeps its player). Seat i has a
token of 64 random bits (16 hex digits: its link's secret, the only thing a phone has to
show for it); the first phone to
use a token holds the seat (its client id, made by the page and kept in the phone's
storage, so a reload or a sleeping phone rejoins) and a second phone is refused; moving
the seat to the buttons ends its link; a ninth phone is told to use the buttons (MOST).
A seat whose token no phone has used answers on the buttons.

offer(q) says a prompt of a private chain as data (its kind, title, lines and what may be
answered, in the box's language); take(q, text) reads a phone's answer to it into the
value the box's own screen would give (core.prompts), or raises ValueError.
"""

from binascii import hexlify

from core.i18n import t

MOST = 8  # phones at once: the Pico W's access point gives out 8 addresses
KINDS = ("vote", "choice", "number", "show", "confirm")  # what a phone answers; a chain with another kind stays on the box


class Seats:
    def __init__(self, names, entropy, named=None):
        self.entropy = entropy
        self.names = []
        self.named = []  # whether each seat's name is a player's own (not a placeholder)
        self.tokens = []
        self.holders = []  # the client id of the phone that holds each seat
        self.round = 0  # secrets asked of the phones so far (core.secret): an answer names its round
        self.seat_names(names, named)

    def seat_names(self, names, named=None):
        """The table's names (a game's setup), in seat order; named[i]: names[i] is a
        player's own, not a placeholder (default: all are). A seat whose player changed
        (a name of its own, another than before, or where there was none) gets a new token
        (its phone, the player before, is let go: it never sees the new player's prompts),
        and so does a seat beyond the table now."""
        named = [True] * len(names) if named is None else list(named)
        for i in range(len(self.tokens)):
            if i >= len(names) or i >= len(self.names) or named[i] != self.named[i] or named[i] and names[i] != self.names[i]:
                self._new(i)
        while len(self.tokens) < len(names):
            self.tokens.append(None)
            self.holders.append(None)
            self._new(len(self.tokens) - 1)
        self.names = list(names)
        self.named = named

    def _new(self, i):
        self.tokens[i] = hexlify(self.entropy(8)).decode()
        self.holders[i] = None

    def seat(self, token):
        """The seat of this table whose token this is, or None."""
        for i in range(len(self.names)):
            if self.tokens[i] == token:
                return i
        return None

    def claim(self, i, client):
        """True when client holds seat i (the first phone to ask takes it, while fewer
        than MOST do)."""
        if self.holders[i] is None and client and self.phones() < MOST:
            self.holders[i] = client
        return self.holders[i] == client

    def on_phone(self, i):
        return i < len(self.holders) and self.holders[i] is not None

    def to_buttons(self, i):
        """From the menu: seat i answers on the buttons, and its link ends (the phone
        that had it cannot take the seat back); "Phones…" pairs it again."""
        self._new(i)

    def phones(self):
        return len([h for h in self.holders if h is not None])


def offer(q):
    """Prompt q as data for a phone (None: a kind a phone does not answer)."""
    if q.kind not in KINDS:
        return None
    d = {"kind": q.kind, "title": _text(q.title), "lines": [_text(x) for x in q.lines]}
    if q.kind in ("show", "confirm"):  # read, then OK (a joker dealt, a card to play)
        d["big"] = q.big or ""
        d["options"] = ["OK"]
    elif q.kind == "vote":
        d["options"] = [t("vote.yes"), t("vote.no")]
    elif q.kind == "choice":
        d["options"] = [_text(x) for x in q.options]
    else:
        d["lo"], d["hi"], d["votes"], d["unit"] = q.lo, q.hi, bool(q.votes), q.unit
    return d


def take(q, text):
    """The value the box's screen would give for a phone's answer `text` to q: a vote
    "1"/"0"; a shown text or a confirm "1" (OK); a choice the option's index; a number "7", or "y7"/"n7" where the lit
    buttons cast it (votes)."""
    if q.kind in ("show", "confirm"):
        if text != "1":
            raise ValueError("ok")
        return True
    if q.kind == "vote":
        if text not in ("1", "0"):
            raise ValueError("vote")
        return text == "1"
    side = None
    if q.kind == "number" and q.votes:
        if text[:1] not in ("y", "n"):
            raise ValueError("side")
        side, text = text[0] == "y", text[1:]
    if not text.isdigit():
        raise ValueError("number")
    v = int(text)
    if q.kind == "choice":
        if v >= len(q.options):
            raise ValueError("choice")
        return v
    if not q.lo <= v <= q.hi:
        raise ValueError("range")
    return (side, v) if side is not None else v


def _text(x):
    return x if isinstance(x, str) else x()
