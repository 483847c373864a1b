"""Tablebox core: game logic, UI and input handling, pure Python.

Runs unchanged on MicroPython (Pico) and CPython (simulator, tests). Never imports
hardware or host modules; hardware comes in through the small interfaces that
`core.app.App` takes.

This package module also holds the helpers the whole core shares (here, not in
modules of their own: every module file costs ~8 ms to find and load on the Pico's
littlefs, and all are needed at boot): release(), which forgets a loaded module, and
Recent, the latest lookups of a slow function in two generations:

    r = Recent(16)
    v = r.get(key)            # None when not among the recent ones
    r.put(key, v)

A generation holds up to `size` keys; when the new one is full, put() turns it into the old
one and starts a fresh one, so whatever one screen looks up (up to `size` keys) is all found
again when that screen is drawn next, and memory stays bounded without counting uses. A key
found in the old generation moves up to the new one. Used for translated words (core.i18n)
and title bars (core.ui); core.frame keeps the pixel rows of texts in one that turns only
between screens (see there).

And the tick arithmetic: the core never reads a clock. Times come in as arguments, in
milliseconds that wrap at TICKS_PERIOD like MicroPython's time.ticks_ms(), and every
comparison goes through ticks_diff()/ticks_add(), so that a run may start just before the
wrap and behave exactly as one that starts at zero.

open_data(name) opens one of the core's data files (the language tables lang/*.txt, the
large font bigfont.bin) wherever this build keeps them: see its docstring.

`const` is MicroPython's: `_NAME = const(7)` is put in place by the compiler (no global,
no interned name on the Pico's heap); CPython gets a stand-in that returns its argument.
"""

import sys

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


TICKS_PERIOD = 1 << 30
_TICKS_MASK = const(0x3FFFFFFF)
_TICKS_HALF = const(0x20000000)


def ticks_add(t, delta):
    """t + delta on the wrapping tick scale."""
    return (t + delta) & _TICKS_MASK


def ticks_diff(a, b):
    """Signed a - b, correct while the true distance is below 2**29 ms (6 days)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


def release(name):
    """Forget the loaded module `name` (if it is loaded): with no reference left from
    sys.modules or its package, its code and data are garbage once nothing else holds
    them, and the next import loads it again. The heap of a MicroPython board is small."""
    if sys.modules.get(name) is not None:
        # Overwritten with None before deleted: when the entry was only popped, the home
        # menu released at the start of a game of 23 stayed reachable on the emulated
        # Pico (its 3.4 KB on the heap through the whole game; measure --heap).
        sys.modules[name] = None
        del sys.modules[name]
        dot = name.rfind(".")
        pkg = sys.modules.get(name[:dot])
        attr = name[dot + 1 :]
        if pkg is not None and hasattr(pkg, attr):
            setattr(pkg, attr, None)
            delattr(pkg, attr)


def open_data(name):
    """The core's data file `name` (its path under core/: "lang/ui_en.txt", "bigfont.bin"),
    open for binary reads (read, seek); OSError when there is none. The Tablebox firmware
    freezes these files into flash as bytes (the module tablebox_data that tools/firmware.py
    generates): io.BytesIO reads a frozen bytes object in place, so the words stay on flash
    as a file's do and no file is open. Everywhere else (the stock firmware with .mpy files,
    CPython, the web page) they are files beside this package."""
    if _frozen is None:
        return open(_DIR + name, "rb")
    return BytesIO(data_bytes(name))


def data_bytes(name):
    """The whole of data file `name` as bytes (OSError when there is none): the Tablebox
    firmware's frozen bytes object itself, in flash, no copy on the heap (the phones' page,
    sent as it is); elsewhere the file read."""
    if _frozen is None:
        with open(_DIR + name, "rb") as f:
            return f.read()
    data = _frozen.get(name)
    if data is None:
        raise OSError(2, name)  # ENOENT, as open() says it
    return data


_DIR = __file__[: __file__.rfind("/") + 1]  # core/
try:
    from io import BytesIO

    from tablebox_data import FILES as _frozen
except ImportError:  # not the Tablebox firmware
    _frozen = None


class Recent:
    def __init__(self, size):
        self.size = size
        self.new = {}
        self.old = {}

    def get(self, key):
        v = self.new.get(key)
        if v is None:
            v = self.old.get(key)
            if v is not None:
                self.put(key, v)
        return v

    def put(self, key, value):
        self.turn()
        self.new[key] = value

    def turn(self):
        """A full new generation becomes the old one, and a fresh one starts."""
        if len(self.new) >= self.size:
            self.old = self.new
            self.new = {}

    def clear(self):
        self.new = {}
        self.old = {}
