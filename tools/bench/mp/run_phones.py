"""Program for tools/bench/wasm.mjs (tests/test_phones.py, BENCHMARKS.md "Phones"): the heap
the phones take on the box, under the WebAssembly port with the Pico's heap. The port has
no sockets: the phones' requests go to core.phones.Api.reply as the server hands them on
(firmware/phoneserver.py), the same bytes a page sends. Phases, one a bench_step, the live
heap read after the collection that follows each (bench_after):

  app     the App on stand-in hardware on a Secret vote's list of 10 names, the phones'
          host a stand-in (its QR code a blank version 3, 29 modules: a seat's link's)
  code    core.phones, core.seats, core.pairing imported (here .mpy files: bytecode on the
          heap; the Tablebox firmware's W build has them frozen, in flash)
  paired  every seat paired ("Phones…"), the page (core/phone.html) read into the
          server's reply, 8 phones holding their seats (a state request each)
  polls   then the vote: each round every phone asks its state (a 300 ms poll), the 8
          answer, then 2 vote on the buttons; ROUNDS votes, every phone polling between

Prints one JSON line: each phase's live heap at its end above the one before ("app",
"code", "paired"; "paired_most": the most during pairing, above "code"), "votes" (the
live heap after each vote, above "paired"), "votes_most" (the most during the votes,
above "code": what the phones take at worst beside the App), "polls" (the state
requests made), "idle_growth" (the live heap after IDLE polls after the votes, above
that after the first 8 of them), "result" (the last vote's result screen).
"""

import gc
import json

from tools.bench.mp.harness import NullDisplay, NullLeds

ROUNDS = 5
POLLS = 20  # each phone's state requests a vote, on top of those that find its prompt
IDLE = 800  # state requests after the votes


class Host:
    """The phones' host as the App sees it (firmware/phoneserver.py's attributes)."""

    base = "http://192.168.4.1"
    wifi = None

    def entropy(self, k):
        self.n = getattr(self, "n", 0) + 1
        return bytes([(self.n * 37 + i * 11) & 255 for i in range(k)])

    def qr(self, text):
        return [[0] * 29 for _ in range(29)]

    def start(self):
        pass

    def stop(self):
        pass


class Bench:
    """The phases as jobs, one a bench_step (the port collects only between them, and a
    long step's garbage would fill the Pico's heap): a script line (a wait cut into
    100 ms), a phone's request. The live heap is read after each."""


    def __init__(self):
        self.jobs = self.plan()  # made as they run: a list of them would take 80 KB
        self.job = None
        self.heap = {}  # phase -> [live heap after its last job, the most after any]
        self.out = {"polls": 0}
        self.r = self.api = None
        self.tokens = []

    def plan(self):
        """(phase, job), one at a time."""
        yield "base", None
        yield "app", self.boot
        for line in ("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "OK") + ("UP",) * 8 + ("OK",):
            yield "app", line
        yield "code", self.imports
        yield "paired", "DOWN"
        yield "paired", "OK"  # "Phones…"
        for _ in range(10):
            for line in ("wait 100",) * 10 + ("OK",):
                yield "paired", line
            yield "paired", lambda: self.tokens.append("".join(self.r.lines()[2:-1]).split("/")[-1])
            yield "paired", "OK"
        yield "paired", self.serve
        for k in range(8):
            yield "paired", lambda k=k: self.state(k)
        yield "paired", "UP"
        for v in range(ROUNDS):
            phase = "vote%d" % (v + 1)
            yield phase, "OK"  # Start, or "Vote again" on the result's menu
            for k in range(8):
                yield phase, lambda k=k: self.answer(k)
                for _ in range(POLLS):
                    yield phase, lambda k=k: self.state(k)
            for voter in ("YES", "NO"):
                for line in ("wait 100",) * 10 + ("OK", voter, "OK"):
                    yield phase, line
            yield phase, lambda: self.out.__setitem__("result", list(self.r.lines()))
            yield phase, "OK"  # the result read: its menu
        for k in range(IDLE):  # the phones poll on while the table talks: the heap holds still
            yield "idle1" if k < 8 else "idle2", lambda k=k: self.state(k % 8)

    def do(self, line):
        err = self.r.do(line)
        if err:
            raise Exception(err)

    def boot(self):
        from core.app import App
        from host_sim.script import Runner

        app = App(NullDisplay(), NullLeds(), None, 1)
        app.phones = Host()
        self.r = Runner(app)

    def imports(self):
        import core.pairing  # noqa: F401
        import core.phones  # noqa: F401
        import core.seats  # noqa: F401

    def serve(self):
        from core.phones import Api

        with open("/core/phone.html", "rb") as f:
            self.api = Api(self.r.app, f.read())

    def state(self, k):
        self.out["polls"] += 1
        raw = self.api.reply(b"GET /a/%s?c=c%d HTTP/1.0\r\n\r\n" % (self.tokens[k].encode(), k))
        return json.loads(raw.split(b"\r\n\r\n")[1])

    def answer(self, k):
        st = self.state(k)
        body = b"c=c%d&r=%d&s=%d&v=%d&p=xxxxxxx" % (k, st["round"], st["step"], k % 2)
        self.api.reply(b"POST /a/%s HTTP/1.0\r\nContent-Length: %d\r\n\r\n%s" % (self.tokens[k].encode(), len(body), body))

    def step(self):
        self.job = next(self.jobs, None)
        if self.job is None:
            return False
        work = self.job[1]
        if isinstance(work, str):
            self.do(work)
        elif work is not None:
            work()
        return True

    def after(self):
        if self.job is None:
            return
        phase = self.job[0]
        v = gc.mem_alloc()
        h = self.heap.get(phase)
        self.heap[phase] = [v, v if h is None or v > h[1] else h[1]]

    def done(self):
        h = self.heap
        self.out["app"] = h["app"][0] - h["base"][0]
        self.out["code"] = h["code"][0] - h["app"][0]
        self.out["paired"] = h["paired"][0] - h["code"][0]
        self.out["paired_most"] = h["paired"][1] - h["code"][0]
        self.out["votes"] = [h["vote%d" % (v + 1)][0] - h["paired"][0] for v in range(ROUNDS)]
        self.out["votes_most"] = max([h["vote%d" % (v + 1)][1] for v in range(ROUNDS)]) - h["code"][0]
        self.out["idle_growth"] = h["idle2"][0] - h["idle1"][0]
        print(json.dumps(self.out))


BENCH = Bench()


def bench_step():
    return BENCH.step()


def bench_after():
    BENCH.after()


def bench_done():
    BENCH.done()
