"""The arc a turn sweeps [Moving: "A ship can't move through any island or another ship";
ruling: Movement grammar]: ``turns.arc_limit`` skips the headings a clear pose's slack
covers, and must find the same first blocked heading as testing every heading, ARC_STEP of
hull travel apart, as the ruling defines it."""

import math

import numpy as np

from envs.cursed_seas.creatures import is_creature
from envs.cursed_seas.geometry import pose_clear, pose_slack
from envs.cursed_seas.state import ARC_STEP, MAX_SHIPS, PK_SEGMENT, SHIP_R, TOUCH
from envs.cursed_seas.tow import behind
from envs.cursed_seas.turns import arc_limit, pivot

from .helpers import random_decisions


def _every_heading(s, k, sign):
    """The ruling's definition: the first of the headings ARC_STEP of hull travel apart at
    which the ship (or her tow) overlaps a piece or leaves the table; 4.0 for none."""
    reach = abs(s["sh_len"][k]) * (0.5 if is_creature(s, k) else 1.0)
    j = s["sh_tow"][k]
    if j >= 0:
        reach = max(reach, abs(s["sh_len"][j]) + 2.0 * SHIP_R + TOUCH)
    n = max(1, int(math.ceil(math.pi * reach / ARC_STEP)))
    for i in range(1, n + 1):
        a = math.pi * i / n
        h = s["sh_h"][k] + sign * a
        x, y = pivot(s, k, h)
        if not pose_clear(s, k, x, y, h):
            return a
        if j >= 0 and not pose_clear(s, j, *behind(s, k, j, h), h):
            return a
    return 4.0


def _positions(config, games, steps=600):
    """States of random games, each with the ships to look at in it: the ship about to
    choose a segment, or every ship at a sample of other decisions."""
    sample = np.random.default_rng(11)
    for s in random_decisions(config, games, steps, seed=11):
        if int(s["pending"]) == PK_SEGMENT:
            yield s, (int(s["pend_ship"]),)
        elif sample.random() < 0.02:
            yield s, range(MAX_SHIPS)


def test_the_skipping_arc_finds_the_first_blocked_heading_of_every_heading():
    """In random 2-, 3- and 4-player games (sea creatures, reefs, derelicts in tow), for
    every ship afloat each way round, the arc the legal mask reads is exactly the one found
    by testing every heading; a fair share of them end at a piece or an edge. A tow is rare
    in random play: six 2-player games are played to meet one."""
    compared = blocked = 0
    kinds = set()
    for config, games in (({"num_players": 2}, 6),
                          ({"num_players": 2, "fleets": ["abyssal_pact", "crown_raiders"]}, 1),
                          ({"num_players": 3, "reefs": 1}, 1), ({"num_players": 4}, 3)):
        for s, ships in _positions(config, games):
            for k in ships:
                if not s["sh_live"][k] or s["sh_lost"][k] >= 0:
                    continue
                for sign in (1.0, -1.0):
                    want = _every_heading(s, k, sign)
                    assert arc_limit(s, k, sign) == want, (config, k, sign)
                    compared += 1
                    blocked += want < 4.0
                    kinds.add("creature" if is_creature(s, k) else
                              "tow" if s["sh_tow"][k] >= 0 else "ship")
    assert compared > 1000 and blocked > compared // 10, (compared, blocked)
    assert kinds == {"creature", "tow", "ship"}


def test_a_pose_moved_less_than_its_slack_stays_clear():
    """``pose_slack`` is a lower bound of the margin: every pose whose hull points all move
    less than it (a turn about the stern by slack / length) is clear, and a pose that is
    not clear has no positive slack."""
    rng = np.random.default_rng(3)
    tried = 0
    for s, ships in _positions({"num_players": 2}, 2):
        for k in ships:
            if not s["sh_live"][k] or s["sh_lost"][k] >= 0 or is_creature(s, k):
                continue
            x, y, h0 = s["sh_x"][k], s["sh_y"][k], s["sh_h"][k]
            for h in h0 + rng.uniform(-math.pi, math.pi, 4):
                slack = pose_slack(s, k, x, y, h)
                clear = pose_clear(s, k, x, y, h)
                assert clear or slack <= 0.0
                if slack > 1e-3:
                    turn = 0.999 * slack / abs(s["sh_len"][k])
                    for d in np.linspace(-turn, turn, 9):
                        assert pose_clear(s, k, x, y, h + d)
                    tried += 1
    assert tried > 100
