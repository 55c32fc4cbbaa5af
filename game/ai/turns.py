"""The moves a player can make on their Position: crosses (with Lightning) and the bonus
crosses that follow, chosen to make an evaluation as high as possible."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.rules.cards import CELLS_OF_MASK, FULL, Bonus

from .model import Position, reachable

Evaluator = Callable[[Position], float]
PendingBonus = tuple[int, str, int, Bonus]  # (slot, line, index, bonus)


class Turn(NamedTuple):
    """A cross on `slot`/`cell` spending `lightning` (signed), or a pass when slot is -1."""

    slot: int
    cell: int
    lightning: int
    value: float
    after: Position


def crosses(pos: Position, number: int, max_spend: int = 4) -> list[tuple[int, int, int]]:
    """Every (slot, cell, lightning) cross for a revealed number, spending at most `max_spend`
    Lightning (4 reach every number), cheapest first."""
    out = []
    for target, spend in reachable(number, min(pos.lightning, max_spend)):
        for slot, (face, mask) in enumerate(zip(pos.faces, pos.masks, strict=True)):
            for cell in CELLS_OF_MASK[face.number_mask[target] & ~mask & FULL]:
                out.append((slot, cell, spend))
    return out


def settle(pos: Position, pending: list[PendingBonus], evaluate: Evaluator) -> float:
    """Resolve the pending bonuses greedily, one square at a time (the best evaluated square,
    counting the bonuses still waiting at a flat worth); `pos` is changed in place. Returns
    the final evaluation."""
    while True:
        pending = [p for p in pending if pos.targets(p[3])]
        if not pending:
            return evaluate(pos)
        i, slot, cell = best_resolve(pos, pending, evaluate)
        rest = pending[:i] + pending[i + 1:]
        pending = rest + pos.cross(slot, cell)


def waiting_worth(pending: list[PendingBonus]) -> float:
    """A rough worth of bonuses still to be resolved: one more square each."""
    return PENDING_WORTH * len(pending)


PENDING_WORTH = 2.0


def best_resolve(
    pos: Position, pending: list[PendingBonus], evaluate: Evaluator
) -> tuple[int, int, int]:
    """(pending index, slot, cell) of the best next bonus cross, looking one square ahead."""
    best = None
    for i, (_, _, _, bonus) in enumerate(pending):
        rest = pending[:i] + pending[i + 1:]
        for slot, cell in pos.targets(bonus):
            trial = pos.copy()
            won = trial.cross(slot, cell)
            value = evaluate(trial) + waiting_worth(rest + won)
            if best is None or value > best[0]:
                best = (value, i, slot, cell)
    assert best is not None, "no bonus has a square left"
    return best[1], best[2], best[3]


def turns(
    pos: Position, number: int, evaluate: Evaluator, may_pass: bool, max_spend: int = 4
) -> list[Turn]:
    """Every cross for the revealed number (and the pass, if allowed), each valued after its
    bonuses are resolved greedily."""
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


def any_open(pos: Position) -> bool:
    return any(m != FULL for m in pos.masks)
