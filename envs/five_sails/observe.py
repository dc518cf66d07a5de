"""City of Five Sails observation encoder: what one seat may know, from its point of view.

Hidden from a seat: other players' hands, every deck order, other players' Approach Decks and,
until the reveal, their planning choices [Planning 1: placed facedown]; only counts of those
zones are shown. Public: crews, attachments, wounds, schemes in play, City cards, control,
Renown, the duel (pools, gambled cards revealed, a risk whose challenge is dueled) and a card
announced from hand [Playing a Card: show the card]; the face-up zones card by card, as counts
of each card id (``ZONE_SCALE`` copies = 1.0): every discard pile ("always faceup") and The
Locker of each player, the City discard and City Locker [Glossary: Discard Pile, The Locker],
and each side's dueling line ("faceup in front of them") [Play a Combat Card]. Seats are
rotated so the observer is relative seat 0. Card features (``CARD_FEATS``) accompany every
other visible card.
"""

import numpy as np
from numba import njit

from envs.core.action_slots import ActionSlots, SlotKind

from . import cards as C
from .common import stat
from .state import (A_APPROACH, A_HAND, A_LOC, ACTION_RANGES, APPROACH, DASH, MAX_ATT,
                    MAX_CREW, MAX_DECK, MAX_HAND, MAX_LINE,
                    MAX_LOCKER, MAX_PLAYERS, NLOC, NPK, NOPS, NRT, AB_NAMES, OP_NAMES, SINK_MAX,
                    RT_WHEN_CLAIM, RT_MOVED)

# --- card features ------------------------------------------------------------------------
NAB = len(AB_NAMES)
NOP = len(OP_NAMES)
NF = 10 + 1 + 8 + 3 + 3 + 3 + 4 + NAB + NOP + 1 + len(C.TRAITS) + NRT


def _card_feats() -> np.ndarray:
    P = C.POOL
    out = np.zeros((C.NCARDS, NF), np.float32)
    for i in range(1, C.NCARDS):
        f = []
        f += [1.0 if P.type[i] == t else 0.0 for t in range(10)]
        f += [P.cost[i] / 4]
        f += [max(int(v), 0) / 8 for v in P.stat[i]]
        f += [1.0 if v < 0 and P.type[i] in (1, 2, 6, 7) else 0.0 for v in P.stat[i]]
        f += [v / 4 for v in P.cv[i]]
        f += [P.panache[i] / 6, P.cap[i] / 8, P.init[i] / 9]
        f += [float(P.kw[i] & 1 > 0), float(P.kw[i] & 2 > 0), float(P.kw[i] & 4 > 0)]
        f += [1.0 if P.slot[i] == k else 0.0 for k in range(4)]
        f += [1.0 if P.ab[i] == k else 0.0 for k in range(NAB)]
        ops = [0.0] * NOP
        for k in range(NOPS):
            if P.op[i, k]:
                ops[P.op[i, k]] = 1.0
        f += ops + [sum(abs(int(a)) for a in P.arg[i]) / 4]
        f += [float((P.trait[i] >> k) & 1) for k in range(len(C.TRAITS))]
        f += [1.0 if P.trig[i] == k else 0.0 for k in range(NRT)]
        out[i] = f
    return out


CARD_FEATS = _card_feats()
NC = C.NCARDS

# --- layout ---------------------------------------------------------------------------------
CREW_F = 1 + NF + 7 + 1 + 1 + 4 + 1 + 1 + 4 + 1
PLAYER_F = 10 + NF + MAX_CREW * CREW_F
#: a City location's block: live, Event used, controller (relative seat or none), its City card
CITY_F = 2 + MAX_PLAYERS + 1 + NF
SIDE_F = MAX_PLAYERS + MAX_CREW + 1 + 1 + 7 + 1 + 1 + 1 + 1
LAYOUT = {}
_o = 0


def _put(name, n):
    global _o
    LAYOUT[name] = (_o, n)
    _o += n
    return _o - n


O_PHASE = _put("phase", 4)
O_PK = _put("pending", NPK)
O_DAY = _put("day", 1)
O_FIRST = _put("first", MAX_PLAYERS + 1)
O_PRIO = _put("prio", MAX_PLAYERS)
O_TOPLAY = _put("to_play", MAX_PLAYERS)
O_PASSES = _put("passes", 1)
O_PAY = _put("pay", 1)
O_PCARD = _put("pcard", NF)
O_PA = _put("pending_crew", MAX_CREW)
O_REVEAL = _put("when_revealed", 2 * MAX_PLAYERS)
O_PLAYERS = _put("players", MAX_PLAYERS * PLAYER_F)
O_HAND = _put("hand", MAX_HAND * NF)
O_APPR = _put("approach", APPROACH * (1 + NF))
O_PLAN = _put("plan", 2 * NF)
O_CITY = _put("city", NLOC * CITY_F)
O_REACT = _put("reaction", NRT + 1 + NLOC)
O_SINK = _put("revealed", SINK_MAX * NF)
O_DUEL = _put("duel", 1 + 4 + 2 * SIDE_F + 2 + 1 + 3 * NF + 3 + 1 + 2)
#: face-up zones by card id: per relative seat its discard pile then its Locker; the City
#: discard and City Locker; each duel side's dueling line; the risk whose challenge is dueled
#: [Glossary: Discard Pile; ruling: Face-up zones in the observation]
ZONE_SCALE = 2.0
O_PILES = _put("piles", MAX_PLAYERS * 2 * C.NCARDS)
O_CPILES = _put("city_piles", 2 * C.NCARDS)
O_LINES = _put("dueling_lines", 2 * C.NCARDS)
O_DRISK = _put("duel_risk", NF)
OBS_SIZE = _o

#: the acting seat's own crew blocks (relative seat 0: the observer is the seat to play)
O_OWN_CREW = O_PLAYERS + 10 + NF


def _action_slots() -> ActionSlots:
    """Actions a policy scores from the block of the slot they name (GameSpec.action_slots):
    a crew member's block (card, location, wounds, stats, attachments) for each action naming
    one of the acting seat's characters, a hand card's for each hand slot, a City location's
    for "to location l" (not Home: it has no block), an approach card's for planning. Not
    slots: ``target`` (absolute seats, while the observation rotates them), ``keep`` (a
    gambled card or a revealed one, by pending decision) and ``technique``."""
    crew = [SlotKind.strided(name, ACTION_RANGES[name][0], MAX_CREW, O_OWN_CREW, CREW_F,
                             CREW_F)
            for name in ("move", "claim", "challenge", "recruit", "city_equip", "event",
                         "ability", "crew")]
    return ActionSlots(OBS_SIZE, (
        *crew,
        SlotKind.strided("hand", A_HAND, MAX_HAND, O_HAND, NF, NF),
        SlotKind.strided("location", A_LOC, NLOC, O_CITY, CITY_F, CITY_F),
        SlotKind.strided("approach", A_APPROACH, APPROACH, O_APPR, 1 + NF, 1 + NF)))


ACTION_SLOTS = _action_slots()


@njit(cache=True)
def _count(out, off, cards, n):
    """Card-id counts of the face-up zone ``cards[:n]`` at ``off``."""
    for i in range(n):
        cid = cards[i]
        if cid > 0:
            out[off + int(cid)] += 1.0 / ZONE_SCALE


@njit(cache=True)
def _card(out, off, cid):
    if cid > 0:
        for k in range(NF):
            out[off + k] = CARD_FEATS[cid, k]


@njit(cache=True)
def _rel(s, seat, p):
    return int((p - seat + s.num_players) % s.num_players)


@njit(cache=True)
def observe(s, seat, out):
    # int(): a narrow state field is widened before it offsets an index (numba computes in
    # int64; as plain Python the sum would stay int8 and overflow past 127)
    out[:] = 0.0
    n = s.num_players
    out[O_PHASE + int(s.phase)] = 1.0
    out[O_PK + int(s.pk)] = 1.0
    out[O_DAY] = s.day / 5.0
    out[O_FIRST + (MAX_PLAYERS if s.first < 0 else _rel(s, seat, s.first))] = 1.0
    out[O_PRIO + _rel(s, seat, s.prio)] = 1.0
    if s.to_play >= 0:
        out[O_TOPLAY + _rel(s, seat, s.to_play)] = 1.0
    out[O_PASSES] = s.passes / 4.0
    out[O_PAY] = s.pay / 4.0
    _card(out, O_PCARD, s.pcard)
    if s.pk >= 5 and 0 <= s.pa < MAX_CREW:
        out[O_PA + int(s.pa)] = 1.0
    if s.pc > 0 and s.phase == 0:
        for k in range(2 * MAX_PLAYERS):
            if (s.pc >> k) & 1 and k // 2 < n:
                out[O_REVEAL + 2 * _rel(s, seat, k // 2) + k % 2] = 1.0
    for p in range(n):
        r = _rel(s, seat, p)
        o = O_PLAYERS + r * PLAYER_F
        out[o] = 1.0
        out[o + 1] = s.out[p]
        out[o + 2] = s.renown[p] / 10.0
        out[o + 3] = s.hand_n[p] / MAX_HAND
        out[o + 4] = s.deck_n[p] / MAX_DECK
        out[o + 5] = s.disc_n[p] / MAX_DECK
        out[o + 6] = s.locker_n[p] / MAX_LOCKER
        na = 0
        for k in range(APPROACH):
            if s.appr[p, k] > 0:
                na += 1
        # planned choices are out of the Approach Deck but face down: counted as still there
        if s.plan_scheme[p] > 0:
            na += 1
        if s.plan_char[p] > 0:
            na += 1
        out[o + 7] = na / APPROACH
        out[o + 8] = 1.0 if s.plan_scheme[p] > 0 else 0.0
        out[o + 9] = 1.0 if s.plan_char[p] > 0 else 0.0
        _card(out, o + 10, s.scheme[p])
        for c in range(MAX_CREW):
            cid = s.crew[p, c]
            if cid == 0:
                continue
            q = o + 10 + NF + c * CREW_F
            out[q] = 1.0
            _card(out, q + 1, cid)
            q += 1 + NF
            l = s.loc[p, c]
            out[q + min(int(l), 6)] = 1.0
            out[q + 7] = s.eng[p, c]
            out[q + 8] = s.wounds[p, c] / 8.0
            for k in range(4):
                v = stat(s, p, c, k)
                out[q + 9 + k] = -0.125 if v == DASH else v / 8.0
            out[q + 13] = s.used[p, c]
            out[q + 14] = s.buff[p, c] / 4.0
            for j in range(MAX_ATT):
                a = s.att[p, c, j]
                if a > 0:
                    out[q + 15 + j] = 1.0 + C.C_SLOT[a] / 4.0
            out[q + 19] = s.rused[p, c] & 1
    for i in range(s.hand_n[seat]):
        _card(out, O_HAND + i * NF, s.hand[seat, i])
    for k in range(APPROACH):
        cid = s.appr[seat, k]
        if cid > 0:
            out[O_APPR + k * (1 + NF)] = 1.0
            _card(out, O_APPR + k * (1 + NF) + 1, cid)
    _card(out, O_PLAN, s.plan_scheme[seat])
    _card(out, O_PLAN + NF, s.plan_char[seat])
    for l in range(NLOC):
        o = O_CITY + l * CITY_F
        live = l >= 1 and l <= 3 or (l == 0 and n >= 3) or (l == 4 and n >= 4)
        out[o] = 1.0 if live else 0.0
        out[o + 1] = s.event_used[seat, l]
        out[o + 2 + (MAX_PLAYERS if s.ctrl[l] < 0 else _rel(s, seat, s.ctrl[l]))] = 1.0
        _card(out, o + 3 + MAX_PLAYERS, s.cslot[l])
    if s.r_trig > 0:
        out[O_REACT + int(s.r_trig)] = 1.0
        out[O_REACT + NRT] = s.r_amt / 4.0
        if s.r_trig == RT_WHEN_CLAIM or s.r_trig == RT_MOVED:
            out[O_REACT + NRT + 1 + int(s.r_loc)] = 1.0
    for k in range(SINK_MAX):
        _card(out, O_SINK + k * NF, s.sink[k])      # revealed: face up for everyone
    # face-up zones, card by card [Glossary: Discard Pile, The Locker]
    for p in range(n):
        o = O_PILES + _rel(s, seat, p) * 2 * NC
        _count(out, o, s.disc[p], s.disc_n[p])
        _count(out, o + NC, s.locker[p], s.locker_n[p])
    _count(out, O_CPILES, s.cdisc, s.cdisc_n)
    _count(out, O_CPILES + NC, s.clocker, s.clocker_n)
    if s.d_on:
        o = O_DUEL
        out[o] = 1.0
        out[o + 1 + int(s.d_stat)] = 1.0
        o += 5
        for a in range(2):
            if s.d_seat[a] >= 0:
                out[o + _rel(s, seat, s.d_seat[a])] = 1.0
                if s.d_slot[a] >= 0:
                    out[o + MAX_PLAYERS + int(s.d_slot[a])] = 1.0
            q = o + MAX_PLAYERS + MAX_CREW
            out[q] = s.d_alive[a]
            out[q + 1] = s.d_pool[a] / 10.0
            out[q + 2 + min(int(s.d_ploc[a]), 6)] = 1.0 if s.d_pool[a] > 0 else 0.0
            out[q + 9] = s.d_gambles[a] / 5.0
            out[q + 10] = s.d_lethal[a]
            out[q + 11] = s.d_must[a]
            out[q + 12] = s.d_line_n[a] / MAX_LINE
            o += SIDE_F
        out[o + int(s.d_active)] = 1.0
        out[o + 2] = s.d_out / 10.0
        _card(out, o + 3, s.d_card)
        _card(out, o + 3 + NF, s.d_reveal[0])
        _card(out, o + 3 + 2 * NF, s.d_reveal[1])
        q = o + 3 + 3 * NF
        for k in range(3):
            out[q + k] = s.d_cv[k] / 4.0
        out[q + 3] = s.d_threat / 4.0
        out[q + 4] = s.d_man
        out[q + 5] = s.d_tround
        # the dueling lines, face up [Play a Combat Card], and the risk the duel resolves
        for a in range(2):
            _count(out, O_LINES + a * NC, s.d_line[a], s.d_line_n[a])
        _card(out, O_DRISK, s.d_risk)
