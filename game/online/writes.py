"""Frames written straight to a WebSocket's transport, as websockets' own `send` would (it is
pinned), without its async context manager: most frames find the line free, and the context
manager cost more than the write. Used by the server for every frame and by the clients for
their actions.

`Corked` gathers the frames a connection is sent in one turn of the event loop and writes them
in one go at the end of the turn: a step's `state` and the acting seat's `ack` reach it in one
system call, not two.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from websockets.asyncio.connection import Connection as WebSocket
from websockets.protocol import State as WsState


def writable(ws: WebSocket) -> bool:
    """Whether a frame may go out now: the connection open and its buffer with room."""
    return ws.protocol.state is WsState.OPEN and not ws.paused and not ws.transport.is_closing()


def flush(ws: WebSocket) -> None:
    """Write every frame the connection's protocol holds, joined into one write."""
    chunks = ws.protocol.data_to_send()
    if not chunks:
        return
    if ws.transport.is_closing():
        return  # cut or closing: nobody reads what would follow
    if all(chunks):
        ws.transport.write(chunks[0] if len(chunks) == 1 else b"".join(chunks))
        return
    # an end of stream among them (a close): websockets' own writing knows what to do
    for chunk in chunks:
        if chunk:
            ws.transport.write(chunk)
        elif ws.transport.can_write_eof():
            ws.transport.write_eof()
        else:
            ws.transport.close()


def send_now(ws: WebSocket, data: bytes) -> bool:
    """Write one text frame at once if the line is free: whether it was (else the caller
    sends it the slow way, `ws.send`, which waits for room)."""
    if not writable(ws):
        return False
    ws.protocol.send_text(data)
    flush(ws)
    return True


class Corked:
    """Connections with frames framed but not yet written: written together at the end of
    the event loop's turn (one callback for all of them)."""

    def __init__(self) -> None:
        self.waiting: list[WebSocket] = []
        self.loop: asyncio.AbstractEventLoop | None = None  # whose turn's end writes them

    def send(self, ws: WebSocket, data: bytes) -> None:
        """Frame `data` now (so it keeps its place before any later frame), write it at the
        end of this turn. The caller has checked `writable`."""
        ws.protocol.send_text(data)
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new loop (tests run many): the old one's turn is over
            self.loop, self.waiting = loop, []
        if not self.waiting:
            loop.call_soon(self.write_all)
        self.waiting.append(ws)

    def write_all(self) -> None:
        waiting, self.waiting = self.waiting, []
        for ws in _once(waiting):
            try:
                flush(ws)
            except Exception:  # a line that broke meanwhile: its reader sees it closed
                ws.transport.abort()


def _once(items: Iterable[WebSocket]) -> list[WebSocket]:
    return list(dict.fromkeys(items))
