"""File-backed storage for the simulator (CPython only): one file per name in a folder.

put() is atomic like the device's littlefs adapter: the bytes go to a temporary file in
the same folder, are flushed to disk, and os.replace() swaps it in, so a crash or a
Ctrl-C leaves either the old file or the new one, never half of one. Quitting the
simulator is therefore a power cut: the next start resumes from what was committed.
"""

import os

_TMP = ".tmp"


class FileStorage:
    def __init__(self, root):
        self.root = os.path.abspath(os.path.expanduser(root))
        os.makedirs(self.root, exist_ok=True)

    def _path(self, name):
        if not name or "/" in name or "\\" in name or name.startswith(".") or name.endswith(_TMP):
            raise ValueError("bad storage name: %r" % (name,))
        return os.path.join(self.root, name)

    def get(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None

    def put(self, name, data):
        path = self._path(name)
        tmp = os.path.join(self.root, "." + name + _TMP)
        with open(tmp, "wb") as f:
            f.write(bytes(data))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)

    def delete(self, name):
        try:
            os.remove(self._path(name))
        except FileNotFoundError:
            pass

    def list(self):
        return sorted(
            n
            for n in os.listdir(self.root)
            if not n.startswith(".") and not n.endswith(_TMP) and os.path.isfile(os.path.join(self.root, n))
        )
