"""Program: can this MicroPython mount a ROMFS image? Prints {"VfsRom": bool,
"rom_ioctl": bool} as JSON (tools/bench/imports.py; tests/test_romfs.py)."""

import json

try:
    import vfs

    print(json.dumps({"VfsRom": hasattr(vfs, "VfsRom"), "rom_ioctl": hasattr(vfs, "rom_ioctl")}))
except ImportError:
    print(json.dumps({"VfsRom": False, "rom_ioctl": False}))
