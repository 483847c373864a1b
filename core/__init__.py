"""Tablebox core: game logic, UI and input handling, pure Python.

Runs unchanged on MicroPython (Pico) and CPython (simulator, tests). Never imports
hardware or host modules; hardware comes in through the small interfaces that
`core.app.App` takes.
"""
