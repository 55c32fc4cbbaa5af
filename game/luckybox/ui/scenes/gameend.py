"""The end of the game: each player's score as a picture, the winner, the solo rating."""

from __future__ import annotations

from collections.abc import Callable
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
from game.luckybox.rules.state import solo_rating

CATEGORIES = (  # (label, colour)
    ("Cards", (236, 64, 122)),
    ("Stars", (255, 196, 40)),
    ("Incomplete", (120, 220, 200)),
    ("Moons", (110, 120, 255)),
)
NEGATIVE = (230, 60, 60)
CHART = pygame.FRect(60, 150, 1160, 440)
GROW_TIME = 1.2
AUTO_EXIT = 4.0
COMPARE_W = 190  # the right-hand column comparing with the record of the same deal


def breakdown(session: Session, seat: int) -> tuple[int, int, int, int]:
    p = session.state.players[seat]
    return sum(p.card_points), sum(p.star_points), p.incomplete, p.moon_points


class GameEndScene(UIScene):
    """Opaque. Widgets: "again" (same seats, next seed) and "title"."""

    def __init__(self, ctx: Any, session: Session, demo: bool = False,
                 again: tuple[str, Callable[[], None]] | None = None,
                 back: tuple[str, Callable[[], None]] | None = None) -> None:
        """`again` and `back` replace the two buttons (label, action): a replay offers
        "Watch again" and "Replays"."""
        super().__init__(ctx)
        self.session = session
        self.demo = demo
        again_label, again_action = again or ("Play again", self.play_again)
        back_label, back_action = back or ("Title", self.to_title)
        self.add("again", Button((360, 620, 260, 70), again_label, again_action,
                                 key=pygame.K_RETURN, colour=GREEN, text_size=36))
        self.add("title", Button((660, 620, 260, 70), back_label, back_action,
                                 key=pygame.K_ESCAPE, colour=CYAN, text_size=36))

    def enter(self) -> None:
        self.ctx.play("victory")

    def play_again(self) -> None:
        session = self.session
        if session.challenge is not None:  # the same deal once more, the same comparison
            self.ctx.nav.make("start_game", seats=session.seats, seed=session.seed,
                              deal=session.state.deal, options=session.state.options,
                              challenge=session.challenge)
            return
        self.ctx.nav.make("start_game", seats=session.seats, seed=session.seed + 1)

    def to_title(self) -> None:
        self.ctx.nav.clear_to("title")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.demo and self.time > AUTO_EXIT / max(0.25, self.ctx.settings.animation_speed):
            self.ctx.stack.clear()

    def _draw_versus(self, surface: pygame.Surface, challenge: dict, seat: int, total: int,
                     cy: float, row_h: float) -> None:
        """The record's score for this seat and how far ahead or behind this game is."""
        theirs = challenge["totals"][seat]
        diff = total - theirs
        sign = "+" if diff > 0 else ""
        colour = (120, 240, 140) if diff > 0 else (255, 130, 130) if diff < 0 else WHITE
        size = int(min(26, row_h * 0.5))
        x = CHART.right - COMPARE_W
        name = challenge["names"][seat]
        label = f"{name}: {theirs}" if name != self.session.seats[seat].name else f"was {theirs}"
        self.ctx.text.blit_centered(surface, label, size, WHITE, (x + 60, cy))
        self.ctx.text.blit_centered(surface, f"{sign}{diff}", size + 4, colour, (x + 150, cy),
                                    outline=INK, px=2)

    def headline(self) -> str:
        state = self.session.state
        names = [self.session.seats[w].name for w in state.winners()]
        if len(self.session.seats) == 1:
            return f"Mega Total: {state.players[0].total}"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return "Shared win: " + " & ".join(names)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        state = self.session.state
        ctx.text.blit_centered(surface, self.headline(), 72, YELLOW, (640, 60), outline=INK,
                               px=5, shadow=5)
        if len(self.session.seats) == 1:
            rating = solo_rating(state.players[0].total)
            ctx.text.blit_centered(surface, rating, 36, WHITE, (640, 118), outline=INK, px=3)
        draw_panel(surface, CHART, colour=(50, 26, 96), radius=20, border=4, shadow=8)
        seats = len(self.session.seats)
        grow = min(1.0, self.time / GROW_TIME)
        values = [breakdown(self.session, s) for s in range(seats)]
        most = max(1, max(sum(max(0, v) for v in row) for row in values))
        least = min(0, min(row[3] for row in values))
        name_w = 170
        challenge = self.session.challenge
        span = CHART.w - name_w - 140 - (COMPARE_W if challenge is not None else 0)
        zero_x = CHART.x + name_w + 20 + (-least) * span / (most - least)
        scale = span / (most - least)
        row_h = min(56, (CHART.h - 70) / seats)
        winners = set(state.winners())
        if challenge is not None:  # in the legend's row, right-aligned
            line = f"Same deal as {challenge.get('source') or 'the record'}"
            size = ctx.text.fit_size(line, 22, 440)
            img = ctx.text.render(line, size, (206, 190, 240))
            surface.blit(img, (CHART.right - 24 - img.get_width(), CHART.bottom - 33))
        for seat, row in enumerate(values):
            y = CHART.y + 20 + seat * row_h
            bar_h = max(8, row_h * 0.62)
            name = self.session.seats[seat].name
            colour = YELLOW if seat in winners else WHITE
            size = ctx.text.fit_size(name, int(min(30, row_h * 0.6)), name_w)
            ctx.text.blit_centered(surface, name, size, colour, (CHART.x + 20 + name_w / 2,
                                                                 y + bar_h / 2))
            x = zero_x
            for (_label, fill), value in zip(CATEGORIES, row, strict=True):
                if value <= 0:
                    continue
                w = value * scale * grow
                pygame.draw.rect(surface, fill, (x, y, w, bar_h), border_radius=6)
                if w > 40 and bar_h > 18:
                    ctx.text.blit_centered(surface, str(value), int(bar_h * 0.6), INK,
                                           (x + w / 2, y + bar_h / 2))
                x += w
            if row[3] < 0:
                w = -row[3] * scale * grow
                pygame.draw.rect(surface, NEGATIVE, (zero_x - w, y, w, bar_h), border_radius=6)
                if w > 30 and bar_h > 18:
                    ctx.text.blit_centered(surface, str(row[3]), int(bar_h * 0.6), INK,
                                           (zero_x - w / 2, y + bar_h / 2))
            total = sum(row)
            ctx.text.blit_centered(surface, str(round(total * grow)), int(min(34, row_h * 0.7)),
                                   colour, (x + 36, y + bar_h / 2), outline=INK, px=2)
            if challenge is not None:
                self._draw_versus(surface, challenge, seat, total, y + bar_h / 2, row_h)
        # The legend.
        lx = CHART.x + 40
        for label, fill in (*CATEGORIES, ("Moon penalty", NEGATIVE)):
            pygame.draw.rect(surface, fill, (lx, CHART.bottom - 36, 22, 22), border_radius=5)
            img = ctx.text.render(label, 24, WHITE)
            surface.blit(img, (lx + 28, CHART.bottom - 34))
            lx += 60 + img.get_width()
        self.draw_widgets(surface)
