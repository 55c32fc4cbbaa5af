"""The app and a wss:// server (issue 62), driven by real clicks against a real TLS server on
127.0.0.1: a self-signed certificate is refused in one line naming the server, with its
fingerprint and a button to trust it; once trusted (kept per server) the table opens; a changed
certificate is refused again. At the game's end the app checks the deal against the commitment
the table sent: "Deal verified", or loudly not when the server's record breaks its promise."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.ui.scenes.gameend import GameEndScene
from game.core.ui.screens.gameend import SHARED_BUTTONS_Y
from game.online import tls
from game.online.server import GameServer, tls_context
from game.online.ui.kept_game import checking
from tests.test_online_tls import make_cert
from tests.test_online_ui import ServerThread, host_table, our_moves, until
from tests.ui_helpers import click

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not here")


def tls_server_thread(db: Path, cert: Path, key: Path) -> ServerThread:
    """ServerThread's real server, serving wss:// with this certificate and key."""
    return ServerThread(db, tls=tls_context(str(cert), str(key)), chosen_seeds=False)


@pytest.fixture(autouse=True)
def no_pins() -> Iterator[None]:
    tls.PINS.clear()
    yield
    tls.PINS.clear()


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path, str]:
    return make_cert(tmp_path)


@pytest.fixture
def tls_server(tmp_path: Path, certificate: tuple[Path, Path, str]) -> Iterator[ServerThread]:
    cert, key, _ = certificate
    running = tls_server_thread(tmp_path / "tables.sqlite3", cert, key)
    yield running
    running.close()


def test_a_self_signed_server_is_refused_until_trusted_then_plays(
    app: Any, tls_server: ServerThread, certificate: tuple[Path, Path, str]
) -> None:
    _cert, _key, found = certificate
    lobby = host_table(app, tls_server.url, ["normal"])
    until(app, lambda: lobby.problem != "", what="the refusal")
    server = tls.server_of(tls_server.url)
    assert lobby.problem == f"Not connected: nobody vouches for the certificate of {server}."
    assert lobby.code == "" and not tls_server.server.hub.tables  # nothing was opened
    trust = lobby.widget("trust")
    assert trust.visible and trust.label == "Trust this server's certificate"
    assert lobby.untrusted is not None and lobby.untrusted.fingerprint == found
    click(app, trust.rect.center)
    until(app, lambda: lobby.code != "", what="the table, once trusted")
    assert lobby.code in tls_server.server.hub.tables
    kept = json.loads((app.ctx.data_dir / "online" / tls.TRUST_FILE).read_text())
    assert kept == {server: found}
    assert not lobby.widget("trust").visible


def test_a_changed_certificate_is_refused_again_in_the_app(
    app: Any, tls_server: ServerThread
) -> None:
    server = tls.server_of(tls_server.url)
    tls.trust(app.ctx.data_dir, server, "AA:" * 31 + "AA")  # trusted when it had another one
    tls.PINS.clear()  # (the app reads the file)
    lobby = host_table(app, tls_server.url, ["normal"])
    until(app, lambda: lobby.problem != "", what="the refusal")
    assert lobby.problem == (
        f"Not connected: {server} has changed its certificate since you trusted it."
    )
    assert lobby.widget("trust").visible and not tls_server.server.hub.tables


def _play_to_the_end(app: Any, url: str) -> str:
    lobby = host_table(app, url, ["normal"])
    until(app, lambda: app.stack.top is not lobby and lobby.code != "", what="the table")
    table = app.stack.top
    our_moves(app, table, None)
    return lobby.code


def drawn_words(app: Any, scene: Any) -> list[str]:
    """The words `scene` draws centred (its own lines: the note among them), one frame."""
    words: list[str] = []
    real = app.ctx.text.blit_centered

    def noted(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        words.append(text)
        return real(surface, text, *args, **kwargs)

    app.ctx.text.blit_centered = noted
    try:
        scene.draw(pygame.Surface((1280, 720)))
    finally:
        del app.ctx.text.blit_centered
    return words


def test_the_end_says_the_deal_was_verified(
    app: Any, tls_server: ServerThread, certificate: tuple[Path, Path, str]
) -> None:
    app.ctx.settings.animation_speed = 8.0
    tls.trust(app.ctx.data_dir, tls.server_of(tls_server.url), certificate[2])
    _play_to_the_end(app, tls_server.url)
    end = app.stack.top
    assert isinstance(end, GameEndScene) and end.note is not None
    said = "Deal verified: these cards were fixed before the first move."
    until(app, lambda: end.note() == (said, False), what="the verdict")
    assert said in drawn_words(app, end)
    # room was kept for it from the start: the buttons sit under it, as under a line to share
    assert end.widget("again").rect.y == SHARED_BUTTONS_Y


def test_the_end_says_loudly_when_the_deal_breaks_its_promise(app: Any) -> None:
    """A server that changed the deal's salt after the start (as one that changed the seed
    would have to): its record no longer matches the commitment the table sent."""
    app.ctx.settings.animation_speed = 8.0
    server = ServerThread(app.ctx.data_dir / "server.sqlite3")
    try:
        original = GameServer.dispatch

        def cheating(self: GameServer, conn: Any, message: Any) -> None:
            if type(message).__name__ == "GetRecord":
                table = self.hub.table(message.table)
                table.row.salt = "0" * 32  # the record reveals a salt that was not promised
            original(self, conn, message)

        GameServer.dispatch = cheating  # type: ignore[method-assign]
        try:
            _play_to_the_end(app, server.url)
            end = app.stack.top
            until(app, lambda: end.note() != checking(), what="the verdict")
        finally:
            GameServer.dispatch = original  # type: ignore[method-assign]
    finally:
        server.close()
    warning = (
        "WARNING: the deal does NOT match what the server promised: this game may not be fair."
    )
    assert end.note() == (warning, True)  # (drawn in red)
    assert warning in drawn_words(app, end)
    records = list((app.ctx.game_dir("blanco") / "records").glob("*.json"))
    assert records == []  # a record that breaks its promise is not kept for Replays


def test_the_lobby_asks_before_any_thread_of_the_link_sends(tls_server: ServerThread) -> None:
    """(No app) the link says `untrusted` and sends nothing; `retry` after trust takes the
    seat as asked."""
    from game.blanco.entry import BLANCO
    from game.online import protocol as p
    from game.online.ui.net import NetLink

    link = NetLink(tls_server.url, BLANCO)
    try:
        link.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")], hold=60)
        notes: list[Any] = []
        done = threading.Event()

        def wait_for(kind: str) -> Any:
            for _ in range(1000):
                notes.extend(link.poll())
                found = [n for n in notes if n.kind == kind]
                if found:
                    return found[-1]
                done.wait(0.01)
            raise AssertionError(f"no {kind} note: {notes}")

        refused = wait_for("untrusted")
        assert not tls_server.server.hub.tables
        tls.PINS[refused.value.server] = refused.value.fingerprint
        link.retry()
        wait_for("ready")
        assert len(tls_server.server.hub.tables) == 1
    finally:
        link.close()


def test_a_friend_joins_by_a_wss_link_and_trusts_the_server_once(
    app: Any, tls_server: ServerThread, certificate: tuple[Path, Path, str]
) -> None:
    """The host's share link carries wss://; the friend's app refuses the self-signed server,
    the friend trusts it with one click and takes the seat the link names."""
    from game.blanco.entry import BLANCO
    from game.online import protocol as p
    from game.online.client import SeatClient
    from game.online.ui.lobby import LobbyScene
    from game.online.ui.menu import JoinScene
    from game.online.ui.net import share_link
    from tests.test_online_ui import open_menu
    from tests.ui_helpers import type_text

    server = tls.server_of(tls_server.url)
    tls.PINS[server] = certificate[2]  # the host trusted it already (its own app)
    host = SeatClient(tls_server.url, BLANCO)
    code = tls_server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Player 2")], sit=0))
    link = share_link(tls_server.url, code)
    assert link.startswith("wss://127.0.0.1:")
    tls.PINS.clear()  # the friend's app: never trusted it
    try:
        menu = open_menu(app, "ws://127.0.0.1:1")
        click(app, menu.widget("join").rect.center, 2)
        join = app.stack.top
        assert isinstance(join, JoinScene)
        click(app, join.widget("code").rect.center)
        type_text(app, link)
        assert join.server.text == tls_server.url
        click(app, join.widget("go").rect.center, 2)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.problem != "", what="the refusal")
        assert server in lobby.problem and lobby.widget("trust").visible
        assert tls_server.table(code).row.seats[1].token_hash is None  # nothing taken yet
        click(app, lobby.widget("trust").rect.center)
        until(app, lambda: hasattr(app.stack.top, "session"), what="the table")
        assert app.stack.top.session.seat == 1
        assert tls_server.table(code).row.seats[1].token_hash is not None
    finally:
        tls_server.call(host.close())


def test_a_watcher_checks_the_deal_too_and_keeps_no_game(app: Any) -> None:
    """A watcher was sent the commitment as the seats were: its end page says the verdict,
    and it keeps no game for Replays (it played none)."""
    from game.blanco.entry import BLANCO
    from game.online import protocol as p
    from game.online.client import SeatClient
    from tests.test_online_watch import watch_by_code

    app.ctx.settings.animation_speed = 8.0
    server = ServerThread(app.ctx.data_dir / "server.sqlite3")
    try:
        host = SeatClient(server.url, BLANCO)
        code = server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")]))
        table = watch_by_code(app, server.url, code)
        assert table.session.commit == server.table(code).dealt.commit
        playing = server.spawn(host.play(BLANCO.bots.make_bot("easy", 3, 0).choose))
        until(app, lambda: isinstance(app.stack.top, GameEndScene), what="the end", limit=90)
        playing.result(10)
        end = app.stack.top
        said = "Deal verified: these cards were fixed before the first move."
        until(app, lambda: end.note is not None and end.note() == (said, False), what="verdict")
        server.call(host.close())
    finally:
        server.close()
    assert not (app.ctx.game_dir("blanco") / "records").exists() or not list(
        (app.ctx.game_dir("blanco") / "records").glob("*.json")
    )
