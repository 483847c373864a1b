"""Build the Tablebox firmware: MicroPython v1.28.0 with the app frozen in, one UF2 a board.

    ./dev firmware                      the four boards -> build/firmware/tablebox-BOARD.uf2
    ./dev firmware --board RPI_PICO     only these boards (repeat the option)
    ./dev firmware --seed 1             SEED = 1 in the frozen firmware/config.py, for the
                                        emulated Pico (its draws then match the simulator's);
                                        -> tablebox-BOARD-seed1.uf2
    ./dev firmware --production         PRODUCTION = True frozen in: watchdog and lightsleep, as
                                        ./dev deploy --production (the same file names)
    ./dev firmware --jobs 4             make's parallel jobs (default: the machine's cores)

BOARDS: RPI_PICO, RPI_PICO_W (RP2040) and RPI_PICO2, RPI_PICO2_W (RP2350, the same pinout),
MicroPython's own board definitions; tools/manifest.py says what is frozen.

Sources, once, under build/firmware/src/: the archives in ../shared/micropython (MicroPython
v1.28.0, the submodules the rp2 port needs, picotool 2.2.0; its README), else a clone of
v1.28.0 with the boards' submodules where a network allows (pico-sdk then fetches picotool
itself). The toolchain is Debian's (gcc-arm-none-eabi, libnewlib-arm-none-eabi and its
C++ headers, cmake, build-essential), installed with apt-get when missing and this is
root, as ./dev test --all does for chromium. picotool (which pico-sdk needs to write a UF2) is
built once into build/firmware/picotool/.

Each board and variant has its cmake build folder (build/firmware/build-BOARD[-production]
[-seedN]), so a rebuild after a change to core/ compiles only the changed modules and
links again. What the manifest takes from the build, tablebox_data.py (the data files as
bytes) and the build's firmware/config.py, is written to build/firmware/gen[-...]/ before
each build, and only when it changed. Last, every UF2 is checked to end below the board's
filesystem region: flashing it never touches the saves.
"""

import argparse
import glob
import os
import re
import shutil
import struct
import subprocess
import sys

from tools import deploy

ROOT = deploy.ROOT
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "micropython"))
WORK = os.path.join(ROOT, "build", "firmware")
SRC = os.path.join(WORK, "src")
MPY = os.path.join(SRC, "micropython")
PICOTOOL = os.path.join(WORK, "picotool")  # install prefix (PICOTOOL_FETCH_FROM_GIT_PATH)
MANIFEST = os.path.join(ROOT, "tools", "manifest.py")
VERSION = "v1.28.0"
REPO = "https://github.com/micropython/micropython"
# board -> its flash size (pico-sdk's boards/*.h); the filesystem is the last
# MICROPY_HW_FLASH_STORAGE_BYTES of it (the board's mpconfigboard.h)
BOARDS = {"RPI_PICO": 2 << 20, "RPI_PICO_W": 2 << 20, "RPI_PICO2": 4 << 20, "RPI_PICO2_W": 4 << 20}
# newlib's C++ headers too: pico-sdk compiles its new/delete (pico_cxx_options) into the image
APT = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib", "cmake", "build-essential")
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
# The family "absolute": pico-sdk starts an RP2350 UF2 with one such block at 0x10ffff00 (the
# workaround for the bootrom's erratum RP2350-E10), which the bootrom drops
UF2_ABSOLUTE = 0xE48BFF57
FLASH_BASE = 0x10000000


class BuildError(Exception):
    pass


def say(msg):
    print("firmware: " + msg, file=sys.stderr, flush=True)


def _run(cmd, log, env=None):
    """Run cmd with its output appended to the file log; BuildError with the tail on failure."""
    with open(log, "a") as f:
        f.write("\n$ %s\n" % " ".join(cmd))
        f.flush()
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
    if p.returncode:
        with open(log) as f:
            tail = f.read()[-3000:]
        raise BuildError("%s failed (exit %d); the end of %s:\n%s" % (cmd[0], p.returncode, log, tail))


def toolchain(log):
    """Debian's cross compiler, newlib, cmake and a host compiler; installed when missing."""
    newlib = os.path.isfile("/usr/lib/arm-none-eabi/include/stdio.h") and os.path.isdir("/usr/lib/arm-none-eabi/include/c++")
    missing = [t for t in ("arm-none-eabi-gcc", "cmake", "make", "c++") if shutil.which(t) is None]
    if not missing and newlib:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise BuildError("missing %s: install the Debian packages %s" % (
            ", ".join(missing + ([] if newlib else ["newlib"])), " ".join(APT)))
    say("installing the toolchain with apt-get (%s; a few minutes)" % " ".join(APT))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    _run(["apt-get", "update", "-qq"], log, env)
    _run(["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + list(APT), log, env)


def sources(log):
    """MicroPython with its submodules under SRC: from ../shared/micropython's archives (and
    picotool's), else cloned. Returns True when picotool's sources are there too."""
    stamp = os.path.join(SRC, ".unpacked")
    archives = sorted(glob.glob(os.path.join(SHARED, "*.tar.xz")))
    want = "\n".join("%s %d" % (os.path.basename(a), os.path.getsize(a)) for a in archives)
    if archives:
        if _read(stamp) != want:
            say("unpacking MicroPython %s from %s (once)" % (VERSION, os.path.relpath(SHARED, ROOT)))
            shutil.rmtree(SRC, ignore_errors=True)
            os.makedirs(SRC)
            for a in archives:
                _run(["tar", "-xJf", a, "-C", SRC], log)
            _write(stamp, want)
        return os.path.isdir(os.path.join(SRC, "picotool"))
    if not os.path.isfile(os.path.join(MPY, "py", "mpconfig.h")):
        say("no %s: cloning MicroPython %s with its submodules" % (SHARED, VERSION))
        shutil.rmtree(SRC, ignore_errors=True)
        os.makedirs(SRC)
        _run(["git", "clone", "--depth", "1", "--branch", VERSION, REPO, MPY], log)
        for board in BOARDS:
            _run(["make", "-C", os.path.join(MPY, "ports", "rp2"), "BOARD=" + board, "submodules"], log)
    return False


def picotool(log, jobs):
    """Build picotool once (no USB: it only writes UF2s here); its install prefix."""
    if glob.glob(os.path.join(PICOTOOL, "**", "picotool"), recursive=True):
        return PICOTOOL
    say("building picotool (once)")
    build = os.path.join(WORK, "picotool-build")
    _run(["cmake", "-S", os.path.join(SRC, "picotool"), "-B", build,
          "-DPICO_SDK_PATH=" + os.path.join(MPY, "lib", "pico-sdk"), "-DPICOTOOL_NO_LIBUSB=1",
          "-DPICOTOOL_FLAT_INSTALL=1", "-DCMAKE_INSTALL_PREFIX=" + PICOTOOL], log)
    _run(["make", "-C", build, "-j", str(jobs), "install"], log)
    return PICOTOOL


def frozen_data(phones=False):
    """tablebox_data.py: every data file of the core (deploy.data_files()) as a bytes
    constant, by its path under core/ (core.open_data's names), in sorted order; with
    phones (the W boards: firmware/radio.py) the phones' page too."""
    out = ['"""Generated by tools/firmware.py: the core\'s data files, frozen (core.open_data)."""',
           "", "FILES = {"]
    for rel in deploy.data_files() + (["core/phone.html"] if phones else []):
        with open(os.path.join(ROOT, rel), "rb") as f:
            data = f.read()
        out.append("    %r: %r," % (rel[len("core/"):], data))
    out.append("}")
    return "\n".join(out) + "\n"


PHONES_ONLY = ("dns.py", "radio.py")  # firmware/'s modules only a W board runs (boot() makes a Radio)


def phones_manifest(phones):
    """phones_manifest.py, which tools/manifest.py includes: on the W boards the radio's
    modules (PHONES_ONLY) and the QR encoder its pairing draws with (Adafruit's miniQR,
    installed with the dev tools); else nothing (RPI_PICO's flash is nearly full)."""
    if not phones:
        return "# no radio on this board: nothing of the phones' network is frozen\n"
    import adafruit_miniqr

    return ("package(\"firmware\", files=%r, base_path=%r)  # noqa: F821\n" % (PHONES_ONLY, ROOT)
            + "module(%r, base_path=%r)  # noqa: F821\n" % ("adafruit_miniqr.py", os.path.dirname(adafruit_miniqr.__file__)))


def generate(gen, seed, production=False, board="RPI_PICO"):
    """Write what the manifest takes from $(TABLEBOX_GEN), leaving unchanged files alone:
    the data module, the phones' part (phones_manifest) and firmware/config.py for this
    build (deploy.config_text)."""
    phones = board.endswith("_W")
    _write(os.path.join(gen, "tablebox_data.py"), frozen_data(phones), keep=True)
    _write(os.path.join(gen, "phones_manifest.py"), phones_manifest(phones), keep=True)
    try:
        config = deploy.config_text(production, seed)
    except deploy.DeployError as e:
        raise BuildError(str(e))
    _write(os.path.join(gen, "firmware", "config.py"), config, keep=True)


def name(board, seed):
    """The UF2's name: tablebox-BOARD[-seedN].uf2."""
    return "tablebox-%s%s.uf2" % (board, "" if seed is None else "-seed%d" % seed)


def build(board, seed, jobs, tool, log, production=False):
    """Configure (once) and make one board; the path of its UF2 in WORK. Each variant (seed,
    production) has its own generated files and build folders."""
    variant = ("-production" if production else "") + ("" if seed is None else "-seed%d" % seed)
    gen = os.path.join(WORK, "gen-" + board + variant)
    generate(gen, seed, production, board)
    folder = os.path.join(WORK, "build-" + board + variant)
    port = os.path.join(MPY, "ports", "rp2")
    cache = _read(os.path.join(folder, "CMakeCache.txt")) or ""
    if not os.path.isfile(os.path.join(folder, "Makefile")) or "TABLEBOX_GEN:UNINITIALIZED=%s\n" % gen not in cache:
        _run(["cmake", "-S", port, "-B", folder, "-DPICO_BUILD_DOCS=0",
              "-DMICROPY_BOARD=" + board, "-DMICROPY_BOARD_DIR=" + os.path.join(port, "boards", board),
              "-DMICROPY_FROZEN_MANIFEST=" + MANIFEST, "-DMICROPY_MANIFEST_TABLEBOX_GEN=" + gen], log, _env(tool))
    frozen = os.path.join(folder, "frozen_content.c")
    lists = (MANIFEST, os.path.join(gen, "phones_manifest.py"))
    if os.path.exists(frozen) and max(os.path.getmtime(p) for p in lists) > os.path.getmtime(frozen):
        os.remove(frozen)  # makemanifest remakes it only for a frozen file newer: one taken out would stay
    _run(["make", "-C", folder, "-j", str(jobs)], log, _env(tool))
    uf2 = os.path.join(WORK, name(board, seed))
    shutil.copyfile(os.path.join(folder, "firmware.uf2"), uf2 + ".tmp")
    used, room = check_fits(uf2 + ".tmp", board)
    os.replace(uf2 + ".tmp", uf2)  # whoever reads the old one (an emulator starting) reads it whole
    say("%s: %d KB of the %d KB below the filesystem" % (os.path.relpath(uf2, ROOT), used, room))
    return uf2


def _env(tool):
    env = dict(os.environ, **version())
    if tool:  # else pico-sdk clones and builds picotool itself
        env["PICOTOOL_FETCH_FROM_GIT_PATH"] = tool
    return env


def version():
    """What MicroPython's makeversionhdr.py takes from the environment: the banner's version
    ("MicroPython v1.28.0+tablebox.1a2b3c4 on 2026-11-28", ".dirty" for uncommitted changes)
    and the build date, the commit's (a build of a commit is the same on any day). Without
    them it would describe the git repository the sources sit in: this project's."""
    def git(*args):
        p = subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True)
        return p.stdout.strip() if p.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    tag = VERSION + "+tablebox" + ("." + commit if commit else "")
    if commit and git("status", "--porcelain", "--untracked-files=no"):
        tag += ".dirty"
    env = {"MICROPY_GIT_TAG": tag, "MICROPY_GIT_HASH": commit or "<no hash>"}
    when = git("log", "-1", "--format=%ct")
    if when:
        env["SOURCE_DATE_EPOCH"] = when
    return env


def storage_bytes(board):
    """MICROPY_HW_FLASH_STORAGE_BYTES of the board (mpconfigboard.h), in bytes."""
    text = _read(os.path.join(MPY, "ports", "rp2", "boards", board, "mpconfigboard.h"))
    expr = re.search(r"MICROPY_HW_FLASH_STORAGE_BYTES\s+(.+)", text).group(1)
    return eval(expr.replace("PICO_FLASH_SIZE_BYTES", str(BOARDS[board])), {})


def uf2_extent(path):
    """(lowest, highest + 1) flash address the UF2 writes."""
    lo, hi = None, 0
    with open(path, "rb") as f:
        data = f.read()
    for off in range(0, len(data) - 511, 512):
        m0, m1, flags, addr, size, _, _, family = struct.unpack_from("<8I", data, off)
        if (m0, m1) != UF2_MAGIC or flags & 1:  # flag 1: not main flash
            continue
        if flags & 0x2000 and family == UF2_ABSOLUTE:  # RP2350-E10's dummy block, never written
            continue
        lo = addr if lo is None else min(lo, addr)
        hi = max(hi, addr + size)
    if lo is None:
        raise BuildError("%s holds no block for the flash" % path)
    return lo, hi


def check_fits(uf2, board):
    """The UF2 must end below the filesystem: flashing it keeps the saves. Returns (KB it
    writes, KB below the filesystem)."""
    fs_start = FLASH_BASE + BOARDS[board] - storage_bytes(board)
    lo, hi = uf2_extent(uf2)
    if hi > fs_start:
        raise BuildError("%s writes up to 0x%08x, into the filesystem at 0x%08x" % (uf2, hi, fs_start))
    return (hi - lo + 1023) // 1024, (fs_start - FLASH_BASE) // 1024


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _write(path, text, keep=False):
    if keep and _read(path) == text:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="./dev firmware", description=__doc__.split("\n")[0])
    ap.add_argument("--board", action="append", choices=sorted(BOARDS), help="only this board (repeatable)")
    ap.add_argument("--seed", type=int, help="SEED in the frozen firmware/config.py (measurements)")
    ap.add_argument("--production", action="store_true",
                    help="PRODUCTION in the frozen firmware/config.py: watchdog and lightsleep (as deploy's)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args(argv)
    os.makedirs(WORK, exist_ok=True)
    log = os.path.join(WORK, "build.log")
    _write(log, "")
    try:
        toolchain(log)
        tool = picotool(log, args.jobs) if sources(log) else None
        for board in args.board or list(BOARDS):
            say("building %s%s (log: %s)" % (name(board, args.seed), " (production)" if args.production else "",
                                             os.path.relpath(log, ROOT)))
            build(board, args.seed, args.jobs, tool, log, args.production)
    except BuildError as e:
        say(str(e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
