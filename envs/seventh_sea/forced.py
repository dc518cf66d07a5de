"""7th Sea CCG ``auto_forced``: the pending decisions whose options every seat can work out
[ruling: Forced decisions are public ones] (the rule is envs/core/forced.py's).

Options read from cards in play, Seas and pile or hand sizes are public: choosing a Sea, a
target, a crew to fire, a host, the other fighter, a discard to the hand maximum, the cards
an Adventure's completion discards. Options read from the decider's hand are public only
while no card in that hand could be one: main actions, a boarding push or card, a recruit's
pick and cancelling need an empty hand; paying, React windows and absorbing need an empty
hand or a pool with no card of that timing [Paying Costs; Actions and Reacts; Suffering
Hits]. The starting Crew choice never is [Game Set-Up: chosen in secret]: its options read
the crew already chosen and the Wealth left.
"""

from numba import njit

from .common import cost_skill, pool_produces
from .legal import cancel_cost_of, pool_has_react, window_kind
from .state import (
    AK_ADV_DONE, PK_ABSORB, PK_BCARD, PK_BPUSH, PK_CANCEL, PK_MAIN, PK_PAY, PK_PICK,
    PK_REACT, PK_START, R_ABSORB, R_NONE,
)


@njit(cache=True)
def options_public(s):
    """Do the options of the pending decision of seat s.cur follow from public state?"""
    p = s.cur
    pk = s.pk
    if pk == PK_START:
        return False
    empty = s.hand_n[p] == 0
    if pk == PK_PAY:
        return empty or not pool_produces(s.pay_skill)
    if pk == PK_REACT:
        kind = window_kind(s, p)
        return empty or kind == R_NONE or not pool_has_react(kind)
    if pk == PK_ABSORB:
        return empty or not pool_has_react(R_ABSORB)
    if pk == PK_CANCEL:
        k, _ = cancel_cost_of(s)
        return empty or not pool_produces(cost_skill(s, p, k))
    if pk == PK_PICK:
        return empty or s.act_kind == AK_ADV_DONE     # any card of the hand: its size
    if pk == PK_MAIN or pk == PK_BPUSH or pk == PK_BCARD:
        return empty
    return True
