"""What the evaluation (`evaluate.Evaluator`) knows of one incomplete card.

A card's `CardShape` comes from its face and crossed squares alone; its `CardFacts` read that
shape against the numbers still to come this round (chiefly `fill_chance`: can the numbers
its open squares need still come?). The evaluator remembers both, so the shape is worked out
once per face and mask, not again for every pool of numbers to come.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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


def _miss_chances(left: int) -> tuple[tuple[float, float, float, float], ...]:
    """For 0, 1 and 2 unrevealed copies of a number: (P(it comes 0 times), P(exactly once),
    P(at least once), P(at least twice)) among the `left` numbers still to come this round."""
    unseen = left + UNDEALT
    both = unseen * (unseen - 1)
    out = []
    for p0, p1 in (
        (1.0, 0.0),
        (UNDEALT / unseen, left / unseen),
        (UNDEALT * (UNDEALT - 1) / both, 2 * left * UNDEALT / both),
    ):
        out.append((p0, p1, 1.0 - p0, 1.0 - p0 - p1))
    return tuple(out)


MISS = tuple(_miss_chances(left) for left in range(NUMBERS_PER_ROUND + 1))


# A `pool_key`'s low bits: the tail, `left * 5 + min(tokens, 4)` (under 50).
TAIL_MASK = (1 << 6) - 1


def pool_key(pool: tuple[int, ...], left: int, tokens: int) -> int:
    """The numbers to come, how many, and the Lightning tokens (beyond 4, nothing changes) in
    one int: `pool_bits(pool)` above the tail in 6 bits, so a `Fill.counts_mask` picks out all
    its chance depends on but the fill."""
    return pool_bits(pool) << 6 | left * 5 + min(tokens, 4)


def pool_bits(pool: tuple[int, ...]) -> int:
    """The counts to come of numbers 1-9 (each 0 to 2) in one int: pool[n] in bits 2n and
    2n + 1."""
    bits = 0
    for n in range(1, 10):
        bits |= pool[n] << 2 * n
    return bits


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
    # Each number updated from the top down, so every new dj reads the old ones below it.
    for n, once in needs:
        p0, p1, once_or_more, twice_or_more = miss[pool[n]]
        if once:
            a = once_or_more
            d4 = d4 * a + d3 * p0
            d3 = d3 * a + d2 * p0
            d2 = d2 * a + d1 * p0
            d1 = d1 * a + d0 * p0
            d0 = d0 * a
        else:  # the number is needed twice: once short if it comes once, twice if never
            a = twice_or_more
            d4 = d4 * a + d3 * p1 + d2 * p0
            d3 = d3 * a + d2 * p1 + d1 * p0
            d2 = d2 * a + d1 * p1 + d0 * p0
            d1 = d1 * a + d0 * p1
            d0 = d0 * a
    total = d0
    mend = 1.0
    # As many missing squares as Lightning tokens and bonus crosses can be mended.
    for chance in (d1, d2, d3, d4)[: tokens + bonus_crosses]:
        mend *= rescue
        total += chance * mend
    return total


@dataclass(slots=True)
class Fill:
    """A group of open squares as `fill_chance` takes them, with what its chance is remembered
    by in `FillChances` (shared by the evaluator's memory: not to be changed)."""

    needs: Needs
    count: int  # open squares
    bonus_crosses: int
    # Needs, count and bonus crosses in one int (5 bits a need, 4 each for the counts), shifted
    # above the 26 bits of a `pool_key`, where the counts of the numbers it needs and the tail
    # go.
    code: int
    # Bits 2n + 6 and 2n + 7 for each number it needs (its count in a `pool_key`), and the
    # tail's 6 bits.
    counts_mask: int


def fill_of(needs: Needs, count: int, bonus_crosses: int) -> Fill:
    """The `Fill` of `count` open squares needing `needs`, helped by `bonus_crosses`."""
    code = 0
    counts_mask = 0
    for n, once in needs:  # n and `once` in 5 bits: never 0, so no two needs share a code
        code = code << 5 | n << 1 | once
        counts_mask |= 3 << 2 * n
    code = ((code << 4 | count) << 4 | bonus_crosses) << 26
    return Fill(needs, count, bonus_crosses, code, counts_mask << 6 | TAIL_MASK)


def _line_icons(face: CardFace, mask: int) -> Iterator[tuple[int, str, int]]:
    """(open cells, kind, value) of each line whose icon is not circled yet."""
    for line_masks, bonuses in ((ROW_MASKS, face.row_bonus), (COL_MASKS, face.col_bonus)):
        for line_mask, (kind, value) in zip(line_masks, bonuses, strict=True):
            if line_mask & ~mask:
                yield line_mask & ~mask, kind, value


@dataclass(slots=True)
class CardShape:
    """What an incomplete card's facts take from its face and mask alone (shared by the
    evaluator's memory: not to be changed)."""

    open_count: int
    helpers: int  # uncircled number and question-mark icons: bonus crosses to come
    numbers: int  # bit n set: an open square shows n
    demand: int  # open squares showing n, in bits DEMAND_BITS * n and up
    shown: tuple[int, ...]  # the numbers open squares show, each once, smallest first
    counts_mask: int  # bits 2n + 6 and 2n + 7 for each number shown, and the tail's, as a Fill's
    # All the open squares (the icons' bonus crosses helping), then each icon's line's.
    fills: tuple[Fill, ...]
    icons: tuple[tuple[str, int], ...]  # (kind, value) of each icon, as its line in `fills`


def card_shape(
    face: CardFace, mask: int, known_line_fills: dict[int, Fill] | None = None
) -> CardShape:
    """The shape of an incomplete card (its icons not blank and not circled yet, row lines
    first). `known_line_fills` remembers the `Fill` of each line's open squares by
    `face.number << 9 | open squares` (a line's fill depends on nothing else, and most of a
    card's lines keep theirs when one of its squares is crossed)."""
    if known_line_fills is None:
        known_line_fills = {}
    open_cells = FULL ^ mask
    helpers = 0
    icons = []
    line_fills = []
    for line_open, kind, value in _line_icons(face, mask):
        if kind in (NUMBER, QUESTION):
            helpers += 1
        if kind != BLANK:
            icons.append((kind, value))
            line_key = face.number << 9 | line_open
            line_fill = known_line_fills.get(line_key)
            if line_fill is None:
                line_fill = known_line_fills[line_key] = fill_of(
                    needs_of(face, line_open), POPCOUNT[line_open], 0
                )
            line_fills.append(line_fill)
    numbers = 0
    demand = 0
    for cell in CELLS_OF_MASK[open_cells]:
        n = face.grid[cell]
        numbers |= 1 << n
        demand += 1 << DEMAND_BITS * n
    shown = tuple(n for n in range(1, 10) if numbers >> n & 1)
    card_fill = fill_of(needs_of(face, open_cells), POPCOUNT[open_cells], helpers)
    return CardShape(
        POPCOUNT[open_cells],
        helpers,
        numbers,
        demand,
        shown,
        sum(3 << 2 * n for n in shown) << 6 | TAIL_MASK,
        (card_fill, *line_fills),
        tuple(icons),
    )


@dataclass(slots=True)
class CardFacts:
    """What the evaluation needs to know about one incomplete card, for one pool of numbers
    (shared by the evaluator's memory: not to be changed)."""

    open_count: int
    helpers: int
    numbers_ok: float  # fill_chance of the whole card this round
    numbers: int
    demand: int
    icons: tuple[tuple[str, int], ...]  # (kind, value) of each icon, as its `CardShape`'s
    line_chances: tuple[float, ...]  # each icon's line's chance this round, as `icons`
    need: float  # its place in the queue: open squares, less the help of its icons
    key: int  # what the evaluator remembers these facts by (face, mask and numbers to come)


class FillChances:
    """`fill_chance` with one `rescue`, remembering its answers by all they depend on: the
    group of squares (`Fill.code`), the copies to come of each number it needs, how many
    numbers are to come and the Lightning tokens (beyond 4, nothing changes)."""

    LIMIT = 100_000  # answers remembered

    def __init__(self, rescue: float) -> None:
        self.rescue = rescue
        self.known: dict[int, float] = {}

    def __call__(
        self,
        fills: tuple[Fill, ...],
        pool: tuple[int, ...],
        left: int,
        tokens: int,
        key_of_pool: int,
    ) -> list[float]:
        """The chance that each of `fills` gets all its squares crossed this round, for the
        numbers to come `pool`, `left` of them, and `tokens` (their `pool_key` is
        `key_of_pool`)."""
        known = self.known
        chances = []
        for fill in fills:
            key = fill.code | key_of_pool & fill.counts_mask
            chance = known.get(key)
            if chance is None:
                if len(known) > self.LIMIT:
                    known.clear()
                chance = known[key] = fill_chance(
                    fill.needs, fill.count, pool, left, tokens, fill.bonus_crosses, self.rescue
                )
            chances.append(chance)
        return chances
