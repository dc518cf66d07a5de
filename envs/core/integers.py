"""One test for "an integer" at every entry point: a seat, an action, a seed, a count, a
config option or a card-file number.

Python's ``bool`` is an ``int`` and numpy's integers are not, so the test is easy to get half
right; it is written once here."""

import numpy as np


def is_integer(value) -> bool:
    """True for a Python int or a numpy integer scalar of any width; False for a bool
    (Python's or numpy's) and for everything else."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)
