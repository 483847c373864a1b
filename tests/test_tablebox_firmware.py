"""The Tablebox firmware (tools/firmware.py: MicroPython v1.28.0 with the app frozen in) on
the emulated Pico: it shows the host simulator's frames, starts on a new board, and an
update from the stock-firmware install keeps the game that was saved.

The RPI_PICO UF2 is built once for the module with SEED = 1 frozen in (the host reference
plays with seed 1): about 3 minutes on a fresh clone with ../shared/micropython beside it
(unpacking, picotool, the firmware), seconds after that. Skipped, with the reason, where the
emulated Pico cannot run; a build that fails fails the tests. No time is asserted:
BENCHMARKS.md reports the figures (python -m tools.bench --soak --frozen).
"""

import ast
import concurrent.futures
import json
import os
import subprocess
import sys
import time

import pytest

from core.app import App
from host_sim import fakes
from host_sim.script import Runner
from tools import firmware
from tools.bench import pico

pytestmark = pytest.mark.pico  # a slow tier: ./dev test --all (tests/conftest.py)

SCRIPTS = ("tests/scripts/secret_vote.txt", "tests/scripts/wtr_4players.txt")


@pytest.fixture(scope="module")
def toolchain():
    why = pico.missing()
    if why:
        pytest.skip("emulated Pico not available: %s" % why)
    os.makedirs(firmware.WORK, exist_ok=True)
    try:  # as ./dev does for chromium: installed where it can be (root, apt-get), else skipped
        firmware.toolchain(os.path.join(firmware.WORK, "toolchain.log"))
    except firmware.BuildError as e:
        pytest.skip(str(e))
    pico.warm_cache()


def _built(*args):
    assert firmware.main(list(args)) == 0, "./dev firmware %s failed: build/firmware/build.log" % " ".join(args)


@pytest.fixture(scope="module")
def uf2(toolchain):
    _built("--board", "RPI_PICO", "--seed", str(pico.DEVICE_SEED))
    return os.path.join(firmware.WORK, firmware.name("RPI_PICO", pico.DEVICE_SEED))


@pytest.fixture(scope="module")
def runs(uf2, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("frozen")

    def one(script):
        project = str(tmp / os.path.basename(script)[:-4])
        pico.snapshot(project)
        return script, pico.run_measure(project, script, project + "-out", uf2=uf2)

    with concurrent.futures.ThreadPoolExecutor(len(SCRIPTS)) as ex:
        return dict(ex.map(one, SCRIPTS))


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_firmware_shows_the_host_simulators_frames(runs, script):
    r = runs[script]
    assert r["ref_ok"] and r["summary"]["lines_checked"] >= len(r["lines"])
    assert r["summary"]["mismatches"] == []
    assert r["presses"], "nothing reached the panel"


def _reference(lines, before=(), phones=False):
    """The host simulator's frames (host-ref.py's format) for `lines` played on an App that
    starts on the saves `before` left (a restart after them); with phones, one that serves
    them (a W build's: "Phones…" on the list of names)."""
    storage = fakes.MemStorage()
    runner = Runner(App(fakes.Display(), fakes.Leds(), storage, pico.DEVICE_SEED))
    for line in before:
        assert not runner.do(line), line
    display = fakes.Display()
    app = App(display, fakes.Leds(), storage, pico.DEVICE_SEED)
    if phones:
        app.phones = True  # (only asked whether it serves them: nothing here pairs)
    runner = Runner(app)
    out = [{"n": 0, "line": "(boot)", "buf": display.buf.hex(), "text": list(runner.lines())}]
    for n, line in enumerate(lines, 1):
        assert not runner.do(line), line
        out.append({"n": n, "line": line, "buf": display.buf.hex(), "text": list(runner.lines())})
    return out


def _play(work, name, uf2, fs_img, lines, ref=None, extra=()):
    """run-script.mjs on the emulated Pico (main.py at boot, as on the box): the summary,
    with "exec" (the answer to --exec) when asked."""
    out = os.path.join(work, name)
    script = os.path.join(work, name + ".txt")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    cmd = ["node", os.path.join(pico.CACHE, "run-script.mjs"), "--uf2", uf2, "--board",
           os.path.join(pico.ROOT, "boards", "pico.py"), "--script", script, "--out", out] + list(extra)
    if fs_img:
        cmd += ["--fs", fs_img]
    if ref is not None:
        with open(os.path.join(work, name + "-ref.json"), "w") as f:
            json.dump(ref, f)
        cmd += ["--ref", os.path.join(work, name + "-ref.json")]
    summary_json = os.path.join(out, "summary.json")  # run-script.mjs writes it last
    with open(os.path.join(work, name + ".log"), "w") as log:
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        # With the Pico W's firmware node does not exit once the script is done (something of
        # the wireless chip's, which the emulator lacks, keeps rp2040js busy): done is when the
        # summary is written.
        deadline = time.time() + 900
        while p.poll() is None and not os.path.isfile(summary_json) and time.time() < deadline:
            time.sleep(0.5)
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    with open(os.path.join(work, name + ".log")) as f:
        tail = f.read()[-3000:]
    assert os.path.isfile(summary_json) and p.returncode in (0, -9), tail
    with open(summary_json) as f:
        summary = json.load(f)
    if os.path.isfile(os.path.join(out, "exec.json")):
        with open(os.path.join(out, "exec.json")) as f:
            summary["exec"] = json.load(f)
    return summary


WHO_RUNS = "import sys, core, os; print(sys.path[0], core.__file__, sorted(os.listdir('/')))"


def test_an_update_from_the_stock_install_resumes_the_saved_game(uf2, tmp_path):
    # The stock firmware with the .mpy install (./dev deploy's files) plays half a game of
    # 23; the Tablebox UF2 is flashed over it (the firmware region only: the emulator loads
    # the UF2 and the filesystem the first run left); the box resumes the game and plays it
    # to the end, frame for frame, from the frozen app, with the old files still there.
    project = str(tmp_path / "project")
    pico.snapshot(project)
    p = subprocess.run([sys.executable, "-m", "tools.deploy", "--dry-run"], cwd=project, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    stock_img = str(tmp_path / "stock.img")
    subprocess.run([sys.executable, os.path.join(pico.PICO_EMU, "mklfs.py"), stock_img,
                    os.path.join(project, "build", "device")], check=True, capture_output=True)
    with open(os.path.join(pico.ROOT, "tests", "scripts", "g23_4players.txt")) as f:
        lines = f.read().splitlines()
    half = [i for i, line in enumerate(lines) if line.startswith("# ")][6]  # a few turns in
    flash = str(tmp_path / "flash.bin")
    first = _play(str(tmp_path), "stock", pico.stock_uf2(), stock_img, lines[:half],
                  ref=_reference(lines[:half]), extra=["--save-flash", flash])
    assert first["mismatches"] == []
    size = firmware.storage_bytes("RPI_PICO")
    with open(flash, "rb") as f:  # the filesystem: the last `size` bytes of the flash
        f.seek(firmware.BOARDS["RPI_PICO"] - size)
        kept = f.read(size)
    kept_img = str(tmp_path / "kept.img")
    with open(kept_img, "wb") as f:
        f.write(kept)
    rest = ["OK"] + lines[half:]  # "Resume this game?" OK
    ref = _reference(rest, before=lines[:half])
    assert ref[0]["text"][1] == "Resume this game?"
    after = _play(str(tmp_path), "frozen", uf2, kept_img, rest, ref=ref, extra=["--exec", WHO_RUNS])
    assert after["mismatches"] == [] and after["lines_checked"] >= len(rest)
    first_path, core_file, names = after["exec"]["stdout"].split(" ", 2)
    assert first_path == ".frozen" and core_file == "core/__init__.py"  # frozen, not /core/__init__.mpy
    assert {"core", "data", "main.py"} <= set(ast.literal_eval(names))  # the old files stay


def test_a_new_board_starts_the_box_on_power_up(uf2, tmp_path):
    # No filesystem yet (a new or erased board): MicroPython makes one, the frozen boot.py
    # gives it /main.py, and the home menu comes up; then a game starts as on the simulator.
    lines = ["OK", 'expect "Players"', "OK"]
    run = _play(str(tmp_path), "new", uf2, None, lines, ref=_reference(lines), extra=["--exec", WHO_RUNS])
    assert run["mismatches"] == [] and run["lines_checked"] >= len(lines)
    first_path, core_file, names = run["exec"]["stdout"].split(" ", 2)
    assert (first_path, core_file) == (".frozen", "core/__init__.py")
    assert "main.py" in ast.literal_eval(names) and "main.tmp" not in ast.literal_eval(names)


def test_the_pico_w_build_plays_without_its_radio(toolchain, tmp_path):
    # The emulator has no wireless chip: the status LED (on that chip) stays dark and the
    # firmware says so on the serial port, and the box plays on. The W build serves phones
    # (firmware/radio.py, made at boot, its radio up only once a table pairs): "Phones…"
    # is on the list of names.
    _built("--board", "RPI_PICO_W")
    lines = ["OK", 'expect "Players"', "DOWN", "OK", 'expect "Phones"']
    run = _play(str(tmp_path), "w", os.path.join(firmware.WORK, firmware.name("RPI_PICO_W", None)), None, lines,
                ref=_reference(lines, phones=True), extra=["--exec", WHO_RUNS])
    assert run["mismatches"] == [] and run["lines_checked"] >= len(lines)
    assert run["exec"]["stdout"].startswith(".frozen core/__init__.py")


def test_every_boards_filesystem_is_where_its_header_puts_it(toolchain):
    firmware.sources(os.path.join(firmware.WORK, "toolchain.log"))
    kib = {board: firmware.storage_bytes(board) // 1024 for board in firmware.BOARDS}
    assert kib == {"RPI_PICO": 1408, "RPI_PICO_W": 848, "RPI_PICO2": 3072, "RPI_PICO2_W": 2560}
