"""Card pools as data: TOML files -> validated entries -> numpy tables. Game-agnostic.

A game describes each section of its card file (cards, ships, upgrades ...) with a *schema*:
a dict of field name -> field spec (:class:`Int`, :class:`Enum`, :class:`Str`,
:class:`StrList`, :class:`IntList`, :class:`IntTable`, :class:`IntRows`, :class:`TableList`). :func:`validate`
checks one entry field by field, fills defaults, converts enum names to ids and rejects
unknown keys (typos), raising :class:`~envs.core.errors.CardDataError` naming the file,
the card and the field. The game then builds its numpy tables from the clean entries with
:func:`table`, resolves deck lists with :func:`resolve` and effect names with :func:`opcode`.

Nothing here knows any game's names; games pass their enum tuples in.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from envs.core.errors import CardDataError, ConfigError
from envs.core.integers import is_integer

#: placeholder card label for problems that concern a whole file or section
FILE_LEVEL = "(file)"

_MISSING = object()


class UnknownNameError(ConfigError, KeyError):
    """A name (card, ship, captain ...) that the pool does not define.

    Both a :class:`ConfigError` (config validation catches it) and a :class:`KeyError`
    (mapping-style lookups catch it); the message lists the closest known names.
    """

    __str__ = Exception.__str__


def unknown_name(kind: str, name: Any, known) -> UnknownNameError:
    """Build the error for an unknown ``name`` of ``kind``, suggesting close matches."""
    known = [str(k) for k in known]
    close = difflib.get_close_matches(str(name), known, n=3)
    hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
    return UnknownNameError(f"unknown {kind} {name!r}.{hint} Known: {', '.join(known)}")


# --- field specs -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Int:
    """An integer in ``[lo, hi]``."""

    lo: int
    hi: int
    default: Any = _MISSING

    def check(self, v, fail):
        if not is_integer(v):
            fail(f"expected an integer, got {v!r}")
        if not self.lo <= v <= self.hi:
            fail(f"{v} is out of range [{self.lo}, {self.hi}]")
        return v


@dataclass(frozen=True)
class Enum:
    """One of ``names``; converted to its index (offset by ``base``, e.g. -1 for "none")."""

    names: tuple
    default: Any = _MISSING
    base: int = 0

    def check(self, v, fail):
        if not isinstance(v, str) or v not in self.names:
            fail(f"{v!r} is not one of {', '.join(map(repr, self.names))}")
        return self.names.index(v) + self.base


@dataclass(frozen=True)
class Str:
    """A non-empty string of at most ``max_len`` characters."""

    max_len: int = 80
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, str) or not v.strip():
            fail(f"expected a non-empty string, got {v!r}")
        if len(v) > self.max_len:
            fail(f"{len(v)} characters, at most {self.max_len} allowed")
        return v


@dataclass(frozen=True)
class StrList:
    """A list of ``min_n..max_n`` strings; each, if ``alphabet`` is given, a word over it
    of ``1..max_len`` characters (used for maneuver paths). ``unique`` forbids repeats."""

    min_n: int
    max_n: int
    alphabet: str | None = None
    max_len: int = 80
    unique: bool = True
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, list):
            fail(f"expected a list of strings, got {v!r}")
        if not self.min_n <= len(v) <= self.max_n:
            fail(f"{len(v)} items, expected {self.min_n} to {self.max_n}")
        for i, s in enumerate(v):
            if not isinstance(s, str) or not s:
                fail(f"item {i}: expected a non-empty string, got {s!r}")
            if len(s) > self.max_len:
                fail(f"item {i}: {s!r} is {len(s)} long, at most {self.max_len} allowed")
            if self.alphabet is not None:
                bad = sorted(set(s) - set(self.alphabet))
                if bad:
                    fail(f"item {i}: {s!r} has {''.join(bad)!r}; only {self.alphabet!r} allowed")
        if self.unique and len(set(v)) != len(v):
            fail(f"repeated items in {v!r}")
        return list(v)


@dataclass(frozen=True)
class IntList:
    """A list of ``min_n..max_n`` integers, each in ``[lo, hi]``."""

    min_n: int
    max_n: int
    lo: int
    hi: int
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, list):
            fail(f"expected a list of integers, got {v!r}")
        if not self.min_n <= len(v) <= self.max_n:
            fail(f"{len(v)} items, expected {self.min_n} to {self.max_n}")
        for i, x in enumerate(v):
            if not is_integer(x) or not self.lo <= x <= self.hi:
                fail(f"item {i}: {x!r} is not an integer in [{self.lo}, {self.hi}]")
        return list(v)


@dataclass(frozen=True)
class IntTable:
    """A table of named integers ``{key = n}`` in ``[lo, hi]``; missing keys are 0.
    Returns the values in ``keys`` order. ``total`` bounds their sum."""

    keys: tuple
    lo: int = 0
    hi: int = 9
    total: tuple = (0, 99)
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, dict):
            fail(f"expected a table like {{{self.keys[0]} = 1}}, got {v!r}")
        for k in v:
            if k not in self.keys:
                fail(f"unknown key {k!r}; allowed: {', '.join(self.keys)}")
        out = []
        for k in self.keys:
            n = v.get(k, 0)
            if not is_integer(n) or not self.lo <= n <= self.hi:
                fail(f"{k} = {n!r}, expected an integer in [{self.lo}, {self.hi}]")
            out.append(n)
        if not self.total[0] <= sum(out) <= self.total[1]:
            fail(f"total {sum(out)} is out of range [{self.total[0]}, {self.total[1]}]")
        return out


@dataclass(frozen=True)
class IntRows:
    """A list of ``min_n..max_n`` rows, each a list of ``len(ranges)`` integers with
    ``ranges[j] = (lo, hi)`` bounding column ``j``."""

    ranges: tuple
    min_n: int
    max_n: int
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, list):
            fail(f"expected a list of rows, got {v!r}")
        if not self.min_n <= len(v) <= self.max_n:
            fail(f"{len(v)} rows, expected {self.min_n} to {self.max_n}")
        for i, row in enumerate(v):
            if not isinstance(row, list) or len(row) != len(self.ranges):
                fail(f"row {i}: expected {len(self.ranges)} integers, got {row!r}")
            for j, (x, (lo, hi)) in enumerate(zip(row, self.ranges)):
                if not is_integer(x) or not lo <= x <= hi:
                    fail(f"row {i} column {j}: {x!r} is not an integer in [{lo}, {hi}]")
        return [list(r) for r in v]


@dataclass(frozen=True)
class TableList:
    """A list of ``min_n..max_n`` sub-tables, each validated against ``schema``."""

    schema: dict
    min_n: int
    max_n: int
    default: Any = _MISSING

    def check(self, v, fail):
        if not isinstance(v, list):
            fail(f"expected a list of tables, got {v!r}")
        if not self.min_n <= len(v) <= self.max_n:
            fail(f"{len(v)} items, expected {self.min_n} to {self.max_n}")
        out = []
        for i, sub in enumerate(v):
            if not isinstance(sub, dict):
                fail(f"item {i}: expected a table, got {sub!r}")
            out.append(_validate_fields(
                sub, self.schema, lambda f, p, i=i: fail(f"item {i}: {p}", f"[{i}].{f}")))
        return out


def _validate_fields(entry: dict, schema: dict, fail_field) -> dict:
    """Validate ``entry`` against ``schema``; ``fail_field(field, problem)`` must raise."""
    for key in entry:
        if key not in schema:
            close = difflib.get_close_matches(key, list(schema), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            fail_field(key, f"unknown field{hint}")
    out = {}
    for key, spec in schema.items():
        if key not in entry:
            if spec.default is _MISSING:
                fail_field(key, "required field is missing")
            out[key] = copy.deepcopy(spec.default)
            continue

        def fail(problem, sub=None, key=key):
            fail_field(key + (sub or ""), problem)

        out[key] = spec.check(entry[key], fail)
    return out


# --- files, sections and entries ------------------------------------------------------------


def load_toml(path) -> dict:
    """Read a TOML file; a missing file or a syntax error becomes a CardDataError."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise CardDataError(path, FILE_LEVEL, "-", "file not found") from None
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(path, FILE_LEVEL, "-", f"TOML syntax error: {e}") from None


def section(data: dict, name: str, file, min_n: int = 0, max_n: int = 10**6) -> list[dict]:
    """The array of tables ``[[name]]`` of a loaded file, with its length checked."""
    items = data.get(name, [])
    if not isinstance(items, list) or not all(isinstance(x, dict) for x in items):
        raise CardDataError(file, FILE_LEVEL, name, "expected an array of tables [[%s]]" % name)
    if not min_n <= len(items) <= max_n:
        want = str(min_n) if min_n == max_n else f"{min_n} to {max_n}"
        raise CardDataError(file, FILE_LEVEL, name, f"{len(items)} entries, expected {want}")
    return items


def validate(entry: dict, schema: dict, file, card: str) -> dict:
    """Validate one entry; errors name ``file``, ``card`` and the field at fault."""

    def fail_field(field, problem):
        raise CardDataError(file, card, field, problem)

    return _validate_fields(entry, schema, fail_field)


def entry_label(entry: dict, section_name: str, index: int) -> str:
    """How an entry is named in errors: its ``name`` if it has a usable one."""
    name = entry.get("name")
    return name if isinstance(name, str) and name else f"{section_name}[{index}]"


def validate_section(items: list[dict], schema: dict, file, section_name: str) -> list[dict]:
    """Validate every entry of a section and check that names are unique."""
    out: list[dict] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(items):
        label = entry_label(entry, section_name, i)
        clean = validate(entry, schema, file, label)
        name = clean.get("name")
        if name is not None:
            if name in seen:
                raise CardDataError(file, label, "name",
                                    f"duplicate name in [[{section_name}]] (entries {seen[name]} and {i})")
            seen[name] = i
        out.append(clean)
    return out


def name_index(items: list[dict]) -> dict[str, int]:
    """Map each entry's name to its position."""
    return {e["name"]: i for i, e in enumerate(items)}


def opcode(name: str, names: tuple, file, card: str, field: str) -> int:
    """The opcode (index in ``names``) of an effect name; unknown names are a CardDataError."""
    if name not in names:
        close = difflib.get_close_matches(str(name), list(names), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise CardDataError(file, card, field,
                            f"unknown effect {name!r}{hint}; known: {', '.join(names)}")
    return names.index(name)


def resolve(names: list[str], index: dict[str, int], file, card: str, field: str) -> list[int]:
    """Resolve a deck list (names) to ids through ``index``; unknown names are an error."""
    out = []
    for n in names:
        if n not in index:
            close = difflib.get_close_matches(str(n), list(index), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise CardDataError(file, card, field, f"unknown name {n!r}{hint}")
        out.append(index[n])
    return out


def table(rows, shape, dtype, fill=0) -> np.ndarray:
    """A ``shape`` array of ``dtype`` filled with ``fill``, with ``rows`` written from the
    start of each axis (ragged nested lists are padded). Values must fit the dtype."""
    out = np.full(shape, fill, dtype=dtype)
    info = np.iinfo(dtype) if np.issubdtype(np.dtype(dtype), np.integer) else None

    def put(idx, v, depth):
        if depth == len(shape):
            if info is not None and not info.min <= int(v) <= info.max:
                raise OverflowError(f"value {v} at {idx} does not fit {np.dtype(dtype)}")
            out[idx] = v
            return
        if len(v) > shape[depth]:
            raise ValueError(f"{len(v)} items at {idx} exceed axis size {shape[depth]}")
        for i, x in enumerate(v):
            put(idx + (i,), x, depth + 1)

    put((), rows, 0)
    return out
