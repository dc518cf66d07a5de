"""Optional dependencies: import them by name, or say which extra to install and how.

The base distribution (numpy, numba, gymnasium, pettingzoo, pillow, rich) plays, renders,
benchmarks and runs tournaments between random and heuristic agents. Training, trained-policy
agents, ratings and figures need the ``training`` extra (pyproject.toml). ``require`` turns a
missing module into :class:`MissingExtraError`, whose message is the exact install command.
"""

from __future__ import annotations

import importlib
import os

#: the extra that provides each optional top-level module
EXTRA_OF = {
    "torch": "training", "stable_baselines3": "training", "sb3_contrib": "training",
    "openskill": "training", "tqdm": "training", "tensorboard": "training",
    "matplotlib": "training", "ray": "scale", "pygame": "bench", "hypothesis": "dev",
    "pytest": "dev", "starlette": "serve", "uvicorn": "serve",
}

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class MissingExtraError(ImportError):
    """An optional dependency is not installed; the message says how to install it."""

    def __init__(self, extra: str, module: str):
        self.extra, self.module = extra, module
        super().__init__(f"{module} is not installed; it comes with the '{extra}' extra: "
                         f"{install_command(extra)}")


def install_command(extra: str) -> str:
    """The pip command that installs ``extra`` for this copy of Broadside."""
    if os.path.exists(os.path.join(_ROOT, "pyproject.toml")):
        # a source checkout (editable install): install the extra from it
        return f"pip install -e '{_ROOT}[{extra}]'"
    return f"pip install 'broadside[{extra}]'"


def missing_extra(err: ModuleNotFoundError) -> MissingExtraError | None:
    """The MissingExtraError for ``err`` if the module it names belongs to an extra."""
    top = (err.name or "").split(".")[0]
    extra = EXTRA_OF.get(top)
    return MissingExtraError(extra, top) if extra else None


def require(extra: str, module: str):
    """Import ``module``; MissingExtraError naming the extra of the optional module that is
    missing (``extra`` when it is ``module`` itself)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and e.name.split(".")[0] == module.split(".")[0]:
            raise MissingExtraError(extra, e.name.split(".")[0]) from e
        found = missing_extra(e)
        if found is None:
            raise
        raise found from e
