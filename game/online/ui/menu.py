"""The "Play online" screen (host, join, the seats this app holds, each with "your turn" when
the server says the table waits for it) and the Join screen (a code or a share link, or one of
the tables nearby)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import lt, t
from game.core.names import person_name
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.inputs import TextInput
from game.core.ui.toolkit.paint import (
    BLUE,
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PAPER,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button
from game.online import protocol as p, tls
from game.online.nearby import Nearby

from . import seats_file
from .hosted import hosting_of
from .nearby_list import NearbyList
from .net import NetLink, split_link
from .seats_file import HeldSeat

if TYPE_CHECKING:
    from game.core.ui.context import Context

MAX_LISTED = 5
SERVER_RECT = (420, 568, 620, 52)  # under "Other server", once opened
OTHER_RECT = (490, 572, 300, 44)  # "Other server", collapsed: where the field opens
JOIN_FIELD_X, JOIN_FIELD_W = 330, 440  # the Join screen's form (the tables nearby beside it)
JOIN_SERVER_Y = 548
HELD_TOP = 262  # "Your tables"


def joiner_name(ctx: Context) -> str | None:
    """The name to offer someone joining a table: the one they gave online last, else the
    first person's name at a game's last set-up here (None: neither)."""
    return seats_file.last_name(ctx.data_dir) or next(
        (name for g in ctx.games if (name := person_name(ctx.data_dir, g.id))), None
    )


def game_of(ctx: Context, game_id: str) -> Any:
    return ctx.game_ui(game_id).game


def plays_online(ctx: Context, game_id: str) -> bool:
    """Whether the app holds that game: every game it was handed plays online too (a held
    seat or a table of another game, e.g. from a newer app, is not offered)."""
    return any(g.id == game_id for g in ctx.games)


def server_field(ctx: Context) -> TextInput:
    return TextInput(SERVER_RECT, seats_file.last_server(ctx.data_dir), max_len=120, text_size=28)


class OtherServer:
    """The server's address, out of the way: a field most players never need (the default
    server, or this computer, serves them), under an "Other server" button that opens it.
    Open from the start when the player used another server than the default last time."""

    def __init__(self, scene: UIScene, field: TextInput, rect: Any = OTHER_RECT) -> None:
        self.field = field
        self.button = scene.add(
            "other_server",
            Button(
                rect,
                lt("online.other_server", "Other server..."),
                self.open,
                colour=PURPLE,
                text_size=24,
            ),
        )
        self.show(field.text.strip() not in ("", seats_file.DEFAULT_SERVER))

    @property
    def opened(self) -> bool:
        return self.field.visible

    def open(self) -> None:
        self.show(True)
        self.field.focus()  # (opened to type an address: the cursor is there)

    def show(self, opened: bool) -> None:
        self.field.visible = opened
        self.button.visible = not opened

    def follow(self, server: str) -> None:
        """A link pasted brings its server: the field shows it (opened when it is another)."""
        self.field.set_text(server)
        if server != seats_file.DEFAULT_SERVER:
            self.show(True)

    def draw_label(self, surface: pygame.Surface, ctx: Context) -> None:
        if self.opened:
            rect = self.field.rect
            draw_label(surface, ctx, t("online.server", "Server"), rect.x - 20, rect.centery)


def server_of(field: TextInput) -> tuple[str, str]:
    """The server a Server field names, and the table code of a share link pasted into it
    (`ws://host:port/#KQ7-4XM`, what a host sends friends; "" for a plain server). The field
    keeps the server alone."""
    server, code = split_link(field.text)
    if server is not None:
        field.set_text(server)
    else:
        code = ""
    return field.text.strip() or seats_file.DEFAULT_SERVER, code


def draw_heading(surface: pygame.Surface, ctx: Context, text: str) -> None:
    ctx.text.blit_centered(surface, text, 60, YELLOW, (640, 70), outline=INK, px=4, shadow=5)


def draw_label(surface: pygame.Surface, ctx: Context, text: str, right: float, cy: float) -> None:
    surf = ctx.text.render_outlined(text, 28, WHITE, INK, 2)
    surface.blit(surf, surf.get_rect(midright=(right, cy)))


class OnlineMenuScene(UIScene):
    """Widgets: "host", "join", "back", "rejoin_N" for each held seat, and "other_server",
    which opens "server" (collapsed: the default server, or the one used last)."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, game: str | None = None) -> None:
        super().__init__(ctx)
        # the servers whose certificate the user trusted: known before any link connects
        tls.load_trusted(ctx.data_dir)
        self.game = game  # the game chosen on the title: Host a table offers it first
        self.server = self.add("server", server_field(ctx))
        self.other = OtherServer(self, self.server)
        self.add(
            "host",
            Button(
                (330, 150, 300, 70),
                lt("online.menu.host", "Host a table"),
                self.host,
                key=pygame.K_h,
                colour=GREEN,
                text_size=34,
            ),
        )
        self.add(
            "join",
            Button(
                (650, 150, 300, 70),
                lt("online.menu.join", "Join a table"),
                self.join,
                key=pygame.K_j,
                colour=CYAN,
                text_size=34,
            ),
        )
        self.add(
            "back",
            Button(
                (540, 640, 200, 56),
                lt("online.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=30,
            ),
        )
        self.held: list[HeldSeat] = []
        self.your_turn: set[tuple[str, str]] = set()  # (server, table) waiting for its seat
        self.probes: dict[tuple[str, str], NetLink] = {}

    def enter(self) -> None:
        held = seats_file.load(self.ctx.data_dir)
        self.held = [s for s in held if plays_online(self.ctx, s.game)][:MAX_LISTED]
        for name in [n for n in self.widgets if n.startswith("rejoin_")]:
            del self.widgets[name]
        for i, seat in enumerate(self.held):
            self.add(
                f"rejoin_{i}",
                Button(
                    (860, HELD_TOP + 52 + i * 46, 180, 40),
                    lt("online.menu.rejoin", "Rejoin"),
                    partial(self.rejoin, seat),
                    colour=BLUE,
                    text_size=24,
                ),
            )
        self._probe()

    def _probe(self) -> None:
        """Ask the server, by watching each held table once, whether it waits for our seat."""
        self._stop_probes()
        self.your_turn = set()
        for seat in self.held:
            key = (seat.url, seat.table)
            if key in self.probes:
                continue
            try:
                link = NetLink(seat.url, game_of(self.ctx, seat.game))
            except KeyError:
                continue
            link.watch(seat.table)
            self.probes[key] = link

    def _stop_probes(self) -> None:
        for link in self.probes.values():
            link.close()
        self.probes = {}

    def update(self, dt: float) -> None:
        super().update(dt)
        for key, link in list(self.probes.items()):
            for note in link.poll():
                if note.kind == "message" and isinstance(note.value, p.State):
                    seats = [s.seat for s in self.held if (s.url, s.table) == key]
                    if any(s in note.value.waiting for s in seats) and not note.value.over:
                        self.your_turn.add(key)
                    link.close()
                    del self.probes[key]
                    break
                if note.kind == "failed":
                    link.close()
                    del self.probes[key]
                    break

    def redraw_key(self) -> object:
        """The tables found waiting for our seat (the page is otherwise still)."""
        return tuple(sorted(self.your_turn))

    def url(self) -> str:
        return self._server()[0]

    def _server(self) -> tuple[str, str]:
        """The server (remembered for next time), and a pasted share link's code."""
        url, code = server_of(self.server)
        seats_file.remember_server(self.ctx.data_dir, url)
        return url, code

    def host(self) -> None:
        self.ctx.nav.push("online.host", url=self.url(), game=self.game)

    def join(self) -> None:
        url, code = self._server()  # a friend's link pasted here: Join opens with its code
        self.ctx.nav.push("online.join", url=url, code=code)

    def rejoin(self, seat: HeldSeat) -> None:
        """Take the seat back; at a table this computer served, its server starts again first
        (on the table's port: the friends' links lead there), or the one line why it cannot."""
        problem = hosting_of(self.ctx).start_for(seat)
        if problem:
            self.ctx.message = problem
            return
        link = NetLink(seat.url, game_of(self.ctx, seat.game))
        link.resume(seat.table, seat.seat, seat.token)
        self.ctx.nav.push("online.lobby", link=link, held=seat)

    def rejoin_table(self, url: str, table: str) -> None:
        """Rejoin the seat this app holds at `table` on `url`, as its Rejoin button does
        (nothing when it holds none there: forgotten meanwhile, the list stays)."""
        for seat in self.held:
            if (seat.url, seat.table) == (url, table):
                self.rejoin(seat)
                return

    def back(self) -> None:
        self.ctx.stack.pop()

    def exit(self) -> None:
        super().exit()
        self._stop_probes()

    def suspend(self) -> None:
        self._stop_probes()

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        draw_heading(surface, ctx, t("online.menu.heading", "Play online"))
        self.other.draw_label(surface, ctx)
        if self.held:
            top = HELD_TOP
            draw_panel(surface, pygame.FRect(220, top, 840, 60 + 46 * len(self.held)), PAPER)
            ctx.text.blit_centered(
                surface, t("online.menu.yours", "Your tables"), 30, INK, (640, top + 26)
            )
            for i, seat in enumerate(self.held):
                y = top + 72 + i * 46
                title = game_of(ctx, seat.game).title
                line = t(
                    "online.menu.held",
                    "{code}  ·  {game}  ·  seat {seat}",
                    code=seat.table,
                    game=title,
                    seat=seat.seat + 1,
                )
                surf = ctx.text.render(line, 26, INK)
                surface.blit(surf, surf.get_rect(midleft=(250, y)))
                if (seat.url, seat.table) in self.your_turn:
                    badge = ctx.text.render_outlined(
                        t("online.menu.your_turn", "your turn"), 24, YELLOW, INK, 2
                    )
                    surface.blit(badge, badge.get_rect(midright=(845, y)))
        else:
            ctx.text.blit_centered(
                surface,
                t("online.menu.none", "Host a table and share its code, or join a friend's."),
                28,
                WHITE,
                (640, 330),
                outline=INK,
                px=2,
            )
        self.draw_widgets(surface)


class JoinScene(UIScene):
    """Widgets: "code" (a code or a share link), "name" (the joiner's own name for the seat;
    left empty, the seat keeps the host's name for it), "go" (take a free seat), "watch" (see
    the table as no seat does: the public board, read only), "back", "nearby_N" for each table
    announced nearby (nearby_list.py: one click joins it), and "other_server", which opens
    "server" (collapsed: the default server, or the one used last)."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, url: str, code: str = "") -> None:
        super().__init__(ctx)
        self.server = self.add("server", server_field(ctx))
        self.server.rect = pygame.FRect(JOIN_FIELD_X, JOIN_SERVER_Y, JOIN_FIELD_W, 56)
        self.server.set_text(url)
        other = (JOIN_FIELD_X + (JOIN_FIELD_W - 300) / 2, JOIN_SERVER_Y + 6, 300, 44)
        self.other = OtherServer(self, self.server, other)
        self.code = self.add(
            "code",
            TextInput(
                (JOIN_FIELD_X, 150, JOIN_FIELD_W, 70),
                "",
                max_len=140,
                text_size=40,
                # (nothing that reads as a real code: a player once typed the example)
                placeholder=lt("online.join.placeholder_words", "Table code"),
                on_enter=self.go,
                on_change=self.follow_link,
            ),
        )
        self.name = self.add(
            "name",
            TextInput(
                (JOIN_FIELD_X, 252, 300, 56),
                (joiner_name(ctx) or "")[:20],
                max_len=20,
                text_size=28,
                # left empty, the seat keeps the name the host gave it
                placeholder=lt("online.join.name_optional", "Optional"),
                on_enter=self.go,
            ),
        )
        self.add(
            "go",
            Button(
                (JOIN_FIELD_X, 346, 200, 76),
                lt("online.join.go", "Join"),
                self.go,
                key=(pygame.K_RETURN, pygame.K_KP_ENTER),
                colour=GREEN,
                text_size=38,
            ),
        )
        self.add(
            "watch",
            Button(
                (JOIN_FIELD_X + JOIN_FIELD_W - 200, 346, 200, 76),
                lt("online.join.watch", "Watch"),
                self.watch,
                colour=BLUE,
                text_size=38,
            ),
        )
        self.add(
            "back",
            Button(
                (540, 640, 200, 56),
                lt("online.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=30,
            ),
        )
        self.problem = ""
        self.code.set_text(code)  # (a share link's, pasted into the menu's Server field)
        # beside the form: the tables announced on this network, one click to join each
        self.nearby = NearbyList(ctx, self, self.join_nearby)

    def enter(self) -> None:
        self.nearby.start()

    def resume(self) -> None:  # (back from the lobby: the list is looked for again)
        self.nearby.start()

    def pause(self) -> None:
        super().pause()
        self.nearby.stop()

    def exit(self) -> None:
        super().exit()
        self.nearby.stop()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.nearby.update()

    def redraw_key(self) -> object:
        """The tables nearby (the page is otherwise still)."""
        return self.nearby.redraw_key()

    def join_nearby(self, table: Nearby) -> None:
        """Join a table found nearby: its server and code in the fields, then Join."""
        self.server.set_text(table.url)
        self.code.set_text(table.code)
        self.go()

    def follow_link(self, text: str) -> None:
        """A pasted share link brings its own server: the Server field shows it at once, not
        only once Join is clicked (the table is looked for where the field says), and the code
        field keeps the code alone."""
        server, code = split_link(text)
        if server is not None:
            self.other.follow(server)
            if code:
                self.code.set_text(code)

    def go(self, watch: bool = False) -> None:
        url, link_code = server_of(self.server)  # a share link pasted as the server: its code
        server, code = split_link(self.code.text)
        if server is not None:
            self.server.set_text(server)
            url = server
        code = code or link_code
        if not code:
            self.problem = t("online.join.no_code", "Type the table's code first.")
            return
        self.code.set_text(code)
        name = self.name.text.strip() or None
        seats_file.remember_server(self.ctx.data_dir, url, name)
        self.ctx.nav.push("online.lobby", link=None, url=url, code=code, watch=watch, name=name)

    def watch(self) -> None:
        self.go(watch=True)

    def back(self) -> None:
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        draw_heading(surface, ctx, t("online.join.heading", "Join a table"))
        right = JOIN_FIELD_X - 20
        self.other.draw_label(surface, ctx)
        draw_label(surface, ctx, t("online.join.code", "Code or link"), right, 185)
        draw_label(surface, ctx, t("online.host.your_name", "Your name"), right, 280)
        self.nearby.draw(surface)
        if self.problem:
            ctx.text.blit_centered(
                surface,
                self.problem,
                28,
                YELLOW,
                (JOIN_FIELD_X + JOIN_FIELD_W / 2, 470),
                outline=INK,
                px=2,
            )
        self.draw_widgets(surface)
