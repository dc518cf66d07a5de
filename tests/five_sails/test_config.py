"""[Deck Building Requirements] and the card file: every broken rule is a ConfigError (or a
CardDataError for the card file) naming the rule and the deck or card."""

import copy

import pytest

from envs.core.errors import CardDataError, ConfigError
from envs.five_sails import cards as C
from envs.five_sails.config import check_deck, deck_names, load_deck, make_config


def _deck():
    return copy.deepcopy(load_deck("castille"))


def _first(faction, n):
    """The first entries of a Faction Deck list, n cards in all."""
    out = {}
    for k, v in faction.items():
        take = min(v, n - sum(out.values()))
        if take > 0:
            out[k] = take
    return out


def test_five_starter_decks_are_legal():
    assert len(deck_names()) >= 5
    for name in deck_names():
        lead, appr, fac = check_deck(load_deck(name))
        assert len(appr) == 10 and len(fac) >= 40


@pytest.mark.parametrize("edit, match", [
    (lambda d: d.update(leader="Inigo Valdera"), "not a Leader"),
    (lambda d: d["approach"].pop(), "exactly ten"),
    (lambda d: d["approach"].__setitem__(0, "Anke Brenner"), "Neutral nor Loyal"),
    (lambda d: d["approach"].__setitem__(0, "Open Purse"), "five of each"),
    (lambda d: d["faction"].update({"Steady Guard": 3}), "at most two"),
    (lambda d: d["faction"].update({"Lucky Coin": 2}), "Unique"),
    (lambda d: d["faction"].update({"Eisen Plate": 1}), "Neutral nor Loyal"),
    (lambda d: d["faction"].update({"Harbour Cutlass": 1}), "cannot go in a Faction Deck"),
    (lambda d: d["faction"].update({"Inigo Valdera": 1}), "cannot go in a Faction Deck"),
        (lambda d: d.update(faction=_first(d["faction"], 39)), "at least 40"),
    (lambda d: d["faction"].update({"Nonesuch": 1}), "unknown card"),
])
def test_deck_building_rules_are_config_errors_naming_the_deck(edit, match):
    d = _deck()
    edit(d)
    with pytest.raises(ConfigError, match=match) as info:
        check_deck(d)
    assert "Castille starter" in str(info.value)


def test_deck_building_requirements_2b_binds_characters_only_a_scheme_of_another_faction_is_legal():
    """[Deck Building Requirements] 2a: schemes are Unique by title; 2b: "Characters must all
    be Neutral or Loyal". No faction rule binds a scheme, so an Eisen scheme is legal in a
    Castille Approach Deck, while an Eisen character is not."""
    d = _deck()
    d["approach"][d["approach"].index("Blades at Dawn")] = "Iron Patience"
    lead, appr, _ = check_deck(d)
    assert C.POOL.index["Iron Patience"] in appr
    assert C.POOL.faction[C.POOL.index["Iron Patience"]] != C.POOL.faction[lead]


def test_player_count_and_options():
    for bad in (1, 5, "2", True):
        with pytest.raises(ConfigError, match="num_players"):
            make_config(num_players=bad)
    with pytest.raises(ConfigError, match="unknown config"):
        make_config(colour="red")
    with pytest.raises(ConfigError, match="one deck per player"):
        make_config(num_players=3, decks=["castille"])
    cfg = make_config(num_players=4, decks=["vodacce", "ussura", "eisen", "montaigne"])
    assert cfg["faction_n"][0].min() >= 40


def test_city_deck_must_be_exactly_thirty(tmp_path):
    """[City Deck] exactly 30 cards."""
    charm = 'name = "Sailor\'s Charm"\ntype = "city_attachment"\nfaction = "city"\ncopies = '
    text = C.DEFAULT_PATH.read_text().replace(charm + "2", charm + "3")
    p = tmp_path / "cards.toml"
    p.write_text(text)
    with pytest.raises(CardDataError, match="exactly 30"):
        C.load_pool(p)


def test_card_file_errors_name_the_card_and_field(tmp_path):
    text = C.DEFAULT_PATH.read_text().replace('eff = [["parry", 2]]', 'eff = [["parri", 2]]')
    p = tmp_path / "cards.toml"
    p.write_text(text)
    with pytest.raises(CardDataError, match="Stand Firm.*parri|parri.*Stand Firm"):
        C.load_pool(p)


def test_every_card_type_ability_kind_and_opcode_is_in_the_pool():
    """The pool covers every card type, ability kind, keyword and opcode it implements."""
    from envs.five_sails import state as S
    P = C.POOL
    assert set(P.type[1:]) == set(range(1, 10))
    assert set(P.ab[1:]) == set(range(len(S.AB_NAMES)))
    assert set(P.op[1:].ravel()) == set(range(len(S.OP_NAMES)))
    assert (P.kw & S.KW_WEALTH).any() and (P.kw & S.KW_UNIQUE).any() and (P.kw & S.KW_BRUTE).any()
    assert set(P.slot[1:]) == {0, 1, 2, 3}
    assert (P.stat[[i for i in range(1, C.NCARDS) if P.type[i] in (1, 2, 7)]] < 0).any()  # dashes


def test_every_reaction_trigger_is_on_a_card_from_hand_and_in_play():
    """[Reaction] every trigger of the engine is on at least one card; "when" and "after"
    both appear, on risks (from hand) and on characters (in play)."""
    from envs.five_sails import state as S
    P = C.POOL
    assert set(P.trig[1:]) == set(range(len(S.RT_NAMES)))
    react = [i for i in range(1, C.NCARDS) if P.ab[i] == S.AB_REACTION]
    assert {P.type[i] for i in react} >= {S.T_RISK, S.T_MERC}


@pytest.mark.parametrize("old, new, field", [
    ('trigger = "when_wounded"\neff = [["prevent", 1]]\ntext = "Reaction: when Old Tobiah',
     'eff = [["prevent", 1]]\ntext = "Reaction: when Old Tobiah', "trigger"),
    ('ability = "reaction"\ntrigger = "moved"\neff = [["garde", 0]]',
     'ability = "reaction"\ntrigger = "moved"\neff = [["renown", 1]]', "eff"),
    ('ability = "action"\nab_where = "city"\nab_engage = 1\neff = [["draw", 1]]\n'
     'text = "City Action: Engage Padre',
     'ability = "action"\nab_where = "city"\nab_engage = 1\neff = [["prevent", 1]]\n'
     'text = "City Action: Engage Padre', "eff"),
    ('name = "Scout the Market"\ntype = "risk"\nfaction = "neutral"\n',
     'name = "Scout the Market"\ntype = "risk"\nfaction = "neutral"\nab_discard = 1\n', "ab_discard"),
    ('name = "Counting House"\ntype = "risk"\n', 'name = "Counting House"\ntype = "scheme"\n', "type"),
])
def test_reaction_card_data_errors_name_the_field(tmp_path, old, new, field):
    """A Reaction names its trigger; each trigger carries only effects the engine applies at
    that moment; prevent is a Reaction effect; a discard cost is a Reaction's in this pool
    [ruling: Reaction costs]; schemes carry no Reactions."""
    text = C.DEFAULT_PATH.read_text()
    assert old in text
    p = tmp_path / "cards.toml"
    p.write_text(text.replace(old, new))
    with pytest.raises(CardDataError, match=f"field '{field}'"):
        C.load_pool(p)
