"""The end of a Blanco game: who won, every player's final grid (endgrids.py: the winner's
cleared), cards left and turns, celebrated (celebration.py: confetti, the rows coming in, the
winner's in gold); play again or back to the title."""

from __future__ import annotations

import pygame

from game.blanco.rules.state import blanco_state
from game.core.i18n import t, tn
from game.core.seat_names import spoken_to
from game.core.ui.scene import parts_moving
from game.core.ui.screens.gameend import GameEndScreen
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel

from ..cardview import CardArt
from .celebration import GOLD, Confetti, row_shown, settled
from .endgrids import draw_grid, end_view

PANEL = pygame.FRect(240, 150, 800, 450)
HEAD = 64  # px from the panel's top to its first row (the columns' titles)
ROW_H = (52, 110)  # a row's height, px: as tall as the room allows, within these
GRID_W = 150  # the final grid's picture's width, at the row's left
NAME_X, NAME_W, LEFT_X, TURNS_X = 330, 250, 560, 700  # the columns (from the panel's left)


class GameEndScene(GameEndScreen):
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

    @property
    def art(self) -> CardArt:
        made = getattr(self, "_art", None)
        if made is None:
            made = self._art = CardArt(self.ctx.text)
        return made

    def _room(self) -> tuple[int, float, float]:
        """(rows, the space under the panel's titles, the same-deal line's share of it)."""
        rows = len(blanco_state(self.session.state).players)
        room = self.results_bottom() - 8 - PANEL.y - HEAD  # (its shadow is 8 px)
        return rows, room, 60 if self.challenge_line() else 14

    def row_height(self) -> float:
        rows, room, tail = self._room()
        return max(ROW_H[0], min(ROW_H[1], (room - tail) / rows))

    def panel(self) -> pygame.FRect:
        """The results panel, as tall as its rows (and the same-deal line): the rows grow
        with the room (the grids' pictures with them), never past the buttons."""
        rows, room, tail = self._room()
        h = HEAD + rows * self.row_height() + tail
        return pygame.FRect(PANEL.x, PANEL.y, PANEL.w, min(HEAD + room, max(200, h)))

    def row_rect(self, row: int) -> pygame.FRect:
        """Row `row`'s band (0: the winner's) as it stands once it has come in."""
        rh = self.row_height()
        return pygame.FRect(PANEL.x + 24, PANEL.y + HEAD + row * rh, PANEL.w - 48, rh - 6)

    def grid_box(self, row: int) -> pygame.FRect:
        """Where row `row`'s final grid is drawn: at its left, clear of the name's column."""
        band = self.row_rect(row)
        return pygame.FRect(band.x + 10, band.y + 4, GRID_W, band.h - 8)

    def order(self) -> list[int]:
        """The seats, one a row: fewest cards left first (the winner's)."""
        players = blanco_state(self.session.state).players
        return sorted(range(len(players)), key=lambda i: players[i].cards_left)

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
        seen = getattr(self, "_seen", None)
        if seen is None:  # the grids as the viewing seat may see them (the game is over)
            seen = self._seen = end_view(self.session)
        head_y = PANEL.y + 34
        for words, x, w in (
            (t("blanco.end.player", "Player"), NAME_X, NAME_W),
            (t("blanco.end.cards_left", "Cards left"), LEFT_X, 200),
            (t("blanco.end.turns", "Turns"), TURNS_X, 110),
        ):
            size = text.fit_size(words, 28, w)
            text.blit_centered(surface, words, size, WHITE, (PANEL.x + x, head_y))
        for row, seat in enumerate(self.order()):
            come = row_shown(row, self.time)
            if come <= 0:
                continue
            p = state.players[seat]
            dx = -60 * (1 - come) ** 2  # each row slides in from the left
            band = self.row_rect(row).move(dx, 0)
            y = band.centery
            colour = YELLOW if seat == state.winner else WHITE
            if seat == state.winner:  # the winner's row on gold
                glow = gfx.Surface((round(band.w), round(band.h)), pygame.SRCALPHA)
                gfx.rect(glow, (*GOLD, 70), glow.get_rect(), border_radius=14)
                surface.blit(glow, band.topleft)
                gfx.rect(surface, GOLD, band, 3, border_radius=14)
            draw_grid(surface, self.art, seen.players[seat], self.grid_box(row), dx)
            name = self.session.name_of(seat)
            text.blit_centered(
                surface,
                name,
                text.fit_size(name, 34, NAME_W),
                colour,
                (PANEL.x + NAME_X + dx, y),
                outline=INK,
                px=2,
            )
            for number, x in ((p.cards_left, LEFT_X), (p.turns, TURNS_X)):
                text.blit_centered(
                    surface, str(number), 34, colour, (PANEL.x + x + dx, y), outline=INK, px=2
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
