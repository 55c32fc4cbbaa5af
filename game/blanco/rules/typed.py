"""NamedTuples that are equal only to their own kind.

Plain NamedTuples compare as tuples, so `Play(0, 7, (0, 0)) == Discard(0, 7, (0, 0))` and
`Revealed(...) == Looked(...)` would hold; `typed` makes equality and hashing include the class.
"""

from __future__ import annotations


def _eq(self: tuple[object, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _ne(self: tuple[object, ...], other: object) -> bool:
    return not _eq(self, other)


def _hash(self: tuple[object, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


def typed(*classes: type) -> None:
    for cls in classes:
        # replacing the methods on the class is the point (mypy forbids it on principle)
        cls.__eq__ = _eq  # type: ignore[method-assign,assignment]  # class-aware equality
        cls.__ne__ = _ne  # type: ignore[method-assign,assignment]  # class-aware equality
        cls.__hash__ = _hash  # type: ignore[method-assign,assignment]  # class-aware hash
