"""The plan behind the bots' evaluation (model.py): the cost of emptying a grid by clearing the
cheapest line, closing up and repeating; small grids planned in every order.

A line's cost for a target (a row one number, a column one colour): each cell that does not
hold it costs the turns to get such a card (`hand_cost` for a hand card, more the fewer copies
may still come from the draw pile), a face-down unknown card may already match, and a matching
face-down card still has to be revealed. The cheapest target wins, the first of equals in the
order the line's cards show their values, then the hand's.

One `Planner` serves one decision (and the next, when it knows the same cards gone: model.py's
`Evaluator`). Every distinct line and grid it meets is built once and shared by all the
candidate grids and hands that meet it: a line keeps its cost per hand and the line it leaves
without each of its cells, a grid (`Node`, known by its lines) its plan per hand and the grids
its clears leave. A grid left with a single line is never built: its plan
is that line's cost. Cells are codes card * 2 + up (card 0: not known).

Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

Flat = tuple[int, ...]  # a grid's cells row by row, or a line's, as codes card * 2 + up
Hand = tuple[int, ...]  # the hand's card ids, sorted
Table = tuple[Sequence[int], list[float], list[float], int]  # one kind's key, acq, p, best
Term = tuple[float, float, float]  # a value's cards missing, reveal cost, cost with no hand card
# what a line's costs read: kind, known, unknown face down, unknown, (value, cards showing it)
# and (value, those of them face down) in the order the cells show them
Sign = tuple[int, int, int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


class Weights(Protocol):
    """The plan's weights (model.Params)."""

    @property
    def reveal(self) -> float: ...
    @property
    def hand_cost(self) -> float: ...
    @property
    def full(self) -> int: ...


class Line:
    """One line's cells (kind 0 row / 1 column) as its cost reads them, its cost per hand and
    the lines it leaves without each of its cells (a row of a grid that lost a column, a column
    of one that lost a row)."""

    __slots__ = (
        "cells",
        "kind",
        "subs",
        "n_known",
        "unk_down",
        "unknown",
        "terms",
        "costs",
    )

    terms: dict[int, Term]
    costs: dict[Hand, tuple[float, Hand]]

    def __init__(self, cells: Flat, kind: int, planner: Planner) -> None:
        key, acq, p, _ = planner.tables[kind]
        reveal, hand_cost = planner.reveal, planner.hand_cost
        self.cells = cells
        self.kind = kind
        self.subs: list[Line | None] = [None] * len(cells)
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
        self.n_known, self.unk_down, self.unknown = n_known, unk_down, unknown
        # A line's costs read only these: lines that show the same values alike (in the same
        # order: equal costs break ties alike) share their terms and their costs per hand
        sign = (kind, n_known, unk_down, unknown, tuple(shown.items()), tuple(down.items()))
        known = planner.signs.get(sign)
        if known is not None:
            self.terms, self.costs = known
            return
        # per value the cells show, in the order they show them: (cards missing, the cost of
        # revealing those that match face down, its cost with no card of it in hand); one dict,
        # not one per item: fewer long-lived containers for the collector
        terms: dict[int, Term] = {}
        for v, n in shown.items():
            pv = p[v]
            missing = n_known - n + unknown * (1 - pv)
            reveal_cost = (down.get(v, 0) + unk_down * pv) * reveal
            cost = missing * hand_cost if missing <= 0 else 0 * hand_cost + missing * acq[v]
            terms[v] = missing, reveal_cost, cost + reveal_cost
        self.terms = terms
        self.costs = {}
        planner.signs[sign] = terms, self.costs


def _left_alone(rows: int, cols: int) -> tuple[int, ...]:
    """Per line of a grid (rows then columns), the line left alone once it is cleared (its
    index), -1 when more is left: of two rows the other row, of two columns the other column."""
    ids = [(0, r) for r in range(rows) if cols >= 2] + [(1, c) for c in range(cols) if rows >= 2]
    out = []
    for kind, i in ids:
        count = rows if kind == 0 else cols
        other = (kind, 1 - i)
        out.append(ids.index(other) if count == 2 and other in ids else -1)
    return tuple(out)


# Per shape (rows, cols), for planning: `_left_alone`; the pairs of lines each left alone
# once the other is cleared (two rows, two columns); and the lines whose clear leaves a grid
# (or nothing)
Shape = tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]


def _shape(rows: int, cols: int) -> Shape:
    alone = _left_alone(rows, cols)
    pairs = tuple((i, j) for i, j in enumerate(alone) if i < j)
    return alone, pairs, tuple(i for i, j in enumerate(alone) if j < 0)


SHAPES = {(rows, cols): _shape(rows, cols) for rows in range(1, 4) for cols in range(1, 5)}
NO_SHAPE: Shape = ((), (), ())  # (the empty grid's)
# the same by rows * 8 + cols: a node is made for every grid met, and an int is a cheaper key
_SHAPE_AT = {rows * 8 + cols: shape for (rows, cols), shape in SHAPES.items()}


class Node:
    """One grid the plan meets, `rows` x `cols`: its lines (rows then columns; a row is a line
    when 2+ wide, a column when 2+ high), whether it is planned in every order (`deep`: small
    enough), its plan per hand, and the grids its clears leave (built when first needed)."""

    __slots__ = ("lines", "rows", "cols", "deep", "alone", "pairs", "deeper", "children", "plans")

    def __init__(self, lines: tuple[Line, ...], rows: int, cols: int, deep: bool = False) -> None:
        self.lines = lines
        self.rows = rows
        self.cols = cols
        self.deep = deep
        self.alone, self.pairs, self.deeper = _SHAPE_AT.get(rows * 8 + cols, NO_SHAPE)
        self.children: list[Node | None] = [None] * len(lines)
        self.plans: dict[Hand, float] = {}


EMPTY = Node((), 0, 0)  # the grid left by the last line


class Planner:
    """Plans for one decision's odds: `key` maps a card to its number (kind 0) or colour (kind 1),
    `acq` a value to the turns to draw such a card, `p` to the chance an unknown card has it,
    `best` is the likeliest value (the target of a line nothing is known of)."""

    def __init__(
        self,
        key: tuple[Sequence[int], Sequence[int]],
        acq: tuple[list[float], list[float]],
        p: tuple[list[float], list[float]],
        best: tuple[int, int],
        weights: Weights,
    ) -> None:
        self.key, self.acq, self.p, self.best = key, acq, p, best
        self.weights = weights
        self.reveal, self.hand_cost, self.full = weights.reveal, weights.hand_cost, weights.full
        # per kind: card to value, value to turns to draw one, to chance, the likeliest value
        self.tables: tuple[Table, Table] = (
            (key[0], acq[0], p[0], best[0]),
            (key[1], acq[1], p[1], best[1]),
        )
        self.lines: tuple[dict[Flat, Line], dict[Flat, Line]] = ({}, {})
        self.nodes: dict[tuple[Line, ...], Node] = {}
        # the terms and costs per hand of the lines that read alike (Line)
        self.signs: dict[Sign, tuple[dict[int, Term], dict[Hand, tuple[float, Hand]]]] = {}
        # one tuple per distinct hand: a hand met again is the very same object, so the
        # memories keyed by hands find it by identity (`hand` below), no comparing. Shared by
        # threads (model._LAST), two could at worst keep equal tuples: only the slower path
        self.hands: dict[Hand, Hand] = {}

    def hand(self, cards: Hand) -> Hand:
        """The planner's own tuple of these cards."""
        return self.hands.setdefault(cards, cards)

    # -- lines and grids -----------------------------------------------------------------------
    def line(self, cells: Flat, kind: int) -> Line:
        known = self.lines[kind]
        line = known.get(cells)
        if line is None:
            line = known[cells] = Line(cells, kind, self)
        return line

    def sub(self, line: Line, k: int) -> Line:
        """The line without its k-th cell."""
        sub = line.subs[k] = self.line(line.cells[:k] + line.cells[k + 1 :], line.kind)
        return sub

    def node(self, lines: tuple[Line, ...], rows: int, cols: int) -> Node:
        """The grid of these lines (they tell it apart: its rows alone would); the tuple is
        both its key and its lines."""
        node = self.nodes.get(lines)
        if node is None:
            node = self.nodes[lines] = Node(lines, rows, cols, rows * cols <= self.full)
        return node

    def grid(self, flat: Flat, cols: int) -> Node:
        """The node of a flat grid `cols` wide."""
        rows = len(flat) // cols
        lines: list[Line] = []
        if cols >= 2:
            lines += [self.line(flat[r * cols : r * cols + cols], 0) for r in range(rows)]
        if rows >= 2:
            lines += [self.line(flat[c::cols], 1) for c in range(cols)]
        return self.node(tuple(lines), rows, cols)

    def child(self, node: Node, i: int) -> Node:
        """The grid left once the node's i-th line is cleared. Only grids of 2+ rows and 2+
        columns leave one of more than a line; a lone line leaves EMPTY."""
        rows, cols, lines = node.rows, node.cols, node.lines
        if rows == 1 or cols == 1:
            child = EMPTY
        elif i < rows:  # a row: the other rows stay, each column loses that cell
            cut = tuple([c.subs[i] or self.sub(c, i) for c in lines[rows:]])
            child = self.node(lines[:i] + lines[i + 1 : rows] + cut, rows - 1, cols)
        else:  # a column: the other columns stay, each row loses that cell
            k = i - rows
            cut = tuple([r.subs[k] or self.sub(r, k) for r in lines[:rows]])
            child = self.node(cut + lines[rows:i] + lines[i + 1 :], rows, cols - 1)
        node.children[i] = child
        return child

    # -- costs ---------------------------------------------------------------------------------
    def line_cost(self, line: Line, hand: Hand) -> tuple[float, Hand]:
        """The cheapest target's cost for this line with this hand, and the hand cards left
        after it."""
        key, acq, p, likeliest = self.tables[line.kind]
        terms = line.terms
        if not hand:  # each value the cells show at its cost alone, none used
            best = 1e9
            if terms:
                for _, _, cost in terms.values():  # (the cheapest: the order does not matter)
                    if cost < best:
                        best = cost
            else:  # nothing known: the likeliest value
                pv = p[likeliest]
                missing = line.n_known + line.unknown * (1 - pv)
                hand_cost = self.hand_cost
                cost = (
                    missing * hand_cost
                    if missing <= 0
                    else 0 * hand_cost + missing * acq[likeliest]
                )
                best = cost + line.unk_down * pv * self.reveal
            hit = line.costs[hand] = (best, hand)
            return hit
        held_vals = [key[h] for h in hand]
        vals = set(terms)  # the same values in the same order as the cells show them
        vals.update(held_vals)
        reveal, hand_cost = self.reveal, self.hand_cost
        best, best_v, best_used = 1e9, 0, 0
        for v in vals:
            term = terms.get(v)
            if term is not None and v not in held_vals:
                cost, used = term[2], 0
            else:
                if term is None:  # a value no known card of the line shows
                    pv = p[v]
                    missing = line.n_known + line.unknown * (1 - pv)
                    reveal_cost = line.unk_down * pv * reveal
                else:
                    missing, reveal_cost, _ = term
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
        rest_hand = tuple(rest)
        hit = line.costs[hand] = (best, self.hands.setdefault(rest_hand, rest_hand))
        return hit

    def plan(self, node: Node, hand: Hand) -> float:
        """The summed cost of clearing the cheapest line, closing up and repeating (grids of
        `full` cards or fewer: of the best first clear, every order tried)."""
        hit = node.plans.get(hand)
        if hit is None:
            if node.deep:
                hit = self.plan_deep(node, hand)
            else:
                # the cheapest line, the first of equals (rows before columns)
                best, best_i, best_hand = 1e9, 0, hand
                lines = node.lines
                for i, line in enumerate(lines):
                    cost, rest_hand = line.costs.get(hand) or self.line_cost(line, hand)
                    if cost < best:
                        best, best_i, best_hand = cost, i, rest_hand
                j = node.alone[best_i]
                if j >= 0:  # one line left: its plan is its cost
                    other = lines[j]
                    after = (other.costs.get(best_hand) or self.line_cost(other, best_hand))[0]
                    hit = best + after
                else:
                    child = node.children[best_i] or self.child(node, best_i)
                    hit = best + (self.plan(child, best_hand) if child.lines else 0.0)
            node.plans[hand] = hit
        return hit

    def plan_deep(self, node: Node, hand: Hand) -> float:
        """The first clear chosen by the cost of everything after it (the cheapest sum: the
        order the clears are weighed in does not matter)."""
        best = 1e9
        lines = node.lines
        for i, j in node.pairs:  # either cleared first, the other left alone: its plan its cost
            one, two = lines[i], lines[j]
            cost_one, rest_one = one.costs.get(hand) or self.line_cost(one, hand)
            cost_two, rest_two = two.costs.get(hand) or self.line_cost(two, hand)
            # (with the hand untouched by the first, the other's cost is the one above)
            if rest_one is hand:
                cost = cost_one + cost_two
            else:
                cost = cost_one + (two.costs.get(rest_one) or self.line_cost(two, rest_one))[0]
            if cost < best:
                best = cost
            if rest_two is hand:
                cost = cost_two + cost_one
            else:
                cost = cost_two + (one.costs.get(rest_two) or self.line_cost(one, rest_two))[0]
            if cost < best:
                best = cost
        children = node.children
        for i in node.deeper:
            line = lines[i]
            cost, rest_hand = line.costs.get(hand) or self.line_cost(line, hand)
            child = children[i] or self.child(node, i)
            if child.lines:
                after = child.plans.get(rest_hand)
                if after is None:  # plan(child, rest_hand), one call fewer
                    if child.deep:
                        after = child.plans[rest_hand] = self.plan_deep(child, rest_hand)
                    else:
                        after = self.plan(child, rest_hand)
                cost += after
            if cost < best:
                best = cost
        return best
