"""Translated text: English, German and Dutch, one language in memory at a time.

use(source) registers a text source: "ui" for the core, a game's id for a game; drop()
forgets it again. Its words live in core/lang/<source>_<lang>.txt, one `key=text` line
per key, sorted by key (a `\\n` in the text is a line break; lines starting with # are
comments). t(key, *args) looks the key up in the current language's tables and formats it
with str.format(*args). A key missing in German or Dutch falls back to English; a key
missing everywhere comes back as the key itself (visible in tests, never a crash).

The words stay on flash. Loading a table reads its file once and keeps only an index,
6 bytes a key (16 bits of the key's hash, where its line starts, how long it is), and the
open file (~1.2 KB on the Pico's littlefs; in the Tablebox firmware a small reader of the
frozen bytes, core.open_data); a lookup finds the hash in the index (bytes.find, C speed),
reads that one line
and checks its key, so a hash that differs between interpreters (CPython salts it) changes
no result. A table held as a dict of strings took ~68 bytes a key on the Pico's heap (two
string objects of 16-byte blocks each), 6.5 KiB for the core's words alone. The last
texts looked up are kept (core.Recent): a screen drawn again (a cursor move) reads no
file. set_lang(), use() and drop() close the tables they forget and empty that cache.
"""

from array import array

from core import Recent, open_data

LANGS = ("en", "de", "nl")
_lang = "en"
_sources = []  # registered sources, in registration order
_tables = {}  # "<source>_<lang>" -> _Table of the loaded tables
# key -> text (unformatted) of the latest lookups. 24 (16 before): a turn of Man muss auch
# gönnen looked up 4 texts again from flash (1.7 ms of its roll's 50 on the Pico), now 0-1;
# 0.4-0.6 KB more at the long games' heap peaks (tools.bench.heap).
_recent = Recent(24)
_lists = {}  # lang -> [_Table of each source, in _sources order]
_own = {}  # a source's name as bytes -> its place in _sources (see _find)


def set_lang(code):
    global _lang
    if code not in LANGS:
        raise ValueError("unknown language " + str(code))
    if code != _lang:
        for name in list(_tables):
            _tables.pop(name).close()
        _forget()
        _lang = code


def lang():
    return _lang


def use(source):
    if source not in _sources:
        _sources.append(source)
        _forget()  # a key the new source has may have come back as the key itself


def drop(source):
    """Unregister a source (a game the box has left) and forget its loaded tables."""
    if source in _sources:
        _sources.remove(source)
    _forget()
    for code in LANGS:
        table = _tables.pop(source + "_" + code, None)
        if table is not None:
            table.close()


def _forget():
    global _own
    _recent.clear()
    _lists.clear()
    _own = {_sources[i].encode(): i for i in range(len(_sources))}


def preload(source):
    """Index `source`'s table of the current language now (idle time, see App.warm), not
    at its first lookup."""
    _table(_lang, source)


def path(source, code):
    """The table's name for core.open_data()."""
    return "lang/" + source + "_" + code + ".txt"


def lines(data):
    """(start, key end, line end) of every `key=text` line in a table file's bytes."""
    pos = 0
    size = len(data)
    while pos < size:
        end = data.find(b"\n", pos)
        if end < 0:
            end = size
        eq = data.find(b"=", pos, end)
        if eq > pos and data[pos] != 35:  # 35: "#", a comment
            yield pos, eq, end
        pos = end + 1


def _unescape(s):
    return s.replace("\\n", "\n") if "\\" in s else s


def read(source, code):
    """The whole table as {key: text} ({} when the file is missing): for tests and tools;
    the box itself never builds this dict."""
    try:
        with open_data(path(source, code)) as f:
            data = f.read()
    except OSError:
        return {}
    return {data[a:k].decode(): _unescape(data[k + 1 : e].decode()) for a, k, e in lines(data)}


def _hash(key):
    return (hash(key) & 0xFFFF).to_bytes(2, "little")


class _Table:
    """One table file: its index in RAM, its text on flash (an empty index without a file).
    hashes: 2 bytes a key (searched with bytes.find, whose time grows with the length);
    spans: 2 numbers a key (an array of 16-bit numbers), where its line starts and how
    long it is, at the same place as its hash in hashes: read without slicing."""

    def __init__(self, name):
        self.file = None
        self.hashes = b""
        self.spans = array("H")
        try:
            f = open_data(name)
        except OSError:  # a source without this language: its keys fall back
            return
        data = f.read()
        hashes = bytearray()
        spans = self.spans
        for a, k, e in lines(data):
            hashes += _hash(data[a:k])
            spans.append(a)
            spans.append(e - a)
        self.hashes = bytes(hashes)
        self.file = f

    def get(self, key, h):
        """The text of `key` (bytes) whose _hash() is h, or None."""
        hashes = self.hashes
        i = hashes.find(h)
        while i >= 0:
            if not i & 1:  # a hash, not bytes that straddle two entries
                f = self.file
                f.seek(self.spans[i])
                line = f.read(self.spans[i + 1])
                n = len(key)
                if line[:n] == key and line[n : n + 1] == b"=":
                    return _unescape(line[n + 1 :].decode())
            i = hashes.find(h, i + 1)
        return None

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None


def _table(code, source):
    name = source + "_" + code
    table = _tables.get(name)
    if table is None:
        table = _tables[name] = _Table(path(source, code))
    return table


def _find(code, key, h):
    tables = _lists.get(code)
    if tables is None:
        tables = _lists[code] = [_table(code, source) for source in _sources]
    # A game's keys start with its id and a dot ("drws.k.c20"): its table first, not
    # after a search of the core's in vain (~0.2 ms of a lookup's 0.8 on the Pico).
    own = _own.get(key[: key.find(b".")]) if b"." in key else None
    if own is not None:
        s = tables[own].get(key, h)
        if s is not None:
            return s
    for i in range(len(tables)):
        if i != own:
            s = tables[i].get(key, h)
            if s is not None:
                return s
    return None


def t(key, *args):
    s = _recent.new.get(key)  # Recent.get without its call, for a text looked up lately
    if s is None:
        s = _recent.get(key)
    if s is None:
        k = key.encode()
        h = _hash(k)
        s = _find(_lang, k, h)
        if s is None and _lang != "en":
            s = _find("en", k, h)
        if s is None:
            s = key
        _recent.put(key, s)
    return s.format(*args) if args else s


def row(key, names, *args):
    """t(key, *names, *args) in one row of 21 characters (a last action under a turn's
    title): each name cut to 8 letters, all of them shorter while it is still too long."""
    k = 8
    while True:
        x = t(key, *([n[:k] for n in names] + list(args)))
        if len(x) <= 21 or k == 1:
            return x
        k -= 1
