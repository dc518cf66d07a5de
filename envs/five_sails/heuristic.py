"""City of Five Sails heuristic decision as kernels: the set of actions the heuristic rates best.

``heuristic_best(s, seat, key, best)`` is the whole decision of the hand-written heuristic
(agents/heuristic/five_sails.py is a thin wrapper over it) for ``seat`` to play in record
``s``: it marks in bool ``best[NUM_ACTIONS]`` every action it rates best and returns how many
(0 when nothing is legal). Where it has a preference its scores break every tie, so one
action is marked; where it has none (the order of when-revealed effects, whose Action to
copy, a Maneuver's step, which attachment leaves) every legal action is marked and the
caller draws one. The agent and the self-play reply kernel (envs/core/opponents.py,
``KIND_HEURISTIC``, through ``GameSpec.heuristic_best``) both run these functions.

It plays only on what the seat may know: characters, their locations, stats, wounds and
attachments, control, Renown, City cards, hand sizes, the duel in progress and its own hand;
never another hand, a deck order or a face-down plan. So it needs no re-deal and ``key`` is
unused.

Why rules and not a look-ahead: in High Drama every action hands priority to the next
player [3. High Drama: Priority], so the seat's own decisions after an action are only its
small steps (destination, payment, parley, target), and what an action is worth shows only
at the next Claim or at Plunder, after the other players have answered. The heuristic
therefore scores each High Drama action by the pressure it creates [Pressures]: what every
location's Influence totals would be after it, which of them the seat could then claim or
keep, and how close that brings it to Dominance [Victory: Dominance] and Renown [4.
Plunder]:

* Claim (:func:`_claim_score`) a location its Influence wins (ties fail [Pressures]), first
  the one that completes the three core locations, then core ones, with its least useful en
  garde character there [f. Claim Action].
* Move (:func:`dest_score`, :func:`best_dest`) a character where its Influence makes a
  claim succeed or keeps a held location from being out-pressured, never off a location it
  holds if that loses it; from Home a character arrives en garde and can claim the same Day
  [b. Move Action].
* Challenge (:func:`_challenge_score`) with a stronger duelist and cards to play, when
  wounds would destroy the target or tip a location's pressure; target the Leader it can
  destroy [Victory: Assassination], else the character whose Influence holds a location
  against it, else the weakest [Issuing a Challenge].
* The rivals' reply (:func:`exposure`): every action hands priority on [g. Pass], so each
  action (and passing) is scored less what the rivals' best claim in reply would take: a
  location where a rival's en garde character stands and its Influence then wins, two if it
  was the seat's, and far more when that claim completes the rival's three core locations
  or the rival holds all three already [Victory: Dominance]. So the heuristic moves, claims
  and plays Influence to stop a Dominance instead of passing into it.
* Influence and en garde from cards (:func:`effect_score`): an Action risk from hand or an
  Event at a character's location is played when its +Influence makes a claim succeed or
  keeps a held location, its en garde lets a character claim where the seat's Influence
  already wins, or it draws or heals; the acting character is the one where it does that
  [Playing a Card; Acting Character; Event Cards].
* Recruit, equip and play characters' free Actions with a hand to spare; pass otherwise.
  While the Plunder as things stand favours the seat (:func:`plunder_ahead`) passing is
  worth PASS_AHEAD: the rivals must act or the Day ends [g. Pass], and its characters stay
  en garde for the answer.
* The Leader (:func:`leader_at_risk`): at a City location where a rival character could
  challenge it (one standing there, en garde or engaged with a card or Reaction that issues
  a challenge, or one en garde at its Home, from where a move arrives en garde) and two
  duel rounds of that character's Combat would destroy it [Restricted Hostilities; Victory:
  Assassination], it scores LEADER_RISK less for moving or claiming there and LEADER_RISK
  more for moving Home, where nobody can challenge it [Glossary: Opposing]; when it is
  challenged, another character there intervenes for it [Intervene].
* Planning (:func:`scheme_score`): the Renown a Plunder scheme adds for a location the seat
  holds (less for one it does not) [4. Plunder 1b ii], then Panache and Initiative; the
  character with the most Influence [2. Planning]. Duels: accept with cards in hand, play the card that
  removes most of its threat (Riposte + Parry) or the best Thrust, use Maneuvers and
  Techniques, keep the better gambled card [Issuing a Challenge and Dueling]. Costs and Dusk:
  discard the cards with the least combat value first [Paying Costs; 5. Dusk]; parley with
  the most Influence; send the weakest character to The Locker [Crew Cap].

Strength (2 players, 200 games each, seat-rotated, Wilson 95 % intervals): it beats random
in 100 % (2 players) and 99.5 % (3 and 4 players) of its games; plain ``mcts:200`` beats it
in 78.0 % [71.8, 83.2] (seed 0) and 81.0 % [75.0, 85.8] (seed 7) of them, 79.5 % [75.3,
83.2] together (83.5 % before the Leader's risk looked at where rivals stand; issue 30).

A game never imports agents: the agent calls these kernels, not the other way round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import (C_AB, C_ABENG, C_ARG, C_COST, C_CV, C_HOSTILE, C_INIT, C_KW, C_OP, C_PAN,
                    C_STAT, C_TYPE)
from .common import challengeable, loc_live, stat0
from .rules import legal_mask
from .state import (A_ABILITY, A_ACCEPT, A_APPROACH, A_CEQUIP, A_CHALLENGE, A_CLAIM, A_CREW,
                    A_EVENT, A_GAMBLE, A_HAND, A_KEEP, A_LOC, A_MOVE, A_PASS, A_RECRUIT,
                    A_TARGET, AB_ACTION, AB_PLUNDER, APPROACH, HOME, KW_WEALTH, L_BAZAAR,
                    L_DOCKS, L_FORUMS, NOPS, OP_DRAW, OP_GARDE, OP_HEAL, OP_IF_CTRL, OP_INF,
                    OP_RENOWN,
                    MAX_CREW, MAX_HAND, MAX_PLAYERS, NLOC, NUM_ACTIONS, PK_ACTOR, PK_CHAR,
                    PK_CTECH, PK_DABIL, PK_DPLAY, PK_DUSK, PK_EQUIP, PK_KEEP, PK_LOCKER,
                    PK_MAIN, PK_MOVE, PK_PARLEY, PK_PAY, PK_RACTOR, PK_REACT, PK_RESPOND,
                    PK_RPAY, PK_SCHEME, PK_SINK, PK_TARGET, S_COM, S_INF, S_RES, SINK_MAX,
                    T_ATTACH, T_BRUTE, T_RISK)

#: "no action scored": the decision falls back to every legal action
NONE = -1
#: High Drama scores (module docstring); passing scores 0
CLAIM_W = 10.0
DOMINANCE_W = 20.0
CORE_W = 3.0
MOVE_WIN = 6.0          # arrives en garde (or beside an en garde friend) and out-pressures
MOVE_BUILD = 0.5        # out-pressures, but nobody there can claim until a later Day
MOVE_DEFEND = 5.0       # restores the pressure of a held location
MOVE_LOSS = 5.0         # leaving loses the pressure of a held location
MOVE_PRESENCE = 0.5     # from Home, within 3 Influence of out-pressuring a core location
RECRUIT_W = 3.0
CEQUIP_W = 2.5
PLAY_W = 2.0
ABILITY_W = 1.0
CHALLENGE_W = 2.0
KILL_W = 4.0
LEADER_KILL_W = 30.0
#: what passing is worth while the Day's Plunder already favours the seat: the rivals must
#: act or the Day ends [g. Pass], so it keeps its characters for the answer
PASS_AHEAD = 3.5
#: a Leader this close to a duel's wounds stays Home, where no one can challenge it
#: [Victory: Assassination; Glossary: Opposing]; margin over the rivals' best Combat
LEADER_MARGIN = 1
LEADER_ROUNDS = 2
LEADER_RISK = 8.0
#: Planning: a Plunder scheme's Renown [4. Plunder 1b ii] for a location held, one not held
SCHEME_HELD = 1.0
SCHEME_OPEN = 0.4
SCHEME_PANACHE = 0.4
SCHEME_INIT = 0.05
#: what the rivals' best immediate reply is worth against p [g. Pass: every action hands
#: priority on]: per location a rival's claim would take (one more if it was p's), and
#: DOM_EXPOSE more if that claim completes its Dominance [Victory: Dominance]
EXPOSE_W = 4.0
DOM_EXPOSE = 10.0
#: an Action's effects [Playing a Card]: a card drawn; each card paid [Paying Costs]
DRAW_W = 0.5
CARD_COST_W = 0.3
HEAL_W = 0.5


@njit(cache=True)
def _is_core(l):
    return l == L_DOCKS or l == L_FORUMS or l == L_BAZAAR


@njit(cache=True)
def total(s, q, l):
    """q's Influence total at location l, en garde and engaged [Pressures]."""
    v = 0
    for d in range(MAX_CREW):
        if s.crew[q, d] > 0 and s.loc[q, d] == l:
            v += stat0(s, q, d, S_INF)
    return v


@njit(cache=True)
def rival_total(s, p, l):
    """The highest Influence total at l among p's live rivals [Pressures]."""
    v = 0
    for q in range(s.num_players):
        if q != p and not s.out[q]:
            v = max(v, total(s, q, l))
    return v


@njit(cache=True)
def _core_after(s, p, l):
    """Core locations p would hold after claiming l."""
    n = 0
    for k in (L_DOCKS, L_FORUMS, L_BAZAAR):
        if s.ctrl[k] == p or k == l:
            n += 1
    return n


@njit(cache=True)
def card_value(cid):
    """What a card in hand is worth: its combat values, Wealth 3 more [Paying Costs]."""
    return np.int64(C_CV[cid, 0]) + C_CV[cid, 1] + C_CV[cid, 2] + (
        3 if C_KW[cid] & KW_WEALTH else 0)


@njit(cache=True)
def _claim_score(s, p, c):
    """Claim with p's character c (en garde at a City location): CLAIM_W and more when the
    pressure succeeds, NONE when it would fail or p holds the location [Claim Action]."""
    l = s.loc[p, c]
    if l >= HOME or s.ctrl[l] == p or total(s, p, l) <= rival_total(s, p, l):
        return -1.0
    v = CLAIM_W
    if c == 0 and leader_at_risk(s, p, l):
        # claiming engages it where it can be destroyed [Victory: Assassination]
        v -= LEADER_RISK
    if _is_core(l):
        v += CORE_W
        if _core_after(s, p, l) == 3:
            v += DOMINANCE_W
    # claim with the least useful character: the strong duelist stays en garde
    return v - 0.01 * stat0(s, p, c, S_COM)


@njit(cache=True)
def _en_garde_claimer(s, p, l, skip):
    """p has an en garde character at l, other than slot ``skip``, that can claim."""
    for d in range(MAX_CREW):
        if (d != skip and s.crew[p, d] > 0 and s.loc[p, d] == l and s.eng[p, d] == 0
                and C_STAT[s.crew[p, d], S_INF] >= 0):
            return True
    return False


@njit(cache=True)
def leader_at_risk(s, p, l):
    """p's Leader at location l could be destroyed by one duel. Nobody challenges it at
    Home [Glossary: Opposing]; in the City a rival character there (en garde, or engaged
    with a card or Reaction that issues a challenge) or en garde at its own Home (a move
    from Home arrives en garde [b. Move Action]) can challenge it [e. Challenge Action],
    and a duel repeats rounds, each wounding up to the adversary's Combat
    [Restricted Hostilities]: at risk when its Resolve left is within LEADER_MARGIN of
    LEADER_ROUNDS rounds of the best such Combat; a destroyed Leader loses [Victory:
    Assassination]."""
    if s.crew[p, 0] == 0 or l >= HOME:
        return False
    left = stat0(s, p, 0, S_RES) - s.wounds[p, 0]
    top = 0
    for q in range(s.num_players):
        if q != p and not s.out[q]:
            for d in range(MAX_CREW):
                if s.crew[q, d] > 0 and (s.loc[q, d] == l
                                         or s.loc[q, d] == HOME and s.eng[q, d] == 0):
                    top = max(top, stat0(s, q, d, S_COM))
    return top > 0 and left <= LEADER_ROUNDS * top + LEADER_MARGIN


@njit(cache=True)
def dest_score(s, p, c, d):
    """What moving p's character c to location d gains (module docstring) [Move Action;
    Pressures]."""
    here = s.loc[p, c]
    inf = stat0(s, p, c, S_INF)
    v = 0.0
    if here < HOME:
        mine = total(s, p, here)
        other = rival_total(s, p, here)
        if s.ctrl[here] == p and mine > other and mine - inf <= other:
            v -= MOVE_LOSS
        elif s.ctrl[here] != p and mine > other and s.eng[p, c] == 0:
            v -= MOVE_LOSS     # it could claim where it stands
    if d >= HOME:
        return v + (LEADER_RISK if c == 0 and leader_at_risk(s, p, here) else -2.0)
    if c == 0 and leader_at_risk(s, p, d):
        v -= LEADER_RISK
    mine = total(s, p, d)
    other = rival_total(s, p, d)
    after = mine + inf
    core = CORE_W if _is_core(d) else 0.0
    if s.ctrl[d] == p:
        if mine <= other and after > other:
            v += MOVE_DEFEND + core
        else:
            v -= 1.0
    elif after > other:
        # from Home it arrives en garde [b. Move Action] and may claim itself
        if here == HOME and C_STAT[s.crew[p, c], S_INF] >= 0 or _en_garde_claimer(s, p, d, c):
            v += MOVE_WIN + core
            if _is_core(d) and _core_after(s, p, d) == 3:
                v += 2.0
        else:
            v += MOVE_BUILD + 0.5 * core
    elif here == HOME and _is_core(d) and after > other - 3:
        v += MOVE_PRESENCE    # a free move that builds pressure on a core location
    else:
        v += 0.1 * (after - other)
    return v


@njit(cache=True)
def best_dest(s, p, c, mask, use_mask):
    """(destination, its score) of p's character c: among the legal A_LOC actions of
    ``mask`` when ``use_mask`` (PK_MOVE), else among the locations a move could reach
    (PK_MAIN: adjacent live ones, every one from Home, Home from the City) [Move Action]."""
    here = s.loc[p, c]
    best = -1
    best_v = -1e9
    for d in range(NLOC + 1):
        if use_mask:
            if not mask[A_LOC + d]:
                continue
        elif d == here or d < NLOC and not (loc_live(s, d) and (
                here == HOME or d == here - 1 or d == here + 1)):
            continue
        v = dest_score(s, p, c, d)
        if v > best_v:
            best, best_v = d, v
    return best, best_v


@njit(cache=True)
def exposure(s, p, la, ia, lr, ir, lc):
    """The rivals' best claim in reply, in locations (module docstring, EXPOSE_W), once p has
    added Influence ``ia`` at location ``la`` and taken ``ir`` from ``lr`` (a move or a
    recruit; -1 none) and claimed ``lc`` (-1 none). A rival claims where its en garde
    character stands and its Influence beats every other total [Pressures; f. Claim
    Action]; a claim that gives it the three core locations wins at the Plunder, as does
    holding all three already [Victory: Dominance]."""
    worst = 0.0
    for q in range(s.num_players):
        if q == p or s.out[q]:
            continue
        cores = 0
        for k in (L_DOCKS, L_FORUMS, L_BAZAAR):
            if s.ctrl[k] == q and k != lc:
                cores += 1
        if cores == 3:
            worst = max(worst, DOM_EXPOSE)
            continue
        for l in range(NLOC):
            if not loc_live(s, l):
                continue
            owner = p if l == lc else s.ctrl[l]
            if owner == q:
                continue
            theirs = total(s, q, l)
            if theirs <= 0 or not _en_garde_claimer(s, q, l, -1):
                continue
            mine = total(s, p, l)
            if l == la:
                mine += ia
            if l == lr:
                mine -= ir
            other = mine
            for r in range(s.num_players):
                if r != p and r != q and not s.out[r]:
                    other = max(other, total(s, r, l))
            if theirs <= other:
                continue
            g = 1.0 + (1.0 if owner == p else 0.0)
            if _is_core(l) and cores == 2:
                g += DOM_EXPOSE
            worst = max(worst, g)
    return worst


@njit(cache=True)
def inf_gain(s, p, l, x):
    """What x more Influence for p at City location l is worth: it makes a claim succeed
    there (p has an en garde claimer) or restores a held location's pressure, as a move
    would (:func:`dest_score`) [Pressures]; 0 when it tips nothing."""
    mine = total(s, p, l)
    other = rival_total(s, p, l)
    if not (mine <= other and mine + x > other):
        return 0.0
    core = CORE_W if _is_core(l) else 0.0
    if s.ctrl[l] == p:
        return MOVE_DEFEND + core
    if _en_garde_claimer(s, p, l, -1):
        v = MOVE_WIN + core
        if _is_core(l) and _core_after(s, p, l) == 3:
            v += 2.0
        return v
    return MOVE_BUILD + 0.5 * core


@njit(cache=True)
def effect_score(s, p, c, cid):
    """What the effects of ``cid``'s Action are worth with p's character c acting [Playing
    a Card; Acting Character]: Influence that tips a pressure (:func:`inf_gain`), en garde
    for an engaged character whose location p's Influence wins but nobody can claim [f.
    Claim Action; Glossary: En garde], cards drawn, wounds healed [Glossary: Heal]."""
    l = s.loc[p, c]
    v = 0.0
    for j in range(NOPS):
        o = C_OP[cid, j]
        x = C_ARG[cid, j]
        if o == OP_INF:
            if l < HOME and C_STAT[s.crew[p, c], S_INF] >= 0:
                v += inf_gain(s, p, l, x)
        elif o == OP_GARDE:
            if (l < HOME and s.eng[p, c] and C_STAT[s.crew[p, c], S_INF] >= 0
                    and s.ctrl[l] != p and total(s, p, l) > rival_total(s, p, l)
                    and not _en_garde_claimer(s, p, l, -1)):
                v += MOVE_WIN + (CORE_W if _is_core(l) else 0.0)
        elif o == OP_DRAW:
            v += DRAW_W * x
        elif o == OP_HEAL:
            h = min(np.int64(x), np.int64(s.wounds[p, c]))
            v += HEAL_W * h + (LEADER_RISK if c == 0 and h > 0 and leader_at_risk(s, p, l) else 0.0)
    return v


@njit(cache=True)
def effect_exposure(s, p, c, cid):
    """:func:`exposure` once ``cid``'s Influence is on p's character c (none on a dash,
    which nothing modifies [Dashes as Values])."""
    x = 0
    for j in range(NOPS):
        if C_OP[cid, j] == OP_INF:
            x += C_ARG[cid, j]
    l = s.loc[p, c]
    if x > 0 and l < HOME and C_STAT[s.crew[p, c], S_INF] >= 0:
        return exposure(s, p, l, x, -1, 0, -1)
    return exposure(s, p, -1, 0, -1, 0, -1)


@njit(cache=True)
def best_actor(s, p, cid, mask, use_mask):
    """(slot, score) of p's character to act for ``cid``'s Action: the effect's worth less
    the rivals' best reply (:func:`effect_score`, :func:`exposure`); among ``mask``'s
    A_CREW actions when ``use_mask``, else among p's characters."""
    best = -1
    best_v = -1e9
    for c in range(MAX_CREW):
        if use_mask:
            if not mask[A_CREW + c]:
                continue
        elif s.crew[p, c] == 0:
            continue
        v = effect_score(s, p, c, cid) - EXPOSE_W * effect_exposure(s, p, c, cid)
        if v > best_v:
            best, best_v = c, v
    return best, best_v


@njit(cache=True)
def _kill_wounds(s, q, d):
    """Wounds that destroy q's character d [Stats: Resolve]."""
    return max(stat0(s, q, d, S_RES) - s.wounds[q, d], 0)


@njit(cache=True)
def target_score(s, p, c, q, d):
    """How much challenging q's character d with p's character c is worth: its Combat
    would wound it for at most the adversary's stat [Restricted Hostilities]; destroying a
    Leader wins [Victory: Assassination]; removing the Influence that holds a location
    against p opens a claim [Pressures]."""
    mine = stat0(s, p, c, S_COM)
    theirs = stat0(s, q, d, S_COM)
    v = CHALLENGE_W + 0.3 * (mine - theirs)
    if mine >= _kill_wounds(s, q, d):
        v += LEADER_KILL_W if d == 0 else KILL_W
        l = s.loc[q, d]
        if l < HOME:
            inf = stat0(s, q, d, S_INF)
            mp = total(s, p, l)
            if s.ctrl[l] != p and mp <= rival_total(s, p, l) and mp > total(s, q, l) - inf:
                v += KILL_W
    return v


@njit(cache=True)
def best_target(s, p, c):
    """(seat, slot, score) of the best target of p's character c; seat -1 when none."""
    bq = -1
    bd = -1
    bv = -1e9
    for q in range(s.num_players):
        for d in range(MAX_CREW):
            if challengeable(s, p, c, q, d):
                v = target_score(s, p, c, q, d)
                if v > bv:
                    bq, bd, bv = q, d, v
    return bq, bd, bv


@njit(cache=True)
def _challenge_score(s, p, c):
    """Challenge with c: a duelist stronger than its target with cards to duel with; the
    Leader risks the game, so it challenges only to destroy the rival Leader."""
    if s.hand_n[p] < 2:
        return -1.0
    mine = stat0(s, p, c, S_COM)
    q, d, v = best_target(s, p, c)
    if q < 0 or mine < 3 or mine <= stat0(s, q, d, S_COM):
        return -1.0
    if c == 0 and v < LEADER_KILL_W:
        return -1.0
    return v


@njit(cache=True)
def main_choice(s, p, mask):
    """[3. High Drama] the action with the highest score less what the rivals' best claim in
    reply would then take (:func:`exposure`); A_PASS (score 0) when none is worth taking."""
    best = A_PASS
    base = exposure(s, p, -1, 0, -1, 0, -1)
    best_v = (PASS_AHEAD if plunder_ahead(s, p) else 0.0) - EXPOSE_W * base
    hand = s.hand_n[p]
    for a in range(A_MOVE, A_HAND + MAX_HAND):
        if not mask[a]:
            continue
        v = -1.0
        ex = base
        if a < A_CLAIM:
            c = a - A_MOVE
            d, v = best_dest(s, p, c, mask, False)
            if d >= 0:
                inf = stat0(s, p, c, S_INF)
                ex = exposure(s, p, d if d < HOME else -1, inf, s.loc[p, c], inf, -1)
        elif a < A_CHALLENGE:
            c = a - A_CLAIM
            v = _claim_score(s, p, c)
            if v > 0:
                ex = exposure(s, p, -1, 0, -1, 0, s.loc[p, c])
        elif a < A_RECRUIT:
            v = _challenge_score(s, p, a - A_CHALLENGE)
        elif a < A_CEQUIP:
            if hand >= 2:
                v = RECRUIT_W
                l = s.loc[p, a - A_RECRUIT]
                if l < HOME and s.cslot[l] > 0:
                    ex = exposure(s, p, l, max(np.int64(C_STAT[s.cslot[l], S_INF]), 0), -1, 0, -1)
        elif a < A_EVENT:
            if hand >= 2:
                v = CEQUIP_W
        elif a < A_ABILITY:
            c = a - A_EVENT
            l = s.loc[p, c]
            if l < HOME and s.cslot[l] > 0:
                cid = s.cslot[l]
                v = effect_score(s, p, c, cid) - CARD_COST_W * C_COST[cid]
                ex = effect_exposure(s, p, c, cid)
                if v <= 0.0:
                    v = -1.0
        elif a < A_HAND:
            c = a - A_ABILITY
            if not C_ABENG[s.crew[p, c]]:
                v = ABILITY_W
        else:
            cid = s.hand[p, a - A_HAND]
            t = C_TYPE[cid]
            if (t == T_ATTACH or t == T_BRUTE) and hand >= 3:
                v = PLAY_W
            elif t == T_RISK and C_AB[cid] == AB_ACTION:
                c, w = best_actor(s, p, cid, mask, False)
                if c >= 0:
                    # w is net of the reply after; the card itself and its cost are paid
                    v = w + EXPOSE_W * base - CARD_COST_W * (C_COST[cid] + 1)
                    if v <= 0.0:
                        v = -1.0
        if v < 0:
            continue
        v -= EXPOSE_W * ex
        if v > best_v:
            best, best_v = a, v
    return best


@njit(cache=True)
def scheme_score(s, p, cid):
    """[2. Planning] a scheme's worth: the Renown a Plunder scheme adds for a location p
    holds (less for one it does not), a Renown effect, the cards its Panache draws
    [Planning: draw], its Initiative a little [Determine Initiative]."""
    v = SCHEME_PANACHE * C_PAN[cid] + SCHEME_INIT * C_INIT[cid]
    for j in range(NOPS):
        op = C_OP[cid, j]
        if op == OP_IF_CTRL and C_AB[cid] == AB_PLUNDER:
            v += SCHEME_HELD if s.ctrl[C_ARG[cid, j]] == p else SCHEME_OPEN
        elif op == OP_RENOWN:
            v += C_ARG[cid, j]
    return v


@njit(cache=True)
def plunder_ahead(s, p):
    """The Plunder as things stand favours p: it holds the core locations' majority or
    more locations than any rival, and its Renown after the Plunder is not behind [4.
    Plunder; Victory]."""
    mine = 0
    for l in range(NLOC):
        if loc_live(s, l) and s.ctrl[l] == p:
            mine += 1
    for q in range(s.num_players):
        if q == p or s.out[q]:
            continue
        theirs = 0
        for l in range(NLOC):
            if loc_live(s, l) and s.ctrl[l] == q:
                theirs += 1
        if theirs >= mine or s.renown[q] + theirs > s.renown[p] + mine:
            return False
    return True


@njit(cache=True)
def _stat_of_target(s, a, k):
    x = a - A_TARGET
    return stat0(s, x // MAX_CREW, x % MAX_CREW, k)


@njit(cache=True)
def choose(s, p, mask):
    """The one action the heuristic rates best for p's pending decision, or NONE when it has
    no preference (module docstring)."""
    pk = s.pk
    best = NONE
    best_v = -1e18
    if pk == PK_SCHEME or pk == PK_CHAR:
        for a in range(A_APPROACH, A_APPROACH + APPROACH):
            if mask[a]:
                cid = s.appr[p, a - A_APPROACH]
                if pk == PK_SCHEME:
                    v = scheme_score(s, p, cid)
                else:
                    v = 100.0 * C_STAT[cid, S_INF] + C_STAT[cid, S_COM]
                if v > best_v:
                    best, best_v = a, v
        return best
    if pk == PK_MAIN:
        return main_choice(s, p, mask)
    if pk == PK_MOVE:
        d, v = best_dest(s, p, s.pa, mask, True)
        return A_LOC + d if d >= 0 else NONE
    if pk == PK_PAY:
        for c in range(MAX_CREW):
            if mask[A_CREW + c]:
                return A_CREW + c      # engage instead of paying [Replacement Effects]
    if pk == PK_PAY or pk == PK_DUSK or pk == PK_RPAY:
        for i in range(MAX_HAND):
            if mask[A_HAND + i]:
                v = -np.float64(card_value(s.hand[p, i]))
                if v > best_v:
                    best, best_v = A_HAND + i, v
        return best
    if pk == PK_PARLEY:
        for c in range(MAX_CREW):
            if mask[A_CREW + c]:
                v = np.float64(stat0(s, p, c, S_INF))
                if v > best_v:
                    best, best_v = A_CREW + c, v
        return best if best >= 0 else A_PASS
    if pk == PK_LOCKER:
        for c in range(MAX_CREW):
            if mask[A_CREW + c]:
                v = -np.float64(stat0(s, p, c, S_INF) + stat0(s, p, c, S_COM))
                if v > best_v:
                    best, best_v = A_CREW + c, v
        return best
    if pk == PK_EQUIP and C_HOSTILE[s.pcard]:
        # a hostile attachment goes on the strongest foe
        for a in range(A_TARGET, A_TARGET + MAX_PLAYERS * MAX_CREW):
            if mask[a]:
                v = np.float64(_stat_of_target(s, a, S_INF))
                if v > best_v:
                    best, best_v = a, v
        if best >= 0:
            return best
    if pk == PK_ACTOR and C_AB[s.pcard] == AB_ACTION:
        has = False
        for j in range(NOPS):
            o = C_OP[s.pcard, j]
            if o == OP_INF or o == OP_GARDE or o == OP_HEAL:
                has = True
        if has:
            c, v = best_actor(s, p, s.pcard, mask, True)
            if c >= 0:
                return A_CREW + c
    if pk == PK_EQUIP or pk == PK_ACTOR:
        for c in range(MAX_CREW):
            if mask[A_CREW + c]:
                v = np.float64(stat0(s, p, c, S_COM))
                if v > best_v:
                    best, best_v = A_CREW + c, v
        return best
    if pk == PK_RESPOND:
        for a in range(A_ABILITY, A_CREW):
            if mask[a]:
                return a               # a Reaction is free: use it
        if s.d_slot[1] == 0:
            # the Leader is challenged: another character there intervenes [Intervene]
            for c in range(1, MAX_CREW):
                if mask[A_CREW + c]:
                    v = np.float64(stat0(s, p, c, S_RES) - s.wounds[p, c]
                                   + stat0(s, p, c, S_COM))
                    if v > best_v:
                        best, best_v = A_CREW + c, v
            if best >= 0:
                return best
        return A_ACCEPT if s.hand_n[p] > 0 and mask[A_ACCEPT] else A_PASS
    if pk == PK_REACT:
        for a in range(1, NUM_ACTIONS):
            if mask[a]:
                return a
        return A_PASS
    if pk == PK_RACTOR:
        for c in range(MAX_CREW):
            if mask[A_CREW + c]:
                v = np.float64(stat0(s, p, c, S_INF))
                if v > best_v:
                    best, best_v = A_CREW + c, v
        return best
    if pk == PK_TARGET:
        # the challenger is d_slot[0] of d_seat[0] (= p)
        c = s.d_slot[0]
        for a in range(A_TARGET, A_TARGET + MAX_PLAYERS * MAX_CREW):
            if mask[a]:
                x = a - A_TARGET
                v = target_score(s, p, c, x // MAX_CREW, x % MAX_CREW)
                if v > best_v:
                    best, best_v = a, v
        return best
    if pk == PK_DPLAY:
        pool = s.d_pool[s.d_active]
        for i in range(MAX_HAND):
            if mask[A_HAND + i]:
                cid = s.hand[p, i]
                v = (min(np.int64(C_CV[cid, 0]) + C_CV[cid, 1], pool) * 2.0 + C_CV[cid, 2]
                     - (3.0 if C_KW[cid] & KW_WEALTH else 0.0))
                if v > best_v:
                    best, best_v = A_HAND + i, v
        if best >= 0:
            return best
        return A_GAMBLE if mask[A_GAMBLE] else A_PASS
    if pk == PK_SINK:
        for k in range(SINK_MAX):
            if mask[A_KEEP + k]:
                v = np.float64(card_value(s.sink[k]))
                if v > best_v:
                    best, best_v = A_KEEP + k, v
        return best
    if pk == PK_KEEP:
        for k in range(2):
            if mask[A_KEEP + k]:
                v = np.float64(card_value(s.d_reveal[k]))
                if v > best_v:
                    best, best_v = A_KEEP + k, v
        return best
    if pk == PK_DABIL or pk == PK_CTECH:
        for a in range(1, NUM_ACTIONS):
            if mask[a]:
                return a               # always use a Maneuver or Technique
        return A_PASS
    return NONE


@njit(cache=True)
def decide(s, seat, mask, best):
    """Mark in ``best`` the action(s) the heuristic rates best among ``mask`` (module
    docstring); returns how many (0 when nothing is legal)."""
    best[:] = False
    n = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            n += 1
    if n == 0:
        return 0
    a = choose(s, seat, mask)
    if 0 <= a < NUM_ACTIONS and mask[a]:
        best[a] = True
        return 1
    for b in range(NUM_ACTIONS):
        best[b] = mask[b] != 0
    return n


@njit(cache=True)
def heuristic_best(s, seat, key, best):
    """Mark in ``best`` (bool[NUM_ACTIONS]) every action the heuristic rates best for
    ``seat`` to play in ``s`` (left untouched); ``key`` is unused (nothing hidden is read).
    Returns how many are marked (0 when nothing is legal)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    legal_mask(s, mask)
    return decide(s, seat, mask, best)


@njit(cache=True)
def decide_at(states, i, seat, mask, best):
    """:func:`decide` on ``states[i]`` (a record unboxes slowly from Python; an array does
    not)."""
    return decide(states[i], seat, mask, best)


@njit(cache=True)
def heuristic_best_at(states, i, seat, key, best):
    """:func:`heuristic_best` on ``states[i]``."""
    return heuristic_best(states[i], seat, key, best)
