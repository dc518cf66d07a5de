"""A small declarative schema for scenario files: every key typed and range-checked.

A game's ``scenario.py`` declares its format once, as nested :class:`Table` objects, and
``Table.parse(d)`` returns the validated plain values or raises ``StateError`` naming the
field path, the value and the rule (``scenario field 'crews[1].res[0]': 12 is above 9``).
Unknown keys are refused with the closest valid name (``'shps': unknown key; did you mean
'ships'?``), so a typo never passes silently. Range checks that depend on other fields (a
crew index below the number of crews) are the game's, after parsing; rules about the
position as a whole (no ship on a rock) are its ``check_states``', which the loader runs on
the built record.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable, Sequence

import numpy as np

from envs.core.errors import StateError
from envs.core.integers import is_integer


def fail(path: str, problem: str):
    raise StateError(f"scenario field {path or '(top)'!r}: {problem}")


def closest(name: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for the nearest known name, or a list of them all."""
    known = sorted(known)
    match = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
    if match:
        return f"; did you mean {match[0]!r}?"
    return f"; known keys: {', '.join(known)}"


class Field:
    """One typed value; ``doc`` says what it means (shown by ``Table.describe``)."""

    doc = ""

    def parse(self, value, path: str):
        raise NotImplementedError

    def describe(self) -> str:
        return type(self).__name__.lower()


class Int(Field):
    """An integer (not a bool, not a float) within ``lo..hi`` inclusive (None: unbounded)."""

    def __init__(self, lo: int | None = None, hi: int | None = None, doc: str = ""):
        self.lo, self.hi, self.doc = lo, hi, doc

    def parse(self, value, path):
        if not is_integer(value):
            fail(path, f"{value!r} is not an integer")
        v = int(value)
        if self.lo is not None and v < self.lo:
            fail(path, f"{v} is below {self.lo}" + (f" ({self.doc})" if self.doc else ""))
        if self.hi is not None and v > self.hi:
            fail(path, f"{v} is above {self.hi}" + (f" ({self.doc})" if self.doc else ""))
        return v

    def describe(self):
        lo = "" if self.lo is None else str(self.lo)
        hi = "" if self.hi is None else str(self.hi)
        return f"int {lo}..{hi}".rstrip(".") if (lo or hi) else "int"


class UInt64(Field):
    """A 64-bit unsigned word (an rng state): an integer, or a hex string (TOML integers are
    signed 64-bit)."""

    def parse(self, value, path):
        if isinstance(value, str):
            try:
                value = int(value, 0)
            except ValueError:
                fail(path, f"{value!r} is not an integer or a 0x... hex string")
        return Int(0, 2**64 - 1).parse(value, path)


class Bool(Field):
    def __init__(self, doc: str = ""):
        self.doc = doc

    def parse(self, value, path):
        if not isinstance(value, (bool, np.bool_)):
            fail(path, f"{value!r} is not true or false")
        return bool(value)


class Str(Field):
    def __init__(self, doc: str = ""):
        self.doc = doc

    def parse(self, value, path):
        if not isinstance(value, str):
            fail(path, f"{value!r} is not a string")
        return value


class Choice(Field):
    """One of a fixed set of strings (names of phases, headings, cards ...)."""

    def __init__(self, options: Sequence[str], doc: str = ""):
        self.options = list(options)
        self.doc = doc

    def parse(self, value, path):
        if not isinstance(value, str) or value not in self.options:
            shown = ", ".join(map(repr, self.options[:12]))
            more = "" if len(self.options) <= 12 else f" ... ({len(self.options)} in all)"
            hint = ""
            if isinstance(value, str):
                m = difflib.get_close_matches(value, self.options, n=1, cutoff=0.6)
                hint = f"; did you mean {m[0]!r}?" if m else ""
            fail(path, f"{value!r} is not one of {shown}{more}{hint}")
        return value

    def describe(self):
        return "one of " + ", ".join(self.options[:6]) + (" ..." if len(self.options) > 6 else "")


class ListOf(Field):
    """A list of ``item`` values, with optional exact / min / max length."""

    def __init__(self, item: Field, length: int | None = None, min_len: int = 0,
                 max_len: int | None = None, doc: str = ""):
        self.item, self.length, self.min_len, self.max_len, self.doc = (
            item, length, min_len, max_len, doc)

    def parse(self, value, path):
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, (list, tuple)):
            fail(path, f"expected a list, got {type(value).__name__}")
        n = len(value)
        if self.length is not None and n != self.length:
            fail(path, f"has {n} entries, needs exactly {self.length}")
        if n < self.min_len:
            fail(path, f"has {n} entries, needs at least {self.min_len}")
        if self.max_len is not None and n > self.max_len:
            fail(path, f"has {n} entries, at most {self.max_len} allowed")
        return [self.item.parse(v, f"{path}[{i}]") for i, v in enumerate(value)]

    def describe(self):
        return f"list of {self.item.describe()}"


class MapOf(Field):
    """A table from names (checked by ``key``, a Choice or Str) to ``value`` values."""

    def __init__(self, key: Field, value: Field, doc: str = ""):
        self.key, self.value, self.doc = key, value, doc

    def parse(self, value, path):
        if not isinstance(value, dict):
            fail(path, f"expected a table, got {type(value).__name__}")
        return {self.key.parse(k, f"{path}.{k}"): self.value.parse(v, f"{path}.{k}")
                for k, v in value.items()}

    def describe(self):
        return f"table of {self.key.describe()} -> {self.value.describe()}"


class RawTable(Field):
    """A table passed through as it is, for a later check field by field (a raw record
    overlay is checked against the dtype by ``envs.core.scenario.from_dict``)."""

    def __init__(self, doc: str = ""):
        self.doc = doc

    def parse(self, value, path):
        if not isinstance(value, dict):
            fail(path, f"expected a table, got {type(value).__name__}")
        return value


class Table(Field):
    """A table with named keys, each its own Field; unknown keys are refused."""

    def __init__(self, fields: dict[str, Field], required: Iterable[str] = (), doc: str = ""):
        self.fields = dict(fields)
        self.required = tuple(required)
        self.doc = doc

    def parse(self, value, path=""):
        if not isinstance(value, dict):
            fail(path, f"expected a table, got {type(value).__name__}")
        out: dict[str, Any] = {}
        for k, v in value.items():
            sub = f"{path}.{k}" if path else str(k)
            if k not in self.fields:
                fail(sub, "unknown key" + closest(k, self.fields))
            out[k] = self.fields[k].parse(v, sub)
        for k in self.required:
            if k not in out:
                fail(f"{path}.{k}" if path else k, "missing (required)")
        return out

    def describe(self, indent: str = "") -> str:
        lines = []
        for k, f in self.fields.items():
            text = f.describe() if not isinstance(f, Table) else "table"
            lines.append(f"{indent}{k}: {text}" + (f"  - {f.doc}" if f.doc else ""))
            if isinstance(f, Table):
                lines.append(f.describe(indent + "  "))
        return "\n".join(lines)
