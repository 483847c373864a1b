"""Device side: entry point (main.py) and the adapters the core takes.

MicroPython on a Pico: main.py, ssd1306.py, buttons.py, leds.py, storage.py, entropy.py,
config.py. CircuitPython / CPython + Blinka: cp_backend.py (same adapters over
adafruit_ssd1306, busio, digitalio, pwmio) and cp_main.py. Nothing here runs at import.
"""
