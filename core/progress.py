"""Progress kept across games: one small checked record per game (e.g. the solo
campaign of Man muss auch gönnen: level, carried surplus, campaign over, best level).

A record is a flat dict: string keys, values int, str, bool or None (no floats: the
Pico's are single precision). It is stored with the same integrity as core.saves:

  - two alternating copies with a sequence number n that grows by one per write; copy
    n goes to files(game_id)[n % 2] ("mmag.pg1" for odd n, "mmag.pg0" for even n), so
    each write is ONE atomic storage.put and the other file keeps the write before;
    the newer good copy wins;
  - a CRC32 over each file, checked on every load; a damaged copy is moved aside to
    "<game_id>.pgbad" (then .pgbad1, .pgbad2, ... never overwriting one, never deleted),
    named in the returned problem, and the good copy (if any) is written again so two
    copies exist again (core.saves.newest, the loader saves use too).

File format, version 1 (a few dozen bytes, inline in littlefs's metadata):

  b"TP" VERSION(1 byte) CRC32(4 bytes, big-endian, of everything after it)
  JSON without spaces, dict keys sorted (core.savefile._dumps: the same bytes on every
  runtime, although MicroPython's dicts have no order):  [game_id, n, key, record]

key is the result key of the last finished game applied to the record (None before
the first); record is the dict (never None in a file).

API (storage: get/put/delete like firmware/storage.py; an OSError from a write is
passed on, nothing half-written is left behind):

  load(storage, game_id) -> (record, problem)
      record: a new dict, or None when the game has no progress (no file, or every
      copy damaged); problem: None, or the name(s) damaged files were kept under
      (", "-separated), to be shown to the player.
  record(storage, game_id, result_key, update) -> (record, problem)
      Applies a finished game's result exactly once. update(record) -> new record is
      called with a copy of the current record ({} when there is none) only when
      result_key (a non-empty str naming the finished game, e.g. its seed and log
      length) differs from the key stored with the record; the new record is written
      together with result_key in one atomic put. Otherwise nothing is written and the
      stored record is returned. problem as in load() (damage found on the way).
  reset(storage, game_id, keep=()) -> (record, problem)
      A new campaign (asks nothing: the UI confirms): the record becomes only the keys
      in `keep` of the old one (e.g. ("best",)), in one atomic put. The stored result
      key is kept, so a finished game of the old campaign found again is not applied to
      the new one.

Exactly once across power cuts: the caller calls record() for a finished game BEFORE
it deletes that game's save, and whenever it finds a finished game's save (after a
power cut) it calls record() again with the same key, then deletes the save. A cut
before record()'s put commits leaves the old record and the save (so the result is
applied on the retry); a cut after it leaves the new record with that key (the retry
changes nothing). Only the latest key is remembered, which suffices because a finished
game's save is deleted before the next game of that id can finish.
"""

import json

from core import savefile

VERSION = 1
MAGIC = b"TP"


def files(game_id):
    """The two alternating copies: copy n lives in files(game_id)[n % 2]."""
    return (game_id + ".pg0", game_id + ".pg1")


def kept_name(game_id):
    """Where the first damaged copy is kept (then + "1", "2", ...)."""
    return game_id + ".pgbad"


def _check_record(rec):
    if not isinstance(rec, dict):
        raise ValueError("progress is a dict")
    for k in rec:
        v = rec[k]
        if type(k) is not str:
            raise ValueError("progress key %r" % (k,))
        if v is not None and type(v) not in (int, str, bool):
            raise ValueError("progress value %r" % (v,))
    return rec


def pack(game_id, n, key, rec):
    """The bytes of one progress file (copy n)."""
    if key is not None and type(key) is not str:
        raise ValueError("result key is a str")
    _check_record(rec)
    return savefile.frame(MAGIC, VERSION, savefile._dumps([game_id, n, key, rec]).encode())


def unpack(raw, game_id):
    """Check one file's bytes: {"n": n, "k": key, "r": record}, or ValueError."""
    from core import saves  # the loader, here: during the turns only the writer is loaded

    h = json.loads(saves.unframe(raw, MAGIC, VERSION).decode())
    if not isinstance(h, list) or len(h) != 4:
        raise ValueError("header")
    gid, n, key, rec = h
    if gid != game_id:
        raise ValueError("other game")
    if type(n) is not int or n < 0 or (key is not None and type(key) is not str):
        raise ValueError("header")
    return {"n": n, "k": key, "r": _check_record(rec)}


def _write(storage, game_id, n, key, rec):
    storage.put(files(game_id)[n % 2], pack(game_id, n, key, rec))


def _fetch(storage, game_id):
    """({"n", "k", "r"} of the newest good copy, or None; problem)."""
    if not savefile.stored(storage, files(game_id)):
        return None, None  # no progress yet (a new campaign)
    from core import saves

    def rewrite(good):
        _write(storage, game_id, good["n"], good["k"], good["r"])

    return saves.newest(storage, files(game_id), lambda raw: unpack(raw, game_id), kept_name(game_id), rewrite)


def load(storage, game_id):
    cur, problem = _fetch(storage, game_id)
    return (dict(cur["r"]) if cur is not None else None), problem


def record(storage, game_id, result_key, update):
    if type(result_key) is not str or not result_key:
        raise ValueError("result key is a non-empty str")
    cur, problem = _fetch(storage, game_id)
    if cur is not None and cur["k"] == result_key:
        return dict(cur["r"]), problem
    new = update(dict(cur["r"]) if cur is not None else {})
    n = cur["n"] + 1 if cur is not None else 1
    _write(storage, game_id, n, result_key, new)  # checks `new` before anything is written
    return dict(new), problem


def reset(storage, game_id, keep=()):
    cur, problem = _fetch(storage, game_id)
    new = {}
    key = None
    n = 1
    if cur is not None:
        for k in keep:
            if k in cur["r"]:
                new[k] = cur["r"][k]
        key = cur["k"]
        n = cur["n"] + 1
    _write(storage, game_id, n, key, new)
    return dict(new), problem
