"""check_states refuses records no game reaches and legal play could not carry on from
(envs/cursed_seas/validate.py; audit s67): the home choices out of step with the order
setup.home_chooser gives, and a ship in another seat's fleet before play. Each edited record
is the audit probe's: play from it chose a home twice or started play with ships never placed,
or placed a ship at a foe's home.

Every record random play reaches passes the same checks (test_soak-style sweeps in
tests/contract and test_validate_cfg)."""

import numpy as np
import pytest

import envs
from envs.core.errors import StateError
from envs.cursed_seas import state as S
from tests.positions import first_reached, sealed

GAME = envs.spec("cursed_seas")


def _reach(pred, cfg=None, seeds=range(1, 30), depth=3000):
    return first_reached("cursed_seas", pred, cfg or {"num_players": 2}, seeds, depth)


def _blob(rec):
    return sealed("cursed_seas", rec)


def _refused(good, bad, word):
    """``bad`` names ``word`` in check_state and env.load refuses it, the env left as it was
    (loaded with ``good``, which passes)."""
    problems = GAME.check_state(bad)
    assert any(p.startswith(word) for p in problems), (word, problems)
    e = envs.make_raw("cursed_seas")
    e.load(_blob(good))
    before = e.record.copy()
    with pytest.raises(StateError) as info:
        e.load(_blob(bad))
    assert any(p.startswith(word) for p in info.value.problems), info.value.problems
    assert e.record.tobytes() == before.tobytes()


def _home(i, cfg=None):
    """The first PK_HOME record asking the (i+1)-th home choice."""
    return _reach(lambda s: s["pending"] == S.PK_HOME and s["pend_count"] == i, cfg)


def _edit(rec, **fields):
    bad = rec.copy()
    for f, v in fields.items():
        bad[f][0] = v
    return bad


# ----- Choosing Home Islands: the choices in setup.home_chooser's order ------------------------
@pytest.mark.parametrize("count", [2, 3, 7])
def test_home_choices_made_are_fewer_than_the_seats(count):
    """The probe's pend_count 2-7 at a 2-player home choice: next_deploy counted on past the
    seats and play began with a seat's ships never placed (cr_ship on a ship out of play)."""
    rec = _home(0)
    _refused(rec, _edit(rec, pend_count=count), f"pend_count = {count}: the home choices made")


def test_the_home_asked_is_the_next_in_the_order():
    """pend_count 1 at the first choice: the second choice's seat, whose home nobody chose
    first; the seat to choose for another seat than the order's (pend_seat edited)."""
    rec = _home(0)
    _refused(rec, _edit(rec, pend_count=1), "pend_seat/to_play: home choice 2")
    other = 1 - int(rec["pend_seat"][0])
    _refused(rec, _edit(rec, pend_seat=other), "pend_seat/to_play: home choice 1")


@pytest.mark.parametrize("cfg", [{"num_players": 3}, {"num_players": 3, "home_rule": "reverse"}])
def test_the_chooser_is_the_orders(cfg):
    """[Choosing Home Islands] rule 0: the previous player chooses; rule 1: each her own."""
    rec = _home(1, cfg)
    n = 3
    wrong = (int(rec["to_play"][0]) + 1) % n
    bad = _edit(rec, to_play=wrong)
    assert any(p.startswith("pend_seat/to_play: home choice 2") for p in GAME.check_state(bad))


def test_the_homes_chosen_are_the_first_choices():
    """A home chosen for a seat whose turn to be given one has not come (her ships unplaced),
    or the first seat's home cleared while its ships stay at it."""
    rec = _home(1)
    first = int(rec["home"][0].argmax())          # the one seat with a home
    assert (rec["home"][0] >= 0).sum() == 1
    bad = rec.copy()
    isl = int(bad["home"][0][first])
    bad["home"][0][first] = -1
    bad["isl_home"][0][isl] = -1
    _refused(rec, bad, "home: the homes chosen are seats")


def test_ships_are_placed_in_slot_order_before_the_next_choice():
    """A ship of the seat already given her home not placed (nor set aside) when the next
    home is asked: next_deploy never comes back for her."""
    rec = _home(1)
    first = int(np.flatnonzero(rec["home"][0] >= 0)[0])
    k = first * S.MAX_FLEET
    assert rec["sh_live"][0][k]
    bad = rec.copy()
    bad["sh_live"][0][k] = 0
    bad["sh_dock"][0][k] = -1
    bad["sh_x"][0][k] = bad["sh_y"][0][k] = bad["sh_h"][0][k] = 0.0
    _refused(rec, bad, f"sh_live[{k}]: a seat's ships are placed in slot order")


def test_a_deploy_asks_the_seat_given_her_home():
    """PK_DEPLOY: pend_count 1 while the first seat's ships are placed (the probe's
    pend_count 1-7 at a deploy)."""
    rec = _reach(lambda s: s["pending"] == S.PK_DEPLOY and s["pend_count"] == 0)
    _refused(rec, _edit(rec, pend_count=1), "pend_seat/to_play: home choice 2")


# ----- Tow: a ship is in her own fleet until a tow in play -------------------------------------
@pytest.mark.parametrize("pk", [S.PK_PLACE, S.PK_HOME, S.PK_DEPLOY])
def test_no_ship_changes_fleet_before_play(pk):
    """The probe's sh_owner 0 -> 1 at set-up: the ship was still deployed at her seat's home
    (next_deploy asks by slot), docked at the home of the seat whose fleet she was in."""
    rec = _reach(lambda s: s["pending"] == pk)
    bad = rec.copy()
    bad["sh_owner"][0][0] = 1
    _refused(rec, bad, "sh_owner[0] = 1: a ship is her own seat's until a tow in play")


# ----- Actions: a turn ends with a decision --------------------------------------------------
def test_the_turns_to_come_fit_the_counter():
    """The probe's turn = 2**31 - 1: the next turn wrapped to -2**31, refused by range. A
    turn is counted only after a decision, so the last turn that leaves room for one a
    decision up to the truncation bound is accepted."""
    rec = _reach(lambda s: s["pending"] == S.PK_TURN)
    room = 2**31 - 1 - (S.DEFAULT_MAX_STEPS - int(rec["step"][0]))
    assert rec["cfg"]["max_steps"][0] == 0
    assert GAME.check_state(_edit(rec, turn=room)) == []
    _refused(rec, _edit(rec, turn=room + 1), f"turn= {room + 1}: outside 0..{room}")
    _refused(rec, _edit(rec, turn=2**31 - 1), "turn= ")


# ----- Building Forts: the fort being paid for is paid from her home -------------------------
FORTS = {"num_players": 2, "fleets": ["abyssal_pact", "crown_raiders"],
         "forts": [["Fort Brimstone", "Redoubt of Tears"], ["Coral Bastion"]]}


def test_a_fort_being_paid_for_is_paid_from_her_home():
    """The probe's co_at edit at PK_PAY: a coin of the payer's home moved to the other seat's
    home left her unable to pay, and paying ran into a live seat with no legal action."""
    rec = _reach(lambda s: s["pending"] == S.PK_PAY, FORTS, seeds=range(1, 60))
    payer = int(rec["to_play"][0])
    home = np.flatnonzero((rec["co_loc"][0] == S.LOC_HOME) & (rec["co_at"][0] == payer))
    assert home.size
    bad = rec.copy()
    bad["co_at"][0][home] = 1 - payer
    _refused(rec, bad, "pend_paid: ")


# ----- Trade Current: PK_NAV asks a ship with an unused Navigator ----------------------------
def test_a_trade_current_is_placed_from_a_ship_with_a_navigator():
    """The probe's pending = PK_NAV for a ship without one: nav_place spent crew -1, the last
    crew slot (cr_nav[23] set on a crew of a seat outside the game)."""
    rec = _reach(lambda s: s["pending"] == S.PK_TURN and s["n_terr"] < S.MAX_TERR)
    cur = int(rec["to_play"][0])
    k = int(np.flatnonzero(rec["sh_live"][0] & (rec["sh_owner"][0] == cur))[0])
    assert not any(rec["cr_ship"][0][c] == k and rec["cfg"]["crew_kw"][0].reshape(-1)[c]
                   & S.KW_NAVIGATOR for c in range(S.MAX_CREW))
    _refused(rec, _edit(rec, pending=S.PK_NAV, pend_ship=k), "pend_ship: a trade current")


# ----- Sargasso Sea; Fog Bank: a tangled or lost ship sails no segment ------------------------
TERRAIN = GAME.metadata["test_configs"][8]          # reefs, terrain, forts, sea creatures


@pytest.mark.parametrize("field", ["sh_tangled", "sh_lost"])
def test_a_tangled_or_lost_ship_sails_no_segment(field):
    """The probe's pending = PK_SEGMENT at an untangle: the tangled ship sailed off and
    lay clear of her Sargasso Sea, still tangled."""
    rec = _reach(lambda s: s["pending"] == S.PK_TURN and any(
        s[field][k] >= 0 and s["sh_owner"][k] == s["to_play"] and s["sh_masts"][k]
        and s["sh_pin"][k] < 0 for k in range(S.MAX_SHIPS)), TERRAIN, seeds=range(1, 60))
    k = int(np.flatnonzero((rec[field][0] >= 0) & (rec["sh_owner"][0] == rec["to_play"][0])
                           & (rec["sh_masts"][0] > 0) & (rec["sh_pin"][0] < 0))[0])
    _refused(rec, _edit(rec, pending=S.PK_SEGMENT, pend_ship=k),
             "pend_ship: a tangled or lost ship sails no segment")


# ----- Trade Current: a terrain slot not filled has no placer ---------------------------------
def test_a_terrain_piece_not_placed_has_no_placer():
    """The probe's tr_owner edit of an empty slot: the set-up piece later placed there
    (place_terrain keeps tr_owner) was a fog bank friendly to a seat."""
    rec = _reach(lambda s: s["pending"] == S.PK_PLACE_TERR and s["n_terr"] == 0, TERRAIN)
    bad = rec.copy()
    bad["tr_owner"][0][3] = 1
    _refused(rec, bad, "tr_owner[3]: a terrain piece not placed has no placer")


# ----- Placing Crew and equipment: before play no piece waits aboard a sea creature ------------
def test_before_play_no_piece_waits_aboard_a_sea_creature():
    """The probe's cr_ship 0 -> 1 at set-up (TERRAIN's first fleet, ship 1 a sea creature):
    the crew sailed on a sea creature once she was placed."""
    rec = _reach(lambda s: s["pending"] == S.PK_PLACE_TERR, TERRAIN)
    assert rec["cr_ship"][0][0] == 0 and rec["cfg"]["ship_creature"][0][0, 1]
    bad = rec.copy()
    bad["cr_ship"][0][0] = 1
    _refused(rec, bad, "cr_ship: 1 pieces wait aboard ship 1, a sea creature")


# ----- Revealing crew: the decision a reveal interrupted can be answered ----------------------
@pytest.mark.parametrize("back", [S.PK_BOARD_COIN, S.PK_LOAD, S.PK_SEA_WITH])
def test_the_decision_a_reveal_interrupted_can_be_answered(back):
    """The probe's rv_back 12, 34 and 27 at a PK_REVEAL (4 players, seed 307): once the piece
    was picked the decision came back with no legal action."""
    rec = _reach(lambda s: s["pending"] == S.PK_REVEAL, {"num_players": 4},
                 seeds=range(307, 330), depth=4000)
    _refused(rec, _edit(rec, rv_back=back), f"rv_back = {back}: the decision the reveal "
                                             "interrupted has no legal action")


def test_a_fort_being_paid_for_stays_payable_in_every_redeal():
    """[Building Forts] a fort is offered only while its player's home gold covers its cost,
    and every seat saw it chosen: a re-deal of the coins another seat has not seen keeps her
    home gold and what she has paid at the cost (hidden._coins_ok), so every determinised
    record passes the validator and paying ends with the fort paid (audit s67: 1 key in 200
    re-dealt it short, and paying ran out of coins with no legal action)."""
    cfg = GAME.metadata["test_configs"][8]
    e = envs.make_raw("cursed_seas", **cfg)
    e.reset(seed=108)
    rng = np.random.default_rng(108)
    for _ in range(2213):
        e.step(int(rng.choice(e.legal_actions())))
    base = e.record.copy()
    assert base["pending"][0] == S.PK_PAY, "the fort payment of the audit's game was not reached"
    payer = int(base["to_play"][0])
    fort = int(base["pend_fort"][0])
    cost = int(base["cfg"]["fort_cost"][0][fort // S.MAX_FORTS_P, fort % S.MAX_FORTS_P])
    home = (base["co_loc"][0] == S.LOC_HOME) & (base["co_at"][0] == payer)
    mask = np.zeros(GAME.num_actions, np.uint8)
    redealt = set()
    for key in range(200):
        d = base.copy()
        GAME.determinize(d[0], 1 - payer, np.uint64(key))
        redealt.add(tuple(d["co_val"][0][home]))
        assert int(d["co_val"][0][home].sum()) + int(d["pend_paid"][0]) >= cost, key
        assert GAME.check_state(d) == [], key
        GAME.single.legal(d, 0, mask)
        while d["to_play"][0] >= 0 and d["pending"][0] == S.PK_PAY:
            assert mask.any(), f"key {key}: paying ran out of coins"
            GAME.single.apply(d, 0, int(np.flatnonzero(mask)[0]), mask)
    assert len(redealt) > 1, "the payer's home coins were never re-dealt: the test shows nothing"


# ----- audit s68: a second probe pass (every decision kind reached in play, 2-4 players) -------
def _cur(rec):
    return int(rec["order"][0][rec["cur"][0]])


@pytest.mark.parametrize("pk", [S.PK_TARGET, S.PK_MAST])
def test_a_cannon_fires_only_in_her_shoot_action(pk):
    """The probe's sh_last -1 at a PK_MAST (and pending = PK_MAST at a boarding): once the mast
    was chosen turns.ask_gun asked the next cannon of a ship not shooting (PK_GUN refused)."""
    rec = _reach(lambda s: s["pending"] == pk)
    k = int(rec["pend_ship"][0])
    assert rec["sh_last"][0][k] == S.ACT_SHOOT
    bad = rec.copy()
    bad["sh_last"][0][k] = -1
    _refused(rec, bad, "pend_ship: a cannon fires only in her shoot action")
    bad["sh_last"][0][k] = S.ACT_MOVE
    _refused(rec, bad, "pend_ship: a cannon fires only in her shoot action")


def test_the_mast_a_hit_takes_is_chosen_in_the_shooters_turn():
    """The probe's cur / to_play edit at a 4-player PK_MAST: another seat's turn, its player to
    play; turns.ask_gun then gave the decision back to the shooter's player out of turn."""
    rec = _reach(lambda s: s["pending"] == S.PK_MAST, {"num_players": 4})
    shooter = _cur(rec)
    other = (int(rec["cur"][0]) + 1) % 4
    bad = _edit(rec, cur=other, to_play=int(rec["order"][0][other]))
    assert int(bad["order"][0][other]) != shooter
    _refused(rec, bad, "pend_ship: not a ship of the player to play")


FORT_CFG = GAME.metadata["test_configs"][8]


@pytest.mark.parametrize("pk", [S.PK_FORT_TARGET, S.PK_FORT_MAST])
def test_a_fort_fires_a_flag_only_in_its_shoot_action(pk):
    """The probe's whole fort-target decision moved onto a PK_PAY: once the flag's hit was
    taken forts.ask_flag asked PK_FORT_GUN of a fort given no shoot action (refused)."""
    rec = _reach(lambda s: s["pending"] == pk, FORT_CFG, seeds=range(1, 80), depth=4000)
    bad = rec.copy()
    bad["ft_acts"][0][int(rec["pend_fort"][0])] = 0
    _refused(rec, bad, "ft_acts: a fort's flag fires only in the fort's shoot action")


def test_a_flag_lost_goes_back_to_the_shooter_in_her_shoot_action():
    """A flag lost to a ship's cannon: once chosen, turns.ask_gun asks the next cannon of
    pend_ship, so another ship of hers (not shooting) had PK_GUN asked of it (refused; repro
    /work/audit/s68/cursed_seas/repro.py). A fort's shot goes back to pend_fort, hers."""
    rec = _reach(lambda s: s["pending"] == S.PK_FLAG and s["pend_fort"] < 0 and any(
        s["sh_live"][k] and s["sh_owner"][k] == s["order"][s["cur"]]
        and s["sh_last"][k] != S.ACT_SHOOT for k in range(S.MAX_SHIPS)),
        FORT_CFG, seeds=range(1, 80), depth=4000)
    cur = _cur(rec)
    k = next(k for k in range(S.MAX_SHIPS) if rec["sh_live"][0][k] and
             rec["sh_owner"][0][k] == cur and rec["sh_last"][0][k] != S.ACT_SHOOT)
    _refused(rec, _edit(rec, pend_ship=k), "pend_ship: the ship whose cannon hit the fort")
    foe = (1 - cur) * S.MAX_FORTS_P
    _refused(rec, _edit(rec, pend_fort=foe), "pend_fort: the fort that hit fires on")


def test_a_tangled_ship_is_never_asked_to_use_a_whirlpool():
    """The probe's PK_WHIRL moved onto a PK_UNTANGLE: staying sailed on, and the tangled ship
    was asked a segment (refused)."""
    rec = _reach(lambda s: s["pending"] == S.PK_UNTANGLE, TERRAIN, seeds=range(1, 60),
                 depth=4000)
    whirl = int(np.flatnonzero(rec["tr_kind"][0][:rec["n_terr"][0]] == S.TR_WHIRL)[0])
    bad = _edit(rec, pending=S.PK_WHIRL, pend_count=whirl, pend_target=0)
    _refused(rec, bad, "pend_ship: a tangled ship is never asked to use a whirlpool")


def test_before_play_a_placed_ship_is_docked_at_her_home():
    """The probe's sh_dock edit at the second home choice: the island was then chosen as the
    other seat's home, the ship docked at an opponent's home island."""
    rec = _home(1)
    k = int(np.flatnonzero(rec["sh_live"][0])[0])
    wild = int(np.flatnonzero(rec["isl_home"][0][:rec["n_islands"][0]] < 0)[0])
    bad = rec.copy()
    bad["sh_dock"][0][k] = wild
    _refused(rec, bad, f"sh_dock[{k}]: before play a placed ship is docked at her seat's home")


def test_before_play_no_ship_waits_with_more_points_than_her_cost():
    """The probe's cr_ship edit at set-up: a piece moved onto a cheap ship within her cargo;
    once she was placed her points exceeded her cost (refused in play)."""
    rec = _reach(lambda s: s["pending"] == S.PK_PLACE, {"num_players": 4})
    cfg = rec["cfg"][0]
    cost = cfg["crew_cost"].reshape(-1)
    for c in np.flatnonzero(rec["cr_ship"][0] >= 0):
        p = c // S.MAX_CREW_P
        for j in range(S.MAX_FLEET):
            k = p * S.MAX_FLEET + j
            on = rec["cr_ship"][0] == k
            if cfg["ship_def"][p, j] < 0 or cfg["ship_creature"][p, j] or \
                    rec["cr_ship"][0][c] == k or on.sum() + 1 > cfg["ship_cargo"][p, j]:
                continue
            pts = int(cost[on].sum() + cost[c])
            if pts > cfg["ship_cost"][p, j]:
                bad = rec.copy()
                bad["cr_ship"][0][c] = k
                _refused(rec, bad, f"cr_ship: pieces worth {pts} points wait aboard ship {k}")
                return
    raise AssertionError("no piece whose move exceeds a ship's cost within her cargo")


def test_a_destroyed_fort_takes_its_shoot_action_with_it():
    """[Destroying forts] a fort that shot keeps ft_acts until its player's next turn
    (forts_turn_begins); destroyed before it (forts.hit_fort) it is removed from the game, its
    shoot action too: the audit's game (3 players, Navigators, forts; seed 500, 2113 random
    decisions, then the probe walk's 22) reached a destroyed fort with ft_acts set, which the
    validator refuses (a reachable record refused)."""
    azure = {"name": "Azure Navigators", "ship": [
        {"name": "Saltglass", "crew": ["Captain Ysolde", "Navigator Quill"]},
        {"name": "Tidecaller", "equipment": ["Boarding Pikes"], "crew": ["Shipwright Oda"]},
        {"name": "Blue Petrel", "crew": ["Chartmaster Wren"]}]}
    jade = {"name": "Jade Navigators", "ship": [
        {"name": "Jade Monsoon", "crew": ["Gunner Hsu", "Captain Lin"]},
        {"name": "Serpent Reed", "crew": ["Oar Master Wen"]},
        {"name": "Jade Lantern", "crew": ["Tide-Caller Sefa"]}, {"name": "Golden Abacus"}]}
    cfg = {"num_players": 3, "fleets": [azure, jade, "abyssal_pact"], "mysterious": "effects",
           "terrain": ["Milkwater Mist", "Kelp Tangle", "Spiral Gulf", "Frostfang"],
           "forts": [["Gullwatch Battery"], ["Fort Brimstone"], ["Redoubt of Tears"]]}
    e = envs.make_raw("cursed_seas", **cfg)
    e.reset(seed=500)
    rng = np.random.default_rng(500)
    for _ in range(2113):
        e.step(int(rng.choice(e.legal_actions())))
    assert e.record["pending"][0] == S.PK_FORT_GUN and e.record["ft_acts"][0][2] == 1
    walk = [473, 68, 196, 108, 229, 64, 325, 473, 473, 64, 357, 68, 182, 66, 0, 34, 0, 2, 34,
            1, 1, 34]
    for t, a in enumerate(walk):
        assert a in e.legal_actions(), (t, a)
        e.step(a)
        assert GAME.check_state(e.record) == [], (t, GAME.check_state(e.record))
    s = e.record[0]
    assert s["ft_gone"][2] == 1 and s["ft_isl"][2] == -1 and s["ft_acts"][2] == 0
