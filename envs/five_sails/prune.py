"""City of Five Sails: the moves the search need not try (GameSpec.prune, envs/core/search.py).

The search's playouts are uniformly random and stop after a few decisions, where the value
kernel (value.py) scores the position. In High Drama two kinds of legal action change
nothing but what they spend, and a uniform playout takes them all the time (about one High
Drama decision in twenty, 100 random 2-player games), and so did the search (``mcts:400``
took 154 in 200 2-player games against the heuristic, 314 in 200 3-player games):

* claiming a location you already control [f. Claim Action: "Pressure that location with
  Influence. If successful, claim the location"; Pressures]: success leaves the location
  yours and failure takes nothing away (ruling: Claim), so all it does is engage the
  claiming character [En garde vs Engaged] and let every opponent there use its "when an
  opponent claims" Reactions (+Influence for the rest of the Day) [Reaction]. ``mcts:400``
  made 191 such claims in 200 3-player games, 11% of its claims; the heuristic none;
* an Action whose every effect would do nothing for its acting character: heal one with no
  wounds, put one already en garde en garde [Playing a Card: "Resolve effects in the order
  they appear. Do as much as possible"; Heal; En garde vs Engaged]. It still spends what
  using it costs: the risk from hand and its Wealth cost [Risk Cards], the Event's use this
  Day [Event Cards: once per player per Day], the character's own Action for the Day [Once
  per Day Ability Activation], which a wound later in the Day would have made worth using.
  Pruned are the character's own Action and an Event's for that acting character, a risk
  from hand when no character that could act for it would be changed, and, once a risk is
  announced, the acting characters it would not change.

Either is never better than passing [g. Pass]: it only keeps the Day going, as passing does
unless every other player has passed, and then it gives them one more turn each, after which
the player is where it was with less to spend. The rules still offer every one of them to
every player (legal_mask is unchanged); the search restores a mask this empties (ruling:
Search pruning).
"""

from numba import njit

from .cards import C_AB, C_OP, C_TYPE
from .common import action_ok
from .state import (A_ABILITY, A_CLAIM, A_CREW, A_EVENT, A_HAND, AB_ACTION, GO_RISK, MAX_CREW,
                    NOPS, OP_GARDE, OP_HEAL, OP_NONE, PK_ACTOR, PK_MAIN, T_RISK)


@njit(cache=True)
def idle(s, p, c, cid):
    """Would every effect of ``cid``'s Action, crew slot c of p acting, change nothing: heal
    a character without wounds, en garde a character already en garde (False for a card
    with no effect at all)."""
    some = False
    for j in range(NOPS):
        o = C_OP[cid, j]
        if o == OP_NONE:
            continue
        some = True
        if o == OP_HEAL and s.wounds[p, c] == 0:
            continue
        if o == OP_GARDE and s.eng[p, c] == 0:
            continue
        return False
    return some


@njit(cache=True)
def _idle_risk(s, p, cid):
    """A risk's Action that would change nothing whichever character acts for it."""
    if C_TYPE[cid] != T_RISK or C_AB[cid] != AB_ACTION:
        return False
    for c in range(MAX_CREW):
        if action_ok(s, p, c, cid) and not idle(s, p, c, cid):
            return False
    return True


@njit(cache=True)
def prune(s, mask):
    """Clear from the legal ``mask`` the moves of the module docstring."""
    p = s.to_play
    if p < 0:
        return
    if s.pk == PK_MAIN:
        for c in range(MAX_CREW):
            # [f. Claim Action] a location already yours stays yours either way
            if mask[A_CLAIM + c] and s.ctrl[s.loc[p, c]] == p:
                mask[A_CLAIM + c] = 0
            # [Playing a Card] its own Action, the Event where it stands
            if mask[A_ABILITY + c] and idle(s, p, c, s.crew[p, c]):
                mask[A_ABILITY + c] = 0
            if mask[A_EVENT + c] and idle(s, p, c, s.cslot[s.loc[p, c]]):
                mask[A_EVENT + c] = 0
        for i in range(s.hand_n[p]):
            if mask[A_HAND + i] and _idle_risk(s, p, s.hand[p, i]):
                mask[A_HAND + i] = 0
    elif s.pk == PK_ACTOR and s.go == GO_RISK:
        # [Acting Character] the announced risk acts for a character it changes
        for c in range(MAX_CREW):
            if mask[A_CREW + c] and idle(s, p, c, s.pcard):
                mask[A_CREW + c] = 0


@njit(cache=True)
def prune_at(states, i, mask):
    """:func:`prune` of ``states[i]`` (a record from Python specialises the kernel apart from
    the array element the search passes; tests call this one, as value.value_at)."""
    prune(states[i], mask)
