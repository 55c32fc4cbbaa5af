"""The 44-address computer attack (issue 71, item 3): `python bench/abuse_computers.py
[--moves N] [--addresses N]`; bench/abuse.py prints it too.

It starts the server itself (`main.py --serve` on 127.0.0.1, a free port, a fresh SQLite file,
the server's own limits but `--allow-computer-tables`): 44 attacker addresses of 127.0.1.0/24
each open all the tables one address may (`--max-tables-per-address`), each of twelve Hard
Lucky Box computers. (A server refuses a table of computers alone; the option stands for an
attacker who holds each table's one human seat and plays it at once, which costs the server
the same.) Then an honest address, 127.0.0.1, plays a 3-seat Blanco table: two players, each
its own client and Easy bot, and a Normal computer. It prints `name: value (target ...)`:

- computers_honest_p50_ms, computers_honest_p95_ms: the honest players' move round trip (an
  action sent to its acknowledgement) during the attack;
- computers_wait_p50_ms, computers_wait_p95_ms: the honest table's computer, from the state
  that waits for it to the state after its move (its thinking, a few ms, included), as the
  players see it;
- computers_attack_moves: moves the attackers' computers made meanwhile (the attack's weight:
  the server's CPU went to them; from its GET /metrics).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from server import ServerProcess  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from game.catalog import game_by_id  # noqa: E402
from game.online import protocol as p  # noqa: E402
from game.online.client import ClientError, SeatClient  # noqa: E402
from game.online.limits import Limits  # noqa: E402

BLANCO = game_by_id("blanco")
LUCKYBOX = game_by_id("luckybox")
LIMITS = Limits()
HONEST = "127.0.0.1"
ADDRESSES = 44
OPENS_PER_CONNECTION = 5  # (server.MAX_OPENS)
ROUND_TRIP_TARGET_MS = 100.0
WAIT_TARGET_MS = 1000.0
COMPUTER_SEAT = 2  # the honest table's


def attacker(i: int) -> str:
    return f"127.0.1.{i + 1}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def open_computer_tables(url: str, address: str, count: int) -> list[SeatClient]:
    """`count` tables of twelve Hard computers from one address (a new connection whenever
    one has opened its most): the clients, kept open."""
    seats = [p.SeatSpec(f"Hard {i}", "hard") for i in range(12)]
    clients: list[SeatClient] = []
    for i in range(count):
        if i % OPENS_PER_CONNECTION == 0:
            clients.append(SeatClient(url, LUCKYBOX))
            clients[-1].local_addr = (address, 0)
        with contextlib.suppress(ClientError, InvalidHandshake, OSError, ConnectionClosed):
            await clients[-1].open(seats, seed=i, sit=None)
    return clients


class ComputerTurns:
    """Watches one seat's frames: how long each turn of the table's computer took, from the
    state that waits for it to the first state past that version."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.since: tuple[float, int] | None = None  # (when, version) its turn began

    def frame(self, _client: Any, text: str) -> None:
        if not text.startswith('{"type":"state"'):
            return
        state = json.loads(text)
        now = time.perf_counter()
        if self.since is not None and state["version"] > self.since[1]:
            self.waits.append(now - self.since[0])
            self.since = None
        if self.since is None and COMPUTER_SEAT in state["waiting"]:
            self.since = (now, state["version"])


async def honest_table(url: str, moves: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """The honest 3-seat Blanco table from HONEST plays `moves` of its players' moves (or to
    its end): (their round trips, its computer's turns), in seconds."""
    turns = ComputerTurns()
    clients = [SeatClient(url, BLANCO, turns.frame), SeatClient(url, BLANCO)]
    for client in clients:
        client.local_addr = (HONEST, 0)
    seats = [p.SeatSpec("Ann"), p.SeatSpec("Bob"), p.SeatSpec("Cy", "normal")]
    code = await clients[0].open(seats, seed=seed, sit=0)
    await clients[1].join(code, 1)
    bots = [BLANCO.bots.make_bot("easy", seed, seat) for seat in range(2)]
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
        enough.set()  # (the other waits on messages that may not come: it is stopped)

    playing = [asyncio.create_task(play(seat)) for seat in range(2)]
    try:
        await asyncio.wait_for(enough.wait(), 300)
    except TimeoutError:
        pass
    finally:
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
    return times, turns.waits


async def attacked(
    url: str, moves: int, addresses: int
) -> tuple[list[float], list[float], int, int]:
    """The honest table's figures while `addresses` attackers' tables of computers play:
    (round trips, computer turns, the attackers' moves meanwhile, their tables open)."""
    tables = LIMITS.tables_per_address
    opened = await asyncio.gather(
        *(open_computer_tables(url, attacker(i), tables) for i in range(addresses))
    )
    attackers = [client for clients in opened for client in clients]
    await asyncio.sleep(2.0)  # (every table's first decisions queued)
    tables_open = int(await asyncio.to_thread(metric, url, "smlb_tables_live"))
    before = await asyncio.to_thread(metric, url, "smlb_moves_total")
    try:
        times, waits = await honest_table(url, moves)
        after = await asyncio.to_thread(metric, url, "smlb_moves_total")
        return times, waits, int(after - before) - len(times) - len(waits), tables_open
    finally:
        for client in attackers:
            with contextlib.suppress(Exception):
                await client.close()


def metric(url: str, name: str) -> float:
    """One of the server's figures (GET /metrics): `smlb_moves_total`, `smlb_tables_live`."""
    with urllib.request.urlopen(url.replace("ws://", "http://") + "/metrics", timeout=30) as got:
        text = got.read().decode("utf-8")
    found = re.search(rf"^{name} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else float("nan")


def print_computer_attack(moves: int, addresses: int = ADDRESSES) -> None:
    with tempfile.TemporaryDirectory(prefix="abuse-computers-") as tmp:
        folder = Path(tmp)
        db, log = str(folder / "computers.db"), folder / "computers.log"
        server = ServerProcess(db, log, None, ["--allow-computer-tables"])
        url = server.start()
        try:
            times, waits, attack, opened = asyncio.run(attacked(url, moves, addresses))
        finally:
            server.kill()
    tables = addresses * LIMITS.tables_per_address
    print(
        f"computers_honest_p50_ms: {percentile(times, 0.5) * 1000:.1f} "
        f"({addresses} addresses' {tables} tables of 12 Hard computers)"
    )
    print(
        f"computers_honest_p95_ms: {percentile(times, 0.95) * 1000:.1f} "
        f"(target < {ROUND_TRIP_TARGET_MS:.0f}; {len(times)} moves)"
    )
    print(f"computers_wait_p50_ms: {percentile(waits, 0.5) * 1000:.1f}")
    print(
        f"computers_wait_p95_ms: {percentile(waits, 0.95) * 1000:.1f} "
        f"(target < {WAIT_TARGET_MS:.0f}; {len(waits)} turns of the honest table's computer)"
    )
    print(f"computers_attack_moves: {attack} (the attackers' computers' moves meanwhile)")
    print(f"computers_attack_tables: {opened} (open when the honest table began; target {tables})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=90, help="honest moves timed (90)")
    parser.add_argument("--addresses", type=int, default=ADDRESSES, help="attackers (44)")
    args = parser.parse_args(argv)
    print_computer_attack(args.moves, args.addresses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
