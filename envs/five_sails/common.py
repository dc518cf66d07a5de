"""City of Five Sails kernel helpers: zones, stats, costs, crews, destruction, the game's end.

Sections: [Paying Costs and Spending] (discard to pay, Wealth counts two), [Faction Deck]
(reshuffle the discard pile when a draw or reveal finds the deck empty), [Card Anatomy:
Stats] and [Dashes as Values] (a dash is never modified, counts as 0), [Attachment Cards]
(stat modifiers), [Character Cards]/[Brute]/[Mercenary] (where destroyed and discarded
characters go), [Leader Cards] (a destroyed Leader loses), [Victory: Assassination],
[Game Setup] (which locations are in play; Homes adjacent to every City location).
"""

import numpy as np
from numba import njit

from envs.core.bounds import fault
from envs.core.rng import shuffle
from envs.core.spec import NO_SEAT

from .cards import (C_AB, C_ABDISC, C_ABENG, C_ABTRAIT, C_ARG, C_AURA, C_AURA_K, C_COST, C_KW,
                    C_NOCHAL, C_SETV, C_SLOT, C_STAT, C_TRAIT, C_TRIG, C_TYPE, C_WHERE, C_OP)
from .state import (DASH, HOME, KW_WEALTH, MAX_ATT, MAX_CREW, MAX_DECK, MAX_HAND, MAX_LOCKER,
                    MAX_PLAYERS, NLOC, NOPS, OP_CHALLENGE, PH_OVER, PK_MAIN, PK_NONE, S_COM,
                    S_FIN, S_INF, T_BRUTE, T_CATTACH, T_EVENT, T_MERC, W_CITY, W_HOME, AB_ACTION,
                    AB_REACTION, CITY_DECK, PH_HIGH_DRAMA, OP_DRAW, OP_HEAL, OP_GARDE, OP_INF,
                    OP_RENOWN, OP_PREVENT, OP_CANCEL, PK_REACT, RET_ACTION, RT_CHALLENGED,
                    RT_WHEN_CHALLENGED, RT_WHEN_WOUNDED, RT_WHEN_CLAIM, RT_DESTROYED, RT_MOVED,
                    RT_BEGIN_DAY, A_ABILITY, A_EVENT, A_HAND, A_RATT, OP_COPY, SLOT_NONE)


@njit(cache=True)
def loc_live(s, l):
    """[Game Setup] the three core locations; Ole's Inn with 3+, Governor's Gardens with 4."""
    if l == 0:
        return s.num_players >= 3
    if l == 4:
        return s.num_players >= 4
    return 1 <= l <= 3


@njit(cache=True)
def is_city(cid):
    t = C_TYPE[cid]
    return t == T_MERC or t == T_CATTACH or t == T_EVENT


@njit(cache=True)
def stat(s, p, c, k):
    """Stat k of crew slot c: attachments' modifiers, lasting effects and the Passive
    Abilities of the crew ("your other characters at this location get +X"); then a set
    value replaces the result [Glossary: Set] [ruling: Passive Abilities]. A dash stays a dash:
    it cannot be modified or set [Dashes as Values]."""
    cid = s.crew[p, c]
    base = C_STAT[cid, k]
    if base < 0:
        return DASH
    v = np.int64(base)
    setv = -1
    for j in range(MAX_ATT):
        a = s.att[p, c, j]
        if a > 0:
            v += C_STAT[a, k]
            if C_SETV[a, k] >= 0:
                setv = C_SETV[a, k]
    if k == S_INF:
        v += s.buff[p, c]
    if C_AURA_K[k]:
        l = s.loc[p, c]
        for d in range(MAX_CREW):
            e = s.crew[p, d]
            if e > 0 and d != c and C_AURA[e, k] != 0 and s.loc[p, d] == l:
                v += C_AURA[e, k]
    if setv >= 0:
        return setv
    return max(v, 0)


@njit(cache=True)
def is_dash(s, p, c, k):
    """[Dashes as Values] a printed dash: nothing modifies or sets it, so the card says."""
    return C_STAT[s.crew[p, c], k] < 0


@njit(cache=True)
def stat0(s, p, c, k):
    """[Dashes as Values] a dash counts as 0 when its value must be considered."""
    return max(stat(s, p, c, k), 0)


@njit(cache=True)
def hand_value(s, p, skip):
    """Wealth the hand can pay, leaving out hand slot ``skip`` (-1 none) [Wealth]."""
    v = 0
    for i in range(s.hand_n[p]):
        if i != skip:
            v += 2 if C_KW[s.hand[p, i]] & KW_WEALTH else 1
    return v


@njit(cache=True)
def reshuffle(s, p):
    """[Faction Deck] the discard pile, shuffled, becomes the deck."""
    n = s.disc_n[p]
    for i in range(n):
        s.deck[p, i] = s.disc[p, i]
        s.disc[p, i] = 0
    s.deck_n[p] = n
    s.disc_n[p] = 0
    shuffle(s, s.deck[p], n)


@njit(cache=True)
def reveal_top(s, p):
    """Take the top card of the Faction Deck (reshuffling if empty); 0 when none is left."""
    if s.deck_n[p] == 0:
        reshuffle(s, p)
    if s.deck_n[p] == 0:
        return 0
    s.deck_n[p] -= 1
    cid = s.deck[p, s.deck_n[p]]
    s.deck[p, s.deck_n[p]] = 0
    return cid


@njit(cache=True)
def draw(s, p, n):
    for _ in range(n):
        if s.hand_n[p] >= MAX_HAND:
            return
        cid = reveal_top(s, p)
        if cid == 0:
            return
        s.hand[p, s.hand_n[p]] = cid
        s.hand_n[p] += 1


@njit(cache=True)
def hand_take(s, p, i):
    """Remove hand slot i (later cards move down) and return the card."""
    cid = s.hand[p, i]
    for j in range(i, s.hand_n[p] - 1):
        s.hand[p, j] = s.hand[p, j + 1]
    s.hand_n[p] -= 1
    s.hand[p, s.hand_n[p]] = 0
    return cid


@njit(cache=True)
def discard(s, p, cid):
    """To p's discard pile; City Deck cards to the City discard [Glossary: Discard Pile]."""
    if cid <= 0:
        return
    if is_city(cid):
        if s.cdisc_n < CITY_DECK:
            s.cdisc[s.cdisc_n] = cid
            s.cdisc_n += 1
    elif s.disc_n[p] < MAX_DECK:
        s.disc[p, s.disc_n[p]] = cid
        s.disc_n[p] += 1


@njit(cache=True)
def to_locker(s, p, cid):
    """Remove from the game [The Locker]."""
    if is_city(cid):
        if s.clocker_n < CITY_DECK:
            s.clocker[s.clocker_n] = cid
            s.clocker_n += 1
    elif s.locker_n[p] < MAX_LOCKER:
        s.locker[p, s.locker_n[p]] = cid
        s.locker_n[p] += 1


@njit(cache=True)
def crew_count(s, p):
    """Characters counting against the Crew Cap: all but Brutes [Brute]."""
    n = 0
    for c in range(MAX_CREW):
        if s.crew[p, c] > 0 and C_TYPE[s.crew[p, c]] != T_BRUTE:
            n += 1
    return n


@njit(cache=True)
def free_slot(s, p):
    for c in range(1, MAX_CREW):
        if s.crew[p, c] == 0:
            return c
    return -1


@njit(cache=True)
def add_crew(s, p, cid, l):
    """A character enters play en garde [En garde vs Engaged] at ``l``."""
    c = free_slot(s, p)
    if c < 0:
        fault(s, 2)
        return -1
    s.crew[p, c] = cid
    s.loc[p, c] = l
    s.eng[p, c] = 0
    s.wounds[p, c] = 0
    s.used[p, c] = 0
    s.rused[p, c] = 0
    s.buff[p, c] = 0
    s.tech[p, c] = 0
    for j in range(MAX_ATT):
        s.att[p, c, j] = 0
    return c


@njit(cache=True)
def att_owner(s, p, c, j):
    """Whose discard pile attachment j of p's crew slot c goes to: its owner, the character's
    controller unless it was attached from another player's hand [ruling: Attachments on
    opposing characters]."""
    o = s.att_own[p, c, j] - 1
    return o if 0 <= o < s.num_players else p


@njit(cache=True)
def free_att(s, p, c):
    for j in range(MAX_ATT):
        if s.att[p, c, j] == 0:
            return j
    return -1


@njit(cache=True)
def att_room(s, p, c, cid):
    """p's character c may take attachment cid: a free attachment cell, or a Weapon, Armor or
    Attire where she already holds one of that kind, since equipping it then destroys one of
    the two [Attachment Cards] (the engine's cells hold four: ruling Attachment room)."""
    if free_att(s, p, c) >= 0:
        return True
    sl = C_SLOT[cid]
    if sl == SLOT_NONE:
        return False
    for j in range(MAX_ATT):
        if C_SLOT[s.att[p, c, j]] == sl:
            return True
    return False


@njit(cache=True)
def remove_char(s, p, c, destroyed):
    """A character leaves play: attachments to the discard [Attachment Cards]; a destroyed
    character to The Locker, a Brute to its owner's discard pile instead [Brute], a
    discarded Mercenary to the City discard [Glossary: Mercenary]."""
    cid = s.crew[p, c]
    for j in range(MAX_ATT):
        if s.att[p, c, j] > 0:
            discard(s, att_owner(s, p, c, j), s.att[p, c, j])
            s.att[p, c, j] = 0
            s.att_own[p, c, j] = 0
    if C_TYPE[cid] == T_BRUTE or not destroyed:
        discard(s, p, cid)
    else:
        to_locker(s, p, cid)
    s.crew[p, c] = 0
    s.loc[p, c] = 0
    s.eng[p, c] = 0
    s.wounds[p, c] = 0
    s.used[p, c] = 0
    s.rused[p, c] = 0
    s.buff[p, c] = 0
    s.tech[p, c] = 0


@njit(cache=True)
def live_count(s):
    n = 0
    for p in range(s.num_players):
        if not s.out[p]:
            n += 1
    return n


@njit(cache=True)
def next_live(s, p):
    """Next seat clockwise (to the left) still in the game."""
    q = p
    for _ in range(MAX_PLAYERS):
        q = (q + 1) % s.num_players
        if not s.out[q]:
            return q
    return p


@njit(cache=True)
def end_game(s, winners):
    """+1 to each winner, -1 to each loser [Achieving Victory]."""
    s.done = 1
    s.winner_mask = winners
    s.phase = PH_OVER
    s.pk = PK_NONE
    s.to_play = NO_SEAT
    for p in range(s.num_players):
        s.reward[p] = 1.0 if (winners >> p) & 1 else -1.0


@njit(cache=True)
def end_draw(s, tied):
    """[Ties] "the game is a Draw" among the players still tied after every tie-breaker:
    0 to them, -1 to every other player, who lost (beaten on a tie-breaker, or out of the
    game since their Leader was destroyed [Leader Cards]); nobody won [ruling: Fifth-Day and
    economic ties with several players]."""
    end_game(s, 0)
    for p in range(s.num_players):
        if (tied >> p) & 1 and not s.out[p]:
            s.reward[p] = 0.0


@njit(cache=True)
def wound(s, p, c, n):
    """Wounds; at or above Resolve the character is destroyed [Stats: Resolve]. A destroyed
    Leader loses the game [Leader Cards]; the last Leader standing wins [Assassination].
    n = 0 re-checks a character whose Resolve fell (an attachment left)."""
    if n < 0 or s.crew[p, c] == 0:
        return 0
    s.wounds[p, c] = min(s.wounds[p, c] + n, 50)
    if s.wounds[p, c] < stat0(s, p, c, 0):
        return 0
    remove_char(s, p, c, True)
    if c == 0:
        eliminate(s, p)
    else:
        s.r_dest = s.r_dest | (1 << p)     # [Reaction: After] asked once the action resolved
    return 1


@njit(cache=True, inline="always")
def eliminate(s, p):
    """A player whose Leader is destroyed loses and leaves the game: the rest of the crew
    goes to The Locker, their locations become uncontrolled [ruling: Eliminated players]."""
    s.out[p] = 1
    for c in range(MAX_CREW):
        if s.crew[p, c] > 0:
            remove_char(s, p, c, True)
    for l in range(NLOC):
        if s.ctrl[l] == p:
            s.ctrl[l] = -1
    if s.first == p:
        # the token passes to the left, as on a tie [First Player Token; Planning 3b;
        # ruling: Eliminated players]: a player out of the game orders nothing
        s.first = next_live(s, p)
    if live_count(s) == 1:
        for q in range(s.num_players):
            if not s.out[q]:
                end_game(s, 1 << q)


@njit(cache=True)
def opposing(s, p, c, q, d):
    """[Glossary: Opposing] another player's character at the same (City) location."""
    return (q != p and not s.out[q] and s.crew[q, d] > 0 and s.crew[p, c] > 0
            and s.loc[q, d] == s.loc[p, c] and s.loc[p, c] < HOME)


@njit(cache=True)
def challengeable(s, p, c, q, d):
    """[Target an Opposing Character] an opposing character that no Passive Ability of its
    own keeps from being challenged ("any other targeting restrictions must be met")."""
    return opposing(s, p, c, q, d) and C_NOCHAL[s.crew[q, d]] == 0


@njit(cache=True)
def has_opponent(s, p, c):
    """Some opposing character c of p could challenge."""
    for q in range(s.num_players):
        for d in range(MAX_CREW):
            if challengeable(s, p, c, q, d):
                return True
    return False


@njit(cache=True)
def qualifies(s, p, c, cid):
    """[Qualified Abilities] trait, City and Home qualifiers of ``cid``'s ability met by the
    acting character (crew slot c of p)."""
    if s.crew[p, c] == 0:
        return False
    need = C_ABTRAIT[cid]
    if need != 0 and (C_TRAIT[s.crew[p, c]] & need) == 0:
        return False
    w = C_WHERE[cid]
    if w == W_CITY and s.loc[p, c] >= HOME:
        return False
    if w == W_HOME and s.loc[p, c] != HOME:
        return False
    return True


@njit(cache=True)
def stats_ok(s, p, c, cid):
    """[Dashes as Values] "A character with a -(dash) as a stat cannot initiate or be the
    acting character in any abilities that use that stat": no dash in the Influence of an
    ability that gives Influence, nor in the stat of a duel it issues."""
    for k in range(2):
        o = C_OP[cid, k]
        if o == OP_INF and is_dash(s, p, c, S_INF):
            return False
        if o == OP_CHALLENGE and is_dash(s, p, c, challenge_stat(cid)):
            return False
    return True


@njit(cache=True)
def effect_ok(s, p, c, cid):
    """Can crew slot c act for ``cid``'s Action effects: qualifiers, no dash in a stat the
    ability uses [Dashes as Values], and for a challenge an opposing target."""
    if not qualifies(s, p, c, cid) or not stats_ok(s, p, c, cid):
        return False
    for k in range(2):
        if C_OP[cid, k] == OP_CHALLENGE and not has_opponent(s, p, c):
            return False
    return True


@njit(cache=True)
def copy_ok(s, p, c, q, d):
    """[Self Referentials] the Action of crew slot d of q can be copied by c of p: another
    character at c's location (an opposing one in the City) with an Action that does not
    itself copy, whose effects c can carry out [ruling: Copying an Action]."""
    src = s.crew[q, d]
    if src <= 0 or (q == p and d == c) or s.out[q] or s.loc[q, d] != s.loc[p, c]:
        return False
    if q != p and s.loc[p, c] >= HOME:
        return False
    if C_AB[src] != AB_ACTION or C_OP[src, 0] == OP_COPY:
        return False
    return effect_ok(s, p, c, src)


@njit(cache=True)
def action_ok(s, p, c, cid):
    """Can crew slot c be the acting character of ``cid``'s Action: qualifiers, the engage
    cost [Costs vs Effects], what its effects need (a challenge: a target; a copy: see
    copy_any)."""
    if C_AB[cid] != AB_ACTION or not effect_ok(s, p, c, cid):
        return False
    if C_ABENG[cid] and s.eng[p, c]:
        return False
    return True


@njit(cache=True)
def copy_any(s, p, c):
    """Some Action crew slot c of p could copy (a copy Action needs one to be offered)."""
    for q in range(s.num_players):
        for d in range(MAX_CREW):
            if copy_ok(s, p, c, q, d):
                return True
    return False


@njit(cache=True)
def challenge_stat(cid):
    for k in range(2):
        if C_OP[cid, k] == OP_CHALLENGE:
            a = C_ARG[cid, k]
            return S_COM if a == 1 else (S_FIN if a == 2 else S_INF)
    return S_COM


@njit(cache=True, inline="always")
def rivals_at(s, p, l):
    """The seats other than p with a character at location l, as bits."""
    m = 0
    for q in range(s.num_players):
        if q != p:
            for d in range(MAX_CREW):
                if s.crew[q, d] > 0 and s.loc[q, d] == l:
                    m |= 1 << q
    return m


@njit(cache=True, inline="always")
def note_move(s, p, l):
    """Seat p's character has moved to city location l: keep, for the "after an opposing
    character moves to your character's location" window [Reaction] that end_action opens,
    the seats with a character there, the mover (asked from its left) and the place. A move
    to where no rival character stands notes nothing, so in a duel the last move that met
    one is the one asked about [ruling: When and after]."""
    m = rivals_at(s, p, l)
    if m:
        s.r_move = m
        s.r_mover = p
        s.r_loc = l


@njit(cache=True)
def end_action(s):
    """[High Drama] an action is complete: "after" Reaction windows first ([Reaction: After]
    are used after the ability has completely resolved) [ruling: When and after], then
    priority passes clockwise and the pass streak ends."""
    if s.done or s.fault:
        return
    if s.r_dest:
        m = np.int64(s.r_dest)      # one open_window specialisation: seats as int64
        s.r_dest = 0
        if open_window(s, RT_DESTROYED, s.prio, m, RET_ACTION):
            return
    if s.r_move:
        m = np.int64(s.r_move)
        s.r_move = 0
        # asked from the left of the player whose character moved, in a duel not always
        # the one holding priority [Reaction] [ruling: Reaction windows]
        if open_window(s, RT_MOVED, s.r_mover, m, RET_ACTION):
            return
    s.r_loc = 0
    s.phase = PH_HIGH_DRAMA
    s.passes = 0
    s.prio = next_live(s, s.prio)
    s.pk = PK_MAIN
    s.to_play = s.prio


# ---- Reactions [Types of Abilities: Reaction] --------------------------------------------
@njit(cache=True)
def subject_ok(s, q, c, t):
    """Is crew slot c of q a character the open window's trigger concerns (and so one that
    may act for a Reaction): the challenged or wounded character, one of q's characters at
    the claimed or entered location, or (after a destruction, at one of the Day's named
    timing points) any character of q's crew."""
    if s.crew[q, c] == 0:
        return False
    if t == RT_CHALLENGED or t == RT_WHEN_CHALLENGED:
        return s.d_on == 1 and q == s.d_seat[1] and c == s.d_slot[1]
    if t == RT_WHEN_WOUNDED:
        return q == s.r_p and c == s.r_c
    if t == RT_WHEN_CLAIM or t == RT_MOVED:
        return s.loc[q, c] == s.r_loc
    return t == RT_DESTROYED or t >= RT_BEGIN_DAY


@njit(cache=True)
def react_actor_ok(s, q, c, cid, t):
    """[Acting Character] c is a character the trigger concerns, meets the qualifiers, has
    no dash in a stat the Reaction uses [Dashes as Values] and can pay an engage cost (en
    garde) [Costs vs Effects]."""
    return (subject_ok(s, q, c, t) and qualifies(s, q, c, cid) and stats_ok(s, q, c, cid)
            and (C_ABENG[cid] == 0 or s.eng[q, c] == 0))


@njit(cache=True)
def react_card_ok(s, q, i, trig):
    """The Reaction risk in hand slot i answers trigger ``trig``: some acting character, and
    the rest of the hand pays its Wealth cost and its discard cost [Paying Costs]."""
    cid = s.hand[q, i]
    if C_AB[cid] != AB_REACTION or C_TRIG[cid] != trig:
        return False
    if hand_value(s, q, i) < C_COST[cid] + C_ABDISC[cid]:
        return False
    for c in range(MAX_CREW):
        if react_actor_ok(s, q, c, cid, trig):
            return True
    return False


@njit(cache=True)
def react_src_card(s, q, c, k):
    """The card of Reaction source k of crew slot c: 0 the character, 1.. attachment k-1,
    MAX_ATT + 1 the Event at its City location; 0 when there is none."""
    if s.crew[q, c] == 0:
        return 0
    if k == 0:
        return s.crew[q, c]
    if k <= MAX_ATT:
        return max(s.att[q, c, k - 1], 0)
    l = s.loc[q, c]
    if l < HOME and l >= 0 and C_TYPE[s.cslot[l]] == T_EVENT:
        return s.cslot[l]
    return 0


@njit(cache=True)
def react_src_need(s, q, c, k, trig):
    """A Reaction in play can answer ``trig`` with acting character c, as far as public
    facts tell: a character's own or an equipped attachment's once per Day per printed
    instance [Once per Day Ability Activation; Attachment Cards]; an Event's once per player
    per Day, by a character at its location [Event Cards]; qualifiers and an engage cost met.
    Returns the cards its costs will take from hand (Wealth cost, discard cost), -1 if no."""
    cid = react_src_card(s, q, c, k)
    if cid <= 0 or C_AB[cid] != AB_REACTION or C_TRIG[cid] != trig:
        return -1
    if k <= MAX_ATT:
        if (s.rused[q, c] >> k) & 1:
            return -1
        need = C_ABDISC[cid]
    else:
        if s.event_used[q, s.loc[q, c]]:
            return -1
        need = C_COST[cid] + C_ABDISC[cid]
    if not react_actor_ok(s, q, c, cid, trig):
        return -1
    return need


@njit(cache=True)
def react_src_ok(s, q, c, k, trig):
    """... and the hand can pay its costs [Paying Costs and Spending]."""
    need = react_src_need(s, q, c, k, trig)
    return need >= 0 and hand_value(s, q, -1) >= need


@njit(cache=True)
def react_src_legal(s, q, trig, mask):
    """The Reactions q may use now: risks from hand (A_HAND), a character's own (A_ABILITY),
    an attachment's (A_RATT + slot * MAX_ATT + j), the Event there (A_EVENT)."""
    for i in range(s.hand_n[q]):
        if react_card_ok(s, q, i, trig):
            mask[A_HAND + i] = 1
    for c in range(MAX_CREW):
        if s.crew[q, c] == 0:
            continue
        if react_src_ok(s, q, c, 0, trig):
            mask[A_ABILITY + c] = 1
        for j in range(MAX_ATT):
            if react_src_ok(s, q, c, 1 + j, trig):
                mask[A_RATT + c * MAX_ATT + j] = 1
        if react_src_ok(s, q, c, MAX_ATT + 1, trig):
            mask[A_EVENT + c] = 1


@njit(cache=True, inline="always")
def _window_for(s, q):
    """Public test: q's deck list holds a Reaction risk with this trigger and a character it
    concerns, or a Reaction in play (character, attachment, Event) could answer it if its
    costs can be paid [ruling: Reaction windows]."""
    if s.out[q]:
        return False
    has = (s.r_has[q] >> s.r_trig) & 1
    for c in range(MAX_CREW):
        if s.crew[q, c] > 0 and subject_ok(s, q, c, s.r_trig):
            if has:
                return True
            # public facts only: whether the hand can pay is not asked here, so being asked
            # reveals nothing of the hand's Wealth
            for k in range(MAX_ATT + 2):
                if react_src_need(s, q, c, k, s.r_trig) >= 0:
                    return True
    return False


@njit(cache=True)
def next_window(s):
    """Ask the next seat of the queue, clockwise from the left of ``r_from``; False when
    every seat has answered."""
    n = s.num_players
    for i in range(1, n + 1):
        q = (s.r_from + i) % n
        if (s.r_queue >> q) & 1:
            s.r_queue = s.r_queue ^ (1 << q)
            if not s.out[q]:
                s.pk = PK_REACT
                s.to_play = q
                return True
    return False


@njit(cache=True)
def open_window(s, trig, frm, seats, ret):
    """Open a Reaction window for trigger ``trig`` to the seats in ``seats`` (bits) that may
    react; ``ret`` says where play goes back to. False (nothing opened) when none may."""
    s.r_trig = trig
    s.r_from = frm
    s.r_ret = ret
    m = 0
    for q in range(s.num_players):
        if (seats >> q) & 1 and _window_for(s, q):
            m |= 1 << q
    s.r_queue = m
    if next_window(s):
        return True
    s.r_trig = 0
    s.r_ret = 0
    return False


@njit(cache=True)
def react_uses_actor(cid):
    for j in range(NOPS):
        o = C_OP[cid, j]
        if o == OP_HEAL or o == OP_GARDE or o == OP_INF:
            return True
    return False


@njit(cache=True)
def react_ops(s, q, c, cid):
    """A Reaction's effects in order, acting character c; True when it cancels the event
    (a "when" Reaction interrupts it) [Reaction: When]. ``prevent`` replaces the wounds
    about to be taken by fewer [Replacement Effects]: the prevented ones never happened."""
    cancel = False
    for j in range(NOPS):
        o = C_OP[cid, j]
        x = C_ARG[cid, j]
        if o == OP_DRAW:
            draw(s, q, x)
        elif o == OP_HEAL:
            s.wounds[q, c] = max(s.wounds[q, c] - x, 0)
        elif o == OP_GARDE:
            s.eng[q, c] = 0
        elif o == OP_INF:
            s.buff[q, c] = min(s.buff[q, c] + x, 100)
        elif o == OP_RENOWN:
            s.renown[q] += x
        elif o == OP_PREVENT:
            s.r_amt -= min(x, s.r_amt)
        elif o == OP_CANCEL:
            cancel = True
    return cancel
