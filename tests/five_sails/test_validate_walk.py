"""check_states refuses the records audit s67's batch probe walked into trouble: one or two
fields of a reachable record changed, accepted, and a few legal steps later a record the
validator refuses, a live seat with no legal action, or a step past the truncation bound.
Each test edits a reachable record the way the probe did and asserts the check names the
field; loading it raises StateError and leaves the env as it was. Every record random play
reaches still passes (test_invariants.py, test_properties.py)."""

import numpy as np
import pytest

import envs
from envs.core.errors import StateError
from envs.five_sails import cards as C
from envs.five_sails import state as S
from envs.five_sails.validate import check_states
from tests.positions import first_reached, sealed


def _reach(n, pred, seeds=range(40), depth=900, **cfg):
    return first_reached("five_sails", pred, {"num_players": n, **cfg}, seeds, depth)


def _blob(rec):
    return sealed("five_sails", rec)


def _refused(rec, field, edit):
    """``edit(record)`` changes a copy; check_states names ``field`` first among the new
    problems, and env.load refuses it leaving the env unchanged (the original loads)."""
    assert check_states(rec)[0] == []
    bad = rec.copy()
    edit(bad[0])
    probs = check_states(bad)[0]
    assert probs and probs[0].startswith(field), probs
    e = envs.make_raw("five_sails", num_players=int(rec["num_players"][0]))
    e.reset(seed=3)
    before = e.record.copy()
    with pytest.raises(StateError, match=field.replace("[", r"\[")):
        e.load(_blob(bad))
    assert e.record.tobytes() == before.tobytes()
    e.load(_blob(rec))
    assert e.record.tobytes() == rec.tobytes()


def test_an_empty_crew_slot_has_no_attachment_owner():
    """Probe: att_own 0 -> 1 on an empty slot; the next character recruited there sent its
    attachment to another player's discard pile (add_crew leaves att_own as it finds it)."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_MAIN)
    c = int(np.flatnonzero(rec[0]["crew"][1] == 0)[0])

    def edit(s):
        s["att_own"][1][c][0] = 1
    _refused(rec, f"att_own[1][{c}]", edit)


def test_reaction_queue_holds_later_seats_of_the_game():
    """Probe: r_queue 0 -> 8 (a seat outside a 3-player game) left the window open with
    nobody asked; the seat asked now queued again would be asked twice."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] > 0)
    p = int(rec[0]["to_play"])

    def outside(s):
        s["r_queue"] |= 1 << 3
    _refused(rec, "r_queue", outside)

    def again(s):
        s["r_queue"] |= 1 << p
    _refused(rec, "r_queue", again)


def test_when_wounded_window_asks_the_wounded_player_alone():
    rec = _reach(2, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] == S.RT_WHEN_WOUNDED,
                 seeds=range(200))
    p = int(rec[0]["to_play"])

    def edit(s):
        s["r_from"] = 1 - p
    _refused(rec, "r_queue", edit)


def test_claim_window_never_asks_the_claimer():
    """Probe: r_queue 0 -> 10 at a claim's window asked the claimer about its own claim."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] == S.RT_WHEN_CLAIM,
                 seeds=range(200))

    def edit(s):
        s["r_queue"] |= 1 << int(s["r_from"])
    _refused(rec, "r_from", edit)


def test_r_loc_only_for_a_claim_or_a_move():
    """Probe: r_loc 0 -> 2 while planning reached High Drama with a stale location."""
    rec = _reach(2, lambda s: s["pk"] == S.PK_SCHEME)

    def edit(s):
        s["r_loc"] = 2
    _refused(rec, "r_loc", edit)


def test_a_live_game_is_below_its_truncation_bound():
    """Probe: cfg.max_steps set to the step taken: the next decision froze a record past the
    bound. The frozen record the engine makes at the bound stays valid."""
    rec = _reach(2, lambda s: s["step"] == 20, max_steps=60)

    def edit(s):
        s["cfg"]["max_steps"] = 20
    _refused(rec, "step = 20", edit)
    e = envs.make_raw("five_sails", num_players=2, max_steps=20)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    while e.record["to_play"][0] >= 0:
        e.step(int(rng.choice(e.legal_actions())))
    assert e.record["truncated"][0] == 1 and e.record["step"][0] == 20
    assert check_states(e.record)[0] == []


def test_muster_queue_holds_seats_of_the_game_still_to_answer():
    """Probe: queue 1 -> 5 at Muster (a seat outside a 2-player game) was left after it."""
    rec = _reach(2, lambda s: s["pk"] == S.PK_LOCKER and s["phase"] == S.PH_PLANNING,
                 seeds=range(100))

    def edit(s):
        s["queue"] |= 1 << 2
    _refused(rec, "queue: the seats still to answer", edit)


def test_no_dusk_on_the_fifth_day():
    """Probe: day 3 -> 5 at the Beginning of Dusk: the Day ended and Day 6 began."""
    rec = _reach(3, lambda s: s["phase"] == S.PH_DUSK and s["pk"] == S.PK_REACT,
                 seeds=range(100), depth=2000)

    def edit(s):
        s["day"] = S.DAYS
    _refused(rec, "day: Day 5", edit)


def test_first_player_token_is_held_after_day_one_reveal():
    """Probe: first 0 -> -1 at Muster: the next seat to play was -1 in a live game."""
    rec = _reach(2, lambda s: s["pk"] == S.PK_MAIN)

    def edit(s):
        s["first"] = -1
    _refused(rec, "first: the First Player Token is held", edit)


def test_end_of_dusk_window_after_the_clean_up():
    """Probe: r_trig Beginning -> End of Dusk skipped the clean-up: the scheme in play was
    lost at the next reveal."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] == S.RT_BEGIN_DUSK
                 and s["scheme"].any(), seeds=range(100), depth=2000)

    def edit(s):
        s["r_trig"] = S.RT_END_DUSK
    _refused(rec, "r_trig: Dusk's clean-up", edit)


def test_duel_decision_goes_to_its_participant():
    """Probe: to_play 0 -> 2 at a challenge's answer: the wrong player answered with a card
    of its hand, which was lost."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_RESPOND)

    def edit(s):
        s["to_play"] = s["d_seat"][0]
    _refused(rec, "to_play: a duel decision", edit)


def test_no_threat_before_the_answer():
    """Probe: pk DMOVE -> RESPOND mid-duel: accepting put threat into a second pool."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_RESPOND)

    def edit(s):
        s["d_pool"][0] = 3
    _refused(rec, "d_pool: no threat", edit)


def test_wounds_window_with_the_pool_emptied():
    """Probe: d_pool[1] 0 -> 1 in a wounds window: the next round found two pools."""
    rec = _reach(2, lambda s: s["pk"] == S.PK_REACT and s["r_trig"] == S.RT_WHEN_WOUNDED
                 and s["r_ret"] in (S.RET_RESOLVE, S.RET_NOPLAY), seeds=range(300))

    def edit(s):
        s["d_pool"][1 - int(s["d_active"])] = 2
    _refused(rec, "d_pool: threat waits", edit)


def test_gambled_cards_only_while_one_is_kept():
    """Probe: pk KEEP -> RESPOND lost the two gambled cards."""
    rec = _reach(3, lambda s: s["pk"] == S.PK_KEEP, seeds=range(100))

    def edit(s):
        s["pk"] = S.PK_DPLAY
    _refused(rec, "d_reveal", edit)


def test_challenger_stands_where_it_challenged():
    """Probe: the challenger's loc -> Home while it chose its Technique: no target was left
    to choose."""
    rec = _reach(4, lambda s: s["pk"] == S.PK_TARGET)

    def edit(s):
        s["loc"][s["d_seat"][0]][s["d_slot"][0]] = S.HOME
    _refused(rec, "d_loc: the challenger", edit)


def test_approach_deck_holds_a_scheme_and_a_character_for_each_day_left():
    """Probe: day 5 -> 1..4 on a Day-5 record; a later Planning found no scheme to plan and
    the seat had no legal action. [2. Planning] one scheme and one character a Day from the
    Approach Deck of five each, so Day d's High Drama leaves 5 - d of each."""
    rec = _reach(2, lambda s: s["pk"] == S.PK_MAIN and s["day"] == 5, seeds=range(100),
                 depth=3000)

    def back(s):
        s["day"] = 4
    _refused(rec, "appr", back)


@pytest.mark.parametrize("pk, left", [(S.PK_SCHEME, (3, 3)), (S.PK_CHAR, (2, 3))])
def test_approach_deck_counts_the_choice_still_to_make_today(pk, left):
    """Day 3's Planning: before a seat's choice its Approach Deck holds 3 schemes and 3
    characters (5 - 2 Days planned); with the scheme chosen, 2 and 3. A Day earlier needs
    one more of each, so day 3 -> 2 is refused at both decisions."""
    rec = _reach(2, lambda s: s["pk"] == pk and s["day"] == 3, seeds=range(100), depth=3000)
    kinds = C.C_TYPE[rec[0]["appr"][int(rec[0]["to_play"])]]
    assert ((kinds == S.T_SCHEME).sum(), (kinds == S.T_CHAR).sum()) == left

    def earlier(s):
        s["day"] = 2
    _refused(rec, "appr", earlier)
