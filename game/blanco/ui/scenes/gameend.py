"""The end of a Blanco game: who won, every player's cards left and turns; play again or
back to the title."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Session
from game.core.ui.widgets import (
    CYAN,
    GREEN,
    INK,
    WHITE,
    YELLOW,
    Button,
    UIScene,
    draw_backdrop,
    draw_panel,
)

AUTO_EXIT = 4.0  # seconds (at speed 1) before a demo that should exit does
PANEL = pygame.FRect(240, 170, 800, 420)


class GameEndScene(UIScene):
    """Widgets: "again" (same seats, next seed) and "title"."""

    def __init__(self, ctx: Any, session: Session, demo: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.demo = demo
        self.add("again", Button((360, 620, 260, 70), "Play again", self.play_again,
                                 key=pygame.K_RETURN, colour=GREEN, text_size=36))
        self.add("title", Button((660, 620, 260, 70), "Title", self.to_title,
                                 key=pygame.K_ESCAPE, colour=CYAN, text_size=36))

    def enter(self) -> None:
        self.ctx.play("victory")

    def play_again(self) -> None:
        session = self.session
        self.ctx.nav.make("blanco.start_game", seats=session.seats, seed=session.seed + 1)

    def to_title(self) -> None:
        self.ctx.nav.clear_to("title")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.demo and self.time > AUTO_EXIT / max(0.25, self.ctx.settings.animation_speed):
            self.ctx.stack.clear()

    def headline(self) -> str:
        state = self.session.state
        if state.winner is None:
            return "Game over"
        if len(self.session.seats) == 1:
            return f"Solo: cleared in {state.players[0].turns} turns"
        return f"{self.session.seats[state.winner].name} wins!"

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        text.blit_centered(surface, self.headline(), 72, YELLOW, (640, 90), outline=INK, px=5,
                           shadow=6)
        draw_panel(surface, PANEL, colour=(30, 80, 76), radius=22, border=4, shadow=8)
        state = self.session.state
        text.blit_centered(surface, "Player", 28, WHITE, (PANEL.x + 220, PANEL.y + 36))
        text.blit_centered(surface, "Cards left", 28, WHITE, (PANEL.x + 500, PANEL.y + 36))
        text.blit_centered(surface, "Turns", 28, WHITE, (PANEL.x + 680, PANEL.y + 36))
        order = sorted(range(len(state.players)), key=lambda i: state.players[i].cards_left)
        for row, seat in enumerate(order):
            p = state.players[seat]
            y = PANEL.y + 96 + row * 60
            colour = YELLOW if seat == state.winner else WHITE
            text.blit_centered(surface, self.session.seats[seat].name, 34, colour,
                               (PANEL.x + 220, y), outline=INK, px=2)
            text.blit_centered(surface, str(p.cards_left), 34, colour, (PANEL.x + 500, y),
                               outline=INK, px=2)
            text.blit_centered(surface, str(p.turns), 34, colour, (PANEL.x + 680, y),
                               outline=INK, px=2)
        self.draw_widgets(surface)
