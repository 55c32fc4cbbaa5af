"""How the server stops (SIGTERM, Ctrl-C) within a bound, even while computers think: its
clients closed, the actions being committed committed, the database closed, and the process
gone without waiting for the threads still thinking (their moves are simply not made: the
table is stored as acknowledged, and its computers think again at the next start)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import threading
from collections.abc import Coroutine, Iterable
from typing import Protocol

from websockets.asyncio.server import Server
from websockets.protocol import State

from .commits import GroupCommit
from .connection import Connection
from .doorway import Doorway
from .store import Store


class Hubbed(Protocol):
    @property
    def commits(self) -> GroupCommit: ...


class Stoppable(Protocol):
    """What a stop touches of the server (server.GameServer)."""

    @property
    def connections(self) -> Iterable[Connection]: ...

    @property
    def hub(self) -> Hubbed: ...

    @property
    def doorway(self) -> Doorway: ...

    def stop_sweeping(self) -> None: ...


async def say_to_everyone(game_server: Stoppable, text: str, seconds: float) -> None:
    """Send every client `text` (a `notice`) and wait, `seconds` at most, until it has left
    for each (written, not queued): news before a stop arrives before the line closes."""
    connections = list(game_server.connections)
    for conn in connections:
        conn.send(text)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    await asyncio.sleep(0)  # (the frames sent this turn are written at its end)
    while loop.time() < deadline and any(
        not conn.queue.empty() or conn.writing_since is not None for conn in connections
    ):
        await asyncio.sleep(0.01)


async def stop_gracefully(
    server: Server, game_server: Stoppable, store: Store, seconds: float
) -> None:
    """Stop within `seconds` (SIGTERM, Ctrl-C), losing nothing acknowledged: no new
    connections, every client told the server is going (1001; one that does not answer in
    time is cut), the actions being committed committed, then the database closed. A
    computer still thinking simply has not moved yet: its move is thought again from the
    stored table at the next start (nothing waits for its thread: `main` exits without it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    game_server.stop_sweeping()
    server.close()
    # A connection still in its handshake (or one that never says hello) holds nothing: cut
    # at once, it would otherwise hold the stop until its handshake's deadline.
    for guarded in list(game_server.doorway.inside):
        if guarded.state is State.CONNECTING:
            guarded.transport.abort()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(asyncio.shield(server.wait_closed()), seconds / 2)
    for conn in list(game_server.connections):  # (a client that did not answer the close)
        conn.ws.transport.abort()
    # The handlers of the connections cut end now (a seat's leaving is stored by them): the
    # database closes after them, never under them.
    with contextlib.suppress(TimeoutError):
        left = max(0.05, min(seconds / 4, deadline - loop.time()))
        await asyncio.wait_for(asyncio.shield(server.wait_closed()), left)
    writer = game_server.hub.commits.writer
    if writer is not None and not writer.done():
        await asyncio.wait({writer}, timeout=max(0.05, deadline - loop.time()))
    store.close()  # (at once after the writer: no commit starts in between)


def run_without_waiting(main: Coroutine[object, None, int]) -> int:
    """asyncio.run, but without waiting for the worker threads at the end (asyncio.run joins
    them: a computer thinking would hold a stop for seconds): the tasks left are cancelled
    and the loop closed, whether `main` returned or raised."""
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(main)
    finally:
        try:
            loop.run_until_complete(end_the_other_tasks())
        finally:
            loop.close()  # (the default executor shut down without waiting)


async def end_the_other_tasks(rounds: int = 5) -> None:
    """Cancel every task of the running loop but this one and let them end inside it, before
    the loop closes (here, and in the tests' servers that run a loop in a thread of their
    own). A task left pending (a client's handshake under way, a connection accepted as its
    server closed) would be collected later, outside any loop: its clean-up then fails with
    "no running event loop", printed into whatever runs next. A task may start another as it
    ends (a connection accepted during the close is handed its handler then), hence a few
    rounds."""
    for _ in range(rounds):
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        if not others:
            return
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)


def exit_without_threads(code: int) -> int:
    """`code`, or, with worker threads still running (computers thinking: an Expert's move
    takes seconds, and Python's exit would join them), the process ended at once with it, its
    output flushed (the database is closed already: nothing is lost)."""
    if any(t is not threading.main_thread() and t.is_alive() for t in threading.enumerate()):
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code
