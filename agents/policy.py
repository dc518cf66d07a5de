"""Trained-policy agent: a MaskablePPO policy (in memory or loaded from a ``.zip``).

An observation agent (``needs_state = False``): it sees the seat's observation and the
legal-action mask, exactly what it was trained on. A batch of games is one forward pass.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent


class PolicyAgent(Agent):
    """Plays a ``MaskableActorCriticPolicy``; greedy by default, sampling if asked.

    ``seed`` seeds torch's generator used for sampling (greedy play needs none).
    """

    needs_state = False

    def __init__(self, policy, deterministic: bool = True, name: str = "ppo", seed=None):
        self.policy = policy
        self.deterministic = deterministic
        self.name = name
        self._gen = None
        self.seed(seed)

    @classmethod
    def load(cls, path, deterministic: bool = True, name: str | None = None, seed=None,
             game: str | None = None):
        """Load a model saved by ``MaskablePPO.save`` (the policy alone is kept); with
        ``game``, a model of another game is refused (see :func:`load_model`)."""
        model = load_model(path, game)
        return cls(model.policy, deterministic=deterministic,
                   name=name or f"ppo:{path}", seed=seed)

    @classmethod
    def frozen(cls, policy, name: str, deterministic: bool = False, seed=None):
        """An independent copy of ``policy`` whose weights later training will not move."""
        clone = copy_policy(policy)
        clone.set_training_mode(False)
        return cls(clone, deterministic=deterministic, name=name, seed=seed)

    def seed(self, seed):
        import torch

        if seed is None:
            self._gen = None
        else:
            self._gen = torch.Generator().manual_seed(int(seed) & 0x7FFFFFFF)

    def act_batch(self, obs, masks, states=None, seats=None):
        return policy_actions(self.policy, obs, masks, self.deterministic, self._gen)


def load_model(path, game=None):
    """The MaskablePPO model saved at ``path`` (``.zip`` may be left off), loaded on the CPU.

    ValueError, saying what to do, for a path that does not exist, a folder, a file that is
    not a saved model, or (with ``game``, a registered name or a GameSpec) a model whose
    observation and action sizes are not that game's: it was trained on another game, or on
    an older version of this one.
    """
    import os

    text = os.fspath(path)
    if not os.path.exists(text) and os.path.exists(text + ".zip"):
        text += ".zip"
    if os.path.isdir(text):
        inside = sorted(f for f in os.listdir(text) if f.endswith(".zip"))
        hint = (f"; it holds {', '.join(inside)}" if inside else
                "; it holds no .zip model")
        raise ValueError(f"model {text} is a folder: give the model file inside it, e.g. "
                         f"{os.path.join(text, inside[0] if inside else 'model.zip')}{hint}")
    if not os.path.exists(text):
        where = os.path.dirname(text) or "."
        name = getattr(game, "name", game) or "GAME"
        raise ValueError(f"no model at {text}: train one with `broadside train --game "
                         f"{name} --run-dir {where}` (it saves {where}/model.zip)")
    from sb3_contrib import MaskablePPO

    try:
        model = MaskablePPO.load(text, device="cpu")
    except Exception as e:   # a zip of something else, a truncated file, another library
        raise ValueError(f"{text} is not a saved MaskablePPO model "
                         f"({type(e).__name__}: {e})") from None
    if game is not None:
        _check_model_fits(model, text, game)
    return model


#: the attribute a trained model carries (saved in its zip by SB3): the game it was trained on
MODEL_GAME = "broadside_game"


def model_game_entry(game: str, config: dict) -> dict:
    """What a model carries about its game: name, version and config options, and what it
    was trained with (``trained_with``: package versions, source revision and
    CPU, ``agents.provenance``)."""
    import envs
    from agents.provenance import provenance

    return {"game": game, "version": envs.spec(game).version, "config": dict(config),
            "trained_with": provenance()}


def model_game(path) -> dict | None:
    """The game a saved model was trained on (``{"game", "version", "config"}``), read from
    the zip's data without loading torch; None for a model saved without it or any file that
    is not a saved model."""
    import json
    import os
    import zipfile

    text = os.fspath(path)
    if not os.path.exists(text) and os.path.exists(text + ".zip"):
        text += ".zip"
    try:
        with zipfile.ZipFile(text) as z:
            data = json.loads(z.read("data"))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    entry = data.get(MODEL_GAME) if isinstance(data, dict) else None
    if not (isinstance(entry, dict) and isinstance(entry.get("game"), str)
            and isinstance(entry.get("config"), dict)):
        return None
    return entry


def _check_model_fits(model, path: str, game) -> None:
    import envs

    spec = envs.spec(game) if isinstance(game, str) else game
    game = spec.name
    shape = getattr(model.observation_space, "shape", None) or ()
    sizes = (int(shape[-1]) if shape else -1, int(getattr(model.action_space, "n", -1)))
    if sizes == (spec.obs_size, spec.num_actions):
        return
    others = [g for g in envs.names() if g != game and
              (envs.spec(g).obs_size, envs.spec(g).num_actions) == sizes]
    whose = (f"it is a {others[0]} model" if others else
             "it was trained on another game or an older version of this one")
    raise ValueError(f"model {path} does not fit {game}: it observes {sizes[0]} features and "
                     f"chooses among {sizes[1]} actions, {game} v{spec.version} has "
                     f"{spec.obs_size} and {spec.num_actions}; {whose} (train one with "
                     f"`broadside train --game {game}`)")


def copy_policy(policy):
    """A new policy of ``policy``'s class and architecture with its weights, rebuilt from its
    constructor parameters as SB3's own save/load does (a deep copy fails on a policy an
    update left tensors cached on); layers whose class was switched in place
    (training/sparse_input.py) keep it. The global torch generator is left as it was:
    building the layers draws initial weights from it, and a resumed training run must draw
    what an uninterrupted one did."""
    import torch

    with torch.random.fork_rng(devices=[]):
        new = type(policy)(**policy._get_constructor_parameters())
    for (_, mine), (_, theirs) in zip(new.named_modules(), policy.named_modules()):
        if type(mine) is not type(theirs):
            mine.__class__ = type(theirs)
    new.load_state_dict(policy.state_dict())
    return new


def _actor_layers(policy):
    """The actor of an SB3 MLP policy as a flat list of Linear/activation modules, or None
    when its shape is another (a custom extractor or head): cached on the policy. The modules
    are the policy's own, so later training (in-place optimizer steps, load_state_dict)
    shows."""
    cached = policy.__dict__.get("_broadside_actor")
    if cached is not None:
        return cached or None
    layers = _layer_list(policy.pi_features_extractor,
                         getattr(policy.mlp_extractor, "policy_net", None), policy.action_net)
    policy.__dict__["_broadside_actor"] = layers or []
    return layers


def _layer_list(extractor, net, head):
    """The hidden layers of ``net`` (an SB3 MLP extractor's ``policy_net`` or ``value_net``)
    then the Linear ``head``, flat; None for another shape."""
    import torch
    from stable_baselines3.common.torch_layers import FlattenExtractor

    if not _ACTIVATIONS:
        _ACTIVATIONS.update(_activations())
    layers = []
    # flattening a (batch, features) observation is the identity
    ok = isinstance(extractor, (FlattenExtractor, torch.nn.Flatten))
    if ok and isinstance(net, torch.nn.Sequential):
        for m in list(net) + [head]:
            if isinstance(m, torch.nn.Linear):
                layers.append(("linear", m.weight, m.bias))
            elif type(m) in _ACTIVATIONS:
                layers.append(("act", _ACTIVATIONS[type(m)], None))
            else:
                ok = False
    else:
        ok = False
    return layers if ok else None


def _flat_rows(layers):
    """(parameter parts, layout rows, next offset) of Linear layers and their activations in
    envs.core.mlp's form, or None when an activation is not one it evaluates."""
    import torch

    from envs.core.mlp import ACT_NONE, ACT_RELU, ACT_TANH

    parts, rows, off = [], [], 0
    for kind, a, b in layers:
        if kind == "act":
            if not rows:
                return None          # an activation on the raw observation: not this form
            code = {torch.tanh: ACT_TANH, torch.relu: ACT_RELU}.get(a)
            if code is None or rows[-1][4] != ACT_NONE:
                return None
            rows[-1][4] = code
            continue
        w = a.detach().t().contiguous().numpy().astype(np.float32).ravel()
        n_in, n_out = a.shape[1], a.shape[0]
        bias = (b.detach().numpy().astype(np.float32) if b is not None
                else np.zeros(n_out, np.float32))
        if rows and rows[-1][1] != n_in:
            return None
        rows.append([n_in, n_out, off, off + w.size, ACT_NONE])
        parts += [w, bias]
        off += w.size + n_out
    return parts, rows, off


def export_actor(policy):
    """(params float32[P], layout int64[L, 5]) of ``policy``'s actor in the form the numba
    kernels of ``envs.core.mlp`` evaluate, or None when the policy is not a plain SB3 MLP
    or one scoring actions from blocks of their own (agents/scored_policy.py: its head's
    scored rows come last)."""
    from agents.scored_policy import ScoredHead, head_rows

    head = policy.action_net
    scored = isinstance(head, ScoredHead)
    layers = _layer_list(policy.pi_features_extractor,
                         getattr(policy.mlp_extractor, "policy_net", None),
                         head.base if scored else head)
    flat = _flat_rows(layers) if layers else None
    if flat is None:
        return None
    parts, rows, off = flat
    if scored:
        more, scored_rows = head_rows(head, off)
        parts += more
        rows += scored_rows
    return np.concatenate(parts), np.array(rows, dtype=np.int64)


def export_critic(policy):
    """(params, layout) of ``policy``'s value head (critic) in the same form, one output: the
    seat to move's estimated return from its observation (the critic of a policy scoring
    actions from blocks of their own reads only the observation's trunk), or None when it is
    not a plain MLP."""
    layers = _layer_list(policy.vf_features_extractor,
                         getattr(policy.mlp_extractor, "value_net", None), policy.value_net)
    flat = _flat_rows(layers) if layers else None
    if flat is None:
        return None
    parts, rows, _ = flat
    return np.concatenate(parts), np.array(rows, dtype=np.int64)


def _activations():
    import torch

    return {torch.nn.Tanh: torch.tanh, torch.nn.ReLU: torch.relu}


_ACTIVATIONS: dict = {}


#: batches of at most this many rows take the sparse first layer
SPARSE_ROWS = 8


def _transposed(policy, weight):
    """``weight.T`` contiguous ([in, out]: a feature's weights side by side), copied again
    when the weight changed in place (torch's version counter: optimizer steps, loads)."""
    cached = policy.__dict__.get("_broadside_wt")
    version = weight._version
    if cached is None or cached[0] is not weight or cached[1] != version:
        cached = (weight, version, weight.detach().t().contiguous())
        policy.__dict__["_broadside_wt"] = cached
    return cached[2]


def actor_logits(policy, obs: np.ndarray) -> np.ndarray:
    """Masked-free actor logits (float32[B, A]) of a batch: one forward pass, no gradient.

    For SB3's MLP policies the layers are called directly (F.linear on the policy's own
    parameters): the Module call machinery costs more than the arithmetic at self-play's
    batch sizes, and a small batch's first layer reads only the weights of the features
    that are not zero in it. Any other policy goes through its modules as SB3 does.
    """
    import torch
    import torch.nn.functional as F

    with torch.inference_mode():
        x = torch.from_numpy(np.ascontiguousarray(obs, dtype=np.float32))
        layers = _actor_layers(policy)
        if layers is None:
            features = policy.pi_features_extractor(x)
            x = policy.action_net(policy.mlp_extractor.forward_actor(features))
        else:
            first = True
            for kind, a, b in layers:
                if kind != "linear":
                    x = a(x)
                    continue
                if first and x.shape[0] <= SPARSE_ROWS:
                    # one-hot observations are mostly zero: read only the weight columns
                    # of features some row has (~250 of 3,178 a row on Havoc)
                    cols = torch.nonzero(x.any(0)).squeeze(1)
                    if 2 * cols.shape[0] < x.shape[1]:
                        wt = _transposed(policy, a)
                        x = x.index_select(1, cols) @ wt.index_select(0, cols)
                        if b is not None:
                            x = x + b
                        first = False
                        continue
                x = F.linear(x, a, b)
                first = False
        return x.numpy()


def policy_actions(policy, obs, masks, deterministic=True, generator=None) -> np.ndarray:
    """Actions of a masked policy for a batch: one forward pass of the actor, no gradient.

    Goes straight from the actor's logits to actions (masked argmax, or a draw from the
    masked softmax by the Gumbel-max trick on uniforms from ``generator``) instead of
    building SB3's distribution objects, which cost more than the forward pass itself for
    the small batches of self-play.
    """
    import torch

    masks = np.asarray(masks).astype(bool)
    logits = actor_logits(policy, obs).astype(np.float64)
    if not deterministic:
        u = torch.rand(logits.shape, generator=generator, dtype=torch.float64).numpy()
        # argmax(logits + Gumbel noise) is a draw from softmax(logits)
        logits += -np.log(-np.log(np.clip(u, 1e-300, 1.0 - 1e-16)))
    logits[~masks] = -np.inf
    out = logits.argmax(axis=1).astype(np.int64)
    out[~masks.any(axis=1)] = -1
    return out


class ActorAgent(Agent):
    """A policy's actor exported to numpy (``export_actor``: params, layout), played
    greedy through the numba ``mlp.forward``: the same logits as ``PolicyAgent``'s greedy
    play without torch, so it pickles to worker processes as two arrays.

    ``by_players`` ({player count: (params, layout)}, networks trained for that many seats)
    plays another network in a game of that many seats; the agent then reads the game
    record's ``num_players`` (``needs_state``), and nothing else of it."""

    needs_state = False

    def __init__(self, params, layout, name: str = "actor", by_players=None):
        from envs.core import mlp

        self.params = np.ascontiguousarray(params, dtype=np.float32)
        self.layout = np.ascontiguousarray(layout, dtype=np.int64)
        self.name = name
        #: {player count: (params, layout)}
        self.by_players = {int(n): (np.ascontiguousarray(p, dtype=np.float32),
                                    np.ascontiguousarray(lay, dtype=np.int64))
                           for n, (p, lay) in (by_players or {}).items()}
        sizes = (mlp.input_size(self.layout), mlp.num_outputs(self.layout))
        for n, (_, lay) in self.by_players.items():
            if (mlp.input_size(lay), mlp.num_outputs(lay)) != sizes:
                raise ValueError(f"the network for {n} players maps {mlp.input_size(lay)} "
                                 f"inputs to {mlp.num_outputs(lay)} actions, the agent's "
                                 f"{sizes[0]} to {sizes[1]}")
        self.needs_state = bool(self.by_players)
        self._width = max(int(mlp.width(lay)) for lay in
                          [self.layout] + [lay for _, lay in self.by_players.values()])

    @classmethod
    def of(cls, policy, name: str = "actor") -> "ActorAgent":
        """The greedy actor of an SB3 MLP policy; ValueError for any other shape."""
        got = export_actor(policy)
        if got is None:
            raise ValueError("only a plain MLP policy exports to a numpy actor")
        return cls(got[0], got[1], name=name)

    def act_batch(self, obs, masks, states=None, seats=None):
        from agents.base import masked_argmax
        from envs.core import mlp

        if self.by_players and states is None:
            raise ValueError(f"{self.name} plays a network by player count: it needs the game "
                             "records (needs_state=True)")
        logits = np.zeros((len(masks), int(mlp.num_outputs(self.layout))), dtype=np.float32)
        scratch = np.zeros((2, self._width), dtype=np.float32)
        for r in range(len(masks)):
            params, layout = self.params, self.layout
            if self.by_players:
                params, layout = self.by_players.get(int(states["num_players"][r]),
                                                     (params, layout))
            mlp.forward(params, layout, np.ascontiguousarray(obs[r], np.float32),
                        scratch, logits[r])
        return masked_argmax(logits, masks)
