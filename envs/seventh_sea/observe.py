"""7th Sea CCG observation encoder: what one seat may know, from its point of view.

Visible: every card in play (Captains, Ships, Crew with tacked state and current skills,
Attachments, uncompleted Adventures and their Seas, the Chantey), the card being played, the
boarding cards on the table, one's own hand, pile sizes. Hidden [Game Set-Up; Draw Deck;
Discard Pile]: other hands (counts only), every deck (counts only), discard and sunk piles
(counts only: "may not be inspected"), and other players' starting Crew until all have
chosen (revealed simultaneously). Seats are rotated so the observer is relative seat 0.
Cards are encoded by features (``FEAT``) and id.
"""

import numpy as np
from numba import njit

from envs.core.action_slots import ActionSlots, SlotKind

from .cards import CARD, NDEFS
from .common import crew_max, hand_max, move_cost, skill, swordsman
from .state import (
    C_ARG, C_BOX, C_CANCEL, C_CANCEL_SKILL, C_CONTROL, C_COST, C_COST_SKILL, C_DEF1, C_DEF2,
    C_DIST, C_FACTION, C_FEAR, C_HAND_BONUS, C_OP, C_SHIP_CREWMAX, C_SHIP_MOVE, C_SK0,
    C_SORC, C_SWORD, C_TRAITS, C_TYPE, C_REACT, C_ACT, C_ACT_ARG, C_REACT_ARG, C_GUNNERY,
    C_ARMOUR, OP_NAMES, REACT_NAMES, SCHOOL_NAMES, C_SCHOOL, C_SORC2, C_SCHOOL2,
    OP_DRAW as S_OP_DRAW, OP_UNTACK_CAPTAIN as S_OP_UNTACK, MAX_ADV, MAX_ATT, MAX_CREW, MAX_DEFS, MAX_HAND,
    MAX_PLAYERS, NBOX, NPK, NSEAS, PH_START, ACTION_RANGES,
)

FEAT_NAMES = (["present", "id"] + [f"type{i}" for i in range(7)] + [f"faction{i}" for i in range(7)]
              + ["cost"] + [f"cost_skill{i}" for i in range(6)] + ["cancel"]
              + [f"cancel_skill{i}" for i in range(6)] + [f"skill{i}" for i in range(5)]
              + [f"trait{i}" for i in range(9)] + ["swordsman", "fear", "sorcery"]
              + [f"box{i}" for i in range(NBOX)] + [f"defence{i}" for i in range(NBOX)]
              + [f"op{i}" for i in range(len(OP_NAMES))]
              + [f"react_{r}" for r in REACT_NAMES[1:]] + ["react_arg", "act_draw", "act_untack", "act_arg"]
              + ["arg", "dist", "control", "hand_bonus", "ship_move", "ship_crew_max", "gunnery", "armour"]
              + [f"school_{k}" for k in SCHOOL_NAMES[1:]])
NF = len(FEAT_NAMES)


def _features() -> np.ndarray:
    f = np.zeros((NDEFS, NF), np.float32)
    for d in range(NDEFS):
        c = CARD[d].astype(np.int64)
        row = [1.0, (d + 1) / MAX_DEFS]
        row += [float(c[C_TYPE] == i) for i in range(7)]
        row += [float(c[C_FACTION] == i) for i in range(7)]
        row += [c[C_COST] / 9] + [float(c[C_COST_SKILL] == i) for i in range(6)]
        row += [c[C_CANCEL] / 9] + [float(c[C_CANCEL] > 0 and c[C_CANCEL_SKILL] == i) for i in range(6)]
        row += [c[C_SK0 + k] / 9 for k in range(5)]
        row += [float((c[C_TRAITS] >> i) & 1) for i in range(9)]
        row += [c[C_SWORD] / 4, c[C_FEAR] / 4, c[C_SORC] / 4]
        row += [float(c[C_BOX] == i) for i in range(NBOX)]
        row += [float(c[C_DEF1] == i or c[C_DEF2] == i) for i in range(NBOX)]
        row += [float(c[C_OP] == i) for i in range(len(OP_NAMES))]
        row += [float(c[C_REACT] == i) for i in range(1, len(REACT_NAMES))] + [c[C_REACT_ARG] / 9]
        row += [float(c[C_ACT] == S_OP_DRAW), float(c[C_ACT] == S_OP_UNTACK), c[C_ACT_ARG] / 3]
        row += [c[C_ARG] / 9, c[C_DIST] / 4, float(c[C_CONTROL]), c[C_HAND_BONUS] / 2,
                c[C_SHIP_MOVE] / 2, c[C_SHIP_CREWMAX] / 2, c[C_GUNNERY] / 3, c[C_ARMOUR] / 3]
        row += [(c[C_SORC] * (c[C_SCHOOL] == k) + c[C_SORC2] * (c[C_SCHOOL2] == k)) / 4
                for k in range(1, len(SCHOOL_NAMES))]
        f[d] = row
    return f


FEAT = _features()

# layout
CREW_W = 1 + 6 + 1 + NF          # tacked, current skills (5) + swordsman, fighting, features
ATT_W = MAX_CREW + 1 + NSEAS + 1 + NF  # host one-hot (crew slots, ship, sea k), an
#                                        opponent's (original), features
ADV_W = NSEAS + NF
#: a seat's head: present, sailing, to answer, acting; place in turn order; Sea; Ship tacked,
#: Move Cost, Crew Maximum; hand, deck, discard and sunk counts, hand maximum; Ship and
#: Captain cards (then its Crew, Attachment and Adventure blocks)
SEAT_HEAD = 4 + MAX_PLAYERS + NSEAS + 1 + 2 + 5 + NF + NF
SEAT_W = SEAT_HEAD + MAX_CREW * CREW_W + MAX_ATT * ATT_W + MAX_ADV * ADV_W
O_PHASE = 0
O_PK = O_PHASE + 5
O_AK = O_PK + NPK
O_MISC = O_AK + 12               # turn, edition, pay_left, pay_cancel, hits, round, half,
#                                  b_pass, b_pushed, must_act, passes, b_n, to_play is me, duel,
#                                  cannon produced, a fighter waits for Reacts
O_PAYSK = O_MISC + 16
O_BOX = O_PAYSK + 5
O_LIMBO = O_BOX + NBOX
O_LASTB = O_LIMBO + NF
O_CHANTEY = O_LASTB + NF
O_CHOWN = O_CHANTEY + NF
O_REACT = O_CHOWN + MAX_PLAYERS
O_HAND = O_REACT + NF
O_SEATS = O_HAND + MAX_HAND * NF
OBS_SIZE = O_SEATS + MAX_PLAYERS * SEAT_W

#: the acting seat's own blocks (relative seat 0: the observer is the seat to play)
O_OWN_CREW = O_SEATS + SEAT_HEAD
O_OWN_ATT = O_OWN_CREW + MAX_CREW * CREW_W
O_OWN_ADV = O_OWN_ATT + MAX_ATT * ATT_W


def _action_slots() -> ActionSlots:
    """Actions a policy scores from the block of the slot they name (GameSpec.action_slots),
    each read from the acting seat's own observation (rotated: that seat is relative seat 0,
    and every action names a slot of the seat ``s.cur`` that answers the decision):

    - ``hand``, ``experience``: hand card i's features (play, pay, react, discard, bring into
      play; experience a crew with it [2. Experience a Crew]);
    - ``crew``, ``sink``, ``discard_crew``, ``act``: crew slot j's block of the acting seat
      (tacked, current skills, Swordsman, fighting, the card): tack to pay, absorb, fire,
      push forward or host [Paying Costs; Suffering Hits; Boarding; Attachment], sink
      [Suffering Hits], discard [11. Discard a Crew], its "Act:" or React ability;
    - ``target``: the head of the seat r+1 places after the actor, relative seat r+1 in the
      rotated observation (status, turn order, Sea, Ship, pile counts, Ship and Captain
      cards; not its crew and attachment blocks, which would make a block of 7,952 floats);
    - ``complete_adventure``, ``discard_adventure``: adventure k's block (its Sea, the card)
      [6. Complete an Adventure; 12. Discard an Adventure];
    - ``attachment_act``: attachment a's block (host, owner, the card) [Attachment].

    Not slots: ``foe_crew`` (the crew of the target player ``act_target``: whose block it is
    moves with the target, and offsets are fixed [Duels; ruling: Hostile attachments]), ``sea``
    (a Sea has no block of its own: only one-hots in the seats' heads and the Adventure and
    attachment blocks [Game Set-Up: the Seas in order]), ``starting_crew`` (a
    card definition of the seat's deck, not a slot of the observation [Game Set-Up]) and the
    single actions (ship, move, cannon, board, free move, pass, stop, pay cancel, ship act,
    Chantey ability), each with a logit of its own."""
    def strided(name, at, stride, width):
        first, count = ACTION_RANGES[name]
        return SlotKind.strided(name, first, count, at, stride, width)

    return ActionSlots(OBS_SIZE, (
        strided("hand", O_HAND, NF, NF),
        strided("experience", O_HAND, NF, NF),
        *(strided(name, O_OWN_CREW, CREW_W, CREW_W)
          for name in ("crew", "sink", "discard_crew", "act")),
        strided("target", O_SEATS + SEAT_W, SEAT_W, SEAT_HEAD),
        strided("complete_adventure", O_OWN_ADV, ADV_W, ADV_W),
        strided("discard_adventure", O_OWN_ADV, ADV_W, ADV_W),
        strided("attachment_act", O_OWN_ATT, ATT_W, ATT_W)))


ACTION_SLOTS = _action_slots()

LAYOUT = [("phase", O_PHASE, 5), ("pending", O_PK, NPK), ("act_kind", O_AK, 12),
          ("misc", O_MISC, 16), ("react_card", O_REACT, NF), ("pay_skill", O_PAYSK, 5), ("boarding_box", O_BOX, NBOX),
          ("card_played", O_LIMBO, NF), ("last_boarding_card", O_LASTB, NF),
          ("chantey", O_CHANTEY, NF), ("chantey_owner", O_CHOWN, MAX_PLAYERS),
          ("hand", O_HAND, MAX_HAND * NF), ("seats", O_SEATS, MAX_PLAYERS * SEAT_W)]


@njit(cache=True)
def _card(out, o, d):
    if d >= 0:
        out[o:o + NF] = FEAT[d]


@njit(cache=True)
def observe(s, seat, out):
    # int(): a narrow state field is widened before it offsets an index (numba computes in
    # int64; as plain Python the sum would stay int8 and overflow past 127)
    out[:] = 0.0
    n = s.num_players
    out[O_PHASE + int(s.phase)] = 1.0
    out[O_PK + int(s.pk)] = 1.0
    out[O_AK + int(s.act_kind)] = 1.0
    m = O_MISC
    out[m] = min(s.turn, 50) / 50
    out[m + 1] = 1.0 if s.cfg.edition == 2 else 0.0
    out[m + 2] = min(max(s.pay_left, 0), 20) / 10
    out[m + 3] = s.pay_cancel
    out[m + 4] = min(s.hits, 20) / 10
    out[m + 5] = min(s.b_round, 20) / 10
    out[m + 6] = s.b_half
    out[m + 7] = s.b_pass
    out[m + 8] = s.b_pushed
    out[m + 9] = s.must_act
    out[m + 10] = s.passes / MAX_PLAYERS
    out[m + 11] = s.b_n / 10
    out[m + 12] = 1.0 if s.to_play == seat else 0.0
    out[m + 13] = s.b_duel
    out[m + 14] = min(s.fire_hits, 20) / 10
    out[m + 15] = 1.0 if s.fighter_abs >= 0 else 0.0
    _card(out, O_REACT, s.react_card)
    if s.pk == 3:
        out[O_PAYSK + int(s.pay_skill)] = 1.0
    if s.b_n > 0:
        out[O_BOX + int(s.b_box)] = 1.0
        _card(out, O_LASTB, s.b_cards[s.b_n - 1])
    _card(out, O_LIMBO, s.limbo)
    _card(out, O_CHANTEY, s.chantey)
    if s.chantey >= 0:
        out[O_CHOWN + int((s.chantey_owner - seat + n) % n)] = 1.0
    for i in range(s.hand_n[seat]):
        _card(out, O_HAND + i * NF, s.hand[seat, i])
    for r in range(n):
        q = (seat + r) % n
        o = O_SEATS + r * SEAT_W
        secret = s.phase == PH_START and q != seat   # starting crew revealed together
        out[o] = 1.0
        out[o + 1] = s.alive[q]
        out[o + 2] = 1.0 if s.cur == q and s.to_play >= 0 else 0.0
        out[o + 3] = 1.0 if s.actor == q else 0.0
        o += 4
        for i in range(n):
            if s.order[i] == q:
                out[o + i] = 1.0
        o += MAX_PLAYERS
        if s.sea[q] >= 0:       # int(): an int8 field widened before it offsets the index
            out[o + int(s.sea[q])] = 1.0
        o += NSEAS
        out[o] = s.ship_tacked[q]
        out[o + 1] = move_cost(s, q) / 5
        out[o + 2] = crew_max(s, q) / MAX_CREW
        o += 3
        out[o] = s.hand_n[q] / MAX_HAND
        out[o + 1] = 0.0 if secret else s.deck_n[q] / 60
        out[o + 2] = s.discard_n[q] / 60
        out[o + 3] = s.sunk_n[q] / 60
        out[o + 4] = hand_max(s, q) / MAX_HAND
        o += 5
        _card(out, o, s.ship[q])
        o += NF
        _card(out, o, s.crew[q, 0])
        o += NF
        for j in range(MAX_CREW):
            d = s.crew[q, j]
            if d >= 0 and not (secret and j > 0):
                out[o] = s.tacked[q, j]
                for k in range(5):
                    # the Captain's crew ability would tell secret starting crew apart
                    v = CARD[d, C_SK0 + k] if secret else skill(s, q, j, k)
                    out[o + 1 + k] = v / 9
                out[o + 6] = swordsman(s, q, j) / 4
                for f in range(2):
                    if s.f_seat[f] == q and s.f_slot[f] == j:
                        out[o + 7] = 1.0
                _card(out, o + 8, d)
            o += CREW_W
        for a in range(s.att_n[q]):
            h = int(s.att_host[q, a])
            out[o + a * ATT_W + h] = 1.0
            out[o + a * ATT_W + MAX_CREW + 1 + NSEAS] = 1.0 if s.att_owner[q, a] != q else 0.0
            _card(out, o + a * ATT_W + MAX_CREW + 2 + NSEAS, s.att[q, a])
        o += MAX_ATT * ATT_W
        for k in range(s.adv_n[q]):
            out[o + k * ADV_W + int(s.adv_sea[q, k])] = 1.0
            _card(out, o + k * ADV_W + NSEAS, s.adv[q, k])
        o += MAX_ADV * ADV_W
