"""Fuzzing the core contract: corrupted snapshots must be refused or play on cleanly.

    python -m benchmarks.fuzz                         # every registered game, 10,000 blobs each
    python -m benchmarks.fuzz --game havoc --blobs 2000 --seed 3

For each game, real positions (random play from the configs in ``GameSpec.metadata
["test_configs"]``, to random depths) are saved with ``save()``; each blob then gets 1 to 64
random bytes changed. Half the blobs keep their now-wrong checksum (the snapshot layer must
refuse them), half are re-sealed with a fresh checksum so the corrupted record reaches the
game's ``check_states``. A worker process loads each blob into a fresh env:

- refused: ``StateError`` (anything else is a failure, named with the blob);
- accepted: the record passes ``check_state``, then random legal play from it must end (done
  or truncated) within ``--playout`` decisions or keep going without any error.

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


def base_blobs(game: str, count: int, seed: int) -> list[bytes]:
    """``count`` saved positions of ``game`` from random play to random depths."""
    import envs

    spec = envs.spec(game)
    configs = spec.metadata.get("test_configs") or [{}]
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        cfg = configs[len(out) % len(configs)]
        e = envs.make_raw(game, **cfg)
        e.reset(seed=int(rng.integers(2**63)))
        depth = int(rng.integers(0, 400))
        for _ in range(depth):
            if e.record["to_play"][0] < 0:
                break
            e.step(int(rng.choice(e.legal_actions())))
        out.append(e.save())
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
            for _ in range(playout):
                if not e.agents or e.record["to_play"][0] < 0:
                    break
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
    for k in range(blobs):
        blob = mutate(base[k % len(base)], rng, resealed=bool(k % 2))
        if worker is None:
            worker = _Worker(game, playout)
            if not worker.wait_ready(600):
                raise RuntimeError(f"fuzz worker for {game} did not start")
        answer = worker.ask(blob, timeout)
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
    args = ap.parse_args(argv)
    bad = False
    for game in args.game or envs.names():
        r = run(game, args.blobs, seed=args.seed, timeout=args.timeout)
        print(f"{game}: {r.blobs} blobs in {r.seconds:.0f} s: {r.refused} refused, "
              f"{r.accepted} accepted and played on; {len(r.crashes)} crashes, "
              f"{len(r.hangs)} hangs, {len(r.errors)} other errors")
        for k, msg in r.errors[:10]:
            print(f"  blob {k}: {msg}")
        bad |= not r.clean
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
