"""boot.py of the Tablebox firmware: frozen into the UF2 as the top-level module boot.py
(tools/manifest.py), never copied to a board's filesystem.

MicroPython runs a frozen boot.py in place of the filesystem's, after _boot.py has mounted
(or, on a new or erased board, made) the filesystem and before /main.py.

- The frozen app comes first on sys.path (MicroPython's order is '', '.frozen', '/lib'): a
  board that ran the stock-firmware install keeps its old /core, /firmware and /boards
  .mpy files, and any directory core/ on the filesystem would hide the frozen package.
  Its /main.py (tools/deploy.py MAIN) then starts the frozen app, and /data, the saves,
  is read as before.
- A filesystem with nothing on it (the first start after the UF2 on a new or erased board)
  gets the two-line /main.py that starts the app, so the box starts on power-up and from
  then on /main.py is, as on any MicroPython board, the program that runs at boot: remove
  it for a bare REPL, or hold OK + BACK at power-up (safe mode). A filesystem that holds
  anything else is left as it is. main.py is written under another name and renamed:
  littlefs renames atomically, so a power cut leaves no half /main.py, and a first start
  cut short (only main.tmp there) is done again.
- The built-in modules the app imports (BUILTINS) go into sys.modules, found with only the
  frozen modules on sys.path. MicroPython looks for an extensible built-in (json, array,
  os, ...) on every path of sys.path before it takes the built-in, and never keeps it in
  sys.modules (py/builtinimport.c): each module that imports one paid some 1.6 ms of
  littlefs lookups for it, 8 ms of the first OK after power-up (emulated Pico). A .py of
  the same name on the filesystem would no longer shadow it, which this box never wants.
"""

import os
import sys

BUILTINS = ("array", "binascii", "io", "json", "machine", "os", "time")

sys.path.remove(".frozen")
rest = sys.path[:]
sys.path[:] = [".frozen"]
try:  # whatever stops it (no heap, a Ctrl-C), the path comes back: '.frozen', then the rest
    for name in BUILTINS:
        sys.modules[name] = __import__(name)
finally:
    sys.path.extend(rest)

if os.listdir("/") in ([], ["main.tmp"]):  # a new filesystem, or its first start cut short
    try:
        f = open("/main.tmp", "w")
        f.write("from firmware.main import main\nmain()\n")
        f.close()
        os.rename("/main.tmp", "/main.py")
        del f
    except OSError as e:  # a full or broken filesystem: say so, leave the REPL free
        print("Tablebox: no /main.py written:", repr(e))
        del e

del BUILTINS, os, sys, rest, name
