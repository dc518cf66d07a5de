"""numba's bookkeeping computed once (envs.core.jit_memo): the compiler flags keep numba's
meaning as a cache key, and a record type's text is its own, however often it is asked."""

import numpy as np
from numba import from_dtype, njit
from numba.core import compiler, targetconfig

import envs.core.spec  # noqa: F401  (installs the kernel policy, as every game module does)
from envs.core import jit_memo


def _flags(**set_):
    f = compiler.Flags()
    for name, value in set_.items():
        setattr(f, name, value)
    return f


def test_it_is_installed_with_the_kernel_policy():
    assert jit_memo._installed


def test_flags_hash_as_numba_hashes_them_the_sorted_option_names():
    f = _flags(nrt=True, boundscheck=True)
    assert hash(f) == hash(tuple(sorted(type(f).options)))
    assert hash(f) == hash(compiler.Flags())


def test_flags_are_equal_when_every_option_has_the_same_value():
    assert _flags(nrt=True) == _flags(nrt=True)
    assert _flags() == _flags(boundscheck=compiler.Flags.options["boundscheck"].default)


def test_flags_differ_when_one_option_does():
    assert _flags(nrt=True) != _flags(nrt=False)
    assert _flags(boundscheck=True) != _flags()


def test_flags_values_fill_unset_options_with_their_defaults():
    f = _flags(nrt=True)
    values = f.values()
    assert set(values) == set(type(f).options)
    assert values["nrt"] is True
    for name, option in type(f).options.items():
        assert values[name] == getattr(f, name)
        if name != "nrt":
            assert values[name] == option.default


def test_flags_as_a_key_find_what_equal_flags_stored():
    cache = {("ctx", _flags(nrt=True)): 1, ("ctx", _flags(nrt=False)): 2}
    assert cache[("ctx", _flags(nrt=True))] == 1
    assert cache[("ctx", _flags(nrt=False))] == 2


def test_a_config_of_another_kind_is_not_equal():
    class Other(targetconfig.TargetConfig):
        x = targetconfig.Option(type=int, default=0, doc="")

    assert Other() != compiler.Flags()
    assert compiler.Flags() != "flags"


def _record(*fields):
    return from_dtype(np.dtype([(name, np.int32) for name in fields]))


def test_each_record_type_keeps_its_own_text():
    a, b = _record("hull", "crew"), _record("gold")
    first = repr(a)
    assert "'hull'" in first and "'crew'" in first and "'gold'" not in first
    assert "'gold'" in repr(b) and "'hull'" not in repr(b)
    assert repr(a) == first


def test_a_record_types_text_is_made_once():
    a = _record("hull", "crew")
    assert repr(a) is repr(a)


def test_a_kernel_on_a_record_compiles_and_runs():
    state = np.zeros(2, np.dtype([("hull", np.int32), ("crew", np.int32)]))

    @njit
    def hit(s, i):
        s[i].hull -= 2
        return min(s[i].hull, s[i].crew)

    assert hit(state, 1) == -2
    assert state["hull"].tolist() == [0, -2]
