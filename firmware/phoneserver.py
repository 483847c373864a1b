"""The phones' server's sockets (issue 53), stepped from the box's loop: no thread, no
asyncio, the same code on MicroPython (the Pico W, the unix port) and CPython (host_sim).
What it answers is core.phones.Api's.

Server(api, host, port, entropy).step(now) takes the new connections it has room for, reads
what has come on the open ones and answers each request once it is whole, then closes it
(HTTP/1.0, one request a connection). It never waits: a reply goes out as the socket takes
it, a step at a time, and a connection not through within TIMEOUT_MS is closed (a phone
that stops reading holds a slot that long, never the loop); a request that raises is
closed, the box goes on. Never more than MAX sockets are open, the listening
one among them (opened counts them): a phone polls, so a request that finds no room is
taken at its next poll. The App reads `base` (what a seat's link starts with), `entropy`
(k random bytes, for the seats' tokens: core.seats) and qr(text) (core.pairing draws it);
start() and stop() are the host's network's (firmware/radio.py on the Pico W: here there is
nothing to start, the host's network is up), wifi its name and password to join (None).
"""

import select
import socket
from errno import EAGAIN

from core import ticks_diff

MAX = 4  # sockets open at once, the listening one included (lwIP on the Pico W keeps 5 connections,
# these 3 and the 2 that listen(2) lets wait; the listening one is in a pool of its own)
CHUNK = 512  # bytes handed to a socket a step: lwIP's send on the Pico W retries for up to 10 s, non-blocking
# or not, when its 8 KB of send memory are short (modlwip.c lwip_tcp_send): the 6 KB page in one send, to two
# phones at once, would stall the loop past the watchdog
LIMIT = 2048  # bytes a request may have, its head and body
TIMEOUT_MS = 1000  # a connection whose request and reply are not through by then is closed


class Server:
    def __init__(self, api, host, port, entropy):
        self.api = api
        self.entropy = entropy
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(socket.getaddrinfo(host, port)[0][-1])
        s.listen(2)
        s.setblocking(False)
        self.sock = s
        self.port = s.getsockname()[1] if port == 0 else port
        self.base = "http://%s:%d" % (host, self.port)  # the host sets the address phones reach
        self.clients = []  # [socket, bytes read so far, when it was taken, the reply's rest (its parts) or None]
        self.opened = 1  # sockets open now, the listening one included: never above MAX
        self.ready = watch(s)

    wifi = None  # the host's network is joined as it is

    def start(self):
        pass

    def stop(self):
        pass

    def close(self):
        for c in self.clients:
            c[0].close()
        self.clients = []
        self.sock.close()
        self.opened = 0

    def step(self, now):
        while len(self.clients) < MAX - 1 and readable(self.ready):  # as many as there is room for: polls come in bursts
            try:
                c = self.sock.accept()[0]
            except OSError:  # gone again
                break
            c.setblocking(False)
            self.clients.append([c, b"", now, None])
            self.opened = 1 + len(self.clients)
        i = len(self.clients)
        while i:  # by index, from the last: no copy of the list a loop pass
            i -= 1
            entry = self.clients[i]
            try:
                done = self._serve(entry)
            except Exception:  # whatever a request holds, the box's loop goes on
                done = True
            if done or ticks_diff(now, entry[2]) > TIMEOUT_MS:
                try:
                    entry[0].close()
                except OSError:
                    pass
                del self.clients[i]
                self.opened = 1 + len(self.clients)

    def _serve(self, entry):
        """One step of a connection, never waiting: read what has come, and once the
        request is whole, send what the socket takes of the reply. True when done."""
        c = entry[0]
        if entry[3] is None:
            try:
                data = c.recv(512)
            except OSError as e:  # nothing yet, or the phone is gone (a reset: let its slot go)
                return e.errno != EAGAIN
            if not data or len(entry[1]) + len(data) > LIMIT:
                return True
            entry[1] += data
            reply = self.api.reply(entry[1])
            if reply is None:
                return False
            entry[3] = [memoryview(x) for x in reply] if isinstance(reply, tuple) else [memoryview(reply)]
        rest = entry[3]
        try:
            sent = c.send(rest[0][:CHUNK])
        except OSError as e:  # the socket's buffer is full: the rest at the next step
            return e.errno != EAGAIN
        rest[0] = rest[0][sent:]
        if not len(rest[0]):
            rest.pop(0)
        return not rest

    @staticmethod
    def qr(text):
        """text as a QR code: rows of modules, 1 dark, the smallest version that holds it
        at error correction L (Adafruit's miniQR, CircuitPython's QR encoder)."""
        import adafruit_miniqr

        q = adafruit_miniqr.QRCode(error_correct=adafruit_miniqr.L)
        q.add_data(text.encode())
        q.make()
        m = q.matrix
        return [[1 if m[x, y] else 0 for x in range(m.width)] for y in range(m.height)]


def watch(sock):
    """What readable() asks of sock: whether it has something to read (a connection to
    take, a datagram). MicroPython's ipoll makes no garbage each loop pass, where an
    accept() that finds nothing raises (and allocates) an OSError."""
    p = select.poll()
    p.register(sock, select.POLLIN)
    return getattr(p, "ipoll", p.poll)  # the bound method holds the poller


def readable(check):
    for _ in check(0):
        return True
    return False
