"""Seas of Havoc observations: hidden information stays hidden, visible changes show, frame.

Rulebook sections: Core Concepts: Deck Management (hands hidden, decks face down, discard
piles face up), Island Phase Step 2 (purchases go to hand in view of all), Salvaging
Shipwrecks: Booty (wrecks face down; only the owner checks its booty), Island Setup 4 (the
Market deck is shuffled face down), Ghost Fleet Setup (ghost hands dealt face down),
Sailing off the Edge (the grid wraps, so the view can be centred on the observer).
"""

import re

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from envs.havoc import env as havoc_env
from envs.havoc import rules
from envs.havoc.config import make_config
from envs.havoc.cards import card_id
from envs.havoc.observe import (
    CELL_F, CREW_F, LAYOUT, O_CREWS, O_GRID, O_GUST, O_PAY, O_PBOOTY, O_SELF, OBS_SIZE, observe,
)
from envs.havoc.state import (
    A_BOOTY, A_HAND, A_OPTION, GRID, NDEFS, NUM_ACTIONS, PH_SEA, PK_BOOTY, PK_PAY, STATE,
)
from tests.havoc.scenario_files import act, load

CONFIGS = [
    {"num_players": 2}, {"num_players": 3}, {"num_players": 4}, {"num_players": 5},
    {"num_players": 2, "variant": "two_ship"},
    {"num_players": 4, "variant": "teams"},
    {"num_players": 1, "variant": "ghost", "num_ghosts": 3},
    {"num_players": 2, "variant": "ghost"},
]


def play(kw, seed, steps, stop=None):
    """A game of random legal moves, `steps` decisions long (or until stop(rec) holds)."""
    arr = np.zeros(1, STATE)
    rules.init(arr[0], make_config(**kw)[0], seed)
    rec = arr[0]
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if rec["to_play"] < 0 or (stop is not None and stop(rec)):
            break
        rules.legal_mask(rec, mask)
        rules.apply(rec, int(rng.choice(np.flatnonzero(mask))))
    return arr


def obs_of(arr, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], seat, out)
    return out


def scramble_hidden(arr, seat, rng):
    """A copy where everything hidden from `seat` is re-dealt at random.

    Other seats' hand/deck split (keeping the public union), every deck order, the Market
    deck order, face-down shipwreck tokens (stack, grid, others' booty, a booty choice being
    made by someone else), ghost hands and the ghost deck, and the rng.
    """
    b = arr.copy()
    n_players = int(b["num_players"][0])
    n_crews = int(b["num_crews"][0])
    hand, deck, deck_n = b["hand"][0], b["deck"][0], b["deck_n"][0]
    for c in range(n_players):
        n = int(deck_n[c])
        if c == seat:
            deck[c, :n] = rng.permutation(deck[c, :n])
            continue
        pool = list(deck[c, :n]) + [d for d in range(NDEFS) for _ in range(int(hand[c, d]))]
        h = int(hand[c].sum())
        pool = rng.permutation(np.array(pool, dtype=np.int64))
        hand[c, :] = 0
        for d in pool[:h]:
            hand[c, d] += 1
        deck[c, :n] = pool[h:]
    m = int(b["market_deck_n"][0])
    b["market_deck"][0][:m] = rng.permutation(b["market_deck"][0][:m])

    # face-down shipwreck tokens: where a token lies is public, which token it is is not
    slots = []
    for i in range(int(b["wreck_stack_n"][0])):
        slots.append(("wreck_stack", (i,)))
    for r in range(GRID):
        for c in range(GRID):
            if b["wreck"][0][r, c]:
                slots.append(("wreck", (r, c)))
    for c in range(n_crews):
        if c != seat and b["booty"][0][c]:
            slots.append(("booty", (c,)))
    if b["pending"][0] == PK_BOOTY and b["crew_seat"][0][b["cur"][0]] != seat:
        slots.append(("pend_slot", None))

    def get(f, i):
        return b[f][0][i] if i is not None else b[f][0]

    tokens = rng.permutation([int(get(f, i)) for f, i in slots])
    for (f, i), t in zip(slots, tokens):
        if i is None:
            b[f] = t
        else:
            b[f][0][i] = t

    # ghost hands and the ghost deck are one face-down pool
    gslots = [("ghost_deck", (i,)) for i in range(int(b["ghost_deck_n"][0]))]
    for c in range(n_crews):
        if b["crew_seat"][0][c] < 0:
            gslots += [("ghost_hand", (c, i)) for i in range(int(b["ghost_hand_n"][0][c]))]
    gtok = rng.permutation([int(b[f][0][i]) for f, i in gslots])
    for (f, i), t in zip(gslots, gtok):
        b[f][0][i] = t
    b["rng"] = rng.integers(0, 2**63, dtype=np.uint64)
    return b


position = st.tuples(st.sampled_from(range(len(CONFIGS))), st.integers(0, 2**31 - 1),
                     st.integers(0, 400))


@settings(max_examples=40)
@given(position, st.integers(0, 4))
def test_observation_ignores_everything_hidden_from_the_seat(pos, seat_pick):
    """Deck Management / Booty / Island Setup 4 / Ghost Fleet Setup: re-dealing every hidden
    thing leaves the observing seat's observation byte-identical."""
    ci, seed, steps = pos
    kw = CONFIGS[ci]
    arr = play(kw, seed, steps)
    seat = seat_pick % kw["num_players"]
    rng = np.random.default_rng(seed + 1)
    base = obs_of(arr, seat)
    for _ in range(3):
        other = scramble_hidden(arr, seat, rng)
        assert obs_of(other, seat).tobytes() == base.tobytes()


def booty_choice():
    """player_0 choosing between its booty and a new one (tests/scenarios/havoc)."""
    arr = load("booty_choice")
    act(arr, A_HAND + card_id("Full Canvas"), A_OPTION + 0)
    assert arr["pending"][0] == PK_BOOTY
    return arr


def test_a_booty_choice_shows_the_new_value_to_the_chooser_only():
    """Booty: "You may secretly check its value" - only the salvaging crew sees it (the new
    token is worth 3: 3/4 in its observation)."""
    found = booty_choice()
    assert obs_of(found, 0)[O_PBOOTY] == pytest.approx(3 / 4)
    for seat in (1, 2):
        assert obs_of(found, seat)[O_PBOOTY] == 0
        for k in range(3):
            other = scramble_hidden(found, seat, np.random.default_rng(k))
            assert obs_of(other, seat).tobytes() == obs_of(found, seat).tobytes()


@pytest.mark.parametrize("keep", [0, 1])
def test_the_booty_kept_or_returned_stays_secret_after_the_choice(keep):
    """Booty: "You may secretly check its value" - once the crew has chosen which token to
    keep, no other seat's observation depends on the value of the new one (found as a 3 or
    a 1 here): neither the kept token nor the one mixed back into the stack shows."""
    seen = []
    for value in (3, 1):
        arr = load("booty_choice", wrecks=[[2, 2, value], [5, 0, 4]])
        act(arr, A_HAND + card_id("Full Canvas"), A_OPTION + 0)
        assert arr["pending"][0] == PK_BOOTY
        act(arr, A_OPTION + keep)
        assert arr["pending"][0] != PK_BOOTY
        seen.append([obs_of(arr, seat).tobytes() for seat in (1, 2)])
    assert seen[0] == seen[1]


def test_booty_left_of_a_payment_is_seen_by_the_payer_only():
    """Booty: what is left of a spent token is its owner's secret, like the token itself;
    the units left to pay are public [Island Phase Step 2: payments are made in view]."""
    arr = load("booty_choice", phase="purchase", cur=0, first=0,
               market=["Three Knots", "Stormrider", "Wear Ship", "Grapeshot", "Tradewind Reach"],
               market_claims=[0, -1, -1, -1, -1],
               crews=[{"booty": 3, "res": [1, 0, 0]}, {"booty": 1}, {}])
    act(arr, A_OPTION + 0, A_BOOTY)                 # buy; the booty pays the first sail
    assert arr["pending"][0] == PK_PAY and arr["pay_pool"][0] == 2
    assert obs_of(arr, 0)[O_PAY + 4] == pytest.approx(2 / 4)
    assert obs_of(arr, 0)[O_PAY] == pytest.approx(1 / 4)      # one sail left to pay
    for seat in (1, 2):
        assert obs_of(arr, seat)[O_PAY + 4] == 0
        assert obs_of(arr, seat)[O_PAY] == pytest.approx(1 / 4)


def _sea_position(seed=3):
    return play({"num_players": 3}, seed, 10_000, stop=lambda r: r["phase"] == PH_SEA)


def test_visible_changes_change_the_observation():
    """Whatever a seat can see at the table moves its observation."""
    arr = _sea_position()
    base = obs_of(arr, 0)

    def changed(edit, seat=0):
        b = arr.copy()
        edit(b)
        return obs_of(b, seat).tobytes() != base.tobytes()

    d_hand = int(np.flatnonzero(arr["hand"][0][0])[0])

    def own_hand(b):               # a card moves from the observer's hand to its deck
        b["hand"][0][0, d_hand] -= 1
        b["deck"][0][0, b["deck_n"][0][0]] = d_hand
        b["deck_n"][0][0] += 1

    assert changed(own_hand)
    assert changed(lambda b: b["discard"][0].__setitem__((1, 0), 3))   # face-up discard
    assert changed(lambda b: b["res"][0].__setitem__((2, 1), 5))        # resources
    assert changed(lambda b: b["infamy"][0].__setitem__(1, 7))
    assert changed(lambda b: b["ship_h"][0].__setitem__(1, (b["ship_h"][0][1] + 1) % 4))
    assert changed(lambda b: b["flag_owner"][0].__setitem__(2, 1))
    assert changed(lambda b: b["market"][0].__setitem__(0, (b["market"][0][0] + 1) % 60))
    assert changed(lambda b: b["damage_left"].__setitem__(0, 1))
    assert changed(lambda b: b["upgrade_on"][0].__setitem__((1, 0), 1))
    assert changed(lambda b: b["booty"][0].__setitem__(1, 9 if not b["booty"][0][1] else 0))
    assert changed(lambda b: b["booty"][0].__setitem__(0, 9))          # own booty value
    assert changed(lambda b: b["wreck"][0].__setitem__(
        tuple(np.argwhere((b["wreck"][0] == 0) & (b["feature"][0] == 0))[0]), 5))


def test_own_booty_value_is_seen_by_its_owner_only():
    """Booty: the owner may secretly check the value."""
    arr = _sea_position()
    a, b = arr.copy(), arr.copy()
    a["booty"][0][0] = 1            # token 1 and token 9 have different values
    b["booty"][0][0] = 9
    assert obs_of(a, 0)[O_SELF + 2 * NDEFS] != obs_of(b, 0)[O_SELF + 2 * NDEFS]
    assert obs_of(a, 1).tobytes() == obs_of(b, 1).tobytes()


def test_the_observer_comes_first_and_crews_follow_in_turn_order():
    """Rotation: relative crew 0 is the observer, then the seats after it."""
    arr = _sea_position()
    for seat in range(3):
        o = obs_of(arr, seat)
        for k in range(3):
            crew = (seat + k) % 3
            base = O_CREWS + k * CREW_F
            assert o[base] == 1.0 and o[base + 2] == (1.0 if k == 0 else 0.0)
            assert o[base + 9] == pytest.approx(arr["infamy"][0][crew] / 60.0)
        assert o[O_CREWS + 3 * CREW_F] == 0.0     # no fourth crew


def _transform(arr, dr, dc, turns):
    """Move the whole sea (features, wrecks, ships, gusts) by a symmetry of the torus."""
    b = arr.copy()

    def cell(r, c):
        r, c = (r + dr) % GRID, (c + dc) % GRID
        for _ in range(turns):         # rotate the board a quarter turn clockwise
            r, c = c, GRID - 1 - r
        return r, c

    for f in ("feature", "wreck"):
        src = arr[f][0]
        dst = b[f][0]
        for r in range(GRID):
            for c in range(GRID):
                dst[cell(r, c)] = src[r, c]
    for sh in range(int(arr["num_ships"][0])):
        r, c = cell(int(arr["ship_r"][0][sh]), int(arr["ship_c"][0][sh]))
        b["ship_r"][0][sh], b["ship_c"][0][sh] = r, c
        b["ship_h"][0][sh] = (int(arr["ship_h"][0][sh]) + turns) % 4
    if arr["gust_dir"][0] >= 0:
        b["gust_dir"] = (int(arr["gust_dir"][0]) + turns) % 4
    return b


@settings(max_examples=25)
@given(st.sampled_from(["booty_choice", "each_fire_dread_armada", "two_ship_whirlpools"]),
       st.integers(0, GRID - 1), st.integers(0, GRID - 1), st.integers(0, 3),
       st.integers(0, 2))
def test_view_is_centred_on_own_ship_and_turned_to_its_heading(name, dr, dc, turns, seat):
    """Sailing off the Edge: on the wrapping grid a shifted or turned sea is the same
    position, so once setup is over the observation does not change."""
    arr = load(name)
    seat = seat % int(arr["num_players"][0])
    moved = _transform(arr, dr, dc, turns)
    assert obs_of(moved, seat).tobytes() == obs_of(arr, seat).tobytes()


def test_own_ship_sits_at_the_centre_facing_north():
    arr = _sea_position()
    o = obs_of(arr, 1)
    centre = O_GRID + (GRID // 2 * GRID + GRID // 2) * CELL_F
    assert o[centre + 5] == 1.0                 # relative crew 0 (the observer)
    assert o[centre + 5 + 6] == 1.0             # heading north in its own frame
    gust = o[O_GUST:O_GUST + 4]
    assert gust.sum() == 1.0
    assert int(np.argmax(gust)) == (int(arr["gust_dir"][0]) - int(arr["ship_h"][0][1])) % 4


def test_layout_is_contiguous_and_documented_in_env_docstring():
    """The env.py docs page lists every observation field with its index range."""
    end = 0
    for _name, off, size, _ in LAYOUT:
        assert off == end and size > 0
        end = off + size
    assert end == OBS_SIZE
    doc = havoc_env.__doc__
    for name, off, size, _ in LAYOUT:
        assert re.search(rf"\| {off}-{off + size - 1} \| `{name}` \| {size} \|", doc), name
    assert f"({OBS_SIZE},)" in doc


#: fields that are one-hot blocks (block size) and fields whose every value is a fraction
ONE_HOT = {"phase": 5, "variant": 4, "pending": None, "flags": 7, "slots": 7}
FRACTIONS = ("gust", "counts", "misc", "pend_count", "pend_ship", "pend_slot", "pend_res",
             "pend_source", "pend_booty", "card", "card_feat", "card_stage", "card_ship",
             "card_path", "card_state", "flags", "slots", "market", "grid", "ship_rel",
             "my_lines", "threats", "fire_options", "affordable")


@pytest.mark.parametrize("ci", range(len(CONFIGS)))
def test_observation_fields_are_one_hots_fractions_and_counts(ci):
    """Observation layout (env.py docs page): one-hot blocks hold exactly one 1, fraction
    fields stay at most 1, every feature is finite and never negative (counts and amounts
    divided by a scale; only a card's Infamy feature can be -1/3, for Damage, and a ship's
    offset from the observer's, down to -1), along random games of every variant."""
    fields = {name: (off, size) for name, off, size, _ in LAYOUT}
    for steps in (0, 150, 600):
        arr = play(CONFIGS[ci], 11, steps)
        for seat in range(CONFIGS[ci]["num_players"]):
            o = obs_of(arr, seat)
            assert np.all(np.isfinite(o))
            for name, off, size, _ in LAYOUT:
                # a Damage card's Infamy feature is -1/3 (Damage is worth -1 [Card pool])
                low = -1 / 3 if name in ("card_feat", "market") else 0.0
                low = -1.0 if name == "ship_rel" else low     # ships behind / to port
                assert o[off:off + size].min() >= low - 1e-6, name
            for name, block in ONE_HOT.items():
                off, size = fields[name]
                part = o[off:off + size].reshape(-1, block or size)
                assert set(np.unique(part)) <= {0.0, 1.0}, name
                assert (part.sum(axis=1) == 1).all(), name
            for name in FRACTIONS:
                off, size = fields[name]
                assert o[off:off + size].max() <= 1.0, name
