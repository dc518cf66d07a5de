"""Pretrained opponents shipped in the package (issue 31, agents/pretrained.py).

Every shipped model loads, is the installed game's version and layout, and plays complete
games of its game with legal moves only, through the AEC env and VectorGame (small search
budgets: strength is a benchmark, benchmarks/TRAINING.md "Pretrained opponents"). A model
made for another game, game version or observation layout is refused with
ModelMismatchError naming both sides; a game without one gets NoPretrainedModelError saying
how to train one.
"""

import fnmatch
import hashlib
import io
import json
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

import agents
import envs
from agents import pretrained, weights_int8
from agents.pretrained import ModelMismatchError, NoPretrainedModelError
from benchmarks import worth as worth_page
from envs.core import mlp
from training.evaluate import play_games, seatings_vs

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = pretrained.available()
#: every shipped model: (game, None) its main one, (game, N) one trained for N players
MODELS = [(g, None) for g in SHIPPED] + [(g, n) for g in SHIPPED
                                         for n in pretrained.own_models(g)]
MODEL_IDS = [g if n is None else f"{g}-{n}p" for g, n in MODELS]
#: options for shorter complete games where a game has them: Havoc's short Damage deck
#: ("adjust the number of damage cards in the deck for a longer or shorter game" [Island
#: Setup 5]), as `make demo` plays
SHORT = {"havoc": {"damage_deck": 4}}


def _write_model(folder: Path, game: str, made_for: str | None = None, fmt=pretrained.FORMAT,
                 players: int | None = None, seed: int = 0, **meta_over):
    """A tiny random actor (weights drawn with ``seed``) for ``made_for``'s sizes (default
    ``game``) saved as ``game``'s model in ``folder`` in file format ``fmt`` (with
    ``players`` N: as its model for N players, ``<game>-<N>p``, trained for N), with
    metadata overridden by ``meta_over``; returns its float32 parameters."""
    ident = pretrained.identity(made_for or game)
    n_in, n_out, h = ident["obs_size"], ident["num_actions"], 4
    rng = np.random.default_rng(seed)
    params = rng.normal(size=n_in * h + h + h * n_out + n_out).astype(np.float32)
    o1 = n_in * h
    layout = np.array([[n_in, h, 0, o1, 1], [h, n_out, o1 + h, o1 + h + h * n_out, 0]],
                      dtype=np.int64)
    buf = io.BytesIO()
    arrays = {"params": params, "layout": layout} if fmt == 1 else weights_int8.pack(params, layout)
    np.savez_compressed(buf, **arrays)
    folder.mkdir(parents=True, exist_ok=True)
    stem = game if players is None else f"{game}-{players}p"
    (folder / f"{stem}.npz").write_bytes(buf.getvalue())
    meta = {"format": fmt, **ident, "config": {"num_players": players or 2},
            "sha256": hashlib.sha256(buf.getvalue()).hexdigest(), **meta_over}
    (folder / f"{stem}.json").write_text(json.dumps(meta))
    return params


# -- the shipped models ---------------------------------------------------------------------
def test_seas_of_havoc_ships_a_pretrained_opponent():
    assert "havoc" in SHIPPED


@pytest.mark.parametrize("game", SHIPPED)
def test_the_readme_states_what_the_shipped_model_is_worth(game):
    """One source: the figures are the metadata's strength rows, rendered by ``worth`` into
    README.md's ``worth`` section (``python -m benchmarks.worth`` after a row changes)."""
    sentence = pretrained.worth(game)
    assert "against the heuristic" in sentence
    assert f"{sentence}." in worth_page.current(), "run python -m benchmarks.worth"


def test_the_readme_section_is_the_rendered_list_and_the_agents_guide_includes_it():
    assert worth_page.current() == worth_page.block(), "run python -m benchmarks.worth"
    guide = (ROOT / "docs" / "guides" / "agents.md").read_text()
    assert ":start-after: <!-- worth -->\n:end-before: <!-- /worth -->" in guide


def test_the_worth_list_names_each_game_the_networks_it_ships_and_their_worth(
        tmp_path, monkeypatch):
    row = {"agent": "pretrained", "opponent": "heuristic", "games": 400, "win_rate": 0.75,
           "ci95": [0.7049, 0.7904]}
    _write_model(tmp_path, "five_sails", strength=[row])
    _write_model(tmp_path, "havoc", strength=[row])
    _write_model(tmp_path, "havoc", players=3)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    # the registry's order, not the files'
    assert pretrained.worth_list().splitlines() == [
        "- **Seas of Havoc** (two networks, trained for 2 and for 3 players): "
        f"{pretrained.worth('havoc')}.",
        f"- **7th Sea: City of Five Sails** (one network, trained for 2 players): "
        f"{pretrained.worth('five_sails')}."]


def test_worth_renders_the_rows_against_the_heuristic(tmp_path, monkeypatch):
    rows = [{"agent": "pretrained", "opponent": "heuristic", "games": 400, "win_rate": 0.75,
             "ci95": [0.7049, 0.7904]},
            {"agent": "pretrained-net", "opponent": "random", "games": 10, "win_rate": 1.0,
             "ci95": [0.72, 1.0]},
            {"agent": "pretrained", "opponent": "mcts:500", "games": 200, "win_rate": 0.5,
             "ci95": [0.431, 0.569], "cpu_ms": [2.71, 2.786]}]
    _write_model(tmp_path, "havoc", strength=rows, sims=200, command="broadside train",
                 wall_seconds=1922.0)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert pretrained.worth("havoc") == ("its network as the prior of `mcts:200` won 75.0% "
                                         "[70.5, 79.0] of 400 seat-rotated games against the "
                                         "heuristic, and with its search 50.0% [43.1, 56.9] of "
                                         "200 seat-rotated games against plain `mcts:500` "
                                         "(the agent 2.71 ms of CPU a decision, the plain "
                                         "search 2.79) "
                                         "(trained by `broadside train` in 32 min on two cores)")
    del rows[2]["cpu_ms"]           # not measured: no claim about the time
    _write_model(tmp_path, "havoc", strength=rows, sims=200, command="broadside train",
                 wall_seconds=1922.0)
    assert pretrained.worth("havoc").endswith("against plain `mcts:500` (trained by "
                                              "`broadside train` in 32 min on two cores)")


def test_worth_keeps_each_player_count_to_its_own_clause(tmp_path, monkeypatch):
    """A 3-player row of a 2-player model never stands for the 2-player figure, whatever its
    place in the list, and is said with its own player count and chance."""
    rows = [{"agent": "pretrained", "opponent": "heuristic", "players": 3, "games": 100,
             "win_rate": 0.6, "ci95": [0.502, 0.691]},
            {"agent": "pretrained", "opponent": "heuristic", "players": 2, "games": 400,
             "win_rate": 0.75, "ci95": [0.7049, 0.7904]}]
    _write_model(tmp_path, "havoc", strength=rows, sims=700, sims_by_players={"3": 900})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert pretrained.worth("havoc") == ("its network as the prior of `mcts:700` won 75.0% "
                                         "[70.5, 79.0] of 400 seat-rotated games against the "
                                         "heuristic; with 3 players (`mcts:900`) it won 60.0% "
                                         "[50.2, 69.1] of 100 seat-rotated games against 2 "
                                         "heuristics (chance 33%)")


def test_the_search_budget_at_another_player_count_is_the_metadatas_or_the_next_below():
    meta = {"game": "five_sails", "config": {"num_players": 2}, "sims": 200,
            "sims_by_players": {"3": 500}}
    assert [pretrained.search_sims(meta, n) for n in (2, 3, 4)] == [200, 500, 500]
    assert pretrained.search_sims(meta) == 200
    assert pretrained.search_sims({**meta, "sims_by_players": {}}, 4) == 200
    three = {"game": "havoc", "config": {"num_players": 3}, "sims": 1600}
    assert [pretrained.search_sims(three, n) for n in (2, 3, 4)] == [1600, 1600, 1600]
    spec = envs.spec("five_sails")
    assert set(pretrained.search_budgets(meta)) == set(range(spec.min_players,
                                                             spec.max_players + 1))


@pytest.mark.parametrize("bad", [{"3": 0}, {"three": 500}, [500], {"3": "500"}, {"3": True},
                                 {"0": 500}])
def test_a_malformed_budget_by_player_count_is_refused(tmp_path, bad):
    _write_model(tmp_path, "havoc", sims_by_players=bad)
    with pytest.raises(ModelMismatchError, match="sims_by_players"):
        pretrained.load("havoc", tmp_path)


def test_the_pretrained_agent_searches_with_the_budget_of_the_games_player_count(
        tmp_path, monkeypatch, searches):
    """The budget is read from the record searched (its ``num_players``), so one agent
    plays each player count with its own budget."""
    _write_model(tmp_path, "havoc", sims=5, sims_by_players={"3": 9})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    agent = agents.make("pretrained", "havoc", seed=0)
    for n in (2, 3, 4):
        vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
        assert agent.search(vec.states[0:1]) >= 0
        assert [kw["sims"] for kw in searches] == [5 if n == 2 else 9], n
        searches.clear()


@pytest.mark.parametrize("game,players", MODELS, ids=MODEL_IDS)
def test_every_shipped_model_is_the_installed_games_version_and_layout(game, players):
    """Metadata names the game, its current version, observation size and layout id, and
    says how it was made and what it is worth (issue 31: the seeded command, its wall time
    on 2 cores, measured strength with games and an interval); a model for N players was
    trained for N."""
    params, layout, meta = pretrained.load(game, num_players=players)
    spec = envs.spec(game)
    if players is not None:
        assert pretrained.players(meta) == players
    assert meta["game"] == game and meta["version"] == spec.version
    assert (meta["obs_size"], meta["num_actions"]) == (spec.obs_size, spec.num_actions)
    assert meta["layout_id"] == pretrained.observation_layout_id(spec)
    assert mlp.input_size(layout) == spec.obs_size and mlp.num_outputs(layout) == spec.num_actions
    assert "--seed" in meta["command"] and meta["command"].startswith("broadside train")
    assert meta["wall_seconds"] > 0
    for row in meta["strength"]:
        assert row["games"] >= 50 and row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert {r["agent"] for r in meta["strength"]} >= {"pretrained", "pretrained-net"}
    stem = game if players is None else f"{game}-{players}p"
    assert (pretrained.MODELS_DIR / f"{stem}.npz").stat().st_size < 8e6   # package data


@pytest.mark.parametrize("game,players", MODELS, ids=MODEL_IDS)
def test_shipped_model_plays_complete_games_through_aec_with_legal_moves_only(game, players):
    """The strict AEC env raises IllegalActionError on an illegal move; the positions the
    game reaches pass check_state (every 20th and the last: a check costs ~13 ms on Havoc);
    the game ends (not truncated). Each model plays at the count it was trained for, its
    search as the ``pretrained`` agent ships it (the model's playout cut) on 4 simulations."""
    meta = pretrained.metadata(game, num_players=players)
    net = agents.make("pretrained-net", game)
    search = pretrained.make("pretrained", game, seed=1, simulations=4)
    env = envs.make_raw(game, **meta["config"])
    env.reset(seed=3)
    seat_agent = {name: (net, search)[i % 2] for i, name in enumerate(env.possible_agents)}
    spec = envs.spec(game)
    moves = 0
    for name in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        a = seat_agent[name].act(obs["observation"], obs["action_mask"],
                                 env.record.copy(), env.possible_agents.index(name))
        assert obs["action_mask"][a] == 1
        env.step(a)
        moves += 1
        if moves % 20 == 0:
            assert spec.check_state(env.record[0]) == []
    assert spec.check_state(env.record[0]) == []
    assert env.record["done"][0] and not env.record["truncated"][0]


@pytest.mark.parametrize("game,players", MODELS, ids=MODEL_IDS)
def test_shipped_model_plays_complete_games_in_vectorgame_with_legal_moves_only(game, players):
    """VectorGame in checked mode raises IllegalActionError on any illegal action; both the
    network alone and the search with it finish their games, in every seat."""
    cfg = {**pretrained.metadata(game, num_players=players)["config"], **SHORT.get(game, {})}
    players = int(cfg.get("num_players", 2))
    res = play_games(game, [agents.make("pretrained-net", game),
                            agents.make("mcts:4:prior=pretrained", game, seed=2)],
                     seatings_vs(players, 2), seed=5, config=cfg, num_envs=2, checked=True)
    assert len(res) == 2 and all(r is not None for r in res)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_pretrained_agent_is_the_network_as_prior_of_the_search_train_names(game):
    from agents.mcts import MCTSAgent, prior_sims, soften
    from agents.policy import ActorAgent

    meta = pretrained.metadata(game)
    a = agents.make("pretrained", game, seed=0)
    assert isinstance(a, MCTSAgent) and a.prior is not None and a.name == "pretrained"
    assert a.simulations == meta["sims"] == prior_sims(int(meta["config"]["num_players"]),
                                                       envs.spec(game))
    # it keeps the subtree of its move where the game's trained agent does (prior_reuse)
    assert a.reuse_for(2) == pretrained.search_reuse(meta) == envs.spec(game).prior_reuse
    own = {n: pretrained.metadata(game, num_players=n) for n in pretrained.own_models(game)}
    assert a.by_players == pretrained.search_budgets(meta, own)
    params, layout, _ = pretrained.load(game)
    # the search reads the network at its model's temperature; the greedy network as it is
    read = soften((params, layout), meta.get("prior_temperature", 1.0))[0]
    assert np.array_equal(a.prior[0], read)
    assert set(a.priors_by_players) == set(own)
    net = agents.make("pretrained-net", game)
    assert isinstance(net, ActorAgent) and np.array_equal(net.params, params)
    assert set(net.by_players) == set(own) and net.needs_state == bool(own)
    s = agents.make("mcts:30:prior=pretrained", game)
    assert s.simulations == 30 and np.array_equal(s.prior[0], read)
    assert set(s.priors_by_players) == set(own)
    assert s.name == "mcts:30:prior=pretrained"


# -- a model for a player count beside the main one ----------------------------------------
def _main_and_three(folder: Path, main_meta=None, three_meta=None):
    """Havoc's main model (2 players) and a different one for 3 players in ``folder``;
    returns the weights each loads as."""
    _write_model(folder, "havoc", seed=0, **(main_meta or {}))
    _write_model(folder, "havoc", players=3, seed=1, **(three_meta or {}))
    main, three = pretrained.load("havoc", folder)[0], pretrained.load("havoc", folder, 3)[0]
    assert not np.array_equal(main, three)
    return main, three


def test_a_model_for_a_player_count_is_the_prior_and_budget_at_that_count_only(
        tmp_path, monkeypatch, searches):
    """At 3 players the search is given the 3-player model's network and its ``sims``
    (over the main model's ``sims_by_players``); at 2 and 4 the main model's network and
    budgets; ``mcts:N:prior=pretrained`` switches networks the same way at its budget."""
    main, three = _main_and_three(tmp_path, {"sims": 5, "sims_by_players": {"3": 7, "4": 8}},
                                  {"sims": 9})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    agent = agents.make("pretrained", "havoc", seed=0)
    assert agent.by_players == {1: 5, 2: 5, 3: 9, 4: 8, 5: 8}
    assert np.array_equal(agent.prior[0], main) and set(agent.priors_by_players) == {3}
    fixed = agents.make("mcts:6:prior=pretrained", "havoc", seed=0)
    for who, want_sims in ((agent, {2: 5, 3: 9, 4: 8}), (fixed, {2: 6, 3: 6, 4: 6})):
        for n in (2, 3, 4):
            vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
            assert who.search(vec.states[0:1]) >= 0
            (kw,) = searches
            assert kw["sims"] == want_sims[n], (who.name, n)
            assert np.array_equal(kw["prior"][0], three if n == 3 else main), (who.name, n)
            searches.clear()


def test_a_models_prior_depth_is_the_searchs_at_the_counts_it_plays(tmp_path, monkeypatch,
                                                                     searches):
    """The metadata's ``prior_depth`` keeps the prior to that many tree levels wherever its
    model plays: the main model's (2) at 2 and 4 players, the 3-player model's own (1) at
    3; ``mcts:N:prior=pretrained`` searches with the prior at every level."""
    _main_and_three(tmp_path, {"sims": 5, "prior_depth": 2}, {"sims": 9, "prior_depth": 1})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    agent = agents.make("pretrained", "havoc", seed=0)
    fixed = agents.make("mcts:6:prior=pretrained", "havoc", seed=0)
    for who, want in ((agent, {2: 2, 3: 1, 4: 2}), (fixed, {2: None, 3: None, 4: None})):
        for n in (2, 3, 4):
            vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
            assert who.search(vec.states[0:1]) >= 0
            assert [kw.get("prior_depth") for kw in searches] == [want[n]], (who.name, n)
            searches.clear()


def _searched_at_three_players(tmp_path, monkeypatch, searches, key, **meta):
    """``key`` of each search the Havoc ``pretrained`` agent runs from a 3-player start, its
    model's metadata overridden by ``meta``."""
    _write_model(tmp_path, "havoc", sims=5, **meta)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=3)
    assert agents.make("pretrained", "havoc", seed=0).search(vec.states[0:1]) >= 0
    return [kw.get(key) for kw in searches]


@pytest.mark.parametrize("said, searched", [(None, None), (False, False), (True, True)])
def test_a_models_paranoid_setting_reaches_its_search(tmp_path, monkeypatch, searches, said,
                                                      searched):
    """The metadata's ``paranoid`` is the search's (None: the game's own default), so a
    model measured with max-n keeps it in a game whose plain search is paranoid."""
    meta = {} if said is None else {"paranoid": said}
    assert _searched_at_three_players(tmp_path, monkeypatch, searches, "paranoid",
                                      **meta) == [searched]


def _rows_measured_with_another_spec():
    """(game, player count, the spec) of each shipped ``pretrained`` row whose command named
    its search another way (``mcts:N:prior=pretrained``), or whose note says it was
    "measured as" one (a row measured before the model named that search)."""
    out = []
    for game, n in MODELS:
        for row in pretrained.metadata(game, num_players=n)["strength"]:
            words = row["command"].split()
            specs = {words[words.index("--agent") + 1]} | set(
                re.findall(r"measured as (mcts:\S+?:prior=pretrained)", row.get("note", "")))
            for spec in sorted(specs - {"pretrained"}) if row["agent"] == "pretrained" else ():
                out.append(pytest.param(game, row["players"], spec,
                                        id=f"{game}-{row['players']}p-{spec}"))
    return out


def _search_settings(agent, game: str, n: int) -> dict:
    spec = envs.spec(game)
    prior = agent.prior_for(n)
    return {"sims": agent.budget(n), "cut": agent.rollout_for(n), "depth": agent.depth_for(n),
            "c": agent.c, "gumbel": agent.gumbel,
            "paranoid": spec.search_paranoid if agent.paranoid is None else agent.paranoid,
            "reuse": agent.reuse_for(n),
            "prior": None if prior is None else [a.tobytes() for a in prior[0]]}


@pytest.mark.parametrize("game, players, spec", _rows_measured_with_another_spec())
def test_a_row_of_the_pretrained_agent_measured_the_search_it_plays(game, players, spec):
    """A row the README gives as the ``pretrained`` agent's, measured with the search written
    out (``mcts:300:prior=pretrained``), measured the agent users get: the same simulations,
    playout cut, prior and its depth, exploration constant, root and the same reading of the
    rivals (paranoid or max-n) at that player count. (Cursed Seas' 3-player row was measured
    paranoid, the game's default, while the model said max-n, which won 38.2% of the same
    deals against 51.0%: benchmarks/TRAINING.md.)"""
    said = agents.make(spec, game, seed=0)
    shipped = agents.make("pretrained", game, seed=0)
    assert _search_settings(said, game, players) == _search_settings(shipped, game, players)


def _counts_the_readme_names():
    """(game, its model's player count or None, a player count) of each count a shipped
    model's ``pretrained`` rows were measured at: the counts ``worth`` names a search for."""
    out = []
    for game, n in MODELS:
        rows = pretrained.metadata(game, num_players=n)["strength"]
        for count in sorted({int(r["players"]) for r in rows if r["agent"] == "pretrained"}):
            out.append(pytest.param(game, n, count, id=f"{game}-{count}p"))
    return out


@pytest.mark.parametrize("game, model, players", _counts_the_readme_names())
def test_the_search_the_readme_names_is_the_one_the_pretrained_agent_plays(game, model,
                                                                            players):
    """The search ``worth`` names at a player count (the README's "`mcts:200:60`"), with
    ``:prior=pretrained`` after it, is the agent users get there: the same simulations,
    playout cut, exploration constant, root, reading of the rivals (paranoid or max-n) and
    prior (its depth, which the sentence says in words, aside). So the README cannot name
    one search and ship another, as Cursed Seas' 3-player agent once did (max-n shipped,
    the game's paranoid measured: benchmarks/TRAINING.md)."""
    meta = pretrained.metadata(game, num_players=model)
    spec = pretrained._searched(meta, players).split("`")[1] + ":prior=pretrained"
    said, shipped = (_search_settings(agents.make(s, game, seed=0), game, players)
                     for s in (spec, "pretrained"))
    # the prior's depth is said in words; below 3 players no rival is read either way
    aside = {"depth"} | ({"paranoid"} if players < 3 else set())
    assert ({k: v for k, v in said.items() if k not in aside}
            == {k: v for k, v in shipped.items() if k not in aside}), spec


@pytest.mark.parametrize("key, bad", [(k, b) for k in ("paranoid", "reuse")
                                       for b in (1, "false", None)]
                         + [("reuse_by_players", b) for b in ({"3": 1}, {"x": True}, [3])])
def test_a_malformed_switch_setting_is_refused(tmp_path, key, bad):
    _write_model(tmp_path, "havoc", **{key: bad})
    with pytest.raises(ModelMismatchError, match=key):
        pretrained.load("havoc", tmp_path)


@pytest.mark.parametrize("said, by_count, kept", [
    ({}, {}, {2: False, 3: False, 4: False}),
    ({"reuse": True}, {}, {2: True, 3: True, 4: True}),
    ({}, {"3": True}, {2: False, 3: True, 4: True}),
    ({"reuse": True}, {"3": False, "4": True}, {2: True, 3: False, 4: True})])
def test_a_model_says_at_which_counts_its_search_keeps_its_subtree(tmp_path, said, by_count,
                                                                   kept):
    """``reuse`` holds at every count, ``reuse_by_players`` from the count it names on; the
    agent keeps its subtree there and the README's search says so."""
    _write_model(tmp_path, "havoc", reuse_by_players=by_count, **said)
    agent = pretrained.make("pretrained", "havoc", directory=tmp_path)
    meta = pretrained.metadata("havoc", tmp_path)
    for n, want in kept.items():
        assert agent.reuse_for(n) is want
        assert (":reuse=on`" in pretrained._searched(meta, n)) is want


@pytest.mark.parametrize("said, at_three", [(None, 60), (20, 20), (0, 0)])
def test_a_models_playout_cut_reaches_its_search_at_every_count(tmp_path, monkeypatch, searches,
                                                                said, at_three):
    """The metadata's ``playout_cut`` holds at every player count (the horizon its figures
    were measured with); without one the search's default grows with the seats."""
    meta = {} if said is None else {"playout_cut": said}
    assert _searched_at_three_players(tmp_path, monkeypatch, searches, "max_rollout",
                                      **meta) == [at_three]


@pytest.mark.parametrize("main_meta, at", [
    ({}, {2: 40, 3: 20, 4: 80}),
    ({"playout_cut": 30}, {2: 30, 3: 20, 4: 30})])
def test_a_model_for_a_player_count_searches_at_its_own_playout_cut(tmp_path, monkeypatch,
                                                                    searches, main_meta, at):
    """The 3-player model's ``playout_cut`` (the horizon its figures were measured with) is
    the search's at 3 players, whatever the main model fixes; at 2 and 4, where the main
    model plays, the main model's cut or the search's default (Havoc's grows with the
    seats: 40, 60, 80)."""
    _main_and_three(tmp_path, {"sims": 5, **main_meta}, {"sims": 5, "playout_cut": 20})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    agent = agents.make("pretrained", "havoc", seed=0)
    for n in (2, 3, 4):
        vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
        assert agent.search(vec.states[0:1]) >= 0
        assert [kw["max_rollout"] for kw in searches] == [at[n]], n
        searches.clear()


@pytest.mark.parametrize("count, cut", [(2, 30), (3, 10), (4, 10), (5, 12)])
def test_a_models_playout_cut_by_players_holds_from_its_count_up(count, cut):
    """``playout_cut_by_players`` fixes the cut a count's figures were measured with, and
    the counts above it up to the next it lists, as ``sims_by_players`` does the budget;
    below it the model's ``playout_cut``."""
    meta = {"config": {"num_players": 2}, "playout_cut": 30,
            "playout_cut_by_players": {"3": 10, "5": 12}}
    assert pretrained.search_cut(meta, count) == cut


def test_a_model_without_a_cut_at_a_count_leaves_the_searchs_default():
    meta = {"config": {"num_players": 2}, "playout_cut_by_players": {"3": 10}}
    assert pretrained.search_cut(meta, 2) is None
    assert pretrained.search_cut(meta) is None
    agent = pretrained.make("pretrained", "havoc")
    assert agent.cuts_by_players == {} and agent.rollout_for(3) == 60


@pytest.mark.parametrize("bad", [-1, True, 1.5, "20", None])
def test_a_malformed_playout_cut_is_refused(tmp_path, bad):
    _write_model(tmp_path, "havoc", playout_cut=bad)
    with pytest.raises(ModelMismatchError, match="playout_cut"):
        pretrained.load("havoc", tmp_path)


@pytest.mark.parametrize("bad", [[10], {"3": -1}, {"3": "10"}, {"three": 10}, {"0": 10},
                                 {"3": True}])
def test_a_malformed_playout_cut_by_players_is_refused(tmp_path, bad):
    _write_model(tmp_path, "havoc", playout_cut_by_players=bad)
    with pytest.raises(ModelMismatchError, match="playout_cut_by_players"):
        pretrained.load("havoc", tmp_path)


def test_a_models_prior_temperature_softens_its_own_network_wherever_it_plays(
        tmp_path, monkeypatch, searches):
    """Each model's ``prior_temperature`` reads its own network's logits divided by it as
    the search's prior (the main model's at 2 players, the 3-player model's, absent so 1,
    at 3); ``mcts:N:prior=pretrained`` reads them the same way, and its ``temp=`` replaces
    every model's; the network alone is the model's own."""
    main, three = _main_and_three(tmp_path, {"sims": 5, "prior_temperature": 4}, {"sims": 5})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    layout = pretrained.load("havoc", tmp_path)[1]
    soft = mlp.scale_logits(main, layout, 0.25)
    for spec, want2, want3 in (
            ("pretrained", soft, three), ("mcts:6:prior=pretrained", soft, three),
            ("mcts:6:temp=2:prior=pretrained", mlp.scale_logits(main, layout, 0.5),
             mlp.scale_logits(three, layout, 0.5))):
        agent = agents.make(spec, "havoc", seed=0)
        for n, want in ((2, want2), (3, want3)):
            vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
            assert agent.search(vec.states[0:1]) >= 0
            (kw,) = searches
            assert np.array_equal(kw["prior"][0], want), (spec, n)
            searches.clear()
    assert agent.name == "mcts:6:temp=2:prior=pretrained"
    assert np.array_equal(agents.make("pretrained-net", "havoc").params, main)


@pytest.mark.parametrize("bad", [0, -2, True, "4", None])
def test_a_malformed_prior_temperature_is_refused(tmp_path, bad):
    _write_model(tmp_path, "havoc", prior_temperature=bad)
    with pytest.raises(ModelMismatchError, match="prior_temperature"):
        pretrained.load("havoc", tmp_path)


@pytest.mark.parametrize("bad", [0, -2, True, 1.5, "1"])
def test_a_malformed_prior_depth_is_refused(tmp_path, bad):
    _write_model(tmp_path, "havoc", prior_depth=bad)
    with pytest.raises(ModelMismatchError, match="prior_depth"):
        pretrained.load("havoc", tmp_path)


def test_the_network_alone_plays_the_model_of_the_games_player_count(tmp_path, monkeypatch):
    """``pretrained-net`` reads the record's player count (a state agent only when a model
    for another count ships) and plays that count's network: greedy moves differ."""
    from agents.policy import ActorAgent

    main, three = _main_and_three(tmp_path)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    net = agents.make("pretrained-net", "havoc")
    assert net.needs_state and set(net.by_players) == {3}
    layout = pretrained.load("havoc", tmp_path)[1]
    spec = envs.spec("havoc")
    rng = np.random.default_rng(0)
    obs = rng.random((64, spec.obs_size)).astype(np.float32)
    masks = np.ones((64, spec.num_actions), np.uint8)
    want2 = ActorAgent(main, layout).act_batch(obs, masks)
    want3 = ActorAgent(three, layout).act_batch(obs, masks)
    assert (want2 != want3).any()
    for n, want in ((2, want2), (3, want3), (4, want2)):
        vec = envs.make_vector("havoc", num_envs=1, seed=1, num_players=n)
        states = np.repeat(vec.states[0:1], 64)
        assert np.array_equal(net.act_batch(obs, masks, states), want), n
    with pytest.raises(ValueError, match="needs the game records"):
        net.act_batch(obs, masks)
    # without a model for another count: an observation agent, as before
    _write_model(tmp_path / "alone", "havoc")
    alone = pretrained.make("pretrained-net", "havoc", directory=tmp_path / "alone")
    assert not alone.needs_state and alone.by_players == {}


def test_the_network_by_player_count_plays_games_in_vectorgame(tmp_path, monkeypatch):
    """Played through VectorGame (its records handed over), with legal moves only."""
    _main_and_three(tmp_path)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    res = play_games("havoc", [agents.make("pretrained-net", "havoc"), agents.make("random",
                                                                                  "havoc")],
                     seatings_vs(3, 1), seed=5, config={"num_players": 3, "damage_deck": 4},
                     num_envs=1, checked=True)
    assert len(res) == 1 and res[0] is not None


@pytest.mark.parametrize("three_meta,match", [
    ({"config": {"num_players": 2}}, r"havoc-3p\.json is filed as the model for 3 players, but "
                                     r"it was trained for 2"),
    ({"version": envs.spec("havoc").version + 1}, r"havoc-3p\.json was made for havoc v\d+ "
                                                   r".*installed game is havoc v\d+")],
    ids=["trained-for-2", "another-version"])
def test_a_model_for_a_player_count_that_is_not_its_own_is_refused_naming_both(
        tmp_path, monkeypatch, three_meta, match):
    _write_model(tmp_path, "havoc")
    _write_model(tmp_path, "havoc", players=3, **three_meta)
    with pytest.raises(ModelMismatchError, match=match):
        pretrained.load("havoc", tmp_path, 3)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    for spec in ("pretrained", "pretrained-net", "mcts:8:prior=pretrained"):
        with pytest.raises(ModelMismatchError, match=match):
            agents.make(spec, "havoc")
    assert pretrained.summary("havoc") == "2 players; model for 3 refused"


def test_a_model_for_a_player_count_is_no_game_and_shows_in_the_list(tmp_path, monkeypatch):
    from benchmarks import strength

    _main_and_three(tmp_path, {"strength": [{"agent": "pretrained", "opponent": "heuristic",
                                             "games": 400, "win_rate": 0.89,
                                             "ci95": [0.85, 0.92]}]})
    assert pretrained.available(tmp_path) == ["havoc"]
    assert pretrained.own_models("havoc", tmp_path) == [3]
    assert pretrained.own_models("cursed_seas", tmp_path) == []
    assert pretrained.metadata("havoc", tmp_path, 2)["config"]["num_players"] == 2
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert pretrained.summary("havoc") == "2 players, 89% vs heuristic; own model for 3"
    assert [strength.ships_pretrained("havoc", n) for n in (2, 3, 4)] == [True, True, False]


def test_worth_cites_the_row_of_the_model_trained_for_the_count(tmp_path, monkeypatch):
    """The 3-player clause is the 3-player model's row and budget, said as a network trained
    for 3; the main model's own 3-player row (the network no longer played there) is not."""
    two = [{"agent": "pretrained", "opponent": "heuristic", "players": 2, "games": 400,
            "win_rate": 0.75, "ci95": [0.7049, 0.7904]},
           {"agent": "pretrained", "opponent": "heuristic", "players": 3, "games": 100,
            "win_rate": 0.4, "ci95": [0.31, 0.5]}]
    three = [{"agent": "pretrained", "opponent": "heuristic", "players": 3, "games": 100,
              "win_rate": 0.6, "ci95": [0.502, 0.691]}]
    _main_and_three(tmp_path, {"strength": two, "sims": 700, "sims_by_players": {"3": 800}},
                    {"strength": three, "sims": 900, "wall_seconds": 3060.0,
                     "command": "broadside train --game havoc --config num_players=3 --seed 0"})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert pretrained.worth("havoc") == ("its network as the prior of `mcts:700` won 75.0% "
                                         "[70.5, 79.0] of 400 seat-rotated games against the "
                                         "heuristic; with 3 players a network trained for 3 "
                                         "by `broadside train --game havoc --config "
                                         "num_players=3 --seed 0` in 51 min on two cores, as "
                                         "the prior of `mcts:900`, won 60.0% [50.2, 69.1] of 100 "
                                         "seat-rotated games against 2 heuristics (chance 33%)")


@pytest.mark.parametrize("fixed, said", [
    ({"prior_depth": 1}, "`mcts:900` at the root only"),
    ({"prior_depth": 3}, "`mcts:900` in the first 3 levels of its tree"),
    ({"playout_cut": 20}, "`mcts:900:20`"),
    ({"playout_cut": 20, "prior_depth": 1}, "`mcts:900:20` at the root only"),
    ({"playout_cut": 20, "playout_cut_by_players": {"3": 10}}, "`mcts:900:10`"),
    ({"prior_temperature": 4}, "`mcts:900:temp=4`"),
    ({"playout_cut": 20, "prior_temperature": 2.5}, "`mcts:900:20:temp=2.5`"),
    ({"paranoid": True}, "`mcts:900:paranoid=on`"),
    ({"paranoid": False}, "`mcts:900`")])
def test_worth_says_how_a_models_search_is_fixed(tmp_path, monkeypatch, fixed, said):
    """Where the metadata fixes the prior's depth, the playout cut or the reading of the
    rivals its figures were measured with (Seas of Havoc's own reading is max-n), the
    sentence names them (a reader re-running the row needs them)."""
    three = [{"agent": "pretrained", "opponent": "heuristic", "players": 3, "games": 100,
              "win_rate": 0.6, "ci95": [0.502, 0.691]}]
    _main_and_three(tmp_path, {"sims": 700}, {"strength": three, "sims": 900, **fixed})
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert f"with 3 players a network trained for 3 ({said}) won" in \
        pretrained.worth("havoc")


def test_shipped_models_are_package_data():
    """pyproject's package data carries every file of agents/models (a non-editable
    ``pip install`` has them; nothing is downloaded at run time)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"].get("agents", [])
    files = [p.relative_to(ROOT / "agents").as_posix()
             for p in (ROOT / "agents" / "models").iterdir() if p.is_file()]
    assert files
    for f in files:
        assert any(fnmatch.fnmatch(f, pat) for pat in patterns), f


# -- refusals ------------------------------------------------------------------------------
def test_a_model_for_another_game_version_is_refused_naming_both(tmp_path, monkeypatch):
    v = envs.spec("havoc").version
    _write_model(tmp_path, "havoc", version=v + 1)
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    for spec in ("pretrained", "pretrained-net", "mcts:8:prior=pretrained"):
        with pytest.raises(ModelMismatchError, match=rf"made for havoc v{v + 1} .*installed "
                                                     rf"game is havoc v{v} "):
            agents.make(spec, "havoc")


def test_a_model_for_another_game_is_refused_naming_both(tmp_path):
    """A Seas of Havoc model filed as Cursed Seas' (its metadata says havoc) is refused,
    even if the sizes happened to fit."""
    _write_model(tmp_path, "cursed_seas", made_for="havoc")
    with pytest.raises(ModelMismatchError, match=r"made for havoc v\d+ .*installed game is "
                                                 r"cursed_seas v\d+"):
        pretrained.load("cursed_seas", tmp_path)


def test_a_model_for_another_observation_layout_is_refused(tmp_path):
    """Same game and version, but the observation grew or moved (a layout id or size that
    is not today's): refused, both layouts named."""
    have = pretrained.identity("havoc")["layout_id"]
    _write_model(tmp_path, "havoc", layout_id="0123456789abcdef")
    with pytest.raises(ModelMismatchError, match=rf"layout 0123456789abcdef.*layout {have}"):
        pretrained.load("havoc", tmp_path)
    spec = envs.spec("havoc")
    _write_model(tmp_path, "havoc", obs_size=spec.obs_size - 1)
    with pytest.raises(ModelMismatchError, match=rf"{spec.obs_size - 1} features.*"
                                                 rf"{spec.obs_size} features"):
        pretrained.load("havoc", tmp_path)


def test_weights_that_are_not_the_file_the_metadata_names_are_refused(tmp_path):
    _write_model(tmp_path, "havoc")
    npz = tmp_path / "havoc.npz"
    npz.write_bytes(npz.read_bytes()[:-8] + b"\0" * 8)
    with pytest.raises(ModelMismatchError, match="sha256"):
        pretrained.load("havoc", tmp_path)


def test_a_layout_that_does_not_fit_its_weights_is_refused(tmp_path):
    """Weights of another network shape under metadata of this game: never read out of
    range by the kernels."""
    _write_model(tmp_path, "havoc", made_for="cursed_seas")
    meta = json.loads((tmp_path / "havoc.json").read_text())
    meta.update(pretrained.identity("havoc"))
    (tmp_path / "havoc.json").write_text(json.dumps(meta))
    with pytest.raises(ModelMismatchError, match="maps .* inputs"):
        pretrained.load("havoc", tmp_path)


def test_every_file_format_loads_its_weights(tmp_path):
    """Format 1 (float weights, the models shipped before 8 bits) loads exactly; format 2
    loads each weight within half its row's scale step (its row's largest magnitude / 254)
    and the biases as float16."""
    ident = pretrained.identity("havoc")
    n_in, h = ident["obs_size"], 4
    want = _write_model(tmp_path / "one", "havoc", fmt=1)
    got, _, _ = pretrained.load("havoc", tmp_path / "one")
    assert np.array_equal(got, want)
    want = _write_model(tmp_path / "two", "havoc", fmt=2)
    got, _, _ = pretrained.load("havoc", tmp_path / "two")
    w, w_got = want[:n_in * h].reshape(n_in, h), got[:n_in * h].reshape(n_in, h)
    step = np.abs(w).max(axis=1, keepdims=True) / 127.0
    assert np.all(np.abs(w_got - w) <= step / 2 + 1e-7)
    assert not np.array_equal(w_got, w)              # rounded, not stored as floats
    bias = want[n_in * h:n_in * h + h]
    assert np.array_equal(got[n_in * h:n_in * h + h], bias.astype(np.float16).astype(np.float32))


def test_a_file_format_this_version_does_not_read_is_refused(tmp_path):
    _write_model(tmp_path, "havoc", fmt=2, format=max(pretrained.FORMATS) + 1)
    with pytest.raises(ModelMismatchError, match=r"format 3; this version of broadside "
                                                 r"reads formats 1, 2"):
        pretrained.load("havoc", tmp_path)


def test_8_bit_arrays_that_do_not_fill_their_layout_are_refused(tmp_path):
    """A format-2 file whose arrays are short of its layout (or lack one) is refused,
    never read past its end."""
    _write_model(tmp_path, "havoc", fmt=2)
    with np.load(tmp_path / "havoc.npz") as z:
        arrays = dict(z)
    for broken in ({**arrays, "scales": arrays["scales"][:-1]},
                   {k: v for k, v in arrays.items() if k != "biases"}):
        buf = io.BytesIO()
        np.savez_compressed(buf, **broken)
        (tmp_path / "havoc.npz").write_bytes(buf.getvalue())
        meta = json.loads((tmp_path / "havoc.json").read_text())
        meta["sha256"] = hashlib.sha256(buf.getvalue()).hexdigest()
        (tmp_path / "havoc.json").write_text(json.dumps(meta))
        pretrained._load.cache_clear()
        with pytest.raises(ModelMismatchError, match=r"format 2"):
            pretrained.load("havoc", tmp_path)


def test_a_game_without_a_model_says_how_to_train_one(tmp_path, monkeypatch):
    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    for spec in ("pretrained", "pretrained-net", "mcts:8:prior=pretrained"):
        with pytest.raises(NoPretrainedModelError, match=r"no pretrained opponent ships for "
                                                         r"havoc .*broadside train --game havoc"):
            agents.make(spec, "havoc")


# -- the command line ----------------------------------------------------------------------
def test_cli_agent_lists_take_pretrained_and_play_its_game_options():
    """eval / tournament / play parse ``pretrained`` like any agent, and play the options the
    shipped model was trained with (2-player Havoc; the engine's default is 3) unless
    --config says otherwise."""
    import argparse

    from training import cli

    assert cli.agent_list("heuristic,pretrained", "--agents") == ["heuristic", "pretrained"]
    cli._check_agents("havoc", ["heuristic", "pretrained", "pretrained-net",
                                "mcts:200:prior=pretrained"])
    want = pretrained.metadata("havoc")["config"]
    for specs in (["pretrained"], ["heuristic", "pretrained-net"],
                  ["mcts:50:prior=pretrained"]):
        args = argparse.Namespace(config=None, game="havoc")
        assert cli.game_config_for(args, specs) == want
    args = argparse.Namespace(config=["num_players=3"], game="havoc")
    assert cli.game_config_for(args, ["pretrained"]) == {"num_players": 3}


def test_cli_refuses_a_game_without_a_model_in_one_line(tmp_path, monkeypatch, capsys):
    from training import cli

    monkeypatch.setattr(pretrained, "MODELS_DIR", tmp_path)
    assert cli.main(["play", "--game", "havoc", "--opponent", "pretrained"]) == 2
    err = capsys.readouterr().err
    assert "no pretrained opponent ships for havoc" in err and "broadside train --game havoc" \
        in err and len(err.strip().splitlines()) == 1


def test_cli_eval_plays_the_pretrained_agent(tmp_path):
    from training import cli

    out = tmp_path / "ev"
    assert cli.main(["eval", "--game", "havoc", "--agent", "pretrained-net", "--opponents",
                     "mcts:4:prior=pretrained", "--games", "2", "--workers", "1", "--out",
                     str(out), "--progress-every", "0"]) == 0
    rows = [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()]
    assert len(rows) == 2


def test_list_shows_which_games_have_a_pretrained_opponent(capsys, monkeypatch):
    from training import cli

    monkeypatch.setenv("COLUMNS", "400")
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "pretrained opponent" in out
    assert "pretrained opponents (--opponent pretrained, no training needed): " + \
        ", ".join(SHIPPED) in out


def test_export_writes_8_bit_weights_that_load_as_the_actor_and_names_the_players(tmp_path):
    """``python -m agents.pretrained export`` stores the actor's weights in 8 bits (a
    quarter of the float32 file) and the loader computes with exactly those rounded
    weights in float32; a model saved without game options still records the player count
    its search budget reads."""
    from agents.policy import export_actor
    from tests.agents.test_agents import _saved_policy

    model, path = _saved_policy(tmp_path)
    npz, _ = pretrained.export(path, "toy", tmp_path / "models", command="broadside train",
                               wall_seconds=1.0)
    with np.load(npz) as z:
        assert z["weights"].dtype == np.int8
        stored = weights_int8.unpack(z["weights"], z["scales"], z["biases"], z["layout"])
    params, layout, meta = pretrained.load("toy", tmp_path / "models")
    want, want_layout = export_actor(model.policy)
    assert params.dtype == np.float32
    assert meta["format"] == pretrained.FORMAT == 2
    assert np.array_equal(params, stored)
    assert np.allclose(params, want, atol=np.abs(want).max() / 254 + 1e-3)
    assert np.array_equal(layout, want_layout)
    assert meta["config"]["num_players"] == int(envs.spec("toy").make_config()["num_players"][0])
    assert "prior_temperature" not in meta          # the toy reads its prior as trained
    assert "reuse" not in meta and not pretrained.search_reuse(meta)   # and a fresh tree a move


def test_export_may_store_the_weights_as_trained_in_format_1(tmp_path):
    """``export --weights float32``: the weights as trained (format 1, ``params``), which the
    loader reads back bit for bit, so the shipped agent is the network that was measured;
    any other choice is refused by name, writing nothing."""
    from agents.policy import export_actor
    from tests.agents.test_agents import _saved_policy

    model, path = _saved_policy(tmp_path)
    npz, _ = pretrained.export(path, "toy", tmp_path / "models", weights="float32")
    with np.load(npz) as z:
        assert set(z.files) == {"params", "layout"} and z["params"].dtype == np.float32
    params, layout, meta = pretrained.load("toy", tmp_path / "models")
    want, want_layout = export_actor(model.policy)
    assert meta["format"] == 1
    assert np.array_equal(params, want) and np.array_equal(layout, want_layout)
    with pytest.raises(ValueError, match="weights"):
        pretrained.export(path, "toy", tmp_path / "other", weights="float16")
    assert not (tmp_path / "other").exists()


def test_export_records_the_games_prior_reading_unless_told_another(tmp_path, monkeypatch):
    """A model exported for a game that softens its prior (GameSpec.prior_temperature) and
    keeps its search's subtrees (prior_reuse) is read at that temperature by its search, which
    keeps them; a temperature or a reuse given to ``export`` wins."""
    import dataclasses
    import importlib

    from tests.agents.test_agents import _saved_policy

    _, path = _saved_policy(tmp_path)
    monkeypatch.setattr(importlib.import_module(envs.REGISTRY["toy"]), "GAME",
                        dataclasses.replace(envs.spec("toy"), prior_temperature=3.0,
                                            prior_reuse=True))
    pretrained.export(path, "toy", tmp_path / "a")
    meta = pretrained.load("toy", tmp_path / "a")[2]
    assert meta["prior_temperature"] == 3.0 and pretrained.search_reuse(meta) is True
    pretrained.export(path, "toy", tmp_path / "b", prior_temperature=2.0, reuse=False)
    meta = pretrained.load("toy", tmp_path / "b")[2]
    assert meta["prior_temperature"] == 2.0 and pretrained.search_reuse(meta) is False


def test_export_for_a_player_count_writes_its_own_files_and_refuses_another_count(tmp_path):
    """``export(..., players=N)`` (``--players N``) writes ``<game>-<N>p.*``, read as the
    model for N players; a model trained for another count is refused, nothing written."""
    from tests.agents.test_agents import _saved_policy

    _, path = _saved_policy(tmp_path)
    out = tmp_path / "models"
    trained = int(envs.spec("toy").make_config()["num_players"][0])
    npz, js = pretrained.export(path, "toy", out, players=trained)
    assert (npz.name, js.name) == (f"toy-{trained}p.npz", f"toy-{trained}p.json")
    assert pretrained.own_models("toy", out) == [trained] and pretrained.available(out) == []
    assert pretrained.players(pretrained.load("toy", out, trained)[2]) == trained
    with pytest.raises(ModelMismatchError, match=rf"trained for {trained} players .*not "
                                                 rf"{trained + 1}"):
        pretrained.export(path, "toy", out, players=trained + 1)
    assert sorted(p.name for p in out.iterdir()) == sorted([npz.name, js.name])
    with pytest.raises(SystemExit):
        pretrained.main(["export", str(path), "--game", "toy", "--out", str(out),
                         "--players", str(trained + 1)])
    assert pretrained.main(["export", str(path), "--game", "toy", "--out", str(out)]) == 0
    assert pretrained.available(out) == ["toy"]


def test_export_records_the_packages_and_revision_the_model_was_trained_with(tmp_path):
    """A model ``broadside train`` saves carries the versions of numpy, numba, torch and
    stable-baselines3 it was trained with, the source revision and the CPU
    (agents/provenance.py), and the shipped model's json repeats them (``trained_with``): a
    seeded command reproduces its network only with the same ones. A model saved without them exports
    without the field, never with the exporting process's versions."""
    import platform

    import numba
    import torch

    from agents.policy import model_game, model_game_entry
    from tests.agents.test_agents import _saved_policy

    model, bare = _saved_policy(tmp_path)
    _, js = pretrained.export(bare, "toy", tmp_path / "bare")
    assert "trained_with" not in json.loads(js.read_text())
    model.broadside_game = model_game_entry("toy", {})
    path = tmp_path / "trained.zip"
    model.save(str(path))
    carried = model_game(path)["trained_with"]
    packages = carried["packages"]
    assert (packages["numpy"], packages["numba"]) == (np.__version__, numba.__version__)
    assert packages["torch"] == torch.__version__
    assert {"stable-baselines3", "sb3-contrib", "python"} <= set(packages)
    assert carried["cpu"].startswith(platform.machine())
    _, js = pretrained.export(path, "toy", tmp_path / "models")
    assert json.loads(js.read_text())["trained_with"] == carried


def test_the_source_revision_is_the_checkouts_commit_marked_dirty_when_it_differs(tmp_path):
    """``source_revision`` names the commit a run trained on, with ``-dirty`` when tracked
    files were changed (the commit alone would not reproduce it), and None outside a git
    checkout or below its top (a package installed in a virtualenv inside another
    project's repository must not take that project's commit)."""
    import subprocess

    from agents.provenance import source_revision

    assert source_revision(tmp_path) is None
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path)]
    subprocess.run(git + ["init", "-q"], check=True)
    (tmp_path / "rules.txt").write_text("one\n")
    subprocess.run(git + ["add", "rules.txt"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "c"], check=True)
    head = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    assert source_revision(tmp_path) == head
    (tmp_path / "site packages").mkdir()
    assert source_revision(tmp_path / "site packages") is None
    (tmp_path / "untracked.txt").write_text("a run's output\n")
    assert source_revision(tmp_path) == head
    (tmp_path / "rules.txt").write_text("two\n")
    assert source_revision(tmp_path) == head + "-dirty"
