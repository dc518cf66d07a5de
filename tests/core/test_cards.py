"""envs.core.cards: generic TOML loading, field validation, opcodes, deck lists, tables."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from envs.core import cards as cc
from envs.core.errors import CardDataError, ConfigError

SCHEMA = {
    "name": cc.Str(20),
    "kind": cc.Enum(("small", "large")),
    "power": cc.Int(0, 5, default=0),
    "side": cc.Enum(("none", "left", "right"), base=-1, default=-1),
    "paths": cc.StrList(1, 2, alphabet="FLR", max_len=4, default=[]),
    "deck": cc.StrList(2, 3, unique=False, default=[]),
    "price": cc.IntTable(("gold", "silver"), 0, 3, total=(1, 4), default=[1, 0]),
    "guns": cc.IntRows(((1, 5), (0, 2)), 0, 2, default=[]),
    "values": cc.IntList(0, 3, 1, 9, default=[]),
    "steps": cc.TableList({"n": cc.Int(0, 9), "word": cc.Str(5)}, 0, 2, default=[]),
}


def check(entry):
    return cc.validate(entry, SCHEMA, "pool.toml", entry.get("name", "?"))


def fails(entry, field, words=""):
    with pytest.raises(CardDataError) as e:
        check(entry)
    assert e.value.file == "pool.toml"
    assert e.value.card == entry.get("name", "?")
    assert e.value.field == field
    assert words in str(e.value)
    assert "pool.toml" in str(e.value) and repr(field) in str(e.value)
    return e.value


def test_valid_entry_fills_defaults_and_converts_enums():
    out = check({"name": "A", "kind": "large", "side": "right", "paths": ["FLF", "R"],
                 "price": {"silver": 2}, "guns": [[3, 1]], "deck": ["x", "x"],
                 "steps": [{"n": 2, "word": "ab"}]})
    assert out["kind"] == 1 and out["side"] == 1 and out["power"] == 0
    assert out["paths"] == ["FLF", "R"] and out["deck"] == ["x", "x"]
    assert out["price"] == [0, 2] and out["guns"] == [[3, 1]] and out["values"] == []
    assert out["steps"] == [{"n": 2, "word": "ab"}]
    assert check({"name": "B", "kind": "small"})["side"] == -1


@pytest.mark.parametrize("entry, field, words", [
    ({"kind": "small"}, "name", "required"),
    ({"name": "A"}, "kind", "required"),
    ({"name": "A", "kind": "small", "powr": 1}, "powr", "did you mean 'power'"),
    ({"name": "A", "kind": "medium"}, "kind", "not one of"),
    ({"name": "A", "kind": "small", "power": 6}, "power", "out of range"),
    ({"name": "A", "kind": "small", "power": "3"}, "power", "integer"),
    ({"name": "A", "kind": "small", "power": True}, "power", "integer"),
    ({"name": "A" * 21, "kind": "small"}, "name", "at most 20"),
    ({"name": " ", "kind": "small"}, "name", "non-empty"),
    ({"name": "A", "kind": "small", "paths": []}, "paths", "items"),
    ({"name": "A", "kind": "small", "paths": ["F", "L", "R"]}, "paths", "items"),
    ({"name": "A", "kind": "small", "paths": ["FXF"]}, "paths", "'X'"),
    ({"name": "A", "kind": "small", "paths": ["FFFFF"]}, "paths", "at most 4"),
    ({"name": "A", "kind": "small", "paths": ["F", "F"]}, "paths", "repeated"),
    ({"name": "A", "kind": "small", "paths": "F"}, "paths", "list"),
    ({"name": "A", "kind": "small", "deck": ["x"]}, "deck", "items"),
    ({"name": "A", "kind": "small", "price": {"copper": 1}}, "price", "unknown key"),
    ({"name": "A", "kind": "small", "price": {"gold": 4}}, "price", "gold"),
    ({"name": "A", "kind": "small", "price": {}}, "price", "total 0"),
    ({"name": "A", "kind": "small", "price": {"gold": 3, "silver": 3}}, "price", "total 6"),
    ({"name": "A", "kind": "small", "guns": [[3]]}, "guns", "row 0"),
    ({"name": "A", "kind": "small", "guns": [[6, 1]]}, "guns", "column 0"),
    ({"name": "A", "kind": "small", "guns": [[1, 1]] * 3}, "guns", "3 rows"),
    ({"name": "A", "kind": "small", "values": [0]}, "values", "item 0"),
    ({"name": "A", "kind": "small", "values": [1, 2, 3, 4]}, "values", "4 items"),
    ({"name": "A", "kind": "small", "steps": [{"n": 1}]}, "steps[0].word", "required"),
    ({"name": "A", "kind": "small", "steps": [{"n": 10, "word": "a"}]}, "steps[0].n", "range"),
    ({"name": "A", "kind": "small", "steps": [{"n": 1, "word": "a", "x": 1}]}, "steps[0].x",
     "unknown field"),
])
def test_every_bad_field_names_file_card_and_field(entry, field, words):
    fails(entry, field, words)


def test_load_toml_reports_missing_file_and_syntax_errors(tmp_path):
    with pytest.raises(CardDataError, match="file not found"):
        cc.load_toml(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[card]]\nname = \n")
    with pytest.raises(CardDataError) as e:
        cc.load_toml(bad)
    assert e.value.file == str(bad) and "TOML syntax" in str(e.value)


def test_section_checks_shape_and_count(tmp_path):
    data = {"card": [{"name": "a"}, {"name": "b"}], "odd": 3}
    assert len(cc.section(data, "card", "f.toml", 1, 2)) == 2
    assert cc.section(data, "missing", "f.toml") == []
    with pytest.raises(CardDataError, match="2 entries, expected 3"):
        cc.section(data, "card", "f.toml", 3, 3)
    with pytest.raises(CardDataError) as e:
        cc.section(data, "odd", "f.toml")
    assert e.value.field == "odd"


def test_validate_section_rejects_duplicate_names():
    items = [{"name": "A", "kind": "small"}, {"name": "A", "kind": "large"}]
    with pytest.raises(CardDataError) as e:
        cc.validate_section(items, SCHEMA, "f.toml", "card")
    assert e.value.card == "A" and e.value.field == "name" and "duplicate" in str(e.value)


def test_unnamed_entry_is_labelled_by_section_and_index():
    with pytest.raises(CardDataError) as e:
        cc.validate_section([{"name": "A", "kind": "small"}, {"kind": "small"}], SCHEMA,
                            "f.toml", "card")
    assert e.value.card == "card[1]" and e.value.field == "name"


def test_opcode_maps_names_and_rejects_unknown():
    names = ("none", "gain", "draw")
    assert cc.opcode("draw", names, "f", "c", "effect") == 2
    with pytest.raises(CardDataError) as e:
        cc.opcode("drew", names, "f", "Card", "effect")
    assert (e.value.card, e.value.field) == ("Card", "effect") and "'draw'" in str(e.value)


def test_resolve_deck_list_and_unknown_name():
    index = {"Oar": 3, "Sail": 5}
    assert cc.resolve(["Sail", "Oar", "Sail"], index, "f", "Deck", "deck") == [5, 3, 5]
    with pytest.raises(CardDataError) as e:
        cc.resolve(["Sial"], index, "f", "Deck", "deck")
    assert e.value.field == "deck" and "'Sail'" in str(e.value)


def test_unknown_name_error_is_config_and_key_error_with_plain_message():
    err = cc.unknown_name("ship", "Galeon", ["Galleon", "Brig"])
    assert isinstance(err, ConfigError) and isinstance(err, KeyError)
    assert str(err).startswith("unknown ship 'Galeon'. Did you mean 'Galleon'?")


def test_table_pads_ragged_rows_and_checks_bounds():
    t = cc.table([[[1, 2], [3]], [[4]]], (3, 2, 3), np.int8)
    assert t.dtype == np.int8 and t.shape == (3, 2, 3)
    assert t[0, 0].tolist() == [1, 2, 0] and t[0, 1].tolist() == [3, 0, 0]
    assert t[1, 0, 0] == 4 and not t[2].any()
    assert (cc.table([], (2,), np.int8, fill=-1) == -1).all()
    with pytest.raises(OverflowError):
        cc.table([200], (1,), np.int8)
    with pytest.raises(ValueError):
        cc.table([1, 2, 3], (2,), np.int8)


@given(st.lists(st.lists(st.integers(-128, 127), max_size=4), max_size=5))
def test_table_round_trips_any_ragged_int8_rows(rows):
    t = cc.table(rows, (5, 4), np.int8, fill=0)
    for i, row in enumerate(rows):
        assert t[i, :len(row)].tolist() == row
        assert not t[i, len(row):].any()
    assert not t[len(rows):].any()


@given(st.text(alphabet="FLRX", min_size=1, max_size=6))
def test_path_alphabet_check_matches_definition(word):
    spec = cc.StrList(1, 1, alphabet="FLR", max_len=6)

    def fail(p):
        raise ValueError(p)

    if set(word) <= set("FLR"):
        assert spec.check([word], fail) == [word]
    else:
        with pytest.raises(ValueError):
            spec.check([word], fail)
