"""What a trained model was made with: the package versions, the source revision and the CPU.

A seeded training command gives the same network only on the same code with the same numpy,
numba, torch and stable-baselines3, and perhaps only on the same kind of CPU: a float that
differs in the last place changes a close argmax, and two runs part from there
(benchmarks/TRAINING.md, "Reproducing a trained network"). ``broadside train`` stores
:func:`provenance` in every model it saves (the model's ``broadside_game`` entry,
``agents.policy.model_game_entry``) and ``agents.pretrained export`` copies it into the
shipped model's json as ``trained_with``, so a run can be repeated on what made it.
"""

from __future__ import annotations

import importlib.metadata
import platform
import subprocess
from pathlib import Path

#: the distributions whose arithmetic or random streams a training run depends on
PACKAGES = ("numpy", "numba", "torch", "stable-baselines3", "sb3-contrib", "gymnasium",
            "pettingzoo")


def package_versions() -> dict[str, str]:
    """The Python version and the installed version of each of :data:`PACKAGES` (one that is
    not installed is left out)."""
    out = {"python": platform.python_version()}
    for name in PACKAGES:
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            pass
    return out


def source_revision(where: Path | None = None) -> str | None:
    """The git commit of the checkout whose top folder is ``where`` (default: the one holding
    this package), with ``-dirty`` when its tracked files differ from it; None where that
    folder is not the top of a checkout (an installed wheel, even in a virtualenv inside
    another project's repository) or without git."""
    root = Path(where) if where is not None else Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--show-toplevel", "HEAD"], cwd=root,
                              capture_output=True, text=True, timeout=10)
        if head.returncode != 0:
            return None
        top, commit = head.stdout.splitlines()
        if Path(top).resolve() != root.resolve():
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    suffix = "-dirty" if dirty.returncode != 0 or dirty.stdout.strip() else ""
    return commit + suffix


def host_cpu() -> str:
    """The machine and the CPU numba compiles the kernels for (``"x86_64 rocketlake"``):
    numba and torch pick vector instructions by CPU, and a sum taken in another order can
    differ in its last bit."""
    try:
        import llvmlite.binding

        return f"{platform.machine()} {llvmlite.binding.get_host_cpu_name()}"
    except ImportError:
        return platform.machine()


def provenance() -> dict:
    """``{"packages": package_versions(), "revision": source_revision(), "cpu":
    host_cpu()}`` (revision None where unknown)."""
    return {"packages": package_versions(), "revision": source_revision(),
            "cpu": host_cpu()}
