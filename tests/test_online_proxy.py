"""Behind a trusted reverse proxy (`--serve --trusted-proxy`, game/online/proxies.py): each
player counts as the address the proxy names in X-Forwarded-For, so one guesser behind the
proxy cuts off its own look-ups only, and twenty players behind it are twenty addresses. A
real server on 127.0.0.1 port 0; the proxy is stood for by clients that connect from
127.0.0.1 and send the header the proxy would, and, where nginx is installed, by nginx itself
running docs/server.md's recipe; other machines are other addresses of 127.0.0.0/8."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from game.catalog import game_by_id
from game.core.paths import ROOT
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.limits import Limits
from game.online.proxies import TrustedProxies
from game.online.server import GameServer
from tests.test_online_helpers import run, running_server
from tests.test_online_tls import make_cert

LUCKYBOX = game_by_id("luckybox")
PROXY = "127.0.0.1"
#: The usual limits (16 connections per address: twenty players behind one address would
#: not fit), a trusted proxy, and a cut-off that a guesser reaches in a moment.
LIMITS = Limits(trusted_proxies=(PROXY,), lookup_free=2, lookup_cutoff=5, cutoff_seconds=60.0)


class Behind(SeatClient):
    """A player whose connections come from `source` with `forwarded` as X-Forwarded-For
    (what a proxy sends; None: no header), over TLS with `tls` if given."""

    def __init__(
        self, url: str, source: str, forwarded: str | None, tls: ssl.SSLContext | None = None
    ) -> None:
        super().__init__(url, LUCKYBOX)
        self.local_addr = (source, 0)
        self.forwarded = forwarded
        self.tls = tls

    async def connect(self) -> None:
        self.ws = await raw(
            self.url, self.local_addr[0] if self.local_addr else PROXY, self.forwarded, self.tls
        )


async def raw(
    url: str, source: str, forwarded: str | None, tls: ssl.SSLContext | None = None
) -> ClientConnection:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    extra: dict[str, Any] = {"ssl": tls} if tls is not None else {}
    return await connect(
        url,
        additional_headers=headers,
        local_addr=(source, 0),
        open_timeout=5,
        compression=None,
        **extra,
    )


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


async def _refused(url: str, source: str, forwarded: str | None) -> bool:
    """Whether a connection is answered 503 at the door."""
    try:
        ws = await raw(url, source, forwarded)
    except InvalidStatus as err:
        return err.response.status_code == 503
    await ws.close()
    return False


def seated_addresses(server: GameServer) -> dict[str, int]:
    """The server's seated connections: how many under each address."""
    counts: dict[str, int] = {}
    for conn in server.connections:
        if conn.table is not None and conn.seat >= 0:
            counts[conn.address] = counts.get(conn.address, 0) + 1
    return counts


async def acts(client: SeatClient, seed: int) -> bool:
    """The player's seat makes its move (an Easy computer chooses it; Lucky Box: every seat
    chooses at once): whether it was acknowledged, no error before."""
    assert client.seat is not None
    bot = LUCKYBOX.bots.make_bot("easy", seed, client.seat)
    for _ in range(30):
        if client.may_act():  # (again after a `stale`: the table moved meanwhile)
            await client.act(bot.choose(client.view(), client.seat))
        message = await asyncio.wait_for(client.receive(), 5)
        assert not isinstance(message, p.Error), message
        if isinstance(message, p.Ack):
            return True
    return False


async def twenty_behind_one_proxy(
    server: GameServer,
    player: Callable[[int], Behind],
    guesser: Callable[[], Behind],
    guesser_address: str,
) -> None:
    """Twenty players at seven 3-seat tables through the proxy, and one guesser among them
    who writes a seated player's address into the header himself: the guesser's look-ups
    are cut off; all twenty stay seated, each under its own address, and move; a 21st
    joins; the player whose address the guesser wrote looks up as before."""
    players = [player(i) for i in range(21)]
    codes = []
    for t in range(7):
        host = players[3 * t]
        codes.append(await host.open([p.SeatSpec(f"P{3 * t + k}") for k in range(3)], seed=t))
        for k in (1, 2):
            if 3 * t + k < 20:
                assert await players[3 * t + k].join(codes[t], k) == k
    spy = guesser()
    await spy.connect()
    assert spy.ws is not None
    answers = []
    for i in range(20):
        await spy.ws.send(p.encode(p.Watch(f"ZZZ-ZZ{i % 8 + 2}", spy.protocol)))
        answers.append((await _next(spy.ws))["code"])
        if answers[-1] == "cut_off":
            break
    assert answers[-1] == "cut_off" and "no_such_table" in answers
    await spy.ws.send(p.encode(p.Watch(codes[0], spy.protocol)))  # the right code: cut off too
    assert (await _next(spy.ws))["code"] == "cut_off"
    assert server.lookups.cut_off(guesser_address)
    # Everyone else plays on: 20 seated, each its own address, the proxy's own none.
    seated = seated_addresses(server)
    assert len(seated) == 20 and set(seated.values()) == {1}
    assert guesser_address not in seated and PROXY not in seated
    assert all(pl.ws is not None and pl.ws.state.name == "OPEN" for pl in players[:20])
    moved = await asyncio.gather(*(acts(pl, i) for i, pl in enumerate(players[:20])))
    assert all(moved)  # (Lucky Box: every seat chooses at once)
    assert await players[20].join(codes[6], 2) == 2  # a 21st still gets in, past 16
    assert len(seated_addresses(server)) == 21
    # The player whose address the guesser wrote is no guesser: its look-ups are answered.
    first = players[1]
    assert first.ws is not None
    await first.ws.send(p.encode(p.Watch(codes[1], first.protocol)))
    while not isinstance(message := await first.receive(), p.Watching | p.Error):
        pass
    assert isinstance(message, p.Watching)
    # A cut-off never closes nor refuses: the guesser's next connection is let in.
    again = guesser()
    await again.connect()
    assert again.ws is not None and again.ws.state.name == "OPEN"
    for client in [*players, spy, again]:
        await client.close()


def test_twenty_players_behind_a_trusted_proxy_play_on_while_one_of_them_guesses(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=LIMITS) as (url, server):
            await twenty_behind_one_proxy(
                server,
                lambda i: Behind(url, PROXY, f"198.51.100.{i + 1}"),
                # the guesser wrote a seated player's address: the proxy appended his own
                lambda: Behind(url, PROXY, "198.51.100.2, 203.0.113.66"),
                "203.0.113.66",
            )

    run(scenario(), timeout=60)


def test_without_a_trusted_proxy_the_header_is_ignored(tmp_path: Path) -> None:
    """Anyone may write X-Forwarded-For: a server that trusts no proxy counts each
    connection under its own address, whatever the header says."""
    limits = dataclasses.replace(LIMITS, trusted_proxies=(), connections_per_address=2)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = Behind(url, "127.0.0.3", None)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            watchers = [await raw(url, "127.0.0.2", f"198.51.100.{i}") for i in (1, 2)]
            for ws in watchers:
                await ws.send(p.encode(p.Watch(code)))
                assert (await _next(ws))["type"] == "watching"
            assert {c.address for c in server.connections} == {"127.0.0.2", "127.0.0.3"}
            assert await _refused(url, "127.0.0.2", "198.51.100.3")  # its cap: 2
            for ws in watchers:
                await ws.close()
            await host.close()

    run(scenario())


def test_a_trusted_proxy_s_clients_each_have_their_own_cap(tmp_path: Path) -> None:
    """Through the proxy, the cap per address is each client's: a third watcher of one
    client is answered 503 once its request is read; another client still gets in."""
    limits = dataclasses.replace(LIMITS, connections_per_address=2)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = Behind(url, PROXY, "198.51.100.9")
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            mine = [await raw(url, PROXY, "198.51.100.1") for _ in range(2)]
            for ws in mine:
                await ws.send(p.encode(p.Watch(code)))
                assert (await _next(ws))["type"] == "watching"
            assert await _refused(url, PROXY, "198.51.100.1")
            other = await raw(url, PROXY, "198.51.100.2")
            assert server.door.open == {"198.51.100.9": 1, "198.51.100.1": 2, "198.51.100.2": 1}
            assert PROXY not in server.door.open
            for ws in [*mine, other]:
                await ws.close()
            await host.close()

    run(scenario())


def test_the_client_is_the_right_most_address_that_is_not_a_trusted_proxy() -> None:
    proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
    assert proxies.client_of("127.0.0.1", ["6.6.6.6, 1.2.3.4"]) == "1.2.3.4"
    assert proxies.client_of("127.0.0.1", ["6.6.6.6, 1.2.3.4, 10.1.2.3"]) == "1.2.3.4"
    assert proxies.client_of("127.0.0.1", ["6.6.6.6", "1.2.3.4:5555"]) == "1.2.3.4"
    assert proxies.client_of("127.0.0.1", ["10.0.0.7, 10.0.0.8"]) == "10.0.0.7"
    assert proxies.client_of("127.0.0.1", ["2001:db8:1:2:3::9, fd00::1"]) == "2001:db8:1:2::/64"
    assert proxies.client_of("127.0.0.1", ["[2001:db8::5]:443"]) == "2001:db8::/64"
    assert proxies.client_of("127.0.0.1", ["::ffff:192.0.2.7"]) == "192.0.2.7"
    # missing or garbled: the proxy's own address
    assert proxies.client_of("127.0.0.1", []) == "127.0.0.1"
    assert proxies.client_of("127.0.0.1", ["1.2.3.4, unknown"]) == "127.0.0.1"
    assert proxies.client_of("127.0.0.1", ["x" * 5000]) == "127.0.0.1"
    assert proxies.trusts("10.200.0.1") and not proxies.trusts("11.0.0.1")
    assert not TrustedProxies([])


@pytest.mark.parametrize(
    ("given", "error"),
    [
        (["--trusted-proxy", "10.0.0.0/33"], "not an address or a range"),
        (["--trusted-proxy", "nginx"], "not an address or a range"),
    ],
)
def test_a_bad_trusted_proxy_is_one_line_and_exit_2(given: list[str], error: str) -> None:
    from game import cli, server_options

    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--serve", *given],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert error in lines[-1] and not any("Traceback" in line for line in lines)
    limits = server_options.server_limits(
        cli.parse_args(["--serve", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1/128"])
    )
    assert limits.trusted_proxies == ("127.0.0.1/32", "::1/128")


# -- real nginx, as docs/server.md says ---------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((PROXY, 0))
        port: int = sock.getsockname()[1]
        return port


def nginx_recipe(server_port: int, port: int, cert: Path, key: Path) -> str:
    """docs/server.md's nginx file as written, on 127.0.0.1:`port` with this certificate, in
    front of the server on `server_port`."""
    text = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    lines = []
    for line in text.split("    # /etc/nginx/conf.d/smlb.conf\n", 1)[1].splitlines():
        if line.strip() and not line.startswith("    "):
            break  # (the indented block ends at the first text line)
        lines.append(line.removeprefix("    "))
    conf = "\n".join(lines)
    assert "X-Forwarded-For $proxy_add_x_forwarded_for" in conf
    conf = conf.replace("listen 443 ssl;", f"listen {PROXY}:{port} ssl;")
    conf = re.sub(r"ssl_certificate(\s+)\S+;", f"ssl_certificate\\1{cert};", conf)
    conf = re.sub(r"ssl_certificate_key(\s+)\S+;", f"ssl_certificate_key\\1{key};", conf)
    return conf.replace("http://127.0.0.1:8765;", f"http://127.0.0.1:{server_port};")


@contextlib.asynccontextmanager
async def nginx(folder: Path, server_port: int) -> AsyncIterator[tuple[str, ssl.SSLContext]]:
    """nginx as a child on a free port of 127.0.0.1 (its pid and logs in `folder`): its
    wss:// URL and a TLS context that trusts its certificate."""
    cert, key, _fingerprint = make_cert(folder, "proxy")
    port = free_port()
    (folder / "smlb.conf").write_text(nginx_recipe(server_port, port, cert, key))
    temp = (
        " ".join(
            f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi")
        )
        + f" uwsgi_temp_path {folder / 'uwsgi'}; scgi_temp_path {folder / 'scgi'};"
    )
    (folder / "nginx.conf").write_text(
        f"worker_processes 1; daemon off; pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'};\n"
        "events { worker_connections 256; }\n"
        f"http {{ access_log {folder / 'access.log'}; {temp} include {folder / 'smlb.conf'}; }}\n"
    )
    process = subprocess.Popen(
        [
            "nginx",
            "-p",
            str(folder),
            "-e",
            str(folder / "error.log"),
            "-c",
            str(folder / "nginx.conf"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection(PROXY, port)
                writer.close()
                break
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "nginx did not listen within 10 s"
            await asyncio.sleep(0.05)
        yield f"wss://127.0.0.1:{port}", ssl.create_default_context(cafile=str(cert))
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.mark.skipif(
    shutil.which("nginx") is None or shutil.which("openssl") is None,
    reason="nginx (or openssl) is not installed: apt-get install nginx-light to run the recipe",
)
def test_twenty_players_behind_the_documented_nginx_play_on_while_one_guesses(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=LIMITS) as (server_url, server):
            server_port = int(server_url.rsplit(":", 1)[1])
            async with nginx(tmp_path, server_port) as (url, tls):
                await twenty_behind_one_proxy(
                    server,
                    lambda i: Behind(url, f"127.0.0.{i + 10}", None, tls),
                    # he writes a seated player's address; nginx appends his own
                    lambda: Behind(url, "127.0.0.66", "127.0.0.11", tls),
                    "127.0.0.66",
                )

    run(scenario(), timeout=90)
