"""``broadside bench --strength``: the round robin written to STRENGTH.md, with the learning
curve of a training run."""

import json

from benchmarks import strength
from training.cli import main


def test_strength_writes_every_agent_with_intervals_and_the_curve(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    history = [{"timesteps": 100 * i, "train_seconds": 30.0 * i,
                "vs_heuristic": {"win_rate": 0.1 * i, "ci_low": 0.05 * i, "ci_high": 0.15 * i}}
               for i in range(1, 4)]
    (run / "history.json").write_text(json.dumps(history))
    out = tmp_path / "STRENGTH.md"
    r = strength.run_strength("toy", games=4, sims=8, run_dir=str(run), out=str(out))
    text = out.read_text()
    for name in ("random", "heuristic", "mcts:8"):
        assert f"| {name} | 8 |" in text      # 4 games against each of the two others
    assert "95% CI" in text and "openskill" in text
    assert sum(s.games for s in r["result"].standings) == 2 * len(r["result"].results)
    assert (tmp_path / "strength_curve_toy.png").stat().st_size > 0
    assert "| 1.5 | 30.0% | 15.0%-45.0% |" in text     # the third evaluation, at 90 s


def test_strength_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "S.md"
    assert main(["bench", "--strength", "--game", "toy", "--strength-games", "2", "--sims", "4",
                 "--strength-out", str(out)]) == 0
    assert "mcts:4" in out.read_text()
    assert "wrote" in capsys.readouterr().out


def test_search_benchmark_from_the_command_line(capsys):
    """``broadside bench --search``: simulations/s with full and cut playouts, per position."""
    assert main(["bench", "--search", "--game", "toy", "--seconds", "0.05", "--sims", "20",
                 "--midgame", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("toy (") == 2 and "full random playouts" in out and "no value (0)" in out


def test_budget_scale_shrinks_mcts_simulations_and_keeps_the_playout_length(monkeypatch):
    from training.cli import scaled_agent

    monkeypatch.setenv("BROADSIDE_SCALE", "0.1")
    assert scaled_agent("mcts:1000") == "mcts:100"
    assert scaled_agent("mcts:1000:20") == "mcts:100:20"
    assert scaled_agent("mcts:1000:full") == "mcts:100:full"
    assert scaled_agent("heuristic") == "heuristic"


def test_curve_points_include_the_expert_rounds_before_the_ppo_evaluations():
    def vs(p):
        return {"vs_heuristic": {"win_rate": p, "ci_low": p - 0.1, "ci_high": p + 0.1}}

    history = [dict(vs(0.40), train_seconds=300.0, imitation={"expert": [
                   dict(vs(0.30), train_seconds=100.0, round=1),
                   dict(vs(0.35), train_seconds=200.0, round=2)]}),
               dict(vs(0.45), train_seconds=400.0),
               {"train_seconds": 500.0}]                  # no heuristic figure: no point
    pts = strength.curve_points(history)
    assert [p[:2] for p in pts] == [(100.0, 0.30), (200.0, 0.35), (300.0, 0.40), (400.0, 0.45)]


def test_a_model_joins_greedy_and_as_the_prior_of_the_search_train_names():
    # 200 simulations with two players, 1,600 with more: the command broadside train prints
    specs = strength.agent_specs("toy", 8, "m.zip")
    assert specs == ["random", "heuristic", "mcts:8", "ppo:m.zip", "mcts:200:prior=m.zip"]
    assert [strength.agent_name(s) for s in specs] == \
        ["random", "heuristic", "mcts:8", "trained", "trained+mcts:200"]
    assert "prior" in strength.describe("trained+mcts:200")
    three = strength.agent_specs("toy", 8, "run/model.zip", "run/expert.zip", num_players=3)
    assert three[-1] == "mcts:1600:prior=run/expert.zip"
    assert strength.agent_name(three[-1]) == "expert+mcts:1600"
    assert "expert.zip" in strength.describe("expert+mcts:1600")


def test_a_game_that_softens_its_prior_plays_it_so_in_the_table():
    """A game's GameSpec.prior_temperature reaches the search the table plays (Havoc: 4), its
    name and its description."""
    import envs

    havoc = envs.spec("havoc")
    specs = strength.agent_specs("havoc", 8, "run/model.zip", "run/expert.zip")
    assert specs[-1] == f"mcts:{havoc.prior_sims}:temp=4:prior=run/expert.zip"
    assert havoc.prior_temperature == 4
    name = strength.agent_name(specs[-1])
    assert name == f"expert+mcts:{havoc.prior_sims}:temp=4"
    assert f"temperature 4, {havoc.prior_sims} simulations" in strength.describe(name)
    assert f"its prior, {havoc.prior_sims} simulations" in strength.describe(
        f"trained+mcts:{havoc.prior_sims}")


def test_a_game_whose_trained_search_keeps_its_subtrees_plays_so_in_the_table():
    """A game's GameSpec.prior_reuse reaches the 2-player search the table plays, as
    ``broadside train`` names it (Cursed Seas: 300 simulations keeping the subtree of each
    move), its name and its description; the 3-player search takes a fresh tree a move, as
    measured."""
    import agents
    import envs
    from agents.mcts import trained_agent

    cs = envs.spec("cursed_seas")
    assert cs.prior_reuse and cs.prior_sims == 300
    specs = strength.agent_specs("cursed_seas", 8, "run/model.zip", "run/expert.zip")
    assert specs[-1] == "mcts:300:reuse=on:prior=run/expert.zip"
    name = strength.agent_name(specs[-1])
    assert name == "expert+mcts:300:reuse=on"
    assert "keeping the subtree of its move" in strength.describe(name)
    assert agents.make(trained_agent(2, cs, "pretrained"), "cursed_seas").reuse_for(2)
    three = strength.agent_specs("cursed_seas", 8, "run/model.zip", "run/expert.zip",
                                 num_players=3)
    assert three[-1] == "mcts:1600:prior=run/expert.zip"
    assert not envs.spec("havoc").prior_reuse
    assert "reuse" not in strength.agent_specs("havoc", 8, "m.zip")[-1]


def test_bench_writes_to_the_run_folder_unless_asked_to_update_the_figures(tmp_path, monkeypatch):
    """[issue 33] ``broadside bench`` never writes into the source tree by default: the page
    goes to runs/bench/ under the working folder; the committed page is left as it was."""
    from benchmarks.figures import committed

    before = open(committed("STRENGTH.md")).read()
    monkeypatch.chdir(tmp_path)
    assert main(["bench", "--strength", "--game", "toy", "--strength-games", "2",
                 "--sims", "4"]) == 0
    assert "<!-- strength:toy -->" in (tmp_path / "runs" / "bench" / "STRENGTH.md").read_text()
    assert open(committed("STRENGTH.md")).read() == before


def test_a_page_keeps_other_games_sections_and_notes(tmp_path):
    """Each game's section is replaced in place; other sections and hand-written notes stay."""
    from benchmarks.figures import replace_section

    page = tmp_path / "P.md"

    def block(key, body):
        return f"<!-- {key} -->\n{body}\n<!-- /{key} -->"

    replace_section(str(page), "s:a", block("s:a", "a1"), "# Page\n")
    replace_section(str(page), "s:b", block("s:b", "b1"), "# Page\n")
    page.write_text(page.read_text().replace("<!-- /s:a -->", "<!-- /s:a -->\n\nnote on a"))
    replace_section(str(page), "s:a", block("s:a", "a2"), "# Page\n")
    replace_section(str(page), "top", block("top", "t"), "# Page\n", where="top")
    text = page.read_text()
    assert text.startswith("# Page\n\n<!-- top -->")
    assert "a2" in text and "a1" not in text and "note on a" in text and "b1" in text
    assert text.index("a2") < text.index("note on a") < text.index("b1")


def test_the_shipped_opponent_joins_alone_and_as_the_search_prior_for_its_players():
    specs = strength.agent_specs("toy", 8, None, pretrained=True)
    assert specs[-2:] == ["pretrained-net", "pretrained"]
    assert [strength.agent_name(s) for s in specs[-2:]] == ["pretrained-net", "pretrained"]
    assert "shipped" in strength.describe("pretrained")
    assert strength.agent_specs("toy", 8, None)[-1] == "mcts:8"
    # Seas of Havoc ships a 2-player model: it joins 2-player tables only
    assert strength.ships_pretrained("havoc", 2)
    assert not strength.ships_pretrained("havoc", 3)
    assert not strength.ships_pretrained("toy", 2)
