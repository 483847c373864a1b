"""The box in a web page: the thin adapters between core.app.App and web/main.js.

Runs under the MicroPython WebAssembly port in the browser (and on CPython in tests).

    box = start(page, store, seed)      # then web/main.js calls box.step(now_ms, mask)

`page` is the JS side of the panel and the LEDs:
  page.show(hex, pages)       draw pages (bit p = page p) of the 1024-byte SSD1306 frame,
                              given as 2048 hex digits (a str crosses to JS as it is; a
                              bytearray would arrive as a proxy, read byte by byte)
  page.power(on), page.contrast(level), page.leds(yes, no, status)
  page.screen(text, state)    after a frame: the screen's text lines (core.frame's
                              `lines`, "\\n" between them, what a screen reader reads) and
                              what the page around the panel shows, see Box.state()
`store` is window.localStorage (getItem, setItem, removeItem, key(i), length).

Storage keeps each file as hex under PREFIX + name. setItem replaces a value whole, so
put() is atomic like the device's rename; a reload is a power cut and App resumes from
what was put. Nothing else is written: what the page stores is the core's files.

Nothing here changes what the core draws: the text lines are read from the frame the core
drew for the panel, after it drew it.
"""

from binascii import hexlify, unhexlify

PREFIX = "tablebox/"
# Box.state() bits
PLAYING = 1  # a game or the Secret vote runs (the home menu is parked): keep the screen on
HOLD = 2  # a long BACK does something here (App: leave to the home menu)


class Display:
    def __init__(self, page):
        self.page = page

    def show(self, buf, pages):
        self.page.show(hexlify(buf).decode(), pages)

    def power(self, on):
        self.page.power(bool(on))

    def contrast(self, level):
        self.page.contrast(level)


class Leds:
    def __init__(self, page):
        self.page = page

    def set(self, yes, no, status):
        self.page.leds(yes, no, status)


class Storage:
    def __init__(self, store):
        self.store = store

    def _key(self, name):
        if not name or "/" in name or name[0] == ".":
            raise ValueError("bad storage name: %r" % (name,))
        return PREFIX + name

    def get(self, name):
        text = self.store.getItem(self._key(name))
        return None if text is None else unhexlify(text)

    def put(self, name, data):
        self.store.setItem(self._key(name), hexlify(data).decode())

    def delete(self, name):
        self.store.removeItem(self._key(name))

    def list(self):
        names = []
        for i in range(self.store.length):
            key = self.store.key(i)
            if key.startswith(PREFIX):
                names.append(key[len(PREFIX) :])
        return sorted(names)


class Box:
    """The App as web/main.js runs it: step() is App.step, and after a step that put a new
    frame on the panel the page hears the screen's text and state (page.screen)."""

    def __init__(self, page, app):
        from core import buttons
        from core.app import _HomeLater

        self.page = page
        self.app = app
        self._parked = _HomeLater
        self.long_ms = buttons.LONG_MS  # how long a hold takes to be a long press
        self.frames = 0

    def state(self):
        app = self.app
        s = HOLD if len(app.stack) > 1 else 0
        if isinstance(app.stack[0], self._parked):
            s |= PLAYING
        return s

    def lang(self):
        from core import i18n

        return i18n.lang()

    def step(self, now, mask):
        app = self.app
        app.step(now, mask)
        if app.frames != self.frames:
            self.frames = app.frames
            self.page.screen("\n".join(app.frame.lines), self.state())


def start(page, store, seed):
    from core.app import App

    return Box(page, App(Display(page), Leds(page), Storage(store), seed))
