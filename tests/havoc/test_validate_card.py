"""check_states ties each Sea Phase decision to the card being resolved and its stage
(envs/havoc/validate.py; audit s66 F3: PK_PLAY accepted while a card was resolved, and the
next play lost that card). Every record random play reaches passes them (test_soak.py)."""

import numpy as np

import envs
from envs.havoc import state as S
from tests.positions import first_reached

GAME = envs.spec("havoc")


def _reach(pred, cfg=None, seeds=range(1, 30), depth=3000):
    return first_reached("havoc", pred, cfg or {"num_players": 2}, seeds, depth)


def _problems(rec, **fields):
    bad = rec.copy()
    for f, v in fields.items():
        bad[f][0] = v
    return GAME.check_state(bad)


def test_audit_play_while_a_card_is_resolved():
    """The audit's record: PK_MODE (card set) turned into PK_PLAY."""
    e = envs.make_raw("havoc", num_players=2)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(150):
        e.step(int(rng.choice(e.legal_actions())))
    assert e.record["pending"][0] == S.PK_MODE and e.record["card"][0] >= 0
    p = _problems(e.record, pending=S.PK_PLAY)
    assert any(x.startswith("pending: a card is chosen to play (PK_PLAY)") for x in p), p


def test_sea_decisions_other_than_play_concern_a_card():
    rec = _reach(lambda s: s["pending"] == S.PK_PLAY)
    for pk in (S.PK_MODE, S.PK_GAIN_ANY, S.PK_FLAG):
        p = _problems(rec, pending=pk)
        assert any(x.startswith("card: -1, but Sea Phase decision") for x in p), (pk, p)
    p = _problems(rec, card_stage=S.ST_MAIN)
    assert any(x.startswith("card_stage/card_ship") for x in p), p
    p = _problems(rec, card_ship=0)
    assert any(x.startswith("card_stage/card_ship") for x in p), p


def test_decisions_at_their_card_stage():
    rec = _reach(lambda s: s["pending"] == S.PK_MODE)
    p = _problems(rec, card_stage=S.ST_EFFECT)
    assert any(x.startswith("card_stage = 7: decision 12") for x in p), p
    fire = _reach(lambda s: s["pending"] == S.PK_FIRE)
    wrong = S.ST_EXT if fire["card_stage"][0] != S.ST_EXT else S.ST_MAIN
    assert any(x.startswith("card_stage") for x in _problems(fire, card_stage=wrong))
    assert any(x.startswith("card_fire_opt") for x in _problems(fire, card_fire_opt=0))
    assert _problems(fire, card_passed=1)     # (a passed card lies in the discard pile)


def test_a_volley_side_keeps_its_option_and_shots():
    rec = _reach(lambda s: s["pending"] == S.PK_FIRE_SIDE)
    p = _problems(rec, card_shots=int(rec["card_shots"][0]) + 1)
    assert any(x.startswith("card_shots") for x in p), p
