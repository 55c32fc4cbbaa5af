"""What the evaluation (`evaluate.Evaluator`) knows of one incomplete card.

A card's `CardShape` comes from its face and crossed squares alone; its `CardFacts` read that
shape against the numbers still to come this round (chiefly `fill_chance`: can the numbers
its open squares need still come?). The evaluator remembers both, so the shape is worked out
once per face and mask, not again for every pool of numbers to come.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from game.luckybox.rules.cards import (
    BLANK,
    CELLS_OF_MASK,
    COL_MASKS,
    FULL,
    NUMBER,
    POPCOUNT,
    QUESTION,
    ROW_MASKS,
    CardFace,
)
from game.luckybox.rules.state import NUMBERS_PER_ROUND

UNDEALT = 9  # each round, 9 of the 18 Number cards are not dealt
DEMAND_BITS = 8  # a number shows at most 3 times on a card: room for 85 cards


def _miss_chances(left: int) -> tuple[tuple[float, float], ...]:
    """For 0, 1 and 2 unrevealed copies of a number: (P(it comes 0 times), P(exactly once))
    among the `left` numbers still to come this round."""
    unseen = left + UNDEALT
    both = unseen * (unseen - 1)
    return (
        (1.0, 0.0),
        (UNDEALT / unseen, left / unseen),
        (UNDEALT * (UNDEALT - 1) / both, 2 * left * UNDEALT / both),
    )


MISS = tuple(_miss_chances(left) for left in range(NUMBERS_PER_ROUND + 1))

# The numbers a group of open squares needs, each once, in the order of its squares:
# (number, True if only one of the squares shows it).
Needs = tuple[tuple[int, bool], ...]


def needs_of(face: CardFace, open_cells: int) -> Needs:
    """The numbers `open_cells` show, as `fill_chance` takes them."""
    out = []
    seen = 0
    for cell in CELLS_OF_MASK[open_cells]:
        n = face.grid[cell]
        if not seen >> n & 1:
            seen |= 1 << n
            out.append((n, POPCOUNT[face.number_mask[n] & open_cells] == 1))
    return tuple(out)


def fill_chance(
    needs: Needs,
    count: int,
    pool: tuple[int, ...],
    left: int,
    tokens: int,
    bonus_crosses: int,
    rescue: float,
) -> float:
    """Chance that `count` open squares needing `needs` all get crossed with the numbers
    still to come this round.

    Each cross needs a number of its own (or a bonus cross). Each needed number that doesn't
    come often enough can be mended, with chance `rescue`, while Lightning tokens or bonus
    crosses last. Numbers are taken as independent (close enough for two copies each)."""
    if count > left + bonus_crosses:
        return 0.0
    miss = MISS[left]
    d0, d1, d2, d3, d4 = 1.0, 0.0, 0.0, 0.0, 0.0  # P(j needed squares get no number)
    for n, once in needs:
        p0, p1 = miss[pool[n]]
        if once:
            a = 1.0 - p0
            d0, d1, d2, d3, d4 = (
                d0 * a,
                d1 * a + d0 * p0,
                d2 * a + d1 * p0,
                d3 * a + d2 * p0,
                (d4 * a + d3 * p0),
            )
        else:  # the number is needed twice: once short if it comes once, twice if never
            a = 1.0 - p0 - p1
            d0, d1, d2, d3, d4 = (
                d0 * a,
                d1 * a + d0 * p1,
                d2 * a + d1 * p1 + d0 * p0,
                (d3 * a + d2 * p1 + d1 * p0),
                d4 * a + d3 * p1 + d2 * p0,
            )
    total = d0
    mend = 1.0
    for missing, chance in enumerate((d1, d2, d3, d4), 1):
        if missing > tokens + bonus_crosses:
            break
        mend *= rescue
        total += chance * mend
    return total


def _line_icons(face: CardFace, mask: int) -> Iterator[tuple[int, str, int]]:
    """(open cells, kind, value) of each line whose icon is not circled yet."""
    for line_masks, bonuses in ((ROW_MASKS, face.row_bonus), (COL_MASKS, face.col_bonus)):
        for line_mask, (kind, value) in zip(line_masks, bonuses, strict=True):
            if line_mask & ~mask:
                yield line_mask & ~mask, kind, value


class CardShape(NamedTuple):
    """What an incomplete card's facts take from its face and mask alone."""

    open_count: int
    helpers: int  # uncircled number and question-mark icons: bonus crosses to come
    numbers: int  # bit n set: an open square shows n
    demand: int  # open squares showing n, in bits DEMAND_BITS * n and up
    shown: tuple[int, ...]  # the numbers open squares show, each once, smallest first
    needs: Needs  # of all the open squares
    lines: tuple[tuple[str, int, int, Needs], ...]  # (kind, value, open squares, needs) per icon


def card_shape(face: CardFace, mask: int) -> CardShape:
    """The shape of an incomplete card (its icons not blank and not circled yet, row lines
    first, as `CardFacts.lines`)."""
    open_cells = FULL ^ mask
    helpers = 0
    lines = []
    for line_open, kind, value in _line_icons(face, mask):
        if kind in (NUMBER, QUESTION):
            helpers += 1
        if kind != BLANK:
            lines.append((kind, value, POPCOUNT[line_open], needs_of(face, line_open)))
    numbers = 0
    demand = 0
    for cell in CELLS_OF_MASK[open_cells]:
        n = face.grid[cell]
        numbers |= 1 << n
        demand += 1 << DEMAND_BITS * n
    shown = tuple(n for n in range(1, 10) if numbers >> n & 1)
    return CardShape(
        POPCOUNT[open_cells],
        helpers,
        numbers,
        demand,
        shown,
        needs_of(face, open_cells),
        tuple(lines),
    )


class CardFacts(NamedTuple):
    """What the evaluation needs to know about one incomplete card, for one pool of numbers."""

    open_count: int
    helpers: int
    numbers_ok: float  # fill_chance of the whole card this round
    numbers: int
    demand: int
    lines: tuple[tuple[str, int, float], ...]  # (kind, value, chance this round) per icon
    need: float  # its place in the queue: open squares, less the help of its icons
    key: int  # what the evaluator remembers these facts by (face, mask and numbers to come)


class FillChances:
    """`fill_chance` with one `rescue`, remembering its answers by all they depend on: for
    each needed number, its copies to come and whether one open square or more shows it (the
    same few patterns recur from card to card and line to line), and the counts."""

    LIMIT = 100_000  # answers remembered

    def __init__(self, rescue: float) -> None:
        self.rescue = rescue
        self.known: dict[int, float] = {}

    def __call__(
        self,
        needs: Needs,
        count: int,
        pool: tuple[int, ...],
        left: int,
        tokens: int,
        bonus_crosses: int,
    ) -> float:
        key = 1  # then a digit (0-5) per need: its copies to come (0-2), twice, plus once
        for n, once in needs:
            key = key * 6 + pool[n] * 2 + once
        # count, left and bonus_crosses are under 10; beyond 4 tokens nothing changes.
        key = ((key * 10 + count) * 10 + left) * 10 + bonus_crosses
        key = key * 5 + (tokens if tokens < 4 else 4)
        chance = self.known.get(key)
        if chance is None:
            if len(self.known) > self.LIMIT:
                self.known.clear()
            chance = fill_chance(needs, count, pool, left, tokens, bonus_crosses, self.rescue)
            self.known[key] = chance
        return chance
