"""Seas of Havoc text and image rendering, and action labels.

Rulebook sections: Sea Grid Setup (the board, features, ships and headings), Deck Management
(hands are hidden: a viewer sees only its own), Booty (only the owner knows its value),
and the decision vocabulary of Island Actions, The Market, Sea Phase, Maneuvering,
Collisions and Cannon Fire for the labels.
"""

import re

import numpy as np
import pytest

from envs.havoc import cards
from envs.havoc import rules
from envs.havoc.config import make_config
from envs.havoc.labels import action_label, card_text, legal_labels
from envs.havoc.render import IMG_H, grid_lines, render_ansi, render_rgb
from envs.havoc.state import (
    A_HAND, A_MARKET, A_OPTION, A_SLOT, A_STOP, NUM_ACTIONS, PH_SEA, PK_FIRE, PK_NONE, PK_ORIENT,
    PK_SKIFF, SLOT_CAPITOL, STATE,
)
from tests.havoc.scenario_files import act, load
from tests.havoc.test_observe import CONFIGS, play, scramble_hidden

ARROWS = "^>v<"


def _sea(seed=5, players=3):
    return play({"num_players": players}, seed, 10_000, stop=lambda r: r["phase"] == PH_SEA)


def test_ansi_board_has_coordinates_and_ships_as_arrows():
    """Sea Grid Setup: rows and columns are the coordinate dice; ships show their heading."""
    arr = _sea()
    rec = arr[0]
    lines = grid_lines(rec)
    assert lines[0].split() == [str(c) for c in range(6)]
    for sh in range(int(rec["num_ships"])):
        r, c = int(rec["ship_r"][sh]), int(rec["ship_c"][sh])
        row = lines[1 + r]
        cell = row[5 + 5 * c: 5 + 5 * c + 4]
        assert cell[1:3] == f"{int(rec['ship_crew'][sh])}{ARROWS[int(rec['ship_h'][sh])]}"
    text = render_ansi(rec, 0)
    assert "R" in "".join(lines[1:])                     # rocks are on the board
    assert "gusts blow " + "NESW"[int(rec["gust_dir"])] in text


def test_ansi_shows_only_the_viewers_hand():
    """Deck Management: a hand is held hidden from others; a spectator sees no hand."""
    arr = _sea()
    rec = arr[0]
    mine = render_ansi(rec, 1)
    assert "your hand (player_1" in mine
    for d in np.flatnonzero(rec["hand"][1]):
        assert f"x {cards.CARD_NAMES[d]}" in mine.split("your hand")[1]
    assert "your hand" not in render_ansi(rec, None)


@pytest.mark.parametrize("ci", range(len(CONFIGS)))
def test_renders_do_not_change_when_hidden_things_do(ci):
    """Whatever seat 0 cannot know never reaches its picture (or a spectator's)."""
    arr = play(CONFIGS[ci], 100 + ci, 500)
    rng = np.random.default_rng(ci)
    other = scramble_hidden(arr, 0, rng)
    for viewer in (0, None):
        assert render_ansi(other[0], viewer) == render_ansi(arr[0], viewer)
        assert np.array_equal(render_rgb(other[0], viewer), render_rgb(arr[0], viewer))


def test_booty_value_is_shown_to_its_owner_only():
    """Booty: "You may secretly check its value"."""
    arr = _sea()
    arr["booty"][0][2] = 9
    value = int(cards.WRECK_VALUE[8])
    assert f"booty worth {value}" in render_ansi(arr[0], 2)
    assert "booty worth" not in render_ansi(arr[0], 1)
    assert "booty (face down)" in render_ansi(arr[0], 1)


def test_a_booty_choice_shows_both_values_to_the_chooser_only():
    """Booty: "if you collect another, you must choose 1 to discard"; "You may secretly
    check its value": player_0 holds a 2 and salvages a 3 (tests/scenarios/havoc/
    booty_choice). It knows both while it chooses: its text says so and the two options'
    labels name the value each keeps; seat 1 and a spectator see neither value."""
    from tests.havoc.test_observe import booty_choice

    arr = booty_choice()
    rec = arr[0]
    mine = render_ansi(rec, 0)
    assert "booty worth 2" in mine and "new booty worth 3" in mine
    for viewer in (1, None):                # (seat 1 sees only its own booty's value)
        text = render_ansi(rec, viewer)
        assert "new booty" not in text and "worth 2" not in text and "worth 3" not in text
    keep_old, keep_new = action_label(rec, A_OPTION + 0), action_label(rec, A_OPTION + 1)
    assert "worth 2" in keep_old and keep_old.index("worth 2") < keep_old.index("worth 3")
    assert "worth 3" in keep_new and keep_new.index("worth 3") < keep_new.index("worth 2")
    other = arr.copy()                      # the new token a 1 instead: only player_0 sees
    other["pend_slot"][0] = 1
    assert not np.array_equal(render_rgb(other[0], 0), render_rgb(rec, 0))
    for viewer in (1, None):
        assert np.array_equal(render_rgb(other[0], viewer), render_rgb(rec, viewer))


def test_rgb_picture_is_a_fixed_size_image_with_ships_in_crew_colours(tmp_path):
    from PIL import Image

    from envs.havoc.render import CELL, CREW_COLOURS, MARGIN

    arr = _sea()
    rec = arr[0]
    img = render_rgb(rec, 0)
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    assert img.shape[0] == IMG_H
    assert render_rgb(play({"num_players": 5}, 1, 50)[0], None).shape == img.shape
    for sh in range(int(rec["num_ships"])):
        x = MARGIN + int(rec["ship_c"][sh]) * CELL + CELL // 2
        y = MARGIN + int(rec["ship_r"][sh]) * CELL + CELL // 2 + 12   # below the crew digit
        assert tuple(img[y, x]) == CREW_COLOURS[int(rec["ship_crew"][sh])]
    Image.fromarray(img).save(tmp_path / "board.png")


def _walk_labels(kw, seed, steps):
    """Every legal action's label along a random game, per pending kind."""
    arr = np.zeros(1, STATE)
    rules.init(arr[0], make_config(**kw)[0], seed)
    rec = arr[0]
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    rng = np.random.default_rng(seed)
    seen = {}
    for _ in range(steps):
        if rec["to_play"] < 0:
            break
        rules.legal_mask(rec, mask)
        labels = [action_label(rec, a) for a in np.flatnonzero(mask)]
        seen.setdefault(int(rec["pending"]), []).append(labels)
        rules.apply(rec, int(rng.choice(np.flatnonzero(mask))))
    return seen


GENERIC = re.compile(r"^(hand: |discard pile: |option \d|slot: |market \d|restock$|stop$|booty$)")


@pytest.mark.parametrize("ci", range(len(CONFIGS)))
def test_every_legal_action_has_a_distinct_meaningful_label(ci):
    """Each decision's options read in the rulebook's words, never as bare indices."""
    seen = _walk_labels(CONFIGS[ci], 7 + ci, 3000)
    assert PK_NONE not in seen
    for kind, sets in seen.items():
        for labels in sets:
            assert len(set(labels)) == len(labels), (kind, labels)
            for lab in labels:
                assert not GENERIC.match(lab), (kind, lab)


def test_labels_in_the_rulebooks_words():
    arr = play({"num_players": 3}, 2, 0)
    rec = arr[0]
    assert rec["pending"] == PK_ORIENT
    assert action_label(rec, A_OPTION + 1) == "heading E"
    arr = play({"num_players": 3}, 2, 100, stop=lambda r: r["pending"] == PK_SKIFF)
    rec = arr[0]
    assert action_label(rec, A_SLOT + SLOT_CAPITOL) == "place skiff at Capitol"
    name = cards.CARD_NAMES[int(rec["market"][3])]
    assert action_label(rec, A_MARKET + 3) == f"claim market 3: {name}"
    assert action_label(rec, NUM_ACTIONS + 5).startswith("action ")


def test_fire_options_name_range_cost_and_shots():
    """Cannon Fire: a card may list several options; the player chooses and pays one
    (Hail of Iron: three shots at range 2 or two at range 3, 2 cannonballs each)."""
    arr = load("raking_shot", crews=[{"res": [0, 3, 0], "hand": {"Hail of Iron": 1},
                                      "discard": {}},
                                     {"res": [1, 1, 1], "hand": {"Make Way": 1}, "discard": {}}])
    act(arr, A_HAND + cards.card_id("Hail of Iron"), A_OPTION + 0)
    rec = arr[0]
    assert rec["pending"] == PK_FIRE
    card = int(rec["card"])
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    rules.legal_mask(rec, mask)
    for a in np.flatnonzero(mask):
        lab = action_label(rec, a)
        if a == A_STOP:
            assert lab == "hold fire"
            continue
        k = a - A_OPTION
        rng, cost, shots = (int(x) for x in cards.CARD_CANNON[card, k])
        assert lab.startswith(f"fire option {k + 1}: range ")
        assert f"{cost} cannonball" in lab
        if shots > 1:
            assert f"{shots} shots" in lab


def test_card_text_and_legal_labels():
    d = cards.card_id("Full Canvas")
    assert card_text(d).startswith("Full Canvas (sailing; cost 1 sail; move FF)")
    arr = play({"num_players": 2}, 1, 0)
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    rules.legal_mask(arr[0], mask)
    assert legal_labels(arr[0], mask) == [f"{A_OPTION + k}: heading {h}"
                                          for k, h in enumerate("NESW")]


def test_random_play_reaches_and_labels_every_decision_kind():
    """Every pending decision kind (setup, island, market, sea) gets labelled above."""
    from envs.havoc.state import NUM_PENDING_KINDS

    kinds = set()
    for ci, kw in enumerate(CONFIGS):
        kinds |= set(_walk_labels(kw, 7 + ci, 3000))
    assert kinds == set(range(1, NUM_PENDING_KINDS))
