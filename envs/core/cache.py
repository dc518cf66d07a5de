"""Where numba keeps compiled kernels: a folder keyed by a hash of every kernel source.

numba's ``cache=True`` re-validates a cached kernel only against the file that defines it,
not against callees in other files nor the card tables a kernel was built from, so an edited
``rules.py`` could silently keep running the old compiled ``batch.py``. Pointing
``NUMBA_CACHE_DIR`` at ``~/.cache/broadside/numba-<sha1 of envs/**/*.py and *.toml>`` makes a
stale kernel impossible: any source change selects a fresh folder, and an unchanged clone (CI)
reuses the old one.

``python -c 'from envs.core.cache import cache_dir; print(cache_dir())'`` (what the Makefile
runs) or ``python -m envs.core.cache`` prints the folder, so the Makefile and Python agree.
"""

from __future__ import annotations

import hashlib
import os
import sys
#: the ``envs`` package folder whose sources key the cache (os.path, not pathlib: importing
#: pathlib alone would cost more than the whole hash)
ENVS_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_SUFFIXES = (".py", ".toml")


def source_hash(root: str = ENVS_ROOT) -> str:
    """sha1 over the relative paths and contents of every ``*.py``/``*.toml`` under ``root``."""
    h = hashlib.sha1()
    paths: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
        paths.extend(os.path.join(dirpath, f) for f in filenames if f.endswith(_SUFFIXES))
    for p in sorted(paths):
        # the path is hashed too, so moving a kernel between files changes the key
        h.update(os.path.relpath(p, root).replace(os.sep, "/").encode())
        h.update(b"\0")
        with open(p, "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def cache_dir(root: str = ENVS_ROOT) -> str:
    """The numba cache folder for the current sources."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "broadside", f"numba-{source_hash(root)[:16]}")


def configure() -> str:
    """Set ``NUMBA_CACHE_DIR`` unless the user already chose one; return the folder in use."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return chosen
    path = cache_dir()
    os.environ["NUMBA_CACHE_DIR"] = path
    if "numba" in sys.modules:
        # numba read its config at import; make it see the new folder before any kernel
        # of ours is compiled or loaded
        from numba.core import config

        config.reload_config()
    return path


if __name__ == "__main__":
    print(cache_dir())
