"""Board files: one data-only module per wiring (pins, I2C bus, pin -> logical button).

firmware/main.py picks one (firmware/config.py BOARD, else by sys.implementation._machine).
"""
