"""Saved games, written: two alternating copies per game, the file format.

A save is the game's id, settings, seed and action log (never a snapshot: the state is
replayed). Every completed step is written with a sequence number n that grows by one per
write; copy n goes to FILES[n % 2] ("g23.sav" for odd n, "g23.bak" for even n), so each
step costs ONE atomic put (temp file + rename) and the other file always holds the step
before. After a power cut the newer good copy wins: the last step, or the one before it
when the cut hit that step's write. (A separate backup written each step would double
the flash writes for nothing the alternation does not already give.)

File format, version 2 (bytes; typical games of 23 stay under littlefs's 512-byte
inline limit, so a save lives in the directory's metadata log and needs no data block):

  b"TB" VERSION(1 byte) CRC32(4 bytes, big-endian, of everything after it)
  JSON header without spaces: [game_id, n, settings, seed, words]
  b"\\n"
  the log as action tokens, one byte each for the common cases:
    0..191       small int literal
    192..223     word[i] that STARTS a new action (words: the header's string table)
    224..239     word[i] inside an action
    A_START      a new action whose first element is not a one-byte word
    OPEN, CLOSE  a nested list;  TRUE, FALSE, NONE
    INT          zigzag varint follows (any other int)
    JSONV        varint length + JSON text follows (anything else: strings not in the
                 table, floats, dicts)
  e.g. ["play", 14, 2, 0, 13] is 5 bytes, ["pass"] 1 byte.

This module writes: pack() the bytes of a save, store() copy n, remove() both at the end
of a game; frame() and crc32() are shared with core.progress. It also holds the log of a
game in progress in these tokens (Log; decode_log() reads them back). Reading and
checking a save file is core.saves, loaded only where a game is resumed: during the
turns the box carries the writer alone (its loader code released, about 2 KB of the
Pico's heap).
"""

import json
from array import array

VERSION = 2
MAGIC = b"TB"
HEAD = 7  # magic + version + crc

# token bytes
_WORD0 = 192  # words starting an action: 192..223
_WORDI = 224  # words inside an action: 224..239
A_START = 240
OPEN = 241
CLOSE = 242
TRUE = 243
FALSE = 244
NONE = 245
INT = 246
JSONV = 247
_BIG = 1 << 60  # larger ints go as JSON text

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every supported port has it (see crc32 below)
    _crc32 = None


def crc32(data):
    """CRC-32 (the zlib/PNG one). binascii.crc32 is in MicroPython's rp2 port (ROM level
    EXTRA_FEATURES) and in the WebAssembly port; this bitwise fallback is only for a
    build without it (slow, but a save is a few hundred bytes)."""
    if _crc32 is not None:
        return _crc32(data) & 0xFFFFFFFF
    c = 0xFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            if c & 1:
                c = (c >> 1) ^ 0xEDB88320
            else:
                c >>= 1
    return c ^ 0xFFFFFFFF


def slot(game_id):
    return game_id + ".sav"


def backup(game_id):
    return game_id + ".bak"


def files(game_id):
    """The two alternating copies: copy n lives in files(game_id)[n % 2]."""
    return (backup(game_id), slot(game_id))


def stored(storage, names):
    """True when one of the files `names` is in storage. Without one the loader
    (core.saves) has nothing to read and is not even imported: 20 ms and its names on
    the Pico's heap."""
    have = storage.list()
    for name in names:
        if name in have:
            return True
    return False


def _dumps(x):
    """Compact JSON, the same bytes on every runtime: MicroPython's dicts have no stable
    order and its json.dumps has neither sort_keys nor CPython's \\u escapes, so dicts
    are written with sorted keys and strings as raw UTF-8 (shorter, too)."""
    if isinstance(x, str):
        if '"' not in x and "\\" not in x and (not x or min(x.encode()) >= 32):
            # nothing to escape (most strings): in C, not a step a character (a guess of
            # 110 characters took 5 ms on the Pico, where its log entry is made on the press)
            return '"' + x + '"'
        out = ['"']
        for ch in x:
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif ord(ch) < 0x20:
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(x, dict):
        keys = sorted(x, key=str)
        return "{" + ",".join([_dumps(str(k)) + ":" + _dumps(x[k]) for k in keys]) + "}"
    if isinstance(x, (list, tuple)):
        return "[" + ",".join([_dumps(y) for y in x]) + "]"
    return json.dumps(x)


# ------------------------------------------------------------------ action tokens


def _varint(out, v):
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def _value(out, x, words):
    if x is True:
        out.append(TRUE)
    elif x is False:
        out.append(FALSE)
    elif x is None:
        out.append(NONE)
    elif type(x) is int and 0 <= x < _WORD0:
        out.append(x)
    elif type(x) is int and -_BIG < x < _BIG:
        out.append(INT)
        _varint(out, x * 2 if x >= 0 else -x * 2 - 1)
    elif type(x) is str and x in words and words.index(x) < A_START - _WORDI:
        out.append(_WORDI + words.index(x))
    elif type(x) in (list, tuple):
        out.append(OPEN)
        for y in x:
            _value(out, y, words)
        out.append(CLOSE)
    else:
        s = _dumps(x).encode()
        out.append(JSONV)
        _varint(out, len(s))
        out.extend(s)


def _action(out, a, words):
    """Append the tokens of action a (a list) to out; words holds its strings."""
    if not isinstance(a, (list, tuple)):
        raise ValueError("an action is a list")
    i = 0
    if a and type(a[0]) is str and a[0] in words:
        out.append(_WORD0 + words.index(a[0]))
        i = 1
    else:
        out.append(A_START)
    while i < len(a):
        _value(out, a[i], words)
        i += 1


class Log:
    """The action log held as a save holds it: the words (strings of the actions in
    order of first use, <= 32) and the token bytes, appended action by action, with
    where each action starts. As lists, an action takes 32 to 64 bytes of MicroPython's
    heap (a long game's log 8 to 13 KB, the most that grows through an evening); here
    a few bytes. A save writes these bytes as they are (the same bytes encode_log()
    gives for the same actions), not the whole log encoded again after every step.
    log[i] decodes one action (a new list); len(log), iteration in order, log == list,
    and slices (a list of actions) as for a list."""

    def __init__(self, actions=()):
        self.words = []
        self.data = bytearray()
        self.starts = array("I")
        for a in actions:
            self.append(a)

    def append(self, a):
        words = self.words
        n = len(words)
        out = bytearray()  # the log stays as it was if the action cannot be written
        try:
            for x in a:
                if type(x) is str and x not in words and len(words) < _WORDI - _WORD0:
                    words.append(x)
            _action(out, a, words)
        except (TypeError, ValueError):
            del words[n:]
            raise ValueError("an action is a list of JSON values")
        self.starts.append(len(self.data))
        self.data.extend(out)

    def __len__(self):
        return len(self.starts)

    def __getitem__(self, i):
        n = len(self.starts)
        if type(i) is not int:  # a slice
            return [self[k] for k in range(*i.indices(n))]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        end = self.starts[i + 1] if i + 1 < n else len(self.data)
        return decode_log(self.words, memoryview(self.data)[self.starts[i] : end])[0]

    def __iter__(self):
        for i in range(len(self.starts)):
            yield self[i]

    def __eq__(self, other):
        return isinstance(other, (list, Log)) and list(self) == list(other)


def encode_log(log):
    """(words, token bytes) for a list of actions (each a list), or for a Log."""
    if not isinstance(log, Log):
        log = Log(log)
    return log.words, bytes(log.data)


def _get_varint(data, i):
    v = 0
    shift = 0
    while True:
        b = data[i]
        i += 1
        v |= (b & 0x7F) << shift
        if b < 0x80:
            return v, i
        shift += 7
        if shift > 63:
            raise ValueError("varint too long")


def decode_log(words, data):
    """Inverse of encode_log; ValueError on any malformed byte."""
    log = []
    stack = []  # open lists; stack[0] is the current action
    i = 0
    n = len(data)
    try:
        while i < n:
            b = data[i]
            i += 1
            if (_WORD0 <= b < _WORDI) or b == A_START:
                if len(stack) > 1:
                    raise ValueError("action inside a list")
                cur = []
                log.append(cur)
                stack = [cur]
                if b != A_START:
                    cur.append(words[b - _WORD0])
                continue
            if not stack:
                raise ValueError("value before the first action")
            top = stack[-1]
            if b < _WORD0:
                top.append(b)
            elif b < A_START:
                top.append(words[b - _WORDI])
            elif b == OPEN:
                if len(stack) > 32:
                    raise ValueError("lists nested too deep")
                lst = []
                top.append(lst)
                stack.append(lst)
            elif b == CLOSE:
                if len(stack) < 2:
                    raise ValueError("unbalanced list")
                stack.pop()
            elif b == TRUE:
                top.append(True)
            elif b == FALSE:
                top.append(False)
            elif b == NONE:
                top.append(None)
            elif b == INT:
                v, i = _get_varint(data, i)
                top.append(-((v + 1) >> 1) if v & 1 else v >> 1)
            elif b == JSONV:
                k, i = _get_varint(data, i)
                if i + k > n:
                    raise ValueError("truncated value")
                top.append(json.loads(bytes(data[i : i + k]).decode()))
                i += k
            else:
                raise ValueError("bad token")
    except IndexError:
        raise ValueError("truncated log")
    if len(stack) > 1:
        raise ValueError("unclosed list")
    return log


# ------------------------------------------------------------------ file format


def frame(magic, version, payload):
    """A checked file: magic (2 bytes), version (1 byte), CRC32 of payload (4 bytes,
    big-endian), payload. Shared with core.progress (other magic)."""
    c = crc32(payload)
    return magic + bytes([version, (c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255]) + payload


def pack(game_id, settings, seed, log, n=1):
    """The bytes of one save file."""
    words, body = encode_log(log)
    head = _dumps([game_id, n, settings, seed, words]).encode()
    return frame(MAGIC, VERSION, head + b"\n" + body)


# ------------------------------------------------------------------ storage


def store(storage, game_id, settings, seed, log, n=1):
    """Write copy n (atomic put); copy n-1 in the other file stays as the fallback."""
    storage.put(files(game_id)[n % 2], pack(game_id, settings, seed, log, n))


def remove(storage, game_id, n=None):
    """End of a game: both copies go, the older first (copy n is the newest), so a cut
    in between leaves the game as it was, not one step back."""
    names = files(game_id)
    if n is None:
        n = 1
    storage.delete(names[(n + 1) % 2])
    storage.delete(names[n % 2])
