"""The phones' server's sockets (issue 53), stepped from the box's loop: no thread, no
asyncio, the same code on MicroPython (the Pico W, the unix port) and CPython (host_sim).
What it answers is core.phones.Api's.

Server(api, host, port, entropy).step(now) takes at most one new connection, reads what
has come on the open ones and answers each request once it is whole, then closes it
(HTTP/1.0, one request a connection). Never more than MAX sockets are open, the listening
one among them (opened counts them): a phone polls, so a request that finds no room is
taken at its next poll. The App reads `base` (what a seat's link starts with), `entropy`
(k random bytes, for the seats' tokens: core.seats) and qr(text) (core.pairing draws it).
"""

import socket

from core import ticks_diff

MAX = 4  # sockets open at once, the listening one included (lwIP on the Pico W keeps 5)
LIMIT = 1024  # bytes a request may have
TIMEOUT_MS = 3000  # a connection that has not sent its whole request by then is closed


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
        self.clients = []  # [socket, bytes read so far, when it was taken]
        self.opened = 1  # sockets open now, the listening one included: never above MAX

    def close(self):
        for c in self.clients:
            c[0].close()
        self.clients = []
        self.sock.close()
        self.opened = 0

    def step(self, now):
        if len(self.clients) < MAX - 1:
            try:
                c = self.sock.accept()[0]
            except OSError:  # none waiting
                c = None
            if c is not None:
                c.setblocking(False)
                self.clients.append([c, b"", now])
                self.opened = 1 + len(self.clients)
        for entry in self.clients[:]:
            try:
                data = entry[0].recv(512)
            except OSError:  # nothing yet
                data = None
            if data:
                entry[1] += data
            reply = self.api.reply(entry[1]) if data else None
            if reply is not None or data == b"" or len(entry[1]) > LIMIT or ticks_diff(now, entry[2]) > TIMEOUT_MS:
                if reply is not None:
                    self._send(entry[0], reply)
                entry[0].close()
                self.clients.remove(entry)
                self.opened = 1 + len(self.clients)

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

    def _send(self, c, data):
        c.setblocking(True)
        try:
            c.settimeout(1)
            view = memoryview(data)
            while len(view):
                view = view[c.send(view) :]
        except OSError:  # the phone went: it asks again at its next poll
            pass
