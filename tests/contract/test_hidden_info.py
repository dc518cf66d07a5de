"""Hidden information never reaches a seat, checked on every registered game (DESIGN:
"Hidden information never reaches a seat that may not see it"; issue 29.6-29.8).

Two positions a seat cannot tell apart are a position and its re-deal by the game's own
``determinize`` kernel for that seat (it re-deals exactly what the seat cannot see). From
random positions, with ``auto_forced`` off and on:

- the seat's observation, its text (``render_ansi(rec, seat)``) and the whole of
  ``env.infos`` are the same in both (``env.infos`` is one dict that every seat's code can
  read, so each agent's entry may hold public information only: the 7th Sea set-up once
  published a seat's secret starting-crew count there);
- for the seat to play, its legal mask and the labels of its legal actions are the same;
- the seat's re-deal itself reads only what the seat sees: both positions are re-dealt alike;
- ``auto_forced`` never depends on hidden information: after the same action, a decision
  is taken automatically in one position exactly when it is in the other, so the two
  positions stay alike (7th Sea once skipped a React window exactly when the hidden hand
  held no React, and so told every other seat so).

Pictures have the same test in tests/render/test_pictures.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import envs
from tests.contract.test_contract import played

GAMES = [g for g in envs.names() if envs.spec(g).determinize is not None]


def configs(game):
    return envs.spec(game).metadata.get("test_configs") or [{}]


def _position(game, config, seed, depth):
    """The record array (1,) after ``depth`` random legal decisions (fewer if it ends)."""
    return played(game, config, seed, depth).record.copy()


def _redealt(spec, arr, seat, key):
    """A position ``seat`` cannot tell from ``arr``: everything it cannot see re-dealt."""
    out = arr.copy()
    spec.determinize(out[0], seat, np.uint64(key))
    assert spec.check_state(out) == [], spec.check_state(out)
    return out


def _obs(spec, arr, seat):
    out = np.zeros(spec.obs_size, dtype=np.float32)
    spec.single.observe(arr, 0, seat, out)
    return out.tobytes()


def _mask(spec, arr):
    mask = np.zeros(spec.num_actions, dtype=np.uint8)
    if arr["to_play"][0] >= 0:
        spec.single.legal(arr, 0, mask)
    return mask


def _depths():
    # set-up (secret starting crew, planning), then play of every length
    return st.one_of(st.integers(0, 12), st.integers(0, 400))


# ----- what one seat sees ----------------------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("auto", [False, True], ids=["auto_forced_off", "auto_forced_on"])
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_sees_the_same_where_it_cannot_tell_positions_apart(game, auto, data):
    """Observation, text, infos, and for the seat to play its mask and action labels, are
    unchanged when everything the seat cannot see is re-dealt."""
    spec = envs.spec(game)
    config = {**data.draw(st.sampled_from(configs(game))), "auto_forced": auto}
    arr = _position(game, config, data.draw(st.integers(0, 2**32)), data.draw(_depths()))
    n = int(arr["num_players"][0])
    for seat in range(n):
        other = _redealt(spec, arr, seat, data.draw(st.integers(0, 2**64 - 1)))
        where = f"{game} seat {seat} (step {int(arr['step'][0])}, to play {int(arr['to_play'][0])})"
        assert _obs(spec, other, seat) == _obs(spec, arr, seat), f"{where}: observation"
        assert spec.render_ansi(other[0], seat) == spec.render_ansi(arr[0], seat), f"{where}: text"
        assert spec.infos(other[0]) == spec.infos(arr[0]), f"{where}: infos"
        if int(arr["to_play"][0]) != seat:
            continue
        mask = _mask(spec, arr)
        assert np.array_equal(_mask(spec, other), mask), (
            f"{where}: legal mask {np.flatnonzero(mask).tolist()} vs "
            f"{np.flatnonzero(_mask(spec, other)).tolist()}")
        for a in np.flatnonzero(mask).tolist():
            assert spec.action_label(other[0], a) == spec.action_label(arr[0], a), (
                f"{where}: label of action {a}")


@settings(max_examples=15, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_a_redeal_reads_only_what_its_seat_sees(game, data):
    """A seat's re-deal is a function of what it sees and the key alone: a position and one
    re-deal of it, which the seat cannot tell apart, are re-dealt byte for byte alike under
    any other key. A re-deal that kept anything of the true hidden information (Cursed Seas'
    kept the true deal where its draws ran out) would show the search what its seat cannot
    see."""
    spec = envs.spec(game)
    config = data.draw(st.sampled_from(configs(game)))
    arr = _position(game, config, data.draw(st.integers(0, 2**32)), data.draw(_depths()))
    for seat in range(int(arr["num_players"][0])):
        other = _redealt(spec, arr, seat, data.draw(st.integers(0, 2**64 - 1)))
        key = data.draw(st.integers(0, 2**64 - 1))
        assert _redealt(spec, arr, seat, key).tobytes() == _redealt(spec, other, seat, key).tobytes(), (
            f"{game} seat {seat} (step {int(arr['step'][0])}): the re-deal read the true one")


# ----- auto_forced ---------------------------------------------------------------------------
def _manual(arr):
    """The same position with auto_forced off, so forced decisions can be taken one by one."""
    out = arr.copy()
    out["cfg"]["auto_forced"] = 0
    return out


def _views(spec, arr):
    """What every seat sees, and who is to play with which options: equal views mean the
    same point of play (a game may keep bookkeeping, such as step counts or the last
    reward, that an apply with auto_forced on records differently from several without)."""
    n = int(arr["num_players"][0])
    return (int(arr["to_play"][0]), _mask(spec, arr).tobytes(),
            tuple(_obs(spec, arr, q) for q in range(n)))


def _step(spec, arr, action):
    spec.single.apply(arr, 0, action, np.zeros(spec.num_actions, dtype=np.uint8))


def _chain(spec, arr, action, bound=500):
    """The positions one apply of ``action`` with auto_forced on passes through: the game's
    own choice of forced decisions, replayed one at a time with auto_forced off."""
    done = arr.copy()
    _step(spec, done, action)
    target = _views(spec, done)
    m = _manual(arr)
    _step(spec, m, action)
    out = [m.copy()]
    for _ in range(bound):
        if _views(spec, m) == target:
            return out
        legal = np.flatnonzero(_mask(spec, m))
        assert len(legal) == 1, "auto_forced took a decision that had several options"
        _step(spec, m, int(legal[0]))
        out.append(m.copy())
    raise AssertionError("auto_forced's decisions could not be replayed one at a time")


def _auto_forced_alike(spec, arr, other, action, observer):
    """Along the two chains of positions an apply of ``action`` passes through, while
    ``observer`` cannot tell the two apart, auto_forced stops in one exactly when it stops
    in the other (a card played or drawn may tell them apart: then nothing more is asked)."""
    ca, cb = _chain(spec, arr, action), _chain(spec, other, action)
    for i in range(max(len(ca), len(cb))):
        if i >= len(ca) or i >= len(cb):
            end, going = (ca, cb) if i >= len(ca) else (cb, ca)
            last = end[-1]
            raise AssertionError(
                f"auto_forced stops at seat {int(last['to_play'][0])}'s decision in one position "
                f"and takes {spec.action_label(going[i - 1][0], int(np.flatnonzero(_mask(spec, going[i - 1]))[0]))!r}"
                f" in another that seat {observer} cannot tell apart, so it tells seat "
                f"{observer} the difference")
        if _obs(spec, ca[i], observer) != _obs(spec, cb[i], observer):
            return


@settings(max_examples=20, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_auto_forced_never_depends_on_hidden_information(game, data):
    """[auto_forced: "decisions with a single legal option"] a decision is taken
    automatically only where its single option follows from what every seat sees: along a
    random game, from two positions an observer cannot tell apart, the same action with
    auto_forced on leads to two positions the observer still cannot tell apart (unless the
    action or a decision it forces shows a card)."""
    spec = envs.spec(game)
    config = {**data.draw(st.sampled_from(configs(game))), "auto_forced": True}
    seed = data.draw(st.integers(0, 2**32))
    arr = _position(game, config, seed, data.draw(_depths()))
    rng = np.random.default_rng(seed)
    n = int(arr["num_players"][0])
    for _ in range(60):
        if arr["to_play"][0] < 0:
            return
        observer = int(rng.integers(n))
        other = _redealt(spec, arr, observer, int(rng.integers(2**63)))
        other["rng"] = arr["rng"]          # the same future chance: only hidden cards differ
        action = int(rng.choice(np.flatnonzero(_mask(spec, arr))))
        if _mask(spec, other)[action]:
            _auto_forced_alike(spec, arr, other, action, observer)
        _step(spec, arr, action)
