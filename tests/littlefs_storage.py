"""Real littlefs (littlefs-python) configured like the Pico, under the device's own adapter.

MicroPython's rp2 port mounts its flash with vfs.VfsLfs2(rp2.Flash(), progsize=256)
(ports/rp2/modules/_boot.py); extmod/vfs_lfsx.c then sets read_size=32 (default readsize),
prog_size=256, lookahead_size=32 (default lookahead), cache_size=4*max(read, prog)=1024,
block_cycles=100. rp2.Flash() is 4096-byte sectors over MICROPY_HW_FLASH_STORAGE_BYTES
(1408 KiB on a 2 MiB Pico): 352 blocks. littlefs's inline limit is then
min(cache_size, attr_max 1022, block_size/8) = 512 bytes.

Not modelled: MicroPython stores an mtime attribute with each file (8 bytes, written in
the same commit as the file), which littlefs-python does not do.

storage(fs) is firmware/storage.py's Storage itself over a littlefs-python LittleFS:
LittleFS has mkdir/rename/remove/listdir/open with the os semantics the adapter needs
(FileNotFoundError / FileExistsError are OSErrors), so no shim is needed.

TraceContext is a block device (littlefs-python UserContext) that behaves like NOR
flash (prog can only clear bits) and records every prog and erase with a tag, so a test
can rebuild the flash image as it was at any instant of the run.
"""

from littlefs import LittleFS, UserContext

from firmware.storage import Storage

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
CONFIG = dict(
    block_size=BLOCK_SIZE,
    block_count=BLOCK_COUNT,
    read_size=32,
    prog_size=256,
    cache_size=1024,
    lookahead_size=32,
    block_cycles=100,
)
INLINE_MAX = 512


class TraceContext(UserContext):
    """NOR-flash-like buffer; every prog/erase is appended to `ops` when tracing."""

    def __init__(self, buffer=None):
        UserContext.__init__(self, buffsize=None if buffer else BLOCK_SIZE * BLOCK_COUNT, buffer=buffer)
        self.ops = None  # list while tracing: ("p", start, data, tag) / ("e", start, size, tag)
        self.tag = None

    def prog(self, cfg, block, off, data):
        start = block * cfg.block_size + off
        data = bytes(data)
        nor_prog(self.buffer, start, data)
        if self.ops is not None:
            self.ops.append(("p", start, data, self.tag))
        return 0

    def erase(self, cfg, block):
        start = block * cfg.block_size
        self.buffer[start : start + cfg.block_size] = b"\xff" * cfg.block_size
        if self.ops is not None:
            self.ops.append(("e", start, cfg.block_size, self.tag))
        return 0


def nor_prog(buf, start, data):
    """Programming NOR flash only clears bits: new = old AND data."""
    n = len(data)
    if n:
        old = int.from_bytes(buf[start : start + n], "big")
        buf[start : start + n] = (old & int.from_bytes(data, "big")).to_bytes(n, "big")


def apply_op(buf, op, fraction=1.0):
    """Apply a recorded op to an image; fraction < 1 models a cut in the middle of it:
    only the first part of a prog's bytes, or of an erase's block, happened."""
    kind, start = op[0], op[1]
    if kind == "p":
        data = op[2]
        k = int(len(data) * fraction)
        nor_prog(buf, start, data[:k])
    else:
        k = int(op[2] * fraction)
        buf[start : start + k] = b"\xff" * k


def new_flash():
    """A formatted, mounted littlefs on a fresh TraceContext."""
    ctx = TraceContext()
    fs = LittleFS(context=ctx, mount=False, **CONFIG)
    fs.format()
    fs.mount()
    return fs, ctx


def mount(image):
    """Mount a copy of a flash image (never formats: a failed mount raises)."""
    ctx = TraceContext(bytearray(image))
    fs = LittleFS(context=ctx, mount=False, **CONFIG)
    fs.mount()
    return fs, ctx


def storage(fs, root="/data"):
    """The device's storage adapter (firmware/storage.py) over a littlefs-python LittleFS."""
    return Storage(root, fs=fs, opener=fs.open)
