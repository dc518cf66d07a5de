"""Validating records from outside: the building blocks of every game's ``check_states``.

numba does no bounds checks, so a record whose index fields are out of range corrupts memory
or loops forever the moment a kernel touches it. Each game therefore exports one validator
(``GameSpec.check_states``), used by ``load()``, ``load_scenario()``, ``VectorGame.set_states``
and the soak tests alike, so the loader and the soak can never disagree about what a valid
position is.

A validator is a list of *stages* run by :func:`run_stages` over a batch of records. Each
stage sees only the records that passed every earlier stage, so a later stage may index
arrays by fields an earlier stage range-checked (numpy would raise IndexError otherwise, and
a kernel would read garbage). The usual order:

1. :func:`header_stage`: the common header (seats, done/truncated/to_play, the step bound,
   no kernel fault) and the config copied into the record; then :func:`unused_slots_stage`:
   the slots of seats not in the game (and of any other per-seat table past its used part)
   hold exactly what set-up leaves there, so no later stage or kernel reads a stray value;
2. the game's index ranges and zone sizes (everything a kernel uses as an index);
3. the game's semantic invariants (card and token conservation, capacities, a well-formed
   pending decision);
4. :func:`legal_action_stage`: a live seat has at least one legal action (runs the game's
   ``batch_legal`` kernel on a copy, which is safe only after stages 1-3).

Messages name the field, the value and the rule: ``"cur: 7 is not a crew of this game
(0..2)"``. :class:`Report` collects them per record.

A truncated record (``max_steps`` reached) is the live position it stopped at, frozen: every
kernel truncates after a decision is fully applied and the next one is pending, then sets
only ``truncated = 1`` and ``to_play = -1``. The stages above judge "a decision is pending"
and "whose decision" by ``to_play``, which the freeze erased, so :func:`run_stages` judges a
truncated record that the stages refuse as it stands once more *thawed*: as the live
position with ``truncated = 0`` and each seat in turn to play. It is valid when one seat's
thawed position passes every stage (issue 29.1: a Five Sails card being paid for, a Havoc
payment, a Cursed Seas crew still waiting on its ship in setup were refused otherwise). The
judgement as it stands is kept for a game truncated between decisions (``AUTO_STEP_BOUND``
automatic steps, envs/core/bounds.py), which has no pending decision to thaw.
"""

from __future__ import annotations

from typing import Callable, Iterable

import numpy as np

from envs.core.spec import NO_SEAT

#: messages kept per record (a wildly corrupted record would otherwise list thousands)
MAX_PROBLEMS = 50


class Report:
    """Problems found in a batch of records; ``rows[i]`` is the list for record ``index[i]``.

    Stages write through :meth:`flag` with a boolean array over the records they were given;
    the report maps those back to the caller's indices.
    """

    def __init__(self, n: int, thawed: bool = False):
        self.problems: list[list[str]] = [[] for _ in range(n)]
        #: the records are truncated ones judged as the live positions they froze
        self.thawed = thawed

    def view(self, index: np.ndarray) -> "ReportView":
        return ReportView(self, index)

    def ok(self) -> np.ndarray:
        return np.array([not p for p in self.problems], dtype=bool)


class ReportView:
    """The part of a Report that one stage sees: records ``index`` of the original batch."""

    def __init__(self, report: Report, index: np.ndarray):
        self.report = report
        self.index = index

    @property
    def thawed(self) -> bool:
        """True when the stage judges truncated records thawed (:func:`run_stages`): a
        check of the records as they stand (the step bound) does not apply."""
        return self.report.thawed

    def flag(self, bad, message) -> None:
        """Record ``message`` for every record where ``bad`` is true.

        ``message`` is a string, or a function of the stage-local record number returning
        one (to show the offending value).
        """
        bad = np.asarray(bad, dtype=bool)
        if bad.ndim == 0:
            bad = np.full(self.index.shape[0], bool(bad))
        for j in np.flatnonzero(bad):
            rows = self.report.problems[self.index[j]]
            if len(rows) < MAX_PROBLEMS:
                rows.append(message if isinstance(message, str) else message(int(j)))


def _first_bad(values: np.ndarray, bad: np.ndarray, j: int) -> str:
    """``"[2, 5] = 99"``: the first offending element of record j (or ``"= 99"`` for scalars)."""
    if values.ndim == 1:
        return f"= {values[j].item()}"
    pos = np.argwhere(bad[j])[0]
    return f"[{', '.join(map(str, pos))}] = {values[j][tuple(pos)].item()}"


def in_range(r: ReportView, states, field: str, lo, hi, rule: str = "",
             where=None) -> None:
    """Every element of ``states[field]`` lies in ``lo..hi`` inclusive.

    ``lo``/``hi`` may be scalars or arrays broadcasting against the field (per record limits
    such as ``num_players - 1``); ``where`` (same broadcast) restricts the check, e.g. to the
    live part of a zone.
    """
    values = _field(states, field)
    v = values.astype(np.int64)
    lo_a = _per_record(lo, v)
    hi_a = _per_record(hi, v)
    bad = (v < lo_a) | (v > hi_a)
    if where is not None:
        bad &= _per_record(where, v).astype(bool)
    if bad.ndim > 1:
        any_bad = bad.reshape(bad.shape[0], -1).any(axis=1)
    else:
        any_bad = bad
    suffix = f" ({rule})" if rule else ""

    def msg(j):
        lo_j = np.broadcast_to(lo_a, v.shape)[j]
        hi_j = np.broadcast_to(hi_a, v.shape)[j]
        pos = np.argwhere(np.atleast_1d(bad[j]))[0] if v.ndim > 1 else ()
        lo_v = lo_j[tuple(pos)] if v.ndim > 1 else lo_j
        hi_v = hi_j[tuple(pos)] if v.ndim > 1 else hi_j
        return f"{field}{_first_bad(values, bad, j)}: outside {int(lo_v)}..{int(hi_v)}{suffix}"

    r.flag(any_bad, msg)


def _field(states, path: str) -> np.ndarray:
    """``states["cfg"]["num_players"]`` for ``path = "cfg.num_players"``."""
    out = states
    for part in path.split("."):
        out = out[part]
    return out


def _per_record(x, like: np.ndarray) -> np.ndarray:
    """A scalar, or a per-record array (N,) / (N, ...) shaped to broadcast against ``like``."""
    a = np.asarray(x)
    if a.ndim == 0:
        return a
    return a.reshape(a.shape + (1,) * (like.ndim - a.ndim))


Stage = Callable[[np.ndarray, ReportView], None]


def run_stages(states: np.ndarray, stages: Iterable[Stage]) -> list[list[str]]:
    """Run the stages in order, each on the records every earlier stage accepted; a truncated
    record they refuse is judged again as the live position it froze (:func:`_thawed`)."""
    states = np.atleast_1d(states)
    stages = list(stages)
    problems = _judge(states, stages)
    frozen = np.flatnonzero(np.array([bool(p) for p in problems])
                            & (states["truncated"] == 1) & (states["done"] == 0)
                            & (states["to_play"] == NO_SEAT))
    if frozen.size:
        thawed = _thawed(states[frozen], stages)
        for k, i in enumerate(frozen):
            if thawed[k] is None:
                problems[i] = []
            else:
                problems[i] = (problems[i] + [thawed[k]])[:MAX_PROBLEMS]
    return problems


def _judge(states: np.ndarray, stages: list, thawed: bool = False) -> list[list[str]]:
    report = Report(states.shape[0], thawed)
    index = np.arange(states.shape[0])
    for stage in stages:
        if index.size == 0:
            break
        try:
            stage(states[index], report.view(index))
        except Exception as e:  # noqa: BLE001  (a validator bug must still refuse, not crash)
            for i in index:
                report.problems[i].append(
                    f"validator stage {getattr(stage, '__name__', stage)!s} could not judge "
                    f"the record ({type(e).__name__}: {e}); refused")
        index = index[[not report.problems[i] for i in index]]
    return report.problems


def _thawed(frozen: np.ndarray, stages: list) -> list:
    """For each truncated record (``done`` = 0, ``to_play`` = -1): None when the position it
    froze, with ``truncated`` = 0 and some seat to play, passes every stage; otherwise one
    message naming the seat that came closest and its first problem.

    Only ``truncated`` and ``to_play`` change, so the header checks are the ones the record
    itself passed or failed; all seats' copies are judged in one batch.
    """
    seats = frozen["reward"].shape[1]          # MAX_PLAYERS of the header
    n = frozen["num_players"].astype(np.int64)
    rows, copies = [], []
    for p in range(seats):
        keep = np.flatnonzero(p < n)
        c = frozen[keep].copy()
        c["truncated"] = 0
        c["to_play"] = p
        rows.append(keep)
        copies.append(c)
    judged = _judge(np.concatenate(copies), stages, thawed=True)
    seat = np.concatenate([copies[p]["to_play"] for p in range(seats)]).astype(np.int64)
    best: list = [("", 1 << 30, -1)] * frozen.shape[0]
    for k, r in enumerate(np.concatenate(rows)):
        if len(judged[k]) < best[r][1]:
            best[r] = (judged[k][0] if judged[k] else "", len(judged[k]), int(seat[k]))
    out: list[str | None] = []
    for first, count, p in best:
        if count == 0:
            out.append(None)
        elif p < 0:
            out.append("truncated: no seat to play, so no live position it could have frozen")
        else:
            out.append(f"truncated: nor is it a live position frozen (with seat {p} to play: "
                       f"{first})")
    return out


def step_limit(states: np.ndarray, default_max_steps: int) -> np.ndarray:
    """int64 per record: the decisions at which its game is truncated (``cfg.max_steps``, or
    the game's default when it is 0)."""
    return np.where(states["cfg"]["max_steps"] > 0, states["cfg"]["max_steps"],
                    default_max_steps).astype(np.int64)


def header_stage(min_players: int, max_players: int, default_max_steps: int) -> Stage:
    """Checks of the common header every STATE starts with (``envs.core.spec``).

    - ``num_players`` within the game's seats and equal to ``cfg.num_players``;
    - ``done``, ``truncated`` are 0 or 1 and not both; a finished game has ``to_play`` = -1,
      a live one a seat ``0..num_players-1``;
    - ``step`` within ``0..max_steps`` (the truncation bound; ``cfg.max_steps`` >= 0), and
      below it in a live game: every game's kernel truncates the moment ``step`` reaches the
      bound, so a live record at it would be carried one decision past it (a truncated
      record judged thawed is live at its bound, so that check is skipped there);
    - ``winner_mask`` names only seats of the game, and nobody while the game is live;
    - ``fault`` is 0 (a kernel stopped on a bound: the record is not a game position);
    - ``cfg.auto_forced`` is 0 or 1;
    - ``reward`` is finite and at most ``max_players`` in size (a game's terminal reward is
      +-1 a side, and a seat plays at most every side), so a value or search reading it
      never meets NaN or infinity.
    """

    def stage(states, r):
        n = states["num_players"].astype(np.int64)
        in_range(r, states, "num_players", min_players, max_players,
                 "seats this game supports")
        in_range(r, states, "cfg.num_players", min_players, max_players,
                 "seats this game supports")
        r.flag(states["cfg"]["num_players"] != states["num_players"],
               "num_players: differs from cfg.num_players (the config the game was set up with)")
        in_range(r, states, "done", 0, 1, "a flag")
        in_range(r, states, "truncated", 0, 1, "a flag")
        in_range(r, states, "fault", 0, 0,
                 "a kernel stopped on a loop bound: the record is not a position to continue")
        in_range(r, states, "cfg.auto_forced", 0, 1, "a flag")
        over = (states["done"] != 0) | (states["truncated"] != 0)
        r.flag((states["done"] != 0) & (states["truncated"] != 0),
               "done and truncated: a game ends one way, not both")
        r.flag(over & (states["to_play"] != NO_SEAT),
               lambda j: f"to_play = {states['to_play'][j]}: done = {states['done'][j]}, "
                         f"truncated = {states['truncated'][j]} say the game is over, so no "
                         "seat is to play (-1)")
        live = ~over
        bad_seat = live & ((states["to_play"] < 0) | (states["to_play"].astype(np.int64) >= n))
        r.flag(bad_seat, lambda j: f"to_play = {states['to_play'][j]}: a live game needs a seat "
                                   f"0..{n[j] - 1}")
        in_range(r, states, "cfg.max_steps", 0, 2**31 - 1, "decisions before truncation")
        limit = step_limit(states, default_max_steps)
        in_range(r, states, "step", 0, limit, "decisions taken, at most the truncation bound")
        if not r.thawed:
            r.flag(live & (states["step"].astype(np.int64) >= limit),
                   lambda j: f"step = {states['step'][j]}: a live game is truncated when step "
                             f"reaches its bound ({limit[j]}, cfg.max_steps or the game's "
                             "default), so it is below it")
        mask = states["winner_mask"].astype(np.int64)
        r.flag((mask >> n) != 0, lambda j: f"winner_mask = {mask[j]}: names a seat outside "
                                           f"0..{n[j] - 1}")
        r.flag(live & (mask != 0), "winner_mask: set while the game is live")
        rew = states["reward"].astype(np.float64)
        r.flag(~(np.abs(rew) <= max_players).all(axis=1),
               lambda j: f"reward = {states['reward'][j].tolist()}: not finite or beyond "
                         f"+-{max_players} (the last decision's reward, +-1 a side)")

    return stage


def seat_fields(dtype: np.dtype, size: int, exclude: Iterable[str] = ()) -> tuple[str, ...]:
    """Paths (``"cfg.leader"`` inside the nested config) of every field of ``dtype`` whose first
    dimension is ``size`` (``MAX_PLAYERS``: a per-seat field), but those in ``exclude`` (a
    table that merely has as many entries, e.g. a market row). Deriving the list from the dtype
    means a per-seat field added later is checked without anyone remembering to list it."""
    out: list[str] = []
    for name in dtype.names or ():
        sub = dtype[name]
        if sub.names is not None:
            out.extend(f"{name}.{f}" for f in seat_fields(sub, size, ()))
        elif sub.shape and sub.shape[0] == size:
            out.append(name)
    skip = set(exclude)
    unknown = skip - set(out)
    if unknown:
        raise ValueError(f"seat_fields: {sorted(unknown)} excluded but not fields of size {size}")
    return tuple(f for f in out if f not in skip)


def unused_slots_stage(fields: Iterable[str], used: Callable[[np.ndarray], np.ndarray],
                       blank: dict | None = None, what: str = "seat") -> Stage:
    """Entries ``used(states)`` and beyond along the first axis of each field are unused (seats
    not in this game, crews or ships the game does not have) and hold exactly ``blank[field]``
    (default 0), the value set-up leaves there.

    Kernels loop over the used entries only, so a stray value there is never played, but it is
    not a position set-up can reach either: the next step's record would keep it and a loader
    would judge it differently, and code that does read all entries (observations, renders,
    scenario dumps) would show it. Refused by field name.
    """
    fields = tuple(fields)
    blank = dict(blank or {})
    unknown = set(blank) - set(fields)
    if unknown:
        raise ValueError(f"unused_slots_stage: blanks for {sorted(unknown)}, not checked fields")

    def stage(states, r):
        u = np.asarray(used(states)).astype(np.int64).reshape(-1)
        for f in fields:
            values = _field(states, f)
            b = blank.get(f, 0)
            idx = np.arange(values.shape[1])
            unused = idx[None, :] >= u[:, None]
            unused = unused.reshape(unused.shape + (1,) * (values.ndim - 2))
            bad = unused & ~(values == b)
            any_bad = bad.reshape(bad.shape[0], -1).any(axis=1)

            def msg(j, f=f, values=values, bad=bad, b=b):
                pos = tuple(int(i) for i in np.argwhere(bad[j])[0])
                return (f"{f}[{', '.join(map(str, pos))}] = {values[j][pos].item()}: {what} "
                        f"{pos[0]} is not in this game (it has {u[j]} {what}s), so it holds "
                        f"{b} as set-up leaves it")

            r.flag(any_bad, msg)

    return stage


def unused_seats_stage(fields: Iterable[str], blank: dict | None = None) -> Stage:
    """:func:`unused_slots_stage` for per-seat fields: seats ``num_players`` and beyond."""
    return unused_slots_stage(fields, lambda states: states["num_players"], blank, "seat")


def legal_action_stage(num_actions: int, batch_legal) -> Stage:
    """A live game has at least one legal action for its seat to play (runs the game's
    legal-mask kernel ``batch_legal(states, masks)`` on a copy; only safe after the index
    stages). The game's pieces, not its GameSpec, so a validator needs no import of the env
    module that registers it (no import circle env -> validate -> env)."""

    def stage(states, r):
        live = np.flatnonzero(states["to_play"] >= 0)
        if live.size == 0:
            return
        copy = states[live].copy()
        masks = np.zeros((live.size, num_actions), dtype=np.uint8)
        batch_legal(copy, masks)
        empty = np.zeros(states.shape[0], dtype=bool)
        empty[live] = ~masks.any(axis=1)
        r.flag(empty, lambda j: f"to_play = {states['to_play'][j]}: the seat to play has no "
                                "legal action (the pending decision cannot be answered)")

    return stage
