"""Watching a table by its code from the app's Join screen, against a real server on 127.0.0.1
(port 0) with real pygame events: the public board (the server's view for no seat), moving as
the players play, and nothing a click could send."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.core import i18n
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.codec import view_json, wire_of
from game.online.ui import seats_file
from game.online.ui.menu import JoinScene
from tests.support import online_kit_table
from tests.test_online_ui import ServerThread, click_for_lobby, open_menu, until
from tests.test_online_ui_shots import LANGUAGES, SIZES, shot
from tests.ui_helpers import click, frames, type_text


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def watch_by_code(app: Any, url: str, code: str) -> Any:
    menu = open_menu(app, url)
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    click(app, join.widget("code").rect.center)
    type_text(app, code)
    lobby = click_for_lobby(app, join.widget("watch").rect.center)
    assert lobby.watching
    until(app, lambda: online_kit_table(app.stack.top, BlancoKit), what="the table")
    return app.stack.top


def test_watching_by_code_shows_the_public_board_as_it_moves_and_sends_nothing(app, server) -> None:
    app.ctx.settings.animation_speed = 8.0
    host = SeatClient(server.url, BLANCO)
    code = server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")], seed=3, sit=0))
    bot = BLANCO.bots.make_bot("easy", 3, 0)
    playing = server.spawn(host.play(bot.choose, pace=0.05))
    try:
        table = watch_by_code(app, server.url, code)
        assert table.session.seat == -1
        start = table.session.version
        until(app, lambda: table.session.version >= start + 6, what="the players' moves")
    finally:
        playing.cancel()
    # Ann stops; the computer plays until the table waits for her.
    server_table = server.table(code)
    until(
        app, lambda: server_table.state.waiting_for() == [0] and not server_table.computers.thinking
    )
    until(app, lambda: table.session.version == server_table.version, what="the last step")
    # What this screen holds is the server's view for no seat: no hand, no face-down card.
    wire = wire_of(server_table.game)
    assert view_json(wire, table.session.state) == view_json(wire, server_table.state.view_for(-1))
    assert view_json(wire, table.session.state) != view_json(wire, server_table.state.view_for(0))
    # Read only: no seat is ours, and a click on the board sends nothing; no player's buttons
    # (Swap, Undo, Hint, Memory aid) are offered, only the menu.
    assert not any(table.may_act(seat) for seat in range(2))
    shown = [name for name in table.controls.buttons if table.controls.shown(name)]
    assert shown == ["menu"], shown
    version = server_table.version
    click(app, (640, 300), 2)
    frames(app, 5)
    assert table.session.pending is None and table.host.link.client.pending is None
    assert server_table.version == version
    assert seats_file.load(app.ctx.data_dir) == []  # a watcher keeps no seat
    server.call(host.close())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_watch_screens_in_three_languages(data_dir, server, size) -> None:
    from game.catalog import new_app

    host = SeatClient(server.url, BLANCO)
    code = server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")], seed=4, sit=0))
    for lang in LANGUAGES:
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            tag = f"{lang}_{size[0]}x{size[1]}"
            menu = open_menu(app, server.url)
            click(app, menu.widget("join").rect.center, 2)
            join = app.stack.top
            assert join.widget("watch").label == i18n.t("online.join.watch", "Watch")
            click(app, join.widget("code").rect.center)
            type_text(app, code)
            frames(app, 2)
            shot(app, f"join_watch_{tag}")
            click(app, join.widget("watch").rect.center, 2)
            until(app, lambda app=app: online_kit_table(app.stack.top, BlancoKit))
            frames(app, 30)
            shot(app, f"watching_{tag}")
        finally:
            app.stack.clear()
            pygame.quit()
    server.call(host.close())
