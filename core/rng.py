"""The seedable PRNG all game randomness goes through.

xorshift32 (Marsaglia 2003): the whole state is one int below 2**32, saved with a game,
so a game replays identically on MicroPython and CPython. Python's `random` is not used
because its algorithm and seeding differ between the two runtimes.

Contract:
  Rng(seed)          any int seed; 0 is mapped to a fixed non-zero state
  .state             the int to save; Rng(state) continues exactly where it was
  .below(n)          unbiased int in [0, n) by rejection sampling
  .shuffle(seq)      Fisher-Yates in place
"""

_M32 = 0xFFFFFFFF


class Rng:
    def __init__(self, seed=0):
        self.state = (seed & _M32) or 0x2545F491

    def next32(self):
        x = self.state
        x ^= (x << 13) & _M32
        x ^= x >> 17
        x ^= (x << 5) & _M32
        self.state = x
        return x

    def below(self, n):
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # Reject the top partial bucket so every result is equally likely.
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def shuffle(self, seq):
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        return seq
