"""Which actions a policy scores from an observation block of their own (DouZero-style).

A game may say, for some of its actions, where in the observation each one's features sit:
a hand card's block for "play hand card i", a crew member's block for "move crew member
i", a movement segment's row of a block written for it (Cursed Seas). A policy that scores
them (agents/scored_policy.py, and envs/core/mlp.py in the kernels) adds to the usual logit
of each such action ``u_t . block(a)``, with ``u_t`` a vector the network makes from the
position for the action's kind ``t``: one set of weights serves every slot of a kind, where a
softmax head must learn each slot's answer on its own.

``ActionSlots`` is that description: ``trunk``, the leading observation floats the plain
layers read (the whole observation, or the part before a block written for the scored
actions only), and ``kinds``, each a name, a block ``width`` and the (action, observation
offset) pairs it scores. Offsets are fixed: an action whose block moves with the position
is not a slot (it keeps the usual logit only). ``as_tuple`` is the plain form a saved policy
keeps (SB3 pickles its keyword arguments).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SlotKind:
    """Actions scored alike: ``actions[i]`` from ``width`` floats at ``offsets[i]``."""
    name: str
    width: int
    actions: tuple[int, ...]
    offsets: tuple[int, ...]

    @classmethod
    def strided(cls, name: str, first_action: int, count: int, at: int, stride: int,
                width: int) -> SlotKind:
        """``count`` actions from ``first_action``, the i-th one's block at ``at + i * stride``."""
        return cls(name, width, tuple(range(first_action, first_action + count)),
                   tuple(at + i * stride for i in range(count)))


@dataclass(frozen=True)
class ActionSlots:
    trunk: int
    kinds: tuple[SlotKind, ...]

    def problems(self, obs_size: int, num_actions: int) -> list[str]:
        """What does not fit a game of ``obs_size`` features and ``num_actions`` actions."""
        out = []
        if not 0 < self.trunk <= obs_size:
            out.append(f"the trunk reads {self.trunk} features of {obs_size}")
        if not self.kinds:
            out.append("no kind of action is scored")
        seen: set[int] = set()
        for k in self.kinds:
            if k.width < 1 or not k.actions or len(k.actions) != len(k.offsets):
                out.append(f"{k.name}: width {k.width}, {len(k.actions)} actions, "
                           f"{len(k.offsets)} offsets")
                continue
            if any(not 0 <= a < num_actions for a in k.actions):
                out.append(f"{k.name}: an action outside 0..{num_actions - 1}")
            if any(not 0 <= o <= obs_size - k.width for o in k.offsets):
                out.append(f"{k.name}: a block outside the {obs_size} observation features")
            if seen & set(k.actions) or len(set(k.actions)) < len(k.actions):
                out.append(f"{k.name}: an action scored twice")
            seen |= set(k.actions)
        return out

    def as_tuple(self) -> tuple:
        return (self.trunk, tuple((k.name, k.width, k.actions, k.offsets) for k in self.kinds))

    @classmethod
    def from_tuple(cls, t) -> ActionSlots:
        trunk, kinds = t
        return cls(int(trunk), tuple(SlotKind(str(n), int(w), tuple(int(a) for a in acts),
                                              tuple(int(o) for o in offs))
                                     for n, w, acts, offs in kinds))
