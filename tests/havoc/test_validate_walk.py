"""check_states ties the pivot, Skiff and step fields to the engine code that sets them (audit
s67: every accepted one- and two-field mutant of 426 reachable records walked 120 random legal
steps). Each record here is one such mutant: the validator accepted it, and one legal step from
it the engine built a record its own validator refuses (pend_count -1 after a pivot, skiffs -1
after a placement, step past cfg.max_steps). Now it is refused by name, on load too, and the
env keeps the position it had. Every record random play reaches still passes (test_soak.py)."""

import pytest

import envs
from envs.core.errors import StateError
from envs.havoc import state as S
from envs.havoc.sea import SRC_COLLISION, SRC_EFFECT_PIVOT
from tests.positions import first_reached, sealed

GAME = envs.spec("havoc")


def _reach(pred, cfg=None, first=1, depth=3000):
    """The first record of the kind, trying seed ``first`` before 1..39 (a seed that reaches
    it within a few dozen decisions keeps the interpreted mutant run short)."""
    return first_reached("havoc", pred, cfg or {"num_players": 2}, (first, *range(1, 40)),
                         depth)


def _edited(rec, **change):
    """A copy of ``rec`` with fields changed (``field__i`` for element i of an array)."""
    bad = rec.copy()
    for k, v in change.items():
        if "__" in k:
            f, i = k.split("__")
            bad[0][f][int(i)] = v
        elif k.startswith("cfg_"):
            bad[0]["cfg"][k[4:]] = v
        else:
            bad[0][k] = v
    return bad


def _load(env, rec):
    """env.load of a sealed snapshot of ``rec`` (the way outside records come in)."""
    env.load(sealed("havoc", rec))


def _refused(rec, start, **change):
    """The edited record is refused with a problem starting ``start``: by check_state and by
    load, which leaves the env's position as it was."""
    assert GAME.check_state(rec) == []
    bad = _edited(rec, **change)
    problems = GAME.check_state(bad)
    assert any(p.startswith(start) for p in problems), (change, problems)
    env = envs.make_raw("havoc", **_kwargs(rec))
    env.reset(seed=3)
    before = env.record.tobytes()
    with pytest.raises(StateError) as info:
        _load(env, bad)
    assert any(p.startswith(start) for p in info.value.problems), info.value.problems
    assert env.record.tobytes() == before


def _kwargs(rec):
    from envs.havoc.config import config_kwargs
    return config_kwargs(rec["cfg"][0])


def _step_all(rec, pick):
    """The record one legal step from ``rec`` (action chosen by ``pick(legal)``)."""
    env = envs.make_raw("havoc", **_kwargs(rec))
    env.reset(seed=1)
    _load(env, rec)
    env.step(pick(env.legal_actions()))
    return env.record.copy()


def test_a_collision_pivot_is_asked_by_the_collision():
    """Audit: pend_source 20 -> 0 at a collision pivot; not pivoting counted a pivot effect
    down instead of asking the discard, and pend_count fell to -1."""
    rec = _reach(lambda s: s["pending"] == S.PK_PIVOT and s["pend_source"] == SRC_COLLISION,
                 first=98)
    for src in (0, 2, 3, SRC_EFFECT_PIVOT):
        _refused(rec, "pend_source", pend_source=src)
    # the unchanged record steps on to a valid one (the check is not what a step builds)
    assert GAME.check_state(_step_all(rec, lambda legal: legal[-1])) == []


def test_a_pivot_effect_has_a_pivot_left():
    """Audit: pend_count 1 -> 0 at a card's pivot effect; the pivot left pend_count -1."""
    rec = _reach(lambda s: s["pending"] == S.PK_PIVOT and s["pend_source"] == SRC_EFFECT_PIVOT,
                 {"num_players": 3, "variant": "ghost", "num_ghosts": 3}, first=14)
    _refused(rec, "pend_count", pend_count=0)
    _refused(rec, "pend_source", pend_source=SRC_COLLISION)
    assert GAME.check_state(_step_all(rec, lambda legal: legal[0])) == []


def test_a_pivot_turns_the_card_ship():
    """Audit (two fields): pend_ship moved to another crew's ship at a collision pivot."""
    rec = _reach(lambda s: s["pending"] == S.PK_PIVOT, first=98)
    other = next(i for i in range(int(rec["num_ships"][0])) if i != rec["card_ship"][0])
    _refused(rec, "pend_ship", pend_ship=other)


@pytest.mark.parametrize("kind", [S.PK_SKIFF, S.PK_RESTOCK_PICK])
def test_a_skiff_is_placed_only_from_the_supply(kind):
    """Audit: skiffs[cur] 1 -> 0 at PK_SKIFF (and PK_RESTOCK_PICK); the placement left -1."""
    rec = _reach(lambda s: s["pending"] == kind, {"num_players": 4, "variant": "teams"})
    cur = int(rec["cur"][0])
    _refused(rec, "skiffs", **{f"skiffs__{cur}": 0})


def test_a_live_game_is_below_its_step_bound():
    """Audit: cfg.max_steps set to the record's step (a live game the engine would have
    truncated); the next decision left step past the bound."""
    rec = _reach(lambda s: s["step"] >= 9 and s["pending"] == S.PK_SKIFF)
    step = int(rec["step"][0])
    _refused(rec, "step", cfg_max_steps=step)
    _refused(rec, "step", cfg_max_steps=step - 3)
    # one above: valid, and the next decision truncates it into a valid final record
    ok = _edited(rec, cfg_max_steps=step + 1)
    assert GAME.check_state(ok) == []
    after = _step_all(ok, lambda legal: legal[0])
    assert after["truncated"][0] == 1 and GAME.check_state(after) == []



def test_a_game_truncated_mid_payment_is_still_valid():
    """The step bound judges records as given: a game truncated while a payment is pending
    (cfg.max_steps = its step, truncated, no seat to play) is valid as the live position it
    froze, although that thawed copy is live at the bound (envs/core/validate.py)."""
    rec = _reach(lambda s: s["pending"] == S.PK_PAY and s["pay_cost"].sum() > 0)
    step = int(rec["step"][0])
    frozen = _edited(rec, cfg_max_steps=step, truncated=1, to_play=-1)
    assert GAME.check_state(frozen) == []
    live = _edited(rec, cfg_max_steps=step)
    assert any(p.startswith("step") for p in GAME.check_state(live))


def test_a_live_game_is_below_its_stall_limit():
    """Audit: quiet_seas set to cfg.stall_limit in a live game (one sea._stalled would have
    ended); the next quiet Sea Phase counted quiet_seas past the limit."""
    cfg = {"num_players": 2, "variant": "ghost", "coop": False, "stall_limit": 4}
    rec = _reach(lambda s: s["phase"] == S.PH_SEA and s["pending"] == S.PK_PLAY, cfg)
    _refused(rec, "quiet_seas", quiet_seas=4)
    assert GAME.check_state(_edited(rec, quiet_seas=3)) == []


def test_a_ship_is_chosen_only_by_a_crew_with_two_ships():
    """Audit s68 (two fields): pending -> PK_SHIP and card_stage -> ST_FIRE_START in a one-ship
    game (a card about to resolve, as a 2 Ship crew chooses its ship); option 1 made card_ship
    crew_ships[cur, 1] = -1 and the maneuver moved ship -1, the last ship slot."""
    for cfg in ({"num_players": 2}, {"num_players": 2, "variant": "ghost"}):
        rec = _reach(lambda s: s["pending"] == S.PK_MODE and s["card"] > 0, cfg)
        _refused(rec, "pending = 13", pending=S.PK_SHIP, card_stage=S.ST_FIRE_START)
    # the 2 Ship Variant asks it, and either ship steps on to a valid record
    rec = _reach(lambda s: s["pending"] == S.PK_SHIP and s["card_passed"] == 0,
                 {"num_players": 2, "variant": "two_ship"})
    for pick in (lambda legal: legal[0], lambda legal: legal[-1]):
        assert GAME.check_state(_step_all(rec, pick)) == []
