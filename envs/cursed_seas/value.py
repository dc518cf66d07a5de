"""Pirates of the Cursed Seas: a position's value per seat, for depth-limited search playouts.

``value(s, out)`` writes each seat's estimated return in terminal reward units (+1 a win, -1 a
loss, 0 a draw): in [-1, 1], but ``DECIDED_LOSS`` (< -1) for a seat sure to lose. A kernel:
envs/core/search.py calls it where a playout stops early. A finished game is worth its
reward.

How the game is won [Winning the Game]: the highest gold value on the home island and in the
forts when all gold is unloaded or too few players can still move; treasure on a wrecked ship
or one lost in a fog bank counts for no one, and sunk treasure is gone [Sinking a ship]. So a
seat's standing (:func:`standing`, in gold) counts:

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

The standing reads only public information: positions, masts, where each coin lies and the
value of a coin every seat knows (face up, or looked at by every seat). A face-down coin not
every seat has seen is worth the mean of all such coins: determinising for any seat
(hidden.py) only re-deals values among these coins, so every determinisation of a position
has the same standing. Face-down crew and equipment are not read at all.

A seat's value is tanh((its standing - the best rival's) / VALUE_SCALE), unless what that
seat knows already decides the game (:func:`sure_outcome`): gold on a home island never
leaves it but into its player's own forts [Building Forts], so a seat whose home gold beats
all any rival could still end with (its home gold, and every coin on an island, aboard a ship,
wreck or derelict, or in a fort, which can be destroyed [Destroying forts]) must win, and a
seat whose best is below some rival's home gold must lose [Winning the Game]. A sure loser is
worth ``DECIDED_LOSS``, *less* than the -1 of losing: the end of the game is then worth more
to it than any stalling, so a search that trails hopelessly ends the game instead of keeping
its last coin aboard until the decision cap (ruling: Truncation), which scores 0 for everyone
(issue 30). Worth exactly -1, stalling and ending would tie, and the search still kept the
coin aboard (tests/cursed_seas/test_value.py: the search ends a lost game). A sure winner
keeps its estimate, below the +1 of the win itself: ending is worth more to it too, and the
standing still rewards every coin it takes or brings home (a flat +1 left a winning search
nothing to play for while a hopeless rival kept the last coins at sea). Left out: the winner
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
def coin_worth(s, c, unknown):
    """Coin c's value as every seat can tell it: its value if face up or looked at by every
    seat, else ``unknown`` (the mean of such coins)."""
    every = (1 << s.num_players) - 1
    if s.co_up[c] or (s.co_seen[c] & every) == every:
        return np.float64(s.co_val[c])
    return unknown


@njit(cache=True)
def unknown_mean(s):
    """Mean value of the coins not every seat has looked at (0 when there are none)."""
    every = (1 << s.num_players) - 1
    tot = 0.0
    n = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and not s.co_up[c] and (s.co_seen[c] & every) != every:
            tot += s.co_val[c]
            n += 1
    return tot / n if n else 0.0


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
def approach(s, k, gold, count):
    """Ship k's worth of the treasure ashore she is best placed to explore (module
    docstring): the best over wild islands of the coins she has room for (``count[i]``
    coins worth ``gold[i]`` in all on island i, valued at their mean) discounted by the
    distance from her bow to the island's shore; 0 for a ship that cannot sail or has no
    room."""
    if not s.sh_live[k] or s.sh_wreck[k] or s.sh_masts[k] == 0 or s.sh_lost[k] >= 0:
        return 0.0
    room = cargo_room(s, k)
    if room <= 0:
        return 0.0
    bx = s.sh_x[k] + s.sh_len[k] * math.cos(s.sh_h[k])
    by = s.sh_y[k] + s.sh_len[k] * math.sin(s.sh_h[k])
    best = 0.0
    for i in range(s.n_islands):
        if count[i] == 0:
            continue
        take = min(room, count[i]) * gold[i] / count[i]
        if s.sh_dock[k] == i:
            d = 0.0
        else:
            d = max(0.0, math.hypot(s.isl_x[i] - bx, s.isl_y[i] - by) - s.isl_r[i] - SHIP_R)
        best = max(best, take / (1.0 + d / APPROACH_D))
    return APPROACH_W * best


@njit(cache=True)
def standing(s, st):
    """Every seat's standing in gold into ``st`` (module docstring)."""
    n = s.num_players
    unknown = unknown_mean(s)
    masts = np.zeros(n)
    for k in range(MAX_SHIPS):
        if s.sh_live[k] and not s.sh_wreck[k] and 0 <= s.sh_owner[k] < n:
            for m in range(8):
                masts[s.sh_owner[k]] += (s.sh_masts[k] >> m) & 1
    loose = 0.0                       # gold nobody holds: ashore, or aboard a derelict
    gold = np.zeros(MAX_ISLANDS)      # gold ashore on each wild island, and its coins
    count = np.zeros(MAX_ISLANDS, np.int64)
    for p in range(n):
        st[p] = MAST_W * masts[p]
    for c in range(MAX_COINS):
        if s.co_val[c] < 0:
            continue
        loc = s.co_loc[c]
        if loc == LOC_HOME and 0 <= s.co_at[c] < n:
            st[s.co_at[c]] += coin_worth(s, c, unknown)
        elif loc == LOC_FORT and 0 <= s.co_at[c] // MAX_FORTS_P < n:
            st[s.co_at[c] // MAX_FORTS_P] += coin_worth(s, c, unknown)
        elif loc == LOC_ISLAND:
            loose += coin_worth(s, c, unknown)
            i = s.co_at[c]
            if 0 <= i < MAX_ISLANDS and s.isl_home[i] < 0:
                gold[i] += coin_worth(s, c, unknown)
                count[i] += 1
        elif loc == LOC_SHIP and 0 <= s.co_at[c] < MAX_SHIPS:
            k = s.co_at[c]
            w = coin_worth(s, c, unknown)
            share = carry_share(s, k)
            p = s.sh_owner[k]
            if 0 <= p < n:
                st[p] += share * w
            if s.sh_masts[k] == 0 or s.sh_wreck[k]:
                loose += (1.0 - share) * w     # a wreck or a derelict may be explored
    total = masts.sum()
    if total > 0:
        for p in range(n):
            st[p] += ASHORE_W * loose * masts[p] / total
    if loose > 0:
        for k in range(MAX_SHIPS):
            p = s.sh_owner[k]
            if 0 <= p < n:
                st[p] += approach(s, k, gold, count)


@njit(cache=True)
def sure_outcome(s, k):
    """+1 if seat k knows it must win [Winning the Game], -1 if it knows it must lose, else 0
    (module docstring). A seat's sure gold is its home gold; what a seat can end with is at
    most its home gold and every coin still in play (ashore, aboard any ship, wrecks and
    derelicts included, or in any fort). Coins k has not seen are bounded by the pool of
    their values (taken at their least for sure gold, their most for what may be gained)."""
    n = s.num_players
    pool = np.empty(MAX_COINS, np.int64)
    m = 0
    home_known = np.zeros(n, np.int64)    # gold at each home k knows
    home_unk = np.zeros(n, np.int64)      # coins at each home k has not seen
    free_known = 0                        # gold still in play that k knows
    free_unk = 0                          # coins still in play k has not seen
    for c in range(MAX_COINS):
        v = s.co_val[c]
        if v < 0:
            continue
        known = s.co_up[c] != 0 or ((s.co_seen[c] >> k) & 1) != 0
        if not known:
            pool[m] = v                   # hidden.py deals these values among these coins
            m += 1
        loc = s.co_loc[c]
        if loc == LOC_HOME and 0 <= s.co_at[c] < n:
            if known:
                home_known[s.co_at[c]] += v
            else:
                home_unk[s.co_at[c]] += 1
        elif loc == LOC_ISLAND or loc == LOC_SHIP or loc == LOC_FORT:
            if known:
                free_known += v
            else:
                free_unk += 1
    vals = np.sort(pool[:m])
    least = np.zeros(m + 1, np.int64)     # least[j]: the j smallest values; most: largest
    most = np.zeros(m + 1, np.int64)
    for j in range(m):
        least[j + 1] = least[j] + vals[j]
        most[j + 1] = most[j] + vals[m - 1 - j]
    sure_k = home_known[k] + least[home_unk[k]]
    best_k = home_known[k] + free_known + most[min(m, home_unk[k] + free_unk)]
    wins = True
    for q in range(n):
        if q == k:
            continue
        if home_known[q] + least[home_unk[q]] > best_k:
            return -1
        if home_known[q] + free_known + most[min(m, home_unk[q] + free_unk)] >= sure_k:
            wins = False
    return 1 if wins else 0


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
    st = np.zeros(n)
    standing(s, st)
    for p in range(n):
        if sure_outcome(s, p) < 0:
            out[p] = DECIDED_LOSS
            continue
        best = -1e9
        for q in range(n):
            if q != p and st[q] > best:
                best = st[q]
        out[p] = math.tanh((st[p] - best) / VALUE_SCALE)
