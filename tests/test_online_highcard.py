"""The test game (tests/highcard) plays online with no line of online code naming it: a real
server on 127.0.0.1 (port 0) is handed the games it plays, [Lucky Box, Blanco, High card], as
the command line hands it the catalog's; real protocol clients (game/online/client.py) host and
join a table, play every move to the end, and the server's record is the local game's and passes
the record check. High card is never registered in the catalog here: the server learns of it
only from its caller. A server not handed it refuses its tables, and does not restore one."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from game import catalog
from game.blanco.entry import BLANCO
from game.core.entry import Game
from game.core.records import check_records_cli
from game.luckybox.entry import LUCKYBOX
from game.online import protocol as p
from game.online.client import ClientError, SeatClient, play_table
from tests.highcard.entry import HIGHCARD
from tests.test_online_helpers import run, running_server, without_online

SERVED: list[Game[Any]] = [LUCKYBOX, BLANCO, HIGHCARD]


def play_here(game: Game[Any], players: int, level: str, seed: int) -> dict[str, Any]:
    """The same table played in one process, each bot deciding from its seat's view."""
    state, _ = game.rules.new_game([f"Player {i + 1}" for i in range(players)], seed)
    bots = [game.bots.make_bot(level, seed, i) for i in range(players)]
    while not state.is_terminal():
        waiting = state.waiting_for()
        if not waiting:
            state.advance()
            continue
        seat = waiting[0]
        outcome = state.apply(bots[seat].choose(state.view_for(seat), seat))
        assert outcome.ok, outcome.refusal
    return game.rules.record_of(state)


def test_high_card_is_not_in_the_catalog_here() -> None:
    """(What the other tests rest on: the server cannot have found High card by itself.)"""
    assert "tests.highcard" not in catalog.GAME_PACKAGES
    assert "highcard" not in [g.id for g in catalog.games()]


@pytest.mark.parametrize(("players", "level", "seed"), [(1, "hard", 5), (4, "normal", 2026)])
def test_the_test_game_plays_a_whole_table_through_a_server_handed_it(
    tmp_path: Path, players: int, level: str, seed: int
) -> None:
    seen: list[tuple[int, dict[str, Any]]] = []  # (seat, view) of every state a client got

    def frame(client: SeatClient, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            assert client.seat is not None
            seen.append((client.seat, message["view"]))

    async def scenario() -> tuple[list[SeatClient], dict[str, Any], list[str]]:
        async with running_server(tmp_path / "t.db", served=SERVED) as (url, game_server):
            clients, record = await play_table(url, HIGHCARD, players, level, seed, on_frame=frame)
            games = [t.game.id for t in game_server.hub.tables.values()]
            return clients, record, games

    clients, record, tables = run(scenario())
    assert tables == ["highcard"]
    # every seat its own client, the host's and the joiners', each saw the end from its view
    assert [c.seat for c in clients] == list(range(players))
    assert all(c.over for c in clients)
    for client in clients:
        view = client.view()
        assert view.is_terminal() and view.shown
        assert len(view.actions) == players  # every seat chose once, through the server
    # each seat saw only its own card until the cards were shown (a seat's view, never the deal)
    hidden = [v for _, v in seen if not v["shown"]]
    assert not any("seed" in v for _, v in seen)
    assert hidden and all(set(v["pile"]) <= {0} and set(v["order"]) == {0} for v in hidden)
    assert all(
        c == 0 for seat, v in seen if not v["shown"] for j, c in enumerate(v["cards"]) if j != seat
    )
    assert all(v["cards"][seat] > 0 for seat, v in seen if not v["shown"])
    assert record["format"] == "highcard-record" and record["seed"] == seed
    assert record["online"]["seats"] == [{"kind": "human", "level": None}] * players
    # High card is turn by turn: the same bots choose the same from the views the server sent
    assert without_online(record) == play_here(HIGHCARD, players, level, seed)
    # the record check (--check-record) reads the server's record, handed the same games
    path = tmp_path / "highcard.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], SERVED, out, err) == 0, err.getvalue()
    summary = json.loads(out.getvalue())
    assert summary["finished"] is True
    # ...and refuses it when not handed High card, as a server does
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], [LUCKYBOX, BLANCO], out, err) == 2
    assert err.getvalue().count("\n") == 1


def test_a_server_not_handed_the_test_game_refuses_its_table(tmp_path: Path) -> None:
    async def scenario() -> ClientError:
        async with running_server(tmp_path / "t.db") as (url, game_server):
            assert "highcard" not in game_server.hub.games
            client = SeatClient(url, HIGHCARD)
            try:
                await client.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=1, sit=0)
            except ClientError as refused:
                return refused
            finally:
                await client.close()
        raise AssertionError("a server not handed High card opened its table")

    refused = run(scenario())
    assert refused.code == "no_such_game" and "highcard" in refused.detail
    assert "\n" not in refused.detail


def test_a_stored_table_comes_back_only_on_a_server_handed_its_game(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A High card table left half-played is not restored by a server that does not play High
    card (logged; the server starts and serves its other games), and is by one that does: its
    seats resume there and play to the end."""
    db = tmp_path / "t.db"

    async def half_played() -> tuple[str, list[SeatClient]]:
        async with running_server(db, served=SERVED) as (url, _):
            clients = [SeatClient(url, HIGHCARD) for _ in range(3)]
            seats = [p.SeatSpec(f"Player {i + 1}") for i in range(3)]
            code = await clients[0].open(seats, seed=77, sit=0)
            for i, client in enumerate(clients[1:], start=1):
                await client.join(code, i)
            first = clients[0]
            await first.act(HIGHCARD.bots.make_bot("easy", 77, 0).choose(first.view(), 0))
            await first._until(p.Ack)
            for client in clients:
                await client.close()
            return code, clients

    async def without_it(code: str) -> tuple[list[str], str]:
        async with running_server(db) as (url, game_server):
            restored = list(game_server.hub.tables)
            watcher = SeatClient(url, LUCKYBOX)
            try:
                await watcher.watch(code)
            except ClientError as refused:
                return restored, refused.code
            finally:
                await watcher.close()
        raise AssertionError("a server not handed High card served its table")

    async def with_it(clients: list[SeatClient]) -> dict[str, Any]:
        async with running_server(db, served=SERVED) as (url, game_server):
            assert list(game_server.hub.tables) == [clients[0].table]
            for client in clients:
                client.url, client.urls = url, [url]
                await client.resume()
            bots = [HIGHCARD.bots.make_bot("easy", 77, i) for i in range(3)]
            await asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
            record = await clients[0].record()
            for client in clients:
                await client.close()
            return record

    code, clients = run(half_played())
    with caplog.at_level(logging.WARNING, logger="game.online"):
        restored, refusal = run(without_it(code))
    assert restored == [] and refusal == "no_such_table"
    said = [r for r in caplog.records if code in r.getMessage()]
    assert said and all(r.exc_info is None and "\n" not in r.getMessage() for r in said)
    assert "no game 'highcard' on this server" in said[0].getMessage()
    record = run(with_it(clients))
    assert len(record["actions"]) == 3 and record["players"] == ["Player 1", "Player 2", "Player 3"]
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "back.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert check_records_cli([str(path)], SERVED, out, err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["finished"] is True
