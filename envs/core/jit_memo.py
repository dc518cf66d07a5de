"""What numba's front end recomputes over and over while it compiles a game, computed once.

Profiling Pirates of the Cursed Seas' cold compile (benchmarks/RESULTS.md, "numba's
bookkeeping computed once") found two pieces of bookkeeping that cost seconds and decide
nothing a kernel does:

- **Compiler flags as a cache key.** Every call of an ``@overload`` function (``np.zeros``,
  ``min``, a record's field, ...) is looked up in its template's cache under a key that holds
  the compilation's flags (a ``TargetConfig``). Hashing and comparing them built the dict of
  every option through a property per option, about 90,000 times each. The hash numba
  computes is ``hash(tuple(sorted(self.values())))``, the sorted option *names* (iterating
  a dict yields its keys), the same for every instance of a class, so it is computed once a
  class here; ``values()`` reads the set options and fills the rest with their defaults,
  as each option's property does, without the property calls. Equality keeps numba's
  meaning (the same value for every option).
- **A record type's text.** Each compiler pass of each function formats its argument types
  for numba's event data, and a game's state is a record of a hundred fields or more whose
  ``repr`` formats every field again: thousands of times a compile. numba's types are
  immutable and interned, so the text is kept on the type once made.

:func:`install` patches these numba internals when the numba in use has them as described;
otherwise it leaves numba as it is (only slower). Nothing in this module changes what any
kernel computes: the keys are equal when numba's were, the texts are the texts.
"""

from __future__ import annotations

from numba.core import targetconfig
from numba.core.types import npytypes

_installed = False


def install() -> None:
    """Memoise the flags' hash and the record types' text (idempotent)."""
    global _installed
    if _installed:
        return
    _flags_as_keys()
    _record_text()
    _installed = True


def _flags_as_keys() -> None:
    config = targetconfig.TargetConfig
    if not (hasattr(config, "options") and "_values" in getattr(config, "__slots__", ())):
        return
    hashes: dict[type, int] = {}

    def values(self):
        set_ = self._values
        return {name: set_[name] if name in set_ else option.default
                for name, option in self.options.items()}

    def hash_(self):
        cls = type(self)
        h = hashes.get(cls)
        if h is None:
            h = hashes[cls] = hash(tuple(sorted(self.options)))
        return h

    def eq(self, other):
        if self is other:
            return True
        if not isinstance(other, config):
            return NotImplemented
        if type(self) is type(other) and self._values == other._values:
            return True
        return values(self) == values(other)

    config.values = values                  # type: ignore[method-assign]
    config.__hash__ = hash_                 # type: ignore[method-assign]
    config.__eq__ = eq                      # type: ignore[method-assign]


def _record_text() -> None:
    record = npytypes.Record
    text = record.__repr__

    def repr_(self):
        try:
            return self._broadside_repr
        except AttributeError:
            self._broadside_repr = text(self)
            return self._broadside_repr

    record.__repr__ = repr_                 # type: ignore[method-assign]
