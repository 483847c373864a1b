"""tools/manifest.py (the freeze manifest of the Tablebox firmware) names files that exist
and together freezes every module deploy would put on the board, plus the firmware's own
boot.py and the generated data module; tools/firmware.py generates what it takes from the
build."""

import os
import runpy

import pytest

import core
from tools import deploy, firmware

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "tools", "manifest.py")


def frozen(gen):
    """Run the manifest with stand-ins for the build's functions: {frozen name: source path}."""
    out = {}
    included = []

    def resolve(base):
        base = base.replace("$(TABLEBOX_GEN)", gen)
        return os.path.normpath(os.path.join(os.path.dirname(MANIFEST), base))

    def package(package_path, files=None, base_path=".", opt=None):  # MicroPython's signature
        top = os.path.join(resolve(base_path), package_path)
        assert os.path.isfile(os.path.join(top, "__init__.py")), package_path
        if files is None:
            files = [os.path.relpath(os.path.join(d, n), top) for d, _, names in os.walk(top) for n in names]
        for n in files:  # relative to the package
            if n.endswith(".py"):
                assert os.path.isfile(os.path.join(top, n)), n
                out[package_path + "/" + n.replace(os.sep, "/")] = os.path.join(top, n)

    def module(module_path, base_path=".", opt=None):
        path = os.path.join(resolve(base_path), module_path)
        assert os.path.isfile(path), path
        out[module_path] = path

    def include(path):
        if path.startswith("$(TABLEBOX_GEN)"):  # tools/firmware.py's phones_manifest.py: read it too
            with open(resolve(path)) as f:
                exec(f.read(), {"package": package, "module": module})
        else:
            included.append(path)

    with open(MANIFEST) as f:
        exec(compile(f.read(), MANIFEST, "exec"), {"package": package, "module": module, "include": include})
    # what the stock firmware freezes stays: RPI_PICO has no $(BOARD_DIR)/manifest.py,
    # it builds with the port's (the board's own manifest is an error there)
    assert included == ["$(PORT_DIR)/boards/manifest.py"]
    return out


def test_manifest_freezes_the_app_the_boot_file_and_the_data(tmp_path):
    firmware.generate(str(tmp_path), None)
    got = frozen(str(tmp_path))
    radio = ["firmware/" + n for n in firmware.PHONES_ONLY]  # the W boards' (the next test)
    assert sorted(got) == sorted([f for f in deploy.source_files() if f not in radio] + ["boot.py", "tablebox_data.py"])
    assert got["boot.py"] == os.path.join(ROOT, "firmware", "boot.py")
    assert got["firmware/config.py"] == os.path.join(str(tmp_path), "firmware", "config.py")
    assert got["core/ui.py"] == os.path.join(ROOT, "core", "ui.py")


def test_the_w_boards_freeze_the_phones_page_and_the_qr_encoder_the_others_not(tmp_path):
    """The radio (firmware/radio.py, dns.py) serves core/phone.html and draws the Wi-Fi's
    QR code with Adafruit's miniQR: frozen for the W boards only (RPI_PICO's flash is
    nearly full)."""
    for board, phones in (("RPI_PICO", False), ("RPI_PICO_W", True), ("RPI_PICO2_W", True)):
        gen = tmp_path / board
        firmware.generate(str(gen), None, board=board)
        got = frozen(str(gen))
        files = runpy.run_path(str(gen / "tablebox_data.py"))["FILES"]
        assert ("adafruit_miniqr.py" in got) == phones and ("phone.html" in files) == phones
        assert ("firmware/radio.py" in got) == phones and ("firmware/dns.py" in got) == phones
        if phones:
            with open(os.path.join(ROOT, "core", "phone.html"), "rb") as f:
                assert files["phone.html"] == f.read()


def test_the_frozen_config_is_the_trees_with_the_seed_asked_for(tmp_path):
    with open(os.path.join(ROOT, "firmware", "config.py")) as f:
        tree = f.read()
    firmware.generate(str(tmp_path), None)
    assert (tmp_path / "firmware" / "config.py").read_text() == tree
    firmware.generate(str(tmp_path), 1)
    seeded = runpy.run_path(str(tmp_path / "firmware" / "config.py"))
    assert seeded["SEED"] == 1 and runpy.run_path(os.path.join(ROOT, "firmware", "config.py"))["SEED"] is None


def test_the_frozen_data_module_holds_every_data_file_as_open_data_reads_it(tmp_path, monkeypatch):
    firmware.generate(str(tmp_path), None)
    files = runpy.run_path(str(tmp_path / "tablebox_data.py"))["FILES"]
    assert sorted("core/" + n for n in files) == deploy.data_files()
    for name, data in files.items():
        with core.open_data(name) as f:  # from the tree
            assert f.read() == data
    # core.open_data as the firmware runs it: from the frozen bytes, a missing one an OSError
    monkeypatch.setattr(core, "_frozen", files)
    monkeypatch.setattr(core, "_DIR", "/nonexistent/")
    with core.open_data("lang/ui_de.txt") as f:
        f.seek(2)
        assert f.read(5) == files["lang/ui_de.txt"][2:7]
    with pytest.raises(OSError):
        core.open_data("lang/ui_xx.txt")


def test_a_uf2s_extent_is_read_from_its_blocks(tmp_path, monkeypatch):
    # UF2 blocks, the last ending exactly where RPI_PICO's filesystem starts: it fits;
    # one more block does not.
    import struct

    def block(addr, flags=0x2000, family=0xE48BFF56):
        head = struct.pack("<8I", firmware.UF2_MAGIC[0], firmware.UF2_MAGIC[1], flags, addr, 256, 0, 2, family)
        return head + bytes(476) + struct.pack("<I", 0x0AB16F30)

    fs_start = firmware.FLASH_BASE + (2 << 20) - 1408 * 1024
    path = tmp_path / "x.uf2"
    # an RP2350 build starts with the bootrom's dummy block (family absolute): not written
    e10 = block(0x10FFFF00, 0xA000, firmware.UF2_ABSOLUTE)
    path.write_bytes(e10 + block(firmware.FLASH_BASE) + block(fs_start - 256))
    assert firmware.uf2_extent(str(path)) == (firmware.FLASH_BASE, fs_start)
    monkeypatch.setattr(firmware, "storage_bytes", lambda board: 1408 * 1024)
    assert firmware.check_fits(str(path), "RPI_PICO") == (640, 640)
    path.write_bytes(block(firmware.FLASH_BASE) + block(fs_start))
    with pytest.raises(firmware.BuildError):
        assert firmware.check_fits(str(path), "RPI_PICO") == (640, 640)
