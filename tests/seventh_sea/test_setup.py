"""Game Set-Up, The Deck and I. Determining Turn Order (rulesheet and original rulebook)."""

import numpy as np
import pytest

from envs.core.errors import ConfigError
from envs.seventh_sea import rules
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, INDEX
from envs.seventh_sea.config import make_config, starter
from envs.seventh_sea.flow import turn_order
from envs.seventh_sea.observe import OBS_SIZE, observe
from tests.seventh_sea.scenario_files import act, legal, load


def _new(**kw):
    arr = np.zeros(1, S.STATE)
    rules.init(arr[0], make_config(**kw)[0], np.uint64(kw.pop("seed", 0) if "seed" in kw else 0))
    return arr


def _deck(base="castille", add=None, drop=None, **top):
    d = starter(base)
    d = {**d, "cards": dict(d["cards"]), **top}
    for k in (drop or []):
        d["cards"][k] -= 1
        if not d["cards"][k]:
            del d["cards"][k]
    for k in (add or []):
        d["cards"][k] = d["cards"].get(k, 0) + 1
    return d


def test_ships_start_in_the_captains_home_sea_and_the_crew_is_chosen_first():
    """Game Set-Up: each Ship starts in its Captain's home Sea; the starting Crew are chosen
    before anyone draws."""
    arr = _new(num_players=4)
    for p in range(4):
        assert arr["sea"][0][p] == CARD[arr["crew"][0][p][0], S.C_HOME]
    assert arr["pk"][0] == S.PK_START and (arr["hand_n"][0] == 0).all()


def test_starting_crew_within_wealth_then_everyone_draws_seven():
    """Game Set-Up: the starting Crew's Influence costs fit the Captain's Wealth (Rosa: 8);
    then each player shuffles and draws seven."""
    arr = _new(num_players=2)
    for _ in range(10):
        opts = [a for a in legal(arr) if a >= S.A_DEF]
        if not opts:
            break
        act(arr, max(opts))
    assert arr["start_cost"][0][0] <= 8
    left = 8 - int(arr["start_cost"][0][0])
    assert all(CARD[a - S.A_DEF, S.C_COST] > left for a in legal(arr) if a >= S.A_DEF)
    act(arr, S.A_STOP, S.A_STOP)
    assert arr["phase"][0] == S.PH_ACTIONS and list(arr["hand_n"][0][:2]) == [7, 7]


def test_revised_starting_crew_respects_the_crew_maximum_and_faction():
    """Game Set-Up (revised): no more crew than the Ship's Crew Maximum, and only unaligned
    crew or the Captain's faction; the original rulebook asks only for Wealth (and Loyal)."""
    deck = _deck("black_freighter", add=["Dock Rat", "Ship's Surgeon", "Marines of the Crown"],
                 drop=["Secret Current", "Gunner's Hymn", "Ship's Chaplain"], ship="Deadweight")
    arr = _new(num_players=2, decks=[deck, "castille"])
    opts = {a - S.A_DEF for a in legal(arr) if a >= S.A_DEF}
    assert INDEX["Marines of the Crown"] not in opts        # Loyal to Castille
    assert INDEX["Bone Crew"] in opts and INDEX["Dock Rat"] in opts
    deck2 = _deck("black_freighter", add=["Powder Priest", "Charming Rogue"],
                  drop=["Secret Current", "Gunner's Hymn"])
    rev = _new(num_players=2, decks=[deck2, "castille"])
    org = _new(num_players=2, edition="original", decks=[deck2, "castille"])
    rogue = INDEX["Charming Rogue"]                         # Gosse's Gentlemen, not Loyal
    assert S.A_DEF + rogue not in legal(rev) and S.A_DEF + rogue in legal(org)
    assert S.A_DEF + INDEX["Powder Priest"] not in legal(org)   # Loyal: never
    cog = _deck("black_freighter", ship="The Wandering Cog")    # Crew Maximum 6
    arr = _new(num_players=2, decks=[cog, "castille"])
    for _ in range(8):
        opts = [a for a in legal(arr) if a >= S.A_DEF]
        if not opts:
            break
        act(arr, S.A_DEF + INDEX["Bone Crew"] if S.A_DEF + INDEX["Bone Crew"] in opts else min(opts))
    assert arr["crew_n"][0][0] <= 6


def test_starting_crew_stay_hidden_until_all_are_chosen():
    """Game Set-Up: starting Crew are revealed simultaneously: another seat's view does not
    change while a seat picks."""
    arr = _new(num_players=2)
    before = np.zeros(OBS_SIZE, np.float32)
    after = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], 1, before)
    act(arr, max(a for a in legal(arr) if a >= S.A_DEF))
    observe(arr[0], 1, after)
    assert before.tobytes() == after.tobytes()


@pytest.mark.parametrize("edit, rule", [
    ({"drop": ["Chain Shot", "Raking Fire"]}, "at least 60"),
    ({"add": ["Don Alvaro"]}, "at most 3"),
    ({"ship": "Bloodwake"}, "faction"),
    ({"captain": "Lioness"}, "not a Captain"),
])
def test_deck_construction_errors_name_the_deck_and_rule(edit, rule):
    """The Deck: >= 60 cards with Captain, Ship and starting Crew; <= 3 copies; Ship: a faction
    Ship only for its faction's Captain."""
    kw = {k: v for k, v in edit.items() if k in ("ship", "captain")}
    deck = _deck("castille", add=edit.get("add"), drop=edit.get("drop"), **kw)
    if edit.get("drop"):        # cut the deck to 59 cards with its Captain and Ship
        cards, total = {}, 2
        for name, k in deck["cards"].items():
            k = min(k, 59 - total)
            if k > 0:
                cards[name] = k
                total += k
        deck["cards"] = cards
    with pytest.raises(ConfigError, match=rule) as e:
        make_config(num_players=2, decks=[deck, "castille"])
    assert "Castille starter" in str(e.value)


def test_unaligned_ship_revised_only():
    """Ship: revised - a Ship without faction may be sailed by any Captain; original - 'A Ship
    may only be sailed by a Captain from that faction'."""
    deck = _deck("castille", ship="The Wandering Cog")
    make_config(num_players=2, decks=[deck, "castille"])
    with pytest.raises(ConfigError, match="original"):
        make_config(num_players=2, edition="original", decks=[deck, "castille"])


def test_bad_options_are_refused():
    for kw in ({"num_players": 1}, {"num_players": 5}, {"edition": "third"}, {"colour": 1},
               {"decks": ["castille"]}, {"decks": ["nope", "castille"]}):
        with pytest.raises(ConfigError):
            make_config(**kw)


def test_turn_order_most_sailing_goes_first():
    """I. Determining Turn Order: the most total Sailing goes first, then clockwise."""
    arr = load("turn_order_tie", player=[{"crew": ["Powder Priest"]},
                                         {"crew": ["Old Navigator"]}])
    turn_order(arr[0])
    assert list(arr["order"][0][:2]) == [1, 0]


def test_turn_order_tie_broken_by_the_first_card_alphabetically():
    """I. Determining Turn Order: tied players cut their decks; the first card alphabetically
    goes first ('Chain Shot' before 'Fresh Orders')."""
    arr = load("turn_order_tie")
    turn_order(arr[0])
    assert arr["order"][0][0] == 1
    arr = load("turn_order_tie", player=[{"crew": ["Powder Priest"], "deck": ["Chain Shot"]},
                                         {"crew": ["Powder Priest"], "deck": ["Fresh Orders"]}])
    turn_order(arr[0])
    assert arr["order"][0][0] == 0


def test_alphabetical_ranks_follow_each_edition():
    """Glossary: Alphabetical - spaces ignored, numbers one character before letters; the
    revised rulesheet also ignores punctuation (I. Turn Order)."""
    from envs.seventh_sea.cards import alpha_key

    assert alpha_key("8-Pound Volley", S.ED_REVISED) < alpha_key("15-Pound Volley", S.ED_REVISED)
    assert alpha_key("A Better Offer", S.ED_REVISED) < alpha_key("Again, Boys!", S.ED_REVISED)
    # original: punctuation counts (',' sorts before letters), spaces do not
    assert alpha_key("Again Boys!", S.ED_ORIGINAL) < alpha_key("A Hero's Courage", S.ED_ORIGINAL)


def test_determinize_redeals_secret_starting_crew():
    """Game Set-Up ("revealing them simultaneously") [ruling: Determinisation]: seen by seat
    1 while it chooses, seat 0's starting Crew are a sample: a legal crew dealt again from
    seat 0's deck and crew, the same whatever seat 0 really chose; seat 1's own view and
    choices are untouched."""
    from envs.seventh_sea.env import GAME
    from envs.seventh_sea.hidden import determinize

    def chosen(first):
        arr = _new(num_players=2)
        picks = sorted(a for a in legal(arr) if a >= S.A_DEF)
        act(arr, picks[first], S.A_STOP)
        assert arr["cur"][0] == 1 and arr["pk"][0] == S.PK_START
        return arr

    a, b = chosen(0), chosen(-1)
    assert a["crew"][0][0].tolist() != b["crew"][0][0].tolist()
    samples = set()
    for key in range(6):
        da, db = a.copy(), b.copy()
        determinize(da[0], 1, np.uint64(key))
        determinize(db[0], 1, np.uint64(key))
        assert da.tobytes() == db.tobytes()
        assert GAME.check_state(da) == []
        assert int(da["start_cost"][0][0]) <= int(CARD[da["crew"][0][0][0], S.C_WEALTH])
        va, vb = (np.zeros(OBS_SIZE, np.float32) for _ in range(2))
        observe(a[0], 1, va)
        observe(da[0], 1, vb)
        assert va.tobytes() == vb.tobytes()
        assert (da["crew"][0][1] == a["crew"][0][1]).all()
        samples.add(tuple(sorted(int(x) for x in da["crew"][0][0][1:] if x >= 0)))
    assert len(samples) > 1


def test_starter_decks_are_sixty_legal_cards():
    """The Deck: each starter is 60 cards with its Captain and Ship, legal in both editions
    (at most 3 copies, a Ship of the Captain's faction); every card of the pool but the
    unaligned Ship is in one of them."""
    from envs.seventh_sea.cards import CARD_NAMES
    from envs.seventh_sea.config import STARTERS, deck_counts

    seen = set()
    for name in STARTERS:
        for ed in (S.ED_REVISED, S.ED_ORIGINAL):
            counts = deck_counts(name, ed)
            assert counts.sum() == 60 and counts.max() <= 3, name
        seen |= set(np.flatnonzero(counts).tolist())
    assert len(STARTERS) >= 6
    assert {CARD_NAMES[d] for d in range(len(CARD_NAMES)) if d not in seen} == {"The Wandering Cog"}
