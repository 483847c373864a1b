"""The phones' network on a Pico W (issue 53): the box's own Wi-Fi access point, the
phones' server (firmware/phoneserver.py, core.phones) and a catch-all DNS
(firmware/dns.py) on it. firmware/main.py makes one on a board with PHONES (boards/
pico_w.py) and steps it from its loop; the App sees it as app.phones, as host_sim's
server.

Radio(app) draws the network's name and password at boot (a new password each time the
box is switched on: a phone from an earlier evening does not join by itself). start()
(core.pairing, "Phones…") sets the access point's name, password and WPA2 before it is
switched on (switched on first, the CYW43 brings up its default "PICO…" network with a
published password), then opens the server and the DNS; stop() ("Unpair phones")
closes them and takes the access point down (the chip stays powered: the status LED is
on it). `up` says whether it is on: the loop keeps
lightsleep off then (asleep, the radio would stop answering).
"""

import os
from binascii import hexlify

from firmware.phoneserver import Server

ADDRESS = "192.168.4.1"  # the rp2 port's access point's own address (its DHCP server gives out 8)
LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # a password read off the panel: no 0/o, 1/l/i
KEY_LENGTH = 10  # 49 bits
WPA2_AES = 0x00400004  # CYW43_AUTH_WPA2_AES_PSK; WLAN.SEC_WPA_WPA2 is the mixed mode, TKIP too ("weak" on iOS)


class Radio:
    base = "http://" + ADDRESS
    qr = staticmethod(Server.qr)

    def __init__(self, app, entropy=os.urandom, ports=(80, 53)):
        self.app = app
        self.entropy = entropy
        self.ports = ports  # HTTP's and DNS's (tests: 0, any free one)
        self.ssid = "Tablebox" + hexlify(entropy(1)).decode().upper()  # 10 letters: a row on the panel
        self.key = "".join([LETTERS[b % len(LETTERS)] for b in entropy(KEY_LENGTH)])
        self.wifi = (self.ssid, self.key)
        self.ap = None
        self.server = None
        self.dns = None

    @property
    def up(self):
        return self.ap is not None

    def start(self):
        if self.ap is not None:
            return
        import network

        from core import data_bytes
        from core.phones import Api
        from firmware.dns import Dns

        ap = network.WLAN(network.AP_IF)
        ap.config(ssid=self.ssid, key=self.key, security=WPA2_AES)
        ap.active(True)
        server = dns = None
        try:
            server = Server(Api(self.app, data_bytes("phone.html")), "0.0.0.0", self.ports[0], self.entropy)
            dns = Dns(ADDRESS, "0.0.0.0", self.ports[1])
        except Exception:  # nothing left half up: the next pairing tries again
            if server is not None:
                server.close()
            ap.active(False)
            raise
        self.ap, self.server, self.dns = ap, server, dns

    def step(self, now):
        if self.server is not None:
            self.server.step(now)
            self.dns.step()

    def stop(self):
        if self.ap is None:
            return
        self.server.close()
        self.dns.close()
        self.ap.active(False)
        self.ap = self.server = self.dns = None
