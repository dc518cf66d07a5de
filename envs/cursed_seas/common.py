"""Helpers shared by the Cursed Seas kernels: ship stats, keywords, cargo, sinking.

Sections: Placing Crew and equipment (nationality, cargo, revealing crew), Derelict,
Sinking a ship, Pin, Winning the Game (who can still move).
"""

import math

from numba import njit

from .geometry import bow_touches
from .state import (
    KW_SHIPWRIGHT, LOC_GONE, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_FORTS,
    MAX_FORTS_P, MAX_SHIPS, NUM_KW, PH_PLAY, PK_REVEAL,
)


@njit(cache=True)
def nmast(s, k):
    return s.cfg.ship_nmast[k // MAX_FLEET, k % MAX_FLEET]


@njit(cache=True)
def masts_up(s, k):
    n = 0
    for m in range(5):
        n += (s.sh_masts[k] >> m) & 1
    return n


@njit(cache=True)
def usable(s, c, k):
    """Crew/equipment c may use its ability aboard ship k: it is aboard, and works there
    (:func:`works_aboard`) [Placing Crew and equipment]."""
    return s.cr_ship[c] == k and works_aboard(s, c, k)


@njit(cache=True, inline="always")
def works_aboard(s, c, k):
    """Crew/equipment c could use its ability aboard ship k wherever it lies now: crew is of
    the ship's nation (equipment has none; ruling: Equipment) [Placing Crew and equipment]."""
    p = c // MAX_CREW_P
    j = c % MAX_CREW_P
    if s.cfg.crew_eq[p, j]:
        return True
    return s.cfg.crew_nation[p, j] == s.cfg.ship_nation[k // MAX_FLEET, k % MAX_FLEET]


@njit(cache=True)
def keywords(s, k):
    """Keyword bits of the crew and equipment aboard ship k that may use their ability
    there. Bits, so two sources of one keyword count once [No Stacking]."""
    out = treasure_keywords(s, k)
    for c in range(MAX_CREW):
        if usable(s, c, k):
            out |= s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P]
    return out


@njit(cache=True, inline="always")
def treasure_keywords(s, k):
    """Keyword bits the face-up unique treasure aboard ship k gives her (ruling: Unique
    treasure): in every seat's view."""
    out = 0
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            out |= s.co_kw[c]
    return out


@njit(cache=True)
def reveal(s, k, kw):
    """Turn face up a crew (or equipment) of ship k giving keyword kw: a crew is revealed
    when its ability is used [Placing Crew and equipment; ruling: Equipment]. One is enough
    (No Stacking). A face-up unique treasure giving it is already in view. Which piece uses
    its ability is her player's choice: when another seat could see two different pieces
    aboard that might give it (reveal_asked), the reveal waits in ``sh_rv`` for her decision
    (PK_REVEAL, asked as soon as the answer being applied is done; ruling: Revealing
    crew); else the one piece that gives it (or the first of identical copies) turns up."""
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and s.co_kw[c] & kw:
            return
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & kw:
            if s.cr_up[c]:
                return
    if s.sh_rv[k] & kw:
        return                           # already waiting for her choice
    if reveal_asked(s, k, kw):
        s.sh_rv[k] |= kw
        return
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & kw:
            s.cr_up[c] = 1
            return


@njit(cache=True)
def reveal_asked(s, k, kw):
    """Her player is asked which piece of ship k giving keyword kw turns up when a seat that
    has looked at none of her face-down pieces could hold two different ones possible: face-
    down pieces aboard from two groups (fleet built with, and kind: crew or equipment, both
    open) each with a face-down kw piece in play that could use it aboard her, or two aboard
    from one group holding two different such pieces. Open state only, so every seat sees
    the same question asked (the answer may have one option) [Placing Crew and equipment]."""
    groups = 0
    for q in range(MAX_CREW // MAX_CREW_P):
        for eq in range(2):
            aboard = 0
            for x in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
                if s.cr_ship[x] == k and not s.cr_up[x] and s.cfg.crew_eq[q, x % MAX_CREW_P] == eq:
                    aboard += 1
            if aboard == 0:
                continue
            n = 0
            first = -1
            other = False
            for x in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
                j = x % MAX_CREW_P
                if not s.cr_up[x] and (s.cr_ship[x] >= 0 or s.cr_isl[x] >= 0) and \
                        s.cfg.crew_eq[q, j] == eq and s.cfg.crew_kw[q, j] & kw and \
                        works_aboard(s, x, k):
                    n += 1
                    if first < 0:
                        first = s.cfg.crew_def[q, j]
                    elif s.cfg.crew_def[q, j] != first:
                        other = True
            if n == 0:
                continue
            groups += 1
            if groups >= 2 or (aboard >= 2 and other):
                return True
    return False


@njit(cache=True)
def reveal_option(s, k, kw, c):
    """Piece c may be the one of ship k turned up for keyword kw: face down aboard, giving
    it there, and the first of its identical copies (same piece, kind and fleet) aboard."""
    if not (0 <= c < MAX_CREW) or s.cr_up[c] or not usable(s, c, k):
        return False
    q = c // MAX_CREW_P
    j = c % MAX_CREW_P
    if not s.cfg.crew_kw[q, j] & kw:
        return False
    for x in range(q * MAX_CREW_P, c):
        y = x % MAX_CREW_P
        if s.cr_ship[x] == k and not s.cr_up[x] and s.cfg.crew_def[q, y] == s.cfg.crew_def[q, j] \
                and s.cfg.crew_eq[q, y] == s.cfg.crew_eq[q, j]:
            return False
    return True


@njit(cache=True)
def reveal_due(s):
    """(ship, keyword bit) of the first reveal waiting for its player's choice that still
    has a piece to turn up; (-1, 0) none."""
    for k in range(MAX_SHIPS):
        b = int(s.sh_rv[k])
        for i in range(NUM_KW):
            kw = 1 << i
            if b & kw:
                for c in range(MAX_CREW):
                    if reveal_option(s, k, kw, c):
                        return k, kw
    return -1, 0


@njit(cache=True)
def ask_reveal(s):
    """After an answer is applied: a reveal waiting for its player's choice is asked before
    anything else (PK_REVEAL, the interrupted decision kept in rv_back / rv_to_play); when
    none is left the interrupted decision comes back. A reveal whose pieces are gone (she
    sank) or a game over drops it (ruling: Revealing crew)."""
    k, kw = reveal_due(s)
    if k < 0 or s.done or s.to_play < 0:
        for j in range(MAX_SHIPS):
            s.sh_rv[j] = 0
        if s.pending == PK_REVEAL:
            s.pending = s.rv_back
            s.to_play = s.rv_to_play
        if s.pending != PK_REVEAL:
            s.rv_back = 0
            s.rv_to_play = -1
        return
    if s.pending != PK_REVEAL:
        s.rv_back = s.pending
        s.rv_to_play = s.to_play
        s.pending = PK_REVEAL
    s.to_play = s.sh_owner[k]


@njit(cache=True)
def cost_aboard(s, k):
    """Points of the crew and equipment aboard ship k [Placing Crew and equipment]."""
    n = 0
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            n += s.cfg.crew_cost[c // MAX_CREW_P, c % MAX_CREW_P]
    return n


@njit(cache=True)
def coins_at(s, loc, at):
    """Coins in play at a place (the count is open to every seat; their values are not)."""
    n = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and s.co_loc[c] == loc and s.co_at[c] == at:
            n += 1
    return n


@njit(cache=True)
def cargo_used(s, k):
    """Crew and treasure aboard; unique treasure takes no space [Exploring]."""
    n = 0
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            n += 1
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and not s.co_up[c]:
            n += 1
    return n


@njit(cache=True)
def cargo_room(s, k):
    return s.cfg.ship_cargo[k // MAX_FLEET, k % MAX_FLEET] - cargo_used(s, k)


@njit(cache=True)
def sink(s, k):
    """Remove ship k with every crew, equipment and treasure aboard [Sinking a ship]."""
    s.sh_live[k] = 0
    s.sh_masts[k] = 0
    s.sh_dock[k] = -1
    s.sh_began[k] = -1
    s.sh_explored[k] = 0
    s.sh_pin[k] = -1
    s.sh_lost[k] = -1            # --- forts / terrain / creatures
    s.sh_tangled[k] = -1
    s.sh_scuttle[k] = 0
    s.sh_tow[k] = -1             # --- tow: a sunk tower tows nothing
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            s.cr_ship[c] = -1
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            s.co_loc[c] = LOC_GONE
            s.co_at[c] = -1
    release_pins(s)


@njit(cache=True)
def release_pins(s):
    """A pinned ship stays pinned while her bow touches the ship she rammed and that ship
    still has a mast [Pin]."""
    for k in range(MAX_SHIPS):
        j = s.sh_pin[k]
        if j >= 0:
            if not s.sh_live[k] or not s.sh_live[j] or s.sh_masts[j] == 0 \
                    or not bow_touches(s, k, j):
                s.sh_pin[k] = -1
    release_tows(s)


# --- tow -------------------------------------------------------------------------------------
@njit(cache=True)
def release_tows(s):
    """A tow lasts while the tower is afloat with a mast, the towed ship is still a
    derelict and her bow still touches the tower (ruling: Tow ends) [Tow]."""
    for k in range(MAX_SHIPS):
        j = s.sh_tow[k]
        if j >= 0:
            if not 0 <= j < MAX_SHIPS or not s.sh_live[k] or not s.sh_live[j] or \
                    s.sh_masts[k] == 0 or s.sh_masts[j] != 0 or s.sh_wreck[k] or \
                    s.sh_wreck[j] or s.sh_lost[k] >= 0 or s.sh_lost[j] >= 0 or \
                    not bow_touches(s, j, k):
                s.sh_tow[k] = -1


# --- forts: who holds the fort on an island (here, not in forts.py: can_ever_move needs it)
@njit(cache=True)
def fort_at(s, i):
    """The fort standing on island i, -1 none."""
    for f in range(MAX_FORTS):
        if s.ft_isl[f] == i:
            return f
    return -1


@njit(cache=True)
def own_fort_at(s, i, p):
    f = fort_at(s, i) if i >= 0 else -1
    return f >= 0 and f // MAX_FORTS_P == p


@njit(cache=True)
def can_ever_move(s, p):
    """Seat p may still give a move action some day: a ship with a mast, or a derelict that
    can repair (docked at her home island or her own fort, or a Shipwright aboard)
    [Winning the Game; Derelict; Repairing; ruling: Who can still move]."""
    return can_ever_move_seen(s, p, -1)


#: a piece's place as re-deals and stand-ins read it: ship k is k, island i is ISLAND_PLACE
#: + i, and before play the home island still to be chosen (cr_isl -1) ISLAND_PLACE - 1
ISLAND_PLACE = 64


@njit(cache=True, inline="always")
def piece_place(s, c):
    """Where piece c lies as a place code (``ISLAND_PLACE``)."""
    return s.cr_ship[c] if s.cr_ship[c] >= 0 else ISLAND_PLACE + s.cr_isl[c]


@njit(cache=True, inline="always")
def put_piece_at(s, c, place):
    """Put piece c at place code ``place`` (``piece_place``)."""
    if place >= ISLAND_PLACE - 1:
        s.cr_ship[c] = -1
        s.cr_isl[c] = place - ISLAND_PLACE
    else:
        s.cr_ship[c] = place
        s.cr_isl[c] = -1


@njit(cache=True)
def waits_ashore(s, c):
    """Before play, piece c waits to be put face down on its player's home island: the
    fleet put it there [Placing Crew and equipment: "put them face down either on your home
    island or on the deckplate card"], and nothing is lost before play, so a piece of a
    fleet in no place then is one of these (turns.pieces_ashore puts them ashore)."""
    q = c // MAX_CREW_P
    return s.phase < PH_PLAY and s.cr_ship[c] < 0 and s.cr_isl[c] < 0 and \
        q < s.num_players and s.cfg.crew_def[q, c % MAX_CREW_P] >= 0


@njit(cache=True)
def crew_known(s, c, seat):
    """``seat`` knows which piece crew c is: its own, face up, or one it has looked at."""
    return c // MAX_CREW_P == seat or s.cr_up[c] != 0 or (s.cr_seen[c] >> seat) & 1 != 0


@njit(cache=True)
def seen_shipwright(s, k, seat):
    """Ship k has a Shipwright that ``seat`` knows of: one face up, one the seat has looked
    at or owns (the rest are face down: which piece it is, is hidden; ruling: Equipment)
    [Placing Crew and equipment]."""
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and \
                s.co_kw[c] & KW_SHIPWRIGHT:
            return True
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & KW_SHIPWRIGHT \
                and crew_known(s, c, seat):
            return True
    return False


@njit(cache=True)
def can_ever_move_seen(s, p, seat):
    """can_ever_move as ``seat`` can tell it (seat < 0: the whole truth, for the end of the
    game). Masts, docking and forts are open; a face-down Shipwright counts only for a seat
    that knows it (ruling: Who can still move) [Winning the Game]."""
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] == p and s.sh_live[k] and not s.sh_wreck[k]:
            if s.sh_masts[k]:
                return True
            if s.home[p] >= 0 and s.sh_dock[k] == s.home[p]:
                return True
            if own_fort_at(s, s.sh_dock[k], p):      # repair at her fort [Repairing]
                return True
            if seat < 0 or seat == p:
                if keywords(s, k) & KW_SHIPWRIGHT:
                    return True
            elif seen_shipwright(s, k, seat):
                return True
    return False


@njit(cache=True)
def wrap_angle(h):
    return math.atan2(math.sin(h), math.cos(h))


@njit(cache=True)
def leave_dock(s, k):
    """A ship leaving a wild island she explored leaves her player's token [Exploring]."""
    i = s.sh_dock[k]
    if i >= 0 and s.sh_explored[k]:
        s.isl_token[i] |= 1 << s.sh_owner[k]
    s.sh_dock[k] = -1
    s.sh_explored[k] = 0
