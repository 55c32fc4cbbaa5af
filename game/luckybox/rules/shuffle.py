"""The shuffle every Lucky Box deal uses: `random.Random.shuffle`'s algorithm (CPython 3.11),
written out in one loop.

Two reasons to have it here. Dealing is a large part of a short game's cost, and the standard
one calls two Python functions per card; and the deal a seed gives is part of the record format
(a record lists its seed), so pinning the algorithm keeps old records dealing the same even if
a later Python shuffles differently. tests/test_rules_shuffle.py checks that it draws exactly as
`random.Random.shuffle` does.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any


@cache
def _picks(length: int) -> tuple[tuple[int, int, int], ...]:
    """For a list of `length`: each step's (n, n - 1, bits), n from length down to 2: the step
    picks one of the first n places for place n - 1, drawing `bits` random bits a try."""
    return tuple((n, n - 1, n.bit_length()) for n in range(length, 1, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does, drawing the same bits."""
    getrandbits = rng.getrandbits
    for n, last, bits in _picks(len(items)):
        j = getrandbits(bits)
        while j >= n:  # rejection sampling: a uniform pick of 0..n-1
            j = getrandbits(bits)
        items[last], items[j] = items[j], items[last]
