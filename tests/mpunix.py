"""MicroPython's unix port, built once from ../shared/micropython (its README: the
MicroPython v1.28.0 archive with mbedtls and micropython-lib, `make -C ports/unix
MICROPY_PY_BTREE=0`, about 30 s on two cores) into build/unix/micropython. It has socket
and select, so the phones' server (firmware/phoneserver.py) runs under real MicroPython
here. Helper for tests, not a test module: unix_micropython() is the binary's path, or
skips the test saying why it cannot be built here.
"""

import os
import shutil
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared", "micropython"))
WORK = os.path.join(REPO, "build", "unix")
BINARY = os.path.join(WORK, "micropython")
ARCHIVES = ("micropython-1.28.0.tar.xz", "lib-mbedtls.tar.xz", "lib-micropython-lib.tar.xz")


def unix_micropython():
    if os.access(BINARY, os.X_OK):
        return BINARY
    missing = [a for a in ARCHIVES if not os.path.isfile(os.path.join(SHARED, a))]
    if missing:
        pytest.skip("no %s in ../shared/micropython to build the unix port from" % ", ".join(missing))
    for tool in ("make", "gcc", "pkg-config", "tar"):
        if not shutil.which(tool):
            pytest.skip("no %s to build MicroPython's unix port" % tool)
    src = os.path.join(WORK, "src")
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    for a in ARCHIVES:
        subprocess.run(["tar", "-xJf", os.path.join(SHARED, a), "-C", src], check=True)
    port = os.path.join(src, "micropython", "ports", "unix")
    out = subprocess.run(["make", "-C", port, "MICROPY_PY_BTREE=0", "-j%d" % (os.cpu_count() or 2)],
                         capture_output=True, text=True)
    if out.returncode:
        pytest.skip("MicroPython's unix port did not build (libffi-dev?): %s" % out.stderr.strip().splitlines()[-1:])
    shutil.copy(os.path.join(port, "build-standard", "micropython"), BINARY)
    shutil.rmtree(src)
    return BINARY
