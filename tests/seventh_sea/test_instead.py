"""Cards played instead of performing a Boarding Attack (rulesheet: Boarding - "React: Play
instead of performing a Boarding Attack ... played instead of pushing a Crew forward to start
performing a Boarding Attack, not instead of playing a card from your hand"; Duels - "Cards
that are used 'instead of performing a Boarding Attack' may not be used")."""

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, card, legal, load, pile, slot, target


def _board(arr):
    """player_0 attempts a Boarding (Move Cost 3 Sailing: Rosa 2 + Don Alvaro 1); player_1
    does not cancel."""
    act(arr, S.A_BOARD, target(arr, 0, 1), S.A_CREW + 0, S.A_CREW + slot(arr, 0, "Don Alvaro"))
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1
    act(arr, S.A_STOP)
    assert arr["phase"][0] == S.PH_BOARD and arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 0


def test_instead_card_inflicts_hits_in_place_of_a_boarding_attack():
    """Boarding [ruling: Instead of a Boarding Attack]: Grenado (1 Cannon) replaces player_0's
    boarding attack: player_1's Ship suffers 2 hits normally; then it is the defender's
    opportunity. Pistol Shot (no such React) is not offered."""
    arr = load("instead_boarding")
    _board(arr)
    assert S.A_HAND + 0 in legal(arr) and S.A_HAND + 1 not in legal(arr)
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Powder Priest"))
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 1 and arr["hits"][0] == 2
    assert pile(arr, "discard", 0)[-1] == card("Grenado")
    act(arr, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"))
    assert arr["phase"][0] == S.PH_BOARD and arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 1


def test_instead_card_ends_the_boarding():
    """Boarding / card effects ending a Boarding: player_1 plays Cut the Grapples instead of
    its boarding attack: the Boarding is over at once (no draw) and play goes on."""
    arr = load("instead_boarding")
    _board(arr)
    act(arr, S.A_STOP)                                   # player_0 passes its attack
    assert arr["cur"][0] == 1 and S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 1, "Skull Gunners"))
    assert arr["phase"][0] == S.PH_ACTIONS and arr["b_att"][0] == -1
    assert arr["hand_n"][0][0] == 2 and arr["hand_n"][0][1] == 1
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_instead_card_only_before_a_crew_is_pushed():
    """Boarding: not "instead of playing a card from your hand": once the other side has
    pushed a crew, replying offers boarding cards and crew only."""
    arr = load("instead_boarding")
    _board(arr)
    act(arr, S.A_CREW + slot(arr, 0, "Powder Priest"), S.A_HAND + 1)    # Pistol Shot: Dagger
    assert arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 1
    assert S.A_HAND + 0 not in legal(arr)                # Cut the Grapples


def test_unpaid_instead_card_leaves_the_opportunity():
    """Paying Costs [ruling: Instead of a Boarding Attack]: Grenado unpaid is discarded and
    player_0 still decides its boarding attack."""
    arr = load("instead_boarding")
    _board(arr)
    act(arr, S.A_HAND + 0, S.A_STOP)
    assert arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 0
    assert pile(arr, "discard", 0)[-1] == card("Grenado")


def test_instead_cards_are_not_used_in_a_duel():
    """Duels: 'Cards that are used instead of performing a Boarding Attack may not be used'."""
    arr = load("duel", player=[
        {"sea": "The Mirror", "crew": ["Hild Axe-Arm", "Raiders of the North"],
         "hand": ["Crossed Blades", "Boarding Party", "Cut the Grapples"]},
        {"sea": "The Mirror", "crew": ["Gentleman Duelists", "Charming Rogue"], "hand": ["Chain Shot"]}])
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_FOE + slot(arr, 1, "Gentleman Duelists"))
    act(arr, S.A_CREW + slot(arr, 0, "Raiders of the North"), S.A_STOP)
    assert arr["b_duel"][0] == 1 and arr["pk"][0] == S.PK_BPUSH
    assert not any(S.A_HAND <= a < S.A_XP for a in legal(arr))
