"""What the phones' server answers (issue 53): HTTP/1.0, one request a connection. The
sockets are the host's (firmware/phoneserver.py, stepped from the box's loop on the Pico
W, the MicroPython unix port and host_sim); this is the protocol, the same everywhere.
Every path needs a seat's token (core.seats):

  GET  /s/TOKEN                 the phone page (`page`, bytes: HTML, CSS and JS in one)
  GET  /a/TOKEN?c=CLIENT        the seat's state as JSON: its player's name, the words of
                                the page, and the prompt of its private chain now (or
                                "wait", "sent", "taken" by another phone, "buttons",
                                "full": the most phones are in, core.seats.MOST);
                                404 once the link has ended (the page says so)
  POST /a/TOKEN                 c=CLIENT&r=ROUND&s=STEP&v=ANSWER: an answer to that step
                                of the secret's round, or v=b: BACK ("back" in the state
                                says when it is offered; core.secret.SecretFlow.give)

The probes a phone sends on joining a Wi-Fi (firmware/dns.py sends every name to the box)
are answered as the internet answers them: a phone then takes the box's Wi-Fi as its
network and opens a seat's link there, where one told "no internet" may keep using mobile
data (Android) or ask to leave (iOS's captive sheet). They hold nothing of the table.

What a response holds is the seat's own: never another seat's answer, nor any answer
before the reveal; the response to an answer is the same ACK bytes whatever the answer
and whether it was taken, so neither its length nor its content tells anything.
"""

import json

from core.i18n import lang, t
from core.seats import offer

ACK = b'{"ok":1}'
WORDS = ("phones.p.wait", "phones.p.sent", "phones.p.taken", "phones.p.buttons", "phones.p.send", "vote.yes", "vote.no",
         "phones.p.full", "phones.p.back", "phones.p.change", "phones.p.ended", "phones.p.see")


def _head(status, kind, length):
    head = "HTTP/1.0 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
    return (head % (status, kind, length)).encode()


def _reply(status, kind, body):
    return _head(status, kind, len(body)) + body


NOT_FOUND = _reply("404 Not Found", "text/plain", b"not found")
# path -> (status, body): what Android, Apple, Windows and Firefox expect of the internet
PROBES = {"/generate_204": ("204 No Content", b""), "/gen_204": ("204 No Content", b""),
          "/hotspot-detect.html": ("200 OK", b"<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"),
          "/library/test/success.html": ("200 OK", b"<HTML><HEAD><TITLE>Success</TITLE></HEAD><BODY>Success</BODY></HTML>"),
          "/connecttest.txt": ("200 OK", b"Microsoft Connect Test"), "/ncsi.txt": ("200 OK", b"Microsoft NCSI"),
          "/success.txt": ("200 OK", b"success\n")}
BAD = _reply("400 Bad Request", "text/plain", b"bad request")
LIMIT = 1024  # bytes a request's body may have


class Api:
    """The phones' requests answered for app (its seats and the secret it collects):
    reply(raw) is the whole response to the bytes of a request read so far (bytes, or
    the page's head and body as a tuple, to be sent one after the other), or None while
    the request is not whole yet. `page`: the phone page's bytes."""

    def __init__(self, app, page):
        self.app = app
        # its head made once, the page sent as it is (frozen: from flash, no 6 KB copy on the heap)
        self.page = (_head("200 OK", "text/html; charset=utf-8", len(page)), page)

    def reply(self, raw):
        """The reply to a whole request, or None while it is not whole yet. Whatever the
        bytes, it answers (a request it cannot read: 400) and raises nothing."""
        end = raw.find(b"\r\n\r\n")
        if end < 0:
            return None
        head = raw[:end].split(b"\r\n")
        body = raw[end + 4 :]
        need = b"0"
        for line in head[1:]:
            if line[:15].lower() == b"content-length:":
                need = line[15:].strip()
        if not need.isdigit() or int(need) > LIMIT:
            return BAD
        need = int(need)
        if len(body) < need:
            return None
        try:
            method, target = head[0].split(b" ")[:2]
            return self.answer(method.decode(), target.decode(), body[:need].decode())
        except (ValueError, UnicodeError):
            return NOT_FOUND

    def answer(self, method, target, body):
        path, _, query = target.partition("?")
        probe = PROBES.get(path)
        if probe is not None and method == "GET":
            return _reply(probe[0], "text/html" if probe[1][:1] == b"<" else "text/plain", probe[1])
        parts = path.split("/")
        if len(parts) != 3 or parts[0]:
            return NOT_FOUND
        seats = self.app.seats
        seat = seats.seat(parts[2]) if seats else None
        if seat is None:
            return NOT_FOUND
        if parts[1] == "s" and method == "GET":
            return self.page
        if parts[1] != "a":
            return NOT_FOUND
        if method == "GET":
            client = _form(query).get("c", "")
            state = self.state(seat, client)
            return _reply("200 OK", "application/json", json.dumps(state).encode())
        if method == "POST":
            f = _form(body)
            flow = self.app.secret
            if seats.claim(seat, f.get("c", "")) and flow is not None and hasattr(flow, "give"):
                try:
                    flow.give(seat, int(f.get("r", "-1")), int(f.get("s", "-1")), f.get("v", ""))
                except ValueError:
                    pass
            return _reply("200 OK", "application/json", ACK)
        return NOT_FOUND

    def state(self, seat, client):
        """What the phone of seat shows now (its own, nothing of another seat's)."""
        app = self.app
        out = {"name": app.seats.names[seat], "lang": lang(),
               "words": [t(w) for w in WORDS]}
        if not app.seats.claim(seat, client):
            out["state"] = "taken" if app.seats.holders[seat] is not None else "full"
            return out
        flow = app.secret
        k, r = flow.chain(seat) if flow is not None and hasattr(flow, "chain") else (None, None)
        if r is None:
            out["state"] = "buttons" if flow is not None and seat in flow.p.voters else "wait"
        elif r[2] is not None:  # what the box's recorded screen says: the same for every voter
            out["state"] = "sent"
            out["round"], out["step"], out["back"] = flow.round, r[1], bool(flow.p.said)
            out["said"] = [t(w) for w in flow.p.recorded]
        else:
            out["state"] = "ask"
            out["round"], out["step"], out["q"], out["back"] = flow.round, r[1], offer(r[0]), r[3]
        return out


def _form(text):
    """a=1&b=x as a dict (the page sends only letters, digits and '-')."""
    out = {}
    for pair in text.split("&"):
        k, _, v = pair.partition("=")
        if k:
            out[k] = v
    return out
