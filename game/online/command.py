"""`python main.py --serve`: the server as a command. It opens the store, listens (TLS when
given a certificate), prints the address it serves and runs until SIGINT or SIGTERM, then stops
within STOP_SECONDS (stopping.py). With `--announce` its tables with a free seat are announced
on the local network (announcer.py). Every failure to start is one line on stderr and exit 2. It
serves the games its caller hands it (the command line: every game it knows)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from typing import Any

from game.core.entry import Game

from . import protocol as p
from .announcer import announce as announce_tables
from .limits import Limits, collapse_repeats, raise_open_files
from .server import STOP_SECONDS, bound_port, start, tls_context
from .stopping import exit_without_threads, run_without_waiting, stop_gracefully
from .store import open_store


def address_of(host: str, port: int, tls: bool) -> str:
    """The address the server announces (and, on a shared database, sends clients to):
    wss:// when it serves TLS."""
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if tls else 'ws'}://{shown}:{port}"


async def serve_forever(
    games: Sequence[Game[Any]],
    host: str,
    port: int,
    db: str | None,
    rate: float = p.RATE,
    tls_files: tuple[str, str] | None = None,
    chosen_seeds: bool = False,
    limits: Limits | None = None,
    announce: bool = False,
) -> int:
    tls = None
    if tls_files is not None:
        try:
            tls = tls_context(*tls_files)
        except (OSError, ssl.SSLError) as err:
            print(f"cannot use the certificate: {' '.join(str(err).split())}", file=sys.stderr)
            return 2
    try:
        store = open_store(db)
    except (ValueError, OSError) as err:
        print(f"cannot open the database: {err}", file=sys.stderr)
        return 2
    try:
        server, game_server = await start(
            host, port, store, games, rate=rate, tls=tls, chosen_seeds=chosen_seeds, limits=limits
        )
    except OSError as err:
        print(f"cannot listen on {host}:{port}: {err}", file=sys.stderr)
        store.close()
        return 2
    address = address_of(host, bound_port(server), tls is not None)
    register = getattr(store, "register", None)
    if register is not None:  # a shared database: the other processes send clients here
        register(address)
    announcer = None
    if announce:  # tables with a free seat, on the local network (announcer.py)
        port = bound_port(server)
        announcer = await announce_tables(game_server.hub, host, port, tls is not None)
    print(f"serving {address}", flush=True)
    stop: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def request_stop() -> None:
        if not stop.done():
            stop.set_result(None)

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(sig, request_stop)
    try:
        await stop
    finally:
        loop = asyncio.get_running_loop()
        began = loop.time()
        if announcer is not None:  # its goodbyes go out first: no friend clicks a table gone
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(announcer.close(), STOP_SECONDS / 3)
        left = STOP_SECONDS - (loop.time() - began)
        await stop_gracefully(server, game_server, store, left)
    return 0


def main(
    games: Sequence[Game[Any]],
    host: str = "127.0.0.1",
    port: int = 8765,
    db: str | None = None,
    rate: float = p.RATE,
    tls_files: tuple[str, str] | None = None,
    chosen_seeds: bool = False,
    limits: Limits | None = None,
    announce: bool = False,
) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    collapse_repeats()  # (the root's handler: every logger's repeats, once a second)
    raise_open_files()
    try:
        code = run_without_waiting(
            serve_forever(games, host, port, db, rate, tls_files, chosen_seeds, limits, announce)
        )
    except KeyboardInterrupt:
        return 130
    return exit_without_threads(code)
