"""Screenshots of Host on this computer at 1024x768 and 2560x1080, in English, French and
German (screenshots/online/): the Host screen with each choice, a port taken, the lobby with
the links at this machine's network addresses, the question before quitting, and Settings'
port; in each, no text clipped or covered (test_text_overlaps' checks of the frame shot)."""

from __future__ import annotations

import socket

import pygame

from game.blanco.entry import BLANCO
from game.core import i18n
from game.core.ui.screens.quitting import QuitQuestion
from game.online.client import SeatClient
from game.online.ui.hosted import hosting_of
from game.online.ui.lobby import LobbyScene
from tests.sweep import sampled
from tests.test_online_helpers import LoopThread
from tests.test_online_hosting import choose, host_form
from tests.test_online_ui import until
from tests.test_online_ui_shots import CHECKED, LANGUAGES, SIZES, seen, shot
from tests.ui_helpers import click, frames

__all__ = ["seen"]  # (the fixture, used by name)


@sampled(lang=LANGUAGES, size=SIZES)
def test_hosting_screens_in_three_languages(data_dir, lang, size, seen) -> None:
    """The hosting screens in one language at one window size: each language once a run, the
    sizes drawn for it (tests/sweep.py; SMLB_SWEEP=all takes all six)."""
    from game.catalog import new_app

    CHECKED[:] = [seen]
    friends = LoopThread()
    try:
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            tag = f"{lang}_{size[0]}x{size[1]}"
            with socket.create_server(("0.0.0.0", 0)) as taken:
                app.ctx.settings.host_port = taken.getsockname()[1]
                host = host_form(app)
                choose(app, host, "where", "here")
                click(app, host.widget("open").rect.center, 3)
                assert host.problem and app.stack.top is host
                shot(app, f"host_port_taken_{tag}")
            app.ctx.settings.host_port = 0
            choose(app, host, "where", "address")
            frames(app, 2)
            shot(app, f"host_address_{tag}")
            choose(app, host, "where", "here")
            assert host.problem == ""
            frames(app, 2)
            shot(app, f"host_here_{tag}")
            choose(app, host, "game", "blanco")
            choose(app, host, "players", "3")
            click(app, host.widget("open").rect.center, 2)
            until(app, lambda app=app: isinstance(app.stack.top, LobbyScene), what="lobby")
            lobby = app.stack.top
            until(app, lambda lobby=lobby: bool(lobby.seats), what="the seats")
            frames(app, 2)
            shot(app, f"lobby_hosting_{tag}")
            server = hosting_of(app.ctx).server
            friend = SeatClient(server.url, BLANCO)
            friends.call(friend.join(lobby.code))
            until(app, lambda lobby=lobby: not lobby.seats[1].free, what="the friend")
            pygame.event.post(pygame.event.Event(pygame.QUIT))
            frames(app, 2)
            assert isinstance(app.stack.top, QuitQuestion)
            shot(app, f"quit_question_{tag}")
            click(app, app.stack.top.widget("no").rect.center, 2)
            lobby.to_table()
            frames(app, 20)
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
            )
            frames(app, 3)
            assert type(app.stack.top).__name__ == "TableSeatsScene"
            shot(app, f"seats_hosting_{tag}")
            friends.call(friend.close())
            app.stack.clear_to(app.ctx.nav.make("settings"))
            frames(app, 3)
            shot(app, f"settings_port_{tag}")
        finally:
            app.close()
    finally:
        friends.close()
        i18n.set_language("en")
