"""Entropy: 32 random bits to seed the core's PRNG (App(seed=...)).

os.urandom(4): on the rp2 port it is fed by the RP2040's ring oscillator (ROSC) random
bit; on CircuitPython and CPython it is the platform's generator. If os.urandom is
missing (a minimal build), 32 samples of the ROSC RANDOMBIT register are taken directly
(RP2040 only), mixed with the microsecond clock.
"""

import os

_ROSC_RANDOMBIT = 0x4006001C  # RP2040 ROSC_BASE 0x40060000 + RANDOMBIT 0x1c


def seed32():
    try:
        b = os.urandom(4)
        return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
    except (AttributeError, NotImplementedError, OSError):
        pass
    return _rosc32()


def _rosc32():
    import machine
    import time

    x = time.ticks_us() & 0xFFFFFFFF
    for _ in range(32):
        x = ((x << 1) | (machine.mem32[_ROSC_RANDOMBIT] & 1)) & 0xFFFFFFFF
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
    return x
