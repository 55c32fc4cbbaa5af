"""The lines of words at Blanco's table: the banner (whose turn it is, how far they have
come) and the prompt (what to do now, the last refusal or answer). Each keeps its pixels while
its words stay the same (game/core/ui/toolkit/snapshot.py): both lie over the static layer
alone, the banner first of the parts, the prompt at the left column's foot."""

from __future__ import annotations

import pygame

from game.core.i18n import language, t, tn
from game.core.seat_names import spoken_to
from game.core.ui.toolkit.paint import WHITE, draw_panel

from .parts import BANNER_MARGIN, PANEL, BlancoPart, kept_area
from .port import BlancoLook, BlancoPort


class Banner(BlancoPart):
    """Whose turn it is and how far they have come."""

    def __init__(self, port: BlancoPort, look: BlancoLook) -> None:
        super().__init__(port, look)

    def draw(self, surface: pygame.Surface) -> None:
        port, text = self.port, self.ctx.text
        seen = port.seen
        seat = port.focus
        p = seen.players[seat]
        who = port.banner_name(seat)
        waits = port.table_waits()
        if seen.winner is not None:
            winner = port.session.name_of(seen.winner)
            status = (
                t("blanco.table.you_win", "you win!")
                if spoken_to(winner, len(port.session.seats))
                else t("blanco.table.wins", "{name} wins!", name=winner)
            )
        elif waits is not None:  # (the host's app closed: nobody's turn goes on)
            status = waits
        elif port.turns.confirming is not None:  # until Next, the turn is still theirs
            status = t("blanco.table.banner_done", "turn done")
        elif seen.acting is not None:
            acting = port.session.name_of(seen.acting)
            if spoken_to(acting, len(port.session.seats)):
                status = t("blanco.table.your_turn", "your turn")
            elif seen.acting == seat and who == acting:  # their name starts the line
                status = t("blanco.table.banner_to_play", "to play")
            else:
                status = t("blanco.table.to_play", "{name} to play", name=acting)
        else:
            status = ""
        line = tn(
            "blanco.table.banner",
            p.cards_left,
            "{who}  ·  grid {stage} of 2  ·  {count} card left  ·  {status}",
            "{who}  ·  grid {stage} of 2  ·  {count} cards left  ·  {status}",
            who=who,
            stage=p.stage,
            status=status,
        )
        banner = self.look.geometry.banner
        # The first part, over the static layer alone: its pixels are kept while its line
        # (and what the line is drawn at) stays the same.
        key = (line, tuple(banner), language(), text.scale, surface.get_size())
        if self._snap.reuse(surface, key):
            return
        size = text.fit_size(line, 26, banner.w - BANNER_MARGIN * 2)
        draw_panel(surface, banner, colour=PANEL, radius=12, border=2, shadow=3)
        said = text.blit_centered(surface, line, size, WHITE, banner.center)
        self._snap.keep(surface, key, kept_area(banner, said))


class Prompt(BlancoPart):
    """What to do now, and the last refusal (red) or answer."""

    def __init__(self, port: BlancoPort, look: BlancoLook) -> None:
        super().__init__(port, look)

    def draw(self, surface: pygame.Surface) -> None:
        port, text = self.port, self.ctx.text
        area = self.look.geometry.prompt
        message = port.message
        colour = (120, 28, 40) if port.refusal and message else PANEL
        if message and message == port.message_aside:
            message = f"{self.look.turn_line()}\n{message}"  # a phrase said: beside what to do
        said = message or self.look.turn_line()
        # The left column's foot holds nothing another part drew: the prompt's pixels are kept
        # while its words (and what they are drawn at) stay the same; wrapping them, every
        # frame, cost more than drawing them.
        key = (said, colour, tuple(area), language(), text.scale, surface.get_size())
        if self._snap.reuse(surface, key):
            return
        draw_panel(surface, area, colour=colour, radius=12, border=2, shadow=3)
        # Each paragraph balanced: a place's last "1." never wraps alone onto a line.
        lines = [
            line
            for paragraph in said.split("\n")
            for line in text.wrap_balanced(paragraph, 20, area.w - 20)
        ][:4]
        drawn = [
            text.blit_centered(surface, line, 20, WHITE, (area.centerx, area.y + 18 + i * 22))
            for i, line in enumerate(lines)
        ]
        self._snap.keep(surface, key, kept_area(area, *drawn))
