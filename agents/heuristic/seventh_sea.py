"""7th Sea CCG heuristic agent: hand-written priorities over the visible position.

A *state agent* (``needs_state = True``) that reads only what its seat may see: cards in
play (crew, skills, tacked state, ships, seas), its own hand, pile sizes and the pending
decision; never another hand or any deck. How it plays [sections of the rulesheet]:

* starting Crew: the crew with the most total skill it can still afford [Game Set-Up];
* actions, in order: cannon attack a ship in its Sea with its best gunner [9.]; a card that
  inflicts hits; a boarding when its best fighter outclasses the target's [10.]; hire the
  best crew [1.]; complete an adventure [6.]; an attachment [7.]; sail toward the nearest
  enemy [8.]; put an adventure into play [4.]; a crew's Act: ability [3.]; pass;
* paying: tack the crew with the most of the needed skill (fewest tacks) [Paying Costs];
  always pay a cancel cost against hits or a boarding [Canceling];
* Reacts: always, when one is legal (more Cannon, fewer hits) [Actions and Reacts];
* hits: tack the strongest Swashbuckler first, sink the cheapest crew that finishes the job,
  the Captain only when nothing else is left [Suffering Hits];
* boarding: push its best fighter when it out-hits the enemy's, fight back only with a crew
  that out-hits the attacker, always play a card that reverses the attack [Boarding];
* discards: the cheapest cards [Maximum Hand Size].
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent, as_state_array
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD


def _skill(r, p, j, k):
    d = int(r["crew"][p][j])
    if d < 0:
        return 0
    v = int(CARD[d, S.C_SK0 + k])
    for a in range(int(r["att_n"][p])):
        if int(r["att_host"][p][a]) == j:
            v += int(CARD[int(r["att"][p][a]), S.C_SK0 + k])
    return v


def _hits(r, p, j):
    return _skill(r, p, j, S.SWASH) + int(CARD[int(r["crew"][p][j]), S.C_SWORD])


def _value(d):
    return int(CARD[d, S.C_SK0:S.C_SK0 + 5].sum()) + int(CARD[d, S.C_SWORD])


def _best_fighter(r, p):
    best = -1
    for j in range(S.MAX_CREW):
        if int(r["crew"][p][j]) >= 0 and not r["tacked"][p][j]:
            best = max(best, _hits(r, p, j))
    return best


class SeventhSeaHeuristic(Agent):
    name = "heuristic"
    needs_state = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act(self, obs, mask, state=None, seat=None) -> int:
        legal = [int(a) for a in np.flatnonzero(np.asarray(mask))]
        if state is None or not legal:
            return legal[0] if legal else 0
        r = as_state_array(state)[0]
        p = int(r["cur"])
        pk = int(r["pk"])
        pick = {S.PK_START: self._start, S.PK_MAIN: self._main, S.PK_PAY: self._pay,
                S.PK_CANCEL: self._cancel, S.PK_SEA: self._sea, S.PK_TARGET: self._target,
                S.PK_FIRE: self._fire, S.PK_ABSORB: self._absorb, S.PK_DISCARD: self._discard,
                S.PK_BPUSH: self._push, S.PK_BCARD: self._card,
                S.PK_HOST: self._host, S.PK_FOE: self._foe,
                S.PK_REACT: self._react}.get(pk)
        a = pick(r, p, legal) if pick else None
        return a if a in legal else legal[0]

    # --- decisions ------------------------------------------------------------------------
    def _start(self, r, p, legal):
        crew = [a for a in legal if a >= S.A_DEF]
        if not crew:
            return S.A_STOP
        return max(crew, key=lambda a: (_value(a - S.A_DEF), -a))

    def _foes_here(self, r, p):
        return [q for q in range(int(r["num_players"])) if q != p and r["alive"][q]
                and int(r["sea"][q]) == int(r["sea"][p])]

    def _main(self, r, p, legal):
        hand = [int(r["hand"][p][i]) for i in range(int(r["hand_n"][p]))]
        if S.A_CANNON in legal:
            return S.A_CANNON
        for i, d in enumerate(hand):
            if S.A_HAND + i in legal and CARD[d, S.C_TYPE] == S.T_ACTION and CARD[d, S.C_OP] == S.OP_HITS:
                return S.A_HAND + i
        if S.A_BOARD in legal:
            mine = _best_fighter(r, p)
            theirs = max(_best_fighter(r, q) for q in self._foes_here(r, p))
            if mine > theirs and mine > 0:
                return S.A_BOARD
        hires = [(i, d) for i, d in enumerate(hand)
                 if S.A_HAND + i in legal and CARD[d, S.C_TYPE] == S.T_CREW]
        if hires:
            return S.A_HAND + max(hires, key=lambda x: _value(x[1]))[0]
        for a in legal:
            if S.A_ADV <= a < S.A_DADV or S.A_XP <= a < S.A_CREW:
                return a
        for i, d in enumerate(hand):
            if S.A_HAND + i in legal and CARD[d, S.C_TYPE] == S.T_ATTACH:
                return S.A_HAND + i
        if S.A_MOVE in legal and not self._foes_here(r, p) and self._toward(r, p) is not None:
            return S.A_MOVE
        for i, d in enumerate(hand):
            if S.A_HAND + i in legal and CARD[d, S.C_TYPE] in (S.T_ADVENTURE, S.T_CHANTEY):
                return S.A_HAND + i
        for i, d in enumerate(hand):
            if S.A_HAND + i in legal and CARD[d, S.C_TYPE] == S.T_ACTION \
                    and CARD[d, S.C_OP] in (S.OP_DRAW, S.OP_DISCARD, S.OP_UNTACK_CAPTAIN):
                return S.A_HAND + i
        for a in legal:
            if S.A_ACT <= a < S.A_MOVE:
                return a
        return S.A_PASS if S.A_PASS in legal else legal[0]

    def _toward(self, r, p):
        """The adjacent Sea toward the nearest sailing enemy (None if it shares ours)."""
        here = int(r["sea"][p])
        seas = [int(r["sea"][q]) for q in range(int(r["num_players"])) if q != p and r["alive"][q]]
        if not seas or here in seas:
            return None
        near = min(seas, key=lambda k: (abs(k - here), k))
        return here + (1 if near > here else -1)

    def _pay(self, r, p, legal):
        k = int(r["pay_skill"])
        crew = [a for a in legal if S.A_CREW <= a < S.A_SINK]
        if not crew:
            cards = [a for a in legal if a < S.A_XP]       # a React producing the points
            return cards[0] if cards else S.A_STOP
        need = int(r["pay_left"])
        enough = [a for a in crew if _skill(r, p, a - S.A_CREW, k) >= need]
        if enough:      # the smallest single crew that pays it all
            return min(enough, key=lambda a: (_skill(r, p, a - S.A_CREW, k), a))
        return max(crew, key=lambda a: (_skill(r, p, a - S.A_CREW, k), -a))

    def _cancel(self, r, p, legal):
        return S.A_STOP if int(r["act_kind"]) == S.AK_CHANTEY else S.A_PAYC

    def _sea(self, r, p, legal):
        seas = [a - S.A_SEA for a in legal]
        want = self._toward(r, p)
        if want is not None and want in seas:
            return S.A_SEA + want
        return S.A_SEA + seas[0]

    def _target(self, r, p, legal):
        n = int(r["num_players"])
        return min(legal, key=lambda a: (int(r["crew_n"][(p + a - S.A_TARGET + 1) % n]), a))

    def _foe(self, r, p, legal):
        q = int(r["act_target"])
        return min(legal, key=lambda a: (_hits(r, q, a - S.A_FOE), a))

    def _fire(self, r, p, legal):
        return max(legal, key=lambda a: (_skill(r, p, a - S.A_CREW, S.CANNON), -a))

    def _host(self, r, p, legal):
        if any(a >= S.A_FOE for a in legal) or int(r["act_target"]) >= 0:
            return legal[0]                 # a hostile attachment: any card of the target
        return max(legal, key=lambda a: (_skill(r, p, a - S.A_CREW, S.SWASH) if a < S.A_SINK else 0, -a))

    def _react(self, r, p, legal):
        cards = [a for a in legal if a < S.A_XP]
        return cards[0] if cards else S.A_STOP

    def _absorb(self, r, p, legal):
        hits = int(r["hits"])
        reacts = [a for a in legal if a < S.A_XP]
        if reacts:
            return reacts[0]
        tacks = [a for a in legal if S.A_CREW <= a < S.A_SINK]
        if tacks:
            return max(tacks, key=lambda a: (_skill(r, p, a - S.A_CREW, S.SWASH), a != S.A_CREW))
        sinks = [a for a in legal if S.A_SINK < a < S.A_DCREW]      # not the Captain
        if not sinks:
            return S.A_SINK
        done = [a for a in sinks if _skill(r, p, a - S.A_SINK, S.SWASH) >= hits]
        if done:
            return min(done, key=lambda a: _value(int(r["crew"][p][a - S.A_SINK])))
        return max(sinks, key=lambda a: _skill(r, p, a - S.A_SINK, S.SWASH))

    def _discard(self, r, p, legal):
        return min(legal, key=lambda a: (_value(int(r["hand"][p][a - S.A_HAND]))
                                         + int(CARD[int(r["hand"][p][a - S.A_HAND]), S.C_COST]), a))

    def _push(self, r, p, legal):
        crew = [a for a in legal if S.A_CREW <= a < S.A_SINK]
        if not crew:
            return S.A_STOP
        best = max(crew, key=lambda a: (_hits(r, p, a - S.A_CREW), a))
        mine = _hits(r, p, best - S.A_CREW)
        other = int(r["b_def"]) if p == int(r["b_att"]) else int(r["b_att"])
        if int(r["f_seat"][0]) < 0:              # starting an attack
            if mine > 0 and (mine >= _best_fighter(r, other) or S.A_STOP not in legal):
                return best
            return S.A_STOP if S.A_STOP in legal else best
        theirs = _hits(r, other, int(r["f_slot"][0]))
        return best if mine >= theirs else S.A_STOP

    def _card(self, r, p, legal):
        cards = [a for a in legal if a < S.A_XP]
        if not cards:
            return S.A_STOP
        return min(cards, key=lambda a: (_value(int(r["hand"][p][a - S.A_HAND])), a))


def make_agent(seed=None):
    return SeventhSeaHeuristic(seed)
