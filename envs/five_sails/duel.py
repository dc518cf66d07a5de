"""City of Five Sails duels: challenge, answer, threat, rounds, combat values, wounds.

Sections [Issuing a Challenge and Dueling] (Announce Challenger with one Technique, Target an
Opposing Character, Accept / Refuse / Intervene, Resolve Technique, Threat from the dueling
stat; rounds: play a combat card from hand or by gambling, the first round of the accepting
player must play one, one Technique and/or one Maneuver in any order, Riposte / Parry /
Thrust in order, Resolve Threat), [Additional Dueling Rules and Concepts] (Ending a Duel,
Final Strike, Gambling at most Finesse times, Modifying Combat Values floor at 0, Restricted
Hostilities, Moving During a Duel, Lethal), [Last Known Information], [Dashes as Values],
[Reaction]. Readings: [ruling: Moving during a duel], [ruling: Reaction windows].
Side 0 is the challenger, side 1 the challenged (or intervening) character.
"""

from numba import njit

from envs.core.bounds import fault

from .cards import C_AB, C_ARG, C_CV, C_FINAL, C_NOCHAL, C_OP
from .common import (challengeable, discard, end_action, hand_take, loc_live, note_move,
                     open_window, qualifies, react_src_legal, reveal_top, stat0, wound)
from .state import (A_ACCEPT, A_CREW, A_GAMBLE, A_HAND, A_KEEP, A_LOC, A_MANEUVER,
                    A_PASS, A_TARGET, A_TECH, AB_MANEUVER, AB_TECHNIQUE, MAX_ATT, MAX_CREW,
                    MAX_LINE, NOPS, OP_CV_P, OP_CV_R, OP_CV_T, OP_LETHAL, OP_MOVE, OP_PARRY,
                    OP_THRUST, PK_CTECH, PK_DABIL, PK_DMOVE, PK_DPLAY, PK_KEEP, PK_RESPOND,
                    PK_TARGET, S_FIN, NLOC, RET_NOPLAY, RET_REFUSE, RET_RESOLVE, RT_CHALLENGED,
                    RT_WHEN_CHALLENGED, RT_WHEN_WOUNDED, OP_COPY)


@njit(cache=True)
def tech_card(s, p, c, k):
    """The card of Technique source k of crew slot c: 0 the character, 1.. its attachments."""
    if s.crew[p, c] == 0:
        return 0
    cid = s.crew[p, c] if k == 0 else s.att[p, c, k - 1]
    if cid <= 0 or C_AB[cid] != AB_TECHNIQUE:
        return 0
    return cid


@njit(cache=True)
def tech_ok(s, p, c, k, at_challenge):
    """[Techniques] in play, once per duel, qualifier met; on a challenge only a Technique
    that changes the challenge (Thrust or Lethal) is offered [ruling: Techniques on a challenge]."""
    cid = tech_card(s, p, c, k)
    if cid == 0 or (s.tech[p, c] >> k) & 1 or not qualifies(s, p, c, cid):
        return False
    if C_OP[cid, 0] == OP_COPY:
        # nothing to copy before the adversary is known [ruling: Copying a Technique]
        if at_challenge:
            return False
        src = copy_source(s)
        return src > 0 and qualifies(s, p, c, src)
    if at_challenge:
        for j in range(NOPS):
            if C_OP[cid, j] == OP_THRUST or C_OP[cid, j] == OP_LETHAL:
                return True
        return False
    return True


@njit(cache=True)
def copy_source(s):
    """The Technique a ``copy`` Technique of the active side uses: the adversary character's
    own (not one that itself copies) [Self Referentials: copying]; 0 when it has none."""
    b = 1 - s.d_active
    if not s.d_alive[b]:
        return 0
    src = s.crew[s.d_seat[b], s.d_slot[b]]
    if src <= 0 or C_AB[src] != AB_TECHNIQUE or C_OP[src, 0] == OP_COPY:
        return 0
    return src


@njit(cache=True)
def any_tech(s, p, c, at_challenge):
    for k in range(MAX_ATT + 1):
        if tech_ok(s, p, c, k, at_challenge):
            return True
    return False


@njit(cache=True)
def start_challenge(s, p, c, st):
    """[Issue a Challenge] announce challenger c of p in a duel of stat ``st``."""
    s.d_on = 1
    s.d_stat = st
    s.d_loc = s.loc[p, c]
    s.d_seat[0] = p
    s.d_slot[0] = c
    s.d_seat[1] = -1
    s.d_slot[1] = -1
    s.d_alive[0] = 1
    s.d_alive[1] = 1
    s.d_threat = 0
    s.pd = -1
    for a in range(2):
        s.d_pool[a] = 0
        s.d_ploc[a] = 0
        s.d_gambles[a] = 0
        s.d_lethal[a] = 0
        s.d_line_n[a] = 0
        s.d_must[a] = 0
        s.d_lkstat[a] = 0
    s.tech[p, c] = 0
    s.to_play = p
    s.pk = PK_CTECH if any_tech(s, p, c, True) else PK_TARGET


@njit(cache=True)
def _duel_ops(s, a, cid):
    """Effects of a Maneuver or Technique for side a; True when a move destination is asked."""
    for j in range(NOPS):
        o = C_OP[cid, j]
        x = C_ARG[cid, j]
        if o == OP_THRUST:
            s.d_out += x
        elif o == OP_PARRY:
            s.d_pool[a] -= min(x, s.d_pool[a])
        elif o == OP_LETHAL:
            s.d_lethal[a] = 1
        elif o == OP_CV_T:
            s.d_cv[2] += x
        elif o == OP_CV_P:
            s.d_cv[1] += x
        elif o == OP_CV_R:
            s.d_cv[0] += x
        elif o == OP_MOVE:
            s.pk = PK_DMOVE
            return True
    return False


@njit(cache=True)
def _line_add(s, a, cid):
    n = s.d_line_n[a]
    if n < MAX_LINE:
        s.d_line[a, n] = cid
        s.d_line_n[a] = n + 1
    else:
        discard(s, s.d_seat[a], cid)


@njit(cache=True)
def _cap(s, a):
    """[Restricted Hostilities] wounds side a may take: the adversary's dueling stat (last
    known if it left play), unless the adversary is Lethal [Lethal; ruling: Last known
    information]."""
    b = 1 - a
    if s.d_lethal[b]:
        return 1000
    if s.d_alive[b]:
        s.d_lkstat[b] = stat0(s, s.d_seat[b], s.d_slot[b], s.d_stat)
    return s.d_lkstat[b]


@njit(cache=True)
def _take(s, a, n):
    """Side a's participant takes n wounds; destruction ends its part [Final Strike]."""
    if n > 0 and s.d_alive[a]:
        p = s.d_seat[a]
        c = s.d_slot[a]
        s.d_lkstat[a] = stat0(s, p, c, s.d_stat)
        if wound(s, p, c, n):
            s.d_alive[a] = 0


@njit(cache=True)
def _answered(s, accept):
    """[Resolve Technique] then [Threat]: the challenger's dueling stat plus Technique Thrust
    goes to the target; a refused challenge turns it into wounds at once [Refusing]."""
    p = s.d_seat[0]
    c = s.d_slot[0]
    s.d_lkstat[0] = stat0(s, p, c, s.d_stat)
    s.d_lkstat[1] = stat0(s, s.d_seat[1], s.d_slot[1], s.d_stat)
    threat = s.d_lkstat[0] + s.d_threat
    s.d_threat = 0
    if not accept:
        n = min(threat, _cap(s, 1))
        if wound_window(s, 1, n, RET_REFUSE):
            return
        _take(s, 1, n)
        end_duel(s)
        return
    s.d_pool[1] = threat
    s.d_ploc[1] = s.d_loc
    s.d_must[1] = 1
    round_end(s)


@njit(cache=True)
def _open_round(s):
    """[Round Begins] side d_active's round. A participant away from its threat pool's
    location cannot play: its threat is discarded [Moving During a Duel]; False then."""
    a = s.d_active
    p = s.d_seat[a]
    c = s.d_slot[a]
    s.d_lethal[a] = 0        # Lethal lasts until your next round [Lethal]
    s.d_card = 0
    s.d_man = 0
    s.d_tround = 0
    s.d_cv[0] = 0
    s.d_cv[1] = 0
    s.d_cv[2] = 0
    s.d_out = 0
    if not s.d_alive[a] or s.loc[p, c] != s.d_ploc[a]:
        s.d_pool[a] = 0
        return False
    s.pk = PK_DPLAY
    s.to_play = p
    return True


@njit(cache=True)
def _abil_open(s):
    a = s.d_active
    p = s.d_seat[a]
    c = s.d_slot[a]
    if s.d_man == 0 and C_AB[s.d_card] == AB_MANEUVER and qualifies(s, p, c, s.d_card):
        return True
    return s.d_tround == 0 and any_tech(s, p, c, False)


@njit(cache=True, inline="always")
def _after_play(s):
    if _abil_open(s):
        s.pk = PK_DABIL
        s.to_play = s.d_seat[s.d_active]
    else:
        _combat_values(s)


@njit(cache=True, inline="always")
def _play(s, cid):
    """The played card joins the dueling line [Play a Combat Card]."""
    a = s.d_active
    s.d_must[a] = 0
    s.d_card = cid
    _line_add(s, a, cid)
    _after_play(s)


@njit(cache=True)
def _combat_values(s):
    """[Combat Values] Riposte, Parry, Thrust in order; modified values floor at 0
    [Modifying Combat Values]; Riposte returns no more than it reduced."""
    a = s.d_active
    cid = s.d_card
    r = max(C_CV[cid, 0] + s.d_cv[0], 0)
    pa = max(C_CV[cid, 1] + s.d_cv[1], 0)
    t = max(C_CV[cid, 2] + s.d_cv[2], 0)
    x = min(r, s.d_pool[a])
    s.d_pool[a] -= x
    s.d_out += x
    s.d_pool[a] -= min(pa, s.d_pool[a])
    s.d_out += t
    _resolve(s)


@njit(cache=True)
def wound_window(s, a, n, ret):
    """[Reaction: When] before side a's participant takes n wounds its controller may react
    (a "when" Reaction can change how many); True when a window opened."""
    if n <= 0 or not s.d_alive[a]:
        return False
    p = s.d_seat[a]
    s.r_p = p
    s.r_c = s.d_slot[a]
    s.r_amt = n
    if open_window(s, RT_WHEN_WOUNDED, p, 1 << p, ret):
        return True
    s.r_p = 0
    s.r_c = 0
    s.r_amt = 0
    return False


@njit(cache=True, inline="always")
def wounds_taken(s, a):
    """The wounds the window settled on (``r_amt``) for side a."""
    n = s.r_amt
    s.r_amt = 0
    s.r_p = 0
    s.r_c = 0
    _take(s, a, n)


@njit(cache=True, inline="always")
def _resolve(s):
    """[Resolve Threat] wounds up to the cap (after any "when" Reaction to them), the pool
    discarded."""
    a = s.d_active
    n = min(s.d_pool[a], _cap(s, a))
    s.d_pool[a] = 0
    if wound_window(s, a, n, RET_RESOLVE):
        return
    resolve_after(s, n)


@njit(cache=True)
def resolve_after(s, n):
    """[Resolve Threat] the participant takes n wounds, destruction; the threat sent reaches
    the adversary only at the location where it resolves [Moving During a Duel]."""
    a = s.d_active
    b = 1 - a
    here = s.loc[s.d_seat[a], s.d_slot[a]]
    alive = s.d_alive[a]
    _take(s, a, n)
    if s.d_man == 2 and alive and not s.d_alive[a]:
        # [Final Strike] destroyed the round the ability was used: its Thrust goes out
        for j in range(NOPS):
            if C_OP[s.d_card, j] == OP_THRUST:
                s.d_out += C_ARG[s.d_card, j]
    if s.done or s.fault:
        return
    if s.d_out > 0 and s.d_alive[b] and s.loc[s.d_seat[b], s.d_slot[b]] == here:
        s.d_pool[b] += s.d_out
        s.d_ploc[b] = here
    s.d_out = 0
    round_end(s)


@njit(cache=True)
def round_end(s):
    """[Round Ends] the side with threat has the next round; the duel ends only when no
    threat is left in any pool [Ending a Duel]. A loop, not recursion: each skipped round
    empties a pool, so two passes suffice (numba caches recursive kernels badly)."""
    for _ in range(4):
        if s.done or s.fault:
            return
        if s.d_pool[0] > 0:
            s.d_active = 0
        elif s.d_pool[1] > 0:
            s.d_active = 1
        else:
            end_duel(s)
            return
        if _open_round(s):
            return
    fault(s)


@njit(cache=True)
def end_duel(s):
    """The dueling line is discarded at the end of the duel; the action is over. A risk
    that issued the challenge is now fully resolved: to its player's discard pile [Risk
    Cards; ruling: Risk that challenges]."""
    if s.d_risk > 0:
        discard(s, s.d_seat[0], s.d_risk)
        s.d_risk = 0
    for a in range(2):
        for i in range(s.d_line_n[a]):
            discard(s, s.d_seat[a], s.d_line[a, i])
            s.d_line[a, i] = 0
        s.d_line_n[a] = 0
        s.d_pool[a] = 0
        if s.d_seat[a] >= 0 and s.d_slot[a] >= 0:
            s.tech[s.d_seat[a], s.d_slot[a]] = 0
    s.d_on = 0
    s.d_card = 0
    s.d_out = 0
    s.d_reveal[0] = 0
    s.d_reveal[1] = 0
    for a in range(2):
        s.d_seat[a] = -1
        s.d_slot[a] = -1
        s.d_alive[a] = 0
        s.d_lethal[a] = 0
        s.d_gambles[a] = 0
        s.d_must[a] = 0
        s.d_lkstat[a] = 0
        s.d_ploc[a] = 0
    s.d_stat = 0
    s.d_loc = 0
    s.d_active = 0
    s.d_man = 0
    s.d_tround = 0
    for k in range(3):
        s.d_cv[k] = 0
    end_action(s)


@njit(cache=True)
def duel_legal(s, mask):
    """Legal answers to the pending duel decision (mask already cleared)."""
    pk = s.pk
    a = s.d_active
    if pk == PK_CTECH:
        p = s.d_seat[0]
        c = s.d_slot[0]
        mask[A_PASS] = 1
        for k in range(MAX_ATT + 1):
            if tech_ok(s, p, c, k, True):
                mask[A_TECH + k] = 1
    elif pk == PK_TARGET:
        p = s.d_seat[0]
        c = s.d_slot[0]
        for q in range(s.num_players):
            for d in range(MAX_CREW):
                if challengeable(s, p, c, q, d):
                    mask[A_TARGET + q * MAX_CREW + d] = 1
    elif pk == PK_RESPOND:
        q = s.d_seat[1]
        d = s.d_slot[1]
        mask[A_ACCEPT] = 1
        mask[A_PASS] = 1
        # [Reaction] "after" / "when one of your characters is challenged": used before
        # answering (no priority; the answer is still theirs to give), resolved by react.py
        react_src_legal(s, q, RT_CHALLENGED, mask)
        react_src_legal(s, q, RT_WHEN_CHALLENGED, mask)
        # [Intervene] "the announced challenger is now targeting the Intervening character"
        # and [Target an Opposing Character] "any other targeting restrictions must be met":
        # a character that cannot be challenged cannot intervene [ruling: Passive Abilities]
        for e in range(MAX_CREW):
            if (e != d and s.crew[q, e] > 0 and s.eng[q, e] == 0
                    and s.loc[q, e] == s.d_loc and C_NOCHAL[s.crew[q, e]] == 0):
                mask[A_CREW + e] = 1
    elif pk == PK_DPLAY:
        p = s.d_seat[a]
        c = s.d_slot[a]
        for i in range(s.hand_n[p]):
            mask[A_HAND + i] = 1
        if s.d_gambles[a] < stat0(s, p, c, S_FIN) and s.deck_n[p] + s.disc_n[p] > 0:
            mask[A_GAMBLE] = 1
        # the first round after accepting must play a card; one who has none to play and
        # cannot gamble plays none [ruling: Nothing to play]
        if not s.d_must[a] or s.hand_n[p] == 0 and mask[A_GAMBLE] == 0:
            mask[A_PASS] = 1
    elif pk == PK_KEEP:
        mask[A_KEEP] = 1
        mask[A_KEEP + 1] = 1
    elif pk == PK_DABIL:
        p = s.d_seat[a]
        c = s.d_slot[a]
        mask[A_PASS] = 1
        if s.d_man == 0 and C_AB[s.d_card] == AB_MANEUVER and qualifies(s, p, c, s.d_card):
            mask[A_MANEUVER] = 1
        if s.d_tround == 0:
            for k in range(MAX_ATT + 1):
                if tech_ok(s, p, c, k, False):
                    mask[A_TECH + k] = 1
    elif pk == PK_DMOVE:
        p = s.d_seat[a]
        c = s.d_slot[a]
        here = s.loc[p, c]
        for l in range(NLOC):
            if loc_live(s, l) and (l == here - 1 or l == here + 1):
                mask[A_LOC + l] = 1


@njit(cache=True, inline="always")
def duel_apply(s, action):
    """Apply the answer to the pending duel decision."""
    pk = s.pk
    a = s.d_active
    if pk == PK_CTECH:
        if action != A_PASS:
            k = action - A_TECH
            p = s.d_seat[0]
            c = s.d_slot[0]
            s.tech[p, c] |= 1 << k
            s.pd = k
            s.d_threat = 0
            _challenge_tech(s, tech_card(s, p, c, k))
        s.pk = PK_TARGET
    elif pk == PK_TARGET:
        x = action - A_TARGET
        s.d_seat[1] = x // MAX_CREW
        s.d_slot[1] = x % MAX_CREW
        s.tech[s.d_seat[1], s.d_slot[1]] = 0
        s.pk = PK_RESPOND
        s.to_play = s.d_seat[1]
    elif pk == PK_RESPOND:
        if action == A_PASS:
            _answered(s, False)
        else:
            if action != A_ACCEPT:
                # [Intervene] engage another character here; it is now the target and accepts
                e = action - A_CREW
                s.eng[s.d_seat[1], e] = 1
                s.d_slot[1] = e
                s.tech[s.d_seat[1], e] = 0
            _answered(s, True)
    elif pk == PK_DPLAY:
        p = s.d_seat[a]
        if action == A_PASS:
            # no card: wounds up to the cap, the threat discarded [Play a Combat Card]
            n = min(s.d_pool[a], _cap(s, a))
            s.d_pool[a] = 0
            if wound_window(s, a, n, RET_NOPLAY):
                return
            _take(s, a, n)
            round_end(s)
        elif action == A_GAMBLE:
            # [Gambling] reveal the top two, keep one, discard the other
            s.d_gambles[a] += 1
            s.d_reveal[0] = reveal_top(s, p)
            s.d_reveal[1] = reveal_top(s, p)
            if s.d_reveal[1] == 0:
                cid = s.d_reveal[0]
                s.d_reveal[0] = 0
                _play(s, cid)
            else:
                s.pk = PK_KEEP
        else:
            _play(s, hand_take(s, p, action - A_HAND))
    elif pk == PK_KEEP:
        k = action - A_KEEP
        cid = s.d_reveal[k]
        discard(s, s.d_seat[a], s.d_reveal[1 - k])
        s.d_reveal[0] = 0
        s.d_reveal[1] = 0
        _play(s, cid)
    elif pk == PK_DABIL:
        if action == A_PASS:
            _combat_values(s)
            return
        p = s.d_seat[a]
        c = s.d_slot[a]
        if action == A_MANEUVER:
            s.d_man = 1
            cid = s.d_card
            if C_FINAL[cid]:
                # [Final Strike; ruling: Final Strike as a cost] the effect waits for this round's
                # destruction of the participant (see _resolve)
                s.d_man = 2
                _after_play(s)
                return
        else:
            k = action - A_TECH
            s.d_tround = 1
            s.tech[p, c] |= 1 << k
            cid = tech_card(s, p, c, k)
            if C_OP[cid, 0] == OP_COPY:
                # the copied effects act for the copying card's side: its participant,
                # its adversary [Self Referentials]
                cid = copy_source(s)
        if not _duel_ops(s, a, cid):
            _after_play(s)
    elif pk == PK_DMOVE:
        p = s.d_seat[a]
        l = action - A_LOC
        s.loc[p, s.d_slot[a]] = l
        note_move(s, p, l)     # asked when the duel is over [ruling: When and after]
        _after_play(s)


@njit(cache=True)
def _challenge_tech(s, cid):
    """A Technique announced with the challenge resolves after the answer: its Thrust adds
    threat [Resolve Technique; Threat]; Lethal marks the challenger."""
    for j in range(NOPS):
        o = C_OP[cid, j]
        if o == OP_THRUST:
            s.d_threat += C_ARG[cid, j]
        elif o == OP_LETHAL:
            s.d_lethal[0] = 1
