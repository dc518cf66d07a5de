"""check_states refuses records no game reaches: what is declared while no action is in
progress, set-up fields, who boards whom (envs/seventh_sea/validate.py; audit s66 F3).

Every record random play reaches passes the same checks (test_soak.py)."""

import pytest

import envs
from envs.seventh_sea import state as S
from tests.positions import first_reached

GAME = envs.spec("seventh_sea")


def _reach(pred, cfg, seeds=range(1, 40), depth=3000):
    return first_reached("seventh_sea", pred, cfg, seeds, depth)


def _refused(rec, field, value, word):
    bad = rec.copy()
    bad[field].reshape(-1)[0] = value
    problems = GAME.check_state(bad)
    assert any(p.startswith(word) for p in problems), (field, value, problems)


@pytest.mark.parametrize("field,value", [("act_slot", 2), ("act_host", 5), ("act_kind", S.AK_CANNON),
                                         ("act_target", 1)])
def test_setup_declares_nothing(field, value):
    """Audit F3: a stale declaration at set-up was carried into the first PK_MAIN."""
    e = envs.make_raw("seventh_sea", num_players=4)
    e.reset(seed=1)
    _refused(e.record, field, value, f"{field}:")


def test_setup_has_no_card_in_limbo():
    """A card of the actor's deck being played at set-up (conserved, so only the set-up
    rule refuses it)."""
    e = envs.make_raw("seventh_sea", num_players=2)
    e.reset(seed=1)
    bad = e.record.copy()
    k = int(bad["deck_n"][0][0]) - 1
    bad["limbo"][0] = bad["deck"][0][0][k]
    bad["deck"][0][0][k] = -1
    bad["deck_n"][0][0] = k
    assert any(p.startswith("limbo:") for p in GAME.check_state(bad)), GAME.check_state(bad)


def test_nobody_is_sunk_at_setup():
    """Audit F3: a seat not alive at set-up became the seat to play in the Actions phase."""
    e = envs.make_raw("seventh_sea", num_players=4)
    e.reset(seed=1)
    bad = e.record.copy()
    bad["alive"][0][1] = 0
    assert any(p.startswith("alive:") for p in GAME.check_state(bad))


@pytest.mark.parametrize("field,value,word", [
    ("hand_n", 1, "hand"), ("start_cost", 1, "start_cost[0]"), ("sea", None, "sea[0]"),
    ("order", 1, "order"), ("opos", 1, "actor/opos"), ("must_act", 1, "actor/opos"),
    ("paid", 1, "tacked/paid")])
def test_setup_fields_as_init_lays_them_out(field, value, word):
    e = envs.make_raw("seventh_sea", num_players=3)
    e.reset(seed=2)
    bad = e.record.copy()
    if value is None:
        value = (int(bad[field][0][0]) + 1) % S.NSEAS
    bad[field].reshape(-1)[0] = value
    assert any(p.startswith(word) for p in GAME.check_state(bad)), (field, GAME.check_state(bad))


@pytest.mark.parametrize("field,value", [("act_slot", 0), ("act_host", 1), ("act_target", 1),
                                         ("act_kind", S.AK_MOVE)])
def test_actor_choosing_and_discards_after_an_action_declare_nothing(field, value):
    main = _reach(lambda s: s["phase"] == S.PH_ACTIONS and s["pk"] == S.PK_MAIN, {"num_players": 2})
    _refused(main, field, value, f"{field}:")
    disc = _reach(lambda s: s["phase"] == S.PH_ACTIONS and s["pk"] == S.PK_DISCARD, {"num_players": 2})
    _refused(disc, field, value, f"{field}:")
    draw = _reach(lambda s: s["phase"] == S.PH_DRAW, {"num_players": 2})
    _refused(draw, field, value, f"{field}:")


def test_a_boarding_is_between_the_actor_and_its_target():
    rec = _reach(lambda s: s["phase"] == S.PH_BOARD and not s["b_duel"], {"num_players": 3})
    n = int(rec["num_players"][0])
    other = next(q for q in range(n) if q not in (int(rec["b_att"][0]), int(rec["b_def"][0])))
    _refused(rec, "act_target", other, "actor/act_target")
    _refused(rec, "act_host", 1, "act_host/act_slot")
    _refused(rec, "act_slot", 0, "act_host/act_slot")


def test_a_react_paid_in_an_action_keeps_its_declaration():
    rec = _reach(lambda s: s["phase"] == S.PH_ACTIONS and s["pk"] == S.PK_PAY and s["react_card"] >= 0,
                 {"num_players": 2}, seeds=range(1, 80))
    _refused(rec, "act_slot", 0, "act_slot")
