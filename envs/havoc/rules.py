"""Seas of Havoc kernels: init, legal_mask, apply (the four-kernel contract of envs.core.spec).

This file is the phase driver. It dispatches the pending decision to the module that owns
it (setup.py, island.py, sea.py, choices.py, payment.py) and, whenever no decision is pending, lets the
current phase run its automatic steps (ghost turns, purchases, cleanup, phase changes)
until a seat must decide again or the game ends [Quick Reference: Round Sequence].
With ``auto_forced`` ``apply`` then takes every public single-option decision (forced.py).
"""

import numpy as np
from numba import njit

from envs.core.bounds import AUTO_STEP_BOUND, fault
from envs.core.forced import only_option
from envs.core.spec import NO_SEAT
from envs.havoc import choices, island, payment, scoring, sea, setup
from envs.havoc.forced import options_public
from envs.havoc.state import (
    DEFAULT_MAX_STEPS, NUM_ACTIONS, PH_ISLAND, PH_OVER, PH_PURCHASE, PH_SEA, PH_SETUP,
    PK_BOOTY, PK_DISCARD, PK_EXTEND, PK_FIRE, PK_FIRE_SIDE, PK_FLAG, PK_GAIN_ANY, PK_MODE,
    PK_NONE, PK_ORIENT, PK_PATH, PK_PAY, PK_PIVOT, PK_PLAY, PK_PURCHASE, PK_RESTOCK_PICK, PK_SCRAP,
    PK_SCRAP_GAIN, PK_SHIP, PK_SKIFF, PK_TRADE_GIVE, PK_TRADE_TAKE, PK_WORKSHOP,
)


@njit(cache=True)
def decider(s):
    """Seat that takes the pending decision: the current crew's seat; the players (seat 0)
    orient ghost ships [Ghost Fleet Setup]."""
    seat = s.crew_seat[s.cur]
    return seat if seat >= 0 else 0


@njit(cache=True)
def _fill_legal(s, mask):
    c = s.cur
    k = s.pending
    if k == PK_ORIENT:
        setup.legal_orient(s, c, mask)
    elif k == PK_SKIFF:
        island.legal_skiff(s, c, mask)
    elif k == PK_RESTOCK_PICK:
        island.legal_restock_pick(s, c, mask)
    elif k == PK_GAIN_ANY:
        choices.legal_gain_any(s, c, mask)
    elif k == PK_TRADE_GIVE:
        island.legal_trade_give(s, c, mask)
    elif k == PK_TRADE_TAKE:
        island.legal_trade_take(s, c, mask)
    elif k == PK_WORKSHOP:
        island.legal_workshop(s, c, mask)
    elif k == PK_SCRAP:
        choices.legal_scrap(s, c, mask)
    elif k == PK_PURCHASE:
        island.legal_purchase(s, c, mask)
    elif k == PK_BOOTY:
        choices.legal_booty(s, c, mask)
    elif k == PK_PLAY:
        sea.legal_hand_card(s, c, mask)
    elif k == PK_MODE:
        sea.legal_mode(s, c, mask)
    elif k == PK_SHIP:
        sea.legal_ship(s, c, mask)
    elif k == PK_PATH:
        sea.legal_path(s, c, mask)
    elif k == PK_PIVOT:
        sea.legal_pivot(s, c, mask)
    elif k == PK_DISCARD:
        sea.legal_hand_card(s, c, mask)
    elif k == PK_FIRE:
        sea.legal_fire(s, c, mask)
    elif k == PK_FIRE_SIDE:
        sea.legal_fire_side(s, c, mask)
    elif k == PK_EXTEND:
        sea.legal_extend(s, c, mask)
    elif k == PK_PAY:
        payment.legal_pay(s, c, mask)
    elif k == PK_SCRAP_GAIN:
        choices.legal_scrap_gain(s, c, mask)
    elif k == PK_FLAG:
        choices.legal_flag(s, c, mask)


@njit(cache=True)
def _decide(s, action):
    c = s.cur
    k = s.pending
    if k == PK_ORIENT:
        setup.apply_orient(s, c, action)
    elif k == PK_SKIFF:
        island.apply_skiff(s, c, action)
    elif k == PK_RESTOCK_PICK:
        island.apply_restock_pick(s, c, action)
    elif k == PK_GAIN_ANY:
        choices.apply_gain_any(s, c, action)
    elif k == PK_TRADE_GIVE:
        island.apply_trade_give(s, c, action)
    elif k == PK_TRADE_TAKE:
        island.apply_trade_take(s, c, action)
    elif k == PK_WORKSHOP:
        island.apply_workshop(s, c, action)
    elif k == PK_SCRAP:
        choices.apply_scrap(s, c, action)
    elif k == PK_PURCHASE:
        island.apply_purchase(s, c, action)
    elif k == PK_BOOTY:
        choices.apply_booty(s, c, action)
    elif k == PK_PLAY:
        sea.apply_play(s, c, action)
    elif k == PK_MODE:
        sea.apply_mode(s, c, action)
    elif k == PK_SHIP:
        sea.apply_ship(s, c, action)
    elif k == PK_PATH:
        sea.apply_path(s, c, action)
    elif k == PK_PIVOT:
        sea.apply_pivot(s, c, action)
    elif k == PK_DISCARD:
        sea.apply_discard(s, c, action)
    elif k == PK_FIRE:
        sea.apply_fire(s, c, action)
    elif k == PK_FIRE_SIDE:
        sea.apply_fire_side(s, c, action)
    elif k == PK_EXTEND:
        sea.apply_extend(s, c, action)
    elif k == PK_PAY:
        payment.apply_pay(s, c, action)
    elif k == PK_SCRAP_GAIN:
        choices.apply_scrap_gain(s, c, action)
    elif k == PK_FLAG:
        choices.apply_flag(s, c, action)


@njit(cache=True, inline="always")
def _advance(s):
    """Run automatic steps until a seat must decide or the game is over.

    A kernel fault stops at once; AUTO_STEP_BOUND automatic steps without a decision (a
    rules loop no seat takes part in) truncate the game (envs.core.bounds).
    """
    for _ in range(AUTO_STEP_BOUND):
        if s.fault:
            return
        if s.phase == PH_OVER:
            scoring.finish_game(s)
            return
        if s.pending != PK_NONE:
            s.to_play = decider(s)
            return
        ph = s.phase
        if ph == PH_ISLAND or ph == PH_PURCHASE:
            island.island_continue(s)
        elif ph == PH_SEA:
            sea.sea_continue(s)
        elif ph == PH_SETUP:
            setup.setup_continue(s)
        else:
            fault(s)
            return
    s.truncated = 1
    s.to_play = NO_SEAT


@njit(cache=True, inline="always")
def _one(s, action):
    """One decision: apply it, count it as a step (truncating at max_steps), then run the
    automatic steps to the next decision."""
    s.last_action = action
    s.last_crew = s.cur
    _decide(s, action)
    s.step += 1
    _advance(s)
    if s.fault:
        return
    limit = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS
    if not s.done and s.step >= limit:
        s.truncated = 1
        s.to_play = NO_SEAT


@njit(cache=True, inline="always")
def _forced(s):
    """With auto_forced, take every pending decision that has one legal option and whose
    options follow from public state, each counted as a step like a chosen one: a decision
    whose options read hidden cards is asked even with one option, since skipping it would
    tell every seat so [ruling: Forced decisions are public ones]. Each one counts a step,
    so max_steps ends the chain; DEFAULT_MAX_STEPS bounds it when max_steps is larger."""
    if not s.cfg.auto_forced:
        return
    mask = np.empty(NUM_ACTIONS, np.uint8)
    for _ in range(DEFAULT_MAX_STEPS):
        if s.to_play < 0 or s.done or s.truncated or s.fault or not options_public(s):
            return
        legal_mask(s, mask)
        only = only_option(mask)
        if only < 0:
            return
        _one(s, only)


@njit(cache=True)
def resume(s):
    """Continue from a hand-built position (scenarios): run the driver to the next decision."""
    s.to_play = NO_SEAT
    _advance(s)
    _forced(s)


@njit(cache=True)
def init(s, cfg, seed):
    """Set up a new game from a CONFIG record [Player Setup; Board Setup; Island Setup]."""
    setup.setup_game(s, cfg, seed)
    _advance(s)
    _forced(s)


@njit(cache=True, inline="always")
def legal_mask(s, mask):
    """Legal actions for seat s.to_play (all zero once the game is over)."""
    mask[:] = 0
    if s.done or s.truncated:
        return
    _fill_legal(s, mask)


@njit(cache=True)
def apply(s, action):
    """Apply one legal action of s.to_play and every automatic step after it; with
    auto_forced, also every public single-option decision after it (_forced)."""
    s.reward[:] = 0
    _one(s, action)
    _forced(s)
