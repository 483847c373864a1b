"""Desktop simulator: fakes of every adapter, a terminal front end and a headless script mode.

fakes.py and script.py are kept MicroPython-compatible so the same scripted session runs
under CPython and under the MicroPython WebAssembly port, frame for frame.
"""
