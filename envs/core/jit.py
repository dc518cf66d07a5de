"""How numba specialises game kernels: on argument types, never on literal values.

numba compiles a jitted function once per distinct tuple of argument types. A constant
argument in a call from another kernel is typed as a *literal* (``Literal[int](3)``), so
``has_upgrade(s, c, UPG_SWIFT)`` and ``has_upgrade(s, c, UPG_PLATING)`` are two separate
compilations, and a small signed integer compiles apart from an int64 (``is_ghost(s, c)``
for c an int8 field, an int32 and an int64 loop variable: three). Measured on Seas of Havoc:
296 compilations of 141 functions, a helper compiled 12 times, the observation encoder and
``apply`` twice each, and every extra copy optimised again inside each kernel that calls it.

:func:`install` makes calls from one kernel to another resolve on plain types: literals
become their type (``int64``, ``bool``) and signed integers narrower than 64 bits become
``int64`` (numba computes with them in int64 anyway, so no result changes; unsigned integers
keep their type, whose wrap-around arithmetic differs). Each function then compiles once per
*shape* of call. It applies only to kernels of this project (``envs``, ``agents``, and what
:func:`claim` adds), so
numba code of the user's own in the same process (a notebook) keeps numba's usual typing; a
function that asks for a literal with ``numba.literally`` still gets one. Installed when
``envs.core.spec`` is imported, i.e. before any game kernel can compile. It patches one
numba internal (``Dispatcher.get_call_type``); a numba without it compiles as usual, only
slower.

:func:`install` also compiles these kernels without numba's C-callable ("cfunc") wrapper,
which numba builds for every jitted function so that it can be passed as a first-class
function value. No kernel here is used that way (the search calls the game's kernels through
typed overloads, ``envs.core.search``), and the wrapper is lowered, optimised and emitted as
machine code once per function: lowering the wrappers alone was 2.4 of the 81.7 CPU s of
Pirates of the Cursed Seas' cold compile (the parsing, optimising and emitting of them more). The
wrapper for calls from Python stays.
"""

from __future__ import annotations

from numba.core import errors, types
from numba.core.cpu import CPUTargetOptions
from numba.core.dispatcher import Dispatcher as _Dispatcher
from numba.core.types.functions import Dispatcher as _DispatcherType

_installed = False


def plain(t):
    """The type a kernel is specialised on for an argument of type ``t``."""
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


#: module prefixes whose kernels are specialised on plain types (the toy game lives in tests)
_OURS = ["envs.", "agents.", "tests.core.toy_game."]


def claim(module_prefix: str) -> None:
    """Specialise the kernels of modules starting with ``module_prefix`` on plain types too
    (a game package outside ``envs``, a test module)."""
    if module_prefix not in _OURS:
        _OURS.append(module_prefix)


def _ours(dispatcher) -> bool:
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
    return module.startswith(tuple(_OURS))


def install() -> None:
    """Resolve kernel-to-kernel calls on plain types and compile kernels without the
    cfunc wrapper (idempotent)."""
    global _installed
    if _installed or not hasattr(_DispatcherType, "get_call_type"):
        return
    original = _DispatcherType.get_call_type

    def get_call_type(self, context, args, kws):
        if _ours(self.dispatcher):
            args2 = tuple(plain(a) for a in args)
            kws2 = {k: plain(v) for k, v in kws.items()}
            if args2 != tuple(args) or kws2 != kws:
                try:
                    return original(self, context, args2, kws2)
                except errors.ForceLiteralArg:
                    pass   # the callee uses numba.literally: give it its literals
        return original(self, context, args, kws)

    _DispatcherType.get_call_type = get_call_type  # type: ignore[method-assign]
    _without_cfunc_wrapper()
    _installed = True


def _without_cfunc_wrapper() -> None:
    """Compile this project's kernels without the first-class-function wrapper (see the
    module docstring). numba reads the option from the dispatcher's ``targetoptions`` at each
    compilation; a kernel that sets it itself keeps its own choice."""
    original = getattr(_Dispatcher, "compile", None)
    if original is None or not hasattr(CPUTargetOptions, "no_cfunc_wrapper"):
        return   # a numba without the option: an unknown option would fail every compile

    def compile(self, sig):
        if _ours(self):
            self.targetoptions.setdefault("no_cfunc_wrapper", True)
        return original(self, sig)

    _Dispatcher.compile = compile  # type: ignore[method-assign]
