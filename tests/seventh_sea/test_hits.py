"""Cannon attacks and Suffering Hits (rulesheet: 9. Perform a Cannon Attack, Suffering Hits,
Discarding and Sinking; Glossary: Skeletal; original rulebook: Suffering Hits)."""

from envs.seventh_sea import scenario
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


def _last_two_cards(**kw):
    """player_0 (Castille) holds Plunder (draw 2, 2 Adventuring: Cartographer) and Fresh
    Orders (draw 2, 1 Influence); its deck is down to Rally the Captain and Chain Shot, the
    other 52 cards in its discard pile."""
    arr = scenario.build({
        "rule": "Discarding and Sinking", "players": 2, "seed": 3, "first": 0, **kw,
        "player": [{"sea": "La Boca", "crew": ["Cartographer", "Marines of the Crown"],
                    "hand": ["Plunder", "Fresh Orders"], "deck": ["Rally the Captain", "Chain Shot"]},
                   {"sea": "The Mirror", "crew": []}]})
    return arr


def test_discarding_and_sinking_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    """Discarding and Sinking: "When you go through your entire deck, shuffle your discard
    pile and use it to replenish your deck" (Glossary: Discard Pile: "If you run out of
    cards in your deck"); Glossary: Discard: "Action cards are discarded after their effects
    are resolved". Plunder draws the last two cards: the 52 discarded cards become the deck
    at once, and Plunder, discarded after its draw, stays in the discard pile; so does
    Fresh Orders, played after the deck ran out."""
    arr = _last_two_cards()
    discarded = sorted(pile(arr, "discard", 0))
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Cartographer"))     # Plunder
    assert sorted(int(x) for x in arr["hand"][0][0][:arr["hand_n"][0][0]]) == sorted(
        [card("Fresh Orders"), card("Rally the Captain"), card("Chain Shot")])
    assert sorted(pile(arr, "deck", 0)) == discarded and len(discarded) == 52
    assert pile(arr, "discard", 0) == [card("Plunder")]
    act(arr, S.A_PASS, S.A_HAND + 0, S.A_CREW + 0)                    # p1 passes; Fresh Orders
    assert arr["deck_n"][0][0] == 50 and pile(arr, "discard", 0) == [card("Plunder"), card("Fresh Orders")]


def test_discarding_and_sinking_a_deck_run_out_with_no_discard_pile_is_replenished_at_the_next_draw():
    """Discarding and Sinking / Glossary: Discard Pile [ruling: Reshuffle when the deck runs
    out]: with nothing in the discard pile (its cards moved to the sunk pile here) the deck
    stays empty after Plunder draws its last cards; Fresh Orders' draw then shuffles the
    discard pile (Plunder alone) into a new deck and draws it, and Fresh Orders is
    discarded after its draw."""
    arr = _last_two_cards()
    r = arr[0]
    n = int(r["discard_n"][0])
    r["sunk"][0][:n] = r["discard"][0][:n]
    r["sunk_n"][0] = n
    r["discard"][0][:n] = -1
    r["discard_n"][0] = 0
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Cartographer"))     # Plunder
    assert arr["deck_n"][0][0] == 0 and pile(arr, "discard", 0) == [card("Plunder")]
    act(arr, S.A_PASS, S.A_HAND + 0, S.A_CREW + 0)                    # p1 passes; Fresh Orders
    assert card("Plunder") in arr["hand"][0][0][:arr["hand_n"][0][0]]
    assert arr["deck_n"][0][0] == 0 and pile(arr, "discard", 0) == [card("Fresh Orders")]
