"""A hostile client against the server's limits on connections and look-ups (docs/PROTOCOL.md,
"Limits"): a real server on 127.0.0.1 port 0 and real attacker clients, each other address of
127.0.0.0/8 standing for another machine. Each limit is set low here (the defaults' values are
the server's options), so the attack reaches it in a moment."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.catalog import game_by_id
from game.core.paths import ROOT
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.limits import Limits, OncePerSecond
from tests.test_online_helpers import run, running_server

BLANCO = game_by_id("blanco")
LIMITS = Limits()  # the defaults: each test sets its own few lower


async def _ws(url: str, source: str) -> ClientConnection:
    """A raw WebSocket from `source` (an address of 127.0.0.0/8: another machine)."""
    return await connect(url, local_addr=(source, 0), open_timeout=5)


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


async def _until_closed(ws: ClientConnection, within: float) -> int | None:
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(within):
            while True:
                await ws.recv()
    return ws.close_code


async def _refused(url: str, source: str) -> bool:
    """Whether a connection from `source` is turned away at the door (503)."""
    try:
        ws = await _ws(url, source)
    except InvalidStatus as err:
        return err.response.status_code == 503
    except (InvalidHandshake, OSError):
        return True
    await ws.close()
    return False


def test_connections_are_limited_per_address_and_in_all_and_refusals_log_once_a_second(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One address gets its few connections and no more; the others still get in, up to the
    server's whole; a flood of refusals writes a line a second, not one each. (The address's
    connections watch a table: one at no table would be let go for its next, doorway.py.)"""
    limits = dataclasses.replace(LIMITS, connections_per_address=4, connections=8)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = SeatClient(url, BLANCO)
            host.local_addr = ("127.0.0.5", 0)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], sit=0)
            mine = [await _ws(url, "127.0.0.2") for _ in range(4)]
            for ws in mine:
                await ws.send(p.encode(p.Watch(code)))
                assert (await _next(ws))["type"] == "watching"
            assert await _refused(url, "127.0.0.2")
            for _ in range(100):  # the flood: every one refused at once
                assert await _refused(url, "127.0.0.2")
            others = [await _ws(url, "127.0.0.3") for _ in range(3)]  # the whole: 8
            assert server.door.total == 8 and server.door.refused == 101
            # A third machine on a full server: the oldest connection at no table, of the
            # address holding most of those, goes to make room; never a seated player.
            honest = await _ws(url, "127.0.0.4")
            assert await _until_closed(others[0], 5) == 1013
            assert server.door.total == 8 and server.door.refused == 101
            await honest.send(p.encode(p.Watch("ZZZ-ZZZ")))
            assert (await _next(honest))["code"] == "no_such_table"
            assert host.ws is not None and host.ws.state.name == "OPEN"
            for ws in [*mine, *others[1:], honest]:
                await ws.close()
            await host.close()

    with caplog.at_level(logging.WARNING, logger="game.online"):
        run(scenario())
    lines = [r.getMessage() for r in caplog.records if "refused a connection" in r.getMessage()]
    assert 1 <= len(lines) <= 4  # 101 refusals in a second or two
    assert any("more like it" in line for line in lines) or len(lines) == 1


def test_a_repeated_log_line_is_written_once_a_second_with_the_count_left_out() -> None:
    now = [0.0]
    once = OncePerSecond(clock=lambda: now[0])
    logger = logging.getLogger("tests.once")
    records = [
        logger.makeRecord("tests.once", logging.ERROR, "f", 1, "accept: %s", ("EMFILE",), None)
        for _ in range(1000)
    ]
    kept = [r for r in records[:500] if once.filter(r)]
    now[0] = 1.5
    kept += [r for r in records[500:] if once.filter(r)]
    assert len(kept) == 2
    assert "499 more like it" in kept[1].getMessage()
    other = logger.makeRecord("tests.once", logging.ERROR, "f", 1, "another %s", ("x",), None)
    assert once.filter(other)  # another message is its own


def test_a_connection_that_takes_no_seat_is_closed_and_one_watching_is_not(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(LIMITS, idle_seconds=0.6, handshake_seconds=0.6)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = SeatClient(url, BLANCO)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            idle = await _ws(url, "127.0.0.2")
            watcher = await _ws(url, "127.0.0.3")
            await watcher.send(p.encode(p.Watch(code)))
            assert (await _next(watcher))["type"] == "watching"
            started = time.monotonic()
            assert await _until_closed(idle, 30) == 1008  # (30 s: a deadline for a hang only)
            assert time.monotonic() - started >= 0.5  # not before its idle time
            # A bare TCP connection that never opens its WebSocket is cut too.
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", int(url.rsplit(":", 1)[1]), local_addr=("127.0.0.4", 0)
            )
            assert await asyncio.wait_for(reader.read(), 5) == b""
            writer.close()
            await asyncio.sleep(0.5)
            assert watcher.state.name == "OPEN" and host.ws is not None
            await watcher.close()
            await host.close()

    run(scenario())


def test_failed_look_ups_slow_down_then_cut_the_address_off(tmp_path: Path) -> None:
    """Guessing codes: the first few misses are answered at once, then each waits twice as
    long, and at the cut-off the address's look-ups are refused at once (its connections
    stay, and new ones are let in); a player elsewhere goes on."""
    limits = dataclasses.replace(LIMITS, lookup_free=5, lookup_cutoff=11, cutoff_seconds=60)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = SeatClient(url, BLANCO)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            guesser = await _ws(url, "127.0.0.2")
            times, waits = [], []
            for i in range(10):
                waits.append(server.lookups.delay("127.0.0.2"))  # what this look-up waits
                started = time.monotonic()
                await guesser.send(p.encode(p.Watch(f"ZZZ-ZZ{i + 2}")))
                assert (await _next(guesser))["code"] == "no_such_table"
                times.append(time.monotonic() - started)
            assert waits == [0.0] * 5 + [0.05 * 2**k for k in range(5)]  # free, then slowed
            # ... and the answers did wait that long (each twice the one before).
            assert all(took >= wait * 0.9 for took, wait in zip(times, waits, strict=True))
            await guesser.send(p.encode(p.Resume(code, 1, "x")))
            assert (await _next(guesser))["code"] == "bad_token"  # the 11th: the cut-off
            assert (await _next(guesser))["code"] == "cut_off"
            await guesser.send(p.encode(p.Watch(code)))  # even the right code: cut off
            assert (await _next(guesser))["code"] == "cut_off"
            assert not await _refused(url, "127.0.0.2")
            friend = SeatClient(url, BLANCO)
            friend.local_addr = ("127.0.0.3", 0)
            assert await friend.join(code) == 1  # the right code elsewhere: straight in
            await friend.close()
            await host.close()

    run(scenario(), timeout=30)


def test_the_server_raises_its_open_file_limit_to_the_hard_limit(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip("the hard open-file limit is too low to lower the soft one")

    def low_soft_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))

    server = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "main.py"),
            "--serve",
            "--port",
            "0",
            "--db",
            str(tmp_path / "t.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=low_soft_limit,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        for _ in range(50):
            line = server.stdout.readline()
            if line.startswith("serving"):
                break
        limits = Path(f"/proc/{server.pid}/limits").read_text()
        row = next(r for r in limits.splitlines() if r.startswith("Max open files"))
        now_soft, now_hard = row.split()[3:5]
        assert now_soft == now_hard != "256"
    finally:
        server.terminate()
        server.wait(10)
