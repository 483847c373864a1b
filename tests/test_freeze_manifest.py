"""tools/manifest.py (the freeze manifest for a custom firmware) names packages that exist
and that together hold every file deploy would put on the board."""

import os

from tools import deploy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = os.path.join(ROOT, "tools", "manifest.py")


def frozen_files():
    """Run the manifest with stand-ins for the build's functions; the .py files frozen."""
    frozen = []
    included = []

    def package(package_path, files=None, base_path=".", opt=None):  # MicroPython's signature
        top = os.path.normpath(os.path.join(os.path.dirname(MANIFEST), base_path, package_path))
        assert os.path.isfile(os.path.join(top, "__init__.py")), package_path
        if files is None:
            files = [os.path.relpath(os.path.join(d, n), top) for d, _, names in os.walk(top) for n in names]
        for n in files:  # relative to the package
            if n.endswith(".py"):
                assert os.path.isfile(os.path.join(top, n)), n
                frozen.append(os.path.relpath(os.path.join(top, n), ROOT))

    with open(MANIFEST) as f:
        exec(compile(f.read(), MANIFEST, "exec"), {"package": package, "include": included.append})
    # what the stock firmware freezes stays: RPI_PICO has no $(BOARD_DIR)/manifest.py,
    # it builds with the port's (the board's own manifest is an error there)
    assert included == ["$(PORT_DIR)/boards/manifest.py"]
    return sorted(frozen)


def test_manifest_freezes_exactly_what_deploy_copies():
    assert frozen_files() == sorted(deploy.source_files())
