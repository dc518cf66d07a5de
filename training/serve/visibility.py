"""Which move labels another seat may read in a table's move log.

A label can name what only its mover knows (a 7th Sea: City of Five Sails plan names an
approach card chosen in secret; a card played from hand by slot names the card). No game
has a seat-filtered label, so the check is game-agnostic. The viewer may read the label of
``action`` when both hold:

* the label stays the same in ``SAMPLES`` re-deals of every zone the viewer cannot see (the
  game's ``determinize`` kernel, GameSpec.determinize, the information-set search's
  re-deal): a label that changes with a hidden card depends on it;
* the choice shows: no other legal action of the mover leaves the viewer's observation the
  same (a secret plan changes nothing the viewer sees, so which plan it was stays unsaid).

Otherwise the viewer is told only that the mover moved. A game without a ``determinize``
kernel shows other seats' moves unlabelled.
"""

from __future__ import annotations

import numpy as np

SAMPLES = 4
HIDDEN = "(a hidden choice)"


def visible_to(spec, before: np.ndarray, action: int, label: str, viewer: int,
               key: int) -> bool:
    """True when seat ``viewer`` may read ``label`` of ``action`` taken in ``before`` (a
    1-element STATE array, not changed); ``key`` seeds the re-deals."""
    if spec.determinize is None:
        return False
    for k in range(SAMPLES):
        world = before.copy()
        spec.determinize(world[0], int(viewer), np.uint64((key * SAMPLES + k) % 2**64))
        if spec.action_label(world[0], int(action)) != label:
            return False
    return not _indistinct(spec, before, action, viewer)


def _seen_after(spec, before: np.ndarray, action: int, viewer: int) -> np.ndarray:
    from training.records import apply_action

    after = before.copy()
    apply_action(spec, after, action)
    obs = np.zeros(spec.obs_size, dtype=np.float32)
    spec.single.observe(after, 0, viewer, obs)
    return obs


def _indistinct(spec, before: np.ndarray, action: int, viewer: int) -> bool:
    """True when another legal action would leave ``viewer`` seeing the same."""
    from training.records import legal_actions

    seen = _seen_after(spec, before, action, viewer)
    for b in np.flatnonzero(legal_actions(spec, before)):
        if b != action and np.array_equal(_seen_after(spec, before, int(b), viewer), seen):
            return True
    return False
