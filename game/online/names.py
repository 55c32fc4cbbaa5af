"""What names a table and a seat: the table's code (made, and read back as typed), a seat's
token (kept only as its hash) and the player's name a seat shows."""

from __future__ import annotations

import hashlib
import hmac
import re
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


MAX_NAME = 40  # characters of a player's name (the protocol's cap on what is sent)
_ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-_])")
_MARKS_IN_A_ROW = 2  # combining marks kept on one letter (more stack up into a tower)


def clean_text(text: str, limit: int) -> str:
    """The one clean-up of every text a client sends that anyone else is shown (names):
    terminal escapes (ANSI) removed whole; control and format characters (NUL, bidi
    overrides, zero-width ones), surrogates, private-use and unassigned ones dropped; line
    breaks and other spaces made one plain space, none at the ends; at most two combining
    marks on a letter; NFC; at most `limit` characters. "" when nothing is left."""
    text = unicodedata.normalize("NFC", _ESCAPES.sub("", text))
    kept: list[str] = []
    marks = 0
    for c in text:
        category = unicodedata.category(c)
        if c.isspace():
            kept.append(" ")
            marks = 0
        elif category[0] == "C":
            continue
        elif category in ("Mn", "Me"):
            marks += 1
            if marks <= _MARKS_IN_A_ROW and kept and kept[-1] != " ":
                kept.append(c)
        else:
            kept.append(c)
            marks = 0
    return " ".join("".join(kept).split())[:limit].rstrip()


def clean_name(name: str | None) -> str | None:
    """A player's name as a seat shows it (`clean_text`, MAX_NAME characters); None when
    nothing is left (or none was given)."""
    if name is None:
        return None
    return clean_text(name, MAX_NAME) or None


def shown_name(name: str) -> str:
    """A stored name as it is sent to clients: cleaned (names stored before the clean-up
    was made may hold anything), "?" when nothing is left."""
    return clean_name(name) or "?"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(token_hash(token), stored)
