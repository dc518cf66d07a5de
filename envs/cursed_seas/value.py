"""Pirates of the Cursed Seas: a position's value per seat, for depth-limited search playouts.

``value(s, out)`` writes each seat's estimated return in terminal reward units (+1 a win, -1 a
loss, 0 a draw): in [-1, 1], but ``DECIDED_LOSS`` (< -1) for a seat sure to lose. A kernel:
envs/core/search.py calls it where a playout stops early. A finished game is worth its
reward.

How the game is won [Winning the Game]: the highest gold value on the home island and in the
forts when all gold is unloaded or too few players can still move; treasure on a wrecked ship
or one lost in a fog bank counts for no one, and sunk treasure is gone [Sinking a ship]. So a
seat's standing (:func:`standings`, in gold) counts:

* gold unloaded at home and in its forts, in full [Unloading treasure; Forts];
* gold carried aboard its ships, discounted by how far the ship still has to sail home and
  more for a derelict, which must be repaired or towed first [Derelict], or a ship lost in a
  fog bank [Fog Bank] (``CARRY_*``); a wreck's counts for no one [Winning the Game];
* a share of the gold still ashore on wild islands, and aboard derelicts and wrecks (which
  any ship may explore [Exploring]),
  in proportion to the masts it has standing, which are what moves, shoots and boards
  [Moving; Shooting; Board] (``ASHORE_W``), plus ``MAST_W`` per mast;
* for each of its ships that may still sail and has room in her hold, the treasure ashore
  on the wild island she is best placed to explore next [Exploring; Moving]: the coins she
  could take (up to her free cargo spaces) at ``APPROACH_W`` of their worth when docked
  there, less the farther she still has to sail (``APPROACH_D``), so that a playout cut
  before the ship arrives still tells a ship sailing for treasure from one drifting away.

Each seat's value is read with what that seat knows (:func:`standings` gives every seat's
standing as each seat can tell it): positions, masts, where each coin lies, and a coin's
value if it is face up or that seat has looked at it [Exploring: the explorer looks "without
revealing it to the other players"]; a coin it has not looked at is worth the mean of all
such coins, the pool determinising for that seat (hidden.py) re-deals, so every
determinisation for a seat gives that seat the same value, and a search tells a doubloon it
took from a copper it left ashore. Face-down crew and equipment are not read.

A seat's value is tanh((its standing - the best rival's) / VALUE_SCALE), unless what that
seat knows already decides the game against it (:func:`sure_losers`): gold on a home island
never leaves it but into its player's own forts [Building Forts], so a seat whose best (its
home gold, and every coin on an island, aboard a ship, wreck or derelict, or in a fort, which
can be destroyed [Destroying forts]) is below some rival's home gold must lose [Winning the
Game]. A sure loser is
worth ``DECIDED_LOSS``, *less* than the -1 of losing: the end of the game is then worth more
to it than any stalling, so a search that trails hopelessly ends the game instead of keeping
its last coin aboard until the decision cap (ruling: Truncation), which scores 0 for everyone
(issue 30). Worth exactly -1, stalling and ending would tie, and the search still kept the
coin aboard (tests/cursed_seas/test_value.py: the search ends a lost game). A seat sure to
win (its home gold beats all any rival could still end with) keeps its estimate, below the
+1 of the win itself: ending is worth more to it too, and the standing still rewards every
coin it takes or brings home (a flat +1 left a winning search nothing to play for while a
hopeless rival kept the last coins at sea). Left out: the winner
could still hand its home gold to a fort it then loses [Building Forts; Destroying forts].

What decides it is read with that seat's knowledge only: a coin's value if it is face up or
the seat has looked at it, else the least (for a rival's sure gold) or most (for what it
could gain) the coins the seat has not seen could be worth; that pool of values is what
determinising for the seat re-deals (hidden.py). So a seat's value never depends on what it
cannot see: it is the same in every determinisation for that seat, and reward shaping
(training/shaping.py reads the learner's own value on the true record) pays nothing hidden.
"""

import math

import numpy as np
from numba import njit

from .common import cargo_room
from .state import (
    LOC_FORT, LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_FORTS_P, MAX_ISLANDS,
    MAX_SHIPS, SHIP_R,
)

#: a gold margin worth ~0.76 of a win (tanh(1)): a doubloon and a copper
VALUE_SCALE = 6.0
#: share of carried gold counted: CARRY_NEAR at the home island, falling by CARRY_FALL per S
#: still to sail, never below CARRY_FAR; a derelict's cargo counts CARRY_DERELICT
CARRY_NEAR = 0.9
CARRY_FALL = 0.04
CARRY_FAR = 0.5
CARRY_DERELICT = 0.25
#: share of the gold still in play (ashore, aboard derelicts) split by masts standing
ASHORE_W = 0.5
#: each mast standing, in gold
MAST_W = 0.1
#: share of the treasure a ship could take from the wild island she is best placed to
#: explore, counted when she is docked there; at a distance d (in S) to sail it counts
#: APPROACH_W / (1 + d / APPROACH_D)
APPROACH_W = 0.3
APPROACH_D = 4.0
#: a seat sure to lose a game not over yet (module docstring): below the -1 of losing it, so
#: the search prefers any line that ends the game to one that stalls it
DECIDED_LOSS = -1.5


@njit(cache=True)
def unknown_means(s, mean):
    """``mean[k]``: the mean value of the coins seat k has not looked at (face down and not
    seen by k: the pool determinising for k re-deals, hidden.py), 0 when there are none."""
    n = s.num_players
    tot = np.zeros(n)
    cnt = np.zeros(n)
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and not s.co_up[c]:
            for k in range(n):
                if not (s.co_seen[c] >> k) & 1:
                    tot[k] += s.co_val[c]
                    cnt[k] += 1
    for k in range(n):
        mean[k] = tot[k] / cnt[k] if cnt[k] else 0.0


@njit(cache=True)
def coin_worth(s, c, k, mean):
    """Coin c's value as seat k can tell it: its value if face up or k has looked at it,
    else ``mean[k]`` (:func:`unknown_means`)."""
    if s.co_up[c] or (s.co_seen[c] >> k) & 1:
        return np.float64(s.co_val[c])
    return mean[k]


@njit(cache=True)
def carry_share(s, k):
    """Share of ship k's cargo counted for her player (module docstring)."""
    if s.sh_wreck[k]:
        return 0.0
    if s.sh_masts[k] == 0 or s.sh_lost[k] >= 0:
        return CARRY_DERELICT
    p = s.sh_owner[k]
    h = s.home[p]
    if h < 0:
        return CARRY_FAR
    bx = s.sh_x[k] + s.sh_len[k] * math.cos(s.sh_h[k])
    by = s.sh_y[k] + s.sh_len[k] * math.sin(s.sh_h[k])
    d = max(0.0, math.hypot(s.isl_x[h] - bx, s.isl_y[h] - by) - s.isl_r[h])
    return max(CARRY_FAR, CARRY_NEAR - CARRY_FALL * d)


@njit(cache=True)
def approach(s, k, gold, count, out):
    """Add to ``out[v]`` ship k's worth, as seat v can tell it, of the treasure ashore she
    is best placed to explore (module docstring): the best over wild islands of the coins she
    has room for (``count[i]`` coins on island i worth ``gold[v, i]`` in all to seat v,
    valued at their mean) discounted by the distance from her bow to the island's shore;
    nothing for a ship that cannot sail or has no room."""
    if not s.sh_live[k] or s.sh_wreck[k] or s.sh_masts[k] == 0 or s.sh_lost[k] >= 0:
        return
    room = cargo_room(s, k)
    if room <= 0:
        return
    bx = s.sh_x[k] + s.sh_len[k] * math.cos(s.sh_h[k])
    by = s.sh_y[k] + s.sh_len[k] * math.sin(s.sh_h[k])
    views = out.shape[0]
    best = np.zeros(views)
    for i in range(s.n_islands):
        if count[i] == 0:
            continue
        if s.sh_dock[k] == i:
            d = 0.0
        else:
            d = max(0.0, math.hypot(s.isl_x[i] - bx, s.isl_y[i] - by) - s.isl_r[i] - SHIP_R)
        near = min(room, count[i]) / count[i] / (1.0 + d / APPROACH_D)
        for v in range(views):
            best[v] = max(best[v], gold[v, i] * near)
    for v in range(views):
        out[v] += APPROACH_W * best[v]


@njit(cache=True)
def standings(s, st):
    """``st[k, p]``: seat p's standing in gold as seat k can tell it (module docstring), for
    every seat k and p of the game."""
    n = s.num_players
    mean = np.zeros(n)
    unknown_means(s, mean)
    masts = np.zeros(n)
    for k in range(MAX_SHIPS):
        if s.sh_live[k] and not s.sh_wreck[k] and 0 <= s.sh_owner[k] < n:
            for m in range(8):
                masts[s.sh_owner[k]] += (s.sh_masts[k] >> m) & 1
    loose = np.zeros(n)               # gold nobody holds (ashore, aboard a derelict), per view
    gold = np.zeros((n, MAX_ISLANDS))  # gold ashore on each wild island, per view
    count = np.zeros(MAX_ISLANDS, np.int64)
    anything_loose = False
    for v in range(n):
        for p in range(n):
            st[v, p] = MAST_W * masts[p]
    for c in range(MAX_COINS):
        if s.co_val[c] < 0:
            continue
        loc = s.co_loc[c]
        if loc == LOC_HOME and 0 <= s.co_at[c] < n:
            for v in range(n):
                st[v, s.co_at[c]] += coin_worth(s, c, v, mean)
        elif loc == LOC_FORT and 0 <= s.co_at[c] // MAX_FORTS_P < n:
            for v in range(n):
                st[v, s.co_at[c] // MAX_FORTS_P] += coin_worth(s, c, v, mean)
        elif loc == LOC_ISLAND:
            anything_loose = True
            i = s.co_at[c]
            wild = 0 <= i < MAX_ISLANDS and s.isl_home[i] < 0
            if wild:
                count[i] += 1
            for v in range(n):
                w = coin_worth(s, c, v, mean)
                loose[v] += w
                if wild:
                    gold[v, i] += w
        elif loc == LOC_SHIP and 0 <= s.co_at[c] < MAX_SHIPS:
            k = s.co_at[c]
            share = carry_share(s, k)
            p = s.sh_owner[k]
            open_ = s.sh_masts[k] == 0 or s.sh_wreck[k]   # a wreck or derelict may be explored
            anything_loose = anything_loose or open_
            for v in range(n):
                w = coin_worth(s, c, v, mean)
                if 0 <= p < n:
                    st[v, p] += share * w
                if open_:
                    loose[v] += (1.0 - share) * w
    total = masts.sum()
    if total > 0:
        for v in range(n):
            for p in range(n):
                st[v, p] += ASHORE_W * loose[v] * masts[p] / total
    if anything_loose:
        near = np.zeros(n)
        for k in range(MAX_SHIPS):
            p = s.sh_owner[k]
            if 0 <= p < n:
                near[:] = 0.0
                approach(s, k, gold, count, near)
                for v in range(n):
                    st[v, p] += near[v]


@njit(cache=True)
def _pool_sum(hist, top, j, largest):
    """The sum of the ``j`` smallest (``largest``: largest) values a pool holds (``hist[v]``
    coins worth v, none above ``top``; all of it when j exceeds it)."""
    tot = 0
    for i in range(top + 1):
        v = top - i if largest else i
        t = min(hist[v], j)
        tot += t * v
        j -= t
        if j == 0:
            break
    return tot


@njit(cache=True)
def sure_losers(s, lost):
    """``lost[k]``: seat k knows it must lose [Winning the Game] (module docstring): some
    rival's home gold beats the most k could still end with, its home gold and every coin
    still in play (ashore, aboard any ship, wrecks and derelicts included, or in any fort).
    Coins k has not seen are bounded by the pool of their values (hidden.py deals these
    values among these coins): at their least for a rival's home, their most for k's own."""
    n = s.num_players
    hist = np.zeros((n, 64), np.int64)        # [k, v]: coins k has not seen worth v
    home_known = np.zeros((n, n), np.int64)   # [k, q]: gold at q's home that k knows
    home_unk = np.zeros((n, n), np.int64)     # [k, q]: coins at q's home k has not seen
    free_known = np.zeros(n, np.int64)        # gold still in play that k knows
    free_unk = np.zeros(n, np.int64)          # coins still in play k has not seen
    top = 0
    for c in range(MAX_COINS):
        v = s.co_val[c]
        if v < 0:
            continue
        top = max(top, v)
        loc = s.co_loc[c]
        home = s.co_at[c] if loc == LOC_HOME and 0 <= s.co_at[c] < n else -1
        free = loc == LOC_ISLAND or loc == LOC_SHIP or loc == LOC_FORT
        for k in range(n):
            known = s.co_up[c] != 0 or ((s.co_seen[c] >> k) & 1) != 0
            if not known:
                hist[k, v] += 1
            if home >= 0:
                if known:
                    home_known[k, home] += v
                else:
                    home_unk[k, home] += 1
            elif free:
                if known:
                    free_known[k] += v
                else:
                    free_unk[k] += 1
    for k in range(n):
        best = home_known[k, k] + free_known[k] + _pool_sum(hist[k], top,
                                                            home_unk[k, k] + free_unk[k], True)
        lost[k] = False
        for q in range(n):
            if q != k and home_known[k, q] + _pool_sum(hist[k], top, home_unk[k, q], False) > best:
                lost[k] = True


@njit(cache=True)
def value(s, out):
    """Per-seat value of the position: in (-1, 1), or DECIDED_LOSS for a seat sure to lose
    (module docstring); a finished game is worth its reward."""
    out[:] = 0.0
    n = s.num_players
    if s.done or s.truncated:
        if s.done:
            for p in range(n):
                if s.winner_mask:
                    out[p] = 1.0 if (s.winner_mask >> p) & 1 else -1.0
        return
    st = np.zeros((n, n))
    standings(s, st)
    lost = np.zeros(n, np.bool_)
    sure_losers(s, lost)
    for p in range(n):
        if lost[p]:
            out[p] = DECIDED_LOSS
            continue
        best = -1e9
        for q in range(n):
            if q != p and st[p, q] > best:
                best = st[p, q]
        out[p] = math.tanh((st[p, p] - best) / VALUE_SCALE)
