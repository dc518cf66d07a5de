"""The ``broadside`` command line: list, train, eval, tournament, play, replay, demo, bench.

    broadside list
    broadside train --game havoc --timesteps 200000 [--resume | --force] [--run-dir runs/x]
    broadside train --backend rllib --num-env-runners 2 [--address ray://HOST:10001]
    broadside eval --game havoc --agent ppo:runs/x/model.zip --opponents random,heuristic
    broadside tournament --game havoc --agents random,heuristic,mcts:200 --games 100
    broadside play --game havoc --opponent heuristic [--seat 0] [--save game.json]
    broadside play --game havoc --opponent pretrained     (the shipped trained opponent)
    broadside replay game.json [--step] [--html out.html] [--viewer SEAT]
    broadside serve [--port 8000] [--host 127.0.0.1]   (play in a browser: the serve extra)
    broadside demo
    broadside bench [--quick] [--game havoc] [--search | --strength [--run-dir runs/x]]
    broadside compile [GAME ...]

Game options go through ``--config key=value`` (repeatable), e.g. ``--config num_players=3``.

Errors are one line on stderr saying what is wrong and how to fix it, with exit status 2
(``--debug`` shows the traceback instead); Ctrl-C exits with status 130.

``BROADSIDE_SCALE`` (a factor, default 1) multiplies every budget of a command (timesteps,
rollout length, evaluation and tournament games, MCTS simulations; each at least 1), so the
README's command lines can be smoke-tested as printed with tiny budgets.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
from pathlib import Path

PROG = "broadside"


class CliError(Exception):
    """A problem with the command line or its inputs: printed as one line, exit status 2."""


# -- helpers ------------------------------------------------------------------------------
def _value(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_config(items) -> dict:
    """``["num_players=3", "variant=teams"]`` -> ``{"num_players": 3, "variant": "teams"}``."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        if not sep or not k.strip():
            raise CliError(f"--config {item!r} is not KEY=VALUE; write e.g. "
                           "--config num_players=3")
        out[k.strip()] = _value(v.strip())
    return out


#: game options ``broadside train`` uses unless ``--config`` sets them: Seas of Havoc trains
#: for the 2-player game (issue 12's target; its engine default is 3 players)
TRAIN_GAME_DEFAULTS = {"havoc": {"num_players": 2}}


#: heuristic games ``broadside train`` clones before PPO (then DAgger, training/imitation.py)
#: unless ``--imitate`` says otherwise; games without a heuristic start from scratch
DEFAULT_IMITATE = 200


#: PPO after a warm start: a lower learning rate, no entropy bonus, half the opponents the
#: heuristic and a KL penalty toward the clone (training/anchor.py) keep the clone's play
#: (measured on 2-player Seas of Havoc, benchmarks/TRAINING.md: without the penalty the win
#: rate against the heuristic falls from the clone's 36% to 24-33% within 400k steps; with
#: it, 32-38% over 512k)
PPO_DEFAULTS = {"lr": 1e-3, "opponents": "self=0.5,snapshot=0.3,heuristic=0.1,random=0.1",
                "ent_coef": 0.01, "anchor": 0.0}
WARM_PPO_DEFAULTS = {"lr": 1e-4, "opponents": "self=0.2,snapshot=0.2,heuristic=0.5,random=0.1",
                     "ent_coef": 0.0, "anchor": 1.0}


def ppo_defaults(warm: int) -> dict:
    """``--lr``, ``--opponents``, ``--ent-coef`` and ``--anchor`` when not given: gentler
    after a warm start (``warm``: heuristic games cloned or expert rounds, > 0)."""
    return dict(WARM_PPO_DEFAULTS if warm else PPO_DEFAULTS)


#: expert-iteration rounds (training/expert.py) after the warm start unless ``--expert``
#: says otherwise, for a game whose search cuts its playouts with a value kernel (full
#: playouts of a long game make every label cost seconds)
DEFAULT_EXPERT = 20
#: fewer rounds where one costs more: a Pirates of the Cursed Seas round (100 long games,
#: mcts:400 labels, 9,600 of them) takes ~4.5 min on 2 cores, so 8 keep `broadside train`
#: within the hour (benchmarks/TRAINING.md)
EXPERT_ROUNDS = {"cursed_seas": 8}


#: games whose expert iteration starts from an untrained network, not from the heuristic's
#: clone: where the plain search is far stronger than the heuristic, the untrained network's
#: near-uniform prior makes the first rounds' labels the plain search's own, while a clone's
#: prior holds the search to the heuristic's choices (City of Five Sails, 7th Sea CCG:
#: benchmarks/TRAINING.md, "Pretrained opponents"). Not Seas of Havoc: its heuristic's clone
#: starts the rounds near the heuristic's level, and from an untrained network the same 20
#: rounds gave a prior worth 55.8% with ``mcts:200`` against the clone-first 81.5%.
SEARCH_FIRST = frozenset({"five_sails", "seventh_sea"})


def default_expert(game: str, imitate: int) -> int:
    """Expert rounds unless ``--expert`` is given: ``DEFAULT_EXPERT`` (``EXPERT_ROUNDS`` for a
    game whose rounds cost more) after a warm start, or from an untrained network in a
    ``SEARCH_FIRST`` game, where the search cuts its playouts."""
    import envs

    spec = envs.spec(game)
    return EXPERT_ROUNDS.get(game, DEFAULT_EXPERT) if (imitate or game in SEARCH_FIRST) \
        and spec.determinize is not None and spec.value is not None else 0


#: the temperature at which a game's expert rounds read the student as the labelling search's
#: prior at 2 players (``--expert-temp``; 1 elsewhere and at other player counts): where a
#: softer teacher's network guided its search better than the same run's at 1
#: (benchmarks/TRAINING.md, "The softer teacher against its control")
EXPERT_TEMPERATURE = {"five_sails": 4.0}


def default_expert_temperature(game: str, num_players: int) -> float:
    """``--expert-temp`` unless given: ``EXPERT_TEMPERATURE`` for a 2-player run, else 1."""
    return EXPERT_TEMPERATURE.get(game, 1.0) if num_players == 2 else 1.0


def default_imitate(game: str) -> int:
    """Heuristic games cloned unless ``--imitate`` is given: none without a heuristic or in a
    ``SEARCH_FIRST`` game."""
    from agents import heuristic

    return DEFAULT_IMITATE if heuristic.available(game) and game not in SEARCH_FIRST else 0


def train_config(game: str, items) -> dict:
    """The game options of a training run: ``TRAIN_GAME_DEFAULTS`` under ``--config``."""
    return {**TRAIN_GAME_DEFAULTS.get(game, {}), **parse_config(items)}


def budget_scale() -> float:
    """The ``BROADSIDE_SCALE`` factor (1 when unset)."""
    text = os.environ.get("BROADSIDE_SCALE", "").strip()
    if not text:
        return 1.0
    try:
        scale = float(text)
    except ValueError:
        raise CliError(f"BROADSIDE_SCALE={text!r} is not a number; unset it or set e.g. "
                       "BROADSIDE_SCALE=0.01") from None
    if not scale > 0:
        raise CliError(f"BROADSIDE_SCALE={text!r} must be positive")
    return scale


def scaled(n, minimum: int = 1):
    """``n`` times the budget scale, at least ``minimum`` (None stays None)."""
    if n is None:
        return None
    return max(minimum, int(round(n * budget_scale())))


def scaled_agent(spec: str) -> str:
    """``mcts:200`` (or ``mcts:200:ROLLOUT``) with its simulations scaled; other specs
    unchanged."""
    m = re.fullmatch(r"\s*mcts(?::(\d+))?(:\w+)?\s*", spec, flags=re.I)
    if not m or budget_scale() == 1.0:
        return spec.strip()
    return f"mcts:{scaled(int(m.group(1) or 200))}{m.group(2) or ''}"


def agent_list(text: str, what: str) -> list[str]:
    specs = [scaled_agent(s) for s in text.split(",") if s.strip()]
    if not specs:
        raise CliError(f"{what} is empty; give a comma list such as random,heuristic")
    return specs


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (a count of games, say)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n} must be at least 1")
    return n


def positive_float(text: str) -> float:
    """argparse type: a finite number > 0 (a picture scale, say)."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not (x > 0 and math.isfinite(x)):
        raise argparse.ArgumentTypeError(f"{text} must be a number above 0")
    return x


def check_game(name: str) -> None:
    import envs

    if name not in envs.REGISTRY:
        raise CliError(f"unknown game {name!r}; choose one of {', '.join(envs.names())} "
                       f"(see `{PROG} list`)")


def _console():
    from rich.console import Console

    return Console()


# -- commands ---------------------------------------------------------------------------
def cmd_list(args) -> int:
    from rich.table import Table

    import agents
    import envs
    from envs.core.compile import estimate_seconds, is_cached

    from agents import pretrained

    t = Table(title="Broadside games")
    for c in ("name", "PettingZoo module", "title", "players", "actions", "observation",
              "kernels", "pretrained opponent"):
        t.add_column(c)
    for name in envs.names():
        try:
            s = envs.spec(name)
        except Exception as e:  # a game still being written should not hide the others
            t.add_row(name, "", f"(unavailable: {type(e).__name__}: {e})", "", "", "", "", "")
            continue
        kernels = "cached" if is_cached(s) else \
            f"compile on first use (about {estimate_seconds(s):.0f} s)"
        t.add_row(name, f"envs.{name}_v{s.version}", s.title, f"{s.min_players}-{s.max_players}",
                  str(s.num_actions),
                  f"float32[{s.obs_size}]", kernels, pretrained.summary(name))
    con = _console()
    con.print(t)
    con.print("agents: " + ", ".join(agents.KINDS))
    shipped = pretrained.available()
    con.print("pretrained opponents (--opponent pretrained, no training needed): "
              + (", ".join(shipped) if shipped else "none yet") + "; other games: train one "
              f"with `{PROG} train --game GAME`", soft_wrap=True, markup=False, highlight=False)
    return 0


def prepare_run_dir(run_dir: Path, force: bool) -> None:
    """Refuse a folder that holds an earlier run, unless ``force`` (which clears it)."""
    from training.trainer import clear_run, run_artefacts

    found = run_artefacts(run_dir)
    if found and not force:
        raise CliError(f"{run_dir} already holds a training run ({', '.join(found[:3])}); "
                       "add --resume to continue it, --force to replace it, or choose "
                       "another --run-dir")
    clear_run(run_dir)


def cmd_train(args) -> int:
    from training.extras import require

    if args.backend == "rllib":       # no warm start there: the from-scratch defaults
        from training.rllib import cli as rllib_cli

        for k, v in PPO_DEFAULTS.items():
            if getattr(args, k) is None:
                setattr(args, k, v)

        return rllib_cli.run(args, _console(), scaled, train_config, prepare_run_dir,
                             check_game, CliError)
    require("training", "sb3_contrib")
    from training.plots import learning_curve
    from training.trainer import TrainConfig, Trainer

    con = _console()
    run_dir = Path(args.run_dir or f"runs/{args.game}")
    if args.resume and args.force:
        raise CliError("--resume continues a run and --force replaces it; give one of them")
    if args.resume:
        if not (run_dir / "checkpoint" / "state.pkl").exists():
            raise CliError(f"no checkpoint to resume in {run_dir}; train without --resume "
                           "first, or point --run-dir at an earlier run")
        over = {"progress": not args.no_progress}
        if args.no_tensorboard:
            over["tensorboard"] = False
        if args.timesteps:
            over["timesteps"] = scaled(args.timesteps)
        trainer = Trainer.resume(run_dir, **over)
        con.print(f"resumed {run_dir} at {trainer.timesteps} timesteps")
    else:
        check_game(args.game)
        prepare_run_dir(run_dir, args.force)
        try:
            net_arch = tuple(int(x) for x in args.net_arch.split(","))
        except ValueError:
            raise CliError(f"--net-arch {args.net_arch!r}: give layer sizes such as 128,128") \
                from None
        _check_imitate(args)
        # expert rounds without a clone are a warm start too (SEARCH_FIRST games)
        for k, v in ppo_defaults(args.imitate or args.expert).items():
            if getattr(args, k) is None:
                setattr(args, k, v)
        from training.tournament import num_players_of

        game_config = train_config(args.game, args.config)
        expert_temp = default_expert_temperature(args.game, num_players_of(
            args.game, game_config)) if args.expert_temp is None else args.expert_temp
        cfg = TrainConfig(game=args.game, timesteps=scaled(args.timesteps or 100_000),
                          game_config=game_config, seed=args.seed,
                          num_envs=args.num_envs, n_steps=scaled(args.n_steps, 8),
                          batch_size=scaled(args.batch_size, 16), learning_rate=args.lr,
                          gamma=args.gamma, eval_every=scaled(args.eval_every),
                          eval_games=scaled(args.eval_games),
                          opponents=args.opponents, run_dir=str(run_dir),
                          tensorboard=not args.no_tensorboard, progress=not args.no_progress,
                          net_arch=net_arch, imitate=scaled(args.imitate) if args.imitate
                          else 0, imitate_epochs=args.imitate_epochs, teacher=args.teacher,
                          imitate_workers=args.workers, expert_rounds=scaled(args.expert)
                          if args.expert else 0, expert_games=scaled(args.expert_games),
                          expert_sims=scaled(args.expert_sims),
                          expert_window=args.expert_window,
                          expert_regret=args.expert_regret, expert_gumbel=args.expert_gumbel,
                          expert_cut=args.expert_cut, expert_temperature=expert_temp,
                          expert_playouts=args.expert_playouts, expert_fpu=args.expert_fpu,
                          expert_search_value=args.expert_search_value,
                          expert_opponent=args.expert_opponent, pfsp=args.pfsp,
                          shaping=args.shaping, shaping_anneal=args.shaping_anneal,
                          ent_coef=args.ent_coef, anchor=args.anchor,
                          pipeline=not args.serial_update)
        if cfg.imitate:
            con.print(f"imitation warm start: cloning {cfg.imitate} heuristic games "
                      f"({cfg.imitate_epochs} epochs)")
        if cfg.expert_rounds:
            con.print(f"expert iteration: {cfg.expert_rounds} rounds of {cfg.expert_games} "
                      f"games, {cfg.expert_teacher()}"
                      " with the policy as prior" + (
                          f" (read at temperature {cfg.expert_temperature:g})"
                          if cfg.expert_temperature != 1.0 else "") + " labelling" + (
                          f", against {cfg.expert_opponent}"
                          if cfg.expert_opponent != "heuristic" else ""))
        trainer = Trainer(cfg)
        im = trainer.imitation
        if cfg.imitate and im:
            a = im["held_out_after"]
            held = (f": held-out agreement with the heuristic {a['agreement']:.1%} (chance "
                    f"{a['chance']:.1%})") if im["held_out"] else " (too few games to hold any out)"
            con.print(f"cloned {im['decisions']} decisions in {im['cpu_seconds']:.0f} CPU s"
                      + held)

    def report(tr, rec):
        parts = [f"{rec['timesteps']:>9} steps"]
        for k in ("vs_random", "vs_heuristic", "vs_snapshot"):
            if k in rec:
                parts.append(f"{k} {rec[k]['win_rate']:.0%}")
        parts.append("promoted" if rec["promoted"] else "")
        tr.print("  ".join(parts))

    trainer.train(callback=report)
    path = trainer.save_model()
    learning_curve(trainer.history, run_dir / "learning_curve.png",
                   title=f"{trainer.cfg.game}: self-play MaskablePPO")
    last = trainer.history[-1] if trainer.history else {}
    con.print(f"saved {path}; {last.get('env_steps_per_s', 0):.0f} env steps/s, game kernels "
              f"{last.get('env_kernel_share', 0):.1%} of training time; TensorBoard: "
              f"tensorboard --logdir {run_dir / 'tb'}")
    expert = run_dir / "expert.zip"
    if expert.exists():      # the agent worth playing: the policy as the prior of a search
        from agents.mcts import trained_agent

        agent = trained_agent(trainer.num_players, trainer.env.vec.spec, expert)
        cfg = trainer.cfg      # a resumed run has only the trainer's config
        con.print(f"play against it: broadside play --game {cfg.game} --opponent {agent}"
                  + "".join(f" --config {k}={v}" for k, v in cfg.game_config.items()),
                  soft_wrap=True, markup=False, emoji=False, highlight=False)
    return 0


def _check_imitate(args) -> None:
    """--imitate N needs N >= 0, epochs >= 1 and a heuristic to copy; --pfsp >= 0;
    --shaping >= 0 needs the game's value kernel; --shaping-anneal in [0, 1]; --timesteps
    >= 1."""
    if args.timesteps is not None and args.timesteps < 1:
        raise CliError(f"--timesteps {args.timesteps}: give a number of learner steps >= 1")
    if args.ent_coef is not None and not args.ent_coef >= 0:
        raise CliError(f"--ent-coef {args.ent_coef}: give a coefficient >= 0")
    if args.anchor is not None and not args.anchor >= 0:
        raise CliError(f"--anchor {args.anchor}: give a coefficient >= 0 (0 = off)")
    if not args.pfsp >= 0:
        raise CliError(f"--pfsp {args.pfsp}: give an exponent >= 0 (0 = uniform snapshots, "
                       "2 = mostly the snapshots the policy still loses to)")
    if not args.shaping >= 0:
        raise CliError(f"--shaping {args.shaping}: give a coefficient >= 0 (0 = off)")
    if not 0 <= args.shaping_anneal <= 1:
        raise CliError(f"--shaping-anneal {args.shaping_anneal}: give the share of training "
                       "over which shaping fades out, between 0 and 1")
    if args.shaping > 0:
        import envs

        if envs.spec(args.game).value is None:
            raise CliError(f"--shaping: game {args.game!r} has no value kernel "
                           "(GameSpec.value) to shape with; train with --shaping 0")
    if args.imitate is None:
        args.imitate = default_imitate(args.game)
    if args.imitate < 0:
        raise CliError(f"--imitate {args.imitate}: give a number of heuristic games to clone "
                       "(0 = no imitation warm start)")
    if args.imitate_epochs < 1:
        raise CliError(f"--imitate-epochs {args.imitate_epochs}: give at least 1")
    if args.expert is None:
        args.expert = default_expert(args.game, args.imitate)
    if args.expert < 0 or args.expert_games < 1 or args.expert_sims < 1 \
            or args.expert_window < 1:
        raise CliError(f"--expert {args.expert}, --expert-games {args.expert_games}, "
                       f"--expert-sims {args.expert_sims}, --expert-window "
                       f"{args.expert_window}: give rounds >= 0 and games, simulations and "
                       "a window >= 1")
    if not 0 <= args.expert_regret < float("inf"):
        raise CliError(f"--expert-regret {args.expert_regret}: give a finite weight >= 0")
    if not 0 <= args.expert_search_value <= 1:
        raise CliError(f"--expert-search-value {args.expert_search_value}: give a weight "
                       "in [0, 1] (0 = the critic learns the returns alone)")
    if args.expert_cut is not None and args.expert_cut < 0:
        raise CliError(f"--expert-cut {args.expert_cut}: give the playout decisions before "
                       "the game's value scores the position, >= 0")
    from envs.core.mlp import checked_temperature

    if args.expert_temp is not None:
        try:
            checked_temperature(args.expert_temp)
        except ValueError as e:
            raise CliError(f"--expert-temp {args.expert_temp}: {e}") from None
    if args.expert_gumbel < 0:
        raise CliError(f"--expert-gumbel {args.expert_gumbel}: give the number of root "
                       "actions to draw, >= 0 (0 = PUCT, labels by visit shares)")
    from training.expert import checked_opponent

    try:
        checked_opponent(args.game, args.expert_opponent)
    except ValueError as e:
        raise CliError(f"--expert-opponent: {e}") from None
    if args.expert:
        import envs

        if envs.spec(args.game).determinize is None:
            raise CliError(f"--expert: game {args.game!r} has no search (no determinize "
                           "kernel) to learn from; train with --expert 0")
    if args.workers is None:
        args.workers = os.cpu_count() or 1
    if args.workers < 1:
        raise CliError(f"--workers {args.workers}: give at least 1 process")
    if args.imitate:
        from agents import heuristic

        if not heuristic.available(args.game):
            raise CliError(f"--imitate: game {args.game!r} has no heuristic to copy "
                           f"(agents/heuristic/{args.game}.py); train with --imitate 0")
        from training.imitation import make_teacher

        try:
            make_teacher(args.game, args.teacher)
        except ValueError as e:
            raise CliError(f"--teacher: {e}") from None


def _require_match_extras() -> None:
    """Ratings and the heatmap need the training extra: say so before any game is played."""
    from training.extras import require

    require("training", "openskill.models")
    require("training", "matplotlib")


def _match_run(args, kind: str, specs: list[str], jobs, config: dict):
    """Shared by eval and tournament: play ``jobs`` on every core with a progress bar,
    stream each finished game to games.jsonl, then save the tables and the heatmap."""
    from training import tournament as tmod
    from training.progress import Progress

    if args.workers < 0:
        raise CliError(f"--workers {args.workers}: give 0 (every core) or a positive count")
    out = Path(args.out or f"runs/{args.command}-{args.game}")
    if (out / "games.jsonl").exists() and not args.force:
        raise CliError(f"{out} already holds {args.command} results; add --force to replace "
                       "them, or choose another folder with --out")
    out.mkdir(parents=True, exist_ok=True)
    wins = {s: [0, 0] for s in specs}
    total = sum(len(j.seatings) for j in jobs)
    with open(out / "games.jsonl", "w") as stream, \
            Progress(total, f"{args.game} {kind}", every=args.progress_every) as bar:
        def on_game(r):
            stream.write(json.dumps(tmod.game_line(r, specs, args.game, config)) + "\n")
            stream.flush()
            for seat, a in enumerate(r.seats):
                wins[specs[a]][0] += r.outcome(seat) > 0
                wins[specs[a]][1] += 1
            bar.update(1, note="win rates " + ", ".join(
                f"{n} {w / g:.0%}" for n, (w, g) in wins.items() if g))

        res = tmod.run_matches(args.game, specs, jobs, specs, config, workers=args.workers,
                               on_game=on_game, kind=kind)
    return res, tmod.save(res, out)


def _saved(con, res, paths, nplayers: int) -> None:
    con.print(f"{len(res.results)} {nplayers}-player games; saved "
              + ", ".join(str(p) for p in paths.values()))


def cmd_eval(args) -> int:
    from training import tournament as tmod

    check_game(args.game)
    _require_match_extras()
    agent = scaled_agent(args.agent)
    opponents = agent_list(args.opponents, "--opponents")
    config = game_config_for(args, [agent] + opponents)
    if agent in opponents:
        raise CliError(f"--agent {agent} is also among --opponents; compare it with other "
                       "agents (an agent against itself says nothing)")
    _check_agents(args.game, [agent] + opponents)
    nplayers = tmod.num_players_of(args.game, config)
    jobs = tmod.plan_vs(len(opponents), nplayers, scaled(args.games), args.seed)
    res, paths = _match_run(args, "evaluation", [agent] + opponents, jobs, config)
    con = _console()
    con.print(tmod.eval_rich_table(res))
    _saved(con, res, paths, nplayers)
    return 0


def cmd_tournament(args) -> int:
    from training import tournament as tmod

    check_game(args.game)
    _require_match_extras()
    specs = agent_list(args.agents, "--agents")
    config = game_config_for(args, specs)
    if len(set(specs)) != len(specs):
        raise CliError(f"--agents {args.agents}: each agent may appear once")
    if len(specs) < 2:
        raise CliError("a tournament needs at least two agents, e.g. --agents random,heuristic")
    _check_agents(args.game, specs)
    nplayers = tmod.num_players_of(args.game, config)
    jobs = tmod.plan(len(specs), nplayers, scaled(args.games), args.seed)
    res, paths = _match_run(args, "tournament", specs, jobs, config)
    con = _console()
    con.print(tmod.rich_table(res))
    con.print(tmod.pair_rich_table(res))
    _saved(con, res, paths, nplayers)
    return 0


def game_config_for(args, specs: list[str]) -> dict:
    """The game options to play with: ``--config`` when given; otherwise those the named
    models were trained with (a model carries them), so a 2-player model plays 2-player
    games; otherwise the game's defaults."""
    if args.config:
        return parse_config(args.config)
    from agents import model_paths, pretrained
    from agents.policy import model_game

    found = {}
    for s in specs:
        for path in model_paths(s):
            entry = model_game(path)
            if entry is not None and entry["game"] == args.game:
                found[path] = entry["config"]
        # the shipped main model's options (2-player Havoc); with --config num_players=N the
        # agents play the model for N players where one ships (pretrained.own_models)
        if pretrained.uses_pretrained(s):
            try:
                found[f"the pretrained {args.game} model"] = \
                    pretrained.metadata(args.game)["config"]
            except pretrained.PretrainedModelError:
                pass                         # _check_agents says why it cannot be played
    if not found:
        return {}
    configs = {json.dumps(c, sort_keys=True) for c in found.values()}
    if len(configs) > 1:
        raise CliError("the models were trained with different game options ("
                       + "; ".join(f"{p}: {c}" for p, c in found.items())
                       + "): choose with --config KEY=VALUE")
    path, cfg = next(iter(found.items()))
    if cfg:
        _console().print(f"game options of {path}: " + " ".join(
            f"--config {k}={v}" for k, v in cfg.items()) + " (give --config to override)",
            soft_wrap=True, markup=False, highlight=False)
    return dict(cfg)


def _check_agents(game: str, specs: list[str]) -> None:
    """Build each agent once here, so a bad spec fails before any worker starts."""
    import agents

    for s in specs:
        agents.make(s, game, seed=0)


def cmd_play(args) -> int:
    from training.play import play_human

    check_game(args.game)
    _check_agents(args.game, [args.opponent])
    try:
        rec = play_human(args.game, opponent=args.opponent, seat=args.seat, seed=args.seed,
                         config=game_config_for(args, [args.opponent]), save=args.save)
    except (EOFError, KeyboardInterrupt) as e:
        print("\ngame abandoned" + (" (end of input)" if isinstance(e, EOFError) else ""))
        return 130 if isinstance(e, KeyboardInterrupt) else 1
    return 0 if rec is not None else 1


def cmd_replay(args) -> int:
    from training.play import replay_record
    from training.records import GameRecord

    if not Path(args.file).exists():
        raise CliError(f"no game record at {args.file}; save one with "
                       f"`{PROG} play ... --save {args.file}`")
    line = args.line
    if line is None and args.file.endswith(".jsonl"):
        n = sum(1 for _ in open(args.file, "rb"))
        raise CliError(f"{args.file} holds {n} games, one a line: choose one with --line N "
                       f"(1..{n})")
    rec = GameRecord.load(args.file, line=line)
    check_game(rec.game)
    viewer = None if args.viewer is None else int(args.viewer)
    n = len(rec.returns or rec.players or [])
    if viewer is not None and n and not 0 <= viewer < n:
        raise CliError(f"--viewer {viewer}: this game has seats 0..{n - 1}")
    if args.html:
        from training.replay_html import write_html

        out = write_html(rec, args.html, viewer=viewer, scale=args.scale, fmt=args.frame_format)
        print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB, {len(rec.actions)} moves)")
        return 0
    try:
        replay_record(rec, viewer=viewer, interactive=args.step)
    except (EOFError, KeyboardInterrupt) as e:
        print("\nreplay stopped" + (" (end of input)" if isinstance(e, EOFError) else ""))
        return 130 if isinstance(e, KeyboardInterrupt) else 0
    return 0


def cmd_serve(args) -> int:
    """Start the browser app (training/serve) and print its address."""
    from training.extras import require

    require("serve", "starlette")
    uvicorn = require("serve", "uvicorn")
    from training.serve import create_app

    app = create_app(games_dir=args.games_dir, models_dir=args.models_dir,
                     max_tables=args.max_tables, idle_timeout=args.idle_timeout,
                     move_delay=args.move_delay)
    print(f"Broadside: open http://{args.host}:{args.port}/ (games are saved in "
          f"{args.games_dir}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def cmd_demo(args) -> int:
    from training.extras import require

    require("training", "sb3_contrib")
    from training.demo import run_demo

    over = {}
    if args.timesteps:
        over["timesteps"] = args.timesteps
    if args.game:
        check_game(args.game)
        over["game"] = args.game
    run_demo(args.out, games=args.games, scale=budget_scale(), **over)
    return 0


def cmd_compile(args) -> int:
    import envs
    from training.matches import compile_games

    for item in args.register:
        name, sep, module = item.partition("=")
        if not sep:
            raise CliError(f"--register {item!r}: expected NAME=MODULE, e.g. "
                           "toy=tests.core.toy_game.env")
        envs.register(name, module)
    games = args.games or envs.names()
    for g in games:
        check_game(g)
    print(f"kernel cache: {os.environ.get('NUMBA_CACHE_DIR')}", flush=True)
    compile_games(games, jobs=args.jobs, out=lambda t: print(t, flush=True))
    return 0


def cmd_bench(args) -> int:
    from benchmarks import search, side_by_side, speed

    if args.strength:
        from benchmarks import strength

        speed.register_games(args)
        return int(strength.run(args) or 0)
    if args.search:
        speed.register_games(args)
        return int(search.run(args) or 0)
    code = int(side_by_side.run(args) or 0)
    if code == 0 and not args.no_search:
        code = int(search.run(args) or 0)
    return code


# -- parser ---------------------------------------------------------------------------------
class UsageError(Exception):
    """A command line argparse refused: printed as one line by ``main``, exit status 2."""

    def __init__(self, prog: str, message: str):
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    """argparse whose refusals reach ``main`` (one error line, as every other error)
    instead of printing the usage block and exiting; subcommands inherit it."""

    def error(self, message):
        raise UsageError(self.prog, message)


def build_parser() -> argparse.ArgumentParser:
    from agents import PLAYOUT_CHOICES, SWITCH_CHOICES     # the spec's choices, written once

    common = _Parser(add_help=False)
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="show the full traceback of an error")
    p = _Parser(prog=PROG, description=__doc__.split("\n")[0],
                                parents=[common])
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name, help_text):
        return sub.add_parser(name, help=help_text, parents=[common])

    def game_opts(sp, default="havoc"):
        sp.add_argument("--game", default=default, help=f"registered game ({default})")
        sp.add_argument("--config", action="append", metavar="KEY=VALUE",
                        help="game option (repeatable)")
        sp.add_argument("--seed", type=int, default=0)

    def match_opts(sp, kind):
        sp.add_argument("--workers", type=int, default=0, help="processes (0 = every core)")
        sp.add_argument("--out", default=None, help=f"output folder (runs/{kind}-<game>)")
        sp.add_argument("--force", action="store_true",
                        help="replace the results already in the output folder")
        sp.add_argument("--progress-every", type=float, default=30.0, metavar="SECONDS",
                        help="seconds between progress lines when not on a terminal")

    sp = add("list", "registered games and agent kinds")
    sp.set_defaults(func=cmd_list)

    sp = add("train", "self-play MaskablePPO training")
    game_opts(sp)
    sp.add_argument("--timesteps", type=int, default=None, help="learner timesteps (100000)")
    sp.add_argument("--run-dir", default=None, help="default runs/<game>")
    sp.add_argument("--resume", action="store_true", help="continue the run in --run-dir")
    sp.add_argument("--force", action="store_true",
                    help="replace the run already in --run-dir")
    sp.add_argument("--num-envs", type=int, default=32)
    sp.add_argument("--n-steps", type=int, default=128)
    sp.add_argument("--batch-size", type=int, default=1024)
    sp.add_argument("--lr", type=float, default=None,
                    help="PPO learning rate (1e-3; 1e-4 after an imitation warm start)")
    sp.add_argument("--gamma", type=float, default=0.99)
    sp.add_argument("--net-arch", default="128,128")
    sp.add_argument("--eval-every", type=int, default=20_000)
    sp.add_argument("--eval-games", type=int, default=100)
    sp.add_argument("--opponents", default=None,
                    help="pool sampling weights (self=0.5,snapshot=0.3,heuristic=0.1,"
                         "random=0.1; self=0.2,snapshot=0.2,heuristic=0.5,random=0.1 after "
                         "an imitation warm start)")
    sp.add_argument("--imitate", type=int, default=None, metavar="GAMES",
                    help="imitation warm start: behaviour-clone this many games of the "
                         "heuristic, then DAgger rounds, before PPO (0 = off; default "
                         f"{DEFAULT_IMITATE} for a game with a heuristic, else 0)")
    sp.add_argument("--imitate-epochs", type=int, default=4,
                    help="epochs over the imitation data (4)")
    sp.add_argument("--teacher", default="heuristic", metavar="SPEC",
                    help="who labels the warm start's DAgger rounds: heuristic (default) or "
                         "mcts:N (a search with N simulations per label)")
    sp.add_argument("--expert", type=int, default=None, metavar="ROUNDS",
                    help="expert iteration after the warm start: rounds in which a search "
                         "with the policy as prior labels the policy's games "
                         f"(default {DEFAULT_EXPERT})")
    sp.add_argument("--expert-games", type=int, default=100, metavar="GAMES",
                    help="games a round of expert iteration (100)")
    sp.add_argument("--expert-sims", type=int, default=400, metavar="SIMS",
                    help="search simulations a label in expert iteration (400)")
    sp.add_argument("--expert-window", type=int, default=4, metavar="ROUNDS",
                    help="the student trains on the labels of this many latest expert "
                         "rounds (4)")
    sp.add_argument("--expert-regret", type=float, default=0.0, metavar="COEF",
                    help="weight each expert label by 1 + COEF x the policy's regret there "
                         "by the search's values (0 = every label alike)")
    sp.add_argument("--expert-search-value", type=float, default=0.0, metavar="W",
                    help="the critic learns (1 - W) x the return + W x the search's root "
                         "value on expert labels (0 = the returns alone)")
    sp.add_argument("--expert-gumbel", type=int, default=0, metavar="M",
                    help="the expert's search draws M root actions by Gumbel top-k and "
                         "labels with its policy target, softmax of logit + sigma(q) "
                         "(0 = PUCT, labels by visit shares)")
    sp.add_argument("--expert-cut", type=int, default=None, metavar="N",
                    help="the expert's playouts stop after N decisions at every player "
                         "count (default: where the game's search stops them)")
    sp.add_argument("--expert-playouts", choices=PLAYOUT_CHOICES, default="game",
                    help="the expert's playouts drawn by the game's playout policy (game) or "
                         "uniformly from the moves it searches (uniform)")
    sp.add_argument("--expert-fpu", choices=tuple(SWITCH_CHOICES), default="game",
                    help="the expert's first-play urgency: where the game's search uses it "
                         "(game), at every player count (on) or nowhere (off)")
    sp.add_argument("--expert-temp", type=float, default=None, metavar="T",
                    help="the expert's search reads the policy as its prior with its logits "
                         "divided by T (1 = as it is; above 1 softer; default the game's "
                         "at 2 players: " + ", ".join(
                             f"{g} {t:g}" for g, t in EXPERT_TEMPERATURE.items())
                         + ", else 1)")
    sp.add_argument("--expert-opponent", default="heuristic", metavar="AGENT",
                    help="who the student plays in expert rounds' games: heuristic (the "
                         "default), self (the student in every seat) or an agent such as "
                         "mcts:200")
    sp.add_argument("--workers", type=int, default=None, metavar="N",
                    help="processes the warm start plays its games in (default: every core)")
    sp.add_argument("--pfsp", type=float, default=0.0, metavar="EXPONENT",
                    help="prioritised fictitious self-play: weight snapshots by (1-p)^EXPONENT,"
                         " p the policy's score against each (0 = uniform)")
    sp.add_argument("--shaping", type=float, default=0.0, metavar="COEF",
                    help="potential-based reward shaping from the game's value kernel "
                         "(score differential), annealed away (0 = off)")
    sp.add_argument("--shaping-anneal", type=float, default=0.5, metavar="SHARE",
                    help="share of the timesteps over which shaping fades to 0 (0.5)")
    sp.add_argument("--ent-coef", type=float, default=None, metavar="COEF",
                    help="PPO entropy bonus (0 after a warm start, else 0.01)")
    sp.add_argument("--anchor", type=float, default=None, metavar="COEF",
                    help="KL penalty toward the warm-start policy (1.0 after a warm start, "
                         "else 0 = off)")
    sp.add_argument("--serial-update", action="store_true",
                    help="collect and update in turn (SB3's loop) instead of collecting the "
                         "next rollout while PPO updates (training/pipeline.py)")
    sp.add_argument("--no-tensorboard", action="store_true")
    sp.add_argument("--no-progress", action="store_true")
    from training.rllib.cli import add_arguments as rllib_arguments

    rllib_arguments(sp)
    sp.set_defaults(func=cmd_train)

    sp = add("eval", "one agent against opponents, with Wilson intervals")
    game_opts(sp)
    sp.add_argument("--agent", required=True)
    sp.add_argument("--opponents", default="random,heuristic")
    sp.add_argument("--games", type=positive_int, default=200, help="games per opponent")
    match_opts(sp, "eval")
    sp.set_defaults(func=cmd_eval)

    sp = add("tournament", "round robin over seat permutations")
    game_opts(sp)
    sp.add_argument("--agents", required=True, help="comma list, e.g. random,heuristic,mcts:200")
    sp.add_argument("--games", type=positive_int, default=100, help="games per lineup")
    match_opts(sp, "tournament")
    sp.set_defaults(func=cmd_tournament)

    sp = add("play", "play in the terminal against an agent")
    game_opts(sp)
    sp.add_argument("--opponent", default="heuristic")
    sp.add_argument("--seat", type=int, default=0)
    sp.add_argument("--save", default=None, help="save the game record (JSON) here")
    sp.set_defaults(func=cmd_play)

    sp = add("replay", "step through a saved game record")
    sp.add_argument("file")
    sp.add_argument("--line", type=positive_int, default=None, metavar="N",
                    help="the game on line N (from 1) of a games.jsonl written by "
                         "tournament or eval")
    sp.add_argument("--step", action="store_true", help="wait for Enter between moves")
    sp.add_argument("--viewer", type=int, default=None,
                    help="seat whose hidden cards are shown (default: none, a spectator)")
    sp.add_argument("--html", default=None, metavar="OUT.html",
                    help="write a self-contained HTML page to step through in a browser")
    sp.add_argument("--scale", type=positive_float, default=0.75,
                    help="picture size in the page (0.75)")
    sp.add_argument("--frame-format", choices=("webp", "png"), default="webp")
    sp.set_defaults(func=cmd_replay)

    sp = add("serve", "play against agents in a browser (a local web app)")
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (127.0.0.1: this machine only)")
    sp.add_argument("--port", type=int, default=8000)
    sp.add_argument("--games-dir", default="runs/serve",
                    help="folder the finished and abandoned games are saved in")
    sp.add_argument("--models-dir", default="runs",
                    help="folder model paths in agent specs (ppo:PATH) are looked up in")
    sp.add_argument("--max-tables", type=positive_int, default=32,
                    help="most games open at once (32)")
    sp.add_argument("--idle-timeout", type=positive_float, default=1800.0, metavar="SECONDS",
                    help="a game idle this long is saved and freed (1800)")
    sp.add_argument("--move-delay", type=float, default=0.4, metavar="SECONDS",
                    help="pause after each agent move so its move can be followed (0.4)")
    sp.set_defaults(func=cmd_serve)

    sp = add("demo", "short training + evaluation (make demo)")
    sp.add_argument("--out", default="runs/demo")
    sp.add_argument("--game", default=None)
    sp.add_argument("--timesteps", type=int, default=None)
    sp.add_argument("--games", type=positive_int, default=200,
                    help="evaluation games per match-up")
    sp.set_defaults(func=cmd_demo)

    sp = add("compile", "compile every game's kernels (and its agents') once, in parallel")
    sp.add_argument("games", nargs="*", help="games (default: every registered game)")
    sp.add_argument("--register", action="append", default=[], metavar="NAME=MODULE",
                    help="register a game module first (e.g. toy=tests.core.toy_game.env)")
    sp.add_argument("--jobs", type=int, default=0, help="processes (0 = one per core)")
    sp.set_defaults(func=cmd_compile)

    from benchmarks.side_by_side import add_arguments

    sp = add("bench", "speed of every registered game beside peer libraries (PettingZoo, "
                      "OpenSpiel, pgx)")
    add_arguments(sp)
    from benchmarks.search import add_arguments as add_search_arguments

    sp.add_argument("--search", action="store_true",
                    help="only the search benchmark (ISMCTS simulations/s, benchmarks/search.py)")
    sp.add_argument("--no-search", action="store_true", help="skip the search benchmark")
    add_search_arguments(sp)
    from benchmarks.strength import add_arguments as add_strength_arguments

    add_strength_arguments(sp)
    sp.set_defaults(func=cmd_bench)
    return p


def describe(err: BaseException) -> str:
    """One line saying what went wrong (and how to fix it, where that is known)."""
    from envs.core.errors import BroadsideError

    from training.extras import missing_extra

    if isinstance(err, ModuleNotFoundError):
        extra = missing_extra(err)
        if extra is not None:
            err = extra
    text = str(err.args[0]) if isinstance(err, KeyError) and err.args else str(err)
    text = " ".join(text.split("\n")[0].split()) or type(err).__name__
    if isinstance(err, (CliError, BroadsideError, ImportError)):
        return text
    if isinstance(err, FileNotFoundError):
        return f"no such file: {err.filename or text}"
    if isinstance(err, (ValueError, KeyError, OSError)):
        return text
    return f"{type(err).__name__}: {text} (unexpected: rerun with --debug and report the " \
           "traceback)"


def _exit_on_sigterm() -> None:
    """SIGTERM unwinds like Ctrl-C (worker processes are stopped, files closed)."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        def stop(signum, frame):
            raise SystemExit(128 + signum)

        signal.signal(signal.SIGTERM, stop)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as e:
        print(f"{e.prog}: error: {e} (see {e.prog} --help)", file=sys.stderr)
        return 2
    debug = getattr(args, "debug", False)
    _exit_on_sigterm()
    try:
        return args.func(args)
    except KeyboardInterrupt:
        if debug:
            raise
        print(f"\n{PROG} {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # every error becomes one line unless --debug
        if debug:
            raise
        print(f"{PROG} {args.command}: error: {describe(e)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
