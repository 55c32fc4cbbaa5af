"""What the online tests share: a real server on 127.0.0.1 (port 0) over a real SQLite file,
local play to compare with, a bounded asyncio runner, and an asyncio loop in a thread of its
own. (No tests in this module.)"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.catalog import game_by_id, games
from game.core import records
from game.core.entry import Game
from game.online.limits import Limits
from game.online.server import GameServer, bound_port, start
from game.online.stopping import end_the_other_tasks
from game.online.store import SqliteStore

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 20.0) -> T:
    """Run a test's coroutine, failing (not hanging) if it takes longer than `timeout`. The
    tasks left are ended inside the loop in rounds, as the game's own loops end them
    (`end_the_other_tasks`): asyncio.run cancels once, and a connection accepted as a test's
    server closed gets its handler only as the others end."""

    async def bounded() -> T:
        try:
            return await asyncio.wait_for(coro, timeout)
        finally:
            await end_the_other_tasks()

    return asyncio.run(bounded())


class LoopThread:
    """An asyncio loop running in a daemon thread of its own, beside what the test does in its
    thread (an app's frames): a server there, or a friend's client. `call` runs a coroutine
    there and waits for its result; `spawn` starts one. `close` ends it as the game's own loops
    end: `ending` first (a server closed), then every task left, in rounds, and the default
    executor, all inside the loop; the loop is closed once its thread has stopped (the join is
    bounded: a stuck thread is left, never waited for)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 20) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def spawn(self, coro: Coroutine[Any, Any, T]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def close(self, ending: Callable[[], Awaitable[None]] | None = None) -> None:
        async def end() -> None:
            try:
                if ending is not None:
                    await ending()
            finally:
                # (a connection accepted as a server closed, an app's link coming back at its
                # backoff's pace: their tasks end here, not collected later outside the loop)
                await end_the_other_tasks()
                await asyncio.get_running_loop().shutdown_default_executor()

        try:
            self.call(end(), 10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            if not self.thread.is_alive():
                self.loop.close()


#: The rate limit of the servers the tests start (`--rate-limit`; messages a second): their
#: bots' games go at the speed of the machine, not at the usual limit's 30 a second, which
#: made them mostly wait (their clients keep under the limit a server says). The tests of the
#: limit itself set their own (test_online_rate_limit) or keep the usual one (the flood).
TEST_RATE_LIMIT = 2000

#: The other limits of the test servers (game/online/limits.py): the usual ones, but that every
#: test's clients come from 127.0.0.1 (many connections and tables from one address), some
#: tables are of computers alone and a test may fail many look-ups on purpose. The tests of
#: the limits themselves (test_online_hostile*) keep the usual ones.
TEST_LIMITS = Limits(
    connections_per_address=100_000,
    tables_per_address=100_000,
    computer_tables=True,
    lookup_free=100_000,
    lookup_cutoff=100_000,
)


@contextlib.asynccontextmanager
async def running_server(
    db: Path,
    rate: float = TEST_RATE_LIMIT,
    limits: Limits = TEST_LIMITS,
    served: Sequence[Game[Any]] | None = None,
) -> AsyncIterator[tuple[str, GameServer]]:
    """A server playing `served` (the catalog's games unless told), as the command line's."""
    store = SqliteStore(db)
    # chosen seeds: the tests deal known deals, to compare with the same game played here
    server, game_server = await start(
        "127.0.0.1",
        0,
        store,
        games() if served is None else served,
        rate=rate,
        chosen_seeds=True,
        limits=limits,
    )
    try:
        yield f"ws://127.0.0.1:{bound_port(server)}", game_server
    finally:
        server.close()
        await server.wait_closed()
        store.close()


def without_online(record: dict[str, Any]) -> dict[str, Any]:
    """A server's record without its own writer field and its deal's commitment (checked by
    test_online_fair), to compare with a local one."""
    return {k: v for k, v in record.items() if k not in ("online", "commit")}


def play_locally(game_id: str, players: int, level: str, seed: int) -> dict[str, Any]:
    """The same table played in one process: bots decide from `view_for` of their seat."""
    game = game_by_id(game_id)
    state, _ = game.rules.new_game([f"Player {i + 1}" for i in range(players)], seed)
    bots = [game.bots.make_bot(level, seed, i) for i in range(players)]
    while not state.is_terminal():
        waiting = state.waiting_for()
        if not waiting:
            state.advance()
            continue
        seat = waiting[0]
        outcome = state.apply(bots[seat].choose(state.view_for(seat), seat))
        assert outcome.ok, outcome.refusal
    return game.rules.record_of(state)


def replayed_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record replayed locally through game.core.records, written again."""
    done = records.replay(record, records.game_of(record, games()))
    return done.game.rules.record_of(done.state)
