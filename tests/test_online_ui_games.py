"""The app's online screens are handed their games, as the server is: every game the app holds
plays online (the held seats listed by "Play online", a table joined by code), and a table of a
game the app does not hold (a friend's newer app, a server handed more games) is said in one
line and never crashes the lobby. Real app windows driven by pygame events, a real server on
127.0.0.1 (port 0) handed [Lucky Box, Blanco, High card] and a real protocol client hosting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import catalog
from game.blanco.entry import BLANCO
from game.luckybox.entry import LUCKYBOX
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.ui import seats_file
from game.online.ui.lobby import LobbyScene
from game.online.ui.menu import JoinScene
from game.online.ui.seats_file import HeldSeat
from tests.highcard.entry import HIGHCARD
from tests.test_online_ui import ServerThread, open_menu, until
from tests.ui_helpers import click, type_text

SERVED = [LUCKYBOX, BLANCO, HIGHCARD]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3", SERVED)
    yield running
    running.close()


def held(url: str, table: str, game: str) -> HeldSeat:
    return HeldSeat(url, table, 0, f"token-{table}", game)


def keep_seats(data_dir: Path, url: str) -> None:
    """Seats held at three tables: one of Blanco, one of High card, one of Lucky Box."""
    for table, game in (("AAA-AAA", "blanco"), ("BBB-BBB", "highcard"), ("CCC-CCC", "luckybox")):
        assert seats_file.keep(data_dir, held(url, table, game)) is None


def test_the_menu_offers_the_held_seats_of_every_game_the_app_holds(app, data_dir) -> None:
    """Lucky Box and Blanco are the app's (its catalog): both are offered to rejoin; High card
    is not the app's here, its seat is not offered (nothing could show its table)."""
    url = "ws://127.0.0.1:1"
    keep_seats(data_dir, url)
    menu = open_menu(app, url)
    # (the latest kept first)
    assert [(s.table, s.game) for s in menu.held] == [
        ("CCC-CCC", "luckybox"),
        ("AAA-AAA", "blanco"),
    ]
    assert {"rejoin_0", "rejoin_1"} <= set(menu.widgets) and "rejoin_2" not in menu.widgets


@pytest.fixture
def highcard_app(data_dir: Path) -> Iterator[Any]:
    """The app with High card handed to it too (registered before it is built, as a game
    package is), closed at the end."""
    catalog.register("tests.highcard")
    try:
        application = catalog.new_app()
        try:
            yield application
        finally:
            application.close()
            pygame.quit()
    finally:
        catalog.unregister("tests.highcard")


def test_an_app_handed_a_third_game_offers_its_held_seats_too(highcard_app, data_dir) -> None:
    """No online code names a game: the app handed High card offers its seat like the others."""
    url = "ws://127.0.0.1:1"
    keep_seats(data_dir, url)
    menu = open_menu(highcard_app, url)
    assert [s.game for s in menu.held] == ["luckybox", "highcard", "blanco"]
    assert "rejoin_2" in menu.widgets


def test_a_table_of_a_game_the_app_lacks_is_said_in_one_line(app, served) -> None:
    """A friend hosts a High card table at a server that plays it; this app (Lucky Box and
    Blanco only) joins by its code: the lobby says the game cannot be played here, in one line,
    and stays (no table is opened, nothing fails)."""
    host = SeatClient(served.url, HIGHCARD)
    code = served.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=4, sit=0))
    try:
        menu = open_menu(app, served.url)
        click(app, menu.widget("join").rect.center, 2)
        join = app.stack.top
        assert isinstance(join, JoinScene)
        click(app, join.widget("code").rect.center)
        type_text(app, code)
        click(app, join.widget("go").rect.center, 2)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.problem != "", what="the lobby's line")
        assert lobby.problem == "This game cannot be played online in the app yet."
        assert app.stack.top is lobby and not lobby.handed_on
        assert lobby.heading() == "The table"  # no game of the app's to name
        assert served.table(code).seat_infos()[1].connected  # the seat is taken all the same
    finally:
        served.call(host.close())
