"""7th Sea's scored actions (GameSpec.action_slots, observe.ACTION_SLOTS) read the block of the
slot each one names, in the acting seat's own observation: its hand card, crew member,
Adventure or attachment, or the head of the seat the target action names, in every decision
of random games where the action is legal."""

import numpy as np
import pytest

from envs.seventh_sea import batch
from envs.seventh_sea import observe as O
from envs.seventh_sea import state as S
from envs.seventh_sea.common import skill
from envs.seventh_sea.config import make_config
from envs.seventh_sea.env import GAME
from tests.seventh_sea.scenario_files import legal

NF = O.NF
CREW_KINDS = ("crew", "sink", "discard_crew", "act")


def _new(n, seed):
    st = np.zeros(1, S.STATE)
    batch.single_init(st, make_config(num_players=n), 0, seed)
    return st


def _obs(st, seat):
    out = np.zeros(O.OBS_SIZE, np.float32)
    batch.single_observe(st, 0, seat, out)
    return out


def _kinds():
    return {k.name: k for k in GAME.action_slots.kinds}


def _block(kind, a, x):
    o = kind.offsets[kind.actions.index(a)]
    return x[o:o + kind.width]


def _check(kind, i, block, s, p, n):
    """``block`` says what the rules name for slot ``i`` of ``kind``, seen by seat ``p``."""
    name = kind.name
    if name in ("hand", "experience"):                       # hand card i
        np.testing.assert_array_equal(block, O.FEAT[int(s["hand"][p][i])], err_msg=name)
    elif name in CREW_KINDS:                                 # p's crew member in slot i
        d = int(s["crew"][p][i])
        assert d >= 0, (name, i)
        assert block[0] == s["tacked"][p][i], name
        for k in range(5):
            assert block[1 + k] == pytest.approx(skill(s, p, i, k) / 9), (name, k)
        np.testing.assert_array_equal(block[8:8 + NF], O.FEAT[d], err_msg=name)
    elif name == "target":                                   # the seat i+1 places after p
        q = (p + i + 1) % n
        assert block[0] == 1.0 and block[1] == s["alive"][q]
        assert block[4 + list(s["order"][:n]).index(q)] == 1.0
        o = 4 + S.MAX_PLAYERS
        sea = np.zeros(S.NSEAS, np.float32)
        if s["sea"][q] >= 0:
            sea[int(s["sea"][q])] = 1.0
        np.testing.assert_array_equal(block[o:o + S.NSEAS], sea)
        o += S.NSEAS
        assert block[o] == s["ship_tacked"][q]
        assert block[o + 3] == pytest.approx(s["hand_n"][q] / S.MAX_HAND)
        np.testing.assert_array_equal(block[-2 * NF:-NF], O.FEAT[int(s["ship"][q])])
        np.testing.assert_array_equal(block[-NF:], O.FEAT[int(s["crew"][q][0])])
    elif name in ("complete_adventure", "discard_adventure"):   # p's Adventure i
        assert i < s["adv_n"][p]
        sea = np.zeros(S.NSEAS, np.float32)
        sea[int(s["adv_sea"][p][i])] = 1.0
        np.testing.assert_array_equal(block[:S.NSEAS], sea, err_msg=name)
        np.testing.assert_array_equal(block[S.NSEAS:], O.FEAT[int(s["adv"][p][i])], err_msg=name)
    elif name == "attachment_act":                           # p's attachment i, p's own
        assert i < s["att_n"][p]
        host = np.zeros(S.MAX_CREW + 1 + S.NSEAS, np.float32)
        host[int(s["att_host"][p][i])] = 1.0
        np.testing.assert_array_equal(block[:host.size], host)
        assert block[host.size] == 0.0                      # its owner is p
        np.testing.assert_array_equal(block[host.size + 1:], O.FEAT[int(s["att"][p][i])])
    else:
        raise AssertionError(f"unchecked kind {name}")


def test_the_kinds_and_their_widths():
    kinds = _kinds()
    assert set(kinds) == {"hand", "experience", *CREW_KINDS, "target", "complete_adventure",
                          "discard_adventure", "attachment_act"}
    widths = {name: k.width for name, k in kinds.items()}
    assert widths == {"hand": NF, "experience": NF, "crew": O.CREW_W, "sink": O.CREW_W,
                      "discard_crew": O.CREW_W, "act": O.CREW_W, "target": O.SEAT_HEAD,
                      "complete_adventure": O.ADV_W, "discard_adventure": O.ADV_W,
                      "attachment_act": O.ATT_W}
    assert (NF, O.CREW_W, O.SEAT_HEAD, O.ADV_W, O.ATT_W) == (93, 101, 207, 98, 121)
    for name, k in kinds.items():
        first, count = S.ACTION_RANGES[name]
        assert k.actions == tuple(range(first, first + count))
    assert GAME.action_slots.problems(GAME.obs_size, GAME.num_actions) == []


@pytest.mark.parametrize("players", [2, 3])
def test_each_scored_legal_action_reads_the_block_of_the_slot_it_names(players):
    kinds = _kinds()
    rng = np.random.default_rng(players)
    seen = set()
    for game in range(24):          # random games are short: 100-450 decisions
        st = _new(players, 100 * players + game)
        for _ in range(1500):
            s = st[0]
            if s["done"] or s["truncated"]:
                break
            p = int(s["to_play"])
            assert p == int(s["cur"])
            ok = legal(st)
            x = _obs(st, p)
            for kind in kinds.values():
                for i, a in enumerate(kind.actions):
                    if a in ok:
                        seen.add(kind.name)
                        _check(kind, i, _block(kind, a, x), s, p, players)
            a = int(rng.choice(sorted(ok)))
            batch.single_apply(st, 0, a, np.zeros(S.NUM_ACTIONS, np.uint8))
    # the common kinds came up (the rarer ones, experience, act, complete_adventure and
    # attachment_act, are checked whenever they do)
    assert {"hand", "crew", "sink", "discard_crew", "target", "discard_adventure"} <= seen, seen
