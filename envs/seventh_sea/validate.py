"""7th Sea CCG: check_states, the validator of records from outside (envs/core/validate.py).

Stages: the common header; index ranges of every field a kernel uses as an index; card
conservation (each player's cards across Captain/Ship, Crew, Attachments, Adventures, hand,
deck, discard and sunk piles, the card being played, boarding cards and the Chantey are
exactly the deck list of the config [The Deck; Discarding and Sinking]); the well-formed
pending decision (what each decision needs, everything else cleared); a legal action for the
seat to play. Semantic checks run per record in Python (records come one at a time from
loads and scenarios, a few thousand at most from soaks).
"""

from __future__ import annotations

import numpy as np

from envs.core import validate as V

from .cards import CARD, NDEFS
from .state import STATE
from .state import (
    AK_ACTION, AK_ADV_DONE, AK_ADV_PUT, AK_ATTACH, AK_BOARD, AK_CANNON, AK_CHANTEY, AK_FREE,
    AK_HIRE, AK_MOVE, AK_NONE, AK_XP, C_CONTROL, C_COST, C_HOME, C_HOST, C_OP, C_TYPE, C_WEALTH, C_HOSTILE,
    DEFAULT_MAX_STEPS, ED_ORIGINAL, H_SHIP, HOST_SEA, HOST_SHIP, MAX_ADV, MAX_ATT,
    MAX_BOARD_CARDS, MAX_CREW, MAX_DECK, MAX_DEFS, MAX_HAND, MAX_PLAYERS, NSEAS, OP_BOARDING,
    OP_DISCARD, OP_DUEL, OP_HITS, OP_MOVE, PK_FOE, PK_REACT, PK_PICK, OP_RECRUIT, PH_ACTIONS,
    PH_BOARD, PH_DRAW, PH_START, PK_ABSORB,
    PK_BCARD, PK_BPUSH, PK_CANCEL, PK_DISCARD, PK_FIRE, PK_HOST, PK_MAIN, PK_PAY, PK_SEA,
    PK_START, PK_TARGET, T_ACTION, T_ADVENTURE, T_ATTACH, T_CAPTAIN, T_CHANTEY, T_CREW, T_SHIP,
    F_ACTION_DONE, F_BOARD_HITS_DONE, F_NEXT_ACTOR, F_END_TURN, F_BOARD_NEW_ROUND, F_BOARD_END,
)
from . import batch
from .state import MIN_PLAYERS, NUM_ACTIONS

_ZONES = (("hand", "hand_n", MAX_HAND), ("deck", "deck_n", MAX_DECK),
          ("discard", "discard_n", MAX_DECK), ("sunk", "sunk_n", MAX_DECK))


def _ranges(states, r):
    n = states["num_players"].astype(np.int64)
    seat = np.arange(MAX_PLAYERS)[None, :]
    out = seat >= n[:, None]
    V.in_range(r, states, "cfg.edition", 1, 2, "revised (1) or original (2)")
    V.in_range(r, states, "cfg.deck", 0, 3, "at most three copies (The Deck)")
    r.flag((states["cfg"]["deck"][:, :, NDEFS:] != 0).any(axis=(1, 2)), "cfg.deck: copies of undefined cards")
    r.flag((states["cfg"]["deck"].astype(np.int64) * out[:, :, None]).any(axis=(1, 2)),
           "cfg.deck: a deck for a seat outside the game")
    V.in_range(r, states, "phase", PH_START, PH_DRAW, "a phase")
    V.in_range(r, states, "pk", 0, PK_PICK, "a pending decision kind")
    V.in_range(r, states, "turn", 0, 30000, "turns")
    V.in_range(r, states, "opos", 0, n - 1, "a place in the turn order")
    V.in_range(r, states, "passes", 0, n, "passes in a row")
    for f in ("must_act", "alive", "ship_tacked", "tacked", "start_done", "pay_cancel", "pay_made",
              "b_half", "b_pass", "b_pushed", "b_duel"):
        V.in_range(r, states, f, 0, 1, "a flag")
    V.in_range(r, states, "alive", 0, 0, "seats outside the game", where=out)
    V.in_range(r, states, "ship", 0, NDEFS - 1, "a card", where=~out)
    V.in_range(r, states, "sea", 0, NSEAS - 1, "one of the five Seas", where=~out)
    for f, _lim in (("crew", MAX_CREW), ("att", MAX_ATT), ("adv", MAX_ADV), ("hand", MAX_HAND),
                   ("deck", MAX_DECK), ("discard", MAX_DECK), ("sunk", MAX_DECK)):
        V.in_range(r, states, f, -1, NDEFS - 1, "a card def or -1")
    V.in_range(r, states, "att_host", -1, HOST_SEA + NSEAS - 1, "crew slot, ship or sea")
    V.in_range(r, states, "att_owner", -1, n - 1, "a seat or -1")
    V.in_range(r, states, "adv_sea", -1, NSEAS - 1, "a Sea")
    V.in_range(r, states, "crew_n", 0, MAX_CREW, "crew slots")
    V.in_range(r, states, "att_n", 0, MAX_ATT, "attachments")
    V.in_range(r, states, "adv_n", 0, MAX_ADV, "adventures")
    for f, nf, lim in _ZONES:
        V.in_range(r, states, nf, 0, lim, f"size of the {f}")
    V.in_range(r, states, "start_cost", 0, 99, "influence spent")
    V.in_range(r, states, "owned", 0, MAX_DECK, "cards of a deck")
    V.in_range(r, states, "order", -1, MAX_PLAYERS - 1, "a seat")
    for f in ("chantey", "limbo"):
        V.in_range(r, states, f, -1, NDEFS - 1, "a card def or -1")
    for f in ("chantey_owner", "act_target", "pay_seat", "hit_seat", "b_att", "b_def", "f_seat",
              "b_card_seat"):
        V.in_range(r, states, f, -1, n - 1, "a seat or -1")
    V.in_range(r, states, "cur", -1, n - 1, "a seat or -1")
    V.in_range(r, states, "actor", 0, n - 1, "a seat")
    V.in_range(r, states, "act_kind", 0, AK_FREE, "an action kind")
    V.in_range(r, states, "act_slot", -1, MAX_ADV - 1, "an adventure index")
    V.in_range(r, states, "act_host", -1, HOST_SEA + NSEAS - 1, "crew slot, ship or sea")
    V.in_range(r, states, "cw_mask", 0, (1 << n) - 1, "seats offered a cancel")
    V.in_range(r, states, "pay_skill", 0, 4, "a skill")
    V.in_range(r, states, "pay_left", 0, 99, "points left to pay")
    V.in_range(r, states, "paid", 0, 9999, "points paid this turn")
    V.in_range(r, states, "hits", 0, 999, "hits left")
    V.in_range(r, states, "b_round", 0, 999, "boarding rounds")
    V.in_range(r, states, "f_slot", -1, MAX_CREW - 1, "a crew slot")
    V.in_range(r, states, "b_last", -1, 1, "a fighter")
    V.in_range(r, states, "b_box", -1, 5, "a boarding box")
    V.in_range(r, states, "b_cards", -1, NDEFS - 1, "a card def")
    V.in_range(r, states, "b_n", 0, MAX_BOARD_CARDS, "boarding cards")
    V.in_range(r, states, "react_card", -1, NDEFS - 1, "a card def or -1")
    V.in_range(r, states, "react_ret", 0, PK_PICK, "a pending decision kind")
    V.in_range(r, states, "fire_hits", 0, 99, "Cannon produced")
    V.in_range(r, states, "fighter_abs", -1, 1, "a fighter index or -1")
    V.in_range(r, states, "rw_mask", 0, (1 << n) - 1, "seats offered a React window")
    V.in_range(r, states, "rw_pos", -1, n - 1, "a place in the turn order or -1")
    for f in ("after", "hit_after", "disc_after"):
        V.in_range(r, states, f, 0, 15, "a continuation")


def hand_max_py(s, p) -> int:
    """common.hand_max for a record from Python [Maximum Hand Size]."""
    from .state import C_ARG, CH_HAND_MAX, HAND_MAX, C_HAND_BONUS
    v = HAND_MAX
    ch = int(s["chantey"])
    if ch >= 0 and int(CARD[ch, C_OP]) == CH_HAND_MAX:
        v += int(CARD[ch, C_ARG])
    for a in range(int(s["att_n"][p])):
        v += int(CARD[int(s["att"][p][a]), C_HAND_BONUS])
    return v


def _fire_options(s) -> bool:
    """The actor's crew that could fire now: the fire decision's legal actions (the legal-mask
    kernel on a copy at PK_FIRE; the record passed the index stages)."""
    one = np.zeros(1, dtype=STATE)
    one[0] = s
    one["pk"] = PK_FIRE
    mask = np.zeros((1, NUM_ACTIONS), dtype=np.uint8)
    batch.batch_legal(one, mask)
    return bool(mask.any())


def _ty(d):
    return int(CARD[d, C_TYPE])


def _record(s) -> list[str]:
    """Conservation and the well-formed pending decision of one record."""
    bad = []
    n = int(s["num_players"])
    live = int(s["to_play"]) >= 0
    edition = int(s["cfg"]["edition"])
    phase, pk = int(s["phase"]), int(s["pk"])
    for p in range(MAX_PLAYERS):
        counts = np.zeros(MAX_DEFS, np.int64)
        if p >= n:
            for f in ("crew", "att", "adv", "hand", "deck", "discard", "sunk"):
                if (s[f][p] != -1).any():
                    bad.append(f"{f}[{p}]: cards for a seat outside the game")
            continue
        for f, nf, _lim in _ZONES:
            k = int(s[nf][p])
            z = s[f][p]
            if (z[:k] < 0).any() or (z[k:] != -1).any():
                bad.append(f"{f}[{p}]: the first {nf} = {k} entries are cards, the rest -1")
            for d in z[:k]:
                counts[max(int(d), 0)] += 1
        occ = s["crew"][p] >= 0
        if int(occ.sum()) != int(s["crew_n"][p]):
            bad.append(f"crew_n[{p}]: {int(s['crew_n'][p])} but {int(occ.sum())} crew aboard")
        if (s["tacked"][p][~occ] != 0).any():
            bad.append(f"tacked[{p}]: an empty crew slot is tacked")
        for j in range(MAX_CREW):
            d = int(s["crew"][p][j])
            if d >= 0:
                counts[d] += 1
                want = T_CAPTAIN if j == 0 else T_CREW
                if _ty(d) != want:
                    bad.append(f"crew[{p}][{j}]: {'the Captain' if j == 0 else 'a Crew'} card expected")
        if s["alive"][p] and int(s["crew"][p][0]) < 0:
            bad.append(f"crew[{p}][0]: a sailing player has a Captain (Suffering Hits)")
        if s["crew"][p][0] < 0 and s["alive"][p]:
            pass
        d = int(s["ship"][p])
        counts[d] += 1
        if _ty(d) != T_SHIP:
            bad.append(f"ship[{p}]: not a Ship card")
        na = int(s["att_n"][p])
        if (s["att"][p][:na] < 0).any() or (s["att"][p][na:] != -1).any() or (s["att_host"][p][na:] != -1).any() \
                or (s["att_owner"][p][na:] != -1).any():
            bad.append(f"att[{p}]: the first att_n entries are attachments, the rest -1")
        for q in range(n):                 # attachments p put into play, on anyone's cards
            for a in range(int(s["att_n"][q])):
                if int(s["att_owner"][q][a]) == p and int(s["att"][q][a]) >= 0:
                    counts[int(s["att"][q][a])] += 1
        for a in range(na):
            d, h = int(s["att"][p][a]), int(s["att_host"][p][a])
            if d < 0:
                continue
            o = int(s["att_owner"][p][a])
            if not 0 <= o < n or (o != p) != bool(CARD[d, C_HOSTILE]):
                bad.append(f"att_owner[{p}][{a}]: its player, or the opponent who played a hostile "
                           "attachment (Attachment)")
            t = _ty(d)
            if h < 0:
                bad.append(f"att_host[{p}][{a}]: no host")
            elif h < MAX_CREW:
                if t != T_ATTACH or int(CARD[d, C_HOST]) == H_SHIP or s["crew"][p][h] < 0:
                    bad.append(f"att[{p}][{a}]: a crew attachment on an occupied crew slot")
            elif h == HOST_SHIP:
                if not ((t == T_ATTACH and int(CARD[d, C_HOST]) == H_SHIP)
                        or (t == T_ADVENTURE and not CARD[d, C_CONTROL])):
                    bad.append(f"att[{p}][{a}]: not a Ship attachment")
            elif not (t == T_ADVENTURE and CARD[d, C_CONTROL]):
                bad.append(f"att[{p}][{a}]: only completed Control adventures attach to a Sea")
        nv = int(s["adv_n"][p])
        if (s["adv"][p][:nv] < 0).any() or (s["adv"][p][nv:] != -1).any() \
                or (s["adv_sea"][p][:nv] < 0).any() or (s["adv_sea"][p][nv:] != -1).any():
            bad.append(f"adv[{p}]: the first adv_n entries are adventures in a Sea, the rest -1")
        for k in range(nv):
            d = int(s["adv"][p][k])
            if d >= 0:
                counts[d] += 1
                if _ty(d) != T_ADVENTURE:
                    bad.append(f"adv[{p}][{k}]: not an Adventure")
        if int(s["limbo"]) >= 0 and int(s["actor"]) == p:
            counts[int(s["limbo"])] += 1
        if int(s["react_card"]) >= 0 and int(s["pay_seat"]) == p:
            counts[int(s["react_card"])] += 1
        if int(s["chantey"]) >= 0 and int(s["chantey_owner"]) == p:
            counts[int(s["chantey"])] += 1
        for i in range(int(s["b_n"])):
            if int(s["b_card_seat"][i]) == p and int(s["b_cards"][i]) >= 0:
                counts[int(s["b_cards"][i])] += 1
        want = s["cfg"]["deck"][p].astype(np.int64)
        if (counts != want).any():
            d = int(np.flatnonzero(counts != want)[0])
            bad.append(f"player {p}: {counts[d]} copies of card {d} in the game, the deck list has "
                       f"{want[d]} (card conservation: The Deck)")
        if int(s["owned"][p]) != int(want.sum()):
            bad.append(f"owned[{p}]: not the size of the deck list")
        cap = int(s["crew"][p][0])
        if cap >= 0 and int(s["start_cost"][p]) > int(CARD[cap, C_WEALTH]):
            bad.append(f"start_cost[{p}]: above the Captain's Wealth (Game Set-Up)")
    if int(s["chantey"]) >= 0 and (_ty(int(s["chantey"])) != T_CHANTEY or int(s["chantey_owner"]) < 0
                                   or edition == ED_ORIGINAL):
        bad.append("chantey: a Chantey card with its owner (revised rulesheet only)")
    if int(s["chantey"]) < 0 and int(s["chantey_owner"]) != -1:
        bad.append("chantey_owner: set without a Chantey")
    bn = int(s["b_n"])
    if (s["b_cards"][bn:] != -1).any() or (s["b_card_seat"][bn:] != -1).any() \
            or (s["b_cards"][:bn] < 0).any() or (s["b_card_seat"][:bn] < 0).any():
        bad.append("b_cards: the first b_n entries are cards with their players, the rest -1")
    if bad or not live:
        return bad
    # ---- the live position ----
    order = [int(x) for x in s["order"]]
    if sorted(order[:n]) != list(range(n)) or any(o != -1 for o in order[n:]) \
            or any(order[i] != (order[0] + i) % n for i in range(n)):
        bad.append("order: seats clockwise from the first player (I. Turn Order)")
    alive = [int(x) for x in s["alive"][:n]]
    if sum(alive) < 2:
        bad.append("alive: a live game has two Captains sailing (The Object)")
    cur, actor = int(s["cur"]), int(s["actor"])
    if cur < 0 or not alive[cur] or int(s["to_play"]) != cur:
        bad.append("cur: the seat to play is a sailing player and to_play")
    if not alive[actor] and phase != PH_START:
        bad.append("actor: a sailing player")
    if int(s["after"]) != 0:
        bad.append("after: no continuation is left at a decision")
    ak = int(s["act_kind"])
    limbo = int(s["limbo"])
    tgt = int(s["act_target"])
    if phase == PH_START:
        done = [int(x) for x in s["start_done"][:n]]
        if pk != PK_START or done != [1] * cur + [0] * (n - cur) or s["turn"] != 0:
            bad.append("pk: starting crew are chosen seat by seat (Game Set-Up)")
        bad += _setup(s, n)
    else:
        if pk == PK_START or any(int(x) == 0 for x in s["start_done"][:n]):
            bad.append("pk: starting crew are chosen only in set-up")
    if phase != PH_BOARD and (int(s["b_att"]) != -1 or int(s["b_def"]) != -1 or (s["f_seat"] != -1).any()
                              or (s["f_slot"] != -1).any() or bn or int(s["b_round"]) or int(s["b_half"])
                              or int(s["b_pass"]) or int(s["b_pushed"]) or int(s["b_last"]) != -1
                              or int(s["b_duel"])
                              or int(s["b_box"]) != -1):
        bad.append("b_*: boarding fields are cleared outside a Boarding")
    if phase == PH_BOARD:
        a_, d_ = int(s["b_att"]), int(s["b_def"])
        # flow.start_boarding(actor, act_target) from the boarding action or a boarding /
        # Duel card; only a Duel names a crew (act_host = f_slot[1], flow.start_duel)
        if actor != a_ or tgt != d_:
            bad.append("actor/act_target: a Boarding is between the actor and the target of its "
                       "action (Boarding)")
        want_host = int(s["f_slot"][1]) if int(s["b_duel"]) else -1
        if int(s["act_host"]) != want_host or int(s["act_slot"]) != -1:
            bad.append("act_host/act_slot: in a Boarding only a Duel names a crew, the defending "
                       "fighter (Duels)")
        if a_ < 0 or d_ < 0 or a_ == d_ or not alive[a_] or not alive[d_] \
                or int(s["sea"][a_]) != int(s["sea"][d_]):
            bad.append("b_att/b_def: two sailing ships in one Sea (Boarding)")
        elif pk not in (PK_BPUSH, PK_BCARD, PK_ABSORB, PK_DISCARD) \
                and not (pk == PK_PAY and int(s["react_card"]) >= 0):
            bad.append("pk: not a Boarding decision")
        else:
            fs = [int(x) for x in s["f_seat"]]
            fl = [int(x) for x in s["f_slot"]]
            side = a_ if int(s["b_half"]) == 0 else d_
            other = d_ if side == a_ else a_
            duel = int(s["b_duel"])
            if fs[0] not in (-1, side) or fs[1] not in (-1, other) or (fs[0] < 0 and fs[1] >= 0 and not duel):
                bad.append("f_seat: the side starting the attack, then the other side")
            # [Duels: "resolved like a Boarding Attack"] the loser may also use Reacts to
            # absorb before its crew absorbs (revised Boarding)
            reacting = (pk == PK_ABSORB and int(s["fighter_abs"]) >= 0) or (
                pk == PK_PAY and int(s["react_card"]) >= 0 and int(s["react_ret"]) == PK_ABSORB)
            if duel and (ak != AK_ACTION or fs[1] != d_ or int(s["b_half"]) or int(s["b_round"])
                         or int(s["b_pass"]) or fl[1] < 0
                         or (pk not in (PK_BPUSH, PK_BCARD) and not reacting)):
                bad.append("b_duel: a Duel is one boarding attack against a named crew (Duels)")
            for i in range(2):
                if fs[i] >= 0 and fl[i] >= 0 and int(s["crew"][fs[i]][fl[i]]) < 0:
                    bad.append("f_slot: a fighter is a crew aboard")
                if fs[i] < 0 and fl[i] != -1:
                    bad.append("f_slot: set without a fighter")
            if (ak not in (AK_BOARD, AK_ACTION)) or limbo != -1:
                bad.append("act_kind: a Boarding comes from the boarding action or a card")
            if pk == PK_BPUSH:
                want = side if fs[0] < 0 else other
                if cur != want or int(s["b_pushed"]) or (fs[0] < 0 and bn != 0) \
                        or (fs[0] >= 0 and (fs[1] >= 0 or bn == 0 or fl[0] < 0)):
                    bad.append("pk: push decision out of turn")
            if pk == PK_BCARD:
                if cur not in fs or fl[fs.index(cur)] < 0 or (bn == 0 and cur != fs[0]) \
                        or (bn > 0 and int(s["b_box"]) < 0) or (bn == 0 and not s["b_pushed"]) \
                        or (bn > 0 and int(s["b_last"]) < 0) \
                        or (bn > 0 and fs[int(s["b_last"])] == cur):
                    bad.append("pk: boarding card decision out of turn")
            # While crew are pushed and cards played (and while a card played instead of a
            # boarding attack is paid for): rules._board sets a fighter's seat and crew slot
            # together when it is pushed (flow.start_duel names the Duel's defender the same
            # way) and only flow.fighter_absorb clears a slot, as the fighter sinks and the
            # hits follow; the other side pushes only after the first card (a Duel's
            # defender is named before); each card sets b_last (its side) and b_box, which
            # flow.begin_attack clears with the cards (audit s67)
            pushing = pk in (PK_BPUSH, PK_BCARD) or (pk == PK_PAY and int(s["react_card"]) >= 0
                                                     and int(s["react_ret"]) == PK_BPUSH)
            if pushing:
                if any(fs[i] >= 0 and fl[i] < 0 for i in range(2)):
                    bad.append("f_slot: a fighter pushed forward fights with its crew until it sinks "
                               "(Boarding)")
                # rules._board: a card instead of a boarding attack is the choice of the side
                # whose attack it is (b_half), and flow.instead_done gives that side its
                # opportunity back if it goes unpaid
                if pk == PK_PAY and cur != side:
                    bad.append("react_card: a card played instead of a boarding attack is paid by "
                               "the side whose attack it is (b_half) (Boarding)")
                if fs[1] >= 0 and bn == 0 and not duel:
                    bad.append("f_seat: the other side pushes a crew only after the first boarding "
                               "card (Boarding)")
                lb = int(s["b_last"])
                if (lb >= 0) != (bn > 0) or (bn > 0 and fs[1] < 0 and lb != 0):
                    bad.append(f"b_last: {lb}, but it is the side of the last boarding card played "
                               "in this attack (the starter's until the other side pushes), -1 "
                               "before the first (Boarding)")
                if (int(s["b_box"]) >= 0) != (bn > 0):
                    bad.append(f"b_box: {int(s['b_box'])}, but it is the box of the last boarding "
                               "card played in this attack, -1 before the first (Boarding)")
            # rules._board sets b_pushed as a crew is pushed forward (its card must follow:
            # legal.py offers no stop) and clears it with that card, flow.begin_attack with
            # the attack; so it is set only at the card decision of the fighter just pushed:
            # the starter before the first card, or the other side after it (a Duel's
            # defender is named, never pushed) (audit s68)
            if int(s["b_pushed"]) and not (pk == PK_BCARD and (
                    (bn == 0 and cur == fs[0]) or (bn == 1 and not duel and cur == fs[1]))):
                bad.append("b_pushed: set only at the card decision of the fighter just pushed "
                           "forward, before its first card (Boarding)")
            if pk in (PK_ABSORB, PK_DISCARD) and (bn != 0) and pk == PK_DISCARD:
                bad.append("b_n: cards on the table while drawing")
            if pk == PK_ABSORB and int(s["hit_after"]) != F_BOARD_HITS_DONE:
                bad.append("hit_after: hits in a Boarding continue the Boarding")
            # a React paid for while absorbing keeps the hits' source: b_last too (audit s68)
            absorbing_b = pk == PK_ABSORB or (pk == PK_PAY and int(s["react_card"]) >= 0
                                              and int(s["react_ret"]) == PK_ABSORB)
            if absorbing_b and int(s["b_last"]) < 0 and (fs != [-1, -1] or bn):
                bad.append("b_last: hits in a Boarding come from a winning fighter (or a card "
                           "played instead of a boarding attack)")
            if pk == PK_DISCARD and int(s["disc_after"]) not in (F_BOARD_NEW_ROUND, F_BOARD_END):
                bad.append("disc_after: a Boarding draw continues the Boarding")
    if phase == PH_DRAW and (pk != PK_DISCARD or int(s["disc_after"]) != F_END_TURN or ak != AK_NONE
                             or limbo != -1):
        bad.append("pk: the Draw phase only waits for discards")
    # [Action Timing] an action is declared (act_kind, its card in limbo, its target, host,
    # adventure) from PK_MAIN until it is over: rules.init clears these fields, rules._main
    # and the decisions after it set them, flow.end_action (F_ACTION_DONE, or an unpaid
    # action abandoned as a pass) clears them before the next actor's PK_MAIN, the hand-size
    # discards after an action (F_NEXT_ACTOR) and the Draw phase
    if phase in (PH_START, PH_DRAW) or (phase == PH_ACTIONS and pk in (PK_MAIN, PK_DISCARD)):
        for f, none in (("act_kind", AK_NONE), ("act_slot", -1), ("act_host", -1), ("act_target", -1),
                        ("limbo", -1)):
            if int(s[f]) != none:
                bad.append(f"{f}: {int(s[f])} while no action is in progress (set-up, an actor "
                           f"choosing, discards after an action, the Draw phase): nothing "
                           f"declared ({none}) [Action Timing]")
    if phase == PH_ACTIONS:
        if pk in (PK_BPUSH, PK_BCARD, PK_START):
            bad.append("pk: not an Actions phase decision")
        if pk == PK_MAIN and (cur != actor or ak != AK_NONE or limbo != -1 or tgt != -1
                              or int(s["act_slot"]) != -1 or int(s["act_host"]) != -1):
            bad.append("pk: an action is chosen with nothing declared")
        if pk == PK_DISCARD and (int(s["disc_after"]) != F_NEXT_ACTOR or ak != AK_NONE or limbo != -1):
            bad.append("disc_after: discards after an action")
        if pk == PK_ABSORB and int(s["hit_after"]) != F_ACTION_DONE:
            bad.append("hit_after: hits from an action end the action")
        if pk == PK_ABSORB and ak not in (AK_CANNON, AK_ACTION):
            bad.append("act_kind: hits come from a cannon attack or an action card")
        if pk not in (PK_MAIN, PK_ABSORB, PK_DISCARD, PK_REACT) and cur != actor \
                and pk not in (PK_CANCEL, PK_PAY):
            bad.append("cur: the acting player decides")
        if s["must_act"] and pk == PK_MAIN and not int(s["ship_tacked"][actor]):
            bad.append("must_act: only after a free move (the ship tacked)")
        # flow.step_flow F_PASS: the passes in a row reaching the players sailing end the
        # Actions phase (F_DRAW_PHASE), F_ACTION_DONE resets them, so every Actions decision
        # has fewer (a Captain sinks only in an action, which ends before the next decision)
        # (audit s67)
        if int(s["passes"]) >= sum(alive):
            bad.append(f"passes: {int(s['passes'])} in a row in the Actions phase, but all "
                       f"{sum(alive)} players sailing passing ends it (II. Actions)")
        # legal.legal_into offers the cannon attack at PK_MAIN only if the actor can fire
        # (legal.can_fire), and its target decision tacks nothing before PK_FIRE, which
        # offers the same crew: a target chosen with no crew to fire has no fire decision to
        # answer (audit s67)
        if pk == PK_TARGET and ak == AK_CANNON and not bad and not _fire_options(s):
            bad.append("act_kind: a cannon attack is declared with an untacked crew able to fire "
                       "(9. Perform a Cannon Attack), but the actor has none (tacked)")
    if pk == PK_DISCARD and int(s["hand_n"][cur]) <= hand_max_py(s, cur):
        bad.append("pk: discarding while within the hand maximum")
    if pk == PK_ABSORB and (int(s["hits"]) <= 0 or int(s["hit_seat"]) != cur):
        bad.append("hits: the seat absorbing has hits left")
    absorbing = pk == PK_ABSORB or (pk == PK_PAY and int(s["react_card"]) >= 0
                                    and int(s["react_ret"]) == PK_ABSORB)
    if not absorbing and (int(s["hits"]) or int(s["hit_seat"]) != -1 or int(s["hit_after"])):
        bad.append("hits: cleared outside Suffering Hits")
    if pk != PK_DISCARD and int(s["disc_after"]):
        bad.append("disc_after: cleared outside discards")
    paying = pk == PK_PAY
    if paying and (int(s["pay_seat"]) != cur or int(s["pay_left"]) <= 0):
        bad.append("pay_seat: the seat paying has points left to pay")
    if not paying and (int(s["pay_seat"]) != -1 or int(s["pay_left"]) or int(s["pay_skill"])
                       or int(s["pay_cancel"]) or int(s["pay_made"])):
        bad.append("pay_*: cleared outside a payment")
    if paying and int(s["pay_cancel"]) == 0 and cur != actor and int(s["react_card"]) < 0:
        bad.append("pay_seat: the actor pays the action")
    if paying and int(s["pay_cancel"]) and cur == actor:
        bad.append("pay_seat: a cancel cost is paid by another player")
    if int(s["cw_mask"]) and not (pk == PK_CANCEL or (paying and s["pay_cancel"])):
        bad.append("cw_mask: cleared outside a cancel window")
    elif int(s["cw_mask"]):
        # flow.pay_done offers the cancel to the target of a Boarding, action card or
        # attachment, or to every other player for a Chantey, never to the actor;
        # flow.next_cancel clears each seat's bit as it goes round the turn order from the
        # actor, so the seats left are those after the seat deciding (audit s67)
        rest = [order[(order.index(actor) + i) % n] for i in range(1, n)] if actor in order[:n] else []
        later = rest[rest.index(cur) + 1:] if cur in rest else []
        allowed = sum(1 << q for q in later) if ak == AK_CHANTEY else 0
        if int(s["cw_mask"]) & ~allowed:
            bad.append(f"cw_mask: {int(s['cw_mask'])}, but only the seats after the one deciding, "
                       "in turn order from the actor, are still to be offered a Chantey's cancel "
                       "(any other cancel has one seat, its target) (Canceling)")
    fa = int(s["fighter_abs"])
    if fa >= 0 and not (phase == PH_BOARD and absorbing and edition != ED_ORIGINAL
                        and int(s["f_seat"][fa]) == int(s["hit_seat"]) and int(s["f_slot"][fa]) >= 0
                        and int(s["crew"][int(s["hit_seat"])][int(s["f_slot"][fa])]) >= 0):
        bad.append("fighter_abs: a losing fighter waits for Reacts only in a revised Boarding")
    # flow.resolve_attack sets b_last (the winner) and fighter_abs (the loser) together, and
    # flow.fighter_absorb sinks f_*[fighter_abs] against b_last's side (audit s68)
    if fa >= 0 and int(s["b_last"]) != 1 - fa:
        bad.append(f"fighter_abs: {fa}, but the losing fighter is the one b_last = "
                   f"{int(s['b_last'])} (the winner) beat (Boarding)")
    # flow.resolve_attack (b_last = the winner): the losing fighter f_*[1 - b_last] takes
    # the hits first, at once (flow.fighter_absorb tacks it, then sinks it, clearing its
    # f_slot, before any hit is left for its side) or after the Reacts (revised: fighter_abs
    # names it until then); so a side absorbing with fighter_abs clear has no fighter left,
    # which otherwise sinks with its f_slot still set (audit s68)
    lw = int(s["b_last"])
    if fa < 0 and phase == PH_BOARD and absorbing and lw >= 0 and int(s["f_slot"][1 - lw]) >= 0:
        bad.append(f"fighter_abs: -1 while the losing fighter's side absorbs, but that fighter "
                   f"(f_slot[{1 - lw}]) still fights: it takes the hits first, and sinks before "
                   "any are left for its side, or waits for Reacts in fighter_abs (Boarding)")
    react = int(s["react_card"])
    ret = int(s["react_ret"])
    window = pk == PK_REACT or (pk == PK_PAY and react >= 0 and ret == PK_REACT)
    if window:
        rw = int(s["rw_mask"])
        pos = int(s["rw_pos"])
        if not (rw >> cur) & 1 or not 0 <= pos < n or order[pos] != cur \
                or cur not in (actor, tgt):
            bad.append("rw_mask: the seat offered the React window is the attacker or the target, "
                       "still in the window, at its place in the turn order (Actions and Reacts)")
    elif int(s["rw_mask"]) or int(s["rw_pos"]) != -1:
        bad.append("rw_mask: cleared outside a React window")
    if react >= 0:
        from .state import C_REACT, C_TYPE as _T, R_ABSORB, R_CANNON, R_EVADE, R_INSTEAD
        want = (R_ABSORB if ret == PK_ABSORB else R_INSTEAD if ret == PK_BPUSH
                else (R_CANNON if cur == actor else R_EVADE) if ret == PK_REACT else -1)
        if pk != PK_PAY or int(s["pay_cancel"]) or int(CARD[react, _T]) != T_ACTION \
                or int(CARD[react, C_REACT]) != want:
            bad.append("react_card: a React being paid for, from a React decision of its timing")
        elif ret == PK_ABSORB and (int(s["hits"]) <= 0 or int(s["hit_seat"]) != cur):
            bad.append("react_card: an absorbing React needs hits to absorb")
        elif ret == PK_REACT and (phase != PH_ACTIONS or ak != AK_CANNON):
            bad.append("react_card: a Cannon React in a cannon attack")
        elif ret == PK_BPUSH and (phase != PH_BOARD or int(s["b_duel"]) or int(s["f_seat"][0]) != -1
                                  or cur not in (int(s["b_att"]), int(s["b_def"]))):
            bad.append("react_card: a card instead of performing a Boarding Attack, in a Boarding "
                       "before a crew is pushed (never in a Duel)")
        elif ret == PK_ABSORB and (phase, int(s["hit_after"])) not in (
                (PH_ACTIONS, F_ACTION_DONE), (PH_BOARD, F_BOARD_HITS_DONE)):
            bad.append("hit_after: where the hits came from")
        elif phase == PH_ACTIONS:
            # a React paid for inside the absorb or Cannon React decision it came from: the
            # declared action is that decision's
            bad += _declared(s, ret, ak, limbo, tgt, actor, cur, edition)
        return bad
    if ret:
        bad.append("react_ret: cleared without a React")
    cannon_window = pk == PK_REACT
    if cannon_window and (phase != PH_ACTIONS or ak != AK_CANNON):
        bad.append("pk: a Cannon React window is in a cannon attack")
    if not cannon_window and int(s["fire_hits"]):
        bad.append("fire_hits: cleared outside a Cannon React window")
    if phase == PH_ACTIONS and pk not in (PK_MAIN, PK_DISCARD):
        bad += _declared(s, pk, ak, limbo, tgt, actor, cur, edition)
    return bad


def _setup(s, n) -> list[str]:
    """[Game Set-Up] what rules.init lays out and the starting-crew choices (rules._start)
    change: every Captain sails in his home Sea, seats in order from seat 0 (the Turn Order is
    first determined when the first turn starts, flow.step_flow F_START_TURN), no card in hand,
    play, discard or sunk pile (the deck is shuffled and seven drawn after set-up), nothing
    tacked or paid, and each seat's influence spent is its starting crew's cost."""
    bad = []
    alive = [int(x) for x in s["alive"][:n]]
    if alive != [1] * n:
        bad.append(f"alive: {alive}, but nobody is sunk before play starts (Game Set-Up)")
    if int(s["actor"]) != 0 or int(s["opos"]) != 0 or int(s["passes"]) != 0 or int(s["must_act"]):
        bad.append("actor/opos/passes/must_act: nobody has acted before the first turn (Game Set-Up)")
    if [int(x) for x in s["order"][:n]] != list(range(n)):
        bad.append("order: seats in seat order until the first Turn Order (Game Set-Up)")
    if int(s["chantey"]) != -1:
        bad.append("chantey: no Chantey in play at set-up (Game Set-Up)")
    for f in ("hand_n", "discard_n", "sunk_n", "adv_n", "att_n", "ship_tacked"):
        if (s[f][:n] != 0).any():
            bad.append(f"{f}: 0 for every seat at set-up, before the deck is shuffled and seven "
                       "cards drawn (Game Set-Up)")
    if (s["tacked"][:n] != 0).any() or (s["paid"][:n] != 0).any():
        bad.append("tacked/paid: nothing tacked or paid at set-up (Game Set-Up)")
    for p in range(n):
        cap = int(s["crew"][p][0])
        if cap >= 0 and int(s["sea"][p]) != int(CARD[cap, C_HOME]):
            bad.append(f"sea[{p}]: the Ship starts in its Captain's home Sea (Game Set-Up)")
        spent = sum(int(CARD[int(d), C_COST]) for d in s["crew"][p][1:] if int(d) >= 0)
        if int(s["start_cost"][p]) != spent:
            bad.append(f"start_cost[{p}]: {int(s['start_cost'][p])}, but the starting crew cost "
                       f"{spent} (Game Set-Up)")
    return bad


def _declared(s, pk, ak, limbo, tgt, actor, cur, edition) -> list[str]:
    """What each declared action needs [Action Timing]."""
    if pk == PK_ABSORB:
        if ak in (AK_CANNON, AK_ACTION) and limbo == -1 and tgt == cur \
                and int(s["act_host"]) == -1 and int(s["act_slot"]) == -1:
            return []
        return ["act_target: hits from an action land on its target"]
    bad = []
    lt = _ty(limbo) if limbo >= 0 else -1
    want = {AK_HIRE: T_CREW, AK_XP: T_CREW, AK_ACTION: T_ACTION, AK_ATTACH: T_ATTACH, AK_ADV_PUT: T_ADVENTURE,
            AK_CHANTEY: T_CHANTEY}.get(ak, -1)
    if lt != want and not (ak == AK_ACTION and pk == PK_ABSORB and limbo < 0):
        return [f"limbo: the card declared does not match the action kind {ak}"]
    if ak == AK_CHANTEY and edition == ED_ORIGINAL:
        bad.append("act_kind: no Chanteys in the original rulebook")
    op = int(CARD[limbo, C_OP]) if limbo >= 0 and lt == T_ACTION else -1
    hostile = ak == AK_ATTACH and bool(CARD[limbo, C_HOSTILE])
    needs_target = ak in (AK_CANNON, AK_BOARD) or op in (OP_HITS, OP_BOARDING, OP_DISCARD, OP_DUEL) or hostile
    if needs_target and pk not in (PK_TARGET,):
        if tgt < 0 or tgt == actor or not s["alive"][tgt]:
            bad.append("act_target: a sailing opponent")
        elif ((ak in (AK_CANNON, AK_BOARD) or op in (OP_HITS, OP_BOARDING, OP_DUEL))
              and s["sea"][tgt] != s["sea"][actor]):
            bad.append("act_target: in the same Sea")
    if pk == PK_TARGET and (not needs_target or tgt != -1):
        bad.append("pk: a target is chosen only for a targeted action")
    if not needs_target and tgt != -1:
        bad.append("act_target: set for an untargeted action")
    ok = {PK_PAY: (AK_HIRE, AK_ACTION, AK_ATTACH, AK_ADV_DONE, AK_CHANTEY, AK_MOVE, AK_BOARD),
          PK_CANCEL: (AK_ACTION, AK_CHANTEY, AK_BOARD, AK_ATTACH),
          PK_SEA: (AK_MOVE, AK_FREE, AK_ADV_PUT, AK_ACTION),
          PK_TARGET: (AK_CANNON, AK_BOARD, AK_ACTION, AK_ATTACH), PK_FIRE: (AK_CANNON,),
          PK_HOST: (AK_ATTACH, AK_XP), PK_ABSORB: (AK_CANNON, AK_ACTION), PK_FOE: (AK_ACTION,),
          PK_REACT: (AK_CANNON,), PK_PICK: (AK_ACTION, AK_ADV_DONE)}
    if ak not in ok.get(pk, ()):
        return bad + [f"act_kind: {ak} cannot be pending decision {pk}"]
    if pk == PK_SEA and ak == AK_ACTION and op != OP_MOVE:
        bad.append("pk: only a move card asks for a Sea")
    if pk == PK_PICK and op != OP_RECRUIT and ak != AK_ADV_DONE:
        bad.append("pk: only a recruiting card asks for a crew from hand")
    if pk == PK_PAY and ak == AK_ACTION and op == OP_MOVE and s["pay_cancel"]:
        bad.append("pk: a move card has no cancel")
    host = int(s["act_host"])
    if ak == AK_MOVE and pk == PK_PAY and not (0 <= host < NSEAS and abs(host - int(s["sea"][actor])) == 1):
        bad.append("act_host: a move goes to an adjacent Sea")
    if ak == AK_ATTACH and pk in (PK_PAY, PK_CANCEL):
        on = tgt if hostile else actor
        if host == HOST_SHIP:
            if int(CARD[limbo, C_HOST]) != H_SHIP:
                bad.append("act_host: not a Ship attachment")
        elif not (0 <= host < MAX_CREW and on >= 0 and s["crew"][on][host] >= 0) \
                or int(CARD[limbo, C_HOST]) == H_SHIP:
            bad.append("act_host: an attachment goes on a crew aboard")
    if pk == PK_FOE and (op != OP_DUEL or host != -1):
        bad.append("pk: only a duel names the other crew")
    if op == OP_DUEL and pk in (PK_PAY, PK_CANCEL):
        if not (0 <= host < MAX_CREW and tgt >= 0 and int(s["crew"][tgt][host]) >= 0):
            bad.append("act_host: a duel names a crew of its target")
    elif ak == AK_ADV_DONE and pk == PK_PICK:
        if not 1 <= host <= min(2, int(s["hand_n"][actor])):
            bad.append("act_host: cards left to discard for the adventure, at most the hand")
    elif ak not in (AK_MOVE, AK_ATTACH) and host != -1:
        bad.append("act_host: unused by this action")
    slot = int(s["act_slot"])
    if ak == AK_ADV_DONE:
        if not 0 <= slot < int(s["adv_n"][actor]) or int(s["adv_sea"][actor][slot]) != int(s["sea"][actor]):
            bad.append("act_slot: an adventure in this Sea")
    elif slot != -1:
        bad.append("act_slot: unused by this action")
    if pk == PK_CANCEL and not ((int(s["cw_mask"]) >> cur) & 1 == 0 and cur != actor):
        bad.append("cw_mask: the seat deciding has been offered the cancel")
    return bad


def _semantics(states, r):
    for j in range(states.shape[0]):
        problems = _record(states[j])
        if problems:
            one = np.zeros(states.shape[0], bool)
            one[j] = True
            for msg in problems[:10]:
                r.flag(one, msg)


#: seats not in the game: every per-seat field (deck list included) stays as set-up leaves
#: it: -1 (no card, no sea, no place in the turn order) or 0
_UNUSED_SEATS = V.unused_seats_stage(
    V.seat_fields(STATE, MAX_PLAYERS),
    {f: -1 for f in ("order", "ship", "sea", "crew", "att", "att_host", "att_owner", "adv",
                     "adv_sea", "hand", "deck", "discard", "sunk")})


def check_states(states):
    """One list of problems per record (empty when valid)."""
    return V.run_stages(states, [V.header_stage(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_MAX_STEPS), _UNUSED_SEATS,
                                 _ranges, _semantics,
                                 V.legal_action_stage(NUM_ACTIONS, batch.batch_legal)])
