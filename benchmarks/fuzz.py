"""Fuzzing the core contract: corrupted snapshots must be refused or play on cleanly.

    python -m benchmarks.fuzz                         # every registered game, 10,000 blobs each
    python -m benchmarks.fuzz --game havoc --blobs 2000 --seed 3
    python -m benchmarks.fuzz --register toy=tests.core.toy_game.env --game toy

For each game, real positions are saved with ``save()`` (``--bases`` of them, from random
play in the configs of ``GameSpec.metadata["test_configs"]``), three kinds in turn: a live
game at a random depth; a game truncated by a small ``max_steps`` (then, half the time, some
of its agents' dead steps); ``env()``'s illegal-move end (the record live, every agent
terminated and truncated; then some dead steps). Each base must first load back as saved
and play on (a position the game reached that is refused is an error). Then each blob is a
base with:

- 1 to 64 random bytes changed (mostly in the record, now and then in the JSON header),
  the checksum left wrong (half the blobs: the snapshot layer must refuse them) or re-sealed
  (a quarter: the corruption reaches the game's ``check_states``);
- or 1 to 3 fields of the AEC bookkeeping changed (terminations, truncations, rewards set
  to NaN or infinity, agents dropped or reordered, another selection, a field of another
  type or missing) and re-sealed (a quarter: only ``load``'s check of the header against
  the record can refuse it).

A worker process loads each blob into a fresh env:

- refused: ``StateError`` (anything else is a failure, named with the blob);
- accepted: the record passes ``check_state``, the AEC bookkeeping agrees with the record
  (``header_problems``: a live game is not reported as over nor the reverse, rewards are
  finite), then random play from it (dead agents stepping with None) must end within
  ``--playout`` decisions or keep going without any error.

The parent watches the worker: a worker that dies (SIGSEGV, SIGABRT, heap corruption) is a
*crash* charged to the blob it was loading, one that stops answering for ``--timeout``
seconds a *hang*; the worker is restarted after either. The contract is 0 crashes, 0 hangs,
0 other errors. ``tests/contract`` runs this with a few hundred blobs; this script is the
long run whose figures the README quotes.
"""

from __future__ import annotations

import argparse
import os
import queue
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass, field

import numpy as np

_U32 = 4


#: the kinds of base position, in turn: a live game; a game stopped by a small ``max_steps``
#: (truncated, then some of its agents' dead steps taken); env()'s illegal-move end (the
#: record live, every agent terminated and truncated, then some dead steps)
BASE_KINDS = ("live", "truncated", "illegal")


def _random_play(e, rng, depth: int) -> None:
    """Up to ``depth`` random legal decisions (dead agents step with None)."""
    for _ in range(depth):
        if not e.agents:
            return
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
            continue
        e.step(int(rng.choice(e.legal_actions())))


def base_position(game: str, kind: str, config: dict, rng: np.random.Generator):
    """An env in a position of ``kind`` (see BASE_KINDS), reached by random play."""
    import envs

    if kind == "truncated":
        e = envs.make_raw(game, **{**config, "max_steps": int(rng.integers(1, 60))})
    elif kind == "illegal":
        e = envs.make(game, **config)
    else:
        e = envs.make_raw(game, **config)
    e.reset(seed=int(rng.integers(2**63)))
    if kind == "live":
        _random_play(e, rng, int(rng.integers(0, 400)))
        return e
    if kind == "truncated":
        for _ in range(10_000):              # to the end: max_steps stops it
            if e.record["to_play"][0] < 0:
                break
            e.step(int(rng.choice(e.legal_actions())))
    else:
        _random_play(e, rng, int(rng.integers(0, 200)))
        if e.agents and e.record["to_play"][0] >= 0:
            illegal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)
            if illegal.size:
                from pettingzoo.utils.env_logger import EnvLogger

                EnvLogger.suppress_output()          # the illegal-move warning is expected
                try:
                    e.step(int(rng.choice(illegal)))     # TerminateIllegalWrapper ends it
                finally:
                    EnvLogger.unsuppress_output()
    # some of the agents' dead steps (each removes one agent)
    if e.agents and rng.random() < 0.5:
        _random_play(e, rng, int(rng.integers(1, len(e.possible_agents) + 1)))
    return e


def base_blobs(game: str, count: int, seed: int) -> list[bytes]:
    """``count`` saved positions of ``game``: each kind of BASE_KINDS in turn, from random
    play in the configs of ``GameSpec.metadata["test_configs"]``."""
    import envs

    spec = envs.spec(game)
    configs = spec.metadata.get("test_configs") or [{}]
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        kind = BASE_KINDS[len(out) % len(BASE_KINDS)]
        cfg = configs[(len(out) // len(BASE_KINDS)) % len(configs)]
        out.append(base_position(game, kind, cfg, rng).save())
    return out


def reseal(blob: bytes) -> bytes:
    """The blob with its trailing CRC-32 recomputed (so corruption reaches check_states)."""
    body = blob[:-_U32]
    return body + zlib.crc32(body).to_bytes(4, "little")


def mutate(blob: bytes, rng: np.random.Generator, resealed: bool) -> bytes:
    """1 to 64 random bytes of the record (and now and then the header) changed."""
    b = bytearray(blob)
    n = int(2 ** rng.uniform(0, 6))     # log-uniform 1..64: small changes are the sly ones
    # mostly the record (after the magic, length and JSON header), now and then the header
    record_at = 12 + int.from_bytes(b[8:12], "little")
    lo = 0 if rng.random() < 0.05 else record_at
    for _ in range(n):
        i = int(rng.integers(lo, len(b) - _U32))
        b[i] = int(rng.integers(0, 256))
    out = bytes(b)
    return reseal(out) if resealed else out


_JUNK = (float("nan"), float("inf"), -float("inf"), 1e308, -1.0, 0.0, 1.0, 0.5, 2, True,
         False, None, "x", [], {})


def mutate_bookkeeping(blob: bytes, rng: np.random.Generator) -> bytes:
    """The blob with 1 to 3 of its AEC bookkeeping fields changed (terminations,
    truncations, rewards, agents, selection ...), re-packed with a valid checksum, so only
    ``load``'s check of the header against the record can refuse it."""
    import json
    import struct

    hlen = int.from_bytes(blob[8:12], "little")
    header = json.loads(blob[12:12 + hlen].decode())
    aec = header["aec"]
    names = sorted(set(aec["terminations"]) | set(aec.get("agents", [])) |
                   {aec["agent_selection"]}) or ["player_0"]
    def table(key):                      # a dict field, or None once junk replaced it
        return aec[key] if isinstance(aec.get(key), dict) and aec[key] else None

    for _ in range(int(rng.integers(1, 4))):
        op = int(rng.integers(0, 9))
        name = names[int(rng.integers(len(names)))]
        flags = ("terminations", "truncations")[int(rng.integers(2))]
        if op == 0 and table(flags):     # one agent's flag
            d = table(flags)
            d[list(d)[int(rng.integers(len(d)))]] = bool(rng.random() < 0.5)
        elif op == 1 and table(flags):   # every agent's flag
            aec[flags] = dict.fromkeys(table(flags), bool(rng.random() < 0.8))
        elif op in (2, 3):               # a reward or cumulative reward
            d = table(("rewards", "_cumulative_rewards")[op - 2])
            if d:
                d[list(d)[int(rng.integers(len(d)))]] = _JUNK[int(rng.integers(len(_JUNK)))]
        elif op == 4 and isinstance(aec.get("agents"), list) and aec["agents"]:
            gone = aec["agents"].pop(int(rng.integers(len(aec["agents"]))))
            if rng.random() < 0.7:       # and from every table
                for key in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
                    if table(key):
                        table(key).pop(gone, None)
        elif op == 5:                    # another selection
            aec["agent_selection"] = name if rng.random() < 0.8 else "nobody"
        elif op == 6 and isinstance(aec.get("agents"), list):   # another order
            aec["agents"] = [aec["agents"][i] for i in rng.permutation(len(aec["agents"]))]
        elif op == 7:                    # a field with a value of another type
            key = ("agents", "agent_selection", "rewards", "terminations", "seed_rng",
                   "skip_agent_selection")[int(rng.integers(6))]
            aec[key] = _JUNK[int(rng.integers(len(_JUNK)))]
        elif op == 8 and aec:            # a field missing
            del aec[list(aec)[int(rng.integers(len(aec)))]]
    head = json.dumps(header, separators=(",", ":")).encode()
    body = blob[:8] + struct.pack("<I", len(head)) + head + blob[12 + hlen:-_U32]
    return reseal(body + b"\0\0\0\0")


def header_problems(e) -> list[str]:
    """How a loaded env's AEC bookkeeping disagrees with its record (empty: it agrees): the
    fuzz's own oracle, so that a live game reported as over (or the reverse) is caught."""
    import math

    rec = e.record[0]
    names = e.possible_agents
    to_play = int(rec["to_play"])
    out = []
    for key in ("rewards", "_cumulative_rewards"):
        d = getattr(e, key)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in d.values()):
            out.append(f"{key} not finite: {d}")
    dead = [a for a in e.agents if e.terminations[a] or e.truncations[a]]
    if to_play >= 0:
        ended_by_illegal_move = all(e.terminations[a] and e.truncations[a] for a in e.agents)
        if ended_by_illegal_move:
            if e.legal_actions():
                out.append("legal actions after an illegal move ended the game")
        else:
            if e.agents != names or dead:
                out.append(f"live game but agents {e.agents}, dead {dead}")
            if e.agent_selection != names[to_play]:
                out.append(f"live game with seat {to_play} to play selects {e.agent_selection}")
            if not e.legal_actions():
                out.append("live seat to play without a legal action")
    else:
        wrong = [a for a in e.agents if e.terminations[a] != bool(rec["done"])
                 or e.truncations[a] != bool(rec["truncated"])]
        if wrong:
            out.append(f"game over (done={rec['done']}, truncated={rec['truncated']}) but "
                       f"{wrong} flagged otherwise")
    return out


# ----- the worker ----------------------------------------------------------------------------
def worker_main(game: str, module: str, playout: int) -> None:
    """Read hex blobs from stdin, one per line; answer one line per blob."""
    import envs
    from envs.core.errors import StateError

    envs.register(game, module)     # games registered at run time (the tests' toy game)
    spec = envs.spec(game)
    rng = np.random.default_rng(0)
    print("ready", flush=True)
    for line in sys.stdin:
        blob = bytes.fromhex(line.strip())
        e = envs.make_raw(game)
        try:
            e.load(blob)
        except StateError as ex:
            print("refused " + str(ex).replace("\n", " | ")[:300], flush=True)
            continue
        except Exception as ex:  # noqa: BLE001  (the contract allows only StateError)
            print(f"error load {type(ex).__name__}: {ex}".replace("\n", " | "), flush=True)
            continue
        try:
            problems = spec.check_state(e.record)
            if problems:
                print(f"error accepted-but-invalid {problems[:3]}", flush=True)
                continue
            problems = header_problems(e)
            if problems:
                print(f"error accepted-header-disagrees {problems[:3]}", flush=True)
                continue
            for _ in range(playout):         # on to the end, the agents' dead steps included
                if not e.agents:
                    break
                agent = e.agent_selection
                if e.terminations[agent] or e.truncations[agent]:
                    e.step(None)
                    continue
                legal = e.legal_actions()
                if not legal:
                    raise RuntimeError("a live seat has no legal action")
                e.step(int(rng.choice(legal)))
            print("accepted", flush=True)
        except Exception as ex:  # noqa: BLE001
            print(f"error playout {type(ex).__name__}: {ex}".replace("\n", " | "), flush=True)


@dataclass
class FuzzResult:
    game: str
    blobs: int = 0
    refused: int = 0
    accepted: int = 0
    crashes: list = field(default_factory=list)
    hangs: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    reasons: list = field(default_factory=list)
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.hangs or self.errors)


class _Worker:
    def __init__(self, game: str, playout: int):
        import envs

        env = dict(os.environ)
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [sys.executable, "-c",
             "import sys; from benchmarks.fuzz import worker_main; "
             f"worker_main({game!r}, {envs.REGISTRY[game]!r}, {playout})"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=root)
        self.lines: queue.Queue = queue.Queue()
        import threading

        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def ask(self, blob: bytes, timeout: float):
        self.proc.stdin.write(blob.hex() + "\n")
        self.proc.stdin.flush()
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return "hang"

    def wait_ready(self, timeout: float) -> bool:
        try:
            return self.lines.get(timeout=timeout) == "ready"
        except queue.Empty:
            return False

    def kill(self):
        self.proc.kill()
        self.proc.wait()


def run(game: str, blobs: int, seed: int = 0, playout: int = 3000, timeout: float = 60.0,
        bases: int = 40, progress=None) -> FuzzResult:
    """Fuzz ``game`` with ``blobs`` corrupted snapshots (see the module docstring)."""
    t0 = time.perf_counter()
    rng = np.random.default_rng(seed)
    base = base_blobs(game, bases, seed)
    res = FuzzResult(game)
    worker = None
    # first every base as saved: a position the game reached must load back
    jobs = [(None, b) for b in base]
    jobs += [(k, mutate_bookkeeping(base[k % len(base)], rng) if k % 4 == 3
              else mutate(base[k % len(base)], rng, resealed=bool(k % 2)))
             for k in range(blobs)]
    for i, (k, blob) in enumerate(jobs):
        if worker is None:
            worker = _Worker(game, playout)
            if not worker.wait_ready(600):
                raise RuntimeError(f"fuzz worker for {game} did not start")
        answer = worker.ask(blob, timeout)
        if k is None:                       # an unchanged base
            if answer != "accepted":
                res.errors.append((f"base {i}", ("a position the game reached did not load "
                                                  f"back and play on: {answer}")))
                if answer in (None, "hang"):
                    worker.kill()
                    worker = None
            continue
        res.blobs += 1
        if answer is None:
            res.crashes.append((k, worker.proc.wait()))
            worker = None
        elif answer == "hang":
            res.hangs.append(k)
            worker.kill()
            worker = None
        elif answer.startswith("refused") and "could not judge" in answer:
            res.errors.append((k, answer))          # a validator bug, even if it refused
        elif answer.startswith("refused"):
            res.refused += 1
            res.reasons.append(answer[8:])
        elif answer == "accepted":
            res.accepted += 1
        else:
            res.errors.append((k, answer))
        if progress:
            progress(k + 1)
    if worker is not None:
        worker.proc.stdin.close()
        worker.kill()
    res.seconds = time.perf_counter() - t0
    return res


def main(argv=None) -> int:
    import envs

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a registered game (repeatable; default all)")
    ap.add_argument("--blobs", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before a hang is called")
    ap.add_argument("--bases", type=int, default=40, help="saved positions the blobs start from")
    ap.add_argument("--register", action="append", default=[], metavar="NAME=MODULE",
                    help="register a game module first (e.g. toy=tests.core.toy_game.env)")
    args = ap.parse_args(argv)
    for item in args.register:
        name, _, module = item.partition("=")
        envs.register(name, module)
    bad = False
    for game in args.game or envs.names():
        r = run(game, args.blobs, seed=args.seed, timeout=args.timeout, bases=args.bases)
        print(f"{game}: {r.blobs} blobs in {r.seconds:.0f} s: {r.refused} refused, "
              f"{r.accepted} accepted and played on; {len(r.crashes)} crashes, "
              f"{len(r.hangs)} hangs, {len(r.errors)} other errors")
        for k, msg in r.errors[:10]:
            print(f"  blob {k}: {msg}")
        bad |= not r.clean
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
