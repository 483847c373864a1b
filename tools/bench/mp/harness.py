"""The App on stand-in hardware, and the protocol of tools/bench/wasm.mjs.

Runs unchanged on MicroPython (the WebAssembly port) and CPython; the bench imports it
on both. Contract: no top-level import of core/ or firmware/ (a program imports this
module before its heap baseline, so whatever loads here would hide in the baseline),
and no wall clock.
"""

import gc


class CountingI2C:
    """machine.I2C stand-in that keeps only counters: write transactions and payload bytes.

    Bytes on the wire per transaction = 1 address byte + the payload."""

    def __init__(self):
        self.writes = 0
        self.payload = 0

    def writeto(self, addr, buf, stop=True):
        self.writes += 1
        self.payload += len(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        n = 0
        for v in vector:
            n += len(v)
        self.writes += 1
        self.payload += n
        return n

    def mark(self):
        return (self.writes, self.payload)

    def since(self, mark):
        """(writes, payload bytes) since mark()."""
        return (self.writes - mark[0], self.payload - mark[1])


class NullLeds:
    def set(self, yes, no, status):
        pass


class NullDisplay:
    def show(self, buf, pages):
        pass

    def power(self, on):
        pass

    def contrast(self, level):
        pass


def make_app(storage=None, seed=1):
    """An App on the real SSD1306 driver over a CountingI2C: (app, i2c)."""
    from core.app import App
    from firmware.ssd1306 import SSD1306

    i2c = CountingI2C()
    app = App(SSD1306(i2c), NullLeds(), storage, seed)
    return app, i2c


def is_button(line):
    """True for script lines that press buttons or let time pass (not expect/comments)."""
    line = line.strip()
    if not line or line[0] == "#":
        return False
    word = line.split()[0]
    return word not in ("expect", "screen")


def start_game(app, game_id, players, seed=1):
    """The box's way into a new game, without pressing buttons: the home menu parked and
    start.start_new() (it loads the game and puts the player setup on screen), then
    the settings the setup would give (`players` names, the first value of every option, and for a game with a
    campaign an empty progress record, as without storage) become a Session and its first
    prompt goes on screen (Play.show() drops the setup screens). No storage, so nothing
    is saved. Returns the Session."""
    from core import games
    from core.start import start_new
    from core.play import Play
    from core.start import again
    from core.session import Session

    app.park_home()  # as the home menu's choice does
    start_new(app, game_id)
    game = games.load(game_id)
    settings = {"players": ["P" + str(i + 1) for i in range(players)]}
    for key, _, values in game.OPTIONS:
        settings[key] = values[0]
    if hasattr(game, "progress"):
        settings["progress"] = {}
    session = Session(game_id, settings, seed, (), app.storage)
    Play(app, session, again).show()
    return session


def stepper(gen):
    """bench_step() for tools/bench/wasm.mjs: advance `gen` one yield, then ask for a GC
    (on the wasm port it runs once control is back at the top level)."""

    def step():
        try:
            next(gen)
            more = True
        except StopIteration:
            more = False
        gc.collect()
        return more

    return step
