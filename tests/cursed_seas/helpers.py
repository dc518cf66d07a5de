"""Positions for the Cursed Seas rule tests, and dice rigged through the record's rng."""

from __future__ import annotations


import envs
from envs.cursed_seas.state import (
    A_NO, A_OPT, A_ORDER, A_PIECE, A_SEG, FAN_DEG, FRACS, NUM_FAN, NUM_FRAC,
)

M = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)


def rolls_from(rng, k):
    out = []
    for _ in range(k):
        rng = (rng + GOLDEN) & M
        out.append((((mix64(rng) >> 32) * 6) >> 32) + 1)
    return out


def rig(*rolls) -> str:
    """An rng word whose next d6 rolls are ``rolls`` (envs.core.rng: splitmix64)."""
    for x in range(1, 10**6):
        cand = mix64(x * 7919)
        if rolls_from(cand, len(rolls)) == list(rolls):
            return hex(cand)
    raise AssertionError("no rng found")


#: a plain table: seat 0's home (island 0) bottom left, seat 1's (island 1) top right,
#: wild islands 2 and 3
ISLANDS = [{"x": 2.0, "y": 2.0, "r": 1.0, "home": 0}, {"x": 10.0, "y": 10.0, "r": 1.0, "home": 1},
           {"x": 6.0, "y": 2.0, "r": 1.0, "home": -1}, {"x": 2.0, "y": 9.0, "r": 1.0, "home": -1}]


def random_decisions(config, games, steps, seed):
    """The records of ``games`` random games (uniform legal moves, ``seed``), decision by
    decision, up to ``steps`` decisions each: positions for property tests."""
    import numpy as np

    e = envs.make_raw("cursed_seas", **config)
    rng = np.random.default_rng(seed)
    for g in range(games):
        e.reset(seed=g)
        for _ in range(steps):
            if e.record["to_play"][0] < 0:
                break
            yield e.record[0]
            e.step(int(rng.choice(e.legal_actions())))


def fleet(*ships):
    """A fleet table: each ship a name, (name, [crew names]) or (name, [crew], [equipment])."""
    rows = []
    for sh in ships:
        if isinstance(sh, str):
            rows.append({"name": sh})
        else:
            rows.append({"name": sh[0], "crew": list(sh[1])})
            if len(sh) > 2:             # (name, [crew], [equipment])
                rows[-1]["equipment"] = list(sh[2])
    return {"ship": rows}


def position(fleets, ships, islands=ISLANDS, placed=(), rolls=None, cur=0, record=None,
             keep_gold=True, crew=(), config_islands=None, **config):
    """A strict env at the start of seat ``order[cur]``'s turn (order 0, 1, ...). With
    ``keep_gold`` seat 1's coin 13 lies on island 3, so the game is not over for want of
    gold [Winning the Game]."""
    n = len(fleets)
    coins = list(placed)
    if keep_gold and all(c["coin"] != 13 for c in coins):
        coins.append({"coin": 13, "at": "island", "where": 3})
    if config_islands is not None:      # the island pieces (config ``islands``)
        config = {**config, "islands": list(config_islands)}
    d = {"config": {"num_players": n, "fleets": list(fleets), **config},
         "islands": list(islands), "ships": list(ships), "coins": list(coins),
         "order": list(range(n)), "play": {"cur": cur, "turn": 1}}
    if crew:                            # crew/equipment moved from where the fleet put them
        d["crew"] = list(crew)
    rec = dict(record or {})
    if rolls is not None:
        rec["rng"] = rig(*rolls)
    if rec:
        d["record"] = rec
    e = envs.make_raw("cursed_seas", **d["config"])
    e.reset(seed=0)
    e.load_scenario(d)
    return e


def order(slot, act):
    return A_ORDER + slot * 4 + act


def seg(kind, turn=0, frac=1.0):
    """kind 0 = S, 1 = L; a heading change of ``turn`` degrees and ``frac`` of the
    segment's length, looked up in the movement grammar (state.FAN_DEG, state.FRACS)."""
    fan = [float(d) for d in FAN_DEG].index(float(turn))
    fr = [round(float(f), 9) for f in FRACS].index(round(float(frac), 9))
    return seg_index(kind, fan, fr)


def seg_index(kind, fan, frac):
    """The segment action by its indices: kind, FAN_DEG index, FRACS index."""
    return A_SEG + (kind * NUM_FAN + fan) * NUM_FRAC + frac


def seg_turns(e, kind=None):
    """The heading changes (degrees) the pending segment decision offers."""
    from envs.cursed_seas.state import NUM_SEG_ACTIONS
    out = set()
    for a in legal(e):
        if A_SEG <= a < A_SEG + NUM_SEG_ACTIONS:
            o = a - A_SEG
            if kind is None or o // (NUM_FAN * NUM_FRAC) == kind:
                out.add(float(FAN_DEG[o // NUM_FRAC % NUM_FAN]))
    return out


def opt(k):
    return A_OPT + k


def guns(e):
    """The cannons (masts, or a fort's flags) the pending 'which fires next' decision
    offers [Shooting: the player's order of fire]."""
    return {a - A_OPT for a in legal(e) if A_OPT <= a < A_OPT + 8}


def first_gun(e):
    """Pick the lowest cannon offered (the order the engine used to impose)."""
    e.step(A_OPT + min(guns(e)))


def gun_targets(e):
    """{cannon: target options} of the pending cannon decision, found on copies."""
    out = {}
    for m in guns(e):
        c = e.clone()
        c.step(A_OPT + m)
        out[m] = legal(c)
    return out


STOP = A_NO


def rec(e):
    return e.record[0]


def legal(e):
    return set(int(a) for a in e.legal_actions())


def ship(seat, slot, x, y, heading=0.0, masts=None, dock=-1):
    """A scenario ship entry: seat's fleet slot at (x, y) S, heading in degrees."""
    d = {"seat": seat, "slot": slot, "x": x, "y": y, "heading": heading, "dock": dock}
    if masts is not None:
        d["masts"] = masts
    return d


def pieces_legal(e):
    """The crew/equipment pieces offered by the pending piece choice (part B transfers)."""
    return {a - A_PIECE for a in legal(e) if A_PIECE <= a < A_PIECE + 24}
