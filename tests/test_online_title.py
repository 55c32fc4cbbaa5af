"""The title's "Your turn at N online tables": the servers of the seats the app keeps are asked
in the background, against a real server on 127.0.0.1 (port 0), with real pygame events."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.ui import seats_file
from game.online.ui.menu import OnlineMenuScene
from game.online.ui.seats_file import HeldSeat
from game.online.ui.title_line import YourTurnLine
from tests.support import online_kit_table
from tests.test_online_ui import ServerThread, until
from tests.ui_helpers import click, frames

TWO_FRIENDS = [p.SeatSpec("Ann"), p.SeatSpec("Bob")]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def open_table(server: ServerThread) -> tuple[SeatClient, list[int]]:
    """A Blanco table of two people, its host in seat 0: (the host's client, who may act)."""
    host = SeatClient(server.url, BLANCO)
    server.call(host.open(TWO_FRIENDS, seed=5, sit=0))
    return host, list(host.waiting)


async def move(client: SeatClient, action: Any) -> None:
    """Send an action and read until the server's new state has come."""
    version = client.version
    await client.act(action)
    while client.version == version:
        await client.receive()


def keep(app: Any, server: ServerThread, code: str, seat: int, token: str) -> None:
    seats_file.keep(app.ctx.data_dir, HeldSeat(server.url, code, seat, token, "blanco"))


def show_title(app: Any) -> Any:
    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 2)
    return app.stack.top


def turn_watchers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "turn-watcher" and t.is_alive()]


def test_a_kept_seat_whose_turn_it_is_shows_the_line_which_opens_its_table(app, server) -> None:
    """One table waiting: the line's click goes on to that table, as its Rejoin would."""
    host, waiting = open_table(server)
    assert host.table and host.token
    assert waiting == [0]  # Blanco's host plays first
    friend = SeatClient(server.url, BLANCO)
    assert server.call(friend.join(host.table)) == 1  # every seat taken: the game is on
    keep(app, server, host.table, 0, host.token)
    server.call(host.close())  # its player left it (the seat is held): this app comes back
    title = show_title(app)
    assert isinstance(title.notice, YourTurnLine)
    until(app, lambda: title.widget("notice").visible, what="the your-turn line")
    assert title.widget("notice").label == "Your turn at 1 online table"
    click(app, title.widget("notice").rect.center, 2)
    assert title.notice is None  # covered: no more questions asked
    until(app, lambda: online_kit_table(app.stack.top, BlancoKit), what="the table")
    table = app.stack.top
    assert table.session.table == host.table and table.session.seat == 0
    assert server.table(host.table).seat_infos()[0].connected
    server.call(friend.close())


def test_two_tables_waiting_open_play_online_listing_them(app, server) -> None:
    first, _ = open_table(server)
    second, _ = open_table(server)
    assert first.table and second.table
    keep(app, server, first.table, 0, "token")  # (a watch needs no token)
    keep(app, server, second.table, 0, "token")
    title = show_title(app)
    until(app, lambda: title.widget("notice").label == "Your turn at 2 online tables")
    click(app, title.widget("notice").rect.center, 2)
    menu = app.stack.top
    assert isinstance(menu, OnlineMenuScene)
    assert {seat.table for seat in menu.held} == {first.table, second.table}
    server.call(first.close())
    server.call(second.close())


def test_a_kept_seat_not_to_move_shows_no_line(app, server) -> None:
    host, waiting = open_table(server)
    assert host.table
    assert waiting == [0]  # Blanco's host plays first: seat 1 is not to move
    keep(app, server, host.table, 1, "token")
    title = show_title(app)
    watcher = title.notice.watcher
    until(app, lambda: watcher.rounds() >= 1, what="the server's answer")
    frames(app, 2)
    assert not title.widget("notice").visible
    server.call(host.close())


def test_no_kept_seat_no_line_and_no_network(app) -> None:
    before = len(turn_watchers())
    title = show_title(app)
    assert isinstance(title.notice, YourTurnLine)
    assert title.notice.watcher is None  # nothing to ask: no thread, no connection
    assert len(turn_watchers()) == before
    frames(app, 3)
    assert not title.widget("notice").visible


def test_the_line_counts_every_waiting_table_and_is_asked_again(app, server) -> None:
    first, waiting = open_table(server)
    second, _ = open_table(server)
    assert first.table and second.table and first.token
    keep(app, server, first.table, 0, first.token)
    keep(app, server, second.table, 0, "token")
    title = show_title(app)
    title.notice.close()
    title.notice = YourTurnLine(app.ctx, every=0.2)  # asked again soon, not every 30 s
    assert waiting == [0]  # Blanco's host plays first
    until(app, lambda: title.widget("notice").label == "Your turn at 2 online tables")
    # Seat 0 moves at the first table until it waits for the other seat: one table is left.
    bot = BLANCO.bots.make_bot("easy", 1, 0)
    while 0 in first.waiting:
        server.call(move(first, bot.choose(first.view(), 0)))
    until(app, lambda: title.widget("notice").label == "Your turn at 1 online table")
    server.call(first.close())
    server.call(second.close())
