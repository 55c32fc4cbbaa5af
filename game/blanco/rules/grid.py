"""One player's cards: the grid (rows of card ids), which cells are face up or looked at, the
hand, the stage and the turn count; finding complete lines and closing up after a clear. A
struct: a view sends players as they are."""

from __future__ import annotations

from typing import Annotated, TypeVar

import msgspec

from game.core.wire import said

from .actions import COL, ROW
from .caps import Card, Count, Name, Rows, Stage
from .cards import colour, number

Pos = tuple[int, int]
Line = tuple[str, int]
Cell = TypeVar("Cell", int, bool)

# number and colour by card id (index 0, a hidden card, is never face up)
_NUMBER = (0,) + tuple(number(c) for c in range(1, 121))
_COLOUR = (-1,) + tuple(colour(c) for c in range(1, 121))


class Player(msgspec.Struct, eq=False):
    """A seat's cards: `grid`, `up` and `known` are parallel rows (an empty grid is [])."""

    name: Name
    grid: Annotated[Rows[Card], said("rows of cards, 0: not known to this seat")]
    up: Annotated[Rows[bool], said("face up")]
    # face-down cells the owner has looked at (it moves with the card)
    known: Annotated[Rows[bool], said("face down, and looked at by its owner")]
    hand: Annotated[
        list[Card], msgspec.Meta(max_length=8), said("cards in hand (0s: another seat's)")
    ]
    stage: Annotated[Stage, said("1: the 3x3 grid, 2: the 3x4 grid")]
    turns: Annotated[Count, said("turns taken")]

    @classmethod
    def new(cls, name: str) -> Player:
        """A seat sitting down: no grid yet, an empty hand, stage 1."""
        return cls(name, [], [], [], [], 1, 0)

    def clone(self) -> Player:
        return Player(
            self.name,
            [r[:] for r in self.grid],
            [r[:] for r in self.up],
            [r[:] for r in self.known],
            self.hand[:],
            self.stage,
            self.turns,
        )

    def key(self) -> tuple[object, ...]:
        """Everything, as comparable plain data."""
        return (
            self.name,
            tuple(map(tuple, self.grid)),
            tuple(map(tuple, self.up)),
            tuple(map(tuple, self.known)),
            tuple(self.hand),
            self.stage,
            self.turns,
        )

    def set_grid(self, rows: list[list[int]]) -> None:
        """A fresh face-down grid (all cells unknown)."""
        self.grid = [list(r) for r in rows]
        self.up = [[False] * len(r) for r in rows]
        self.known = [[False] * len(r) for r in rows]

    # -- shape ---------------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    @property
    def size(self) -> int:
        return self.rows * self.cols

    @property
    def cards_left(self) -> int:
        """Cards in the grid, plus 12 while on the first grid (the rules' definition)."""
        return self.size + (12 if self.stage == 1 else 0)

    def cells(self) -> list[Pos]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def has(self, at: object) -> bool:
        """True when `at` is a (row, col) pair of ints inside the grid."""
        if type(at) is not tuple or len(at) != 2:
            return False
        r, c = at
        grid = self.grid
        return type(r) is int and type(c) is int and 0 <= r < len(grid) and 0 <= c < len(grid[0])

    def face_down(self) -> list[Pos]:
        return [(r, c) for r in range(self.rows) for c in range(self.cols) if not self.up[r][c]]

    def is_up(self, at: Pos) -> bool:
        return self.up[at[0]][at[1]]

    def card_at(self, at: Pos) -> int:
        return self.grid[at[0]][at[1]]

    # -- lines ---------------------------------------------------------------------------------
    def complete_lines(self) -> list[Line]:
        """Every complete line, rows first: 2+ cards, all face up, one number (row) or one
        colour (column). One-card lines are not lines."""
        lines: list[Line] = []
        grid, up = self.grid, self.up
        rows = len(grid)
        cols = len(grid[0]) if rows else 0
        if cols >= 2:
            for r in range(rows):
                if all(up[r]):
                    row = grid[r]
                    n = _NUMBER[row[0]]
                    if all([_NUMBER[x] == n for x in row]):
                        lines.append((ROW, r))
        if rows >= 2:
            for c, column_up in enumerate(zip(*up, strict=True)):
                if all(column_up):
                    k = _COLOUR[grid[0][c]]
                    if all([_COLOUR[row[c]] == k for row in grid]):
                        lines.append((COL, c))
        return lines

    def clear(self, line: Line) -> tuple[tuple[int, ...], tuple[tuple[Pos, Pos], ...]]:
        """Remove a line and close up; returns its cards and the moves (from, to)."""
        kind, index = line
        moves: list[tuple[Pos, Pos]] = []
        if kind == ROW:
            cards = tuple(self.grid[index])
            for m in (self.grid, self.up, self.known):
                del m[index]
            for r in range(index, self.rows):
                moves.extend(((r + 1, c), (r, c)) for c in range(self.cols))
        else:
            cards = tuple(row[index] for row in self.grid)
            for m in (self.grid, self.up, self.known):
                for row in m:
                    del row[index]
            for r in range(self.rows):
                moves.extend(((r, c + 1), (r, c)) for c in range(index, self.cols))
        if self.cols == 0:
            self.grid, self.up, self.known = [], [], []
            moves = []
        return cards, tuple(moves)

    def swap(self, a: Pos, b: Pos) -> None:
        _swap_cells(self.grid, a, b)
        _swap_cells(self.up, a, b)
        _swap_cells(self.known, a, b)

    def reveal(self, at: Pos) -> None:
        self.up[at[0]][at[1]] = True
        self.known[at[0]][at[1]] = False


PlayerState = Player  # the name the engine and the table know it by


def _swap_cells(rows: list[list[Cell]], a: Pos, b: Pos) -> None:
    rows[a[0]][a[1]], rows[b[0]][b[1]] = rows[b[0]][b[1]], rows[a[0]][a[1]]


def adjacent(a: Pos, b: Pos) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
