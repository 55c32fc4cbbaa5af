"""Fair with strangers (issue 62): deals nobody at the table can predict (128 random bits), a
chosen seed only for a host alone with computers, and a commitment to the deal that every seat
and watcher is sent before the first action and that the finished record keeps (rematches too).
A real server on 127.0.0.1 port 0 (no chosen seeds, as `--serve` starts), real clients."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from game.catalog import game_by_id, games
from game.core.commitment import commitment, verified
from game.online import protocol as p
from game.online.client import ClientError, SeatClient
from game.online.server import GameServer, bound_port, start
from game.online.store import SqliteStore
from tests.test_online_helpers import run

HEX64 = re.compile(r"[0-9a-f]{64}")


@contextlib.asynccontextmanager
async def public_server(db: Path) -> AsyncIterator[tuple[str, GameServer]]:
    """A server as `--serve` runs it: chosen seeds refused."""
    store = SqliteStore(db)
    server, game_server = await start("127.0.0.1", 0, store, games(), rate=2000)
    try:
        yield f"ws://127.0.0.1:{bound_port(server)}", game_server
    finally:
        server.close()
        await server.wait_closed()
        store.close()


async def _alone_with_a_computer(url: str, game_id: str = "blanco", **kw: Any) -> SeatClient:
    host = SeatClient(url, game_by_id(game_id))
    await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")], **kw)
    return host


@contextlib.asynccontextmanager
async def watching(
    url: str, code: str, game_id: str, frames: list[str]
) -> AsyncIterator[SeatClient]:
    """A watcher of the table `code` that reads everything it is sent until it leaves (as the
    app's does), each frame into `frames`. One that stopped reading would leave its frames
    queued, the server's closing answer behind them, and its close would wait websockets'
    whole close timeout (10 s) for it."""
    watcher = SeatClient(url, game_by_id(game_id), on_frame=lambda _c, f: frames.append(f))
    await watcher.watch(code)

    async def follow() -> None:
        with contextlib.suppress(ConnectionClosed, ConnectionError):
            while True:
                await watcher.receive()

    reader = asyncio.create_task(follow())
    try:
        yield watcher
    finally:
        await watcher.close()
        await reader


async def _play_out(client: SeatClient) -> dict[str, Any]:
    bot = client.game.bots.make_bot("easy", 1, client.seat)
    await client.play(bot.choose)
    return await client.record()


def test_every_deal_has_128_random_bits_and_rematches_draw_anew(tmp_path: Path) -> None:
    async def scenario() -> list[int]:
        async with public_server(tmp_path / "t.sqlite3") as (url, game_server):
            hosts = [await _alone_with_a_computer(url) for _ in range(8)]
            first = hosts[0]
            await _play_out(first)
            again = await first.rematch()
            seeds = [t.row.seed for t in game_server.hub.tables.values()]
            assert again in game_server.hub.tables
            for host in hosts:
                await host.close()
            stored = [row.seed for row in game_server.store.tables()]
            assert sorted(stored) == sorted(seeds)  # the store keeps them whole
            return seeds

    seeds = run(scenario(), 60)
    assert len(seeds) == 9 and len(set(seeds)) == 9
    assert all(0 <= s < 2**128 for s in seeds)
    # 128 bits: nine seeds all under 2**96 would happen once in 2**288 tries (2**31: always)
    assert max(seeds) >= 2**96


def test_a_chosen_seed_is_refused_where_another_person_plays(tmp_path: Path) -> None:
    async def scenario() -> tuple[ClientError, dict[str, Any]]:
        async with public_server(tmp_path / "t.sqlite3") as (url, _):
            host = SeatClient(url, game_by_id("blanco"))
            try:
                await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=42)
            except ClientError as err:
                refused = err
            await host.close()
            alone = await _alone_with_a_computer(url, seed=42, sit=0)
            record = await _play_out(alone)
            await alone.close()
            return refused, record

    refused, record = run(scenario(), 60)
    assert refused.code == "chosen_seed" and "host alone with computers" in refused.detail
    assert record["seed"] == 42  # a host alone with computers replays a deal


def test_a_host_not_seated_cannot_choose_the_seed_either(tmp_path: Path) -> None:
    async def scenario() -> ClientError:
        async with public_server(tmp_path / "t.sqlite3") as (url, _):
            host = SeatClient(url, game_by_id("blanco"))
            try:
                await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")], seed=7, sit=None)
            except ClientError as err:
                return err
            finally:
                await host.close()
            raise AssertionError("a seed chosen for a table whose human seat is free was taken")

    assert run(scenario()).code == "chosen_seed"


def test_every_seat_and_watcher_is_promised_the_deal_and_the_record_keeps_it(
    tmp_path: Path,
) -> None:
    frames: list[str] = []

    async def scenario() -> tuple[str | None, str | None, dict[str, Any], dict[str, Any]]:
        async with public_server(tmp_path / "t.sqlite3") as (url, _):
            host = SeatClient(url, game_by_id("luckybox"), on_frame=lambda _c, f: frames.append(f))
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")])
            async with watching(url, code, "luckybox", []) as watcher:
                record = await _play_out(host)
                again = await host.rematch()
                rematch_promise = host.commit
                await _play_out(host)
                rematch_record = await host.record()
                assert again != code
                await host.close()
            return watcher.commit, rematch_promise, record, rematch_record

    watched, rematch_promise, record, rematch_record = run(scenario(), 120)
    first_state = next(f for f in frames if '"type":"state"' in f)
    promised = re.search(r'"commit":"([0-9a-f]{64})"', first_state)
    assert promised is not None, "the first state carries the commitment"
    h = promised.group(1)
    assert watched == h  # a watcher is promised the same deal
    later = [f for f in frames if '"type":"state"' in f][1:]
    assert later and all('"commit"' not in f for f in later[:3])  # (once, not in every step)
    assert record["commit"]["sha256"] == h and HEX64.fullmatch(h)
    assert re.fullmatch(r"[0-9a-f]{32}", record["commit"]["salt"])
    assert commitment(record["seed"], record["commit"]["salt"]) == h
    assert verified(record, h)
    tampered = {**record, "seed": record["seed"] + 1}
    assert not verified(tampered, h)
    # the rematch: a new seed, a new salt, a new commitment, kept as well
    assert rematch_promise is not None and rematch_promise != h
    assert rematch_record["seed"] != record["seed"]
    assert rematch_record["commit"]["salt"] != record["commit"]["salt"]
    assert verified(rematch_record, rematch_promise)


def test_a_record_is_not_given_before_the_game_ends(tmp_path: Path) -> None:
    """The salt (and the seed) stay on the server while the game is played."""

    async def scenario() -> ClientError:
        async with public_server(tmp_path / "t.sqlite3") as (url, _):
            host = await _alone_with_a_computer(url)
            try:
                await host.record()
            except ClientError as err:
                return err
            finally:
                await host.close()
            raise AssertionError("a live table's record was given")

    assert run(scenario()).code == "not_finished"


def test_a_seed_past_128_bits_is_a_bad_message() -> None:
    text = '{"type": "open", "game": "blanco", "seats": [{"name": "A"}], "seed": %d}'
    assert p.decode_client(text % (2**128 - 1)).seed == 2**128 - 1  # type: ignore[union-attr]
    for bad in (2**128, -1, int("9" * 200)):
        try:
            p.decode_client(text % bad)
        except p.BadMessage:
            continue
        raise AssertionError(f"seed {bad} was taken")


def test_a_rematchs_code_does_not_follow_from_the_old_code(tmp_path: Path) -> None:
    """Only the finished table's seats are told the rematch's code: a watcher (anyone with the
    old code) is not, and no function of the old code alone gives it (the old derivation,
    SHA-256 of "rematch:CODE", did)."""
    import hashlib

    from game.online.names import CODE_ALPHABET

    frames: list[str] = []

    async def scenario() -> tuple[str, str, str | None]:
        async with public_server(tmp_path / "t.sqlite3") as (url, _):
            host = await _alone_with_a_computer(url)
            old = host.table
            assert old is not None
            async with watching(url, old, "blanco", frames):
                await _play_out(host)
                told = host.rematch_table
                again = await host.rematch()
                assert told == again
            watcher = SeatClient(url, game_by_id("blanco"), on_frame=lambda _c, f: frames.append(f))
            await watcher.watch(old)  # a snapshot of the finished table, to a watcher
            await watcher.close()
            await host.close()
            return old, again, watcher.rematch_table

    old, again, watcher_told = run(scenario(), 60)
    assert watcher_told is None and all('"rematch"' not in f for f in frames)
    digest = hashlib.sha256(f"rematch:{old}".encode()).digest()
    letters = "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:6])
    assert again != f"{letters[:3]}-{letters[3:]}"
