"""Host a table: where (this computer, or a server's address), the game, how many seats, which
are computers (and how good), how long a seat whose player left is held for them. Opening leads
to the lobby; on this computer it first starts the app's own server (hosted.py), and a server
that cannot start says why in one line, in place of the line saying where friends come."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import lt, t
from game.core.levels import level_name
from game.core.names import person_name
from game.core.seat_names import default_name
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.inputs import Choice, TextInput
from game.core.ui.toolkit.paint import CYAN, GREEN, INK, ORANGE, WHITE, YELLOW, draw_backdrop
from game.core.ui.toolkit.widgets import Button
from game.online import protocol as p

from . import seats_file
from .hosted import failure_line, hosting_of
from .menu import draw_heading, draw_label, server_field, server_of
from .net import NetLink

if TYPE_CHECKING:
    from game.core.ui.context import Context

MAX_SHOWN_SEATS = p.MAX_SEATS  # as many seats as the protocol (and local play) allows
PAGE_ROWS = 3  # the other seats' rows shown at once; more are paged through
FRIEND = "human"
#: How long a left seat is held: (seconds, caption).
HOLDS: list[tuple[str, Any]] = [
    ("300", lt("online.host.hold_5m", "5 minutes")),
    ("3600", lt("online.host.hold_1h", "1 hour")),
    ("86400", lt("online.host.hold_1d", "1 day")),
    ("604800", lt("online.host.hold_1w", "1 week")),
]
LEFT, WIDTH = 420, 620
ROWS = {
    "where": 136,  # this computer, or a server's address
    "server": 192,  # the address's field, or where friends come (this computer)
    "game": 250,
    "players": 316,
    "name": 382,
    "seats": 448,
    "hold": 604,
}
HERE, ADDRESS = "here", "address"
#: Where the table is served: this computer (its own server) or a server's address.
WHERE: list[tuple[str, Any]] = [
    (HERE, lt("online.host.here", "This computer")),
    (ADDRESS, lt("online.host.address", "A server address")),
]


NAME_W = 180  # a friend's name field, right of the seat's choice, within the form's width
SEAT_W = WIDTH - NAME_W - 12  # a seat's choice (friend or a level)


def row_y(i: int) -> float:
    """The top of seat `i`'s row (1 for the second seat), on its page."""
    return ROWS["seats"] - 26 + (i - 1) % PAGE_ROWS * 46


def default_friend(i: int) -> str:
    """The name of seat `i` (0 is the host's) when the host types none for the friend."""
    return default_name(i)


def fixed(text: str) -> Callable[[], str]:
    """A caption that is the same in every language (a game's title, a number)."""
    return lambda: text


class HostScene(UIScene):
    """Widgets: "where" (this computer or a server address), "server" (shown for an address),
    "game", "players", "name", "seat_1".. (friend or a level), "hold", "open", "back"."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, url: str, game: str | None = None) -> None:
        """`game`: the one chosen on the title, offered first (else the first game)."""
        super().__init__(ctx)
        here = seats_file.hosts_here(ctx.data_dir)
        self.add(
            "where",
            Choice(
                (LEFT, ROWS["where"] - 24, WIDTH, 48),
                WHERE,
                HERE if here else ADDRESS,
                on_change=self._show_where,
                colour=CYAN,
            ),
        )
        self.server = self.add("server", server_field(ctx))
        self.server.rect = pygame.FRect(LEFT, ROWS["server"] - 24, WIDTH, 48)
        self.server.set_text(url)
        self.problem = ""  # why this computer's server could not start (one line)
        self.starting = False  # Open waits for this computer's server to serve
        self._show_where(HERE if here else ADDRESS)
        games = list(ctx.games)  # every game the app holds plays online
        ids = [g.id for g in games]
        first = game if game is not None and game in ids else ids[0]
        self.add(
            "game",
            Choice(
                (LEFT, ROWS["game"] - 26, WIDTH, 52),
                [(g.id, fixed(g.title)) for g in games],
                first,
                on_change=lambda _: self._fit_players(),
            ),
        )
        self.players = self.add(
            "players", Choice((LEFT, ROWS["players"] - 26, WIDTH, 52), [], "2", self._show_seats)
        )
        self.name = self.add(
            "name",
            TextInput(
                (LEFT, ROWS["name"] - 26, 300, 52),
                (
                    seats_file.last_name(ctx.data_dir)
                    or person_name(ctx.data_dir, first)
                    or t("online.host.you", "Host")
                )[:20],
                max_len=20,
                text_size=28,
            ),
        )
        self.add("hold", Choice((LEFT, ROWS["hold"] - 26, WIDTH, 52), HOLDS, "300", colour=ORANGE))
        self.add(
            "open",
            Button(
                (LEFT + WIDTH - 260, 648, 260, 60),
                lt("online.host.open", "Open the table"),
                self.open_table,
                key=(pygame.K_RETURN, pygame.K_KP_ENTER),
                colour=GREEN,
                text_size=32,
            ),
        )
        self.add(
            "back",
            Button(
                (LEFT, 648, 200, 60),
                lt("online.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=30,
            ),
        )
        self.seat_page = 0  # which seats' rows show (PAGE_ROWS at a time)
        self.add(
            "more_seats",
            Button(
                (LEFT + WIDTH + 16, ROWS["seats"] - 26, 180, 42),
                self._more_label,
                self.next_seats,
                key=pygame.K_PAGEDOWN,
                colour=ORANGE,
                text_size=22,
            ),
        )
        self._fit_players()
        for i in range(1, MAX_SHOWN_SEATS):  # a friend's name, beside their seat's choice
            self.add(
                f"friend_{i}",
                TextInput(
                    (LEFT + WIDTH - NAME_W, row_y(i), NAME_W, 42),
                    max_len=20,
                    text_size=22,
                    placeholder=partial(default_friend, i),
                ),
            )
        self._show_names()

    @property
    def game(self) -> Any:
        choice = self.widgets["game"]
        assert isinstance(choice, Choice)
        return self.ctx.game_ui(choice.value).game

    def _fit_players(self) -> None:
        """The seat counts the chosen game allows (up to the form's four)."""
        game = self.game
        top = min(game.rules.max_players, MAX_SHOWN_SEATS)
        counts = [str(n) for n in range(max(2, game.rules.min_players), top + 1)]
        players = self.players
        assert isinstance(players, Choice)
        players.options = [(n, fixed(n)) for n in counts]
        if players.value not in counts:
            players.value = counts[0]
        for i in range(1, MAX_SHOWN_SEATS):
            name = f"seat_{i}"
            levels = [(FRIEND, lt("online.host.friend", "A friend"))] + [
                (level, partial(level_name, level)) for level in game.bots.bot_levels
            ]
            old = self.widgets.get(name)
            value = old.value if isinstance(old, Choice) and old.value in dict(levels) else FRIEND
            self.add(name, Choice((LEFT, row_y(i), SEAT_W, 42), levels, value))
        self._show_seats(players.value)

    def pages(self) -> int:
        """How many pages the other seats' rows take (one up to PAGE_ROWS of them)."""
        return max(1, -(-(int(self.players.value) - 1) // PAGE_ROWS))

    def _more_label(self) -> str:
        """The pager's words: the seats it shows next ("Seats 5-7")."""
        page = (self.seat_page + 1) % self.pages()
        first = 2 + page * PAGE_ROWS
        last = min(int(self.players.value), first + PAGE_ROWS - 1)
        return t("online.host.more_seats", "Seats {first}-{last}", first=first, last=last)

    def next_seats(self) -> None:
        """The next seats' rows (round to the first after the last)."""
        self.seat_page = (self.seat_page + 1) % self.pages()
        self._show_seats(self.players.value)

    def _show_seats(self, count: str) -> None:
        self.seat_page = min(self.seat_page, self.pages() - 1)
        for i in range(1, MAX_SHOWN_SEATS):
            on_page = (i - 1) // PAGE_ROWS == self.seat_page
            self.widgets[f"seat_{i}"].visible = i < int(count) and on_page
        self.widgets["more_seats"].visible = self.pages() > 1

    def _show_names(self) -> None:
        """A name field beside each seat a friend takes (a computer is named by its level)."""
        for i in range(1, MAX_SHOWN_SEATS):
            seat = self._choice(f"seat_{i}")
            self.widgets[f"friend_{i}"].visible = seat.visible and seat.value == FRIEND

    @property
    def here(self) -> bool:
        return self._choice("where").value == HERE

    def _show_where(self, where: str) -> None:
        """An address's field only for an address (this computer's port is in Settings)."""
        self.server.visible = where == ADDRESS
        self.problem = ""

    def update(self, dt: float) -> None:
        super().update(dt)
        self._show_names()
        server = hosting_of(self.ctx).server
        if self.starting and server.ready.is_set():
            self.starting = False
            if server.failure is not None:
                self.problem = failure_line(server.failure, rejoin=False)
            else:
                self._open_at(server.url)

    def redraw_key(self) -> object:
        """The server starting, or the line why it could not (the form is otherwise still)."""
        return (self.starting, self.problem)

    def seat_specs(self) -> list[p.SeatSpec]:
        count = int(self.players.value)
        specs = [p.SeatSpec((self.name.text.strip() or t("online.host.you", "Host"))[:40])]
        for i in range(1, count):
            kind = self._choice(f"seat_{i}").value
            typed = self.widgets[f"friend_{i}"]
            assert isinstance(typed, TextInput)
            name = (
                typed.text.strip() or default_friend(i)
                if kind == FRIEND
                else default_name(i, computer=True)
            )
            specs.append(p.SeatSpec(name, None if kind == FRIEND else kind))
        return specs

    def open_table(self) -> None:
        """Open the table where chosen: on this computer, once its server serves (a frame or
        a few later: nothing waits for it here)."""
        if self.starting:
            return
        if not self.here:
            url, _ = server_of(self.server)  # (a share link pasted there: its server alone)
            self._open_at(url)
            return
        self.problem = hosting_of(self.ctx).start_for_new_table() or ""
        self.starting = not self.problem

    def _open_at(self, url: str) -> None:
        typed = self.name.text.strip()
        # ("Host", offered when no name is known, is nobody's name: not kept as theirs)
        name = typed if typed != t("online.host.you", "Host") else None
        # (this computer's own address is not kept as the server to join at)
        kept = seats_file.last_server(self.ctx.data_dir) if self.here else url
        seats_file.remember_server(self.ctx.data_dir, kept, name, here=self.here)
        link = NetLink(url, self.game)
        hold = float(self._choice("hold").value)
        link.open(self.seat_specs(), hold=hold, sit=0)
        self.ctx.nav.push("online.lobby", link=link)

    def _draw_here(self, surface: pygame.Surface) -> None:
        """Where friends come (this computer, its port), or why its server cannot start."""
        ctx = self.ctx
        server = hosting_of(ctx).server
        settings = ctx.settings
        port = server.port if server.running else settings.host_port or settings.host_port_kept
        if self.problem:
            line, colour = self.problem, YELLOW
        elif self.starting:
            line, colour = t("online.host.starting", "Starting this computer's server..."), WHITE
        elif port:
            line = t(
                "online.host.here_port",
                "Friends join through this computer, port {port}.",
                port=port,
            )
            colour = WHITE
        else:
            line = t("online.host.here_free", "Friends join through this computer, on a free port.")
            colour = WHITE
        size = ctx.text.fit_size(line, 26, 1240 - LEFT)
        surf = ctx.text.render_outlined(line, size, colour, INK, 2)
        surface.blit(surf, surf.get_rect(midleft=(LEFT, ROWS["server"])))

    def _choice(self, name: str) -> Choice:
        widget = self.widgets[name]
        assert isinstance(widget, Choice)
        return widget

    def back(self) -> None:
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        draw_heading(surface, ctx, t("online.host.heading", "Host a table"))
        right = LEFT - 20
        draw_label(surface, ctx, t("online.server", "Server"), right, ROWS["where"])
        if not self.here:
            draw_label(surface, ctx, t("online.host.address_label", "Address"), right, 192)
        else:
            self._draw_here(surface)
        draw_label(surface, ctx, t("online.host.game", "Game"), right, ROWS["game"])
        draw_label(surface, ctx, t("online.host.players", "Players"), right, ROWS["players"])
        draw_label(surface, ctx, t("online.host.your_name", "Your name"), right, ROWS["name"])
        for i in range(1, int(self.players.value)):
            if not self.widgets[f"seat_{i}"].visible:
                continue  # on another page
            draw_label(
                surface, ctx, t("online.host.seat", "Seat {n}", n=i + 1), right, row_y(i) + 26
            )
        draw_label(surface, ctx, t("online.host.hold", "Hold a left seat"), right, ROWS["hold"])
        note = t("online.host.note", "You sit at seat 1.")
        surf = ctx.text.render_outlined(note, 24, WHITE, INK, 2)
        surface.blit(surf, surf.get_rect(midleft=(LEFT + 320, ROWS["name"])))
        self.draw_widgets(surface)
