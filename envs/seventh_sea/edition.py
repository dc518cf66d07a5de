"""7th Sea CCG edition switches: one named switch per rule the two rulebooks write differently.

The config's ``edition`` selects the rulebook (``config.py``); the kernels ask these switches,
never the edition number, for the rules found by comparing the revised rulesheet with the
original rulebook section by section and glossary entry by glossary entry (each switch has a
row in ``docs/rules_table.md`` marked per edition). The deck-building difference (an
unaligned Ship) is checked in ``config.deck_counts``.
"""

from numba import njit

from .state import ED_ORIGINAL, ED_REVISED


@njit(cache=True)
def swordsman_knack_limit(s):
    """Knacks (revised): "A Swordsman may not have more Swordsman Knacks attached than his
    Swordsman Bonus" (Glossary: Swordsman +(X)); the original rulebook's Knack and Swordsman
    entries set no such limit."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def one_membership(s):
    """Glossary: Membership (revised only): "A Captain may only have one Membership
    Attachment attached"; the original rulebook has no Membership entry."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def skeletal_trait(s):
    """Glossary: Skeletal (revised only): may not be tacked to absorb Hits; sunk, placed in
    the discard pile. The original rulebook has no Skeletal entry: the trait does nothing."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def least_cannon_to_fire(s):
    """The Cannon skill a crew needs to fire a cannon attack: revised "9. Perform a Cannon
    Attack: You tack one (and only one) of your Crew with at least 1 point of Cannon skill";
    original "6. Make a Cannon Attack: You tack one of your Crew to fire the cannon. You
    inflict a number of Hits on that Ship equal to the Crew's Cannon skill": any crew, 0
    Cannon inflicting 0 Hits before Cannon Reacts and traits."""
    return 1 if s.cfg.edition == ED_REVISED else 0


@njit(cache=True)
def captain_discardable(s):
    """Discard a Crew: revised "11. ... You may not discard your Captain"; original "8. You
    may discard one of your Crew in play", and "your Captain is considered to be a Crew card"
    (Captain), so the original lets the Captain be discarded [ruling: Discarding the
    Captain]."""
    return s.cfg.edition != ED_REVISED


@njit(cache=True)
def sink_untacked(s):
    """Suffering Hits: revised "you may sink a tacked or untacked Crew"; original "you may
    Sink a tacked Crew" (an untacked one tacks, then sinks) - the Captain included."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def start_by_faction(s):
    """Game Set-Up (revised): "the Crew must be either unaligned or of the same faction as
    your Captain"; the original limits the starting Crew by Wealth (and, Ship, the Crew
    Maximum) only [ruling: Starting crew limits per edition]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def experience_action(s):
    """2. Experience a Crew (revised only; the original has nine actions, none of them)."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def chanteys(s):
    """5. Put a Chantey into play (revised only: the original has six card types)
    [ruling: Original Chanteys]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def fighter_reacts(s):
    """Boarding (revised): a losing fighter's player "may still use Reacts to absorb or
    reduce the Hits"; original: nothing but tacking and sinking that Crew [ruling: Fighter
    absorbs first]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def both_fighters_tack(s):
    """Boarding: revised "the two Crew involved ... are tacked"; original "the winning Crew
    is tacked"."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def pass_is_an_action(s):
    """II. Actions: revised "each player may perform one of the following actions", the 13
    ending with "13. Pass" (Glossary: Action, "One of the 13 activities listed under the
    Action Phase Heading"), so a Pass meets 'Free Move' "You must conduct an action of some
    kind after using this ability"; original "each player may perform one of the following
    actions or pass" (Ship: the free move "must be followed up by a Cannon Attack, hiring a
    Crew, or any other action"), so a Pass does not [ruling: Free move with nothing to
    follow]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def pass_pass_ends_without_draw(s):
    """Boarding: revised, the attacker's pass immediately followed by the defender's ends it,
    no draw; original, both passing in one round ends it after each draws three [ruling:
    Boarding pass rule]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def must_attack_first_round(s):
    """Boarding (original): "the attacker must attack in the first round, if he or she is
    able"."""
    return s.cfg.edition == ED_ORIGINAL


@njit(cache=True)
def control_wins(s):
    """The Object / Glossary: Control (revised only) [ruling: Control of all five]."""
    return s.cfg.edition == ED_REVISED


@njit(cache=True)
def alphabetical_ignores_punctuation(s):
    """I. Determining Turn Order (revised): the cut compares titles "ignoring spaces and
    punctuation"; original Glossary: Alphabetical ignores spaces only (``cards.alpha_key``
    computes both ranks) [ruling: Punctuation in the original cut]."""
    return s.cfg.edition == ED_REVISED
