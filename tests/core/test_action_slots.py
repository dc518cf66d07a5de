"""A game's action slots (envs/core/action_slots.py) are refused where they do not fit its
observation and actions: the GameSpec names what is wrong, before a policy indexes past it."""

import dataclasses

import pytest

from envs.core.action_slots import ActionSlots, SlotKind

OBS, ACTIONS = 50, 12
GOOD = ActionSlots(40, (SlotKind.strided("block", 2, 4, 40, 2, 2),
                        SlotKind("inside", 5, (7, 9), (0, 20))))


def test_slots_that_fit_raise_nothing_and_round_trip_through_their_plain_form():
    assert GOOD.problems(OBS, ACTIONS) == []
    assert GOOD.kinds[0].offsets == (40, 42, 44, 46)
    assert ActionSlots.from_tuple(GOOD.as_tuple()) == GOOD


@pytest.mark.parametrize("slots, what", [
    (ActionSlots(0, GOOD.kinds), "trunk"),
    (ActionSlots(51, GOOD.kinds), "trunk"),
    (ActionSlots(40, ()), "no kind"),
    (ActionSlots(40, (SlotKind("k", 2, (12,), (0,)),)), "action outside"),
    (ActionSlots(40, (SlotKind("k", 2, (1,), (49,)),)), "outside the 50"),
    (ActionSlots(40, (SlotKind("k", 2, (1,), (-1,)),)), "outside the 50"),
    (ActionSlots(40, (SlotKind("k", 2, (1, 1), (0, 2)),)), "scored twice"),
    (ActionSlots(40, (SlotKind("a", 2, (1,), (0,)), SlotKind("b", 2, (1,), (2,)))), "twice"),
    (ActionSlots(40, (SlotKind("k", 2, (1, 2), (0,)),)), "offsets"),
    (ActionSlots(40, (SlotKind("k", 0, (1,), (0,)),)), "width 0"),
], ids=["no_trunk", "trunk_past_the_end", "no_kind", "action", "block_past_the_end",
        "negative_offset", "twice_in_a_kind", "twice_across_kinds", "offsets_short", "width"])
def test_slots_that_do_not_fit_are_named(slots, what):
    assert any(what in p for p in slots.problems(OBS, ACTIONS))


def test_a_game_whose_slots_do_not_fit_is_refused_by_its_spec(toy_spec):
    bad = ActionSlots(toy_spec.obs_size, (SlotKind("k", 1, (toy_spec.num_actions,), (0,)),))
    with pytest.raises(ValueError, match="toy: action_slots: k: an action outside"):
        dataclasses.replace(toy_spec, action_slots=bad)
