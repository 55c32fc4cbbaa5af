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


def test_a_decision_that_knows_the_same_cards_gone_shares_the_last_ones_plans() -> None:
    """The next evaluator with the same cards gone and weights reuses the last one's planner and
    values (model._LAST), and values every grid and hand as one made from nothing does; other
    cards gone, or other weights, never share it."""
    from game.blanco.ai import model

    rng = random.Random(5)
    gone = rng.sample(range(1, 121), 30)
    grids = [_grid(rng.randint(1, 3), rng.randint(1, 4), rng) for _ in range(60)]
    hands = [tuple(rng.sample(range(1, 121), rng.randint(0, 3))) for _ in grids]
    first = Evaluator(gone)
    warm = [first.value(g, h, 1) for g, h in zip(grids, hands, strict=True)]
    second = Evaluator(reversed(gone))
    assert second.planner is first.planner and second.cache is first.cache
    assert [second.value(g, h, 1) for g, h in zip(grids, hands, strict=True)] == warm
    model._LAST.clear()
    fresh = Evaluator(gone)
    assert fresh.planner is not first.planner
    assert [fresh.value(g, h, 1) for g, h in zip(grids, hands, strict=True)] == warm
    assert Evaluator(gone[1:]).planner is not fresh.planner
    calibrated = model.Params(calibrated=True)
    assert Evaluator(gone, calibrated).planner is not Evaluator(gone).planner
