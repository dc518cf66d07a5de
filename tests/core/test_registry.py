"""The registry (envs/__init__.py) and the source-keyed numba cache folder (envs/core/cache.py)."""

import os
import pathlib
import subprocess
import sys

import pytest

import envs
from envs.core import cache
from envs.core.aec import ArrayAECEnv
from envs.core.errors import ConfigError
from envs.core.vector import VectorGame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_names_lists_registered_games():
    assert "havoc" in envs.names()
    assert "toy" in envs.names()
    assert envs.names() == sorted(envs.names())


def test_make_gives_lenient_env_and_make_raw_strict():
    e = envs.make("toy", num_players=3)
    r = envs.make_raw("toy", num_players=3)
    assert isinstance(e, ArrayAECEnv) and not e.strict
    assert isinstance(r, ArrayAECEnv) and r.strict
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert envs.spec("toy").name == "toy"


def test_make_vector():
    v = envs.make_vector("toy", 5, seed=3, num_players=4)
    assert isinstance(v, VectorGame)
    assert v.states.shape == (5,) and v.num_players == 4


def test_versioned_alias_is_the_env_module():
    mod = envs.toy_v0
    assert mod.GAME is envs.spec("toy")
    assert isinstance(mod.env(num_players=2), ArrayAECEnv)
    assert mod.raw_env().strict
    assert str(mod.env()) == "toy_v0"


def test_the_readme_names_every_games_versioned_module():
    """The README lists each registered game's ``envs.<name>_v<version>``, current version."""
    import re

    readme = (pathlib.Path(ROOT) / "README.md").read_text()
    named = set(re.findall(r"`envs\.([a-z_]+_v\d+)`", readme))
    builtin = [g for g in envs.names() if g != "toy"]
    assert {f"{g}_v{envs.spec(g).version}" for g in builtin} <= named
    for alias in named:
        assert getattr(envs, alias).GAME.name == alias.rpartition("_v")[0]


def test_wrong_version_alias_and_unknown_attribute():
    with pytest.raises(AttributeError, match="version 0"):
        envs.toy_v7  # noqa: B018 (the attribute access is what raises)
    with pytest.raises(AttributeError):
        envs.nosuchgame_v0  # noqa: B018


def test_unknown_game_is_config_error():
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        envs.make("chess")


def test_register_replaces_and_adds():
    envs.register("toy_again", "tests.core.toy_game.env")
    try:
        assert envs.spec("toy_again") is envs.spec("toy")
        assert "toy_again" in envs.names()
    finally:
        del envs.REGISTRY["toy_again"]


def test_bad_config_is_config_error():
    with pytest.raises(ConfigError, match="num_players=7"):
        envs.make("toy", num_players=7)
    with pytest.raises(ConfigError, match="unknown config"):
        envs.make_vector("toy", 2, colour="red")


def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return str(tmp_path)


def test_source_hash_changes_with_any_kernel_source_or_card_table(tmp_path):
    root = _tree(tmp_path, {"a/rules.py": "x = 1\n", "a/cards.toml": "n = 1\n", "b.txt": "t"})
    h0 = cache.source_hash(root)
    (tmp_path / "b.txt").write_text("other")            # not a source: same key
    assert cache.source_hash(root) == h0
    (tmp_path / "a/cards.toml").write_text("n = 2\n")   # a card table: new key
    h1 = cache.source_hash(root)
    assert h1 != h0
    (tmp_path / "a/rules.py").rename(tmp_path / "a/moved.py")  # same bytes, new path: new key
    assert cache.source_hash(root) not in (h0, h1)


def test_cache_dir_is_under_home_cache(monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    d = cache.cache_dir()
    assert d.startswith(os.path.join(os.path.expanduser("~"), ".cache", "broadside", "numba-"))
    assert d.endswith(cache.source_hash()[:16])


def _clean_env(**extra):
    """This environment without a chosen NUMBA_CACHE_DIR (the user's XDG_CACHE_HOME kept)."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = ROOT
    env.update(extra)
    return env


@pytest.mark.parametrize("xdg", [None, "tmp"])
def test_import_envs_sets_numba_cache_dir_and_make_agrees(xdg, tmp_path, monkeypatch):
    """Python and make pick the same folder, with and without XDG_CACHE_HOME set."""
    extra = {}
    if xdg:
        extra["XDG_CACHE_HOME"] = str(tmp_path)
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    env = _clean_env(**extra)
    code = "import os, envs; print(os.environ['NUMBA_CACHE_DIR'])"
    got = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    printed = subprocess.run([sys.executable, "-m", "envs.core.cache"], env=env,
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    made = subprocess.run(["make", "-s", "cache-dir"], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    assert got == printed == made == cache.cache_dir()
    if xdg:
        assert got.startswith(str(tmp_path))


def test_user_choice_of_numba_cache_dir_wins(tmp_path):
    env = _clean_env()
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    code = "import os, envs; print(os.environ['NUMBA_CACHE_DIR'])"
    got = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert got == str(tmp_path)


def test_import_envs_is_cheap():
    """``import envs`` must not pull in numba, numpy or a game (they load on first use)."""
    code = ("import sys, envs; "
            "print(sorted(m for m in ('numba', 'numpy', 'pettingzoo', 'envs.havoc') "
            "if m in sys.modules))")
    got = subprocess.run([sys.executable, "-c", code], env=_clean_env(), cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert got == "[]"


def test_numba_already_imported_still_sees_the_folder():
    code = ("import numba, envs; from numba.core import config; import os; "
            "print(config.CACHE_DIR == os.environ['NUMBA_CACHE_DIR'])")
    got = subprocess.run([sys.executable, "-c", code], env=_clean_env(), cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert got == "True"


def test_a_spec_pickles_by_its_own_env_module_not_a_module_that_imported_it(monkeypatch):
    """A module that imported ``GAME`` while it was itself being imported (a test module, a
    notebook) sits before the env module in ``sys.modules``; a pickle still names the env
    module, so the game's package (its observation layout, its model identity) is found."""
    import pickle
    import types

    import envs.havoc.env as env

    spec = env.GAME
    user = types.ModuleType("a_user_module")
    user.GAME = spec
    monkeypatch.delitem(sys.modules, env.__name__)
    monkeypatch.setitem(sys.modules, user.__name__, user)
    monkeypatch.setitem(sys.modules, env.__name__, env)
    spec.__dict__.pop("home_module", None)
    try:
        assert spec.home_module == "envs.havoc.env"
        assert pickle.loads(pickle.dumps(spec)) is spec
    finally:
        spec.__dict__.pop("home_module", None)
