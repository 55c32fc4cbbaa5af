"""A server table's writes: each action committed (group commit, commits.py) before the table
acknowledges or shows it, and the game's end stored once it is over.

A table holds one `Stored` (its code, the store, the commits shared by the hub's tables). A
write that fails is logged here and turned into the refusal its client is sent; the table
then reads itself back from the store, since a failed write may or may not have landed. The
game's end is written again later while the database is away: nothing waits on it.
"""

from __future__ import annotations

import asyncio
import logging

from .commits import GroupCommit
from .rows import StoreUnavailable, TablesLost
from .store import ActionRow, Store

log = logging.getLogger("game.online")


class Stored:
    def __init__(self, code: str, store: Store, commits: GroupCommit) -> None:
        self.code = code
        self.store = store
        self.commits = commits
        self._later: set[asyncio.Task[None]] = set()  # ends written again (kept from the GC)

    async def add(self, row: ActionRow, before: int) -> tuple[str, str] | None:
        """Commit the action (`before`: the table's version it was applied at): None once it
        is durable, else the refusal (code, reason) for its client, the failure logged."""
        try:
            await self.commits.add(self.code, row)
        except TablesLost:
            log.warning(
                "table %s: served by another server now; action %d dropped", self.code, before
            )
            return "storage", "the table moved to another server; send it again"
        except StoreUnavailable as err:
            log.warning("table %s: action %d not stored: %s", self.code, before, err)
            return "storage", "the action could not be stored; try again"
        except Exception:
            log.exception("table %s: storing action %d failed; reloading", self.code, before)
            return "storage", "the action could not be stored; try again"
        return None

    def finish(self, at: float) -> None:
        """Store that the game ended at `at` (a database away meanwhile: tried again later)."""
        try:
            self.store.finish(self.code, at)
        except StoreUnavailable:
            task = asyncio.get_running_loop().create_task(self._finish_later(at))
            self._later.add(task)
            task.add_done_callback(self._later.discard)

    async def _finish_later(self, at: float) -> None:
        delay = 0.5
        while True:
            await asyncio.sleep(delay)
            try:
                await asyncio.to_thread(self.store.finish, self.code, at)
                return
            except StoreUnavailable:
                delay = min(10.0, delay * 2)
