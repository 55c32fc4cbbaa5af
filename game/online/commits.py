"""Group commit: the actions of every table written together, one transaction (one disk flush)
per batch, in a worker thread so the event loop serves on while the disk works. Each action's
future resolves once its batch is committed (or fails with the batch's error): nothing is
acknowledged or shown before it is durable, and a busy server pays one flush for many actions.

A database that cannot be reached (`StoreUnavailable`: it restarts) is waited for: the batch is
written again with backoff for up to MAX_WAIT seconds, its actions still unanswered, and
`on_trouble` says when the waiting starts and ends (the server tells its clients). Actions of
tables this process lost meanwhile (`TablesLost`) fail alone; the rest of their batch is written.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .rows import StoreUnavailable, TablesLost
from .store import ActionRow, Store

log = logging.getLogger("game.online")

MAX_BATCH = 1000  # actions in one transaction
MAX_WAIT = 120.0  # seconds a batch waits for its database before its actions fail
FIRST_RETRY, MAX_RETRY = 0.1, 2.0  # seconds between tries: doubling from the first to the most

Waiting = tuple[str, ActionRow, asyncio.Future[None]]


class GroupCommit:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[Waiting] = []
        self.writer: asyncio.Task[None] | None = None
        self.batches = 0  # transactions committed (a busy server: far fewer than actions)
        self.troubled = False  # waiting for the database now
        self.on_trouble: Callable[[bool], None] | None = None  # told when that changes
        # told (actions, seconds) after each commit (the server's metrics)
        self.on_committed: Callable[[int, float], None] | None = None

    def add(self, code: str, row: ActionRow) -> asyncio.Future[None]:
        """Queue one action; await the future for its commit."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((code, row, done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        return done

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting[:MAX_BATCH], self.waiting[MAX_BATCH:]
            await self._commit(batch)

    async def _commit(self, batch: list[Waiting]) -> None:
        loop = asyncio.get_running_loop()
        began, delay = loop.time(), FIRST_RETRY
        while batch:
            try:
                started = loop.time()
                await asyncio.to_thread(self.store.add_actions, [(c, r) for c, r, _ in batch])
            except TablesLost as err:
                _fail([w for w in batch if w[0] in err.codes], err)
                batch = [w for w in batch if w[0] not in err.codes]
                continue
            except StoreUnavailable as err:
                if loop.time() - began >= MAX_WAIT:
                    log.warning("gave up storing %d actions: %s", len(batch), err)
                    _fail(batch, err)
                    return
                if not self.troubled:
                    log.warning("the database is away (%s): %d actions wait", err, len(batch))
                    self._set_troubled(True)
                await asyncio.sleep(delay)
                delay = min(MAX_RETRY, delay * 2)
                continue
            except Exception as err:
                _fail(batch, err)
                return
            self.batches += 1
            if self.on_committed is not None:
                self.on_committed(len(batch), loop.time() - started)
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)
            if self.troubled:
                log.info("the database is back: the waiting actions are stored")
                self._set_troubled(False)
            return

    def _set_troubled(self, troubled: bool) -> None:
        self.troubled = troubled
        if self.on_trouble is not None:
            self.on_trouble(troubled)


def _fail(batch: list[Waiting], err: BaseException) -> None:
    for _, _, done in batch:
        if not done.done():
            done.set_exception(err)
