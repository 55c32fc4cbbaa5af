"""The bots' plan works on flat grids (model.flat_of) read as lines (plan.py): the grid its
clear of a line leaves must be the very grid `remove` leaves, for every line of every shape a
grid passes through, and the codes must keep face-down known cards apart from face-up ones."""

from __future__ import annotations

import random

from game.blanco.ai.model import Evaluator, Grid, flat_of, remove
from game.blanco.ai.plan import EMPTY


def _grid(rows: int, cols: int, rng: random.Random) -> Grid:
    return tuple(
        tuple((rng.choice([0, rng.randint(1, 120)]), rng.random() < 0.5) for _ in range(cols))
        for _ in range(rows)
    )


def test_closing_up_a_planned_grid_matches_remove_for_every_line_and_shape() -> None:
    rng = random.Random(5)
    planner = Evaluator([]).planner
    checked = 0
    for rows in range(1, 4):
        for cols in range(1, 5):
            if rows * cols < 2:
                continue
            g = _grid(rows, cols, rng)
            # a row is a line when 2+ wide, a column when 2+ high (the plan clears no other)
            lines = [(0, r) for r in range(rows) if cols >= 2]
            lines += [(1, c) for c in range(cols) if rows >= 2]
            node = planner.grid(flat_of(g), cols)
            assert len(node.lines) == len(lines)
            for i, line in enumerate(lines):
                expected = remove(g, line)
                if not expected:
                    assert planner.child(node, i) is EMPTY
                elif len(expected) >= 2 and len(expected[0]) >= 2:
                    assert planner.child(node, i) is planner.grid(flat_of(expected), cols - line[0])
                else:  # one row or one column left: that line of the grid, never built alone
                    assert node.lines[node.alone[i]].cells == flat_of(expected)
                checked += 1
    assert checked == 38


def test_flat_codes_keep_face_down_known_cards_apart() -> None:
    """A flat grid's codes tell a face-down known card from a face-up one (card * 2 + up):
    a complete-looking row still face down costs the reveals (0.6 turns a card)."""
    ev = Evaluator([])
    down: Grid = (((13, False), (25, False)),)  # a row of two number-1 cards, face down
    up: Grid = (((13, True), (25, True)),)
    assert ev.plan(up, ()) == 0.0
    assert abs(ev.plan(down, ()) - 2 * ev.params.reveal) < 1e-9
    assert flat_of(down) == (26, 50) and flat_of(up) == (27, 51)
