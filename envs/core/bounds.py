"""Loop bounds for kernels: stop with a fault code instead of hanging or writing out of range.

numba does no bounds checks and a kernel cannot be interrupted (Ctrl-C waits for it), so
every kernel loop whose length depends on state carries a bound derived from the dtype
sizes. A loop that reaches its bound calls :func:`fault`: the record gets ``s.fault`` and
``to_play = -1`` and every caller up the stack returns at once (they test ``s.fault``). The
Python glue then refuses the step with ``StateError`` (``ArrayAECEnv`` restores the record it
had; ``VectorGame`` names the game). A record that passed its game's ``check_states`` never
faults; a fault is therefore a bug to report, never a way to end a game.

A rules loop that never reaches a decision (the rulebook allows it, e.g. automatic turns
that keep drawing) is not a fault: the phase driver counts automatic steps and truncates the
game at ``AUTO_STEP_BOUND``, as ``max_steps`` truncates a loop of decisions.
"""

from numba import njit

from envs.core.spec import FAULT_LOOP, NO_SEAT

#: automatic steps (phase-driver iterations) one ``apply`` may run before the game is
#: truncated: far above any real position (a whole Havoc round is a few hundred)
AUTO_STEP_BOUND = 1 << 16


@njit(cache=True)
def fault(s, code=FAULT_LOOP):
    """Mark the record as stopped on a bound; the caller returns at once."""
    s.fault = code
    s.to_play = NO_SEAT
