"""The app's line to a server, off the frame loop: a `SeatClient` on its own asyncio loop in a
daemon thread. No pygame: scenes call the non-blocking methods below and `poll()` once a frame
for what happened since (every server message, in order, and the link's own notes).

What a scene gets from `poll()` is a list of `Note`s: `("message", ServerMessage)` for each
frame the server sent, `("ready", None)` once a seat is taken (open, join, resume) or a table
watched, `("failed", code)` when that did not work (`unreachable`, or the server's error code),
`("lost", None)` when the line dropped (the link resumes the seat by itself, with backoff),
`("back", None)` once it has, and `("untrusted", UntrustedCertificate)` when a wss:// server's
certificate is not one the user trusts (`retry` once they do).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Coroutine
from typing import Any, NamedTuple

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.online import protocol as p
from game.online.client import ClientError, SeatClient
from game.online.tls import UntrustedCertificate

UNREACHABLE = "unreachable"
MAX_BACKOFF = 5.0  # a person waits at the screen: try again often


class Note(NamedTuple):
    kind: str  # "message", "ready", "failed", "lost", "back"
    value: Any = None


class NetLink:
    """One seat (or one watched table) on one server, driven from the UI thread."""

    def __init__(self, url: str, game: Any) -> None:
        self.url = url
        self.game = game
        self.notes: queue.Queue[Note] = queue.Queue()
        self.client = SeatClient(url, game, on_frame=self._frame, max_backoff=MAX_BACKOFF)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True, name="netlink")
        self.thread.start()
        self.reader: asyncio.Task[None] | None = None
        self.closed = False
        self.taking: Callable[[], Coroutine[Any, Any, Any]] | None = None  # (for `retry`)

    # -- what the UI thread calls (never blocks) -------------------------------------------
    def open(self, seats: list[p.SeatSpec], hold: float, sit: int | None = 0) -> None:
        self._start(lambda: self.client.open(seats, sit=sit, hold=hold))

    def join(self, code: str, seat: int | None = None, name: str | None = None) -> None:
        self._start(lambda: self.client.join(code, seat, name))

    def resume(self, table: str, seat: int, token: str) -> None:
        self.client.table, self.client.seat, self.client.token = table, seat, token
        self._start(self.client.resume)

    def rematch(self, table: str, seat: int, token: str) -> None:
        """Once the game at `table` is over: this seat at its rematch (see SeatClient.rematch)."""
        self.client.table, self.client.seat, self.client.token = table, seat, token
        self._start(self.client.rematch)

    def watch(self, code: str) -> None:
        self._start(lambda: self.client.watch(code))

    def act(self, action: Any) -> None:
        """Send an action for this seat, chosen against the last view (answered by messages)."""
        self._submit(self._act(action))

    def hand_over(self, table: str, host_token: str, seat: int, level: str) -> None:
        """(The host) give an away seat to a computer: the server answers with `seats`, or an
        `error` (`held` while the seat is still kept for its player)."""
        self._submit(self._send(p.HandOver(table, host_token, seat, level)))

    def say(self, phrase: str) -> None:
        """A phrase (protocol.PHRASES) to everyone at the table: its `said` comes back to all."""
        self._submit(self._send(p.Say(phrase)))

    def poll(self) -> list[Note]:
        notes: list[Note] = []
        while True:
            try:
                notes.append(self.notes.get_nowait())
            except queue.Empty:
                return notes

    def close(self) -> None:
        """Drop the line and stop the thread, without waiting (the seat stays held by the
        server; its token takes it back)."""
        if self.closed:
            return
        self.closed = True

        async def shut() -> None:
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:  # a connect or a read under way: ended, not left pending
                task.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*others, return_exceptions=True), 2)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 2)
            with contextlib.suppress(Exception):  # the thread that looked the server's name up
                await asyncio.wait_for(self.loop.shutdown_default_executor(), 2)
            self.loop.stop()

        asyncio.run_coroutine_threadsafe(shut(), self.loop)

    # -- the loop's side ----------------------------------------------------------------------
    def _run(self) -> None:
        """The thread: the loop until close() stops it, then closed (nothing of it left)."""
        try:
            self.loop.run_forever()
        finally:
            self.loop.close()

    def _frame(self, _client: SeatClient, text: str) -> None:
        with contextlib.suppress(p.BadMessage):
            self.notes.put(Note("message", p.decode_server(text)))

    def _submit(self, coro: Coroutine[Any, Any, None]) -> None:
        if self.closed:
            coro.close()
            return
        asyncio.run_coroutine_threadsafe(coro, self.loop)

    def retry(self) -> None:
        """Take the seat (or watch) again as last asked: after the user trusted the server's
        certificate (nothing was sent to it before)."""
        if self.taking is not None:
            self._start(self.taking)

    def _start(self, take: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        self.taking = take

        async def run() -> None:
            try:
                await take()
            except UntrustedCertificate as err:
                self.client.ws = None
                self.notes.put(Note("untrusted", err))
                return
            except ClientError as err:
                self.notes.put(Note("failed", err.code))
                return
            except (OSError, InvalidHandshake, InvalidURI, ConnectionClosed, TimeoutError):
                self.client.ws = None
                self.notes.put(Note("failed", UNREACHABLE))
                return
            self.notes.put(Note("ready"))
            self.reader = asyncio.get_running_loop().create_task(self._read())

        self._submit(run())

    async def _act(self, action: Any) -> None:
        # A drop is noticed by the reader, which resumes the seat and sends the action again.
        with contextlib.suppress(OSError, ConnectionClosed, ConnectionError):
            await self.client.act(action)

    async def _send(self, message: p.ClientMessage) -> None:
        with contextlib.suppress(OSError, ConnectionClosed, ConnectionError):
            await self.client.send(message)

    async def _read(self) -> None:
        """Read every message (`_frame` queues them); a dropped line is resumed."""
        while not self.closed:
            try:
                if self.client.ws is None:
                    if self.client.token is None:
                        return  # a watcher: nothing to resume
                    await self.client.reconnect()
                    self.notes.put(Note("back"))
                await self.client.receive()
            except ClientError as err:  # a refused action: the message is in the notes
                self.notes.put(Note("failed", err.code))
            except UntrustedCertificate as err:  # (its certificate changed meanwhile)
                self.client.ws = None
                self.notes.put(Note("untrusted", err))
                return
            except (OSError, ConnectionClosed, p.BadMessage):
                self.client.ws = None
                self.notes.put(Note("lost"))


def split_link(text: str) -> tuple[str | None, str]:
    """A pasted share link (`ws://host:port/#KQ7-4XM`) or a bare code: (server or None, code)."""
    text = text.strip()
    if "#" in text:
        url, _, code = text.partition("#")
        url = url.rstrip("/")
        if url.startswith("smlb://"):
            url = "ws://" + url[len("smlb://") :]
        return (url or None), code.strip()
    return None, text


def share_link(url: str, code: str) -> str:
    """What a host sends friends: the server and the table in one line (see split_link)."""
    return f"{url.rstrip('/')}/#{code}"
