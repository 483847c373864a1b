"""MicroPython freeze manifest of the Tablebox firmware (`./dev firmware`, tools/firmware.py).

Frozen modules run from flash: their bytecode, constant tables and strings stay out of
the heap (What the Rule?!'s long soak game peaks at 116.0 KiB of heap with the app as .mpy
files on the filesystem, at 44.3 KiB frozen: BENCHMARKS.md's soak sections).

- What the stock firmware freezes stays: RPI_PICO and RPI_PICO2 have no manifest of their
  own and build with the rp2 port's boards/manifest.py (_boot.py, rp2, asyncio, onewire,
  dht, neopixel...); the W boards' own adds the networking and Bluetooth helpers, which the
  box does not use, so this one line serves all four.
- core/, firmware/ and boards/ as packages, without the CircuitPython/Blinka files
  (tools/deploy.py's NOT_ON_MICROPYTHON); firmware/config.py comes from the build's copy
  ($(TABLEBOX_GEN), so a measuring build sets SEED without touching the tree), and
  firmware/boot.py becomes the top-level boot.py (the frozen app first on sys.path, and a
  /main.py on a new filesystem: see that file).
- The core's data files (core/lang/*.txt, core/bigfont.bin) as bytes in the generated
  module tablebox_data, which core.open_data() reads in place: one file to flash, and no
  directory core/ on the filesystem to shadow the frozen package.
- On the W boards only (the radio serves the phones: firmware/radio.py) the radio's
  modules, the phones' page (core/phone.html, in tablebox_data) and Adafruit's miniQR,
  through the generated phones_manifest.py: the RPI_PICO image has 14 KB of room left.

tests/test_freeze_manifest.py checks the lists against the tree. TABLEBOX_GEN is the folder
tools/firmware.py writes tablebox_data.py and firmware/config.py to (a cmake variable
MICROPY_MANIFEST_TABLEBOX_GEN); base paths are relative to this file.
"""

include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821 - manifest functions come from the build
package("core", base_path="..")  # noqa: F821
FIRMWARE = ("__init__.py", "blit.py", "buttons.py", "entropy.py", "leds.py", "main.py", "phoneserver.py", "ssd1306.py",
            "storage.py")  # and on the W boards dns.py and radio.py (phones_manifest.py)
BOARDS = ("__init__.py", "pico.py", "pico_1mhz.py", "pico_ssd1309.py", "pico_w.py")
package("firmware", files=FIRMWARE, base_path="..")  # noqa: F821
module("firmware/config.py", base_path="$(TABLEBOX_GEN)")  # noqa: F821
package("boards", files=BOARDS, base_path="..")  # noqa: F821
module("boot.py", base_path="../firmware")  # noqa: F821
module("tablebox_data.py", base_path="$(TABLEBOX_GEN)")  # noqa: F821
include("$(TABLEBOX_GEN)/phones_manifest.py")  # noqa: F821
