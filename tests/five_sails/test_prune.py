"""City of Five Sails search prune (envs/five_sails/prune.py): the High Drama actions that
change nothing but what they spend, which the search's tree and playouts skip while the rules
still offer them. Derived from f. Claim Action, Pressures, Playing a Card ("Do as much as
possible"), Heal, En garde vs Engaged, Event Cards and g. Pass."""

import numpy as np

import envs
from envs.core.search import search
from envs.five_sails import batch
from envs.five_sails import state as S
from envs.five_sails.config import make_config
from envs.five_sails.prune import prune, prune_at

from .helpers import act, city, empty_hand, high_drama, legal, muster, new, place, to_hand

SPEC = envs.spec("five_sails")
FORUMS, BAZAAR = S.L_FORUMS, S.L_BAZAAR


def _kept(st) -> set:
    m = np.zeros(S.NUM_ACTIONS, dtype=np.uint8)
    batch.single_legal(st, 0, m)
    prune_at(st, 0, m)
    return set(np.flatnonzero(m).tolist())


def _visits(st, sims=200):
    v = search(SPEC, st, sims, seed=1, max_rollout=20)
    assert v.sum() == sims
    return v


def test_the_spec_names_the_prune():
    assert SPEC.prune is prune


def test_claiming_a_location_you_control_is_legal_but_not_searched():
    """[f. Claim Action] Marisol stands at The Forums, which player_0 controls: claiming it
    again only engages her; claiming The Grand Bazaar (nobody's) is kept."""
    st = new(2)
    high_drama(st)
    empty_hand(st, 0)
    place(st, 0, 0, FORUMS)
    c = muster(st, 0, "Padre Benicio", BAZAAR)
    st[0]["ctrl"][FORUMS] = 0
    lg = legal(st)
    assert S.A_CLAIM + 0 in lg and S.A_CLAIM + c in lg
    kept = _kept(st)
    assert kept == lg - {S.A_CLAIM + 0}
    # the same claim on a location another player controls, or nobody, is a real claim
    for owner in (1, -1):
        st[0]["ctrl"][FORUMS] = owner
        assert _kept(st) == legal(st)


def test_the_search_never_claims_its_own_location_at_the_root():
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    st[0]["ctrl"][FORUMS] = 0
    assert S.A_CLAIM + 0 in legal(st)
    v = _visits(st)
    assert v[S.A_CLAIM + 0] == 0


def test_an_own_action_that_would_heal_nobody_is_not_searched():
    """[Playing a Card] Old Matthias's Home Action heals a wound from him: unwounded, it
    would only spend his Action for the Day [Once per Day Ability Activation]."""
    st = new(2)
    high_drama(st, first=1)
    c = muster(st, 1, "Old Matthias", S.HOME)
    assert S.A_ABILITY + c in legal(st)
    assert _kept(st) == legal(st) - {S.A_ABILITY + c}
    st[0]["wounds"][1][c] = 1
    assert _kept(st) == legal(st)


def test_an_event_that_would_change_nothing_for_its_actor_is_not_searched():
    """[Event Cards] Street Physician (heal 1) and Ringing Bells (en garde) at The Forums:
    used by an unwounded, en garde character they change nothing and spend the Event's use
    this Day; a wounded or engaged character is helped and keeps them."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    city(st, FORUMS, "Street Physician")
    assert S.A_EVENT + 0 in legal(st)
    assert S.A_EVENT + 0 not in _kept(st)
    st[0]["wounds"][0][0] = 1
    assert S.A_EVENT + 0 in _kept(st)

    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    city(st, FORUMS, "Ringing Bells")
    to_hand(st, 0, "Field Dressing")          # one card to pay its Wealth cost
    assert S.A_EVENT + 0 in legal(st)
    assert S.A_EVENT + 0 not in _kept(st)
    st[0]["eng"][0][0] = 1
    assert S.A_EVENT + 0 in _kept(st)
    v = _visits(st)
    assert v[S.A_EVENT + 0] > 0


def _second_wind(wounded=False, engaged=False):
    """player_0 with Second Wind (en garde) and Field Dressing (heal 2) in hand, Marisol and
    Padre Benicio at The Forums."""
    st = new(2)
    high_drama(st)
    empty_hand(st, 0)
    to_hand(st, 0, "Second Wind", "Field Dressing")
    place(st, 0, 0, FORUMS, wounds=int(wounded))
    c = muster(st, 0, "Padre Benicio", FORUMS, eng=int(engaged))
    return st, c


def test_a_risk_that_would_change_nothing_for_any_actor_is_not_searched():
    """[Risk Cards] Second Wind puts its acting character en garde and Field Dressing heals
    it: with everyone en garde and unwounded both would be discarded (Field Dressing's Wealth
    cost paid too) for nothing."""
    st, _ = _second_wind()
    lg = legal(st)
    assert {S.A_HAND + 0, S.A_HAND + 1} <= lg
    assert _kept(st) == lg - {S.A_HAND + 0, S.A_HAND + 1}
    assert _visits(st)[S.A_HAND:S.A_HAND + 2].sum() == 0

    st, _ = _second_wind(wounded=True, engaged=True)
    assert _kept(st) == legal(st)


def test_an_announced_risk_acts_for_a_character_it_changes():
    """[Acting Character] Second Wind announced with Marisol en garde and Padre Benicio
    engaged: only Padre is searched as its acting character; Field Dressing with Marisol
    wounded: only Marisol."""
    st, c = _second_wind(wounded=True, engaged=True)
    act(st, S.A_HAND + 0)
    assert st[0]["pk"] == S.PK_ACTOR
    assert legal(st) == {S.A_CREW + 0, S.A_CREW + c}
    assert _kept(st) == {S.A_CREW + c}
    v = _visits(st)
    assert v[S.A_CREW + 0] == 0 and v[S.A_CREW + c] == 200

    st, c = _second_wind(wounded=True, engaged=True)
    act(st, S.A_HAND + 1)
    assert st[0]["pk"] == S.PK_ACTOR
    assert _kept(st) == {S.A_CREW + 0}


def test_when_every_actor_is_unchanged_the_search_tries_them_all():
    """Second Wind announced (a player may, the rules allow it) with both characters en
    garde: the prune clears both actors, the search restores them."""
    st, c = _second_wind()
    act(st, S.A_HAND + 0)
    assert st[0]["pk"] == S.PK_ACTOR
    assert legal(st) == {S.A_CREW + 0, S.A_CREW + c}
    assert _kept(st) == set()
    v = _visits(st)
    assert v[S.A_CREW + 0] > 0 and v[S.A_CREW + c] > 0


def test_other_decisions_are_untouched():
    """Passing, moving and a claim that can take a location stay; outside High Drama (a
    challenge's answer, Planning) nothing is pruned."""
    st = new(2)
    assert st[0]["pk"] == S.PK_SCHEME
    assert _kept(st) == legal(st)
    st, _ = _second_wind(wounded=True, engaged=True)
    kept = _kept(st)
    assert S.A_PASS in kept and S.A_MOVE + 0 in kept and S.A_CLAIM + 0 in kept


def test_at_every_decision_of_random_games_only_the_named_moves_are_cleared():
    """Random 2- and 3-player games: the kept moves are legal moves; passing, and every
    decision outside High Drama's main choice and an announced risk's acting character,
    are never touched; what is cleared is a claim, a character's own Action, an Event, a
    risk from hand or an acting character."""
    named = set()
    for c in range(S.MAX_CREW):
        named |= {S.A_CLAIM + c, S.A_ABILITY + c, S.A_EVENT + c}
    hand = {S.A_HAND + i for i in range(S.MAX_HAND)}
    crew = {S.A_CREW + c for c in range(S.MAX_CREW)}
    rng = np.random.default_rng(5)
    cleared = 0
    for n, seed in ((2, 11), (3, 12)):
        st = np.zeros(1, S.STATE)
        batch.single_init(st, make_config(num_players=n), 0, seed)
        scratch = np.zeros(S.NUM_ACTIONS, np.uint8)
        while not st[0]["done"] and not st[0]["truncated"]:
            lg = legal(st)
            kept = _kept(st)
            gone = lg - kept
            assert kept <= lg
            pk = int(st[0]["pk"])
            if pk == S.PK_MAIN:
                assert S.A_PASS in kept and gone <= named | hand
            elif pk == S.PK_ACTOR:
                assert gone <= crew
            else:
                assert not gone, (pk, gone)
            cleared += len(gone)
            batch.single_apply(st, 0, int(rng.choice(sorted(lg))), scratch)
    assert cleared > 0
