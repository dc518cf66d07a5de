"""7th Sea CCG through PettingZoo: api_test and seed_test at 2-4 players, both editions;
determinism; hidden information stays hidden (Game Set-Up, Draw Deck, Discard Pile)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs.seventh_sea import env as ss_env
from envs.seventh_sea import state as S

GAMES = {
    "revised2": {"num_players": 2}, "revised3": {"num_players": 3}, "revised4": {"num_players": 4},
    "original2": {"num_players": 2, "edition": "original"},
    "original3": {"num_players": 3, "edition": "original"},
    "original4": {"num_players": 4, "edition": "original"},
    "auto_forced": {"num_players": 3, "auto_forced": True},
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_api(name):
    api_test(ss_env.env(**GAMES[name]), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_seed(name):
    seed_test(lambda: ss_env.env(**GAMES[name]), num_cycles=150)


def _trace(config, seed, steps=400):
    e = envs.make_raw("seventh_sea", **config)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        if e.record["to_play"][0] < 0:
            break
        a = int(rng.choice(e.legal_actions()))
        e.step(a)
        out.append(e.record.tobytes())
    return out


@pytest.mark.parametrize("name", ["revised3", "original2"])
def test_same_seed_same_actions_same_bytes(name):
    """Randomness only from the record's rng: the same seed and actions give the same bytes."""
    assert _trace(GAMES[name], 11) == _trace(GAMES[name], 11)
    assert _trace(GAMES[name], 11) != _trace(GAMES[name], 12)


def _scramble(rec, seat, rng):
    """Permute what `seat` may not see: other hands (keeping sizes), every deck, discard and
    sunk pile orders, and another seat's hand against its deck."""
    out = rec.copy()
    r = out[0]
    n = int(r["num_players"])
    for q in range(n):
        dn = int(r["deck_n"][q])
        r["deck"][q][:dn] = rng.permutation(r["deck"][q][:dn])
        for f in ("discard", "sunk"):
            k = int(r[f + "_n"][q])
            r[f][q][:k] = rng.permutation(r[f][q][:k])
        if q != seat:
            hn = int(r["hand_n"][q])
            pool = rng.permutation(np.concatenate([r["hand"][q][:hn], r["deck"][q][:dn]]))
            r["hand"][q][:hn] = pool[:hn]
            r["deck"][q][:dn] = pool[hn:]
    return out


@pytest.mark.parametrize("name", ["revised2", "revised4", "original3"])
def test_observation_ignores_what_the_seat_cannot_see(name):
    """Hidden information: permuting other hands, decks and piles never changes a seat's
    observation (hands, decks and piles are counts only; own hand excepted)."""
    rng = np.random.default_rng(0)
    spec = ss_env.GAME
    for seed in range(6):
        e = envs.make_raw("seventh_sea", **GAMES[name])
        e.reset(seed=seed)
        for _ in range(int(rng.integers(0, 300))):
            if e.record["to_play"][0] < 0:
                break
            e.step(int(rng.choice(e.legal_actions())))
        rec = e.record.copy()
        for seat in range(int(rec["num_players"][0])):
            a = np.zeros(spec.obs_size, np.float32)
            b = np.zeros(spec.obs_size, np.float32)
            spec.single.observe(rec, 0, seat, a)
            spec.single.observe(_scramble(rec, seat, rng), 0, seat, b)
            assert a.tobytes() == b.tobytes()


def test_labels_and_renders():
    """Action labels name the card or crew; the picture hides other hands (face down)."""
    e = envs.make_raw("seventh_sea", num_players=2, render_mode="ansi")
    e.reset(seed=3)
    labels = [e.action_label(a) for a in e.legal_actions()]
    assert any(l.startswith("starting crew:") for l in labels)
    assert "starting crew done" in labels
    rng = np.random.default_rng(1)
    for _ in range(60):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    rec = e.record[0]
    text = ss_env.GAME.render_ansi(rec, 0)
    assert "your hand (player_0)" in text and "your hand (player_1)" not in text
    a = ss_env.GAME.render_rgb(rec, 0)
    b = ss_env.GAME.render_rgb(_scramble(e.record, 0, rng)[0], 0)
    assert a.dtype == np.uint8 and a.ndim == 3 and (a == b).all()
    assert len({e.action_label(x) for x in range(S.NUM_ACTIONS)}) > 20
