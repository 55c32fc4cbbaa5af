"""The title's online line (the route `title.notice`, a `game.core.ui.screens.title.TitleNotice`):

- "A table waits for you: Blanco with Anna — Reopen" when a table this computer served is
  unfinished, this app holds a seat there, and its server is not running (the app was closed
  mid-game: the friends' tables wait for the host). A click reopens it as its Rejoin does: the
  server started again on the table's port, the seat taken back, the friends back by
  themselves.
- Else "Your turn at N online tables": the servers of the seats this app keeps are asked in
  the background (turn_probe.TurnWatcher) from the moment the title shows, and every 30
  seconds while it does; a click opens Play online, or the table when only one waits.

No kept seat: nothing is asked, no line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import t, tn
from game.core.seat_names import in_language_now
from game.online import tls
from game.online.hosting import StoredTable, loopback_port, unfinished_tables

from . import seats_file
from .hosted import hosting_of
from .seats_file import HeldSeat
from .turn_probe import EVERY, TurnWatcher

if TYPE_CHECKING:
    from game.core.ui.context import Context

NAMED = 3  # the other seats named in the line at most


def waiting_here(ctx: Context, kept: list[HeldSeat]) -> tuple[HeldSeat, StoredTable] | None:
    """The newest seat this app keeps at an unfinished table of its own server, while that
    server is not running (None: no such table, or it is served now)."""
    hosting = hosting_of(ctx)
    if hosting.server.running:
        return None
    tables = unfinished_tables(hosting.server.db) if kept else {}
    for seat in kept:
        table = tables.get(seat.table)
        if table is not None and loopback_port(seat.url) is not None and table.game == seat.game:
            return seat, table
    return None


def reopen_line(ctx: Context, seat: HeldSeat, table: StoredTable) -> str:
    """ "A table waits for you: Blanco with Anna — Reopen" (the people first, then computers)."""
    others = [
        (kind == "computer", in_language_now(name, i, kind == "computer"))
        for i, (name, kind) in enumerate(table.seats)
        if i != seat.seat
    ]
    names = [name for _, name in sorted(others, key=lambda other: other[0])][:NAMED]
    return t(
        "online.title.reopen",
        "A table waits for you: {game} with {names} — Reopen",
        game=ctx.game_ui(table.game).game.title,
        names=", ".join(names),
    )


class YourTurnLine:
    """The route's notice (see the module's docstring): the waiting table to reopen, else the
    tables where it is our turn."""

    def __init__(self, ctx: Context, every: float = EVERY) -> None:
        self.ctx = ctx
        games = {game.id for game in ctx.games}
        kept = [seat for seat in seats_file.load(ctx.data_dir) if seat.game in games]
        self.reopen = waiting_here(ctx, kept)
        if kept:  # (a wss:// server whose certificate the user trusted is asked too)
            tls.load_trusted(ctx.data_dir)
        self.watcher = TurnWatcher(kept, every) if kept else None

    def text(self) -> str | None:
        if self.reopen is not None:
            return reopen_line(self.ctx, *self.reopen)
        count = self.watcher.count() if self.watcher is not None else 0
        if not count:
            return None
        return tn(
            "online.title.your_turn",
            count,
            "Your turn at {count} online table",
            "Your turn at {count} online tables",
        )

    def open(self) -> None:
        """The waiting table reopened; else Play online, where the tables are listed, and when
        a single one waits for us, on to it at once, as its Rejoin button would (a click
        saved)."""
        menu = self.ctx.nav.push("online")
        if self.reopen is not None:
            seat, _ = self.reopen
            menu.rejoin_table(seat.url, seat.table)
            return
        waiting = self.watcher.waiting() if self.watcher is not None else set()
        if len(waiting) == 1:
            ((url, table),) = waiting
            menu.rejoin_table(url, table)

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.close()
