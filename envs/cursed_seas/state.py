"""Pirates of the Cursed Seas: STATE and CONFIG dtypes, sizes, codes and the action layout.

No logic. Lengths are in units of S (``S = 1``, ``L = 2``; ruling: Measures) on a
rectangular table whose size the config holds (ruling: Table size). A ship is a capsule: the
segment from her stern point to her bow point, thickened by ``SHIP_R``; an island is a disc.
Ships, crew and coins have global indices: ship ``p * MAX_FLEET + j`` is seat p's j-th fleet
slot (her statistics; the fleet she is in is ``sh_owner``, changed by a tow [Tow]), crew
``p * MAX_CREW_P + j`` likewise, coin ``p * MAX_COINS_P + j`` was contributed by seat p
[Placing Treasure]. Every reading of the rules is in ``docs/rulings.md``.
"""

import numpy as np

from envs.core.spec import config_header, state_header

# --- sizes -------------------------------------------------------------------------------
MAX_PLAYERS = 4
MIN_PLAYERS = 2
MAX_FLEET = 6            # ships per fleet (40 points buy at most 6 of our cheapest ships)
MAX_SHIPS = MAX_PLAYERS * MAX_FLEET
MAX_MASTS = 5
MAX_SEGS = 3             # movement segments of a base move (S+S+S), +1 for an Oarsman
MAX_CREW_P = 6
LINK_SHIP = MAX_CREW_P      # cfg.crew_link bit: the crew is linked to her starting ship
MAX_CREW = MAX_PLAYERS * MAX_CREW_P
MAX_COINS_P = 8
MAX_COINS = MAX_PLAYERS * MAX_COINS_P
MAX_ISLANDS = 3 * MAX_PLAYERS        # three islands per player [Placing Islands]
MAX_REEFS = MAX_PLAYERS              # terrain: at most one reef per player [Placing Terrain]
REEF_R = 0.75                        # a reef is a disc of this radius (ruling: Reef)
DEFAULT_MAX_STEPS = 4000

# --- measures [Moving; ruling: Measures] -----------------------------------------------------
S_LEN = 1.0
L_LEN = 2.0
SHIP_R = 0.12            # half the width of a hull
ARC_STEP = 0.5 * SHIP_R  # a turn's swept arc is tested at headings this far apart at the hull's end
TOUCH = 1e-3             # pieces closer than this (beyond their radii) touch
GRID = 8                 # island placement: GRID x GRID points over the table
DEPLOY_SLOTS = 12        # ship placement at a home island: a bow every 30 degrees around it
DEPLOY_TURN = np.array([-60.0, -30.0, 0.0, 30.0, 60.0])   # her heading off the island's centre
NUM_DEPLOY = DEPLOY_SLOTS * 5    # PK_DEPLOY option slot * 5 + turn (ruling: Home islands and deploying)

# --- movement grammar [Moving; ruling: Movement grammar] ------------------------------------
# a heading change is any of 24 around the full circle, 15 degrees apart (-165 .. +180); the
# distance any eighth of the segment's length
NUM_FAN = 24
FAN_STRAIGHT = 11                                   # FAN_DEG[11] = 0: straight on
FAN_DEG = np.array([(f - FAN_STRAIGHT) * 15.0 for f in range(NUM_FAN)])
NUM_FRAC = 8
FRACS = np.array([(f + 1) / NUM_FRAC for f in range(NUM_FRAC)])
SEG_S, SEG_L = 0, 1

# --- keywords (crew abilities, our own design; docs/pieces.md) ------------------------------
KW_CAPTAIN = 1           # may shoot as a second action after a move action
KW_HELMSMAN = 2          # may move as a second action after a shoot action
KW_SHIPWRIGHT = 4        # may repair a mast anywhere, not only docked at home
KW_CANNONEER = 8         # +1 to this ship's cannon rolls (a 1 still misses)
KW_OARSMAN = 16          # +S segment to the base move
KW_BOARDER = 32          # +1 to this ship's boarding rolls
# --- cargo / crew / equipment: four more keywords (our design; docs/rulings.md: Keywords) ---
KW_EXPLORER = 64         # may explore the turn she docks, as a second action after a move
KW_SMUGGLER = 128        # a boarding party won against this ship can't take her treasure
KW_CARPENTER = 256       # a repair action brings back two masts
KW_LONG_GUNS = 512       # this ship's S-range cannons reach L
KW_NAVIGATOR = 1024      # --- trade currents: places a friendly trade current (crew.py)
KEYWORD_NAMES = ("captain", "helmsman", "shipwright", "cannoneer", "oarsman", "boarder",
                 "explorer", "smuggler", "carpenter", "long_guns", "navigator")
NUM_KW = len(KEYWORD_NAMES)

# --- edges [Setup] --------------------------------------------------------------------------
EDGE_WALL, EDGE_FLAT, EDGE_ROUND = 0, 1, 2
EDGE_NAMES = ("wall", "flat", "round")

# --- phases and pending decisions ------------------------------------------------------------
PH_ISLANDS, PH_HOME, PH_DEPLOY, PH_PLAY, PH_OVER = 0, 1, 2, 3, 4
PHASE_NAMES = ("islands", "home", "deploy", "play", "over")
PK_NONE = 0
PK_PLACE = 1             # place an island on a grid point (option = point)
PK_HOME = 2              # choose a home island (option = island) for seat pend_seat
PK_DEPLOY = 3            # place ship pend_ship with her bow at home (option = slot)
PK_TURN = 4              # give a ship an action, or end the turn
PK_SEGMENT = 5           # next movement segment of pend_ship (or stop)
PK_TARGET = 6            # target of mast pend_mast of pend_ship (option = ship) or hold
PK_MAST = 7              # which mast of pend_target the hit removes (option = mast)
PK_EXPLORE = 8           # take a coin from the island (option = coin) or stop
PK_BOARD = 9             # board after a ram? (yes / no), asked of pend_seat
PK_BOARD_WIN = 10        # winner: eliminate a crew (yes), take a treasure (no), nothing (option 0)
PK_BOARD_CREW = 11       # loser picks the crew eliminated (option = crew)
PK_BOARD_COIN = 12       # winner picks the coin taken (option = coin)
PK_REPAIR = 13           # which mast a repair raises (option = mast)
PK_TERRAIN = 14          # place a reef on a grid point (option = point)
PK_REEF = 15             # which mast a reef eliminates (option = mast); pend_count left
# --- forts / terrain / creatures: pending decisions (terrain.py) ---
PK_PLACE_TERR = 16       # place terrain piece n_terr on a grid point (option = point)
PK_ICE_MAST = 17         # which mast of pend_ship an iceberg eliminates (option = mast)
PK_WHIRL = 18            # jump to another whirlpool (option = terrain * 8 + slot) or not
PK_WHIRL_LOSS = 19       # what a whirlpool takes: mast m, crew 8 + j, coin 16 + c
PK_UNTANGLE = 20         # where a freed ship leaves the Sargasso Sea (option = slot)
PK_BUILD = 21            # end of turn: build fort j on island i (option j * 12 + i) or not
PK_PAY = 22              # next coin from home paying for fort pend_fort (option = coin)
PK_FORT_TARGET = 23      # target of flag pend_mast of fort pend_fort (ship j / 32 + fort)
PK_FORT_MAST = 24        # which mast of pend_target a fort's hit removes (option = mast)
PK_FLAG = 25             # the hit fort's player eliminates a flag (option = flag)
# --- cargo / crew / equipment
PK_PIECE_TO = 26         # where crew/equipment pend_piece goes (option = ship, or ashore)
PK_SEA_WITH = 27         # explore at sea: which touching ship (option = ship)
PK_SEA_SWAP = 28         # move coin c (option c) or crew c (option SEA_CREW + c), or stop
PK_MYST_CREW = 29        # mysterious island: which crew is lost (option = crew)
PK_MYST_UP = 30          # mysterious island: which mast comes back (option = mast)
PK_MYST_DOWN = 31        # mysterious island: which mast is lost (option = mast)
# --- tow / fort loading / trade currents (tow.py, forts.py, crew.py)
PK_TOW = 32              # after a move: tow derelict j (option = ship) or not [Tow]
PK_CAPT = 33             # a ship that joined by a tow: act (option = ACT_*, 4 scuttle, 5 sea)
PK_LOAD = 34             # load coin c from her fort (option = coin) or stop [Forts: Treasure]
PK_NAV = 35              # Navigator: place a trade current at slot a (option = slot) or not
# --- cannon order [Shooting: no order of fire]
PK_GUN = 36              # which cannon (mast) of pend_ship fires next (option = mast) or stop
PK_FORT_GUN = 37         # which flag of pend_fort fires next (option = flag) or stop
# --- which crew is revealed [Placing Crew and equipment] (ruling: Revealing crew)
PK_REVEAL = 38           # which face-down piece giving keyword bit k is turned up (option = crew)
NUM_PK = 39              # the pending kinds (each has a slot of the observation's one-hot)
PK_NAMES = ("none", "place island", "home island", "deploy", "turn", "segment", "target",
            "mast lost", "explore", "board?", "boarding spoils", "crew lost", "coin taken",
            "repair", "place reef", "reef damage",
            "place terrain", "iceberg damage", "whirlpool", "whirlpool loss", "untangle",
            "build fort", "pay for fort", "fort target", "fort hit", "flag lost",
            "piece to", "explore with", "explore swap",
            "island: crew lost", "island: mast back", "island: mast lost",
            "tow", "joined ship", "load from fort", "navigator", "cannon", "fort cannon",
            "reveal")

# --- actions ------------------------------------------------------------------------------
NUM_OPT = 64
A_OPT = 0                                # option k (meaning set by the pending decision)
A_ORDER = A_OPT + NUM_OPT                # + slot * 4 + act: give own fleet slot an action
ACT_MOVE, ACT_EXPLORE, ACT_SHOOT, ACT_REPAIR = 0, 1, 2, 3
ACT_NAMES = ("move", "explore", "shoot", "repair")
A_SEG = A_ORDER + MAX_FLEET * 4          # + (kind * NUM_FAN + fan) * NUM_FRAC + frac
NUM_SEG_ACTIONS = 2 * NUM_FAN * NUM_FRAC
A_YES = A_SEG + NUM_SEG_ACTIONS
A_NO = A_YES + 1                         # no / stop / hold fire / end the turn
A_FORT = A_NO + 1                        # --- forts: + j: give own fort j a shoot action
MAX_FORTS_P = 2                          # forts a player may have [Forts]
# --- cargo / crew / equipment [Docking; Scuttling]
A_PIECE = A_FORT + MAX_FORTS_P           # + crew c: move crew/equipment c (a free action)
A_SCUTTLE = A_PIECE + MAX_CREW           # + slot: declare fleet slot's derelict scuttled
OPT_ASHORE = MAX_SHIPS                   # PK_PIECE_TO option: leave it on the island
OPT_TAKE_NOTHING = 0                     # PK_BOARD_WIN option: the winner takes nothing [Board]
A_SEA = A_SCUTTLE + MAX_FLEET            # + slot: explore action at sea [Exploring]
SEA_CREW = MAX_COINS                     # PK_SEA_SWAP option SEA_CREW + c: crew c
# --- tow / fort loading / trade currents: by global ship index
A_CAPT = A_SEA + MAX_FLEET               # + ship k: a ship of another fleet's index towed in
A_LOAD = A_CAPT + MAX_SHIPS              # + ship k: load treasure from her fort (free action)
A_NAV = A_LOAD + MAX_SHIPS               # + ship k: her Navigator places a trade current
CAPT_SCUTTLE, CAPT_SEA = 4, 5            # PK_CAPT options beyond ACT_*
NUM_ACTIONS = A_NAV + MAX_SHIPS

# --- mysterious islands: d6 table effects (our design; ruling: Mysterious islands)
MY_NOTHING, MY_FEVER, MY_WATER, MY_STORM, MY_GHOST, MY_CACHE = 0, 1, 2, 3, 4, 5
MY_NAMES = ("nothing", "fever", "fresh_water", "storm", "ghost_lights", "hidden_cache")

# --- scuttling [Scuttling]
SC_NONE, SC_SINKS, SC_TRIED = 0, 1, 2     # sinks at her player's next turn / failed this turn

# --- coin places ----------------------------------------------------------------------------
LOC_GONE, LOC_ISLAND, LOC_SHIP, LOC_HOME = 0, 1, 2, 3
LOC_FORT = 4                     # --- forts: inside fort co_at [Forts: Treasure]

# --- tie-breakers [Winning the Game; ruling: Tie-breakers] ----------------------------------
TB_NONE, TB_SHIP_GOLD, TB_MASTS, TB_POINTS, TB_UNITS = 0, 1, 2, 3, 4
TIEBREAK_NAMES = ("none", "ship_gold", "masts", "points", "units")

# --- forts / terrain / creatures: terrain pieces [Terrain] (ruling: Terrain pieces) ---------
MAX_TERR = 8                         # terrain pieces in play (bits of sh_terr)
TERR_R = 0.75                        # every terrain piece is a disc of this radius
TR_NONE, TR_FOG, TR_ICE, TR_SARGASSO, TR_TRADE, TR_WHIRL = 0, 1, 2, 3, 4, 5
TERRAIN_KINDS = ("none", "fog bank", "iceberg", "sargasso sea", "trade current", "whirlpool")
EDGE_SLOTS = 8                       # points around a terrain piece a piece may be placed at
# --- forts [Forts] (ruling: Forts) ---
MAX_FORTS = MAX_PLAYERS * MAX_FORTS_P    # fort p * MAX_FORTS_P + j is seat p's j-th fort
MAX_FLAGS = 4
FORT_R = 0.5                             # a fort is a square on the island: flags at its corners
OPT_FORT = 32                            # target option 32 + f: fort f

CONFIG = np.dtype(config_header() + [
    ("build_total", np.int16),
    ("reefs", np.int8),              # reefs each player places [Placing Terrain], 0 or 1
    ("edge", np.int8),               # EDGE_*
    ("order_rule", np.int8),         # 0 roll order, 1 to the left of the first player
    ("home_rule", np.int8),          # 0 previous player chooses, 1 last player first
    ("end_rule", np.int8),           # 0 only one player can move, 1 half or more cannot
    ("board_tie", np.int8),          # 0 a tie does nothing, 1 re-roll
    ("island_spacing", np.int8),     # 0 the recommended 1L-6L where possible, 1 free
    ("tiebreak", np.int8, (3,)),     # TB_* in order of use
    ("table_w", np.float64),
    ("table_h", np.float64),
    ("island_r", np.float64, (MAX_ISLANDS,)),     # radius of each island piece (shuffled)
    ("island_myst", np.int8, (MAX_ISLANDS,)),     # mysterious (played as a plain island)
    # fleets: per seat, per fleet slot (def -1 = empty)
    ("ship_def", np.int16, (MAX_PLAYERS, MAX_FLEET)),
    ("ship_nation", np.int8, (MAX_PLAYERS, MAX_FLEET)),
    ("ship_cost", np.int8, (MAX_PLAYERS, MAX_FLEET)),
    ("ship_cargo", np.int8, (MAX_PLAYERS, MAX_FLEET)),       # links included
    ("ship_nseg", np.int8, (MAX_PLAYERS, MAX_FLEET)),
    ("ship_seg", np.int8, (MAX_PLAYERS, MAX_FLEET, MAX_SEGS)),  # SEG_S / SEG_L
    ("ship_nmast", np.int8, (MAX_PLAYERS, MAX_FLEET)),
    ("ship_rank", np.int8, (MAX_PLAYERS, MAX_FLEET, MAX_MASTS)),
    ("ship_range", np.int8, (MAX_PLAYERS, MAX_FLEET, MAX_MASTS)),  # SEG_S / SEG_L
    ("crew_def", np.int16, (MAX_PLAYERS, MAX_CREW_P)),
    ("crew_nation", np.int8, (MAX_PLAYERS, MAX_CREW_P)),
    ("crew_cost", np.int8, (MAX_PLAYERS, MAX_CREW_P)),
    ("crew_kw", np.int16, (MAX_PLAYERS, MAX_CREW_P)),
    ("crew_slot", np.int8, (MAX_PLAYERS, MAX_CREW_P)),        # fleet slot it starts on, -1 home
    ("coin_val", np.int8, (MAX_PLAYERS, MAX_COINS_P)),        # -1 = no coin
    ("coin_unique", np.int8, (MAX_PLAYERS, MAX_COINS_P)),
    # --- forts / terrain / creatures ---
    ("terr_kind", np.int8, (MAX_TERR,)),      # TR_* of each terrain piece placed in setup
    ("terr_num", np.int8, (MAX_TERR,)),       # an iceberg's gold number (1-6), else 0
    ("ship_creature", np.int8, (MAX_PLAYERS, MAX_FLEET)),   # a sea creature [Sea Creatures]
    ("fort_def", np.int16, (MAX_PLAYERS, MAX_FORTS_P)),      # fort pieces owned, -1 none
    ("fort_cost", np.int8, (MAX_PLAYERS, MAX_FORTS_P)),      # gold point cost
    ("fort_nflag", np.int8, (MAX_PLAYERS, MAX_FORTS_P)),
    ("fort_rank", np.int8, (MAX_PLAYERS, MAX_FORTS_P, MAX_FLAGS)),
    ("fort_range", np.int8, (MAX_PLAYERS, MAX_FORTS_P, MAX_FLAGS)),
    # --- cargo / crew / equipment
    ("crew_eq", np.int8, (MAX_PLAYERS, MAX_CREW_P)),          # 1 equipment, 0 crew
    ("myst_mode", np.int8),                                   # 0 plain, 1 effects
    ("island_fx", np.int8, (MAX_ISLANDS, 6)),                 # MY_* per d6 result
    ("coin_kw", np.int16, (MAX_PLAYERS, MAX_COINS_P)),        # unique treasure's keyword
    # links giving +1 cargo, fixed at fleet building: bit t (t < MAX_CREW_P) = linked to crew
    # t (t > own index, same starting ship), bit LINK_SHIP = linked to its starting ship
    ("crew_link", np.int8, (MAX_PLAYERS, MAX_CREW_P)),
])

STATE = np.dtype(state_header(MAX_PLAYERS) + [
    ("cfg", CONFIG),
    ("phase", np.int8),
    ("pending", np.int8),
    ("pend_seat", np.int8),
    ("pend_ship", np.int8),
    ("pend_mast", np.int8),
    ("pend_target", np.int8),
    ("pend_count", np.int8),         # segments moved / boarding stage
    ("turn", np.int32),
    ("order", np.int8, (MAX_PLAYERS,)),   # seats in turn order [Setup]
    ("cur", np.int8),                # index into order of the player whose turn it is
    ("first_roll", np.int8, (MAX_PLAYERS,)),
    # islands
    ("n_islands", np.int8),
    ("isl_x", np.float64, (MAX_ISLANDS,)),
    ("isl_y", np.float64, (MAX_ISLANDS,)),
    ("isl_r", np.float64, (MAX_ISLANDS,)),
    ("isl_home", np.int8, (MAX_ISLANDS,)),       # seat whose home it is, -1 wild
    ("isl_token", np.uint8, (MAX_ISLANDS,)),     # bit p: seat p explored it [Exploring]
    ("home", np.int8, (MAX_PLAYERS,)),           # island index, -1 not chosen yet
    # ships
    ("sh_live", np.uint8, (MAX_SHIPS,)),         # 1 in play (deployed, not sunk)
    ("sh_x", np.float64, (MAX_SHIPS,)),          # stern point
    ("sh_y", np.float64, (MAX_SHIPS,)),
    ("sh_h", np.float64, (MAX_SHIPS,)),          # heading, radians in (-pi, pi]
    ("sh_len", np.float64, (MAX_SHIPS,)),
    ("sh_masts", np.uint8, (MAX_SHIPS,)),        # bit m: mast m standing
    ("sh_acts", np.int8, (MAX_SHIPS,)),          # non-free actions this turn
    ("sh_last", np.int8, (MAX_SHIPS,)),          # last action this turn, -1 none
    ("sh_dock", np.int8, (MAX_SHIPS,)),          # island she is docked at, -1 none
    ("sh_began", np.int8, (MAX_SHIPS,)),         # island docked at when the turn began
    ("sh_explored", np.int8, (MAX_SHIPS,)),      # explored sh_dock (token left on leaving)
    ("sh_pin", np.int8, (MAX_SHIPS,)),           # ship she rammed (pinned to), -1 none
    ("seg_used", np.uint8),                      # bit i: segment i of pend_ship moved
    ("sh_wreck", np.uint8, (MAX_SHIPS,)),        # wrecked on a reef [Reef: Shipwreck]
    ("sh_reefs", np.uint8, (MAX_SHIPS,)),        # bit r: reef r already applied this turn
    ("sh_reef_in", np.uint8, (MAX_SHIPS,)),      # bit r: touched as the turn began, not yet left
    ("n_reefs", np.int8),
    ("rf_x", np.float64, (MAX_REEFS,)),
    ("rf_y", np.float64, (MAX_REEFS,)),
    ("rf_rating", np.int8, (MAX_REEFS,)),        # d6 rating this turn, 0 = not rolled
    # crew: where each is, face up
    ("cr_ship", np.int8, (MAX_CREW,)),           # ship index, -1 eliminated / none
    ("cr_up", np.uint8, (MAX_CREW,)),
    # coins
    ("co_loc", np.int8, (MAX_COINS,)),           # LOC_*
    ("co_at", np.int8, (MAX_COINS,)),            # island, ship or seat
    ("co_val", np.int8, (MAX_COINS,)),
    ("co_seen", np.uint8, (MAX_COINS,)),         # bit p: seat p has looked at it
    ("co_up", np.uint8, (MAX_COINS,)),           # face up (unique treasure taken)
    ("co_uniq", np.uint8, (MAX_COINS,)),         # unique treasure (hidden while face down)
    ("board_roll", np.int8, (2,)),
    # --- forts / terrain / creatures ---
    ("n_terr", np.int8),
    ("tr_kind", np.int8, (MAX_TERR,)),           # TR_*
    ("tr_x", np.float64, (MAX_TERR,)),
    ("tr_y", np.float64, (MAX_TERR,)),
    ("tr_num", np.int8, (MAX_TERR,)),            # iceberg gold number
    ("tr_stuck", np.uint8, (MAX_TERR,)),         # iceberg hit an island: never moves again
    ("tr_rating", np.int8, (MAX_TERR,)),         # Sargasso rating this turn, 0 not rolled
    ("tr_owner", np.int8, (MAX_TERR,)),          # trade current: seat that placed it
    ("ice_roll", np.int8),                       # this turn's iceberg d6, 0 none
    ("sh_terr", np.uint8, (MAX_SHIPS,)),         # bit t: terrain t done this move action
    ("sh_terr_in", np.uint8, (MAX_SHIPS,)),      # bit t: touched as the move began, not yet left
    ("sh_lost", np.int8, (MAX_SHIPS,)),          # fog bank she is lost in, -1 none
    ("sh_tangled", np.int8, (MAX_SHIPS,)),       # Sargasso Sea she is tangled in, -1 none
    ("sh_trade", np.uint8, (MAX_SHIPS,)),        # +S from a trade current: 1 due, 2 used
    ("ft_isl", np.int8, (MAX_FORTS,)),           # island the fort stands on, -1 none
    ("ft_flags", np.uint8, (MAX_FORTS,)),        # bit g: flag g standing
    ("ft_gone", np.uint8, (MAX_FORTS,)),         # destroyed: removed from the game
    ("ft_acts", np.int8, (MAX_FORTS,)),          # shoot actions this turn
    ("pend_fort", np.int8),                      # fort of the pending decision, -1 none
    ("pend_paid", np.int16),                     # gold paid so far for pend_fort [Forts]
    # --- cargo / crew / equipment
    ("cr_isl", np.int8, (MAX_CREW,)),            # island it was left on, -1 none [Docking]
    ("cr_seen", np.uint8, (MAX_CREW,)),          # bit p: seat p knows what it is
    ("pend_piece", np.int8),                     # crew/equipment being moved, -1 none
    ("sh_scuttle", np.int8, (MAX_SHIPS,)),       # SC_*: scuttling declared [Scuttling]
    ("cr_moved", np.uint8, (MAX_CREW,)),         # moved at a dock this turn (ruling: Docking)
    ("co_moved", np.uint8, (MAX_COINS,)),        # moved in this explore at sea [Exploring]
    ("isl_piece", np.int8, (MAX_ISLANDS,)),      # config island piece it is, -1 none
    ("myst_roll", np.int8),                      # last mysterious-island d6, 0 none
    ("co_kw", np.int16, (MAX_COINS,)),           # keyword of a unique treasure [Unique]
    # --- tow / fort loading / trade currents
    ("sh_owner", np.int8, (MAX_SHIPS,)),         # seat whose fleet she is in [Tow]
    ("sh_tow", np.int8, (MAX_SHIPS,)),           # ship she tows, -1 none [Tow]
    ("cr_nav", np.uint8, (MAX_CREW,)),           # Navigator used (once a game; ruling)
    ("sh_nav", np.uint8, (MAX_SHIPS,)),          # a Navigator placed from her this turn
    # --- cannon order
    ("pend_fired", np.uint8),                    # bit m: cannon / flag m fired this action
    # --- revealing crew (ruling: Revealing crew)
    ("sh_rv", np.uint16, (MAX_SHIPS,)),          # keyword bits whose piece her player picks
    ("rv_back", np.int8),                        # the decision a PK_REVEAL interrupted
    ("rv_to_play", np.int8),                     # and its seat to play
])

# --- observation layout (observer = relative seat 0) ----------------------------------------
OBS_GLOBAL = 0
N_GLOBAL = 5 + NUM_PK + 4 + 4 + MAX_MASTS + 3 + MAX_MASTS   # phase, pending, misc, segs, mast, edge, fired
OBS_SEATS = OBS_GLOBAL + N_GLOBAL
N_SEAT = 6
OBS_ISLANDS = OBS_SEATS + MAX_PLAYERS * N_SEAT
N_ISLAND = 9 + MAX_PLAYERS + 3           # + crew, equipment left there, mysterious effects
OBS_SHIPS = OBS_ISLANDS + MAX_ISLANDS * N_ISLAND
NUM_NATIONS = 5          # crown, azure, jade, iron, gilded (pieces.NATIONS) [Fleets]
N_SHIP_STATS = 2 + NUM_NATIONS + MAX_SEGS    # catalogue id, nation, cost, base move [Fleets]
N_SHIP = 17 + MAX_PLAYERS + 3 * MAX_MASTS + NUM_KW + 2 + N_SHIP_STATS   # + equipment, scuttle
OBS_REEFS = OBS_SHIPS + MAX_SHIPS * N_SHIP
N_REEF = 4
OBS_TERR = OBS_REEFS + MAX_REEFS * N_REEF          # --- forts / terrain / creatures
N_TERR = 5 + len(TERRAIN_KINDS) + MAX_PLAYERS
OBS_SHIP_X = OBS_TERR + MAX_TERR * N_TERR               # per ship: lost, tangled, creature
N_SHIP_X = 3 + MAX_PLAYERS + 2          # + owner (relative seat), towing, towed [Tow]
OBS_FORTS = OBS_SHIP_X + MAX_SHIPS * N_SHIP_X
N_FORT = 10 + 3 * MAX_FLAGS     # + catalogue id, gold cost, each flag's rank and range [Fleets]
OBS_SEGF = OBS_FORTS + MAX_FORTS * N_FORT    # --- each movement segment's features (steer.py)
N_SEGF = 13
OBS_SIZE = OBS_SEGF + NUM_SEG_ACTIONS * N_SEGF
