"""City of Five Sails as the rulebook writes it (issue 32, items 17-22): Unique characters
and Brutes [Character Cards; Deck Building Requirements 3b], a risk that challenges is
discarded after its duel [Risk Cards], Brutes leave at the end of the Day [Brute], a
fifth-Day Draw with more than two players [Ties], card features the engine does not
implement are refused [Card Anatomy; rules_table.md], and the face-up zones are observed
card by card [Glossary: Discard Pile, The Locker; Play a Combat Card: the dueling line]."""

import re

import numpy as np
import pytest

from envs.core.errors import CardDataError, ConfigError
from envs.five_sails import cards as C
from envs.five_sails import state as S
from envs.five_sails.config import check_deck, load_deck
from envs.five_sails.render import render_ansi
from envs.five_sails.value import value_at
from envs.five_sails.state import (A_ABILITY, A_ACCEPT, A_CREW, A_GAMBLE, A_HAND, A_PASS,
                                   A_TARGET, MAX_CREW, MAX_PLAYERS, PK_REACT)

from .helpers import (act, check, cid, deck_with, empty_hand, high_drama, hire, legal, muster,
                      new, obs, to_hand)

FORUMS = S.L_FORUMS


def _pool_with(tmp_path, name, add=(), drop=()):
    """The card pool with card ``name`` changed: lines ``add`` put in, keys ``drop`` taken out."""
    text = C.DEFAULT_PATH.read_text()
    head = f'name = "{name}"\n'
    i = text.index(head)
    j = text.find("[[card]]", i)
    j = len(text) if j < 0 else j
    block = text[i + len(head):j]
    for key in drop:
        block = re.sub(rf"^{key} = .*\n", "", block, flags=re.M)
    block = "".join(f"{line}\n" for line in add) + block
    p = tmp_path / "cards.toml"
    p.write_text(text[:i] + head + block + text[j:])
    return C.load_pool(p)


def _zone(s, field, p):
    return [int(x) for x in s[field][p][:s[field + "_n"][p]]]


# ----- item 17: Unique characters, Brutes included ---------------------------------------------
def test_characters_are_unique_unless_stated_two_copies_of_a_unique_brute_are_refused(tmp_path):
    """[Character Cards] "All characters are always Unique unless otherwise stated on the
    card", Brutes included [ruling: Unique characters and Brutes]; [Deck Building
    Requirements 3b] "exactly one copy" of a Unique card. The pool's Brutes state they are not
    Unique (two copies are legal, as the sample lists' "Bravos x2"); the same Brute without
    that line is Unique, and a deck holding two copies of it is refused."""
    P = C.POOL
    for i in range(1, C.NCARDS):
        if P.type[i] in (S.T_LEADER, S.T_CHAR, S.T_MERC):
            assert P.kw[i] & S.KW_UNIQUE, P.names[i]
        if P.type[i] == S.T_BRUTE:
            assert not P.kw[i] & S.KW_UNIQUE and "Not Unique" in P.text[i], P.names[i]
    deck = load_deck("vodacce")
    assert deck["faction"]["Dockside Bruiser"] == 2
    check_deck(deck)                                   # stated not Unique: two copies legal
    pool = _pool_with(tmp_path, "Dockside Bruiser", drop=("keywords",))
    assert pool.kw[pool.index["Dockside Bruiser"]] & S.KW_UNIQUE
    with pytest.raises(ConfigError, match="2 copies of Unique 'Dockside Bruiser'"):
        check_deck(deck, pool)
    deck["faction"]["Dockside Bruiser"] = 1
    deck["faction"]["Lucky Coin"] = 1
    deck["faction"]["Slip Away"] = 1
    check_deck(deck, pool)


def test_not_unique_is_a_characters_statement(tmp_path):
    """[Character Cards] only a character states it is not Unique; a risk is Unique only
    when it says so."""
    with pytest.raises(CardDataError, match="a character that states it is not Unique"):
        _pool_with(tmp_path, "Steady Guard", add=('keywords = ["not_unique"]',))


# ----- item 18: a risk that challenges is discarded after its duel ---------------------------
def test_risk_goes_to_the_discard_pile_after_its_challenge_is_fully_resolved():
    """[Risk Cards] "Risks go to the player's discard pile after they are fully resolved":
    Whispered Slander's effect is the duel it issues, so it waits beside the duel (face up)
    and is discarded when the duel ends; a reshuffle in that duel (Fortunata gambles on an
    empty deck [Faction Deck]) cannot bring it back [ruling: Risk that challenges]."""
    # one copy of Whispered Slander in the deck, so where that copy lies is the question
    st = new(2, decks=[deck_with("vodacce", "Whispered Slander", drop=("Whispered Slander",)),
                       "eisen"])
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Fortunata", FORUMS)          # Finesse 2
    b = muster(st, 1, "Anke Brenner", FORUMS)
    to_hand(st, 0, "Whispered Slander", "Sidestep")
    to_hand(st, 1, "Finishing Blow")                # 0/0/2: sends 2 threat back
    # every card of seat 0's deck into its discard pile: its next gamble reshuffles
    n, m = int(s["deck_n"][0]), int(s["disc_n"][0])
    s["disc"][0][m:m + n] = s["deck"][0][:n]
    s["disc_n"][0] = m + n
    s["deck"][0][:] = 0
    s["deck_n"][0] = 0
    slander = cid("Whispered Slander")
    act(st, A_HAND + 0)
    act(st, A_CREW + a)
    act(st, A_HAND + 0)                             # pay 1 with Sidestep
    assert s["d_on"] == 1
    assert slander not in _zone(s, "disc", 0) and slander not in _zone(s, "hand", 0)
    assert s["d_risk"] == slander                   # beside the duel, face up
    check(st)
    act(st, A_TARGET + MAX_CREW + b)
    act(st, A_ACCEPT)
    act(st, A_HAND + 0)                             # Finishing Blow
    if s["pk"] == S.PK_DABIL:
        act(st, A_PASS)
    assert s["d_active"] == 0 and s["d_pool"][0] > 0 and A_GAMBLE in legal(st)
    act(st, A_GAMBLE)                               # the deck is empty: reshuffle
    assert slander not in _zone(s, "deck", 0) and slander not in list(s["d_reveal"])
    assert slander not in _zone(s, "disc", 0) and slander not in list(s["d_line"][0])
    assert s["d_risk"] == slander
    check(st)
    for _ in range(50):
        if not s["d_on"]:
            break
        act(st, min(legal(st)))
    assert not s["d_on"] and _zone(s, "disc", 0).count(slander) == 1
    assert s["d_risk"] == 0
    check(st)


def test_a_cancelled_challenge_discards_its_risk():
    """[Reaction: When] Pike the Fence cancels the challenge Call Out issued: no duel, and the
    risk, fully resolved, is in its player's discard pile [Risk Cards]."""
    st = new(2)
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    k = hire(st, 1, "Pike the Fence", FORUMS)
    to_hand(st, 0, "Call Out", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + a)
    act(st, A_HAND + 0)                             # pay 1
    act(st, A_TARGET + MAX_CREW + k)
    assert cid("Call Out") not in _zone(s, "disc", 0)       # the challenge is not resolved yet
    act(st, A_ABILITY + k)
    assert s["d_on"] == 0 and _zone(s, "disc", 0).count(cid("Call Out")) == 1
    assert s["d_risk"] == 0
    check(st)


# ----- item 19: Brutes leave play at the end of the Day ----------------------------------------
def test_brutes_are_discarded_at_the_end_of_the_day_not_at_dusks_clean_up():
    """[Brute] "Brutes are discarded from play at the end of the Day": after Dusk's clean up
    the Brute is still in the crew (at Home, en garde, like every character [5. Dusk 2b]) and
    may act for a Reaction at the End of Dusk (Burn the Midnight Oil engages it); it goes to
    its owner's discard pile only when the Day ends [ruling: Brutes leave at the end of the
    Day]."""
    st = new(2, decks=[deck_with("montaigne", "Burn the Midnight Oil"), "ussura"], reactions=True)
    high_drama(st)
    s = st[0]
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Hired Lackey", "Steady Guard")
    act(st, A_HAND + 0)                             # the Brute, cost 1
    act(st, A_HAND + 0)                             # paid with Steady Guard
    lackey = cid("Hired Lackey")
    c = list(s["crew"][0]).index(lackey)
    s["eng"][0][c] = 1
    to_hand(st, 0, "Burn the Midnight Oil")
    act(st, A_PASS)
    act(st, A_PASS)
    while s["pk"] == S.PK_DUSK or (s["pk"] == PK_REACT and s["r_trig"] != S.RT_END_DUSK):
        act(st, A_PASS if s["pk"] == PK_REACT else min(legal(st)))
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_END_DUSK and s["to_play"] == 0
    assert s["crew"][0][c] == lackey and s["loc"][0][c] == S.HOME and s["eng"][0][c] == 0
    act(st, A_HAND + _zone(s, "hand", 0).index(cid("Burn the Midnight Oil")))
    assert A_CREW + c in legal(st)
    act(st, A_CREW + c)
    assert s["eng"][0][c] == 1
    check(st)
    for _ in range(20):
        if s["day"] == 2:
            break
        act(st, A_PASS)
    assert s["day"] == 2 and lackey not in list(s["crew"][0])
    assert lackey in _zone(s, "disc", 0)
    check(st)


# ----- item 20: a fifth-Day Draw with more than two players ----------------------------------
@pytest.mark.parametrize("how", ["tie_breaker", "eliminated"])
def test_fifth_day_draw_only_the_tied_players_draw_the_others_lost(how):
    """[Day Limit] [Ties] at the end of the fifth Day the tie-breakers narrow the players;
    "the game is a Draw" among those still tied: 0 to them, -1 to a player beaten on a
    tie-breaker (less Renown) or out of the game since its Leader was destroyed [Leader
    Cards: "immediately loses the game"] [ruling: Fifth-Day and economic ties with several
    players]."""
    st = new(3, decks=["castille", "castille", "castille"])
    high_drama(st)
    s = st[0]
    s["day"] = 5
    s["renown"][:3] = [3, 3, 2]
    if how == "eliminated":
        s["out"][2] = 1
        s["locker"][2][s["locker_n"][2]] = s["crew"][2][0]
        s["locker_n"][2] += 1
        s["crew"][2][0] = 0
        s["loc"][2][0] = 0
    check(st)
    while not s["done"]:
        act(st, A_PASS)
    assert s["winner_mask"] == 0
    assert list(s["reward"][:3]) == [0.0, 0.0, -1.0]
    # the search's value of the finished game is that reward (value kernel)
    out = np.zeros(MAX_PLAYERS)
    value_at(st.copy(), 0, out)
    assert list(out[:3]) == [0.0, 0.0, -1.0]


# ----- item 21: features the engine does not implement are refused ---------------------------
@pytest.mark.parametrize("name, add, drop, field", [
    ("Steady Guard", ["cost = 1"], [], "cost"),                # a Maneuver with a Wealth cost
    ("Steady Guard", ["ab_engage = 1"], [], "cost"),           # a Maneuver that engages
    ("Inigo Valdera", ["cost = 1"], [], "cost"),               # an Approach character's cost
    ("Market Day", [], ["ability", "eff"], "ability"),         # a passive Event
    ("Lucky Coin", ['ability = "action"', 'eff = [["draw", 1]]'], [], "ability"),  # attachment Action
])
def test_card_features_not_implemented_are_refused_never_ignored(tmp_path, name, add, drop, field):
    """[Maneuvers] "To use a Maneuver, the player must pay all costs"; [Character Cards]
    "Players must pay for these characters"; [Attachment Cards] Actions on attachments;
    [Glossary: Events] "Events with no Actions or Reaction have Passive Abilities": the
    kernels implement none of them, so the card checker refuses such a card (a CardDataError
    naming the field and saying so) instead of loading it and playing it otherwise; each is a
    missing row of rules_table.md."""
    with pytest.raises(CardDataError, match="not implemented") as e:
        _pool_with(tmp_path, name, add=add, drop=drop)
    assert e.value.field == field


@pytest.mark.parametrize("name", [
    "Tavern Rumours",       # a risk's Action
    "Market Day",           # an Event's Action
    "Borrowed Rapier",      # an attachment's Technique
    "Nadia Sokol",          # a character's Technique
    "A Quiet Word",         # scheme text
    "Open Purse",           # a "when revealed" effect
    "Big Harald",           # a Passive Ability
    "Purse of Ducats",      # a card without an ability
])
def test_an_engage_cost_the_kernels_never_pay_is_refused(tmp_path, name):
    """[Abilities and Playing Cards] "Cards with a • have additional costs. Additional costs
    must be paid before effects can resolve"; [Costs vs Effects] "All costs must be paid
    before any effects resolve"; [Key Concepts: En garde vs Engaged] "An engaged card cannot
    engage for any costs that require it to engage". The kernels engage the acting character
    only for a character's own Action and for Reactions (test_opcodes, test_day_reactions):
    a risk's or an Event's Action, a Technique, scheme text, a "when revealed" effect or a
    Passive Ability with an engage cost would be used without engaging anyone (the risk's
    actor was only required to be en garde). Such a card is refused, naming the field, as
    every card feature the kernels do not implement [ruling: Card features not implemented
    are refused]; the pool's own engage costs (Padre Benicio, Grandmother Irina, Lisette,
    Burn the Midnight Oil, Night Lantern, Parrying Buckler) load."""
    with pytest.raises(CardDataError, match="not implemented") as e:
        _pool_with(tmp_path, name, add=["ab_engage = 1"])
    assert e.value.field == "ab_engage"
    pool = C.load_pool()
    for ok in ("Padre Benicio", "Grandmother Irina", "Lisette the Mirror", "Burn the Midnight Oil",
               "Night Lantern", "Parrying Buckler"):
        assert pool.ab_engage[pool.index[ok]] == 1


@pytest.mark.parametrize("name, add, drop, field", [
    ("A Quiet Word", ['eff = [["garde", 0]]'], ["eff"], "eff"),        # en garde whom?
    ("A Quiet Word", ['eff = [["influence", 1]]'], ["eff"], "eff"),    # Influence to whom?
    ("A Quiet Word", ['ab_trait = "noble"'], [], "ab_trait"),          # a qualifier on scheme text
    ("Silver Harbour Accord", ['ab_where = "city"'], [], "ab_where"),  # ... on Plunder text
    ("Open Purse", ['ab_trait = "noble"'], [], "ab_trait"),            # ... on "when revealed"
    ("Big Harald", ['ab_where = "home"'], [], "ab_where"),             # ... on a Passive Ability
    ("Fine Coat", ["panache = 1"], [], "panache"),                     # an attachment's Panache
    ("Inigo Valdera", ["crew_cap = 1"], [], "crew_cap"),               # a Crew Cap off a Leader
    ("Call Out", ["initiative = 2"], [], "initiative"),                # an Initiative off a scheme
])
def test_scheme_text_and_qualifiers_the_kernels_ignore_are_refused(tmp_path, name, add, drop, field):
    """[2. Planning 5) Resolve Scheme] "Players resolve the text on their scheme above the
    separation bar" and [Qualified Abilities] "Any and all qualifiers that determine the
    specific character carrying out the ability must be satisfied by the acting character":
    Planning resolves scheme text that draws, heals the Leader or gains Renown, and only
    Actions, Reactions, Maneuvers and Techniques have an acting character whose qualifiers
    the kernels check. Scheme text that would make a character en garde or give it Influence,
    and a qualifier on scheme, Plunder or "when revealed" text or on a Passive Ability, would
    load and be ignored: refused, naming the field [ruling: Card features not implemented are
    refused]. So are the Leader's and the scheme's own stats elsewhere ([Leader Cards] "The
    stats Crew Cap and Panache only appear on Leaders"; [Card Anatomy: Schemes] "Scheme Cards
    have a Panache modifier and an Initiative value"): the Draw step and Determine Initiative
    read them from the Leader and the scheme only."""
    with pytest.raises(CardDataError, match="not implemented") as e:
        _pool_with(tmp_path, name, add=add, drop=drop)
    assert e.value.field == field


# ----- item 22: face-up zones in the observation ------------------------------------------------
def test_face_up_zones_are_observed_card_by_card():
    """[Glossary: Discard Pile] "always faceup", [The Locker], the City discard, and [Play a
    Combat Card] the dueling line "faceup": which cards lie there changes every seat's
    observation, not only how many; the text shows them by name."""
    st = new(2)
    high_drama(st)
    s = st[0]
    base = [obs(st, q) for q in range(2)]
    # seat 1's discard pile: Steady Guard, or instead Sidestep (the same count)
    to_hand(st, 1, "Steady Guard")
    empty_hand(st, 1)
    one = [obs(st, q) for q in range(2)]
    alt = new(2)
    high_drama(alt)
    to_hand(alt, 1, "Reckless Lunge")
    empty_hand(alt, 1)
    two = [obs(alt, q) for q in range(2)]
    for q in range(2):
        assert not np.array_equal(one[q], two[q]) and not np.array_equal(one[q], base[q])
    from envs.five_sails.observe import LAYOUT, ZONE_SCALE

    off, _ = LAYOUT["piles"]
    # seat 0 sees seat 1's pile at relative seat 1; seat 1 sees its own at 0
    assert one[0][off + 2 * C.NCARDS + cid("Steady Guard")] == 1 / ZONE_SCALE
    assert one[1][off + cid("Steady Guard")] == 1 / ZONE_SCALE
    text = render_ansi(s, 0)
    assert "discard pile: Steady Guard" in text
    check(st)


def test_the_locker_and_the_dueling_line_are_observed_card_by_card():
    """[The Locker] a scheme sent there and [Play a Combat Card] a card in the dueling line:
    which card it is shows in every seat's observation (two games alike but for the scheme
    in The Locker and the card played are observed differently), by card id."""
    seen = []
    # Steady Guard and Stand Firm are alike (1/2/0, Maneuver Parry 1) but for their name
    for scheme_k, card in ((0, "Steady Guard"), (1, "Steady Guard"), (0, "Stand Firm")):
        st = new(2)
        high_drama(st)
        s = st[0]
        a = muster(st, 0, "Inigo Valdera", FORUMS)
        b = muster(st, 1, "Anke Brenner", FORUMS)
        # one of seat 1's schemes still in its Approach Deck goes to The Locker: yesterday's,
        # so this is Day 2 [2. Planning]
        s["day"] = 2
        row = s["appr"][1]
        k = [i for i in range(S.APPROACH) if C.C_TYPE[row[i]] == S.T_SCHEME][scheme_k]
        sch = int(row[k])
        row[k] = 0
        s["locker"][1][s["locker_n"][1]] = sch
        s["locker_n"][1] += 1
        to_hand(st, 1, card)
        act(st, S.A_CHALLENGE + a)
        act(st, A_TARGET + MAX_CREW + b)
        act(st, A_ACCEPT)
        act(st, A_HAND + 0)
        act(st, A_PASS)                             # no Maneuver: Inigo's round next
        assert s["d_on"] and s["d_line_n"][1] == 1 and s["d_active"] == 0
        check(st)
        seen.append(obs(st, 0))
    assert not np.array_equal(seen[0], seen[1])     # another scheme in The Locker
    assert not np.array_equal(seen[0], seen[2])     # another card in the dueling line
    from envs.five_sails.observe import LAYOUT, ZONE_SCALE

    o = seen[2]
    piles, _ = LAYOUT["piles"]
    lines, _ = LAYOUT["dueling_lines"]
    assert o[piles + 2 * C.NCARDS + C.NCARDS + sch] == 1 / ZONE_SCALE
    assert o[lines + C.NCARDS + cid("Stand Firm")] == 1 / ZONE_SCALE
    assert "The Locker: " + C.POOL.names[sch] in render_ansi(s, 0)
