"""The last finished result of each game and of the Secret vote, kept across power cuts.

A game's result is written when the table confirms "Game over" (core.play), the Secret
vote's when it is revealed (core.ballot); each replaces the one before of its kind. The
home menu's "Last results" shows them until another of that kind ends.

File "<id>.res": core.savefile.frame(MAGIC, VERSION, payload) (a CRC over the payload),
payload = the lines shown, in UTF-8, one per line, in their order (what the table read
large, then the rows): a fixed order, nothing taken from a dict. A file that fails
its check is reported and left where it is, never shown as a result.
"""

from core import savefile

MAGIC = b"TR"
VERSION = 1
KINDS = ("vote",)  # results besides the games (core.games.GAMES)


def name(kind):
    return kind + ".res"


def store(storage, kind, lines):
    """Keep `lines` as the last result of `kind` (a game id or "vote"); an OSError (flash
    full) is returned as text, never raised: a result lost is not a game lost."""
    if not storage:
        return None
    payload = "\n".join(lines).encode()
    try:
        storage.put(name(kind), savefile.frame(MAGIC, VERSION, payload))
    except OSError as e:
        return str(e)
    return None


def load(storage, kind):
    """The lines of the last result of `kind`, None when there is none; ValueError when
    the file is damaged."""
    raw = storage.get(name(kind)) if storage else None
    if raw is None:
        return None
    if len(raw) < savefile.HEAD or raw[:2] != MAGIC or raw[2] != VERSION:
        raise ValueError("not a result file")
    payload = raw[savefile.HEAD :]
    c = savefile.crc32(payload)
    if raw[3:7] != bytes([(c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255]):
        raise ValueError("checksum")
    return payload.decode().split("\n")


def kept(storage):
    """[(kind, title)] of the results on the box, in home-menu order."""
    from core import games
    from core.i18n import t

    names = storage.list() if storage else ()
    out = []
    for g in games.GAMES:
        if name(g[0]) in names:
            out.append((g[0], g[2]))
    for k in KINDS:
        if name(k) in names:
            out.append((k, t("home." + k)))
    return out


def show(app):
    """The home menu's "Last results": a list of what is kept, each opening its lines."""
    from core.i18n import t
    from core.ui import Menu, Message

    have = kept(app.storage)
    if not have:
        app.push(Message(t("res.title"), [t("res.none")], app.pop))
        return

    def open_one(i):
        kind, title = have[i]
        try:
            lines = load(app.storage, kind)
        except ValueError as e:
            lines = [t("res.damaged", str(e))]
        app.push(Message(title, lines, app.pop))

    app.push(Menu(t("res.title"), [x[1] for x in have], open_one))
