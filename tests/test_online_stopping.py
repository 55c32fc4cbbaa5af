"""A server stops clean with a client that connected and never said hello (a slow opener, or
an attacker holding connections half-open): its stop cuts that connection at once, not at
the handshake's deadline, and however the server's main coroutine ends, every task left is
ended inside its loop (`stopping.run_without_waiting`, which runs the command line's server
and the app's own). A handshake left pending once outlived its loop when the main coroutine
raised; collected later, outside any loop, its clean-up failed with "no running event loop",
a warning printed under whichever test ran next. A real server on 127.0.0.1 (port 0) and a
real client socket."""

from __future__ import annotations

import asyncio
import gc
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.catalog import games
from game.online.server import STOP_SECONDS, start
from game.online.stopping import end_the_other_tasks, run_without_waiting, stop_gracefully
from game.online.store import SqliteStore
from tests.test_online_helpers import run


@pytest.fixture
def unraisable() -> Iterator[list[Any]]:
    """The exceptions Python could not raise anywhere (a coroutine's clean-up failing as it is
    collected), from now until the test ends."""
    caught: list[Any] = []
    before = sys.unraisablehook
    sys.unraisablehook = caught.append
    try:
        yield caught
    finally:
        sys.unraisablehook = before


class Failed(Exception):
    """The server's main coroutine failing on purpose."""


def serve_a_silent_client(db: Path, ending: str, silent: list[socket.socket]) -> list[int]:
    """Run a game server with a client that connects and says nothing, then end it
    (`ending`): "stops" as SIGTERM does (`stop_gracefully`), or "raises" (its listener and
    store closed first, the handshake still waiting). Returns, for a stop, how many of the
    server's connection handlers were still running once it returned; the client's socket
    goes into `silent`, for the caller to close (its peer is the server's port)."""
    left: list[int] = []

    async def main() -> int:
        store = SqliteStore(db)
        server, game_server = await start("127.0.0.1", 0, store, games())
        port = next(iter(server.sockets)).getsockname()[1]
        silent.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        for _ in range(500):  # until the server has taken the connection in (its handshake)
            if server.handler_tasks:
                break
            await asyncio.sleep(0.01)
        assert server.handler_tasks, "the server never took the silent client's connection"
        if ending == "stops":
            await stop_gracefully(server, game_server, store, STOP_SECONDS)
            left.append(len(server.handler_tasks))
            return 0
        server.close()
        store.close()
        raise Failed

    try:
        assert run_without_waiting(main()) == 0
    except Failed:
        assert ending == "raises"  # (what main raised still reaches its caller)
    return left


def about_our_server(unraisable: list[Any], silent: list[socket.socket]) -> list[str]:
    """The unraisable exceptions that concern the test's server: its handshake's clean-up, or
    a socket of its port left to the collector (other tests' leftovers may be collected too)."""
    port = silent[0].getpeername()[1] if silent else -1
    texts = [str(u.exc_value) for u in unraisable]
    return [t for t in texts if "no running event loop" in t or f"'127.0.0.1', {port})" in t]


@pytest.mark.filterwarnings("error::ResourceWarning")  # (a socket left to the collector fails)
def test_a_stop_cuts_a_connection_still_in_its_handshake_at_once(
    tmp_path: Path, unraisable: list[Any]
) -> None:
    silent: list[socket.socket] = []
    try:
        left = serve_a_silent_client(tmp_path / "t.db", "stops", silent)
        gc.collect()
        silent[0].settimeout(5)
        cut = silent[0].recv(1) == b""  # (the server's side is closed: end of stream)
        ours = about_our_server(unraisable, silent)
    finally:
        for client in silent:
            client.close()
    # The handshake's own deadline (5 s) is longer than the stop (1.5 s): only the stop's cut
    # ended its handler within it.
    assert left == [0]
    assert cut
    assert ours == []


def test_a_handshake_under_way_is_ended_inside_the_loop_when_main_raises(
    tmp_path: Path, unraisable: list[Any]
) -> None:
    silent: list[socket.socket] = []
    try:
        assert serve_a_silent_client(tmp_path / "t.db", "raises", silent) == []
        gc.collect()  # (a task left pending would be collected here, outside its loop)
        ours = about_our_server(unraisable, silent)
    finally:
        for client in silent:
            client.close()
    assert len(silent) == 1
    # (the socket of a cancelled handshake is the collector's to close: websockets aborts one
    # only on an Exception, and a cancel is not one; Python ignores that warning by default)
    assert [t for t in ours if "no running event loop" in t] == []


async def starts_another_as_it_ends(ended: list[str]) -> None:
    """A task that waits for ever and, as it ends, starts another that does (a connection's
    close does): each notes its end in `ended`."""

    async def waits_for_ever(name: str) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            ended.append(name)

    try:
        await asyncio.Event().wait()
    finally:
        asyncio.get_running_loop().create_task(waits_for_ever("started at its end"))
        ended.append("first")


def test_a_task_started_while_the_others_end_is_ended_too() -> None:
    """A task's clean-up may start another (a connection's close does): that one is cancelled
    and ended inside the loop as well, not left pending as the loop closes."""
    ended: list[str] = []

    async def main() -> int:
        asyncio.get_running_loop().create_task(starts_another_as_it_ends(ended))
        await asyncio.sleep(0)  # (the task under way)
        return 0

    assert run_without_waiting(main()) == 0
    assert ended == ["first", "started at its end"]


def test_the_tests_server_threads_end_a_task_started_while_they_end_the_others() -> None:
    """The servers the tests run in threads of their own end their loops with
    end_the_other_tasks: a task started as another ends (a connection accepted during the
    close) is ended there too. Left pending, it outlived its loop and failed under a later
    test ("no running event loop", seen in test_playtest3_finish)."""
    ended: list[str] = []

    async def main() -> list[asyncio.Task[Any]]:
        asyncio.get_running_loop().create_task(starts_another_as_it_ends(ended))
        await asyncio.sleep(0)  # (the task under way)
        await end_the_other_tasks()
        return [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]

    loop = asyncio.new_event_loop()
    try:
        assert loop.run_until_complete(main()) == []
    finally:
        loop.close()
    assert ended == ["first", "started at its end"]


def test_the_tests_runner_ends_a_task_started_while_it_ends_the_others() -> None:
    """`run`, which most online tests hand their server and clients to, ends its loop's tasks
    in rounds too: a connection accepted as a test's server closed gets its handler as the
    other tasks end. Left pending, such a handler outlives the loop and fails under a later
    test ("no running event loop" in a websockets handshake, a warning seen under test_wire).
    The collector is held still, so that nothing ends the task but `run` itself."""
    ended: list[str] = []

    async def main() -> int:
        asyncio.get_running_loop().create_task(starts_another_as_it_ends(ended))
        await asyncio.sleep(0)  # (the task under way)
        return 7

    gc.disable()
    try:
        assert run(main()) == 7
        assert ended == ["first", "started at its end"]
    finally:
        gc.enable()
