"""Saved games: format, damaged files through the real UI, fallback, undo/redo, resume.

The damaged-file cases boot an App (tests/conftest.py Box) on a MemStorage holding the
bad file and "last" = g23, exactly what the box finds after a bad shutdown: the boot
screen must say the save was damaged and name the file the bytes were kept in.
"""

import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import games, i18n, savefile, saves
from core.playout import random_action
from core.rng import Rng
from core.session import Session
from host_sim.fakes import MemStorage
from tests.conftest import Box, sized

GID = "g23"
g23 = games.load(GID)  # through load(): it registers the game's strings
SETTINGS = {"players": ["Anna", "Ben", "Cleo"], "variant": "normal"}
SEED = 12345


def play(n_actions, seed=1, players=3, storage=None, chooser=None):
    """A Session of 23 after up to n_actions seeded random actions (saved if storage)."""
    s = Session(GID, {"players": ["Anna", "Ben", "Cleo", "Dirk"][:players], "variant": "normal"},
                SEED + seed, (), storage)
    s.save()
    rng = Rng(seed)
    while len(s.log) < n_actions and not s.over():
        s.apply((chooser or _random)(s, rng))
    return s


def _random(s, rng):
    return random_action(s.prompt(), rng)


def _typical(s, rng):
    """Root choice biased toward Play (like a real table), the rest uniform; a rank
    whose copies are all on the pile (the picker offers it between two that are left,
    the box refuses it) drawn again."""
    from core.games import g23

    while True:
        p = s.prompt()
        st = s.state
        if st["phase"] == "play":
            w = [{"play": 80, "pass": 10, "force": 6, "fold": 4, "bonus": 8}[c] for c in g23._codes(st)]
            x = rng.below(sum(w))
            i = 0
            while x >= w[i]:
                x -= w[i]
                i += 1
            p = p.answer(i)
        a = random_action(p, rng)
        if a[0] != "play" or st["pile"][a[1]] < g23.copies(a[1]):
            return a


def good_bytes(n=8):
    s = play(n)
    return savefile.pack(GID, s.settings, s.seed, s.log, 3), s.log


def boot(files):
    i18n.set_lang("en")
    storage = MemStorage(dict(files, last=b"g23"))
    return Box(storage), storage


def assert_damaged_screen(box, kept):
    text = " ".join(box.lines())  # the message wraps long lines
    assert "Save damaged" in text, text
    assert "Kept as %s." % kept in text, text


# ------------------------------------------------------------------ format


def test_roundtrip_and_fields():
    raw, log = good_bytes(20)
    assert raw[:3] == b"TB" + bytes([savefile.VERSION])
    rec = saves.check(raw, GID)
    assert rec["l"] == log and rec["s"]["players"] == ["Anna", "Ben", "Cleo"] and rec["n"] == 3
    assert rec["st"] == Session(GID, rec["s"], rec["r"], log).state
    # compact: no spaces in the header
    head = raw[savefile.HEAD :].split(b"\n", 1)[0]
    assert b" " not in head and json.loads(head.decode())[0] == GID


def test_crc_fallback_equals_zlib(monkeypatch):
    data = bytes(range(256)) * 3
    assert savefile.crc32(data) == zlib.crc32(data)
    monkeypatch.setattr(savefile, "_crc32", None)
    assert savefile.crc32(data) == zlib.crc32(data)
    assert savefile.crc32(b"") == 0


json_leaf = st.one_of(
    st.integers(min_value=-(1 << 70), max_value=1 << 70),
    st.integers(min_value=0, max_value=300),
    st.text(max_size=12),
    st.sampled_from(["play", "pass", "fold", "vote", "x"]),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
)
json_value = st.recursive(
    json_leaf,
    lambda c: st.one_of(st.lists(c, max_size=4), st.dictionaries(st.text(max_size=4), c, max_size=3)),
    max_leaves=12,
)


@given(st.lists(st.lists(json_value, max_size=6), max_size=40))
@settings(max_examples=sized(60, 300), deadline=None)
def test_action_tokens_roundtrip_any_json_actions(log):
    words, data = savefile.encode_log(log)
    assert saves.decode_log(words, data) == log


@given(st.lists(st.lists(json_value, max_size=6), max_size=40))
@settings(max_examples=sized(40, 200), deadline=None)
def test_a_log_held_as_tokens_reads_as_the_list_and_saves_written_before_it_still_load(log):
    """core.savefile.Log, built action by action, holds what the list holds. Saves
    written before it (their words found in the whole log first, so a nested string
    may be a word before its first use at the top) read back the same."""
    lg = savefile.Log()
    for a in log:
        lg.append(a)
    assert len(lg) == len(log) and list(lg) == log and lg == log
    assert [lg[i] for i in range(-len(log), len(log))] == log + log
    assert lg[1:3] == log[1:3]
    assert savefile.encode_log(log) == (lg.words, bytes(lg.data))
    words = []
    for x in [x for a in log for x in a if type(x) is str]:
        if x not in words and len(words) < 32:
            words.append(x)
    out = bytearray()
    for a in log:
        savefile._action(out, a, words)
    assert saves.decode_log(words, bytes(out)) == log


def test_a_log_refuses_what_is_no_action_and_stays_whole():
    lg = savefile.Log([["play", 1]])
    for bad in ("play", 7, ["zap", object()]):
        with pytest.raises(ValueError):
            lg.append(bad)
    assert lg == [["play", 1]] and len(lg.data) == 2 and lg.words == ["play"]
    lg.append(["pass"])
    assert savefile.encode_log(lg) == savefile.encode_log([["play", 1], ["pass"]])
    assert lg != None and lg != "play" and lg == savefile.Log(lg)  # noqa: E711 (== with anything)


def test_undo_leaves_the_log_a_fresh_game_of_the_same_steps_has():
    s = play(12)
    s.undo(3)
    again = Session(s.game_id, s.settings, s.seed, list(s.log))
    assert (s.log.words, bytes(s.log.data)) == (again.log.words, bytes(again.log.data))


LOG_HEAP = """
import gc
from core.savefile import Log

def actions():  # What the Rule?!'s kinds of action
    for i in range(200):
        yield [("card", "pass", "fit", "hand")[i % 4], i % 72] if i % 25 else ["guess", "colour != last.colour"]

none = lambda: None
held, live, steps = None, [], [none, none, lambda: Log(actions()), none, none, lambda: list(actions())]

def bench_step():  # tools/bench/wasm.mjs collects after each step, then runs bench_after
    global held, log
    if not steps:
        return False
    held = steps.pop(0)()
    if held is not None and not isinstance(held, list):
        log = held  # kept to be read at the end
    return True

def bench_after():
    live.append(gc.mem_alloc())

def bench_done():
    print(live[5] - live[4], live[2] - live[1], log[24] == ["card", 24], log[25] == ["guess", "colour != last.colour"])
"""


@pytest.mark.micropython
def test_a_long_log_takes_a_fraction_of_the_heap_lists_take_under_micropython(tmp_path):
    """200 actions: as lists 6 KB and more of the Pico's heap (a long game's log, the
    most that grows through an evening); as a save's tokens under 1.5 KB."""
    import subprocess

    from tests.mpwasm import require
    from tools.bench import ROOT, wasm

    require()
    wasm.build_tree(str(tmp_path / "tree"), mpy=False)
    (tmp_path / "log_heap.py").write_text(LOG_HEAP)
    out = subprocess.run(["node", wasm.DRIVER, ROOT, str(tmp_path / "log_heap.py"), str(tmp_path / "tree")],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    as_lists, as_log, ok1, ok2 = out.split()
    assert (ok1, ok2) == ("True", "True")
    assert int(as_lists) > 6000 and int(as_log) < 1536, (as_lists, as_log)


def test_many_distinct_words_roundtrip():
    log = [["w%d" % i, "v%d" % i, i] for i in range(60)]
    words, data = savefile.encode_log(log)
    assert saves.decode_log(words, data) == log


def test_plain_json_save_is_not_trusted():
    # The first, unreleased format had no checksum; a file like it is damaged, not read.
    s = play(10)
    raw = json.dumps({"v": 1, "g": GID, "s": s.settings, "r": s.seed, "l": list(s.log)}).encode()
    st = MemStorage({"g23.sav": raw})
    rec, bad = saves.fetch(st, GID)
    assert rec is None and bad and st.get(bad) == raw


@pytest.mark.parametrize("players", [3, 4])
def test_typical_full_games_fit_littlefs_inline_limit(players):
    """Longest names (8 chars), a 10-digit seed: every one of 100 typical games < 512 B."""
    sizes = []
    for seed in range(100):
        s = Session(GID, {"players": ["Spieler%d" % (i + 1) for i in range(players)], "variant": "beginner"},
                    4000000000 + seed)
        rng = Rng(seed + 1)
        while not s.over():
            s.apply(_typical(s, rng))
        sizes.append(len(savefile.pack(GID, s.settings, s.seed, s.log, 999)))
    sizes.sort()
    print("\n%d players: typical full game save %d bytes median, %d max" % (players, sizes[50], sizes[-1]))
    assert sizes[-1] <= 512


# ------------------------------------------------------------------ damaged files via the UI


def _truncated():
    raw, _ = good_bytes()
    return raw[: len(raw) // 2]


def _wrong_version():
    raw, _ = good_bytes()
    return raw[:2] + bytes([savefile.VERSION + 7]) + raw[3:]


def _wrong_checksum():
    raw, _ = good_bytes()
    b = bytearray(raw)
    b[-1] ^= 0x01
    return bytes(b)


def _wrong_crc_field():
    raw, _ = good_bytes()
    b = bytearray(raw)
    b[4] ^= 0x80
    return bytes(b)


def _wrong_game():
    s = play(5)
    return savefile.pack("democrazy", s.settings, s.seed, s.log, 1)


def _unreplayable():
    return savefile.pack(GID, SETTINGS, SEED, [["first", 0], ["first", 1]], 1)


def _bad_settings():
    return savefile.pack(GID, {"players": ["Solo"]}, SEED, [], 1)


def _bad_tokens():
    raw, _ = good_bytes()
    payload = raw[savefile.HEAD :] + bytes([savefile.OPEN])  # an unclosed list, CRC made valid
    c = savefile.crc32(payload)
    return raw[:3] + bytes([c >> 24, (c >> 16) & 255, (c >> 8) & 255, c & 255]) + payload


BAD = {
    "truncated": _truncated,
    "empty": lambda: b"",
    "garbage": lambda: b"\x00\xffnot a save at all",
    "json": lambda: b'{"v": 1, "g": "g23"',
    "wrong-version": _wrong_version,
    "wrong-checksum": _wrong_checksum,
    "wrong-crc-field": _wrong_crc_field,
    "wrong-game": _wrong_game,
    "unreplayable-log": _unreplayable,
    "bad-settings": _bad_settings,
    "bad-tokens": _bad_tokens,
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_damaged_save_is_reported_and_kept(case):
    bad = BAD[case]()
    box, storage = boot({"g23.sav": bad})
    assert_damaged_screen(box, "g23.bad")
    assert storage.files["g23.bad"] == bad  # the bad bytes are kept, untouched
    assert "g23.sav" not in storage.files and "g23.bak" not in storage.files
    box.do("OK")  # nothing good left: a new game starts with the player count
    assert "Players" in box.text()


@given(st.one_of(st.binary(max_size=300), st.binary(max_size=300).map(lambda b: b"TB\x02" + b)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_bytes_never_crash_the_boot(data):
    box, storage = boot({"g23.sav": data})
    assert box.app.last_error is None
    assert_damaged_screen(box, "g23.bad")
    assert storage.files["g23.bad"] == data


@given(st.integers(min_value=0), st.integers(min_value=0, max_value=7))
@settings(max_examples=200, deadline=None)
def test_every_single_bit_flip_is_caught(pos, bit):
    raw, _ = good_bytes()
    b = bytearray(raw)
    b[pos % len(b)] ^= 1 << bit
    storage = MemStorage({"g23.sav": bytes(b)})
    rec, bad = saves.fetch(storage, GID)
    assert rec is None and bad == "g23.bad" and storage.files["g23.bad"] == bytes(b)


def test_every_truncation_is_caught():
    raw, _ = good_bytes()
    for k in range(len(raw)):
        storage = MemStorage({"g23.sav": raw[:k]})
        rec, bad = saves.fetch(storage, GID)
        assert rec is None and bad == "g23.bad", k


def test_kept_files_are_never_overwritten():
    box, storage = boot({"g23.sav": b"third", "g23.bad": b"first", "g23.bad1": b"second"})
    assert_damaged_screen(box, "g23.bad2")
    assert storage.files["g23.bad"] == b"first"
    assert storage.files["g23.bad1"] == b"second"
    assert storage.files["g23.bad2"] == b"third"


def test_both_copies_damaged_both_kept_and_named():
    box, storage = boot({"g23.sav": b"one", "g23.bak": b"two"})
    assert_damaged_screen(box, "g23.bad, g23.bad1")
    assert sorted([storage.files["g23.bad"], storage.files["g23.bad1"]]) == [b"one", b"two"]


# ------------------------------------------------------------------ fallback to the other copy


def test_fallback_to_backup_through_the_ui():
    storage = MemStorage()
    s = play(12, storage=storage)
    newest = savefile.files(GID)[s.seq % 2]
    other = savefile.files(GID)[(s.seq + 1) % 2]
    previous = saves.check(storage.files[other], GID)
    assert previous["l"] == s.log[:-1]
    storage.files[newest] = storage.files[newest][:-3]  # the newest copy is damaged
    damaged = storage.files[newest]
    box, storage = boot(storage.files)
    assert_damaged_screen(box, "g23.bad")
    assert storage.files["g23.bad"] == damaged
    box.do("OK")
    assert "Resume this game?" in box.text()
    box.do("OK")
    rec, bad = saves.fetch(storage, GID)
    assert bad is None and rec["l"] == s.log[:-1]  # the step before, and two good copies again
    assert saves.check(storage.files["g23.sav"], GID)["l"] == s.log[:-1]
    assert saves.check(storage.files["g23.bak"], GID)["l"] == s.log[:-1]


def test_damaged_older_copy_is_kept_newest_resumes():
    storage = MemStorage()
    s = play(9, storage=storage)
    other = savefile.files(GID)[(s.seq + 1) % 2]
    storage.files[other] = b"rot"
    rec, bad = saves.fetch(storage, GID)
    assert bad == "g23.bad" and storage.files["g23.bad"] == b"rot"
    assert rec["l"] == s.log and rec["st"] == s.state


def test_newest_copy_wins_and_copies_alternate():
    storage = MemStorage()
    s = play(0, storage=storage)
    assert sorted(storage.files) == ["g23.sav"]
    for i in range(6):
        s.apply(_random(s, Rng(i + 7)))
        assert sorted(storage.files) == ["g23.bak", "g23.sav"]
        a = saves.check(storage.files["g23.sav"], GID)
        b = saves.check(storage.files["g23.bak"], GID)
        newer, older = (a, b) if a["n"] > b["n"] else (b, a)
        assert newer["l"] == s.log and older["l"] == s.log[:-1] and newer["n"] == older["n"] + 1
        rec, bad = saves.fetch(storage, GID)
        assert bad is None and rec["l"] == s.log


def test_end_removes_both_copies_older_first():
    storage = MemStorage()
    s = play(7, storage=storage)
    deleted = []
    real = storage.delete

    def delete(name):
        deleted.append(name)
        real(name)

    storage.delete = delete
    s.end()
    assert deleted == [savefile.files(GID)[(s.seq + 1) % 2], savefile.files(GID)[s.seq % 2]]
    assert storage.files == {}


# ------------------------------------------------------------------ undo / redo


@given(st.integers(min_value=1, max_value=10**6), st.lists(st.integers(min_value=0, max_value=99), min_size=1, max_size=60))
@settings(max_examples=60, deadline=None)
def test_undo_redo_equals_replaying_the_log(seed, script):
    storage = MemStorage()
    s = play(0, seed=seed, players=2 + seed % 3, storage=storage)
    rng = Rng(seed)
    for x in script:
        if x < 50 and not s.over():
            while True:  # the rank picker offers ranks whose copies are all on the pile: refused, drawn again
                try:
                    s.apply(_random(s, rng))
                    break
                except ValueError:
                    pass
        elif x < 80 and s.can_undo():
            k = 1 + x % s.undo_limit()
            before = list(s.log)
            s.undo(k)
            assert s.log == before[: len(before) - k]
            if x % 2:
                for _ in range(k):
                    s.redo()
                assert s.log == before
        elif s.can_redo():
            s.redo()
        fresh = Session(GID, s.settings, s.seed, s.log)
        assert s.state == fresh.state
        rec, bad = saves.fetch(storage, GID)
        assert bad is None and rec["l"] == s.log and rec["st"] == s.state


def test_redo_is_dropped_by_a_new_action():
    s = play(6)
    s.undo(2)
    assert s.can_redo()
    s.apply(_random(s, Rng(5)))
    assert not s.can_redo()
    with pytest.raises(ValueError):
        s.redo()


def test_undo_several_steps_stops_at_a_sealed_action(monkeypatch):
    """Undo never crosses an action that recorded or revealed a secret (here: faked for
    "who holds the 1"), and works normally between such actions."""
    monkeypatch.setattr(g23, "sealed", lambda a: a[0] == "first")
    s = play(0)
    assert s.undo_limit() == 0 and not s.can_undo()  # nothing to undo
    for a in (["first", 0], ["pass"], ["pass"], ["pass"], ["play", 5, 1, 0, 1], ["pass"]):
        s.apply(a)
    assert s.state["phase"] == "play"
    # "first" is sealed: undo may go back 5 steps (to just after it), not 6
    assert s.undo_limit() == 5
    assert s.can_undo(5) and not s.can_undo(6)
    with pytest.raises(ValueError):
        s.undo(6)
    s.undo(5)
    assert len(s.log) == 1 and s.undo_limit() == 0 and not s.can_undo()
    s.redo()
    assert s.undo_limit() == 1


# ------------------------------------------------------------------ resume after a restart


def test_resume_after_restart_same_state_and_same_screen():
    i18n.set_lang("en")
    box = Box(MemStorage())
    box.do("OK")  # home: 23
    assert "Players" in box.text()
    box.do("UP", "OK")  # 3 players
    box.do("OK")  # names: Start
    box.do("OK")  # deal: first option
    assert box.lines()[0] == "Setup"
    box.do("OK")
    assert "Who holds the 1?" in box.text()
    box.do("DOWN", "OK")  # the second player holds the 1
    box.do("DOWN", "OK")  # Pass
    box.do("DOWN", "DOWN", "OK")  # Pass & force
    lines = box.lines()
    pixels = bytes(box.display.buf)
    rec, bad = saves.fetch(box.storage, GID)
    assert bad is None and len(rec["l"]) == 3

    again = Box(box.storage)  # power cut and restart
    assert "Resume this game?" in again.text()
    again.do("OK")
    assert again.lines() == lines
    assert bytes(again.display.buf) == pixels
    rec2, _ = saves.fetch(again.storage, GID)
    assert rec2["l"] == rec["l"] and rec2["st"] == rec["st"]


def test_resumed_session_equals_one_that_never_stopped():
    storage = MemStorage()
    s = play(25, seed=4, players=4, storage=storage)
    rec, bad = saves.fetch(storage, GID)
    r = Session.from_record(rec, storage)
    assert bad is None and r.state == s.state and r.log == s.log and r.seq == s.seq
    rng = Rng(77)
    for _ in range(5):
        if s.over():
            break
        a = _random(s, rng)
        s.apply(a)
        r.apply(a)
    assert r.state == s.state and saves.fetch(storage, GID)[0]["l"] == s.log


def test_all_built_games_save_and_load():
    for g in games.GAMES:
        if not g[1]:
            continue
        game = games.load(g[0])
        sett = {"players": ["P%d" % i for i in range(g[4])]}
        for key, _label, values in game.OPTIONS:
            sett[key] = values[0]
        storage = MemStorage()
        s = Session(g[0], sett, 1, (), storage)
        s.save()
        rng = Rng(2)
        while not s.over() and len(s.log) < 200:
            try:
                s.apply(_random(s, rng))
            except ValueError:  # a card entered a third time (What the Rule?!): draw again
                pass
        rec, bad = saves.fetch(storage, g[0])
        assert bad is None and rec["l"] == s.log and rec["st"] == s.state


# ------------------------------------------------------------------ under real MicroPython


SETT2 = {"players": ["J\u00fcrgen", 'Z\u00f6"e\\\n', "\u00c9mile"], "variant": "beginner", "zz": {"b": [1], "a": None}}


@pytest.mark.micropython
def test_saves_under_micropython():
    """The same code on MicroPython (WebAssembly port): its files load on CPython and
    CPython's load on it; MemStorage fallback and the hand CRC agree with binascii."""
    from tests.mpwasm import run_micropython

    s = play(30, seed=5, players=4)
    raw = savefile.pack(GID, s.settings, s.seed, s.log, 7)
    script = """
import json, binascii
from core import savefile, saves
from core.session import Session
from host_sim.fakes import MemStorage
raw = binascii.unhexlify(%r)
rec = saves.check(raw, "g23")
print(json.dumps(rec["l"]))
st = MemStorage({"g23.sav": raw[:-1], "g23.bak": savefile.pack("g23", rec["s"], rec["r"], rec["l"][:-1], 6)})
r, bad = saves.fetch(st, "g23")
print(bad, len(r["l"]), r["n"])
s = Session.from_record(rec, MemStorage())
s.save()
print(binascii.hexlify(s.storage.files["g23.bak"]).decode())
c = savefile.crc32(raw)
savefile._crc32 = None
print(c == savefile.crc32(raw))
sett = json.loads(%r)
print(binascii.hexlify(savefile.pack("g23", sett, 4294967295, rec["l"], 5)).decode())
""" % (raw.hex(), json.dumps(SETT2))
    out = run_micropython(script, paths=("host_sim",)).splitlines()
    assert json.loads(out[0]) == s.log
    assert out[1] == "g23.bad %d 7" % (len(s.log) - 1)
    rec = saves.check(bytes.fromhex(out[2]), GID)
    assert rec["l"] == s.log and rec["n"] == 8 and rec["st"] == s.state
    assert out[3] == "True"
    mine = savefile.pack(GID, SETT2, 4294967295, s.log, 5)
    assert bytes.fromhex(out[4]) == mine  # byte-identical on both runtimes
    assert saves.unpack(mine, GID)["s"] == SETT2
