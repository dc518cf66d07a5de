"""``auto_forced``: which decisions a game may take by itself (DESIGN: "auto_forced removes
decisions with one legal option").

A decision is taken automatically only when its single option follows from public
information. Whether the deciding seat was asked is visible to every seat (the next pending
decision, who is to play), so a decision whose options depend on the decider's hidden cards
(a React window, paying from hand, a boarding reply...) must be asked even when it has one
option: skipping it exactly when the hidden hand holds nothing would tell every other seat
so. Each game's apply loop therefore asks two questions, in this order: does the pending
decision read only public state (the game's own kernel: its decision kinds), and then
:func:`only_option` of its legal mask. ``tests/contract/test_hidden_info.py`` checks the
rule on every game: from two positions a seat cannot tell apart, the same action leads to
two positions it still cannot tell apart.
"""

from numba import njit


@njit(cache=True)
def only_option(mask):
    """The one legal action of a mask, -1 when it has none or several."""
    only = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            if only >= 0:
                return -1
            only = a
    return only
