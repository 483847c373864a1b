"""Run Python code under real MicroPython (the official WebAssembly port, via node).

Helper for tests, not a test module:

    from tests.mpwasm import run_micropython
    out = run_micropython("import core.rng\\nprint(core.rng.Rng(1).below(6))")

The node side is tests/mp/run.mjs; it copies core/ (and any extra `paths`) into the wasm
filesystem and runs the script. Without node or tests/mp/node_modules the call FAILS with
a message to run `./dev setup`; set TABLEBOX_NO_MICROPYTHON=1 to skip those tests instead.
MP_HEAP (bytes, or with k/m suffix) sets the MicroPython GC heap; default 4m.
"""

import os
import shutil
import subprocess

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MP_DIR = os.path.join(REPO, "tests", "mp")
RUNNER = os.path.join(MP_DIR, "run.mjs")
PACKAGE_DIR = os.path.join(
    MP_DIR, "node_modules", "@micropython", "micropython-webassembly-pyscript"
)
SKIP_ENV = "TABLEBOX_NO_MICROPYTHON"


def _node():
    return shutil.which("node")


def _missing():
    """Why MicroPython can't run here, or None when it can."""
    if _node() is None:
        return "node is not on PATH"
    if not os.path.isfile(os.path.join(PACKAGE_DIR, "micropython.mjs")):
        return "tests/mp/node_modules has no MicroPython WebAssembly port"
    return None


def mp_available():
    """True when node and the MicroPython WebAssembly port are installed."""
    return _missing() is None


def _require():
    why = _missing()
    if why is None:
        return
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip("MicroPython tests skipped (%s=1): %s" % (SKIP_ENV, why))
    pytest.fail(
        "Cannot run core/ under MicroPython: %s. Run `./dev setup` (needs Node.js >= 20; "
        "it runs `npm ci --prefix tests/mp`), or set %s=1 to skip these tests."
        % (why, SKIP_ENV),
        pytrace=False,
    )


def require():
    """Fail (or skip with TABLEBOX_NO_MICROPYTHON=1) unless MicroPython can run here: for
    tests that run the port by another driver than run_micropython()."""
    _require()


def run_micropython(script, paths=(), timeout=120):
    """Run `script` under MicroPython with core/ importable; return its stdout.

    `paths`: extra directories (repo-relative or absolute) copied into the wasm
    filesystem, e.g. ("host_sim",) -> importable as host_sim.
    Raises AssertionError with the MicroPython traceback if the script fails.
    """
    _require()
    cmd = [_node(), RUNNER]
    for p in paths:
        cmd += ["--path", str(p)]
    cmd += [REPO, "-"]
    try:
        proc = subprocess.run(
            cmd,
            input=script.encode("utf-8"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            timeout=timeout,
            cwd=REPO,
        )
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        raise AssertionError(
            "MicroPython run timed out after %ss; stdout so far:\n%s" % (timeout, out[-4000:])
        )
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise AssertionError(
            "MicroPython script failed (exit %d):\n%s\n--- stdout ---\n%s"
            % (proc.returncode, err.rstrip(), out[-4000:])
        )
    return out
