"""Five Sails' scored actions (GameSpec.action_slots, observe.ACTION_SLOTS) read the block of
the slot each one names: the acting seat's crew member, hand card, City location or approach
card, in every decision of random games where the action is legal."""

import numpy as np
import pytest

from envs.five_sails import observe as O
from envs.five_sails import state as S
from envs.five_sails.env import GAME

from .helpers import act, legal, new, obs


def _kinds():
    return {k.name: k for k in GAME.action_slots.kinds}


def _block(kind, a, x):
    o = kind.offsets[kind.actions.index(a)]
    return x[o:o + kind.width]


def _named(kind, i, s, p):
    """What the observation of seat ``p`` says about slot ``i`` of ``kind``, by the rules'
    names: (presence flag or None, card id shown)."""
    if kind.name == "hand":
        return None, int(s["hand"][p][i])
    if kind.name == "location":
        return None, int(s["cslot"][i])
    if kind.name == "approach":
        return 1.0, int(s["appr"][p][i])
    return 1.0, int(s["crew"][p][i])


@pytest.mark.parametrize("players", [2, 3])
def test_each_scored_legal_action_reads_the_block_of_the_slot_it_names(players):
    kinds = _kinds()
    assert set(kinds) == {"move", "claim", "challenge", "recruit", "city_equip", "event",
                          "ability", "crew", "hand", "location", "approach"}
    rng = np.random.default_rng(players)
    seen = set()
    for game in range(3):
        st = new(n=players, seed=10 * players + game)
        for _ in range(600):
            s = st[0]
            if s["done"]:
                break
            p = int(s["to_play"])
            ok = legal(st)
            x = obs(st, p)
            for kind in kinds.values():
                for i, a in enumerate(kind.actions):
                    if a not in ok:
                        continue
                    seen.add(kind.name)
                    flag, cid = _named(kind, i, s, p)
                    block = _block(kind, a, x)
                    card_at = {"hand": 0, "location": 3 + S.MAX_PLAYERS}.get(kind.name, 1)
                    # a location may hold no City card; every other slot names a card
                    assert cid > 0 or kind.name == "location", (kind.name, i)
                    np.testing.assert_array_equal(block[card_at:card_at + O.NF],
                                                  O.CARD_FEATS[cid], err_msg=kind.name)
                    if flag is not None:
                        assert block[0] == flag
                    if kind.name == "location":         # its controller, seen from p
                        ctrl = int(s["ctrl"][i])
                        rel = S.MAX_PLAYERS if ctrl < 0 else (ctrl - p) % players
                        assert block[2 + rel] == 1.0
            act(st, int(rng.choice(sorted(ok))))
    # the common kinds came up (the rarer ones are checked whenever they do)
    assert {"move", "claim", "hand", "location", "approach", "crew"} <= seen
