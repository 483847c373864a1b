"""Programs under the MicroPython WebAssembly port: the file trees they import from and one
run of a program (tools/bench/wasm.mjs under node).

A tree is core/ plus the few other files the programs need (TREE_FILES), as .py or
compiled by mpy-cross, optionally with every text table emptied. run() returns the
program's last stdout line parsed as JSON, plus the whole stdout; a failed run raises
SystemExit with MicroPython's traceback.
"""

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

# Files the programs need besides core/ (all of core/ goes in).
TREE_FILES = (
    "firmware/__init__.py",
    "firmware/ssd1306.py",
    "firmware/storage.py",
    "host_sim/__init__.py",
    "host_sim/script.py",
    "tools/bench/mp/harness.py",
    "tools/bench/mp/speed.py",
)
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
            if f.endswith((".py", ".txt", ".bin")):  # the code and its data files
                out.append(os.path.relpath(os.path.join(d, f), ROOT))
    return out


def module_name(rel):
    m = rel[:-3].replace(os.sep, ".")
    return m[: -len(".__init__")] if m.endswith(".__init__") else m


def is_table(rel):
    """A text table file (core/lang/<source>_<lang>.txt)."""
    return rel.replace(os.sep, "/").startswith("core/lang/") and rel.endswith(".txt")


def build_tree(dst, mpy, no_text=False):
    """Copy (or mpy-cross) core/ and TREE_FILES into dst; no_text: every text table in
    core/lang keeps only its comment line (t() then answers with the keys)."""
    for rel in core_files() + list(TREE_FILES):
        with open(os.path.join(ROOT, rel), "rb") as f:
            src = f.read()
        if no_text and is_table(rel):
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
    out = {}
    for name, (mpy, no_text) in TREES.items():
        out[name] = os.path.join(tmp, name)
        build_tree(out[name], mpy, no_text)
    return out


def run(name, tree, tmp, data, heap=None, timeout=600):
    """Run the program tools/bench/mp/<name>.py on `tree`; `data` (JSON) is
    /bench_data.json there (a str: /bench_data.txt, for a program that must not hold it
    all in the heap it measures). heap: the port's GC heap in bytes, fixed (wasm.mjs's
    MP_HEAP_FIXED: an allocation that does not fit raises MemoryError); by default the
    port starts at 4 MB and grows.

    Data travels as a file, not as literals in the program: literals would be compiled,
    and short strings interned as qstrs, into the heap being measured."""
    d = tempfile.mkdtemp(dir=tmp)
    if isinstance(data, str):  # text the program reads a line at a time: /bench_data.txt
        with open(os.path.join(d, "bench_data.txt"), "w", encoding="utf-8") as f:
            f.write(data)
    else:
        with open(os.path.join(d, "bench_data.json"), "w") as f:
            json.dump(data, f)
    env = dict(os.environ, MP_HEAP=str(heap), MP_HEAP_FIXED="1") if heap else None
    p = subprocess.run(["node", DRIVER, ROOT, program(name), tree, d], capture_output=True, text=True,
                       timeout=timeout, env=env)
    if p.returncode:
        raise SystemExit("MicroPython run of %s failed:\n%s" % (name, p.stderr[-3000:]))
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["stdout"] = p.stdout
    return out

