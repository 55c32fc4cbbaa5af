"""The scoring reference, over the table: card points per round (this round lit), stars, the
incomplete cards, and the moon rule for this game's player count. Esc, S, a click outside or
Close puts it away."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import lt, t
from game.core.ui.scene import UIScene
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import CYAN, INK, WHITE, YELLOW, dim, draw_panel
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules.scoring import (
    CARD_POINTS,
    MAX_STARS,
    SOLO_MOON_POINTS,
    STAR_POINTS,
)
from game.luckybox.ui.tips import moon_rule, signed

if TYPE_CHECKING:
    from game.core.ui.context import Context

PANEL = pygame.FRect(190, 60, 900, 600)
HEAD = (206, 190, 240)
CELL = (74, 40, 128)


class ScoringScene(UIScene):
    """Overlay. Widget "close"."""

    opaque = False

    def __init__(self, ctx: Context, players: int, round_no: int = 1) -> None:
        super().__init__(ctx)
        self.players = players
        self.round = round_no
        self.add(
            "close",
            Button(
                (PANEL.centerx - 110, PANEL.bottom - 78, 220, 58),
                lt("luckybox.scoring.close", "Close"),
                self.close,
                key=(pygame.K_ESCAPE, pygame.K_s, pygame.K_RETURN),
                colour=CYAN,
                text_size=32,
            ),
        )

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dispatch(event):
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and not PANEL.collidepoint(getattr(event, "pos", (0, 0)))
        ):
            self.close()

    def _heading(self, surface: pygame.Surface, line: str, y: float) -> None:
        self.ctx.text.blit_centered(
            surface, line, 26, YELLOW, (PANEL.centerx, y + 10), outline=INK, px=2
        )

    def moon_lines(self) -> list[str]:
        """The moon rule as shown (tests read it): a line, and for solo its table."""
        return [moon_rule(self.players)]

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        text = ctx.text
        dim(surface, 170)
        draw_panel(surface, PANEL, colour=(60, 30, 110), radius=24, border=5, shadow=10)
        text.blit_centered(
            surface,
            t("luckybox.scoring.title", "Scoring"),
            52,
            YELLOW,
            (PANEL.centerx, PANEL.y + 42),
            outline=INK,
            px=4,
            shadow=3,
        )
        x0 = PANEL.x + 40
        y = PANEL.y + 92
        # Completed cards, round by round.
        self._heading(
            surface, t("luckybox.scoring.cards", "Each completed card, at the end of the round"), y
        )
        y += 30
        cell_w = (PANEL.w - 80) / len(CARD_POINTS)
        for r, points in enumerate(CARD_POINTS):
            box = pygame.FRect(x0 + r * cell_w + 4, y, cell_w - 8, 58)
            now = r + 1 == self.round
            gfx.rect(surface, (120, 70, 30) if now else CELL, box, border_radius=10)
            if now:
                gfx.rect(surface, YELLOW, box, 3, border_radius=10)
            text.blit_centered(
                surface,
                t("luckybox.scoring.round", "Round {n}", n=r + 1),
                20,
                YELLOW if now else HEAD,
                (box.centerx, box.y + 15),
            )
            text.blit_centered(
                surface,
                t("luckybox.scoring.points", "{n} points", n=points),
                28,
                WHITE,
                (box.centerx, box.y + 40),
                outline=INK,
                px=2,
            )
        y += 76
        # Stars.
        self._heading(
            surface,
            t("luckybox.scoring.stars", "Stars of each round (at most {cap} count)", cap=MAX_STARS),
            y,
        )
        y += 30
        star = ctx.assets.get("star_slot_filled", (30, 30))
        cell_w = (PANEL.w - 80) / MAX_STARS
        for n in range(1, MAX_STARS + 1):
            box = pygame.FRect(x0 + (n - 1) * cell_w + 4, y, cell_w - 8, 46)
            gfx.rect(surface, CELL, box, border_radius=10)
            left = box.centerx - 20 - n * 17
            for s in range(n):
                surface.blit(star, star.get_rect(center=(round(left + s * 34), round(box.centery))))
            text.blit_centered(
                surface,
                f"= {STAR_POINTS[n]}",
                30,
                WHITE,
                (box.centerx + 60, box.centery),
                outline=INK,
                px=2,
            )
        y += 64
        # The end of the game.
        self._heading(surface, t("luckybox.scoring.end", "At the end of the game"), y)
        y += 32
        lines = [
            t(
                "luckybox.scoring.incomplete",
                "Incomplete cards: their crossed squares, halved (rounded down).",
            )
        ]
        lines += self.moon_lines()
        for line in lines:
            for part in text.wrap(line, 24, PANEL.w - 90):
                surface.blit(text.render(part, 24, WHITE), (x0 + 6, y))
                y += 28
            y += 4
        if self.players == 1:  # the solo moon table, as a row of cells
            y += 4
            cell_w = (PANEL.w - 80) / len(SOLO_MOON_POINTS)
            last = len(SOLO_MOON_POINTS) - 1
            for n, points in enumerate(SOLO_MOON_POINTS):
                box = pygame.FRect(x0 + n * cell_w + 3, y, cell_w - 6, 52)
                gfx.rect(surface, CELL, box, border_radius=8)
                label = f"{n}+" if n == last else str(n)
                moon = ctx.assets.get("token_moon", (20, 20))
                where = text.blit_centered(surface, label, 22, HEAD, (box.centerx + 12, box.y + 15))
                surface.blit(moon, moon.get_rect(midright=(where.left - 4, where.centery)))
                colour = (120, 240, 140) if points > 0 else (255, 130, 130) if points < 0 else WHITE
                text.blit_centered(
                    surface,
                    signed(points),
                    26,
                    colour,
                    (box.centerx, box.y + 36),
                    outline=INK,
                    px=2,
                )
        else:
            total = t(
                "luckybox.scoring.mega_total",
                "Mega Total: completed cards + stars + incomplete cards + moons. The "
                "highest wins; a tie goes to the most moons.",
            )
            for part in text.wrap(total, 24, PANEL.w - 90):
                surface.blit(text.render(part, 24, WHITE), (x0 + 6, y))
                y += 28
            mode = t("luckybox.scoring.players", "This game: {n} players.", n=self.players)
            surface.blit(text.render(mode, 22, HEAD), (x0 + 6, y + 8))
        self.buttons["close"].label = t("luckybox.scoring.close", "Close")
        self.draw_widgets(surface)
