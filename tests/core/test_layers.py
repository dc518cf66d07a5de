"""The layers of DESIGN.md "Layout", read from the source: ``envs/core`` imports nothing above
it (no game, no registry, no agents or training) and a game imports only the core and itself.
Imports inside functions count: a late import is still a dependency."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "envs").iterdir()
               if p.is_dir() and p.name != "core" and (p / "env.py").exists())


def _imports(source: str, package: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``source``, a module of ``package``;
    relative imports resolved."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
    return sorted(out)


def _ours(mod: str) -> bool:
    return mod.split(".")[0] in ("envs", "agents", "training", "benchmarks", "tests")


def _offences(folder: pathlib.Path, allowed) -> list[str]:
    bad = []
    for path in sorted(folder.rglob("*.py")):
        package = ".".join(path.relative_to(ROOT).parts[:-1])
        for line, mod in _imports(path.read_text(), package):
            if _ours(mod) and not allowed(mod):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {mod}")
    return bad


def test_the_core_imports_nothing_above_it():
    assert _offences(ROOT / "envs" / "core", lambda m: m.startswith("envs.core")) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_core_and_itself(game):
    own = f"envs.{game}"
    assert _offences(ROOT / "envs" / game,
                     lambda m: m.startswith("envs.core") or m == own or
                     m.startswith(own + ".")) == []


def test_the_checker_sees_late_and_relative_imports():
    """The check itself: an import inside a function and a relative one are both found."""
    src = "def f():\n    from agents.policy import x\nfrom ..havoc import env\nfrom . import jit\n"
    assert _imports(src, "envs.core") == [(2, "agents.policy"), (3, "envs.havoc"),
                                          (4, "envs.core")]


def _module_graph(folders=("envs", "agents", "training")) -> dict[str, set[str]]:
    """module -> the modules of ours it imports (``from pkg import mod`` counts as ``pkg.mod``,
    the package itself only when a name of its ``__init__`` is imported)."""
    paths = [p for d in folders for p in (ROOT / d).rglob("*.py")]

    def name(path):
        parts = path.relative_to(ROOT).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    known = {name(p) for p in paths}
    graph = {}
    for path in paths:
        package = ".".join(path.relative_to(ROOT).parts[:-1])
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                deps |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                subs = {f"{mod}.{a.name}" for a in node.names} & known
                deps |= subs if subs else {mod}
        graph[name(path)] = (deps & known) - {name(path)}
    return graph


def _circles(graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles():
    """[issue 33: layering] no module of ours imports, even late, a module that imports it
    back (a game's validate.py once imported its env.py: env -> scenario -> validate -> env)."""
    assert _circles(_module_graph()) == []


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
