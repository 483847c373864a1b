"""Tablebox core: game logic, UI and input handling, pure Python.

Runs unchanged on MicroPython (Pico) and CPython (simulator, tests). Never imports
hardware or host modules; hardware comes in through the small interfaces that
`core.app.App` takes.
"""

import sys


def release(name):
    """Forget the loaded module `name` (if it is loaded): with no reference left from
    sys.modules or its package, its code and data are garbage once nothing else holds
    them, and the next import loads it again. The heap of a MicroPython board is small."""
    if sys.modules.pop(name, None) is not None:
        dot = name.rfind(".")
        pkg = sys.modules.get(name[:dot])
        attr = name[dot + 1 :]
        if pkg is not None and hasattr(pkg, attr):
            delattr(pkg, attr)
