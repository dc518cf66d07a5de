"""7th Sea's scored actions (GameSpec.action_slots, observe.ACTION_SLOTS) read the block of
the slot each one names: the deciding seat's hand card, crew member, attachment or
adventure, or the head of the targeted seat's block, in every decision of random games
where the action is legal."""

import numpy as np
import pytest

from envs.seventh_sea import observe as O
from envs.seventh_sea import state as S
from envs.seventh_sea.config import make_config
from envs.seventh_sea.env import GAME

KINDS = {"hand", "experience", "crew", "sink", "discard_crew", "act", "target",
         "complete_adventure", "discard_adventure", "attachment_act"}
CREW_KINDS = {"crew", "sink", "discard_crew", "act"}
#: what random play mostly avoids: discarding crew and adventures, passing, stopping
AVOID = (set(range(S.A_DCREW, S.A_DCREW + S.MAX_CREW)) | set(range(S.A_DADV, S.A_DADV + S.MAX_ADV))
         | {S.A_STOP, S.A_PASS})


def _new(n, seed, edition):
    st = np.zeros(1, S.STATE)
    GAME.single.init(st, make_config(num_players=n, edition=edition), 0, seed)
    return st


def _legal(st):
    m = np.zeros(S.NUM_ACTIONS, np.uint8)
    GAME.single.legal(st, 0, m)
    return set(np.flatnonzero(m).tolist())


def _obs(st, seat):
    out = np.zeros(O.OBS_SIZE, np.float32)
    GAME.single.observe(st, 0, seat, out)
    return out


def _feat(d):
    return O.FEAT[d] if d >= 0 else np.zeros(O.NF, np.float32)


def _check(kind, i, block, s, p):
    """``block``, what seat ``p``'s observation holds where action ``i`` of ``kind`` points,
    against what the rules say the slot it names holds (the record, the card features)."""
    eq = np.testing.assert_array_equal
    name = kind.name
    if name in ("hand", "experience"):                 # hand card i of the seat deciding
        assert i < int(s["hand_n"][p]), (name, i)
        eq(block, O.FEAT[int(s["hand"][p][i])], err_msg=name)
    elif name in CREW_KINDS:                           # its crew member i
        d = int(s["crew"][p][i])
        assert d >= 0, (name, i)
        assert block[0] == s["tacked"][p][i], name
        fighting = any(int(s["f_seat"][f]) == p and int(s["f_slot"][f]) == i for f in range(2))
        assert block[7] == float(fighting), name
        eq(block[8:8 + O.NF], O.FEAT[d], err_msg=name)
    elif name == "target":                             # the ship of the seat i+1 places on
        n = int(s["num_players"])
        q = (p + i + 1) % n
        assert s["alive"][q], (name, i)
        assert list(block[:4]) == [1.0, 1.0, 0.0, float(int(s["actor"]) == q)], name
        o = 4
        eq(block[o:o + n], [float(int(s["order"][k]) == q) for k in range(n)], err_msg=name)
        o += S.MAX_PLAYERS
        eq(block[o:o + S.NSEAS], np.eye(S.NSEAS)[int(s["sea"][q])], err_msg=name)
        o += S.NSEAS
        assert block[o] == s["ship_tacked"][q], name
        assert block[o + 3] == np.float32(int(s["hand_n"][q]) / S.MAX_HAND), name
        o += 3 + 5
        eq(block[o:o + O.NF], O.FEAT[int(s["ship"][q])], err_msg=name)
        eq(block[o + O.NF:o + 2 * O.NF], _feat(int(s["crew"][q][0])), err_msg=name)
        assert o + 2 * O.NF == len(block), name
    elif name in ("complete_adventure", "discard_adventure"):   # its adventure i
        assert i < int(s["adv_n"][p]), (name, i)
        eq(block[:S.NSEAS], np.eye(S.NSEAS)[int(s["adv_sea"][p][i])], err_msg=name)
        eq(block[S.NSEAS:], O.FEAT[int(s["adv"][p][i])], err_msg=name)
    else:                                              # its attachment i
        assert name == "attachment_act"
        assert i < int(s["att_n"][p]), (name, i)
        hosts = S.MAX_CREW + 1 + S.NSEAS
        eq(block[:hosts], np.eye(hosts)[int(s["att_host"][p][i])], err_msg=name)
        assert block[hosts] == float(int(s["att_owner"][p][i]) != p), name
        eq(block[hosts + 1:], O.FEAT[int(s["att"][p][i])], err_msg=name)


@pytest.mark.parametrize("players", [2, 3])
def test_each_scored_legal_action_reads_the_block_of_the_slot_it_names(players):
    kinds = GAME.action_slots.kinds
    assert {k.name for k in kinds} == KINDS
    rng = np.random.default_rng(players)
    seen = set()
    for game in range(12):
        st = _new(players, 10 * players + game, ("revised", "original")[game % 2])
        for _ in range(400):
            s = st[0]
            p = int(s["to_play"])
            if s["done"] or p < 0:
                break
            assert int(s["cur"]) == p
            ok = _legal(st)
            x = _obs(st, p)
            for kind in kinds:
                for i, (a, o) in enumerate(zip(kind.actions, kind.offsets)):
                    if a in ok:
                        seen.add(kind.name)
                        _check(kind, i, x[o:o + kind.width], s, p)
            # random play that mostly keeps its crew and adventures (longer games)
            keep = sorted(ok - AVOID)
            a = int(rng.choice(keep if keep and rng.random() < 0.9 else sorted(ok)))
            GAME.single.apply(st, 0, a, np.zeros(S.NUM_ACTIONS, np.uint8))
    # the common kinds came up (the rarer ones are checked whenever they do)
    assert {"hand", "crew", "discard_crew", "target", "discard_adventure"} <= seen, seen
