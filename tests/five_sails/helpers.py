"""Position builders for City of Five Sails rule tests.

Kernels are called through the single-game array entry points (batch.single_*), never with a
record from Python: a kernel specialised on a record passed from Python and cached next to
the array-element one crashed a later process here (numba cache; see docs/rulings.md).

Every helper moves cards between zones (never creates them), so a built position keeps card
conservation and passes ``check_states``; ``muster`` moves the Day on as far as the crew
needs (one Approach character a Day).
"""

import numpy as np

from envs.five_sails import cards as C
from envs.five_sails import batch
from envs.five_sails import state as S
from envs.five_sails.config import DEFAULT_DECKS, load_deck, make_config
from envs.five_sails.observe import OBS_SIZE


def cid(name):
    return C.POOL.index[name]


#: Reaction risks that open windows of their own (not "after ... challenged", answered in the
#: challenge's answer step)
WINDOW_REACTIONS = [C.POOL.names[i] for i in range(1, C.NCARDS)
                    if C.POOL.type[i] == S.T_RISK and C.POOL.ab[i] == S.AB_REACTION
                    and C.POOL.trig[i] != S.RT_CHALLENGED]


def quiet_decks(names):
    """The decks without the Reaction risks that open windows: rule tests about something
    else then see no window they did not ask for."""
    out = []
    for name in names:
        d = load_deck(name)
        d["faction"] = {k: v for k, v in d["faction"].items() if k not in WINDOW_REACTIONS}
        out.append(d)
    return out


def deck_with(name, *extra, drop=("Second Wind", "Fine Coat")):
    """Starter deck ``name`` with ``extra`` cards in (one copy each), room made by dropping
    the ``drop`` cards."""
    d = load_deck(name)
    fac = dict(d["faction"])
    for x in drop:
        fac.pop(x, None)
    for x in extra:
        fac[x] = 1
    d["faction"] = fac
    return d


def new(n=2, seed=0, reactions=False, **kw):
    """A new game; ``reactions`` keeps the window Reaction risks in the starter decks."""
    if not reactions:
        kw["decks"] = quiet_decks(kw.get("decks") or DEFAULT_DECKS[:n])
    st = np.zeros(1, S.STATE)
    batch.single_init(st, make_config(num_players=n, **kw), 0, seed)
    return st


def legal(st):
    m = np.zeros(S.NUM_ACTIONS, np.uint8)
    batch.single_legal(st, 0, m)
    return set(np.flatnonzero(m).tolist())


def act(st, a):
    assert a in legal(st), (a, sorted(legal(st)), int(st[0]["pk"]))
    batch.single_apply(st, 0, a, np.zeros(S.NUM_ACTIONS, np.uint8))


def obs(st, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    batch.single_observe(st, 0, seat, out)
    return out


def _take(arr, cnt_field, st, p, name):
    """Remove ``name`` from zone arr[p][:n] (shifting), return True if found."""
    s = st[0]
    n = int(s[cnt_field][p])
    row = s[arr][p]
    for i in range(n):
        if row[i] == cid(name):
            row[i:n - 1] = row[i + 1:n].copy()
            row[n - 1] = 0
            s[cnt_field][p] = n - 1
            return True
    return False


def to_hand(st, p, *names):
    s = st[0]
    for name in names:
        assert _take("deck", "deck_n", st, p, name) or _take("disc", "disc_n", st, p, name), name
        s["hand"][p][s["hand_n"][p]] = cid(name)
        s["hand_n"][p] += 1


def empty_hand(st, p):
    s = st[0]
    for i in range(int(s["hand_n"][p])):
        s["disc"][p][s["disc_n"][p]] = s["hand"][p][i]
        s["disc_n"][p] += 1
        s["hand"][p][i] = 0
    s["hand_n"][p] = 0


def stack_deck(st, p, *names):
    """Put ``names`` on top of p's deck, the first name on top."""
    s = st[0]
    for name in reversed(names):
        assert _take("deck", "deck_n", st, p, name) or _take("disc", "disc_n", st, p, name), name
        s["deck"][p][s["deck_n"][p]] = cid(name)
        s["deck_n"][p] += 1


def muster(st, p, name, loc=S.HOME, eng=0, wounds=0):
    """Move an Approach character of p into its crew; returns the crew slot. A seat plans one
    character a Day [2. Planning], so the Day moves on to the first one by which p can have
    played every Approach character it has out (in Planning before p's choice, the Day after)."""
    s = st[0]
    row = s["appr"][p]
    k = list(row).index(cid(name))
    row[k] = 0
    played = S.APPROACH // 2 - int((C.C_TYPE[row] == S.T_CHAR).sum())
    planning = s["phase"] == S.PH_PLANNING and not s["scheme"][p] and not s["plan_char"][p]
    s["day"] = max(int(s["day"]), played + planning)
    c = next(i for i in range(1, S.MAX_CREW) if s["crew"][p][i] == 0)
    s["crew"][p][c] = cid(name)
    s["loc"][p][c] = loc
    s["eng"][p][c] = eng
    s["wounds"][p][c] = wounds
    return c


def place(st, p, c, loc, eng=0, wounds=0):
    s = st[0]
    s["loc"][p][c] = loc
    s["eng"][p][c] = eng
    s["wounds"][p][c] = wounds


def city(st, loc, name):
    """Put City card ``name`` (from the City Deck) on a location (its card goes back)."""
    s = st[0]
    n = int(s["cdeck_n"])
    row = s["cdeck"]
    old = int(s["cslot"][loc])
    k = list(row[:n]).index(cid(name))
    row[k] = old if old else row[n - 1]
    if not old:
        row[n - 1] = 0
        s["cdeck_n"] = n - 1
    s["cslot"][loc] = cid(name)


def high_drama(st, first=0):
    """Skip Day 1 Planning: each player's first scheme in play, no character mustered (the
    Dawn's timing-point windows, if any, are passed first)."""
    s = st[0]
    while s["pk"] == S.PK_REACT:
        act(st, S.A_PASS)
    for p in range(int(s["num_players"])):
        row = s["appr"][p]
        k = next(i for i in range(S.APPROACH) if C.C_TYPE[row[i]] == S.T_SCHEME)
        s["scheme"][p] = row[k]
        row[k] = 0
    s["phase"] = S.PH_HIGH_DRAMA
    s["first"] = first
    s["prio"] = first
    s["passes"] = 0
    s["pk"] = S.PK_MAIN
    s["to_play"] = first


def _take_city(s, name):
    """Take the card called ``name`` out of the City Deck (card conservation holds)."""
    n = int(s["cdeck_n"])
    row = s["cdeck"]
    k = list(row[:n]).index(cid(name))
    row[k] = row[n - 1]
    row[n - 1] = 0
    s["cdeck_n"] = n - 1


def hire(st, p, name, loc):
    """A Mercenary from the City Deck joins p's crew at ``loc`` (as if recruited); returns
    its crew slot."""
    s = st[0]
    _take_city(s, name)
    c = next(i for i in range(1, S.MAX_CREW) if s["crew"][p][i] == 0)
    s["crew"][p][c] = cid(name)
    s["loc"][p][c] = loc
    return c


def attach(st, p, c, name, city_card=False):
    s = st[0]
    if city_card:
        _take_city(s, name)
    else:
        assert _take("deck", "deck_n", st, p, name) or _take("disc", "disc_n", st, p, name)
    j = list(s["att"][p][c]).index(0)
    s["att"][p][c][j] = cid(name)


def check(st):
    from envs.five_sails.validate import check_states
    probs = check_states(st)[0]
    assert probs == [], probs


def stat_of(st, p, c, k):
    """Stat k of p's crew slot c as the kernels compute it, read from p's own observation
    (stats are public; the observation shows value / 8, a dash as -1)."""
    from envs.five_sails.observe import CREW_F, NF, O_PLAYERS

    v = obs(st, p)[O_PLAYERS + 10 + NF + c * CREW_F + 1 + NF + 9 + k] * 8
    return int(round(v))


def mid_duel(st, a, b, pool, loc=2, active=1, stat=S.S_COM):
    """Mid-duel of ``stat`` at ``loc`` (2 = The Forums) between seat 0's character a and seat
    1's b: side ``active`` (0 = a, 1 = b) has ``pool`` threat and is to play."""
    s = st[0]
    s["d_on"] = 1
    s["d_stat"] = stat
    s["d_loc"] = loc
    s["d_seat"][:] = [0, 1]
    s["d_slot"][:] = [a, b]
    s["d_alive"][:] = 1
    s["d_pool"][active] = pool
    s["d_ploc"][active] = loc
    s["d_active"] = active
    s["pk"] = S.PK_DPLAY
    s["to_play"] = s["d_seat"][active]
