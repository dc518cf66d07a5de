"""Soak through VectorGame with check_states, determinism, hidden-information invariance
(hands, deck orders, face-down planning choices), rendering and labels."""

import numpy as np
import pytest

import envs
from envs.five_sails import state as S

from .helpers import act, cid, new, obs


@pytest.mark.parametrize("n", [2, 3, 4])
def test_soak_random_play_keeps_every_invariant_and_every_game_ends(n):
    """Random legal play over 32 games x 1500 decisions: check_states (card conservation,
    empty threat pools outside duels, a well-formed pending decision, a legal action) holds
    every 100 steps; games end by the rules (done), never by truncation or a stuck mask."""
    spec = envs.spec("five_sails")
    vec = envs.make_vector("five_sails", 32, seed=n, num_players=n)
    rng = np.random.default_rng(n)
    finished = 0
    for step in range(1500):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in vec.masks])
        out = vec.step(acts)
        finished += int(np.asarray(out[2]).sum()) if isinstance(out, tuple) and len(out) > 2 else 0
        assert not vec.states["truncated"].any()
        if step % 100 == 0:
            probs = spec.check_states(vec.states)
            assert not any(probs), [p for p in probs if p][:2]
    counts = np.zeros((4, 4), np.int64)
    states = vec.states.copy()
    cfgs = spec.make_config(num_players=n)
    act_rng = np.arange(4, dtype=np.uint64) + 7
    spec.batch_playout(states[:4], cfgs, act_rng, 3000, counts)
    assert counts[:, 1].sum() >= 4, counts          # games finish
    assert counts[:, 2].sum() == 0 and counts[:, 3].sum() == 0, counts  # never stuck, no fault


def test_same_seed_and_actions_give_the_same_bytes():
    a = envs.make_raw("five_sails", num_players=3)
    b = envs.make_raw("five_sails", num_players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(300):
        if a.record["to_play"][0] < 0:
            break
        x = int(rng.choice(a.legal_actions()))
        a.step(x)
        b.step(x)
        assert a.record.tobytes() == b.record.tobytes()


def test_unrevealed_planning_choice_is_hidden_from_the_others():
    """[Planning 1] the choices stay face down: seat 1's and seat 2's observations are the
    same whichever scheme and character seat 0 picked; seat 0 sees its own."""
    views = {}
    for scheme, char in (("Open Purse", "Inigo Valdera"), ("Blades at Dawn", "Padre Benicio")):
        st = new(3, seed=4)
        s = st[0]
        act(st, S.A_APPROACH + list(s["appr"][0]).index(cid(scheme)))
        act(st, S.A_APPROACH + list(s["appr"][0]).index(cid(char)))
        views[scheme] = [obs(st, q).tobytes() for q in range(3)]
    a, b = views.values()
    assert a[1] == b[1] and a[2] == b[2]
    assert a[0] != b[0]


def test_hands_and_deck_orders_are_hidden():
    """Permuting what a seat cannot see (others' hands, every deck order, the City Deck)
    leaves its observation unchanged; its own hand changes it."""
    e = envs.make_raw("five_sails", num_players=3)
    e.reset(seed=2)
    rng = np.random.default_rng(1)
    while e.record["day"][0] < 2 and e.record["to_play"][0] >= 0:
        e.step(int(rng.choice(e.legal_actions())))
    st = e.record.copy()
    base = [obs(st, q).tobytes() for q in range(3)]
    t = st.copy()
    s = t[0]
    for p in range(3):
        n = int(s["deck_n"][p])
        s["deck"][p][:n] = s["deck"][p][:n][::-1]
        h = int(s["hand_n"][p])
        if p != 0 and h > 1:
            s["hand"][p][:h] = s["hand"][p][:h][::-1]
    s["cdeck"][:int(s["cdeck_n"])] = s["cdeck"][:int(s["cdeck_n"])][::-1]
    assert obs(t, 0).tobytes() == base[0]
    if st[0]["hand_n"][0] > 1 and len(set(st[0]["hand"][0][:st[0]["hand_n"][0]])) > 1:
        u = st.copy()
        h = int(u[0]["hand_n"][0])
        u[0]["hand"][0][:h] = u[0]["hand"][0][:h][::-1]
        assert obs(u, 0).tobytes() != base[0]
        assert obs(u, 1).tobytes() == base[1]


def test_render_ansi_and_rgb_hide_what_the_viewer_cannot_see():
    e = envs.make_raw("five_sails", num_players=2)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    while e.record["day"][0] < 2 and e.record["to_play"][0] >= 0:
        e.step(int(rng.choice(e.legal_actions())))
    spec = envs.spec("five_sails")
    rec = e.record[0]
    txt0 = spec.render_ansi(rec, 0)
    spectator = spec.render_ansi(rec, None)
    names = [spec.action_label(rec, a) for a in e.legal_actions()]
    assert all(isinstance(x, str) and x for x in names)
    hand = [int(c) for c in rec["hand"][0][:rec["hand_n"][0]]]
    from envs.five_sails.cards import POOL
    if hand:
        assert POOL.names[hand[0]] in txt0.split("player_1")[0]
        assert "##" in spectator
    img0 = spec.render_rgb(rec, 0)
    img1 = spec.render_rgb(rec, 1)
    assert img0.dtype == np.uint8 and img0.ndim == 3
    if hand:
        assert (img0 != img1).any()
