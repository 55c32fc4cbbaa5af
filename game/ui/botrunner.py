"""Computer players think in another process, so their thinking never stalls the frame rate
(a thread would hold the interpreter lock while the table draws)."""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

log = logging.getLogger(__name__)


def _choose(bot: Any, state: Any, seat: int) -> tuple[Any, Any]:
    """In the worker: the bot's move, and the bot itself (its random state moved on)."""
    return bot.choose(state, seat), bot


class BotRunner:
    """Runs `bot.choose` in a worker process; falls back to the caller's process if it must."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._broken = False

    def submit(self, bot: Any, state: Any, seat: int) -> Future:
        if not self._broken:
            try:
                if self._pool is None:
                    context = multiprocessing.get_context("spawn")  # no copy of SDL's threads
                    self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
                return self._pool.submit(_choose, bot, state, seat)
            except Exception as err:  # no processes here (sandbox, frozen app): think inline
                log.warning("bots will think in-process: %s", err)
                self._broken = True
        future: Future = Future()
        try:
            future.set_result(_choose(bot, state, seat))
        except Exception as err:
            future.set_exception(err)
        return future

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
