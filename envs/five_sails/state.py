"""City of Five Sails: STATE and CONFIG dtypes, sizes, phase and decision ids, the action
layout as named ranges. No logic.

Sections: [Game Setup] (locations, Homes, decks), [Phases of the Day] (phases, decisions),
[Issuing a Challenge and Dueling] (duel fields), [Decks and Card Types] (card types).
"""

import numpy as np

from envs.core.spec import config_header, state_header

MIN_PLAYERS = 2
MAX_PLAYERS = 4
APPROACH = 10            # five characters and five schemes [Approach Deck]
MAX_DECK = 50            # Faction Deck: at least 40 [Faction Deck]; this pool allows 50
MIN_DECK = 40
CITY_DECK = 30           # exactly 30 [City Deck]
MAX_HAND = 24            # far above Panache 6 + a Day's draws [ruling: Engine limits]
MAX_CREW = 10            # crew slots per player; slot 0 is the Leader (cap 5 + 4 Brutes + 1 over cap)
MAX_ATT = 4              # attachments per character: weapon, armor, attire and one more [ruling: Attachment room]
MAX_LOCKER = 40
MAX_LINE = 16            # dueling line per participant
DAYS = 5                 # [Day Limit]
ECONOMIC = 7             # [Victory: Economic]
DEFAULT_MAX_STEPS = 6000

# --- locations [Game Setup]: City Deck -> Ole's Inn -> Docks -> Forums -> Bazaar -> Gardens
NLOC = 5
L_INN, L_DOCKS, L_FORUMS, L_BAZAAR, L_GARDENS = 0, 1, 2, 3, 4
HOME = 5                 # a character's loc when at its controller's Home
LOC_NAMES = ("Ole's Inn", "The Docks", "The Forums", "The Grand Bazaar", "Governor's Gardens")
#: Dawn places City cards from The Docks away from the City Deck, then Ole's Inn [ruling: Dawn order]
DAWN_ORDER = (L_DOCKS, L_FORUMS, L_BAZAAR, L_GARDENS, L_INN)

# --- card types [Decks and Card Types]
T_NONE, T_LEADER, T_CHAR, T_SCHEME, T_ATTACH, T_RISK, T_BRUTE, T_MERC, T_CATTACH, T_EVENT = range(10)
TYPE_NAMES = ("none", "leader", "character", "scheme", "attachment", "risk", "brute",
              "mercenary", "city_attachment", "event")
CITY_TYPES = (T_MERC, T_CATTACH, T_EVENT)
# stats [Card Anatomy: Stats]; -1 is a dash [Dashes as Values]
S_RES, S_COM, S_FIN, S_INF = 0, 1, 2, 3
DASH = -1
# keywords
KW_WEALTH, KW_UNIQUE, KW_BRUTE = 1, 2, 4
# attachment slots [Attachment Cards: one Weapon, Armor and Attire]
SLOT_NONE, SLOT_WEAPON, SLOT_ARMOR, SLOT_ATTIRE = 0, 1, 2, 3
# ability kinds [Types of Abilities]
(AB_NONE, AB_ACTION, AB_MANEUVER, AB_TECHNIQUE, AB_SCHEME, AB_PLUNDER, AB_REVEAL, AB_REACTION,
 AB_PASSIVE) = range(9)
AB_NAMES = ("none", "action", "maneuver", "technique", "scheme", "plunder", "when_revealed",
            "reaction", "passive")
# Reaction triggers [Reaction]: the first phrase before the bullet; "when" ones interrupt the
# event they name (it has not happened yet, the Reaction can change it), "after" ones wait
# until the ability that caused it has completely resolved
# the Day's named timing points [1. Dawn] [5. Dusk] are triggers too (RT_BEGIN_DAY..RT_END_DAY)
(RT_NONE, RT_CHALLENGED, RT_WHEN_CHALLENGED, RT_WHEN_WOUNDED, RT_WHEN_CLAIM, RT_DESTROYED,
 RT_MOVED, RT_BEGIN_DAY, RT_BEGIN_DAWN, RT_END_DAWN, RT_BEGIN_DUSK, RT_END_DUSK,
 RT_END_DAY) = range(13)
RT_NAMES = ("none", "challenged", "when_challenged", "when_wounded", "when_claim", "destroyed",
            "moved", "begin_day", "begin_dawn", "end_dawn", "begin_dusk", "end_dusk", "end_day")
RT_TEXT = ("-", "after one of your characters is challenged",
           "when one of your characters is challenged",
           "when one of your characters would take wounds",
           "when an opponent claims a location where you have a character",
           "after one of your characters is destroyed",
           "after an opposing character moves to your character's location",
           "at the Beginning of the Day", "at the Beginning of Dawn", "at the End of Dawn",
           "at the Beginning of Dusk", "at the End of Dusk", "at the End of the Day")
NRT = len(RT_NAMES)
# what a reaction window goes back to when every player has answered
RET_ACTION, RET_CLAIM, RET_RESOLVE, RET_NOPLAY, RET_REFUSE, RET_DAY = range(6)
# qualifiers [Qualified Abilities]
W_ANY, W_CITY, W_HOME = 0, 1, 2
# effect opcodes (cards.toml `eff`), each covered by a test in tests/five_sails/test_opcodes.py
(OP_NONE, OP_DRAW, OP_HEAL, OP_GARDE, OP_INF, OP_RENOWN, OP_CHALLENGE, OP_IF_CTRL,
 OP_THRUST, OP_PARRY, OP_LETHAL, OP_MOVE, OP_CV_T, OP_CV_P, OP_CV_R, OP_PREVENT,
 OP_CANCEL, OP_AURA_COM, OP_SET_FIN, OP_NOCHAL, OP_COPY, OP_SINK, OP_SET_RES, OP_SET_COM,
 OP_SET_INF) = range(25)
OP_NAMES = ("none", "draw", "heal", "garde", "influence", "renown", "challenge", "if_control",
            "thrust", "parry", "lethal", "move", "cv_thrust", "cv_parry", "cv_riposte",
            "prevent", "cancel", "aura_combat", "set_finesse", "unchallengeable", "copy", "sink",
            "set_resolve", "set_combat", "set_influence")
SINK_MAX = 3             # cards a sink effect reveals at most
NOPS = 2

# --- phases [Phases of the Day]
PH_PLANNING, PH_HIGH_DRAMA, PH_DUSK, PH_OVER = range(4)
PHASE_NAMES = ("planning", "high_drama", "dusk", "over")

# --- pending decisions (pk)
(PK_NONE, PK_SCHEME, PK_CHAR, PK_LOCKER, PK_MAIN, PK_MOVE, PK_TARGET, PK_RESPOND, PK_PARLEY,
 PK_PAY, PK_EQUIP, PK_ACTOR, PK_SLOT, PK_DPLAY, PK_KEEP, PK_DABIL, PK_DMOVE, PK_DUSK,
 PK_CTECH, PK_ORDER, PK_REACT, PK_RACTOR, PK_SINK, PK_RPAY, PK_COPY) = range(25)
PK_NAMES = ("none", "plan scheme", "plan character", "crew cap: send to The Locker",
            "high drama", "move: destination", "challenge: target", "answer challenge",
            "parley", "pay cost", "equip: target", "acting character", "attachment limit",
            "duel: play", "gamble: keep", "duel: maneuver/technique", "maneuver: move",
            "dusk: discard", "challenge: technique", "order when-revealed effects",
            "reaction window", "reaction: acting character", "revealed: keep one, sink the rest",
            "reaction: pay its costs", "copy: whose Action")
NPK = len(PK_NAMES)

# where a Reaction comes from (r_src): a risk from hand, the character's own, attachment j
# (R_ATT + j), the Event at the acting character's location
R_NONE, R_HAND, R_OWN, R_ATT, R_EVENT = 0, 1, 2, 3, 3 + MAX_ATT

# what a payment is for (pending continuation)
(GO_NONE, GO_ATTACH, GO_RISK, GO_BRUTE, GO_RECRUIT, GO_CEQUIP, GO_EVENT, GO_ABILITY) = range(8)

# --- actions: one flat space; the pending decision gives each range its meaning
A_PASS = 0               # pass / refuse / no card / done / no parley / no technique
A_ACCEPT = 1             # accept a challenge
A_GAMBLE = 2             # gamble in a duel [Gambling]
A_MANEUVER = 3           # use the played card's Maneuver
A_MOVE = 4               # + crew slot: Move Action
A_CLAIM = A_MOVE + MAX_CREW            # + crew slot: Claim Action
A_CHALLENGE = A_CLAIM + MAX_CREW       # + crew slot: Challenge Action
A_RECRUIT = A_CHALLENGE + MAX_CREW     # + crew slot: Recruit Action at that character's location
A_CEQUIP = A_RECRUIT + MAX_CREW        # + crew slot: equip the City attachment there to it
A_EVENT = A_CEQUIP + MAX_CREW          # + crew slot: use the Event there, acting
A_ABILITY = A_EVENT + MAX_CREW         # + crew slot: the character's own Action
A_HAND = A_ABILITY + MAX_CREW          # + hand slot: play / pay with / discard that card
A_CREW = A_HAND + MAX_HAND             # + crew slot: choose one of your characters
A_TARGET = A_CREW + MAX_CREW           # + seat * MAX_CREW + slot: an opposing character
A_LOC = A_TARGET + MAX_PLAYERS * MAX_CREW  # + location (HOME = your Home)
A_APPROACH = A_LOC + NLOC + 1          # + approach deck position
A_KEEP = A_APPROACH + APPROACH         # + k: which gambled (0/1) or revealed (0..2) card to keep
A_TECH = A_KEEP + SINK_MAX             # + 0 character, 1.. attachment k-1: its Technique
NUM_ACTIONS = A_TECH + 1 + MAX_ATT
#: in a Reaction window the target range names an attachment instead: + crew slot * MAX_ATT + j
A_RATT = A_TARGET
assert MAX_CREW * MAX_ATT <= MAX_PLAYERS * MAX_CREW
ACTION_RANGES = {
    "pass": (A_PASS, 1), "accept": (A_ACCEPT, 1), "gamble": (A_GAMBLE, 1),
    "maneuver": (A_MANEUVER, 1), "move": (A_MOVE, MAX_CREW), "claim": (A_CLAIM, MAX_CREW),
    "challenge": (A_CHALLENGE, MAX_CREW), "recruit": (A_RECRUIT, MAX_CREW),
    "city_equip": (A_CEQUIP, MAX_CREW), "event": (A_EVENT, MAX_CREW),
    "ability": (A_ABILITY, MAX_CREW), "hand": (A_HAND, MAX_HAND), "crew": (A_CREW, MAX_CREW),
    "target": (A_TARGET, MAX_PLAYERS * MAX_CREW), "location": (A_LOC, NLOC + 1),
    "approach": (A_APPROACH, APPROACH), "keep": (A_KEEP, SINK_MAX), "technique": (A_TECH, 1 + MAX_ATT),
}

CONFIG = np.dtype(config_header() + [
    ("leader", np.int16, (MAX_PLAYERS,)),
    ("approach", np.int16, (MAX_PLAYERS, APPROACH)),
    ("faction", np.int16, (MAX_PLAYERS, MAX_DECK)),
    ("faction_n", np.int16, (MAX_PLAYERS,)),
    ("city", np.int16, (CITY_DECK,)),
])

STATE = np.dtype(state_header(MAX_PLAYERS) + [
    ("cfg", CONFIG),
    ("day", np.int8),
    ("phase", np.int8),
    ("first", np.int8),                 # First Player Token holder, -1 none
    ("prio", np.int8),                  # High Drama: seat with priority
    ("passes", np.int8),                # consecutive passes
    ("plan_seat", np.int8),             # Planning: seat choosing
    ("out", np.uint8, (MAX_PLAYERS,)),  # Leader destroyed: lost [Victory]
    ("renown", np.int16, (MAX_PLAYERS,)),
    # approach deck (0 = played); planning choices hidden until the reveal
    ("appr", np.int16, (MAX_PLAYERS, APPROACH)),
    ("plan_scheme", np.int16, (MAX_PLAYERS,)),
    ("plan_char", np.int16, (MAX_PLAYERS,)),
    ("scheme", np.int16, (MAX_PLAYERS,)),       # scheme in play today
    ("rev_slot", np.int8, (MAX_PLAYERS,)),      # crew slot of the character revealed today
    # faction deck, hand, discard, Locker
    ("deck", np.int16, (MAX_PLAYERS, MAX_DECK)), ("deck_n", np.int16, (MAX_PLAYERS,)),
    ("hand", np.int16, (MAX_PLAYERS, MAX_HAND)), ("hand_n", np.int16, (MAX_PLAYERS,)),
    ("disc", np.int16, (MAX_PLAYERS, MAX_DECK)), ("disc_n", np.int16, (MAX_PLAYERS,)),
    ("locker", np.int16, (MAX_PLAYERS, MAX_LOCKER)), ("locker_n", np.int16, (MAX_PLAYERS,)),
    # crews
    ("crew", np.int16, (MAX_PLAYERS, MAX_CREW)),
    ("loc", np.int8, (MAX_PLAYERS, MAX_CREW)),
    ("eng", np.uint8, (MAX_PLAYERS, MAX_CREW)),
    ("wounds", np.int8, (MAX_PLAYERS, MAX_CREW)),
    ("att", np.int16, (MAX_PLAYERS, MAX_CREW, MAX_ATT)),
    # owner of an attachment on another player's character (seat + 1); 0: the character's
    # controller [Attachment Cards: "unless otherwise specified"]
    ("att_own", np.int8, (MAX_PLAYERS, MAX_CREW, MAX_ATT)),
    ("used", np.uint8, (MAX_PLAYERS, MAX_CREW)),     # own Action used today
    ("rused", np.uint8, (MAX_PLAYERS, MAX_CREW)),    # Reactions used today: bit 0 its own, 1+j attachment j
    ("buff", np.int8, (MAX_PLAYERS, MAX_CREW)),      # Influence until the end of the Day
    ("tech", np.uint8, (MAX_PLAYERS, MAX_CREW)),     # Techniques used this duel (bit per source)
    ("event_used", np.uint8, (MAX_PLAYERS, NLOC)),
    # City
    ("cdeck", np.int16, (CITY_DECK,)), ("cdeck_n", np.int16),
    ("cslot", np.int16, (NLOC,)),
    ("cdisc", np.int16, (CITY_DECK,)), ("cdisc_n", np.int16),
    ("clocker", np.int16, (CITY_DECK,)), ("clocker_n", np.int16),
    ("ctrl", np.int8, (NLOC,)),
    # pending decision
    ("pk", np.int8), ("go", np.int8),
    ("pa", np.int16), ("pb", np.int16), ("pc", np.int16), ("pd", np.int16),
    ("pcard", np.int16),                # card announced from hand (out of hand until resolved)
    ("pay", np.int16),                  # wealth still to pay
    ("queue", np.int8),                 # seats still to answer a phase step (bits)
    # reaction window [Reaction]
    ("r_has", np.uint16, (MAX_PLAYERS,)),  # triggers on the seat's deck lists (bits, public)
    ("r_trig", np.int8),                # trigger of the open window (RT_*)
    ("r_ret", np.int8),                 # where the window returns (RET_*)
    ("r_queue", np.uint8),              # seats still to be asked (bits)
    ("r_from", np.int8),                # the seat whose act triggered (asked order from its left)
    ("r_loc", np.int8),                 # location of a claim or a move
    ("r_p", np.int8), ("r_c", np.int8),  # the character concerned (wounded / claiming)
    ("r_amt", np.int16),                # wounds about to be taken (a "when" window may change)
    ("r_dest", np.uint8),               # seats that lost a character during this action (bits)
    ("r_move", np.uint8),               # seats with characters where a character moved (bits)
    ("r_mover", np.int8),               # the seat whose character moved (asked from its left)
    ("r_src", np.int8),                 # Reaction being paid: R_HAND / R_OWN / R_ATT + j / R_EVENT
    ("r_act", np.int8),                 # its acting character (crew slot)
    ("r_pay", np.int8),                 # cards still to discard for its costs (Wealth counts 2)
    ("r_card", np.int16),               # its card (the risk itself waits in pcard)
    ("sink", np.int16, (SINK_MAX,)),    # cards revealed by a sink effect, face up [Glossary: Sink]
    # duel [Issuing a Challenge and Dueling]
    ("d_on", np.uint8), ("d_stat", np.int8), ("d_loc", np.int8),
    ("d_seat", np.int8, (2,)), ("d_slot", np.int8, (2,)),
    ("d_alive", np.uint8, (2,)),
    ("d_lkstat", np.int8, (2,)),        # dueling stat, last known [Last Known Information]
    ("d_pool", np.int16, (2,)), ("d_ploc", np.int8, (2,)),
    ("d_active", np.int8), ("d_out", np.int16),
    ("d_must", np.uint8, (2,)),         # must play a card this round (first round, accepter)
    ("d_gambles", np.int8, (2,)), ("d_lethal", np.uint8, (2,)),
    ("d_line", np.int16, (2, MAX_LINE)), ("d_line_n", np.int8, (2,)),
    ("d_card", np.int16), ("d_man", np.uint8), ("d_tround", np.uint8),
    ("d_cv", np.int8, (3,)),            # this round's combat value modifiers
    ("d_reveal", np.int16, (2,)),       # the two gambled cards
    ("d_threat", np.int16),             # challenge: extra threat from a Technique
    # the risk whose Action issued this challenge: its effect is the duel, so it is fully
    # resolved (and discarded) only when the duel ends [Risk Cards; ruling: Risk that challenges]
    ("d_risk", np.int16),
])
