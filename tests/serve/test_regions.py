"""The clickable parts of the picture (issue 34: "where natural clickable parts of the picture
(a card in hand, a square, an island)"): each game's ``render_regions`` over random positions.

A region the page shows stands only for legal actions of the seat to play, lies inside that
seat's picture, and is the same in every world the seat cannot tell apart (the game's
``determinize`` re-deals what it cannot see), so a region never reveals a hidden card.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from training.records import apply_action, legal_actions, new_game
from training.serve.views import clickable_regions

from tests.serve.helpers import SMALL

#: every game with a picture has parts of it that stand for actions
GAMES = ["havoc", "seventh_sea", "five_sails", "cursed_seas"]


def positions(game: str, seed: int, every: int, count: int):
    """(spec, state) at every ``every``-th move of a random game, ``count`` of them at most."""
    spec, state = new_game(game, seed, SMALL[game])
    rng = random.Random(seed)
    step = 0
    while count and not (state["done"][0] or state["truncated"][0]):
        mask = legal_actions(spec, state)
        if step % every == 0:
            yield spec, state
            count -= 1
        apply_action(spec, state, rng.choice(np.flatnonzero(mask).tolist()))
        step += 1


@pytest.mark.parametrize("game", GAMES)
def test_regions_are_legal_inside_the_picture_and_hide_what_the_seat_cannot_see(game):
    seen = 0
    for spec, state in positions(game, seed=4, every=5, count=24):
        seat = int(state["to_play"][0])
        mask = legal_actions(spec, state)
        regions = clickable_regions(spec, state[0], seat, mask)
        h, w, _ = spec.render_rgb(state[0], seat).shape
        for r in regions:
            x0, y0, x1, y1 = r["box"]
            assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h, r
            assert r["actions"] and all(mask[a] for a in r["actions"]), r
        seen += len(regions)
        if spec.determinize is None:
            continue
        for key in (1, 2):
            other = state.copy()
            spec.determinize(other[0], seat, np.uint64(key))
            assert clickable_regions(spec, other[0], seat, legal_actions(spec, other)) \
                == regions, f"seat {seat}'s regions changed when its unseen cards were re-dealt"
    assert seen, f"no part of {game}'s picture stood for a legal action in 24 positions"


def test_a_game_without_regions_offers_none():
    """A game that draws no clickable parts leaves the page to its buttons."""
    spec, state = new_game(GAMES[0], 1, SMALL[GAMES[0]])
    bare = dataclasses.replace(spec, render_regions=None)
    assert clickable_regions(bare, state[0], 0, legal_actions(spec, state)) == []


def _covered(spec, state, seat) -> set[int]:
    return {a for _, acts in spec.render_regions(state[0], seat) for a in acts}


@pytest.mark.parametrize("game", ["havoc", "seventh_sea", "five_sails"])
def test_every_legal_card_in_hand_is_a_part_of_the_picture(game):
    """A card in hand is a natural part to click (the issue's example): whenever the seat to
    play may play or choose a card from its hand, each such card is a region of its picture."""
    import importlib

    S = importlib.import_module(f"envs.{game}.state")
    hand = set(range(S.A_HAND, S.A_HAND + (S.NDEFS if game == "havoc" else S.MAX_HAND)))
    met = 0
    for seed in range(2):
        for spec, state in positions(game, seed=seed, every=1, count=80):
            seat = int(state["to_play"][0])
            legal = set(np.flatnonzero(legal_actions(spec, state)).tolist()) & hand
            if legal:
                assert legal <= _covered(spec, state, seat), (seed, int(state["step"][0]))
                met += 1
    assert met > 0


def test_cursed_seas_islands_and_ships_are_parts_of_the_picture():
    """Choosing a home island, each legal island is a region; on one's turn, each own ship
    that may be given an action is."""
    from envs.cursed_seas import state as S

    met = set()
    for seed in range(2):
        for spec, state in positions("cursed_seas", seed=seed, every=1, count=120):
            pk, seat = int(state["pending"][0]), int(state["to_play"][0])
            legal = set(np.flatnonzero(legal_actions(spec, state)).tolist())
            if pk in (S.PK_HOME, S.PK_TARGET):
                want = {a for a in legal if S.A_OPT <= a < S.A_OPT + S.NUM_OPT}
            elif pk == S.PK_TURN:
                want = {a for a in legal if S.A_ORDER <= a < S.A_ORDER + S.MAX_FLEET * 4}
            else:
                continue
            assert want <= _covered(spec, state, seat), (seed, pk)
            met.add(pk)
    assert {S.PK_HOME, S.PK_TURN} <= met
