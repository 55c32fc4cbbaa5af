"""A hostile host for the app: a server written from docs/PROTOCOL.md alone (websockets' own
server on 127.0.0.1, port 0, its own asyncio loop in a thread) that seats whoever joins or
resumes at a Blanco table of two, shows them an honest `state`, and then sends what its test
(or bench/abuse_host.py) tells it: anything at all, as text frames or raw bytes on the socket.
It keeps every message it received, per connection. And the app joining it by code, driven
headless by pygame events at the layout's positions, as a player does."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.blanco.entry import BLANCO
from game.core.play_loop import play, settle
from game.online.codec import event_json, view_json, wire_of
from game.online.ui.menu import JoinScene
from tests.test_online_helpers import LoopThread
from tests.ui_helpers import click, frames, type_text, wait

CODE = "KQ7-4XM"
TOKEN = "hostile-token"
COMMIT = "ab" * 32
#: What the server sends after its honest `state`: text frames (str) or raw bytes written to
#: the socket as they are (a frame cut short); a callable makes them for each connection.
Attack = Callable[[int], list[str | bytes]]


def seats(connected: bool = True) -> list[dict[str, Any]]:
    return [
        {"name": "Host", "kind": "human", "level": None, "free": False, "connected": connected},
        {"name": "Zoé", "kind": "human", "level": None, "free": False, "connected": True},
    ]


def honest_state(
    state: Any = None, events: list[Any] | None = None, commit: str | None = COMMIT, **extra: Any
) -> dict[str, Any]:
    """A `state` for seat 1 of a Blanco game of two (a fresh deal unless `state` is given):
    what an honest server sends, as JSON values to spoil as an attack needs."""
    if state is None:
        state, _ = BLANCO.rules.new_game(["Host", "Zoé"], 7)
    wire = wire_of(BLANCO)
    message: dict[str, Any] = {
        "type": "state",
        "table": CODE,
        "game": "blanco",
        "seat": 1,
        "version": len(state.actions),
        "view": view_json(wire, state.view_for(1)),
        "events": [event_json(wire, e) for e in events or []],
        "waiting": list(state.waiting_for()),
        "over": state.is_terminal(),
        "seats": seats(),
    }
    if commit is not None:
        message["commit"] = commit
    message.update(extra)
    return message


def text(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False)


class HostileServer:
    """See the module's docstring. `attack(n)`: what connection n (from 0) is sent after its
    `seated` and honest `state`; with `wait_for_go`, the first connection's attack waits for
    `go()` (the test's app at its table by then)."""

    def __init__(
        self,
        attack: Attack,
        first: dict[str, Any] | None = None,
        wait_for_go: bool = False,
        hang_up: bool = False,
        resumed: Callable[[int], str] | None = None,
    ) -> None:
        self.attack = attack
        self.hang_up = hang_up  # close each connection after its attack (the client resumes)
        self.resumed = resumed  # what a `resume` on connection n is answered (then closed)
        self.first = first if first is not None else honest_state()
        self.received: list[list[str]] = []  # per connection, every message it sent
        self.going = asyncio.Event()
        if not wait_for_go:
            self.going.set()
        self.running = LoopThread()
        self.listening = self.running.call(self._listen(), 10)
        self.url = f"ws://127.0.0.1:{next(iter(self.listening.sockets)).getsockname()[1]}"

    async def _listen(self) -> Server:
        return await serve(self._serve, "127.0.0.1", 0, max_size=2**20)

    async def _serve(self, ws: ServerConnection) -> None:
        number = len(self.received)
        heard: list[str] = []
        self.received.append(heard)
        try:
            first = await ws.recv()
            heard.append(str(first))
            kind = json.loads(first).get("type")
            if kind == "resume" and self.resumed is not None:
                await ws.send(self.resumed(number))
                await ws.close()
                return
            if kind in ("join", "resume"):
                seated = {"type": "seated", "table": CODE, "seat": 1, "token": TOKEN}
                await ws.send(text({**seated, "rate": 30.0, "protocol": 2}))
            else:
                await ws.send(text({"type": "watching", "table": CODE, "protocol": 2}))
            await ws.send(text(self.first))
            if number == 0:
                await self.going.wait()
            for frame in self.attack(number):
                if isinstance(frame, bytes):
                    ws.transport.write(frame)
                else:
                    await ws.send(frame)
            if self.hang_up:
                await ws.close(1012)  # "service restart": an honest drop, resumed
                return
            async for message in ws:  # (and then listen, as a server does)
                heard.append(str(message))
        except (ConnectionClosed, OSError):
            pass

    def go(self) -> None:
        self.running.loop.call_soon_threadsafe(self.going.set)

    def close(self) -> None:
        async def ending() -> None:
            self.listening.close()
            await self.listening.wait_closed()

        self.running.close(ending)


def open_files() -> int:
    """The file descriptors this process holds now (sockets among them)."""
    return len(os.listdir("/proc/self/fd"))


def rss_mb() -> float:
    """This process's resident memory now (VmRSS), in MB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def join_by_code(app: Any, url: str, code: str = CODE) -> Any:
    """Title, "Play online", the server typed in, Join, the code typed in, Join: the lobby."""
    from tests.test_online_ui import click_for_lobby, open_menu

    menu = open_menu(app, url)
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    click(app, join.widget("code").rect.center)
    type_text(app, code)
    return click_for_lobby(app, join.widget("go").rect.center)


def run_until(
    app: Any, done: Callable[[], bool], limit: float = 20.0, each: Callable[[], None] = lambda: None
) -> None:
    """Frames (the link answers in its own thread) until `done()`, `each()` after every one;
    fails past `limit` seconds (a deadline for a stuck test, not a speed check)."""
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"waited too long for {done}"
        wait(app)
        each()
        time.sleep(0.002)
    frames(app, 1)


def blanco_last_step(seed: int = 5) -> tuple[Any, list[Any], Any]:
    """A whole Blanco game of two played by Easy computers: (its state before the last step,
    that step's events as seat 1 sees them, its final state)."""
    state, _ = BLANCO.rules.new_game(["Host", "Zoé"], seed)
    bots = [BLANCO.bots.make_bot("easy", seed, seat) for seat in range(2)]
    settle(state)
    while True:
        seat = state.waiting_for()[0]
        before = state.clone()
        outcome = play(state, bots[seat].choose(state.view_for(seat), seat))
        assert outcome.ok
        if state.is_terminal():
            seen = [e for e in (state.redact(e, 1) for e in outcome.events) if e is not None]
            return before, seen, state
