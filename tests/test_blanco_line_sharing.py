"""Lines that read alike share their costs (plan.Line): within one planner, a line whose cells
differ from another's but show the same values the same way answers from the other's costs.
Each shared answer must be the one the line would get on its own; a key that missed something
a cost reads (a face-down card, an unknown one, the order values show in) would hand a line
another's answer."""

from __future__ import annotations

import random

from game.blanco.ai.model import Params, planner_for
from game.blanco.ai.plan import Line, Planner


def _cells(rng: random.Random, width: int, cards: list[int]) -> tuple[int, ...]:
    """A line of `width` cells drawn from few cards, so that lines often read alike."""
    out = []
    for _ in range(width):
        kind = rng.random()
        if kind < 0.2:
            out.append(0)  # face down, not known
        elif kind < 0.3:
            out.append(1)  # face up, not known yet
        else:
            out.append(rng.choice(cards) * 2 + (rng.random() < 0.7))
    return tuple(out)


def _alone(
    gone: frozenset[int], cells: tuple[int, ...], kind: int, hand: tuple[int, ...]
) -> tuple[float, tuple[int, ...]]:
    """The line's cost in a planner that has met no other line."""
    planner = planner_for(gone, Params())
    return planner.line_cost(planner.line(cells, kind), planner.hand(hand))


def test_lines_sharing_costs_answer_as_each_would_alone() -> None:
    rng = random.Random(72)
    gone = frozenset(rng.sample(range(1, 121), 30))
    shared: Planner = planner_for(gone, Params())
    # numbers 1 and 5 in colours 0 and 1, and a colour-2 card: same values, other cards
    cards = [1, 5, 13, 17, 25, 29, 41]
    lines: list[Line] = []
    for _ in range(300):
        kind = rng.randrange(2)
        cells = _cells(rng, rng.randint(2, 4), cards)
        hand = tuple(sorted(rng.sample(cards + [60, 77], rng.randint(0, 3))))
        line = shared.line(cells, kind)
        lines.append(line)
        got = shared.line_cost(line, shared.hand(hand))
        assert got == _alone(gone, cells, kind, hand), (cells, kind, hand)
    # the sharing happened: some lines of other cells hold the very same costs
    distinct_cells = {(line.kind, line.cells) for line in lines}
    distinct_costs = {id(line.costs) for line in lines}
    assert len(distinct_costs) < len(distinct_cells)


def test_a_face_down_or_unknown_card_keeps_lines_apart() -> None:
    planner = planner_for(frozenset(), Params())
    up = planner.line((5 * 2 + 1, 17 * 2 + 1, 1), 0)  # 5 and 5 face up, one unknown face up
    same = planner.line((17 * 2 + 1, 5 * 2 + 1, 1), 0)  # the same values, the cards swapped
    down = planner.line((5 * 2 + 1, 17 * 2, 1), 0)  # the second 5 face down
    hidden = planner.line((5 * 2 + 1, 17 * 2 + 1, 0), 0)  # the unknown card face down
    assert same.costs is up.costs
    assert down.costs is not up.costs and hidden.costs is not up.costs
    hand = planner.hand(())
    assert planner.line_cost(down, hand)[0] > planner.line_cost(up, hand)[0]
    assert planner.line_cost(hidden, hand)[0] > planner.line_cost(up, hand)[0]


def test_a_row_and_a_column_showing_the_same_value_ids_keep_apart() -> None:
    gone = frozenset(range(1, 40))
    planner = planner_for(gone, Params())
    row = planner.line((13 * 2 + 1, 25 * 2 + 1, 0), 0)  # number 1 twice (value id 1)
    column = planner.line((13 * 2 + 1, 17 * 2 + 1, 0), 1)  # colour 1 twice (value id 1)
    assert row.costs is not column.costs
    hand = planner.hand((26,))
    assert planner.line_cost(row, hand) == _alone(gone, row.cells, 0, (26,))
    assert planner.line_cost(column, hand) == _alone(gone, column.cells, 1, (26,))
