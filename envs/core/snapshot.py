"""Snapshot blobs: a game record plus the AEC bookkeeping, tagged and checksummed.

Layout (all integers little-endian)::

    b"BRDSIDE" + format byte (2)
    u32 header length, header (UTF-8 JSON: game, version, dtype fingerprint, record size,
                               the AEC bookkeeping)
    the STATE record bytes
    u32 CRC-32 of everything before it

``unpack`` refuses, by name, anything that is not such a blob: too short, another magic,
another format, another game, another game version, another STATE layout, a size mismatch
or a checksum mismatch (a truncated or altered blob). It does not judge the record itself:
that is ``GameSpec.check_states``' job, which the loader runs next.
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib

import numpy as np

from envs.core.errors import StateError

MAGIC = b"BRDSIDE"
FORMAT = 2
_U32 = struct.Struct("<I")


def dtype_fingerprint(dtype: np.dtype) -> str:
    """A short hash of a STATE layout: any field added, removed, resized or retyped changes it."""
    return hashlib.sha1(repr(dtype.descr).encode()).hexdigest()[:16]


def pack(spec, record: np.ndarray, aec: dict) -> bytes:
    """Blob of ``record`` (STATE array of shape (1,)) and the JSON-able ``aec`` bookkeeping."""
    header = json.dumps({
        "game": spec.name, "version": spec.version, "dtype": dtype_fingerprint(spec.state_dtype),
        "record_bytes": int(record.nbytes), "aec": aec,
    }, separators=(",", ":")).encode()
    body = MAGIC + bytes([FORMAT]) + _U32.pack(len(header)) + header + record.tobytes()
    return body + _U32.pack(zlib.crc32(body))


def unpack(spec, blob) -> tuple[np.ndarray, dict]:
    """(a fresh STATE array of shape (1,), the aec dict) from a blob; StateError if refused."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise StateError(f"snapshot must be bytes from save(), got {type(blob).__name__}")
    blob = bytes(blob)
    head = len(MAGIC) + 1 + _U32.size
    if len(blob) < head + _U32.size:
        raise StateError(f"not a Broadside snapshot: {len(blob)} bytes is too short")
    if blob[:len(MAGIC)] != MAGIC:
        raise StateError("not a Broadside snapshot (it does not start with b'BRDSIDE')")
    fmt = blob[len(MAGIC)]
    if fmt != FORMAT:
        raise StateError(f"snapshot format {fmt} is not supported (this version reads format "
                         f"{FORMAT}); save it again with the version that wrote it")
    body, (crc,) = blob[:-_U32.size], _U32.unpack_from(blob, len(blob) - _U32.size)
    if zlib.crc32(body) != crc:
        raise StateError("snapshot checksum mismatch: the blob was truncated or altered")
    (hlen,) = _U32.unpack_from(blob, len(MAGIC) + 1)
    if head + hlen > len(body):
        raise StateError("snapshot header length runs past the end of the blob")
    try:
        header = json.loads(body[head:head + hlen].decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise StateError(f"snapshot header is not valid JSON: {e}") from None
    if not isinstance(header, dict):
        raise StateError("snapshot header is not a JSON object")
    game = header.get("game")
    if game != spec.name:
        raise StateError(f"snapshot is of game {game!r}, this env plays {spec.name!r}")
    if header.get("version") != spec.version:
        raise StateError(f"snapshot is of {spec.name} v{header.get('version')}, this env plays "
                         f"{spec.name} v{spec.version}")
    if header.get("dtype") != dtype_fingerprint(spec.state_dtype):
        raise StateError(f"snapshot record layout {header.get('dtype')!r} differs from this "
                         f"build's {spec.name} STATE ({dtype_fingerprint(spec.state_dtype)!r})")
    size = spec.state_dtype.itemsize
    if header.get("record_bytes") != size or len(body) - head - hlen != size:
        raise StateError(f"snapshot record is {len(body) - head - hlen} bytes, a {spec.name} "
                         f"STATE is {size}")
    record = np.frombuffer(body, dtype=spec.state_dtype, count=1, offset=head + hlen).copy()
    aec = header.get("aec")
    if not isinstance(aec, dict):
        raise StateError("snapshot header has no AEC bookkeeping ('aec' table)")
    return record, aec
