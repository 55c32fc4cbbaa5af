"""Group commit: the actions of every table written together, one transaction (one disk flush)
per batch, in a worker thread so the event loop serves on while the disk works. Each action's
future resolves once its batch is committed (or fails with the batch's error): nothing is
acknowledged or shown before it is durable, and a busy server pays one flush for many actions.
"""

from __future__ import annotations

import asyncio

from .store import ActionRow, Store

MAX_BATCH = 1000  # actions in one transaction


class GroupCommit:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[str, ActionRow, asyncio.Future[None]]] = []
        self.writer: asyncio.Task[None] | None = None
        self.batches = 0  # transactions committed (a busy server: far fewer than actions)

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
            try:
                await asyncio.to_thread(self.store.add_actions, [(c, r) for c, r, _ in batch])
            except Exception as err:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(err)
                continue
            self.batches += 1
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)
