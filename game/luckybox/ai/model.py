"""What a computer player knows and imagines: one player's position, seen from their seat.

A `Position` holds only what the player may know: their own cards, crossed masks and tokens,
the round, how many numbers are still to come this round, and which Number cards have not been
revealed yet this round (`pool`). It never looks at the order of the Number cards or of the draw
pile. Moves are tried on positions instead of on the engine (much faster for look-ahead); the
bots turn their choices back into engine actions.
"""

from __future__ import annotations

from game.luckybox.rules.cards import (
    CELLS_OF_MASK,
    CROSSING,
    FULL,
    LIGHTNING,
    LINES,
    MOON,
    NUMBER,
    QUESTION,
    STAR,
    Bonus,
    CardFace,
)
from game.luckybox.rules.state import NUMBERS_PER_ROUND, PLAY, SETUP, GameState, shift

# pool[n] before a round's first number: each round shuffles the 18 Number cards (1-9 twice).
FULL_POOL = (0,) + (2,) * 9

# A bonus the player won and must still place: (slot of its card, "row" | "col", index, bonus).
PendingBonus = tuple[int, str, int, Bonus]


class Position:
    """One player's situation between two numbers. `left` counts the numbers still to be
    revealed this round after the one being played (9 before a round starts); `pool[n]` counts
    the Number cards showing n not revealed yet this round (so `sum(pool) == left + 9`)."""

    __slots__ = (
        "cards",
        "faces",
        "masks",
        "lightning",
        "moons",
        "stars",
        "round",
        "left",
        "pool",
        "banked",
        "rivals_moons",
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
        self.cards = cards  # card ids, so a slot can be named to the engine
        self.faces = faces
        self.masks = masks
        self.lightning = lightning
        self.moons = moons
        self.stars = stars  # stars circled this round
        self.round = round_no
        self.left = left
        self.pool = pool
        self.banked = banked  # points already on the scorecard (earlier rounds)
        self.rivals_moons = rivals_moons  # the other players' moons (empty in solo)

    def copy(self) -> Position:
        """A copy whose masks and tokens can change (cards, faces and pool are shared)."""
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
        faces = self.faces
        return any(faces[slot].number_mask[number] & ~mask for slot, mask in enumerate(self.masks))

    def cross(self, slot: int, cell: int) -> list[PendingBonus]:
        """Cross a cell and take the immediate bonuses of the lines it completes (stars,
        Lightning, Moons), as the engine does. Returns the number and question-mark bonuses
        won, row before column."""
        mask, done = CROSSING[cell][self.masks[slot]]
        self.masks[slot] = mask
        won: list[PendingBonus] = []
        if not done:  # most crosses complete no line
            return won
        face = self.faces[slot]
        for line in done:
            kind_of_line, index = LINES[line]
            bonus = face.row_bonus[index] if kind_of_line == "row" else face.col_bonus[index]
            kind = bonus[0]
            if kind == STAR:
                self.stars += 1
            elif kind == LIGHTNING:
                self.lightning += bonus[1]
            elif kind == MOON:
                self.moons += 1
            elif kind in (NUMBER, QUESTION):
                won.append((slot, kind_of_line, index, bonus))
        return won

    def targets(self, bonus: Bonus) -> list[tuple[int, int]]:
        """The (slot, cell) squares a number or question-mark bonus may cross."""
        out = []
        value = bonus[1] if bonus[0] == NUMBER else 0
        faces = self.faces
        for slot, mask in enumerate(self.masks):
            open_cells = FULL ^ mask
            if value:
                open_cells &= faces[slot].number_mask[value]
            for cell in CELLS_OF_MASK[open_cells]:
                out.append((slot, cell))
        return out

    def completed_now(self) -> int:
        """Cards completed this round (they stay on the table until the round is scored)."""
        return sum(1 for m in self.masks if m == FULL)


def unseen_pool(state: GameState) -> tuple[int, ...]:
    """pool[n]: Number cards showing n not yet revealed this round (only revealed ones count)."""
    pool = list(FULL_POOL)
    if state.phase == PLAY:
        for n in state.numbers[state.round - 1][: state.index + 1]:
            pool[n] -= 1
    return tuple(pool)


def revealed(pool: tuple[int, ...], number: int) -> tuple[int, ...]:
    """The pool once `number` is revealed."""
    return pool[:number] + (pool[number] - 1,) + pool[number + 1 :]


def position_of(state: GameState, player: int) -> Position:
    """The player's view of the game: during play, as it stands for the revealed number; in a
    draft (or at setup), as the next round will start."""
    p = state.players[player]
    if state.phase == PLAY:
        round_no, left = state.round, NUMBERS_PER_ROUND - 1 - state.index
        done_rounds = round_no - 1
        stars = p.stars[round_no - 1]
    elif state.phase == SETUP:
        round_no, left, done_rounds, stars = 1, NUMBERS_PER_ROUND, 0, 0
    else:  # a draft after a round: the next round has not started
        round_no, left, done_rounds, stars = state.round + 1, NUMBERS_PER_ROUND, state.round, 0
    banked = sum(p.card_points[:done_rounds]) + sum(p.star_points[:done_rounds])
    rivals = tuple(q.moons for i, q in enumerate(state.players) if i != player)
    return Position(
        list(p.cards),
        [state.faces[c] for c in p.cards],
        list(p.masks),
        p.lightning,
        p.moons,
        stars,
        round_no,
        left,
        unseen_pool(state),
        banked,
        rivals,
    )


def with_cards(pos: Position, cards: tuple[int, ...], faces: list[CardFace]) -> Position:
    """The position with more fresh cards in play (to judge a keep or a pick)."""
    out = pos.copy()
    out.cards = pos.cards + list(cards)
    out.faces = pos.faces + faces
    out.masks = pos.masks + [0] * len(cards)
    return out


def reachable(number: int, tokens: int) -> list[tuple[int, int]]:
    """(target, lightning) pairs a revealed number can become with up to `tokens` Lightning,
    the exact number first, then cheapest first. Four tokens reach every number, so more are
    never worth spending."""
    out = [(number, 0)]
    for spend in range(1, min(tokens, 4) + 1):
        out.append((shift(number, spend), spend))
        out.append((shift(number, -spend), -spend))
    return out
