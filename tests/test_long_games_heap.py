"""The long games fit in the Pico's heap (issue 33): the soak's long game of each game
(tools/bench/soak.py, made from the code now) played under the MicroPython WebAssembly
port with its GC heap fixed at the Pico's, from the .mpy files the box runs. A change
that makes a game outgrow the box fails here with the MemoryError it would meet there.

How the heap is fixed: tools/bench/wasm.mjs with MP_HEAP_FIXED=1 (the port would
otherwise add heap areas when one is full). This port collects only between the
program's steps, never inside one, so tools/bench/mp/run_heap.py hands back after
every App.step (a 10 ms tick): the live heap of the app plus what one tick allocates must
fit, where the Pico may also collect in the middle of a tick. The harness (host_sim's
Runner instead of firmware/main.py and its adapters) is in the same heap, as main.py is
on the box. The emulated Pico's own figures, fragmentation included, are the soak's
(BENCHMARKS.md, `python -m tools.bench --soak`).
"""

import re

import pytest

from conftest import core_kept
from tests.mpwasm import require
from tools.bench import soak, wasm

pytestmark = pytest.mark.micropython  # a slow tier: ./dev test --all (tests/conftest.py)

# The stock RPI_PICO MicroPython 1.28 firmware's GC heap: 241,456 B free and 4,432 B used
# at the bare REPL (../shared/pico-emu/measure --heap, the soak's runs).
PICO_HEAP = 241456 + 4432
RESERVE = 4096  # tools/bench/mp/run_heap.py holds it to report a MemoryError: on top
MP_HEAP = wasm.PICO_MP_HEAP  # the port's heapsize whose GC heap is PICO_HEAP + RESERVE (the rest: its block tables)
TOO_SMALL = 112 * 1024  # two games of 23 boot in this heap, then run out of it


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    require()
    d = str(tmp_path_factory.mktemp("mpy"))
    wasm.build_tree(d, mpy=True)  # the box runs .mpy: compiling .py would need more heap
    return d


@pytest.fixture(scope="module")
def scripts():
    with core_kept():  # a module fixture: outside each test's keep_games
        return soak.scripts()  # each played through on CPython first


def play(tree, tmp_path, lines, heap):
    return wasm.run("run_heap", tree, str(tmp_path), "\n".join(lines) + "\n", heap=heap, timeout=900)


def gc_totals(stdout):
    return [int(x) for x in re.findall(r"GC: total: (\d+)", stdout)]


@pytest.mark.parametrize("game", soak.IDS)
def test_the_long_game_finishes_in_the_picos_heap(game, tree, scripts, tmp_path):
    lines = scripts[game]
    res = play(tree, tmp_path, lines, MP_HEAP)
    assert res["err"] is None, "%s outgrew the Pico's heap: %s" % (game, res["err"])
    assert gc_totals(res["stdout"]) == [PICO_HEAP + RESERVE] * 2  # the heap never grew
    presses = [x for x in lines if x.split() and x.split()[0] in ("OK", "BACK", "UP", "DOWN", "LEFT", "RIGHT", "YES", "NO")]
    assert res["samples"] > 12 * len(presses)  # every tick of every press ran and was sampled
    assert res["at"] >= 0 and 0 < res["peak"] < PICO_HEAP


def test_the_guard_fails_when_the_game_does_not_fit(tree, scripts, tmp_path):
    """The same run with a heap too small for two games of 23: the box boots, the game
    starts, then a MemoryError ends the run (caught by the App as a crash of a screen,
    or met by the harness), and the run says at which line."""
    res = play(tree, tmp_path, scripts["g23"], TOO_SMALL)
    assert "MemoryError" in (res["err"] or ""), res["err"]
    line = int(re.search(r"line (\d+)", res["err"]).group(1))
    assert 1 < line < len(scripts["g23"]) and res["samples"] > 12  # past the boot, short of the end

