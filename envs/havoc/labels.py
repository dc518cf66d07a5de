"""Seas of Havoc in words: action labels and one-line card, upgrade and slot descriptions.

``action_label(rec, a)`` names what action ``a`` does under the record's pending decision,
in the rulebook's terms (skiffs and slots [Island Actions], claims and restock [The Market],
playing, resolving and passing [Sea Phase], split arrows [Maneuvering], pivots and discards
[Collisions], cannon options and sides [Cannon Fire], extended maneuvers, booty [Booty],
paying a cost unit by unit [Booty; Symbology: any], the "any" return of a scrapped card
[Scrapping Cards]).
Any action in range gets a label, legal or not; used by the text renderer, error messages
and replays. Plain Python over a record (``rec["field"]``), never called by kernels.
"""

from __future__ import annotations

from envs.havoc import cards as C
from envs.havoc.state import (
    A_BOOTY, A_DISCARD, A_HAND, A_MARKET, A_OPTION, A_RESTOCK, A_SLOT, A_STOP, MARKET_SIZE,
    NUM_ACTIONS, NUM_OPTIONS, NUM_SLOTS, PK_BOOTY, PK_DISCARD, PK_EXTEND, PK_FIRE,
    PK_FIRE_SIDE, PK_GAIN_ANY, PK_MODE, PK_NONE, PK_ORIENT, PK_PATH, PK_PAY, PK_PIVOT, PK_PLAY,
    PK_FLAG, PK_PURCHASE, PK_RESTOCK_PICK, PK_SCRAP, PK_SCRAP_GAIN, PK_SHIP, PK_SKIFF,
    PK_TRADE_GIVE, PK_TRADE_TAKE, PK_WORKSHOP, SLOT_NAMES, STEP_FORWARD, STEP_LEFT, STEP_RIGHT, UPG_EXT_ANY, UPG_RANGE,
    FLAG_LOOKOUT, FLAG_NAMES, FLAG_SWIFT, EFFECT_NAMES, GRID, ST_EXT, ST_EXT_OFFER,
)

HEADING_NAMES = ("N", "E", "S", "W")
RES_NAMES = ("sail", "cannonball", "coin")
RES_PLURAL = ("sails", "cannonballs", "coins")
COST_NAMES = ("sail", "cannonball", "coin", "any")
TYPE_NAMES = ("sailing", "firing", "pivot", "sailing/firing", "ability", "damage")
FIRE_AT_NAMES = ("", "fire before moving", "fire after the maneuver",
                 "fire after the extended maneuver", "fire at each outline")
STEP_WORDS = {STEP_FORWARD: "forward", STEP_LEFT: "pivot left", STEP_RIGHT: "pivot right"}
PENDING_NAMES = ("none", "orient ship", "place skiff", "pick restocked card", "gain any",
                 "trade: give", "trade: take", "workshop", "scrap", "purchase", "booty",
                 "play a card", "resolve or pass", "choose ship", "choose path", "pivot",
                 "discard after collision", "fire cannons", "firing side", "extend maneuver",
                 "pay", "scrap: resource for 'any'", "flag action")


def card_name(d) -> str:
    d = int(d)
    return C.CARD_NAMES[d] if 0 <= d < C.NUM_CARD_DEFS else f"card #{d}"


def cost_text(cost) -> str:
    """'1 sail + 2 coins' (cost = sail, cannon, coin, any); 'free' when nothing."""
    parts = []
    for k, n in enumerate(cost):
        n = int(n)
        if n:
            name = COST_NAMES[k]
            plural = name if k == 3 else (RES_PLURAL[k] if n > 1 else RES_NAMES[k])
            parts.append(f"{n} {plural}")
    return " + ".join(parts) if parts else "free"


def path_text(steps) -> str:
    """A maneuver word like 'FLF' from STEP_* codes."""
    return "".join("FLR"[int(x) - 1] for x in steps if int(x) in (STEP_FORWARD, STEP_LEFT,
                                                                    STEP_RIGHT))


def card_text(d) -> str:
    """One line: name, type, cost, infamy, maneuvers, cannons, effect, flag, text."""
    d = int(d)
    if not 0 <= d < C.NUM_CARD_DEFS:
        return card_name(d)
    bits = [TYPE_NAMES[int(C.CARD_TYPE[d])], f"cost {cost_text(C.CARD_COST[d])}"]
    if C.CARD_INFAMY[d]:
        bits.append(f"{int(C.CARD_INFAMY[d]):+d} infamy")
    if C.CARD_MOVE_ALTS[d]:
        bits.append("move " + "/".join(path_text(C.CARD_MOVE[d, a])
                                       for a in range(int(C.CARD_MOVE_ALTS[d]))))
    if C.CARD_EXT_ALTS[d]:
        how = "1 sail" if C.CARD_EXT_COST[d] == 1 else "free"
        bits.append("extend " + "/".join(path_text(C.CARD_EXT[d, a])
                                         for a in range(int(C.CARD_EXT_ALTS[d]))) + f" ({how})")
    if C.CARD_CANNON_N[d]:
        opts = ", ".join(f"r{int(r)} {int(c)}cb x{int(n)}"
                         for r, c, n in C.CARD_CANNON[d, : int(C.CARD_CANNON_N[d])])
        bits.append(f"{FIRE_AT_NAMES[int(C.CARD_FIRE_AT[d])]}: {opts}")
    if C.CARD_EFFECT[d]:
        bits.append(f"{EFFECT_NAMES[int(C.CARD_EFFECT[d])]} {int(C.CARD_EFFECT_ARG[d])}")
    if C.CARD_FLAG[d] >= 0:
        bits.append(f"{FLAG_NAMES[int(C.CARD_FLAG[d])]} flag")
    return f"{C.CARD_NAMES[d]} ({'; '.join(bits)}): {C.CARD_TEXT[d]}"


def upgrade_text(u) -> str:
    u = int(u)
    return (f"{C.UPGRADE_NAMES[u]} (cost {cost_text(C.UPGRADE_COST[u])}, "
            f"{int(C.UPGRADE_INFAMY[u])} infamy): {C.UPGRADE_TEXT[u]}")


def slot_text(k) -> str:
    return SLOT_NAMES[int(k)] if 0 <= int(k) < NUM_SLOTS else f"slot #{int(k)}"


def crew_name(rec, c) -> str:
    """'player_0 (Xebec)' or 'ghost 3 (Brig)'."""
    c = int(c)
    sd = int(rec["crew_shipdef"][c])
    ship = C.SHIP_NAMES[sd] if 0 <= sd < len(C.SHIP_NAMES) else "?"
    seat = int(rec["crew_seat"][c])
    who = f"player_{seat}" if seat >= 0 else f"ghost {c}"
    return f"{who} ({ship})"


def ship_text(rec, sh) -> str:
    sh = int(sh)
    if not 0 <= sh < int(rec["num_ships"]):
        return f"ship #{sh}"
    crew = int(rec["ship_crew"][sh])
    second = int(rec["crew_ships"][crew, 1]) == sh
    sd = int(rec["cfg"]["ship2"][crew]) if second and crew < len(rec["cfg"]["ship2"]) else \
        int(rec["crew_shipdef"][crew])
    name = C.SHIP_NAMES[sd] if 0 <= sd < len(C.SHIP_NAMES) else "ship"
    r, c, h = int(rec["ship_r"][sh]), int(rec["ship_c"][sh]), int(rec["ship_h"][sh])
    return f"{name} at {r},{c} heading {HEADING_NAMES[h % 4]}"


def _active_upgrade_sum(rec, c, effect) -> int:
    c = int(c)
    if int(rec["crew_seat"][c]) < 0:
        return 0
    sd = int(rec["crew_shipdef"][c])
    total = 0
    for k in range(2):
        if rec["upgrade_on"][c, k]:
            u = int(C.SHIP_UPGRADES[sd, k])
            if int(C.UPGRADE_EFFECT[u]) == effect:
                total += int(C.UPGRADE_ARG[u])
    return total


def _market_card(rec, i) -> str:
    d = int(rec["market"][i])
    return card_name(d) if d >= 0 else "(empty)"


def _generic(a: int) -> str:
    """Label by range alone, when the pending decision gives the action no meaning."""
    if A_HAND <= a < A_DISCARD:
        return f"hand: {card_name(a - A_HAND)}"
    if A_DISCARD <= a < A_OPTION:
        return f"discard pile: {card_name(a - A_DISCARD)}"
    if A_OPTION <= a < A_SLOT:
        return f"option {a - A_OPTION}"
    if A_SLOT <= a < A_MARKET:
        return f"slot: {slot_text(a - A_SLOT)}"
    if A_MARKET <= a < A_RESTOCK:
        return f"market {a - A_MARKET}"
    if a == A_RESTOCK:
        return "restock"
    if a == A_STOP:
        return "stop"
    if a == A_BOOTY:
        return "booty"
    return f"action {a} (out of range 0..{NUM_ACTIONS - 1})"


def action_label(rec, a) -> str:
    """What action ``a`` means for the seat to play in ``rec`` (any action gets a label)."""
    a = int(a)
    if not 0 <= a < NUM_ACTIONS:
        return _generic(a)
    k = int(rec["pending"])
    c = int(rec["cur"])
    opt = a - A_OPTION if A_OPTION <= a < A_OPTION + NUM_OPTIONS else -1
    card = int(rec["card"])

    if k == PK_ORIENT and 0 <= opt < 4:
        return f"heading {HEADING_NAMES[opt]}"
    if k in (PK_SKIFF, PK_RESTOCK_PICK):
        if A_SLOT <= a < A_MARKET and k == PK_SKIFF:
            return f"place skiff at {slot_text(a - A_SLOT)}"
        if A_MARKET <= a < A_RESTOCK:
            i = a - A_MARKET
            new = " (newly revealed)" if k == PK_RESTOCK_PICK else ""
            return f"claim market {i}: {_market_card(rec, i)}{new}"
        if a == A_RESTOCK and k == PK_SKIFF:
            return "restock the market (scrap unclaimed cards, then claim a new one)"
    if k == PK_GAIN_ANY and 0 <= opt < 3:
        return f"gain 1 {RES_NAMES[opt]}"
    if k == PK_TRADE_GIVE:
        if 0 <= opt < 3:
            return f"trade away 1 {RES_NAMES[opt]}"
        if a == A_STOP:
            return "stop trading"
    if k == PK_TRADE_TAKE and 0 <= opt < 3:
        return f"take 1 {RES_NAMES[opt]} in trade"
    if k == PK_WORKSHOP:
        if 0 <= opt < 2:
            sd = int(rec["crew_shipdef"][c])
            return f"activate upgrade {upgrade_text(C.SHIP_UPGRADES[sd, opt])}"
        if a == A_STOP:
            return "leave the workshop without upgrading"
    if k == PK_SCRAP:
        if A_HAND <= a < A_DISCARD:
            return f"scrap {card_name(a - A_HAND)} from hand"
        if A_DISCARD <= a < A_OPTION:
            return f"scrap {card_name(a - A_DISCARD)} from the discard pile"
        if a == A_STOP:
            return "stop scrapping"
    if k == PK_PURCHASE:
        i = int(rec["pend_slot"])
        name = _market_card(rec, i) if 0 <= i < MARKET_SIZE else "?"
        if opt == 0:
            d = int(rec["market"][i]) if 0 <= i < MARKET_SIZE else -1
            price = cost_text(C.CARD_COST[d]) if d >= 0 else "?"
            return f"buy market {i}: {name} for {price}"
        if a == A_STOP:
            return f"decline market {i}: {name}"
    if k == PK_BOOTY:
        # the seat choosing knows both values [Booty: "You may secretly check its value"]
        held, new = _booty_worth(rec["booty"][c]), _booty_worth(rec["pend_slot"])
        if opt == 0:
            return f"keep the booty already held{held}, return the new one{new}"
        if opt == 1:
            return f"keep the new booty{new}, return the one held{held}"
    if k == PK_PLAY and A_HAND <= a < A_DISCARD:
        return f"play {card_name(a - A_HAND)} from hand"
    if k == PK_MODE:
        if opt == 0:
            return f"resolve {card_name(card)}"
        if opt == 1:
            return f"pass (discard {card_name(card)} unresolved)"
    if k == PK_SHIP and 0 <= opt < 2:
        sh = int(rec["crew_ships"][c, opt])
        verb = "the passed card applies to" if rec["card_passed"] else "move"
        return f"{verb} ship {opt}: {ship_text(rec, sh)}" if sh >= 0 else f"ship {opt} (none)"
    if k == PK_PATH and 0 <= opt < 2:
        path = _path_for(rec, card, opt)
        return f"take path {opt}: {path}" if path else f"take path {opt}"
    if k == PK_PIVOT:
        if opt == 0:
            return "pivot 90 degrees left"
        if opt == 1:
            return "pivot 90 degrees right"
        if a == A_STOP:
            return "do not pivot"
    if k == PK_DISCARD and A_HAND <= a < A_DISCARD:
        return f"discard {card_name(a - A_HAND)} (collision penalty)"
    if k == PK_FIRE:
        if card >= 0 and 0 <= opt < int(C.CARD_CANNON_N[card]):
            rng, cost, shots = (int(x) for x in C.CARD_CANNON[card, opt])
            rng += _active_upgrade_sum(rec, c, UPG_RANGE)
            rng = min(rng, GRID - 1)
            balls = f"{cost} cannonball" + ("s" if cost != 1 else "")
            shot_s = f", {shots} shots" if shots != 1 else ""
            return f"fire option {opt + 1}: range {rng}, {balls}{shot_s}"
        if a == A_STOP:
            return "hold fire"
    if k == PK_FIRE_SIDE:
        if opt == 0:
            return "fire to port (left side)"
        if opt == 1:
            return "fire to starboard (right side)"
    if k == PK_EXTEND:
        if opt == 0:
            how = "1 resource" if _active_upgrade_sum(rec, c, UPG_EXT_ANY) else "1 sail"
            return f"pay {how} for the extended maneuver"
        if a == A_STOP:
            return "skip the extended maneuver"
    if k == PK_PAY:
        unit = _pay_unit_name(rec)
        if 0 <= opt < 3:
            return f"pay {unit} with 1 {RES_NAMES[opt]}"
        if a == A_BOOTY:
            left = int(rec["pay_pool"])
            what = f"the booty value left ({left})" if left else "booty (spend the token)"
            return f"pay {unit} with {what}"
    if k == PK_SCRAP_GAIN and 0 <= opt < 3:
        return f"take 1 {RES_NAMES[opt]} for the scrapped card's 'any' cost"
    if k == PK_FLAG:
        what = {FLAG_LOOKOUT: "Lookout: draw 1 card", FLAG_SWIFT: "Swift: take another turn"}
        flag = what.get(int(rec["pend_source"]), "the flag's action")
        if opt == 0:
            return f"take {flag}"
        if a == A_STOP:
            return f"decline {flag}"
    if k == PK_NONE and int(rec["to_play"]) < 0:
        return f"{_generic(a)} (game over)"
    return _generic(a)


def _booty_worth(token) -> str:
    """' (worth v)' for a token id + 1 (a booty or PK_BOOTY's pend_slot), '' for none."""
    t = int(token)
    return f" (worth {int(C.WRECK_VALUE[t - 1])})" if 0 < t <= len(C.WRECK_VALUE) else ""


def _pay_unit_name(rec) -> str:
    """'the sail', 'the cannonball', 'the coin' or "an 'any'" unit being paid now."""
    cost = rec["pay_cost"]
    for k in range(3):
        if int(cost[k]) > 0:
            return f"the {RES_NAMES[k]}"
    return "an 'any' resource"


def _path_for(rec, card, opt) -> str:
    """The alternative `opt` of the card's current maneuver (main or extended)."""
    if card < 0 or card >= C.NUM_CARD_DEFS:
        return ""
    stage = int(rec["card_stage"])
    if stage in (ST_EXT_OFFER, ST_EXT) and C.CARD_EXT_ALTS[card] > opt:
        return path_text(C.CARD_EXT[card, opt])
    if C.CARD_MOVE_ALTS[card] > opt:
        return path_text(C.CARD_MOVE[card, opt])
    return ""


def pending_text(rec) -> str:
    """What the seat to play is deciding, in words."""
    k = int(rec["pending"])
    if int(rec["to_play"]) < 0:
        return "game over" if rec["done"] else "truncated"
    name = PENDING_NAMES[k] if 0 <= k < len(PENDING_NAMES) else str(k)
    c = int(rec["cur"])
    extra = ""
    if k == PK_PURCHASE:
        extra = f" market {int(rec['pend_slot'])}"
    elif k in (PK_GAIN_ANY, PK_SCRAP):
        extra = f" ({int(rec['pend_count'])} left)"
    elif k == PK_PAY:
        extra = f" {cost_text(rec['pay_cost'])} left"
    elif k == PK_ORIENT:
        extra = f" {ship_text(rec, int(rec['pend_ship']))}"
    return f"{crew_name(rec, c)} to decide: {name}{extra}"


def legal_labels(rec, mask) -> list[str]:
    """'a: label' for every legal action of a mask."""
    return [f"{a}: {action_label(rec, a)}" for a in range(NUM_ACTIONS) if mask[a]]


