"""7th Sea CCG: STATE and CONFIG dtypes, sizes, phase and pending-decision ids, the action
layout as named ranges, the card-table columns. No logic.

Sections: Game Set-Up, Types of Cards, Paying Costs, Suffering Hits, Turn Sequence, Boarding
(rulesheet, revised = default) and the original rulebook (``edition="original"``).
"""

import numpy as np

from envs.core.spec import config_header, state_header

MAX_PLAYERS = 4
MIN_PLAYERS = 2
NSEAS = 5                 # Trade Sea, Frothing Sea, La Boca, Forbidden Sea, The Mirror [Sea]
SEA_NAMES = ("Trade Sea", "Frothing Sea", "La Boca", "Forbidden Sea", "The Mirror")
SKILL_NAMES = ("Cannon", "Sailing", "Adventuring", "Influence", "Swashbuckling")
CANNON, SAILING, ADVENTURING, INFLUENCE, SWASH = 0, 1, 2, 3, 4
MOVE_COST = 5             # a cost flag with the ship's wheel: the Move Cost, paid in Sailing
MAX_DEFS = 192            # card definitions the action layout and config leave room for
MAX_DECK = 90             # cards of one player's deck (60+ incl. Captain, Ship, starting Crew)
# hand slots: the largest hand the card pool allows, seven + Tavern Tales' 2 + 1 for each of
# three copies of the seven cards with a hand bonus + a draw of 3 before the discards
# [Maximum Hand Size; ruling: Hand size room]; cards.load_pool refuses a pool that could
# exceed it (cards.most_hand)
MAX_HAND = 33
# crew slots (slot 0 = the Captain): the largest Crew Maximum the card pool allows, a Ship's
# 9 + 1 for each of three copies of Expanded Berths, Reinforced Hull, Lost Shipwright's Plans
# and Hidden Cove [Ship; Glossary: Crew Maximum]; cards.load_pool refuses a pool that could
# exceed it (the starting Crew fit the Crew Maximum in both editions), so the slots never
# run out
MAX_CREW = 21
# attachments a player has in play (crew, ship and sea hosts) and its uncompleted Adventures:
# the rules set no limit; these are engine limits, far above what a deck plays in practice,
# and an attachment or Adventure that would not fit is not offered [Attachment; Adventure;
# ruling: Engine limits]
MAX_ATT = 40
MAX_ADV = 8
#: boarding attack cards played in one boarding attack: they stay on the table until it ends
#: [Boarding], so every card of the two players' decks is the bound (two hands were not: the
#: hand maximum has no cap, and the 33rd card of one attack went to no pile)
MAX_BOARD_CARDS = 2 * MAX_DECK
HAND_MAX = 7              # [Maximum Hand Size]
START_HAND = 7            # [Game Set-Up] draw seven
DRAW_PHASE = 3            # [III. Draw Cards]
DEFAULT_MAX_STEPS = 6000

# edition [config switch per difference; envs/seventh_sea/docs/rulings.md]
# (never 0, so that a scenario written as the difference from a zero record names it)
ED_REVISED, ED_ORIGINAL = 1, 2
EDITION_NAMES = ("", "revised", "original")

# card types [Types of Cards; Glossary: Card Types]
T_CAPTAIN, T_SHIP, T_CREW, T_ACTION, T_ATTACH, T_ADVENTURE, T_CHANTEY = range(7)
TYPE_NAMES = ("captain", "ship", "crew", "action", "attachment", "adventure", "chantey")
FACTION_NAMES = ("unaligned", "Castille", "Crimson Rogers", "Sea Dogs", "Vesten",
                 "Black Freighter", "Gosse's Gentlemen")
BOX_NAMES = ("Slash", "Thrust", "Parry", "Punch", "Kick", "Dagger")
NBOX = len(BOX_NAMES)

# trait bits [Glossary; Experienced Crew, Loyal, Unique, Knacks]
TR_LOYAL = 1
TR_UNIQUE = 2
TR_EXPERIENCED = 4
TR_SKELETAL = 8
TR_VILLAINOUS = 16
TR_TOPMAN = 32
TR_NO_ATTACH = 64
TR_MEMBERSHIP = 128       # on an attachment: a Captain may have only one
TR_KNACK = 256            # on an attachment/action: needs the trait/skill in C_REQ_*
TRAIT_NAMES = ("loyal", "unique", "experienced", "skeletal", "villainous", "topman",
               "no_attachments", "membership", "knack")

# attachment hosts [Attachment]
H_CREW, H_CAPTAIN, H_SHIP, H_SEA = range(4)
HOST_NAMES = ("crew", "captain", "ship", "sea")
# knack requirements: what the host crew needs (value >= C_REQ_VAL) [Knacks]
RQ_NONE, RQ_SWORDSMAN, RQ_TOPMAN, RQ_FEAR, RQ_SORCERY, RQ_SKILL, RQ_VILLAIN = range(7)
REQ_NAMES = ("none", "swordsman", "topman", "fear", "sorcery", "skill", "villainous")

# effect opcodes of Action cards [Action; ruling: Effects as opcodes] (argument in C_ARG)
(OP_NONE, OP_HITS, OP_DRAW, OP_UNTACK_CAPTAIN, OP_BOARDING, OP_MOVE, OP_DISCARD, OP_DUEL,
 OP_RECRUIT, OP_END_BOARDING) = range(10)
OP_NAMES = ("none", "hits", "draw", "untack_captain", "boarding", "move", "discard_random", "duel",
            "recruit", "end_boarding")
# "Act:" abilities printed on cards in play (crew, Captain, Ship, Attachment, Chantey) [Ability]
ACT_NAMES = ("none", "draw", "untack_captain")
# sorcery schools [Glossary: Sorcerer, Sorcery Knack]
SCHOOL_NAMES = ("none", "fate", "glamour", "laerdom", "nacht", "porte", "pyeryem", "scry")
# chantey opcodes, global while in play [Chantey]
CH_NONE, CH_MOVE_COST, CH_HAND_MAX, CH_CANNON = range(4)
CHANTEY_OP_NAMES = ("none", "move_cost", "hand_max", "cannon")

# --- card table columns (int16 CARD[def, column]) -------------------------------------------
(C_TYPE, C_FACTION, C_TITLE, C_RANK_REV, C_RANK_ORIG, C_COST, C_COST_SKILL, C_CANCEL,
 C_CANCEL_SKILL, C_SK0, C_SK1, C_SK2, C_SK3, C_SK4, C_TRAITS, C_SWORD, C_FEAR, C_SORC,
 C_WEALTH, C_HOME, C_MOVE, C_CREWMAX, C_FREEMOVE, C_BOX, C_DEF1, C_DEF2, C_HOST, C_REQ,
 C_REQ_VAL, C_OP, C_ARG, C_DIST, C_ADV_SEA, C_ADV_LOW, C_HAND_BONUS, C_CONTROL, C_CAP_NEED,
 C_CAP_SKILL, C_CAP_BONUS, C_SHIP_MOVE, C_SHIP_CREWMAX, C_REACT, C_ACT, C_ACT_ARG, C_ADV_VILLAIN,
 C_ADV_DISCARD, C_SCHOOL, C_SORC2, C_SCHOOL2, C_REACT_ARG, C_GUNNERY, C_ARMOUR, C_HOSTILE) = range(53)
NCOLS = 53
# React timings [Actions and Reacts]: of Action cards (amount in C_ARG) and of React abilities
# printed on cards in play (amount in C_REACT_ARG; paid by tacking the card, a Chantey's by
# tacking your Captain). "evade" reduces the Cannon of a cannon attack on your Ship; "instead"
# is played instead of performing a Boarding Attack (its effect: op / arg).
R_NONE, R_ABSORB, R_CANNON, R_PRODUCE, R_EVADE, R_INSTEAD = range(6)
REACT_NAMES = ("none", "absorb", "cannon", "produce", "evade", "instead")

# phases
PH_START, PH_ACTIONS, PH_BOARD, PH_DRAW, PH_OVER = range(5)
PHASE_NAMES = ("starting crew", "actions", "boarding", "draw", "over")

# pending decisions (pk)
(PK_NONE, PK_START, PK_MAIN, PK_PAY, PK_CANCEL, PK_SEA, PK_TARGET, PK_FIRE, PK_ABSORB,
 PK_BPUSH, PK_BCARD, PK_DISCARD, PK_HOST, PK_FOE, PK_REACT, PK_PICK) = range(16)
PK_NAMES = ("none", "starting crew", "action", "pay", "cancel?", "sea", "target", "fire",
            "absorb hits", "boarding: push crew", "boarding: card", "discard to hand max",
            "attachment host / crew to experience", "duel: the other crew", "react: cannon",
            "crew to bring into play / card to discard")
NPK = len(PK_NAMES)

# what a declared action is (act_kind)
(AK_NONE, AK_HIRE, AK_XP, AK_ACTION, AK_ATTACH, AK_ADV_PUT, AK_ADV_DONE, AK_CHANTEY, AK_MOVE,
 AK_CANNON, AK_BOARD, AK_FREE) = range(12)
AK_NAMES = ("none", "hire", "experience", "action card", "attachment", "put adventure",
            "complete adventure", "chantey", "move", "cannon attack", "boarding", "free move")

# --- actions (one flat Discrete space) ------------------------------------------------------
A_HAND = 0                         # + i: hand card i (play / boarding card / discard)
A_XP = A_HAND + MAX_HAND           # + i: experience a crew with hand card i (revised)
A_CREW = A_XP + MAX_HAND           # + j: your crew j (tack to pay / absorb / fire / fight / host)
A_SINK = A_CREW + MAX_CREW         # + j: sink your crew j to absorb hits
A_DCREW = A_SINK + MAX_CREW        # + j: discard your crew j (action 11)
A_SEA = A_DCREW + MAX_CREW         # + k: sea k (move, place an adventure, attach to a sea)
A_TARGET = A_SEA + NSEAS           # + r: the ship of the seat r+1 places after you
A_ADV = A_TARGET + MAX_PLAYERS - 1 # + k: complete your adventure k
A_DADV = A_ADV + MAX_ADV           # + k: discard your adventure k
A_SHIP = A_DADV + MAX_ADV          # attach to your ship
A_ACT = A_SHIP + 1                 # + j: "Act:" ability of your crew j (tack it)
A_MOVE = A_ACT + MAX_CREW
A_CANNON = A_MOVE + 1
A_BOARD = A_CANNON + 1
A_FREE = A_BOARD + 1               # the Ship's free move
A_PASS = A_FREE + 1
A_STOP = A_PASS + 1                # stop paying / do not cancel / take the hits / pass the boarding attack
A_PAYC = A_STOP + 1                # pay the cancel cost
A_FOE = A_PAYC + 1                 # + j: the target player's crew j (a duel's opponent)
A_SHIPACT = A_FOE + MAX_CREW       # your Ship's "Act:" ability (tack the Ship)
A_ATTACT = A_SHIPACT + 1           # + a: the "Act:" ability of your attachment a (tack its host)
A_CHACT = A_ATTACT + MAX_ATT       # the Chantey's ability, printed on your Captain (tack him)
A_DEF = A_CHACT + 1           # + d: starting crew: card definition d from your deck
NUM_ACTIONS = A_DEF + MAX_DEFS
ACTION_RANGES = {
    "hand": (A_HAND, MAX_HAND), "experience": (A_XP, MAX_HAND), "crew": (A_CREW, MAX_CREW),
    "sink": (A_SINK, MAX_CREW), "discard_crew": (A_DCREW, MAX_CREW), "sea": (A_SEA, NSEAS),
    "target": (A_TARGET, MAX_PLAYERS - 1), "complete_adventure": (A_ADV, MAX_ADV),
    "discard_adventure": (A_DADV, MAX_ADV), "ship": (A_SHIP, 1), "act": (A_ACT, MAX_CREW), "move": (A_MOVE, 1),
    "cannon": (A_CANNON, 1), "board": (A_BOARD, 1), "free_move": (A_FREE, 1),
    "pass": (A_PASS, 1), "stop": (A_STOP, 1), "pay_cancel": (A_PAYC, 1),
    "foe_crew": (A_FOE, MAX_CREW), "ship_act": (A_SHIPACT, 1), "attachment_act": (A_ATTACT, MAX_ATT),
    "chantey_ability": (A_CHACT, 1), "starting_crew": (A_DEF, MAX_DEFS),
}

CONFIG = np.dtype(config_header() + [
    ("edition", np.int8),
    ("deck", np.int8, (MAX_PLAYERS, MAX_DEFS)),    # copies of each card def per seat
])

STATE = np.dtype(state_header(MAX_PLAYERS) + [
    ("cfg", CONFIG),
    ("phase", np.int8),
    ("pk", np.int8),                 # pending decision kind
    ("turn", np.int16),
    ("order", np.int8, (MAX_PLAYERS,)),   # seats in turn order this turn [I. Turn Order]
    ("opos", np.int8),               # position in `order` of the seat whose action it is
    ("passes", np.int8),             # passes in a row [II. Actions]
    ("must_act", np.uint8),          # a free move was made: an action must follow ['Free Move']
    ("alive", np.uint8, (MAX_PLAYERS,)),  # captain still sailing
    ("ship", np.int16, (MAX_PLAYERS,)),   # ship def
    ("sea", np.int8, (MAX_PLAYERS,)),     # sea the ship is in
    ("ship_tacked", np.uint8, (MAX_PLAYERS,)),
    ("crew", np.int16, (MAX_PLAYERS, MAX_CREW)),        # def per slot, -1 empty; slot 0 captain
    ("tacked", np.uint8, (MAX_PLAYERS, MAX_CREW)),
    ("crew_n", np.int8, (MAX_PLAYERS,)),
    ("att", np.int16, (MAX_PLAYERS, MAX_ATT)),          # attachment defs, -1 empty
    ("att_host", np.int8, (MAX_PLAYERS, MAX_ATT)),      # crew slot, HOST_SHIP = ship, HOST_SEA+k = sea k
    ("att_owner", np.int8, (MAX_PLAYERS, MAX_ATT)),     # who put it into play (original: a foe)
    ("att_n", np.int8, (MAX_PLAYERS,)),
    ("adv", np.int16, (MAX_PLAYERS, MAX_ADV)),          # uncompleted adventures
    ("adv_sea", np.int8, (MAX_PLAYERS, MAX_ADV)),
    ("adv_n", np.int8, (MAX_PLAYERS,)),
    ("hand", np.int16, (MAX_PLAYERS, MAX_HAND)),
    ("hand_n", np.int8, (MAX_PLAYERS,)),
    ("deck", np.int16, (MAX_PLAYERS, MAX_DECK)),        # top = deck[deck_n - 1] (hidden)
    ("deck_n", np.int16, (MAX_PLAYERS,)),
    ("discard", np.int16, (MAX_PLAYERS, MAX_DECK)),
    ("discard_n", np.int16, (MAX_PLAYERS,)),
    ("sunk", np.int16, (MAX_PLAYERS, MAX_DECK)),
    ("sunk_n", np.int16, (MAX_PLAYERS,)),
    ("owned", np.int16, (MAX_PLAYERS,)),                # cards of the player's deck list
    ("start_done", np.uint8, (MAX_PLAYERS,)),           # starting crew chosen (hidden until all)
    ("start_cost", np.int16, (MAX_PLAYERS,)),           # influence spent on the starting crew
    ("chantey", np.int16),           # chantey in play (def), -1 none
    ("chantey_owner", np.int8),
    ("cur", np.int8),                # seat answering the pending decision
    ("actor", np.int8),              # seat whose action is being resolved
    ("act_kind", np.int8),           # AK_*
    ("act_slot", np.int8),           # hand slot / adventure index / crew slot concerned
    ("act_target", np.int8),         # target seat, -1 none
    ("act_host", np.int8),           # chosen attachment host / sea
    ("pay_seat", np.int8),
    ("pay_skill", np.int8),
    ("pay_left", np.int16),
    ("pay_cancel", np.uint8),        # the payment is a cancel cost
    ("pay_made", np.uint8),          # a point (or a React) has been produced toward it
    ("paid", np.int16, (MAX_PLAYERS, 5)),     # skill points produced by tacking this turn
    ("hits", np.int16),              # hits left to absorb
    ("hit_seat", np.int8),
    ("b_att", np.int8),              # boarding attacker seat, -1 none
    ("b_def", np.int8),
    ("b_half", np.int8),             # 0 = attacker's opportunity, 1 = defender's
    ("b_pass", np.uint8),            # the attacker passed this round
    ("b_round", np.int16),
    ("f_seat", np.int8, (2,)),       # fighters: seat, crew slot (0 = starter, 1 = replier)
    ("f_slot", np.int8, (2,)),
    ("b_duel", np.uint8),            # the boarding attack is a Duel [Duels]
    ("b_pushed", np.uint8),          # a crew was just pushed forward: its card must follow
    ("b_last", np.int8),             # index in f_* of the side that played the last card
    ("b_box", np.int8),              # last boarding attack box
    ("b_cards", np.int16, (MAX_BOARD_CARDS,)),
    ("b_card_seat", np.int8, (MAX_BOARD_CARDS,)),
    ("b_n", np.int16),
    ("react_card", np.int16),        # a React card being paid for (owner: pay_seat), -1 none
    ("react_ret", np.int8),          # the decision the React was played from (PK_*)
    ("fire_hits", np.int16),
    ("fighter_abs", np.int8),        # revised: a losing fighter (f_* index) waits while Reacts absorb
    ("rw_mask", np.uint8),           # React window: seats still to be offered it (bit per seat)
    ("rw_pos", np.int8),             # React window: place in `order` of the seat offered it
    ("limbo", np.int16),             # card declared from the actor's hand, not yet resolved
    ("cw_mask", np.uint8),           # seats still offered the cancel cost (bit per seat)
    ("after", np.int8),              # continuation when pk == PK_NONE (F_*)
    ("hit_after", np.int8),          # continuation once the hits are absorbed
    ("disc_after", np.int8),         # continuation once hands are down to their maximum
])

# continuations of the flow driver (flow.advance)
(F_NONE, F_ACTION_DONE, F_HANDCHECK, F_PASS, F_NEXT_ACTOR, F_DRAW_PHASE, F_END_TURN,
 F_START_TURN, F_RESOLVE, F_CANCELED, F_BOARD_HITS_DONE, F_BOARD_ROUND_END, F_BOARD_NEW_ROUND,
 F_BOARD_END, F_BOARD_END_DRAW, F_SETUP_DONE) = range(16)

HOST_SHIP = MAX_CREW
HOST_SEA = MAX_CREW + 1
