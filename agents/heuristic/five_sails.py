"""City of Five Sails heuristic agent: plain priorities over the legal actions.

A *state agent* (``needs_state = True``) that reads only what its seat may see: its own hand
and Approach Deck, crews, attachments, wounds, City cards, control, Renown and the duel
(never other hands, deck orders or face-down plans). Python, not numba: it decides a few
hundred times a game, so compile time is better spent elsewhere.

How it plays:

* Planning: the scheme with the most Panache (ties: Initiative), the character with the
  most Influence [2. Planning].
* High Drama, in order: claim a location it would win by pressure [Claim Action]; move a
  character from Home to the core location where its Influence would win most easily
  (uncontrolled or a rival's) [Move Action]; recruit a Mercenary when parley makes it cheap
  [Recruit Action]; equip attachments; challenge a weaker opposing character; pass.
* Duels: accept with cards in hand, otherwise refuse; play the card that removes the most
  of its own threat (Riposte + Parry), or the best Thrust when threat is gone; always use
  Maneuvers and Techniques; keep the better gambled card.
* Costs and Dusk: discard the cards with the smallest combat values first; parley with the
  most Influence; send the weakest character to The Locker.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from envs.five_sails import cards as C
from envs.five_sails import state as S


def _stat(s, p, c, k):
    cid = int(s["crew"][p][c])
    base = int(C.C_STAT[cid, k])
    if base < 0:
        return 0
    v = base + sum(int(C.C_STAT[a, k]) for a in s["att"][p][c] if a)
    if k == S.S_INF:
        v += int(s["buff"][p][c])
    return max(v, 0)


def _totals(s, l):
    n = int(s["num_players"])
    out = np.zeros(n, np.int64)
    for q in range(n):
        for d in range(S.MAX_CREW):
            if s["crew"][q][d] and s["loc"][q][d] == l:
                out[q] += _stat(s, q, d, S.S_INF)
    return out


def _card_value(cid):
    cid = int(cid)
    return int(C.C_CV[cid].sum()) + (3 if C.C_KW[cid] & S.KW_WEALTH else 0)


class FiveSailsHeuristic(Agent):
    name = "heuristic"
    needs_state = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, mask, state=None, seat=None) -> int:
        s = state[0] if isinstance(state, np.ndarray) and state.ndim == 1 else state
        legal = np.flatnonzero(mask)
        p = int(s["to_play"])
        pk = int(s["pk"])
        best = self._choose(s, p, pk, set(int(a) for a in legal))
        return int(best) if best is not None else int(self.rng.choice(legal))

    def _choose(self, s, p, pk, legal):
        if pk in (S.PK_SCHEME, S.PK_CHAR):
            def key(a):
                cid = int(s["appr"][p][a - S.A_APPROACH])
                if pk == S.PK_SCHEME:
                    return (int(C.C_PAN[cid]), int(C.C_INIT[cid]))
                return (int(C.C_STAT[cid, S.S_INF]), int(C.C_STAT[cid, S.S_COM]))
            return max(legal, key=key)
        if pk == S.PK_MAIN:
            return self._main(s, p, legal)
        if pk == S.PK_MOVE:
            c = int(s["pa"])
            return self._best_loc(s, p, c, [a - S.A_LOC for a in legal], move=True)
        if pk == S.PK_PAY and any(a >= S.A_CREW for a in legal):
            return min(a for a in legal if a >= S.A_CREW)     # engage instead of paying
        if pk in (S.PK_PAY, S.PK_DUSK, S.PK_RPAY):
            return min(legal, key=lambda a: _card_value(s["hand"][p][a - S.A_HAND]))
        if pk == S.PK_PARLEY:
            crew = [a for a in legal if a != S.A_PASS]
            if crew:
                return max(crew, key=lambda a: _stat(s, p, a - S.A_CREW, S.S_INF))
            return S.A_PASS
        if pk == S.PK_LOCKER:
            return min(legal, key=lambda a: _stat(s, p, a - S.A_CREW, S.S_INF)
                       + _stat(s, p, a - S.A_CREW, S.S_COM))
        if pk == S.PK_EQUIP and C.C_HOSTILE[int(s["pcard"])]:
            foes = [a for a in legal if a >= S.A_TARGET]
            if foes:                     # a hostile attachment goes on the strongest foe
                return max(foes, key=lambda a: _stat(s, (a - S.A_TARGET) // S.MAX_CREW,
                                                     (a - S.A_TARGET) % S.MAX_CREW, S.S_INF))
        if pk in (S.PK_EQUIP, S.PK_ACTOR):
            legal = [a for a in legal if a < S.A_TARGET] or legal
            return max(legal, key=lambda a: _stat(s, p, a - S.A_CREW, S.S_COM))
        if pk == S.PK_RESPOND:
            react = [a for a in legal if S.A_ABILITY <= a < S.A_CREW]
            if react:
                return react[0]
            return S.A_ACCEPT if s["hand_n"][p] > 0 and S.A_ACCEPT in legal else S.A_PASS
        if pk == S.PK_REACT:
            # a Reaction is free: use one when the window offers it, else pass
            react = [a for a in legal if a != S.A_PASS]
            return react[0] if react else S.A_PASS
        if pk == S.PK_RACTOR:
            return max(legal, key=lambda a: _stat(s, p, a - S.A_CREW, S.S_INF))
        if pk == S.PK_TARGET:
            return min(legal, key=lambda a: _stat(s, (a - S.A_TARGET) // S.MAX_CREW,
                                                  (a - S.A_TARGET) % S.MAX_CREW, S.S_COM))
        if pk == S.PK_DPLAY:
            a_side = int(s["d_active"])
            pool = int(s["d_pool"][a_side])
            hand = [a for a in legal if S.A_HAND <= a < S.A_CREW]
            if hand:
                def play_key(a):
                    cid = int(s["hand"][p][a - S.A_HAND])
                    r, pa, t = (int(x) for x in C.C_CV[cid])
                    return (min(r + pa, pool) * 2 + t - (3 if C.C_KW[cid] & S.KW_WEALTH else 0))
                return max(hand, key=play_key)
            if S.A_GAMBLE in legal:
                return S.A_GAMBLE
            return S.A_PASS
        if pk == S.PK_SINK:
            return max(legal, key=lambda a: _card_value(s["sink"][a - S.A_KEEP]))
        if pk == S.PK_KEEP:
            return max(legal, key=lambda a: _card_value(s["d_reveal"][a - S.A_KEEP]))
        if pk in (S.PK_DABIL, S.PK_CTECH):
            other = [a for a in legal if a != S.A_PASS]
            return other[0] if other else S.A_PASS
        return None

    def _best_loc(self, s, p, c, locs, move):
        """The location where c's Influence would most likely win a claim."""
        inf = _stat(s, p, c, S.S_INF)
        best, best_v = None, -1e9
        for l in locs:
            if l == S.HOME:
                v = -5.0
            else:
                tot = _totals(s, l)
                mine = tot[p] + inf
                other = max((tot[q] for q in range(len(tot)) if q != p), default=0)
                v = (mine - other) + (2.0 if l in (1, 2, 3) else 0.0)
                if s["ctrl"][l] == p:
                    v -= 6.0
            if v > best_v:
                best, best_v = l, v
        return S.A_LOC + best if best is not None else None

    def _main(self, s, p, legal):
        # claim where the pressure succeeds
        for a in sorted(legal):
            if S.A_CLAIM <= a < S.A_CHALLENGE:
                c = a - S.A_CLAIM
                l = int(s["loc"][p][c])
                if s["ctrl"][l] == p:
                    continue
                tot = _totals(s, l)
                if tot[p] > max(tot[q] for q in range(len(tot)) if q != p):
                    return a
        for base in (S.A_RECRUIT, S.A_CEQUIP):
            for a in legal:
                if base <= a < base + S.MAX_CREW and s["hand_n"][p] >= 2:
                    return a
        for a in legal:
            if S.A_HAND <= a < S.A_CREW:
                cid = int(s["hand"][p][a - S.A_HAND])
                if C.C_TYPE[cid] in (S.T_ATTACH, S.T_BRUTE) and s["hand_n"][p] >= 3:
                    return a
        # move a character at Home (free) or an en garde one off a location already held
        for a in sorted(legal):
            if S.A_MOVE <= a < S.A_CLAIM:
                c = a - S.A_MOVE
                l = int(s["loc"][p][c])
                if l == S.HOME or (s["ctrl"][l] == p and not s["eng"][p][c]):
                    return a
        for a in legal:
            if S.A_CHALLENGE <= a < S.A_RECRUIT and s["hand_n"][p] >= 2:
                c = a - S.A_CHALLENGE
                if _stat(s, p, c, S.S_COM) >= 3 and c != 0:
                    return a
        return S.A_PASS


def make_agent(seed=None) -> FiveSailsHeuristic:
    return FiveSailsHeuristic(seed=seed)
