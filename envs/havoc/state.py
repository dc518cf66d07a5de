"""Seas of Havoc: STATE and CONFIG dtypes, sizes, ids and the action layout. No logic.

Vocabulary used across the package (rulebook terms in brackets):

- *crew*: one ship's captain with a player board - a seat's player, or one ghost ship in the
  Ghost Fleet variant (rulebook: The Ghost Fleet). Crews 0..num_players-1 are the seats;
  ghost crews follow them. Turn order is crew order starting from the first player
  [Player Setup: Determine Player Order].
- *ship*: a piece on the sea grid. A crew has one ship, or two in the 2 Ship Variant.
- *card def*: a row of the card table built by ``cards.py`` from ``cards.toml``. Copies of a
  card are identical, so hands and discard piles are counts per def; decks are ordered
  arrays of defs (top = last).

Every choice the rulebook leaves open (grid size, capacities, slot thresholds ...) is in
``docs/rulings.md``.
"""

import numpy as np

from envs.core.spec import config_header, state_header

# --- sizes -------------------------------------------------------------------------------
MIN_PLAYERS = 1          # solo play [Ghost Ships: Solo & Co-op]
MAX_PLAYERS = 5          # seats [Player Setup: 5th player resources]
MAX_CREWS = 6            # seats + ghost ships (3 players + 3 ghosts at most)
MAX_SHIPS = 6            # ships on the grid (5 crews, or 2x2 ships, or players + ghosts)
GRID = 6                 # sea grid is GRID x GRID, addressed by two d6 coordinate dice
NDEFS = 64               # card definitions (starting, ability, market, damage)
MAX_DECK = 128           # cards one crew may own: 8 starting + 64 Market + 42 Damage fit
MARKET_SIZE = 5
MARKET_DECK = 64         # market cards [Box Contents]
NUM_UPGRADE_DEFS = 12    # 2 per ship
NUM_SHIP_DEFS = 6
NUM_CAPTAINS = 6
NUM_WRECKS = 9           # shipwreck tokens [Box Contents]
NUM_GHOST_CARDS = 24
GHOST_DECK = 24 + 48     # ghost cards plus every damage card the fleet could take
DAMAGE_DEF_GHOST = NUM_GHOST_CARDS  # a Damage card in the ghost deck, hands or discard pile
SKIFFS_PER_CREW = 3
HAND_SIZE = 4            # draw up to this at setup and Sea Phase cleanup
MAX_STEPS = 6            # maneuver steps per path
MAX_ALTS = 2             # split-arrow alternatives per maneuver
MAX_CANNON_OPTS = 3      # firing options per card
DEFAULT_MAX_STEPS = 20000  # decision bound before truncation (random play ends far sooner)
DAMAGE_IN_BOX = 42       # Damage cards in the box [Box Contents]
MAX_STALL_LIMIT = 100    # largest cfg.stall_limit (opt-in end of a game with no Damage dealt)

# --- resources [Core Concepts; Symbology] ---------------------------------------------------
SAIL, CANNON, COIN = 0, 1, 2
NUM_RES = 3
ANY = 3                  # index of the "any resource" part of a cost

# --- headings and maneuver steps [Maneuvering] -------------------------------------------
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DR = np.array([-1, 0, 1, 0], dtype=np.int64)
DC = np.array([0, 1, 0, -1], dtype=np.int64)
STEP_END, STEP_FORWARD, STEP_LEFT, STEP_RIGHT = 0, 1, 2, 3   # L/R = pivot 90 degrees in place

# --- sea features [Sea Grid Setup A] ---------------------------------------------------
FEAT_NONE, FEAT_ROCK, FEAT_WHIRL_CW, FEAT_WHIRL_CCW, FEAT_GUST = 0, 1, 2, 3, 4

# --- card kinds, types, fire timing, effects, flags -----------------------------------
KIND_STARTER, KIND_ABILITY, KIND_MARKET, KIND_DAMAGE = 0, 1, 2, 3
TYPE_SAILING, TYPE_FIRING, TYPE_PIVOT, TYPE_SAILING_FIRING, TYPE_ABILITY, TYPE_DAMAGE = 0, 1, 2, 3, 4, 5
FIRE_NONE, FIRE_START, FIRE_END, FIRE_EXT, FIRE_EACH = 0, 1, 2, 3, 4
EXT_NONE, EXT_SAIL, EXT_FREE = 0, 1, 2   # extended maneuver: none / pay 1 sail / "as well"

# ability-card effects, resolved after maneuver and fire, before the flag action
EFF_NONE, EFF_GAIN_SAIL, EFF_GAIN_CANNON, EFF_GAIN_COIN, EFF_GAIN_ANY = 0, 1, 2, 3, 4
EFF_DRAW, EFF_REPAIR, EFF_INFAMY, EFF_PIVOT = 5, 6, 7, 8
EFFECT_NAMES = ("none", "gain_sail", "gain_cannon", "gain_coin", "gain_any",
                "draw", "repair", "infamy", "pivot")

# ship-upgrade effects (passive once active) [Ship Upgrades; Island Actions: Workshop]
UPG_SAIL_CAP, UPG_CANNON_CAP, UPG_RANGE, UPG_RAM, UPG_ROCK_HULL, UPG_HAND = 0, 1, 2, 3, 4, 5
UPG_SCRAP, UPG_SALVAGE, UPG_BROADSIDE, UPG_RAKING, UPG_STEADY, UPG_EXT_ANY = 6, 7, 8, 9, 10, 11
UPGRADE_EFFECT_NAMES = ("sail_capacity", "cannon_capacity", "range", "ram", "rock_hull",
                        "hand_size", "deep_cove", "salvage", "broadside", "raking",
                        "steady_keel", "extend_any")

# flags [Island Actions: Flags]
FLAG_PURSER, FLAG_BREAKER, FLAG_LOOKOUT, FLAG_SWIFT = 0, 1, 2, 3   # any res / scrap 1 / draw 1 / another turn
NUM_FLAGS = 4
FLAG_NONE = -1
FLAG_NAMES = ("Purser", "Breaker", "Lookout", "Swift")

# --- island slots [Island Actions] ---------------------------------------------------------
SLOT_BANK, SLOT_BLACKSMITH, SLOT_BLACKSMITH_4P, SLOT_SAILMAKER, SLOT_SHIPYARD = 0, 1, 2, 3, 4
SLOT_CAPITOL, SLOT_TRADING_POST, SLOT_WORKSHOP, SLOT_DEEP_COVE = 5, 6, 7, 8
SLOT_FLAG0 = 9           # SLOT_FLAG0 + flag id
NUM_SLOTS = 13
SLOT_NAMES = ("Bank", "Blacksmith", "Blacksmith (4+)", "Sail Maker", "Shipyard (3+)",
              "Capitol", "Trading Post", "Workshop", "Deep Cove",
              "Purser's Flag", "Breaker's Flag", "Lookout's Flag", "Swift Flag")
#: fewest different crews in the game for a slot to be open [Blocked Ports; ruling: Blocked
#: port slots]
SLOT_MIN_CREWS = np.array([0, 0, 4, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
GHOST_SLOT_MARKET = NUM_SLOTS   # ghost-card placement target "the Market"

# --- phases and pending decisions ------------------------------------------------------
PH_SETUP, PH_ISLAND, PH_PURCHASE, PH_SEA, PH_OVER = 0, 1, 2, 3, 4

# What the seat to play is deciding. Each kind lists its legal action ranges.
PK_NONE = 0
PK_ORIENT = 1            # OPTION 0..3 heading of ship pend_ship              [Setup C]
PK_SKIFF = 2             # SLOT k | MARKET i | RESTOCK                          [Island step 1]
PK_RESTOCK_PICK = 3      # MARKET i among the newly revealed cards              [Market: Restock]
PK_GAIN_ANY = 4          # OPTION 0..2 resource; pend_count left                [Shipyard, Capitol, Purser]
PK_TRADE_GIVE = 5        # OPTION 0..2 resource to give | STOP                  [Trading Post]
PK_TRADE_TAKE = 6        # OPTION 0..2 resource to take
PK_WORKSHOP = 7          # OPTION 0..1 upgrade to activate | STOP              [Workshop]
PK_SCRAP = 8             # HAND d | DISCARD d | STOP; pend_count left           [Deep Cove, Breaker]
PK_PURCHASE = 9          # OPTION 0 buy | STOP; pend_slot = market index        [Island step 2]
PK_BOOTY = 10            # OPTION 0 keep held | OPTION 1 keep new               [Booty]
PK_PLAY = 11             # HAND d                                               [Sea: Playing a Card]
PK_MODE = 12             # OPTION 0 resolve | OPTION 1 pass
PK_SHIP = 13             # OPTION 0..1 which of the crew's ships               [2 Ship Variant]
PK_PATH = 14             # OPTION 0..1 split-arrow alternative                  [Maneuvering]
PK_PIVOT = 15            # OPTION 0 left | OPTION 1 right | STOP none           [Collisions; pivot effects]
PK_DISCARD = 16          # HAND d discarded after a collision                   [Collision Penalty]
PK_FIRE = 17             # OPTION k cannon option | STOP hold fire              [Cannon Fire]
PK_FIRE_SIDE = 18        # OPTION 0 left | OPTION 1 right
PK_EXTEND = 19           # OPTION 0 pay for the extended maneuver | STOP        [Extended Maneuver]
PK_PAY = 20              # OPTION r pay a unit with resource r | BOOTY          [Booty; Symbology: any]
PK_SCRAP_GAIN = 21       # OPTION r resource an "any" cost of a scrapped card returns [Scrapping Cards]
PK_FLAG = 22             # OPTION 0 take the flag's action | STOP decline; pend_source = flag  [Flags]
NUM_PENDING_KINDS = 23

# --- card resolution stages (the resumable machine in sea.py) ----------------------------
ST_IDLE, ST_FIRE_START, ST_MAIN, ST_FIRE_END, ST_EXT_OFFER, ST_EXT = 0, 1, 2, 3, 4, 5
ST_FIRE_EXT, ST_EFFECT, ST_FLAG, ST_FEATURES, ST_DONE = 6, 7, 8, 9, 10

# --- the flat action space ---------------------------------------------------------------
A_HAND = 0                        # + card def: a card in hand
A_DISCARD = A_HAND + NDEFS        # + card def: a card in the discard pile
A_OPTION = A_DISCARD + NDEFS      # + k: the k-th option of the pending decision
NUM_OPTIONS = 8
A_SLOT = A_OPTION + NUM_OPTIONS   # + island slot
A_MARKET = A_SLOT + NUM_SLOTS     # + market position
A_RESTOCK = A_MARKET + MARKET_SIZE
A_STOP = A_RESTOCK + 1            # stop / decline / hold fire / no pivot
A_BOOTY = A_STOP + 1              # pay a unit of a cost with booty [Booty]
NUM_ACTIONS = A_BOOTY + 1
ACTION_RANGES = {
    "hand": (A_HAND, NDEFS), "discard": (A_DISCARD, NDEFS), "option": (A_OPTION, NUM_OPTIONS),
    "slot": (A_SLOT, NUM_SLOTS), "market": (A_MARKET, MARKET_SIZE),
    "restock": (A_RESTOCK, 1), "stop": (A_STOP, 1), "booty": (A_BOOTY, 1),
}

# --- variants ---------------------------------------------------------------------------------
VAR_STANDARD, VAR_TWO_SHIP, VAR_TEAMS, VAR_GHOST = 0, 1, 2, 3
VARIANT_NAMES = ("standard", "two_ship", "teams", "ghost")

CONFIG = np.dtype(config_header() + [
    ("variant", np.int8),
    ("num_ghosts", np.int8),                  # Ghost Fleet: 2 normal, 3 hard
    ("ship", np.int8, (MAX_CREWS,)),          # ship def per crew (ghosts too)
    ("ship2", np.int8, (MAX_PLAYERS,)),       # 2 Ship Variant: second ship def per seat
    ("captain", np.int8, (MAX_PLAYERS,)),
    ("team", np.int8, (MAX_PLAYERS,)),        # team id per seat (teams / co-op)
    ("damage_deck", np.int16),                # damage cards in the deck (10 + 5 per ship)
    ("gust_dir", np.int8),                    # -1: rolled at setup
    ("shaped_reward", np.uint8),              # opt-in: reward infamy gains as they happen
    ("stall_limit", np.int8),                 # opt-in: end after this many Sea Phases in a row
                                              # without Damage (0 = never, the rulebook)
    ("coop", np.uint8),                       # Ghost Fleet: players one team (1) or each on
                                              # their own against the fleet too (0)
], align=False)

STATE = np.dtype(state_header(MAX_PLAYERS) + [
    ("cfg", CONFIG),
    ("phase", np.int8),
    ("round", np.int16),
    ("num_crews", np.int8),
    ("num_ships", np.int8),
    ("first_crew", np.int8),                  # holder of the First Player token
    ("cur", np.int8),                         # crew whose turn it is
    ("turn_open", np.uint8),                  # cur has begun its turn (asked or acting)
    ("turn_start", np.int8),                  # crew that opened the current island/sea round
    # pending decision
    ("pending", np.int8),
    ("pend_count", np.int8),                  # choices left (gain any, scrap, trade)
    ("pend_ship", np.int8),                   # ship concerned
    ("pend_slot", np.int8),                   # market index / source island slot
    ("pend_res", np.int8),                    # resource chosen in a trade
    ("pend_source", np.int8),                 # what asked: slot id, or 100 + effect/flag id
    # a payment in progress [Booty; Symbology: any] and a scrapped card's "any" return
    ("pay_cost", np.int8, (4,)),              # units still to pay: sail, cannon, coin, any
    ("pay_pool", np.int8),                    # value left of a booty spent on this payment
                                              # (Card Purchases: the crew's whole Step 2)
    ("pay_spent", np.int8),                   # 1 once a booty was spent there: public, while
                                              # pay_pool (maybe 0) is its owner's secret
    ("pay_next", np.int8),                    # pending decision once the cost is paid
    ("scrap_gain", np.int8),                  # "any" resources still to take for a scrap
    # crews
    ("crew_seat", np.int8, (MAX_CREWS,)),     # seat of a crew, -1 for a ghost ship
    ("crew_team", np.int8, (MAX_CREWS,)),
    ("crew_ships", np.int8, (MAX_CREWS, 2)),  # ship indices, -1 none
    ("crew_shipdef", np.int8, (MAX_CREWS,)),
    ("crew_captain", np.int8, (MAX_CREWS,)),
    ("res", np.int16, (MAX_CREWS, NUM_RES)),
    ("infamy", np.int16, (MAX_CREWS,)),       # scored so far (never below 0)
    ("upgrade_on", np.uint8, (MAX_CREWS, 2)),
    ("skiffs", np.int8, (MAX_CREWS,)),        # skiffs not yet placed this island phase
    ("booty", np.int8, (MAX_CREWS,)),         # wreck token id + 1, 0 = hold empty
    ("hand", np.int8, (MAX_CREWS, NDEFS)),    # counts per def
    ("discard", np.int8, (MAX_CREWS, NDEFS)), # counts per def
    ("deck", np.int8, (MAX_CREWS, MAX_DECK)), # ordered, top = deck[deck_n - 1]
    ("deck_n", np.int16, (MAX_CREWS,)),
    ("flag_owner", np.int8, (NUM_FLAGS,)),    # crew or -1
    # ships
    ("ship_r", np.int8, (MAX_SHIPS,)),
    ("ship_c", np.int8, (MAX_SHIPS,)),
    ("ship_h", np.int8, (MAX_SHIPS,)),
    ("ship_crew", np.int8, (MAX_SHIPS,)),
    ("ship_placed", np.uint8, (MAX_SHIPS,)),
    # sea grid
    ("feature", np.int8, (GRID, GRID)),
    ("gust_dir", np.int8),
    ("wreck", np.int8, (GRID, GRID)),         # wreck token id + 1 lying face down, 0 none
    ("wreck_stack", np.int8, (NUM_WRECKS,)),  # shuffled face-down stack, top = last
    ("wreck_stack_n", np.int8),
    # island
    ("slot_crew", np.int8, (NUM_SLOTS,)),     # crew whose skiff is on a slot, -1 free
    ("market", np.int8, (MARKET_SIZE,)),      # card def, -1 empty
    ("market_claim", np.int8, (MARKET_SIZE,)),# crew whose skiff claims it, -1 none
    ("market_new", np.uint8, (MARKET_SIZE,)), # revealed by the restock in progress
    ("market_deck", np.int8, (MARKET_DECK,)), # top = last
    ("market_deck_n", np.int8),
    ("scrap", np.int16, (NDEFS,)),            # scrapped cards, counts per def
    ("card_total", np.int16, (NDEFS,)),       # copies of each def in this game (Damage: 0,
                                              # counted by damage_deck + damage_extra)
    ("damage_left", np.int16),                # damage deck
    ("damage_extra", np.int16),               # taken from the box once the deck ran out
    ("damage_this_sea", np.int16),            # Damage cards dealt in the current Sea Phase
    ("quiet_seas", np.int8),                  # Sea Phases in a row with no Damage dealt
                                              # (counted only with cfg.stall_limit)
    # card being resolved [Sea Phase: Resolving Cards]
    ("card", np.int8),                        # def, -1 none
    ("card_stage", np.int8),
    ("card_ship", np.int8),
    ("card_path", np.int8, (MAX_STEPS,)),     # steps of the path being sailed
    ("card_path_i", np.int8),
    ("card_collided", np.uint8),
    ("card_passed", np.uint8),
    ("card_fire_opt", np.int8),               # chosen cannon option, -1 none
    ("card_shots", np.int8),                  # shots left in the current volley
    ("extra_turn", np.uint8),                 # Swift flag: the same crew acts again
    # ghost fleet [The Ghost Fleet]
    ("ghost_deck", np.int8, (GHOST_DECK,)),   # ghost card ids; NUM_GHOST_CARDS = damage
    ("ghost_deck_n", np.int16),
    ("ghost_discard", np.int8, (GHOST_DECK,)),
    ("ghost_discard_n", np.int16),
    ("ghost_hand", np.int8, (MAX_CREWS, 12)), # per ghost crew, face down, top = last
    ("ghost_hand_n", np.int8, (MAX_CREWS,)),
    ("ghost_infamy", np.int16),
    ("ghost_bought", np.int16, (NDEFS,)),     # purchased pile, counts per def
    # bookkeeping
    ("last_action", np.int16),
    ("last_crew", np.int8),
])

