"""What a computer player knows and imagines: one player's position, seen from their seat.

A `Position` holds only what the player may know: their own cards, crossed masks and tokens,
the round, how many numbers are still to come this round, and which Number cards have not been
revealed yet this round (`pool`). It never looks at the order of the Number cards or of the draw
pile. Moves are applied to positions in place of the engine, which is much faster for look-ahead;
the bots turn their choices back into engine actions.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.cards import (
    CELLS_OF_MASK,
    FULL,
    LIGHTNING,
    LINES_OF_CELL,
    MOON,
    NUMBER,
    QUESTION,
    STAR,
    Bonus,
    CardFace,
)
from game.rules.state import (
    CARD_POINTS,
    DRAFT,
    NUMBERS_PER_ROUND,
    PLAY,
    ROUNDS,
    SETUP,
    STAR_POINTS,
    GameState,
    shift,
)

NUMBER_CARDS_PER_ROUND = 18  # 1-9 twice; each round deals 9 of them


class Slot(NamedTuple):
    """Where a pending bonus came from (its card id, line and index), as the engine names it."""

    card: int
    line: str
    index: int


class Position:
    """One player's situation. `left` counts the numbers still to be revealed this round after
    the one being played (9 before a round starts); `pool[n]` counts the Number cards showing n
    that have not been revealed this round (so `sum(pool) == left + 9`)."""

    __slots__ = (
        "cards", "faces", "masks", "lightning", "moons", "stars", "round", "left", "pool",
        "banked", "rivals_moons",
    )

    def __init__(
        self,
        cards: list[int],
        faces: list[CardFace],
        masks: list[int],
        lightning: int,
        moons: int,
        stars: int,
        round_no: int,
        left: int,
        pool: tuple[int, ...],
        banked: int,
        rivals_moons: tuple[int, ...] = (),
    ) -> None:
        self.cards = cards
        self.faces = faces
        self.masks = masks
        self.lightning = lightning
        self.moons = moons
        self.stars = stars  # stars circled this round
        self.round = round_no
        self.left = left
        self.pool = pool
        self.banked = banked  # points already written on the scorecard (earlier rounds)
        self.rivals_moons = rivals_moons  # the other players' moons (empty in solo)

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.cards = self.cards
        other.faces = self.faces
        other.masks = self.masks[:]
        other.lightning = self.lightning
        other.moons = self.moons
        other.stars = self.stars
        other.round = self.round
        other.left = self.left
        other.pool = self.pool
        other.banked = self.banked
        other.rivals_moons = self.rivals_moons
        return other

    def has_open(self, number: int) -> bool:
        """Whether an open square shows `number` on any card."""
        return any(
            f.number_mask[number] & ~m for f, m in zip(self.faces, self.masks, strict=True)
        )

    def cross(self, slot: int, cell: int) -> list[tuple[int, str, int, Bonus]]:
        """Cross a cell and take the immediate bonuses of the lines it completes (stars,
        Lightning, Moons). Returns the number and question-mark bonuses won, as
        (slot, line, index, bonus), in the engine's order (row before column)."""
        mask = self.masks[slot] | (1 << cell)
        self.masks[slot] = mask
        face = self.faces[slot]
        won = []
        for line, index, line_mask in LINES_OF_CELL[cell]:
            if mask & line_mask == line_mask:
                bonus = face.row_bonus[index] if line == "row" else face.col_bonus[index]
                kind = bonus[0]
                if kind == STAR:
                    self.stars += 1
                elif kind == LIGHTNING:
                    self.lightning += bonus[1]
                elif kind == MOON:
                    self.moons += 1
                elif kind in (NUMBER, QUESTION):
                    won.append((slot, line, index, bonus))
        return won

    def targets(self, bonus: Bonus) -> list[tuple[int, int]]:
        """The (slot, cell) squares a number or question-mark bonus may cross."""
        out = []
        value = bonus[1] if bonus[0] == NUMBER else 0
        for slot, (face, mask) in enumerate(zip(self.faces, self.masks, strict=True)):
            open_cells = FULL ^ mask
            if value:
                open_cells &= face.number_mask[value]
            for cell in CELLS_OF_MASK[open_cells]:
                out.append((slot, cell))
        return out

    def completed_now(self) -> int:
        """Cards completed this round (still on the table until the round is scored)."""
        return sum(1 for m in self.masks if m == FULL)

    def after_round(self) -> Position:
        """The position once this round is scored: completed cards bank their points and leave,
        stars bank theirs, and the next round's numbers are all unknown again."""
        done = self.completed_now()
        keep = [i for i, m in enumerate(self.masks) if m != FULL]
        return Position(
            [self.cards[i] for i in keep], [self.faces[i] for i in keep],
            [self.masks[i] for i in keep], self.lightning, self.moons, 0,
            self.round + 1, NUMBERS_PER_ROUND, FULL_POOL, self.banked
            + CARD_POINTS[self.round - 1] * done + STAR_POINTS[min(self.stars, 3)],
            self.rivals_moons,
        )


FULL_POOL = (0,) + (2,) * 9


def unseen_pool(state: GameState) -> tuple[int, ...]:
    """pool[n]: Number cards showing n not yet revealed this round (only revealed ones count)."""
    pool = list(FULL_POOL)
    if state.phase == PLAY:
        for n in state.numbers[state.round - 1][: state.index + 1]:
            pool[n] -= 1
    return tuple(pool)


def revealed(pool: tuple[int, ...], number: int) -> tuple[int, ...]:
    """The pool once `number` is revealed."""
    return pool[:number] + (pool[number] - 1,) + pool[number + 1:]


def position_of(state: GameState, player: int) -> Position:
    """The player's view of the game, as a Position after the current number (if any)."""
    p = state.players[player]
    faces = state.faces
    if state.phase == PLAY:
        round_no, left = state.round, NUMBERS_PER_ROUND - 1 - state.index
        banked = sum(p.card_points[: round_no - 1]) + sum(p.star_points[: round_no - 1])
        stars = p.stars[round_no - 1]
    elif state.phase == SETUP:
        round_no, left, banked, stars = 1, NUMBERS_PER_ROUND, 0, 0
    else:  # DRAFT, or OVER: the next round has not started
        round_no, left = state.round + 1, NUMBERS_PER_ROUND
        banked, stars = sum(p.card_points) + sum(p.star_points), 0
    assert state.phase in (PLAY, SETUP, DRAFT) or round_no > ROUNDS
    rivals = tuple(q.moons for i, q in enumerate(state.players) if i != player)
    return Position(
        list(p.cards), [faces[c] for c in p.cards], list(p.masks), p.lightning, p.moons, stars,
        round_no, left, unseen_pool(state) if state.phase == PLAY else FULL_POOL, banked, rivals,
    )


def with_cards(pos: Position, cards: list[int], faces: list[CardFace]) -> Position:
    """The position with extra fresh cards in play (for judging a keep or a pick)."""
    out = pos.copy()
    out.cards = pos.cards + cards
    out.faces = pos.faces + faces
    out.masks = pos.masks + [0] * len(cards)
    return out


def reachable(number: int, tokens: int) -> list[tuple[int, int]]:
    """(target, lightning) pairs a revealed number can become with up to `tokens` Lightning,
    cheapest first; the exact number first."""
    out = [(number, 0)]
    for spend in range(1, min(tokens, 4) + 1):
        out.append((shift(number, spend), spend))
        out.append((shift(number, -spend), -spend))
    return out


__all__ = [
    "DRAFT", "FULL_POOL", "NUMBER_CARDS_PER_ROUND", "Position", "Slot", "position_of",
    "reachable", "revealed", "unseen_pool", "with_cards",
]
