"""tools/deploy.py and ROMFS: the deploy puts the app on the board's ROMFS partition when
it has one (mpremote faked), else on the filesystem; the image holds exactly the app's
.mpy files; the /main.py that goes with it finds the app on /rom ahead of stale
filesystem copies (under MicroPython, WebAssembly port); the board question is valid
MicroPython."""

import ast
import os

import pytest

from tests.mpwasm import run_micropython
from tests.test_firmware_micropython import FAKE_MACHINE
from tools import deploy



def read_romfs(data):
    """{path: bytes} of a ROMFS image (the format of mpremote/romfs.py's VfsRomWriter:
    header, then records of varuint kind, varuint length, payload)."""

    def uint(i):
        v = 0
        while True:
            b = data[i]
            i += 1
            v = (v << 7) | (b & 0x7F)
            if not b & 0x80:
                return v, i

    assert data[:3] == b"\xd2\xcd\x31"
    size, start = uint(3)
    assert start + size == len(data)
    out = {}

    def records(i, end, prefix):
        while i < end:
            kind, i = uint(i)
            n, i = uint(i)
            body_end = i + n
            if kind in (4, 5):  # directory, file: varuint name length, name, contents
                ln, j = uint(i)
                name = data[j : j + ln].decode("ascii")
                j += ln
                if kind == 4:
                    records(j, body_end, prefix + name + "/")
                else:
                    k, j = uint(j)
                    m, j = uint(j)
                    assert k == 2  # data verbatim
                    out[prefix + name] = bytes(data[j : j + m])
            else:
                assert kind == 1  # padding
            i = body_end

    records(start, start + size, "")
    return out


def test_deploy_writes_the_image_to_a_romfs_partition(fake_board, tmp_path):
    calls, answer = fake_board
    answer["rom"] = 384 * 1024  # the image of the five games is about 265 KB (issue 52: 259 KiB)
    deploy.deploy()
    ask, run = calls
    image, main_py = deploy.romfs_paths()
    assert image == str(tmp_path / "romfs" / "tablebox.romfs")
    assert list(run[:3]) == ["romfs", "deploy", image]
    i = run.index("exec")
    assert "/' + d" in run[i + 1] and "os.rmdir" in run[i + 1]  # old /core /firmware /boards go
    assert list(run[-5:]) == ["cp", main_py, ":main.py", "+", "reset"]
    assert "-r" not in run  # nothing of the app on the filesystem
    with open(main_py) as f:
        assert f.read() == deploy.ROM_MAIN


def test_deploy_falls_back_to_the_filesystem(fake_board, capsys):
    calls, answer = fake_board
    for rom, note in ((0, ""), (4096, "does not fit")):  # no partition; one too small
        answer["rom"] = rom
        del calls[:]
        deploy.deploy()
        run = calls[1]
        assert "romfs" not in run
        assert run[0] == "exec" and run[2:5] == ("+", "cp", "-r")
        assert run[-5:] == ("cp", os.path.join(deploy.BUILD, "main.py"), ":main.py", "+", "reset")
        assert note in capsys.readouterr().out


def test_romfs_and_no_romfs_force_the_choice(fake_board):
    calls, answer = fake_board
    answer["rom"] = 0
    assert deploy.main(["--romfs"]) == 1
    assert len(calls) == 1  # asked, nothing copied
    answer["rom"] = 256 * 1024
    del calls[:]
    assert deploy.main(["--no-romfs"]) == 0
    assert "romfs" not in calls[1] and "-r" in calls[1]


def test_use_romfs():
    assert deploy.use_romfs(128 * 1024, 60000) is True
    assert deploy.use_romfs(0, 60000) is False
    assert deploy.use_romfs(32 * 1024, 60000) is False
    assert deploy.use_romfs(128 * 1024, 60000, force=False) is False
    assert deploy.use_romfs(128 * 1024, 60000, force=True) is True
    for rom in (0, 32 * 1024):
        with pytest.raises(deploy.DeployError) as e:
            deploy.use_romfs(rom, 60000, force=True)
        assert "nothing was copied" in str(e.value)


def test_dry_run_builds_the_image_with_exactly_the_apps_mpy_and_text_files(monkeypatch, tmp_path):
    monkeypatch.setattr(deploy, "BUILD", str(tmp_path / "device"))
    assert deploy.main(["--dry-run"]) == 0  # the device files only (issue 33: no image unasked)
    image, main_py = deploy.romfs_paths()
    assert os.path.isfile(os.path.join(deploy.BUILD, "main.py")) and os.listdir(tmp_path) == ["device"]
    assert deploy.main(["--dry-run", "--romfs"]) == 0
    with open(image, "rb") as f:
        files = read_romfs(f.read())
    want = sorted([p[:-3] + ".mpy" for p in deploy.source_files()] + deploy.data_files())
    assert sorted(files) == want
    for rel, data in files.items():
        with open(os.path.join(deploy.BUILD, rel), "rb") as f:
            assert f.read() == data
    assert os.path.isfile(main_py)


STUB_SCRIPT = """
import sys
import fakehw.machine as m
sys.modules["machine"] = m
m.levels[14] = 0  # OK
m.levels[15] = 0  # BACK: held at boot, so main() stops in safe mode and returns
%s
import core.app, firmware.main, boards.pico
print("FROM", core.app.__file__, firmware.main.__file__, boards.pico.__file__)
"""


@pytest.mark.micropython
def test_rom_main_runs_the_app_from_rom_ahead_of_stale_copies(tmp_path):
    rom = tmp_path / "rom"
    deploy.build(out=str(rom), quiet=True)
    os.remove(rom / "main.py")  # /rom holds the packages only
    stale = tmp_path / "stale" / "firmware"  # a stale /firmware on the filesystem
    stale.mkdir(parents=True)
    (stale / "__init__.py").write_text("raise ImportError('stale /firmware imported')\n")
    fake = tmp_path / "fakehw"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "machine.py").write_text(FAKE_MACHINE)
    out = run_micropython(STUB_SCRIPT % deploy.ROM_MAIN, paths=(str(rom), str(stale), str(fake)))
    assert "safe mode" in out and "not shown on the panel" not in out, out  # drawn from /rom
    files = out.split("FROM", 1)[1].split()
    assert files == ["/rom/core/app.mpy", "/rom/firmware/main.mpy", "/rom/boards/pico.mpy"], out


@pytest.mark.micropython
def test_the_board_question_runs_on_micropython():
    out = run_micropython(deploy._ASK)
    version, sys_mpy, machine, rom = ast.literal_eval(out.strip().splitlines()[-1])
    assert version[0] == 1 and sys_mpy & 0xFF == 6
    assert rom == 0  # this port has no vfs.rom_ioctl


@pytest.mark.micropython
def test_the_webassembly_port_cannot_mount_romfs():
    """BENCHMARKS.md says core + game from ROMFS is not measured because the port has no
    vfs.VfsRom (tools/bench/heap.py). When an upgraded port has it, this fails: then measure
    that row (mount the image from a bytearray with vfs.VfsRom at /rom)."""
    probe = "try:\n    import vfs\nexcept ImportError:\n    vfs = None\nprint(hasattr(vfs, 'VfsRom'), hasattr(vfs, 'rom_ioctl'))"
    assert run_micropython(probe).split()[-2:] == ["False", "False"]
