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
  app.json          {repo path: source} of every .py under core/ and web/ and the data files, one request
  icon-192.png, icon-512.png   the install icons, drawn here with the core's own frame
and returns the folder. serve(out, port) starts a static server on 127.0.0.1 only, in a
thread, and returns it (server.server_address has the port; shutdown() stops it).
"""

import argparse
import functools
import hashlib
import http.server
import base64
import json
import os
import re
import shutil
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
PORT = 8023
PORT_DIR = os.path.join(ROOT, "tests", "mp", "node_modules", "@micropython", "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PY_DIRS = ("core", "web")
BUILD_LINE = re.compile(r"^const BUILD = .*;$", re.M)
TYPES = {  # what mimetypes may not know
    ".mjs": "text/javascript",  # module scripts load only with a JavaScript type
    ".wasm": "application/wasm",  # else WebAssembly.instantiateStreaming refuses it
    ".webmanifest": "application/manifest+json",
}


class BuildError(Exception):
    pass


def sources():
    """{repo-relative path: text} of every .py and data file under PY_DIRS: the text
    tables (.txt) as they are, the large face's glyphs (.bin) in base64."""
    out = {}
    for top in PY_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames[:] = [d for d in dirnames if d != "__pycache__"]
            for f in filenames:
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                if f.endswith(".py") or f.endswith(".txt"):
                    with open(path, encoding="utf-8") as fh:
                        out[rel] = fh.read()
                elif f.endswith(".bin"):
                    with open(path, "rb") as fh:
                        out[rel] = base64.b64encode(fh.read()).decode()
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
    with open(os.path.join(out, "app.json"), "w", encoding="utf-8") as f:
        json.dump(sources(), f, sort_keys=True, separators=(",", ":"))
    icon(os.path.join(out, "icon-192.png"), 192)
    icon(os.path.join(out, "icon-512.png"), 512)
    files = sorted(os.listdir(out))
    digest = hashlib.sha256()
    for name in files:
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    with open(os.path.join(WEB, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    build_line = "const BUILD = %s;" % json.dumps({"version": digest.hexdigest()[:16], "files": ["./"] + files})
    sw, n = BUILD_LINE.subn(lambda m: build_line, sw)
    if n != 1:
        raise BuildError("web/sw.js needs exactly one line `const BUILD = ...;`")
    with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as f:
        f.write(sw)
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # a rebuild shows on the next load
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(out=OUT, port=PORT):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Handler, directory=out))
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
