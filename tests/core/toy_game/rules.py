"""Blind Twenty-One kernels: init, legal_mask, apply. Sections [Setup], [Turn], [End], [Bound]."""

from numba import njit

from envs.core.rng import seed_state, shuffle
from envs.core.spec import NO_SEAT

from .state import A_SECRET, DECK_SIZE, DEFAULT_MAX_STEPS, MAX_PLAYERS, MAX_VALUE


@njit(cache=True)
def init(s, cfg, seed):
    """[Setup] shuffle the deck, deal one secret card per seat, seat 0 to play."""
    seed_state(s, seed)
    s.fault = 0
    s.cfg = cfg
    n = cfg.num_players
    s.num_players = n
    s.done = 0
    s.truncated = 0
    s.step = 0
    s.winner_mask = 0
    s.total = 0
    s.last_card = 0
    for p in range(MAX_PLAYERS):
        s.reward[p] = 0.0
        s.card[p] = 0
        s.played[p] = 0
    for i in range(DECK_SIZE):
        s.deck[i] = i % MAX_VALUE + 1
    shuffle(s, s.deck, DECK_SIZE)
    s.deck_n = DECK_SIZE
    for p in range(n):
        s.deck_n -= 1
        s.card[p] = s.deck[s.deck_n]
        s.deck[s.deck_n] = 0
    s.to_play = 0


@njit(cache=True)
def legal_mask(s, mask):
    """[Turn] add 1-3 always; play the secret card only while holding one."""
    mask[:] = 0
    p = s.to_play
    if p < 0:
        return
    mask[0] = 1
    mask[1] = 1
    mask[2] = 1
    if s.card[p] > 0:
        mask[A_SECRET] = 1


@njit(cache=True)
def _end(s, winners):
    """[End] +1 to each winner (bit set in ``winners``), -1 to each loser."""
    s.done = 1
    s.winner_mask = winners
    for p in range(s.num_players):
        s.reward[p] = 1.0 if (winners >> p) & 1 else -1.0
    s.to_play = NO_SEAT


@njit(cache=True)
def apply(s, action):
    """[Turn] apply one legal action, then check [End] and [Bound]."""
    p = s.to_play
    for q in range(MAX_PLAYERS):
        s.reward[q] = 0.0
    if action == A_SECRET:
        v = s.card[p]
        s.total += v
        s.played[p] += 1
        s.last_card = v
        if s.deck_n > 0:
            s.deck_n -= 1
            s.card[p] = s.deck[s.deck_n]
            s.deck[s.deck_n] = 0
        else:
            s.card[p] = 0
    else:
        s.total += action + 1
    s.step += 1
    n = s.num_players
    everyone = (1 << n) - 1
    if s.total == s.cfg.target:
        _end(s, 1 << p)
    elif s.total > s.cfg.target:
        _end(s, everyone & ~(1 << p))
    else:
        bound = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS
        if s.step >= bound:
            s.truncated = 1
            s.to_play = NO_SEAT
        else:
            s.to_play = (p + 1) % n
