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
from typing import Any

# _BITS[n]: the bits drawn to pick one of n (as random's _randbelow_with_getrandbits).
_BITS = tuple(n.bit_length() for n in range(256))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does, drawing the same bits."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = bits[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:  # rejection sampling: a uniform pick of 0..i
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
