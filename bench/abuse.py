"""One hostile player against the server's limits: `python bench/abuse.py [--moves N]
[--skip-memory]`.

It starts the server itself (`main.py --serve` on 127.0.0.1, a free port, a fresh SQLite file,
the server's own limits: docs/PROTOCOL.md, "Limits"), and stands for other machines with other
addresses of 127.0.0.0/8. It prints `name: value (target ...)` lines:

- guesses_per_second_before: codes one address guesses a second with no back-off (a server
  started with the look-up limits lifted: what the issue found); guesses_per_second: the
  same against the usual limits, counted over the guessing and the cut-off that follows it;
- connections_held, connections_refused: of 1,000 connections one address opens (at no
  table), those open at the end (each past its cap let its oldest go) and those refused;
- tables_refused: of 20 tables one address opens (each a human seat and eleven Hard computers);
- seats_frames: `seats` messages a player is sent while another address watches the table
  1,000 times;
- honest_p50_ms, honest_p95_ms: an honest 3-seat Blanco table's move round trip (an action
  sent to its acknowledgement), alone and then while one address floods the server at its
  limits (connections, tables of computers, bad codes, watches);
- table_peak_mb, table_after_mb: what a 12-seat table of one human and eleven Hard computers
  holds (the server's own Table and computers in this process, resident memory above what it
  held before) while it plays and once it is over; next_table_peak_mb, next_table_after_mb:
  the same for a second such table of another deal, played after it. What the first leaves
  is mostly the rules' shared tables (game/luckybox/rules/tables.py: built once for the
  process as play first reaches them, bounded, reused by every later table) and the memory
  pages they keep from being returned; what the second leaves is what one more table costs
  (tests/test_online_memory.py: a table let go is freed, its state and computers with it).
- computers_*: the 44-address computer attack (bench/abuse_computers.py, its own server).

The door's figures (behind a trusted proxy; the 260-address watcher flood) are
bench/abuse_door.py's, printed among these.

`--only-memory` prints the table figures alone (no server). The hostile host (the app against a
server that attacks it: host_* lines) is bench/abuse_host.py's, run last (`--skip-host`: not).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from abuse_computers import print_computer_attack  # noqa: E402
from abuse_door import print_door_figures  # noqa: E402
from abuse_host import print_hostile_host  # noqa: E402
from server import ServerProcess  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from game.catalog import game_by_id  # noqa: E402
from game.online import protocol as p  # noqa: E402
from game.online.client import ClientError, SeatClient  # noqa: E402
from game.online.limits import Limits  # noqa: E402

BLANCO = game_by_id("blanco")
LUCKYBOX = game_by_id("luckybox")
P95_TARGET_MS = 100.0
TABLE_TARGET_MB = 20.0
LIMITS = Limits()
HONEST, CONNECTOR, TABLES, GUESSER, WATCHER = (f"127.0.0.{i}" for i in range(1, 6))
NO_LOOKUP_LIMITS = ["--lookups-free", "1000000", "--lookups-cutoff", "1000000"]
NO_LOOKUP_LIMITS += ["--lookups-per-second", "1000000"]  # (the shared budget lifted too)


@contextlib.contextmanager
def served(folder: Path, name: str, options: list[str]) -> Any:
    """A `main.py --serve` subprocess with these options (killed at the end): its URL."""
    server = ServerProcess(str(folder / f"{name}.db"), folder / f"{name}.log", None, options)
    try:
        yield server.start()
    finally:
        server.kill()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def _ws(url: str, source: str) -> ClientConnection:
    return await connect(url, local_addr=(source, 0), open_timeout=5, close_timeout=1)


def _client(url: str, game: Any, source: str) -> SeatClient:
    client = SeatClient(url, game)
    client.local_addr = (source, 0)
    return client


# -- the honest table ---------------------------------------------------------------------------
async def honest_round_trips(url: str, moves: int, seed: int = 1) -> list[float]:
    """A 3-seat Blanco table from HONEST, each seat its own client and Easy bot: the seconds
    from each action sent to its acknowledgement, for `moves` actions (or the game's end)."""
    clients = [_client(url, BLANCO, HONEST) for _ in range(3)]
    code = await clients[0].open([p.SeatSpec(f"Player {i + 1}") for i in range(3)], seed=seed)
    for seat, client in enumerate(clients[1:], start=1):
        await client.join(code, seat)
    bots = [BLANCO.bots.make_bot("easy", seed, seat) for seat in range(3)]
    times: list[float] = []
    enough = asyncio.Event()

    async def play(seat: int) -> None:
        client = clients[seat]
        while not client.over and len(times) < moves:
            if client.may_act():
                action = bots[seat].choose(client.view(), seat)
                started = time.perf_counter()
                sent = await client.act(action)
                while client.pending is sent and not client.over:
                    await client.receive()
                times.append(time.perf_counter() - started)
            else:
                await client.receive()
        enough.set()  # (the others wait on messages that will not come: they are stopped)

    seats = [asyncio.create_task(play(seat)) for seat in range(3)]
    try:
        await asyncio.wait_for(enough.wait(), 120)
    except TimeoutError:
        pass
    finally:
        for task in seats:
            task.cancel()
        await asyncio.gather(*seats, return_exceptions=True)
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
    return times


# -- the attacks --------------------------------------------------------------------------------
async def open_connections(url: str, count: int, source: str = CONNECTOR) -> tuple[list, int]:
    """`count` connections from one address: (those let in, kept open; how many refused)."""
    kept: list[ClientConnection] = []
    refused = 0
    for _ in range(count):
        try:
            kept.append(await _ws(url, source))
        except (InvalidHandshake, OSError):
            refused += 1
    return kept, refused


async def open_bot_tables(url: str, count: int, source: str = TABLES) -> tuple[list, int]:
    """`count` 12-seat Lucky Box tables of one human seat (nobody sits) and eleven Hard
    computers, from one address, a new connection whenever one has opened its most:
    (the clients, kept open; how many tables were refused)."""
    seats = [p.SeatSpec("Nobody")] + [p.SeatSpec(f"Hard {i}", "hard") for i in range(11)]
    clients: list[SeatClient] = []
    refused = 0
    client: SeatClient | None = None
    for i in range(count):
        if client is None or i % 5 == 0:
            client = _client(url, LUCKYBOX, source)
            clients.append(client)
        try:
            await client.open(seats, seed=i, sit=None)
        except ClientError:
            refused += 1
        except (InvalidHandshake, OSError, ConnectionClosed):
            refused += 1
            client = None
    return clients, refused


async def guess_codes(
    url: str, seconds: float, connections: int = 1, source: str = GUESSER
) -> tuple[int, float, bool]:
    """Guess table codes from `connections` connections of one address, each as fast as the
    rate limit lets it, for up to `seconds`: (guesses answered, seconds taken, whether the
    address was cut off)."""
    started = time.perf_counter()
    counts = [0] * connections
    cut = asyncio.Event()

    async def guess(i: int) -> None:
        try:
            ws = await _ws(url, source)
        except (InvalidHandshake, OSError):
            cut.set()
            return
        try:
            while time.perf_counter() - started < seconds and not cut.is_set():
                sent = time.perf_counter()
                code = f"{i:02d}{counts[i]:04d}"[-6:]
                await ws.send(p.encode(p.Watch(code)))
                reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if reply.get("code") == "cut_off":
                    cut.set()
                    break
                counts[i] += 1
                await asyncio.sleep(max(0.0, 1 / (p.RATE * 0.9) - (time.perf_counter() - sent)))
        except (ConnectionClosed, TimeoutError):
            cut.set()
        finally:
            await ws.close()

    await asyncio.gather(*(guess(i) for i in range(connections)))
    return sum(counts), time.perf_counter() - started, cut.is_set()


async def watch_flood(url: str, code: str, count: int, source: str = WATCHER) -> None:
    """Watch one table `count` times over, from one connection, paced under the rate limit
    (its answers read and dropped: one that reads nothing is cut as a stalled reader)."""
    ws = await _ws(url, source)

    async def drain() -> None:
        with contextlib.suppress(ConnectionClosed):
            async for _ in ws:
                pass

    reader = asyncio.create_task(drain())
    try:
        for _ in range(count):
            await ws.send(p.encode(p.Watch(code)))
            await asyncio.sleep(1 / (p.RATE * 0.9))
    finally:
        await ws.close()
        await reader


@contextlib.asynccontextmanager
async def flooding(url: str, code: str) -> AsyncIterator[dict[str, Any]]:
    """One player floods the server at its limits while the caller works: connections (all one
    address may hold, and more refused), tables of computers (all one address may open),
    bad codes (until cut off) and watches (at the rate limit). Figures in the dict."""
    figures: dict[str, Any] = {}
    conns, refused = await open_connections(url, LIMITS.connections_per_address + 20)
    figures["connections_refused"] = refused
    figures["connections_held"] = await still_open(conns, LIMITS.connections_per_address)
    tables, tables_refused = await open_bot_tables(url, LIMITS.tables_per_address + 2)
    figures["tables_refused"] = tables_refused
    background = [
        asyncio.create_task(guess_codes(url, 30.0, 4)),
        asyncio.create_task(watch_flood(url, code, 10_000)),
    ]
    try:
        yield figures
    finally:
        for task in background:
            task.cancel()
        for task in background:
            with contextlib.suppress(BaseException):
                await task
        for ws in conns:
            await ws.close()
        for client in tables:
            with contextlib.suppress(Exception):
                await client.close()


async def flooded_round_trips(url: str, moves: int) -> tuple[list[float], dict[str, Any]]:
    """The honest table's round trips while one address floods (`flooding`)."""
    watched = SeatClient(url, BLANCO)  # a table for the watch flood
    code = await watched.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=9)
    async with flooding(url, code) as figures:
        times = await honest_round_trips(url, moves, seed=2)
    await watched.close()
    return times, figures


async def seats_during_watch_flood(url: str, watches: int) -> int:
    """`seats` messages a seated player is sent while another address watches its table
    `watches` times."""
    frames: list[str] = []
    host = SeatClient(url, BLANCO, on_frame=lambda _c, text: frames.append(text))
    host.local_addr = (HONEST, 0)
    code = await host.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=3)
    await watch_flood(url, code, watches)
    with contextlib.suppress(TimeoutError):
        while True:
            await asyncio.wait_for(host.receive(), 0.5)
    await host.close()
    return sum(1 for f in frames if f.startswith('{"type":"seats"'))


# -- memory ---------------------------------------------------------------------------------
def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _trim() -> None:
    """Give the memory freed back to the system (glibc keeps it), so RSS shows what is held."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)


def table_memory(level: str = "hard", seed: int = 5) -> tuple[float, float]:
    """A 12-seat Lucky Box table of one human (played here by an Easy bot) and eleven
    computers at `level`, on the server's own `Table` (the computers think as the server's
    do, forgetting between decisions), played to its end: (MB held at most while it played,
    MB still held once it is over and let go), as this process's resident memory above what
    it held before (tracemalloc made the game many minutes long). The shared tables of the
    rules and bots that a first decision reaches are made before; the rest are made as play
    first reaches them, once for the process (the next table finds most of them made)."""
    from game.online.rows import SeatRow, TableRow
    from game.online.store import SqliteStore
    from game.online.tables import Table

    state, _ = LUCKYBOX.rules.new_game([f"P{i}" for i in range(12)], seed)
    LUCKYBOX.bots.make_bot(level, seed, 1).choose(state.view_for(1), 1)  # (the shared tables)

    async def play() -> tuple[float, float]:
        folder = tempfile.TemporaryDirectory(prefix="abuse-memory-")
        store = SqliteStore(Path(folder.name) / "t.db")  # (on disk, as a server's)
        seats = [SeatRow(0, "Me", "human")] + [
            SeatRow(i, f"Bot {i}", "computer", level) for i in range(1, 12)
        ]
        row = TableRow("MEM-ORY", "luckybox", seed, None, "x", 300.0, time.time(), None, seats)
        store.create_table(row)
        _trim()
        base = _rss_mb()
        table: Table[Any] = Table(row, LUCKYBOX, store)
        me = LUCKYBOX.bots.make_bot("easy", seed, 0)
        peak = 0.0
        table.start_computers()
        while not table.state.is_terminal():
            peak = max(peak, _rss_mb() - base)
            if 0 in table.state.waiting_for():
                version = table.version
                action = me.choose(table.state.view_for(0), 0)
                async with table.turn:  # (as a client's action takes its turn)
                    await table.apply(0, f"me-{version}", action, version)
            await asyncio.sleep(0.005)
        while table.computers.thinking:
            await asyncio.sleep(0.01)
        del table, me
        _trim()
        after = _rss_mb() - base
        store.close()
        folder.cleanup()
        return peak, after

    return asyncio.run(play())


# -- main ----------------------------------------------------------------------------------
async def guesses(url: str, seconds: float) -> tuple[float, int, float]:
    """Guesses a second from one address holding all the connections it may: counted over
    the guessing and, if it was cut off, the cut-off too; (that, guesses, seconds)."""
    count, took, cut = await guess_codes(url, seconds, LIMITS.connections_per_address)
    return count / (took + (LIMITS.cutoff_seconds if cut else 0.0)), count, took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60, help="honest moves timed (60)")
    parser.add_argument("--skip-memory", action="store_true", help="no table memory figures")
    parser.add_argument("--only-memory", action="store_true", help="the table memory figures alone")
    parser.add_argument("--skip-host", action="store_true", help="no hostile host figures")
    args = parser.parse_args(argv)
    if args.only_memory:
        print_table_memory()
        return 0
    with tempfile.TemporaryDirectory(prefix="abuse-") as tmp:
        folder = Path(tmp)
        with served(folder, "unlimited", NO_LOOKUP_LIMITS) as url:
            before, count, took = asyncio.run(guesses(url, 5.0))
        print(
            f"guesses_per_second_before: {before:.0f} ({count} in {took:.1f} s from "
            f"{LIMITS.connections_per_address} connections, no look-up limits)"
        )
        with served(folder, "limited", []) as url:
            after, count, took = asyncio.run(guesses(url, 60.0))
            print(
                f"guesses_per_second: {after:.3f} ({count} before the cut-off, over "
                f"{took:.1f} s and the {LIMITS.cutoff_seconds:.0f} s cut-off; target < 0.1)"
            )
            codes = 31**6
            print(
                f"guess_days_for_one_in_1000_tables: {codes / 1000 / max(after, 1e-9) / 86400:.0f} "
                "(31^6 codes, 1,000 live tables, one address; target: hopeless)"
            )
        with served(folder, "door", []) as url:
            kept, refused = asyncio.run(open_connections_and_close(url, 1000))
            print(
                f"connections_held: {kept} (of 1000 from one address, at no table: each past "
                f"the cap lets its oldest go; target {LIMITS.connections_per_address})"
            )
            print(f"connections_refused: {refused} (target 0: none refused while one is idle)")
            seats = asyncio.run(seats_during_watch_flood(url, 1000))
            print(f"seats_frames: {seats} (during 1000 watches by another address; target 0)")
        with served(folder, "alone", []) as url:
            alone = asyncio.run(honest_round_trips(url, args.moves))
        print(f"honest_p50_ms: {percentile(alone, 0.5) * 1000:.1f} (alone)")
        print(f"honest_p95_ms: {percentile(alone, 0.95) * 1000:.1f} (alone)")
        with served(folder, "flood", []) as url:
            flooded, figures = asyncio.run(flooded_round_trips(url, args.moves))
        print(
            f"tables_refused: {figures['tables_refused']} (of "
            f"{LIMITS.tables_per_address + 2} from one address; target 2)"
        )
        print(f"honest_p50_ms_flooded: {percentile(flooded, 0.5) * 1000:.1f}")
        print(
            f"honest_p95_ms_flooded: {percentile(flooded, 0.95) * 1000:.1f} "
            f"(target < {P95_TARGET_MS:.0f}; {len(flooded)} moves, median of the run "
            f"{statistics.median(flooded) * 1000:.1f})"
        )
        print_door_figures(folder)  # (issue 71: behind a trusted proxy; the watcher flood)
    print_computer_attack(args.moves)
    if not args.skip_memory:
        print_table_memory()
    if not args.skip_host:
        print_hostile_host()
    return 0


def print_table_memory() -> None:
    peak, after = table_memory()
    target = f"target <= {TABLE_TARGET_MB:.0f}"
    print(f"table_peak_mb: {peak:.1f} (12 seats, 11 Hard computers, RSS; {target})")
    print(f"table_after_mb: {after:.1f} (once it is over and let go; target about 0)")
    peak, after = table_memory(seed=6)
    print(f"next_table_peak_mb: {peak:.1f} (another deal, played after it; {target})")
    print(f"next_table_after_mb: {after:.1f} (once it is over and let go; target about 0)")


async def open_connections_and_close(url: str, count: int) -> tuple[int, int]:
    kept, refused = await open_connections(url, count)
    held = await still_open(kept, LIMITS.connections_per_address)
    for ws in kept:
        await ws.close()
    return held, refused


async def still_open(conns: list[ClientConnection], cap: int, within: float = 5.0) -> int:
    """How many of these connections are open once those let go have been told (at most
    `within` seconds for the count to come down to `cap`)."""
    deadline = time.monotonic() + within
    while True:
        held = sum(1 for ws in conns if ws.state.name == "OPEN")
        if held <= cap or time.monotonic() > deadline:
            return held
        await asyncio.sleep(0.05)


if __name__ == "__main__":
    sys.exit(main())
