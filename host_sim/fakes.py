"""In-memory stand-ins for the hardware adapters (MicroPython-compatible).

Display keeps what a real panel would show (buf, powered, contrast) and a log of every
push; Leds keeps the current levels and their history; MemStorage is a dict of names to
bytes with atomic put (a put either happens whole or not at all).
"""


class Display:
    def __init__(self):
        self.buf = bytearray(1024)
        self.on = True
        self.level = 255
        self.pushes = []  # (pages mask, bytes of those pages) per show()

    def show(self, buf, pages):
        data = bytearray()
        for p in range(8):
            if pages & (1 << p):
                self.buf[p * 128 : (p + 1) * 128] = buf[p * 128 : (p + 1) * 128]
                data.extend(buf[p * 128 : (p + 1) * 128])
        self.pushes.append((pages, bytes(data)))

    def power(self, on):
        self.on = on

    def contrast(self, level):
        self.level = level

    def pixel(self, x, y):
        return (self.buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


class Leds:
    def __init__(self):
        self.state = (0, 0, 0)
        self.history = []

    def set(self, yes, no, status):
        self.state = (yes, no, status)
        self.history.append(self.state)


class MemStorage:
    def __init__(self, files=None):
        self.files = dict(files or {})

    def get(self, name):
        return self.files.get(name)

    def put(self, name, data):
        self.files[name] = bytes(data)

    def delete(self, name):
        if name in self.files:
            del self.files[name]

    def list(self):
        return sorted(self.files)
