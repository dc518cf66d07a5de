"""The two rulebooks, each as written (issue 32, items 10-16): rules only the revised rulesheet
has stay out of the original edition, and the original's own rules apply there (Knacks,
Glossary: Membership, Skeletal, Discard a Crew, Make a Cannon Attack, Suffering Hits, Game
Set-Up / Ship: Crew Maximum, Maximum Hand Size, The Object: sunk players, the card format,
action labels, Duels).
"""

from pathlib import Path

import numpy as np
import pytest

from envs.core.errors import CardDataError
from envs.seventh_sea import state as S
from envs.seventh_sea import cards, scenario
from envs.seventh_sea.cards import CARD, INDEX, load_pool
from envs.seventh_sea.common import hand_max, move_cost
from envs.seventh_sea.config import starter
from envs.seventh_sea.env import GAME
from envs.seventh_sea.labels import action_label
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target
from tests.seventh_sea.test_setup import _new

RULINGS = Path(__file__).resolve().parents[2] / "envs" / "seventh_sea" / "docs" / "rulings.md"


def _ruling(name: str) -> str:
    """The text of one rulings.md entry (``- **name** ...`` up to the next entry)."""
    text = RULINGS.read_text()
    start = text.index(f"- **{name}**")
    end = text.find("\n- **", start + 1)
    return " ".join(text[start:end if end > 0 else None].split())


def _deck(base, extra):
    d = starter(base)
    d["cards"] = dict(d["cards"])
    for k, v in extra.items():
        d["cards"][k] = d["cards"].get(k, 0) + v
    return d


def _hosts(arr):
    """The hosts offered for hand card 0 (an Attachment), empty if it is not playable."""
    if S.A_HAND + 0 not in legal(arr):
        return set()
    act(arr, S.A_HAND + 0)
    return legal(arr)


# --- item 10: revised-only rules stay out of the original edition ---------------------------

def test_swordsman_knack_limit_is_revised_only():
    """Knacks (revised): "A Swordsman may not have more Swordsman Knacks attached than his
    Swordsman Bonus": Hild Axe-Arm (Swordsman +1) with Fine Rapier takes no Dueling Gloves;
    the original rulebook (Knack, Swordsman) sets no such limit."""
    kw = dict(decks=["vesten", "castille"], first=0, player=[
        {"crew": ["Hild Axe-Arm", "Raiders of the North"], "hand": ["Dueling Gloves"],
         "attach": [["Fine Rapier", "Hild Axe-Arm"]]},
        {"crew": ["Hired Blades"]}])
    rev = load("attachments", **kw)
    hild = slot(rev, 0, "Hild Axe-Arm")
    assert S.A_CREW + hild not in _hosts(rev)
    org = load("attachments", edition="original", **kw)
    assert S.A_CREW + hild in _hosts(org)


def test_one_membership_per_captain_is_revised_only():
    """Glossary: Membership (revised only): "A Captain may only have one Membership
    Attachment attached": with Letter of Marque on The Hollow Captain, Society Charter is not
    playable in the revised edition; the original rulebook has no Membership entry."""
    kw = dict(decks=["black_freighter", "castille"], first=0, player=[
        {"crew": ["Drowned Bosun", "Ship's Chaplain"], "hand": ["Society Charter"],
         "attach": [["Letter of Marque", "The Hollow Captain"]]},
        {"crew": ["Hired Blades"]}])
    assert _hosts(load("attachments", **kw)) == set()
    assert _hosts(load("attachments", edition="original", **kw)) == {S.A_CREW + 0}


def test_skeletal_trait_is_revised_only():
    """Glossary: Skeletal (revised only): in the original rulebook a Skeletal crew tacks to
    absorb like any crew, and sinks to the sunk pile (Discarding and Sinking)."""
    arr = load("skeletal_hits", edition="original")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Cannon Master"))
    bone = slot(arr, 1, "Bone Crew")
    assert arr["hits"][0] == 4
    assert S.A_CREW + bone in legal(arr) and S.A_SINK + bone not in legal(arr)
    act(arr, S.A_CREW + bone, S.A_SINK + bone)      # tack 2, then sink 2
    assert arr["hits"][0] == 0
    assert card("Bone Crew") in pile(arr, "sunk", 1)
    assert card("Bone Crew") not in pile(arr, "discard", 1)


def test_original_may_discard_the_captain_and_is_out():
    """8. Discard a Crew (original): "You may discard one of your Crew in play" and the
    Captain "is considered to be a Crew card": the Captain may be discarded; no longer
    sailing, his player is out (The Object) [ruling: Discarding the Captain]. Revised: "You
    may not discard your Captain"."""
    assert S.A_DCREW + 0 not in legal(load("hire_and_pay"))
    arr = load("hire_and_pay", edition="original")
    cap = int(arr["crew"][0][0][0])
    act(arr, S.A_DCREW + 0)
    assert cap in pile(arr, "discard", 0) and arr["alive"][0][0] == 0
    assert arr["done"][0] == 1 and arr["winner_mask"][0] == 2
    # three players: the others play on, the one out is skipped
    arr = _new(num_players=3, edition="original")
    while arr["phase"][0] == S.PH_START:
        act(arr, S.A_STOP)
    p = int(arr["cur"][0])
    act(arr, S.A_DCREW + 0)
    assert arr["alive"][0][p] == 0 and arr["done"][0] == 0 and int(arr["cur"][0]) != p


def test_original_untacked_captain_tacks_before_he_sinks():
    """Suffering Hits (original): "you may Sink a tacked Crew" - the Captain too: an untacked
    Captain tacks first (The Hollow Captain absorbs 3 of Cannon Master's 4), then may be
    sunk; revised: "a tacked or untacked Crew"."""
    def fired(**kw):
        arr = load("skeletal_hits", **kw)
        act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Cannon Master"))
        no_reacts(arr)
        return arr

    assert S.A_SINK + 0 in legal(fired())
    arr = fired(edition="original")
    assert S.A_SINK + 0 not in legal(arr) and S.A_CREW + 0 in legal(arr)
    act(arr, S.A_CREW + 0)
    assert arr["hits"][0] == 1 and S.A_SINK + 0 in legal(arr)



def test_original_any_crew_may_fire_the_cannon_for_its_cannon_skill():
    """The firing crew by edition: revised 9. Perform a Cannon Attack "You tack one (and
    only one) of your Crew with at least 1 point of Cannon skill"; original 6. Make a Cannon
    Attack "You tack one of your Crew to fire the cannon. You inflict a number of Hits on
    that Ship equal to the Crew's Cannon skill": Old Navigator (Cannon 0) fires in the
    original only, for 0 Hits, and Extra Powder (a Cannon React) makes them 2."""
    def seat(edition):
        return scenario.build({"players": 2, "edition": edition, "seed": 1, "first": 0,
                               "player": [
            {"sea": "La Boca", "crew": ["Old Navigator", "Ship's Surgeon"],
             "tacked": ["Capitana Rosa Delgado"], "hand": ["Extra Powder"]},
            {"sea": "La Boca", "crew": ["Rogue Cutthroats"]}]})

    assert S.A_CANNON not in legal(seat("revised"))
    for powder, hits in ((False, 0), (True, 2)):
        arr = seat("original")
        act(arr, S.A_CANNON, target(arr, 0, 1))
        assert legal(arr) == {S.A_CREW + slot(arr, 0, "Old Navigator"),
                              S.A_CREW + slot(arr, 0, "Ship's Surgeon")}
        act(arr, S.A_CREW + slot(arr, 0, "Old Navigator"))
        if powder:      # its cost, 1 Influence, tacks Ship's Surgeon
            act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Ship's Surgeon"))
        no_reacts(arr)
        assert arr["tacked"][0][0][slot(arr, 0, "Old Navigator")] == 1
        assert arr["hits"][0] == hits and arr["cur"][0] == 1
        assert arr["pk"][0] == (S.PK_ABSORB if hits else S.PK_MAIN)

# --- item 11 --------------------------------------------------------------------------------

def test_original_starting_crew_fit_the_crew_maximum():
    """Ship (original): the Crew Maximum "is the maximum number of Crew cards you may have in
    play (including your Captain)", so the starting Crew fit it too: Silver Kestrel (Crew
    Maximum 6) starts at most 6, though Lady Morwen Gosse's Wealth (7) buys more crew at 1."""
    deck = _deck("gosse", {"Purser's Clerk": 3, "Swabbies": 3})
    arr = _new(num_players=2, edition="original", decks=[deck, "castille"])
    for _ in range(12):
        opts = sorted(a for a in legal(arr) if a >= S.A_DEF)
        if not opts:
            break
        act(arr, min(opts, key=lambda a: (CARD[a - S.A_DEF, S.C_COST], a)))
    assert arr["crew_n"][0][0] == 6
    left = int(CARD[arr["crew"][0][0][0], S.C_WEALTH]) - int(arr["start_cost"][0][0])
    assert any(CARD[d, S.C_COST] <= left for d in arr["deck"][0][0][:arr["deck_n"][0][0]]
               if CARD[d, S.C_TYPE] == S.T_CREW)


# --- item 12 --------------------------------------------------------------------------------

def test_hand_maximum_above_ten_is_kept():
    """Maximum Hand Size: "cards ... can increase ... your maximum", with no cap: Tavern Tales
    (+2), Letter of Marque (+1), three Sunken Treasure and two Wreck of the Aurora (+1 each)
    make 15; a hand of 12 draws 3 and keeps all 15 [ruling: Hand size room]."""
    deck = _deck("gosse", {"Sunken Treasure": 3, "Wreck of the Aurora": 2})
    hand = ["Chain Shot", "Plunder", "Fresh Orders", "Riposte", "Spyglass Report",
            "Boarding Party", "Grappling Hooks", "Full Sail", "Hired Blades", "Deckhands",
            "Broadside Volley", "Parrot"]
    hand = [h for h in hand if h in deck["cards"]][:12]
    extra = [n for n in deck["cards"] if n not in hand and INDEX[n] != INDEX["Tavern Tales"]]
    while len(hand) < 12:
        hand.append(extra.pop(0))
    cap = deck["captain"]
    arr = load("attachments", decks=[deck, "castille"], first=0, player=[
        {"hand": hand, "chantey": "Tavern Tales",
         "attach": [["Letter of Marque", cap]] + [["Sunken Treasure", "ship"]] * 3
         + [["Wreck of the Aurora", "ship"]] * 2},
        {"crew": ["Hired Blades"], "hand": []}])
    assert hand_max(arr[0], 0) == 15
    act(arr, S.A_PASS, S.A_PASS)                   # all pass: everyone draws three
    assert arr["hand_n"][0][0] == 15 and arr["pk"][0] == S.PK_MAIN
    assert cards.most_hand(CARD) == 33 <= S.MAX_HAND


def _pool_with(tmp_path, line):
    src = open(load_pool.__globals__["DEFAULT_PATH"]).read()
    i = src.rstrip().rindex("]")
    p = tmp_path / "cards.toml"
    p.write_text(src[:i] + line + ",\n]\n")
    return p


def test_card_pool_beyond_the_hand_slots_is_refused(tmp_path):
    """[ruling: Hand size room] a pool whose hand bonuses could overflow the hand slots is a
    CardDataError naming the field and the limit."""
    p = _pool_with(tmp_path, '{name = "Bottomless Sea Chest", type = "attachment", host = "ship", '
                   'hand_bonus = 2, box = "Punch", defence = ["Slash", "Kick"]}')
    with pytest.raises(CardDataError, match="hand_bonus.*MAX_HAND"):
        load_pool(p)


# --- item 13 --------------------------------------------------------------------------------

def test_sunk_players_chantey_and_hostile_attachments_keep_acting():
    """Chantey ("When a Chantey is removed from play, all effects of the Chantey immediately
    end") / Attachment: a sunk player's cards stay where they are; its Chantey is not removed
    from play, so Doldrums still adds 1 to every Move Cost, and its hostile Fouled Hull stays
    on another player's Ship and still slows it [ruling: Sunk players]."""
    arr = load("cannon_attack", players=3, decks=["castille", "crimson_rogers", "sea_dogs"],
               player=[{"sea": "La Boca", "crew": ["Powder Priest"]},
                       {"sea": "Frothing Sea", "crew": ["Rogue Cutthroats"]},
                       {"sea": "La Boca", "chantey": "Doldrums"}])
    before = move_cost(arr[0], 0)
    act(arr, S.A_CANNON, target(arr, 0, 2), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)
    act(arr, S.A_SINK + 0)                         # player_2 sinks its Captain: it is out
    assert arr["alive"][0][2] == 0 and arr["done"][0] == 0
    assert arr["chantey"][0] == card("Doldrums") and move_cost(arr[0], 0) == before
    # original: crimson_rogers' Fouled Hull on player_0's Ship, then player_1 is out
    arr = load("cannon_attack", edition="original")
    d = card("Fouled Hull")
    i = int(np.flatnonzero(arr["deck"][0][1][:arr["deck_n"][0][1]] == d)[0])
    n = int(arr["deck_n"][0][1]) - 1
    arr["deck"][0][1][i] = arr["deck"][0][1][n]
    arr["deck"][0][1][n] = -1
    arr["deck_n"][0][1] = n
    arr["att"][0][0][0], arr["att_host"][0][0][0], arr["att_owner"][0][0][0] = d, S.HOST_SHIP, 1
    arr["att_n"][0][0] = 1
    slowed = move_cost(arr[0], 0)
    arr["alive"][0][1] = 0                         # player_1's Captain sank ...
    assert arr["att"][0][0][0] == d and move_cost(arr[0], 0) == slowed   # ... still slowed
    text = _ruling("Sunk players")
    assert "inert" not in text and "Chantey" in text and "hostile" in text


# --- item 14 --------------------------------------------------------------------------------

@pytest.mark.parametrize("line, field", [
    ('{name = "Sea Monster", type = "attachment", host = "sea", box = "Punch", '
     'defence = ["Slash", "Kick"]}', "host"),
    ('{name = "Flashing Blade", type = "action", cost = 1, op = "hits", arg = 2, '
     'traits = ["knack"], req = "swordsman", req_val = 1, box = "Punch", '
     'defence = ["Slash", "Kick"]}', "req"),
])
def test_card_format_refuses_features_the_engine_does_not_play(tmp_path, line, field):
    """Attachment ("or one of the five Seas") / Knacks (an Action Knack "the Crew ... using
    the knack"): an Attachment card for a Sea would never be offered and an Action Knack would
    be offered with no qualifying crew; the card format refuses both, naming the field."""
    with pytest.raises(CardDataError, match=field):
        load_pool(_pool_with(tmp_path, line))


def test_suffering_hits_and_boarding_a_react_producing_swashbuckling_is_refused(tmp_path):
    """Suffering Hits / Boarding (revised): a React producing Swashbuckling may absorb hits and
    add boarding hits, which this engine does not implement; such a card would produce points
    nothing could spend, so the card format refuses it with a CardDataError saying so (a
    React producing another skill still loads)."""
    line = ('{name = "Swash Surge", type = "action", cost_skill = "swashbuckling", '
            'react = "produce", arg = 2, box = "Kick", defence = ["Punch", "Slash"]}')
    with pytest.raises(CardDataError, match="cost_skill.*Swashbuckling.*not implement"):
        load_pool(_pool_with(tmp_path, line))
    pool = load_pool(_pool_with(tmp_path, line.replace('"swashbuckling"', '"sailing"')))
    assert "Swash Surge" in pool["INDEX"]


# --- item 15 --------------------------------------------------------------------------------

def test_labels_name_the_adventure_discard_cost_and_the_experience_replacement():
    """Adventure ("discarding a card from your hand" as a cost) and 2. Experience a Crew
    ("replace the Crew in play with the Experienced one"): the labels say so."""
    arr = load("adventures", decks=["gosse", "crimson_rogers"], player=[
        {"sea": "Frothing Sea", "crew": ["Cartographer"], "hand": ["Chain Shot", "Plunder"],
         "adventures": [["Smugglers' Cache", "Frothing Sea"]]},
        {"crew": ["Skull Gunners"]}])
    act(arr, S.A_ADV + 0, S.A_CREW + slot(arr, 0, "Cartographer"))
    assert arr["pk"][0] == S.PK_PICK
    assert action_label(arr[0], S.A_HAND + 1) == "discard Plunder (hand 1) to pay for Smugglers' Cache"
    arr = load("hire_and_pay", decks=["black_freighter", "crimson_rogers"], first=0, player=[
        {"crew": ["Drowned Bosun", "Drowned Bosun"], "hand": ["Drowned Bosun, Tide-Risen"]},
        {"crew": ["Skull Gunners"], "hand": []}])
    act(arr, S.A_XP + 0)
    assert action_label(arr[0], S.A_CREW + 2) == (
        "replace Drowned Bosun (crew 2) with Drowned Bosun, Tide-Risen")
    assert GAME.action_label(arr[0], S.A_CREW + 1).startswith("replace ")


# --- item 16 --------------------------------------------------------------------------------

def test_original_duel_follows_the_duel_card_and_the_original_boarding_attack():
    """Duels (original: no Duel rule; the card's text applies, Golden Rule): one boarding
    attack between the named crew by the original's Boarding - the loser absorbs only by
    tacking then sinking, no React window, only the winner tacks - and hits left over after
    the loser sinks are reduced to zero [ruling: Duels in the original edition]."""
    arr = load("duel", edition="original")
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_FOE + slot(arr, 1, "Charming Rogue"))
    act(arr, S.A_CREW + slot(arr, 0, "Raiders of the North"), S.A_STOP)
    hild = slot(arr, 0, "Hild Axe-Arm")
    act(arr, S.A_CREW + hild, S.A_HAND + 0, S.A_STOP)   # 5 hits on Charming Rogue (1)
    assert arr["pk"][0] == S.PK_MAIN and arr["hits"][0] == 0 and arr["cur"][0] == 1
    assert card("Charming Rogue") in pile(arr, "sunk", 1)
    assert arr["crew"][0][1][slot(arr, 1, "Gentleman Duelists")] >= 0
    assert arr["tacked"][0][0][hild] == 1
    text = _ruling("Duels in the original edition")
    assert "Golden Rule" in text and "reduced to zero" in text


# --- Glossary entry by entry (s47): each difference an edition switch that a test pins -----

def test_cut_ranks_punctuation_by_edition():
    """I. Determining Turn Order (revised): "The player who cut the first card
    alphabetically goes first (ignoring spaces and punctuation)": Bosun Grell ("bosungrell")
    before Bosun's Whistle ("bosunswhistle"), so player_0 goes first; original Glossary:
    Alphabetical ignores only spaces ("spaces are ignored"), so the apostrophe is a
    character and sorts before letters: Bosun's Whistle first, player_1 goes first [ruling:
    Punctuation in the original cut]."""
    from envs.seventh_sea.flow import turn_order

    first = {}
    for edition in ("revised", "original"):
        for swap in (False, True):
            decks = [["Bosun Grell"], ["Bosun's Whistle"]]
            if swap:
                decks.reverse()
            arr = load("turn_order_tie", edition=edition, player=[
                {"crew": ["Powder Priest"], "deck": decks[0]},
                {"crew": ["Powder Priest"], "deck": decks[1]}])
            turn_order(arr[0])
            first[edition, swap] = int(arr["order"][0][0])
    assert first == {("revised", False): 0, ("revised", True): 1,
                     ("original", False): 1, ("original", True): 0}


def test_numbered_knack_needs_at_least_its_value_in_both_editions():
    """Knacks (revised): "Knacks listed with a number mean that the Crew attaching ... must
    have a value equal to or greater than the knack's requirement"; original Glossary:
    Knack, "attached to a Crew that has the correct trait" [ruling: Knack requirement
    values]: Dread Mask (Fear 2 Knack) goes on Drowned Bosun, Tide-Risen (Fear 3) and The
    Hollow Captain (Fear 2), not on Ship's Chaplain (no Fear), in both editions."""
    for edition in ("revised", "original"):
        arr = load("attachments", edition=edition, decks=["black_freighter", "castille"],
                   player=[{"crew": ["Drowned Bosun, Tide-Risen", "Ship's Chaplain"],
                            "hand": ["Dread Mask"]},
                           {"crew": ["Hired Blades"]}])
        assert _hosts(arr) == {S.A_CREW + 0,
                               S.A_CREW + slot(arr, 0, "Drowned Bosun, Tide-Risen")}, edition


def test_ii_actions_13_pass_follows_a_free_move_in_the_revised_edition_only():
    """'Free Move': "You must conduct an action of some kind after using this ability".
    Revised II. Actions lists "13. Pass" among the 13 actions (Glossary: Action, "One of the
    13 activities listed under the Action Phase Heading"), so El Orgullo's free move may be
    followed by a Pass, which counts as the seat's Pass; original II. Actions: "perform one
    of the following actions or pass", so a Pass is not an action and is refused while one
    is legal [ruling: Free move with nothing to follow]."""
    offered = {}
    for edition in ("revised", "original"):
        arr = load("hire_and_pay", edition=edition)
        act(arr, S.A_FREE, S.A_SEA + 1)
        assert arr["must_act"][0] == 1 and arr["cur"][0] == 0
        offered[edition] = S.A_PASS in legal(arr)
        if edition == "revised":
            act(arr, S.A_PASS)
            assert arr["passes"][0] == 1 and arr["cur"][0] == 1 and arr["pk"][0] == S.PK_MAIN
            assert arr["sea"][0][0] == 1 and arr["ship_tacked"][0][0] == 1
    assert offered == {"revised": True, "original": False}
