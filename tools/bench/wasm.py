"""Programs of tools/bench/mp/ under the MicroPython WebAssembly port (wasm.mjs): build_tree()
makes the file tree they import from, run() runs one."""

import json
import os
import shutil
import subprocess
import tempfile

from tools.bench import ROOT, program
from tools.bench.environment import mpy_cross

DRIVER = os.path.join(ROOT, "tools", "bench", "wasm.mjs")
PORT = os.path.join(ROOT, "tests", "mp", "node_modules", "@micropython", "micropython-webassembly-pyscript",
                    "micropython.mjs")

TREE_FILES = ("firmware/__init__.py", "firmware/ssd1306.py", "firmware/storage.py", "host_sim/__init__.py",
              "host_sim/script.py", "tools/bench/mp/harness.py")  # besides core/
# the port's heap size whose GC heap is the Pico's (the stock RPI_PICO firmware's 241,456 B free and
# 4,432 B used at the bare REPL) and a 4,096 B reserve (run_heap.py's); the rest is its block tables
PICO_MP_HEAP = 255894
# name: (compiled by mpy-cross, every text table emptied)
TREES = {"py": (False, False), "mpy": (True, False), "mpy-notext": (True, True)}


def missing():
    """Why programs cannot run here, or None."""
    if not shutil.which("node"):
        return "node is not on PATH"
    if not os.path.isfile(PORT):
        return "no MicroPython WebAssembly port in tests/mp/node_modules (./dev setup)"
    return None


def core_files():
    out = []
    for d, dirs, files in os.walk(os.path.join(ROOT, "core")):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith((".py", ".txt", ".bin", ".html")):  # the code and its data files (the phones' page)
                out.append(os.path.relpath(os.path.join(d, f), ROOT))
    return out


def module_name(rel):
    m = rel[:-3].replace(os.sep, ".")
    return m[: -len(".__init__")] if m.endswith(".__init__") else m


def build_tree(dst, mpy, no_text=False):
    """Copy (or mpy-cross) core/ and TREE_FILES into dst."""
    for rel in core_files() + list(TREE_FILES):
        with open(os.path.join(ROOT, rel), "rb") as f:
            src = f.read()
        if no_text and rel.startswith(os.path.join("core", "lang", "")) and rel.endswith(".txt"):
            # a text table keeps only its comment line: t() answers with the keys
            src = src[: src.index(b"\n") + 1]
        out = os.path.join(dst, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(out, "wb") as f:
            f.write(src)
        if mpy and rel.endswith(".py"):
            p = subprocess.run([mpy_cross(), "-o", out[:-3] + ".mpy", "-s", rel, out], capture_output=True, text=True)
            if p.returncode:
                raise SystemExit("mpy-cross failed on %s:\n%s" % (rel, p.stderr))
            os.remove(out)


def build_trees(tmp):
    """Every tree of TREES under tmp: {name: path}."""
    for name, (mpy, no_text) in TREES.items():
        build_tree(os.path.join(tmp, name), mpy, no_text)
    return {name: os.path.join(tmp, name) for name in TREES}


def run(name, tree, tmp, data, heap=None, timeout=600):
    """The last stdout line (JSON, with "stdout": all of it) of tools/bench/mp/<name>.py on
    `tree`, `data` in /bench_data.json (a str: /bench_data.txt), a file, not literals the
    heap measured would hold. heap: the port's GC heap in bytes, fixed (MP_HEAP_FIXED)."""
    d = tempfile.mkdtemp(dir=tmp)
    text = isinstance(data, str)
    with open(os.path.join(d, "bench_data." + ("txt" if text else "json")), "w", encoding="utf-8") as f:
        f.write(data if text else json.dumps(data))
    env = dict(os.environ, MP_HEAP=str(heap), MP_HEAP_FIXED="1") if heap else None
    p = subprocess.run(["node", DRIVER, ROOT, program(name), tree, d], capture_output=True, text=True,
                       timeout=timeout, env=env)
    if p.returncode:
        raise SystemExit("MicroPython run of %s failed:\n%s" % (name, p.stderr[-3000:]))
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["stdout"] = p.stdout
    return out

