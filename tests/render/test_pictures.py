"""Pictures of the three new games (7th Sea CCG, City of Five Sails, Pirates of the Cursed
Seas): ``render_rgb`` and ``render_ansi`` never fail on a reachable position, keep one image
size, and never show a viewer what it cannot see.

Hidden information, per rulebook:

- 7th Sea [Game Set-Up: hands and decks are hidden; Discard Pile: "may not be inspected";
  starting Crew revealed simultaneously]: other hands, every deck, discard and sunk pile
  contents, another player's starting Crew (and its deck size) while still secret;
- Five Sails [Planning 1: placed facedown; Risk Cards; Faction Deck; Approach Deck; City
  Deck]: other hands, every deck, discard and Locker contents, other Approach Decks and
  planning choices, the City Deck order;
- Cursed Seas [Placing Treasure; Exploring; Placing Crew and equipment]: the value (and
  uniqueness) of a face-down coin the viewer has not looked at, and which of another fleet's
  face-down crew sails on which ship.

Each test scrambles exactly those zones for one viewer and asks for the same pixels and the
same text; the converse tests show the viewer's own secrets do reach its picture, so the
invariance checks cannot pass on a picture that shows nothing.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import envs

GAMES = ("seventh_sea", "five_sails", "cursed_seas")


def played(game, players, seed, depth, stop=None):
    """The record array (1,) after ``depth`` random legal decisions (fewer if it ends or
    ``stop(record)`` holds)."""
    e = envs.make_raw(game, num_players=players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(depth):
        if e.record["to_play"][0] < 0 or (stop is not None and stop(e.record[0])):
            break
        e.step(int(rng.choice(e.legal_actions())))
    return e.record.copy()


def _others(arr, viewer):
    return [q for q in range(int(arr[0]["num_players"])) if viewer is None or q != viewer]


# --- scramblers: rewrite only what ``viewer`` cannot see -----------------------------------
def _scramble_seventh_sea(arr, viewer, rng):
    from envs.seventh_sea import state as S
    from envs.seventh_sea.cards import CARD, NDEFS

    r = arr[0]
    crew_defs = np.flatnonzero(CARD[:NDEFS, S.C_TYPE] == S.T_CREW)
    for q in range(int(r["num_players"])):
        for zone, count in (("deck", "deck_n"), ("discard", "discard_n"), ("sunk", "sunk_n")):
            n = int(r[count][q])
            r[zone][q][:n] = rng.integers(0, NDEFS, n)
    for q in _others(arr, viewer):
        n = int(r["hand_n"][q])
        r["hand"][q][:n] = rng.integers(0, NDEFS, n)
        if int(r["phase"]) == S.PH_START:          # the secret starting Crew and its size
            for j in range(1, S.MAX_CREW):
                r["crew"][q][j] = -1
                r["tacked"][q][j] = 0
            k = int(rng.integers(0, 4))
            r["crew"][q][1:1 + k] = rng.choice(crew_defs, k)
            r["deck_n"][q] = int(rng.integers(40, 80))
    return arr


def _scramble_five_sails(arr, viewer, rng):
    from envs.five_sails import cards as C
    from envs.five_sails.state import CITY_DECK

    r = arr[0]
    ids = np.arange(1, C.NCARDS)
    # discard piles and The Locker are face up [Glossary: Discard Pile]: shown, not scrambled
    for q in range(int(r["num_players"])):
        n = int(r["deck_n"][q])
        r["deck"][q][:n] = rng.choice(ids, n)
    n = min(int(r["cdeck_n"]), CITY_DECK)
    r["cdeck"][:n] = rng.choice(ids, n)
    for q in _others(arr, viewer):
        n = int(r["hand_n"][q])
        r["hand"][q][:n] = rng.choice(ids, n)
        for f in ("plan_scheme", "plan_char"):
            if r[f][q]:
                r[f][q] = rng.choice(ids)
        live = r["appr"][q] > 0
        r["appr"][q][live] = rng.choice(ids, int(live.sum()))
    return arr


def _scramble_cursed_seas(arr, viewer, rng):
    from envs.cursed_seas.state import MAX_COINS, MAX_CREW_P

    r = arr[0]
    for c in range(MAX_COINS):
        if int(r["co_val"][c]) < 0 or r["co_up"][c]:
            continue
        if viewer is not None and (int(r["co_seen"][c]) >> viewer) & 1:
            continue
        r["co_val"][c] = int(rng.integers(1, 7))
        r["co_uniq"][c] = int(rng.integers(0, 2))
    for q in _others(arr, viewer):
        down = [c for c in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P)
                if int(r["cr_ship"][c]) >= 0 and not r["cr_up"][c]
                and not (viewer is not None and (int(r["cr_seen"][c]) >> viewer) & 1)]
        ships = [int(r["cr_ship"][c]) for c in down]
        for c, k in zip(down, rng.permutation(ships)):
            r["cr_ship"][c] = k
    return arr


SCRAMBLE = {"seventh_sea": _scramble_seventh_sea, "five_sails": _scramble_five_sails,
            "cursed_seas": _scramble_cursed_seas}


def _same_for(game, arr, viewer, rng, scramble):
    spec = envs.spec(game)
    other = scramble(arr.copy(), viewer, rng)
    assert spec.render_ansi(other[0], viewer) == spec.render_ansi(arr[0], viewer)
    a, b = spec.render_rgb(arr[0], viewer), spec.render_rgb(other[0], viewer)
    assert np.array_equal(a, b), (
        f"{game}: viewer {viewer}'s picture changed with hidden zones "
        f"({int((a != b).any(axis=2).sum())} pixels)")


def _depths(game):
    # early (setup / starting crew / planning), middle and late positions
    return (3, 40, 250, 900)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_pictures_do_not_change_when_hidden_things_do(game, players):
    """Whatever a viewer cannot know never reaches its picture or text, nor a spectator's."""
    rng = np.random.default_rng(players)
    for depth in _depths(game):
        arr = played(game, players, 10 * players + depth, depth)
        for viewer in list(range(players)) + [None]:
            _same_for(game, arr, viewer, rng, SCRAMBLE[game])


@pytest.mark.parametrize("game", GAMES)
def test_pictures_do_not_change_under_the_games_determiniser(game):
    """The search determiniser re-deals exactly the hidden zones: the seat's picture stays."""
    spec = envs.spec(game)
    for depth in _depths(game):
        arr = played(game, 3, 7 + depth, depth)
        for seat in range(3):
            other = arr.copy()
            spec.determinize(other[0], seat, np.uint64(99 + depth))
            assert np.array_equal(spec.render_rgb(arr[0], seat), spec.render_rgb(other[0], seat))
            assert spec.render_ansi(arr[0], seat) == spec.render_ansi(other[0], seat)


def test_seventh_sea_starting_crew_face_down_until_all_have_chosen():
    """[Game Set-Up] the starting Crew are chosen in secret and revealed together: while one
    player has chosen and another not, the other sees a face-down pile, not the cards."""
    from envs.seventh_sea import state as S
    from envs.seventh_sea.cards import CARD_NAMES

    arr = played("seventh_sea", 2, 0, 200,
                 stop=lambda r: r["phase"] == S.PH_START and r["crew"][0][1] >= 0
                 and r["to_play"] == 1)
    r = arr[0]
    assert r["phase"] == S.PH_START and r["crew"][0][1] >= 0
    chosen = CARD_NAMES[int(r["crew"][0][1])]
    spec = envs.spec("seventh_sea")
    assert chosen in spec.render_ansi(r, 0)
    text = spec.render_ansi(r, 1)
    assert "starting crew face down" in text
    owner_lines = text.split(">player_1")[0]
    assert chosen not in owner_lines.split("player_0:")[1]


@pytest.mark.parametrize("game", GAMES)
def test_the_viewers_own_secrets_reach_its_picture(game):
    """The converse: the viewer's own hand (7th Sea, Five Sails) or a coin it looked at
    (Cursed Seas) is drawn face up, so changing it changes the viewer's picture and not a
    spectator's."""
    spec = envs.spec(game)
    if game == "cursed_seas":
        def mine(r):
            return any((int(r["co_seen"][c]) >> 0) & 1 and not r["co_up"][c]
                       and int(r["co_val"][c]) >= 0 and int(r["co_loc"][c]) > 0
                       for c in range(len(r["co_val"])))
    else:
        def mine(r):
            return int(r["hand_n"][0]) >= 2
    for seed in range(12):
        arr = played(game, 2, seed, 400, stop=mine)
        if mine(arr[0]):
            break
    assert mine(arr[0]), "no position with a secret of seat 0 found"
    other = arr.copy()
    r = other[0]
    if game == "cursed_seas":
        for c in range(len(r["co_val"])):
            if (int(r["co_seen"][c]) & 1) and not r["co_up"][c] and int(r["co_val"][c]) >= 0:
                r["co_val"][c] = 9 if int(r["co_val"][c]) != 9 else 8
    else:
        h = r["hand"][0]
        h[0], h[1] = h[1], h[0]
        if h[0] == h[1]:
            h[0] = h[0] + 1
    assert not np.array_equal(spec.render_rgb(arr[0], 0), spec.render_rgb(other[0], 0))
    assert np.array_equal(spec.render_rgb(arr[0], None), spec.render_rgb(other[0], None))


@pytest.mark.parametrize("game", GAMES)
def test_every_viewer_gets_one_fixed_size_picture_through_a_whole_game(game):
    """Every 50th position of two whole games (up to 3000 decisions) renders for each seat
    and a spectator, at one size (frames stack into a video) and in 8-bit RGB."""
    spec = envs.spec(game)
    shape = None
    for players, seed in ((2, 1), (4, 2)):
        e = envs.make_raw(game, num_players=players)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        step = 0
        while True:
            rec = e.record[0]
            if step % 50 == 0 or rec["to_play"] < 0:
                for viewer in list(range(players)) + [None]:
                    img = spec.render_rgb(rec, viewer)
                    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
                    shape = shape or img.shape
                    assert img.shape == shape
                    assert isinstance(spec.render_ansi(rec, viewer), str)
            if rec["to_play"] < 0 or step >= 3000:
                break
            e.step(int(rng.choice(e.legal_actions())))
            step += 1


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=12)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), depth=st.integers(0, 700),
       viewer=st.one_of(st.none(), st.integers(0, 3)))
def test_render_never_fails_on_a_reachable_position(game, seed, players, depth, viewer):
    spec = envs.spec(game)
    arr = played(game, players, seed, depth)
    if viewer is not None and viewer >= players:
        viewer = None
    img = spec.render_rgb(arr[0], viewer)
    assert img.dtype == np.uint8 and img.shape[2] == 3
    assert spec.render_ansi(arr[0], viewer)


def test_seventh_sea_picture_names_cards_and_seas():
    """Cards carry names and numbers: the ansi text names the Seas in order, the Ship and
    every Crew of each player (what the picture draws as tiles)."""
    from envs.seventh_sea import state as S
    from envs.seventh_sea.cards import CARD_NAMES

    arr = played("seventh_sea", 3, 4, 300)
    r = arr[0]
    text = envs.spec("seventh_sea").render_ansi(r, None)
    pos = [text.index(name) for name in S.SEA_NAMES]
    assert pos == sorted(pos)
    for q in range(3):
        assert CARD_NAMES[int(r["ship"][q])] in text
        for j in range(S.MAX_CREW):
            if r["crew"][q][j] >= 0 and r["phase"] != S.PH_START:
                assert CARD_NAMES[int(r["crew"][q][j])] in text


def test_cursed_seas_ships_are_drawn_where_they_sail():
    """The table is drawn to scale: each ship's hull covers the pixel a quarter of her length
    from the stern along her heading, in her player's colour."""
    import math

    from envs.core.draw import seat_colour
    from envs.cursed_seas import render as R
    from envs.cursed_seas.state import MAX_FLEET, MAX_SHIPS, SHIP_R

    arr = played("cursed_seas", 2, 3, 120)
    r = arr[0]
    img = R.render_rgb(r, None)
    checked = 0
    for k in range(MAX_SHIPS):
        if not r["sh_live"][k] or r["sh_wreck"][k]:
            continue
        f = 0.25
        x = float(r["sh_x"][k]) + math.cos(float(r["sh_h"][k])) * float(r["sh_len"][k]) * f
        y = float(r["sh_y"][k]) + math.sin(float(r["sh_h"][k])) * float(r["sh_len"][k]) * f
        px, py = R._pt(r, x, y)
        # beside the keel line, where the mast dots are not: 0.7 of the hull's half-width
        hw = 0.7 * max(SHIP_R * R._scale(r), 5.0)
        px -= math.sin(float(r["sh_h"][k])) * hw
        py += math.cos(float(r["sh_h"][k])) * hw
        patch = img[int(py) - 1:int(py) + 2, int(px) - 1:int(px) + 2].reshape(-1, 3)
        assert any(tuple(c) == seat_colour(k // MAX_FLEET) for c in patch), k
        checked += 1
    assert checked >= 2
