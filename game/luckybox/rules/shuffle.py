"""The shuffle every Lucky Box deal uses: `random.Random.shuffle`'s algorithm (CPython 3.11),
written out in one loop, and the generator a deal's text seeds (`seeded`).

Two reasons to have it here. Dealing is a large part of a short game's cost, and the standard
one calls two Python functions per card; and the deal a seed gives is part of the record format
(a record lists its seed), so pinning the algorithm keeps old records dealing the same even if
a later Python shuffles differently. tests/test_rules_shuffle.py checks that it draws exactly as
`random.Random.shuffle` does.
"""

from __future__ import annotations

import random
from functools import cache
from hashlib import sha512
from typing import Any


@cache
def _picks(length: int) -> tuple[tuple[int, int, int], ...]:
    """For a list of `length`: each step's (n, n - 1, bits), n from length down to 2: the step
    picks one of the first n places for place n - 1, drawing `bits` random bits a try."""
    return tuple((n, n - 1, n.bit_length()) for n in range(length, 1, -1))


def seeded(text: str) -> random.Random:
    """A generator in the very state `random.Random(text)` starts in: CPython 3.11 seeds from a
    str (seed version 2) with the big-endian int of its UTF-8 bytes followed by their SHA-512.
    Pinned here, as the shuffle is, so a later Python cannot change which cards a seed deals
    (and seeding from the int skips the str branch's Python-level work)."""
    raw = text.encode()
    return random.Random(int.from_bytes(raw + sha512(raw).digest(), "big"))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does, drawing the same bits."""
    shuffled_head(rng, items, len(items))


@cache
def _head_picks(length: int, keep: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """`_picks(length)` split in two: the steps whose last place lies past the first `keep`
    places, then the rest."""
    picks = _picks(length)
    return picks[: length - keep], picks[length - keep :]


def shuffled_head(rng: random.Random, items: list[Any], keep: int) -> list[Any]:
    """The first `keep` of `items` once shuffled as `rng.shuffle(items)` would, drawing the
    same bits (a round's nine Number cards out of the eighteen; all of them for `shuffle`).
    A step never reads its last place again, so where that place is not kept the step only
    moves the item it picked: one write, not a swap. `items` is left part-shuffled (wholly,
    when every place is kept)."""
    getrandbits = rng.getrandbits
    beyond, within = _head_picks(len(items), keep)
    for n, last, bits in beyond:
        j = getrandbits(bits)
        while j >= n:  # rejection sampling: a uniform pick of 0..n-1
            j = getrandbits(bits)
        items[j] = items[last]
    for n, last, bits in within:
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[last], items[j] = items[j], items[last]
    return items[:keep]
