"""Power cuts at every flash operation of a whole game, on real littlefs.

For every built game (core.games.GAMES entries with a module; smallest table with small
saves, largest table with typical-size and with over-inline-size saves), seeded games
are played one after the other through core.playout.random_action on a Session whose
storage is the device adapter (firmware/storage.py) over littlefs-python configured like
MicroPython on the Pico (tests/littlefs_storage.py), each ended with Session.end(), until
MIN_SAVES saves were written (enough for littlefs to relocate a worn metadata pair). Now
and then a step is undone, so undo saves are cut too, and so are the deletes of end().
Every prog and erase of the run is recorded.

A power cut is an instant in that recording: the flash holds the image before the run
plus every operation before the cut. Because littlefs's behaviour up to an operation
does not depend on anything after it, the image at a cut can be rebuilt from the
recording instead of rerunning the game once per cut: the test walks the operations once,
and at each one mounts two copies:
  - "before": the operation did not happen at all;
  - "torn":   it happened halfway (the first half of a prog's bytes, NOR-style AND; the
              first half of an erased block set to 0xFF) - flash left mid-operation.
On each copy: the mount must succeed (never formatting), the loader must not crash, must
not find a damaged file, and must return the log of the save in progress or of the one
before it - never anything else (during end(): the game's last log or no save). The
resumed session must then take the next step and
save it, and that save must load back.

test_progress_power_cut_at_every_flash_operation does the same for core/progress.py:
finished solo games of Man muss auch gönnen one after the other (the game's save
written, progress.record(), the save deleted; a campaign that is over is reset), cut
before and torn at every flash operation. After each cut the box resumes (a finished
game whose save is still there is recorded again with the same key): no damage, and
every finished game counted exactly once.

The fast tier (tests/conftest.py) records the same runs but cuts at every CUT_EVERY-th
operation only; ./dev test --all cuts at every one.
"""

import time

import pytest

from conftest import sized
from core import games, progress, savefile, saves
from core.playout import random_action
from core.rng import Rng
from core.session import Session
from tests.littlefs_storage import BLOCK_SIZE, INLINE_MAX, apply_op, mount, new_flash, storage
from tests.test_progress import campaign

NAMES = ["Spieler1", "Spieler2", "Spieler3", "Spieler4", "Spieler5", "Spieler6", "Spieler7", "Spieler8", "Spieler9", "Spieler10"]
MAX_STEPS = 400
UNDO_EVERY = 7  # every 7th step is followed by an undo (and the game goes on)

MIN_SAVES = 400  # enough erases for littlefs to relocate its metadata (block_cycles=100)
CUT_EVERY = sized(10, 1)  # the operations cut at: every one under --all
# Uniformly random games end early (folds), so their saves are small. A settings entry
# the game ignores pads the file: "typical" to the size of a real table's game (about
# 300-450 bytes, still inline), "outlined" over littlefs's 512-byte inline limit (then
# every save takes a data block of its own).
PAD = {"small": 0, "typical": 200, "outlined": 600}
# Games whose largest table already writes typical-size saves unpadded (Democrazy with
# 10 names, law names and symbols: about 350-470 bytes).
NO_TYPICAL_PAD = ("democrazy",)
# Games whose real saves leave the inline size within a few rounds (Man muss auch gönnen
# logs every roll, What the Rule?! every card and revealed hand, Das Regeln Wir Schon!
# every ballot and payment): for them the outlined case is the typical one.
NO_INLINE = ("mmag", "wtr", "drws")

CASES = []
for _g in games.GAMES:
    if _g[1]:
        CASES.append((_g[0], _g[3], "small"))
        if _g[0] not in NO_INLINE:
            CASES.append((_g[0], _g[4], "typical"))
        CASES.append((_g[0], _g[4], "outlined"))


def settings_for(gid, n, size="small"):
    game = games.load(gid)
    s = {"players": [x[:8] for x in NAMES[:n]]}
    for key, _label, values in game.OPTIONS:
        s[key] = values[-1]
    try:
        game.new(s, 1)
    except ValueError:  # the last options need more players (a human game master)
        for key, _label, values in game.OPTIONS:
            s[key] = values[0]
    pad = 0 if size == "typical" and gid in NO_TYPICAL_PAD else PAD[size]
    if pad:
        s["zz"] = "x" * pad  # unknown settings keys are ignored by the game
    return s


def record_run(gid, n, size="small", min_saves=MIN_SAVES):
    """Play seeded games one after the other on one traced littlefs (each ended with
    Session.end(), as the box does), until min_saves saves were written.

    Returns (image0, ops, logs, final image, games played, final save sizes)."""
    fs, ctx = new_flash()
    st = storage(fs)
    st.put("settings.json", b'{"lang":"de","contrast":255,"sleep":300,"sound":1}')
    st.put("names.json", b'["Spieler1","Spieler2","Spieler3","Spieler4"]')
    st.put("last", gid.encode())
    image0 = bytes(ctx.buffer)
    ctx.ops = []
    logs = []  # logs[k]: what the slot holds after event k (None: no save)
    sizes = []
    seed = 0

    def event(fn, *args):
        ctx.tag = len(logs)
        fn(*args)
        logs.append(list(session.log) if fn != session.end else None)

    while len(logs) < min_saves:
        seed += 1
        rng = Rng(seed)
        session = Session(gid, settings_for(gid, n, size), 0xDEADBEEF + seed, (), st)
        event(session.save)
        steps = 0
        while not session.over() and steps < MAX_STEPS:
            steps += 1
            try:  # a card entered a third time is refused (What the Rule?!): draw again
                event(session.apply, random_action(session.prompt(), rng))
            except ValueError:
                continue
            if steps % UNDO_EVERY == 0 and session.can_undo():
                event(session.undo, 1)
        sizes.append(len(savefile.pack(gid, session.settings, session.seed, session.log, session.seq)))
        event(session.end)
    ctx.ops, ops = None, ctx.ops
    return image0, ops, logs, bytes(ctx.buffer), seed, sizes


def check_cut(image, gid, allowed, rng):
    fs, _ = mount(image)  # raises if littlefs cannot mount: that is a failure
    st = storage(fs)
    rec, bad = saves.fetch(st, gid)
    assert bad is None, bad
    got = rec["l"] if rec is not None else None
    assert got in allowed, (got, allowed)
    if rec is None:
        return got
    # The box goes on from there: one more step, saved and loaded back.
    s = Session.from_record(rec, st)
    assert s.state == saves.replay(rec)
    while not s.over():
        try:
            s.apply(random_action(s.prompt(), rng))
            break
        except ValueError:
            pass
        rec2, bad2 = saves.fetch(st, gid)
        assert bad2 is None and rec2["l"] == s.log
    return got


@pytest.mark.parametrize("gid,n,size", CASES + [("kit", 2, "small"), ("kit", 4, "typical")])
def test_power_cut_at_every_flash_operation(gid, n, size, request):
    if gid == "kit":  # the kit test game: secrets, every prompt kind, progress
        request.getfixturevalue("kit")
    t0 = time.time()
    rng = Rng(99)
    image0, ops, logs, final, played, sizes = record_run(gid, n, size)
    outcome = {"previous": 0, "current": 0, "no save": 0}
    cuts = 0
    img = bytearray(image0)
    for i, op in enumerate(ops):
        k = op[3]
        allowed = [logs[k - 1] if k else None, logs[k]]
        for frac in (0.0, 0.5) if i % CUT_EVERY == 0 else ():
            cut = bytearray(img)
            if frac:
                apply_op(cut, op, frac)
            got = check_cut(cut, gid, allowed, rng)
            cuts += 1
            if got is None:
                outcome["no save"] += 1
            elif got == logs[k] and (k == 0 or got != logs[k - 1]):
                outcome["current"] += 1
            else:
                outcome["previous"] += 1
        apply_op(img, op)
    assert bytes(img) == final  # the recording rebuilds the real image exactly
    assert check_cut(img, gid, [logs[-1]], rng) == logs[-1]

    nsaves = sum(1 for x in logs if x is not None)
    per = {}
    for o in ops:
        if logs[o[3]] is not None:
            v = per.setdefault(o[3], [0, 0, 0])
            if o[0] == "p":
                v[0] += 1
                v[2] += len(o[2])
            else:
                v[1] += 1
    progs = sum(v[0] for v in per.values())
    erases = sum(v[1] for v in per.values())
    pbytes = sum(v[2] for v in per.values())
    blocks = len(set(o[1] // BLOCK_SIZE for o in ops if o[0] == "e"))
    print(
        "\n%s %dp %s: %d games, %d saves; per save %.2f progs (%.0f bytes), %.2f erases "
        "(worst save: %d progs, %d erases); %d blocks erased; %d cut points, outcomes %r; "
        "final saves %d..%d bytes; %.1fs"
        % (gid, n, size, played, nsaves, progs / nsaves, pbytes / nsaves, erases / nsaves,
           max(v[0] for v in per.values()), max(v[1] for v in per.values()), blocks, cuts,
           outcome, min(sizes), max(sizes), time.time() - t0)
    )
    assert cuts == 2 * len(ops[::CUT_EVERY])
    assert blocks >= 3  # littlefs moved a worn metadata pair at least once during the run
    if size == "outlined":
        assert min(sizes) > INLINE_MAX
    elif gid not in NO_INLINE:  # those cross the inline limit as they come
        assert max(sizes) <= INLINE_MAX


# ------------------------------------------------------------------ progress kept across games

PG = "mmag"  # the solo campaign of Man muss auch gönnen
PG_SAVE = "mmag.sav"  # stands in for the finished game's save: holds its result key
PG_GAMES = 150  # ~450 flash events: littlefs relocates a worn metadata pair on the way


def pg_points(i):
    return 60 + (i * 37) % 45  # 60..104: levels won and lost, campaigns of a few games


def record_progress_run(games=PG_GAMES):
    """Finished solo games one after the other on one traced littlefs, as the box ends
    one: the last step's save is written, progress.record() applies the result, the
    save is deleted; a campaign that is over is reset (keeping "best" and "games").

    Returns (image0, ops, events, final image); events[k] = (kind, key, progress record
    after event k, save content after event k)."""
    fs, ctx = new_flash()
    st = storage(fs)
    st.put("settings.json", b'{"lang":"de","contrast":255,"sleep":300,"sound":1}')
    image0 = bytes(ctx.buffer)
    ctx.ops = []
    events = []
    rec = None
    for i in range(games):
        key = "seed%d:%d" % (1000 + i, 20 + i % 7)
        ctx.tag = len(events)
        st.put(PG_SAVE, key.encode())
        events.append(("save", key, rec, key.encode()))
        ctx.tag = len(events)
        rec, bad = progress.record(st, PG, key, campaign(pg_points(i)))
        assert bad is None
        events.append(("record", key, rec, key.encode()))
        ctx.tag = len(events)
        st.delete(PG_SAVE)
        events.append(("delete", key, rec, None))
        if rec["over"]:
            ctx.tag = len(events)
            rec, bad = progress.reset(st, PG, keep=("best", "games"))
            events.append(("reset", None, rec, None))
    ctx.ops, ops = None, ctx.ops
    return image0, ops, events, bytes(ctx.buffer)


def check_progress_cut(image, events, k):
    """After a cut at event k: mount, load (no damage, the record before or after event
    k), resume as the box does (a finished game's save still there is recorded again
    with its key, then deleted) and count: the games counted are those whose record()
    had committed, plus at most the one in flight - never fewer, never one twice."""
    fs, _ = mount(image)  # raises if littlefs cannot mount: that is a failure
    st = storage(fs)
    before = events[k - 1] if k else ("start", None, None, None)
    rec, bad = progress.load(st, PG)
    assert bad is None, bad
    assert rec in (before[2], events[k][2]), (k, rec, before[2], events[k][2])
    saved = st.get(PG_SAVE)
    assert saved in (before[3], events[k][3]), (k, saved)
    committed = sum(1 for e in events[:k] if e[0] == "record")
    if saved is not None:
        key = saved.decode()
        i = [e[1] for e in events if e[0] == "record"].index(key)
        rec, bad = progress.record(st, PG, key, campaign(pg_points(i)))
        assert bad is None
        st.delete(PG_SAVE)
        assert rec == [e[2] for e in events if e[0] == "record" and e[1] == key][0]
    games = rec["games"] if rec is not None else 0
    assert games in (committed, committed + 1), (k, games, committed)
    if events[k][0] != "record" and saved is None:
        assert games == committed  # nothing in flight: exactly what was committed
    # The box goes on: the next game's result is recorded and loads back.
    rec2, bad2 = progress.record(st, PG, "next", campaign(80))
    assert bad2 is None and progress.load(st, PG) == (rec2, None)
    assert rec2["games"] == games + 1
    return games - committed


def test_progress_power_cut_at_every_flash_operation():
    t0 = time.time()
    image0, ops, events, final = record_progress_run()
    img = bytearray(image0)
    in_flight = 0
    cuts = 0
    for i, op in enumerate(ops):
        for frac in (0.0, 0.5) if i % CUT_EVERY == 0 else ():
            cut = bytearray(img)
            if frac:
                apply_op(cut, op, frac)
            in_flight += check_progress_cut(cut, events, op[3])
            cuts += 1
        apply_op(img, op)
    assert bytes(img) == final  # the recording rebuilds the real image exactly
    fs, _ = mount(final)
    assert progress.load(storage(fs), PG) == (events[-1][2], None)
    blocks = len(set(o[1] // BLOCK_SIZE for o in ops if o[0] == "e"))
    resets = sum(1 for e in events if e[0] == "reset")
    print(
        "\nprogress: %d games, %d resets, %d flash ops, %d cut points (%d with the game in "
        "flight counted on resume); %d blocks erased; %.1fs"
        % (PG_GAMES, resets, len(ops), cuts, in_flight, blocks, time.time() - t0)
    )
    assert cuts == 2 * len(ops[::CUT_EVERY]) and resets >= 10
    assert in_flight > 0  # some cuts did leave a finished game to be counted on resume
    assert blocks >= 3  # littlefs moved a worn metadata pair at least once during the run
