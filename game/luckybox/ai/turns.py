"""The moves a player can make on a Position: a cross (with or without Lightning) or a pass,
and the bonus crosses that follow, each chosen to make an evaluation as high as possible."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.luckybox.ai.model import PendingBonus, Position, reachable
from game.luckybox.rules.cards import CELLS_OF_MASK, FULL

Evaluator = Callable[[Position], float]

# What a bonus still waiting to be placed is worth while its siblings are placed: about one
# more square crossed.
PENDING_WORTH = 2.0


class Turn(NamedTuple):
    """A cross on `slot`/`cell` spending `lightning` (signed), or a pass when slot is -1;
    `after` is the position once its bonuses are placed, `value` its evaluation."""

    slot: int
    cell: int
    lightning: int
    value: float
    after: Position


def crosses(pos: Position, number: int, max_spend: int = 4) -> list[tuple[int, int, int]]:
    """Every (slot, cell, lightning) cross for a revealed number, spending at most `max_spend`
    Lightning, the exact number first."""
    out = []
    faces, masks = pos.faces, pos.masks
    for target, spend in reachable(number, min(pos.lightning, max_spend)):
        for slot, mask in enumerate(masks):
            for cell in CELLS_OF_MASK[faces[slot].number_mask[target] & ~mask & FULL]:
                out.append((slot, cell, spend))
    return out


def best_resolve(
    pos: Position, pending: list[PendingBonus], evaluate: Evaluator
) -> tuple[int, int, int]:
    """(pending index, slot, cell): the bonus to place next and its square, looking one
    square ahead (the bonuses it wins or leaves waiting count at PENDING_WORTH each)."""
    best = None
    for i, (_, _, _, bonus) in enumerate(pending):
        waiting = len(pending) - 1
        for slot, cell in pos.targets(bonus):
            trial = pos.copy()
            won = trial.cross(slot, cell)
            value = evaluate(trial) + PENDING_WORTH * (waiting + len(won))
            if best is None or value > best[0]:
                best = (value, i, slot, cell)
    assert best is not None, "no pending bonus has a square left"
    return best[1], best[2], best[3]


def settle(pos: Position, pending: list[PendingBonus], evaluate: Evaluator) -> float:
    """Place the pending bonuses (and those they win) one by one with best_resolve, changing
    `pos` in place; a bonus with no square left is lost, as in the engine. Returns the
    evaluation of the final position."""
    while True:
        pending = [p for p in pending if pos.targets(p[3])]
        if not pending:
            return evaluate(pos)
        i, slot, cell = best_resolve(pos, pending, evaluate)
        pending = pending[:i] + pending[i + 1 :] + pos.cross(slot, cell)


def turns(
    pos: Position, number: int, evaluate: Evaluator, may_pass: bool, max_spend: int = 4
) -> list[Turn]:
    """Every cross for the revealed number (and the pass, if allowed), each valued once its
    bonuses are placed."""
    out = []
    for slot, cell, spend in crosses(pos, number, max_spend):
        after = pos.copy()
        after.lightning -= abs(spend)
        won = after.cross(slot, cell)
        value = settle(after, won, evaluate) if won else evaluate(after)
        out.append(Turn(slot, cell, spend, value, after))
    if may_pass:
        out.append(Turn(-1, -1, 0, evaluate(pos), pos))
    return out
