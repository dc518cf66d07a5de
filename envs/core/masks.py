"""A kernel over legal-action masks: the check of a VectorGame step before it is applied
(DESIGN: "illegal actions are refused, never applied"). Its own module so both the vector
runner and the warm-up that compiles it (compile.py) import it without an import circle
(vector -> aec -> compile)."""

from numba import njit


@njit(cache=True, nogil=True)
def first_illegal(actions, masks):
    """Index of the first game whose action is >= NUM_ACTIONS or not legal, else -1 (one
    pass, a few microseconds for thousands of games; negative actions skip a game)."""
    num = masks.shape[1]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a >= num or (a >= 0 and masks[i, a] == 0):
            return i
    return -1
