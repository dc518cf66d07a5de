# Broadside: `make demo`, `make test`, `make bench`. Each bootstraps .venv on a fresh machine.
#
# torch is installed first and pinned: the CPU wheel is on local disk, while a bare "torch"
# requirement could pull a multi-GB CUDA build. The stamp file makes a second run skip the
# install until pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Compiled numba kernels live outside the checkout in a folder keyed by a hash of the kernel
# sources (envs/**/*.py and *.toml), computed by envs/core/cache.py so Python and make agree:
# a stale kernel can never be loaded, and an unchanged clone (CI) reuses the cache.
# A NUMBA_CACHE_DIR already set by the user wins.
ifndef NUMBA_CACHE_DIR
NUMBA_CACHE_DIR := $(shell $(PYTHON) -c 'from envs.core.cache import cache_dir; print(cache_dir())')
endif
export NUMBA_CACHE_DIR

.PHONY: demo test bench mutants docs venv cache-dir

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install torch==2.13.0
	$(PY) -m pip install -e '.[training,dev,bench,scale,docs,serve]'
	touch $(STAMP)

# Lint (ruff, configured in pyproject.toml) and the core's types (mypy) come first: seconds.
# The warm-up step compiles every game's kernels once (one process per core, one game each)
# into the source-keyed cache before pytest-xdist starts its workers; without it each worker
# would compile the same kernels itself.
test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m training.cli compile --register toy=tests.core.toy_game.env
	@if $(PY) -c 'import xdist' 2>/dev/null; then \
		$(PY) -m pytest -n 2; \
	else \
		$(PY) -m pytest; \
	fi

demo: $(STAMP)
	$(VENV)/bin/broadside demo

# The peer libraries (PettingZoo poker via rlcard, OpenSpiel, pgx + jax) are large: they are
# installed here, for the side-by-side benchmark, and not by `make test`.
bench: $(STAMP)
	$(PY) -m pip install -e '.[peers]'
	$(VENV)/bin/broadside bench --update-figures
	$(PY) -m benchmarks.rllib_speed

# Mutation self-check (not run by CI): each rule mutation in tests/mutants/<game>.toml is
# applied to a copy with a fresh numba cache and must make the game's rule tests fail: the
# random-game digests (test_trajectory.py) are left out unless DIGESTS=1.
# Each mutant's own scenario tests run first with the kernels interpreted (no compile);
# QUICK=1 stops there (undecided mutants are listed, not compiled).
# `make mutants GAME=havoc JOBS=2`
mutants: $(STAMP)
	$(PY) -m benchmarks.mutants $(if $(GAME),--game $(GAME)) $(if $(JOBS),--jobs $(JOBS)) \
		$(if $(DIGESTS),--with-digests) $(if $(QUICK),--interpret-only)

# The documentation site: docs/_build/html/index.html (the game pages are generated from the
# code at build time; warnings are errors, as in the test suite).
docs: $(STAMP)
	$(VENV)/bin/sphinx-build -W --keep-going -b html docs docs/_build/html
	@echo "open docs/_build/html/index.html"

cache-dir:
	@echo $(NUMBA_CACHE_DIR)
