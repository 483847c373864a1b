"""firmware/main.py booting on a fake `machine` (sys.modules) with a fake clock: a scripted
session with the real core.app.App, the watchdog, idle polling, safe mode and I2C
error recovery."""

import os
import sys

import pytest

from fakes_machine import Clock, Panel, make_machine
from firmware import config
from firmware import main as fw

OLD_VOTE = bytes([0x3C]) * 1024
PIN = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "OK": 14, "BACK": 15, "YES": 16, "NO": 17}


def polls(ms):
    """Loop passes that span `ms` of the device's time while awake."""
    return ms // config.POLL_MS


@pytest.fixture
def dev(monkeypatch, tmp_path):
    """A Pico with the default wiring on fake hardware; the panel holds an old vote."""
    panel = Panel(ram=OLD_VOTE, on=True, charge_pump=True)
    m = make_machine(panel)
    monkeypatch.setitem(sys.modules, "machine", m)
    clock = Clock(start=(1 << 30) - 3000)  # cross the ticks wrap during the session

    def hardware():
        hw = fw.Hardware(fw.load_board("pico"), data_dir=str(tmp_path))
        hw.ticks_ms, hw.sleep_ms = clock.ticks_ms, clock.sleep_ms
        return hw

    class Dev:
        pass

    d = Dev()
    d.m, d.panel, d.clock, d.hardware = m, panel, clock, hardware

    def press(name, at, ms=80):
        pin = PIN[name]
        clock.at(at, lambda: m.levels.__setitem__(pin, 0))  # active low
        clock.at(at + ms, lambda: m.levels.__setitem__(pin, 1))

    d.press = press
    return d


def test_boot_and_scripted_session(dev):
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(150))
    assert app is not None
    # The old vote in panel RAM was never shown: the panel went dark first, and the
    # first thing it lit up was the home menu (no blank frame in between).
    assert dev.panel.commands[0] == (0xAE,)
    assert OLD_VOTE not in dev.panel.lit_snapshots
    assert dev.panel.lit_snapshots[0] == bytes(app.frame.buf)
    assert app.frame.lines[1] == "> 23"
    assert dev.panel.visible() == bytes(app.frame.buf)

    t = dev.clock.now
    dev.press("DOWN", t + 50)
    dev.press("OK", t + 300)
    fw.run(app, hw, steps=polls(500))
    assert app.frame.lines[0] == "Players"  # DOWN then OK opened the second game, Democrazy
    assert dev.panel.visible() == bytes(app.frame.buf)

    t = dev.clock.now
    dev.press("BACK", t + 50)
    fw.run(app, hw, steps=polls(300))
    assert app.frame.lines[:3] == ["Tablebox", "23", "> Democrazy"]
    assert dev.panel.visible() == bytes(app.frame.buf)
    # A cursor move is a page or two, not a full frame.
    n = len(dev.m.bus.log)
    dev.press("UP", dev.clock.now + 30)
    fw.run(app, hw, steps=polls(200))
    assert app.frame.lines[1] == "> 23"
    assert 0 < dev.m.bus.payload_bytes(n) <= 3 * 136
    assert dev.panel.visible() == bytes(app.frame.buf)


def test_loop_polls_every_few_ms(dev):
    hw = dev.hardware()
    fw.main(hw=hw, steps=10)
    assert dev.clock.slept == [config.POLL_MS] * 10
    assert 1 <= config.POLL_MS <= 10


def test_i2c_error_mid_session_recovers_with_full_frame(dev):
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(100))
    dev.m.bus.fail = 1  # the next write (the frame after DOWN) fails once
    dev.press("DOWN", dev.clock.now + 20)
    fw.run(app, hw, steps=polls(150))
    assert hw.display.errors == 1
    assert not hw.display.failed
    assert app.frame.lines[2] == "> Democrazy"  # the game went on
    assert dev.panel.visible() == bytes(app.frame.buf)


def test_i2c_error_recovery_happens_on_the_next_iteration(dev):
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(25))
    hw.display.show(app.frame.buf, 0xFF)
    dev.m.bus.fail = 1
    app.frame.buf[0] ^= 0xFF  # something new to show
    hw.display.show(app.frame.buf, 1)
    assert hw.display.failed
    assert dev.panel.visible() != bytes(app.frame.buf)
    fw.run(app, hw, steps=polls(5))
    assert not hw.display.failed
    assert dev.panel.visible() == bytes(app.frame.buf)


def test_panel_unplugged_then_back(dev):
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(25))
    del dev.m.bus.devices[0x3C]
    dev.press("DOWN", dev.clock.now + 20)
    fw.run(app, hw, steps=polls(500))  # 500+ ms without a panel: no exception, buttons work
    assert hw.display.failed
    assert app.frame.lines[2] == "> Democrazy"
    fresh = Panel(ram=OLD_VOTE)
    dev.m.bus.devices[0x3C] = fresh
    fw.run(app, hw, steps=polls(750))
    assert not hw.display.failed
    assert fresh.visible() == bytes(app.frame.buf)
    assert OLD_VOTE not in fresh.lit_snapshots


def test_watchdog_only_when_enabled_and_fed_each_iteration(dev, monkeypatch):
    hw = dev.hardware()
    fw.main(hw=hw, steps=polls(50))
    assert dev.m.wdts == []  # development build: no watchdog
    monkeypatch.setattr(config, "WATCHDOG", True)
    hw = dev.hardware()
    fw.main(hw=hw, steps=25)
    (wdt,) = dev.m.wdts
    assert wdt.timeout >= 2000
    assert wdt.feeds == 25


def test_sleeping_app_polls_slower_and_uses_lightsleep(dev, monkeypatch):
    monkeypatch.setattr(config, "LIGHTSLEEP", True)
    hw = dev.hardware()
    assert hw.lightsleep is dev.m.lightsleep
    hw.lightsleep = lambda ms: (dev.m.lightsleep(ms), dev.clock.sleep_ms(ms))  # time passes
    app = fw.main(hw=hw, steps=polls(25))
    assert dev.m.lightsleeps == []
    idle_s = app.settings["sleep"]
    steps = idle_s * 1000 // config.POLL_MS + 10
    fw.run(app, hw, steps=steps)
    assert app.asleep
    assert not dev.panel.lit
    assert dev.m.lightsleeps and set(dev.m.lightsleeps) == {config.IDLE_POLL_MS}
    n = len(dev.m.lightsleeps)
    fw.run(app, hw, steps=20)
    assert len(dev.m.lightsleeps) == n + 20  # still asleep: 20 slow polls
    dev.press("OK", dev.clock.now + 10, ms=200)
    fw.run(app, hw, steps=polls(100))
    assert not app.asleep
    assert dev.panel.visible() == bytes(app.frame.buf)


def test_safe_mode_skips_the_loop_and_says_so_on_the_panel(dev):
    dev.m.levels[PIN["OK"]] = 0
    dev.m.levels[PIN["BACK"]] = 0
    hw = dev.hardware()
    assert fw.main(hw=hw, steps=polls(50)) is None
    assert dev.clock.slept == []
    f = fw.safe_mode_frame()
    assert f.lines == ["Safe mode", "OK+BACK held at boot", "Reset to start"] and f.cut == []
    assert dev.panel.visible() == bytes(f.buf)


def test_safe_mode_starts_even_when_the_panel_cannot_say_so(dev, monkeypatch, capsys):
    """Safe mode is how a broken install is reached: a core that does not import must not
    turn it into a traceback (the REPL is free either way, the panel stays dark)."""
    monkeypatch.setitem(sys.modules, "core.frame", None)  # import core.frame: ImportError
    dev.m.levels[PIN["OK"]] = 0
    dev.m.levels[PIN["BACK"]] = 0
    assert fw.main(hw=dev.hardware(), steps=polls(50)) is None
    assert dev.clock.slept == [] and dev.panel.visible() is None  # dark, not the old vote
    out = capsys.readouterr().out
    assert "safe mode (OK+BACK held)" in out and "not shown on the panel" in out and "core.frame" in out


def _files(folder):
    """Every file in `folder` with what a write changes: inode (put renames a new file
    over the old), size and modification time."""
    out = {}
    for name in os.listdir(folder):
        st = os.stat(os.path.join(folder, name))
        out[name] = (st.st_ino, st.st_size, st.st_mtime_ns)
    return out


def test_resuming_the_last_game_at_boot_writes_no_flash(dev):
    """Issue 33: every boot rewrote /data/last with the same name (3 flash writes)."""
    from core import savefile

    hw = dev.hardware()
    savefile.store(hw.storage, "g23", {"players": ["A", "B"]}, 1, [], 1)
    hw.storage.put("last", b"g23")
    writes = []
    put = hw.storage.put
    hw.storage.put = lambda name, data: (writes.append(name), put(name, data))
    before = _files(hw.storage.root)
    app = fw.main(hw=hw, steps=polls(20))
    assert app.top().title == "23" and writes == []  # "Resume this game?", nothing written
    assert _files(hw.storage.root) == before  # nor removed or replaced another way
    from core.start import remember

    remember(app, "mmag")  # another game: written
    assert writes == ["last"] and hw.storage.get("last") == b"mmag"


def test_ctrl_c_turns_leds_off_and_reraises(dev, monkeypatch):
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(10))

    def boom(now, mask):
        raise KeyboardInterrupt

    monkeypatch.setattr(app, "step", boom)
    monkeypatch.setattr(fw, "boot", lambda hw: app)
    hw.leds.set(255, 255, 255)
    with pytest.raises(KeyboardInterrupt):
        fw.main(hw=hw, steps=polls(15))
    assert [p.duty_u16() for p in dev.m.pwms] == [0, 0, 0]


def test_load_board_guesses_pico_w(monkeypatch):
    monkeypatch.setattr(config, "BOARD", None)
    monkeypatch.setattr(sys.implementation, "_machine", "Raspberry Pi Pico W with RP2040", raising=False)
    assert fw.load_board().NAME == "pico_w"
    monkeypatch.setattr(sys.implementation, "_machine", "Raspberry Pi Pico with RP2040", raising=False)
    assert fw.load_board().NAME == "pico"
    monkeypatch.setattr(config, "BOARD", "rpi_blinka")
    assert fw.load_board().NAME == "rpi_blinka"


def test_hardware_uses_board_bus_settings(dev):
    hw = dev.hardware()
    (i2c,) = dev.m.i2cs
    assert i2c.id == 0 and i2c.freq == 400_000
    assert i2c.sda.id == 4 and i2c.scl.id == 5
    assert hw.display.addr == 0x3C


def test_firmware_shows_the_same_screens_as_the_simulator(dev):
    """The Secret vote script, pressed on the Pico's pins, puts on the panel exactly the
    frames the simulator shows after every step."""
    import os

    from core.app import App
    from host_sim import fakes, script

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts", "secret_vote.txt")
    with open(path) as f:
        steps = [s.strip() for s in f if s.strip() and s.strip()[0] != "#" and not s.startswith("expect")]
    sim = fakes.Display()
    runner = script.Runner(App(sim, fakes.Leds(), fakes.MemStorage(), 1))
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(50))
    seen = []
    for s in steps:
        assert runner.do(s) is None
        if s.startswith("wait "):  # a hand-over takes OK after a moment
            fw.run(app, hw, steps=polls(int(s[5:])))
            continue
        dev.press(s, dev.clock.now + 10, 60)
        fw.run(app, hw, steps=polls(200))
        assert dev.panel.visible() == bytes(sim.buf), s
        seen.append(list(app.frame.lines))
    assert ["Result", "YES 2", "NO 1", "Majority YES"] in seen  # the reveal was on the panel
    assert app.frame.lines == runner.lines()


def test_what_the_rules_fits_lights_the_yes_lamp_at_full_level_on_the_pico(dev, monkeypatch):
    """The first card judged in tests/scripts/wtr_4players.txt fits: on the Pico's pins the
    YES LED's PWM is at full duty and the NO LED off, as the simulator's LEDs say."""
    import os

    from core.app import App
    from host_sim import fakes, script

    monkeypatch.setattr(config, "SEED", 1)  # the simulator's seed: the same secret rule
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts", "wtr_4players.txt")
    with open(path) as f:
        steps = [s.strip() for s in f if s.strip() and s.strip()[0] != "#" and not s.startswith("expect")]
    leds = fakes.Leds()
    runner = script.Runner(App(fakes.Display(), leds, fakes.MemStorage(), 1))
    hw = dev.hardware()
    app = fw.main(hw=hw, steps=polls(50))
    pwm = {p.pin.id: p for p in dev.m.pwms}
    for s in steps:
        assert runner.do(s) is None
        if s.startswith("wait "):  # a hand-over takes OK after a moment
            fw.run(app, hw, steps=polls(int(s[5:])))
            continue
        dev.press(s, dev.clock.now + 10, 60)
        fw.run(app, hw, steps=polls(200))
        if "FITS" in app.frame.lines:
            break
    assert "FITS" in runner.lines() and leds.state[:2] == (255, 0)
    assert pwm[18].duty_u16() == 65535 and pwm[19].duty_u16() == 0  # boards/pico.py LED_YES, LED_NO


def test_a_fixed_seed_in_config_replaces_entropy_for_measurements(dev, monkeypatch):
    from core.rng import Rng

    monkeypatch.setattr(config, "SEED", 7)
    app = fw.boot(dev.hardware())
    assert app.new_seed() == Rng(7).next32()  # the host simulator's App(seed=7) deals the same


def test_ssd1309_board_pulses_the_panel_reset_before_the_first_i2c_write(dev, monkeypatch, tmp_path):
    log = []
    pin_value = dev.m.Pin.value

    def value(pin, v=None):
        if v is not None and pin.id == 20:
            log.append((v, len(dev.panel.commands)))
        return pin_value(pin, v)

    monkeypatch.setattr(dev.m.Pin, "value", value)
    hw = fw.Hardware(fw.load_board("pico_ssd1309"), data_dir=str(tmp_path))
    assert log == [(0, 0), (1, 0)]  # low, then high, before any command reached the panel
    assert dev.m.pins[20].mode == dev.m.Pin.OUT and dev.m.pins[20].value() == 1
    assert not hw.display.failed and (0xDB, 0x34) in dev.panel.commands


def test_entropy_is_read_when_the_first_game_starts_not_at_boot(dev, monkeypatch):
    from firmware import entropy

    calls = []
    monkeypatch.setattr(config, "SEED", None)
    monkeypatch.setattr(entropy, "seed32", lambda: calls.append(1) or 12345)
    app = fw.boot(dev.hardware())
    assert calls == []  # the home menu is up without it
    first = app.new_seed()
    assert calls == [1] and app.new_seed() != first  # read once, then the core's PRNG
    assert "firmware.entropy" not in sys.modules  # released once read


def test_pause_sleeps_to_the_next_grid_line_whatever_the_step_took(dev):
    hw = dev.hardware()
    now = [1_000_300]  # us
    slept = []

    def sleep_us(us):
        slept.append(us)
        now[0] += us

    hw.ticks_us, hw.sleep_us = lambda: now[0], sleep_us
    for step_us in (300, 1700, 20, 1999):  # steps of any length end on the same 2 ms grid
        now[0] += step_us
        fw.pause(hw, 2)
        assert now[0] % 2000 == 0
    assert slept == [1400, 300, 1980, 1]
    hw.ticks_us = None  # CPython: a plain sleep
    before = dev.clock.now
    fw.pause(hw, 2)
    assert dev.clock.now == before + 2


def test_garbage_is_collected_first_and_after_each_step_that_pushed_a_frame_or_took_input(dev, monkeypatch):
    """run() collects before its first step (the boot's garbage) and in the pass after a
    step that pushed a frame or took a press or a release: OK acts on its release, and what
    that loads for good (a game's first OK imports core.savefile) must land on a swept heap,
    not above the press's garbage."""
    hw = dev.hardware()
    app = fw.boot(hw)
    seen = []

    class GC:
        def collect(self):
            seen.append((app.frames, app.inputs))

    monkeypatch.setattr(fw, "gc", GC())
    fw.run(app, hw, steps=polls(100))
    assert seen == [(0, 0), (1, 0)]  # before the first step, after the boot frame
    del seen[:]
    dev.press("OK", dev.clock.now + 20, ms=100)
    fw.run(app, hw, steps=polls(300))
    assert app.frame.lines[0] == "Players"
    # run()'s first pass again; then the press, which drew no new frame (OK acts on its
    # release), collected before the release; then the release's frame
    assert seen == [(1, 0), (1, 1), (2, 2)], seen
