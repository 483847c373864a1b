"""MicroPython freeze manifest: a Pico firmware with the whole app frozen into flash.

Frozen modules run from flash: their bytecode, constant tables and strings stay out of
the heap, which is what the memory targets in BENCHMARKS.md need (imported from .mpy on
the filesystem, core + 23 take ~60 KiB of heap). Build, in a MicroPython 1.28 checkout:

    make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/tablebox/tools/manifest.py

The first line keeps what the stock firmware freezes: RPI_PICO has no manifest of its
own ($(BOARD_DIR)/manifest.py does not exist), it builds with the rp2 port's
boards/manifest.py (_boot.py, rp2, asyncio, onewire, dht, neopixel...). RPI_PICO_W's own
manifest adds the networking and Bluetooth helpers on top of that one; the box uses
neither, so the same line serves both boards.

Flash the .uf2, remove any filesystem copy of the app (it would shadow the frozen one:
sys.path puts the filesystem first): `mpremote rm -r :core :firmware :boards`, and leave
a /main.py of `from firmware.main import main` + `main()`. Saves in /data are kept.
Paths below are relative to this file (the manifest tool resolves them so).
"""

include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821 - manifest functions come from the build
package("core", base_path="..")  # noqa: F821
# firmware/ and boards/ without the CircuitPython/Blinka files (tools/deploy.py's
# NOT_ON_MICROPYTHON); tests/test_freeze_manifest.py checks the lists against the tree.
FIRMWARE = ("__init__.py", "blit.py", "buttons.py", "config.py", "entropy.py", "leds.py", "main.py",
            "ssd1306.py", "storage.py")
BOARDS = ("__init__.py", "pico.py", "pico_1mhz.py", "pico_ssd1309.py", "pico_w.py")
package("firmware", files=FIRMWARE, base_path="..")  # noqa: F821
package("boards", files=BOARDS, base_path="..")  # noqa: F821
