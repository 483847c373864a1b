"""Loading saved games (the format is core.savefile's): the newest good copy, checked.

The loader never trusts a file: magic, version, CRC, game id, header structure, token
stream, and finally a replay of the whole log through the game (ValueError = damaged).
A damaged file is moved aside to "<game>.bad" (then .bad1, .bad2, ... never overwriting
one), reported, and the good copy (if any) is written again so two copies exist again.

fetch() returns (record, problem): record is None when there is no usable save; problem
is None or the name(s) under which damaged files were kept aside. The record is a dict:
g game id, s settings, r seed, l log, n sequence number, st the replayed state.
"""

import json

from core.savefile import _WORD0, _WORDI, HEAD, MAGIC, VERSION
from core.savefile import crc32, decode_log, files, slot, store


# ------------------------------------------------------------------ file format


def unframe(raw, magic, version):
    """The payload of a frame() file, or ValueError (empty, other magic or version, CRC)."""
    if raw is None or len(raw) == 0:
        raise ValueError("empty")
    raw = bytes(raw)
    if len(raw) < HEAD or raw[:2] != magic:
        raise ValueError("not a %r file" % (magic,))
    if raw[2] != version:
        raise ValueError("version %d" % raw[2])
    payload = raw[HEAD:]
    c = (raw[3] << 24) | (raw[4] << 16) | (raw[5] << 8) | raw[6]
    if crc32(payload) != c:
        raise ValueError("checksum")
    return payload


def unpack(raw, game_id):
    """Check one file's bytes; returns the record (without replaying) or raises ValueError."""
    payload = unframe(raw, MAGIC, VERSION)
    nl = payload.find(b"\n")
    if nl < 0:
        raise ValueError("no header")
    h = json.loads(payload[:nl].decode())
    if not isinstance(h, list) or len(h) != 5:
        raise ValueError("header")
    gid, n, settings, seed, words = h
    if gid != game_id:
        raise ValueError("other game")
    if type(n) is not int or n < 0 or type(seed) is not int or not isinstance(settings, dict):
        raise ValueError("header")
    if not isinstance(words, list) or len(words) > _WORDI - _WORD0:
        raise ValueError("words")
    for w in words:
        if type(w) is not str:
            raise ValueError("words")
    log = decode_log(words, payload[nl + 1 :])
    return {"g": gid, "s": settings, "r": seed, "l": log, "n": n}


def replay(rec):
    """The state after the record's log; ValueError when the log does not replay."""
    from core import games

    game = games.load(rec["g"])
    try:
        state = game.new(rec["s"], rec["r"])
        for a in rec["l"]:
            game.apply(state, a)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError("replay: %r" % (e,))
    return state


def check(raw, game_id):
    """unpack() and replay(): the record with its state in "st", or ValueError."""
    rec = unpack(raw, game_id)
    rec["st"] = replay(rec)
    return rec


# ------------------------------------------------------------------ storage


def fetch(storage, game_id):
    """Load the newest good copy; damaged copies are kept aside and named in `problem`."""

    def rewrite(good):
        store(storage, game_id, good["s"], good["r"], good["l"], good["n"])

    return newest(storage, files(game_id), lambda raw: check(raw, game_id), game_id + ".bad", rewrite)


def newest(storage, names, check, bad, rewrite):
    """(record, problem) for a set of alternating copies (shared with core.progress).

    check(raw) returns a file's record, a dict with its sequence number in "n", or
    raises; the record with the highest n wins. A damaged file is moved aside to `bad`
    (bad1, bad2, ... never overwriting one) and named in problem (None when all were
    good). When one was damaged and a good one exists, the good one is written again
    with n + 1 by rewrite(record) (best effort: an OSError is ignored), so two copies
    exist again."""
    good = None
    kept = []
    for name in names:
        try:
            raw = storage.get(name)
        except OSError:
            raw = b""  # unreadable counts as damaged; keep_aside() keeps what it can
        if raw is None:
            continue
        try:
            rec = check(raw)
        except MemoryError:
            raise  # the box is short of memory, the file may be fine: never move it aside
        except Exception:  # whatever a damaged file makes fail: never crash the boot
            try:
                kept.append(keep_aside(storage, name, bad))
            except OSError:
                kept.append(name)  # could not be moved (flash full?): reported where it is
            continue
        if good is None or rec["n"] > good["n"]:
            good = rec
    if good is not None and kept:
        good["n"] += 1
        try:
            rewrite(good)
        except OSError:
            pass
    return good, (", ".join(kept) if kept else None)


def quarantine(storage, game_id, name=None):
    """Move a damaged save aside (never delete it); returns the name it is kept under."""
    return keep_aside(storage, name if name is not None else slot(game_id), game_id + ".bad")


def keep_aside(storage, name, bad):
    """Move file `name` to `bad`, or bad1, bad2, ... (the first free one: never
    overwriting a kept file), and delete it; returns the name it is kept under."""
    base = bad
    i = 0
    while storage.get(bad) is not None:
        i += 1
        bad = base + str(i)
    data = None
    try:
        data = storage.get(name)
    except OSError:
        pass
    storage.put(bad, data if data is not None else b"")
    storage.delete(name)
    return bad
