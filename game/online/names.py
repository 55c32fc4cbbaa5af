"""What names a table and a seat: the table's code (made, and read back as typed), a seat's
token (kept only as its hash) and the player's name a seat shows."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud without doubt


def new_code() -> str:
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
    return f"{letters[:3]}-{letters[3:]}"


def rematch_code(code: str, secret: str) -> str:
    """The code of the table's rematch, the same on every server and after a restart: a
    rematch is made once, by whichever of its players asks first, and found by the others.
    `secret`: what only the server holds of the finished table (the hash of its host's token,
    itself from `secrets`), so the code does not follow from the old code: the table's seats
    are told it (`state`'s `rematch`), nobody else can work it out."""
    digest = hmac.new(secret.encode(), f"rematch:{normal_code(code)}".encode(), "sha256").digest()
    letters = "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:6])
    return f"{letters[:3]}-{letters[3:]}"


def normal_code(text: str) -> str:
    """A code as typed ("kq74xm", "KQ7 4XM") in its canonical form "KQ7-4XM"."""
    letters = "".join(c for c in text.upper() if c.isalnum())
    return f"{letters[:3]}-{letters[3:]}" if len(letters) == 6 else text


def clean_name(name: str | None) -> str | None:
    """A player's name as a seat shows it: no control characters, runs of spaces made one, no
    spaces at the ends; None when nothing is left (or none was given)."""
    if name is None:
        return None
    kept = "".join(c for c in name if not unicodedata.category(c).startswith("C") or c.isspace())
    return " ".join(kept.split()) or None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(token_hash(token), stored)
