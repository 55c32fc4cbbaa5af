"""The test game plays online in the app (issue 63): High card (tests/highcard), registered in the
catalog as a game package is (so the app holds it), plays a whole table through a real server
(127.0.0.1, port 0, handed [Lucky Box, Blanco, High card]) and the real app window (pygame events
at the positions the layout gives), with no line of online code naming it: its UI descriptor
hands the core table its kit, and the online table is that same core table around an online
session. (tests/test_online_highcard.py plays it with protocol clients alone.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import catalog
from game.blanco.entry import BLANCO
from game.core.ui.screens.plain import GameEndScene
from game.core.ui.table import Table
from game.luckybox.entry import LUCKYBOX
from game.online.ui.host import HostScene
from game.online.ui.session import OnlineSession
from game.online.ui.table import OnlineHost
from tests.highcard.entry import HIGHCARD
from tests.highcard.ui.kit import HighCardKit
from tests.test_online_ui import ServerThread, click_for_lobby, open_menu, until
from tests.ui_helpers import click

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "tests.highcard"


@pytest.fixture
def app(data_dir: Path) -> Iterator[Any]:
    """The app with High card registered (built after the registration, as main.py does)."""
    catalog.register(PACKAGE)
    application = catalog.new_app()
    try:
        yield application
        application.close()
    finally:
        pygame.quit()
        catalog.unregister(PACKAGE)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3", [LUCKYBOX, BLANCO, HIGHCARD])
    yield running
    running.close()


def test_no_line_of_online_code_names_the_test_game() -> None:
    for path in (ROOT / "game" / "online").rglob("*.py"):
        assert "highcard" not in path.read_text("utf-8").lower(), path


def test_high_card_plays_a_whole_table_online(app: Any, server: ServerThread) -> None:
    # Host a High card table, us and a computer, by clicks on the host form.
    menu = open_menu(app, server.url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    game = host.widget("game")
    assert "highcard" in [v for v, _ in game.options], "a game with a kit is offered online"
    click(app, game.segment([v for v, _ in game.options].index("highcard")).center)
    players = host.widget("players")
    click(app, players.segment([v for v, _ in players.options].index("2")).center)
    seat = host.widget("seat_1")
    click(app, seat.segment([v for v, _ in seat.options].index("normal")).center)
    lobby = click_for_lobby(app, host.widget("open").rect.center)
    until(app, lambda: isinstance(app.stack.top, Table), what="the table")

    # The online table is the core table holding High card's kit and an online session.
    table = app.stack.top
    assert isinstance(table.kit, HighCardKit) and isinstance(table.session, OnlineSession)
    assert isinstance(table.host, OnlineHost) and not table.saving
    code = table.session.table
    assert code == lobby.code and server.table(code).state.names[1] == "Computer 2"
    until(app, table.human_turn, what="our turn")
    mine = table.state.cards[0]
    assert mine != 0 and table.seen.cards[0] == mine, "our own card, shown to us"
    assert table.state.cards[1] == 0, "the computer's card is not in our view"

    # Undo is refused in the table's words (there is none online); then Keep, by a click.
    controls = table.controls
    click(app, controls.buttons["undo"].rect.center, 2)
    assert table.message == "There is no undo at an online table."
    click(app, controls.buttons["keep"].rect.center, 2)
    until(app, lambda: not isinstance(app.stack.top, Table), what="the game's end")

    # The end: High card's own end scene, the server's game over with the same cards.
    end = app.stack.top
    assert isinstance(end, GameEndScene) and end.session is table.session
    kept = server.table(code).state
    assert kept.is_terminal() and table.state.is_terminal()
    assert list(table.state.cards) == list(kept.cards) and table.state.cards[0] == mine
    assert table.seen.winner == kept.winner()
