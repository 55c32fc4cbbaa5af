"""End of a round: each scorecard fills in (completed cards, stars), then play goes on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.session import Session
from game.core.ui.widgets import GREEN, INK, WHITE, YELLOW, Button, UIScene, dim, draw_panel

PANEL = pygame.FRect(140, 50, 1000, 620)
ROW_DELAY = 0.3  # seconds between rows filling in
AUTO_CONTINUE = 3.5  # demo mode: seconds before moving on


class RoundEndScene(UIScene):
    """An overlay over the table; widget "continue" (Enter/Space) closes it."""

    opaque = False

    def __init__(self, ctx: Any, session: Session, round_no: int,
                 on_close: Callable[[], None], demo: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.round = round_no
        self.on_close = on_close
        self.demo = demo
        self.add("continue", Button((PANEL.centerx - 150, PANEL.bottom - 90, 300, 70),
                                    "Continue", self.close,
                                    key=(pygame.K_RETURN, pygame.K_SPACE), colour=GREEN,
                                    text_size=38))

    def close(self) -> None:
        self.ctx.stack.pop()
        self.on_close()

    def update(self, dt: float) -> None:
        super().update(self.ctx.anim_dt(dt))
        if self.demo and self.time > AUTO_CONTINUE:
            self.close()

    def rows(self) -> list[tuple[str, int, int, int, int, int]]:
        r = self.round - 1
        out = []
        for seat, p in zip(self.session.seats, self.session.state.players, strict=True):
            so_far = sum(p.card_points[: r + 1]) + sum(p.star_points[: r + 1])
            out.append((seat.name, len(p.completed[r]), p.card_points[r], p.stars[r],
                        p.star_points[r], so_far))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        dim(surface, 160)
        draw_panel(surface, PANEL, colour=(60, 30, 110), radius=26, border=5, shadow=10)
        ctx.text.blit_centered(surface, f"End of round {self.round}", 60, YELLOW,
                               (PANEL.centerx, PANEL.y + 48), outline=INK, px=4, shadow=4)
        rows = self.rows()
        top = PANEL.y + 110
        height = min(40, (PANEL.h - 230) / max(1, len(rows)))
        size = max(16, int(height * 0.7))
        cols = (PANEL.x + 150, PANEL.x + 400, PANEL.x + 600, PANEL.x + 850)
        for x, title in zip(cols, ("Player", "Cards", "Stars", "Total"), strict=True):
            ctx.text.blit_centered(surface, title, 26, (200, 190, 255), (x, top))
        star = ctx.assets.get("star_slot_filled", (size, size))
        empty = ctx.assets.get("star_slot_empty", (size, size))
        for i, (name, count, card_pts, stars, star_pts, total) in enumerate(rows):
            shown = min(1.0, max(0.0, (self.time - i * ROW_DELAY) / ROW_DELAY))
            if shown <= 0:
                continue
            y = top + 36 + i * height
            ctx.text.blit_centered(surface, name, size, WHITE, (cols[0], y))
            cards = f"{count} card{'' if count == 1 else 's'} = {round(card_pts * shown)}"
            ctx.text.blit_centered(surface, cards, size,
                                   YELLOW, (cols[1], y))
            for s in range(3):
                img = star if s < stars else empty
                surface.blit(img, img.get_rect(center=(cols[2] - 70 + s * (size + 6), y)))
            ctx.text.blit_centered(surface, f"+{star_pts}", size, YELLOW, (cols[2] + 40, y))
            ctx.text.blit_centered(surface, str(total), size + 4, WHITE, (cols[3], y),
                                   outline=INK, px=2)
        self.draw_widgets(surface)
