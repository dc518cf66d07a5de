"""Seas of Havoc: the moves the search need not try (GameSpec.prune, envs/core/search.py).

Declining Lookout's draw or Swift's other turn is legal [Flags: "You may then perform the
associated Flag's action once"; ruling: Optional flag actions] and the engine still asks,
but the search cannot value what it declines: its playouts stop after a few random decisions
and the value kernel scores the final-score margin, which a card in hand or one more Skiff
does not move within that horizon. Left in, a uniform playout declines half of every seat's
flag actions and the search itself declined 37% of its own (benchmarks/TRAINING.md). The
flag is asked only when taking it changes something (common.flag_matters), so the search
takes it, and so does the heuristic (heuristic.rule_best prunes its mask too). A kernel;
nothing else is pruned.
"""

from numba import njit

from envs.havoc.state import A_OPTION, A_STOP, PK_FLAG


@njit(cache=True)
def prune(s, mask):
    """Clear declining a flag's action from the legal ``mask`` of a flag decision."""
    if s.pending == PK_FLAG and mask[A_OPTION]:
        mask[A_STOP] = 0
