"""A catch-all DNS server for the phones on the Pico W's access point (issue 53): every
name a phone asks for is the box (ADDRESS). Then a link typed or scanned reaches it
whatever its host, and the probes phones send on joining a Wi-Fi (connectivitycheck.
gstatic.com, captive.apple.com, ...) reach the box's server, which answers them with
the join page (core.phones): the phone offers to open it.

Dns(address, host, port).step() answers the waiting queries (AT_ONCE) and never waits, like
firmware/phoneserver.py, stepped from the box's loop; answer(query, ip) is the reply's
bytes (RFC 1035): an A question gets one A record of ip, any other type (AAAA: the
access point has no IPv6) none, so the phone uses the address it has; a message that
is not one question is not answered.
"""

import socket

from firmware.phoneserver import readable, watch

TTL = 60  # seconds a phone may keep the address
AT_ONCE = 4  # queries answered a step: lwIP queues 4 a socket, and a phone joining asks several at once


class Dns:
    def __init__(self, address, host="0.0.0.0", port=53):
        self.ip = bytes([int(x) for x in address.split(".")])
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(socket.getaddrinfo(host, port)[0][-1])
        s.setblocking(False)
        self.sock = s
        self.port = s.getsockname()[1] if port == 0 else port
        self.poller = watch(s)

    def step(self):
        for _ in range(AT_ONCE):
            if not readable(self.poller):
                return
            try:
                query, peer = self.sock.recvfrom(512)
                reply = answer(query, self.ip)
                if reply is not None:
                    self.sock.sendto(reply, peer)
            except OSError:  # gone, or the network's buffers full: the phone asks again
                return

    def close(self):
        self.sock.close()


def answer(query, ip):
    """The reply to a DNS query's bytes, or None (not a lone question of a query)."""
    if len(query) < 17 or query[2] & 0xF8 or query[4:6] != b"\x00\x01":  # QR=0, opcode 0, one question
        return None
    i = 12
    while i < len(query) and query[i]:  # the name's labels (a query has no pointers)
        if query[i] > 63:
            return None
        i += 1 + query[i]
    end = i + 5  # the root's 0, QTYPE, QCLASS
    if end > len(query):
        return None
    a = query[i + 1 : i + 3] in (b"\x00\x01", b"\x00\xff") and query[i + 3 : i + 5] == b"\x00\x01"  # A or ANY, IN
    head = query[:2] + bytes([0x84 | query[2] & 1, 0x80, 0, 1, 0, 1 if a else 0, 0, 0, 0, 0])  # QR AA RD, RA
    out = head + query[12:end]
    if a:
        out += b"\xc0\x0c\x00\x01\x00\x01" + TTL.to_bytes(4, "big") + b"\x00\x04" + ip  # the question's name
    return out
