"""The simulator's command line (python -m host_sim --script ...), its file storage and the
pure pieces of the interactive terminal (key decoding, key timing, half-block rendering).
The raw-tty loop itself is not tested here."""

import os
import struct
import subprocess
import sys
import zlib

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from core import buttons as B  # noqa: E402
from host_sim import terminal as T  # noqa: E402
from host_sim.storage import FileStorage  # noqa: E402

VOTE = """\
# home menu -> Secret vote with 3 players, first two voters
DOWN
DOWN
DOWN
DOWN
DOWN
expect "> Secret vote"
OK
expect "Players"
UP
expect "3"
OK
OK
expect "Pass the box to"
expect "P1"
expect "wait a moment"
wait 1000
expect "then press OK"
OK
expect "vote now"
YES
expect "Vote recorded."
OK
expect "P2"
wait 1000
OK
NO
expect "Vote recorded."
"""

FINAL = [
    "Secret vote",
    "Vote recorded.",
    "NO",  # to the voter alone (core.secret: Secret.said)
    "Nobody sees it until",
    "everyone has voted.",
    "BACK: change it",
    "OK: pass it on",
]


def sim(*args, stdin=None, script=None, tmp_path=None):
    cmd = [sys.executable, "-m", "host_sim"]
    if script is not None:
        path = tmp_path / "steps.txt"
        path.write_text(script, encoding="utf-8")
        cmd += ["--script", str(path)]
    cmd += list(args)
    return subprocess.run(cmd, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60)


# --- headless script mode --------------------------------------------------------------
def test_script_secret_vote_prints_final_screen(tmp_path):
    r = sim(script=VOTE, tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == FINAL
    assert r.stderr == ""


def test_script_from_stdin():
    r = sim("--script", "-", stdin="DOWN\nexpect \"> Democrazy\"\n")
    assert r.returncode == 0, r.stderr
    assert "> Democrazy" in r.stdout.splitlines()


def test_echo_prints_each_step_then_its_screen(tmp_path):
    r = sim("--echo", script="DOWN\n\n# comment\nOK\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "> DOWN"
    assert "  > Democrazy" in out
    i = out.index("> OK")
    assert out[i + 1 :] and all(s.startswith("  ") for s in out[i + 1 :])
    assert not any("comment" in s for s in out)


def test_failed_expect_exits_1_naming_the_line(tmp_path):
    r = sim(script="DOWN\n# note\nexpect \"Nowhere\"\nOK\n", tmp_path=tmp_path)
    assert r.returncode == 1
    assert "line 3" in r.stderr
    assert 'expect "Nowhere"' in r.stderr
    assert "Democrazy" in r.stderr  # what the screen showed instead


@pytest.mark.parametrize(
    "bad,what",
    [
        ("jump", "unknown step"),
        ("hold KICK", "unknown button"),
        ("wait soon", "whole number"),
        ("wait -5", "whole number"),
        ("wait 600000000", "whole number"),  # beyond a day: would wrap the tick clock
        ("hold OK abc", "whole number"),
        ("OK OK", "takes no argument"),
        ('expect ""', "needs a text"),
        ("expect Players", "needs a text"),
        ("screen now", "unknown step"),
    ],
)
def test_bad_step_exits_1(tmp_path, bad, what):
    r = sim(script="DOWN\n" + bad + "\n", tmp_path=tmp_path)
    assert r.returncode == 1
    assert "line 2" in r.stderr and what in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "args,what",
    [([], "four arguments"), (["chess", "2", "1", "x"], "unknown or unbuilt"),
     (["g23", "9", "1", "x"], "2 to 4 players"), (["g23", "two", "1", "x"], "whole numbers")],
)
def test_autoplay_explains_bad_arguments(tmp_path, args, what):
    r = subprocess.run([sys.executable, "-m", "host_sim.autoplay"] + args, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "usage: python -m host_sim.autoplay" in r.stderr and what in r.stderr
    assert "Traceback" not in r.stderr


def test_autoplay_writes_a_script_that_plays(tmp_path):
    out = tmp_path / "g.txt"
    r = subprocess.run([sys.executable, "-m", "host_sim.autoplay", "g23", "2", "5", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    r = sim(script=out.read_text(), tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr


def test_missing_script_file_exits_1(tmp_path):
    r = sim("--script", str(tmp_path / "nope.txt"))
    assert r.returncode == 1 and "cannot read script" in r.stderr


def test_crash_exits_1_with_traceback(capsys, monkeypatch, tmp_path):
    from core import ui
    from host_sim.__main__ import main

    def boom(self, kind, button):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(ui.Menu, "on_event", boom)
    path = tmp_path / "s.txt"
    path.write_text("OK\nOK\n")
    assert main(["--script", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" in err and "kaboom" in err
    assert "line 1 (OK): crash: RuntimeError: kaboom" in err


def test_png_after_each_step(tmp_path):
    out = tmp_path / "shots"
    r = sim("--png", str(out), script="DOWN\n# c\nUP\nOK\nexpect \"Players\"\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    names = sorted(os.listdir(out))
    assert names == ["step-0000.png", "step-0001.png", "step-0002.png", "step-0003.png", "step-0004.png"]
    data = (out / "step-0003.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    w, h, depth, color = struct.unpack(">IIBB", data[16:26])
    assert (w, h, depth, color) == (512, 256, 8, 2)
    crc = struct.unpack(">I", data[29:33])[0]
    assert crc == zlib.crc32(data[12:29]) & 0xFFFFFFFF
    assert (out / "step-0000.png").read_bytes() != (out / "step-0001.png").read_bytes()
    assert (out / "step-0000.png").read_bytes() == (out / "step-0002.png").read_bytes()


def test_start_near_tick_wrap_gives_the_same_screens(tmp_path):
    steps = VOTE + "hold BACK\nexpect \"Leave\"\nBACK\nwait 2000\nscreen\n"
    a = sim("--echo", "--start-ms", "0", script=steps, tmp_path=tmp_path)
    b = sim("--echo", "--start-ms", "1073741000", script=steps, tmp_path=tmp_path)
    assert a.returncode == 0, a.stderr
    assert b.returncode == 0, b.stderr
    assert a.stdout == b.stdout
    assert len(a.stdout.splitlines()) > 50


def test_seed_is_accepted_and_deterministic(tmp_path):
    a = sim("--seed", "7", script=VOTE, tmp_path=tmp_path)
    b = sim("--seed", "7", script=VOTE, tmp_path=tmp_path)
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout


def test_data_dir_persists_between_runs_and_lang(tmp_path):
    data = tmp_path / "box"
    r = sim("--data", str(data), "--lang", "de", script="screen\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Geheime Wahl" in r.stdout
    assert (data / "settings.json").exists()
    # a second start without --lang: the setting came back from the folder
    r = sim("--data", str(data), script="expect \"Einstellungen\"\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr
    # without --data nothing persists
    r = sim(script="expect \"Settings\"\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr


def test_echo_without_script_is_a_usage_error():
    r = sim("--echo")
    assert r.returncode == 2


# --- file storage ------------------------------------------------------------------------
def test_file_storage(tmp_path):
    s = FileStorage(str(tmp_path / "d"))
    assert s.get("a") is None and s.list() == []
    s.put("a", b"one")
    s.put("b.sav", bytearray(b"two"))
    s.put("a", b"three")
    assert s.get("a") == b"three" and s.get("b.sav") == b"two"
    assert s.list() == ["a", "b.sav"]
    assert not [n for n in os.listdir(s.root) if n.endswith(".tmp")]
    s.delete("a")
    s.delete("a")  # deleting a missing name is fine
    assert s.list() == ["b.sav"]
    with pytest.raises(ValueError):
        s.put("../x", b"")


def test_file_storage_leftover_temp_is_invisible(tmp_path):
    s = FileStorage(str(tmp_path))
    s.put("game.sav", b"good")
    (tmp_path / ".game.sav.tmp").write_bytes(b"half a wri")  # a put cut off by power loss
    assert s.list() == ["game.sav"] and s.get("game.sav") == b"good"


# --- terminal: rendering ---------------------------------------------------------------
def _buf_with(pixels):
    buf = bytearray(1024)
    for x, y in pixels:
        buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return buf


def test_render_half_blocks():
    # column 0: upper pixel of row 0; column 1: lower; column 2: both; column 3: none
    # column 5: pixels at y=62, 63 (last row, last page); column 127: y=7 and 8 span pages
    buf = _buf_with([(0, 0), (1, 1), (2, 0), (2, 1), (5, 62), (5, 63), (127, 7), (127, 8)])
    rows = T.render_oled(buf)
    assert len(rows) == 32 and all(len(r) == 128 for r in rows)
    assert rows[0][:4] == "▀▄█ "
    assert rows[31][5] == "█"
    assert rows[3][127] == "▄" and rows[4][127] == "▀"  # y=7 is lower of row 3, y=8 upper of row 4
    lit = sum(r.count("▀") + r.count("▄") + 2 * r.count("█") for r in rows)
    assert lit == 8


def test_render_full_and_off():
    assert T.render_oled(bytes([255] * 1024)) == ["█" * 128] * 32
    assert T.render_oled(bytes([255] * 1024), on=False) == [" " * 128] * 32


def test_render_real_frame_matches_pixels():
    from core.app import App
    from host_sim.fakes import Display

    d = Display()
    App(d).step(0, 0)
    rows = T.render_oled(d.buf)
    for y in range(64):
        for x in range(128):
            ch = rows[y // 2][x]
            bit = T.HALF.index(ch) >> (y & 1) & 1
            assert bit == d.pixel(x, y)


def test_draw_layout():
    lines = T.draw(bytes(1024), True, 128, (255, 0, 8), held=B.OK | B.YES, long_next=True, color=False)
    assert lines[0] == "┌" + "─" * 128 + "┐"
    assert lines[33] == "└" + "─" * 128 + "┘"
    assert all(s.startswith("│") and s.endswith("│") and len(s) == 130 for s in lines[1:33])
    assert "● YES 255" in lines[34] and "○ NO   0" in lines[34] and "● status   8" in lines[34]
    assert "held: OK YES" in lines[35] and "LONG" in lines[35]
    assert any("Enter OK" in s for s in lines) and any("quit" in s for s in lines)
    colored = T.draw(bytes(1024), False, 128, (255, 0, 0))
    assert "\x1b[38;2;0;255;0m●" in colored[34]
    assert "off" in colored[34]


# --- terminal: keys ----------------------------------------------------------------------
def test_decode_keys():
    toks, rest = T.decode(b"\x1b[A\x1b[B\x1b[C\x1b[D\r\n\x7f\x08yn q")
    assert rest == b""
    assert [t for t, _ in toks] == ["UP", "DOWN", "RIGHT", "LEFT", "OK", "OK", "BACK", "BACK", "YES", "NO", "QUIT"]
    assert not any(long_ for _, long_ in toks)


def test_decode_long_presses():
    toks, _ = T.decode(b"YNOB\x1b[1;2A\x1b[1;5B")
    assert toks == [("YES", True), ("NO", True), ("OK", True), ("BACK", True), ("UP", True), ("DOWN", False)]
    assert T.decode(b"l\r")[0] == [(T.LONG, False), ("OK", False)]


def test_decode_application_cursor_mode_and_ignored_sequences():
    toks, rest = T.decode(b"\x1bOA\x1b[5~\x1b[15~\x1bOB")
    assert toks == [("UP", False), ("DOWN", False)] and rest == b""


def test_decode_lone_escape_vs_arrow():
    # a lone ESC at the end may be the start of an arrow: keep it until more bytes come
    toks, rest = T.decode(b"y\x1b")
    assert toks == [("YES", False)] and rest == b"\x1b"
    toks, rest = T.decode(rest + b"[A")
    assert toks == [("UP", False)] and rest == b""
    # a split CSI waits as well
    toks, rest = T.decode(b"\x1b[1;")
    assert toks == [] and rest == b"\x1b[1;"
    # no more bytes came: it was the Esc key
    assert T.decode(b"\x1b", final=True) == ([("BACK", False)], b"")
    assert T.decode(b"\x1b\x1b[B")[0] == [("BACK", False), ("DOWN", False)]
    assert T.decode(b"\x1by")[0] == [("BACK", False), ("YES", False)]


def test_keys_short_press_timing():
    k = T.Keys()
    assert not k.feed([("OK", False)], 1000)
    assert k.mask(1000) == B.OK
    assert k.mask(1000 + T.PRESS_MS - 1) == B.OK
    assert k.mask(1000 + T.PRESS_MS) == 0


def test_keys_long_press_and_prefix():
    k = T.Keys()
    k.feed([(T.LONG, False)], 0)
    assert k.long_next
    k.feed([("OK", False)], 10)
    assert not k.long_next
    assert k.mask(10 + B.LONG_MS) == B.OK  # held past the core's long-press threshold
    assert k.mask(10 + T.LONG_PRESS_MS) == 0
    k.feed([("YES", True)], 5000)
    assert k.mask(5000 + 900) == B.YES
    k.feed([(T.LONG, False), (T.LONG, False), ("NO", False)], 9000)  # l twice cancels
    assert k.mask(9000 + T.PRESS_MS) == 0


def test_keys_autorepeat_keeps_holding_and_double_tap_gets_a_gap():
    k = T.Keys()
    for t in range(0, 600, 30):  # keyboard auto-repeat every 30 ms
        k.feed([("DOWN", False)], t)
    assert all(k.mask(t) == B.DOWN for t in range(0, 650, 10))
    k = T.Keys()
    k.feed([("OK", False)], 0)
    assert k.mask(T.PRESS_MS - 1) == B.OK and k.mask(T.PRESS_MS) == 0
    k.feed([("OK", False)], T.PRESS_MS + 5)  # second tap just after the release
    assert [k.mask(t) for t in range(T.PRESS_MS, T.PRESS_MS + T.GAP_MS)] == [0] * T.GAP_MS
    assert T.GAP_MS > B.DEBOUNCE_MS
    assert k.mask(T.PRESS_MS + T.GAP_MS) == B.OK
    assert k.mask(T.PRESS_MS + T.GAP_MS + T.PRESS_MS) == 0


def test_keys_quit():
    assert T.Keys().feed([("UP", False), (T.QUIT, False)], 0)


def test_key_presses_drive_the_app():
    """Decoded keys through Keys into App.step on a fake clock: the terminal loop minus the tty."""
    from core.app import App
    from host_sim.fakes import Display, MemStorage

    app = App(Display(), None, MemStorage(), 1)
    k = T.Keys()
    feed = [(0, b"\x1b[B"), (200, b"\x1b[B"), (400, b"\x1b"), (460, b"")]
    pending = b""
    for now in range(0, 1000, T.STEP_MS):
        for t, data in feed:
            if t == now:
                pending += data
        toks, pending = T.decode(pending, final=now >= 460)
        k.feed(toks, now)
        app.step(now, k.mask(now))
    assert "> What the Rule?!" in app.frame.lines
    assert app.last_error is None


def test_quick_double_tap_moves_twice():
    from core.app import App
    from host_sim.fakes import Display, MemStorage

    app = App(Display(), None, MemStorage(), 1)
    k = T.Keys()
    for now in range(0, 600, T.STEP_MS):
        if now in (0, T.PRESS_MS + 10):  # the second tap comes 10 ms after the first's release
            k.feed(T.decode(b"\x1b[B")[0], now)
        app.step(now, k.mask(now))
    assert "> What the Rule?!" in app.frame.lines


SCRIPTS = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "scripts")) if f.endswith(".txt"))


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_script_plays_through_on_cpython(name):
    """Every script under tests/scripts meets each of its expectations in the simulator:
    the fast tier's check of what the slow tiers replay on MicroPython and the emulated
    Pico (a hand-made script left behind by a change fails here first)."""
    from core.app import App
    from host_sim import fakes, script

    with open(os.path.join(ROOT, "tests", "scripts", name), encoding="utf-8") as f:
        lines = f.read().splitlines()
    app = App(fakes.Display(), fakes.Leds(), fakes.MemStorage(), 1)
    assert script.run(app, lines) is None
