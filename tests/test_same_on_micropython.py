"""Scripted sessions give byte-identical frames, LEDs, screens and saves on CPython and
under real MicroPython (the official WebAssembly port)."""

import glob
import os

import pytest

from host_sim import script
from tests.mpwasm import run_micropython

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = sorted(glob.glob(os.path.join(HERE, "scripts", "*.txt")))


def micropython_transcript(lines, seed=1, start_ms=0):
    code = "from host_sim import script\nprint(script.transcript({!r}, {}, {}))\n".format(lines, seed, start_ms)
    return run_micropython(code, paths=("host_sim",), timeout=600).rstrip("\n")


@pytest.mark.parametrize("path", SCRIPTS, ids=os.path.basename)
def test_script_identical_on_micropython(path):
    with open(path) as f:
        lines = f.read().splitlines()
    here = script.transcript(lines)
    assert "\nE " not in here, here[here.index("\nE ") :][:300]
    assert here.count("\nF ") > 10  # the session really drew frames
    there = micropython_transcript(lines)
    assert there == here


def test_secret_vote_identical_across_tick_wrap():
    with open(os.path.join(HERE, "scripts", "secret_vote.txt")) as f:
        lines = f.read().splitlines()
    start = (1 << 30) - 1500  # the session runs across the 2**30 ms wrap
    assert script.transcript(lines, start_ms=start) == script.transcript(lines)
    assert micropython_transcript(lines, start_ms=start) == script.transcript(lines)
