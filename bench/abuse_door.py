"""The server's door under the issue-71 attacks: `python bench/abuse_door.py [--addresses N]`
(bench/abuse.py prints the same lines among its own).

It starts `main.py --serve` (127.0.0.1, a free port, a fresh SQLite file, the server's own
limits) and stands for other machines with other addresses of 127.0.0.0/8. It prints
`name: value (target ...)` lines:

- proxy_players_seated, proxy_players_moved, proxy_21st_joined, proxy_guesser_cut_off: twenty
  players behind one trusted proxy (the server started with `--trusted-proxy 127.0.0.1`; each
  connection from 127.0.0.1 with the X-Forwarded-For the proxy would send), one guesser among
  them guessing codes until his look-ups are cut off: how many of the twenty are still seated
  and then have their move acknowledged, whether a 21st gets a seat (past the 16 connections
  of one address) and whether the guesser was cut off;
- flood_connections_held, flood_new_table_opened, flood_new_table_ms, flood_made_room: 260
  addresses each holding 16 connections that watch their own table (4,160: more than the
  server's 4,096), then a new address opens a table and sits: the connections the flood holds
  at the end, whether the newcomer's table opened, how long it took, and how many
  connections the door let go to make room.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from server import ServerProcess  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from game.catalog import game_by_id  # noqa: E402
from game.online import protocol as p  # noqa: E402
from game.online.client import SeatClient  # noqa: E402
from game.online.limits import Limits  # noqa: E402

LUCKYBOX = game_by_id("luckybox")
LIMITS = Limits()
PROXY = "127.0.0.1"
FLOOD_ADDRESSES = 260
CODE_LETTERS = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


@contextlib.contextmanager
def served(folder: Path, name: str, options: list[str]) -> Iterator[str]:
    """A `main.py --serve` subprocess with the server's own limits and these options."""
    server = ServerProcess(str(folder / f"{name}.db"), folder / f"{name}.log", None, options)
    try:
        yield server.start()
    finally:
        server.kill()


async def _ws(url: str, source: str, forwarded: str | None = None) -> ClientConnection:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return await connect(
        url, additional_headers=headers, local_addr=(source, 0), open_timeout=30, close_timeout=1
    )


class Behind(SeatClient):
    """A player behind the proxy: from 127.0.0.1, the proxy's X-Forwarded-For for them."""

    def __init__(self, url: str, forwarded: str) -> None:
        super().__init__(url, LUCKYBOX)
        self.forwarded = forwarded

    async def connect(self) -> None:
        self.ws = await _ws(self.url, PROXY, self.forwarded)


async def _moved(client: SeatClient, seed: int) -> bool:
    """The seat's move (Lucky Box: every seat chooses at once) acknowledged, no error."""
    assert client.seat is not None
    bot = LUCKYBOX.bots.make_bot("easy", seed, client.seat)
    with contextlib.suppress(TimeoutError):
        for _ in range(30):
            if client.may_act():
                await client.act(bot.choose(client.view(), client.seat))
            message = await asyncio.wait_for(client.receive(), 10)
            if isinstance(message, p.Error):
                return False
            if isinstance(message, p.Ack):
                return True
    return False


async def behind_one_proxy(url: str) -> dict[str, Any]:
    """Twenty players at seven 3-seat tables behind the proxy, one guesser among them (who
    writes a seated player's address himself); then the twenty move and a 21st joins."""
    players = [Behind(url, f"198.51.100.{i + 1}") for i in range(21)]
    codes = []
    for t in range(7):
        codes.append(await players[3 * t].open([p.SeatSpec(f"P{3 * t + k}") for k in range(3)]))
        for k in (1, 2):
            if 3 * t + k < 20:
                await players[3 * t + k].join(codes[t], k)
    guesser: ClientConnection | None = None
    cut = False
    for i in range(2 * LIMITS.lookup_cutoff):  # (codes of the code alphabet naming no table)
        try:  # (his connection at no table is closed after 10 s: he connects again)
            if guesser is None:
                guesser = await _ws(url, PROXY, "198.51.100.2, 203.0.113.66")
            await guesser.send(p.encode(p.Watch(f"ZZZ-ZZ{CODE_LETTERS[i % len(CODE_LETTERS)]}")))
            if json.loads(await asyncio.wait_for(guesser.recv(), 30)).get("code") == "cut_off":
                cut = True
                break
        except ConnectionClosed:
            guesser = None
    seated = sum(1 for pl in players[:20] if pl.ws is not None and pl.ws.state.name == "OPEN")
    moved = await asyncio.gather(*(_moved(pl, i) for i, pl in enumerate(players[:20])))
    try:
        joined = await players[20].join(codes[6], 2) == 2
    except Exception:
        joined = False
    for client in players:
        await client.close()
    if guesser is not None:
        await guesser.close()
    return {"seated": seated, "moved": sum(moved), "joined": joined, "cut": cut}


def _flood_source(i: int) -> str:
    return f"127.1.{i // 250}.{i % 250 + 1}"


async def watcher_flood(url: str, addresses: int) -> dict[str, Any]:
    """`addresses` addresses, each opening a table (nobody sits) and holding 16 connections
    watching it; then a new address opens a table and sits."""
    per = LIMITS.connections_per_address
    held: list[ClientConnection] = []
    failed = [0]  # addresses whose connections were refused or let go while they came

    async def flood(i: int) -> None:
        source = _flood_source(i)
        try:
            first = await _ws(url, source)
            seats = [p.SeatSpec("A"), p.SeatSpec("B")]
            await first.send(p.encode(p.Open("luckybox", seats, None, None, 300.0, None)))
            code = json.loads(await asyncio.wait_for(first.recv(), 30))["table"]
            conns = [first]
            for _ in range(per - 1):
                conns.append(await _ws(url, source))
            for ws in conns:
                await ws.send(p.encode(p.Watch(code)))
            for ws in conns:  # (its answer read: every one watches before the next address)
                while json.loads(await asyncio.wait_for(ws.recv(), 30))["type"] != "watching":
                    pass
            held.extend(conns)
        except (InvalidHandshake, OSError, ConnectionClosed, TimeoutError, KeyError):
            failed[0] += 1

    for start in range(0, addresses, 20):  # (twenty addresses at a time: the client's CPU)
        await asyncio.gather(*(flood(i) for i in range(start, min(addresses, start + 20))))
    await asyncio.sleep(1.0)
    newcomer = SeatClient(url, LUCKYBOX)
    newcomer.local_addr = ("127.2.0.1", 0)
    started = time.perf_counter()
    try:
        await newcomer.open([p.SeatSpec("Me"), p.SeatSpec("Friend")], sit=0)
        opened = True
    except Exception:
        opened = False
    took = time.perf_counter() - started
    await asyncio.sleep(1.0)
    still = sum(1 for ws in held if ws.state.name == "OPEN")
    let_go = await refusals(url, "made_room")
    await newcomer.close()
    for ws in held:
        ws.transport.abort()
    return {
        "held": still,
        "opened": opened,
        "ms": took * 1000,
        "tried": addresses * per,
        "made_room": let_go,
        "failed": failed[0],
    }


async def refusals(url: str, reason: str) -> float | None:
    """The server's count of one refusal reason (GET /metrics; None: metrics are off)."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port), local_addr=("127.3.0.1", 0))
    writer.write(f"GET /metrics HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    text = (await asyncio.wait_for(reader.read(), 30)).decode("utf-8", "replace")
    writer.close()
    found = re.search(rf'smlb_refusals_total{{reason="{reason}"}} ([0-9.e+]+)', text)
    if " 200 " not in text.split("\r\n", 1)[0]:
        return None
    return float(found.group(1)) if found else 0.0


def print_door_figures(folder: Path, addresses: int = FLOOD_ADDRESSES) -> None:
    """The door's figures (this module's docstring), printed as bench/abuse.py prints."""
    with served(folder, "proxy", ["--trusted-proxy", PROXY]) as url:
        proxy = asyncio.run(behind_one_proxy(url))
    print(f"proxy_players_seated: {proxy['seated']} (of 20 behind one trusted proxy; target 20)")
    print(f"proxy_players_moved: {proxy['moved']} (their moves acknowledged after; target 20)")
    print(f"proxy_21st_joined: {'yes' if proxy['joined'] else 'no'} (target yes)")
    print(f"proxy_guesser_cut_off: {'yes' if proxy['cut'] else 'no'} (target yes)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = addresses * LIMITS.connections_per_address + 512
    if soft < want <= hard:  # (this process holds the flood's client ends)
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    with served(folder, "flood", []) as url:
        flood = asyncio.run(watcher_flood(url, addresses))
    print(
        f"flood_connections_held: {flood['held']} (of {flood['tried']} watchers from "
        f"{addresses} addresses, {flood['failed']} of which saw one refused or let go as "
        f"they came; the server holds {LIMITS.connections} at most)"
    )
    print(f"flood_new_table_opened: {'yes' if flood['opened'] else 'no'} (target yes)")
    print(f"flood_new_table_ms: {flood['ms']:.0f} (a new address opens a table and sits)")
    let_go = "n/a (metrics off)" if flood["made_room"] is None else f"{flood['made_room']:.0f}"
    print(f"flood_made_room: {let_go} (connections let go for a newcomer, never a seated one)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--addresses", type=int, default=FLOOD_ADDRESSES, help="the flood's addresses (260)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="abuse-door-") as tmp:
        print_door_figures(Path(tmp), args.addresses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
