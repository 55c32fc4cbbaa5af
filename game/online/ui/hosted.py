"""This app's own server, as the screens see it (hosting.HostedServer, one per app): started
for a new table on the port Settings names (under "Any free", the one served on last, kept
apart from the choice: the link friends were sent, and the seats held at the table, lead to the
same place after a restart); started again by a Rejoin of a table it served, on that table's
port; the links friends need, one per local network address; the question before the app
quits while friends sit at one of its tables; stopped as the app closes. Every failure is one
line for the screen. No pygame."""

from __future__ import annotations

import time
import weakref
from typing import TYPE_CHECKING

from game.core.i18n import t, tn
from game.core.ui.settings import save_settings
from game.online import announcer, hosting
from game.online.hosting import Failure, HostedServer, link_for, local_addresses, loopback_port
from game.online.limits import Limits

from . import seats_file
from .net import share_link
from .seats_file import HeldSeat

if TYPE_CHECKING:
    from game.core.ui.context import Context

_BY_APP: dict[int, Hosting] = {}  # id(ctx) -> its Hosting (dropped with the ctx)
ADDRESSES_KEPT = 10.0  # seconds the network addresses are kept before being looked up again


def hosting_of(ctx: Context) -> Hosting:
    """The app's Hosting (made the first time it is asked for)."""
    found = _BY_APP.get(id(ctx))
    if found is None or found.owner() is not ctx:
        found = _BY_APP[id(ctx)] = Hosting(ctx)
        weakref.finalize(ctx, _BY_APP.pop, id(ctx), None)
    return found


class Hosting:
    """The app's server and what the screens ask of it. It keeps the ctx weakly (the app's
    registry outlives no app) and registers its quit question and its stop with the ctx."""

    def __init__(self, ctx: Context) -> None:
        self.owner = weakref.ref(ctx)
        self.settings = ctx.settings
        self.data_dir = ctx.data_dir
        # (no /metrics: nobody monitors a player's own server, and its network sees the port)
        self.server = HostedServer(
            seats_file.folder(ctx.data_dir) / hosting.DB_FILE,
            ctx.rules_games,
            Limits(no_metrics=True),
        )
        announcer.announce_hosted(self.server)  # its tables with a free seat, on the network
        ctx.quit_guards.append(self.quit_question)
        ctx.closers.append(self.server.stop)
        self._addresses: tuple[float, list[str]] = (-ADDRESSES_KEPT, [])

    def addresses(self) -> list[str]:
        """This computer's local network addresses (hosting.local_addresses), looked up again
        ADDRESSES_KEPT seconds after the last time (a page drawn often does not ask each time)."""
        now = time.monotonic()
        at, found = self._addresses
        if now - at >= ADDRESSES_KEPT:
            found = local_addresses()
            self._addresses = (now, found)
        return found

    # -- starting ------------------------------------------------------------------------------
    def start_for_new_table(self) -> str | None:
        """Serve (when not already) on the port Settings names. Under "Any free" (0, which
        stays the player's choice), the port served on last is tried first and the one served
        on is remembered apart (`host_port_kept`): links and seats survive a restart; taken
        meanwhile, any free one serves. The failure to listen, in one line (None: listening)."""
        settings = self.settings
        if settings.host_port:
            failure = self.server.start(settings.host_port)
        else:
            if settings.host_port_kept:
                self.server.start(settings.host_port_kept)
            failure = None if self.server.running else self.server.start(0)  # (taken: any)
        if failure is not None:
            return failure_line(failure, rejoin=False)
        if not settings.host_port and self.server.port != settings.host_port_kept:
            settings.host_port_kept = self.server.port
            save_settings(settings, self.data_dir)  # (a failure: chosen again next time)
        return None

    def hosted_here(self, seat: HeldSeat) -> bool:
        """Whether the seat is at a table this computer serves (its own database holds it)."""
        return loopback_port(seat.url) is not None and seat.table in hosting.stored_tables(
            self.server.db
        )

    def start_for(self, seat: HeldSeat) -> str | None:
        """Before a Rejoin: a table this computer served is served again, on its port. The
        failure, in one line (None: served, or not a table of ours)."""
        if not self.hosted_here(seat):
            return None
        port = loopback_port(seat.url)
        assert port is not None
        if self.server.running:
            if self.server.port == port:
                return None
            return t(
                "online.hosted.other_port",
                "This computer serves on port {now} now, not {then}: close the app and open it "
                "again to serve that table.",
                now=self.server.port,
                then=port,
            )
        failure = self.server.start(port)
        return failure_line(failure, rejoin=True) if failure is not None else None

    # -- what the screens show ---------------------------------------------------------------
    def serves(self, url: str) -> bool:
        """Whether `url` is this app's own server (running)."""
        return self.server.running and loopback_port(url) == self.server.port

    def share_links(self, url: str, code: str) -> list[str]:
        """The links friends need for the table at `url`: one per local network address of
        this computer when it serves the table (never 127.0.0.1, while it has another); the
        table's own link otherwise."""
        if not self.serves(url):
            return [share_link(url, code)]
        addresses = self.addresses()
        if not addresses:  # on no network: only this computer itself can come
            return [share_link(url, code)]
        return [share_link(link_for(a, self.server.port), code) for a in addresses]

    def quit_question(self) -> str | None:
        """What quitting does to the friends at this app's tables (None: nobody there)."""
        if not self.server.running:
            return None
        mine = {
            (s.table, s.seat)
            for s in seats_file.load(self.data_dir)
            if loopback_port(s.url) == self.server.port
        }
        seated = self.server.seated(mine)
        if not seated:
            return None
        count = sum(s.count for s in seated)
        return tn(
            "online.hosted.quit",
            count,
            "A friend sits at your table {tables}. If you quit, their game waits; it goes on "
            "when you open the app and rejoin. Quit now?",
            "{count} friends sit at your table {tables}. If you quit, their game waits; it goes "
            "on when you open the app and rejoin. Quit now?",
            tables=", ".join(s.table for s in seated),
        )


def failure_line(failure: Failure, rejoin: bool) -> str:
    """Why this computer's server could not start, in one line."""
    port = failure.port
    if failure.kind == "port_taken":
        if rejoin:
            return t(
                "online.hosted.port_taken_rejoin",
                "Port {port}, where this table is served, is taken by another program: close "
                "it and try again.",
                port=port,
            )
        return t(
            "online.hosted.port_taken",
            "Port {port} is taken by another program: choose another in Settings.",
            port=port,
        )
    if failure.kind == "not_allowed":
        return t(
            "online.hosted.not_allowed",
            "Port {port} is reserved by the system: choose one above 1024 in Settings.",
            port=port,
        )
    if failure.kind == "no_network":
        return t(
            "online.hosted.no_network",
            "This computer is on no network: friends cannot reach it.",
        )
    if failure.kind == "storage":
        return t(
            "online.hosted.storage",
            "The server cannot open its tables: {why}",
            why=failure.detail,
        )
    return t("online.hosted.failed", "The server could not start: {why}", why=failure.detail)
