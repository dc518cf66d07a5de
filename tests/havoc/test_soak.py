"""Seas of Havoc soak: thousands of random games through VectorGame, invariants at every check.

Invariants (rulebook sections in brackets):
- every card is in exactly one zone: decks + hands + discards + Market + Market deck + scrap
  pile + card being resolved + Ghost Fleet purchased pile = the starting decks and the 64
  Market cards; Damage in play + the Damage deck = its size + cards taken from the box
  [Box Contents; Deck Management; Scrapping Cards; Ending the Game]
- the 24 ghost cards are each in exactly one of ghost deck, ghost discard, ghost hands
  [Ghost Fleet Concepts]
- the 9 shipwreck tokens are each in exactly one place: stack, grid, a hold, or the booty
  choice being made [Salvaging Shipwrecks; Booty]
- resources within the board's capacity and never negative; Infamy never below zero
  [Island Setup 2; Ghost Fleet: Individual Resources; Set Starting Infamy]
- a live game always has a legal action; every game ends within max_steps.
"""

import numba
import numpy as np
import pytest
from numba import njit

from envs.core.rng import mix64

from envs.core.vector import VectorGame
from envs.havoc import cards as C
from envs.havoc import env as havoc_env
from envs.havoc import rules
from envs.havoc.common import GHOST_CAP, PLAYER_CAP
from envs.havoc.state import (
    DEFAULT_MAX_STEPS, NDEFS, NUM_ACTIONS, NUM_GHOST_CARDS, NUM_WRECKS, PK_BOOTY, UPG_CANNON_CAP,
    UPG_SAIL_CAP, VAR_GHOST,
)

SOAK = {
    "standard2": {"num_players": 2},
    "standard3": {"num_players": 3},
    "standard4": {"num_players": 4},
    "standard5": {"num_players": 5},
    "two_ship": {"num_players": 2, "variant": "two_ship"},
    "teams4": {"num_players": 4, "variant": "teams"},
    "ghost1": {"num_players": 1, "variant": "ghost"},
    "ghost3": {"num_players": 3, "variant": "ghost", "num_ghosts": 3},
}
NUM_ENVS = 64
CHUNK = 400
GAMES_PER_CONFIG = 300          # 8 configs: 2400 games per run
MAX_CHUNKS = 400


def initial_counts(cfg):
    """Copies of each card def in the game at setup [Player Setup; Island Setup 4]."""
    out = np.zeros(NDEFS, np.int64)
    for c in range(int(cfg["num_players"])):
        for d in C.SHIP_DECK[int(cfg["ship"][c])]:
            out[d] += 1
        for d in C.CAPTAIN_ABILITIES[int(cfg["captain"][c])]:
            out[d] += 1
    for d in C.MARKET_POOL:
        out[d] += 1
    return out


def check_invariants(states, cfg):
    n = states.shape[0]
    rows = np.arange(n)
    # --- cards -------------------------------------------------------------------------
    counts = states["hand"].astype(np.int64).sum(axis=1) + states["discard"].sum(axis=1)
    deck, deck_n = states["deck"], states["deck_n"]
    for c in range(deck.shape[1]):
        live = np.arange(deck.shape[2])[None, :] < deck_n[:, c:c + 1]
        np.add.at(counts, (np.broadcast_to(rows[:, None], live.shape)[live],
                           deck[:, c][live]), 1)
    market = states["market"]
    ok = market >= 0
    np.add.at(counts, (np.broadcast_to(rows[:, None], market.shape)[ok], market[ok]), 1)
    md = states["market_deck"]
    live = np.arange(md.shape[1])[None, :] < states["market_deck_n"][:, None]
    np.add.at(counts, (np.broadcast_to(rows[:, None], md.shape)[live], md[live]), 1)
    counts += states["scrap"] + states["ghost_bought"]
    card = states["card"]
    np.add.at(counts, (rows[card >= 0], card[card >= 0]), 1)

    # the Ghost Fleet's piles hold ghost cards and Damage (id NUM_GHOST_CARDS)
    ghost_ids = np.zeros((n, NUM_GHOST_CARDS + 1), np.int64)
    for field, nfield in (("ghost_deck", "ghost_deck_n"), ("ghost_discard", "ghost_discard_n")):
        arr = states[field]
        live = np.arange(arr.shape[1])[None, :] < states[nfield][:, None]
        np.add.at(ghost_ids, (np.broadcast_to(rows[:, None], arr.shape)[live], arr[live]), 1)
    gh = states["ghost_hand"]
    for c in range(gh.shape[1]):
        live = np.arange(gh.shape[2])[None, :] < states["ghost_hand_n"][:, c:c + 1]
        np.add.at(ghost_ids, (np.broadcast_to(rows[:, None], live.shape)[live],
                              gh[:, c][live]), 1)

    expected = initial_counts(cfg)
    bad = np.flatnonzero((counts[:, 1:] != expected[None, 1:]).any(axis=1))
    assert bad.size == 0, f"card conservation broken in envs {bad[:5]}: " \
        f"{counts[bad[0]] - expected}"
    damage = counts[:, 0] + ghost_ids[:, NUM_GHOST_CARDS] + states["damage_left"]
    total = int(cfg["damage_deck"]) + states["damage_extra"].astype(np.int64)
    bad = np.flatnonzero(damage != total)
    assert bad.size == 0, f"Damage cards lost or created in envs {bad[:5]}"
    if int(cfg["variant"]) == VAR_GHOST:
        assert (ghost_ids[:, :NUM_GHOST_CARDS] == 1).all(), "ghost card lost or duplicated"
    else:
        assert (ghost_ids == 0).all()

    # --- shipwreck tokens ----------------------------------------------------------------
    tokens = np.zeros((n, NUM_WRECKS + 1), np.int64)
    st = states["wreck_stack"]
    live = np.arange(st.shape[1])[None, :] < states["wreck_stack_n"][:, None]
    np.add.at(tokens, (np.broadcast_to(rows[:, None], st.shape)[live], st[live]), 1)
    grid = states["wreck"].reshape(n, -1)
    np.add.at(tokens, (np.broadcast_to(rows[:, None], grid.shape)[grid > 0], grid[grid > 0]), 1)
    booty = states["booty"]
    np.add.at(tokens, (np.broadcast_to(rows[:, None], booty.shape)[booty > 0],
                       booty[booty > 0]), 1)
    choosing = (states["pending"] == PK_BOOTY) & (states["to_play"] >= 0)
    np.add.at(tokens, (rows[choosing], states["pend_slot"][choosing]), 1)
    bad = np.flatnonzero((tokens[:, 1:] != 1).any(axis=1))
    assert bad.size == 0, f"shipwreck tokens lost or duplicated in envs {bad[:5]}"

    # --- resources and infamy ------------------------------------------------------------
    res = states["res"].astype(np.int64)
    assert (res >= 0).all(), "negative resources"
    ncrew = states["num_crews"]
    seat = states["crew_seat"]
    for c in range(res.shape[1]):
        present = c < ncrew
        ghost = present & (seat[:, c] < 0)
        player = present & (seat[:, c] >= 0)
        cap = np.broadcast_to(PLAYER_CAP, (n, 3)).copy()
        sd = states["crew_shipdef"][:, c]
        for k in range(2):
            u = C.SHIP_UPGRADES[np.clip(sd, 0, None), k]
            on = player & (states["upgrade_on"][:, c, k] > 0)
            eff, arg = C.UPGRADE_EFFECT[u], C.UPGRADE_ARG[u].astype(np.int64)
            cap[:, 0] += np.where(on & (eff == UPG_SAIL_CAP), arg, 0)
            cap[:, 1] += np.where(on & (eff == UPG_CANNON_CAP), arg, 0)
        over = (player[:, None] & (res[:, c] > cap)) | (ghost[:, None] & (res[:, c] > GHOST_CAP))
        assert not over.any(), f"crew {c} over capacity in envs {np.flatnonzero(over.any(1))[:5]}"
    assert (states["infamy"] >= 0).all() and (states["ghost_infamy"] >= 0).all()
    limit = int(cfg["max_steps"]) or DEFAULT_MAX_STEPS
    assert (states["step"] <= limit).all()
    live = states["to_play"] >= 0
    assert ((states["done"] == 0) & (states["truncated"] == 0))[live].all()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_play_soak(name):
    """Random legal play: no stuck game, no lost card, token or resource, games finish."""
    prev = numba.get_num_threads()
    numba.set_num_threads(1)          # the CI box is shared: one core for the soak
    try:
        vec = VectorGame(havoc_env.GAME, NUM_ENVS, seed=sorted(SOAK).index(name), **SOAK[name])
        cfg = vec.cfgs[0]
        check_invariants(vec.states, cfg)
        finished = 0
        for _ in range(MAX_CHUNKS):
            vec.playout(CHUNK)            # raises on an empty mask before a game's end
            finished += vec.games_finished
            check_invariants(vec.states, cfg)
            if finished >= GAMES_PER_CONFIG:
                break
        assert finished >= GAMES_PER_CONFIG, f"only {finished} games finished"
    finally:
        numba.set_num_threads(prev)


@njit
def _play_to_end(states, cfgs, seeds, out):
    """Random legal play from a fresh game to its end; out[i] = (decisions, done, truncated)."""
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    for i in range(states.shape[0]):
        s = states[i]
        rules.init(s, cfgs[0], seeds[i])
        x = seeds[i]
        while s.to_play >= 0:
            rules.legal_mask(s, mask)
            n = 0
            for a in range(NUM_ACTIONS):
                n += mask[a]
            if n == 0:
                break
            x = mix64(x + np.uint64(1))
            k = np.int64(x % np.uint64(n))
            a = 0
            while True:
                if mask[a]:
                    if k == 0:
                        break
                    k -= 1
                a += 1
            rules.apply(s, a)
        out[i, 0] = s.step
        out[i, 1] = s.done
        out[i, 2] = s.truncated


def stalemate(rec) -> bool:
    """No Damage can ever be dealt again: no player crew owns a card, the Market and its deck
    are empty and no ghost ship holds a ghost card (the rulebook has no end for this)."""
    n = int(rec["num_crews"])
    for c in range(n):
        if rec["crew_seat"][c] >= 0:
            if rec["hand"][c].sum() + rec["deck_n"][c] + rec["discard"][c].sum() > 0:
                return False
        elif rec["ghost_hand_n"][c] > 0:
            return False
    return rec["market_deck_n"] == 0 and (rec["market"] < 0).all()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_games_end_by_the_rules_unless_stalemated(name):
    """Ending the Game: the game ends after the Sea Phase that empties the Damage deck.

    Every random game ends within max_steps. The step bound may only end a stalemate the
    rulebook has no end for: every crew has scrapped its whole deck and the Market is
    empty, so no Damage can ever be dealt.
    """
    n = 128
    cfg = havoc_env.GAME.make_config(**SOAK[name])
    states = np.zeros(n, havoc_env.GAME.state_dtype)
    out = np.zeros((n, 3), np.int64)
    _play_to_end(states, cfg, np.arange(1, n + 1, dtype=np.uint64), out)
    limit = int(cfg["max_steps"][0]) or DEFAULT_MAX_STEPS
    assert ((out[:, 1] == 1) ^ (out[:, 2] == 1)).all(), "a game stopped without ending"
    assert (out[out[:, 1] == 1, 0] < limit).all()
    for i in np.flatnonzero(out[:, 2]):
        assert out[i, 0] == limit
        ok = stalemate(states[i])
        rec = states[i]
        assert ok, (f"game {i} truncated at {limit} steps without a stalemate: phase "
                    f"{rec['phase']}, round {rec['round']}, hands {rec['hand'].sum(1).tolist()}, "
                    f"decks {rec['deck_n'].tolist()}, ghost hands {rec['ghost_hand_n'].tolist()}")
