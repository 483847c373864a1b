"""firmware/ssd1306.py against the SSD1306 panel model in tests/fakes_machine.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fakes_machine import Panel, make_machine, sample_frame
from test_frame import Blit
from firmware import ssd1306
from firmware.ssd1306 import SSD1306

OLD_VOTE = bytes([0xAA, 0x55]) * 512  # what an earlier session left in the panel's RAM


def _display(panel=None, **kw):
    panel = panel if panel is not None else Panel()
    m = make_machine(panel)
    i2c = m.I2C(0, sda=m.Pin(4), scl=m.Pin(5), freq=400_000)
    return SSD1306(i2c, 0x3C, **kw), panel, m.bus


# --- init ---------------------------------------------------------------------------


def test_init_stays_dark_until_the_first_frame_is_in_ram():
    d, panel, bus = _display(Panel(ram=OLD_VOTE, on=False))
    assert not d.failed
    assert not panel.lit and panel.data_bytes == 0  # no RAM clear: the first frame overwrites it
    d.power(True)  # the App wakes the panel: still dark, the old RAM is not shown
    assert not panel.lit
    frame = sample_frame(5)
    d.show(frame, 1 << 2)  # whatever the App says changed, the first frame goes whole
    assert panel.lit_snapshots == [bytes(frame)]  # lit exactly once, with the frame
    assert panel.commands[-1] == (0xAF,)  # display-on after the RAM was written
    assert panel.data_bytes == 1024


def test_init_switches_a_lit_panel_off_first():
    # A Pico reset while the panel stayed powered and showing a vote.
    panel = Panel(ram=OLD_VOTE, on=True, charge_pump=True)
    d, panel, bus = _display(panel)
    assert panel.commands[0] == (0xAE,)
    d.show(sample_frame(1), 0xFF)
    # From the first command on, the old RAM was never lit again.
    assert OLD_VOTE not in panel.lit_snapshots
    assert panel.lit_snapshots == [bytes(sample_frame(1))]


def test_init_configures_upright_128x64_with_charge_pump():
    d, panel, bus = _display(contrast=0x40)
    assert panel.mux == 63 and panel.offset == 0 and panel.start_line == 0
    assert panel.seg_remap and panel.com_reversed
    assert panel.charge_pump and panel.mode == 0
    assert panel.contrast == 0x40
    assert not panel.inverted and not panel.entire_on


# --- frames -------------------------------------------------------------------------


def test_full_frame_shows_exactly_the_buffer():
    d, panel, bus = _display()
    frame = sample_frame(7)
    d.show(frame, 0xFF)
    assert panel.visible() == bytes(frame)


def test_one_page_change_sends_one_page_not_the_frame():
    d, panel, bus = _display()
    frame = sample_frame(3)
    n0 = len(bus.log)
    d.show(frame, 0xFF)
    full = bus.payload_bytes(n0)
    assert panel.visible() == bytes(frame)

    frame[3 * 128 + 17] ^= 0xFF
    n1 = len(bus.log)
    d.show(frame, 1 << 3)
    one = bus.payload_bytes(n1)
    assert panel.visible() == bytes(frame)
    # 7 command bytes (control, column window, page window) + control + 128 data
    assert one == 136
    assert full == 7 + 1 + 1024 + 2  # the first frame, then display-on
    assert bus.wire_bytes(n1) == 138  # plus one address byte per write
    assert one * 7 < full


def test_only_the_given_pages_are_pushed():
    d, panel, bus = _display()
    old = sample_frame(1)
    d.show(old, 0xFF)
    new = sample_frame(2)
    d.show(new, (1 << 0) | (1 << 5))
    seen = panel.visible()
    for p in range(8):
        want = new if p in (0, 5) else old
        assert seen[p * 128:(p + 1) * 128] == bytes(want[p * 128:(p + 1) * 128]), p


def test_adjacent_pages_go_in_one_data_write():
    d, panel, bus = _display()
    d.show(bytes(1024), 0xFF)  # the first frame goes whole
    frame = sample_frame(4)
    n0 = len(bus.log)
    d.show(frame, 0b00111100)
    writes = bus.log[n0:]
    assert len(writes) == 2  # one window command, one data write for pages 2..5
    assert writes[0][1] == bytes((0x00, 0x21, 0, 127, 0x22, 2, 5))
    assert len(writes[1][1]) == 1 + 4 * 128


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1023), st.integers(0, 255)), max_size=40), st.integers(0, 255))
def test_changed_pages_property(edits, extra):
    """Whatever changes, pushing (at least) the changed pages makes panel == frame."""
    d, panel, bus = _display()
    frame = sample_frame(9)
    d.show(frame, 0xFF)
    pages = extra
    for i, v in edits:
        if frame[i] != v:
            frame[i] = v
            pages |= 1 << (i // 128)
    d.show(frame, pages)
    assert panel.visible() == bytes(frame)


def _spans(new, old):
    """What the App gives the driver on the Pico: (changed pages, their changed columns)."""
    spans = bytearray(16)
    return Blit().changes(new, old, spans), spans


def test_windows_narrow_pages_to_their_changed_columns_and_keep_whole_ones_together():
    spans = bytearray(16)
    for p, (lo, hi) in enumerate([(0, 127), (3, 127), (40, 60), (0, 127), (0, 118), (5, 5), (0, 0), (0, 127)]):
        spans[2 * p], spans[2 * p + 1] = lo, hi
    assert list(ssd1306.windows(0xFF, spans)) == [
        (0, 1, 0, 127),  # 3 columns left out: not worth a window of its own
        (2, 2, 40, 60),
        (3, 4, 0, 127),  # 9 left out: still not
        (5, 5, 5, 5),
        (6, 6, 0, 0),
        (7, 7, 0, 127),
    ]
    assert list(ssd1306.windows(0b10110, spans)) == [(1, 1, 0, 127), (2, 2, 40, 60), (4, 4, 0, 127)]
    assert list(ssd1306.windows(0b1100)) == [(2, 3, 0, 127)]  # no spans: whole pages


def test_spans_send_only_the_changed_columns():
    d, panel, bus = _display()
    old = bytearray(1024)
    d.show(old, 0xFF)
    new = bytearray(old)
    new[2 * 128 + 10 : 2 * 128 + 40] = b"\x7e" * 30  # a short line of text on page 2
    new[5 * 128 : 6 * 128] = b"\xff" * 128  # a highlight bar on page 5
    mask, spans = _spans(new, old)
    n0 = len(bus.log)
    d.show(new, mask, spans)
    assert panel.visible() == bytes(new)
    assert [w[1] for w in bus.log[n0::2]] == [bytes((0, 0x21, 10, 39, 0x22, 2, 2)), bytes((0, 0x21, 0, 127, 0x22, 5, 5))]
    assert bus.payload_bytes(n0) == 7 + 1 + 30 + 7 + 1 + 128


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1023), st.integers(0, 255)), max_size=40))
def test_changed_spans_property(edits):
    """Whatever changes, pushing the changed columns of each page makes panel == frame."""
    d, panel, bus = _display()
    frame = sample_frame(9)
    d.show(frame, 0xFF)
    old = bytes(frame)
    for i, v in edits:
        frame[i] = v
    d.show(frame, *_spans(frame, old))
    assert panel.visible() == bytes(frame)


# --- contrast and power -------------------------------------------------------------


def test_contrast_and_power():
    d, panel, bus = _display()
    frame = sample_frame(5)
    d.show(frame, 0xFF)
    d.contrast(16)
    assert panel.contrast == 16
    d.contrast(999)
    assert panel.contrast == 255
    d.power(False)
    assert not panel.lit and panel.visible() is None
    d.power(True)
    assert panel.visible() == bytes(frame)


# --- I2C errors ---------------------------------------------------------------------


def test_error_in_show_is_caught_and_recover_pushes_whole_frame():
    d, panel, bus = _display()
    old = sample_frame(1)
    d.show(old, 0xFF)
    new = sample_frame(2)
    bus.fail = 1
    d.show(new, 1 << 2)  # must not raise
    assert d.failed and d.errors == 1
    # Pages other than 2 changed too, but the app only says page 2: recovery must still
    # push everything, because the panel state after a failed transfer is unknown.
    assert panel.visible() != bytes(new)
    assert d.recover(1000)
    assert not d.failed
    assert panel.visible() == bytes(new)
    assert panel.lit_snapshots[-1] == bytes(new)  # lit again only once RAM was loaded


def test_recover_keeps_power_and_contrast():
    d, panel, bus = _display()
    d.show(sample_frame(1), 0xFF)
    d.contrast(33)
    bus.fail = 1
    d.power(False)
    assert d.failed
    assert d.recover(0)
    assert panel.contrast == 33
    assert not panel.on  # asleep stays asleep after recovery


def test_recover_backs_off_while_the_panel_is_gone():
    d, panel, bus = _display()
    d.show(sample_frame(1), 0xFF)
    del bus.devices[0x3C]
    d.show(sample_frame(2), 0xFF)
    assert d.failed
    assert not d.recover(100)  # first retry at once, fails
    n = len(bus.log)
    attempts = []
    orig = bus.write

    def counting(addr, data):
        attempts.append(addr)
        return orig(addr, data)

    bus.write = counting
    assert not d.recover(100 + ssd1306.RETRY_MS - 1)
    assert attempts == []  # too early: no bus traffic at all
    assert not d.recover(100 + ssd1306.RETRY_MS)
    assert attempts  # tried again
    bus.devices[0x3C] = panel
    assert d.recover(100 + 3 * ssd1306.RETRY_MS)
    assert panel.visible() == bytes(sample_frame(2))
    assert len(bus.log) > n


def test_missing_panel_at_boot_does_not_raise():
    d, panel, bus = _display()
    m = make_machine(None)  # nothing on the bus
    d = SSD1306(m.I2C(0), 0x3C)
    assert d.failed
    frame = sample_frame(6)
    d.show(frame, 1)  # ignored while failed, but remembered
    p = Panel(ram=OLD_VOTE)
    m.bus.devices[0x3C] = p
    assert d.recover(0)
    assert p.visible() == bytes(frame)
    assert OLD_VOTE not in p.lit_snapshots


# --- the panel model itself (so the tests above can be trusted) -----------------------


def test_panel_model_rejects_garbage():
    p = Panel()
    with pytest.raises(AssertionError):
        p.write(b"\x00\xff")  # unknown command
    with pytest.raises(AssertionError):
        Panel().write(b"\x01\xaf")  # bad control byte


def test_panel_model_page_mode_and_mirroring():
    p = Panel()
    # page mode (reset default): page 1, column 0x12, two bytes
    p.write(b"\x00\xb1\x02\x11")
    p.write(b"\x40\x01\x02")
    assert p.ram[128 + 0x12] == 1 and p.ram[128 + 0x13] == 2
    p.write(b"\x00\x8d\x14\xaf")
    img = p.visible()  # no A1/C8: the image is mirrored both ways
    assert img[(7 - 1) * 128 + (127 - 0x12)] == 0x80
    p.write(b"\x00\xa1\xc8")
    assert p.visible() == bytes(p.ram)


# --- the SSD1309 of the 2.42" modules -------------------------------------------------


def test_ssd1309_init_has_no_charge_pump_and_its_vcomh():
    cmds = ssd1306.init_cmds("ssd1309")
    assert 0x8D not in cmds and ssd1306.INIT_CMDS[8:10] == (0x8D, 0x14)
    assert cmds[cmds.index(0xDB) + 1] == 0x34
    rest = list(ssd1306.INIT_CMDS)
    del rest[8:10]
    assert [c for c in cmds if c != 0x34] == [c for c in rest if c != 0x30]  # nothing else differs
    assert ssd1306.init_cmds() is ssd1306.INIT_CMDS
    with pytest.raises(ValueError):
        ssd1306.init_cmds("sh1106")


def test_ssd1309_panel_gets_its_init_and_the_same_frames():
    panel = Panel(ram=OLD_VOTE, on=False)
    m = make_machine(panel)
    d = SSD1306(m.I2C(0, sda=m.Pin(4), scl=m.Pin(5)), 0x3C, panel="ssd1309")
    sent = [c for cmd in panel.commands for c in cmd]
    assert 0x8D not in sent and (0xDB, 0x34) in panel.commands
    assert panel.commands[0] == (0xAE,) and (0xAF,) not in panel.commands
    frame = sample_frame(3)
    d.show(frame)
    assert panel.ram == frame and panel.commands[-1] == (0xAF,)
