"""A finished online game kept for Replays and Statistics (game/online/ui/kept_game.py): what
is filed, and a server that does not give the record said in one line, nothing filed."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.blanco.entry import BLANCO
from game.core.game import RecordError
from game.online.client import play_table
from game.online.ui.kept_game import keep_online_game, kept_record
from tests.test_online_helpers import run, running_server


def test_the_record_kept_is_the_servers_with_the_apps_own_fields(tmp_path: Path) -> None:
    async def played() -> dict:
        async with running_server(tmp_path / "t.db") as (url, _):
            _, record = await play_table(url, BLANCO, 2, "easy", 31)
            return record

    record = run(played(), timeout=60)
    kept = kept_record(record, BLANCO, ["human", "easy"])
    assert {k: kept[k] for k in record} == record  # the server's fields as they were
    assert kept["seats"] == ["human", "easy"] and kept["finished_at"] and kept["result"]
    # A record that stops short of the game's end is not a game to keep.
    with pytest.raises(RecordError):
        kept_record({**record, "actions": record["actions"][:5]}, BLANCO, ["human", "easy"])


def test_a_server_that_does_not_answer_is_said_in_one_line(tmp_path: Path) -> None:
    told: list[str] = []
    thread = keep_online_game(
        "ws://127.0.0.1:9", BLANCO, "ABC-DEF", ["human"] * 2, tmp_path, told.append
    )
    thread.join(20)
    assert not thread.is_alive()
    assert told == ["This game could not be kept for Replays: the server did not give it."]
    assert not (tmp_path / "records").exists()


def test_a_lucky_box_game_is_kept_too(tmp_path: Path) -> None:
    """Lucky Box's game ends on a chance step after the last action (the round's scoring):
    the record is played as a replay plays it, to the end (it was refused as short before)."""
    from game.luckybox.entry import LUCKYBOX

    async def played() -> dict:
        async with running_server(tmp_path / "t.db") as (url, _):
            _, record = await play_table(url, LUCKYBOX, 2, "easy", 31)
            return record

    record = run(played(), timeout=60)
    kept = kept_record(record, LUCKYBOX, ["human", "easy"])
    assert kept["result"]["finished"] and kept["seats"] == ["human", "easy"]
