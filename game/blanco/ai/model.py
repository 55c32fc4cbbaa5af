"""The bots' model of one seat's own grid: a small immutable grid, the clears it sets off, and a
static evaluation, the estimated number of turns still needed to empty it.

A grid here is a tuple of rows, each a tuple of cells `(card, up)`: `card` is the card id when
the seat knows it (face up, or face down and looked at) and 0 when it does not; `up` is whether
the card is face up. A cell `(0, True)` is a hypothetical "revealed, but not known yet" card.

The evaluation (`Evaluator.value`, higher is better) is minus the cost of a greedy plan: clear
the cheapest line, close up, repeat until the grid is empty. A row needs one number, a column
one colour; each cell that does not hold the target costs the turns to get such a card (1 for a
hand card, more the fewer copies may still come from the draw pile), a face-down unknown card
may already match, and a matching face-down card still has to be revealed.

Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import NamedTuple

NUMS: tuple[int, ...] = (0,) + tuple((c - 1) % 12 + 1 for c in range(1, 121))
COLS: tuple[int, ...] = (-1,) + tuple((c - 1) // 12 for c in range(1, 121))
ALL = range(1, 121)
WIN = 1000.0

Cell = tuple[int, bool]
Grid = tuple[tuple[Cell, ...], ...]
Pos = tuple[int, int]
Flat = tuple[int, ...]  # a grid's cells row by row, each card * 2 + up (see flat_of)


class Params(NamedTuple):
    """The evaluation's weights (tuned by self-play in bench/blanco.py)."""

    k_draw: float = 0.3  # turns per expected draw needed to find a card of a value
    reveal: float = 0.6  # turns to reveal a matching face-down card
    look: float = 0.3  # worth of the reward look (information)
    lookahead: bool = False  # plan the first clear one step deeper (the lone last line)
    hand_cost: float = 1.0  # turns to play a card already in hand
    full: int = 6  # grids this small are planned in every order
    clear: float = 0.3  # a line cleared now rather than later (a bird in the hand)
    calibrated: bool = False  # each grid's plan read through CURVE (the turns it really takes)


# The turns a grid's plan really takes, measured over Hard's solo games (seeds 5000-5999,
# 22,421 turns; both grids alike): (plan, turns) knots, straight lines between them, the last
# slope beyond. The last few plan units are whole turns (hand cards), the rest about a third
# of one (the plan counts every card drawn one after another; the draws of several lines
# overlap). Read in plan units of the middle game (divided by its slope, CURVE_UNIT), so the
# fixed weights (clear, look, feeding the next seat) keep the sense they were tuned in.
CURVE: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.0, 1.2),
    (3.5, 3.8),
    (7.0, 5.1),
    (13.0, 7.4),
    (20.0, 9.7),
    (30.0, 12.8),
)
CURVE_SLOPE = 0.31
CURVE_UNIT = 0.35


def curved(plan: float) -> float:
    """A plan's cost as the turns it takes (CURVE), in middle-game plan units."""
    x0, y0 = CURVE[0]
    for x1, y1 in CURVE[1:]:
        if plan <= x1:
            return (y0 + (y1 - y0) * (plan - x0) / (x1 - x0)) / CURVE_UNIT
        x0, y0 = x1, y1
    return (y0 + CURVE_SLOPE * (plan - x0)) / CURVE_UNIT


def flat_of(g: Grid) -> Flat:
    """The grid's cells row by row as codes card * 2 + up (the plan's compact form)."""
    return tuple([c * 2 + u for row in g for c, u in row])


def _without_column(n: int, cols: int, c: int) -> Callable[[Flat], Flat]:
    """Picks a flat grid of n cells `cols` wide without its column c (at least 2 cells left)."""
    return itemgetter(*[i for i in range(n) if i % cols != c])


# every shape a grid can shrink to: 3x3 (the first), 3x4 (the second) and all smaller
WITHOUT_COLUMN = {
    (rows * cols, cols, c): _without_column(rows * cols, cols, c)
    for rows in range(2, 4)
    for cols in range(2, 5)
    for c in range(cols)
}
ROW_IDS = tuple((0, r) for r in range(4))
COL_IDS = tuple((1, c) for c in range(4))


def remove_flat(flat: Flat, cols: int, line: tuple[int, int]) -> tuple[Flat, int]:
    """`remove` on a flat grid: the cells left and their width; () when empty."""
    kind, i = line
    if kind == 0:
        return flat[: i * cols] + flat[i * cols + cols :], cols
    if cols == 1:
        return (), 0
    return WITHOUT_COLUMN[len(flat), cols, i](flat), cols - 1


def fresh_grid(rows: int = 3, cols: int = 4) -> Grid:
    return tuple(tuple((0, False) for _ in range(cols)) for _ in range(rows))


def grid_of(cards: list[list[int]], up: list[list[bool]]) -> Grid:
    return tuple(tuple(zip(cr, ur, strict=True)) for cr, ur in zip(cards, up, strict=True))


def put(g: Grid, at: Pos, cell: Cell) -> Grid:
    r, c = at
    row = g[r]
    return g[:r] + (row[:c] + (cell,) + row[c + 1 :],) + g[r + 1 :]


def remove(g: Grid, line: tuple[int, int]) -> Grid:
    """Clear a line (0 row / 1 column, index) and close up; () when empty."""
    kind, i = line
    if kind == 0:
        g = g[:i] + g[i + 1 :]
    else:
        g = tuple(row[:i] + row[i + 1 :] for row in g)
        if not g[0]:
            return ()
    return g


def complete(g: Grid) -> list[tuple[int, int]]:
    """Complete lines, rows first, as (0 row / 1 column, index)."""
    out = []
    rows, cols = len(g), len(g[0])
    if cols >= 2:
        for r, row in enumerate(g):
            first = row[0][0]
            if first and all(u for _, u in row):
                n = NUMS[first]
                if all(c and NUMS[c] == n for c, _ in row):
                    out.append((0, r))
    if rows >= 2:
        for c in range(cols):
            first = g[0][c][0]
            if not first:
                continue
            k = COLS[first]
            if all(row[c][1] and row[c][0] and COLS[row[c][0]] == k for row in g):
                out.append((1, c))
    return out


def face_down(g: Grid) -> list[Pos]:
    return [(r, c) for r, row in enumerate(g) for c, (_, u) in enumerate(row) if not u]


Hand = tuple[int, ...]


class _Line:
    """One line's cells as its cost reads them (kind 0 row / 1 column: numbers or colours), and
    its cost per hand (`Evaluator._line_cost`)."""

    __slots__ = ("kind", "n_known", "unk_down", "unknown", "alone", "terms", "costs")

    def __init__(self, cells: Flat, kind: int, ev: Evaluator) -> None:
        key, p, acq = ev.key[kind], ev.p[kind], ev.acq[kind]
        reveal, hand_cost = ev.params.reveal, ev.params.hand_cost
        # per value: the known cards showing it, and those of them still face down
        shown: dict[int, int] = {}
        down: dict[int, int] = {}
        n_known = unk_down = unk_up = 0
        for code in cells:
            if code > 1:
                w = key[code >> 1]
                shown[w] = shown.get(w, 0) + 1
                if not code & 1:
                    down[w] = down.get(w, 0) + 1
                n_known += 1
            elif code:
                unk_up += 1
            else:
                unk_down += 1
        unknown = unk_down + unk_up
        self.kind = kind
        self.n_known, self.unk_down, self.unknown = n_known, unk_down, unknown
        # per value the cells show, in the order they show them: (cards missing, the cost of
        # revealing those that match face down), and its cost with no card of it in hand
        self.terms: dict[int, tuple[float, float]] = {}
        self.alone: dict[int, float] = {}
        for v, n in shown.items():
            pv = p[v]
            missing = n_known - n + unknown * (1 - pv)
            reveal_cost = (down.get(v, 0) + unk_down * pv) * reveal
            self.terms[v] = missing, reveal_cost
            cost = missing * hand_cost if missing <= 0 else 0 * hand_cost + missing * acq[v]
            self.alone[v] = cost + reveal_cost
        self.costs: dict[Hand, tuple[float, Hand]] = {}


class _Node:
    """One grid the plan meets: its lines and the grids their clears leave (read when first
    needed), and its plan per hand."""

    __slots__ = ("flat", "cols", "lines", "ids", "alone", "children", "plans")

    def __init__(self, flat: Flat, cols: int) -> None:
        self.flat = flat
        self.cols = cols
        self.lines: list[_Line] = []  # rows then columns
        self.ids: tuple[tuple[int, int], ...] = ()  # the lines as (0 row / 1 column, index)
        self.alone: tuple[int, ...] = ()  # see LEFT_ALONE
        self.children: list[_Node | None] = []
        self.plans: dict[Hand, float] = {}


EMPTY = _Node((), 0)  # the grid left by the last line
# a grid's lines (rows, cols) as (0 row / 1 column, index), rows first
LINE_IDS = {
    (rows, cols): tuple(ROW_IDS[:rows] if cols >= 2 else ()) + (COL_IDS[:cols] if rows >= 2 else ())
    for rows in range(1, 4)
    for cols in range(1, 5)
}


def _left_alone(rows: int, cols: int) -> tuple[int, ...]:
    """Per line of a grid (as LINE_IDS lists them), the line left alone once it is cleared (its
    index in that list), -1 when more is left: of two rows the other row, of two columns the
    other column. A lone line's plan is its own cost, so such grids are never planned."""
    ids = LINE_IDS[rows, cols]
    out = []
    for kind, i in ids:
        count = rows if kind == 0 else cols
        alone = (kind, 1 - i)
        out.append(ids.index(alone) if count == 2 and alone in ids else -1)
    return tuple(out)


LEFT_ALONE = {shape: _left_alone(*shape) for shape in LINE_IDS}


class Evaluator:
    """Turns-to-empty estimates for one decision: the draw odds come from `unavailable`, the
    cards the seat knows are not in the draw pile."""

    def __init__(self, unavailable: Iterable[int], params: Params | None = None) -> None:
        params = params or Params()
        gone = set(unavailable)
        num = [0] * 13
        col = [0] * 10
        size = 0
        for c in ALL:
            if c not in gone:
                num[NUMS[c]] += 1
                col[COLS[c]] += 1
                size += 1
        size = max(size, 1)
        k = params.k_draw
        self.params = params
        self.size = size
        self.num_count = num
        self.col_count = col
        self.acq = (
            [1 + k * size / (n + 0.5) for n in num],
            [1 + k * size / (n + 0.5) for n in col],
        )
        self.p = ([n / size for n in num], [n / size for n in col])
        self.best = (max(range(1, 13), key=lambda v: num[v]), max(range(10), key=lambda v: col[v]))
        self.key = (NUMS, COLS)
        self.cache: dict[tuple[Grid, tuple[int, ...], int], float] = {}
        # Each distinct line and grid met in this decision, built once and shared by every
        # candidate and hand that meets it (a grid is met with two hands on average, a line
        # with about four)
        self.lines: tuple[dict[Flat, _Line], dict[Flat, _Line]] = ({}, {})
        self.nodes: dict[tuple[Flat, int], _Node] = {}
        self.fresh_cost = self.plan(fresh_grid(), ())
        # The second grid's turns, added to every first-grid valuation (read once, as `value`
        # reads a plan)
        self.second_grid = curved(self.fresh_cost) if params.calibrated else self.fresh_cost

    # -- one line ------------------------------------------------------------------------------
    def _line_cost(self, line: _Line, hand: Hand) -> tuple[float, Hand]:
        """The cheapest target's cost for this line with this hand, and the hand cards left
        after it."""
        key = self.key[line.kind]
        held_vals = [key[h] for h in hand]
        alone = line.alone
        vals = set(alone)  # the same values in the same order as the cells show them
        vals.update(held_vals)
        if not vals:
            vals = {self.best[line.kind]}
        acq, p, reveal = self.acq[line.kind], self.p[line.kind], self.params.reveal
        hand_cost = self.params.hand_cost
        best, best_v, best_used = 1e9, 0, 0
        for v in vals:
            if v not in held_vals and v in alone:
                cost, used = alone[v], 0
            else:
                term = line.terms.get(v)
                if term is None:  # a value no known card of the line shows
                    pv = p[v]
                    missing = line.n_known + line.unknown * (1 - pv)
                    reveal_cost = line.unk_down * pv * reveal
                else:
                    missing, reveal_cost = term
                held = held_vals.count(v)
                if held >= missing:
                    cost = missing * hand_cost
                    used = -int(-missing // 1)
                else:
                    cost = held * hand_cost + (missing - held) * acq[v]
                    used = held
                cost += reveal_cost
            if cost < best:
                best, best_v, best_used = cost, v, used
        if not best_used:
            hit = line.costs[hand] = (best, hand)
            return hit
        rest = list(hand)
        for h in hand:
            if best_used and key[h] == best_v:
                rest.remove(h)
                best_used -= 1
        hit = line.costs[hand] = (best, tuple(rest))
        return hit

    # -- the plan ------------------------------------------------------------------------------
    # Planned grids are flat tuples of cell codes (card * 2 + up) with their width: hashed and
    # sliced far faster than tuples of cells, the plan's whole cost (same sums, same choices).
    def _node(self, flat: Flat, cols: int) -> _Node:
        node = self.nodes.get((flat, cols))
        if node is None:
            node = self.nodes[flat, cols] = _Node(flat, cols)
        return node

    def _lines_of(self, node: _Node) -> list[_Line]:
        """The grid's lines, rows then columns, read once per grid."""
        flat, cols = node.flat, node.cols
        rows = len(flat) // cols
        out = []
        if cols >= 2:
            known = self.lines[0]
            for r in range(rows):
                cells = flat[r * cols : r * cols + cols]
                line = known.get(cells)
                if line is None:
                    line = known[cells] = _Line(cells, 0, self)
                out.append(line)
        if rows >= 2:
            known = self.lines[1]
            for c in range(cols):
                cells = flat[c::cols]
                line = known.get(cells)
                if line is None:
                    line = known[cells] = _Line(cells, 1, self)
                out.append(line)
        node.lines = out
        node.ids = LINE_IDS[rows, cols]
        node.alone = LEFT_ALONE[rows, cols]
        node.children = [None] * len(out)
        return out

    def _child(self, node: _Node, i: int) -> _Node:
        """The grid left once the node's i-th line is cleared (EMPTY when nothing is)."""
        rest, rest_cols = remove_flat(node.flat, node.cols, node.ids[i])
        child = node.children[i] = self._node(rest, rest_cols) if rest else EMPTY
        return child

    def plan(self, g: Grid, hand: tuple[int, ...]) -> float:
        """Clear the cheapest line, close up, repeat; the summed cost. Small grids (6 cards or
        fewer) try every order, so a chain reaction or a lone last line is seen."""
        return self._plan(self._node(flat_of(g), len(g[0])), hand)

    def _plan(self, node: _Node, hand: Hand) -> float:
        hit = node.plans.get(hand)
        if hit is None:
            if len(node.flat) <= self.params.full:
                hit = self._plan_deep(node, hand)
            else:
                # the cheapest line, the first of equals (rows before columns)
                best, best_i, best_hand = 1e9, 0, hand
                lines = node.lines or self._lines_of(node)
                for i, line in enumerate(lines):
                    cost, rest_hand = line.costs.get(hand) or self._line_cost(line, hand)
                    if cost < best:
                        best, best_i, best_hand = cost, i, rest_hand
                j = node.alone[best_i]
                if j >= 0:  # one line left: its plan is its cost
                    other = lines[j]
                    after = (other.costs.get(best_hand) or self._line_cost(other, best_hand))[0]
                    hit = best + after
                else:
                    child = node.children[best_i] or self._child(node, best_i)
                    hit = best + (self._plan(child, best_hand) if child.flat else 0.0)
            node.plans[hand] = hit
        return hit

    def _plan_deep(self, node: _Node, hand: Hand) -> float:
        """The first clear chosen by the cost of everything after it."""
        best = 1e9
        lines = node.lines or self._lines_of(node)
        children, alone = node.children, node.alone
        for i, line in enumerate(lines):
            cost, rest_hand = line.costs.get(hand) or self._line_cost(line, hand)
            j = alone[i]
            if j >= 0:  # one line left: its plan is its cost
                other = lines[j]
                cost += (other.costs.get(rest_hand) or self._line_cost(other, rest_hand))[0]
                if cost < best:
                    best = cost
                continue
            child = children[i] or self._child(node, i)
            if child.flat:
                after = child.plans.get(rest_hand)
                if after is None:
                    after = self._plan(child, rest_hand)
                cost += after
            if cost < best:
                best = cost
        return best

    def value(self, g: Grid, hand: Iterable[int], stage: int) -> float:
        """Minus the estimated turns to empty the grid (and the second grid, on the first)."""
        if not g:
            if stage == 2:
                return WIN
            g, stage = fresh_grid(), 2
        cards = tuple(sorted(h for h in hand if h))
        k = (g, cards, stage)
        hit = self.cache.get(k)
        if hit is not None:
            return hit
        node = self._node(flat_of(g), len(g[0]))
        cost = self._plan_deep(node, cards) if self.params.lookahead else self._plan(node, cards)
        if self.params.calibrated:
            cost = curved(cost)
        if stage == 1:
            cost += self.second_grid
        self.cache[k] = -cost
        return -cost

    def settle(
        self, g: Grid, hand: Iterable[int], stage: int, cleared: int = 0, reward: bool = True
    ) -> float:
        """The value once every clear this grid sets off is done, in the best order; with the
        reward look's worth when something was cleared (and `reward` is still owed)."""
        lines = complete(g)
        if not lines:
            v = self.value(g, hand, stage)
            if reward and cleared and g and v < WIN and face_down(g):
                v += self.params.look * (1 + (cleared >= 2))
            return v + self.params.clear * cleared
        best = -1e9
        for line in lines:
            rest = remove(g, line)
            if not rest:
                v = self.value(rest, hand, stage) + 0.01 * cleared
            else:
                v = self.settle(rest, hand, stage, cleared + 1, reward)
            best = max(best, v)
            if len(lines) == 1:
                break
        return best
