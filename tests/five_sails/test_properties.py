"""Property tests (hypothesis): from any position reached by legal play, every legal action
keeps check_states valid and leaves a seat to play (or ends the game), and hidden
information re-dealt by determinize never changes what the seat sees."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import envs
from envs.five_sails.hidden import determinize
from envs.five_sails.validate import check_states

from .helpers import obs


@settings(max_examples=25)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), depth=st.integers(0, 250),
       pick=st.integers(0, 2**31))
def test_every_legal_action_keeps_the_position_valid(n, seed, depth, pick):
    e = envs.make_raw("five_sails", num_players=n)
    e.reset(seed=seed)
    rng = np.random.default_rng(pick)
    for _ in range(depth):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    if e.record["to_play"][0] < 0:
        assert e.record["done"][0] == 1
        return
    for a in e.legal_actions():
        c = e.clone()
        c.step(int(a))
        assert check_states(c.record)[0] == []
        assert c.record["to_play"][0] >= 0 or c.record["done"][0] == 1


@settings(max_examples=25)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31), depth=st.integers(0, 300),
       key=st.integers(0, 2**63))
def test_determinize_changes_nothing_the_seat_sees(n, seed, depth, key):
    e = envs.make_raw("five_sails", num_players=n)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(depth):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    rec = e.record.copy()
    for seat in range(n):
        d = rec.copy()
        determinize(d[0], seat, np.uint64(key))
        assert obs(d, seat).tobytes() == obs(rec, seat).tobytes()
        assert check_states(d)[0] == []
