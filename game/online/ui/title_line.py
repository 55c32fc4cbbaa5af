"""The title's "Your turn at N online tables" (the route `title.notice`, a
`game.core.ui.scenes.title.TitleNotice`): the servers of the seats this app keeps are asked in
the background (turn_probe.TurnWatcher) from the moment the title shows, and every 30 seconds
while it does; a click opens Play online, or the table when only one waits. No kept seat:
nothing is asked, no line."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tn
from game.online import tls

from . import seats_file
from .turn_probe import EVERY, TurnWatcher


class YourTurnLine:
    def __init__(self, ctx: Any, every: float = EVERY) -> None:
        self.ctx = ctx
        games = {game.id for game in ctx.games}
        kept = [seat for seat in seats_file.load(ctx.data_dir) if seat.game in games]
        if kept:  # (a wss:// server whose certificate the user trusted is asked too)
            tls.load_trusted(ctx.data_dir)
        self.watcher = TurnWatcher(kept, every) if kept else None

    def text(self) -> str | None:
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
        """Play online, where the tables are listed; when a single one waits for us, on to it
        at once, as its Rejoin button would (a click saved)."""
        menu = self.ctx.nav.push("online")
        waiting = self.watcher.waiting() if self.watcher is not None else set()
        if len(waiting) == 1:
            ((url, table),) = waiting
            menu.rejoin_table(url, table)

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.close()
