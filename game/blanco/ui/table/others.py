"""The other players' grids on Blanco's table, small (face-up cards, backs, who looked where,
their counts), or the solo challenge's panel when there are none; and `Forward`, the seat whose
turn is brought forward, drawn over the log panel it reaches (spotlight.py)."""

from __future__ import annotations

import pygame

from game.core.i18n import language, t, tn
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel

from . import geometry as geo
from .parts import PANEL, BlancoPart, kept_area, seat_title
from .port import BlancoLook, BlancoPort
from .spotlight import spot_rect, spotlit


class Others(BlancoPart):
    """The other players' grids, small: face-up cards, backs, who looked where, counts."""

    def __init__(self, port: BlancoPort, look: BlancoLook) -> None:
        super().__init__(port, look)
        #: Each seat's panel as last drawn: (what it was drawn from, its pixels).
        self._kept: dict[int, tuple[tuple, pygame.Surface, bool]] = {}

    def forget_kept(self) -> None:
        super().forget_kept()  # (the solo challenge's panel)
        self._kept.clear()

    def seats(self) -> list[int]:
        return [i for i in range(len(self.port.seen.players)) if i != self.port.focus]

    def panels(self) -> dict[int, pygame.FRect]:
        """Each other seat's panel; the one whose turn is shown brought forward (spotlight.py)."""
        geometry = self.look.geometry
        panels = geometry.other_panels(self.seats())
        seat = spotlit(self.port)
        if seat in panels:
            log_top = geometry.log_area(len(panels)).y
            panels[seat] = spot_rect(geometry.others, geometry.spot_top(), log_top)
        return panels

    def rects(self, seat: int) -> dict[tuple[int, int], pygame.FRect]:
        panel = self.panels().get(seat)
        if panel is None:
            return {}
        p = self.port.seen.players[seat]
        return geo.mini_grid(panel, p.rows, p.cols)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.seats():
            self._solo(surface)
            return
        forward = spotlit(self.port)
        for seat, panel in self.panels().items():
            if seat != forward:  # (the one brought forward: `Forward`, over the log panel)
                self._draw_seat(surface, seat, panel)

    def draw_forward(self, surface: pygame.Surface) -> None:
        """The panel brought forward (spotlight.py), if any: drawn by `Forward`, after the
        right column's log panel, which it reaches over."""
        forward = spotlit(self.port)
        panel = self.panels().get(forward) if forward is not None else None
        if forward is not None and panel is not None:
            self._draw_seat(surface, forward, panel)

    def _draw_seat(self, surface: pygame.Surface, seat: int, panel: pygame.FRect) -> None:
        """One seat's panel. It changes a few times a turn but is drawn every frame (forty-odd
        blits and eight texts a seat), so the drawn pixels are kept with everything they were
        drawn from and blitted back while that stays the same. They were drawn over the static
        layer alone: no part before this one draws in the right column."""
        port, text = self.port, self.ctx.text
        seen = port.seen
        acting = seen.acting == seat
        p = seen.players[seat]
        seat_info = port.session.seats[seat]
        hidden = frozenset(h for h in self.look.hidden if h[:2] == ("cell", seat))
        standing = self.look.match.seat_words(seat) if self.look.match is not None else ""
        # Everything the panel is drawn from (cell_face reads the viewer and the memory aid).
        key = (
            tuple(panel),
            acting,
            port.panel_name(seat),  # its name as shown (language, and away or here)
            standing,
            seat_info.kind,
            p.key(),
            seen.gaps.get(seat),
            hidden,
            self.look.viewer == seat,
            self.look.memory_aid,
            language(),
            text.scale,
            surface.get_size(),
            gfx.render_scale(),
        )
        area = pygame.Rect(panel).union(pygame.Rect(panel).move(1, 3)).clip(gfx.view(surface))
        kept = self._kept.get(seat)
        if kept is not None and kept[0] == key:
            surface.blit(kept[1], area.topleft)
            if kept[2]:  # a looked-at face shown to its owner, as draw_cell notes it
                self.look.private_drawn.add(seat)
            return
        name = seat_title(seat_info, port.panel_name(seat))
        cells = [
            (at, rect)
            for at, rect in geo.mini_grid(panel, p.rows, p.cols).items()
            if not (seen.in_gap(seat, at) or ("cell", seat, *at) in self.look.hidden)
        ]
        left = p.cards_left
        lines = (
            t("blanco.table.mini_hand", "hand {n}", n=len(p.hand)),
            tn("blanco.table.mini_left", left, "{count} card left", "{count} cards left"),
            t("blanco.table.mini_grid", "grid {n}", n=p.stage),
            t("blanco.table.mini_turns", "turns {n}", n=p.turns),
            *([standing] if standing else []),
        )
        drawn_before = seat in self.look.private_drawn
        self.look.private_drawn.discard(seat)
        draw_panel(
            surface,
            panel,
            colour=(60, 96, 70) if acting else PANEL,
            radius=12,
            border=3 if acting else 2,
            shadow=3,
        )
        size = text.fit_size(name, 22, panel.w * 0.6)
        text.blit_centered(
            surface,
            name,
            size,
            YELLOW if acting else WHITE,
            (panel.x + panel.w * 0.33, panel.y + 16),
            outline=INK,
            px=2,
        )
        for at, rect in cells:
            self.look.draw_cell(surface, seat, at, rect)
        side = geo.panel_hand(panel)
        card = geo.mini_card(panel)
        back = self.look.art.back((int(card[0] * 0.8), int(card[1] * 0.8)))
        for i in range(len(p.hand)):
            surface.blit(back, (side.x + 6 + i * 16, side.y + 4))
        for i, line in enumerate(lines):
            size = text.fit_size(line, 18, side.w - 4, min_size=12)
            text.blit_centered(
                surface, line, size, WHITE, (side.centerx, side.y + card[1] * 0.8 + 16 + i * 18)
            )
        private = seat in self.look.private_drawn
        if drawn_before:
            self.look.private_drawn.add(seat)
        self._kept[seat] = (key, surface.subsurface(area).copy(), private)

    def _solo(self, surface: pygame.Surface) -> None:
        port, text = self.port, self.ctx.text
        p = port.seen.players[port.focus]
        column = self.look.geometry.others
        panel = pygame.FRect(column.x, column.y, column.w, 200)
        # Drawn over the static layer alone (as a seat's panel is): kept while its counts stay.
        key = (tuple(panel), p.turns, p.cards_left, language(), text.scale, surface.get_size())
        if self._snap.reuse(surface, key):
            return
        draw_panel(surface, panel, colour=PANEL, radius=12, border=2, shadow=3)
        drawn = [
            text.blit_centered(
                surface,
                t("blanco.table.solo", "Solo challenge"),
                30,
                YELLOW,
                (panel.centerx, panel.y + 30),
                outline=INK,
                px=2,
            )
        ]
        goal = t("blanco.table.solo_goal", "Clear both grids in as few turns as you can.")
        lines = [
            t("blanco.table.turns_taken", "Turns taken: {n}", n=p.turns),
            t("blanco.table.cards_left", "Cards left: {n}", n=p.cards_left),
            *text.wrap(goal, 24, panel.w - 24)[:2],
        ]
        for i, line in enumerate(lines):
            size = text.fit_size(line, 24, panel.w - 16, min_size=14)
            drawn.append(
                text.blit_centered(
                    surface, line, size, WHITE, (panel.centerx, panel.y + 74 + i * 30)
                )
            )
        self._snap.keep(surface, key, kept_area(panel, *drawn))


class Forward(Part):
    """The other seat whose turn is brought forward (spotlight.py), drawn over the right
    column's log panel, which its large panel reaches over (`OpenLog` puts the log back on
    top while the player has opened it)."""

    def __init__(self, port: BlancoPort, others: Others) -> None:
        super().__init__(port)
        self.others = others

    def draw(self, surface: pygame.Surface) -> None:
        self.others.draw_forward(surface)
