"""check_states refuses the records audit s67's mutation walk found accepted although one legal
step from them reached a refused record: a boarding fighter without its crew, the other side
pushed before the first card, a stale last card or box, a cancel offered to the actor or to a
seat already passed over, all players sailing having passed in the Actions phase
(envs/seventh_sea/validate.py; a live game at its step bound is the header's check, in every
game: tests/contract/test_truncation.py); and those audit s68's third walk found: b_pushed
left set away from the pushed fighter's first card, a losing fighter's side absorbing while
the fighter has not taken the hits, or names the wrong fighter, or an absorbing
React paid for in a Boarding without the last card's side (b_last).

Each edit is the probe's (one field of a reachable record); the edited record is refused by
name when a VectorGame is set to it, and the games are left as they were."""

import pytest

import envs
from envs.core.errors import StateError
from envs.core.vector import VectorGame
from envs.seventh_sea import state as S
from tests.positions import first_reached

GAME = envs.spec("seventh_sea")


def _reach(pred, cfg, seeds=range(1, 60), depth=3000):
    return first_reached("seventh_sea", pred, cfg, seeds, depth)


def _refused(rec, cfg, edits, word):
    """``rec`` with ``edits`` ({field: value} or {field: (index, value)}) is refused with a
    problem starting ``word``, by check_state and by set_states, which changes nothing."""
    bad = rec.copy()
    for field, value in edits.items():
        idx, v = value if isinstance(value, tuple) else (0, value)
        target = bad
        for part in field.split("."):
            target = target[part]
        target.reshape(-1)[idx] = v
    assert bad.tobytes() != rec.tobytes()
    problems = GAME.check_state(bad)
    assert any(p.startswith(word) for p in problems), (edits, problems)
    vg = VectorGame(GAME, 1, seed=3, **cfg)
    before = vg.states.copy()
    masks = vg.masks.copy()
    with pytest.raises(StateError) as info:
        vg.set_states(bad)
    assert any(p.startswith(word) for p in info.value.problems), info.value.problems
    assert vg.states.tobytes() == before.tobytes() and (vg.masks == masks).all()


def _board(pred):
    cfg = {"num_players": 2}
    return _reach(lambda s: s["phase"] == S.PH_BOARD and pred(s), cfg), cfg


def test_a_fighter_pushed_forward_has_its_crew():
    """Audit s67: f_slot[0] = -1 at a boarding card: the card went to a crew not aboard."""
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BCARD and s["b_n"] > 0)
    _refused(rec, cfg, {"f_slot": -1}, "f_slot:")


def test_the_other_side_pushes_only_after_the_first_card():
    """Audit s67: f_seat[1] set (with a crew of that side) before the starter's card: the
    starter's card then handed the next card to that side out of turn."""
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BCARD and s["b_n"] == 0 and not s["b_duel"])
    other = int(rec["b_def"][0]) if int(rec["f_seat"][0][0]) == int(rec["b_att"][0]) else int(rec["b_att"][0])
    _refused(rec, cfg, {"f_seat": (1, other), "f_slot": (1, 0)}, "f_seat:")


@pytest.mark.parametrize("which", ["cleared", "other side"])
def test_b_last_is_the_side_of_the_last_card(which):
    """Audit s67: b_last = -1 with the starter's card on the table: the replier's push then
    came to a card decision nobody could take in turn."""
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BPUSH and s["b_n"] > 0)
    _refused(rec, cfg, {"b_last": -1 if which == "cleared" else 1}, "b_last:")


def test_b_last_is_cleared_before_the_first_card():
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BCARD and s["b_n"] == 0)
    _refused(rec, cfg, {"b_last": 0}, "b_last:")


def test_b_box_is_cleared_before_the_first_card():
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BCARD and s["b_n"] == 0)
    _refused(rec, cfg, {"b_box": 2}, "b_box:")


def test_the_cancel_is_never_offered_to_the_actor():
    """Audit s67: the actor's bit in cw_mask: a failed cancel payment offered the actor the
    cancel of its own action."""
    cfg = {"num_players": 3}
    rec = _reach(lambda s: s["phase"] == S.PH_ACTIONS and (s["pk"] == S.PK_CANCEL or (
        s["pk"] == S.PK_PAY and s["pay_cancel"])), cfg)
    _refused(rec, cfg, {"cw_mask": 1 << int(rec["actor"][0])}, "cw_mask:")


def _after_actor(s):
    order, actor = [int(x) for x in s["order"]], int(s["actor"])
    n = int(s["num_players"])
    return [order[(order.index(actor) + i) % n] for i in range(1, n)]


def test_a_chantey_cancel_goes_on_round_the_turn_order():
    """A seat before the one deciding (in turn order from the actor) was already offered a
    Chantey's cancel: its bit is clear."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["act_kind"] == S.AK_CHANTEY and s["pk"] == S.PK_CANCEL
                 and _after_actor(s).index(int(s["cur"])) > 0, cfg, seeds=range(1, 300))
    rest = _after_actor(rec[0])
    earlier = rest[rest.index(int(rec["cur"][0])) - 1]
    _refused(rec, cfg, {"cw_mask": int(rec["cw_mask"][0]) | (1 << earlier)}, "cw_mask:")


def test_everyone_passing_ends_the_actions_phase():
    """Audit s67: passes = the players sailing at an action: one more pass left passes past
    its range instead of the Draw phase having begun."""
    cfg = {"num_players": 2}
    rec = _reach(lambda s: s["phase"] == S.PH_ACTIONS and s["pk"] == S.PK_MAIN and s["turn"] > 1, cfg)
    _refused(rec, cfg, {"passes": int(rec["alive"][0].sum())}, "passes:")


def test_a_cannon_attack_has_a_crew_to_fire():
    """Audit s67: the actor's crew tacked while it chooses the cannon attack's target: the
    fire decision after it had no legal action."""
    cfg = {"num_players": 2}
    rec = _reach(lambda s: s["pk"] == S.PK_TARGET and s["act_kind"] == S.AK_CANNON, cfg)
    p = int(rec["actor"][0])
    bad_tacked = rec["tacked"][0].copy()
    bad_tacked[p][rec["crew"][0][p] >= 0] = 1
    _refused(rec, cfg, {"tacked": (slice(None), bad_tacked.reshape(-1))}, "act_kind: a cannon attack")


def test_a_card_instead_of_a_boarding_attack_is_paid_by_the_side_attacking():
    """Audit s67: b_half flipped while the defender pays for a card played instead of its
    boarding attack: unpaid, the push decision went back to it out of turn."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["pk"] == S.PK_PAY and s["react_card"] >= 0 and s["react_ret"] == S.PK_BPUSH,
                 cfg, seeds=range(1, 80))
    _refused(rec, cfg, {"b_half": 1 - int(rec["b_half"][0])}, "react_card: a card played instead")


# --- audit s68 (a third walk, over other seeds, depths, configs and finer decision kinds) ---

def test_b_pushed_is_cleared_while_a_card_instead_is_paid_for():
    """Audit s68: b_pushed set while a side pays for a card played instead of its boarding
    attack: unpaid, its push decision came back with a crew "just pushed" and none forward."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["pk"] == S.PK_PAY and s["react_card"] >= 0 and s["react_ret"] == S.PK_BPUSH,
                 cfg, seeds=range(1, 80))
    _refused(rec, cfg, {"b_pushed": 1}, "b_pushed:")


def test_b_pushed_only_before_the_pushed_fighters_first_card():
    """The card after a push clears b_pushed: set again later in the attack, it took away a
    side's stop."""
    rec, cfg = _board(lambda s: s["pk"] == S.PK_BCARD and s["b_n"] >= 2 and not s["b_pushed"])
    _refused(rec, cfg, {"b_pushed": 1}, "b_pushed:")


def test_the_losing_fighter_takes_the_hits_first():
    """Audit s68: fighter_abs cleared while the losing fighter waits for Reacts: its side's
    crew absorbed instead, and the fighter, sunk that way, left its f_slot on an empty slot."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["pk"] == S.PK_ABSORB and s["fighter_abs"] >= 0, cfg, seeds=range(1, 200))
    _refused(rec, cfg, {"fighter_abs": -1}, "fighter_abs: -1")


def test_the_fighter_waiting_for_reacts_is_the_one_beaten():
    """Audit s68: b_last flipped while the losing fighter waits for Reacts: the fighter then
    sank against the wrong side and its side was left absorbing with a fighter still set."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["pk"] == S.PK_ABSORB and s["fighter_abs"] >= 0, cfg, seeds=range(1, 200))
    fa = int(rec["fighter_abs"][0])
    _refused(rec, cfg, {"b_last": fa}, f"fighter_abs: {fa}, but")


def test_a_react_paid_while_absorbing_a_boarding_attack_keeps_b_last():
    """Audit s68: b_last cleared while an absorbing React is paid for in a Boarding: unpaid,
    the absorb decision came back with no winning fighter for the hits."""
    cfg = {"num_players": 4}
    rec = _reach(lambda s: s["phase"] == S.PH_BOARD and s["pk"] == S.PK_PAY and s["react_card"] >= 0
                 and s["react_ret"] == S.PK_ABSORB and s["b_last"] >= 0, cfg, seeds=range(1, 300))
    _refused(rec, cfg, {"b_last": -1}, "b_last: hits in a Boarding")
