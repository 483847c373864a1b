"""Saved games: one slot per game, written after every completed step.

A save is the game's id, settings, seed and action log (never a snapshot: the state is
replayed), encoded as JSON. store() writes atomically through the storage adapter;
fetch() returns (record, problem): record is None when there is no usable save, problem
is None or the name under which a damaged file was kept aside.
"""

import json

VERSION = 1


def slot(game_id):
    return game_id + ".sav"


def store(storage, game_id, settings, seed, log):
    rec = {"v": VERSION, "g": game_id, "s": settings, "r": seed, "l": log}
    storage.put(slot(game_id), json.dumps(rec).encode())


def fetch(storage, game_id):
    raw = storage.get(slot(game_id))
    if raw is None:
        return None, None
    try:
        rec = json.loads(raw.decode())
        if rec.get("v") != VERSION or rec.get("g") != game_id:
            raise ValueError("wrong version")
        return rec, None
    except (ValueError, AttributeError, TypeError):
        return None, quarantine(storage, game_id)


def quarantine(storage, game_id):
    """Move a damaged save aside (never delete it); returns the name it is kept under."""
    bad = game_id + ".bad"
    storage.put(bad, storage.get(slot(game_id)))
    storage.delete(slot(game_id))
    return bad


def remove(storage, game_id):
    storage.delete(slot(game_id))
