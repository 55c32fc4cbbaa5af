"""The online table's own menu (Esc at an online table): the code and share link (Copy link),
who sits where, and for the host a "Computer" button beside each seat whose player is away,
handing it to a computer (the server refuses while the seat is still held: a line says so).
The player's token still takes the seat back (Rejoin). "Game menu" opens the usual pause menu.
A row of phrases ("Hello!", "Good game!"...) says one to everyone at the table: each screen
shows it on the table's message line, in its own language.

The table beneath is not updated while this is on top, so this scene reads the link for it
(`take_updates`): nothing the server says is lost, and the table animates it on return."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import lt, t
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.paint import (
    BLUE,
    GREEN,
    INK,
    ORANGE,
    PAPER,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button
from game.online.protocol import PHRASES

from . import seats_file
from .hosted import hosting_of
from .hosted_view import draw_share_links
from .lobby import copy_share_link, seat_status
from .menu import draw_heading
from .seat_grid import ONE_COLUMN, panel_of, seat_rows
from .session import shown_name
from .words import phrase_words, seats_hint

if TYPE_CHECKING:
    from game.core.ui.context import Context

HAND_LEVEL = "normal"  # the computer a seat is handed to
ROW = 48
#: Where the seats are listed: one column up to four (the Computer buttons beside it), two
#: beyond, above the row of phrases.
SEATS_ONE = pygame.FRect(240, 280, 700, 0)
SEATS_TWO = pygame.FRect(60, 262, 1160, 240)
# The row of phrases to say to the table, under the seats (4 of them end at 512).
PHRASES_LEFT, PHRASES_RIGHT, PHRASES_Y, PHRASE_GAP = 160.0, 1120.0, 528.0, 12.0


class TableSeatsScene(UIScene):
    """Widgets: "back" (to the table), "menu" (the pause menu), "copy" (the share link to
    the clipboard), "say_PHRASE" (a phrase to the table; players only), "computer_N" (host
    only)."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, table: Any) -> None:
        super().__init__(ctx)
        self.table = table
        self.session = table.session
        self.link = table.link
        self.host_token = seats_file.host_token(ctx.data_dir, self.link.url, self.session.table)
        self.problem = ""
        self.add(
            "back",
            Button(
                (760, 630, 300, 64),
                lt("online.seats.back", "Back to the table"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=GREEN,
                text_size=30,
            ),
        )
        self.add(
            "menu",
            Button(
                (220, 630, 280, 64),
                lt("online.seats.menu", "Game menu"),
                self.game_menu,
                colour=ORANGE,
                text_size=30,
            ),
        )
        self.add(  # a friend still to come (or to come back) needs the link again
            "copy",
            Button(
                (530, 630, 200, 64),
                lt("online.lobby.copy", "Copy link"),
                self.copy_link,
                key=pygame.K_c,
                colour=BLUE,
                text_size=28,
            ),
        )
        if self.session.seat >= 0:  # a player (not a watcher) may say a phrase to the table
            width = (PHRASES_RIGHT - PHRASES_LEFT - (len(PHRASES) - 1) * PHRASE_GAP) / len(PHRASES)
            for i, phrase in enumerate(PHRASES):
                self.add(
                    f"say_{phrase}",
                    Button(
                        (PHRASES_LEFT + i * (width + PHRASE_GAP), PHRASES_Y, width, 40),
                        partial(phrase_words, phrase),
                        partial(self.link.say, phrase),
                        colour=YELLOW,
                        text_size=22,
                        tooltip=lt("online.seats.say_tip", "Say it to everyone at the table."),
                    ),
                )
        if self.host_token is not None:
            for i in range(len(self.session.infos)):
                self.add(
                    f"computer_{i}",
                    Button(
                        (960, 0, 200, 40),
                        lt("online.seats.computer", "Computer"),
                        partial(self.hand_over, i),
                        colour=BLUE,
                        text_size=24,
                    ),
                )
        self.place()

    def rows(self) -> list[pygame.FRect]:
        """Each seat's row: one column beside the Computer buttons up to four seats, two
        columns (each row's button inside it) for a larger table."""
        return seat_rows(len(self.session.infos), SEATS_ONE, SEATS_TWO, ROW, top_pad=45)

    def place(self) -> None:
        """Each seat's button on its row, shown for a seat a computer may take."""
        many = len(self.session.infos) > ONE_COLUMN
        for i, (info, row) in enumerate(zip(self.session.infos, self.rows(), strict=True)):
            button = self.widgets.get(f"computer_{i}")
            if button is None:
                continue
            if many:  # inside its row, at the right, where the seat's state is said
                button.rect.size = (150, min(36, row.h - 4))
                button.rect.midright = (row.right - 16, row.centery)
            else:
                button.rect.topleft = (960, row.centery - 20)  # beside the panel, on its row
            button.visible = button.enabled = (
                i != self.session.seat and info.kind == "human" and not info.connected
            )

    def game_menu(self) -> None:
        """The usual game menu, in the words of a game that goes on without this screen and
        that Play online brings back."""
        self.ctx.nav.push(
            "pause",
            heading=lt("online.pause.heading", "Game menu"),
            quit_question=lt(
                "online.pause.quit",
                "Quit to the title?\nThe game goes on: your seat is held for you, and Play "
                "online brings you back to it.",
            ),
            quit_tip=lt(
                "online.pause.quit_tip",
                "Back to the title screen. The game goes on; Play online brings you back to "
                "your seat.",
            ),
        )

    def hand_over(self, seat: int) -> None:
        if self.host_token is None:
            return
        self.problem = ""
        self.link.hand_over(self.session.table, self.host_token, seat, HAND_LEVEL)

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.table.message
        self.table.take_updates()
        if self.table.message != before and self.table.message:
            # a refusal (`held`...), the line's state, or who left or came back (the pointer
            # to this menu, which ends a leaving line, dropped here)
            self.problem = self.table.message.removesuffix(" " + seats_hint())
        self.place()

    def needs_redraw(self) -> bool:
        return bool(self.table.updated)

    def redraw_key(self) -> object:
        return (self.problem, tuple(self.session.infos))

    def copy_link(self) -> None:
        """The first link friends need (on this computer's server: its first network
        address's) to the clipboard."""
        code = self.session.table
        links = hosting_of(self.ctx).share_links(self.link.url, code)
        copy_share_link(self.ctx, self.link.url, code, links[0])

    def back(self) -> None:
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        draw_heading(surface, ctx, t("online.lobby.heading", "The table"))
        code = self.session.table
        ctx.text.blit_centered(surface, code, 80, YELLOW, (640, 170), outline=INK, px=5, shadow=6)
        draw_share_links(surface, ctx, hosting_of(ctx).share_links(self.link.url, code), 240)
        infos = self.session.infos
        rows = self.rows()
        draw_panel(surface, panel_of(rows), PAPER)
        many = len(infos) > ONE_COLUMN
        for i, (info, row) in enumerate(zip(infos, rows, strict=True)):
            y = row.centery
            button = self.widgets.get(f"computer_{i}")
            status, tone = seat_status(info, i == self.session.seat)
            right = row.right - 24
            if many and button is not None and button.visible:
                right = button.rect.left - 12  # the state beside the seat's own button
            surf = ctx.text.render(status, 22 if many else 26, tone)
            surface.blit(surf, surf.get_rect(midright=(right, y)))
            label = shown_name(info, i)
            room = right - surf.get_width() - 16 - (row.x + 30)
            name = ctx.text.render(label, ctx.text.fit_size(label, 24 if many else 28, room), INK)
            surface.blit(name, name.get_rect(midleft=(row.x + 30, y)))
        if self.problem:
            ctx.text.blit_centered(surface, self.problem, 28, YELLOW, (640, 590), outline=INK, px=2)
        elif self.host_token is not None:
            ctx.text.blit_centered(
                surface,
                t(
                    "online.seats.hint",
                    "A seat whose player is away may go to a computer; they can take it back.",
                ),
                24,
                WHITE,
                (640, 590),
                outline=INK,
                px=2,
            )
        self.draw_widgets(surface)
