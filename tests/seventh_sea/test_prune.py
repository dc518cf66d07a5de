"""7th Sea CCG search prune (envs/seventh_sea/prune.py): the self-harming moves the search's
tree and playouts skip, while the rules still offer them. Derived from 11. Discard a Crew,
12. Discard an Adventure, Paying Costs and Suffering Hits."""

import numpy as np

import envs
from envs.core.search import search
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD_NAMES
from envs.seventh_sea.prune import prune
from tests.seventh_sea.scenario_files import act, legal, load, no_reacts, read, slot, target

from envs.seventh_sea.scenario import build


def _kept(arr) -> set:
    m = np.zeros(S.NUM_ACTIONS, dtype=np.uint8)
    envs.spec("seventh_sea").legal_mask(arr[0], m)
    prune(arr[0], m)
    return set(np.flatnonzero(m).tolist())


def _discards(moves) -> set:
    return {a for a in moves if S.A_DCREW <= a < S.A_SEA or S.A_DADV <= a < S.A_SHIP}


def test_the_spec_names_the_prune():
    assert envs.spec("seventh_sea").prune is prune


def test_own_crew_discards_are_legal_but_not_searched():
    """[11. Discard a Crew] player_0 may discard Marines of the Crown as an action; the search
    never tries it (a seat discarding its own crew only weakens its Ship)."""
    arr = load("cannon_attack")
    assert arr["pk"][0] == S.PK_MAIN
    j = slot(arr, 0, "Marines of the Crown")
    assert S.A_DCREW + j in legal(arr)
    kept = _kept(arr)
    assert not _discards(kept)
    assert S.A_CANNON in kept and S.A_PASS in kept
    assert legal(arr) - kept == _discards(legal(arr))


def test_the_search_never_plays_a_pruned_move_at_the_root():
    arr = load("cannon_attack")
    visits = search(envs.spec("seventh_sea"), arr, 200, seed=1, max_rollout=20)
    assert visits.sum() == 200
    assert visits[S.A_DCREW:S.A_SEA].sum() == 0 and visits[S.A_DADV:S.A_SHIP].sum() == 0


def test_a_declared_cost_is_paid_in_full():
    """[Paying Costs] player_0 declares Hired Blades (Influence 3): stopping the payment is
    legal (the action is cancelled, the card discarded) but not searched while a crew can
    still tack for Influence."""
    arr = load("hire_and_pay")
    act(arr, S.A_HAND + 1)
    assert arr["pk"][0] == S.PK_PAY
    assert S.A_STOP in legal(arr)
    kept = _kept(arr)
    assert S.A_STOP not in kept and kept == legal(arr) - {S.A_STOP}


def test_the_captain_sinks_only_when_nothing_else_absorbs():
    """[Suffering Hits] sinking the Captain sinks the Ship: with crew left to tack or sink it
    is not searched; with the Captain alone (tacked) it is all there is, and stays."""
    arr = load("cannon_attack")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)
    assert arr["pk"][0] == S.PK_ABSORB and arr["to_play"][0] == 1
    assert S.A_SINK + 0 in legal(arr)
    kept = _kept(arr)
    assert S.A_SINK + 0 not in kept and kept == legal(arr) - {S.A_SINK + 0}

    # player_1's Captain alone aboard, already tacked: sinking him is all that absorbs
    d = read("cannon_attack")
    d["player"][1]["crew"] = []
    d["player"][1]["hand"] = []
    captain = CARD_NAMES[int(build(d)["crew"][0][1][0])]
    d["player"][1]["tacked"] = [captain]
    alone = build(d)
    act(alone, S.A_CANNON, target(alone, 0, 1), S.A_CREW + slot(alone, 0, "Powder Priest"))
    no_reacts(alone)
    assert alone["pk"][0] == S.PK_ABSORB and alone["to_play"][0] == 1
    assert _kept(alone) == legal(alone) == {S.A_SINK + 0}
