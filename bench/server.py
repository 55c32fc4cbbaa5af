"""The online server under load: `python bench/server.py [--tables N] [--seconds S] [--db URL]
[--processes K] [--kill-after T] [--game G]`.

It starts the server itself (`main.py --serve` on 127.0.0.1, free ports, K processes on one
database), opens N tables of 3 human seats, every seat its own WebSocket client (all in this
one asyncio process), and plays random legal moves chosen from the acting seat's view, one
move per table per second on average, for S seconds. Then it prints `name: value` lines:

- tables, clients: what was opened; moves, moves_per_second: actions acknowledged;
- p50_ms, p95_ms, p99_ms: from an action sent to its acknowledgement reaching the acting seat;
- lost: acknowledged actions missing from the stored tables at the end (read back through the
  server's own `Store`);
- finished: tables whose stored actions replay legally to the stored version (finished or not);
- rss_mb: each server process's resident memory at the end;
- reconnects: how often a client had to reconnect (after --kill-after);
- cpu_seconds: the CPU the servers and the clients used, and from the first move on, each's
  CPU per acknowledged move (steadier than the latencies on a machine shared with other jobs).

The clients keep each view as its JSON text until their seat acts on it (`lazy_views`): a
client decodes only the views it chooses from, and of those (Lucky Box) all but the history of
actions, which its legal moves do not look at.

--kill-after T kills one server process with SIGKILL T seconds in; with one process it is
started again on the same port (its clients resume their seats), with several the clients of
the dead one move to the others (the others' clients stay where they are: a table's actions and
steps are relayed between the processes, PostgreSQL LISTEN/NOTIFY).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from game.catalog import game_by_id  # noqa: E402
from game.online import protocol as p  # noqa: E402
from game.online.client import ClientError, SeatClient  # noqa: E402
from game.online.codec import view_from_json, wire_of  # noqa: E402
from game.online.store import open_store  # noqa: E402
from game.online.tables import Table  # noqa: E402

SEATS = 3
P95_TARGET_MS = 100.0
CONNECT_AT_ONCE = 50  # tables being opened at the same time (the server's accept backlog)


#: Every client here comes from 127.0.0.1, standing for many players on many machines: the
#: server's limits per address (docs/PROTOCOL.md, "Limits") are lifted for it.
ONE_ADDRESS_FOR_MANY = [
    "--max-connections-per-address",
    "1000000",
    "--max-tables-per-address",
    "1000000",
    "--lookups-free",
    "1000000",
    "--lookups-cutoff",
    "1000000",
]


class ServerProcess:
    """One `main.py --serve` subprocess; `start` again reuses its port."""

    def __init__(
        self,
        db: str,
        log: Path,
        rate_limit: int | None = None,
        options: list[str] | None = None,
    ) -> None:
        self.db, self.log = db, log
        self.rate_limit = rate_limit  # --rate-limit (None: the server's own)
        # its other options (None: ONE_ADDRESS_FOR_MANY; [] the server's own limits)
        self.options = ONE_ADDRESS_FOR_MANY if options is None else options
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.cpu_before = 0.0  # CPU seconds of the earlier runs of this server (killed ones)

    def start(self) -> str:
        limit = [] if self.rate_limit is None else ["--rate-limit", str(self.rate_limit)]
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, str(ROOT / "main.py"), "--serve"]
                + ["--host", "127.0.0.1", "--port", str(self.port), "--db", self.db]
                + ["--chosen-seeds"]  # the bench deals known seeds
                + limit
                + self.options,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                cwd=ROOT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.fullmatch(r"serving ws://127\.0\.0\.1:(\d+)\n", line)
        if not found:
            raise SystemExit(f"the server did not start ({line!r}); see {self.log}")
        self.port = int(found.group(1))
        return self.url

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def rss_mb(self) -> float:
        if self.proc is None or self.proc.poll() is not None:
            return 0.0
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self) -> float:
        """CPU (user and system) this server has used so far, its killed runs included."""
        return self.cpu_before + self._cpu_now()

    def _cpu_now(self) -> float:
        if self.proc is None or self.proc.poll() is not None:
            return 0.0
        try:
            stat = Path(f"/proc/{self.proc.pid}/stat").read_text()
        except OSError:  # not Linux: no figure
            return 0.0
        fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.cpu_before += self._cpu_now()
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._close_output()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_output()

    def _close_output(self) -> None:
        """The pipe its first line was read from, once the process has ended (a restart
        opens a new one)."""
        if self.proc is not None and self.proc.poll() is not None and self.proc.stdout:
            self.proc.stdout.close()


@dataclass
class Figures:
    sent_at: dict[str, float] = field(default_factory=dict)  # action id -> when it was sent
    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, int, str]] = field(default_factory=list)  # (table, seat, action id)
    refused: int = 0  # refused by the rules (a view that should have known better)
    stale: int = 0  # chosen against a version the table had left (the view was behind)
    counting: bool = True


class BenchSeat:
    """A seat's client and the task reading its socket (acks are timed as they arrive)."""

    def __init__(self, client: SeatClient, figures: Figures) -> None:
        self.client = client
        self.figures = figures
        self.reader: asyncio.Task[None] | None = None

    async def read_forever(self) -> None:
        client = self.client
        while True:
            try:
                if client.ws is None:
                    await client.reconnect()
                message = await client.receive()
            except ClientError:  # a refused action (not stale): choose again next time
                self.figures.refused += 1
                continue
            except (OSError, p.BadMessage, asyncio.IncompleteReadError):
                client.ws = None
                continue
            except Exception:  # ConnectionClosed and the like: the line dropped
                client.ws = None
                continue
            if isinstance(message, p.Ack):
                sent = self.figures.sent_at.pop(message.id, None)
                if sent is not None and self.figures.counting:
                    self.figures.latencies.append(time.monotonic() - sent)
                    assert client.table is not None and client.seat is not None
                    self.figures.acked.append((client.table, client.seat, message.id))
            elif isinstance(message, p.Refused):
                self.figures.sent_at.pop(message.id, None)
                self.figures.stale += message.code == "stale"


async def open_table(
    urls: list[str], index: int, game: Any, figures: Figures, seed: int
) -> list[BenchSeat]:
    """A table of 3 seats, each seat's client on server (table + seat) mod K."""
    clients = [
        SeatClient(urls[(index + s) % len(urls)], game, max_backoff=1.0, urls=urls, lazy_views=True)
        for s in range(SEATS)
    ]
    specs = [p.SeatSpec(f"Seat {s + 1}") for s in range(SEATS)]
    for client in clients:
        await connect_patiently(client)
    code = await clients[0].open(specs, seed=seed, sit=0)
    for s, client in enumerate(clients[1:], start=1):
        await client.join(code, s)
    seats = [BenchSeat(c, figures) for c in clients]
    for seat in seats:
        seat.reader = asyncio.create_task(seat.read_forever())
    return seats


async def connect_patiently(client: SeatClient, tries: int = 5) -> None:
    """Connect, trying again when a loaded machine lets the opening handshake time out (a
    bench of 1,000 tables opens 3,000 connections before it starts measuring)."""
    for attempt in range(tries):
        try:
            await client.connect()
            return
        except (TimeoutError, OSError):
            if attempt == tries - 1:
                raise
            await asyncio.sleep(0.5 * (attempt + 1))


async def drive_table(seats: list[BenchSeat], rng: random.Random, deadline: float) -> None:
    """One move per second on average (exponential gaps), by a random seat that may act, of a
    random legal action from that seat's view."""
    while True:
        gap = rng.expovariate(1.0)
        if time.monotonic() + gap >= deadline:
            return
        await asyncio.sleep(gap)
        ready = [s for s in seats if s.client.ws is not None and s.client.may_act()]
        if not ready:
            continue
        client = rng.choice(ready).client
        assert client.seat is not None
        try:
            legal = lean_view(client).legal_actions(client.seat)
        except Exception:
            continue
        if not legal:
            continue
        try:
            sent = time.monotonic()
            act = await client.act(rng.choice(legal))
            seats[0].figures.sent_at[act.id] = sent
        except Exception:  # the line dropped as we sent: the reader reconnects and resends
            client.ws = None


# Games whose legal moves never look at the view's history of actions (checked: Lucky Box, the
# same legal moves from 1,115 positions of 8 games with and without it): the bench's clients
# rebuild their view without it, half the decoding late in a game.
HISTORY_FREE = frozenset({"luckybox"})


def lean_view(client: SeatClient) -> Any:
    """The seat's view, as much of it as choosing a legal move needs."""
    data = client.view_json
    if client.game.id not in HISTORY_FREE:
        return client.view()
    if isinstance(data, msgspec.Raw):
        data = msgspec.json.decode(data)
    if isinstance(data, dict) and isinstance(data.get("actions"), list):
        data["actions"] = []
    return view_from_json(wire_of(client.game), data)


def stored_check(db: str, acked: list[tuple[str, int, str]]) -> tuple[int, int, int, int]:
    """(lost, consistent tables, tables played to the end, tables) from the store itself."""
    store = open_store(db)
    try:
        stored: set[tuple[str, int, str]] = set()
        consistent = ended = 0
        rows = store.tables()
        for row in rows:
            actions = store.actions(row.code)
            stored.update((row.code, a.seat, a.action_id) for a in actions)
            try:
                table: Table[Any] = Table(row, game_by_id(row.game), store)
                table.replay(actions)
            except Exception:
                continue
            in_order = [a.n for a in actions] == list(range(len(actions)))
            if in_order and (not actions or actions[-1].version == table.version):
                consistent += 1
                ended += table.state.is_terminal()
        lost = sum(1 for key in acked if key not in stored)
        return lost, consistent, ended, len(rows)
    finally:
        store.close()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def raise_file_limit(sockets: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = sockets * 2 + 256  # both ends of every socket may live on this machine
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


#: How long the killed server's clients are given to come back (a loaded machine restarts a
#: server slowly; the run ends sooner when they are back).
RECONNECT_WAIT = 60.0


async def back_on_line(seats: list[BenchSeat]) -> None:
    """Wait until the clients the kill cut off are back (one reconnect at least, every line
    up), at most RECONNECT_WAIT: otherwise a run on a busy machine could end before a slow
    restart, its clients never having had the chance to come back."""
    until = time.monotonic() + RECONNECT_WAIT
    while time.monotonic() < until:
        if sum(s.client.reconnects for s in seats) and all(s.client.ws for s in seats):
            return
        await asyncio.sleep(0.05)


async def bench(args: argparse.Namespace, servers: list[ServerProcess]) -> dict[str, Any]:
    game = game_by_id(args.game)
    figures = Figures()
    urls = [s.url for s in servers]
    rng = random.Random(args.seed)
    gate = asyncio.Semaphore(CONNECT_AT_ONCE)

    async def one(index: int) -> list[BenchSeat]:
        async with gate:
            return await open_table(urls, index, game, figures, args.seed + index)

    tables = await asyncio.gather(*(one(i) for i in range(args.tables)))
    cpu_at_start = own_cpu_seconds(), sum(s.cpu_seconds() for s in servers)
    started = time.monotonic()
    deadline = started + args.seconds
    drivers = [
        asyncio.create_task(drive_table(t, random.Random(rng.random()), deadline)) for t in tables
    ]
    restarts = 0
    if args.kill_after is not None and args.kill_after < args.seconds:
        await asyncio.sleep(args.kill_after)
        servers[0].kill()
        if len(servers) == 1:
            await asyncio.to_thread(servers[0].start)
            restarts += 1
        await back_on_line([seat for t in tables for seat in t])
    await asyncio.gather(*drivers)
    elapsed = time.monotonic() - started
    # wait (a little) for the answers still on their way; later ones are not counted
    settle = time.monotonic() + 5.0
    while figures.sent_at and time.monotonic() < settle:
        await asyncio.sleep(0.05)
    figures.counting = False
    cpu_played = (
        own_cpu_seconds() - cpu_at_start[0],
        sum(s.cpu_seconds() for s in servers) - cpu_at_start[1],
    )
    rss = [s.rss_mb() for s in servers]
    seats = [seat for t in tables for seat in t]
    for seat in seats:
        if seat.reader is not None:
            seat.reader.cancel()
    await asyncio.gather(*(s.client.close() for s in seats), return_exceptions=True)
    return {
        "elapsed": elapsed,
        "figures": figures,
        "rss": rss,
        "reconnects": sum(s.client.reconnects for s in seats),
        "restarts": restarts,
        "unanswered": len(figures.sent_at),
        "cpu_played": cpu_played,  # (clients, servers) CPU seconds from the first move on
    }


def own_cpu_seconds() -> float:
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return mine.ru_utime + mine.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--db", help="the database URL (default: SQLite in a temp folder)")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--kill-after", type=float, help="SIGKILL one server T seconds in")
    parser.add_argument("--game", default="luckybox")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.processes > 1 and not (args.db or "").startswith("postgresql://"):
        parser.error("several processes share one database: --db postgresql://...")
    raise_file_limit(args.tables * SEATS)
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        db = args.db or f"sqlite:///{tmp}/tables.sqlite3"
        servers = [ServerProcess(db, Path(tmp) / f"server{i}.log") for i in range(args.processes)]
        try:
            for server in servers:
                server.start()
            result = asyncio.run(bench(args, servers))
        finally:
            for server in servers:
                server.stop()
        figures: Figures = result["figures"]
        lost, consistent, ended, stored = stored_check(db, figures.acked)
    moves = len(figures.latencies)
    p95 = percentile(figures.latencies, 0.95)
    print(f"tables: {args.tables} ({stored} stored, {args.game}, {SEATS} seats each)")
    print(
        f"clients: {args.tables * SEATS} (one WebSocket each, {args.processes} server process(es))"
    )
    print(
        f"moves: {moves} (acknowledged in {result['elapsed']:.1f} s; "
        f"{figures.refused} refused, {figures.stale} stale)"
    )
    print(
        f"moves_per_second: {moves / max(result['elapsed'], 1e-9):.1f} "
        f"(offered: {args.tables} a second, one per table)"
    )
    print(f"p50_ms: {percentile(figures.latencies, 0.5):.1f}")
    print(f"p95_ms: {p95:.1f} (target <= {P95_TARGET_MS:.0f})")
    print(f"p99_ms: {percentile(figures.latencies, 0.99):.1f}")
    print(f"lost: {lost} (target 0; {result['unanswered']} still unanswered at the end)")
    print(f"finished: {consistent} (of {args.tables} replay legally; {ended} played to the end)")
    for i, rss in enumerate(result["rss"]):
        gone = " (killed)" if rss == 0 else ""
        print(f"rss_mb: {rss:.1f} (server process {i + 1} of {len(servers)}{gone})")
    print(f"reconnects: {result['reconnects']} ({result['restarts']} server restart(s))")
    mine = resource.getrusage(resource.RUSAGE_SELF)
    theirs = resource.getrusage(resource.RUSAGE_CHILDREN)  # the servers, once stopped
    clients_cpu, servers_cpu = result["cpu_played"]
    per_move = 1000 / max(moves, 1)
    print(
        f"cpu_seconds: {theirs.ru_utime + theirs.ru_stime:.1f} (the servers; the clients: "
        f"{mine.ru_utime + mine.ru_stime:.1f}; while playing: {servers_cpu * per_move:.2f} ms "
        f"a move in the servers, {clients_cpu * per_move:.2f} ms in the clients; "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    return 0


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
