"""Game state <-> plain dict and TOML: set up any position, describe any position.

Generic, by dtype field names, so it works for every game's STATE and CONFIG:
``to_dict(rec, base)`` gives the fields (nested records as dicts, arrays as lists; with
``base``, only the fields that differ from it), and ``from_dict(d, base)`` overlays such a
dict on a copy of ``base`` with validation (unknown field, wrong shape or out-of-range value
-> StateError naming the field).

A scenario (dict or TOML file) for ``ArrayAECEnv.load_scenario``::

    game = "havoc"              # optional; checked against the env's game
    description = "..."         # optional, for people
    seed = 7                    # optional: start from the game set up with this seed
                                #   (without it: from an all-zero record holding the
                                #   config, or with no state/config_record table either,
                                #   from the game set up with seed 0)
    [config]                    # optional: make_config keyword arguments
    num_players = 3
    [config_record]             # optional: raw CONFIG fields laid over make_config's result
    [state]                     # STATE fields laid over the starting record
    total = 12
    card = [3, 1, 5, 0]

Games may define readable scenarios with ``GameSpec.to_scenario(rec, exact)`` /
``from_scenario(d, env_cfg)`` (validated by a ``envs.core.schema`` Table); the generic
``state`` table is used when they are None. Either way the built record goes through the
game's ``check_states`` before it replaces the env's, and every problem is a ``StateError``
naming the field; a file that cannot be read (missing, a folder) or is not TOML is a
``StateError`` naming the path. The empty scenario ``{}`` describes no position: in every
game it is the new game of seed 0 with the env's config (the same as ``{"seed": 0}``). TOML
integers are signed 64-bit, so
larger unsigned values (rng words) are written as hex strings; integer fields accept them.
"""

from __future__ import annotations

import math
import os
import tomllib

import numpy as np

from envs.core.errors import StateError
from envs.core.integers import is_integer
from envs.core.schema import closest

SCENARIO_KEYS = ("game", "description", "seed", "config", "config_record", "state")


def _record(rec):
    if isinstance(rec, np.ndarray):
        if rec.shape != (1,):
            raise ValueError(f"expected a record or an array of shape (1,), got {rec.shape}")
        return rec[0]
    return rec


def to_dict(rec, base=None) -> dict:
    """The fields of a record as plain Python values; with ``base``, only those that differ."""
    rec = _record(rec)
    base = _record(base) if base is not None else None
    out = {}
    for name in rec.dtype.names:
        ftype = rec.dtype.fields[name][0]
        value = rec[name]
        if base is not None and value.tobytes() == base[name].tobytes():
            continue
        if ftype.names is not None:
            out[name] = to_dict(value, None if base is None else base[name])
        elif ftype.subdtype is not None:
            out[name] = value.tolist()
        else:
            out[name] = value.item()
    return out


def _leaves(path: str, value, shape: tuple) -> list:
    """The leaves of ``value`` nested exactly as ``shape`` (lists of lists), row-major."""
    if not shape:
        if isinstance(value, (list, tuple, dict)):
            raise StateError(f"scenario field {path!r}: {value!r} where a single value belongs")
        return [value]
    if not isinstance(value, (list, tuple)) or len(value) != shape[0]:
        got = f"{len(value)} entries" if isinstance(value, (list, tuple)) else repr(value)
        raise StateError(f"scenario field {path!r}: {got}, expected a list of {shape[0]} "
                         f"(shape {shape})")
    out = []
    for i, v in enumerate(value):
        out += _leaves(f"{path}[{i}]", v, shape[1:])
    return out


def _convert(path: str, value, dtype: np.dtype, shape: tuple):
    """``value`` as an array of ``dtype`` and ``shape``, or a StateError naming ``path``."""
    flat = _leaves(path, value, shape)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        ints = []
        for v in flat:
            if isinstance(v, str):
                try:
                    v = int(v, 0)
                except ValueError:
                    raise StateError(f"scenario field {path!r}: {v!r} is not an integer") from None
            elif not is_integer(v):
                raise StateError(f"scenario field {path!r}: {v!r} is not an integer")
            if not info.min <= int(v) <= info.max:
                raise StateError(f"scenario field {path!r}: {v} is outside {dtype.name} range "
                                 f"{info.min}..{info.max}")
            ints.append(int(v))
        return np.array(ints, dtype=dtype).reshape(shape)
    if dtype.kind == "f":
        for v in flat:
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.number)):
                raise StateError(f"scenario field {path!r}: {v!r} is not a number")
        return np.array(flat, dtype=dtype).reshape(shape)
    raise StateError(f"scenario field {path!r}: fields of type {dtype} cannot be set")


def _overlay(target, d: dict, prefix: str) -> None:
    if not isinstance(d, dict):
        raise StateError(f"scenario field {prefix.rstrip('.') or '(top)'!r}: expected a table")
    fields = target.dtype.fields
    for name, value in d.items():
        path = prefix + name
        if name not in fields:
            raise StateError(f"scenario field {path!r}: unknown field"
                             + closest(name, target.dtype.names))
        ftype = fields[name][0]
        if ftype.names is not None:
            if not isinstance(value, dict):
                raise StateError(f"scenario field {path!r}: expected a table of fields")
            _overlay(target[name], value, path + ".")
        elif ftype.subdtype is not None:
            sub, shape = ftype.subdtype
            target[name] = _convert(path, value, sub, shape)
        else:
            target[name] = _convert(path, value, ftype, ())[()]


def from_dict(d: dict, base) -> np.ndarray:
    """A copy of ``base`` (record or (1,) array) with the fields of ``d`` laid over it."""
    base = _record(base)
    out = np.zeros(1, dtype=base.dtype)
    out[0] = base
    _overlay(out[0], d, "")
    return out


def load_toml(path) -> dict:
    """A scenario file as a dict (the TOML tables as nested dicts); StateError naming the
    path when it cannot be read (missing, a folder, no permission) or is not TOML."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise StateError(f"{os.fsdecode(path)}: not valid TOML: {e}") from None
    except OSError as e:
        raise StateError(f"scenario file {os.fsdecode(path)!r} cannot be read: "
                         f"{e.strerror or type(e).__name__}") from None


# ----- writing TOML (tomllib only reads) ---------------------------------------------------------
def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        v = int(v)
        return str(v) if -(2**63) <= v < 2**63 else f'"{hex(v)}"'
    if isinstance(v, (float, np.floating)):
        v = float(v)
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):      # inside a list: an inline table
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _toml_key(k) -> str:
    k = str(k)
    return k if k and all(ch.isalnum() or ch in "_-" for ch in k) else _toml_value(k)


def dump_toml(d: dict) -> str:
    """TOML text for a dict of scalars, lists and nested dicts (as tables)."""
    lines: list[str] = []

    def table(t: dict, prefix: str) -> None:
        subs = []
        for k, v in t.items():
            if isinstance(v, dict):
                subs.append((k, v))
            else:
                lines.append(f"{_toml_key(k)} = {_toml_value(v)}")
        for k, v in subs:
            lines.append("")
            lines.append(f"[{prefix}{_toml_key(k)}]")
            table(v, f"{prefix}{k}.")

    table(d, "")
    return "\n".join(lines).lstrip("\n") + "\n"


# ----- env glue ------------------------------------------------------------------------------
def env_to_scenario(env, exact: bool = False) -> dict:
    """The env's position as a scenario dict.

    ``load_scenario`` of it gives every seat the same observation and legal mask; with
    ``exact=True`` (deck orders and the rng included) it restores the same record bytes.
    Games with a readable format (``GameSpec.to_scenario``) write it; the generic format is
    the record's fields that differ from an all-zero record.
    """
    spec = env.game
    if spec.to_scenario is not None:
        d = dict(spec.to_scenario(env._rec, exact=exact))
        d.setdefault("game", spec.name)
        return d
    zero = np.zeros(1, dtype=spec.state_dtype)
    state = to_dict(env._rec, zero)
    if not exact:
        state.pop("rng", None)
    return {"game": spec.name, "state": state}


def read_source(source) -> dict:
    """A scenario dict from a dict or a TOML path (StateError for anything else)."""
    if isinstance(source, (str, os.PathLike)):
        return load_toml(source)
    if isinstance(source, dict):
        return source
    raise StateError(f"scenario must be a dict or a TOML path, got {type(source).__name__}")


def build_record(env, source) -> np.ndarray:
    """The STATE array (1,) a scenario describes, built without touching ``env``.

    The caller (``ArrayAECEnv.load_scenario``) validates it with ``check_states`` and only
    then installs it. The scenario's config (its ``config`` table, or the game's own config
    keys) decides the player count; without one the env's config is kept.
    """
    spec = env.game
    d = read_source(source)
    if "game" in d and d["game"] != spec.name:
        raise StateError(f"scenario is for game {d['game']!r}, this env plays {spec.name!r}")
    if spec.from_scenario is not None:
        return spec.from_scenario(d, env._cfg.copy())
    unknown = sorted(set(d) - set(SCENARIO_KEYS))
    if unknown:
        raise StateError(f"scenario key {unknown[0]!r}: unknown key"
                         + closest(unknown[0], SCENARIO_KEYS))
    config = d.get("config")
    if config is not None and not isinstance(config, dict):
        raise StateError("scenario field 'config': expected a table of make_config keywords")
    cfg = spec.make_config(**config) if config is not None else env._cfg.copy()
    if "config_record" in d:
        cfg = from_dict(d["config_record"], cfg)
    base = start_record(d, cfg, spec.state_dtype,
                        lambda b, c, seed: spec.single.init(b, c, 0, seed))
    return from_dict(d.get("state", {}), base)


def start_record(d: dict, cfg: np.ndarray, state_dtype: np.dtype, init) -> np.ndarray:
    """The record a generic scenario's ``state`` table is laid over (STATE array (1,)).

    With ``seed``: the game ``init(base, cfg, seed)`` sets up. Without it and with a
    ``state`` or ``config_record`` table: an all-zero record holding ``cfg`` (what
    ``to_scenario`` writes is the difference from it). With neither, the scenario describes
    no position: it is the new game of seed 0 (``{}`` starts a new game in every game).
    """
    base = np.zeros(1, dtype=state_dtype)
    seed = d.get("seed", 0)
    if not is_integer(seed):
        raise StateError(f"scenario field 'seed': {seed!r} must be an integer")
    if "seed" in d or not {"state", "config_record"} & set(d):
        init(base, cfg, np.uint64(seed % 2**64))
    else:
        base["cfg"] = cfg
    return base
