"""A hostile client against the server's limits on tables, seats, watchers, computers and the
texts it sends (docs/PROTOCOL.md, "Limits"): a real server on 127.0.0.1 port 0, real attacker
clients from other addresses of 127.0.0.0/8."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import sqlite3
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import ClientError, SeatClient, play_table
from game.online.limits import Limits
from tests.test_online_helpers import run, running_server

BLANCO = game_by_id("blanco")
LUCKYBOX = game_by_id("luckybox")
LIMITS = Limits()


def _client(url: str, game: Any, source: str) -> SeatClient:
    client = SeatClient(url, game)
    client.local_addr = (source, 0)
    return client


async def _ws(url: str, source: str) -> ClientConnection:
    return await connect(url, local_addr=(source, 0), open_timeout=5)


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


async def _error(client: SeatClient) -> str:
    with pytest.raises(ClientError) as refused:
        await client._until(p.Opened, p.Seated, p.Watching)
    return refused.value.code


def test_one_address_opens_a_few_unfinished_tables_and_each_needs_a_human_seat(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(LIMITS, tables_per_address=3)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            first = _client(url, BLANCO, "127.0.0.2")
            await first.connect()
            await first.send(p.Open("blanco", [p.SeatSpec("Bot", "hard")] * 2))
            assert await _error(first) == "bad_open"  # computers alone: no table
            for _ in range(2):
                await first.open([p.SeatSpec("A"), p.SeatSpec("B", "hard")], sit=None)
            await first.close()
            again = _client(url, BLANCO, "127.0.0.2")  # a new connection: the same address
            await again.open([p.SeatSpec("A"), p.SeatSpec("B", "hard")], sit=None)
            await again.send(p.Open("blanco", [p.SeatSpec("A"), p.SeatSpec("B")]))
            assert await _error(again) == "too_many_tables"
            assert len(server.hub.tables) == 3
            elsewhere = _client(url, BLANCO, "127.0.0.3")
            await elsewhere.open([p.SeatSpec("A"), p.SeatSpec("B")])
            await elsewhere.close()
            await again.close()

    run(scenario())


def test_watchers_per_table_are_limited_and_a_watch_flood_sends_the_players_no_seats(
    tmp_path: Path,
) -> None:
    """`seats` goes out only when the seats changed: a flood of watches (and resumes of a seat
    already connected) changes nothing, and the players hear nothing of it."""
    limits = dataclasses.replace(LIMITS, watchers_per_table=3)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            frames: list[str] = []
            host = SeatClient(url, BLANCO, on_frame=lambda _c, text: frames.append(text))
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=2)
            watchers = [await _ws(url, "127.0.0.2") for _ in range(4)]
            for ws in watchers[:3]:
                await ws.send(p.encode(p.Watch(code)))
                assert (await _next(ws))["type"] == "watching"
                assert (await _next(ws))["type"] == "state"
            await watchers[3].send(p.encode(p.Watch(code)))
            assert (await _next(watchers[3]))["code"] == "too_many_watchers"
            flood = watchers[0]
            for _ in range(100):  # watching again and again: nothing changes
                await flood.send(p.encode(p.Watch(code)))
                assert (await _next(flood))["type"] == "watching"
                assert (await _next(flood))["type"] == "state"
            again = SeatClient(url, BLANCO)  # the host's own seat resumed on a second line
            again.table, again.seat, again.token = code, 0, host.token
            for _ in range(20):
                await again.resume()
                await again.close()
            guest = SeatClient(url, BLANCO)
            await guest.join(code)  # a real change: told once
            await asyncio.wait_for(host._until(p.Seats), 5)
            while True:  # whatever else came meanwhile
                try:
                    await asyncio.wait_for(host.receive(), 0.3)
                except TimeoutError:
                    break
            seats = [f for f in frames if f.startswith('{"type":"seats"')]
            # the join (taken, then connected: at most two), and the resumes' line coming
            # and going (connected twice at most once each): never one per watch
            assert 1 <= len(seats) <= 2 + 2 * 20
            assert len([f for f in frames if f.startswith('{"type":"seats"')]) < 100
            for ws in watchers:
                await ws.close()
            await guest.close()
            await host.close()

    run(scenario(), timeout=30)


def test_the_players_hear_no_seats_at_all_while_a_watcher_floods(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=LIMITS) as (url, server):
            frames: list[str] = []
            host = SeatClient(url, BLANCO, on_frame=lambda _c, text: frames.append(text))
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=2)
            flood = await _ws(url, "127.0.0.2")
            for _ in range(200):
                await flood.send(p.encode(p.Watch(code)))
            for _ in range(400):
                await _next(flood)
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(host.receive(), 0.3)
            assert not [f for f in frames if f.startswith('{"type":"seats"')]
            await flood.close()
            await host.close()

    run(scenario(), timeout=30)


def test_finished_tables_leave_memory_and_a_restart_loads_only_the_live_ones(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(LIMITS, finished_kept=1)
    db = tmp_path / "t.db"

    async def scenario() -> None:
        async with running_server(db, limits=limits) as (url, server):
            (first, _), record = await play_table(url, BLANCO, 2, "easy", 3)
            (second, _), _ = await play_table(url, BLANCO, 2, "easy", 4)
            live = SeatClient(url, BLANCO)
            live_code = await live.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=5)
            assert first.table not in server.hub.tables  # let go: one finished one is kept
            assert set(server.hub.tables) == {second.table, live_code}
            reader = SeatClient(url, BLANCO)  # its record is read back from the store
            await reader.watch(first.table or "")
            reader.table = first.table
            assert await reader.record() == record
            assert first.table in server.hub.tables and second.table not in server.hub.tables
            await reader.close()
            await live.close()
        async with running_server(db, limits=limits) as (url, server):
            assert set(server.hub.tables) == {live_code}  # the finished ones stay stored

    run(scenario(), timeout=60)


def test_tables_past_their_retention_are_deleted(tmp_path: Path) -> None:
    """Finished 31 days ago, or abandoned (nothing done at it) as long: deleted at the start
    (and every hour); a live one, or one finished lately, stays."""
    db = tmp_path / "t.db"

    async def opened() -> list[str]:
        async with running_server(db, limits=LIMITS) as (url, _):
            (old_done, _), _ = await play_table(url, BLANCO, 2, "easy", 3)
            (new_done, _), _ = await play_table(url, BLANCO, 2, "easy", 4)
            codes = [old_done.table or "", new_done.table or ""]
            for _ in range(2):
                client = SeatClient(url, BLANCO)
                codes.append(await client.open([p.SeatSpec("A"), p.SeatSpec("B")], sit=None))
                await client.close()
            return codes

    old_done, new_done, abandoned, recent = run(opened(), timeout=40)
    month = time.time() - 31 * 86400
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET finished = ? WHERE code = ?", (month, old_done))
        raw.execute("UPDATE tables SET created = ? WHERE code = ?", (month, abandoned))

    async def restarted() -> set[str]:
        async with running_server(db, limits=LIMITS) as (_, server):
            return set(server.hub.tables)

    assert run(restarted()) == {recent}
    with sqlite3.connect(db) as raw:
        kept = {c for (c,) in raw.execute("SELECT code FROM tables")}
        assert kept == {new_done, recent}
        assert not raw.execute("SELECT 1 FROM seats WHERE code = ?", (old_done,)).fetchall()
        assert not raw.execute("SELECT 1 FROM actions WHERE code = ?", (old_done,)).fetchall()


class Watched:
    """A computer whose every decision is counted while it is under way (and lasts 5 ms more,
    so that decisions free to overlap do): the most under way at once."""

    under_way = 0
    most = 0
    lock = threading.Lock()

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, view: Any, seat: int) -> Any:
        with Watched.lock:
            Watched.under_way += 1
            Watched.most = max(Watched.most, Watched.under_way)
        try:
            time.sleep(0.005)
            return self.bot.choose(view, seat)
        finally:
            with Watched.lock:
                Watched.under_way -= 1


@pytest.mark.parametrize("thinking", [1, 2])
def test_computer_seats_think_at_most_the_limit_at_once(tmp_path: Path, thinking: int) -> None:
    """Three tables of eleven computers each choose their first cards at once: no more than
    the server's `thinking` of them think at a time, the others queue, and every table gets
    its turn."""
    limits = dataclasses.replace(LIMITS, thinking=thinking)
    Watched.most = 0

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            seats = [p.SeatSpec("Me")] + [p.SeatSpec(f"Bot {i}", "normal") for i in range(11)]
            clients = [_client(url, LUCKYBOX, "127.0.0.2") for _ in range(3)]
            codes = []
            for i, client in enumerate(clients):
                await client.connect()
                await client.send(p.Open("luckybox", seats, seed=i, sit=None))
                opened = await client._until(p.Opened)
                table = server.hub.tables[opened.table]
                table.computers.bots = {
                    seat: Watched(bot) for seat, bot in table.computers.bots.items()
                }
                table.start_computers()
                codes.append(opened.table)
            while any(server.hub.tables[c].computers.thinking for c in codes):
                await asyncio.sleep(0.01)
            for code in codes:  # every computer chose: only the human seat is waited for
                assert server.hub.tables[code].state.waiting_for() == [0]
            for client in clients:
                await client.close()

    run(scenario(), timeout=60)
    assert Watched.most == thinking


def test_a_computer_keeps_no_memories_between_its_decisions() -> None:
    """A server's computer forgets after each decision (`forget`), its choices unchanged: a
    hard one at a 12-seat table then holds its fresh self between turns (a fraction of a MB),
    where one that remembers holds megabytes after a few decisions (bench/abuse.py measures a
    whole table's)."""
    state, _ = LUCKYBOX.rules.new_game([f"P{i}" for i in range(12)], 7)
    easy = [LUCKYBOX.bots.make_bot("easy", 7, i) for i in range(12)]
    views: list[tuple[Any, int]] = []
    # Two decisions of the numbers' part, after the draft: each traced decision costs about a
    # CPU-second (tracemalloc), and two already hold megabytes when remembered.
    while len(views) < 2:
        seats = state.waiting_for()
        if not seats:
            state.advance()
            continue
        view = state.view_for(seats[0])
        if len(state.actions) > 60:
            views.append((view, seats[0]))
        assert state.apply(easy[seats[0]].choose(view, seats[0])).ok
    warm = LUCKYBOX.bots.make_bot("hard", 7, 0)  # (the rules' and bots' shared tables made once)
    for view, seat in views:
        warm.choose(view, seat)
    del warm
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        forgetting = LUCKYBOX.bots.make_bot("hard", 7, 0)
        choices = []
        for view, seat in views:
            choices.append(forgetting.choose(view, seat))
            forgetting.forget()
        held_forgetting = tracemalloc.get_traced_memory()[0] - start
        remembering = LUCKYBOX.bots.make_bot("hard", 7, 0)
        assert [remembering.choose(view, seat) for view, seat in views] == choices
        held_remembering = tracemalloc.get_traced_memory()[0] - start - held_forgetting
    finally:
        tracemalloc.stop()
    assert held_forgetting < 1024 * 1024
    assert held_remembering > 3 * held_forgetting


def test_deep_json_is_a_bad_message_and_five_close_the_connection(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    deep = '{"type":"act","version":0,"id":"a","action":{"a":' + "[" * 3000 + "]" * 3000 + "}}"
    deeper = '{"type":"open","game":"blanco","seats":[{"name":"A"}],"options":' + '{"a":' * 20
    deeper += "1" + "}" * 21

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=LIMITS) as (url, _):
            ws = await _ws(url, "127.0.0.2")
            for text in [deep, deeper, deep, deeper]:
                await ws.send(text)
                assert (await _next(ws))["code"] == "bad_message"
            await ws.send(deep)
            assert (await _next(ws))["code"] == "bad_message"
            with pytest.raises(ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            assert ws.close_code == 1008

    with caplog.at_level(logging.WARNING):
        run(scenario())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_every_text_a_client_sends_is_cleaned_or_refused(tmp_path: Path) -> None:
    """Names from open, join and a stored one from before the clean-up; phrases and action ids
    matched whole (no trailing newline)."""
    db = tmp_path / "t.db"
    dirty = ["\x1b[31mRed\x1b[0m", "Nul\x00l", "\u202eevil\u202c", "Two\nlines  here"]

    async def scenario() -> None:
        async with running_server(db, limits=LIMITS) as (url, server):
            host = _client(url, LUCKYBOX, "127.0.0.2")
            await host.connect()
            await host.send(p.Open("luckybox", [p.SeatSpec("\u200b\u200d"), p.SeatSpec("B")]))
            assert await _error(host) == "bad_name"  # nothing that shows
            code = await host.open([p.SeatSpec(n) for n in dirty])
            assert [s.name for s in host.seats] == ["Red", "Null", "evil", "Two lines here"]
            guest = SeatClient(url, LUCKYBOX)
            await guest.join(code, name="Zo\u0301\u0301\u0301\u0301\x07e\r\n")
            # NFC, two combining marks at most, no bell, no line break
            assert guest.seats[1].name == "Z\u00f3\u0301\u0301e"
            for bad in (
                '{"type":"say","phrase":"hello\\n"}',
                '{"type":"act","version":0,"id":"a\\n","action":{}}',
                '{"type":"watch","table":"ABC-DEF\\u0000"}',
                '{"type":"resume","table":"ABC-DEF","seat":0,"token":"t\\u001b[2J"}',
            ):
                assert guest.ws is not None
                await guest.ws.send(bad)
                with pytest.raises(ClientError) as refused:
                    await guest._until(p.Said)
                assert refused.value.code == "bad_message"
            await guest.close()
            await host.close()
            return code

    code = run(scenario())
    with sqlite3.connect(db) as raw:  # a name stored before names were cleaned
        raw.execute("UPDATE seats SET name = ? WHERE code = ? AND seat = 2", ("A\x00\u202e", code))

    async def shown() -> str:
        async with running_server(db, limits=LIMITS) as (url, _):
            watcher = SeatClient(url, LUCKYBOX)
            await watcher.watch(code)
            await watcher.close()
            return watcher.seats[2].name

    assert run(shown()) == "A"
