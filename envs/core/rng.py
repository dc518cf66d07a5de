"""In-state random numbers for kernels.

Every game record carries one ``uint64`` field ``rng``: a splitmix64 counter. Kernels draw
only through these functions, so the same seed and the same actions give the same bytes on
every machine, and a cloned state replays the same future. numba's global ``np.random`` is
never used (it has its own per-thread state that a snapshot cannot capture).

The functions take the whole record (any record type with an ``rng`` field); numba compiles
one specialisation per game.
"""

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)


@njit(cache=True, inline="always")
def mix64(z):
    """The splitmix64 finaliser: a bijective scramble of a 64-bit word."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def seed_state(s, seed):
    """Seed ``s.rng`` from any integer seed (different seeds give unrelated streams)."""
    s.rng = mix64(np.uint64(seed) + _GOLDEN)


@njit(cache=True)
def next_u64(s):
    """Advance the stream of ``s`` and return 64 random bits."""
    s.rng = s.rng + _GOLDEN
    return mix64(s.rng)


@njit(cache=True, inline="always")
def stream_uniform(x, n):
    """(a uniform integer in [0, n), the next word) from the splitmix64 stream at word ``x``:
    draws for a kernel that holds its stream in a local word, not in a record (the search's
    playouts; 32-bit multiply-shift as :func:`randint`)."""
    x = x + _GOLDEN
    return np.int64(((mix64(x) >> _S32) * np.uint64(n)) >> _S32), x


@njit(cache=True)
def randint(s, n):
    """A uniform integer in [0, n) for 0 < n < 2**16 (32-bit multiply-shift; bias < 2**-16)."""
    r = next_u64(s) >> _S32
    return np.int64((r * np.uint64(n)) >> _S32)


@njit(cache=True)
def die(s, sides):
    """A die roll 1..sides."""
    return randint(s, sides) + 1


@njit(cache=True)
def shuffle(s, arr, n):
    """Fisher-Yates shuffle of ``arr[:n]`` in place."""
    for i in range(n - 1, 0, -1):
        j = randint(s, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


#: pools up to this size are sorted by insertion (numba's ``np.sort`` costs ~0.45 us a call
#: before it sorts anything, which was half of a City of Five Sails determinisation)
SMALL_SORT = 64


@njit(cache=True)
def shuffle_sorted(s, arr, n):
    """Sort ``arr[:n]``, then shuffle it in place. A determiniser deals hidden cards this way so
    that its sample depends only on which values are hidden, never on the order they lie in."""
    if n <= SMALL_SORT:
        for i in range(1, n):
            v = arr[i]
            j = i - 1
            while j >= 0 and arr[j] > v:
                arr[j + 1] = arr[j]
                j -= 1
            arr[j + 1] = v
    else:
        arr[:n].sort()
    shuffle(s, arr, n)
