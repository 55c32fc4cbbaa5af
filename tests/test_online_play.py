"""Whole games through the server, every seat its own client: the record is the local one."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest

from game.catalog import game_by_id, games
from game.core.records import check_records_cli
from game.online.client import play_table
from tests.test_online_helpers import (
    play_locally,
    replayed_record,
    run,
    running_server,
    without_online,
)


@pytest.mark.parametrize("players", [1, 3])
def test_blanco_through_the_server_is_the_local_game(tmp_path: Path, players: int) -> None:
    """Blanco is turn by turn: the same seeds give the same bots' choices, action for action,
    when each bot decides from the view the server sent instead of the local view_for."""

    async def scenario() -> dict:
        async with running_server(tmp_path / "t.db") as (url, _):
            _, record = await play_table(url, game_by_id("blanco"), players, "easy", 4242)
            return record

    record = run(scenario())
    assert record["online"]["seats"] == [{"kind": "human", "level": None}] * players
    assert without_online(record) == play_locally("blanco", players, "easy", 4242)


@pytest.mark.parametrize("players", [1, 3])
def test_luckybox_through_the_server_replays_to_the_same_record(
    tmp_path: Path, players: int
) -> None:
    """Lucky Box's seats choose at once, so who is first differs from a local game; the
    server's record is still that seed's deal with those actions, as a local replay has it,
    and --check-record reads it."""

    async def scenario() -> dict:
        async with running_server(tmp_path / "t.db") as (url, _):
            clients, record = await play_table(url, game_by_id("luckybox"), players, "easy", 99)
            assert all(c.over for c in clients)
            return record

    record = run(scenario())
    assert record["seed"] == 99 and record["players"] == [f"Player {i + 1}" for i in range(players)]
    assert without_online(record) == replayed_record(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], games(), out, err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["finished"] is True


def test_two_tables_at_once(tmp_path: Path) -> None:
    async def scenario() -> list[dict]:
        async with running_server(tmp_path / "t.db") as (url, game_server):
            results = await asyncio.gather(
                play_table(url, game_by_id("blanco"), 2, "easy", 7),
                play_table(url, game_by_id("luckybox"), 2, "easy", 8),
            )
            assert len(game_server.hub.tables) == 2
            return [record for _, record in results]

    blanco, luckybox = run(scenario())
    assert without_online(blanco) == play_locally("blanco", 2, "easy", 7)
    assert without_online(luckybox) == replayed_record(luckybox)
    assert blanco["online"]["table"] != luckybox["online"]["table"]
