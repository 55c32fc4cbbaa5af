"""Computers think in turns across tables (issue 71, item 3): the server's thinking places go
round-robin over the addresses that opened tables, then their tables, then the tables' seats
(game/online/thinking.py), so a table's decision waits for at most one decision of each other
table and an address with many tables gets no more turns than an address with one. The unit
tests drive the scheduler itself; the last one a real server on 127.0.0.1, attackers from
other addresses of 127.0.0.0/8 and an honest table. Every assertion is on order, never on
time."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.thinking import Served, Thinking
from tests.test_online_helpers import TEST_LIMITS, run, running_server
from tests.test_online_ops import http_get, value

BLANCO = game_by_id("blanco")
LUCKYBOX = game_by_id("luckybox")


def waits_are_fair(served: Sequence[Served], first: int = 0) -> None:
    """Every decision handed a place waited (from when it could first have had one) for at most
    one decision of each other address for each table its own address has (its address's
    turns go to its tables in turns): an address of one table, the honest one's, so waited
    for at most one decision of each other table and of each other address."""
    by_number = {s.number: s for s in served}
    tables_of = Counter(dict.fromkeys((s.owner, s.table) for s in served))
    owned = Counter(owner for owner, _ in tables_of)
    for decision in served:
        before = [by_number[n] for n in range(max(decision.since, first), decision.number)]
        owners = Counter(s.owner for s in before if s.owner != decision.owner)
        assert max(owners.values(), default=0) <= owned[decision.owner], (decision, owners)
        if owned[decision.owner] == 1:
            tables = Counter(s.table for s in before if s.table != decision.table)
            assert max(tables.values(), default=0) <= 1, (decision, tables)


async def decide(
    places: Thinking, owner: str, table: str, seat: int, decisions: int, log: list[str]
) -> None:
    """One seat's computer making `decisions` decisions one after the other, each thought for a
    loop's turn and then applied for another (its table's turn held meanwhile)."""
    for _ in range(decisions):
        async with places.turn(owner, table, seat, lambda: True) as place:
            assert place is not None
            log.append(f"think {table}:{seat}")
            await asyncio.sleep(0)
            place.thought()
            await asyncio.sleep(0)  # (applied: the table's next waits until then)
            log.append(f"done {table}:{seat}")


async def settle(places: Thinking) -> None:
    """Until nothing is queued or thinking (each step a loop's turn; bounded)."""
    for _ in range(10_000):
        if not places.queued and not places.thinking:
            return
        await asyncio.sleep(0)
    raise AssertionError("the thinking places never emptied")


def test_many_addresses_tables_and_seats_each_wait_for_one_decision_of_each_other_table() -> None:
    """Five addresses, one with eight tables, of three to eleven seats each deciding three
    times, on two places: every decision waited for at most one of each other table's and of
    each other address's, every decision was thought, and a table thought one at a time."""
    tables = {("A", f"A{i}"): 11 for i in range(8)}
    tables |= {("B", "B0"): 3, ("C", "C0"): 5, ("D", "D0"): 11, ("D", "D1"): 4, ("E", "E0"): 7}

    async def scenario() -> list[Served]:
        places = Thinking(2)
        log: list[str] = []
        await asyncio.gather(
            *(
                decide(places, owner, table, seat, 3, log)
                for (owner, table), seats in tables.items()
                for seat in range(seats)
            )
        )
        under_way: set[str] = set()
        for line in log:  # a table's decisions never overlap
            what, seat = line.split()
            table = seat.split(":")[0]
            if what == "think":
                assert table not in under_way, line
                under_way.add(table)
            else:
                under_way.discard(table)
        assert places.queued == 0 and places.thinking == 0
        return list(places.served)

    served = run(scenario())
    assert len(served) == 3 * sum(tables.values())
    assert [s.number for s in served] == list(range(len(served)))
    waits_are_fair(served)


def test_an_address_with_eight_tables_gets_as_many_turns_as_an_address_with_one() -> None:
    """One address with eight tables of eleven computers, another with one such table, one
    place: their turns alternate while both have decisions waiting."""

    async def scenario() -> list[Served]:
        places = Thinking(1)
        log: list[str] = []
        seats = [decide(places, "many", f"M{t}", s, 1, log) for t in range(8) for s in range(11)]
        seats += [decide(places, "one", "O0", s, 2, log) for s in range(11)]
        await asyncio.gather(*seats)
        return list(places.served)

    served = run(scenario())
    owners = [s.owner for s in served]
    # "one" has 22 decisions, "many" 88: after the first (handed out before "one" asked), the
    # next 44 alternate
    assert owners[1:45] == ["many", "one"] * 22, owners[:45]
    many_tables = [s.table for s in served if s.owner == "many"]
    for start in range(2, 60):  # its tables in turns too (M0, queued first, thought first)
        assert len(set(many_tables[start : start + 8])) == 8, many_tables[start : start + 8]
    waits_are_fair(served)


def test_a_decision_no_longer_wanted_when_its_turn_comes_is_dropped_not_thought() -> None:
    async def scenario() -> None:
        places = Thinking(1)
        still = {"stale": True}
        answers: dict[str, bool] = {}

        async def one(table: str, wanted: Callable[[], bool]) -> None:
            async with places.turn("x", table, 0, wanted) as place:
                answers[table] = place is not None

        holder = places.turn("h", "H", 0, lambda: True)
        place = await holder.__aenter__()
        assert place is not None
        stale = asyncio.create_task(one("S", lambda: still["stale"]))
        fresh = asyncio.create_task(one("F", lambda: True))
        await asyncio.sleep(0)
        assert places.queued == 2
        still["stale"] = False  # (its table moved on while it waited)
        await holder.__aexit__(None, None, None)
        await asyncio.gather(stale, fresh)
        assert answers == {"S": False, "F": True}
        assert [s.table for s in places.served] == ["H", "F"]
        assert places.dropped == 1

    run(scenario())


def test_a_table_let_go_or_a_seat_taken_back_leaves_the_queue_at_once() -> None:
    async def scenario() -> None:
        places = Thinking(1)
        answers: dict[tuple[str, int], bool] = {}

        async def one(table: str, seat: int) -> None:
            async with places.turn("x", table, seat, lambda: True) as place:
                answers[table, seat] = place is not None

        holder = places.turn("h", "H", 0, lambda: True)
        assert await holder.__aenter__() is not None
        waiting = [asyncio.create_task(one(t, s)) for t in ("T", "U") for s in (1, 2)]
        cancelled = asyncio.create_task(one("V", 1))
        await asyncio.sleep(0)
        assert places.queued == 5
        places.leave("T")  # the table let go: both its seats told at once, the place still held
        places.leave("U", 2)  # a player took seat 2 back
        cancelled.cancel()  # (a waiter cancelled: the server stopping)
        with contextlib.suppress(asyncio.CancelledError):
            await cancelled
        for _ in range(3):
            await asyncio.sleep(0)
        assert answers == {("T", 1): False, ("T", 2): False, ("U", 2): False}
        assert places.queued == 1 and places.thinking == 1
        await holder.__aexit__(None, None, None)
        await asyncio.gather(*waiting)
        assert answers[("U", 1)] is True
        assert [(s.table, s.seat) for s in places.served] == [("H", 0), ("U", 1)]
        await settle(places)

    run(scenario())


def test_an_idle_server_thinks_at_once_and_a_thought_frees_the_place_for_another_table() -> None:
    """With a place free the turn is handed without the loop turning once (the honest path
    costs nothing); once a decision is thought its place goes to another table's, while its
    own table's next decision waits for its move to be applied."""

    async def scenario() -> None:
        places = Thinking(1)
        first = places.turn("a", "T", 0, lambda: True)
        entering = first.__aenter__()
        try:
            entering.send(None)
        except StopIteration as done:
            place = done.value
        else:
            raise AssertionError("an idle server made a decision wait")
        assert place is not None and places.thinking == 1
        order: list[str] = []

        async def one(table: str, seat: int) -> None:
            async with places.turn("b" if table == "U" else "a", table, seat, lambda: True):
                order.append(f"{table}:{seat}")

        same_table = asyncio.create_task(one("T", 1))
        other_table = asyncio.create_task(one("U", 0))
        await asyncio.sleep(0)
        assert order == []
        place.thought()  # thought, not yet applied
        await asyncio.sleep(0)
        assert order == ["U:0"]
        await first.__aexit__(None, None, None)  # applied: the table's next may think
        await asyncio.gather(same_table, other_table)
        assert order == ["U:0", "T:1"]

    run(scenario())


def test_attackers_tables_of_computers_never_make_an_honest_tables_computer_wait_long(
    tmp_path: Path,
) -> None:
    """Three attacker addresses open seven tables of twelve computers between them (tables of
    computers alone are allowed here, standing for an attacker playing its own seat at once)
    while an honest address plays a 3-seat table with one computer, on one thinking place:
    each of the honest computer's decisions (and every other) waited for at most one decision
    of each other table and each other address."""
    limits = dataclasses.replace(TEST_LIMITS, thinking=1)
    attackers = {"127.0.0.2": 4, "127.0.0.3": 1, "127.0.0.4": 2}

    async def scenario() -> tuple[list[Served], str, set[str], tuple[int, float]]:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            robots = [p.SeatSpec(f"Bot {i}", "easy") for i in range(12)]
            clients = []
            for address, count in attackers.items():
                for i in range(count):
                    client = SeatClient(url, LUCKYBOX)
                    client.local_addr = (address, 0)
                    await client.open(robots, seed=i, sit=None)
                    clients.append(client)
            attacked = {c.table for c in clients if c.table is not None}
            humans = [SeatClient(url, BLANCO) for _ in range(2)]
            for human in humans:
                human.local_addr = ("127.0.0.1", 0)
            seats = [p.SeatSpec("Ann"), p.SeatSpec("Bob"), p.SeatSpec("Cy", "easy")]
            code = await humans[0].open(seats, seed=5, sit=0)
            await humans[1].join(code, 1)
            bots = [BLANCO.bots.make_bot("easy", 5, seat) for seat in range(2)]
            playing = [
                asyncio.create_task(h.play(b.choose)) for h, b in zip(humans, bots, strict=True)
            ]
            places = server.hub.places
            try:
                for _ in range(3000):  # (a deadline, polled: 30 s at most)
                    honest = [s for s in places.served if s.table == code]
                    if len(honest) >= 6 or all(t.done() for t in playing):
                        break
                    await asyncio.sleep(0.01)
                handed = places.handed
                metrics = (await http_get(url, "/metrics"))[2]
                waits = (handed, value(metrics, "smlb_computer_wait_seconds_count"))
            finally:
                for task in playing:
                    task.cancel()
                await asyncio.gather(*playing, return_exceptions=True)
                for client in [*clients, *humans]:
                    await client.close()
            return list(places.served), code, attacked, waits

    served, code, attacked, (handed, waits_seen) = run(scenario(), timeout=60)
    assert waits_seen >= handed > 0  # every wait for a place observed (/metrics)
    honest = [s for s in served if s.table == code]
    assert len(honest) >= 6, "the honest table's computer hardly played"
    assert {s.owner for s in honest} == {"127.0.0.1"}
    assert {s.table for s in served if s.owner in attackers} == attacked
    # the attackers' computers thought all along, between the honest one's decisions...
    between = [s for s in served if honest[0].number < s.number < honest[-1].number]
    assert sum(1 for s in between if s.owner in attackers) >= len(honest)
    # ...and every decision, the honest ones among them, waited for at most one of each other
    # table's and each other address's
    waits_are_fair(served, first=served[0].number)


def test_a_seat_taken_back_and_handed_over_again_while_queued_still_thinks(
    tmp_path: Path,
) -> None:
    """A computer's seat waiting for a place is taken back by its player (it leaves the
    queue) and handed to a computer again before its waiter has run: that seat still thinks
    once a place is free, and the game goes on."""
    from game.online.rows import SeatRow, TableRow
    from game.online.store import SqliteStore
    from game.online.tables import Table

    async def scenario() -> int:
        store = SqliteStore(tmp_path / "t.db")
        seats = [SeatRow(i, f"Bot {i}", "computer", "easy") for i in range(3)]
        row = TableRow("RE-HAND", "blanco", 4, None, "x", 300.0, 0.0, None, seats)
        store.create_table(row)
        table = Table(row, BLANCO, store)
        table.computers.places = places = Thinking(1)
        table.computers.owner = "127.0.0.9"
        try:
            holder = places.turn("other", "ELSEWHERE", 0, lambda: True)
            assert await holder.__aenter__() is not None
            table.start_computers()
            await asyncio.sleep(0)
            (seat,) = table.waiting_for()
            assert places.queued == 1
            table.computers.drop(seat)  # its player took it back...
            table.computers.make(seats[seat])  # ...and it was handed over again at once
            table.start_computers()
            assert places.queued == 0
            await holder.__aexit__(None, None, None)
            for _ in range(1000):  # (a deadline, polled: 10 s at most)
                if table.version >= 6:
                    break
                await asyncio.sleep(0.01)
            return table.version
        finally:
            table.computers.stop()
            store.close()

    assert run(scenario()) >= 6
