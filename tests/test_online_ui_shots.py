"""Screenshots of every online scene at 1024x768 and 2560x1080, in English, French and German
(screenshots/online/), each drawn in the words of its language; and in each, no text clipped or
covered (test_text_overlaps' checks of the frame shot)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.core import i18n
from game.luckybox.ui.table.kit import is_lucky_box_table
from game.online.client import SeatClient
from game.online.ui.lobby import LobbyScene
from game.online.ui.net import share_link
from game.online.ui.words import seats_hint
from tests.support import online_kit_table
from tests.sweep import sampled
from tests.test_online_ui import ServerThread, click_for_lobby, host_table, open_menu, until
from tests.test_text_overlaps import Frames, watched_frames
from tests.ui_helpers import SCREENSHOTS, click, frames, press, type_text

SIZES = [(1024, 768), (2560, 1080)]
LANGUAGES = ["en", "fr", "de"]


#: The texts of each frame shot, checked as test_text_overlaps checks its walk's.
CHECKED: list[Frames] = []


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    """The frames `shot` checks during this test; none once it ends (a later test of the same
    worker that calls `shot` without this fixture checks nothing of an App since closed)."""
    for watched in watched_frames(monkeypatch):
        CHECKED[:] = [watched]
        try:
            yield watched
        finally:
            CHECKED.clear()


def shot(app: Any, name: str) -> Path:
    """What the window shows (bars and all), at the window's own size: a picture, not the
    black of a window never given one (the display surface read straight was black at 4:3).
    The frame's texts are checked: none leaves the window, spills out of its widget or
    overlaps another."""
    picture = app.window_image()
    if CHECKED:
        CHECKED[-1].scene = name
        CHECKED[-1].settled()
    assert sum(pygame.transform.average_color(picture)[:3]) > 60, f"{name}: a blank window"
    path = SCREENSHOTS / "online" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(picture, str(path))
    return path


@sampled(lang=LANGUAGES, size=SIZES)
def test_online_scenes_in_three_languages(data_dir, tmp_path, lang, size, seen) -> None:
    """Every online scene in one language at one window size: each language once a run, the
    sizes drawn for it (tests/sweep.py; SMLB_SWEEP=all takes all six)."""
    from game.catalog import new_app

    CHECKED[:] = [seen]
    server = ServerThread(tmp_path / "tables.sqlite3")
    try:
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            app.ctx.settings.animation_speed = 8.0
            tag = f"{lang}_{size[0]}x{size[1]}"

            def host_shot(app=app, tag=tag) -> None:
                frames(app, 2)
                shot(app, f"host_{tag}")
                opener = app.stack.top.widget("open")
                assert opener.label == i18n.t("online.host.open", "Open the table")

            lobby = host_table(app, server.url, ["human", "normal"], host_shot)
            until(app, lambda lobby=lobby: bool(lobby.seats), what="the seats")
            frames(app, 2)
            shot(app, f"lobby_{tag}")
            lobby.to_table()
            frames(app, 40)
            table = app.stack.top
            assert online_kit_table(table, BlancoKit)
            shot(app, f"table_{tag}")
            # A friend takes the free seat, then leaves: the table's line says so.
            friend = SeatClient(server.url, BLANCO)
            assert server.call(friend.join(lobby.code)) == 1
            server.call(friend.close())
            until(app, lambda t=table: t.message != "", what="the friend leaving")
            assert table.message.endswith(seats_hint())
            frames(app, 2)
            shot(app, f"table_left_{tag}")
            press(app, pygame.K_ESCAPE, 2)  # the online table's menu: its seats
            seats = app.stack.top
            assert type(seats).__name__ == "TableSeatsScene"
            assert seats.widget("computer_1").visible  # the free seat may go to a computer
            assert seats.widget("back").label == i18n.t("online.seats.back", "Back to the table")
            shot(app, f"seats_{tag}")
            app.stack.clear()
            title = app.ctx.nav.make("title")
            app.stack.push(title)
            # The title asks the server: this table waits for our seat.
            until(app, lambda title=title: title.widget("notice").visible, what="the line")
            waiting = title.notice.watcher.count()
            assert waiting >= 1
            assert title.widget("notice").label == i18n.tn(
                "online.title.your_turn",
                waiting,
                "Your turn at {count} online table",
                "Your turn at {count} online tables",
            )
            frames(app, 30)
            shot(app, f"title_{tag}")
            click(app, app.stack.top.widget("online").rect.center, 2)
            menu = app.stack.top
            until(app, lambda menu=menu: bool(menu.your_turn), what="your turn")
            frames(app, 2)
            shot(app, f"menu_{tag}")
            click(app, menu.widget("join").rect.center, 2)
            join = app.stack.top
            click(app, join.widget("code").rect.center)
            # a share link pasted from a chat: the Server field follows it
            type_text(app, share_link(server.url, "KQ7-4XM"))
            frames(app, 2)
            assert join.server.text == server.url
            shot(app, f"join_{tag}")
            click(app, join.widget("go").rect.center, 2)
            failed = app.stack.top
            assert isinstance(failed, LobbyScene)
            until(app, lambda failed=failed: failed.problem != "", what="the refusal")
            shot(app, f"lobby_refused_{tag}")
            assert failed.problem == i18n.t(
                "online.error.no_such_table", "There is no table with that code."
            )
            app.stack.clear()
            menu = open_menu(app, server.url)
            click(app, menu.widget("host").rect.center, 2)
            host = app.stack.top
            game = host.widget("game")
            click(app, game.segment([v for v, _ in game.options].index("luckybox")).center)
            level = host.widget("seat_1")
            click(app, level.segment([v for v, _ in level.options].index("normal")).center)
            lucky = click_for_lobby(app, host.widget("open").rect.center)
            until(app, lambda a=app, s=lucky: a.stack.top is not s, what="Lucky Box")
            frames(app, 60)
            top = app.stack.top
            assert is_lucky_box_table(top) or type(top).__name__ == "DraftScene"
            shot(app, f"table_luckybox_{tag}")
        finally:
            i18n.set_language("en")
            app.stack.clear()
            pygame.quit()
    finally:
        server.close()
        CHECKED.clear()
    path = SCREENSHOTS / "online" / f"lobby_{lang}_{size[0]}x{size[1]}.png"
    assert pygame.image.load(str(path)).get_size() == size
    assert seen.frames >= 10, seen.frames  # every shot's texts were checked
    assert seen.problems == [], "\n".join(seen.problems)
