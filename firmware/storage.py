"""Storage adapter: flat names ("settings.json", "g23.sav") in one folder on the flash.

put() is atomic: write name + ".tmp", then rename over the target. On the Pico's littlefs
rename replaces the target atomically, so after a power cut the file is either the old
or the new content, never half. (On FAT, which refuses to rename over an existing file,
the target is removed first: not atomic, only used when rename says EEXIST.)

Runs on MicroPython and CPython (Blinka). `fs` and `opener` default to os and open; a
test can pass a littlefs image instead.
"""

import os

from core import const

_EEXIST = const(17)
TMP = ".tmp"


class Storage:
    def __init__(self, root="/data", fs=None, opener=None):
        self.root = root
        self._os = fs if fs is not None else os
        self._open = opener if opener is not None else open
        self._ready = False

    def _path(self, name):
        if not name or "/" in name or name[0] == "." or name.endswith(TMP):
            raise ValueError("bad storage name: %r" % (name,))
        return self.root + "/" + name

    def _mkdir(self):
        if not self._ready:
            try:
                self._os.mkdir(self.root)
            except OSError:
                pass  # already there
            self._ready = True

    def get(self, name):
        path = self._path(name)
        try:
            with self._open(path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def put(self, name, data):
        path = self._path(name)
        self._mkdir()
        tmp = path + TMP
        with self._open(tmp, "wb") as f:
            f.write(data)
        try:
            self._os.rename(tmp, path)
        except OSError as e:
            if not e.args or e.args[0] != _EEXIST:
                raise
            self._os.remove(path)
            self._os.rename(tmp, path)

    def delete(self, name):
        try:
            self._os.remove(self._path(name))
        except OSError:
            pass

    def list(self):
        try:
            names = self._os.listdir(self.root)
        except OSError:
            return []
        return sorted(n for n in names if not n.endswith(TMP))
