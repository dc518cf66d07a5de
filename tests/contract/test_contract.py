"""The core contract, checked on every registered game (README: "Bad input").

No input can crash, hang or corrupt a game:

- corrupted snapshots are refused with StateError or load into a valid position that plays
  on cleanly (fuzzed in worker processes: a crash or a hang is charged to its blob);
- every bad input in the table names its error and leaves the env byte-identical;
- deepcopy, pickle, clone and save/load give envs that continue exactly like the original;
- to_scenario -> load_scenario gives every seat the same observation and mask, and with
  ``exact=True`` the same bytes;
- VectorGame refuses non-integer, out-of-range and illegal actions before any game moves;
- PettingZoo's ``state()`` is a full-information vector of ``state_space``'s shape.

A game joins by registration: these tests read ``GameSpec.metadata["test_configs"]``.
"""

from __future__ import annotations

import copy
import math
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import envs
from benchmarks import fuzz
from envs.core import snapshot
from envs.core.errors import (
    ActionTypeError, IllegalActionError, ResetNeededError, SeatError, StateError,
)

GAMES = envs.names()


def configs(game):
    return envs.spec(game).metadata.get("test_configs") or [{}]


def played(game, config, seed, depth, make=envs.make_raw):
    """An env after ``depth`` random legal decisions (fewer if the game ends)."""
    e = make(game, **config)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(depth):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    return e


# ----- fuzzed snapshots ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_snapshots_are_refused_or_play_on_cleanly(game):
    """300 corrupted blobs (half re-sealed with a valid checksum, half of those with their AEC
    bookkeeping changed) from live, truncated and illegal-move-ended positions: no crash, no
    hang, only StateError refusals; every base loads back as saved, and every accepted blob
    passes check_state, has bookkeeping that agrees with its record and plays on."""
    r = fuzz.run(game, 300, seed=GAMES.index(game), bases=12, timeout=120)
    assert r.clean, f"crashes {r.crashes}, hangs {r.hangs}, errors {r.errors[:5]}"
    assert r.refused >= 150, "the checksum alone must refuse the half left unsealed"
    assert r.refused + r.accepted == r.blobs


def _reseal_edit(blob, spec, field, value):
    """The blob with one record field set and a valid checksum: only check_states can refuse."""
    rec, aec = snapshot.unpack(spec, blob)
    rec[field] = value
    return snapshot.pack(spec, rec, aec)


HEADER_EDITS = [("to_play", 50), ("num_players", 100), ("done", 7), ("step", -5), ("fault", 1),
                ("truncated", 1), ("winner_mask", 255), ("reward", float("nan")),
                ("reward", float("inf")), ("reward", 1e30)]


@pytest.mark.parametrize("field, value", HEADER_EDITS)
@pytest.mark.parametrize("game", GAMES)
def test_corrupt_header_field_is_refused_by_name(game, field, value):
    e = played(game, configs(game)[0], 5, 7)
    blob = e.save()
    bad = _reseal_edit(blob, e.game, field, value)
    with pytest.raises(StateError) as info:
        e.load(bad)
    assert any(field in p for p in info.value.problems), info.value.problems
    assert e.save() == blob


@pytest.mark.parametrize("game", GAMES)
def test_blob_refusals_name_the_reason_and_change_nothing(game):
    e = played(game, configs(game)[0], 1, 5)
    blob = e.save()
    other = "toy" if game != "toy" else "havoc"
    o = played(other, configs(other)[0], 1, 1)
    cases = [
        (o.save(), f"game {other!r}"),
        (blob[:-10], "checksum"),
        (blob[:20], "checksum"),
        (b"x" * len(blob), "does not start"),
        (blob[:7] + b"\x09" + blob[8:], "format 9"),
        (bytes([blob[0]]) + blob[1:-5] + bytes([blob[-5] ^ 1]) + blob[-4:], "checksum"),
        (b"", "too short"),
    ]
    for bad, match in cases:
        with pytest.raises(StateError, match=match):
            e.load(bad)
        assert e.save() == blob
    with pytest.raises(StateError, match="must be bytes"):
        e.load("a string")
    # another version of the same game
    rec, aec = snapshot.unpack(e.game, blob)
    import json
    import struct
    import zlib

    head = json.dumps({"game": game, "version": e.game.version + 1,
                       "dtype": snapshot.dtype_fingerprint(e.game.state_dtype),
                       "record_bytes": rec.nbytes, "aec": aec}).encode()
    body = b"BRDSIDE\x02" + struct.pack("<I", len(head)) + head + rec.tobytes()
    with pytest.raises(StateError, match=f"v{e.game.version + 1}"):
        e.load(body + struct.pack("<I", zlib.crc32(body)))
    assert e.save() == blob


@pytest.mark.parametrize("game", GAMES)
def test_calls_before_reset_say_to_reset(game):
    e = envs.make(game, render_mode="ansi")
    for call in (lambda: e.step(0), lambda: e.last(), lambda: e.observe("player_0"),
                 e.save, e.state, e.render):
        with pytest.raises(ResetNeededError, match="call reset"):
            call()


@pytest.mark.parametrize("game", GAMES)
def test_observing_an_agent_that_is_not_a_seat_is_a_seat_error(game):
    e = envs.make_raw(game)
    e.reset(seed=1)
    before = e.save()
    for agent in ("player_9", "player_-1", 0, None):
        with pytest.raises(SeatError, match="is not one of"):
            e.observe(agent)
    assert e.save() == before


@pytest.mark.parametrize("game", GAMES)
def test_seeds_are_ints_numpy_ints_or_none(game):
    e = envs.make_raw(game)
    e.reset(seed=3)
    blob = e.save()
    for bad in ("12", 1.5, 1.9, True, [1], math.nan, np.float64(2.0), np.bool_(True)):
        with pytest.raises(TypeError, match="seed"):
            e.reset(seed=bad)
        assert e.save() == blob
    f = envs.make_raw(game)
    f.reset(seed=np.int64(3))
    assert f.record.tobytes() == e.record.tobytes()
    f.reset(seed=np.uint64(3))
    assert f.record.tobytes() == e.record.tobytes()
    f.reset(seed=None)
    with pytest.raises(TypeError, match="seed"):
        envs.make_vector(game, 2, seed=1.5)


@pytest.mark.parametrize("make", [envs.make, envs.make_raw], ids=["env", "raw_env"])
@pytest.mark.parametrize("game", GAMES)
def test_actions_are_integers_of_any_width(game, make):
    e = played(game, configs(game)[0], 2, 3, make=make)
    blob = e.save()
    legal = e.legal_actions()[0]
    for bad in (True, np.bool_(True), float(legal), np.float32(legal), str(legal), [legal],
                None, math.nan):
        err = ActionTypeError if make is envs.make_raw else AssertionError
        with pytest.raises(err):
            e.step(bad)
        assert e.save() == blob
    n = e.game.num_actions
    for bad in (-1, n, 10**6, np.int64(n)):
        err = IllegalActionError if make is envs.make_raw else AssertionError
        with pytest.raises(err):
            e.step(bad)
        assert e.save() == blob
    for as_type in (np.uint64, np.uint8 if legal < 256 else np.uint16, np.int16):
        c = e.clone()
        c.step(as_type(legal))
        ref = e.clone()
        ref.step(legal)
        assert c.record.tobytes() == ref.record.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_vector_step_refuses_bad_actions_before_any_game_moves(game):
    vec = envs.make_vector(game, 4, seed=0, **configs(game)[0])
    before = vec.states.tobytes()
    legal = [int(np.flatnonzero(m)[0]) for m in vec.masks]
    illegal = [int(np.flatnonzero(m == 0)[0]) if (m == 0).any() else None for m in vec.masks]
    cases = [
        (np.array(legal, dtype=np.float64), ActionTypeError),
        (np.array([np.nan] * 4), ActionTypeError),
        (np.array([str(a) for a in legal]), ActionTypeError),
        (np.array([True] * 4), ActionTypeError),
        (np.array(legal[:3] + [vec.spec.num_actions]), IllegalActionError),
        (np.array(legal[:3] + [10**6]), IllegalActionError),
        (np.array(legal[:3] + [2**64 - 1], dtype=np.uint64), IllegalActionError),
        (np.array(legal[:2]), ValueError),
    ]
    if illegal[3] is not None:
        cases.append((np.array(legal[:3] + [illegal[3]]), IllegalActionError))
    for actions, err in cases:
        with pytest.raises(err):
            vec.step(actions)
        assert vec.states.tobytes() == before
    vec.step(np.array(legal, dtype=np.uint64))          # any integer width is fine


@pytest.mark.parametrize("game", GAMES)
def test_vector_set_states_refuses_invalid_states(game):
    vec = envs.make_vector(game, 3, seed=0, **configs(game)[0])
    good = vec.states.copy()
    bad = good.copy()
    bad["to_play"][1] = 50
    with pytest.raises(StateError, match="env 1"):
        vec.set_states(bad)
    assert vec.states.tobytes() == good.tobytes()
    vec.set_states(good)
    vec.states["num_players"][2] = 100
    with pytest.raises(StateError, match="env 2"):
        vec.refresh()


# ----- copies continue identically ----------------------------------------------------------
AEC_FIELDS = ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations",
              "truncations", "infos")


def _aec_view(e):
    out = {k: copy.deepcopy(getattr(e, k)) for k in AEC_FIELDS}
    out["observations"] = {a: e.observe(a)["observation"].tobytes() for a in e.possible_agents}
    out["masks"] = {a: e.observe(a)["action_mask"].tobytes() for a in e.possible_agents}
    out["record"] = e.record.tobytes()
    return out


def _copies(e):
    loaded = envs.make(e.game.name) if not e.strict else envs.make_raw(e.game.name)
    loaded.load(e.save())
    return {"deepcopy": copy.deepcopy(e), "pickle": pickle.loads(pickle.dumps(e)),
            "clone": e.clone(), "save/load": loaded}


@settings(max_examples=12)
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_copies_continue_identically(game, data):
    """deepcopy, pickle, clone and save/load of env() and raw_env() from a random position,
    fed the same actions to the end, match the original in every AEC field at every step."""
    config = data.draw(st.sampled_from(configs(game)))
    make = data.draw(st.sampled_from([envs.make, envs.make_raw]))
    seed = data.draw(st.integers(0, 2**32))
    e = played(game, config, seed, data.draw(st.integers(0, 60)), make=make)
    copies = _copies(e)
    rng = np.random.default_rng(seed)
    for _ in range(400):
        ref = _aec_view(e)
        for name, c in copies.items():
            assert _aec_view(c) == ref, f"{name} diverged"
        if not e.agents:
            break
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            action = None
        else:
            action = int(rng.choice(e.legal_actions()))
        e.step(action)
        for c in copies.values():
            c.step(action)
    e.reset()
    for c in copies.values():
        c.reset()
        assert c.record.tobytes() == e.record.tobytes(), "the seed stream was not copied"


# ----- scenarios -----------------------------------------------------------------------------
@settings(max_examples=12)
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_scenario_round_trip_keeps_every_view(game, data):
    """to_scenario -> load_scenario: every seat sees the same and may do the same;
    exact=True: the same bytes. Loaded into an env of another player count, the agents
    are rebuilt from the scenario."""
    import tomllib

    from envs.core.scenario import dump_toml

    config = data.draw(st.sampled_from(configs(game)))
    seed = data.draw(st.integers(0, 2**32))
    e = played(game, config, seed, data.draw(st.integers(0, 80)))
    other = data.draw(st.sampled_from(configs(game)))
    f = envs.make_raw(game, **other)
    f.load_scenario(tomllib.loads(dump_toml(e.to_scenario())))
    assert f.possible_agents == e.possible_agents
    g = envs.make_raw(game, **config)
    g.load_scenario(e.to_scenario(exact=True))
    assert g.record.tobytes() == e.record.tobytes()
    for a in e.possible_agents:
        assert f.observe(a)["observation"].tobytes() == g.observe(a)["observation"].tobytes()
        assert f.observe(a)["action_mask"].tobytes() == g.observe(a)["action_mask"].tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_scenario_unknown_keys_and_other_games_are_refused(game):
    e = played(game, configs(game)[0], 4, 3)
    blob = e.save()
    d = e.to_scenario()
    key = sorted(k for k in d if k not in ("game", "record"))[0]
    typo = dict(d)
    typo[key + "x"] = typo.pop(key)
    with pytest.raises(StateError, match=f"did you mean '{key}'"):
        e.load_scenario(typo)
    assert e.save() == blob
    with pytest.raises(StateError, match="game"):
        e.load_scenario({**d, "game": "not_" + game})
    with pytest.raises(StateError, match="dict or a TOML path"):
        e.load_scenario(42)
    assert e.save() == blob


# ----- PettingZoo state() ----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_global_state_is_a_full_information_vector(game):
    e = played(game, configs(game)[0], 6, 10)
    s = e.state()
    assert s.dtype == np.float32 and s.shape == e.state_space.shape
    assert np.isfinite(s).all()
    c = e.clone()
    assert c.state().tobytes() == s.tobytes()
    if e.agents and not e.terminations[e.agent_selection]:
        c.step(c.legal_actions()[0])
        assert c.state().tobytes() != s.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_record_is_read_only(game):
    e = played(game, configs(game)[0], 6, 2)
    with pytest.raises(ValueError):
        e.record["to_play"][0] = 3


_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.text(max_size=8), st.lists(st.integers(-3, 300), max_size=8),
    st.dictionaries(st.text(max_size=6), st.integers(-3, 9), max_size=3),
)


def _paths(d, prefix=()):
    """Every key path in a nested scenario dict (through tables and lists)."""
    if isinstance(d, dict):
        for k, v in d.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


@settings(max_examples=40)
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_scenario_schema_refuses_any_junk_by_name(game, data):
    """Any value of any type at any place of a real scenario either loads a valid position
    or is refused with StateError / ConfigError naming the problem; the env is unchanged."""
    e = played(game, configs(game)[0], data.draw(st.integers(0, 99)), data.draw(st.integers(0, 30)))
    d = copy.deepcopy(e.to_scenario())
    paths = sorted(_paths(d), key=repr)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target = d
        try:
            for k in path[:-1]:
                target = target[k]
            target[path[-1]] = data.draw(_JUNK)
        except (KeyError, IndexError, TypeError):
            continue
    f = envs.make_raw(game, **configs(game)[-1])
    f.reset(seed=1)
    _loads_or_is_refused_by_name(f, d)


def _loads_or_is_refused_by_name(f, d) -> None:
    """Env ``f`` loads scenario ``d`` as a valid position, or refuses it with StateError /
    ConfigError naming the problem and stays as it was."""
    from envs.core.errors import ConfigError

    blob = f.save()
    try:
        f.load_scenario(d)
    except (StateError, ConfigError) as err:
        assert str(err)
        assert f.save() == blob
    else:
        assert f.game.check_state(f.record) == []


@pytest.mark.parametrize("game", GAMES)
def test_scenario_with_any_table_or_list_emptied_is_refused_by_name_or_loads(game):
    """Each table and list of a real scenario emptied in turn (a crew member with no card, a
    seat with nothing): refused with StateError / ConfigError, the env unchanged, or a valid
    position. The sweep behind the junk test's random draws, for the fields a schema must
    require."""
    e = played(game, configs(game)[0], 74, 17)
    base = e.to_scenario()

    def at(d, path):
        for k in path:
            d = d[k]
        return d

    f = envs.make_raw(game, **configs(game)[-1])
    f.reset(seed=1)
    swept = 0
    for path in sorted(_paths(base), key=repr):
        value = at(base, path)
        if not isinstance(value, (dict, list)) or not value:
            continue
        d = copy.deepcopy(base)
        at(d, path[:-1])[path[-1]] = type(value)()
        _loads_or_is_refused_by_name(f, d)
        swept += 1
    assert swept


# ----- determinisation for information-set search ---------------------------------------------
def _determinized(spec, rec, seat, key):
    out = rec.copy()
    spec.determinize(out[0], seat, np.uint64(key))
    return out


def _seat_view(spec, rec, seat):
    out = np.zeros(spec.obs_size, dtype=np.float32)
    spec.single.observe(rec, 0, seat, out)
    return out.tobytes()


@settings(max_examples=15)
@given(data=st.data())
@pytest.mark.parametrize("game", [g for g in GAMES if envs.spec(g).determinize is not None])
def test_determinize_keeps_what_the_seat_knows(game, data):
    """The determinize kernel (information-set search) re-deals only what ``seat`` cannot
    see: the result is a valid position, the seat's own view is unchanged, and two
    positions the seat cannot tell apart give the same sample for the same key."""
    spec = envs.spec(game)
    config = data.draw(st.sampled_from(configs(game)))
    e = played(game, config, data.draw(st.integers(0, 2**32)), data.draw(st.integers(0, 200)))
    rec = e.record.copy()
    seat = data.draw(st.integers(0, int(rec["num_players"][0]) - 1))
    key = data.draw(st.integers(0, 2**64 - 1))
    a = _determinized(spec, rec, seat, key)
    assert spec.check_state(a) == [], spec.check_state(a)
    assert _seat_view(spec, a, seat) == _seat_view(spec, rec, seat)
    assert a["rng"][0] != rec["rng"][0], "the future must be re-seeded"
    # another position the seat cannot tell from this one: a determinisation of it
    other = _determinized(spec, rec, seat, key ^ 0xABCDEF)
    assert _seat_view(spec, other, seat) == _seat_view(spec, rec, seat)
    b = _determinized(spec, other, seat, key)
    assert a.tobytes() == b.tobytes(), "the sample depends on hidden information"


# ----- AEC bookkeeping in snapshots (issue 29.3) -----------------------------------------------
def _step_alike(envs_, rng):
    """One step of the first env (random legal action, or None for a dead agent), the same
    for the others."""
    e = envs_[0]
    agent = e.agent_selection
    if e.terminations[agent] or e.truncations[agent]:
        action = None
    else:
        action = int(rng.choice(e.legal_actions()))
    for x in envs_:
        x.step(action)


def _reloaded(e):
    f = (envs.make_raw if e.strict else envs.make)(e.game.name)
    f.load(e.save())
    return f


def _same_view(f, e):
    assert f.save() == e.save()
    assert f.legal_actions() == e.legal_actions()
    assert (f.agents, f.agent_selection) == (e.agents, e.agent_selection)


def _illegal_ended(game, seed):
    """An env() that random play brought to a position with an illegal action, which then
    ended the game the way TerminateIllegalWrapper does (the record left live); None for a
    game whose every action is always legal (the toy game)."""
    e = envs.make(game, **configs(game)[0])
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(500):
        if e.record["to_play"][0] < 0:
            e.reset(seed=int(rng.integers(2**32)))
        mask = e.observe(e.agent_selection)["action_mask"]
        if (mask == 0).any() and rng.random() < 0.5:
            e.step(int(np.flatnonzero(mask == 0)[0]))
            assert all(e.terminations.values()) and all(e.truncations.values())
            assert e.record["to_play"][0] >= 0
            return e
        e.step(int(rng.choice(e.legal_actions())))
    assert game == "toy", "no illegal action met"
    return None


@pytest.mark.parametrize("make", [envs.make, envs.make_raw], ids=["env", "raw_env"])
@pytest.mark.parametrize("game", GAMES)
def test_every_position_save_can_write_loads_back(game, make):
    """Live play, the end (truncated by max_steps; done where a random game ends that soon),
    every agent's dead step, and env()'s illegal-move end with its dead steps: each save()
    loads back into an env that then continues exactly like the original (issue 29.3)."""
    rng = np.random.default_rng(7)
    for config in configs(game)[:2]:
        e = make(game, **{**config, "max_steps": 30})
        e.reset(seed=3)
        f = _reloaded(e)
        while e.agents:
            _same_view(f, e)
            _step_alike([e, f], rng)
            f = _reloaded(e) if rng.random() < 0.5 else f
        _same_view(_reloaded(e), e)
        assert e.record["to_play"][0] < 0
    e = _illegal_ended(game, 5) if make is envs.make else None
    if e is not None:
        f = _reloaded(e)
        assert f.legal_actions() == []
        while e.agents:
            _same_view(f, e)
            _step_alike([e, f], rng)
            f = _reloaded(e)
        _same_view(f, e)


def _edited(e, **changes):
    """e's snapshot with AEC bookkeeping fields replaced (a valid checksum)."""
    rec, aec = snapshot.unpack(e.game, e.save())
    for k, v in changes.items():
        if callable(v):
            v = v(copy.deepcopy(aec[k]) if k in aec else None)
        aec[k] = v
    return snapshot.pack(e.game, rec, aec)


def _refused(e, blob, match):
    before = e.save()
    with pytest.raises(StateError, match=match):
        e.load(blob)
    assert e.save() == before


def _set_all(value):
    return lambda d: dict.fromkeys(d, value)


def _set_first(value):
    return lambda d: {**d, next(iter(d)): value}


@pytest.mark.parametrize("game", GAMES)
def test_bookkeeping_that_disagrees_with_the_record_is_refused_by_name(game):
    """The snapshot header's terminations, truncations, agents, selection and rewards must
    agree with the record: a live game is never loaded as over, nor the reverse, and no
    reward is NaN or infinite (issue 29.3). The env is unchanged after each refusal."""
    live = played(game, configs(game)[0], 5, 6)
    names = live.possible_agents
    seat = int(live.record["to_play"][0])
    other = names[(seat + 1) % len(names)]
    for changes, match in [
        ({"terminations": _set_all(True)}, "terminated or truncated but the record's game is live"),
        ({"truncations": _set_all(True)}, "terminated or truncated but the record's game is live"),
        ({"terminations": _set_first(True)}, "terminated or truncated"),
        ({"terminations": _set_all(True), "truncations": _set_all(True)}, "illegal move"),
        ({"terminations": _set_all(True), "truncations": _set_all(True),
          "agent_selection": names[0]}, "not an illegal move's end"),
        ({"rewards": _set_first(float("nan"))}, "not finite"),
        ({"rewards": _set_first(float("inf"))}, "not finite"),
        ({"_cumulative_rewards": _set_first(-float("inf"))}, "not finite"),
        ({"_cumulative_rewards": _set_first(float("nan"))}, "not finite"),
        ({"rewards": _set_first(5.5)}, "record's last reward"),
        ({"agent_selection": other}, "seat to play"),
        ({"agents": names[1:], "rewards": lambda d: {a: d[a] for a in names[1:]},
          "_cumulative_rewards": lambda d: {a: d[a] for a in names[1:]},
          "terminations": lambda d: {a: d[a] for a in names[1:]},
          "truncations": lambda d: {a: d[a] for a in names[1:]},
          "agent_selection": names[1]}, "record's game is live"),
        ({"skip_agent_selection": "nobody"}, "skip_agent_selection"),
    ]:
        _refused(live, _edited(live, **changes), match)
    over = envs.make_raw(game, **{**configs(game)[0], "max_steps": 30})
    over.reset(seed=2)
    while over.record["to_play"][0] >= 0:
        over.step(over.legal_actions()[0])
    done, truncated = bool(over.record["done"][0]), bool(over.record["truncated"][0])
    assert done != truncated       # truncated by max_steps, or done where games end that soon
    for changes, match in [
        ({"terminations": _set_first(not done)}, "disagree with the record"),
        ({"truncations": _set_all(not truncated)}, "disagree with the record"),
        ({"rewards": _set_first(float("nan"))}, "not finite"),
    ]:
        _refused(over, _edited(over, **changes), match)
    ended = _illegal_ended(game, 5)
    if ended is None:
        return
    mover = names[int(ended.record["to_play"][0])]
    for changes, match in [
        ({"rewards": lambda d: {**d, mover: 0.0}}, "not an illegal move's end"),
        ({"agent_selection": names[-1]}, "after an illegal move"),
        ({"truncations": _set_first(False)}, "terminated or truncated but the record's game is live"),
    ]:
        _refused(ended, _edited(ended, **changes), match)


# ----- the common config options (issue 29.10) ----------------------------------------------------
BAD_COMMON_OPTIONS = [
    ("max_steps", 2**40), ("max_steps", 2**31), ("max_steps", -1), ("max_steps", True),
    ("max_steps", 10.0), ("max_steps", "100"), ("max_steps", None),
    ("auto_forced", "yes"), ("auto_forced", 2), ("auto_forced", -1), ("auto_forced", 1.0),
    ("auto_forced", None), ("auto_forced", "false"),
    ("num_players", True), ("num_players", 2.0), ("num_players", "2"), ("num_players", 2**40),
    ("num_players", 0),
]


@pytest.mark.parametrize("field, value", BAD_COMMON_OPTIONS)
@pytest.mark.parametrize("game", GAMES)
def test_common_options_refuse_bad_values_by_name_in_every_game(game, field, value):
    """num_players, auto_forced and max_steps are typed the same way in every game: a
    ConfigError naming the field, never an OverflowError or a silent bool (issue 29.10)."""
    from envs.core.errors import ConfigError

    with pytest.raises(ConfigError, match=f"^{field}="):
        envs.spec(game).make_config(**{**configs(game)[0], field: value})


@pytest.mark.parametrize("game", GAMES)
def test_common_options_accept_bools_and_integers_of_any_width(game):
    spec = envs.spec(game)
    top = np.iinfo(spec.config_dtype.fields["max_steps"][0]).max
    for auto, stored in ((True, 1), (False, 0), (np.bool_(True), 1), (1, 1), (0, 0),
                         (np.int64(1), 1)):
        cfg = spec.make_config(**{**configs(game)[0], "auto_forced": auto})
        assert cfg["auto_forced"][0] == stored
    cfg = spec.make_config(**{**configs(game)[0], "max_steps": np.int64(top)})
    assert cfg["max_steps"][0] == top
    n = int(spec.make_config(**configs(game)[0])["num_players"][0])
    cfg = spec.make_config(**{**configs(game)[0], "num_players": np.int8(n)})
    assert cfg["num_players"][0] == n


# ----- load_scenario: missing files and the empty scenario (issue 29.11) ----------------------------
@pytest.mark.parametrize("game", GAMES)
def test_scenario_file_that_cannot_be_read_is_a_state_error_naming_the_path(game, tmp_path):
    e = played(game, configs(game)[0], 4, 3)
    import re

    before = e.save()
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe not text")
    for path in ("no/such/file.toml", tmp_path / "missing.toml", tmp_path, binary):
        with pytest.raises(StateError, match=re.escape(str(path))):
            e.load_scenario(path)
        assert e.save() == before


@pytest.mark.parametrize("game", GAMES)
def test_empty_scenario_is_the_new_game_of_seed_0_with_the_env_config(game):
    """``load_scenario({})`` (README "Bad input"): the new game of seed 0 set up with the
    env's config, the same as ``{"seed": 0}``, in every game (issue 29.11)."""
    config = {**configs(game)[-1], "auto_forced": True, "max_steps": 777}
    e = played(game, config, 9, 5)
    cfg = e.config.tobytes()
    e.load_scenario({})
    assert e.config.tobytes() == cfg
    assert e.record["cfg"].tobytes() == cfg
    assert e.game.check_state(e.record) == []
    assert e.record["to_play"][0] >= 0 and e.agents == e.possible_agents
    f = envs.make_raw(game, **config)
    f.load_scenario({"seed": 0})
    assert f.record.tobytes() == e.record.tobytes()
