"""Mutation self-check: would the test suite notice a wrong rule?

    python -m benchmarks.mutants                        # every tests/mutants/<game>.toml
    python -m benchmarks.mutants --game havoc --jobs 2
    python -m benchmarks.mutants --game havoc --only 3,7      # mutants 3 and 7 (1-based)
    python -m benchmarks.mutants --game havoc --match raking  # rules whose text matches
    python -m benchmarks.mutants --game havoc --list          # list, run nothing
    python -m benchmarks.mutants --game havoc --with-digests  # digest tests count too
    python -m benchmarks.mutants --game havoc --interpret-only  # no compile at all
    python -m benchmarks.mutants --game havoc --no-interpret    # compile every mutant

``tests/mutants/<game>.toml`` lists rule mutations kept beside the tests::

    [[mutant]]
    rule = "Cannon Fire: a raking shot scores 3 Infamy"   # the rule and its section
    file = "envs/havoc/cannon.py"                          # path from the repo root
    find = "RAKING_INFAMY = 3"                             # exact text, occurring once
    replace = "RAKING_INFAMY = 2"
    tests = ["tests/havoc/test_cannon.py"]                 # optional: run these first

For each mutant: the repository's tracked files (``git ls-files``, so untracked junk stays
out) are copied to a temporary folder, the one replacement is applied (a ``find`` that does
not occur exactly once is refused before anything runs), ``NUMBA_CACHE_DIR`` points at a
fresh folder so no kernel compiled from the real sources can be loaded, and pytest runs
``tests/<game>`` (and ``tests/contract`` if present) with ``-x -q``: it stops at the first
failure. With ``tests`` given, those files run first and the rest only if they all pass (the
second run reuses the kernels the first compiled).

By default only rule tests may kill a mutant: the random-game digest tests (every test module
that imports ``tests/core/trajectory.py``, i.e. each game's ``test_trajectory.py``) are left
out, with ``--ignore`` and out of a mutant's ``tests``. A digest fails on every change to play,
right or wrong, and is re-recorded after each deliberate rule change, so a mutant only a digest
notices is a rule no test checks. ``--with-digests`` runs them as well.

A mutant is *killed* when the tests fail, *survived* when they pass (*undecided* with
``--interpret-only`` when only the compiled run could tell); a crash of pytest itself
(*error*) or a run over ``--timeout`` (*timeout*) counts as not killed. Each line shows the
rule, the outcome, the first failing test and the time taken; the last line the total. Exit status
1 unless every mutant was killed.

**Interpreted first pass (default).** A cold compile costs minutes per mutant, while most
mutants list small scenario tests that run in seconds with the kernels as plain Python
(``NUMBA_DISABLE_JIT=1`` plus the :mod:`benchmarks.interpret` plugin). So, once per game, the
test files of ``tests/<game>/`` the mutants list (not the shared suites: contract, render,
agents, training tests play every game or whole games) run unmutated under the interpreter (the *interpreter
baseline*), one pytest per file, each within ``--timeout``: a file that does not collect
there, crashes pytest or runs out of time is dropped (the others still count; each dropped
file is printed with the reason: timeout, pytest exit code, collection error), a test that
fails there, or takes over 10 s (``BROADSIDE_INTERP_TEST_TIMEOUT``: no small scenario test),
is deselected.
A mutant whose interpreted run fails only by such a timeout falls back too. Then each mutant
first runs its listed tests that remain, interpreted: a failure
is a kill (the same tests pass unmutated under the same interpreter, so the mutation made
the difference). Anything else (they pass, or none remain) falls back to the compiled run
above, so a full run decides exactly what a compiled-only run decides, only sooner. It is
on by default because a kill it reports is one the compiled run would report too (same
tests, same rules; the one gap is arithmetic numpy does differently from numba, e.g. no
widening of ``int8``, and such a difference would show in the baseline);
``--no-interpret`` compiles every mutant. ``--interpret-only`` skips the fallback and
reports those mutants *undecided*: the quick figure of what the rule tests catch.

First the same tests run once on an unmutated copy (skip with ``--no-baseline``): a suite
that already fails would "kill" every mutant. Every mutant costs a cold numba compile, so a
run takes minutes per mutant; it is a benchmark-style check (``make mutants``), not part of
CI.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTANTS_DIR = os.path.join(ROOT, "tests", "mutants")
#: a test module that imports this helper pins seeded random games by digest
DIGEST_HELPER = re.compile(r"^\s*(?:from|import)\s+tests\.core\.trajectory\b", re.MULTILINE)
KEYS = {"rule", "file", "find", "replace"}
OPTIONAL = {"tests"}


@dataclass
class Mutant:
    index: int                      # 1-based position in the file
    rule: str
    file: str
    find: str
    replace: str
    tests: list = field(default_factory=list)


@dataclass
class Outcome:
    mutant: Mutant
    status: str                     # killed | survived | timeout | error
    seconds: float
    detail: str = ""


def load_mutants(game: str, root: str = ROOT) -> list[Mutant]:
    """The mutants of ``tests/mutants/<game>.toml``; ValueError naming the entry and the
    problem for a missing key, an unknown key or a ``find`` not occurring exactly once."""
    path = os.path.join(root, "tests", "mutants", f"{game}.toml")
    with open(path, "rb") as f:
        data = tomllib.load(f)
    entries = data.get("mutant", [])
    unknown = set(data) - {"mutant"}
    if unknown or not entries:
        raise ValueError(f"{path}: expected [[mutant]] tables only, got {sorted(data)}")
    out = []
    for i, e in enumerate(entries, 1):
        where = f"{path}: mutant {i} ({e.get('rule', '?')!r})"
        missing = KEYS - set(e)
        extra = set(e) - KEYS - OPTIONAL
        if missing or extra:
            raise ValueError(f"{where}: missing keys {sorted(missing)}, unknown keys "
                             f"{sorted(extra)}")
        target = os.path.join(root, e["file"])
        if not os.path.isfile(target):
            raise ValueError(f"{where}: no file {e['file']!r}")
        with open(target, encoding="utf-8") as f:
            count = f.read().count(e["find"])
        if count != 1:
            raise ValueError(f"{where}: 'find' occurs {count} times in {e['file']}, it must "
                             "occur exactly once")
        if e["find"] == e["replace"]:
            raise ValueError(f"{where}: 'replace' equals 'find'")
        for t in e.get("tests", []):
            if not os.path.exists(os.path.join(root, t)):
                raise ValueError(f"{where}: no test path {t!r}")
        out.append(Mutant(i, e["rule"], e["file"], e["find"], e["replace"],
                          list(e.get("tests", []))))
    return out


def tracked_files(root: str = ROOT) -> list[str]:
    res = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True)
    return [p for p in res.stdout.decode().split("\0") if p]


def make_copy(dest: str, files: list[str], root: str = ROOT) -> None:
    """Copy ``files`` (paths relative to ``root``) under ``dest``."""
    for rel in files:
        src = os.path.join(root, rel)
        if not os.path.isfile(src):          # deleted in the work tree but still tracked
            continue
        dst = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)


def digest_tests(dest: str, suites: list[str]) -> list[str]:
    """The test modules under ``suites`` (paths relative to ``dest``) that pin random games
    by digest: those importing ``tests/core/trajectory.py``."""
    out = []
    for suite in suites:
        for folder, _, names in os.walk(os.path.join(dest, suite)):
            for name in sorted(names):
                if not (name.startswith("test_") and name.endswith(".py")):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    if DIGEST_HELPER.search(f.read()):
                        out.append(os.path.relpath(path, dest))
    return sorted(out)


def apply_mutant(dest: str, m: Mutant) -> None:
    path = os.path.join(dest, m.file)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.count(m.find) != 1:
        raise ValueError(f"mutant {m.index}: 'find' must occur exactly once in {m.file}")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(m.find, m.replace))


_FAILED = re.compile(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", re.MULTILINE)


def _pytest(dest: str, paths: list[str], extra: list[str], timeout: float,
            interpret: bool = False, stop: bool = True) -> tuple[int, str]:
    """pytest on ``paths`` inside ``dest``: (exit code, output); code -1 after ``timeout``.
    ``interpret`` runs the kernels as Python (``NUMBA_DISABLE_JIT=1`` and the
    :mod:`benchmarks.interpret` plugin): no compile."""
    env = dict(os.environ)
    env["PYTHONPATH"] = dest
    env["NUMBA_CACHE_DIR"] = os.path.join(dest, ".numba_cache")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if interpret:
        env["NUMBA_DISABLE_JIT"] = "1"
        extra = ["-p", "benchmarks.interpret", *extra]
    else:
        env.pop("NUMBA_DISABLE_JIT", None)
    cmd = [sys.executable, "-m", "pytest", *(["-x"] if stop else []), "-q",
           "-p", "no:cacheprovider", "-p", "no:xdist", *extra, *paths]
    try:
        res = subprocess.run(cmd, cwd=dest, env=env, capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, ""
    return res.returncode, res.stdout + res.stderr


# a short-summary line: "FAILED <path>[::<name>][ - <message>]"; a parametrized name may hold
# spaces ("[{'num_players': 2}]"), so the name runs to the " - " of the message
_NODE = re.compile(r"^(FAILED|ERROR) ([^\s:]+)(?:::(.+?))?(?: - .*)?$", re.MULTILINE)


@dataclass
class Interpretable:
    """The interpreter baseline of one game: which listed test files run unmutated with the
    kernels as Python. ``files``: files that run there; ``failing``: node ids that fail there
    (numba-only features, numpy arithmetic that differs), deselected in every mutant run;
    ``dropped``: each file left out, with the reason (timeout, pytest exit code, collection
    error)."""
    files: set
    failing: set
    seconds: float = 0.0
    dropped: dict = field(default_factory=dict)

    def plan(self, tests: list[str]) -> tuple[list[str], list[str]]:
        """The paths to run for a mutant listing ``tests`` and the ``--deselect`` options."""
        paths = [t for t in tests if t in self.files]
        extra = []
        for node in sorted(self.failing):
            if node.split("::", 1)[0] in paths:
                extra += ["--deselect", node]
        return paths, extra


def file_verdict(code: int, out: str, timeout: float) -> tuple[str | None, set]:
    """One test file's interpreted run, unmutated: (why it is dropped, or None if it runs;
    the node ids that fail there). pytest exits 0 or 1 once its tests ran; anything else
    (-1: over ``timeout``, 2: a collection error, 3: an internal error, 5: no tests, a
    negative code: killed by a signal) means the file does not run under the interpreter."""
    if code == -1:
        return f"timeout: no result within {timeout:.0f}s", set()
    nodes = _NODE.findall(out)
    uncollected = code == 2 or any(not name for _kind, _path, name in nodes)
    if code in (0, 1) and not uncollected:
        return None, {f"{path}::{name}" for _kind, path, name in nodes}
    last = out.strip().splitlines()[-1:]
    return ("collection error, " if uncollected else "") + f"pytest exit {code}" + (
        f": {last[0]}" if last else ""), set()


def interpreter_baseline(game: str, mutants: list[Mutant], files: list[str], timeout: float,
                         source: str = ROOT, digests: bool = False) -> Interpretable:
    """Run each test file of ``tests/<game>/`` the ``mutants`` list (digest tests left out
    unless ``digests``) once, unmutated, under the interpreter, without stopping at a failure,
    one pytest per file with its own ``timeout``: a file that times out, crashes or does not
    collect is dropped (the others still count), a test that fails is deselected; neither can
    ever count as a kill in interpreted mode."""
    t0 = time.perf_counter()
    dest = tempfile.mkdtemp(prefix=f"mutant-{game}-interp-")
    try:
        make_copy(dest, files, source)
        suites = [f"tests/{game}"] + (["tests/contract"] if os.path.isdir(
            os.path.join(dest, "tests", "contract")) else [])
        skip = set() if digests else set(digest_tests(dest, suites))
        # the game's own scenario tests only: the shared suites (tests/contract, render,
        # agents, training) play every game or whole random games, minutes interpreted
        listed = sorted({t for m in mutants for t in m.tests if t not in skip
                         and t.startswith(f"tests/{game}/")
                         and os.path.isfile(os.path.join(dest, t))})
        base = Interpretable(set(), set())
        for path in listed:
            code, out = _pytest(dest, [path], ["-rfE"], timeout, interpret=True, stop=False)
            why, failing = file_verdict(code, out, timeout)
            if why:
                base.dropped[path] = why
            else:
                base.files.add(path)
                base.failing |= failing
        base.seconds = time.perf_counter() - t0
        return base
    finally:
        shutil.rmtree(dest, ignore_errors=True)


def run_mutant(m: Mutant | None, game: str, files: list[str], timeout: float,
               keep: bool = False, source: str = ROOT, digests: bool = False,
               interp: "Interpretable | None" = None, fallback: bool = True) -> Outcome:
    """Copy ``files`` from ``source``, mutate, test; the outcome with the first failing test.
    ``m=None`` runs the unmutated copy (the baseline: it must survive). Without ``digests``
    the random-game digest tests are left out (only rule tests may kill).

    With ``interp`` (the interpreter baseline of the game) the mutant's listed tests that pass
    unmutated under the interpreter run first with the kernels as Python: a failure there is
    a kill. Otherwise the compiled run follows, unless ``fallback`` is off: then the outcome
    is *undecided*."""
    t0 = time.perf_counter()
    dest = tempfile.mkdtemp(prefix=f"mutant-{game}-{m.index if m else 0}-")
    try:
        make_copy(dest, files, source)
        if m is None:
            m = Mutant(0, "baseline: no mutation", "", "", "")
        else:
            apply_mutant(dest, m)
        suites = [f"tests/{game}"]
        if os.path.isdir(os.path.join(dest, "tests", "contract")):
            suites.append("tests/contract")
        skip = [] if digests else digest_tests(dest, suites)
        first = [t for t in m.tests if t not in skip]
        if interp is not None and m.index:
            paths, deselect = interp.plan(first)
            if paths:
                code, out = _pytest(dest, paths, deselect, timeout, interpret=True)
                if code == 1 and "InterpreterTimeout" not in out:
                    hit = _FAILED.search(out)
                    return Outcome(m, "killed", time.perf_counter() - t0, "[interpreted] "
                                   + (hit.group(1) if hit else "tests failed"))
            if not fallback:
                why = ("its interpretable tests pass" if paths
                       else "no listed test runs under the interpreter")
                return Outcome(m, "undecided", time.perf_counter() - t0, why)
        runs = []
        if first:
            runs.append((first, []))
        runs.append((suites, [f"--ignore={t}" for t in first + skip]))
        for paths, extra in runs:
            left = timeout - (time.perf_counter() - t0)
            code, out = _pytest(dest, paths, extra, max(left, 1.0))
            if code == -1:
                return Outcome(m, "timeout", time.perf_counter() - t0,
                               f"no result within {timeout:.0f}s")
            if code == 1:
                hit = _FAILED.search(out)
                return Outcome(m, "killed", time.perf_counter() - t0,
                               hit.group(1) if hit else "tests failed")
            if code != 0:
                tail = " | ".join(out.strip().splitlines()[-3:])
                return Outcome(m, "error", time.perf_counter() - t0,
                               f"pytest exit {code}: {tail}")
        return Outcome(m, "survived", time.perf_counter() - t0, "every test passed")
    finally:
        if keep:
            print(f"  kept {dest}", flush=True)
        else:
            shutil.rmtree(dest, ignore_errors=True)


def _fmt(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m}m{s:02d}s" if m else f"{s}s"


def select(mutants: list[Mutant], only: str | None, match: str | None) -> list[Mutant]:
    if only:
        wanted = {int(x) for x in only.split(",") if x.strip()}
        bad = sorted(w for w in wanted if not 1 <= w <= len(mutants))
        if bad:
            raise SystemExit(f"--only {bad}: mutants are numbered 1-{len(mutants)}")
        mutants = [m for m in mutants if m.index in wanted]
    if match:
        rx = re.compile(match, re.I)
        mutants = [m for m in mutants if rx.search(m.rule) or rx.search(m.file)]
    return mutants


def games_with_mutants() -> list[str]:
    if not os.path.isdir(MUTANTS_DIR):
        return []
    return sorted(f[:-5] for f in os.listdir(MUTANTS_DIR) if f.endswith(".toml"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="game(s) to check (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="mutants tested in parallel")
    ap.add_argument("--only", help="comma-separated mutant numbers (1-based)")
    ap.add_argument("--match", help="regex on the rule text or file: run only those")
    ap.add_argument("--timeout", type=float, default=1800.0,
                    help="seconds per mutant (and per file of the interpreter baseline)")
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--keep", action="store_true", help="keep the temporary copies")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the run of the unmutated suite")
    ap.add_argument("--with-digests", action="store_true",
                    help="also run the random-game digest tests (test_trajectory.py); by "
                         "default only rule tests may kill a mutant")
    ap.add_argument("--no-interpret", dest="interpret", action="store_false",
                    help="compile every mutant: skip the interpreted first pass")
    ap.add_argument("--interpret-only", action="store_true",
                    help="no compiled fallback: a mutant the interpreted pass does not kill "
                         "is reported undecided (minutes per game instead of hours)")
    args = ap.parse_args(argv)
    if args.interpret_only and not args.interpret:
        ap.error("--interpret-only and --no-interpret exclude each other")

    games = args.game or games_with_mutants()
    if not games:
        print("no tests/mutants/<game>.toml files")
        return 1
    if args.list:
        for g in games:
            for m in select(load_mutants(g), args.only, args.match):
                print(f"{g} {m.index:3d}  {m.file}: {m.rule}")
        return 0
    # one snapshot of the tracked files at the start: edits made while mutants run (which
    # take minutes each) cannot leak into later copies
    snapshot = tempfile.mkdtemp(prefix="mutants-snapshot-")
    try:
        files = tracked_files()
        make_copy(snapshot, files)
        plan = [(g, select(load_mutants(g, snapshot), args.only, args.match)) for g in games]
        return _run_plan(plan, args, snapshot, files)
    finally:
        shutil.rmtree(snapshot, ignore_errors=True)


def _run_plan(plan, args, snapshot: str, files: list[str]) -> int:
    worst = 0
    for game, ms in plan:
        if not args.no_baseline:
            base = run_mutant(None, game, files, args.timeout, args.keep, snapshot,
                              args.with_digests)
            print(f"{game}: baseline (unmutated) {base.status} in {_fmt(base.seconds)} "
                  f"-> {base.detail}", flush=True)
            if base.status != "survived":
                print(f"{game}: the unmutated tests do not pass; fix them first")
                worst = 1
                continue
        t0 = time.perf_counter()
        interp = None
        if args.interpret:
            interp = interpreter_baseline(game, ms, files, args.timeout, snapshot,
                                          args.with_digests)
            print(f"{game}: interpreter baseline in {_fmt(interp.seconds)}: "
                  f"{len(interp.files)} test files run as Python, "
                  f"{len(interp.dropped)} do not (dropped), "
                  f"{len(interp.failing)} tests there fail unmutated (left out)", flush=True)
            for path, why in sorted(interp.dropped.items()):
                print(f"    not interpretable: {path} ({why})", flush=True)
            for node in sorted(interp.failing):
                print(f"    left out: {node}", flush=True)
        print(f"{game}: {len(ms)} mutants, {args.jobs} at a time, "
              + ("digest tests included" if args.with_digests else "rule tests only")
              + (", interpreted first" if args.interpret else "")
              + (" (no compiled fallback)" if args.interpret_only else ""), flush=True)
        outcomes = []

        def one(m, game=game, interp=interp):
            o = run_mutant(m, game, files, args.timeout, args.keep, snapshot,
                           args.with_digests, interp, not args.interpret_only)
            print(f"  {m.index:3d} {o.status:8s} {_fmt(o.seconds):>7s}  {m.rule}  "
                  f"[{m.file}] -> {o.detail}", flush=True)
            return o

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(one, ms))
        killed = sum(o.status == "killed" for o in outcomes)
        survived = [o.mutant.index for o in outcomes if o.status == "survived"]
        errors = [o.mutant.index for o in outcomes if o.status in ("error", "timeout")]
        undecided = [o.mutant.index for o in outcomes if o.status == "undecided"]
        by_interp = sum(o.detail.startswith("[interpreted]") for o in outcomes)
        print(f"{game}: {killed}/{len(outcomes)} killed in {_fmt(time.perf_counter() - t0)}"
              + (f" ({by_interp} by the interpreted pass)" if args.interpret else "")
              + (f"; undecided: {undecided}" if undecided else "")
              + (f"; survived: {survived}" if survived else "")
              + (f"; errors: {errors}" if errors else ""), flush=True)
        if killed < len(outcomes):
            worst = 1
    return worst


if __name__ == "__main__":
    sys.exit(main())
