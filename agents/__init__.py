"""Agents that play any registered game: random, heuristic, MCTS and trained policies.

``agents.make(spec, game)`` builds one from a short string::

    "random"              uniform legal play
    "heuristic"           the game's hand-written agent (agents/heuristic/<game>.py)
    "mcts" / "mcts:400"   information-set MCTS with that many simulations per move
    "mcts:400:20"         ... whose playouts stop after 20 decisions (the game's value
                          kernel scores the rest); "mcts:400:full" plays every one out
    "mcts:400:c=0.5"      ... whose selection explores with that constant (UCT's default 1.0,
                          PUCT's with a prior 0.7)
    "mcts:400:prior=P"    ... with PUCT and the policy prior of the saved model P
                          (also "mcts:400:20:prior=P")
    "mcts:400:temp=4:prior=P"   ... reading the prior's logits divided by 4 (a softer guide;
                          with prior=pretrained it replaces the model's own temperature)
    "mcts:400:gumbel=16"  ... whose root draws 16 actions (Gumbel top-k, from the prior if
                          any) and shares the simulations by sequential halving (also
                          "mcts:400:20:gumbel=16:prior=P"; envs/core/halving.py)
    "mcts:400:value=V"    ... whose playouts' last positions are valued by the critic of the
                          saved model V instead of the game's value kernel ("vmix=0.5" mixes
                          the two; "mcts:400:0:value=V" values each new node, no playout)
    "mcts:400:playouts=uniform"   ... whose playouts draw every move uniformly instead of by
                          the game's playout policy; "fpu=off" / "fpu=on" turns first-play
                          urgency off or on at every player count (default: where the game
                          uses it): an expert-iteration teacher may search so
    "mcts:400:paranoid=off"   ... reading every rival as playing for itself (max-n) from 3
                          players on; "paranoid=on" as playing against this seat (default:
                          the game's own reading)
    "mcts:400:reuse=on"   ... keeping the subtree of its move for its next search when that
                          search is its own next decision (default off: a fresh tree a move)
    "ppo:path/model.zip"  a saved MaskablePPO policy, greedy ("ppo-sample:..." samples)
    "pretrained"          the game's shipped network as the prior of its search (the agent
                          ``broadside train`` names), no training needed (agents/pretrained.py)
    "pretrained-net"      that network alone, greedy
    "mcts:400:prior=pretrained"   any search budget with the shipped network as prior (at a
                          player count with a network of its own, that one)

Every agent follows the protocol in :mod:`agents.base`.
"""

from __future__ import annotations

from agents.base import Agent, masked_argmax, sample_legal
from agents.random_agent import RandomAgent

#: ``fpu=`` and ``paranoid=`` in an mcts spec: the game's own setting (its
#: ``search_fpu_parent_at``, ``search_paranoid``), on at every count, or off (max-n)
SWITCH_CHOICES = {"game": None, "on": True, "off": False}
#: ``playouts=`` in an mcts spec: drawn by the game's playout policy, or uniformly
PLAYOUT_CHOICES = ("game", "uniform")

__all__ = ["Agent", "RandomAgent", "make", "masked_argmax", "sample_legal", "KINDS"]

KINDS = ("random", "heuristic",
         "mcts[:SIMS[:ROLLOUT|full]][:c=C][:gumbel=M][:value=PATH[:vmix=W]][:temp=T]"
         "[:playouts=uniform][:fpu=on|off][:paranoid=on|off][:reuse=on|off]"
         "[:prior=PATH|pretrained]",
         "ppo:PATH", "ppo-sample:PATH", "pretrained", "pretrained-net")


def make(spec: str, game: str, seed=None) -> Agent:
    """Build the agent named by ``spec`` for ``game`` (see the module docstring)."""
    spec = spec.strip()
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "random" and not arg:
        return RandomAgent(seed)
    if kind == "heuristic" and not arg:
        from agents import heuristic

        return heuristic.make(game, seed=seed)
    if kind in ("pretrained", "pretrained-net") and not arg:
        from agents import pretrained

        return pretrained.make(kind, game, seed=seed)
    if kind == "mcts":
        from agents.mcts import MCTSAgent

        sims = 200
        rollout = "default"
        prior = None
        if arg.startswith("prior=") or ":prior=" in arg:
            head, _, prior = arg.partition("prior=")
            arg = head[:-1] if head.endswith(":") else head
            if not prior:
                raise ValueError(f"agent {spec!r}: prior= needs a model path")
        parts = arg.split(":") if arg else []
        named_opts = {}
        for part in parts:
            key, eq, text = part.partition("=")
            if eq and key in ("c", "gumbel", "value", "vmix", "temp", "playouts", "fpu",
                              "paranoid", "reuse"):
                named_opts[key] = text
        try:
            gumbel = int(named_opts.get("gumbel", 0))
        except ValueError:
            raise ValueError(f"agent {spec!r}: gumbel= needs a whole number of root "
                             "actions") from None
        value = named_opts.get("value") or None
        if "value" in named_opts and value is None:
            raise ValueError(f"agent {spec!r}: value= needs a model path")
        try:
            value_mix = float(named_opts.get("vmix", 1.0))
        except ValueError:
            raise ValueError(f"agent {spec!r}: vmix= needs a weight in [0, 1]") from None
        if "vmix" in named_opts and value is None:
            raise ValueError(f"agent {spec!r}: vmix= weighs a value network (value=PATH)")
        try:
            c = float(named_opts["c"]) if "c" in named_opts else None
        except ValueError:
            raise ValueError(f"agent {spec!r}: c= needs a positive exploration constant") \
                from None
        try:
            from envs.core.mlp import checked_temperature

            temperature = (checked_temperature(float(named_opts["temp"]))
                           if "temp" in named_opts else None)
        except ValueError:
            raise ValueError(f"agent {spec!r}: temp= needs a positive prior temperature") \
                from None
        playouts = named_opts.get("playouts", "game").lower()
        if playouts not in PLAYOUT_CHOICES:
            raise ValueError(f"agent {spec!r}: playouts= is 'game' (the game's playout "
                             "policy) or 'uniform'")
        fpu = _switch(spec, named_opts, "fpu", "where the game uses it")
        paranoid = _switch(spec, named_opts, "paranoid", "the game's reading of the rivals")
        reuse = _switch(spec, named_opts, "reuse", "off, a fresh tree a move")
        if temperature is not None and prior is None:
            raise ValueError(f"agent {spec!r}: temp= softens a prior (prior=PATH)")
        arg = ":".join(p for p in parts if p.partition("=")[0] not in named_opts)
        sims_text, _, rollout_text = arg.partition(":")
        try:
            if sims_text:
                sims = int(sims_text)
        except ValueError:
            raise ValueError(f"agent {spec!r}: simulations must be an integer") from None
        try:
            if rollout_text:
                rollout = None if rollout_text.lower() == "full" else int(rollout_text)
        except ValueError:
            raise ValueError(f"agent {spec!r}: the playout length must be an integer or "
                             "'full' (mcts:SIMS:ROLLOUT)") from None
        named = prior
        by_count = None
        shipped = prior is not None and prior.strip().lower() == "pretrained"
        if shipped:
            from agents import pretrained     # the shipped networks, checked for this game

            # each read at its model's temperature unless temp= names one
            prior, by_count = pretrained.priors(game, temperature=temperature)
        agent = MCTSAgent(game, simulations=sims, c=c, max_rollout_steps=rollout, seed=seed,
                          prior=prior, priors_by_players=by_count, gumbel=gumbel,
                          value=value, value_mix=value_mix,
                          prior_temperature=1.0 if temperature is None or shipped
                          else temperature, game_playouts=playouts == "game",
                          fpu=fpu, paranoid=paranoid, reuse=bool(reuse))
        if named is not None:
            said = f":temp={temperature:g}" if shipped and temperature is not None else ""
            agent.name = f"{agent.name.partition(':prior')[0]}{said}:prior={named}"
        return agent
    if kind in ("ppo", "ppo-sample") and arg:
        from agents.policy import PolicyAgent

        return PolicyAgent.load(arg, deterministic=(kind == "ppo"), name=spec, seed=seed,
                                game=game)
    raise ValueError(f"unknown agent {spec!r}; expected one of {', '.join(KINDS)}")


def _switch(spec: str, named_opts: dict, key: str, game_means: str) -> bool | None:
    """An mcts spec's ``key=game|on|off`` (``SWITCH_CHOICES``; absent: game), refused by
    name otherwise."""
    text = named_opts.get(key, "game").lower()
    if text not in SWITCH_CHOICES:
        raise ValueError(f"agent {spec!r}: {key}= is 'game' ({game_means}), 'on' or 'off'")
    return SWITCH_CHOICES[text]


def model_paths(spec: str) -> list[str]:
    """The saved models an agent spec names (``ppo:P``, ``ppo-sample:P``, ``...prior=P``;
    ``prior=pretrained`` is the shipped model, not a path)."""
    kind, _, arg = spec.partition(":")
    if kind.lower() in ("ppo", "ppo-sample"):
        return [arg]
    prior = spec.partition("prior=")[2]
    value = spec.partition("value=")[2].partition(":")[0]
    return ([value] if value else []) + (
        [prior] if prior and prior.strip().lower() != "pretrained" else [])
