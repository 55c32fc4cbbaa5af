"""Issue 67 at the online Blanco table (a real server on 127.0.0.1, this app as one seat): the
table consumes the same parts as a local one, so the move log tells the computer's turns in
words from what the server sent this seat, naming none of the computer's hidden cards, and
the computer's panel is brought forward while its turn shows."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.blanco.rules.cards import ALL_CARDS
from game.blanco.ui.table.kit import BlancoKit
from game.blanco.ui.words import card_name
from tests.support import online_kit_table
from tests.test_online_ui import ServerThread, host_table, our_moves, until


def named(text: str) -> set[int]:
    return {c for c in ALL_CARDS if re.search(rf"(?<!\w){re.escape(card_name(c))}(?!\w)", text)}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def test_the_online_table_logs_the_computers_turns_from_our_view(app: Any, server: Any) -> None:
    app.ctx.settings.animation_speed = 4.0
    lobby = host_table(app, server.url, ["normal"])
    until(app, lambda: lobby.code != "" and app.stack.top is not lobby, what="the table")
    table = app.stack.top
    assert online_kit_table(table, BlancoKit)
    forward: list[float] = []
    original = table.kit.others.panels

    def watched() -> dict:
        panels = original()
        forward.extend(rect.w for rect in panels.values())
        return panels

    table.kit.others.panels = watched  # a spy: the panels as each frame lays them out
    our_moves(app, table, 6)
    frames_until_still(app, table)
    rows = table.kit.log_panel.rows_drawn
    computer = table.session.name_of(1)
    assert any(row.startswith(computer) for row in rows), rows
    shown: set[int] = set()
    for event in table.kit.move_log.events:  # what the server told this seat
        for field in ("card", "replaced"):
            value = getattr(event, field, 0)
            if isinstance(value, int):
                shown.add(value)
        shown.update(v for v in getattr(event, "cards", ()) or () if isinstance(v, int))
    theirs = server.table(lobby.code).state.players[1]
    hidden = set(theirs.hand) | {
        v for r, row in enumerate(theirs.grid) for c, v in enumerate(row) if not theirs.up[r][c]
    }
    for row in rows:
        assert not named(row) & (hidden - shown), row
    assert max(forward) > table.kit.geometry.others.w, "the computer's turn was brought forward"
    assert not app.errors


def frames_until_still(app: Any, table: Any) -> None:
    until(app, lambda: not table.animator.busy, what="the table at rest")
