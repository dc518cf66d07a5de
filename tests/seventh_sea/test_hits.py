"""Cannon attacks and Suffering Hits (rulesheet: 9. Perform a Cannon Attack, Suffering Hits,
Discarding and Sinking; Glossary: Skeletal; original rulebook: Suffering Hits)."""

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target


def _fire(arr):
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)                                # both hold cards: a window, no React


def test_cannon_attack_hits_equal_the_firing_crews_cannon():
    """9. Perform a Cannon Attack: tack one crew; the target suffers hits = its Cannon (3)."""
    arr = load("cannon_attack")
    _fire(arr)
    assert arr["tacked"][0][0][slot(arr, 0, "Powder Priest")] == 1
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 1 and arr["hits"][0] == 3


def test_tacking_a_crew_absorbs_its_swashbuckling():
    """Suffering Hits 1: tacking a crew absorbs hits equal to its Swashbuckling; all hits must
    be absorbed, then the next player acts."""
    arr = load("cannon_attack")
    _fire(arr)
    gun = slot(arr, 1, "Skull Gunners")          # Swashbuckling 1
    act(arr, S.A_CREW + gun)
    assert arr["hits"][0] == 2 and arr["pk"][0] == S.PK_ABSORB
    act(arr, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"))   # 3 absorbs the last 2
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1 and arr["hits"][0] == 0


def test_revised_sinks_untacked_crew_original_only_tacked():
    """Suffering Hits 2: revised - sink a tacked or untacked crew; original - 'Sink a tacked
    Crew' (an untacked one must tack first)."""
    arr = load("cannon_attack")
    _fire(arr)
    cut = slot(arr, 1, "Rogue Cutthroats")
    assert S.A_SINK + cut in legal(arr)
    arr = load("cannon_attack", edition="original")
    _fire(arr)
    assert S.A_SINK + cut not in legal(arr)
    act(arr, S.A_CREW + slot(arr, 1, "Skull Gunners"))       # 1 absorbed, 2 left
    act(arr, S.A_SINK + slot(arr, 1, "Skull Gunners"))       # tacked now: may sink (1 more)
    assert arr["hits"][0] == 1


def test_sunk_crew_and_attachments_go_to_the_sunk_pile():
    """Discarding and Sinking: a sunk crew goes to the sunk pile; its hits are absorbed."""
    arr = load("cannon_attack")
    _fire(arr)
    cut = slot(arr, 1, "Rogue Cutthroats")
    act(arr, S.A_SINK + cut)
    assert arr["crew"][0][1][cut] == -1
    assert pile(arr, "sunk", 1) == [card("Rogue Cutthroats")]
    assert arr["pk"][0] == S.PK_MAIN


def test_sinking_the_captain_loses_the_game():
    """Suffering Hits: sink your Captain and your Ship goes to the bottom; the last Captain
    sailing wins (The Object)."""
    arr = load("cannon_attack")
    _fire(arr)
    act(arr, S.A_SINK + 0)
    assert arr["done"][0] == 1 and arr["winner_mask"][0] == 1
    assert list(arr["reward"][0][:2]) == [1.0, -1.0]


def test_skeletal_crew_cannot_tack_to_absorb_and_sink_to_the_discard_pile():
    """Glossary: Skeletal - may not be tacked to absorb hits; sunk, they go to the discard pile."""
    arr = load("skeletal_hits")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Cannon Master"))
    bone = slot(arr, 1, "Bone Crew")
    assert arr["hits"][0] == 4
    assert S.A_CREW + bone not in legal(arr) and S.A_SINK + bone in legal(arr)
    act(arr, S.A_SINK + bone)
    assert arr["hits"][0] == 2
    assert card("Bone Crew") in pile(arr, "discard", 1)
    assert card("Bone Crew") not in pile(arr, "sunk", 1)
