"""What a Lucky Box player may do now: the legal actions, and why any other is refused.

A mixin of `GameState` (kept apart from applying moves, so each file has one job)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .actions import Action, Cross, Keep, Pass, Pick, Resolve
from .cards import CELLS_OF_MASK, FULL, NUMBER
from .scoring import _OPTIONS, shift

if TYPE_CHECKING:
    from .state import PlayerState

SETUP = "setup"  # the starting draft: keep 3 of 5
PLAY = "play"  # a number is revealed
DRAFT = "draft"  # after rounds 1-3: keep 1 of 3
OVER = "over"

_new = tuple.__new__
_ACTION_TYPES = frozenset((Keep, Pick, Cross, Pass, Resolve))


class Legality:
    """`legal_actions` and `check` for `GameState` (which provides players, phase, number)."""

    def legal_actions(self, player: int) -> list[Action]:
        """Every action the player may take now (empty when they have nothing to do)."""
        p = self.players[player]
        if p.done:
            return []
        phase = self.phase
        if phase == PLAY:
            if p.pending:
                return self._resolve_actions(player, p)
            return self._cross_actions(player, p)
        if phase == SETUP:
            return [_new(Keep, (player, combo)) for combo in combinations(p.hand, 3)]
        if phase == DRAFT:
            return [_new(Pick, (player, card)) for card in p.hand]
        return []

    def _cross_actions(self, player: int, p: PlayerState) -> list[Action]:
        n = self.number
        options = _OPTIONS[n]
        tokens = p.lightning if p.lightning < 8 else 8
        faces = self.faces
        out = []
        exact = False
        for card, mask in zip(p.cards, p.masks, strict=True):
            grid = faces[card].grid
            for cell in CELLS_OF_MASK[FULL ^ mask]:
                for lightning in options[grid[cell]][tokens]:
                    if not lightning:
                        exact = True
                    out.append(_new(Cross, (player, card, cell, lightning)))
        if not exact:
            out.append(_new(Pass, (player,)))
        return out

    def _resolve_actions(self, player: int, p: PlayerState) -> list[Action]:
        faces = self.faces
        out = []
        for card, line, index, bonus in p.pending:
            value = bonus[1] if bonus[0] == NUMBER else 0
            for target, mask in zip(p.cards, p.masks, strict=True):
                open_cells = FULL ^ mask
                if value:
                    open_cells &= faces[target].number_mask[value]
                for cell in CELLS_OF_MASK[open_cells]:
                    out.append(_new(Resolve, (player, card, line, index, target, cell)))
        return out

    # ---------------------------------------------------------------- checking

    def check(self, action: Any) -> str | None:
        """Why the action is illegal now, in words a person can read; None if it is legal."""
        kind = type(action)
        if kind not in _ACTION_TYPES:
            return "that is not an action"
        player = action[0]
        if type(player) is not int or not 0 <= player < len(self.players):
            return f"unknown player {player}"
        p = self.players[player]
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if kind is Cross or kind is Pass or kind is Resolve:
            if phase != PLAY:
                return f"player {player} must {'keep 3 cards' if phase == SETUP else 'pick a card'}"
            if p.done:
                return f"player {player} has already played number {self.number}"
            if kind is Resolve:
                return self._check_resolve(player, p, action)
            if p.pending:
                return f"player {player} must first resolve a pending bonus"
            if kind is Pass:
                if self.has_exact(player):
                    return (
                        f"player {player} cannot pass: an open square shows {self.number}"
                    )
                return None
            return self._check_cross(player, p, action)
        if kind is Keep:
            if phase != SETUP:
                return f"player {player} cannot keep cards now"
            if p.done:
                return f"player {player} has already kept their cards"
            cards = action.cards
            if type(cards) is not tuple or len(cards) != 3 or len(set(cards)) != 3:
                return f"player {player} must keep 3 different cards"
            missing = [c for c in cards if c not in p.hand]
            if missing:
                return f"player {player} did not draw card {missing[0]}"
            return None
        # Pick
        if phase != DRAFT:
            return f"player {player} cannot pick a card now"
        if p.done:
            return f"player {player} has already picked a card"
        if action.card not in p.hand:
            return f"player {player} did not draw card {action.card}"
        return None

    def _check_square(self, player: int, p: PlayerState, card: Any, cell: Any) -> str | None:
        if type(cell) is not int or not 0 <= cell <= 8:
            return f"cell {cell} is not a square (0-8)"
        mask = p.mask_of(card)
        if mask is None:
            return f"player {player} has no card {card}"
        if mask >> cell & 1:
            return f"player {player} has already crossed cell {cell} on card {card}"
        return None

    def _check_cross(self, player: int, p: PlayerState, action: Cross) -> str | None:
        _, card, cell, lightning = action
        if type(lightning) is not int:
            return "lightning must be a whole number"
        spent = abs(lightning)
        if spent > 8:
            return "spending more than 8 Lightning only goes round the clock"
        if spent > p.lightning:
            return f"player {player} has {p.lightning} Lightning, not {spent}"
        reason = self._check_square(player, p, card, cell)
        if reason:
            return reason
        target = shift(self.number, lightning)
        if self.faces[card].grid[cell] != target:
            return f"player {player} has no open square showing {target} on card {card}"
        return None

    def _check_resolve(self, player: int, p: PlayerState, action: Resolve) -> str | None:
        _, card, line, index, target, cell = action
        pend = next(
            (x for x in p.pending if x.card == card and x.line == line and x.index == index), None
        )
        if pend is None:
            return f"player {player} has no pending bonus on card {card} {line} {index}"
        reason = self._check_square(player, p, target, cell)
        if reason:
            return reason
        if pend.bonus[0] == NUMBER and self.faces[target].grid[cell] != pend.bonus[1]:
            return f"player {player} has no open square showing {pend.bonus[1]} on card {target}"
        return None
