"""The lobby: the table's code, large, and its share link; the seats filling as the server
says (who is here, who is away, which are computers, which wait for a friend). Once no seat
waits for a friend the table opens by itself; "To the table" opens it at once. A watcher
(`watch=True`) goes to the table as soon as the server shows it: the public board, read only.

It takes the seat through the link (opening, joining or resuming) and keeps the seat's token in
the data folder as soon as it has it, so the app can take the seat back after a crash."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import lt, t
from game.core.levels import level_in_words
from game.core.ui.scene import UIScene
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.clipboard import copy_to_clipboard
from game.core.ui.toolkit.paint import (
    BLUE,
    GREEN,
    INK,
    ORANGE,
    PAPER,
    PLAYER_COLOURS,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button
from game.online import protocol as p, tls

from . import seats_file
from .attention import lobby_updates
from .hosted import hosting_of
from .hosted_view import draw_share_links
from .menu import draw_heading, plays_online
from .net import NetLink, share_link
from .reader import ReadState
from .seat_grid import ONE_COLUMN, panel_of, seat_rows
from .seats_file import HeldSeat
from .session import OnlineSession, shown_name
from .table import Past, grown_past, start_table
from .words import error_line, host_left_line

if TYPE_CHECKING:
    from game.core.ui.context import Context

#: Where the seats are listed: one column up to four, two beyond (a table of twelve).
LOBBY_ONE = pygame.FRect(340, 332, 600, 0)
LOBBY_TWO = pygame.FRect(100, 330, 1080, 258)
INVITE_Y = 254  # the middle of the "Invite link — Copy" row, under the code
LINKS_Y = 300  # the links themselves, small, under it
# Seat states in inks that read on the paper panel.
YOU_INK = (196, 30, 110)
FREE_INK = (112, 100, 136)
HERE_INK = (24, 128, 52)
AWAY_INK = (196, 96, 0)


def copy_share_link(ctx: Context, url: str, code: str, link: str | None = None) -> None:
    """The table's share link (or `link`, the one to give) to the clipboard, to paste into a
    message to friends; the app's message line says whether it went there."""
    if copy_to_clipboard(link or share_link(url, code)):
        ctx.message = t("online.lobby.copied", "Link copied: send it to your friends.")
    else:
        ctx.message = t(
            "online.lobby.no_clipboard",
            "There is no clipboard here: the link is on the screen.",
        )


class LobbyScene(UIScene):
    """Widgets: "table" (to the table), "copy" (the share link to the clipboard), "back".
    `link`: a link already taking its seat (host, rejoin); else `url` and `code` to join (with
    `name`, the joiner's own for the seat)."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(
        self,
        ctx: Context,
        link: NetLink | None = None,
        url: str = "",
        code: str = "",
        held: HeldSeat | None = None,
        watch: bool = False,
        name: str | None = None,
    ) -> None:
        super().__init__(ctx)
        self.watching = watch
        tls.load_trusted(ctx.data_dir)  # the servers whose certificate the user trusted
        if link is None:
            link = NetLink(url, None, ctx.rules_games)  # the game: the one the server names
            if watch:
                link.watch(code)
            else:
                link.join(code, name=name)
        self.link = link
        self.held = held
        self.ready = False
        self.problem = ""
        self.state: p.State | None = None
        # What the seat saw before the table opens (the server's `past` for a seat coming back,
        # else the first view), with the events that came here since: the table's move log.
        self.past: Past | None = None
        self.seats: list[p.SeatInfo] = []
        self.code = ""
        self.host_token: str | None = held.host_token if held is not None else None
        self.handed_on = False  # the link went on to the table
        self.host_gone = False  # the server said the host's app closed (until the line is back)
        self.untrusted: tls.UntrustedCertificate | None = None  # a wss:// server to ask about
        self.add(
            "table",
            Button(
                (600, 630, 300, 64),
                lt("online.lobby.to_table", "To the table"),
                self.to_table,
                key=(pygame.K_RETURN, pygame.K_KP_ENTER),
                colour=GREEN,
                text_size=32,
                enabled=False,
            ),
        )
        self.add(
            "copy",
            Button(
                (650, INVITE_Y - 22, 150, 44),
                lt("online.lobby.copy_short", "Copy"),
                self.copy_link,
                key=pygame.K_c,
                colour=BLUE,
                text_size=26,
            ),
        ).visible = False  # shown with the code
        self.add(
            "trust",
            Button(
                (290, 380, 700, 60),
                lt("online.tls.trust", "Trust this server's certificate"),
                self.trust_server,
                colour=YELLOW,
                text_size=28,
            ),
        ).visible = False  # shown when a server's certificate is not one the user trusts
        self.add(
            "back",
            Button(
                (380, 630, 200, 64),
                lt("online.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=30,
            ),
        )

    # -- news -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handed_on:
            return
        for note in self.link.poll():
            if note.kind == "message":
                self.take_message(note.value)
            elif note.kind == "ready":
                self.ready = True
                if not self.watching:
                    self.keep_seat()
            elif note.kind == "failed":
                self.problem = error_line(str(note.value))
            elif note.kind == "untrusted":
                self.untrusted = note.value
                self.problem = untrusted_line(note.value)
            elif note.kind == "lost":
                lost = t("online.lost", "The connection dropped: reconnecting...")
                self.problem = host_left_line() if self.host_gone else lost
            elif note.kind == "back":
                self.problem, self.host_gone = "", False
        lobby_updates(self)  # a friend came while the window is behind others: ask once
        self.widgets["table"].enabled = self.ready and self.state is not None
        self.widgets["copy"].visible = bool(self.code)
        self.widgets["trust"].visible = self.untrusted is not None
        if self.ready and self.state is not None and (self.watching or not self.free_seats()):
            self.to_table()

    def copy_link(self) -> None:
        """The first link friends need (on this computer's server: its first network
        address's) to the clipboard."""
        links = hosting_of(self.ctx).share_links(self.link.url, self.code)
        copy_share_link(self.ctx, self.link.url, self.code, links[0])

    def trust_server(self) -> None:
        """The user trusts this server's certificate (its fingerprint, kept for next time):
        connect again as asked (nothing was sent to it before)."""
        refused, self.untrusted = self.untrusted, None
        if refused is None:
            return
        tls.trust(self.ctx.data_dir, refused.server, refused.fingerprint)
        self.problem = ""
        self.link.retry()

    def take_message(self, message: Any) -> None:
        if isinstance(message, p.Opened):
            self.code, self.host_token = message.table, message.host_token
        elif isinstance(message, p.Seated):
            self.code = message.table
        elif isinstance(message, p.State):
            if isinstance(message, ReadState):  # (the link's: decoded on its thread)
                self.past = grown_past(self.past, message)
            self.state, self.seats, self.code = message, list(message.seats), message.table
            known = plays_online(self.ctx, message.game)
            if known and (self.link.client.game is None or self.link.game is None):
                game = self.ctx.game_ui(message.game).game
                self.link.game = self.link.client.game = game
        elif isinstance(message, p.Seats):
            self.seats = list(message.seats)
        elif isinstance(message, p.Error):
            self.problem = error_line(message.code)
        elif isinstance(message, p.Notice) and message.code == "host_left":
            self.host_gone = True
            self.problem = host_left_line()

    def free_seats(self) -> int:
        return sum(1 for s in self.seats if s.free)

    def keep_seat(self) -> None:
        client = self.link.client
        if client.table is None or client.seat is None or client.token is None:
            return
        game = self.state.game if self.state is not None else getattr(self.link.game, "id", "")
        warning = seats_file.keep(
            self.ctx.data_dir,
            HeldSeat(self.link.url, client.table, client.seat, client.token, game, self.host_token),
        )
        if warning:
            self.ctx.message = warning

    # -- actions ----------------------------------------------------------------------------
    def to_table(self) -> None:
        if not self.ready or self.state is None or self.handed_on:
            return
        if not plays_online(self.ctx, self.state.game):
            self.problem = t(
                "online.lobby.no_table", "This game cannot be played online in the app yet."
            )
            return
        if self.held is None and not self.watching:
            self.keep_seat()  # (again: the game is known now)
        session = OnlineSession(self.link, self.link.game, self.state)
        # The seats as last heard: the `state` may be older than the join that filled the
        # table (else the table would think a present friend's seat free and away).
        session.receive(p.Seats(self.state.table, self.seats))
        self.handed_on = True
        start_table(self.ctx, session, self.link, self.past)

    def back(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        super().exit()
        if not self.handed_on:
            self.link.close()  # the seat stays held; its token is kept

    def redraw_key(self) -> object:
        """What the server's news changes here (the lobby is otherwise a still page)."""
        return (self.code, self.problem, tuple(self.seats), self.widgets["table"].enabled)

    def heading(self) -> str:
        """ "<game> table": which game the table is for, once known (a joiner learns it from
        the server's first state; a game the app does not hold is not named)."""
        game = self.link.game
        if game is None and self.state is not None and plays_online(self.ctx, self.state.game):
            game = self.ctx.game_ui(self.state.game).game
        if game is None:
            return t("online.lobby.heading", "The table")
        return t("online.lobby.heading_game", "{game} table", game=game.title)

    def seat_line(self, i: int, seat: p.SeatInfo) -> tuple[str, tuple[int, int, int]]:
        return seat_status(seat, i == self.link.client.seat)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        draw_heading(surface, ctx, self.heading())
        if not self.code:
            line = self.problem or t(
                "online.lobby.connecting", "Connecting to {url}...", url=self.link.url
            )
            size = 32 if self.untrusted is None else ctx.text.fit_size(line, 26, 1200)
            ctx.text.blit_centered(surface, line, size, WHITE, (640, 300), outline=INK, px=2)
            if self.untrusted is not None:  # what the user trusts: the certificate's print
                print_line = f"SHA-256 {self.untrusted.fingerprint}"
                ctx.text.blit_centered(surface, print_line, 16, WHITE, (640, 342), outline=INK)
            self.draw_widgets(surface)
            return
        ctx.text.blit_centered(
            surface, t("online.lobby.code", "Table code"), 30, WHITE, (640, 128), outline=INK, px=2
        )
        ctx.text.blit_centered(
            surface, self.code, 96, YELLOW, (640, 190), outline=INK, px=5, shadow=6
        )
        # The link is something to send, not to read: "Invite link" and its Copy button; the
        # links themselves small under them (no clipboard here; another network's address).
        invite = t("online.lobby.invite", "Invite link")
        copy = self.widgets["copy"]
        size = ctx.text.fit_size(invite, 30, copy.rect.x - 16 - 200)
        words = ctx.text.render_outlined(invite, size, WHITE, INK, 2)
        surface.blit(words, words.get_rect(midright=(copy.rect.x - 16, INVITE_Y)))
        links = hosting_of(ctx).share_links(self.link.url, self.code)
        draw_share_links(surface, ctx, links, LINKS_Y, quiet=True)
        if self.seats:
            rows = seat_rows(len(self.seats), LOBBY_ONE, LOBBY_TWO, 44)
            draw_panel(surface, panel_of(rows), PAPER)
            many = len(self.seats) > ONE_COLUMN  # shorter rows, smaller words
            for i, (seat, row) in enumerate(zip(self.seats, rows, strict=True)):
                y = row.centery
                colour = PLAYER_COLOURS[i % len(PLAYER_COLOURS)]
                gfx.circle(surface, colour, (int(row.x + 34), int(y)), 10 if many else 12)
                status, tone = self.seat_line(i, seat)
                surf = ctx.text.render(status, 22 if many else 26, tone)  # dark on the paper
                right = row.right - 24
                surface.blit(surf, surf.get_rect(midright=(right, y)))
                label = shown_name(seat, i)
                room = right - surf.get_width() - 16 - (row.x + 60)
                size = ctx.text.fit_size(label, 24 if many else 28, room)
                name = ctx.text.render(label, size, INK)
                surface.blit(name, name.get_rect(midleft=(row.x + 60, y)))
        if self.problem:
            ctx.text.blit_centered(surface, self.problem, 28, YELLOW, (640, 604), outline=INK, px=2)
        self.draw_widgets(surface)


def seat_status(seat: p.SeatInfo, mine: bool) -> tuple[str, tuple[int, int, int]]:
    """A seat's state in a few words and the ink they read in on the paper panel."""
    if mine:
        return t("online.lobby.you", "you"), YOU_INK
    if seat.kind == "computer":
        return (
            t(
                "online.lobby.computer",
                "computer ({level})",
                level=level_in_words(seat.level or ""),  # as the tables write it
            ),
            INK,
        )
    if seat.free:
        return t("online.lobby.free", "waiting for a friend..."), FREE_INK
    if seat.connected:
        return t("online.lobby.here", "here"), HERE_INK
    return t("online.lobby.away", "away"), AWAY_INK


def untrusted_line(refused: tls.UntrustedCertificate) -> str:
    """The one-line refusal of a wss:// server whose certificate the user has not trusted."""
    if refused.changed:
        return t(
            "online.tls.changed",
            "Not connected: {server} has changed its certificate since you trusted it.",
            server=refused.server,
        )
    return t(
        "online.tls.untrusted",
        "Not connected: nobody vouches for the certificate of {server}.",
        server=refused.server,
    )

    # -- drawing ----------------------------------------------------------------------------
