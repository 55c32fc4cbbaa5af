"""A decision's evaluator remembers, per grid, its complete lines, its node and its values per
(hand, stage) (model.Evaluator, shared by the next decision that knows the same cards gone).
Each remembered answer must be the one a decision that met that grid alone would work out; a
key that missed the hand, its order, the stage or the weights would hand one question another's
answer."""

from __future__ import annotations

import random

from game.blanco.ai import model
from game.blanco.ai.model import Evaluator, Grid, Params, put


def _grid(rng: random.Random) -> Grid:
    """A 3x4 grid of few cards (so lines often complete), some face down or unknown."""
    cards = rng.sample(range(1, 121), 6) + [1, 13, 25]  # 1, 13, 25: one number, other colours
    g = model.fresh_grid()
    for r in range(3):
        for c in range(4):
            roll = rng.random()
            if roll < 0.15:
                continue  # face down, not known
            g = put(g, (r, c), (rng.choice(cards), roll < 0.85))
    return g


def _alone(gone: frozenset[int], params: Params, g: Grid, hand: list[int], stage: int) -> float:
    """The settled value from an evaluator that has met nothing else."""
    model._LAST.clear()
    return Evaluator(gone, params).settle(g, hand, stage)


def test_a_grid_met_again_answers_as_it_would_alone() -> None:
    rng = random.Random(7272)
    gone = frozenset(rng.sample(range(1, 121), 25))
    grids = [_grid(rng) for _ in range(6)]
    hands = [[], [rng.randint(1, 120)], [rng.randint(1, 120), rng.randint(1, 120)]]
    for params in (Params(), Params(lookahead=True, calibrated=True), Params(full=0)):
        asked = [(g, h, stage) for g in grids for h in hands for stage in (1, 2)]
        rng.shuffle(asked)
        model._LAST.clear()
        shared = Evaluator(gone, params)
        together = [shared.settle(g, h, stage) for g, h, stage in asked]
        # the same grids asked again in another order, hands reversed: the memories answer
        again = [shared.settle(g, list(reversed(h)), stage) for g, h, stage in reversed(asked)]
        alone = [_alone(gone, params, g, h, stage) for g, h, stage in asked]
        assert together == alone
        assert again == list(reversed(alone))
        # the memories really told the questions apart (not one answer for all of them)
        assert len(set(alone)) > len(grids)
    model._LAST.clear()


def test_a_value_is_that_of_its_own_stage_and_hand() -> None:
    g = model.fresh_grid()
    g = put(put(put(g, (0, 0), (1, True)), (0, 1), (13, True)), (0, 2), (25, True))
    model._LAST.clear()
    ev = Evaluator(frozenset({1, 13, 25}))
    first, last = ev.value(g, [37], 1), ev.value(g, [37], 2)
    empty_hand = ev.value(g, [], 2)
    assert first < last  # the first grid still has the second grid to go
    assert last > empty_hand  # a fourth 1 in hand completes the row
    model._LAST.clear()
    assert Evaluator(frozenset({1, 13, 25})).value(g, [], 2) == empty_hand
    model._LAST.clear()
