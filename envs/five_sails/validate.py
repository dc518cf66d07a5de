"""City of Five Sails: check_states, the validator of records from outside (envs/core/validate.py).

Stages: the common header; index ranges and zone sizes; card zones (each zone holds the card
types the rules put there) and card conservation (every card of a player's Leader, Approach
and Faction Deck is in exactly one zone: Approach Deck, face-down plan, scheme in play, Faction
Deck, hand, discard pile, The Locker, crew, attachments, dueling line, gambled cards, a card
being played; the 30 City cards likewise: City Deck, locations, City discard, The Locker,
crews) [Decks and Card Types]; the duel (threat pools empty outside a duel [The Duel]) and
the pending decision well formed; the fields tied to the phase and the pending decision
(_pending_links: whose plan is missing in Planning, what a payment is for, the wounds of a
"when wounded" window, the after-windows and seats still to answer, each decision's phase,
an Approach Deck card of each kind for every Day still to plan);
a legal action for the seat to play.
"""

import numpy as np

from envs.core import validate as V

from . import cards as C
from .state import (CITY_DECK, DEFAULT_MAX_STEPS, HOME, MAX_ATT, MAX_CREW, MAX_DECK,
                    MAX_HAND, MAX_LINE, MAX_LOCKER, MAX_PLAYERS, NLOC, NPK, PK_CTECH, PK_DABIL,
                    PK_DMOVE, PK_DPLAY, PK_KEEP, PK_RESPOND, PK_TARGET, PK_SCHEME, PK_CHAR,
                    PK_ACTOR, PK_EQUIP, PK_MOVE, PK_PARLEY, PK_PAY, PK_SLOT, PK_LOCKER, PK_MAIN,
                    PK_DUSK, PK_NONE, PK_ORDER, PH_PLANNING, PH_HIGH_DRAMA, PH_DUSK, T_ATTACH, T_BRUTE,
                    T_CATTACH, T_CHAR, T_EVENT, T_LEADER, T_MERC, T_RISK, T_SCHEME, GO_ATTACH,
                    GO_RISK, GO_BRUTE, GO_RECRUIT, GO_CEQUIP, GO_EVENT, GO_ABILITY, KW_WEALTH,
                    PK_REACT, PK_RACTOR, PK_SINK, NRT, RET_CLAIM, RET_NOPLAY, RET_REFUSE, RET_RESOLVE,
                    RT_WHEN_WOUNDED, RT_WHEN_CLAIM, AB_REACTION, PK_RPAY, PK_COPY, RET_DAY,
                    RT_BEGIN_DAY, RT_END_DAWN, RT_MOVED, RT_END_DUSK, RT_END_DAY, R_EVENT, R_HAND, STATE, AB_ACTION)
from . import batch
from .state import DAYS, MIN_PLAYERS, NUM_ACTIONS

DUEL_PK = (PK_CTECH, PK_TARGET, PK_RESPOND, PK_DPLAY, PK_KEEP, PK_DABIL, PK_DMOVE)
REACT_PK = (PK_REACT, PK_RACTOR, PK_RPAY)
CARD_FIELDS = ("appr", "plan_scheme", "plan_char", "scheme", "deck", "hand", "disc", "locker",
               "crew", "att", "cdeck", "cslot", "cdisc", "clocker", "pcard", "d_line", "d_card",
               "d_reveal", "d_risk", "sink", "r_card", "cfg.leader", "cfg.approach", "cfg.faction", "cfg.city")


def _live_locs(n):
    return np.array([n >= 3, True, True, True, n >= 4])


def _ranges(states, r):
    n = states["num_players"].astype(np.int64)
    for f in CARD_FIELDS:
        V.in_range(r, states, f, 0, C.NCARDS - 1, "a card id of the pool")
    V.in_range(r, states, "day", 1, 5, "Days 1-5 [Day Limit]")
    V.in_range(r, states, "phase", 0, 3, "a phase")
    V.in_range(r, states, "first", -1, n - 1, "First Player Token holder or -1")
    V.in_range(r, states, "prio", 0, n - 1, "a seat")
    V.in_range(r, states, "plan_seat", 0, n - 1, "a seat")
    V.in_range(r, states, "passes", 0, n, "consecutive passes")
    V.in_range(r, states, "out", 0, 1, "a flag")
    V.in_range(r, states, "renown", 0, 200, "Renown")
    for f, hi in (("deck_n", MAX_DECK), ("hand_n", MAX_HAND), ("disc_n", MAX_DECK),
                  ("locker_n", MAX_LOCKER), ("cdeck_n", CITY_DECK), ("cdisc_n", CITY_DECK),
                  ("clocker_n", CITY_DECK), ("cfg.faction_n", MAX_DECK)):
        V.in_range(r, states, f, 0, hi, "a zone size")
    V.in_range(r, states, "loc", 0, HOME, "a location or Home")
    V.in_range(r, states, "eng", 0, 1, "en garde / engaged")
    V.in_range(r, states, "used", 0, 1, "a flag")
    V.in_range(r, states, "att_own", 0, n, "an attachment's owner (seat + 1) or 0")
    V.in_range(r, states, "rused", 0, (1 << (MAX_ATT + 1)) - 1, "Reactions used (bits)")
    V.in_range(r, states, "r_has", 0, (1 << NRT) - 1, "Reaction triggers (bits)")
    V.in_range(r, states, "r_trig", 0, NRT - 1, "a Reaction trigger")
    V.in_range(r, states, "r_ret", 0, RET_DAY, "where a Reaction window returns")
    V.in_range(r, states, "r_src", 0, R_EVENT, "where a Reaction comes from")
    V.in_range(r, states, "r_act", 0, MAX_CREW - 1, "a crew slot")
    V.in_range(r, states, "r_pay", 0, 10, "cards still to discard")
    V.in_range(r, states, "r_queue", 0, (1 << MAX_PLAYERS) - 1, "seats (bits)")
    V.in_range(r, states, "r_dest", 0, (1 << MAX_PLAYERS) - 1, "seats (bits)")
    V.in_range(r, states, "r_move", 0, (1 << MAX_PLAYERS) - 1, "seats (bits)")
    V.in_range(r, states, "r_from", 0, n - 1, "a seat")
    V.in_range(r, states, "r_mover", 0, n - 1, "a seat")
    V.in_range(r, states, "r_p", 0, n - 1, "a seat")
    V.in_range(r, states, "r_c", 0, MAX_CREW - 1, "a crew slot")
    V.in_range(r, states, "r_loc", 0, NLOC - 1, "a City location")
    V.in_range(r, states, "r_amt", 0, 500, "wounds")
    V.in_range(r, states, "event_used", 0, 1, "a flag")
    V.in_range(r, states, "wounds", 0, 50, "wounds")
    V.in_range(r, states, "buff", 0, 100, "Influence until the end of the Day")
    V.in_range(r, states, "tech", 0, 31, "Techniques used (bits)")
    V.in_range(r, states, "ctrl", -1, n - 1, "controller seat or -1")
    V.in_range(r, states, "pk", 0, NPK - 1, "a pending decision kind")
    V.in_range(r, states, "go", 0, 7, "what a payment is for")
    V.in_range(r, states, "pa", 0, MAX_CREW - 1, "a crew slot or location")
    V.in_range(r, states, "pb", 0, HOME, "a location or slot type")
    V.in_range(r, states, "pay", 0, 10, "wealth still to pay")
    V.in_range(r, states, "rev_slot", 0, MAX_CREW - 1, "a crew slot")
    V.in_range(r, states, "pc", 0, 255, "when-revealed effects pending (bits)")
    V.in_range(r, states, "pd", -1, MAX_ATT, "a Technique source or a flag")
    V.in_range(r, states, "queue", 0, (1 << MAX_PLAYERS) - 1, "seats (bits)")
    V.in_range(r, states, "d_on", 0, 1, "a flag")
    V.in_range(r, states, "d_stat", 0, 3, "a stat")
    V.in_range(r, states, "d_loc", 0, NLOC - 1, "a City location")
    V.in_range(r, states, "d_seat", -1, n - 1, "a seat or -1")
    V.in_range(r, states, "d_slot", -1, MAX_CREW - 1, "a crew slot or -1")
    V.in_range(r, states, "d_alive", 0, 1, "a flag")
    V.in_range(r, states, "d_lkstat", 0, 60, "a stat")
    V.in_range(r, states, "d_pool", 0, 500, "threat")
    V.in_range(r, states, "d_ploc", 0, NLOC - 1, "a City location")
    V.in_range(r, states, "d_active", 0, 1, "a side")
    V.in_range(r, states, "d_out", 0, 500, "threat")
    V.in_range(r, states, "d_must", 0, 1, "a flag")
    V.in_range(r, states, "d_gambles", 0, 20, "gambles")
    V.in_range(r, states, "d_lethal", 0, 1, "a flag")
    V.in_range(r, states, "d_line_n", 0, MAX_LINE, "dueling line size")
    V.in_range(r, states, "d_man", 0, 2, "Maneuver used (2: a Final Strike armed)")
    V.in_range(r, states, "d_tround", 0, 1, "a flag")
    V.in_range(r, states, "d_cv", -20, 20, "combat value modifiers")
    V.in_range(r, states, "d_threat", 0, 50, "Technique threat")
    seat = np.arange(MAX_PLAYERS)[None, :]
    V.in_range(r, states, "cfg.faction_n", 40, MAX_DECK, "Faction Deck size [Faction Deck]",
               where=seat < n[:, None])


def _zones(states, r):
    """Per record: zone contents, their card types and conservation."""
    T = C.C_TYPE
    for j, s in enumerate(states):
        bad = []
        n = int(s["num_players"])
        live_l = _live_locs(n)
        city = np.zeros(C.NCARDS, np.int64)
        for p in range(MAX_PLAYERS):
            if p >= n:
                if (s["crew"][p].any() or s["hand_n"][p] or s["deck_n"][p] or s["appr"][p].any()
                        or s["out"][p]):
                    bad.append(f"seat {p}: not in this {n}-player game but holds cards")
                continue
            have = np.zeros(C.NCARDS, np.int64)

            def zone(arr, cnt, name, types):
                a = np.asarray(arr)
                live = a[:cnt] if cnt is not None else a[a > 0]
                if cnt is not None and (a[cnt:] != 0).any():
                    bad.append(f"{name}[{p}]: cards past its size {cnt}")
                if (live <= 0).any():
                    bad.append(f"{name}[{p}]: an empty card inside the zone")
                    return
                for cid in live:
                    if T[cid] not in types:
                        bad.append(f"{name}[{p}]: {C.POOL.names[cid]!r} ({T[cid]}) cannot be there")
                    if T[cid] in (T_MERC, T_CATTACH, T_EVENT):
                        city[cid] += 1
                    else:
                        have[cid] += 1
            fac = (T_ATTACH, T_RISK, T_BRUTE)
            zone(s["appr"][p], None, "appr", (T_CHAR, T_SCHEME))
            zone(s["deck"][p], int(s["deck_n"][p]), "deck", fac)
            zone(s["hand"][p], int(s["hand_n"][p]), "hand", fac)
            zone(s["disc"][p], int(s["disc_n"][p]), "disc", fac + (T_CHAR, T_LEADER))
            zone(s["locker"][p], int(s["locker_n"][p]), "locker",
                 (T_CHAR, T_LEADER, T_SCHEME, T_ATTACH, T_RISK, T_BRUTE))
            for f, t in (("plan_scheme", T_SCHEME), ("plan_char", T_CHAR), ("scheme", T_SCHEME)):
                zone(np.array([s[f][p]]), None, f, (t,))
            crew = s["crew"][p]
            zone(crew, None, "crew", (T_LEADER, T_CHAR, T_BRUTE, T_MERC))
            if not s["out"][p] and T[crew[0]] != T_LEADER:
                bad.append(f"crew[{p}][0]: a player in the game has its Leader in slot 0")
            if s["out"][p] and crew.any():
                bad.append(f"crew[{p}]: a player out of the game has no crew")
            for c in range(MAX_CREW):
                if crew[c] == 0:
                    if s["att"][p][c].any() or s["wounds"][p][c] or s["eng"][p][c] or s["loc"][p][c]:
                        bad.append(f"crew[{p}][{c}]: an empty slot with character state")
                    # common.remove_char clears the owners with the attachments, but
                    # add_crew does not set them: a stale owner would send the next
                    # character's attachment to another player's discard pile (audit s67)
                    if s["att_own"][p][c].any():
                        bad.append(f"att_own[{p}][{c}]: an empty crew slot has no attachment "
                                   "owners [Attachment Cards]")
                    continue
                if c > 0 and T[crew[c]] == T_LEADER:
                    bad.append(f"crew[{p}][{c}]: a Leader outside slot 0")
                l = int(s["loc"][p][c])
                if l < HOME and not live_l[l]:
                    bad.append(f"loc[{p}][{c}]: {l} is not a location of this game")
                # [Glossary: Set] an attachment's set value replaces the sum (common.stat)
                sets = [int(C.C_SETV[a, 0]) for a in s["att"][p][c] if a and C.C_SETV[a, 0] >= 0]
                res = sets[-1] if sets else max(
                    int(C.C_STAT[crew[c], 0]) + sum(int(C.C_STAT[a, 0]) for a in s["att"][p][c] if a), 0)
                if s["wounds"][p][c] >= res:
                    bad.append(f"wounds[{p}][{c}]: {s['wounds'][p][c]} reach Resolve {res}: destroyed")
                own = s["att_own"][p][c]
                zone(np.where(own == 0, s["att"][p][c], 0), None, "att", (T_ATTACH, T_CATTACH))
                for k in range(MAX_ATT):
                    o = int(own[k])
                    at = int(s["att"][p][c][k])
                    if o and (at == 0 or o - 1 == p or o > n or not C.C_HOSTILE[at]):
                        bad.append(f"att_own[{p}][{c}][{k}]: another player's attachment that "
                                   "may attach to an opposing character")
            # this seat's attachments on other players' characters
            for q in range(n):
                for d in range(MAX_CREW):
                    for k in range(MAX_ATT):
                        if q != p and s["att_own"][q][d][k] == p + 1 and s["att"][q][d][k] > 0:
                            have[s["att"][q][d][k]] += 1
            want = np.zeros(C.NCARDS, np.int64)
            cfg = s["cfg"]
            want[cfg["leader"][p]] += 1
            for cid in cfg["approach"][p]:
                want[cid] += 1
            for cid in cfg["faction"][p][:cfg["faction_n"][p]]:
                want[cid] += 1
            if p == s["to_play"] and s["pcard"] > 0:
                # a City attachment waits there too while its slot is chosen (PK_SLOT)
                zone(np.array([s["pcard"]]), None, "pcard", fac + (T_CATTACH,))
            if p == s["to_play"]:
                for cid in s["sink"]:
                    have[cid] += 1 if cid > 0 else 0
            for a in range(2):
                if s["d_seat"][a] == p:
                    for cid in s["d_line"][a][:s["d_line_n"][a]]:
                        have[cid] += 1
                if s["d_on"] and s["d_seat"][s["d_active"]] == p:
                    have[s["d_reveal"][a]] += 1 if s["d_reveal"][a] > 0 else 0
            if s["d_on"] and s["d_seat"][0] == p and s["d_risk"] > 0:
                have[s["d_risk"]] += 1
            want[0] = have[0] = 0
            if (want != have).any():
                k = int(np.flatnonzero(want != have)[0])
                bad.append(f"card conservation, seat {p}: {C.POOL.names[k]!r} {have[k]} in play "
                           f"and zones, {want[k]} in the decks [Decks and Card Types]")
            if (s["d_line_n"][0] or s["d_line_n"][1]) and not s["d_on"]:
                pass
        cd = int(s["cdeck_n"])
        for name, arr, cnt in (("cdeck", s["cdeck"], cd), ("cdisc", s["cdisc"], int(s["cdisc_n"])),
                               ("clocker", s["clocker"], int(s["clocker_n"]))):
            if (arr[cnt:] != 0).any() or (arr[:cnt] <= 0).any():
                bad.append(f"{name}: zone size and contents disagree")
            for cid in arr[:cnt]:
                if T[cid] not in (T_MERC, T_CATTACH, T_EVENT):
                    bad.append(f"{name}: {C.POOL.names[cid]!r} is not a City card")
                city[cid] += 1
        for l in range(NLOC):
            cid = s["cslot"][l]
            if cid:
                if not live_l[l] or T[cid] not in (T_MERC, T_CATTACH, T_EVENT):
                    bad.append(f"cslot[{l}]: a City card only on a location of this game")
                city[cid] += 1
            if s["ctrl"][l] >= 0 and (not live_l[l] or s["out"][s["ctrl"][l]]):
                bad.append(f"ctrl[{l}]: controlled location not in play or by a player out")
        if 0 <= s["first"] < n and s["out"][s["first"]]:
            bad.append("first: the First Player Token is not held by a player out of the game "
                       "[Leader Cards; ruling: Eliminated players]")
        want = np.bincount(s["cfg"]["city"], minlength=C.NCARDS)
        want[0] = 0
        city[0] = 0
        if (want != city).any() or (s["cfg"]["city"] <= 0).any():
            bad.append("card conservation, City Deck: the 30 City cards are not all accounted "
                       "for (City Deck, locations, City discard, The Locker, crews) [City Deck]")
        for b in bad[:5]:
            r.flag(np.arange(len(states)) == j, b)


def _duel_and_pending(states, r):
    for j, s in enumerate(states):
        bad = []
        pk = int(s["pk"])
        n = int(s["num_players"])
        live = s["to_play"] >= 0
        on = bool(s["d_on"])
        if not on:
            if s["d_pool"].any() or s["d_line_n"].any() or s["d_reveal"].any() or s["d_out"]:
                bad.append("d_pool: threat pools and the dueling line are empty outside a duel [The Duel]")
            if s["d_risk"]:
                bad.append("d_risk: a risk waits beside its duel only while the duel is on "
                           "[Risk Cards; ruling: Risk that challenges]")
            if pk in DUEL_PK:
                bad.append(f"pk: {pk} is a duel decision but no duel is on")
        else:
            seats = s["d_seat"]
            slots = s["d_slot"]
            if seats[0] < 0 or slots[0] < 0:
                bad.append("d_seat: a duel has a challenger")
            sides = 1 if pk in (PK_CTECH, PK_TARGET) else 2
            for a in range(sides):
                if seats[a] < 0 or slots[a] < 0 or seats[a] == seats[1 - a] and sides == 2:
                    bad.append(f"d_seat[{a}]: a participant of another player")
                elif s["d_alive"][a] and s["crew"][seats[a]][slots[a]] == 0:
                    bad.append(f"d_slot[{a}]: a live participant is in play")
            if s["d_pool"][0] and s["d_pool"][1]:
                bad.append("d_pool: only one threat pool holds threat at a time")
            if s["d_risk"] and C.C_TYPE[s["d_risk"]] != T_RISK:
                bad.append("d_risk: the card that issued the challenge is a risk")
            if pk == PK_KEEP and not (s["d_reveal"] > 0).all():
                bad.append("d_reveal: keeping one of two gambled cards needs two")
            if pk in (PK_DABIL, PK_DMOVE) and s["d_card"] == 0:
                bad.append("d_card: a maneuver or technique step follows a played card")
            if pk not in DUEL_PK + REACT_PK and live:
                bad.append(f"pk: {pk} is not a duel decision but a duel is on")
        if live and not bad:
            p = int(s["to_play"])
            crew = s["crew"][p]
            if pk in (PK_SCHEME, PK_CHAR) and s["phase"] != PH_PLANNING:
                bad.append("pk: planning decisions belong to Planning")
            if pk == PK_MAIN and (s["phase"] != PH_HIGH_DRAMA or s["prio"] != p):
                bad.append("pk: High Drama decisions go to the player with priority")
            if pk == PK_DUSK and s["phase"] != PH_DUSK:
                bad.append("pk: discarding at Dusk belongs to Dusk")
            if pk in (PK_MOVE, PK_SLOT) and crew[s["pa"]] == 0:
                bad.append("pa: the character of this step is in play")
            if pk == PK_PARLEY and (s["pa"] >= NLOC or C.C_TYPE[s["cslot"][s["pa"]]] != T_MERC):
                bad.append("pa: parley needs a Mercenary at that location")
            if pk in (PK_ACTOR, PK_EQUIP) and s["pcard"] == 0:
                bad.append("pcard: the card being played")
            if pk == PK_PAY:
                g = int(s["go"])
                hv = sum(2 if C.C_KW[c] & KW_WEALTH else 1 for c in s["hand"][p][:s["hand_n"][p]])
                pc = int(s["pcard"])
                alt = (g == GO_RISK and pc > 0 and C.C_ALT[pc] and s["pay"] == C.C_COST[pc]
                       and s["eng"][p][s["pa"]] == 0)
                if s["pay"] <= 0 or hv < s["pay"] and not alt:
                    bad.append("pay: a payment in progress can be completed [Paying Costs]")
                if g in (GO_ATTACH, GO_RISK, GO_BRUTE) and s["pcard"] == 0:
                    bad.append("pcard: the card being paid for")
                # an attachment may go on an opposing character (Marked Debt): seat pb's
                q = int(s["pb"])
                held = s["crew"][q] if g == GO_ATTACH and q != p and 0 <= q < n else crew
                if g in (GO_ATTACH, GO_RISK, GO_CEQUIP, GO_EVENT, GO_ABILITY) and held[s["pa"]] == 0:
                    bad.append("pa: the acting character is in play")
                if g == GO_RECRUIT and (s["pa"] >= NLOC or C.C_TYPE[s["cslot"][s["pa"]]] != T_MERC):
                    bad.append("pa: recruiting needs a Mercenary there")
                if g == GO_CEQUIP and (s["pb"] >= NLOC or C.C_TYPE[s["cslot"][s["pb"]]] != T_CATTACH):
                    bad.append("pb: equipping needs a City attachment there")
                if g == GO_EVENT and (s["pb"] >= NLOC or C.C_TYPE[s["cslot"][s["pb"]]] != T_EVENT):
                    bad.append("pb: an Event there")
                if g == 0:
                    bad.append("go: a payment pays for something")
            if pk == PK_NONE:
                bad.append("pk: a live game has a pending decision")
            if (pk in (PK_ACTOR, PK_EQUIP, PK_PAY) and s["pcard"]
                    and C.C_TYPE[s["pcard"]] not in (T_ATTACH, T_RISK, T_BRUTE)):
                bad.append("pcard: a Faction Deck card")
            if pk == PK_ORDER:
                pend = int(s["pc"])
                ok = s["phase"] == PH_PLANNING and p == s["first"] and pend != 0
                for k in range(8):
                    if pend >> k & 1:
                        q = k // 2
                        if q >= n or s["out"][q]:
                            ok = False
                        elif k % 2 and s["crew"][q][s["rev_slot"][q]] == 0:
                            ok = False
                if not ok:
                    bad.append("pc: when-revealed effects are ordered by the First Player in "
                               "Planning, for revealed cards of players in the game")
            respond = (pk in (PK_RACTOR, PK_RPAY) and s["r_trig"] == 0 and on
                       and p == s["d_seat"][1])
            if pk in REACT_PK and not respond:
                trig = int(s["r_trig"])
                ret = int(s["r_ret"])
                want = (PH_PLANNING if trig <= RT_END_DAWN else PH_DUSK) if trig >= RT_BEGIN_DAY \
                    else PH_HIGH_DRAMA
                if trig == 0 or s["phase"] != want:
                    bad.append("r_trig: a Reaction window answers a trigger in its phase (the "
                               "Day's timing points in Dawn and Dusk, the others in High Drama)")
                if (ret == RET_DAY) != (trig >= RT_BEGIN_DAY):
                    bad.append("r_ret: a timing point's window comes back to the Day")
                if (ret in (RET_RESOLVE, RET_NOPLAY, RET_REFUSE)) != (trig == RT_WHEN_WOUNDED):
                    bad.append("r_ret: wounds in a duel come back to the duel")
                if (ret == RET_CLAIM) != (trig == RT_WHEN_CLAIM):
                    bad.append("r_ret: a claim comes back to its pressure")
                if ret in (RET_RESOLVE, RET_NOPLAY, RET_REFUSE) and not s["d_on"]:
                    bad.append("r_ret: wounds of a duel need a duel")
                if trig == RT_WHEN_WOUNDED and s["crew"][s["r_p"]][s["r_c"]] == 0:
                    bad.append("r_p: wounds are about to be taken by a character in play")
            elif not respond and (s["r_trig"] or s["r_ret"] or s["r_queue"] or s["r_amt"]):
                bad.append("r_trig: a Reaction window is open only while it asks a player")
            if pk == PK_RACTOR and (s["pcard"] == 0 or C.C_AB[s["pcard"]] != AB_REACTION
                                    or s["r_src"] != R_HAND):
                bad.append("pcard: the Reaction being played")
            if pk in (PK_RACTOR, PK_RPAY):
                rc = int(s["r_card"])
                if s["r_src"] == 0 or C.C_AB[rc] != AB_REACTION or (s["r_src"] == R_HAND) != (
                        s["pcard"] == rc and rc > 0):
                    bad.append("r_card: the Reaction whose costs are being paid")
                hv = sum(2 if C.C_KW[c] & KW_WEALTH else 1 for c in s["hand"][p][:s["hand_n"][p]])
                if pk == PK_RPAY and (s["r_pay"] <= 0 or hv < s["r_pay"]):
                    bad.append("r_pay: a payment in progress can be completed [Paying Costs]")
                if pk == PK_RPAY and crew[s["r_act"]] == 0:
                    bad.append("r_act: the acting character is in play")
            elif s["r_src"] or s["r_card"] or s["r_pay"]:
                bad.append("r_src: a Reaction is pending only while its costs are paid")
            if pk == PK_COPY and (crew[s["pa"]] == 0 or s["phase"] != PH_HIGH_DRAMA):
                bad.append("pa: the copying character is in play in High Drama")
            if pk == PK_LOCKER and crew.sum() == 0:
                bad.append("pk: sending to The Locker needs a crew")
        if pk != PK_SINK and s["sink"].any():
            bad.append("sink: revealed cards wait face up only while one is being chosen")
        if pk == PK_SINK and live and not (s["sink"] > 0).any():
            bad.append("sink: a choice among revealed cards needs a revealed card")
        if pk not in (PK_ACTOR, PK_EQUIP, PK_PAY, PK_RACTOR, PK_RPAY, PK_SLOT) and s["pcard"] != 0:
            bad.append("pcard: a card is held out of hand only while it is being played")
        q, c = int(s["to_play"]), int(s["pa"])
        if pk == PK_SLOT and 0 <= q < n and 0 <= c < MAX_CREW:
            # [Attachment Cards] a second of one kind: the new one in a cell, or held out
            # (pcard) while her cells are full
            sl, pc = int(s["pb"]), int(s["pcard"])
            kinds = [int(C.C_SLOT[a]) for a in s["att"][q][c] if a]
            if pc and (int(C.C_SLOT[pc]) != sl or len(kinds) < MAX_ATT):
                bad.append("pcard: held out only as a Weapon, Armor or Attire of the kind chosen "
                           "for a character with no free attachment cell")
            if sl == 0 or kinds.count(sl) + (1 if pc else 0) < 2:
                bad.append("pb: choosing which to destroy needs two attachments of that kind")
        if (s["plan_scheme"] != 0).any() and s["phase"] != PH_PLANNING:
            bad.append("plan_scheme: face-down choices exist only during Planning")
        for b in bad[:5]:
            r.flag(np.arange(len(states)) == j, b)


def _crew_count(crew):
    """Characters counting against the Crew Cap: all but Brutes (day.over_cap, common.crew_count)."""
    return sum(1 for cid in crew if cid > 0 and C.C_TYPE[cid] != T_BRUTE)


def _att_room(s, p, c, cid):
    """common.att_room: a free attachment cell, or one of the same Weapon/Armor/Attire kind
    (equipping then asks which of the two to destroy) [Attachment Cards]."""
    att = s["att"][p][c]
    if (att == 0).any():
        return True
    sl = int(C.C_SLOT[cid])
    return sl != 0 and any(int(C.C_SLOT[a]) == sl for a in att)


#: the phase each pending decision belongs to (None: it depends, checked below)
_PK_PHASE = {PK_SCHEME: (PH_PLANNING,), PK_CHAR: (PH_PLANNING,), PK_ORDER: (PH_PLANNING,),
             PK_LOCKER: (PH_PLANNING, PH_HIGH_DRAMA), PK_DUSK: (PH_DUSK,),
             PK_MAIN: (PH_HIGH_DRAMA,), PK_MOVE: (PH_HIGH_DRAMA,), PK_PAY: (PH_HIGH_DRAMA,),
             PK_PARLEY: (PH_HIGH_DRAMA,), PK_EQUIP: (PH_HIGH_DRAMA,), PK_ACTOR: (PH_HIGH_DRAMA,),
             PK_SLOT: (PH_HIGH_DRAMA,), PK_COPY: (PH_HIGH_DRAMA,), PK_SINK: (PH_HIGH_DRAMA,)}
_PK_PHASE.update({k: (PH_HIGH_DRAMA,) for k in DUEL_PK})
#: the decisions a payment continuation (go) is pending in, and what each allows
#: (actions.main_apply sets go, actions.finish clears it)
_GO_PK = {PK_PARLEY: (GO_RECRUIT,), PK_EQUIP: (GO_ATTACH,), PK_ACTOR: (GO_RISK,),
          PK_PAY: (GO_ATTACH, GO_RISK, GO_BRUTE, GO_RECRUIT, GO_CEQUIP, GO_EVENT)}
#: the card type held out (pcard) while a payment is for it
_GO_CARD = {GO_ATTACH: T_ATTACH, GO_RISK: T_RISK, GO_BRUTE: T_BRUTE}


def _pending_links(states, r):
    """The fields tied to the phase and to the pending decision, beyond their ranges: whose
    plan is missing in Planning (day.dawn / plan_apply), what a payment pays for (go, with
    actions.main_apply / step_apply / finish), the wounds a "when wounded" window may change
    (r_amt, duel.wound_window), the after-windows still to open (common.end_action), the
    seats still to answer a phase step (queue: day.continue_muster / continue_dusk), the
    Approach Deck's schemes and characters for the Days still to plan (day.plan_apply)."""
    for j, s in enumerate(states):
        if s["to_play"] < 0:
            continue
        bad = []
        p = int(s["to_play"])
        n = int(s["num_players"])
        pk = int(s["pk"])
        ph = int(s["phase"])
        crew = s["crew"][p]
        if s["out"][p]:
            bad.append("to_play: a player out of the game is never asked "
                       "[ruling: Eliminated players]")
        # [Phases of the Day] each decision belongs to its phase; a duel is High Drama's
        want = _PK_PHASE.get(pk)
        if want is not None and ph not in want:
            bad.append(f"phase: decision {pk} belongs to phase {want[0]} [Phases of the Day]")
        if s["d_on"] and ph != PH_HIGH_DRAMA:
            bad.append("phase: a duel is fought in High Drama [3. High Drama]")
        # [Planning 1] seats choose in turn (day.dawn, plan_apply): the seats before to_play
        # have both choices face down, to_play its scheme only when choosing a character,
        # the later ones nothing yet; outside Planning's choices nothing is face down
        if pk in (PK_SCHEME, PK_CHAR):
            if s["plan_seat"] != p:
                bad.append("plan_seat: the seat choosing its plan is the seat to play")
            for q in range(n):
                has_s, has_c = s["plan_scheme"][q] > 0, s["plan_char"][q] > 0
                if s["out"][q] or q > p:
                    ok = not has_s and not has_c
                elif q < p:
                    ok = has_s and has_c
                else:
                    ok = has_s == (pk == PK_CHAR) and not has_c
                if not ok:
                    bad.append(f"to_play: seat {q}'s face-down plan does not fit seat {p} "
                               "choosing now (seats plan in turn) [2. Planning]")
                    break
        elif (s["plan_scheme"] != 0).any() or (s["plan_char"] != 0).any():
            bad.append("plan_char: face-down choices exist only while Planning asks for them")
        # go: what a payment is for, set by main_apply and cleared by finish
        g = int(s["go"])
        gos = _GO_PK.get(pk, (0,))
        if g not in gos:
            bad.append(f"go: {g} is not what decision {pk} pays for (it can be {gos})")
        elif g:
            pc = int(s["pcard"])
            t = _GO_CARD.get(g)
            if (pc > 0) != (t is not None) or t is not None and C.C_TYPE[pc] != t:
                bad.append("go: the card held out (pcard) is the card the payment is for")
            elif g == GO_RISK and C.C_AB[pc] != AB_ACTION:
                bad.append("go: a risk played from hand has an Action")
            a, b = int(s["pa"]), int(s["pb"])
            if g == GO_BRUTE or g == GO_RECRUIT:
                if (crew[1:] != 0).all():
                    bad.append("go: a Brute or a recruit needs a free crew slot")
            if g == GO_RECRUIT and a < NLOC:
                cost = int(C.C_COST[s["cslot"][a]])
                if pk == PK_PARLEY and s["pay"] != cost or s["pay"] > cost:
                    bad.append("pay: what is left of the Mercenary's cost [d. Recruit Action]")
            if g in (GO_CEQUIP, GO_EVENT) and b < NLOC:
                if s["loc"][p][a] != b:
                    bad.append("pb: the location of the acting character")
                elif g == GO_CEQUIP and not _att_room(s, p, a, s["cslot"][b]):
                    bad.append("pa: the character has room for the City attachment")
                elif g == GO_EVENT and s["event_used"][p][b]:
                    bad.append("pb: an Event used once per player per Day [Event Cards]")
                elif s["pay"] > C.C_COST[s["cslot"][b]]:
                    bad.append("pay: no more than the card's cost [Paying Costs]")
            if t is not None and pc > 0 and pk == PK_PAY and s["pay"] > C.C_COST[pc]:
                bad.append("pay: no more than the card's cost [Paying Costs]")
            if g == GO_ATTACH and pk == PK_PAY and pc > 0:
                if not 0 <= b < n:
                    bad.append("pb: the seat whose character takes the attachment")
                elif b == p and not _att_room(s, p, a, pc):
                    bad.append("pa: the character has room for the attachment [Attachment Cards]")
                elif b != p and not (C.C_HOSTILE[pc] and s["crew"][b][a] > 0 and not s["out"][b]
                                     and (s["att"][b][a] == 0).any() and s["loc"][b][a] < HOME
                                     and any(crew[c] > 0 and s["loc"][p][c] == s["loc"][b][a]
                                             for c in range(MAX_CREW))):
                    bad.append("pb: an attachment goes on an opposing character only when it "
                               "says so, with room [ruling: Attachments on opposing characters]")
        # r_amt, r_p, r_c: the wounds a "when wounded" window may change and the character
        # concerned (duel.wound_window, actions.main_apply's claim); 0 otherwise
        react = pk in REACT_PK
        trig = int(s["r_trig"]) if react else 0
        if s["r_amt"] and trig != RT_WHEN_WOUNDED:
            bad.append("r_amt: wounds wait only in a \"when wounded\" Reaction window [Reaction: When]")
        if (s["r_p"] or s["r_c"]) and trig not in (RT_WHEN_WOUNDED, RT_WHEN_CLAIM):
            bad.append("r_p: a character is concerned only in a \"when\" window for wounds or a claim")
        if trig == RT_WHEN_WOUNDED and s["d_on"]:
            side = 1 if s["r_ret"] == RET_REFUSE else int(s["d_active"])
            if (s["r_p"] != s["d_seat"][side] or s["r_c"] != s["d_slot"][side]
                    or not s["d_alive"][side]):
                bad.append("r_p: the wounds go to the duel's participant whose threat resolves")
        if trig == RT_WHEN_CLAIM:
            q, c, l = int(s["r_p"]), int(s["r_c"]), int(s["r_loc"])
            if (q == p or s["crew"][q][c] == 0 or s["loc"][q][c] != l or not s["eng"][q][c]
                    or not _live_locs(n)[l]):
                bad.append("r_p: the claiming character, engaged at the claimed location "
                           "[f. Claim Action]")
        # r_queue: common.next_window asks the seats clockwise from the left of r_from and
        # clears each one's bit as it asks it, and open_window queues seats of the game only:
        # a queued seat comes after the one asked now, else it is asked out of turn, or
        # never and the window stays open (audit s67)
        if react and trig:
            rq, frm = int(s["r_queue"]), int(s["r_from"])
            later = [(q - frm - 1) % n > (p - frm - 1) % n for q in range(n)]
            if rq >> n or any(rq >> q & 1 and not later[q] for q in range(n)):
                bad.append("r_queue: the seats still to be asked come after the seat asked "
                           "now, clockwise from the left of r_from [Reaction]")
            # duel.wound_window asks the wounded character's player alone; a claim's and a
            # move's window go to the rivals (rivals_at), never the claimer or the mover
            elif trig == RT_WHEN_WOUNDED and (rq or frm != p):
                bad.append("r_queue: a \"when wounded\" window asks only the player whose "
                           "character would take the wounds [Reaction: When]")
            elif trig in (RT_WHEN_CLAIM, RT_MOVED) and (frm == p or rq >> frm & 1
                                                        or trig == RT_WHEN_CLAIM
                                                        and frm != s["r_p"]):
                bad.append("r_from: a claim's or a move's window asks the other players, not "
                           "the claimer or the mover [Reaction]")
        # r_loc: the claimed location or the one moved to (actions.main_apply,
        # common.note_move), kept while its window or a noted move (r_move) waits;
        # claim_pressure and end_action clear it, so a stale one is read by the next move's
        # window (audit s67)
        if s["r_loc"] and not s["r_move"] and trig not in (RT_WHEN_CLAIM, RT_MOVED):
            bad.append("r_loc: a location is noted only for a claim's or a move's Reaction "
                       "window, or a move whose window waits [Reaction: After]")
        # r_dest, r_move: after-windows still to open at the end of a High Drama action
        if (s["r_dest"] or s["r_move"]) and ph != PH_HIGH_DRAMA:
            bad.append("r_dest: after-windows wait only in High Drama [Reaction: After]")
        if pk == PK_MAIN:
            if s["r_dest"] or s["r_move"] or s["r_loc"]:
                bad.append("r_dest: the after-windows of an action open before priority passes "
                           "[Reaction: After]")
            live_n = n - int(s["out"][:n].sum())
            if s["passes"] >= live_n:
                bad.append("passes: High Drama ends when every player passes [g. Pass]")
        # queue: seats still to answer Muster (Crew Cap) or Dusk's discard
        qu = int(s["queue"])
        if pk == PK_DUSK:
            if not qu >> p & 1 or s["hand_n"][p] <= C.C_PAN[s["cfg"]["leader"][p]]:
                bad.append("queue: a Dusk discard asks a seat above its Panache [5. Dusk]")
        elif pk == PK_LOCKER and ph == PH_PLANNING:
            if not qu >> p & 1:
                bad.append("queue: Muster asks a seat still to answer [Crew Cap]")
        elif qu:
            bad.append("queue: seats wait only at Muster or at Dusk's discard")
        if pk == PK_LOCKER and _crew_count(crew) <= C.C_CAP[s["cfg"]["leader"][p]]:
            bad.append("pk: sending to The Locker only over the Crew Cap [Crew Cap]")
        # day.after_reveal / _clean_up queue the seats in the game; continue_muster and
        # continue_dusk ask them from the First Player clockwise and drop each one answered,
        # so a queued seat is in the game and not before the one asked (audit s67)
        if pk == PK_DUSK or pk == PK_LOCKER and ph == PH_PLANNING:
            f0 = int(s["first"]) % n if pk == PK_LOCKER else max(int(s["first"]), 0)
            if qu >> n or any(qu >> q & 1 and (s["out"][q] or (q - f0) % n < (p - f0) % n)
                              for q in range(n)):
                bad.append("queue: the seats still to answer are players in the game after "
                           "the one asked, from the First Player clockwise [Muster; 5. Dusk]")
        # the Day's reveal (day.reveal, then initiative) is the first time the First Player
        # Token is given; from then on it is only passed on (audit s67: first -1 after
        # Muster left no seat to play). Day 5 ends at its Plunder (day.plunder: the Day
        # Limit), so no Dusk comes on it (audit s67: a Dusk on Day 5 went on to Day 6)
        before = pk in (PK_SCHEME, PK_CHAR) or react and RT_BEGIN_DAY <= trig <= RT_END_DAWN
        if ph == PH_DUSK and s["day"] >= DAYS:
            bad.append("day: Day 5 is decided at its Plunder, no Dusk follows [Day Limit]")
        # [2. Planning] every Day each player plans one scheme and one character from the
        # Approach Deck (day.plan_apply; nothing returns a card to it), so it holds one of
        # each for every Day still to plan: a seat left without one has no legal action
        # (audit s67: day set back on a Day-5 record). More than enough is harmless.
        for q in range(n):
            if s["out"][q]:
                continue
            kinds = C.C_TYPE[s["appr"][q]]
            done = ph != PH_PLANNING or s["scheme"][q] > 0
            for kind, planned, name in ((T_SCHEME, s["plan_scheme"][q], "scheme"),
                                        (T_CHAR, s["plan_char"][q], "character")):
                need = DAYS - int(s["day"]) + (0 if done or planned > 0 else 1)
                if int((kinds == kind).sum()) < need:
                    bad.append(f"appr: seat {q}'s Approach Deck holds a {name} for each Day "
                               f"still to plan ({need}) [2. Planning; Approach Deck]")
        if s["first"] < 0 and not (before and s["day"] == 1):
            bad.append("first: the First Player Token is held from Day 1's reveal on "
                       "[Planning 3: Determine Initiative]")
        # [5. Dusk] clean-up (day._clean_up) empties the locations, their control and the
        # schemes of the players in the game (an eliminated player's stays) before the
        # discard, the End of Dusk and the End of the Day; a window resumed at those steps
        # would skip it and lose the scheme (audit s67)
        if pk == PK_DUSK or react and trig in (RT_END_DUSK, RT_END_DAY):
            if ((s["scheme"][:n] * (1 - s["out"][:n])).any() or s["cslot"].any()
                    or (s["ctrl"] != -1).any()):
                bad.append("r_trig: Dusk's clean-up (schemes, City cards, control) comes "
                           "before its discard and the End of Dusk [5. Dusk]")
        # duels (duel.py): start_challenge asks the challenger (Technique, target), the
        # target answers, then each round goes to the side with threat (_open_round); the
        # threat only comes after the answer (_answered), one pool at a time, the active
        # side's (round_end), and a wounds window opens with the pool already emptied
        if s["d_on"]:
            a = int(s["d_active"])
            pre = pk in (PK_CTECH, PK_TARGET, PK_RESPOND) or react and (
                trig == 0 or trig == RT_WHEN_WOUNDED and s["r_ret"] == RET_REFUSE)
            who = {PK_CTECH: 0, PK_TARGET: 0, PK_RESPOND: 1}.get(pk, a)
            if pk in DUEL_PK and p != s["d_seat"][who]:
                bad.append("to_play: a duel decision goes to its participant (the challenger, "
                           "the target answering, the side whose round it is) [The Duel]")
            # nothing moves between the challenge and its answer: the challenger, and the
            # target answering, stand where the challenge was issued (start_challenge sets
            # d_loc); elsewhere no target can be chosen (audit s67: no legal action)
            on_loc = [s["loc"][s["d_seat"][k]][s["d_slot"][k]] == s["d_loc"]
                      for k in range(1 + (pk == PK_RESPOND))]
            if pk in (PK_CTECH, PK_TARGET, PK_RESPOND) and not all(on_loc):
                bad.append("d_loc: the challenger and the target answering stand where the "
                           "challenge was issued [Issuing a Challenge and Dueling]")
            if pre and (s["d_pool"].any() or s["d_line_n"].any() or s["d_card"]
                        or s["d_must"].any() or s["d_gambles"].any()):
                bad.append("d_pool: no threat, card or round before the challenge is answered "
                           "[Issuing a Challenge and Dueling]")
            elif s["d_pool"][1 - a] or trig == RT_WHEN_WOUNDED and s["d_pool"].any():
                bad.append("d_pool: threat waits in the pool of the side whose round it is, "
                           "emptied before its wounds are taken [Resolve Threat]")
        if s["d_reveal"].any() and pk != PK_KEEP:
            bad.append("d_reveal: gambled cards wait face up only while one is kept [Gambling]")
        for m in bad[:5]:
            r.flag(np.arange(len(states)) == j, m)


def _reaction_lists(states, r):
    """r_has is what the deck lists say (public): the triggers of the Reaction risks on each
    Faction Deck list [ruling: Reaction windows]."""
    react = (C.C_AB == AB_REACTION) & (C.C_TYPE == T_RISK)
    for j, s in enumerate(states):
        cfg = s["cfg"]
        for p in range(int(s["num_players"])):
            ids = cfg["faction"][p][:cfg["faction_n"][p]]
            want = 0
            for cid in ids[react[ids]]:
                want |= 1 << int(C.C_TRIG[cid])
            if int(s["r_has"][p]) != want:
                r.flag(np.arange(len(states)) == j, f"r_has[{p}]: the Reaction triggers of the "
                       "seat's Faction Deck list")
                break


#: seats not in the game: every per-seat field (config included) stays as set-up leaves it, 0
_UNUSED_SEATS = V.unused_seats_stage(V.seat_fields(STATE, MAX_PLAYERS))


def check_states(states):
    """One list of problems per record (empty when valid)."""
    return V.run_stages(
        states, [V.header_stage(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_MAX_STEPS), _UNUSED_SEATS,
                 _ranges, _zones, _reaction_lists, _duel_and_pending, _pending_links,
                 V.legal_action_stage(NUM_ACTIONS, batch.batch_legal)])
