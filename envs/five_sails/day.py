"""City of Five Sails: the Day outside High Drama's actions.

Sections [Phases of the Day] 1. Dawn (one City card per location from The Docks outward),
2. Planning (secret scheme and character one seat after another, reveal, Determine
Initiative with both tie rules, Muster and the Crew Cap / Locker rule, schemes resolved from
the First Player clockwise, draw Panache as modified), 3. High Drama (passing until all pass
consecutively), 4. Plunder (Dominance, Renown, Economic, Fifth Day), 5. Dusk (clean up,
discard to the unmodified Panache); [Achieving Victory], [Day Limit], [Ties].
"""

import numpy as np
from numba import njit

from envs.core.rng import randint

from .cards import C_AB, C_ARG, C_CAP, C_INIT, C_OP, C_PAN, C_TYPE
from .common import (add_crew, crew_count, discard, draw, end_action, end_draw, end_game,
                     hand_take,
                     live_count, loc_live, next_live, open_window, remove_char, stat0, to_locker)
from .state import (A_APPROACH, A_CREW, A_HAND, A_TARGET, AB_PLUNDER, AB_REVEAL, AB_SCHEME,
                    PK_ORDER, DAYS, ECONOMIC, HOME,
                    L_BAZAAR, L_DOCKS, L_FORUMS, MAX_CREW, MAX_PLAYERS, NLOC, OP_DRAW, OP_HEAL,
                    OP_IF_CTRL, OP_RENOWN, PH_DUSK, PH_HIGH_DRAMA, PH_PLANNING, PK_CHAR,
                    PK_DUSK, PK_LOCKER, PK_MAIN, PK_SCHEME, S_INF, T_BRUTE, T_CHAR, T_SCHEME,
                    APPROACH, NOPS, RET_DAY, RT_BEGIN_DAY, RT_BEGIN_DAWN, RT_END_DAWN,
                    RT_BEGIN_DUSK, RT_END_DUSK, RT_END_DAY)

DAWN_ORDER = np.array([1, 2, 3, 4, 0], dtype=np.int64)   # [ruling: Dawn order]


@njit(cache=True)
def day_window(s, t):
    """A Reaction window at one of the Day's named timing points [1. Dawn] [5. Dusk]: every
    player still in the game may be asked, from the First Player clockwise (from the first
    seat before anyone holds the token) [ruling: The Day's timing points]; True when one
    opened."""
    n = s.num_players
    frm = (s.first + n - 1) % n if s.first >= 0 else n - 1
    live = 0
    for p in range(n):
        if not s.out[p]:
            live |= 1 << p
    return open_window(s, t, frm, live, RET_DAY)


@njit(cache=True, inline="always")
def begin_day(s):
    """[1. Dawn] from its first step."""
    dawn(s, 0)


@njit(cache=True)
def dawn(s, k):
    """[1. Dawn] from step k: 0 Beginning of the Day, 1 Beginning of Dawn, 2 one City card
    per location from The Docks outward, 3 End of Dawn; then [2. Planning] step 1 for the
    first seat still in the game. A timing point's window pauses it (react.py resumes)."""
    s.phase = PH_PLANNING
    for step in range(k, 4):
        if step == 0:
            if day_window(s, RT_BEGIN_DAY):
                return
        elif step == 1:
            if day_window(s, RT_BEGIN_DAWN):
                return
        elif step == 2:
            for i in range(NLOC):
                l = DAWN_ORDER[i]
                if loc_live(s, l) and s.cdeck_n > 0 and s.cslot[l] == 0:
                    s.cdeck_n -= 1
                    s.cslot[l] = s.cdeck[s.cdeck_n]
                    s.cdeck[s.cdeck_n] = 0
        else:
            if day_window(s, RT_END_DAWN):
                return
    for p in range(s.num_players):
        if not s.out[p]:
            s.plan_seat = p
            s.pk = PK_SCHEME
            s.to_play = p
            return


@njit(cache=True)
def plan_legal(s, mask):
    p = s.to_play
    want = T_SCHEME if s.pk == PK_SCHEME else T_CHAR
    for k in range(APPROACH):
        if s.appr[p, k] > 0 and C_TYPE[s.appr[p, k]] == want:
            mask[A_APPROACH + k] = 1


@njit(cache=True, inline="always")
def plan_apply(s, action):
    """[Planning 1] a secret choice, face down until every seat has chosen."""
    p = s.to_play
    k = action - A_APPROACH
    if s.pk == PK_SCHEME:
        s.plan_scheme[p] = s.appr[p, k]
        s.appr[p, k] = 0
        s.pk = PK_CHAR
        return
    s.plan_char[p] = s.appr[p, k]
    s.appr[p, k] = 0
    for q in range(p + 1, s.num_players):
        if not s.out[q]:
            s.plan_seat = q
            s.pk = PK_SCHEME
            s.to_play = q
            return
    reveal(s)


@njit(cache=True)
def initiative(s):
    """[Planning 3: Determine Initiative] the highest scheme Initiative takes the First Player
    Token; on a tie it passes to the left of its holder, or goes to a random tied player
    when nobody holds it [ruling: Initiative ties]."""
    best = -1
    for p in range(s.num_players):
        if not s.out[p]:
            best = max(best, C_INIT[s.scheme[p]])
    tied = 0
    who = -1
    for p in range(s.num_players):
        if not s.out[p] and C_INIT[s.scheme[p]] == best:
            tied += 1
            who = p
    if tied == 1:
        s.first = who
    elif s.first >= 0:
        s.first = next_live(s, s.first)
    else:
        k = randint(s, tied)
        for p in range(s.num_players):
            if not s.out[p] and C_INIT[s.scheme[p]] == best:
                if k == 0:
                    s.first = p
                    break
                k -= 1


@njit(cache=True, inline="always")
def reveal(s):
    """[Planning 2] reveal: schemes in play, characters join the crew at Home (the Crew Cap
    is checked at Muster) [ruling: Reveal and Muster]; then "when revealed" effects."""
    s.pc = 0
    s.pd = 0
    for p in range(s.num_players):
        if not s.out[p]:
            s.scheme[p] = s.plan_scheme[p]
            s.plan_scheme[p] = 0
            cid = s.plan_char[p]
            s.rev_slot[p] = add_crew(s, p, cid, HOME)
            s.plan_char[p] = 0
            if C_AB[s.scheme[p]] == AB_REVEAL:
                s.pc |= 1 << (2 * p)
            if C_AB[cid] == AB_REVEAL:
                s.pc |= 1 << (2 * p + 1)
    n = 0
    for k in range(2 * MAX_PLAYERS):
        n += (s.pc >> k) & 1
    if n >= 2:
        # [Planning 2a i-ii] the First Player orders them; with none, initiative first
        if s.first < 0:
            initiative(s)
            s.pd = 1
        s.pk = PK_ORDER
        s.to_play = s.first
        return
    for k in range(2 * MAX_PLAYERS):
        if (s.pc >> k) & 1:
            _revealed(s, k)
    after_reveal(s)


@njit(cache=True)
def _revealed(s, k):
    """Resolve the "when revealed" effect k (seat * 2 + 0 scheme / 1 character)."""
    p = k // 2
    cid = s.scheme[p]
    if k % 2:
        cid = s.crew[p, s.rev_slot[p]]
    s.pc &= ~(1 << k)
    for j in range(NOPS):
        o = C_OP[cid, j]
        if o == OP_DRAW:
            draw(s, p, C_ARG[cid, j])
        elif o == OP_RENOWN:
            s.renown[p] += C_ARG[cid, j]


@njit(cache=True)
def order_legal(s, mask):
    for k in range(2 * MAX_PLAYERS):
        if (s.pc >> k) & 1:
            mask[A_TARGET + (k // 2) * MAX_CREW + k % 2] = 1


@njit(cache=True, inline="always")
def order_apply(s, action):
    x = action - A_TARGET
    _revealed(s, (x // MAX_CREW) * 2 + x % MAX_CREW)
    if s.pc == 0:
        after_reveal(s)


@njit(cache=True)
def after_reveal(s):
    """[Planning 3] Determine Initiative (unless done for the ordering), [4] Muster."""
    if s.pd == 0:
        initiative(s)
    s.pd = 0
    s.queue = 0
    for p in range(s.num_players):
        if not s.out[p]:
            s.queue |= 1 << p
    continue_muster(s)


@njit(cache=True)
def over_cap(s, p):
    return crew_count(s, p) > C_CAP[s.cfg.leader[p]]


@njit(cache=True)
def continue_muster(s):
    """[Muster] each player over the Crew Cap sends characters of their choice to The
    Locker; then [Resolve Scheme] from the First Player and [Draw]."""
    n = s.num_players
    for i in range(n):
        p = (s.first + i) % n
        if (s.queue >> p) & 1:
            if over_cap(s, p):
                s.pk = PK_LOCKER
                s.to_play = p
                return
            s.queue &= ~(1 << p)
    for i in range(n):
        p = (s.first + i) % n
        if s.out[p]:
            continue
        sc = s.scheme[p]
        if C_AB[sc] == AB_SCHEME:
            for j in range(NOPS):
                o = C_OP[sc, j]
                x = C_ARG[sc, j]
                if o == OP_DRAW:
                    draw(s, p, x)
                elif o == OP_HEAL:
                    s.wounds[p, 0] = max(s.wounds[p, 0] - x, 0)
                elif o == OP_RENOWN:
                    s.renown[p] += x
    for p in range(n):
        if not s.out[p]:
            draw(s, p, max(C_PAN[s.cfg.leader[p]] + C_PAN[s.scheme[p]], 0))
    s.phase = PH_HIGH_DRAMA
    s.prio = s.first
    s.passes = 0
    s.pk = PK_MAIN
    s.to_play = s.first


@njit(cache=True)
def locker_legal(s, mask):
    p = s.to_play
    for c in range(1, MAX_CREW):
        if s.crew[p, c] > 0 and C_TYPE[s.crew[p, c]] != T_BRUTE:
            mask[A_CREW + c] = 1


@njit(cache=True, inline="always")
def locker_apply(s, action):
    """[Crew Cap; ruling: Crew Cap] the chosen character goes to The Locker (not destroyed)."""
    p = s.to_play
    remove_char(s, p, action - A_CREW, True)
    if s.phase == PH_PLANNING:
        continue_muster(s)
    elif over_cap(s, p):
        s.pk = PK_LOCKER
    else:
        end_action(s)


@njit(cache=True, inline="always")
def do_pass(s):
    """[g. Pass] High Drama ends when every player passes consecutively."""
    s.passes += 1
    if s.passes >= live_count(s):
        plunder(s)
    else:
        s.prio = next_live(s, s.prio)
        s.to_play = s.prio


@njit(cache=True)
def influence_total(s, p):
    """[Ties] total Influence of the player's characters [ruling: Influence tie-breaker]."""
    v = 0
    for c in range(MAX_CREW):
        if s.crew[p, c] > 0:
            v += stat0(s, p, c, S_INF)
    return v


@njit(cache=True)
def locations_held(s, p):
    n = 0
    for l in range(NLOC):
        if s.ctrl[l] == p:
            n += 1
    return n


@njit(cache=True)
def _narrow(s, cand, key):
    """Keep the candidates with the best key: 0 Renown, 1 locations, 2 Influence,
    3 fewest Leader wounds [ruling: Fifth-Day and economic ties with several players]."""
    best = -1000000
    for p in range(s.num_players):
        if (cand >> p) & 1:
            if key == 0:
                v = s.renown[p]
            elif key == 1:
                v = locations_held(s, p)
            elif key == 2:
                v = influence_total(s, p)
            else:
                v = -s.wounds[p, 0]
            if v > best:
                best = v
    out = 0
    for p in range(s.num_players):
        if (cand >> p) & 1:
            if key == 0:
                v = s.renown[p]
            elif key == 1:
                v = locations_held(s, p)
            elif key == 2:
                v = influence_total(s, p)
            else:
                v = -s.wounds[p, 0]
            if v == best:
                out |= 1 << p
    return out


@njit(cache=True)
def _single(m):
    return m != 0 and (m & (m - 1)) == 0


@njit(cache=True)
def plunder(s):
    """[4. Plunder] a. Dominance, b. Renown, c. Economic Victory, d. Fifth Day [Ties]: the
    fifth Day's Plunder decides the game, no Dusk follows [Day Limit; ruling: The fifth Day
    ends at Plunder]."""
    n = s.num_players
    for p in range(n):
        if (not s.out[p] and s.ctrl[L_DOCKS] == p and s.ctrl[L_FORUMS] == p
                and s.ctrl[L_BAZAAR] == p):
            end_game(s, 1 << p)
            return
    for l in range(NLOC):
        if loc_live(s, l) and s.ctrl[l] >= 0:
            s.renown[s.ctrl[l]] += 1            # [ruling: Location Renown]
    for p in range(n):
        sc = s.scheme[p]
        if s.out[p] or C_AB[sc] != AB_PLUNDER:
            continue
        for j in range(NOPS):
            if C_OP[sc, j] == OP_IF_CTRL and s.ctrl[C_ARG[sc, j]] == p:
                s.renown[p] += 1
    eco = 0
    live = 0
    for p in range(n):
        if not s.out[p]:
            live |= 1 << p
            if s.renown[p] >= ECONOMIC:
                eco |= 1 << p
    if eco:
        top = _narrow(s, eco, 0)
        if _single(top):
            end_game(s, top)
            return
    if s.day >= DAYS:
        cand = _narrow(s, live, 0)
        for key in range(1, 4):
            if _single(cand):
                break
            cand = _narrow(s, cand, key)
        if _single(cand):
            end_game(s, cand)
        else:
            # a Draw among the players every tie-breaker left tied; the others lost
            end_draw(s, cand)
        return
    dusk(s)


@njit(cache=True, inline="always")
def dusk(s):
    """[5. Dusk] from its first step."""
    s.phase = PH_DUSK
    dusk_from(s, 0)


@njit(cache=True)
def dusk_from(s, k):
    """[5. Dusk] from step k: 0 Beginning of Dusk; 1 Clean up (a-d here, e. discarding down
    to the unmodified Panache asks the players); 2 End of Dusk; 3 End of the Day; 4 the next
    Day. A timing point's window or a discard pauses it."""
    for step in range(k, 5):
        if step == 0:
            if day_window(s, RT_BEGIN_DUSK):
                return
        elif step == 1:
            _clean_up(s)
            if continue_dusk(s):
                return
        elif step == 2:
            if day_window(s, RT_END_DUSK):
                return
        elif step == 3:
            if day_window(s, RT_END_DAY):
                return
        else:
            # the Day is over: Brutes are discarded from play "at the end of the Day" [Brute]
            # (after the End of the Day window, with the Day's lasting effects), lasting
            # effects of Actions and Reactions end and once-per-Day abilities may be used
            # again [Duration of Abilities; Once per Day] [ruling: Brutes leave at the end
            # of the Day]
            _brutes_leave(s)
            for p in range(s.num_players):
                for l in range(NLOC):
                    s.event_used[p, l] = 0
                for c in range(MAX_CREW):
                    s.buff[p, c] = 0
                    s.used[p, c] = 0
                    s.rused[p, c] = 0
            s.day += 1
            begin_day(s)


@njit(cache=True)
def _brutes_leave(s):
    """[Brute] "Brutes are discarded from play at the end of the Day": to their owner's
    discard pile, their attachments to the discard [Attachment Cards]."""
    for p in range(s.num_players):
        for c in range(1, MAX_CREW):
            if s.crew[p, c] > 0 and C_TYPE[s.crew[p, c]] == T_BRUTE:
                remove_char(s, p, c, False)


@njit(cache=True)
def _clean_up(s):
    """[5. Dusk 2] locations uncontrolled, characters (Brutes too: they stay in play until
    the end of the Day [Brute]) en garde at Home, City cards discarded, schemes to The
    Locker; e. (continue_dusk) discard to the unmodified Panache."""
    for l in range(NLOC):
        s.ctrl[l] = -1
        if s.cslot[l] > 0:
            discard(s, 0, s.cslot[l])
            s.cslot[l] = 0
    s.queue = 0
    for p in range(s.num_players):
        if s.out[p]:
            continue
        s.queue |= 1 << p
        for c in range(MAX_CREW):
            if s.crew[p, c] > 0:
                s.eng[p, c] = 0
                s.loc[p, c] = HOME
        if s.scheme[p] > 0:
            to_locker(s, p, s.scheme[p])
            s.scheme[p] = 0


@njit(cache=True)
def continue_dusk(s):
    """[5. Dusk 2e] the next player over the unmodified Panache discards, from the First
    Player clockwise as at Muster; True while one must [First Player Token; ruling: Dusk
    discards from the First Player]."""
    n = s.num_players
    first = s.first if s.first >= 0 else 0
    for i in range(n):
        p = (first + i) % n
        if (s.queue >> p) & 1:
            if s.hand_n[p] > C_PAN[s.cfg.leader[p]]:
                s.pk = PK_DUSK
                s.to_play = p
                return True
            s.queue &= ~(1 << p)
    return False


@njit(cache=True, inline="always")
def dusk_apply(s, action):
    p = s.to_play
    discard(s, p, hand_take(s, p, action - A_HAND))
    if not continue_dusk(s):
        dusk_from(s, 2)
