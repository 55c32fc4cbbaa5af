"""A deal fixed before anyone played, and proved afterwards: the record's `commit` field
(GAME-RECORD.md and BLANCO-RECORD.md, the same for every game).

`{"salt": S, "sha256": H}`: S is 32 lowercase hex digits (128 random bits), H the lowercase hex
SHA-256 of the UTF-8 text `SEED:S` (the seed in decimal). An online server sends H to every
seat before the first action and reveals S in the finished record; whoever holds H checks that
the deal played is the one promised. The salt keeps H from giving the seed away (a seat could
otherwise hash every likely seed). Pure: no pygame, no game.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.core.game import RecordError

if TYPE_CHECKING:
    from game.core.safe_json import JSON

FIELD = "commit"
MISMATCH = "the deal does not match its commitment"  # the contract's reason, word for word
_SALT = re.compile(r"[0-9a-f]{32}\Z", re.ASCII)
_HASH = re.compile(r"[0-9a-f]{64}\Z", re.ASCII)


def new_salt() -> str:
    """A fresh salt: 128 bits from `secrets`, as 32 lowercase hex digits."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """H: the lowercase hex SHA-256 of the UTF-8 text `SEED:SALT`."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def is_commitment(text: object) -> bool:
    """Whether `text` has the shape of H (64 lowercase hex digits)."""
    return isinstance(text, str) and _HASH.match(text) is not None


def check_commit(record: Mapping[str, JSON], seed: int) -> str | None:
    """A record's commitment H once it is checked against its seed (None: the record has
    none). RecordError (one line) when it is malformed, or `MISMATCH` when H is not the hash of
    the record's seed and salt."""
    if FIELD not in record:
        return None
    value = record[FIELD]
    if not isinstance(value, dict):
        raise RecordError('commit must be an object {"salt": ..., "sha256": ...}')
    salt, digest = value.get("salt"), value.get("sha256")
    if not isinstance(salt, str) or _SALT.match(salt) is None:
        raise RecordError("commit.salt must be 32 lowercase hex digits")
    if not is_commitment(digest):
        raise RecordError("commit.sha256 must be 64 lowercase hex digits")
    if commitment(seed, salt) != digest:
        raise RecordError(MISMATCH)
    return str(digest)


def verified(record: Mapping[str, JSON], promised: str) -> bool:
    """Whether a finished record keeps the promise `promised` (the H a server sent before the
    first action): its commit is that H, and H is its seed's and salt's hash."""
    seed = record.get("seed")
    if type(seed) is not int or not is_commitment(promised):
        return False
    try:
        return check_commit(record, seed) == promised
    except RecordError:
        return False
