"""7th Sea CCG legality fast paths (issue 30) agree with the plain computation they replace.

The legal mask keeps a few shortcuts for search speed (envs/seventh_sea/legal.py, common.py):
crew scans stop once ``crew_n`` crew are seen (``available`` [Paying Costs], ``title_blocked``
[Unique]); set-up offers each starting-Crew def once and ``can_start`` tests its cheap
conditions first [Game Set-Up]; ``xp_slot`` rejects a card that is not
Experienced before its slot scan [2. Experience a Crew]. Each is checked here against a scan of
every slot / a fresh computation, on positions of random games of both editions and 2-4
players (every record a game reaches, sampled).
"""

import numpy as np
import pytest

import envs
from tests.positions import random_records
from envs.seventh_sea import common as C
from envs.seventh_sea import legal as L
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD

CONFIGS = [dict(num_players=n, edition=ed) for ed in ("revised", "original") for n in (2, 3, 4)]
CREW_DEFS = [d for d in range(CARD.shape[0]) if CARD[d, S.C_TYPE] == S.T_CREW]


def _positions(config, games=3, every=5, steps=600):
    """Records of random games (every ``every``-th decision) under ``config``."""
    return random_records("seventh_sea", config, games, steps, every, seed=30)


def _ids(c):
    return f"{c['edition']}-{c['num_players']}p"


@pytest.fixture(scope="module", params=CONFIGS, ids=_ids)
def positions(request):
    return _positions(request.param)


def test_available_stops_at_crew_n_and_counts_every_untacked_crew(positions):
    """[Paying Costs] what a seat produces by tacking: every untacked crew's skill, summed
    over all the crew slots, equals ``available`` (which stops after crew_n crew)."""
    checked = 0
    for arr in positions:
        rec = arr[0]
        for p in range(int(rec["num_players"])):
            for k in range(len(S.SKILL_NAMES)):
                plain = sum(max(0, C.skill(rec, p, j, k)) for j in range(S.MAX_CREW)
                            if rec["crew"][p, j] >= 0 and rec["tacked"][p, j] == 0)
                assert C.available(rec, p, k) == plain
                checked += plain > 0
    assert checked > 0


def test_title_blocked_sees_every_crew_aboard(positions):
    """[Unique; Experienced Crew] a title is blocked when any crew aboard (any slot) has it
    and either card is Unique; ``title_blocked`` stops after crew_n crew."""
    blocked = 0
    for arr in positions[::2]:
        rec = arr[0]
        for p in range(int(rec["num_players"])):
            aboard = [int(e) for e in rec["crew"][p] if e >= 0]
            for d in CREW_DEFS:
                plain = any(CARD[e, S.C_TITLE] == CARD[d, S.C_TITLE]
                            and ((CARD[d, S.C_TRAITS] & S.TR_UNIQUE) or (CARD[e, S.C_TRAITS] & S.TR_UNIQUE))
                            for e in aboard)
                assert L.title_blocked(rec, p, d) == plain
                blocked += plain
    assert blocked > 0


def test_starting_crew_mask_offers_exactly_the_deck_defs_that_can_start(positions):
    """[Game Set-Up] the set-up mask offers a def iff some copy of it in the chooser's deck can
    start (Wealth, Crew Maximum, Loyal, Unique, revised: faction), tested card by card."""
    spec = envs.spec("seventh_sea")
    mask = np.zeros(spec.num_actions, np.uint8)
    offered = 0
    seen = 0
    for arr in positions:
        rec = arr[0]
        if rec["pk"] != S.PK_START:
            continue
        seen += 1
        p = int(rec["cur"])
        spec.legal_mask(rec, mask)
        plain = {S.A_DEF + int(d) for d in rec["deck"][p, :rec["deck_n"][p]] if L.can_start(rec, p, d)}
        got = set(np.flatnonzero(mask).tolist()) - {S.A_STOP}
        assert got == plain
        offered += len(plain)
    assert seen > 0 and offered > 0


def test_xp_slot_is_the_first_slot_xp_ok_allows(positions):
    """[2. Experience a Crew] the first crew slot an Experienced hand card may replace, every
    slot tested: ``xp_slot`` rejects a card that is not Experienced before its scan."""
    for arr in positions:
        rec = arr[0]
        for p in range(int(rec["num_players"])):
            for i in range(int(rec["hand_n"][p])):
                d = int(rec["hand"][p, i])
                slots = [j for j in range(S.MAX_CREW) if L.xp_ok(rec, p, d, j)]
                assert L.xp_slot(rec, p, d) == (slots[0] if slots else -1)
