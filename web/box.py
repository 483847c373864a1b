"""The box in a web page: the thin adapters between core.app.App and web/main.js.

Runs under the MicroPython WebAssembly port in the browser (and on CPython in tests).

    app = start(page, store, seed)      # then web/main.js calls app.step(now_ms, mask)

`page` is the JS side of the panel and the LEDs:
  page.show(hex, pages)       draw pages (bit p = page p) of the 1024-byte SSD1306 frame,
                              given as 2048 hex digits (a str crosses to JS as it is; a
                              bytearray would arrive as a proxy, read byte by byte)
  page.power(on), page.contrast(level), page.leds(yes, no, status)
`store` is window.localStorage (getItem, setItem, removeItem, key(i), length).

Storage keeps each file as hex under PREFIX + name. setItem replaces a value whole, so
put() is atomic like the device's rename; a reload is a power cut and App resumes from
what was put. Nothing else is written: what the page stores is the core's files.
"""

from binascii import hexlify, unhexlify

PREFIX = "tablebox/"


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


def start(page, store, seed):
    from core.app import App

    return App(Display(page), Leds(page), Storage(store), seed)
