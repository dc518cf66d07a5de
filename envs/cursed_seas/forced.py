"""Pirates of the Cursed Seas ``auto_forced``: the pending decisions whose options every seat
can work out [ruling: Forced decisions are public ones] (the rule is envs/core/forced.py's).

Hidden from a seat: the values of face-down coins it has not looked at and which face-down
crew or equipment lies where [Placing Treasure; Exploring; Placing Crew and equipment].
Places, headings, masts, flags, islands, terrain, which coins lie where and how many crew
and equipment each ship carries are open. A decision is listed here as public when its
options read only those: placing islands, reefs and terrain [Placing Islands; Placing
Terrain], home islands and deploying [Choosing Home Islands; Setup], which mast a hit, a
reef, an iceberg or a storm removes or a repair or fresh water raises [Shooting; Repairing;
Terrain], which flag a hit fort loses [Forts], leaving a Sargasso Sea or jumping whirlpools
[Terrain], which coin at home pays for a fort [Forts], which crew a boarded or fevered ship
loses (her player knows her own crew; the count aboard is open) [Board], a boarding's yes /
no [Ram], and placing a trade current [Trade Current].

Every other decision reads hidden pieces: a ship's actions and segments (a Captain's or
Helmsman's second action, an Explorer, a Shipwright, an Oarsman's +S: past her printed
segments a ship that may carry one is asked with "stop" alone), targets (Long Guns), cargo room
and what a ship may take or carry (equipment aboard, the points of the pieces aboard),
building forts (gold at home), what a whirlpool takes, exploring at sea, docking pieces,
towing and loading. Those are asked even with a single option.
"""

from numba import njit

from .state import (
    PK_BOARD, PK_BOARD_CREW, PK_DEPLOY, PK_FLAG, PK_FORT_MAST, PK_HOME, PK_ICE_MAST, PK_MAST,
    PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP, PK_NAV, PK_PAY, PK_PLACE, PK_PLACE_TERR, PK_REEF,
    PK_REPAIR, PK_TERRAIN, PK_UNTANGLE, PK_WHIRL,
)


@njit(cache=True)
def options_public(s):
    """Do the options of the pending decision follow from public state?"""
    pk = s.pending
    return (pk == PK_PLACE or pk == PK_TERRAIN or pk == PK_PLACE_TERR or pk == PK_HOME
            or pk == PK_DEPLOY or pk == PK_REEF or pk == PK_ICE_MAST or pk == PK_MAST
            or pk == PK_FORT_MAST or pk == PK_MYST_UP or pk == PK_MYST_DOWN
            or pk == PK_REPAIR or pk == PK_FLAG or pk == PK_UNTANGLE or pk == PK_WHIRL
            or pk == PK_PAY or pk == PK_BOARD_CREW or pk == PK_MYST_CREW or pk == PK_BOARD
            or pk == PK_NAV)
