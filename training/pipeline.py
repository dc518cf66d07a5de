"""PPO with the next rollout collected while the update runs: both cores busy (issue 12).

MaskablePPO alternates: collect a rollout with the policy, then update the policy on it; on
2-player Seas of Havoc the update is about two thirds of the time and the collection a third
(benchmarks/TRAINING.md), so on a 2-core machine one core idles either way. :func:`learn`
runs them side by side: while the main thread updates the policy on rollout k, a second
thread collects rollout k+1 with a frozen copy of the weights the update started from
(``behavior``). Both threads spend their time in code that releases the GIL (torch
operators, the ``nogil`` game and opponent kernels, the sparse first layers).

The price is a policy lag of one update, as in asynchronous PPO (APPO, IMPALA's actors):
rollout k+1 comes from the weights before update k, not after it. Plain PPO on such a
rollout clips its ratio around the collecting weights, which the update has already moved
away from: measured on the demo's training, that lost 8 points of the win rate against
random at equal steps (benchmarks/TRAINING.md). So each lagged rollout is trained with
decoupled PPO (Hilton et al. 2021, "Batch size-invariance for policy optimization"): the
trust region is taken around the weights the update starts from (the proximal policy: the
rollout's stored log-probabilities are replaced by theirs), and each sample's advantage is
reweighted from the collecting policy to the proximal one by the importance weight
``min(1, pi_prox(a) / pi_behaviour(a))`` (truncated at 1 as IMPALA's V-trace does, so one
unlikely action cannot dominate a minibatch). The advantages and returns come from the
critic that collected the rollout. Within one ``learn`` call the first rollout is
collected and the last update run alone, so every call ends with the policy trained on
everything it collected: the trainer's evaluations and checkpoints see the same state as
without the pipeline, and a resumed run reproduces an uninterrupted one.

The opponent pool's ``self`` member plays with ``behavior`` too (the live policy's weights
move under the update thread); it is re-exported to the opponent kernel whenever its
weights are refreshed.
"""

from __future__ import annotations

import copy
import threading

import numpy as np
import torch

from training.sparse_input import carrying_rollout_rows

#: truncation of the importance weight from the collecting to the proximal policy
MAX_IMPORTANCE = 1.0


def behavior_copy(model):
    """A frozen copy of ``model.policy`` (same class and weights, no gradients) for the
    collecting thread, refreshed before each collection."""
    from agents.policy import copy_policy

    policy = copy_policy(model.policy)
    for p in policy.parameters():
        p.requires_grad_(False)
    policy.set_training_mode(False)
    return policy


def _spare_buffer(model):
    """A second rollout buffer like ``model.rollout_buffer`` for the collecting thread."""
    from training.rollout_buffer import like

    return like(model.rollout_buffer)


def _take_rollout(dst, src) -> None:
    """Exchange the buffers' arrays: ``dst`` (the buffer PPO trains on, whose patched
    ``get``/``to_torch`` the anchor and the trainer installed stay) gets the collected
    rollout, ``src`` the arrays of the one trained on, which its next collection reuses
    (training/rollout_buffer.py) and never shares with ``dst``."""
    theirs = {k: v for k, v in vars(src).items() if not callable(v)}
    for k, v in vars(dst).items():
        if not callable(v) and k in theirs:
            setattr(src, k, v)
    for k, v in theirs.items():
        setattr(dst, k, v)


def decouple(model) -> None:
    """Prepare the lagged rollout in ``model.rollout_buffer`` for decoupled PPO (module
    docstring): its log-probabilities become the current policy's, its advantages are
    reweighted by the truncated importance weight to it. Runs before ``model.train``."""
    buf = model.rollout_buffer
    steps, envs = buf.log_probs.shape
    flat = buf.swap_and_flatten      # env-major rows: a view of an EnvMajorRolloutBuffer's
    obs = carrying_rollout_rows(buf, torch.as_tensor(flat(buf.observations)))
    with torch.no_grad():
        _, logp, _ = model.policy.evaluate_actions(
            obs,
            torch.as_tensor(flat(buf.actions).reshape(-1)),
            action_masks=flat(buf.action_masks))
    prox = logp.numpy().reshape(envs, steps).T.astype(buf.log_probs.dtype)
    weight = np.minimum(np.exp(prox - buf.log_probs), MAX_IMPORTANCE)
    buf.advantages = (buf.advantages * weight).astype(buf.advantages.dtype)
    buf.log_probs = prox


class _Collector:
    """Collects one rollout with ``behavior`` into a spare buffer, in a thread."""

    def __init__(self, model, behavior, callback):
        self.model = model
        self.behavior = behavior
        self.callback = callback
        self.buffer = _spare_buffer(model)
        self.ok = True
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self, background: bool) -> None:
        self.behavior.load_state_dict(self.model.policy.state_dict())
        if background:
            self._thread = threading.Thread(target=self._run, name="ppo-collector",
                                            daemon=True)
            self._thread.start()
        else:
            self._run()

    def _run(self) -> None:
        # a shallow view of the model whose policy and buffer are the collector's own: SB3's
        # collect_rollouts reads and advances num_timesteps, _last_obs and the info buffers
        view = copy.copy(self.model)
        view.policy = self.behavior
        view.rollout_buffer = self.buffer
        try:
            self.ok = view.collect_rollouts(view.env, self.callback, self.buffer,
                                            view.n_steps, use_masking=True)
        except BaseException as e:       # re-raised in the main thread by finish()
            self.error = e
            return
        self.model.num_timesteps = view.num_timesteps
        self.model._last_obs = view._last_obs
        self.model._last_episode_starts = view._last_episode_starts

    def finish(self) -> bool:
        """Wait for the collection; move its rollout into the model's buffer. False when
        the callback asked to stop (the partial rollout is dropped, as SB3 does)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self.error is not None:
            e, self.error = self.error, None
            raise e
        if self.ok:
            _take_rollout(self.model.rollout_buffer, self.buffer)
        return self.ok


def learn(model, total_timesteps: int, behavior, callback=None, log_interval: int = 1):
    """``model.learn(total_timesteps, callback, reset_num_timesteps=False)`` with the next
    rollout collected while the update runs (module docstring). ``behavior`` is a
    :func:`behavior_copy` of the model's policy, kept across calls."""
    total, callback = model._setup_learn(total_timesteps, callback, False, "MaskablePPO",
                                         False)
    callback.on_training_start(locals(), globals())
    collector = _Collector(model, behavior, callback)
    iteration = 0
    collector.start(background=False)
    running = collector.finish()
    lagged = False              # the buffer's rollout was collected one update back
    while running:
        iteration += 1
        model._update_current_progress_remaining(model.num_timesteps, total)
        if log_interval is not None and iteration % log_interval == 0:
            model.dump_logs(iteration)
        more = model.num_timesteps < total
        if more:
            collector.start(background=True)
        try:
            if lagged:
                decouple(model)
            model.train()
        finally:
            if more:
                running = collector.finish()
        if not more:
            break
        lagged = True
    callback.on_training_end()
    return model
