"""core/progress.py: progress kept across games (two checked copies, exactly-once results).

The record used here is the solo campaign of Man muss auch gönnen (RULES.md): levels
1..7 need 90, 86, ..., 66 points; the surplus carries to the next level; a failed level
ends the campaign. The power-cut test on real littlefs is in tests/test_powercut.py.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import progress, savefile
from host_sim.fakes import MemStorage

GID = "mmag"
NEED = (90, 86, 82, 78, 74, 70, 66)


def campaign(points):
    """update() for a finished solo game that scored `points`: "level" is the level to
    play next, "best" the highest level won, "over" set by a failed or a won last level."""

    def update(r):
        level = r.get("level", 1)
        total = r.get("surplus", 0) + points
        r["games"] = r.get("games", 0) + 1
        if total >= NEED[level - 1]:
            r["best"] = max(r.get("best", 0), level)
            r["surplus"] = total - NEED[level - 1]
            r["over"] = level == len(NEED)
            r["level"] = min(level + 1, len(NEED))
        else:
            r["best"] = r.get("best", 0)
            r["surplus"] = 0
            r["over"] = True
        return r

    return update


def stored(storage):
    """The decoded copies by file name."""
    return {name: progress.unpack(storage.files[name], GID) for name in progress.files(GID) if name in storage.files}


def two_copies(storage):
    """A store with two good copies: after games "a" (95 points) and "b" (90 points)."""
    progress.record(storage, GID, "a", campaign(95))
    progress.record(storage, GID, "b", campaign(90))
    return storage


# ------------------------------------------------------------------ round trip, exactly once


def test_roundtrip_and_alternating_copies():
    storage = MemStorage()
    assert progress.load(storage, GID) == (None, None)
    rec, bad = progress.record(storage, GID, "seed1:40", campaign(95))
    assert bad is None and rec == {"level": 2, "surplus": 5, "over": False, "best": 1, "games": 1}
    assert progress.load(storage, GID) == (rec, None)
    assert sorted(storage.files) == ["mmag.pg1"]
    raw = storage.files["mmag.pg1"]
    assert raw[:3] == b"TP" + bytes([progress.VERSION])
    assert json.loads(raw[savefile.HEAD :].decode()) == [GID, 1, "seed1:40", rec]
    assert b" " not in raw[savefile.HEAD :]
    rec2, bad = progress.record(storage, GID, "seed2:38", campaign(90))
    assert bad is None and rec2 == {"level": 3, "surplus": 9, "over": False, "best": 2, "games": 2}
    assert progress.load(storage, GID) == (rec2, None)
    copies = stored(storage)
    assert copies["mmag.pg0"] == {"n": 2, "k": "seed2:38", "r": rec2}
    assert copies["mmag.pg1"] == {"n": 1, "k": "seed1:40", "r": rec}  # the write before


def test_load_returns_a_copy():
    storage = two_copies(MemStorage())
    rec, _ = progress.load(storage, GID)
    rec["level"] = 99
    assert progress.load(storage, GID)[0]["level"] == 3


def test_same_result_key_is_applied_once():
    storage = MemStorage()
    calls = []

    def update(r):
        calls.append(dict(r))
        r["games"] = r.get("games", 0) + 1
        return r

    first, _ = progress.record(storage, GID, "seed7:51", update)
    files = dict(storage.files)
    again, bad = progress.record(storage, GID, "seed7:51", update)
    assert again == first == {"games": 1} and bad is None
    assert calls == [{}]  # update ran once, with {} for "no progress yet"
    assert storage.files == files  # and the second call wrote nothing
    progress.record(storage, GID, "seed8:12", update)
    progress.record(storage, GID, "seed8:12", update)
    assert progress.load(storage, GID)[0] == {"games": 2} and len(calls) == 2


def test_a_failing_update_writes_nothing():
    storage = two_copies(MemStorage())
    files = dict(storage.files)

    def boom(r):
        raise RuntimeError("bug in the game")

    with pytest.raises(RuntimeError):
        progress.record(storage, GID, "c", boom)
    for bad in ({"x": 1.5}, {"x": [1]}, {1: 2}, None, [("x", 1)]):
        with pytest.raises(ValueError):
            progress.record(storage, GID, "c", lambda r, bad=bad: bad)
    for key in ("", None, 7):
        with pytest.raises(ValueError):
            progress.record(storage, GID, key, campaign(80))
    assert storage.files == files


def test_reset_keeps_chosen_keys_and_the_result_key():
    storage = two_copies(MemStorage())
    progress.record(storage, GID, "c", campaign(10))  # level 3 failed: the campaign is over
    assert progress.load(storage, GID)[0]["over"] is True
    rec, bad = progress.reset(storage, GID, keep=("best", "games", "nonesuch"))
    assert bad is None and rec == {"best": 2, "games": 3}
    assert progress.load(storage, GID) == (rec, None)
    # the finished game "c" found again after a cut must not count in the new campaign
    assert progress.record(storage, GID, "c", campaign(10))[0] == rec
    rec, _ = progress.record(storage, GID, "d", campaign(91))
    assert rec == {"level": 2, "surplus": 1, "over": False, "best": 2, "games": 4}
    assert progress.reset(MemStorage(), GID) == ({}, None)


# ------------------------------------------------------------------ damaged copies


def _newest_name(storage):
    c = stored(storage)
    return max(c, key=lambda name: c[name]["n"])


def test_damaged_newest_copy_falls_back_to_older_and_is_kept():
    storage = two_copies(MemStorage())
    newest = _newest_name(storage)
    older = progress.unpack(storage.files[progress.files(GID)[1 - progress.files(GID).index(newest)]], GID)
    damaged = storage.files[newest][:-2]
    storage.files[newest] = damaged
    rec, bad = progress.load(storage, GID)
    assert bad == "mmag.pgbad" and storage.files["mmag.pgbad"] == damaged
    assert rec == older["r"] and rec["games"] == 1
    # two good copies again, both the older record
    copies = stored(storage)
    assert sorted(c["r"]["games"] for c in copies.values()) == [1, 1]
    assert progress.load(storage, GID) == (rec, None)
    # the lost game is applied again by its key (the caller still has its save)
    rec, bad = progress.record(storage, GID, "b", campaign(90))
    assert bad is None and rec["games"] == 2 and rec["level"] == 3


def test_damaged_older_copy_is_kept_newest_wins():
    storage = two_copies(MemStorage())
    newest = _newest_name(storage)
    other = [n for n in progress.files(GID) if n != newest][0]
    storage.files[other] = b"rot"
    rec, bad = progress.load(storage, GID)
    assert bad == "mmag.pgbad" and storage.files["mmag.pgbad"] == b"rot"
    assert rec["games"] == 2


def test_damage_found_by_record_is_reported():
    storage = two_copies(MemStorage())
    storage.files[_newest_name(storage)] = b"TP\x01junk"
    rec, bad = progress.record(storage, GID, "c", campaign(80))
    assert bad == "mmag.pgbad" and rec["games"] == 2  # the older copy + this game


def test_both_copies_damaged_none_reported_and_kept():
    storage = MemStorage({"mmag.pg0": b"one", "mmag.pg1": b"two", "mmag.pgbad": b"earlier"})
    rec, bad = progress.load(storage, GID)
    assert rec is None and bad == "mmag.pgbad1, mmag.pgbad2"
    assert storage.files["mmag.pgbad"] == b"earlier"  # never overwritten
    assert sorted([storage.files["mmag.pgbad1"], storage.files["mmag.pgbad2"]]) == [b"one", b"two"]
    assert "mmag.pg0" not in storage.files and "mmag.pg1" not in storage.files
    assert progress.load(storage, GID) == (None, None)


def test_files_of_other_kinds_are_damage():
    save = savefile.pack("g23", {"players": ["A", "B"]}, 1, [])
    other = progress.pack("g23", 5, "k", {"level": 2})
    for raw in (save, other, progress.pack(GID, 1, "k", {})[:3] + bytes(4) + b"[]"):
        storage = MemStorage({"mmag.pg1": raw})
        assert progress.load(storage, GID) == (None, "mmag.pgbad")
        assert storage.files["mmag.pgbad"] == raw


def _framed(payload):
    return savefile.frame(progress.MAGIC, progress.VERSION, payload.encode())


@pytest.mark.parametrize(
    "payload",
    ['["mmag",1,"k"]', '["mmag",-1,"k",{}]', '["mmag",1,3,{}]', '["mmag",1,"k",null]',
     '["mmag",1,"k",{"a":1.5}]', '["mmag",1,"k",{"a":[]}]', '{"g":"mmag"}', '["mmag",1,"k",{}'],
)
def test_checksummed_but_malformed_is_damage(payload):
    storage = MemStorage({"mmag.pg0": _framed(payload)})
    assert progress.load(storage, GID) == (None, "mmag.pgbad")


@given(st.integers(min_value=0), st.integers(min_value=0, max_value=7))
@settings(max_examples=200, deadline=None)
def test_every_single_bit_flip_is_caught(pos, bit):
    raw = progress.pack(GID, 3, "seed9:77", {"level": 4, "surplus": 12, "over": False, "best": 5})
    b = bytearray(raw)
    b[pos % len(b)] ^= 1 << bit
    storage = MemStorage({"mmag.pg1": bytes(b)})
    assert progress.load(storage, GID) == (None, "mmag.pgbad")
    assert storage.files["mmag.pgbad"] == bytes(b)


def test_every_truncation_is_caught():
    raw = progress.pack(GID, 3, "seed9:77", {"level": 4, "surplus": 12})
    for k in range(len(raw)):
        storage = MemStorage({"mmag.pg1": raw[:k]})
        assert progress.load(storage, GID) == (None, "mmag.pgbad"), k


# ------------------------------------------------------------------ the same bytes everywhere

FIELDS = [("level", 5), ("surplus", 17), ("over", False), ("best", 6), ("games", 12),
          ("name", "J\u00fcrgen \"Z\u00f6e\"\\"), ("none", None), ("Zeta", True), ("alpha", -3)]


def _in_order(order):
    d = {}
    for i in order:
        d[FIELDS[i][0]] = FIELDS[i][1]
    return d


def test_fixed_bytes_whatever_the_insertion_order():
    n = len(FIELDS)
    orders = [list(range(n)), list(range(n))[::-1], [3, 1, 4, 0, 5, 8, 2, 6, 7], [8, 6, 4, 2, 0, 1, 3, 5, 7]]
    raws = set()
    for order in orders:
        storage = MemStorage()
        progress.record(storage, GID, "k\u00e9y", lambda r, order=order: _in_order(order))
        raws.add(storage.files["mmag.pg1"])
        raws.add(progress.pack(GID, 1, "k\u00e9y", _in_order(order)))
    assert len(raws) == 1
    raw = raws.pop()
    body = raw[savefile.HEAD :].decode()
    assert body.index('"Zeta"') < body.index('"alpha"') < body.index('"best"') < body.index('"surplus"')
    assert progress.unpack(raw, GID)["r"] == dict(FIELDS)


@pytest.mark.micropython
def test_progress_under_micropython():
    """The same code on MicroPython: byte-identical files, loads CPython's, exactly once."""
    from tests.mpwasm import run_micropython

    mine = progress.pack(GID, 1, "k\u00e9y", dict(FIELDS))
    script = """
import json, binascii
from core import progress
from host_sim.fakes import MemStorage
st = MemStorage()
fields = json.loads(%r)
def update(r):
    for k, v in fields:
        r[k] = v
    return r
progress.record(st, "mmag", "k\\u00e9y", update)
print(binascii.hexlify(st.files["mmag.pg1"]).decode())
print(progress.record(st, "mmag", "k\\u00e9y", update)[0] == dict(fields))
st.files["mmag.pg0"] = binascii.unhexlify(%r)
st.files["mmag.pg1"] = st.files["mmag.pg1"][:-1]
rec, bad = progress.load(st, "mmag")
print(bad, json.dumps([rec["level"], rec["best"]]))
""" % (json.dumps(FIELDS), progress.pack(GID, 0, "old", {"level": 2, "best": 2}).hex())
    out = run_micropython(script, paths=("host_sim",)).splitlines()
    assert bytes.fromhex(out[0]) == mine
    assert out[1] == "True"
    assert out[2] == "mmag.pgbad [2, 2]"
