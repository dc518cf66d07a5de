"""Seas of Havoc final scoring and the terminal reward (envs/havoc/scoring.py):
[Ending the Game], [Final Scoring], [Teams Variant], [Ghost Fleet: Ending the Game]."""

from envs.havoc import cards, scoring
from envs.havoc.scenario import from_scenario
from envs.havoc.state import DAMAGE_DEF_GHOST, PH_OVER

ID = cards.card_id


def position(crews, **kw):
    # an Island Phase with crew 0 to place: nothing automatic runs before the test looks
    d = {"players": len(crews), "seed": 3, "phase": "island", "cur": 0, "first": 0,
         "ship_classes": ["Xebec", "Galleon", "Brig", "War Junk", "Sloop-of-War"][:len(crews)]}
    d.update(kw)
    blank = {"hand": {}, "discard": {}, "deck": [], "res": [0, 0, 0], "infamy": 0,
             "upgrades": [0, 0]}
    d["crews"] = [{**blank, **c} for c in crews]
    arr = from_scenario(d)
    return arr, arr[0]


def test_final_score_adds_cards_upgrades_and_subtracts_damage():
    """Final Scoring: Infamy scored + Infamy on Market cards in deck, hand and discard + active
    upgrades; each Damage card is -1."""
    arr, rec = position([
        {"infamy": 5, "hand": {"Three Knots": 1}, "discard": {"Damage": 2, "Make Way": 1},
         "deck": ["Stormrider", "Long Gun"], "upgrades": [1, 0]},
        {"infamy": 2},
    ])
    # 5 + Three Knots 1 + Stormrider 3 - 2 Damage + Lateen Rigging 1
    assert scoring.final_score(rec, 0) == 8
    assert scoring.final_score(rec, 1) == 2


def test_final_score_counts_every_active_upgrade():
    """Final Scoring: the Infamy printed on each active ship upgrade counts, the second upgrade
    as well as the first. cards.toml: Galleon's Deep Magazine 1, Treasure Hold 2."""
    arr, rec = position([{"infamy": 4, "upgrades": [1, 1]},
                         {"infamy": 4, "upgrades": [0, 1]},
                         {"infamy": 4, "upgrades": [1, 0]}],
                        ship_classes=["Galleon", "Xebec", "Brig"])
    assert scoring.final_score(rec, 0) == 4 + 1 + 2
    assert scoring.final_score(rec, 1) == 4 + 1          # Xebec: Shallow Draught 1
    assert scoring.final_score(rec, 2) == 4 + 2          # Brig: Raking Battery 2


def test_final_score_may_end_below_zero():
    """Final Scoring: Damage cards reduce Infamy; only the track cannot go below zero during
    play (Set Starting Infamy), the final tally can (ruling)."""
    arr, rec = position([{"infamy": 1, "discard": {"Damage": 3}}, {}])
    assert scoring.final_score(rec, 0) == -2


def test_final_score_reads_a_live_state_without_changing_it():
    """final_score is used for infos mid-game: it changes nothing."""
    arr, rec = position([{"infamy": 4, "hand": {"Thunder of Guns": 1}}, {}])
    before = arr.tobytes()
    assert scoring.final_score(rec, 0) == 7
    assert arr.tobytes() == before


def finish(rec):
    scoring.finish_game(rec)
    assert rec["done"] == 1 and rec["to_play"] == -1 and rec["phase"] == PH_OVER
    n = int(rec["num_players"])
    return rec["reward"][:n].tolist(), int(rec["winner_mask"])


def test_highest_score_wins():
    """Final Scoring: the most infamous captain wins; +1 to the winner, -1 to the others."""
    arr, rec = position([{"infamy": 3}, {"infamy": 7}, {"infamy": 5}])
    assert finish(rec) == ([-1.0, 1.0, -1.0], 0b010)


def test_score_tie_broken_by_most_resources():
    """Final Scoring: in the case of a tie, the player with the most resources wins."""
    arr, rec = position([{"infamy": 6, "res": [1, 1, 1]}, {"infamy": 6, "res": [0, 0, 4]},
                         {"infamy": 2, "res": [9, 8, 9]}])
    assert finish(rec) == ([-1.0, 1.0, -1.0], 0b010)


def test_then_by_least_damage():
    """Final Scoring: if there is still a tie, the player with the least Damage wins."""
    arr, rec = position([
        {"infamy": 6, "res": [1, 1, 1], "discard": {"Damage": 1}, "hand": {"Three Knots": 1}},
        {"infamy": 6, "res": [2, 1, 0], "deck": ["Long Gun"]},
    ])
    assert scoring.final_score(rec, 0) == scoring.final_score(rec, 1) == 6
    assert finish(rec) == ([-1.0, 1.0], 0b10)


def test_damage_in_deck_and_hand_counts_for_the_tie_break():
    """Final Scoring: Damage anywhere in deck, hand or discard pile counts."""
    arr, rec = position([{"infamy": 4, "deck": ["Damage"]}, {"infamy": 4, "hand": {"Damage": 1}},
                         {"infamy": 3}])
    assert scoring.damage_cards(rec, 0) == 1 and scoring.damage_cards(rec, 1) == 1
    assert [scoring.final_score(rec, c) for c in range(3)] == [3, 3, 3]
    assert finish(rec) == ([-1.0, -1.0, 1.0], 0b100)


def test_complete_tie_shares_the_win():
    """Final Scoring ties (ruling): crews still tied after both tie-breakers share the win."""
    arr, rec = position([{"infamy": 4, "res": [1, 0, 0]}, {"infamy": 4, "res": [0, 1, 0]},
                         {"infamy": 1}])
    assert finish(rec) == ([1.0, 1.0, -1.0], 0b011)


def test_everyone_tied_is_a_draw():
    """A draw: every seat tied on score, resources and Damage - reward 0 to all."""
    arr, rec = position([{"infamy": 2, "res": [1, 1, 0]}, {"infamy": 2, "res": [0, 1, 1]}])
    assert finish(rec) == ([0.0, 0.0], 0)


def test_finish_game_only_once():
    """The terminal reward is given once."""
    arr, rec = position([{"infamy": 3}, {"infamy": 1}])
    finish(rec)
    scoring.finish_game(rec)
    assert rec["reward"][:2].tolist() == [1.0, -1.0]


def test_team_score_is_members_total_divided_rounding_down():
    """Teams Variant: a team's Infamy is its members' total divided by their number, rounded
    down; teams win or lose together."""
    arr, rec = position([{"infamy": 5}, {"infamy": 3}, {"infamy": 2}],
                        variant="teams", teams=[0, 1, 0])
    # team 0: (5 + 2) // 2 = 3; team 1: 3 -> tied on score; resources all 0; Damage 0
    assert finish(rec) == ([0.0, 0.0, 0.0], 0)
    arr, rec = position([{"infamy": 6}, {"infamy": 3}, {"infamy": 2}],
                        variant="teams", teams=[0, 1, 0])
    assert finish(rec) == ([1.0, -1.0, 1.0], 0b101)


def test_team_tie_broken_by_resources_per_member():
    """Teams Variant with the Final Scoring tie-breakers (ruling: compared per member)."""
    arr, rec = position([{"infamy": 4, "res": [2, 0, 0]}, {"infamy": 4, "res": [1, 0, 0]},
                         {"infamy": 4, "res": [1, 0, 0]}, {"infamy": 4, "res": [1, 1, 0]}],
                        variant="teams", teams=[0, 1, 0, 1])
    # team 0: 3 resources over 2 members; team 1: 3 over 2 -> tie; no Damage -> draw
    assert finish(rec) == ([0.0, 0.0, 0.0, 0.0], 0)
    arr, rec = position([{"infamy": 4, "res": [2, 0, 0]}, {"infamy": 4, "res": [3, 0, 0]},
                         {"infamy": 4, "res": [1, 0, 0]}],
                        variant="teams", teams=[0, 1, 0])
    # team 0: 3 over 2 = 1.5 per member; team 1: 3 over 1 -> team 1 wins
    assert finish(rec) == ([-1.0, 1.0, -1.0], 0b010)


def ghost_game(crews, **kw):
    arr, rec = position(crews, variant="ghost", num_ghosts=2, **kw)
    rec["ghost_infamy"] = 0
    rec["ghost_bought"][:] = 0
    rec["ghost_deck"][:] = 0
    rec["ghost_deck_n"] = 0
    rec["ghost_discard_n"] = 0
    rec["ghost_hand_n"][:] = 0
    for c in range(rec["num_crews"]):
        if rec["crew_seat"][c] < 0:
            rec["res"][c] = [0, 0, 0]
    return arr, rec


def test_ghost_fleet_score_is_tracker_plus_purchases_minus_damage():
    """Ghost Fleet Concepts: collective Infamy + the purchased pile's Infamy; Damage in the
    ghost discard pile counts against it."""
    arr, rec = ghost_game([{"infamy": 1}, {"infamy": 1}])
    rec["ghost_infamy"] = 4
    rec["ghost_bought"][ID("Stormrider")] = 1
    rec["ghost_discard"][0] = DAMAGE_DEF_GHOST
    rec["ghost_discard"][1] = 3
    rec["ghost_discard_n"] = 2
    assert scoring.final_score(rec, 2) == 4 + 3 - 1
    assert scoring.final_score(rec, 3) == 6


def test_co_op_players_divide_their_score_the_fleet_does_not():
    """Ghost Fleet: Ending the Game - players divide their score by their count, rounding
    down; the ghost fleet does not divide."""
    arr, rec = ghost_game([{"infamy": 6}, {"infamy": 3}])
    rec["ghost_infamy"] = 5
    assert finish(rec) == ([-1.0, -1.0], 0)     # players 9 // 2 = 4 < 5
    arr, rec = ghost_game([{"infamy": 7}, {"infamy": 4}])
    rec["ghost_infamy"] = 5
    assert finish(rec) == ([0.0, 0.0], 0)        # 11 // 2 = 5 = fleet, no resources, no Damage
    # tied on score and resources: Damage decides
    arr, rec = ghost_game([{"infamy": 7, "discard": {"Damage": 1}}, {"infamy": 5}])
    rec["ghost_infamy"] = 5
    assert scoring.final_score(rec, 0) == 6
    assert finish(rec) == ([-1.0, -1.0], 0)


def test_solo_against_the_fleet():
    """Solo: the single player against the Ghost Fleet score."""
    arr, rec = ghost_game([{"infamy": 9}])
    rec["ghost_infamy"] = 8
    assert finish(rec) == ([1.0], 0b1)
