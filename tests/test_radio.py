"""The phones' network on the Pico W (issue 53): firmware/radio.py's access point with a
fake `network` module (what MicroPython's rp2 port offers), firmware/dns.py's replies read
by a real resolver (dnspython), the probes phones send on joining, and the loop that
steps the radio and keeps lightsleep off while it is up. The radio itself, phones joining
it and a long idle soak need a real Pico W (README, Phones)."""

import socket
import sys
import types

import dns.message
import dns.query
import dns.rdatatype
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import dns as boxdns
from firmware.radio import ADDRESS, KEY_LENGTH, LETTERS, Radio
from tests.test_phones import http_client, send, to_names


class FakeWLAN:
    """network.WLAN(network.AP_IF) as the rp2 port has it; calls lists what was done, in order."""

    def __init__(self, calls):
        self.calls = calls

    def config(self, **kw):
        self.calls.append(("config", kw))

    def active(self, on):
        self.calls.append(("active", on))


@pytest.fixture
def network(monkeypatch):
    calls = []
    mod = types.ModuleType("network")
    mod.AP_IF = 1
    mod.WLAN = lambda itf: FakeWLAN(calls) if itf == 1 else None
    monkeypatch.setitem(sys.modules, "network", mod)
    return calls


def radio_box(make_box):
    box = make_box()
    radio = Radio(box.app, ports=(0, 0))
    box.app.phones = radio
    box.runner.on_step = lambda r: radio.step(r.now)
    return box, radio


def test_the_access_point_is_set_before_it_comes_up_with_a_new_password_each_boot(network, make_box):
    box, radio = radio_box(make_box)
    assert not radio.up and network == []  # nothing until the table pairs
    to_names(box, 3)
    box.do("DOWN", "OK")  # "Phones…"
    assert network[0] == ("config", {"ssid": radio.ssid, "key": radio.key, "security": 0x00400004})  # WPA2, AES only
    assert network[1] == ("active", True) and radio.up
    assert len(radio.key) == KEY_LENGTH and set(radio.key) <= set(LETTERS)
    assert len(radio.ssid) == 10 and radio.ssid.startswith("Tablebox")
    others = [Radio(None) for _ in range(20)]
    assert len({r.key for r in others}) == 20  # os.urandom: a new one at each boot
    assert radio.base == "http://" + ADDRESS


def test_pairing_on_the_pico_w_shows_the_wifi_first_then_each_seat(network, make_box, tmp_path):
    """The Wi-Fi's screen: its name and password, and a QR code a phone's camera joins it
    with, decoded by zbar; then the seats' hand-overs as on any host."""
    import shutil
    import subprocess

    from host_sim import png

    box, radio = radio_box(make_box)
    to_names(box, 2)
    box.do("DOWN", "OK")
    lines = box.lines()
    assert lines[0] == "Box Wi-Fi" and lines[1:5] == ["Box Wi-Fi", radio.ssid, "Password:", radio.key]
    if shutil.which("zbarimg"):
        path = str(tmp_path / "wifi.png")
        png.write(path, box.app.display.buf)
        out = subprocess.run(["zbarimg", "-q", "--raw", path], capture_output=True, text=True, timeout=60)
        assert out.stdout.strip() == "WIFI:T:WPA;S:%s;P:%s;;" % (radio.ssid, radio.key)
    box.do("OK")  # no guard: the password is the table's
    assert box.lines()[0] == "Your phone" and "P1" in box.lines()
    box.do("wait 1000", "OK")
    assert "".join(box.lines()[2:-1]).startswith("http://192.168.4.1/s/")
    box.do("OK", "wait 1000", "OK", "OK")
    assert box.lines()[0] == "Names"


def test_a_start_that_fails_leaves_nothing_up(network, make_box, monkeypatch):
    """A review: the access point stayed up with no server, and up said True for good."""
    import firmware.dns

    def broken(*args):
        raise OSError(98, "address in use")

    box, radio = radio_box(make_box)
    real = firmware.dns.Dns
    monkeypatch.setattr(firmware.dns, "Dns", broken)
    with pytest.raises(OSError):
        radio.start()
    assert not radio.up and network[-1] == ("active", False)
    monkeypatch.setattr(firmware.dns, "Dns", real)
    radio.start()  # the next pairing tries again
    assert radio.up and network[-1] == ("active", True)
    radio.stop()


def test_unpairing_switches_the_radio_off(network, make_box):
    box, radio = radio_box(make_box)
    to_names(box, 2)
    box.do("DOWN", "OK", "OK", "wait 1000", "OK", "OK", "wait 1000", "OK", "OK")
    port = radio.server.port
    box.do("BACK", "BACK", "DOWN", "OK", "UP", "OK", "OK")  # Settings, "Unpair phones", confirm
    assert not radio.up and network[-1] == ("active", False)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1)


def test_the_probes_phones_send_on_joining_are_answered_as_the_internet_does(network, make_box):
    box, radio = radio_box(make_box)
    to_names(box, 2)
    box.do("DOWN", "OK")
    box.server = radio.server
    got = send(box, ("GET", "/generate_204", None), ("GET", "/hotspot-detect.html", None), ("GET", "/", None))
    assert got[0] == (204, b"") and got[1][0] == 200 and b"Success" in got[1][1] and got[2][0] == 404


def ask(name, rdtype):
    return dns.message.make_query(name, rdtype).to_wire()


@pytest.mark.parametrize("name", ["connectivitycheck.gstatic.com", "captive.apple.com", "x", "192.168.4.1.example"])
def test_every_name_is_the_box(name):
    query = dns.message.make_query(name, "A")
    reply = dns.message.from_wire(boxdns.answer(query.to_wire(), bytes([192, 168, 4, 1])))
    assert reply.id == query.id and reply.rcode() == 0 and reply.question == query.question
    assert [r.address for r in reply.answer[0]] == [ADDRESS] and reply.answer[0].name == query.question[0].name


def test_a_question_for_ipv6_gets_no_address_and_a_reply_is_not_answered():
    reply = dns.message.from_wire(boxdns.answer(ask("example.com", "AAAA"), bytes([192, 168, 4, 1])))
    assert reply.rcode() == 0 and reply.answer == []
    a = boxdns.answer(ask("example.com", "A"), bytes([192, 168, 4, 1]))
    assert boxdns.answer(a, bytes([192, 168, 4, 1])) is None  # QR set: a reply, not a query


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=80))
def test_no_bytes_make_the_dns_raise(data):
    out = boxdns.answer(data, bytes([192, 168, 4, 1]))
    if out is not None:
        dns.message.from_wire(out)  # whatever it answers is a DNS message


def test_the_dns_server_answers_a_resolver_stepped_from_the_loop():
    import threading

    server = boxdns.Dns(ADDRESS, "127.0.0.1", 0)
    got = []
    th = threading.Thread(target=lambda: got.append(dns.query.udp(dns.message.make_query("tablebox.box", "A"),
                                                                  "127.0.0.1", port=server.port, timeout=5)))
    th.start()
    while th.is_alive():
        server.step()
    server.close()
    assert [r.address for r in got[0].answer[0]] == [ADDRESS]


def test_the_pico_ws_loop_steps_the_radio_and_never_lightsleeps_while_it_is_up(network):
    """firmware/main.py on a board with PHONES: app.phones is the radio; asleep with the
    radio up, the loop sleeps without lightsleep."""
    from firmware import main as fw

    class Hw:
        board = types.SimpleNamespace(PHONES=True)
        wdt = None

        def __init__(self):
            self.t = 0
            self.slept = []
            self.display = types.SimpleNamespace(failed=False)
            self.buttons = types.SimpleNamespace(read=lambda: 0)

        def ticks_ms(self):
            return self.t

        def sleep_ms(self, ms):
            self.slept.append(("sleep", ms))
            self.t += ms

        def idle_ms(self, ms):
            self.slept.append(("light", ms))
            self.t += ms

    class App:
        asleep = True
        frames = inputs = 0
        steps = 0

        def step(self, now, buttons):
            self.steps += 1

    hw = Hw()
    app = App()
    radio = Radio(app, ports=(0, 0))
    stepped = []
    radio.step = lambda now: stepped.append(now)
    app.phones = radio
    fw.run(app, hw, 3)
    assert len(stepped) == 3 and [k for k, _ in hw.slept] == ["light"] * 3  # not up: lightsleep
    radio.start()
    hw.slept = []
    fw.run(app, hw, 3)
    assert [k for k, _ in hw.slept] == ["sleep"] * 3
    radio.stop()
