"""Self-play training of one game with sb3-contrib MaskablePPO.

The loop (``Trainer.train``) alternates training chunks of ``eval_every`` timesteps with
evaluation and bookkeeping:

1. ``MaskablePPO.learn`` on a :class:`~training.selfplay_env.SelfPlayVecEnv` whose other
   seats are drawn from an :class:`~training.pool.OpponentPool`.
2. Evaluation of the greedy current policy against random, the game's heuristic and the
   newest snapshot (fixed seed per evaluation, so reruns agree); openskill ratings of every
   agent that ever played (``ratings.json``); TensorBoard scalars under ``eval/``.
3. Promotion: the policy joins the pool as a frozen snapshot (saved as
   ``snapshots/<name>.zip``) when its win rate against the newest snapshot reaches
   ``promote_threshold`` (default: the fair share 1/players plus 0.05).
4. A checkpoint (``checkpoint/``) holding everything needed to continue exactly where the
   run stopped: weights and optimiser, the games in flight, every random generator (torch,
   numpy, the pool's and each opponent's), snapshots, ratings and history. ``Trainer.resume``
   continues an interrupted run; training A+B steps straight and training A, stopping,
   resuming and training B give the same weights.

Chunks are whole PPO rollouts (``eval_every`` is rounded up to ``num_envs * n_steps``), so
chunking does not change the algorithm.

Opt-in levers (each measured in benchmarks/TRAINING.md): ``imitate`` games of the heuristic
behaviour-cloned into the fresh policy before PPO (training/imitation.py; its time counts as
training time), ``pfsp`` prioritised fictitious self-play over the snapshots
(training/pool.py), and ``shaping`` potential-based reward shaping from the game's value
kernel, annealed to 0 over ``shaping_anneal`` of the timesteps (training/shaping.py), and
``anchor`` a KL penalty holding PPO near the warm-start policy, the pool's first snapshot
(training/anchor.py).
``train_cpu_seconds`` is the process CPU time spent training (imitation + PPO), the clock
that compares runs on a shared machine.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from agents.policy import model_game_entry
from training.pool import DEFAULT_WEIGHTS, OpponentPool, parse_weights
from training.adam import adopt
from training import masked_softmax
from training.ratings import Ratings
from training.rollout_buffer import install as install_buffer
from training.selfplay_env import SelfPlayVecEnv


@dataclass
class TrainConfig:
    """Everything that defines a training run (saved with its checkpoints)."""

    game: str = "havoc"
    timesteps: int = 100_000
    game_config: dict = field(default_factory=dict)
    seed: int = 0
    num_envs: int = 32
    n_steps: int = 128
    batch_size: int = 1024
    n_epochs: int = 4
    learning_rate: float = 1e-3
    gamma: float = 0.99
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    clip_range: float = 0.2
    net_arch: tuple = (128, 128)
    opponents: dict = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    max_snapshots: int = 8
    eval_every: int = 20_000
    eval_games: int = 100
    eval_envs: int = 64
    #: play the evaluation games in the reply kernel (training/evaluate.py
    #: ``play_games_fast``: every game in flight at once, one kernel call per opponent);
    #: False plays them lock-step from Python over ``eval_envs`` games (``play_games``)
    eval_kernel: bool = True
    promote_threshold: float | None = None
    #: imitation warm start (training/imitation.py): games of the heuristic to clone before
    #: PPO (0 = off), epochs over them, and the cloning learning rate
    imitate: int = 0
    imitate_epochs: int = 4
    imitate_lr: float = 1e-3
    #: who labels the DAgger rounds of the warm start: "heuristic" or a search "mcts:N"
    teacher: str = "heuristic"
    #: processes the warm start's games are played in (training/imitation.py
    #: ``collect_parallel``; 1 = this process)
    imitate_workers: int = 1
    #: expert iteration after the warm start (training/expert.py): rounds (0 = off), games
    #: a round, PUCT simulations a label, rounds of labels trained on, epochs, learning rate
    expert_rounds: int = 0
    expert_games: int = 100
    expert_sims: int = 400
    expert_window: int = 4
    expert_epochs: int = 3
    expert_lr: float = 3e-4
    #: a label's loss weight is 1 + this x the policy's regret there by the search's values
    #: (training/imitation.py ``collect``; 0 = every label alike)
    expert_regret: float = 0.0
    #: the critic learns (1 - this) x the discounted return + this x the search's root value
    #: on expert labels (training/imitation.py ``clone``; 0 = the returns alone)
    expert_search_value: float = 0.0
    #: the expert's search has a Gumbel root over this many actions and labels with its
    #: policy target (training/expert.py; 0 = PUCT, labels its visit shares)
    expert_gumbel: int = 0
    #: the expert's playouts stop after this many decisions at every player count (None:
    #: where the game's search stops them, agents.mcts.default_rollout)
    expert_cut: int | None = None
    #: the expert's playouts drawn by the game's playout policy ("game") or uniformly
    #: ("uniform"); its first-play urgency where the game uses it ("game"), "on" or "off"
    #: at every count (training/expert.py ``teacher_spec``)
    expert_playouts: str = "game"
    expert_fpu: str = "game"
    #: the expert's search reads the policy as its prior at this temperature (its logits
    #: divided by it: agents.mcts.soften; 1 = as it is)
    expert_temperature: float = 1.0
    #: who the student meets in expert rounds' games: "heuristic", "self" (the student in
    #: every seat) or an agent spec such as "mcts:200" (training/expert.py)
    expert_opponent: str = "heuristic"
    #: prioritised fictitious self-play exponent over the snapshots (training/pool.py; 0 =
    #: uniform)
    pfsp: float = 0.0
    #: opt-in potential-based reward shaping from the game's value kernel (training/
    #: shaping.py): starting coefficient (0 = off), annealed to 0 over this share of timesteps
    shaping: float = 0.0
    shaping_anneal: float = 0.5
    #: coefficient of KL(warm-start policy || policy) added to PPO's loss (training/
    #: anchor.py; 0 = off)
    anchor: float = 0.0
    #: numba threads for the game kernels: batches of tens of games are too small to pay for
    #: a parallel launch (and on a busy machine a launch can cost milliseconds)
    numba_threads: int = 1
    #: torch intra-op threads: one by default, as the networks are small and a second thread
    #: fights the game kernels and any other process for the 2 cores (0 = torch's default)
    torch_threads: int = 1
    #: the first layers of the actor and critic read only non-zero observation features
    #: (training/sparse_input.py): the same sums, most of the PPO update's arithmetic saved
    sparse_input: bool = True
    #: collect the next rollout in a second thread while PPO updates on this one
    #: (training/pipeline.py: both cores busy, at a policy lag of one update)
    pipeline: bool = True
    run_dir: str = "runs/train"
    tensorboard: bool = True
    progress: bool = True
    verbose: int = 0

    @property
    def rollout_size(self) -> int:
        return self.num_envs * self.n_steps

    def chunk(self) -> int:
        """Timesteps per training chunk: ``eval_every`` rounded up to whole rollouts."""
        r = self.rollout_size
        return max(r, -(-self.eval_every // r) * r)

    def expert_teacher(self) -> str:
        """The search that labels the expert rounds, as an agent spec (before the policy is
        its prior): training/expert.py ``teacher_spec``."""
        from training.expert import teacher_spec

        return teacher_spec(self.expert_sims, self.expert_gumbel, self.expert_cut,
                            self.expert_playouts, self.expert_fpu)

    def to_json(self) -> dict:
        d = dataclasses.asdict(self)
        d["net_arch"] = list(self.net_arch)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "TrainConfig":
        d = dict(d)
        d["net_arch"] = tuple(d.get("net_arch", (128, 128)))
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


#: the labels of the last expert rounds, kept while the warm start runs (``Trainer.resume``)
EXPERT_LABELS = "expert_labels"
#: what a training run writes into its folder (``clear_run`` removes exactly these)
RUN_ARTEFACTS = ("checkpoint", "checkpoint.tmp", "checkpoint.old", "snapshots", "tb",
                 "model.zip", "expert.zip", EXPERT_LABELS, "history.json", "ratings.json",
                 "learning_curve.png", "demo.json")


def run_artefacts(run_dir) -> list[str]:
    """The artefacts of an earlier run found in ``run_dir`` (empty: a fresh folder)."""
    return [a for a in RUN_ARTEFACTS if (Path(run_dir) / a).exists()]


def clear_run(run_dir) -> None:
    """Remove an earlier run's artefacts from ``run_dir`` (nothing else in it)."""
    for a in run_artefacts(run_dir):
        p = Path(run_dir) / a
        shutil.rmtree(p) if p.is_dir() else p.unlink()


class Trainer:
    """A self-play run in ``cfg.run_dir`` (see the module docstring)."""

    def __init__(self, cfg: TrainConfig, _model_path=None):
        import torch
        from sb3_contrib import MaskablePPO

        self.cfg = cfg
        cfg.opponents = parse_weights(cfg.opponents)
        self.run_dir = Path(cfg.run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        import numba

        numba.set_num_threads(max(1, min(cfg.numba_threads, numba.config.NUMBA_NUM_THREADS)))
        if cfg.torch_threads:
            torch.set_num_threads(cfg.torch_threads)
        # SB3 builds a Categorical per step; validating its arguments costs more than the math
        torch.distributions.Distribution.set_default_validate_args(False)
        torch.manual_seed(cfg.seed)
        np.random.seed(cfg.seed % 2**32)
        self.pool = OpponentPool(cfg.game, cfg.opponents, seed=cfg.seed,
                                 max_snapshots=cfg.max_snapshots, pfsp=cfg.pfsp)
        self.env = SelfPlayVecEnv(cfg.game, cfg.num_envs, self.pool, seed=cfg.seed,
                                  config=cfg.game_config)
        if cfg.shaping < 0 or not 0 <= cfg.shaping_anneal <= 1:
            raise ValueError(f"shaping={cfg.shaping}, shaping_anneal={cfg.shaping_anneal}: "
                             "give a coefficient >= 0 and an anneal share in [0, 1]")
        if cfg.shaping > 0:
            self.env.enable_shaping(cfg.gamma)
        self.num_players = int(self.env.vec.states["num_players"][0])
        kwargs = dict(n_steps=cfg.n_steps, batch_size=cfg.batch_size, n_epochs=cfg.n_epochs,
                      learning_rate=cfg.learning_rate, gamma=cfg.gamma,
                      gae_lambda=cfg.gae_lambda, ent_coef=cfg.ent_coef,
                      clip_range=cfg.clip_range, seed=cfg.seed, device="cpu",
                      verbose=cfg.verbose)
        if _model_path is None:
            import envs
            from agents.scored_policy import policy_kwargs

            policy, pkw = policy_kwargs(envs.spec(cfg.game), cfg.net_arch)
            self.model = MaskablePPO(policy, self.env, policy_kwargs=pkw, **kwargs)
        else:
            self.model = MaskablePPO.load(str(_model_path), env=self.env, device="cpu")
        # saved inside every model.zip / expert.zip / snapshot: eval, tournament and play use
        # the game the model was trained on unless told otherwise
        self.model.broadside_game = model_game_entry(cfg.game, cfg.game_config)
        self._set_logger()
        install_buffer(self.model)
        _no_sample_copy(self.model.rollout_buffer)
        adopt(self.model.policy.optimizer)
        masked_softmax.install(self.model.policy)
        if cfg.sparse_input:
            from training import live_rows
            from training.sparse_input import compress_rollouts, enable, reads_rows_only

            enable(self.model.policy)
            compress_rollouts(self.model.rollout_buffer,
                              rows_only=reads_rows_only(self.model.policy))
            live_rows.install(self.model)
        self.pool.set_current(self.model.policy)
        #: the frozen copy a pipelined collection plays with (``_learn``), made on first use
        self._behavior = None
        self.ratings = Ratings()
        self.history: list[dict] = []
        self.evals_done = 0
        self.train_seconds = 0.0
        #: CPU seconds of this process in training (imitation + PPO, no evaluation): the fair
        #: clock on a machine shared with other jobs
        self.train_cpu_seconds = 0.0
        #: wall seconds of the imitation warm start (part of ``train_seconds``; no self-play
        #: steps in it, so the throughput figures leave it out)
        self.imitation_seconds = 0.0
        self.imitation: dict | None = None
        #: the KL penalty toward the warm-start policy (training/anchor.py), or None
        self.anchor = None
        #: expert rounds done; a checkpoint written during the warm start (no snapshot in
        #: the pool yet) resumes it (``resume``)
        self.expert_done = 0
        if _model_path is None:
            if cfg.imitate > 0:
                self._imitate()
                if cfg.expert_rounds > 0:
                    self.save_checkpoint()      # 5 minutes of work a resume need not redo
            if cfg.expert_rounds > 0:
                self._expert()
            self._finish_warm_start()

    def _finish_warm_start(self) -> None:
        """The warm-start policy becomes snapshot_0 and the anchor's reference; the expert
        labels kept for a resume are no longer needed."""
        self._promote("snapshot_0")
        self._attach_anchor()
        shutil.rmtree(self.run_dir / EXPERT_LABELS, ignore_errors=True)

    def _imitate(self) -> None:
        """Behaviour-clone the heuristic into the fresh policy (training/imitation.py); its
        time counts as training time, so curves against time stay comparable."""
        from training.imitation import warm_start
        from training.progress import Progress

        cfg = self.cfg
        t0, c0 = time.perf_counter(), time.process_time()

        def bar(total):
            return Progress(total, f"{cfg.game} imitation (heuristic games, then DAgger)",
                            enabled=cfg.progress)

        self.imitation = warm_start(self.model.policy, cfg.game, cfg.imitate,
                                    config=cfg.game_config, seed=cfg.seed,
                                    epochs=cfg.imitate_epochs, gamma=cfg.gamma,
                                    lr=cfg.imitate_lr, teacher=cfg.teacher,
                                    workers=cfg.imitate_workers, progress=bar)
        self._count_warm_start(t0, c0, self.imitation["worker_cpu_seconds"])

    def _expert(self, recent=None) -> None:
        """Expert iteration after the warm start (training/expert.py), from round
        ``expert_done`` on, counted as warm-start time; after each round its policy plays
        ``eval_games`` games against the heuristic (not counted) and is saved as
        ``expert.zip``, and the run checkpoints with the labels of the rounds the next
        round still trains on (``expert_labels/``)."""
        from training.expert import expert_iteration
        from training.progress import Progress

        cfg = self.cfg
        mark = [time.perf_counter(), time.process_time()]
        bar = Progress(cfg.expert_rounds * cfg.expert_games,
                       f"{cfg.game} expert iteration "
                       f"({cfg.expert_teacher()} labels)",
                       initial=self.expert_done * cfg.expert_games, enabled=cfg.progress)

        def after(entry, labels):
            self._count_warm_start(mark[0], mark[1], entry["worker_cpu_seconds"])
            entry["train_seconds"] = round(self.train_seconds, 3)
            vs = self._vs_heuristic(1000 + entry["round"])
            if vs is not None:
                entry["vs_heuristic"] = vs
            self.model.save(str(self.run_dir / "expert.zip"), exclude=["env"])
            self.imitation = dict(self.imitation or {})
            self.imitation["expert"] = self.imitation.get("expert", []) + [entry]
            self.expert_done = entry["round"]
            self._keep_labels(entry["round"], labels)
            self.save_checkpoint()
            self._drop_labels(before=entry["round"] - cfg.expert_window + 1)
            bar.note = f"round {entry['round']}/{cfg.expert_rounds} done"
            self.print(f"expert round {entry['round']}/{cfg.expert_rounds}: "
                       f"{entry['labels']} labels, the search agreed with the policy on "
                       f"{entry['agreement_before']:.1%}" + ("" if vs is None else
                       f"; vs heuristic {vs['win_rate']:.1%}"))
            mark[:] = [time.perf_counter(), time.process_time()]

        with bar:
            expert_iteration(self.model.policy, cfg.game, cfg.expert_rounds, cfg.expert_games,
                             cfg.expert_sims, config=cfg.game_config, seed=cfg.seed,
                             epochs=cfg.expert_epochs, lr=cfg.expert_lr,
                             window=cfg.expert_window, workers=cfg.imitate_workers,
                             gamma=cfg.gamma, after_round=after, start=self.expert_done,
                             recent=recent, regret=cfg.expert_regret,
                             gumbel=cfg.expert_gumbel, progress=bar,
                             value_from_search=cfg.expert_search_value, cut=cfg.expert_cut,
                             temperature=cfg.expert_temperature,
                             opponent=cfg.expert_opponent, playouts=cfg.expert_playouts,
                             fpu=cfg.expert_fpu)

    def _keep_labels(self, round_no: int, labels) -> None:
        """Write round ``round_no``'s labels for a resume (atomically)."""
        folder = self.run_dir / EXPERT_LABELS
        folder.mkdir(exist_ok=True)
        tmp = folder / "round.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(labels, f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(folder / f"round_{round_no:04d}.pkl")

    def _drop_labels(self, before: int) -> None:
        """Remove the kept labels of rounds before ``before`` (out of the window; only once
        the checkpoint that no longer needs them is written)."""
        for old in (self.run_dir / EXPERT_LABELS).glob("round_*.pkl"):
            if int(old.stem.split("_")[1]) < before:
                old.unlink()

    def _kept_labels(self) -> list:
        """The labels of the last ``expert_window`` rounds up to ``expert_done``."""
        out = []
        for r in range(max(1, self.expert_done - self.cfg.expert_window + 1),
                       self.expert_done + 1):
            path = self.run_dir / EXPERT_LABELS / f"round_{r:04d}.pkl"
            if not path.exists():
                raise FileNotFoundError(f"{path}: the labels of expert round {r}, which the "
                                        "resumed warm start trains on, are missing")
            from training.imitation import Demonstrations

            out.append(_unpickle(path, Demonstrations, f"the labels of expert round {r}"))
        return out

    def _count_warm_start(self, t0: float, c0: float, worker_cpu: float) -> None:
        """Add the warm start's time since ``t0`` (wall) and ``c0`` (this process's CPU),
        plus its worker processes' CPU, to the training clocks."""
        wall = time.perf_counter() - t0
        self.imitation_seconds += wall
        self.train_seconds += wall
        self.train_cpu_seconds += time.process_time() - c0 + worker_cpu

    def _vs_heuristic(self, key: int) -> dict | None:
        """The greedy policy against the heuristic in every other seat, ``eval_games``
        games (None for a game without a heuristic)."""
        from agents.policy import PolicyAgent
        from training.evaluate import tally

        opp = self._heuristic()
        if opp is None:
            return None
        me = PolicyAgent(self.model.policy, deterministic=True)
        return tally(self._eval_games(me, opp, self.cfg.seed * 1000 + key), 0).as_dict()

    def _heuristic(self):
        """The game's heuristic as an evaluation opponent, or None when it has none."""
        from agents import heuristic

        try:
            return heuristic.make(self.cfg.game, seed=self.cfg.seed + 11)
        except KeyError:
            return None

    def _eval_games(self, me, opp, seed: int) -> list:
        """``eval_games`` games of ``me`` against ``opp`` in every other seat (its seat
        rotating), in the reply kernel with ``eval_kernel``, else lock-step from Python."""
        from training.evaluate import play_games, play_games_fast, seatings_vs

        cfg = self.cfg
        play = play_games_fast if cfg.eval_kernel else play_games
        return play(cfg.game, [me, opp], seatings_vs(self.num_players, cfg.eval_games),
                    seed=seed, config=cfg.game_config, num_envs=cfg.eval_envs)

    # -- the loop --------------------------------------------------------------------------
    @property
    def timesteps(self) -> int:
        return int(self.model.num_timesteps)

    def train(self, until: int | None = None, callback=None) -> dict:
        """Train to ``until`` timesteps (default ``cfg.timesteps``); evaluate, promote and
        checkpoint after every chunk. Returns the last evaluation record."""
        target = self.cfg.timesteps if until is None else int(until)
        if not self.history:
            self.evaluate(promote=False)   # the untrained baseline: the curve's first point
        from training.progress import Progress

        bar = Progress(target, f"{self.cfg.game} self-play", unit="step",
                       initial=self.timesteps, enabled=self.cfg.progress)
        self._bar = bar
        last = self.history[-1]
        try:
            while self.timesteps < target:
                step = min(self.cfg.chunk(), target - self.timesteps)
                t0, c0 = time.perf_counter(), time.process_time()
                self._learn(step, _BarCallback(bar, self))
                self.train_seconds += time.perf_counter() - t0
                self.train_cpu_seconds += time.process_time() - c0
                last = self.evaluate()
                if callback is not None:
                    callback(self, last)
                self.save_checkpoint()
        finally:
            bar.close()
            self._bar = None
        return last

    def _learn(self, step: int, callback) -> None:
        """``step`` more PPO timesteps, pipelined (training/pipeline.py) unless turned off."""
        if not self.cfg.pipeline:
            self.model.learn(total_timesteps=step, reset_num_timesteps=False,
                             callback=callback, log_interval=1)
            return
        from training import pipeline

        if self._behavior is None:
            self._behavior = pipeline.behavior_copy(self.model)
        self.pool.set_current(self._behavior)     # the live weights move under the update
        pipeline.learn(self.model, step, self._behavior, callback=callback, log_interval=1)

    def print(self, text: str) -> None:
        """Print a line without breaking the progress bar."""
        con = self._bar.console if getattr(self, "_bar", None) is not None else None
        if con is not None:
            con.print(text)
        else:
            print(text, flush=True)

    def evaluate(self, promote: bool = True) -> dict:
        """Greedy current policy vs random, heuristic and the newest snapshot; rate, promote.

        With ``eval_kernel`` (default) the games run in the reply kernel, every game in
        flight at once (training/evaluate.py ``play_games_fast``; an opponent without a
        kernel path falls back to lock-step ``play_games`` over ``eval_envs`` games). The
        random and heuristic opponents then draw from the kernel's streams, not from their
        generators, and the record keys are the same either way."""
        from agents.policy import PolicyAgent
        from agents.random_agent import RandomAgent
        from training.evaluate import tally

        cfg = self.cfg
        name = f"step_{self.timesteps}"
        me = PolicyAgent(self.model.policy, deterministic=True, name=name)
        opponents = {"random": RandomAgent(seed=cfg.seed + 7)}
        opp = self._heuristic()
        if opp is not None:
            opponents["heuristic"] = opp
        newest = self.pool.snapshots[-1]
        opponents[newest.name] = PolicyAgent(newest.policy, deterministic=True, name=newest.name)
        record = {"timesteps": self.timesteps, "name": name,
                  "train_seconds": round(self.train_seconds, 3),
                  "train_cpu_seconds": round(self.train_cpu_seconds, 3)}
        if not self.history and self.imitation is not None:
            record["imitation"] = self.imitation
        record.update(self._train_stats())
        seed = cfg.seed * 1000 + self.evals_done
        for key, opp in opponents.items():
            res = self._eval_games(me, opp, seed)
            st = tally(res, 0)
            label = "snapshot" if key == newest.name else key
            record[f"vs_{label}"] = dict(st.as_dict(), opponent=key)
            self.ratings.update_results(res, [name, key])
            self.model.logger.record(f"eval/win_rate_vs_{label}", st.win_rate)
        threshold = self.promote_threshold
        promoted = promote and record["vs_snapshot"]["win_rate"] >= threshold
        record["promoted"] = bool(promoted)
        if promoted:
            self._promote(name)
        record["pool"] = [s.name for s in self.pool.snapshots]
        for row in self.ratings.leaderboard():
            if row["name"] == name:
                record["ordinal"] = row["ordinal"]
                self.model.logger.record("eval/openskill_ordinal", row["ordinal"])
        self.model.logger.record("eval/promoted", int(promoted))
        self.model.logger.dump(step=self.timesteps)
        self.history.append(record)
        self.evals_done += 1
        self.ratings.save(self.run_dir / "ratings.json")
        (self.run_dir / "history.json").write_text(json.dumps(self.history, indent=2))
        return record

    @property
    def promote_threshold(self) -> float:
        if self.cfg.promote_threshold is not None:
            return float(self.cfg.promote_threshold)
        return 1.0 / self.num_players + 0.05

    def _promote(self, name: str) -> None:
        self.pool.add_snapshot(self.model.policy, name)
        snap_dir = self.run_dir / "snapshots"
        snap_dir.mkdir(exist_ok=True)
        self.model.save(str(snap_dir / f"{name}.zip"), exclude=["env"])

    def _train_stats(self) -> dict:
        env = self.env
        buf = self.model.ep_info_buffer or []
        wall = self.train_seconds - self.imitation_seconds     # PPO's time
        out = {
            "learner_steps": self.timesteps,
            "opponent_steps": env.opponent_steps,
            "games_finished": env.games_finished,
            # (nothing trained yet at the baseline evaluation)
            "env_steps_per_s": (self.timesteps + env.opponent_steps) / wall if wall else 0.0,
            # game kernels, counting all of the opponent kernel (which also runs the
            # opponents' networks): an upper bound
            "env_kernel_share": (env.kernel_seconds + env.reply_kernel_seconds) / wall
            if wall else 0.0,
            "reply_kernel_share": env.reply_kernel_seconds / wall if wall else 0.0,
            # opponents moved from Python (a heuristic without a kernel, any Python agent)
            "opponent_share": env.opponent_seconds / wall if wall else 0.0,
        }
        if self.cfg.shaping > 0:
            out["shaping_coef"] = env.shaping_coef
        if self.anchor is not None:
            out["anchor_kl"] = self.anchor.last_kl
        if len(buf):
            out["ep_rew_mean"] = float(np.mean([e["r"] for e in buf]))
            out["ep_len_mean"] = float(np.mean([e["l"] for e in buf]))
        return out

    def _attach_anchor(self) -> None:
        """The KL penalty toward the pool's first snapshot (the warm-start policy)."""
        self.anchor = None
        if self.cfg.anchor > 0:
            from training.anchor import Anchor

            start = self.pool.snapshots[0].policy
            masked_softmax.install(start)     # its probabilities, once per rollout
            if self.cfg.sparse_input:
                from training.sparse_input import enable

                enable(start)     # its forward per minibatch: 4-5x cheaper, the same sums
            self.anchor = Anchor(self.model, start, self.cfg.anchor)

    # -- saving ----------------------------------------------------------------------------
    def save_model(self, path=None) -> Path:
        path = Path(path or self.run_dir / "model.zip")
        self.model.save(str(path), exclude=["env"])
        return path

    def save_checkpoint(self) -> Path:
        """Write ``checkpoint/`` atomically (a half-written checkpoint never replaces one)."""
        import torch

        final = self.run_dir / "checkpoint"
        tmp = self.run_dir / "checkpoint.tmp"
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir()
        self.model.save(str(tmp / "model.zip"), exclude=["env"])
        env = self.env
        blob = {
            "config": self.cfg.to_json(),
            "num_timesteps": self.model.num_timesteps,
            "episode_num": self.model._episode_num,
            "last_obs": self.model._last_obs,
            "last_episode_starts": self.model._last_episode_starts,
            "ep_info_buffer": list(self.model.ep_info_buffer or []),
            "ep_success_buffer": list(self.model.ep_success_buffer or []),
            "env": env.state_dict(),
            "pool": self.pool.state_dict(),
            "agents_rng": _agent_rngs(self.pool),
            "torch_rng": torch.get_rng_state(),
            "numpy_rng": np.random.get_state(),
            "ratings": self.ratings.to_json(),
            "history": self.history,
            "evals_done": self.evals_done,
            "train_seconds": self.train_seconds,
            "train_cpu_seconds": self.train_cpu_seconds,
            "imitation_seconds": self.imitation_seconds,
            "imitation": self.imitation,
            "expert_done": self.expert_done,
        }
        with open(tmp / "state.pkl", "wb") as f:
            pickle.dump(blob, f)
        (tmp / "config.json").write_text(json.dumps(self.cfg.to_json(), indent=2))
        if final.exists():
            old = self.run_dir / "checkpoint.old"
            if old.exists():
                shutil.rmtree(old)
            final.rename(old)
            tmp.rename(final)
            shutil.rmtree(old)
        else:
            tmp.rename(final)
        return final

    @classmethod
    def resume(cls, run_dir, **overrides) -> "Trainer":
        """Continue the run saved in ``run_dir/checkpoint`` (``overrides``: e.g. timesteps).
        A checkpoint of the warm start (after the imitation or an expert round) first plays
        the remaining expert rounds, from the labels kept in ``expert_labels/``."""
        import torch

        ck = Path(run_dir) / "checkpoint"
        if not (ck / "state.pkl").exists():
            raise FileNotFoundError(f"no checkpoint in {run_dir}")
        blob = _unpickle(ck / "state.pkl", dict, "the checkpoint's state")
        d = dict(blob["config"])
        d.update(overrides)
        d["run_dir"] = str(run_dir)
        cfg = TrainConfig.from_json(d)
        self = cls(cfg, _model_path=ck / "model.zip")
        m = self.model
        m.num_timesteps = blob["num_timesteps"]
        m._episode_num = blob["episode_num"]
        m._last_obs = blob["last_obs"]
        m._last_episode_starts = blob["last_episode_starts"]
        from collections import deque

        m.ep_info_buffer = deque(blob["ep_info_buffer"], maxlen=m._stats_window_size)
        m.ep_success_buffer = deque(blob["ep_success_buffer"], maxlen=m._stats_window_size)
        self.env.load_state_dict(blob["env"])
        self.pool.load_state_dict(blob["pool"], m.policy)
        self.pool.set_current(m.policy)
        _set_agent_rngs(self.pool, blob["agents_rng"])
        torch.set_rng_state(blob["torch_rng"])
        np.random.set_state(blob["numpy_rng"])
        self.ratings = Ratings.from_json(blob["ratings"])
        self.history = blob["history"]
        self.evals_done = blob["evals_done"]
        self.train_seconds = blob["train_seconds"]
        self.train_cpu_seconds = blob.get("train_cpu_seconds", 0.0)
        self.imitation_seconds = blob.get("imitation_seconds", 0.0)
        self.imitation = blob.get("imitation")
        self.expert_done = blob.get("expert_done", 0)
        if self.pool.snapshots:
            self._attach_anchor()
        else:                # stopped before snapshot_0: go on with the warm start's rounds
            self.print(f"resuming the warm start after expert round {self.expert_done}/"
                       f"{cfg.expert_rounds}")
            if self.expert_done < cfg.expert_rounds:
                self._expert(recent=self._kept_labels())
            self._finish_warm_start()
        return self

    def _set_logger(self) -> None:
        from stable_baselines3.common.logger import configure

        formats = ["tensorboard"] if self.cfg.tensorboard else []
        if self.cfg.verbose:
            formats.append("stdout")
        # one subfolder per run (named after the run folder): TensorBoard lists runs side by
        # side, and a resumed run appends to its own
        self.model.set_logger(configure(str(self.tb_dir), formats))

    @property
    def tb_dir(self) -> Path:
        """Where this run's TensorBoard event files go: ``<run_dir>/tb/<run name>``."""
        return self.run_dir / "tb" / (self.run_dir.resolve().name or "run")


def _unpickle(path: Path, kind: type, what: str):
    """The ``kind`` object pickled in ``path`` (a run folder's own file); a truncated or
    foreign file raises a ValueError naming it instead of whatever unpickling hits."""
    try:
        with open(path, "rb") as f:
            got = pickle.load(f)
    except FileNotFoundError:
        raise
    except Exception as e:             # unpickling a damaged file can raise almost anything
        raise ValueError(f"{path}: cannot read {what} ({type(e).__name__}: {e}); the run "
                         "cannot resume from it") from e
    if not isinstance(got, kind):
        raise ValueError(f"{path}: {what} holds a {type(got).__name__}, not a "
                         f"{kind.__name__}; the run cannot resume from it")
    return got


def _no_sample_copy(buffer) -> None:
    """Minibatches wrap their arrays instead of copying them again: the rollout buffer's
    samples are already fresh copies (fancy indexing), and a second copy of a 1,024-row
    observation batch costs more than a sparse first layer."""
    from functools import partial

    buffer.to_torch = partial(type(buffer).to_torch, buffer, copy=False)


def _agent_rngs(pool: OpponentPool) -> dict:
    out = {"random": pool.random.rng.bit_generator.state}
    if pool.heuristic is not None and hasattr(pool.heuristic, "rng"):
        out["heuristic"] = pool.heuristic.rng.bit_generator.state
    if pool.current is not None and pool.current._gen is not None:
        out["current"] = pool.current._gen.get_state()
    out["snapshots"] = [s._gen.get_state() if s._gen is not None else None
                        for s in pool.snapshots]
    return out


def _set_agent_rngs(pool: OpponentPool, d: dict) -> None:
    pool.random.rng.bit_generator.state = d["random"]
    if "heuristic" in d and pool.heuristic is not None:
        pool.heuristic.rng.bit_generator.state = d["heuristic"]
    if "current" in d:
        import torch

        pool.current._gen = torch.Generator()
        pool.current._gen.set_state(d["current"])
    for snap, st in zip(pool.snapshots, d["snapshots"]):
        if st is not None:
            import torch

            snap._gen = torch.Generator()
            snap._gen.set_state(st)


class _BarCallback:
    """Advance a progress bar by the timesteps of each vectorised step, and anneal the
    shaping coefficient once per rollout (SB3 callback)."""

    def __new__(cls, bar, trainer=None):
        from stable_baselines3.common.callbacks import BaseCallback

        class _CB(BaseCallback):
            def _on_step(self_inner) -> bool:
                bar.update(self_inner.training_env.num_envs)
                return True

            def _on_rollout_start(self_inner) -> None:
                if trainer is not None and trainer.cfg.shaping > 0:
                    from training.shaping import coefficient

                    c = trainer.cfg
                    trainer.env.shaping_coef = coefficient(c.shaping, c.shaping_anneal,
                                                           trainer.timesteps, c.timesteps)

        return _CB()
