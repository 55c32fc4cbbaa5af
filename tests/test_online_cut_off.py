"""Failed look-ups cut off an address's look-ups, never its seats (limits.Lookups,
GameServer._look_up): a player who mistypes codes, or shares an address with a guesser,
still acts, resumes with their token and connects; a slowed look-up never holds the
connection's actions up; many addresses guessing together share one budget; an IPv6 /64 is
one address. A real server on 127.0.0.1 port 0, real clients from addresses of 127.0.0.0/8."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.limits import Door, Limits, Lookups, address_of
from tests.test_online_helpers import run, running_server

LUCKYBOX = game_by_id("luckybox")


async def _ws(url: str, source: str) -> ClientConnection:
    return await connect(url, local_addr=(source, 0), open_timeout=5)


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


def _player(url: str, source: str) -> SeatClient:
    client = SeatClient(url, LUCKYBOX)
    client.local_addr = (source, 0)
    return client


async def _answer(client: SeatClient, *kinds: type) -> Any:
    """The next message of one of these kinds (or an error) the client is sent."""
    while True:
        message = await asyncio.wait_for(client.receive(), 5)
        if isinstance(message, (p.Error, *kinds)):
            return message


async def _moves(client: SeatClient, seed: int) -> p.Ack:
    """The seat's move (Lucky Box: every seat chooses at once), acknowledged before any
    error reaches the client."""
    assert client.seat is not None
    bot = LUCKYBOX.bots.make_bot("easy", seed, client.seat)
    for _ in range(30):
        if client.may_act():  # (again after a `stale`: the table moved meanwhile)
            await client.act(bot.choose(client.view(), client.seat))
        message = await asyncio.wait_for(client.receive(), 5)
        assert not isinstance(message, p.Error), message
        if isinstance(message, p.Ack):
            return message
    raise AssertionError("no move acknowledged")


def test_a_cut_off_address_still_plays_and_its_neighbour_too(tmp_path: Path) -> None:
    limits = Limits(lookup_free=1, lookup_cutoff=2, cutoff_seconds=60.0)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            me, neighbour = _player(url, "127.0.0.2"), _player(url, "127.0.0.2")
            other = _player(url, "127.0.0.3")
            code = await other.open([p.SeatSpec(n) for n in ("O", "Me", "N")], seed=3)
            assert await me.join(code, 1) == 1 and await neighbour.join(code, 2) == 2
            assert me.ws is not None
            await me.ws.send(p.encode(p.Watch("ZZZ-ZZ2", me.protocol)))  # a typo: free
            assert (await _answer(me)).code == "no_such_table"
            # The next typo is slowed (a minute here: it is not answered within the test);
            # the move sent after it is answered meanwhile.
            server.lookups.FIRST_DELAY = server.lookups.MAX_DELAY = 60.0
            await me.ws.send(p.encode(p.Watch("ZZZ-ZZ3", me.protocol)))
            await _moves(me, 1)
            assert list(server.look_ups.waiting) == [c for c in server.connections if c.seat == 1]
            # The neighbour's typo on the same address is the second failure: the cut-off.
            server.lookups.FIRST_DELAY, server.lookups.MAX_DELAY = 0.05, 5.0
            await neighbour.send(p.Watch("ZZZ-ZZ4", neighbour.protocol))
            assert (await _answer(neighbour)).code == "no_such_table"
            assert (await _answer(neighbour)).code == "cut_off"
            assert server.lookups.cut_off("127.0.0.2")
            # Cut off: its look-ups are refused at once, the right code too...
            await me.ws.send(p.encode(p.Watch(code, me.protocol)))
            assert (await _answer(me)).code == "cut_off"
            await neighbour.send(p.GetRecord(code, neighbour.protocol))
            assert (await _answer(neighbour)).code == "cut_off"
            # ...but both still move, and nobody was closed.
            await _moves(neighbour, 2)
            await _moves(other, 3)
            await _moves(me, 4)  # (the next number: everyone chooses again)
            assert all(c.ws is not None and c.ws.state.name == "OPEN" for c in (me, neighbour))
            # Back on a new connection (admitted), the right token takes the seat at once;
            # a wrong one is a look-up, refused.
            await me.close()
            await me.resume()
            assert me.seat == 1 and me.ws is not None
            await me.ws.send(p.encode(p.Resume(code, 2, "not-the-token", me.protocol)))
            assert (await _answer(me)).code == "cut_off"
            for client in (me, neighbour, other):
                await client.close()

    run(scenario())


def test_many_addresses_guessing_share_one_budget_and_a_fresh_address_never_waits(
    tmp_path: Path,
) -> None:
    """Each address fails once (answered at once), then looks up again: the server's budget
    (a second's worth here, Lookups.BURST_SECONDS of it) serves the first at once and queues
    the next, past ten seconds' worth refused (`rate_limited`); an address that never failed
    is answered at once all along."""
    limits = Limits(lookup_budget=1.0)
    burst = int(Lookups.BURST_SECONDS * limits.lookup_budget)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = _player(url, "127.0.0.2")
            code = await host.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=1)
            count = burst + 16
            guessers = [await _ws(url, f"127.0.1.{i + 1}") for i in range(count)]
            for ws in guessers:
                await ws.send(p.encode(p.Watch("ZZZ-ZZ2")))
            for ws in guessers:
                assert (await _next(ws))["code"] == "no_such_table"
            for ws in guessers:
                await ws.send(p.encode(p.Watch("ZZZ-ZZ3")))
            answered = [await _next(ws) for ws in guessers[:burst]]
            assert [a["code"] for a in answered] == ["no_such_table"] * burst
            fresh = await _ws(url, "127.0.2.1")  # never failed: never waits
            await fresh.send(p.encode(p.Watch(code)))
            assert (await _next(fresh))["type"] == "watching"
            # the queue: one a second from now, ten seconds of it (or a little more, as the
            # budget fills meanwhile); the rest refused at once
            late = [await _next(ws) for ws in guessers[burst + 12 :]]
            assert [a["code"] for a in late] == ["rate_limited"] * 4
            assert server.lookups.budget < -8
            for ws in [*guessers, fresh]:
                await ws.close()
            await host.close()

    run(scenario())


def test_the_shared_budget_waits_only_addresses_that_failed() -> None:
    now = [0.0]
    lookups = Lookups(Limits(lookup_budget=2.0), clock=lambda: now[0])
    assert lookups.wait("198.51.100.1") == 0.0  # no failure: never waits, takes nothing
    assert lookups.budget == 60.0
    lookups.failed("198.51.100.1")
    waits = [lookups.wait("198.51.100.1") for _ in range(81)]
    assert waits[:59] == [0.0] * 59 and waits[59] == 0.0
    assert waits[60] == 0.5 and waits[61] == 1.0  # its turn: one every half second
    assert waits[79] == 10.0 and waits[80] is None  # past MAX_SHARED_WAIT: refused
    assert lookups.wait("198.51.100.2") == 0.0
    now[0] = 60.0  # the budget fills again
    assert lookups.wait("198.51.100.1") == 0.0


def test_an_ipv6_64_is_one_address_for_every_limit() -> None:
    one = address_of(("2001:db8:1:2::1", 5000, 0, 0))
    same = address_of(("2001:db8:1:2:ffff::9%eth0", 6000, 0, 0))
    other = address_of(("2001:db8:1:3::1", 5000, 0, 0))
    assert one == same == "2001:db8:1:2::/64" != other
    assert address_of(("::ffff:192.0.2.7", 1)) == "192.0.2.7"
    limits = Limits(lookup_free=0, lookup_cutoff=3, connections_per_address=2)
    lookups = Lookups(limits)
    for _ in range(3):
        lookups.failed(one)
    assert lookups.cut_off(same) and not lookups.cut_off(other)
    door = Door(limits)
    assert door.admit(one) is None and door.admit(same) is None
    assert door.admit(address_of(("2001:db8:1:2::77", 1, 0, 0))) is not None
    assert door.admit(other) is None
