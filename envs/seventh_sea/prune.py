"""7th Sea CCG: the moves the search need not try (GameSpec.prune, envs/core/search.py).

The search's playouts are uniformly random and stop after a few decisions, where the value
kernel (value.py) scores the position. Three kinds of legal move are ones a seat takes only
against itself, and a uniform playout takes them all the time, so playouts left them in
measured a game in which every seat tears its own Ship apart:

* discarding one of your own Crew [11. Discard a Crew] or an uncompleted Adventure [12.
  Discard an Adventure] in the Actions Phase: with its crew tacked a seat has few other
  moves, so a random seat discards a crew card at most of its turns. The search then
  learned that declaring anything at all (discarding its own crew, most often) keeps the
  turn going while its rivals' playouts strip their own Ships, and did so itself: at 3
  players `mcts:400` discarded 318 of its own crew in 100 games against two heuristics and
  was left with its Captain alone;
* stopping a payment part way [Paying Costs: "the action is canceled"; ruling: Stopped
  payment]: an action is offered only when its cost can be paid [ruling: Offered only when
  payable], so stopping only throws the declared card away while counting as an action
  (the search stopped 366 of its 1,616 payments in the same games, the heuristic none);
* sinking your Captain while another way to absorb the Hits is left [Suffering Hits: "If
  you sink your Captain to absorb a Hit, then your Ship goes to the bottom of the sea -
  you've lost this game"]: it loses at once what any other choice may still save.

The rules still offer every one of them to every player (legal_mask is unchanged); the
search restores a mask this empties (a seat whose only actions are discards, say) (ruling:
Search pruning).
"""

from numba import njit

from .state import A_DADV, A_DCREW, A_SEA, A_SHIP, A_SINK, A_STOP, PK_ABSORB, PK_MAIN, PK_PAY


@njit(cache=True)
def _others(mask, skip):
    """Whether ``mask`` sets an action other than ``skip``."""
    for a in range(mask.shape[0]):
        if a != skip and mask[a]:
            return True
    return False


@njit(cache=True)
def prune(s, mask):
    """Clear from the legal ``mask`` the self-harming moves of the module docstring."""
    pk = s.pk
    if pk == PK_MAIN:
        # [11. Discard a Crew; 12. Discard an Adventure]
        for a in range(A_DCREW, A_SEA):
            mask[a] = 0
        for a in range(A_DADV, A_SHIP):
            mask[a] = 0
    elif pk == PK_PAY:
        # [Paying Costs] finish paying what was declared when any point can still be made
        if mask[A_STOP] and _others(mask, A_STOP):
            mask[A_STOP] = 0
    elif pk == PK_ABSORB and s.fighter_abs < 0:
        # [Suffering Hits] the Captain sinks (the Ship with him) only when nothing else
        # absorbs; A_CREW + 0 (tacking him) is another way and stays
        if mask[A_SINK] and _others(mask, A_SINK):
            mask[A_SINK] = 0
