"""``broadside demo`` (what ``make demo`` runs): train, evaluate, report, save.

A short default self-play training on Seas of Havoc, then the trained greedy policy plays
random and heuristic opponents (and, as references, the untrained policy and the heuristic
play random), and last the game's shipped pretrained opponent (agents/pretrained.py: its
network as the prior of a small search) plays the freshly trained policy in a tenth as many
games; a win-rate table with 95% Wilson intervals is printed. Saved under
``runs/demo/``: ``model.zip``, ``ratings.json`` (openskill over every agent met),
``learning_curve.png``, ``history.json`` and ``demo.json`` (the table, throughput and the
share of training time spent in the environment).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from training.trainer import TrainConfig, Trainer, clear_run

#: the demo's defaults: a few minutes on 2 CPU cores
DEMO = dict(game="havoc", timesteps=122_880, num_envs=32, n_steps=128, batch_size=1024,
            n_epochs=4, learning_rate=1e-3, gamma=0.99, eval_every=20_480, eval_games=100,
            net_arch=(128, 128),
            opponents={"self": 0.3, "snapshot": 0.2, "heuristic": 0.1, "random": 0.4})
#: game options of the demo: Seas of Havoc for 2 players, decisions with a single option
#: taken automatically, and a short Damage deck ("you may choose to adjust the number of
#: damage cards in the deck for a longer or shorter game" [Island Setup 5]); a game in
#: which no Damage can be dealt any more (decks scrapped) is truncated at 3000 decisions
DEMO_GAME_CONFIG = {"havoc": {"num_players": 2, "auto_forced": True, "damage_deck": 4,
                              "max_steps": 3000}}
#: options used while training only: the opt-in shaped reward (0.01 per Infamy point)
DEMO_TRAIN_EXTRA = {"havoc": {"shaped_reward": True}}


def run_demo(out_dir="runs/demo", games: int = 200, console=None, scale: float = 1.0,
             **overrides) -> dict:
    """Train, evaluate and report (see the module docstring); an earlier demo in ``out_dir``
    is replaced. ``scale`` multiplies the budgets (timesteps, rollout, evaluation games)."""
    from rich.console import Console

    from agents import heuristic
    from agents.policy import PolicyAgent
    from agents.random_agent import RandomAgent
    from training.evaluate import play_games, seatings_vs, tally
    from training.plots import learning_curve

    console = console or Console()
    out = Path(out_dir)
    clear_run(out)
    settings = {**DEMO, "run_dir": str(out), **overrides}
    if scale != 1.0:
        for key, low in (("timesteps", 1), ("n_steps", 8), ("batch_size", 16),
                         ("eval_every", 1), ("eval_games", 1)):
            settings[key] = max(low, int(round(settings[key] * scale)))
        games = max(1, int(round(games * scale)))
    game = settings["game"]
    eval_config = dict(settings.pop("eval_config", DEMO_GAME_CONFIG.get(game, {})))
    settings.setdefault("game_config", {**eval_config, **DEMO_TRAIN_EXTRA.get(game, {})})
    cfg = TrainConfig(**settings)
    console.rule(f"[bold]Broadside demo: self-play MaskablePPO on {cfg.game}")
    console.print(f"{cfg.timesteps} learner timesteps, {cfg.num_envs} games in parallel, "
                  f"opponents {cfg.opponents}")
    t0 = time.perf_counter()
    trainer = Trainer(cfg)
    untrained = PolicyAgent.frozen(trainer.model.policy, name="untrained", deterministic=True)
    trainer.train()
    train_wall = time.perf_counter() - t0
    model_path = trainer.save_model(out / "model.zip")
    learning_curve(trainer.history, out / "learning_curve.png",
                   title=f"{cfg.game}: self-play MaskablePPO")

    trained = PolicyAgent(trainer.model.policy, deterministic=True, name="trained")
    rows = []
    try:
        heur = heuristic.make(cfg.game, seed=cfg.seed + 5)
    except KeyError:
        heur = None
    # (label, agent, its name in the ratings table); the untrained policy is snapshot_0
    me = ("trained", trained, f"step_{trainer.timesteps}")
    rnd = ("random", RandomAgent(cfg.seed + 3), "random")
    matchups = [(me, rnd), (("untrained", untrained, "snapshot_0"), rnd)]
    if heur is not None:
        hh = ("heuristic", heur, "heuristic")
        matchups.insert(1, (me, hh))
        matchups.append((hh, rnd))
    seatings = seatings_vs(trainer.num_players, games)
    plan = [(m, seatings) for m in matchups]
    shipped = _pretrained(cfg.game, cfg.seed)
    if shipped is not None:     # last: the shipped opponent against the fresh one (issue 31)
        plan.append(((me, ("pretrained", shipped, "pretrained")),
                     seatings_vs(trainer.num_players, max(1, games // PRETRAINED_SHARE))))
    for ((name, agent, rname), (opp_name, opp, oname)), seats in plan:
        res = play_games(cfg.game, [agent, opp], seats, seed=10_000 + cfg.seed,
                         config=eval_config)
        rows.append(dict(tally(res, 0).as_dict(), agent=name, opponent=opp_name))
        trainer.ratings.update_results(res, [rname, oname])
    trainer.ratings.save(out / "ratings.json")
    console.print(_table(rows, cfg.game))
    last = trainer.history[-1] if trainer.history else {}
    report = {
        "game": cfg.game, "game_config": eval_config, "train_config": cfg.game_config,
        "timesteps": trainer.timesteps, "wall_seconds": round(train_wall, 1),
        "train_seconds": round(trainer.train_seconds, 1),
        "env_steps_per_s": last.get("env_steps_per_s"),
        "env_kernel_share": last.get("env_kernel_share"),
        "opponent_share": last.get("opponent_share"),
        "table": rows, "model": str(model_path),
        "ratings": str(out / "ratings.json"), "learning_curve": str(out / "learning_curve.png"),
    }
    (out / "demo.json").write_text(json.dumps(report, indent=2))
    console.print(f"throughput {report['env_steps_per_s']:.0f} env steps/s (learner + "
                  f"opponents); game kernels {report['env_kernel_share']:.1%} of training time, "
                  f"opponent inference {report['opponent_share']:.1%}")
    console.print(f"saved {model_path}, {out / 'ratings.json'}, {out / 'learning_curve.png'}")
    return report


#: the demo's last match, the trained policy against the shipped pretrained opponent (its
#: network as the prior of its search: mcts:600 in Havoc, ~1.5 CPU s a game), plays this
#: fraction of ``games``
PRETRAINED_SHARE = 10


def _pretrained(game: str, seed: int):
    """The game's shipped pretrained opponent (agents/pretrained.py), or None when the game
    ships none or the installed game is not the one it was made for."""
    from agents import pretrained

    try:
        return pretrained.make("pretrained", game, seed=seed + 7)
    except pretrained.PretrainedModelError:
        return None


def _table(rows, game):
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"{game}: win rates over seat-rotated games (95% Wilson CI)")
    for c in ("agent", "opponent", "games", "W", "D", "L", "win rate", "95% CI"):
        t.add_column(c, justify="left" if c in ("agent", "opponent") else "right")
    for r in rows:
        t.add_row(Text(r["agent"]), Text(r["opponent"]), str(r["games"]), str(r["wins"]),
                  str(r["draws"]), str(r["losses"]), f"{r['win_rate']:.1%}",
                  f"{r['ci_low']:.1%}-{r['ci_high']:.1%}")
    return t
