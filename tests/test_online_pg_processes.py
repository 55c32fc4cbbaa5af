"""Several server processes on one PostgreSQL database (subprocesses on 127.0.0.1): a table
is served by one process, a client of another one stays there (LISTEN/NOTIFY relays its
actions and the table's steps), and when the owner is killed (SIGKILL) a live process takes the
table over from the database; the game goes on exactly once."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from game.catalog import game_by_id, games
from game.online import protocol as p
from game.online.client import SeatClient
from tests.bench_helpers import bench_module
from tests.test_online_helpers import (
    TEST_LIMITS,
    TEST_RATE_LIMIT,
    play_locally,
    replayed_record,
    run,
    without_online,
)

if TYPE_CHECKING:
    from tests.pg_helpers import Postgres

ServerProcess = bench_module("server").ServerProcess  # bench/server.py's subprocess handle

# The fixtures `postgres` and `pg_url`: one throwaway PostgreSQL for the whole run (each
# worker's), not one per module that uses it.
pytest_plugins = ["tests.pg_helpers"]


@contextlib.asynccontextmanager
async def server_here(pg_url: str, sweeping: bool = False) -> AsyncIterator[tuple[Any, str, Any]]:
    """A server in this process on the shared database, registered as a live process: (the
    GameServer, its address, its store). Without `sweeping` its takeover sweep is stopped, so
    a test runs the takeover at the moment that matters."""
    from game.online.server import bound_port, start
    from game.online.store import open_store

    store = open_store(pg_url)
    server, here = await start(
        "127.0.0.1", 0, store, games(), rate=TEST_RATE_LIMIT, chosen_seeds=True, limits=TEST_LIMITS
    )
    if not sweeping:
        assert here.sweeper is not None
        here.sweeper.cancel()
    url = f"ws://127.0.0.1:{bound_port(server)}"
    store.register(url)  # type: ignore[attr-defined]  # a PostgresStore
    try:
        yield here, url, store
    finally:
        here.stop_sweeping()
        server.close()
        await server.wait_closed()
        store.close()


def seated_counter() -> tuple[dict[int, int], Any]:
    """(how many `seated` each client heard, by id(client); the clients' on-message hook)."""
    seated: dict[int, int] = {}

    def count_seated(client: SeatClient, text: str) -> None:
        if text.startswith('{"type":"seated"'):
            seated[id(client)] = seated.get(id(client), 0) + 1

    return seated, count_seated


async def play_out(clients: list[SeatClient], seed: int) -> dict[str, Any]:
    """The two seats' Easy bots play the Blanco game to its end (30 s at most); the record,
    the clients closed."""
    blanco = game_by_id("blanco")
    bots = [blanco.bots.make_bot("easy", seed, i) for i in range(2)]
    games = asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
    await asyncio.wait_for(games, 30)
    record = await clients[0].record()
    for client in clients:
        await client.close()
    return record


class Logged:
    """Server processes whose logs a test reads from where they stood when it began: a relayed
    request or notice that failed is logged with its traceback."""

    def __init__(self, servers: list[ServerProcess]) -> None:
        self.servers = servers
        self.began = [s.log.stat().st_size if s.log.exists() else 0 for s in servers]

    def assert_no_traceback(self) -> None:
        for server, began in zip(self.servers, self.began, strict=True):
            with server.log.open() as log:
                log.seek(began)
                written = log.read()
            assert "Traceback" not in written, written


@pytest.fixture(scope="module")
def live_pair(
    postgres: Postgres, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[ServerProcess]]:
    """Two server processes on one database, shared by the module's tests that kill neither:
    each test opens its own tables (their own codes), so none sees another's; starting a pair
    of processes per test cost more than the tests' games."""
    folder = tmp_path_factory.mktemp("live-pair")
    db = postgres.new_database()
    servers = [ServerProcess(db, folder / f"server{i}.log", TEST_RATE_LIMIT) for i in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()


@pytest.fixture
def two_servers(live_pair: list[ServerProcess]) -> Iterator[list[ServerProcess]]:
    """The live pair, both still serving before and after the test, and no traceback logged
    while it ran."""
    logged = Logged(live_pair)
    assert all(s.proc is not None and s.proc.poll() is None for s in live_pair)
    yield live_pair
    assert all(s.proc is not None and s.proc.poll() is None for s in live_pair)
    logged.assert_no_traceback()


@pytest.fixture(scope="module")
def survivor(
    postgres: Postgres, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """The one live process on a database whose owners the module's tests kill: every table of
    a killed owner is taken over by it (no other process sweeps this database)."""
    folder = tmp_path_factory.mktemp("survivor")
    server = ServerProcess(postgres.new_database(), folder / "survivor.log", TEST_RATE_LIMIT)
    try:
        server.start()
        yield server
    finally:
        server.kill()


@pytest.fixture
def owner_and_survivor(survivor: ServerProcess, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """[a fresh owner process the test may kill, the survivor] on the survivor's database."""
    owner = ServerProcess(survivor.db, tmp_path / "owner.log", TEST_RATE_LIMIT)
    logged = Logged([owner, survivor])
    try:
        owner.start()
        yield [owner, survivor]
    finally:
        owner.kill()
    assert survivor.proc is not None and survivor.proc.poll() is None
    logged.assert_no_traceback()


def test_clients_split_across_processes_play_a_whole_game_through_the_relay(
    two_servers: list[ServerProcess],
) -> None:
    """The host stays on the owner, the guest and a watcher on the other process (LISTEN/NOTIFY
    carries the guest's actions to the owner and every step back): nobody is moved, the name
    the guest joins with reaches every view on both processes, and the record is the game the
    same seeds give locally, under that name."""
    first, second = (s.url for s in two_servers)
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, SeatClient, list[p.State]]:
        host = SeatClient(first, blanco, urls=[first])
        guest = SeatClient(second, blanco, urls=[second])  # knows only the other process
        code = await host.open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=77)
        watcher = SeatClient(second, blanco, urls=[second])
        await watcher.watch(code)  # the other process follows the table from here on
        await guest.join(code, 1, "Zoé")  # her own name, told to the owner through the relay
        # The owner deals the table again under it; the follower hears of it (the seats'
        # notice) and sends its clients their views under it too.
        for client in (host, watcher, guest):
            while list(client.view().names) != ["Player 1", "Zoé"]:
                await client.receive()
        bots = [blanco.bots.make_bot("easy", 77, i) for i in range(2)]
        await asyncio.gather(host.play(bots[0].choose), guest.play(bots[1].choose))
        seen: list[p.State] = []
        while watcher.version < host.version:
            message = await watcher.receive()
            if isinstance(message, p.State):
                seen.append(message)
        record = await guest.record()  # the other process's copy of the table
        for client in (host, guest, watcher):
            await client.close()
        return record, guest, seen

    record, guest, seen = run(scenario(), timeout=90)
    assert guest.url == second and guest.reconnects == 0
    local = play_locally("blanco", 2, "easy", 77)
    assert without_online(record) == {**local, "players": ["Player 1", "Zoé"]}
    assert seen and all(state.seat == -1 for state in seen)  # the watcher saw it move, as -1
    assert seen[-1].over


def test_lucky_box_seats_choosing_at_once_across_processes(
    two_servers: list[ServerProcess],
) -> None:
    """Three seats on two processes choose at once: stale refusals and fresh views come back
    through the relay, and the stored record replays legally."""
    first, second = (s.url for s in two_servers)
    luckybox = game_by_id("luckybox")

    async def scenario() -> tuple[dict, list[SeatClient]]:
        urls = [first, second, second]
        clients = [SeatClient(url, luckybox, urls=[url]) for url in urls]
        code = await clients[0].open([p.SeatSpec(f"Player {i + 1}") for i in range(3)], seed=9)
        for i, client in enumerate(clients[1:], start=1):
            await client.join(code, i)
        bots = [luckybox.bots.make_bot("easy", 9, i) for i in range(3)]
        await asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
        record = await clients[2].record()
        for client in clients:
            await client.close()
        return record, clients

    record, clients = run(scenario(), timeout=120)
    assert [c.url for c in clients] == [first, second, second]
    assert all(c.reconnects == 0 for c in clients)
    assert replayed_record(without_online(record)) == without_online(record)


def test_a_phrase_said_on_either_process_reaches_every_player(
    two_servers: list[ServerProcess],
) -> None:
    """The table's owner says every phrase: one said by a player on the other process is
    passed on to it, and the owner's `said` reaches that process's players and watchers
    through the relay (its mirror of the table says it to them) as it reaches its own."""
    first, second = (s.url for s in two_servers)

    async def scenario() -> list[list[tuple[int, str]]]:
        blanco = game_by_id("blanco")
        clients = [SeatClient(url, blanco, urls=[url]) for url in (first, second, second)]
        code = await clients[0].open([p.SeatSpec(f"Player {i + 1}") for i in range(3)], seed=4)
        for i, client in enumerate(clients[1:], start=1):
            await client.join(code, i)
        watcher = SeatClient(second, blanco, urls=[second])  # one who only watches, there
        await watcher.watch(code)
        clients.append(watcher)
        await clients[2].say("hello")  # from the other process
        await clients[0].say("thanks")  # from the owner's

        async def hears_both(client: SeatClient) -> None:
            while len(client.said) < 2:
                await asyncio.wait_for(client.receive(), 10)

        await asyncio.gather(*(hears_both(c) for c in clients))
        heard = [sorted((s.seat, s.phrase) for s in c.said) for c in clients]
        for client in clients:
            await client.close()
        return heard

    heard = run(scenario(), timeout=60)
    assert heard == [[(0, "thanks"), (2, "hello")]] * 4


def test_a_killed_owners_table_goes_on_for_clients_of_the_other_process(
    owner_and_survivor: list[ServerProcess],
) -> None:
    """Both players sit on the process that does not own the table; the owner is killed
    mid-game: the other process's sweep takes the table over and its clients play on without
    reconnecting, every acknowledged action applied once."""
    owner, other = owner_and_survivor
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, list[SeatClient]]:
        opener = SeatClient(owner.url, blanco)
        code = await opener.open(
            [p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2025, sit=None
        )
        clients = [SeatClient(other.url, blanco, urls=[other.url]) for _ in range(2)]
        for i, client in enumerate(clients):
            await client.join(code, i)
        await opener.close()
        bots = [blanco.bots.make_bot("easy", 2025, i) for i in range(2)]
        games = asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
        while clients[0].version < 20:
            await asyncio.sleep(0.01)
        owner.kill()  # SIGKILL: the table's lock goes with its database connection
        await games
        record = await clients[0].record()
        for client in clients:
            await client.close()
        return record, clients

    record, clients = run(scenario(), timeout=90)
    assert all(c.reconnects == 0 and c.url == other.url for c in clients)
    assert without_online(record) == play_locally("blanco", 2, "easy", 2025)


def test_an_action_resent_to_a_dead_owner_is_answered_after_the_takeover(
    pg_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A client's action passed on to the owner as it dies, the table taken over before this
    process hears its own request back (a resend just before the sweep, under load): the
    request is served for the client itself, acknowledged once, and the game goes on. (A
    stand-in for the client, with the client's key, once took it out of the clients whose
    answers and resends this process handles: the client waited for its ack forever.) The
    takeover is run right after the action is passed on, every time."""
    import logging

    from game.online.connection import Connection

    caplog.set_level(logging.WARNING, logger="game.online")
    owner = ServerProcess(pg_url, tmp_path / "owner.log")
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, list[SeatClient], list[int]]:
        async with server_here(pg_url) as (here, url, store):
            taken: list[int] = []
            pass_on = here._pass_on

            def pass_on_then_take_over(
                conn: Connection, code: str, message: p.ClientMessage | None
            ) -> None:
                pass_on(conn, code, message)  # the request is on its way to the dead owner...
                if isinstance(message, p.Act) and not taken:  # ...and the table is taken over
                    taken.append(here.hub.sweep([code]))

            opener = SeatClient(owner.url, blanco)
            code = await opener.open(
                [p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2025, sit=None
            )
            clients = [SeatClient(url, blanco, urls=[url]) for _ in range(2)]
            for i, client in enumerate(clients):
                await client.join(code, i)
            await opener.close()
            assert code in here.hub.mirrors
            owner.kill()  # SIGKILL: the table's lock goes with its database connection
            began = asyncio.get_running_loop().time()
            while code not in await asyncio.to_thread(store.orphans):  # type: ignore[attr-defined]
                assert asyncio.get_running_loop().time() - began < 15, "the lock outlived it"
                await asyncio.sleep(0.05)
            here._pass_on = pass_on_then_take_over  # type: ignore[method-assign]
            record = await play_out(clients, 2025)
            assert code in here.hub.tables and not here.remotes  # no stand-in for our own
            return record, clients, taken

    owner.start()
    try:
        record, clients, taken = run(scenario(), timeout=60)
    finally:
        owner.kill()
    assert taken == [1]
    assert all(c.reconnects == 0 for c in clients)
    # every action acknowledged once, none lost or applied twice: the local game
    assert without_online(record) == play_locally("blanco", 2, "easy", 2025)
    assert [len({a.id for a in c.acks}) for c in clients] == [len(c.acks) for c in clients]
    assert "Traceback" not in (tmp_path / "owner.log").read_text()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("kind", ["join", "resume"])
def test_a_seating_request_passed_on_to_a_dead_owner_is_answered_after_the_takeover(
    pg_url: str, tmp_path: Path, kind: str
) -> None:
    """A client's join (or resume) passed on to the owner as it dies (killed before the
    request is sent), heard back by its own process (passed over: not its table yet) before
    the sweep takes the table over: it is sent again (or answered here once the table is)
    and answered once, the seat taken once, and the game goes on. (Only actions were sent
    again: the client waited for its seat forever.) The owner is killed right after the
    request is passed on, and the table taken over right after it has come back, every
    time."""
    from game.online.connection import Connection

    owner = ServerProcess(pg_url, tmp_path / "owner.log")
    blanco = game_by_id("blanco")
    seated, count_seated = seated_counter()

    async def scenario() -> tuple[dict, list[SeatClient], list[int]]:
        async with server_here(pg_url) as (here, url, store):
            taken: list[int] = []
            later: list[asyncio.Task[None]] = []
            pass_on = here._pass_on

            async def take_over_once_heard(heard: int, code: str) -> None:
                while here.relay.heard <= heard:  # its own request back, passed over...
                    await asyncio.sleep(0.005)
                began = asyncio.get_running_loop().time()
                while code not in await asyncio.to_thread(store.orphans):  # type: ignore[attr-defined]
                    assert asyncio.get_running_loop().time() - began < 15, "the lock outlived it"
                    await asyncio.sleep(0.05)
                taken.append(here.hub.sweep([code]))  # ...then the table is taken over

            def pass_on_then_take_over(
                conn: Connection, code: str, message: p.ClientMessage | None
            ) -> None:
                heard = here.relay.heard
                pass_on(conn, code, message)  # the request is on its way to the owner...
                if isinstance(message, p.Join | p.Resume) and not later:
                    owner.kill()  # ...which dies before it is sent (SIGKILL: its lock goes too)
                    later.append(asyncio.create_task(take_over_once_heard(heard, code)))

            opener = SeatClient(owner.url, blanco)
            sit = 0 if kind == "resume" else None
            code = await opener.open(
                [p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2025, sit=sit
            )
            await opener.close()
            here._pass_on = pass_on_then_take_over  # type: ignore[method-assign]
            clients = [SeatClient(url, blanco, count_seated, urls=[url]) for _ in range(2)]
            if kind == "resume":
                clients[0].table, clients[0].seat, clients[0].token = code, 0, opener.token
                await asyncio.wait_for(clients[0].resume(), 15)
            else:
                assert await asyncio.wait_for(clients[0].join(code, 0), 15) == 0
            assert taken == [1] and code in here.hub.tables
            assert await asyncio.wait_for(clients[1].join(code), 15) == 1  # one seat taken
            return await play_out(clients, 2025), clients, taken

    owner.start()
    try:
        record, clients, taken = run(scenario(), timeout=60)
    finally:
        owner.kill()
    assert all(c.reconnects == 0 for c in clients)
    assert [seated[id(c)] for c in clients] == [1, 1]  # each seating answered once
    assert without_online(record) == play_locally("blanco", 2, "easy", 2025)
    assert "Traceback" not in (tmp_path / "owner.log").read_text()


def test_a_join_sent_twice_to_a_live_owner_takes_one_seat_and_is_answered_once(
    pg_url: str, tmp_path: Path
) -> None:
    """A join passed on to a live owner and sent again (its answer late, or lost) reaches the
    owner twice: the seat its token holds is given back rather than another, and the client
    gets one `seated`; the other seat is still free for the next player. Sent again as soon
    as the first one is out, every time."""
    from game.online.connection import Connection

    owner = ServerProcess(pg_url, tmp_path / "owner.log")
    blanco = game_by_id("blanco")
    seated, count_seated = seated_counter()

    async def scenario() -> tuple[dict, list[SeatClient], int]:
        async with server_here(pg_url, sweeping=True) as (here, url, store):
            pass_on = here._pass_on
            twice: list[asyncio.Task[None]] = []

            async def again(sent: int, conn: Connection, code: str, message: p.Join) -> None:
                while here.relay.sent <= sent:  # the first one out (two alike in one batch,
                    await asyncio.sleep(0.001)  # one transaction, arrive once)...
                pass_on(conn, code, message)  # ...then the same request sent again

            def pass_on_twice(conn: Connection, code: str, message: p.ClientMessage | None) -> None:
                sent = here.relay.sent
                pass_on(conn, code, message)
                if isinstance(message, p.Join) and not twice:
                    twice.append(asyncio.create_task(again(sent, conn, code, message)))

            opener = SeatClient(owner.url, blanco)
            code = await opener.open(
                [p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2025, sit=None
            )
            await opener.close()
            here._pass_on = pass_on_twice  # type: ignore[method-assign]
            clients = [SeatClient(url, blanco, count_seated, urls=[url]) for _ in range(2)]
            assert await asyncio.wait_for(clients[0].join(code), 15) == 0
            await twice[0]
            assert await asyncio.wait_for(clients[1].join(code), 15) == 1
            return await play_out(clients, 2025), clients, len(twice)

    owner.start()
    try:
        record, clients, sent_twice = run(scenario(), timeout=60)
    finally:
        owner.kill()
    assert sent_twice == 1
    assert all(c.reconnects == 0 for c in clients)
    assert [seated[id(c)] for c in clients] == [1, 1]  # each join answered once
    assert without_online(record) == play_locally("blanco", 2, "easy", 2025)
    assert "Traceback" not in (tmp_path / "owner.log").read_text()


def test_when_the_owner_is_killed_a_live_process_takes_the_table_over(
    owner_and_survivor: list[ServerProcess],
) -> None:
    owner, other = owner_and_survivor
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, list[SeatClient]]:
        urls = [owner.url, other.url]
        clients = [SeatClient(owner.url, blanco, max_backoff=0.5, urls=urls) for _ in range(2)]
        code = await clients[0].open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2024)
        await clients[1].join(code, 1)
        bots = [blanco.bots.make_bot("easy", 2024, i) for i in range(2)]
        games = asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
        while clients[0].version < 20:
            await asyncio.sleep(0.01)
        owner.kill()  # SIGKILL: its lock goes with its database connection
        await games
        record = await clients[0].record()
        for client in clients:
            await client.close()
        return record, clients

    record, clients = run(scenario(), timeout=60)
    assert all(c.reconnects >= 1 and c.url == other.url for c in clients)
    # Exactly once across the takeover: the record is the game the same seeds give locally.
    assert without_online(record) == play_locally("blanco", 2, "easy", 2024)


def test_a_dead_owners_tables_are_taken_over_before_anyone_asks(
    owner_and_survivor: list[ServerProcess],
) -> None:
    """The sweep: once the owner is killed, the other process claims its unfinished tables
    within seconds with no client asking; a client then resumes there at once."""
    import time

    from game.online.pg_store import PostgresStore

    owner, other = owner_and_survivor
    blanco = game_by_id("blanco")

    async def scenario() -> str:
        hosts = [SeatClient(owner.url, blanco) for _ in range(3)]
        codes = [
            await h.open([p.SeatSpec("Player 1"), p.SeatSpec("Bot", "easy")], seed=i)
            for i, h in enumerate(hosts)
        ]
        watch = PostgresStore(owner.db)
        try:
            assert {watch.owner(code) for code in codes} == {owner.url}
            owner.kill()  # nobody reconnects: the hosts' lines are simply dead
            began = time.monotonic()
            while {watch.owner(code) for code in codes} != {other.url}:
                assert time.monotonic() - began < 15, "the tables were not taken over"
                await asyncio.sleep(0.1)
            assert watch.orphans() == []
        finally:
            watch.close()
        for host in hosts:
            host.drop()  # the dead lines' sockets, closed
        back = SeatClient(other.url, blanco)  # the surviving address only
        back.table, back.seat, back.token = codes[0], 0, hosts[0].token
        await back.resume()  # served here: no `elsewhere`, no `unavailable`
        url = back.url
        await back.close()
        return url

    assert run(scenario(), timeout=45) == other.url


@pytest.mark.parametrize("game_id", ["blanco", "luckybox"])
def test_seats_on_the_other_process_are_sent_only_what_they_may_know(
    two_servers: list[ServerProcess], game_id: str
) -> None:
    """The leak checks of test_online_leaks on the frames the non-owner process sends (its
    mirror's views and events): each exactly `view_for(seat)` and `redact(event, seat)` at its
    version, no seed, no deck, no other seat's hidden card."""
    from tests import test_online_leaks as leaks

    owner, other = two_servers
    game = game_by_id(game_id)

    async def scenario() -> leaks.Played:
        frames: dict[int, list[str]] = {}
        seat_of: dict[int, int] = {}

        def keep(client: SeatClient, text: str) -> None:
            frames.setdefault(seat_of.get(id(client), -2), []).append(text)

        urls = [owner.url] + [other.url] * (leaks.PLAYERS - 1)
        clients = [SeatClient(url, game, keep, urls=[url]) for url in urls]
        watcher = SeatClient(other.url, game, keep, urls=[other.url])
        for i, client in enumerate(clients):
            seat_of[id(client)] = i
        seat_of[id(watcher)] = leaks.WATCHER
        seats = [p.SeatSpec(f"P{i}") for i in range(leaks.PLAYERS)]
        code = await clients[0].open(seats, leaks.SEED)
        for i, client in enumerate(clients[1:], start=1):
            await client.join(code, i)
        await watcher.watch(code)
        bots = [game.bots.make_bot("easy", leaks.SEED, i) for i in range(leaks.PLAYERS)]

        async def watch() -> None:
            while not watcher.over:
                await watcher.receive()

        await asyncio.gather(watch(), *(c.play(bots[i].choose) for i, c in enumerate(clients)))
        record = await clients[0].record()
        for client in [*clients, watcher]:
            await client.close()
        assert all(c.reconnects == 0 for c in clients)
        frames.pop(-2, None)
        return leaks.Played(game_id, record, frames)

    played = run(scenario(), timeout=120)
    leaks.test_every_view_and_event_is_what_view_for_and_redact_give(played)
    leaks.test_no_frame_holds_the_bottom_of_the_deck(played)
    leaks.test_no_frame_holds_the_seed_before_the_end(played)
    if game_id == "blanco":
        leaks.test_blanco_frames_hold_no_other_seats_hidden_card(played)


def replies_held(server: Any) -> asyncio.Event:
    """Hold back every owner's reply `server` hears until the returned event is set."""
    released = asyncio.Event()
    take_reply = server._take_reply

    async def when_released(data: dict[str, Any]) -> None:
        await released.wait()
        await take_reply(data)

    server._take_reply = when_released
    return released


def test_a_client_gone_before_its_join_is_answered_is_reported_gone_to_the_owner(
    pg_url: str,
) -> None:
    """A client of one process joins a table another process owns and drops its line before
    the owner's `seated` comes back. The owner seated it meanwhile; it must hear that the
    client left, so the seat shows away (held for its token, its timers running) instead of
    connected for ever to nobody. The owner's answer is held back until the client is gone,
    every time."""
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[bool, bool]:
        async with (
            server_here(pg_url) as (owner, owner_url, _),
            server_here(pg_url) as (
                here,
                url,
                _,
            ),
        ):
            opener = SeatClient(owner_url, blanco)
            code = await opener.open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=7)
            gone = replies_held(here)
            joiner = SeatClient(url, blanco, urls=[url])
            joining = asyncio.create_task(joiner.join(code, 1))
            began = asyncio.get_running_loop().time()
            while not any(c.seating is not None for c in here.forwarded.values()):
                assert asyncio.get_running_loop().time() - began < 15, "never passed on"
                await asyncio.sleep(0.005)
            table = owner.hub.tables[code]
            while not table.seat_infos()[1].connected:  # the owner seated it...
                assert asyncio.get_running_loop().time() - began < 15, "never seated"
                await asyncio.sleep(0.005)
            joining.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await joining
            assert joiner.ws is not None
            await joiner.ws.close()  # ...and the client is gone before it hears so
            while here.forwarded:
                assert asyncio.get_running_loop().time() - began < 15, "never noticed"
                await asyncio.sleep(0.005)
            gone.set()
            while table.seat_infos()[1].connected:
                if asyncio.get_running_loop().time() - began > 10:
                    break
                await asyncio.sleep(0.01)
            seat = table.seat_infos()[1]
            await opener.close()
            return not seat.connected, not seat.free

    away, held = run(scenario(), timeout=60)
    assert away, "the owner still thinks the client is there"
    assert held, "the seat is kept for its token"


def test_a_join_left_unanswered_for_another_table_is_reported_gone_to_its_owner(
    pg_url: str,
) -> None:
    """A client joins a table another process owns, then, before the owner's `seated` comes
    back, takes a seat at a table of its own process. The first answer is no longer awaited,
    but the owner seated it meanwhile: it must hear that the client left, so that seat shows
    away (held for its token, its timers running) instead of connected for ever to nobody."""
    from websockets.asyncio.client import connect

    blanco = game_by_id("blanco")

    async def scenario() -> tuple[bool, bool, bool]:
        async with (
            server_here(pg_url) as (owner, owner_url, _),
            server_here(pg_url) as (here, url, _),
        ):
            far_opener, near_opener = SeatClient(owner_url, blanco), SeatClient(url, blanco)
            seats = [p.SeatSpec("Player 1"), p.SeatSpec("Player 2")]
            far = await far_opener.open(seats, seed=7)
            near = await near_opener.open(seats, seed=8)
            released = replies_held(here)
            far_table, near_table = owner.hub.tables[far], here.hub.tables[near]
            loop = asyncio.get_running_loop()
            began = loop.time()
            async with connect(url) as ws:
                await ws.send(p.encode(p.Join(far, 1)))
                while not far_table.seat_infos()[1].connected:  # the owner seated it...
                    assert loop.time() - began < 15, "never seated"
                    await asyncio.sleep(0.005)
                await ws.send(p.encode(p.Join(near, 1)))  # ...and it sits here before it hears
                while not near_table.seat_infos()[1].connected:
                    assert loop.time() - began < 15, "never seated here"
                    await asyncio.sleep(0.005)
                released.set()
                while far_table.seat_infos()[1].connected and loop.time() - began < 10:
                    await asyncio.sleep(0.01)
                seat = far_table.seat_infos()[1]
                still_here = near_table.seat_infos()[1].connected
            await far_opener.close()
            await near_opener.close()
            return not seat.connected, not seat.free, still_here

    away, held, still_here = run(scenario(), timeout=60)
    assert away, "the owner still thinks the client is at its table"
    assert held, "the seat is kept for its token"
    assert still_here, "the client lost the seat it took here"
