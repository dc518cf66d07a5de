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
wrapper for calls from Python is built only for the kernels Python calls (below).

**The Python wrapper on demand.** numba also builds, for every jitted function, the wrapper
that unboxes Python arguments, and optimises and emits it with the function; most game
kernels are only ever called by other kernels, which link the function's own code and never
that wrapper. Leaving them out saves about 8% of Pirates of the Cursed Seas' cold compile
and 15% of Seas of Havoc's (benchmarks/RESULTS.md, "The Python wrapper on demand"). So a
kernel of this project is compiled without it when another kernel's compilation asks for it,
and with it when Python calls it: a compilation that a Python call starts builds the wrapper
at once, and a Python call of a kernel already compiled (or cached) without one compiles it
again with the wrapper, once, and caches that version in its place (the cache does not tell
the two apart, and the wrapped one serves both kinds of caller). numba's dispatcher would call
a missing wrapper's null address, so a kernel without one is never entered in the
dispatcher's table of Python entry points: a Python call of it always reaches the
compile-for-Python path, which hands back a wrapped one. The kernels of the game contract
(``GameSpec``: init, legal_mask, apply, observe, determinize, value, prune, heuristic_best,
...) are the API notebooks and tests call, so :func:`python_facing` has them built with the
wrapper from their first compilation, never twice.

**No machine code for a kernel only kernels call.** A kernel that calls another links the
callee's optimised LLVM IR into its own module and compiles it there (numba's linking
libraries), so the callee's own machine code runs only where something takes its address:
its Python wrapper, its cfunc wrapper, or a recursive call's run-time slot. A kernel of this
project with none of these (compiled for kernels only, above) still had LLVM emit machine code
for it and for every kernel linked into it, code nothing ever calls: 184 of the 227 libraries
of Pirates of the Cursed Seas' cold compile. :func:`install` has LLVM emit none for them: their
functions are marked ``available_externally`` (the IR is there to read and inline, the code
is elsewhere) while numba finalizes the library, and get their linkage back at once, so
what later kernels link in, and what the cache keeps for them to link, is unchanged
(benchmarks/RESULTS.md, "No machine code for kernels only kernels call").

**Optimised once, with the kernels that run it.** numba optimises each library's module with
every library it links (the whole pipeline, inliner included) as it finalizes it, so a game's
engine was optimised again at every level of its call tree, once inside each kernel that links
it, before the kernel Python calls optimised all of it once more. A kernel only kernels call
now keeps the function passes numba runs on its own code and skips that module pass: the
kernel that is emitted optimises everything it links, in one pass over the whole engine
(benchmarks/RESULTS.md, "The engine optimised once").

:func:`install` also has numba compute once what its front end recomputed at every template
lookup and compiler pass (the flags' hash, a record type's text): ``envs.core.jit_memo``.
"""

from __future__ import annotations

import threading

from llvmlite import binding as ll
from numba.core import errors, itanium_mangler, sigutils, types
from numba.core.caching import NullCache
from numba.core.compiler_lock import global_compiler_lock
from numba.core.cpu import CPUTargetOptions
from numba.core.dispatcher import Dispatcher as _Dispatcher
from numba.core.types.functions import Dispatcher as _DispatcherType

from envs.core import jit_memo

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
    cfunc wrapper, and with the Python one only for calls from Python (idempotent)."""
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
    _kernel_wrappers()
    _link_only_machine_code()
    jit_memo.install()
    _installed = True


#: per thread, the dispatchers whose compilation a Python call of them started
_python_calls = threading.local()


def python_facing(kernel) -> None:
    """Compile ``kernel`` (a numba dispatcher; anything else is left alone) with its Python
    wrapper even where another kernel's compilation asks for it first (module docstring)."""
    if isinstance(kernel, _Dispatcher):
        kernel._broadside_python_facing = True  # type: ignore[attr-defined]


def has_python_wrapper(cres) -> bool:
    """True when the compiled overload ``cres`` can be called from Python."""
    if cres.objectmode:
        return True
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cpython_wrapper_name) != 0


def _kernel_wrappers() -> None:
    """Compile this project's kernels without the cfunc wrapper, and with numba's Python
    wrapper only when Python calls them (module docstring). numba reads both options from
    the dispatcher's ``targetoptions`` at each compilation; a numba without an option keeps
    that wrapper (an unknown option would fail every compile)."""
    compile_ = getattr(_Dispatcher, "compile", None)
    if compile_ is None:
        return
    no_cfunc = hasattr(CPUTargetOptions, "no_cfunc_wrapper")
    compile_for_args = getattr(_Dispatcher, "_compile_for_args", None)
    on_demand = compile_for_args is not None and hasattr(CPUTargetOptions, "no_cpython_wrapper")
    add_overload = _Dispatcher.add_overload

    def compile(self, sig):
        if not _ours(self):
            return compile_(self, sig)
        if no_cfunc:
            # a kernel that sets the option itself keeps its own choice
            self.targetoptions.setdefault("no_cfunc_wrapper", True)
        if not on_demand:
            return compile_(self, sig)
        for_python = (any(d is self for d in _python_calls.__dict__.get("stack", ()))
                      or getattr(self, "_broadside_python_facing", False))
        # numba's own (re-entrant) lock: the option set here is the one this compile reads
        with global_compiler_lock:
            self.targetoptions["no_cpython_wrapper"] = not for_python
            entry = compile_(self, sig)
            if not for_python:
                return entry
            args = tuple(sigutils.normalize_signature(sig)[0])
            cres = self.overloads.get(args)
            if cres is None or has_python_wrapper(cres):
                return entry
            # compiled earlier for a kernel, or cached so: once more with the wrapper, past
            # the cache (which would hand back the same), then cached in its place
            del self.overloads[args]
            cache, self._cache = self._cache, NullCache()
            try:
                entry = compile_(self, sig)
            finally:
                self._cache = cache
            cache.save_overload(sig, self.overloads[args])
            return entry

    def add(self, cres):
        if _ours(self) and not has_python_wrapper(cres):
            # for kernels only: left out of the table Python calls are looked up in
            self.overloads[tuple(cres.signature.args)] = cres
            return
        add_overload(self, cres)

    def compile_for_python(self, *args, **kws):
        if not _ours(self):
            return compile_for_args(self, *args, **kws)
        # per thread: two threads' first Python calls of one kernel must not reset each
        # other's request (a kernel compiled without the wrapper would then be called)
        stack = _python_calls.__dict__.setdefault("stack", [])
        stack.append(self)
        try:
            return compile_for_args(self, *args, **kws)
        finally:
            stack.pop()

    _Dispatcher.compile = compile  # type: ignore[method-assign]
    if on_demand:
        _Dispatcher.add_overload = add  # type: ignore[method-assign]
        _Dispatcher._compile_for_args = compile_for_python  # type: ignore[attr-defined]


def _mangled_prefixes() -> tuple[str, ...]:
    """How the mangled names of this project's functions begin (one per ``_OURS`` prefix)."""
    return tuple("_ZN" + "".join(itanium_mangler.mangle_identifier(part)
                                 for part in prefix.split(".") if part)
                 for prefix in _OURS)


#: linkages a library that is only linked into others may have (its own functions are
#: external, the ones linked into it linkonce_odr); anything else is left as numba emits it
_LINKABLE = (ll.Linkage.external, ll.Linkage.linkonce_odr)


def _link_only(module) -> bool:
    """True when ``module`` (a library's final LLVM module) is a kernel of this project that
    nothing takes the address of: no Python or cfunc wrapper, no recursion slot."""
    if any(gv.name.startswith(".numba.unresolved$") for gv in module.global_variables):
        return False
    ours = _mangled_prefixes()
    own = False
    for fn in module.functions:
        if fn.is_declaration:
            continue
        if fn.name.startswith(("_ZN7cpython", "cfunc.")) or fn.linkage not in _LINKABLE:
            return False
        own = own or (fn.linkage == ll.Linkage.external and fn.name.startswith(ours))
    return own


def _link_only_machine_code() -> None:
    """Have LLVM emit no machine code for a kernel only other kernels call, nor optimise it
    on its own (module docstring); a numba without the hooks does both as usual."""
    from numba.core.codegen import CPUCodeLibrary, JITCodeLibrary

    optimize = getattr(CPUCodeLibrary, "_optimize_final_module", None)
    if optimize is not None:
        def optimize_final_module(self):
            if not _link_only(self._final_module):
                optimize(self)

        CPUCodeLibrary._optimize_final_module = optimize_final_module  # type: ignore[method-assign]

    finalize = getattr(JITCodeLibrary, "_finalize_specific", None)
    if finalize is None:
        return

    def finalize_specific(self):
        module = self._final_module
        if not _link_only(module):
            return finalize(self)
        defined = [(fn, fn.linkage) for fn in module.functions if not fn.is_declaration]
        for fn, _ in defined:
            fn.linkage = ll.Linkage.available_externally
        try:
            return finalize(self)
        finally:
            for fn, linkage in defined:
                fn.linkage = linkage

    JITCodeLibrary._finalize_specific = finalize_specific  # type: ignore[method-assign]
