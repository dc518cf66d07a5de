"""Seas of Havoc card pool: component counts (Box Contents), card anatomy, maneuver encoding,
ghost cards, and every validation error of envs/havoc/cards.py naming file, card and field."""

import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envs.core.cards import FILE_LEVEL
from envs.core.errors import CardDataError, ConfigError
from envs.havoc import cards as C
from envs.havoc import state as S

DEFAULT_TEXT = C.DEFAULT_PATH.read_text()


# --- the default pool -------------------------------------------------------------------


def test_box_contents_six_ships_with_six_starting_cards_and_two_upgrades():
    assert len(C.SHIP_NAMES) == S.NUM_SHIP_DEFS == 6
    assert C.SHIP_DECK.shape == (6, 6) and C.SHIP_UPGRADES.shape == (6, 2)
    assert (C.CARD_KIND[C.SHIP_DECK] == S.KIND_STARTER).all()
    decks = {tuple(sorted(d)) for d in C.SHIP_DECK.tolist()}
    assert len(decks) == 6, "each ship has its own mix of starting cards"
    assert sorted(C.SHIP_UPGRADES.ravel().tolist()) == list(range(12))


def test_box_contents_twelve_ability_cards_two_per_captain():
    assert len(C.CAPTAIN_NAMES) == S.NUM_CAPTAINS == 6
    ab = C.CAPTAIN_ABILITIES.ravel()
    assert len(set(ab.tolist())) == 12
    assert (C.CARD_KIND[ab] == S.KIND_ABILITY).all()
    assert (C.CARD_TYPE[ab] == S.TYPE_ABILITY).all()
    assert (C.CARD_EFFECT[ab] != S.EFF_NONE).all()
    assert (C.CARD_KIND[:C.NUM_CARD_DEFS] == S.KIND_ABILITY).sum() == 12


def test_box_contents_sixty_four_market_cards():
    assert C.MARKET_POOL.shape == (S.MARKET_DECK,) == (64,)
    assert (C.CARD_KIND[C.MARKET_POOL] == S.KIND_MARKET).all()
    market_defs = np.flatnonzero(C.CARD_KIND[:C.NUM_CARD_DEFS] == S.KIND_MARKET)
    assert set(C.MARKET_POOL.tolist()) == set(market_defs.tolist())


def test_box_contents_twelve_upgrades_each_effect_exactly_once():
    assert len(C.UPGRADE_NAMES) == 12
    assert sorted(C.UPGRADE_EFFECT.tolist()) == list(range(len(S.UPGRADE_EFFECT_NAMES)))
    assert (C.UPGRADE_ARG >= 1).all()
    assert (C.UPGRADE_COST.sum(axis=1) >= 1).all() and (C.UPGRADE_INFAMY >= 0).all()


def test_box_contents_nine_shipwrecks_and_twenty_four_ghost_cards():
    assert C.WRECK_VALUE.shape == (S.NUM_WRECKS,) == (9,)
    assert (C.WRECK_VALUE >= 1).all()
    assert len(C.GHOST_NAMES) == S.NUM_GHOST_CARDS == 24
    assert C.GHOST_MOVE.shape == (24, 3, S.MAX_STEPS)


def test_card_defs_fit_and_def_zero_is_damage_worth_minus_one():
    assert C.NUM_CARD_DEFS <= S.NDEFS
    assert C.DAMAGE_DEF == 0 and C.CARD_NAMES[0] == "Damage"
    assert C.CARD_KIND[0] == S.KIND_DAMAGE and C.CARD_TYPE[0] == S.TYPE_DAMAGE
    assert C.CARD_INFAMY[0] == -1
    assert not C.CARD_COST[0].any() and C.CARD_MOVE_ALTS[0] == 0 and C.CARD_CANNON_N[0] == 0
    assert C.CARD_FLAG[0] == S.FLAG_NONE and C.CARD_EFFECT[0] == S.EFF_NONE
    assert (C.CARD_KIND[1:C.NUM_CARD_DEFS] != S.KIND_DAMAGE).all()


def test_every_flag_fire_timing_ext_cost_and_effect_appears():
    n = C.NUM_CARD_DEFS
    assert set(C.CARD_FLAG[:n].tolist()) >= {S.FLAG_PURSER, S.FLAG_BREAKER, S.FLAG_LOOKOUT,
                                              S.FLAG_SWIFT}
    assert set(C.CARD_FIRE_AT[:n].tolist()) >= {S.FIRE_START, S.FIRE_END, S.FIRE_EXT,
                                                 S.FIRE_EACH}
    assert set(C.CARD_EXT_COST[:n].tolist()) >= {S.EXT_SAIL, S.EXT_FREE}
    assert set(C.CARD_EFFECT[:n].tolist()) >= set(range(1, len(S.EFFECT_NAMES)))
    types = set(C.CARD_TYPE[C.MARKET_POOL].tolist())
    assert types == {S.TYPE_SAILING, S.TYPE_FIRING, S.TYPE_PIVOT, S.TYPE_SAILING_FIRING}
    assert (C.CARD_MOVE_ALTS[C.MARKET_POOL] == 2).any(), "split arrows"
    assert (C.CARD_EXT_ALTS[:n] == 2).any(), "split extended maneuver"
    assert (C.CARD_CANNON_N[:n] == 3).any(), "several cannon options"


def test_market_economy_costs_one_to_four_and_infamy_costs_more():
    total = C.CARD_COST[C.MARKET_POOL].sum(axis=1)
    inf = C.CARD_INFAMY[C.MARKET_POOL]
    assert total.min() >= 1 and total.max() <= 4
    assert inf.min() >= 0 and inf.max() <= 3
    assert (total >= inf + 1).all()
    means = [total[inf == k].mean() for k in range(4) if (inf == k).any()]
    assert means == sorted(means) and len(means) == 4


def test_maneuver_tables_are_well_formed():
    for d in range(C.NUM_CARD_DEFS):
        for table, alts in ((C.CARD_MOVE, C.CARD_MOVE_ALTS), (C.CARD_EXT, C.CARD_EXT_ALTS)):
            for a in range(S.MAX_ALTS):
                row = table[d, a].tolist()
                length = sum(1 for x in row if x)
                assert row[:length] == [x for x in row if x], "steps then 0 padding"
                assert set(row[:length]) <= {S.STEP_FORWARD, S.STEP_LEFT, S.STEP_RIGHT}
                assert (length > 0) == (a < alts[d])
            if alts[d] == 2:
                assert table[d, 0].tolist() != table[d, 1].tolist()
        if C.CARD_TYPE[d] == S.TYPE_PIVOT:
            assert S.STEP_FORWARD not in C.CARD_MOVE[d].ravel()
        if C.CARD_EXT_ALTS[d]:
            assert C.CARD_MOVE_ALTS[d] and C.CARD_EXT_COST[d] != S.EXT_NONE
        else:
            assert C.CARD_EXT_COST[d] == S.EXT_NONE


def test_cannon_options_match_fire_timing():
    for d in range(C.NUM_CARD_DEFS):
        k = C.CARD_CANNON_N[d]
        assert (k > 0) == (C.CARD_FIRE_AT[d] != S.FIRE_NONE)
        for o in range(S.MAX_CANNON_OPTS):
            rng, cost, shots = C.CARD_CANNON[d, o].tolist()
            if o < k:
                assert 1 <= rng <= 5 and 0 <= cost <= 3 and 1 <= shots <= 3
            else:
                assert (rng, cost, shots) == (0, 0, 0)
        if C.CARD_FIRE_AT[d] in (S.FIRE_EXT, S.FIRE_EACH):
            assert C.CARD_EXT_ALTS[d] > 0


def test_ghost_cards_slots_brackets_and_abilities():
    assert set(C.GHOST_SLOT.tolist()) <= set(range(S.NUM_SLOTS)) | {S.GHOST_SLOT_MARKET}
    assert S.GHOST_SLOT_MARKET in C.GHOST_SLOT
    for g in range(S.NUM_GHOST_CARDS):
        mins = [m for m in C.GHOST_MOVE_MIN_SAILS[g].tolist() if m >= 0]
        assert mins[0] == 0 and mins == sorted(set(mins)) and max(mins) <= 9
        assert all(m == -1 for m in C.GHOST_MOVE_MIN_SAILS[g, len(mins):])
        for k in range(3):
            steps = [x for x in C.GHOST_MOVE[g, k].tolist() if x]
            assert (len(steps) > 0) == (k < len(mins))
        ab = C.GHOST_ABILITY[g]
        assert ((ab == -1) == (C.GHOST_ABILITY_ARG[g] == 0)).all()
        assert S.EFF_PIVOT not in ab and S.EFF_NONE not in ab
    assert (C.GHOST_ABILITY != -1).any(axis=0).all(), "every ship colour has abilities"


def test_recommended_decks_follow_player_setup():
    named = [(C.SHIP_NAMES[s], C.CAPTAIN_NAMES[c]) for s, c in C.RECOMMENDED]
    assert named == [("Xebec", "Corsair"), ("Galleon", "Treasure Hunter"),
                     ("Sloop-of-War", "Rebel"), ("Ship-of-the-Line", "Admiral"),
                     ("War Junk", "Pirate Queen"), ("Brig", "Merchant")]


def test_module_tables_have_contract_dtypes_and_shapes():
    n = S.NDEFS
    int8 = dict(CARD_KIND=(n,), CARD_TYPE=(n,), CARD_MOVE=(n, S.MAX_ALTS, S.MAX_STEPS),
                CARD_MOVE_ALTS=(n,), CARD_EXT=(n, S.MAX_ALTS, S.MAX_STEPS), CARD_EXT_ALTS=(n,),
                CARD_EXT_COST=(n,), CARD_FIRE_AT=(n,), CARD_CANNON=(n, S.MAX_CANNON_OPTS, 3),
                CARD_CANNON_N=(n,), CARD_EFFECT=(n,), CARD_EFFECT_ARG=(n,), CARD_FLAG=(n,),
                SHIP_DECK=(6, 6), SHIP_UPGRADES=(6, 2), UPGRADE_EFFECT=(12,),
                UPGRADE_ARG=(12,), CAPTAIN_ABILITIES=(6, 2), MARKET_POOL=(64,),
                WRECK_VALUE=(9,), GHOST_SLOT=(24,), GHOST_MOVE=(24, 3, S.MAX_STEPS),
                GHOST_MOVE_MIN_SAILS=(24, 3), GHOST_ABILITY=(24, 6), GHOST_ABILITY_ARG=(24, 6),
                GHOST_FLAG=(24,))
    int16 = dict(CARD_COST=(n, 4), CARD_INFAMY=(n,), UPGRADE_COST=(12, 4),
                 UPGRADE_INFAMY=(12,))
    for dtype, names in ((np.int8, int8), (np.int16, int16)):
        for name, shape in names.items():
            arr = getattr(C, name)
            assert arr.dtype == dtype and arr.shape == shape, name
            assert arr.flags.c_contiguous, name
    assert len(C.CARD_NAMES) == len(C.CARD_TEXT) == C.NUM_CARD_DEFS
    assert (C.CARD_FLAG[C.NUM_CARD_DEFS:] == S.FLAG_NONE).all()
    assert not C.CARD_KIND[C.NUM_CARD_DEFS:].any() and not C.CARD_MOVE_ALTS[C.NUM_CARD_DEFS:].any()


def _toml():
    import tomllib

    return tomllib.loads(DEFAULT_TEXT)


def _word(row):
    return "".join({S.STEP_FORWARD: "F", S.STEP_LEFT: "L", S.STEP_RIGHT: "R"}[int(x)]
                   for x in row if x)


def test_card_tables_say_what_cards_toml_prints():
    """Card Anatomy: each card's cost, type, Infamy, maneuver and extension words, firing
    point, cannon options, effect and flag in the kernels' tables are those written in
    cards.toml (read here with tomllib, not through the loader)."""
    data = _toml()
    assert [c["name"] for c in data["card"]] == list(C.CARD_NAMES)
    for d, c in enumerate(data["card"]):
        name = c["name"]
        cost = c.get("cost", {})
        assert C.CARD_COST[d].tolist() == [cost.get(k, 0) for k in ("sail", "cannon", "coin",
                                                                    "any")], name
        assert C.CARD_INFAMY[d] == c.get("infamy", 0), name
        assert C.CARD_TYPE[d] == C.TYPE_NAMES.index(c["type"]), name
        assert C.CARD_KIND[d] == C.KIND_NAMES.index(c["kind"]), name
        moves = [_word(C.CARD_MOVE[d, a]) for a in range(int(C.CARD_MOVE_ALTS[d]))]
        assert moves == c.get("move", []), name
        exts = [_word(C.CARD_EXT[d, a]) for a in range(int(C.CARD_EXT_ALTS[d]))]
        assert exts == c.get("ext", []), name
        assert C.CARD_EXT_COST[d] == C.EXT_COST_NAMES.index(c.get("ext_cost", "none")), name
        assert C.CARD_FIRE_AT[d] == C.FIRE_NAMES.index(c.get("fire_at", "none")), name
        opts = C.CARD_CANNON[d, : int(C.CARD_CANNON_N[d])].tolist()
        assert opts == c.get("cannons", []), name
        assert S.EFFECT_NAMES[C.CARD_EFFECT[d]] == c.get("effect", "none"), name
        assert C.CARD_EFFECT_ARG[d] == c.get("effect_arg", 0), name
        assert C.CARD_FLAG[d] == C.FLAG_KEYS.index(c.get("flag", "none")) - 1, name
    market = [c["name"] for c in data["card"] if c["kind"] == "market"
              for _ in range(c.get("copies", 1))]
    assert sorted(C.CARD_NAMES[d] for d in C.MARKET_POOL) == sorted(market)


def test_ghost_and_upgrade_tables_say_what_cards_toml_prints():
    """The Ghost Fleet cards (slot, maneuvers by sails, abilities, flag) and the upgrades
    (cost, Infamy, effect) in the tables are those written in cards.toml."""
    data = _toml()
    ships = [s["name"] for s in data["ship"]]
    for g, card in enumerate(data["ghost"]):
        name = card["name"]
        assert C.GHOST_NAMES[g] == name
        slot = C.GHOST_SLOT_KEYS.index(card["slot"])
        assert C.GHOST_SLOT[g] == (slot if slot < S.NUM_SLOTS else S.GHOST_SLOT_MARKET), name
        moves = [(int(C.GHOST_MOVE_MIN_SAILS[g, k]), _word(C.GHOST_MOVE[g, k]))
                 for k in range(3) if C.GHOST_MOVE_MIN_SAILS[g, k] >= 0]
        assert moves == [(m["min_sails"], m["path"]) for m in card["moves"]], name
        abilities = {ships[s]: (S.EFFECT_NAMES[C.GHOST_ABILITY[g, s]],
                                int(C.GHOST_ABILITY_ARG[g, s]))
                     for s in range(S.NUM_SHIP_DEFS) if C.GHOST_ABILITY[g, s] >= 0}
        assert abilities == {a["ship"]: (a["effect"], a["arg"])
                             for a in card.get("abilities", [])}, name
        assert C.GHOST_FLAG[g] == C.FLAG_KEYS.index(card.get("flag", "none")) - 1, name
    for u, up in enumerate(data["upgrade"]):
        cost = up["cost"]
        assert C.UPGRADE_NAMES[u] == up["name"]
        assert C.UPGRADE_COST[u].tolist() == [cost.get(k, 0) for k in ("sail", "cannon", "coin",
                                                                       "any")]
        assert C.UPGRADE_INFAMY[u] == up["infamy"]
        assert S.UPGRADE_EFFECT_NAMES[C.UPGRADE_EFFECT[u]] == up["effect"]
    assert C.WRECK_VALUE.tolist() == data["shipwrecks"]["values"]


def test_name_lookups_and_unknown_names():
    assert C.card_id("Damage") == 0
    assert C.CARD_NAMES[C.card_id("Make Way")] == "Make Way"
    assert C.SHIP_NAMES[C.ship_id("Brig")] == "Brig"
    assert C.CAPTAIN_NAMES[C.captain_id("Admiral")] == "Admiral"
    for fn, bad in ((C.card_id, "Make Wya"), (C.ship_id, "Galeon"), (C.captain_id, "Admiral!")):
        with pytest.raises(ConfigError) as e:
            fn(bad)
        assert isinstance(e.value, KeyError) and "Did you mean" in str(e.value)


# --- broken files ---------------------------------------------------------------------------


def write(tmp_path, text):
    p = tmp_path / "broken.toml"
    p.write_text(text)
    return p


def replace(old, new):
    assert DEFAULT_TEXT.count(old) == 1, f"test setup: {old!r} must occur exactly once"
    return DEFAULT_TEXT.replace(old, new)


def cut(start, end):
    """The default file without the text from `start` up to (not including) `end`."""
    i = DEFAULT_TEXT.index(start)
    j = DEFAULT_TEXT.index(end, i + 1) if end else len(DEFAULT_TEXT)
    return DEFAULT_TEXT[:i] + DEFAULT_TEXT[j:]


BROKEN = [
    # card anatomy [Card Anatomy]
    ("damage_not_first", replace('kind = "damage"\ntype = "damage"',
                                 'kind = "starter"\ntype = "sailing"\nmove = ["F"]'),
     "Damage", "kind"),
    ("damage_with_cost", replace('kind = "damage"\n', 'kind = "damage"\ncost = { coin = 1 }\n'),
     "Damage", "kind"),
    ("unknown_effect", replace('effect = "gain_cannon"\neffect_arg', 'effect = "gain_canon"\neffect_arg'),
     "Cutlass Charge", "effect"),
    ("pivot_moves_forward", replace('type = "pivot"\nmove = ["L", "R"]\ntext = "Pivot a quarter',
                                    'type = "pivot"\nmove = ["FL", "R"]\ntext = "Pivot a quarter'),
     "Helm Hard Over", "move"),
    ("bad_step_letter", replace('move = ["F"]\ntext = "Sail one square ahead."',
                                'move = ["FX"]\ntext = "Sail one square ahead."'),
     "Make Way", "move"),
    ("path_too_long", replace('move = ["F"]\ntext = "Sail one square ahead."',
                              'move = ["FFFFFFF"]\ntext = "Sail one square ahead."'),
     "Make Way", "move"),
    ("three_split_arrows", replace('move = ["F"]\ntext = "Sail one square ahead."',
                                   'move = ["F", "FF", "FFF"]\ntext = "Sail one square ahead."'),
     "Make Way", "move"),
    ("sailing_never_forward", replace('move = ["FF"]\nflag = "purser"',
                                      'move = ["LL"]\nflag = "purser"'),
     "Tradewind Reach", "move"),
    ("firing_without_cannons", replace('cannons = [[2, 1, 1]]\ntext = "Fire one ball, range 2."',
                                       'text = "Fire one ball, range 2."'),
     "Warning Shot", "cannons"),
    ("cannon_range_zero", replace("cannons = [[3, 1, 1]]\ntext = \"Fire one ball, range 3.\"",
                                  "cannons = [[0, 1, 1]]\ntext = \"Fire one ball, range 3.\""),
     "Long Gun", "cannons"),
    ("four_cannon_options", replace("[[2, 1, 1], [3, 2, 1], [1, 2, 2]]",
                                    "[[2, 1, 1], [3, 2, 1], [1, 2, 2], [4, 3, 1]]"),
     "Chain Shot", "cannons"),
    ("fire_without_cannons", replace('move = ["F"]\ntext = "Sail one square ahead."',
                                     'move = ["F"]\nfire_at = "end"\ntext = "Sail one square ahead."'),
     "Make Way", "fire_at"),
    ("ext_without_cost", replace('ext_cost = "sail"\ntext = "One square ahead; pay',
                                 'text = "One square ahead; pay'),
     "Catch the Breeze", "ext_cost"),
    ("each_without_ext", replace('move = ["F"]\next = ["F"]\next_cost = "free"\nfire_at = "each"',
                                 'move = ["F"]\nfire_at = "each"'),
     "Gauntlet Run", "fire_at"),
    ("unknown_flag", replace('flag = "swift"\ntext = "Three squares ahead."',
                             'flag = "sweft"\ntext = "Three squares ahead."'),
     "Three Knots", "flag"),
    ("infamy_too_high", replace('infamy = 3\ntype = "sailing"', 'infamy = 4\ntype = "sailing"'),
     "Stormrider", "infamy"),
    ("cost_too_high", replace("cost = { sail = 2, coin = 2 }\ninfamy = 3\ntype = \"sailing\"",
                              "cost = { sail = 3, coin = 2 }\ninfamy = 3\ntype = \"sailing\""),
     "Stormrider", "cost"),
    ("cost_unknown_resource", replace("cost = { sail = 2, coin = 2 }\ninfamy = 3\ntype = \"sailing\"",
                                      "cost = { sails = 2 }\ninfamy = 3\ntype = \"sailing\""),
     "Stormrider", "cost"),
    ("copies_on_starter", replace('name = "Make Way"\nkind = "starter"',
                                  'name = "Make Way"\nkind = "starter"\ncopies = 2'),
     "Make Way", "copies"),
    ("ability_without_effect", replace('effect = "gain_coin"\neffect_arg = 2\ntext = "Gain 2 coins."',
                                       'text = "Gain 2 coins."'),
     "Letter of Credit", "effect"),
    ("effect_without_arg", replace('effect_arg = 2\ntext = "One square ahead; gain 2 coins."',
                                   'text = "One square ahead; gain 2 coins."'),
     "Glint of Gold", "effect_arg"),
    ("unknown_field", replace('name = "Make Way"\n', 'name = "Make Way"\ncolour = "red"\n'),
     "Make Way", "colour"),
    ("missing_text", replace('text = "Sail one square ahead."\n', ""), "Make Way", "text"),
    ("text_too_long", replace('"Sail one square ahead."', '"' + "x" * 81 + '"'),
     "Make Way", "text"),
    ("duplicate_card_name", replace('name = "Full Canvas"\nkind', 'name = "Make Way"\nkind'),
     "Make Way", "name"),
    ("market_copies_not_64", replace('name = "Stormrider"\nkind = "market"\ncopies = 1',
                                     'name = "Stormrider"\nkind = "market"\ncopies = 2'),
     FILE_LEVEL, "copies"),
    # ships, upgrades, captains [Player Setup]
    ("deck_unknown_card", replace('"Helm Hard Over", "Warning Shot"]\nupgrades = ["Lateen',
                                  '"Helm Hard Over", "Warnin Shot"]\nupgrades = ["Lateen'),
     "Xebec", "deck"),
    ("deck_market_card", replace('"Helm Hard Over", "Warning Shot"]\nupgrades = ["Lateen',
                                 '"Helm Hard Over", "Grapeshot"]\nupgrades = ["Lateen'),
     "Xebec", "deck"),
    ("deck_five_cards", replace('"Helm Hard Over", "Warning Shot"]\nupgrades = ["Lateen',
                                '"Helm Hard Over"]\nupgrades = ["Lateen'),
     "Xebec", "deck"),
    ("upgrade_on_two_ships", replace('["Deep Magazine", "Treasure Hold"]',
                                     '["Deep Magazine", "Lateen Rigging"]'),
     "Galleon", "upgrades"),
    ("upgrade_unknown_effect", replace('effect = "raking"', 'effect = "rakeing"'),
     "Raking Battery", "effect"),
    ("upgrade_free", replace('cost = { coin = 2 }\ninfamy = 1\neffect = "sail_capacity"',
                             'cost = {}\ninfamy = 1\neffect = "sail_capacity"'),
     "Lateen Rigging", "cost"),
    ("captain_non_ability", replace('["Cutlass Charge", "Black Flag Hoisted"]',
                                    '["Cutlass Charge", "Make Way"]'),
     "Corsair", "abilities"),
    ("five_ships", cut('[[ship]]\nname = "Brig"', "# ===== captains"), FILE_LEVEL, "ship"),
    ("recommended_unknown_captain", replace('captain = "Merchant"', 'captain = "Merhcant"'),
     "recommended[5]", "captain"),
    # shipwrecks [Board Setup B]
    ("eight_wrecks", replace("values = [1, 1, 1, 2, 2, 2, 3, 3, 4]",
                             "values = [1, 1, 1, 2, 2, 2, 3, 3]"), "shipwrecks", "values"),
    ("wreck_worth_zero", replace("values = [1, 1, 1, 2, 2, 2, 3, 3, 4]",
                                 "values = [0, 1, 1, 2, 2, 2, 3, 3, 4]"), "shipwrecks", "values"),
    # ghost cards [The Ghost Fleet]
    ("ghost_unknown_slot", replace('slot = "workshop"', 'slot = "tavern"'),
     "Wailing Rigging", "slot"),
    ("ghost_min_sails_not_zero",
     replace('slot = "bank"\nmoves = [{ min_sails = 0, path = "F" }',
             'slot = "bank"\nmoves = [{ min_sails = 1, path = "F" }'), "Fog Bank", "moves"),
    ("ghost_bad_path", replace('moves = [{ min_sails = 0, path = "FF" }, { min_sails = 5',
                               'moves = [{ min_sails = 0, path = "FQ" }, { min_sails = 5'),
     "Wailing Rigging", "moves[0].path"),
    ("ghost_four_moves", replace('{ min_sails = 4, path = "FFLF" }]\nabilities = [{ ship = "Sloop',
                                 '{ min_sails = 4, path = "FFLF" }, { min_sails = 5, path = "F" }, '
                                 '{ min_sails = 6, path = "F" }]\nabilities = [{ ship = "Sloop'),
     "Barnacle Crown", "moves"),
    ("ghost_unknown_ship", replace('{ ship = "Galleon", effect = "draw", arg = 2 }',
                                   '{ ship = "Galeon", effect = "draw", arg = 2 }'),
     "Fog Bank", "abilities[0].ship"),
    ("ghost_pivot", replace('{ ship = "Xebec", effect = "gain_coin", arg = 1 }',
                            '{ ship = "Xebec", effect = "pivot", arg = 1 }'),
     "Dead Calm", "abilities[0].effect"),
    ("ghost_unknown_flag", replace('flag = "swift"\ntext = "It will not lie still',
                                   'flag = "swiftly"\ntext = "It will not lie still'),
     "Restless Keel", "flag"),
    ("ghost_23_cards", cut('[[ghost]]\nname = "Restless Keel"', None), FILE_LEVEL, "ghost"),
    # the file itself
    ("unknown_section", DEFAULT_TEXT + '\n[[tavern]]\nname = "x"\n', FILE_LEVEL, "tavern"),
    ("toml_syntax", DEFAULT_TEXT.replace('name = "Make Way"', 'name = Make Way'), FILE_LEVEL, "-"),
]


@pytest.mark.parametrize("text, card, field", [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_pool_error_names_file_card_and_field(tmp_path, text, card, field):
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as e:
        C.load_pool(path)
    err = e.value
    assert (err.file, err.card, err.field) == (str(path), card, field), str(err)
    assert str(path) in str(err) and repr(card) in str(err) and repr(field) in str(err)


def test_missing_pool_file(tmp_path):
    with pytest.raises(CardDataError, match="file not found"):
        C.load_pool(tmp_path / "absent.toml")


def test_an_added_market_card_loads_without_code_changes(tmp_path):
    """The documented format is enough to add a card: swap a copy for a new def."""
    # keep 64 copies: Grapeshot goes from 2 copies to 1, the new card has 1
    text = replace('name = "Grapeshot"\nkind = "market"\ncopies = 2',
                   'name = "Grapeshot"\nkind = "market"\ncopies = 1') + '''
[[card]]
name = "Test Tack"
kind = "market"
cost = { sail = 1 }
type = "sailing"
move = ["FRFF", "FLFF"]
text = "A new card."
'''
    pool = C.load_pool(write(tmp_path, text))
    d = pool["CARD_NAMES"].index("Test Tack")
    assert pool["NUM_CARD_DEFS"] == C.NUM_CARD_DEFS + 1
    assert pool["CARD_MOVE_ALTS"][d] == 2
    assert pool["CARD_MOVE"][d, 0, :4].tolist() == [S.STEP_FORWARD, S.STEP_RIGHT,
                                                     S.STEP_FORWARD, S.STEP_FORWARD]
    assert (pool["MARKET_POOL"] == d).sum() == 1 and pool["MARKET_POOL"].size == 64


_WORD = st.text(alphabet="FLR", min_size=1, max_size=S.MAX_STEPS).filter(lambda w: "F" in w)


@settings(max_examples=40, deadline=None)
@given(st.lists(_WORD, min_size=1, max_size=S.MAX_ALTS, unique=True))
def test_any_well_formed_maneuver_round_trips_through_the_tables(paths):
    """[Maneuvering] a card's paths (split arrows) are stored step by step, 0-padded."""
    toml_list = "[" + ", ".join(f'"{p}"' for p in paths) + "]"
    text = replace('move = ["F"]\ntext = "Sail one square ahead."',
                   f'move = {toml_list}\ntext = "Sail one square ahead."')
    with tempfile.TemporaryDirectory() as d:
        pool = C.load_pool(write(Path(d), text))
    d = pool["CARD_NAMES"].index("Make Way")
    assert pool["CARD_MOVE_ALTS"][d] == len(paths)
    letters = {S.STEP_FORWARD: "F", S.STEP_LEFT: "L", S.STEP_RIGHT: "R"}
    for a, p in enumerate(paths):
        row = pool["CARD_MOVE"][d, a].tolist()
        assert "".join(letters[x] for x in row if x) == p
        assert row[len(p):] == [S.STEP_END] * (S.MAX_STEPS - len(p))
