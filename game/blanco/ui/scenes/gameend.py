"""The end of a Blanco game: who won, every player's cards left and turns, celebrated
(celebration.py: confetti, the rows coming in, the winner's in gold); play again or back to
the title."""

from __future__ import annotations

import pygame

from game.blanco.rules.state import blanco_state
from game.core.i18n import t, tn
from game.core.seat_names import spoken_to
from game.core.ui import gfx
from game.core.ui.paint import INK, WHITE, YELLOW, draw_panel
from game.core.ui.scene import parts_moving
from game.core.ui.shells.gameend import GameEndShell

from .celebration import GOLD, Confetti, row_shown, settled

PANEL = pygame.FRect(240, 170, 800, 420)


class GameEndScene(GameEndShell):
    """Widgets: "again" (same seats, next seed) and "title". A replay gives its own two
    buttons instead: `again` and `back`, each (label, action)."""

    game_id = "blanco"

    @property
    def confetti(self) -> Confetti:
        made = getattr(self, "_confetti", None)
        if made is None:
            made = self._confetti = Confetti(self.session.seed)
        return made

    def needs_redraw(self) -> bool:
        rows = len(blanco_state(self.session.state).players)
        return self.time < settled(rows) or parts_moving(self)  # the celebration, then rest

    def redraw_key(self) -> object:
        return self.time >= settled(len(blanco_state(self.session.state).players))

    def headline(self) -> str:
        state = blanco_state(self.session.state)
        if state.winner is None:
            return t("blanco.end.over", "Game over")
        if len(self.session.seats) == 1:
            return tn(
                "blanco.end.solo",
                state.players[0].turns,
                "Solo: cleared in {count} turn",
                "Solo: cleared in {count} turns",
            )
        return t("blanco.end.wins", "{name} wins!", name=self.session.name_of(state.winner))

    def panel(self) -> pygame.FRect:
        """The results panel, as tall as its rows (and the same-deal line): a fixed one left
        two players' rows above a large empty box."""
        rows = len(blanco_state(self.session.state).players)
        h = 96 + rows * 60 + (60 if self.challenge_line() else 10)
        room = self.results_bottom() - 8 - PANEL.y  # (its shadow is 8 px)
        return pygame.FRect(PANEL.x, PANEL.y, PANEL.w, min(PANEL.h, room, max(220, h)))

    def draw_results(self, surface: pygame.Surface) -> None:
        panel = self.panel()
        text = self.ctx.text
        headline = self.headline()
        text.blit_centered(
            surface,
            headline,
            text.fit_size(headline, 72, 1220),
            YELLOW,
            (640, 90),
            outline=INK,
            px=5,
            shadow=6,
        )
        draw_panel(surface, panel, colour=(30, 80, 76), radius=22, border=4, shadow=8)
        state = blanco_state(self.session.state)
        text.blit_centered(
            surface, t("blanco.end.player", "Player"), 28, WHITE, (PANEL.x + 220, PANEL.y + 36)
        )
        text.blit_centered(
            surface,
            t("blanco.end.cards_left", "Cards left"),
            28,
            WHITE,
            (PANEL.x + 500, PANEL.y + 36),
        )
        text.blit_centered(
            surface, t("blanco.end.turns", "Turns"), 28, WHITE, (PANEL.x + 680, PANEL.y + 36)
        )
        order = sorted(range(len(state.players)), key=lambda i: state.players[i].cards_left)
        for row, seat in enumerate(order):
            come = row_shown(row, self.time)
            if come <= 0:
                continue
            p = state.players[seat]
            y = PANEL.y + 96 + row * 60
            dx = -60 * (1 - come) ** 2  # each row slides in from the left
            colour = YELLOW if seat == state.winner else WHITE
            if seat == state.winner:  # the winner's row on gold
                band = pygame.FRect(PANEL.x + 24 + dx, y - 24, PANEL.w - 48, 48)
                glow = gfx.Surface((round(band.w), round(band.h)), pygame.SRCALPHA)
                gfx.rect(glow, (*GOLD, 70), glow.get_rect(), border_radius=14)
                surface.blit(glow, band.topleft)
                gfx.rect(surface, GOLD, band, 3, border_radius=14)
            text.blit_centered(
                surface,
                self.session.name_of(seat),
                34,
                colour,
                (PANEL.x + 220 + dx, y),
                outline=INK,
                px=2,
            )
            text.blit_centered(
                surface, str(p.cards_left), 34, colour, (PANEL.x + 500 + dx, y), outline=INK, px=2
            )
            text.blit_centered(
                surface, str(p.turns), 34, colour, (PANEL.x + 680 + dx, y), outline=INK, px=2
            )
        self.confetti.draw(surface, self.time, gfx.view(surface))
        line = self.challenge_line()
        if line:
            size = text.fit_size(line, 26, PANEL.w - 40)
            text.blit_centered(
                surface, line, size, YELLOW, (panel.centerx, panel.bottom - 30), outline=INK, px=2
            )

    def challenge_line(self) -> str:
        """Played the same deal as a kept game: how that game went, to compare."""
        challenge = self.session.challenge
        if not challenge:
            return ""
        names, totals = challenge["names"], challenge["totals"]
        if spoken_to(names[0], len(names)):  # the daily deal's "You"
            return t(
                "blanco.end.same_deal_solo_you",
                "Same deal as {source}: you took {turns} turns.",
                source=challenge["source"],
                turns=totals[0],
            )
        if len(names) == 1:
            return t(
                "blanco.end.same_deal_solo",
                "Same deal as {source}: {name} took {turns} turns.",
                source=challenge["source"],
                name=names[0],
                turns=totals[0],
            )
        best = min(range(len(names)), key=lambda i: totals[i])
        return t(
            "blanco.end.same_deal",
            "Same deal as {source}: {name} won that one.",
            source=challenge["source"],
            name=names[best],
        )
