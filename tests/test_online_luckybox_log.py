"""Issue 67 at the online Lucky Box table (a real server on 127.0.0.1, this app as one seat, a
computer as the other): the table consumes the same parts as a local one, so the move log tells
the computer's crosses in words from what the server sent this seat, and never one it made for
the number still open (the server has it; the computer's board here does not show it yet)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.ui.toolkit import window
from game.luckybox.ui.table.log_parts import LastMoves
from tests.test_online_ui import (
    ServerThread,
    click_luckybox_action,
    host_lucky_box_against_easy,
    until,
    wait,
)
from tests.ui_helpers import click, frames, press


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def crossed(player: Any, seat: int) -> set[tuple[int, int, int]]:
    return {
        (seat, card, cell)
        for card, mask in zip(player.cards, player.masks, strict=True)
        for cell in range(9)
        if mask >> cell & 1
    }


def test_the_online_table_logs_the_computers_crosses_from_our_view(app: Any, server: Any) -> None:
    from game.luckybox.ui.scenes.draft import DraftScene

    window.the_window().size = (1024, 768)  # the log below the cards, several rows
    app.settle_window()
    app.ctx.settings.animation_speed = 8.0
    table = host_lucky_box_against_easy(app, server.url)
    rng = random.Random(4)
    ring = next(part for part in table.parts if isinstance(part, LastMoves))
    checked = 0
    end = time.monotonic() + 90
    while checked < 4:
        assert time.monotonic() < end, "the game did not move on"
        top = app.stack.top
        version = table.session.version
        if isinstance(top, DraftScene):
            for card in rng.sample(top.hand, top.need):
                click(app, top.card_center(card))
            click(app, top.widget("confirm").rect.center, 2)
        elif top is table and table.human_turn() and not table.animator.busy:
            # Our turn on a number: what the log says of the computer is what closed before.
            server_seat = server.table(table.session.table).state.players[1]
            secret = crossed(server_seat, 1) - crossed(table.kit.others.player(1), 1)
            said = {sq for line in table.kit.move_log.lines(0, hides=True) for sq in line.squares}
            assert not said & secret, "a cross of the number still open was told"
            if any(line.seat == 1 for line in table.kit.move_log.lines(0, hides=True)):
                checked += 1
                frames(app, 1)
                rows = table.kit.log_panel.rows_drawn
                assert any(row.startswith(table.session.name_of(1)) for row in rows), rows
                assert ring.squares() <= crossed(table.kit.others.player(1), 1)
            legal = table.state.legal_actions(0)
            plain = [a for a in legal if not getattr(a, "lightning", 0)]
            action = rng.choice(plain or legal)
            click_luckybox_action(app, table, action)
        elif top is table and table.animator.busy:
            press(app, pygame.K_SPACE)
            continue
        else:
            wait(app)
            time.sleep(0.002)
            continue
        until(app, lambda v=version: table.session.version != v, what="the server's answer")
    assert not app.errors
