"""The app's line to a server, off the frame loop: a `SeatClient` on its own asyncio loop in a
daemon thread. No pygame: scenes call the non-blocking methods below and `poll()` once a frame
for what happened since (every server message, in order, and the link's own notes).

What a scene gets from `poll()` is a list of `Note`s: `("message", ServerMessage)` for each
frame the server sent, `("ready", None)` once a seat is taken (open, join, resume) or a table
watched, `("failed", code)` when that did not work (`unreachable`, or the server's error code),
`("lost", None)` when the line dropped (the link resumes the seat by itself, with backoff),
`("back", None)` once it has, and `("untrusted", UntrustedCertificate)` when a wss:// server's
certificate is not one the user trusts (`retry` once they do).

Every frame is decoded here, on the link's thread, into the game's own objects (reader.py: a
`state` comes as a ReadState), so a frame costs the frame loop nothing but taking them; `poll()`
hands one frame at most MAX_NOTES, and the link reads no further while that many wait. A frame
the game cannot read (reader.py) closes the socket, and the link comes back after a backoff;
after MAX_REFUSALS such frames without a newer `state` it could read between them, it stops:
`("failed", UNREADABLE)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from typing import Any, NamedTuple

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.frames import CloseCode

from game.online import protocol as p
from game.online.client import ClientError, SeatClient, backoff_delay
from game.online.tls import UntrustedCertificate

from .reader import ReadState, ServerReader

UNREACHABLE = "unreachable"
UNREADABLE = "unreadable"  # the server sends what this game cannot read (the link stopped)
MAX_BACKOFF = 5.0  # a person waits at the screen: try again often
MAX_REFUSALS = 3  # frames the game cannot read, no newer good `state` between: then it stops
MAX_NOTES = 64  # notes one poll() hands the frame loop; the link reads no more while they wait
WAIT_FOR_ROOM = 0.02  # seconds the link waits, that many notes queued, before looking again
#: Frames the link reads a second at most, in bursts of MAX_NOTES (an honest server sends a few
#: a step): a flood is read at this pace, so that the link's thread, which shares the
#: interpreter with the frame loop, never keeps it for long.
READ_RATE = 500.0


class Note(NamedTuple):
    kind: str  # "message", "ready", "failed", "lost", "back"
    value: Any = None


class NetLink:
    """One seat (or one watched table) on one server, driven from the UI thread."""

    def __init__(self, url: str, game: Any, games: Iterable[Any] = ()) -> None:
        """`game` None: the game is the one the server's first `state` names, of `games` (the
        app's); a game the app does not play comes undecoded (nothing of it is shown)."""
        self.url = url
        self.game = game
        self.notes: queue.Queue[Note] = queue.Queue()
        self.frames = ServerReader(game, games)
        self.client = SeatClient(url, game, read=self._read_frame, max_backoff=MAX_BACKOFF)
        # Frames the game could not read since a `state` newer than any before the last of
        # them (a server that sends the same honest snapshot between its bad frames gains
        # nothing), and in all: the backoff grows with those and never starts over.
        self.refusals = self.all_refusals = 0
        self.refused_at = -1  # the table's version when the last was refused
        self.waits: list[float] = []  # the backoffs chosen after those (the last few)
        self.reads, self.read_at = float(MAX_NOTES), time.monotonic()  # (READ_RATE's bucket)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True, name="netlink")
        self.thread.start()
        self.reader: asyncio.Task[None] | None = None
        self.closed = False
        self.taking: Callable[[], Awaitable[object]] | None = None  # (for `retry`)

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

    def act(self, action: object) -> None:
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
        """What came since the last call, in order, MAX_NOTES at most (the rest: next frame)."""
        notes: list[Note] = []
        while len(notes) < MAX_NOTES:
            try:
                notes.append(self.notes.get_nowait())
            except queue.Empty:
                break
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
            self.client.drop()  # (a line that would not close in time: its socket all the same)
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

    def _read_frame(self, text: str) -> p.ServerMessage:
        """(The link's thread) one frame, read whole into the game's objects and queued for
        the frame loop; BadMessage if the game cannot read it (nothing is queued)."""
        message = self.frames.read(text, self.client.seat)
        if isinstance(message, ReadState) and message.game_view is not None:
            if message.version > self.refused_at:
                self.refusals = 0
            if self.game is None:  # (a joiner: the game its first state named)
                self.game = self.client.game = self.frames.game
        self.notes.put(Note("message", message))
        return message

    def _refused(self) -> bool:
        """A frame the game could not read (or one too big to take): its socket closed now.
        Whether to come back (after `_backoff`), else the link stops, said once."""
        self.client.drop()
        self.refusals += 1
        self.all_refusals += 1
        self.refused_at = max(self.refused_at, self.client.version)
        if self.refusals >= MAX_REFUSALS:
            self.notes.put(Note("failed", UNREADABLE))
            return False
        return True

    async def _backoff(self) -> None:
        """Wait before coming back to a server that sent what the game could not read."""
        delay = backoff_delay(self.all_refusals - 1, self.client.max_backoff)
        self.waits = [*self.waits[-9:], delay]
        await asyncio.sleep(delay)

    async def _room(self) -> None:
        """Read no further while the frame loop has MAX_NOTES to take, nor faster than
        READ_RATE (a flood waits in the socket, not in memory nor in the frame loop's time)."""
        while self.notes.qsize() >= MAX_NOTES and not self.closed:
            await asyncio.sleep(WAIT_FOR_ROOM)
        now = time.monotonic()
        self.reads = min(float(MAX_NOTES), self.reads + (now - self.read_at) * READ_RATE)
        self.read_at = now
        if self.reads < 1:
            await asyncio.sleep((1 - self.reads) / READ_RATE)
            self.reads, self.read_at = 1.0, time.monotonic()
        self.reads -= 1

    def _submit(self, coro: Coroutine[object, None, None]) -> None:
        if self.closed:
            coro.close()
            return
        asyncio.run_coroutine_threadsafe(coro, self.loop)

    def retry(self) -> None:
        """Take the seat (or watch) again as last asked: after the user trusted the server's
        certificate (nothing was sent to it before)."""
        if self.taking is not None:
            self._start(self.taking)

    def _start(self, take: Callable[[], Awaitable[object]]) -> None:
        self.taking = take

        async def run() -> None:
            step = take
            while True:
                try:
                    await step()
                    break
                except UntrustedCertificate as err:
                    self.client.drop()
                    self.notes.put(Note("untrusted", err))
                    return
                except ClientError as err:
                    self.client.drop()
                    self.notes.put(Note("failed", err.code))
                    return
                except (p.BadMessage, ConnectionClosed) as err:
                    if not isinstance(err, p.BadMessage) and not _too_big(err):
                        self.client.drop()
                        self.notes.put(Note("failed", UNREACHABLE))
                        return
                    if not self._refused():
                        return
                    if self.client.token is not None:  # seated already: the seat taken back
                        step = self.client.resume
                    await self._backoff()
                except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
                    self.client.drop()
                    self.notes.put(Note("failed", UNREACHABLE))
                    return
            self.notes.put(Note("ready"))
            self.reader = asyncio.get_running_loop().create_task(self._read())

        self._submit(run())

    async def _act(self, action: object) -> None:
        # A drop is noticed by the reader, which resumes the seat and sends the action again.
        with contextlib.suppress(OSError, ConnectionClosed, ConnectionError):
            await self.client.act(action)

    async def _send(self, message: p.ClientMessage) -> None:
        with contextlib.suppress(OSError, ConnectionClosed, ConnectionError):
            await self.client.send(message)

    async def _read(self) -> None:
        """Read every message (`_read_frame` queues them); a dropped line is resumed, its
        socket closed first."""
        while not self.closed:
            try:
                if self.client.ws is None:
                    if self.client.token is not None:
                        await self.client.reconnect()
                    elif self.refusals and self.taking is not None:
                        await self.taking()  # a watcher after a refused frame: watch again
                    else:
                        return  # a watcher whose line dropped: nothing to resume
                    self.notes.put(Note("back"))
                await self._room()
                await self.client.receive()
            except ClientError as err:  # a refused action: the message is in the notes
                self.notes.put(Note("failed", err.code))
            except UntrustedCertificate as err:  # (its certificate changed meanwhile)
                self.client.drop()
                self.notes.put(Note("untrusted", err))
                return
            except (p.BadMessage, ConnectionClosed) as err:
                if isinstance(err, p.BadMessage) or _too_big(err):
                    if not self._refused():
                        return
                    self.notes.put(Note("lost"))
                    await self._backoff()
                else:
                    self.client.drop()
                    self.notes.put(Note("lost"))
            except OSError:
                self.client.drop()
                self.notes.put(Note("lost"))


def _too_big(err: ConnectionClosed) -> bool:
    """The line closed for a frame past the client's MAX_FRAME (refused as a bad frame is)."""
    return err.sent is not None and err.sent.code == CloseCode.MESSAGE_TOO_BIG


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
