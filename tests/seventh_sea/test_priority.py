"""React priority, printed Reacts and traits (rulesheet: Actions and Reacts - "they play them
in the order for the turn, playing one React then passing to the left", "Reacts can either be
an Action card from your hand or printed on a card you have in play", "If a React and a trait
have identical timing for activating, the trait occurs before the React"; 9. Perform a Cannon
Attack; Suffering Hits 3; Chantey - an ability printed on every Captain)."""

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target


def _fire_at_player_0(arr):
    """player_0 passes; player_1 fires Powder Priest (Cannon 3) at player_0."""
    act(arr, S.A_PASS)
    act(arr, S.A_CANNON, target(arr, 1, 0), S.A_CREW + slot(arr, 1, "Powder Priest"))


def test_react_priority_first_player_of_the_turn_reacts_first():
    """Actions and Reacts: both players have a React for the cannon attack; player_0 goes
    first this turn, so the target is asked before the attacker; after its React the window
    passes to the left (player_1), who uses Gun Deck Chief's printed React, then (player_0
    having no React left) plays Extra Powder: 3 - 2 + 1 + 2 = 4 hits."""
    arr = load("react_priority")
    _fire_at_player_0(arr)
    assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 0
    assert legal(arr) == {S.A_HAND + 0, S.A_STOP}                     # Hard to Port
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Skull Gunners"))  # pay 1 Sailing
    assert arr["fire_hits"][0] == 1 and arr["cur"][0] == 1 and arr["pk"][0] == S.PK_REACT
    chief = slot(arr, 1, "Gun Deck Chief")
    assert legal(arr) == {S.A_HAND + 0, S.A_ACT + chief, S.A_STOP}
    act(arr, S.A_ACT + chief)
    assert arr["tacked"][0][1][chief] == 1 and arr["fire_hits"][0] == 2
    assert arr["cur"][0] == 1 and legal(arr) == {S.A_HAND + 0, S.A_STOP}
    act(arr, S.A_HAND + 0, S.A_CREW + 0)                              # Extra Powder, 1 Influence
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 0 and arr["hits"][0] == 4
    assert pile(arr, "discard", 0)[-1] == card("Hard to Port")
    assert pile(arr, "discard", 1)[-1] == card("Extra Powder")


def test_react_priority_a_pass_holds_until_someone_reacts():
    """Actions and Reacts [ruling: React priority]: player_0 declines; player_1 reacts, so
    player_0 is asked again; when both decline in a row the attack fires: 3 + 1 = 4."""
    arr = load("react_priority")
    _fire_at_player_0(arr)
    act(arr, S.A_STOP)
    assert arr["cur"][0] == 1
    act(arr, S.A_ACT + slot(arr, 1, "Gun Deck Chief"))
    assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 0
    act(arr, S.A_STOP)
    assert arr["cur"][0] == 1
    act(arr, S.A_STOP)
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 4
    assert pile(arr, "discard", 0) == [] and arr["hand_n"][0][1] == 1


def test_evading_react_never_takes_cannon_below_zero():
    """9. Perform a Cannon Attack: Hard to Port takes 2 from a 2-Cannon attack: no hits, and
    the turn goes on (player_1's action is over)."""
    arr = load("react_priority", player=[
        {"sea": "La Boca", "crew": ["Rogue Cutthroats", "Skull Gunners"], "hand": ["Hard to Port"]},
        {"sea": "La Boca", "crew": ["Dock Rat"]}])
    act(arr, S.A_PASS)
    act(arr, S.A_CANNON, target(arr, 1, 0), S.A_CREW + 0)             # Rosa: Cannon 2
    assert arr["pk"][0] == S.PK_REACT and arr["fire_hits"][0] == 2
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Skull Gunners"))
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 0 and arr["hits"][0] == 0
    assert not arr["tacked"][0][0][slot(arr, 0, "Rogue Cutthroats")]


def test_traits_apply_before_the_react_window():
    """Actions and Reacts: "the trait occurs before the React" [ruling: Cannon traits]:
    Master Gunner's Cannon 2 + gunnery 1 - Lioness's armour 1 = 2 when the target's React
    window opens; Helmsman of the Watch's printed React takes 1 more: 1 hit."""
    arr = load("cannon_traits")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Master Gunner"))
    helm = slot(arr, 1, "Helmsman of the Watch")
    assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 1 and arr["fire_hits"][0] == 2
    assert legal(arr) == {S.A_ACT + helm, S.A_STOP}
    act(arr, S.A_ACT + helm)
    assert arr["tacked"][0][1][helm] == 1
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 1 and arr["hits"][0] == 1


def test_original_edition_traits_then_the_react_window():
    """Original rulebook, Actions and Reacts ("React cards will tell you when you are allowed
    to play them") and The Golden Rule: the traits apply (2 + 1 - 1), then the same Cannon
    React window as the revised edition's [ruling: React windows]."""
    arr = load("cannon_traits", edition="original")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Master Gunner"))
    assert arr["pk"][0] == S.PK_REACT and arr["fire_hits"][0] == 2


def test_printed_react_absorbs_hits():
    """Suffering Hits 3 / Actions and Reacts: Hull Carpenter's printed React absorbs 2 hits
    by tacking it (Raiders of the North fires 1)."""
    arr = load("abilities")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Raiders of the North"))
    no_reacts(arr)
    carp = slot(arr, 1, "Hull Carpenter")
    assert arr["pk"][0] == S.PK_ABSORB and S.A_ACT + carp in legal(arr)
    act(arr, S.A_ACT + carp)
    assert arr["tacked"][0][1][carp] == 1 and arr["hits"][0] == 0
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_chantey_react_is_printed_on_every_captain():
    """Chantey: "all players are considered to have that ability printed on their Captains":
    player_1's Hymn of the Deep lets player_0's Captain tack to absorb 2 of 3 hits."""
    arr = load("abilities")
    act(arr, S.A_PASS)
    act(arr, S.A_CANNON, target(arr, 1, 0), S.A_CREW + slot(arr, 1, "Skull Gunners"))
    no_reacts(arr)
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 0 and arr["hits"][0] == 3
    assert S.A_CHACT in legal(arr)
    act(arr, S.A_CHACT)
    assert arr["tacked"][0][0][0] == 1 and arr["hits"][0] == 1 and arr["pk"][0] == S.PK_ABSORB
    assert S.A_CHACT not in legal(arr)                  # the Captain is tacked now


def test_printed_react_needs_an_untacked_card():
    """Actions and Reacts: a printed React tacks its card; a tacked Hull Carpenter cannot."""
    arr = load("abilities", player=[
        {"sea": "La Boca", "crew": ["Raiders of the North"]},
        {"sea": "La Boca", "crew": ["Skull Gunners", "Hull Carpenter"],
         "tacked": ["Hull Carpenter", "Vasco the Red Hand"], "chantey": "Hymn of the Deep"}])
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Raiders of the North"))
    assert arr["pk"][0] == S.PK_ABSORB
    assert not {S.A_ACT + slot(arr, 1, "Hull Carpenter"), S.A_CHACT} & legal(arr)
