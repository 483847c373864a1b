"""The app on the emulated Pico shows exactly the host simulator's frames.

../shared/pico-emu/measure runs the stock MicroPython 1.28 RPI_PICO firmware in rp2040js
with the device build on littlefs, plays a script (each button held 150 ms) and compares
the panel's RAM after every line with the frame host_sim computes for that line. Here:
the Secret vote script and a full 4-player game of 23 (neither draws at random, so the
device's own seed does not matter). About 80 s of wall time, both scripts at once.

Skipped, with the reason, when node or ../shared/pico-emu is missing (the MicroPython
WebAssembly tests need node too, so a machine that runs those runs this). The first run
installs rp2040js into ~/.cache/pico-emu with npm. No time is asserted: BENCHMARKS.md
reports the times.
"""

import concurrent.futures
import os

import pytest

from tools.bench import pico

SCRIPTS = ("tests/scripts/secret_vote.txt", "tests/scripts/g23_4players.txt")
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK", "YES", "NO", "HOLD")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    why = pico.missing()
    if why:
        pytest.skip("emulated Pico not available: %s" % why)
    tmp = tmp_path_factory.mktemp("pico-emu")

    def one(script):
        project = str(tmp / os.path.basename(script)[:-4])
        pico.snapshot(project)  # measure builds in its project folder: one each, so both run at once
        return script, pico.run_measure(project, script, project + "-out")

    with concurrent.futures.ThreadPoolExecutor(len(SCRIPTS)) as pool:
        return dict(pool.map(one, SCRIPTS))


@pytest.mark.parametrize("script", SCRIPTS)
def test_every_frame_matches_the_host_simulator(runs, script):
    r = runs[script]
    assert r["ref_ok"], "the host simulator's reference stopped before the end of %s" % script
    pressed = [n for n, line in enumerate(r["lines"], 1) if line.split()[:1] and line.split()[0].upper() in BUTTONS]
    assert pressed and set(pressed) <= set(r["played"]), "lines never played: %s" % sorted(set(pressed) - set(r["played"]))
    assert r["summary"]["lines_checked"] >= len(r["lines"])
    assert r["summary"]["mismatches"] == []
    assert r["presses"], "nothing reached the panel"
