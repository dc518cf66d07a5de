"""Cursed Seas action labels: what an action means in the pending decision, in words."""

from __future__ import annotations

from . import pieces
from .stand_in import piece_of, unknown
from .state import A_CAPT, A_LOAD, A_NAV, CAPT_SCUTTLE, PK_CAPT, PK_LOAD, PK_NAV, PK_REVEAL, PK_TOW
from .state import DEPLOY_TURN, MAX_FORTS_P, PK_FORT_GUN, PK_GUN
from .state import (
    A_PIECE, A_SCUTTLE, A_SEA, OPT_ASHORE, PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP, PK_PIECE_TO,
    PK_SEA_SWAP, PK_SEA_WITH, SEA_CREW, OPT_TAKE_NOTHING,
)
from .state import (
    A_NO, A_OPT, A_ORDER, A_SEG, A_YES, ACT_NAMES, FAN_DEG, FRACS, GRID, MAX_CREW_P, MAX_FLEET,
    NUM_FAN, NUM_FRAC, PK_BOARD, PK_BOARD_COIN, PK_BOARD_CREW, PK_BOARD_WIN, PK_DEPLOY,
    PK_EXPLORE, PK_HOME, PK_MAST, PK_PLACE, PK_REEF, PK_REPAIR, PK_TARGET, PK_TERRAIN, PK_TURN,
    EDGE_SLOTS, MAX_TERR, PK_ICE_MAST, PK_PLACE_TERR, PK_UNTANGLE, PK_WHIRL, PK_WHIRL_LOSS,
    TERRAIN_KINDS, A_FORT, MAX_ISLANDS, OPT_FORT, PK_BUILD, PK_FLAG, PK_FORT_MAST,
    PK_FORT_TARGET, PK_PAY,
)


def ship_name(s, k) -> str:
    if not 0 <= int(k) < len(s["sh_owner"]):    # an option past the ships (illegal action)
        return f"ship {int(k)} (no such ship)"
    p, j = divmod(int(k), MAX_FLEET)
    d = int(s["cfg"]["ship_def"][p, j])
    name = pieces.CATALOGUE.ships[d].name if 0 <= d < len(pieces.CATALOGUE.ships) else "?"
    return f"{name} (p{int(s['sh_owner'][k])})"      # her fleet now [Tow]


def piece_name(s, c, seat) -> str:
    """A crew or equipment by name when ``seat`` knows it, else by kind."""
    if not 0 <= int(c) < len(s["cr_up"]):       # an option past the pieces (illegal action)
        return f"piece {int(c)} (no such piece)"
    p, j = divmod(int(c), MAX_CREW_P)
    d = int(s["cfg"]["crew_def"][p, j])
    kind = "equipment" if s["cfg"]["crew_eq"][p, j] else "crew"
    if d >= 0 and (s["cr_up"][c] or int(seat) >= 0 and (int(s["cr_seen"][c]) >> int(seat)) & 1):
        return f"{kind} {pieces.CATALOGUE.crew[d].name}"
    return f"face-down {kind} {int(c)}"


def _piece_label(s, v) -> str:
    """A_PIECE + v: a piece the seat to play knows by name; one it does not know by its
    kind and where it lies - the index is a stand-in (stand_in.py), never which piece."""
    seat = int(s["to_play"])
    if seat < 0 or not unknown(s, v, seat):
        return f"move {piece_name(s, v, seat)}"
    c = piece_of(s, seat, v)
    kind = "equipment" if s["cfg"]["crew_eq"][c // MAX_CREW_P, c % MAX_CREW_P] else "crew"
    i = int(s["cr_isl"][c])
    where = f"on island {i}" if i >= 0 else f"aboard {ship_name(s, int(s['cr_ship'][c]))}"
    # face-down pieces of one kind at one place look alike: they are told apart by order
    alike = [u for u in range(len(s["cr_ship"])) if unknown(s, u, seat)
             and _looks_alike(s, piece_of(s, seat, u), c)]
    nth = f" ({alike.index(v) + 1} of {len(alike)})" if len(alike) > 1 else ""
    return f"pick up a face-down {kind}{nth} {where}"


def _looks_alike(s, a, b) -> bool:
    """Pieces a and b: same fleet, same kind, same place (what a seat sees of a face-down
    piece)."""
    pa, pb = a // MAX_CREW_P, b // MAX_CREW_P
    return (pa == pb and s["cfg"]["crew_eq"][pa, a % MAX_CREW_P] ==
            s["cfg"]["crew_eq"][pb, b % MAX_CREW_P] and s["cr_isl"][a] == s["cr_isl"][b]
            and s["cr_ship"][a] == s["cr_ship"][b])


def _coin(s, c) -> str:
    """Coin c with its value when the seat to play has seen it, else '?'."""
    if not 0 <= int(c) < len(s["co_val"]):      # an option past the coins (illegal action)
        return f"coin {int(c)} (no such coin)"
    seat = int(s["to_play"])                    # no seat once the game is over: none saw it
    seen = seat >= 0 and (int(s["co_seen"][c]) >> seat) & 1
    return f"coin {c} (worth {int(s['co_val'][c]) if seen else '?'})"


def action_label(s, a) -> str:
    a = int(a)
    pk = int(s["pending"])
    o = a - A_OPT
    # --- tow / fort loading / trade currents
    if a >= A_NAV:
        return f"Navigator places a trade current: {ship_name(s, a - A_NAV)}"
    if a >= A_LOAD:
        return f"load treasure from the fort: {ship_name(s, a - A_LOAD)}"
    if a >= A_CAPT:
        return f"give an action: {ship_name(s, a - A_CAPT)}"
    if pk == PK_REVEAL:
        return f"turn up {piece_name(s, o, s['to_play'])}"
    if pk == PK_TOW:
        return "tow nothing" if a == A_NO else f"tow {ship_name(s, o)}"
    if pk == PK_CAPT:
        return ACT_NAMES[o] if o < 4 else ("scuttle" if o == CAPT_SCUTTLE else "explore at sea")
    if pk == PK_LOAD:
        if a == A_NO:
            return "stop loading"
        return f"load {_coin(s, o)}"
    if pk == PK_NAV:
        return f"trade current at {o * 360 // EDGE_SLOTS} deg from her heading"
    # --- cargo / crew / equipment
    if a >= A_SEA:
        return f"explore at sea: {ship_name(s, int(s['to_play']) * MAX_FLEET + a - A_SEA)}"
    if a == A_NO and pk == PK_SEA_SWAP:
        return "stop exploring"
    if pk == PK_SEA_WITH:
        return f"explore {ship_name(s, o)}"
    if pk == PK_MYST_CREW:
        return f"fever takes {piece_name(s, o, s['to_play'])}"
    if pk == PK_MYST_UP:
        return f"fresh water: mast {o} back"
    if pk == PK_MYST_DOWN:
        return f"storm breaks mast {o}"
    if pk == PK_SEA_SWAP and a < A_ORDER:
        if o >= SEA_CREW:
            return f"move {piece_name(s, o - SEA_CREW, s['to_play'])} across"
        return f"move {_coin(s, o)} across"
    if a >= A_SCUTTLE:
        return f"scuttle: {ship_name(s, int(s['to_play']) * MAX_FLEET + a - A_SCUTTLE)}"
    if a >= A_PIECE:
        return _piece_label(s, a - A_PIECE)
    if pk == PK_PIECE_TO:
        return "leave it ashore" if o == OPT_ASHORE else f"put it aboard {ship_name(s, o)}"
    if pk == PK_BOARD_WIN and o == OPT_TAKE_NOTHING:
        return "take nothing"
    if a == A_YES:
        return "eliminate a crew" if pk == PK_BOARD_WIN else "board"
    if a == A_NO:
        return {PK_TURN: "end turn", PK_GUN: "stop shooting (the rest hold fire)",
                PK_FORT_GUN: "stop shooting (the rest hold fire)", PK_EXPLORE: "stop exploring",
                PK_BOARD: "do not board", PK_BOARD_WIN: "take a treasure",
                PK_DEPLOY: "set the ship aside",
                PK_WHIRL: "stay (do not use the whirlpool)", PK_BUILD: "build no fort",
                }.get(pk, "stop")
    if a >= A_FORT:
        return f"shoot: fort {a - A_FORT} of player_{int(s['to_play'])}"
    if A_ORDER <= a < A_SEG:
        slot, act = divmod(a - A_ORDER, 4)
        p = int(s["to_play"])
        return f"{ACT_NAMES[act]}: {ship_name(s, p * MAX_FLEET + slot)}"
    if A_SEG <= a < A_YES:
        o = a - A_SEG
        fr = o % NUM_FRAC
        f = (o // NUM_FRAC) % NUM_FAN
        kind = "L" if o // (NUM_FRAC * NUM_FAN) else "S"
        return f"sail {int(round(FRACS[fr] * NUM_FRAC))}/{NUM_FRAC} {kind}, turning " \
            f"{FAN_DEG[f]:+g} deg"
    if pk == PK_TERRAIN:
        return f"place reef at grid ({o % GRID}, {o // GRID})"
    # --- forts / terrain / creatures ---
    if pk == PK_PLACE_TERR:
        t = int(s["n_terr"])
        kind = TERRAIN_KINDS[int(s["cfg"]["terr_kind"][t])] if t < MAX_TERR else "terrain"
        return f"place {kind} at grid ({o % GRID}, {o // GRID})"
    if pk == PK_ICE_MAST:
        return f"iceberg breaks mast {o}"
    if pk == PK_WHIRL:
        w, slot = divmod(o, EDGE_SLOTS)
        return f"jump to whirlpool {w} at {slot * 360 // EDGE_SLOTS} deg"
    if pk == PK_WHIRL_LOSS:
        if o < 8:
            return f"whirlpool takes mast {o}"
        if o < 16:                  # the (o - 8)-th crew aboard, in index order
            aboard = [c for c in range(len(s["cr_ship"])) if s["cr_ship"][c] == s["pend_ship"]
                      and not s["cfg"]["crew_eq"][c // MAX_CREW_P, c % MAX_CREW_P]]  # crew only
            c = aboard[o - 8] if o - 8 < len(aboard) else -1
            return f"whirlpool takes {piece_name(s, c, s['to_play']) if c >= 0 else o - 8}"
        return f"whirlpool takes coin {o - 16}"
    if pk == PK_UNTANGLE:
        return f"leave the Sargasso Sea at {o * 360 // EDGE_SLOTS} deg"
    if pk == PK_REEF:
        return f"reef breaks mast {o}"
    if pk == PK_PLACE:
        return f"place island at grid ({o % GRID}, {o // GRID})"
    if pk == PK_HOME:
        return f"island {o} as home of player_{int(s['pend_seat'])}"
    if pk == PK_DEPLOY:
        return f"bow at {o // 5 * 30} deg around home, heading {DEPLOY_TURN[o % 5]:+g} deg " \
            "off its centre"
    if pk in (PK_GUN, PK_FORT_GUN) and not 0 <= o < s["cfg"]["ship_rank"].shape[2]:
        return f"fire cannon {o} (no such cannon)"       # an option past the masts (illegal)
    if pk == PK_GUN:
        k = int(s["pend_ship"])
        p, j = divmod(k, MAX_FLEET)
        rank = int(s["cfg"]["ship_rank"][p, j, o])
        rng = "L" if s["cfg"]["ship_range"][p, j, o] else "S"
        return f"fire cannon {o} (rank {rank}, range {rng}) next"
    if pk == PK_FORT_GUN and not 0 <= o < s["cfg"]["fort_rank"].shape[2]:
        return f"fire flag {o} (no such flag)"
    if pk == PK_FORT_GUN:
        f = int(s["pend_fort"])
        rank = int(s["cfg"]["fort_rank"][f // MAX_FORTS_P, f % MAX_FORTS_P, o])
        rng = "L" if s["cfg"]["fort_range"][f // MAX_FORTS_P, f % MAX_FORTS_P, o] else "S"
        return f"fire flag {o} (rank {rank}, range {rng}) next"
    if pk in (PK_TARGET, PK_FORT_TARGET):
        return f"fire at fort {o - OPT_FORT}" if o >= OPT_FORT else f"fire at {ship_name(s, o)}"
    if pk == PK_BUILD:
        j, i = divmod(o, MAX_ISLANDS)
        return f"build fort {j} on island {i}"
    if pk == PK_PAY:
        return f"pay {_coin(s, o)} into the fort"     # its value only if this seat saw it
    if pk == PK_FORT_MAST:
        return f"knock down mast {o}"
    if pk == PK_FLAG:
        return f"eliminate flag {o}"
    if pk == PK_MAST:
        return f"knock down mast {o}"
    if pk == PK_REPAIR:
        return f"repair mast {o}" + (" (Carpenter: a second)" if int(s["pend_count"]) else "")
    if pk in (PK_EXPLORE, PK_BOARD_COIN):
        return f"take {_coin(s, o)}"
    if pk == PK_BOARD_CREW:
        # the loser picks among the crew aboard, which may be face down and not its own [Tow]
        return f"lose {piece_name(s, o, s['to_play'])}"
    return f"option {o}"
