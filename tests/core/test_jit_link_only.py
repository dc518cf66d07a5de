"""No machine code for a kernel only kernels call (envs.core.jit): which libraries LLVM emits
none for, that such a kernel still runs inside its callers, and that what they link of it is
unchanged. The cache side is in tests/core/test_jit_python_wrapper.py.

The tests of the decision (on LLVM modules written here) come first: a wrong decision for a
kernel Python calls crashes the process at its first call, so they must fail before one."""

from llvmlite import binding as ll
from numba import njit

import envs.core.spec  # noqa: F401  (installs the policy, as every game module does)
from envs.core import jit
from envs.core.jit import _link_only

jit.claim(__name__)

# a function of this project ("envs.kernels.leaf") as numba mangles it, and what may sit beside it
_OWN = 'define i64 @"_ZN4envs7kernels4leafB2v1E"(i64 %x) {\n  ret i64 %x\n}\n'
_LINKED = ('define linkonce_odr i64 @"_ZN4envs7kernels5otherB2v1E"(i64 %x) {\n'
           '  ret i64 %x\n}\n')
_PYTHON_WRAPPER = ('define ptr @"_ZN7cpython4envs7kernels4leafB2v1E"(ptr %a) {\n'
                   '  ret ptr null\n}\n')
_CFUNC_WRAPPER = 'define i64 @"cfunc._ZN4envs7kernels4leafB2v1E"(i64 %x) {\n  ret i64 %x\n}\n'
_RECURSION_SLOT = '@".numba.unresolved$_ZN4envs7kernels4leafB2v1E" = external global ptr\n'
_HELPER = 'define internal i64 @helper(i64 %x) {\n  ret i64 %x\n}\n'
_USERS = 'define i64 @"_ZN14users_notebook4leafB2v1E"(i64 %x) {\n  ret i64 %x\n}\n'


def _module(*parts):
    return ll.parse_assembly("".join(parts))


def test_a_kernel_of_ours_and_the_kernels_linked_into_it_get_no_machine_code():
    assert _link_only(_module(_OWN, _LINKED))


def test_a_kernel_with_its_python_wrapper_keeps_its_machine_code():
    assert not _link_only(_module(_OWN, _PYTHON_WRAPPER))


def test_a_kernel_with_a_cfunc_wrapper_keeps_its_machine_code():
    assert not _link_only(_module(_OWN, _CFUNC_WRAPPER))


def test_a_kernel_with_a_recursion_slot_keeps_its_machine_code():
    assert not _link_only(_module(_RECURSION_SLOT, _OWN))


def test_a_library_with_a_function_of_another_linkage_is_left_alone():
    assert not _link_only(_module(_OWN, _HELPER))


def test_other_code_keeps_its_machine_code():
    assert not _link_only(_module(_USERS, _LINKED))


@njit
def _leaf(x):
    return 3 * x + 1


@njit
def _calls_leaf(x):
    return _leaf(x) + 1


@njit
def _factorial(n):
    return 1 if n <= 1 else n * _factorial(n - 1)


@njit
def _calls_factorial(n):
    return _factorial(n)


@njit(no_cfunc_wrapper=False)
def _with_cfunc(x):
    return x * 5


@njit
def _calls_with_cfunc(x):
    return _with_cfunc(x)


def _only(dispatcher):
    assert len(dispatcher.overloads) == 1, dispatcher.overloads
    return next(iter(dispatcher.overloads.values()))


def _machine_code_address(dispatcher, name=None):
    """Where the engine put the compiled function ``name`` (default: the kernel itself);
    0 when LLVM emitted no machine code for it."""
    cres = _only(dispatcher)
    return cres.library._codegen._engine._ee.get_function_address(
        name or cres.fndesc.llvm_func_name)


def test_a_kernel_only_kernels_call_gets_no_machine_code_of_its_own():
    assert _calls_leaf(2) == 8
    assert _machine_code_address(_leaf) == 0
    assert _machine_code_address(_calls_leaf) != 0


def test_a_kernel_without_machine_code_keeps_its_ir_for_kernels_to_link():
    """Marked available_externally only while LLVM emits: afterwards its linkage is numba's
    again, so later kernels (and the cache) link it as before."""
    assert _calls_leaf(2) == 8
    cres = _only(_leaf)
    own = cres.library._final_module.get_function(cres.fndesc.llvm_func_name)
    assert own.linkage == ll.Linkage.external


def test_a_recursive_kernel_only_kernels_call_runs_on_its_own_machine_code():
    assert _calls_factorial(5) == 120
    assert _machine_code_address(_factorial) != 0


def test_a_kernel_only_kernels_call_keeps_the_cfunc_wrapper_it_asks_for():
    assert _calls_with_cfunc(2) == 10
    cres = _only(_with_cfunc)
    assert _machine_code_address(_with_cfunc, cres.fndesc.llvm_cfunc_wrapper_name) != 0


@njit
def _middle(x):
    return _leaf(x) * 2


@njit
def _top(x):
    return _middle(x) - 1


def _body(dispatcher) -> str:
    cres = _only(dispatcher)
    return str(cres.library._final_module.get_function(cres.fndesc.llvm_func_name))


def test_a_kernel_only_kernels_call_is_optimised_with_the_kernel_that_runs_it_not_alone():
    """Its own module keeps its call (numba's whole-module pass, whose inliner would fold the
    callee in, is left to the emitted kernel); the emitted kernel folds both callees in."""
    assert _top(2) == 13
    assert "_leaf" in _body(_middle)
    assert "call" not in _body(_top)
