"""The Lucky Box card faces: loading, checking and the precomputed lookups the engine uses."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game.core.paths import package_data

DATA_FILE = package_data("luckybox", "data", "cards.txt")

FACES_PER_COPY = 60

# Bonus kinds. A bonus is a (kind, value) pair: value is the number for NUMBER, the token
# count for LIGHTNING, and 0 otherwise.
NUMBER = "number"
QUESTION = "question"
LIGHTNING = "lightning"
STAR = "star"
MOON = "moon"
BLANK = "blank"
BONUS_KINDS = (NUMBER, QUESTION, LIGHTNING, STAR, MOON, BLANK)

Bonus = tuple[str, int]

_BONUS_CODES: dict[str, Bonus] = {
    "?": (QUESTION, 0),
    "L": (LIGHTNING, 1),
    "LL": (LIGHTNING, 2),
    "S": (STAR, 0),
    "M": (MOON, 0),
    "-": (BLANK, 0),
    **{str(n): (NUMBER, n) for n in range(1, 10)},
}
BONUS_CODE = {bonus: code for code, bonus in _BONUS_CODES.items()}

ROW_MASKS = (0b000000111, 0b000111000, 0b111000000)
COL_MASKS = (0b001001001, 0b010010010, 0b100100100)
FULL = 0b111111111
# LINES_OF_CELL[cell] -> ((line_kind, index, mask), (line_kind, index, mask)): its row, then column.
LINES_OF_CELL = tuple(
    (("row", c // 3, ROW_MASKS[c // 3]), ("col", c % 3, COL_MASKS[c % 3])) for c in range(9)
)
# A card's six lines by number: LINES[n] -> (line_kind, index), its rows 0-2 then columns 0-2.
LINES = (("row", 0), ("row", 1), ("row", 2), ("col", 0), ("col", 1), ("col", 2))
# LINES_DONE[cell][mask] -> the lines through `cell` fully crossed in `mask`, as numbers in
# LINES: what crossing `cell` completes when the card's mask becomes `mask` (mostly nothing).
LINES_DONE = tuple(
    tuple(
        tuple(
            index if kind == "row" else 3 + index
            for kind, index, line in LINES_OF_CELL[cell]
            if mask & line == line
        )
        for mask in range(512)
    )
    for cell in range(9)
)
# CROSSING[cell][mask] -> (the mask once `cell` is crossed too, the lines that completes, as
# LINES_DONE): a cross's whole transition read at once, its new mask a ready int object.
CROSSING = tuple(
    tuple((mask | 1 << cell, LINES_DONE[cell][mask | 1 << cell]) for mask in range(512))
    for cell in range(9)
)
# OPEN_CELLS[mask] -> the cells a card with `mask` crossed leaves open (FULL ^ mask), read from
# a table: a mask above 256, or its complement, is a new int object each time it is computed.
OPEN_CELLS = tuple(FULL ^ mask for mask in range(512))
# CELLS_OF_MASK[mask] -> the cell indexes set in a 9-bit mask, in order.
CELLS_OF_MASK = tuple(tuple(c for c in range(9) if m >> c & 1) for m in range(512))
POPCOUNT = tuple(len(cells) for cells in CELLS_OF_MASK)
# SLOTS[n] -> the slots 0 to n - 1 of n cards in play (at most the two-copy deck): the engine
# loops over a player's cards by slot, and a ready tuple costs less than a new range object.
SLOTS = tuple(tuple(range(n)) for n in range(2 * FACES_PER_COPY + 1))

_ROW_SETS = ({1, 2, 3}, {4, 5, 6}, {7, 8, 9})


class DeckError(ValueError):
    """The card data file is damaged: the message is one line naming what is wrong."""


@dataclass(frozen=True, slots=True)
class CardFace:
    """One printed Lucky Box face: 3×3 grid (row by row), and its six bonus icons."""

    number: int
    grid: tuple[int, ...]
    row_bonus: tuple[Bonus, Bonus, Bonus]
    col_bonus: tuple[Bonus, Bonus, Bonus]
    # number_mask[n] -> 9-bit mask of the cells showing n (index 0 unused).
    number_mask: tuple[int, ...]


def parse_bonus(code: str) -> Bonus:
    try:
        return _BONUS_CODES[code]
    except KeyError:
        raise DeckError(f"unknown bonus code {code!r}") from None


def _parse_line(line: str, line_no: int) -> CardFace:
    parts = line.split("|")
    if len(parts) != 3:
        raise DeckError(f"line {line_no}: expected 'NN grid | rows | cols'")
    head, rows, cols = (p.split() for p in parts)
    if len(head) != 4 or len(rows) != 3 or len(cols) != 3:
        raise DeckError(
            f"line {line_no}: expected a number, 3 grid rows, 3 row and 3 column bonuses"
        )
    if not head[0].isdigit():
        raise DeckError(f"line {line_no}: card number {head[0]!r} is not a number")
    grid: list[int] = []
    for row in head[1:]:
        if len(row) != 3 or not row.isdigit() or set(map(int, row)) not in _ROW_SETS:
            raise DeckError(
                f"line {line_no}: grid row {row!r} is not an arrangement of 123, 456 or 789"
            )
        grid.extend(int(ch) for ch in row)
    try:
        r0, r1, r2 = (parse_bonus(c) for c in rows)  # three each: checked above
        c0, c1, c2 = (parse_bonus(c) for c in cols)
    except DeckError as err:
        raise DeckError(f"line {line_no}: {err}") from None
    number_mask = tuple(sum(1 << c for c in range(9) if grid[c] == n) for n in range(10))
    return CardFace(int(head[0]), tuple(grid), (r0, r1, r2), (c0, c1, c2), number_mask)


def parse_deck(text: str) -> tuple[CardFace, ...]:
    """Parse and check the deck text; raise DeckError with a one-line reason if it is damaged."""
    faces = [
        _parse_line(line, no)
        for no, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    check_deck(faces)
    return tuple(sorted(faces, key=lambda f: f.number))


def check_deck(faces: list[CardFace]) -> None:
    """Check the deck facts printed in cards.txt."""
    numbers = sorted(f.number for f in faces)
    if numbers != list(range(1, FACES_PER_COPY + 1)):
        raise DeckError(f"expected cards 1-{FACES_PER_COPY} once each, found {len(faces)} cards")
    digits = Counter(n for f in faces for n in f.grid)
    for n in range(1, 10):
        if digits[n] != 60:
            raise DeckError(f"number {n} appears {digits[n]} times in the grids, expected 60")
    bonuses = Counter(b for f in faces for b in f.row_bonus + f.col_bonus)
    expected = {
        **{(NUMBER, n): 17 for n in range(1, 10)},
        (BLANK, 0): 8,
        (MOON, 0): 49,
        (LIGHTNING, 1): 50,
        (LIGHTNING, 2): 23,
        (STAR, 0): 44,
        (QUESTION, 0): 33,
    }
    for bonus, count in expected.items():
        if bonuses[bonus] != count:
            raise DeckError(
                f"bonus {BONUS_CODE[bonus]!r} appears {bonuses[bonus]} times, expected {count}"
            )


def load_deck(path: Path = DATA_FILE) -> tuple[CardFace, ...]:
    """Load the 60 faces from the data file (DeckError on any problem, including I/O)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DeckError(f"cannot read card data {path}: {err.__class__.__name__}") from None
    return parse_deck(text)


@cache
def faces_by_id(copies: int) -> tuple[CardFace, ...]:
    """Faces indexed by card id (index 0 unused): the second copy of card n is numbered 60 + n."""
    faces = load_deck()
    return (faces[0], *faces * copies)


def face_number(card_id: int) -> int:
    """The printed number of a card id (61-120 are the second copy)."""
    return (card_id - 1) % FACES_PER_COPY + 1
