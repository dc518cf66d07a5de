"""check_states ties fields to the phase and the pending decision, not only to their ranges
(audit s66 F3): a record with one such field changed is refused by name, since a few legal
steps from it the engine builds a record its own validator refuses (cards duplicated or
lost, a card where it cannot be). The first cases are the audit's mutants, found again by
walking to a position of the same kind; the soak and property tests (test_invariants.py,
test_properties.py) show every record a game reaches still passes."""

import numpy as np
import pytest

from envs.five_sails import state as S
from envs.five_sails.validate import check_states
from tests.positions import first_reached


def _walk_to(n, pred, seeds=range(40), depth=900):
    """The first record, over random legal walks, for which ``pred(record)`` holds."""
    return first_reached("five_sails", pred, {"num_players": n}, seeds, depth)


def _refused(rec, field, **change):
    bad = rec.copy()
    for k, v in change.items():
        if "__" in k:
            f, i = k.split("__")
            bad[0][f][int(i)] = v
        else:
            bad[0][k] = v
    assert check_states(rec)[0] == []
    probs = check_states(bad)[0]
    fields = (field,) if isinstance(field, str) else field
    assert probs and any(p.startswith(fields) for p in probs), (change, probs)


def test_planning_to_play_is_the_seat_whose_plan_is_missing():
    """Audit: to_play 2 -> 0 while seat 2 plans let seat 0 plan twice (a card lost)."""
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_SCHEME and s["to_play"] == 2)
    _refused(rec, "to_play", to_play=0)
    _refused(rec, "to_play", to_play=1, plan_seat=1)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_CHAR and s["to_play"] == 1)
    _refused(rec, "to_play", pk=S.PK_SCHEME)
    _refused(rec, "plan_seat", plan_seat=2)


def test_face_down_plans_only_while_planning_asks():
    rec = _walk_to(2, lambda s: s["pk"] == S.PK_CHAR)
    p = int(rec[0]["to_play"])
    plan = int(rec[0]["plan_scheme"][p])
    # the scheme put back into the Approach Deck keeps card conservation
    bad = rec.copy()
    bad[0]["appr"][p][np.flatnonzero(bad[0]["appr"][p] == 0)[0]] = plan
    bad[0]["plan_scheme"][p] = 0
    bad[0]["plan_char"][p] = plan
    assert any(m.startswith("to_play") or m.startswith("plan_char") or "cannot be there" in m
               for m in check_states(bad)[0])
    rec = _walk_to(2, lambda s: s["pk"] == S.PK_MAIN)
    _refused(rec, "plan_char", plan_char__0=int(rec[0]["scheme"][0]), scheme__0=0)


@pytest.mark.parametrize("go", [S.GO_BRUTE, S.GO_ATTACH, S.GO_RECRUIT, S.GO_ABILITY, 0])
def test_go_is_what_the_pending_payment_is_for(go):
    """Audit: go RISK -> BRUTE put a risk into a crew, BRUTE -> ATTACH a Brute on a character."""
    rec = _walk_to(4, lambda s: s["pk"] == S.PK_PAY and s["go"] == S.GO_RISK)
    # a recruit's pa is a location: the older check of pa may name it first
    _refused(rec, ("go", "pa") if go == S.GO_RECRUIT else "go", go=go)


def test_go_outside_a_payment_and_its_card():
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_MAIN)
    _refused(rec, "go", go=S.GO_EVENT)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_EQUIP)
    _refused(rec, "go", go=S.GO_RISK)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_ACTOR)
    _refused(rec, "go", go=S.GO_ATTACH)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_PARLEY)
    _refused(rec, "go", go=S.GO_CEQUIP)
    _refused(rec, "pay", pay=int(rec[0]["pay"]) + 1)


def test_r_amt_only_in_a_when_wounded_window():
    """Audit: r_amt 0 -> 1 at a Dawn window; after the pass the window stayed half open."""
    rec = _walk_to(2, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] >= S.RT_BEGIN_DAY,
                   depth=50)
    _refused(rec, "r_amt", r_amt=1)
    rec = _walk_to(2, lambda s: s["pk"] == S.PK_MAIN)
    _refused(rec, "r_p", r_c=2)


def test_when_wounded_window_names_the_participant_whose_threat_resolves():
    rec = _walk_to(2, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] == S.RT_WHEN_WOUNDED
                   and s["r_ret"] == S.RET_REFUSE, seeds=range(200))
    _refused(rec, "r_p", r_c=(int(rec[0]["r_c"]) + 1) % S.MAX_CREW, r_p=int(rec[0]["d_seat"][0]))


def test_phase_of_a_pending_duel_decision():
    """Audit: phase HIGH_DRAMA -> DUSK at a challenge's answer; refusing opened the wounds'
    window in Dusk."""
    rec = _walk_to(4, lambda s: s["pk"] == S.PK_RESPOND)
    _refused(rec, "phase", phase=S.PH_DUSK)
    _refused(rec, "phase", phase=S.PH_PLANNING)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_PAY)
    _refused(rec, "phase", phase=S.PH_OVER)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_LOCKER and s["phase"] == S.PH_PLANNING,
                   seeds=range(100))
    _refused(rec, "phase", phase=S.PH_DUSK)


def test_queue_passes_and_after_windows_tied_to_their_step():
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_MAIN)
    _refused(rec, "queue", queue=1)
    _refused(rec, "passes", passes=3)
    _refused(rec, "r_dest", r_dest=2)
    rec = _walk_to(3, lambda s: s["pk"] == S.PK_DUSK)
    _refused(rec, "queue", queue=int(rec[0]["queue"]) & ~(1 << int(rec[0]["to_play"])))
    _refused(rec, "r_dest", r_move=1)
