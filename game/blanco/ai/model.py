"""The bots' model of one seat's own grid: a small immutable grid, the clears it sets off, and a
static evaluation, the estimated number of turns still needed to empty it.

A grid here is a tuple of rows, each a tuple of cells `(card, up)`: `card` is the card id when
the seat knows it (face up, or face down and looked at) and 0 when it does not; `up` is whether
the card is face up. A cell `(0, True)` is a hypothetical "revealed, but not known yet" card.

The evaluation (`Evaluator.value`, higher is better) is minus the cost of a greedy plan: clear
the cheapest line, close up, repeat until the grid is empty. A row needs one number, a column
one colour; each cell that does not hold the target costs the turns to get such a card (1 for a
hand card, more the fewer copies may still come from the draw pile), a face-down unknown card
may already match, and a matching face-down card still has to be revealed. The plan itself
is plan.py's (`Planner`, one per Evaluator; the next decision shares it, and the values
worked out, when it knows the same cards gone).

Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .plan import Flat, Node, Planner

NUMS: tuple[int, ...] = (0,) + tuple((c - 1) % 12 + 1 for c in range(1, 121))
COLS: tuple[int, ...] = (-1,) + tuple((c - 1) // 12 for c in range(1, 121))
ALL = range(1, 121)
WIN = 1000.0

Cell = tuple[int, bool]
Grid = tuple[tuple[Cell, ...], ...]
Pos = tuple[int, int]


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
    """Complete lines, rows first, as (0 row / 1 column, index): every card face up and known,
    one number along a row, one colour down a column."""
    out = []
    rows, cols = len(g), len(g[0])
    if cols >= 2:
        for r, row in enumerate(g):
            n = NUMS[row[0][0]]  # 0: the first card is not known
            if n:
                for card, up in row:
                    if not up or NUMS[card] != n:  # (NUMS[0] is no number)
                        break
                else:
                    out.append((0, r))
    if rows >= 2:
        for c in range(cols):
            k = COLS[g[0][c][0]]  # -1: the first card is not known
            if k >= 0:
                for row in g:
                    card, up = row[c]
                    if not up or COLS[card] != k:  # (COLS[0] is no colour)
                        break
                else:
                    out.append((1, c))
    return out


def face_down(g: Grid) -> list[Pos]:
    return [(r, c) for r, row in enumerate(g) for c, (_, u) in enumerate(row) if not u]


class Shared(NamedTuple):
    """What a decision works out that the next may share: every entry is a pure function of
    the cards known gone and the weights."""

    planner: Planner
    values: dict[tuple[Grid, tuple[int, ...], int], float]  # `value` per grid, hand, stage
    nodes: dict[Grid, Node]  # the planner's node of each grid valued
    complete_lines: dict[Grid, tuple[tuple[int, int], ...]]  # `complete` per grid settled
    fresh_cost: float  # a fresh grid's plan with no hand


# The last decision's plans and values, kept for a next one that knows the same cards gone and
# weighs alike (a seat's steps within a turn often do): exactly what it would work out again.
# The server thinks for several tables in threads: two sharing it only fill the same memories
# with the same answers (every entry is fixed by the cards gone and the weights).
_LAST: dict[tuple[frozenset[int], Params], Shared] = {}


def planner_for(gone: frozenset[int], params: Params) -> Planner:
    """A planner with the draw odds of a pile that holds every card but `gone`."""
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
    acq = ([1 + k * size / (n + 0.5) for n in num], [1 + k * size / (n + 0.5) for n in col])
    p = ([n / size for n in num], [n / size for n in col])
    best = (max(range(1, 13), key=lambda v: num[v]), max(range(10), key=lambda v: col[v]))
    return Planner((NUMS, COLS), acq, p, best, params)


def node_of(planner: Planner, g: Grid) -> Node:
    """The planner's node of a grid of tuples."""
    return planner.grid(flat_of(g), len(g[0]))


class Evaluator:
    """Turns-to-empty estimates for one decision: the draw odds come from `unavailable`, the
    cards the seat knows are not in the draw pile. A decision that knows the same cards gone
    as the one before (with the same weights) shares its plans and values (`_LAST`)."""

    def __init__(self, unavailable: Iterable[int], params: Params | None = None) -> None:
        params = params or Params()
        gone = frozenset(unavailable)
        self.params = params
        shared = _LAST.get((gone, params))
        if shared is None:
            planner = planner_for(gone, params)
            fresh_cost = planner.plan(node_of(planner, fresh_grid()), ())
            shared = Shared(planner, {}, {}, {}, fresh_cost)
            _LAST.clear()
            _LAST[gone, params] = shared
        self.planner, self.cache, self.nodes, self.complete_lines, self.fresh_cost = shared
        # The second grid's turns, added to every first-grid valuation (read once, as `value`
        # reads a plan)
        self.second_grid = curved(self.fresh_cost) if params.calibrated else self.fresh_cost

    def node(self, g: Grid) -> Node:
        """The planner's node of a grid (remembered)."""
        node = self.nodes.get(g)
        if node is None:
            node = self.nodes[g] = node_of(self.planner, g)
        return node

    def plan(self, g: Grid, hand: tuple[int, ...]) -> float:
        """Clear the cheapest line, close up, repeat; the summed cost (plan.py). Small grids
        (6 cards or fewer) try every order, so a chain reaction or a lone last line is seen."""
        return self.planner.plan(self.node(g), hand)

    def value(self, g: Grid, hand: Iterable[int], stage: int) -> float:
        """Minus the estimated turns to empty the grid (and the second grid, on the first)."""
        if not g:
            if stage == 2:
                return WIN
            g, stage = fresh_grid(), 2
        cards = tuple(sorted(filter(None, hand)))  # the cards held (0 is no card)
        k = (g, cards, stage)
        hit = self.cache.get(k)
        if hit is not None:
            return hit
        planner = self.planner
        cards = planner.hand(cards)
        node = self.node(g)
        cost = (
            planner.plan_deep(node, cards) if self.params.lookahead else planner.plan(node, cards)
        )
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
        lines = self.complete_lines.get(g)
        if lines is None:  # (a grid is settled again and again, with other hands)
            lines = self.complete_lines[g] = tuple(complete(g))
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
