"""High card's table kit, a core `SeatsKit`: each seat's place is its card. Everything else
(set-up, turns, computers, saving, records, the end, replays, online) is core's."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.table.seats_kit import SeatsKit
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import CYAN, INK, PAPER

from ..rules.game import Dealt, HighCardState, Kept, Shown, Swap, Swapped, Undone


class ShownCards:
    """The cards as this table has shown them so far (the engine's events applied in turn)."""

    def __init__(self, seats: int) -> None:
        self.cards = [0] * seats
        self.choices = [""] * seats  # "Kept", "Swapped" or "" (not chosen yet)
        self.winner: int | None = None

    def reset_to(self, state: HighCardState) -> None:
        """Show a seat's view as it stands (an online table's, as a fresh one arrives)."""
        self.cards = list(state.cards)
        self.choices = ["Swapped" if isinstance(a, Swap) else "Kept" for a in state.actions]
        self.choices += [""] * (len(state.names) - len(state.actions))
        self.winner = state.winner() if state.shown else None

    def apply(self, event: Any) -> None:
        if isinstance(event, (Dealt, Swapped)):
            self.cards[event.player] = event.card
        if isinstance(event, (Kept, Swapped, Undone)):
            self.choices[event.player] = {Kept: "Kept", Swapped: "Swapped"}.get(type(event), "")
        if isinstance(event, Shown):
            self.cards, self.winner = list(event.cards), event.winner


class HighCardKit(SeatsKit[HighCardState, ShownCards]):
    """Each seat's place is its card: its number, or its back while this screen may not see
    it; the seat's choice under it."""

    game_over_event = Shown

    def shown_board(self, state: HighCardState, source: HighCardState | None = None) -> ShownCards:
        return ShownCards(len(state.names))

    def shown_view(self, state: HighCardState) -> ShownCards:
        shown = ShownCards(len(state.names))
        shown.reset_to(state)
        return shown

    def draw_seat(
        self, surface: pygame.Surface, seat: int, rect: pygame.FRect, face_up: bool
    ) -> None:
        seen, text = self.port.seen, self.port.ctx.text
        card = seen.cards[seat] if face_up else 0
        gfx.rect(surface, INK, rect, border_radius=14)
        face = rect.inflate(-10, -10)
        if card:
            gfx.rect(surface, PAPER, face, border_radius=10)
            text.blit_centered(surface, str(card), 88, INK, face.center)
        else:  # its back
            gfx.rect(surface, (70, 50, 150), face, border_radius=10)
            gfx.rect(surface, (120, 100, 210), face.inflate(-24, -24), 4, border_radius=8)
        if seen.choices[seat]:
            at = (rect.centerx, rect.bottom + 64)
            text.blit_centered(surface, seen.choices[seat], 26, CYAN, at, outline=INK, px=2)
