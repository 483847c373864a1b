"""The MicroPython runner works, and core gives byte-identical results on both runtimes."""

import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

from tests.mpwasm import run_micropython  # noqa: E402

pytestmark = pytest.mark.micropython  # a slow tier: ./dev test --all (tests/conftest.py)

# Runs unchanged on CPython and MicroPython; prints only ints, strings and lists of them.
SNIPPET = r"""
import core.rng
from core import TICKS_PERIOD, ticks_add, ticks_diff
import core.prompts as prompts
import core.playout as playout

r = core.rng.Rng(12345)
print("below", [r.below(1000) for _ in range(50)])
print("state", r.state)

r = core.rng.Rng(7)
print("shuffle", r.shuffle(list(range(20))))
print("shuffle2", r.shuffle(["a", "b", "c", "d", "e", "f"]))
print("dice", [core.rng.Rng(s).below(6) + 1 for s in range(30)])
print("zero", core.rng.Rng(0).next32(), core.rng.Rng(1 << 32).next32())
print("big", [core.rng.Rng(99).below(n) for n in (1, 2, 3, 1 << 31, (1 << 32) - 1)])

near = TICKS_PERIOD - 5
print("period", TICKS_PERIOD)
print("add", ticks_add(near, 10), ticks_add(3, -10))
print("diff", ticks_diff(ticks_add(near, 10), near), ticks_diff(near, ticks_add(near, 10)))
print("diff0", ticks_diff(5, 5), ticks_diff(0, TICKS_PERIOD - 1))

n = prompts.Number("How many?", 1, 6, lambda v: ["n", v], initial=9)
print("number", n.kind, n.initial, list(playout.domain(n)), n.answer(4))
c = prompts.Choice("Pick", ["x", "y", "z"], lambda i: ["c", i])
print("choice", c.kind, list(playout.domain(c)), c.answer(2), prompts.is_prompt(c))
try:
    prompts.Number("bad", 3, 1, None)
except ValueError as e:
    print("error", e)
"""


def _cpython(script):
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode("utf-8")


def test_core_is_byte_identical_on_micropython_and_cpython():
    expected = _cpython(SNIPPET)
    got = run_micropython(SNIPPET)
    assert "below [" in expected and expected.count("\n") >= 10
    assert got == expected


def test_runs_under_real_micropython():
    out = run_micropython("import sys\nprint(sys.implementation.name)\n")
    assert out == "micropython\n"


def test_unicode_output_passes_through_raw():
    out = run_micropython('print("Grüße, één, ß")\n')
    assert out == "Grüße, één, ß\n"


def test_extra_path_is_importable(tmp_path):
    pkg = tmp_path / "extra_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("VALUE = 42\n")
    out = run_micropython("import extra_pkg\nprint(extra_pkg.VALUE)\n", paths=[str(pkg)])
    assert out == "42\n"


def test_raising_script_fails_with_the_traceback():
    script = 'print("before")\ndef boom():\n    raise ValueError("kaboom 17")\nboom()\n'
    with pytest.raises(AssertionError) as info:
        run_micropython(script)
    msg = str(info.value)
    assert "Traceback" in msg
    assert "ValueError: kaboom 17" in msg
    assert "in boom" in msg
    assert "before" in msg  # stdout up to the failure is kept


def test_syntax_error_fails():
    with pytest.raises(AssertionError) as info:
        run_micropython("x = (\n")
    assert "SyntaxError" in str(info.value)
