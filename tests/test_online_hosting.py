"""Host on this computer: the app starts the server the command line runs (game/online/
hosting.py) from the Host screen, driven by real pygame events; a friend (a protocol client)
joins it over 127.0.0.1; a port taken is one line; the links shown carry the machine's network
addresses; quitting while a friend sits asks first; and the app killed with SIGKILL mid-game,
started again, serves the table again on a Rejoin and the friend's game goes on, no
acknowledged move lost."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.core.ui.screens.quitting import QuitQuestion
from game.core.ui.settings import load_settings
from game.online import hosting, protocol as p
from game.online.client import SeatClient
from game.online.hosting import HostedServer, local_addresses
from game.online.ui.host import HostScene
from game.online.ui.hosted import hosting_of
from game.online.ui.lobby import LobbyScene
from game.online.ui.menu import OnlineMenuScene
from tests.support import online_kit_table
from tests.test_online_ui import choose, until
from tests.ui_helpers import click, frames, press

ROOT = Path(__file__).resolve().parents[1]


def host_form(app: Any) -> HostScene:
    """Title, "Play online", "Host a table": the Host screen."""
    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 3)
    click(app, app.stack.top.widget("online").rect.center, 2)
    menu = app.stack.top
    assert isinstance(menu, OnlineMenuScene)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    return host


def host_here(app: Any, seats: list[str]) -> LobbyScene:
    """Host a Blanco table on this computer (clicks: "This computer", the game, the seats,
    Open); the lobby once the app's server serves it."""
    host = host_form(app)
    choose(app, host, "where", "here")
    assert not host.widget("server").visible  # no address to type for this computer
    choose(app, host, "game", "blanco")
    choose(app, host, "players", str(len(seats) + 1))
    for i, kind in enumerate(seats, start=1):
        choose(app, host, f"seat_{i}", kind)
    click(app, host.widget("open").rect.center, 2)
    until(app, lambda: isinstance(app.stack.top, LobbyScene), what="the lobby")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.code != "" and bool(lobby.seats), what="the table's code")
    return lobby


def test_the_host_screen_offers_this_computer_first_until_another_server_is_used(app) -> None:
    host = host_form(app)
    assert host.widget("where").value == "here" and not host.widget("server").visible
    choose(app, host, "where", "address")
    assert host.widget("server").visible
    # Every game the app holds is offered (the app's catalog: both play online).
    assert [v for v, _ in host.widget("game").options] == [g.id for g in app.ctx.games]


def test_hosting_on_this_computer_a_friend_joins_over_loopback(app, friends) -> None:
    lobby = host_here(app, ["human"])
    server = hosting_of(app.ctx).server
    assert server.running and lobby.link.url == f"ws://127.0.0.1:{server.port}"
    # The free port chosen is kept apart in Settings (the choice stays "Any free"): the same
    # link after a restart.
    kept, _ = load_settings(app.ctx.data_dir)
    assert kept.host_port_kept == server.port == app.ctx.settings.host_port_kept
    assert kept.host_port == 0
    friend = SeatClient(server.url, BLANCO)
    try:
        assert friends.call(friend.join(lobby.code)) == 1
        until(app, lambda: app.stack.top is not lobby, what="the table")
        assert online_kit_table(app.stack.top, BlancoKit)
        table = server.game_server.hub.tables[lobby.code]  # (read once the table is up)
        assert [s.connected for s in table.seat_infos()] == [True, True]
        # Esc at the table: its seats and the link again, the one friends use copied.
        press(app, pygame.K_ESCAPE, 2)
        seats = app.stack.top
        assert type(seats).__name__ == "TableSeatsScene"
        click(app, seats.widget("copy").rect.center, 2)
        links = hosting_of(app.ctx).share_links(lobby.link.url, lobby.code)
        assert pygame.scrap.get_text() == links[0]
        if local_addresses():
            assert "127.0.0.1" not in links[0]
    finally:
        friends.call(friend.close())


def test_the_apps_server_is_the_command_lines_and_shows_no_metrics(app) -> None:
    import urllib.error
    import urllib.request

    host_here(app, ["human"])
    port = hosting_of(app.ctx).server.port
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
        assert answer.status == 200  # the same server: its health check answers
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5)
    assert refused.value.code == 404  # nobody monitors a player's own server


def test_the_links_shown_carry_this_machines_network_addresses(app) -> None:
    addresses = local_addresses()
    if not addresses:
        pytest.skip("this machine is on no network but its loopback: no address to show")
    lobby = host_here(app, ["human"])
    port = hosting_of(app.ctx).server.port
    links = hosting_of(app.ctx).share_links(lobby.link.url, lobby.code)
    assert links == [f"{hosting.link_for(a, port)}/#{lobby.code}" for a in addresses]
    assert not any("127.0.0.1" in link or "[::1]" in link for link in links)
    drawn: list[str] = []
    render = app.ctx.text.render_outlined

    def noted(text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return render(text, *args, **kwargs)

    app.ctx.text.render_outlined = noted
    try:
        app.redraw()
        frames(app, 1)
    finally:
        del app.ctx.text.render_outlined
    shown = " ".join(drawn)
    assert all(link in shown for link in links) and "127.0.0.1" not in shown


def test_a_port_taken_is_one_line_and_the_app_goes_on(app) -> None:
    with socket.create_server(("0.0.0.0", 0)) as taken:
        port = taken.getsockname()[1]
        app.ctx.settings.host_port = port
        host = host_form(app)
        choose(app, host, "where", "here")
        click(app, host.widget("open").rect.center, 3)
        assert app.stack.top is host  # no lobby: nothing to reach
        assert str(port) in host.problem and "\n" not in host.problem
        assert host.problem.startswith(f"Port {port} is taken")
        assert not hosting_of(app.ctx).server.running
    # Freed, the same click opens the table.
    click(app, host.widget("open").rect.center, 2)
    until(app, lambda: isinstance(app.stack.top, LobbyScene), what="the lobby")
    assert host.problem == "" and hosting_of(app.ctx).server.port == port


def test_tables_that_cannot_be_opened_are_one_line_and_the_app_goes_on(app) -> None:
    (app.ctx.data_dir / "online" / hosting.DB_FILE).mkdir(parents=True)  # not a database
    host = host_form(app)
    choose(app, host, "where", "here")
    click(app, host.widget("open").rect.center, 1)
    until(app, lambda: host.problem != "", what="the line")
    assert host.problem.startswith("The server cannot open its tables: ")
    assert "\n" not in host.problem and app.stack.top is host and app.running
    assert not hosting_of(app.ctx).server.running


def test_quitting_while_a_friend_sits_asks_and_says_what_happens(app, friends) -> None:
    lobby = host_here(app, ["human"])
    server = hosting_of(app.ctx).server
    friend = SeatClient(server.url, BLANCO)
    try:
        friends.call(friend.join(lobby.code))
        until(app, lambda: app.stack.top is not lobby, what="the table")
        table = app.stack.top
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 2)
        question = app.stack.top
        assert isinstance(question, QuitQuestion) and app.running
        assert lobby.code in question.question and "waits" in question.question
        click(app, question.widget("no").rect.center, 2)  # Stay
        assert app.stack.top is table and app.running and server.running
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 2)
        assert isinstance(app.stack.top, QuitQuestion)
        assert not click(app, app.stack.top.widget("yes").rect.center, 1)  # Quit: the app stops
        assert not app.running
    finally:
        friends.call(friend.close())


def test_the_titles_quit_asks_too_and_quits_once_answered(app, friends) -> None:
    lobby = host_here(app, ["human"])
    friend = SeatClient(hosting_of(app.ctx).server.url, BLANCO)
    try:
        friends.call(friend.join(lobby.code))
        until(app, lambda: app.stack.top is not lobby, what="the table")
        app.stack.clear_to(app.ctx.nav.make("title"))  # (our seat is held; the friend sits)
        frames(app, 3)
        title = app.stack.top
        click(app, title.widget("quit").rect.center, 2)
        question = app.stack.top
        assert isinstance(question, QuitQuestion) and app.stack.scenes[0] is title
        assert not click(app, question.widget("yes").rect.center, 1)  # Quit
        assert len(app.stack) == 0
    finally:
        friends.call(friend.close())


def test_a_rejoin_whose_port_is_taken_says_so_in_one_line(app, data_dir) -> None:
    from game.catalog import new_app

    lobby = host_here(app, ["human"])
    code, port = lobby.code, hosting_of(app.ctx).server.port
    app.close()  # (the app's server stops with it; the table and our seat are kept)
    with socket.create_server(("0.0.0.0", port)):
        again = new_app()
        try:
            again.stack.push(again.ctx.nav.make("title"))
            frames(again, 3)
            click(again, again.stack.top.widget("online").rect.center, 2)
            menu = again.stack.top
            assert isinstance(menu, OnlineMenuScene) and [s.table for s in menu.held] == [code]
            click(again, menu.widget("rejoin_0").rect.center, 2)
            assert again.stack.top is menu  # nothing to reach: no lobby
            assert again.ctx.message.startswith(f"Port {port}, where this table is served")
            assert "\n" not in again.ctx.message
        finally:
            again.close()


def test_quitting_with_nobody_at_the_table_asks_nothing(app) -> None:
    host_here(app, ["human"])  # the friend never came: only our own seat is there
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app, 1)
    assert not app.running


def test_the_app_closing_stops_its_server_and_frees_the_port(app) -> None:
    host_here(app, ["human"])
    server = hosting_of(app.ctx).server
    port = server.port
    app.close()
    assert not server.running
    with socket.create_server(("0.0.0.0", port)):  # (it would raise were the port still held)
        pass


def test_the_server_listens_on_ipv4_and_ipv6_at_one_port(tmp_path) -> None:
    server = HostedServer(tmp_path / "hosted.sqlite3", [BLANCO])
    assert server.start(0) is None
    try:
        assert server.ready.wait(10) and server.running
        families = [socket.AF_INET] + ([socket.AF_INET6] if socket.has_ipv6 else [])
        for family, address in zip(families, ("127.0.0.1", "::1"), strict=False):
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                probe.settimeout(5)
                try:
                    probe.connect((address, server.port))
                except OSError as err:
                    if family == socket.AF_INET6:
                        continue  # (IPv6 off on this machine)
                    raise AssertionError(err) from None
    finally:
        server.stop()
    assert not server.running


# -- the app killed mid-game ---------------------------------------------------------------------
DRIVER = """
import sys, time
sys.path.insert(0, {root!r})
import pygame
from game.catalog import new_app
from tests.test_online_hosting import choose, host_here
from tests.test_online_ui import our_moves, until
from tests.ui_helpers import click, frames, press
from tests.support import online_kit_table
from game.blanco.ui.table.kit import BlancoKit
from tests.ui_helpers import draw_frames_when_seen


class Patched:  # (for good: the process ends with the script)
    setattr = staticmethod(setattr)


# Frames drawn only when something could see them, as in the tests' own process (conftest.py):
# a child app waiting for its friend drew every frame it ran.
draw_frames_when_seen(Patched())
app = new_app()
app.ctx.settings.animation_speed = 8.0
if sys.argv[1] == "host":
    lobby = host_here(app, ["human"])
    print("TABLE", lobby.code, lobby.link.url, flush=True)
    until(app, lambda: app.stack.top is not lobby, limit=60, what="the table")
else:
    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 3)
    click(app, app.stack.top.widget("online").rect.center, 2)
    menu = app.stack.top
    click(app, menu.widget("rejoin_0").rect.center, 2)
    until(app, lambda: online_kit_table(app.stack.top, BlancoKit), limit=60)
table = app.stack.top
until(app, lambda: table.session.state is not None, what="the state")
print("AT", table.session.version, flush=True)
for _ in range(int(sys.argv[2])):
    if our_moves(app, table, 1) != 1:
        break
    until(app, lambda: table.session.pending is None, what="the ack")
    print("ACKED", table.session.version, flush=True)
print("DONE", flush=True)
until(app, lambda: False, limit=float(sys.argv[3])) if float(sys.argv[3]) else None
"""


class Driven:
    """The app as a child process, scripted by `script` (DRIVER here); its lines read as
    they come."""

    script = DRIVER
    script_name = "driver.py"

    def __init__(self, tmp: Path, data: Path, *args: str) -> None:
        script = tmp / self.script_name
        script.write_text(self.script.format(root=str(ROOT)))
        env = {
            **os.environ,
            "SMLB_DATA_DIR": str(data),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "SMLB_NO_FIRST_TIME": "1",
            "SMLB_LANG": "en",
            "PYTHONUNBUFFERED": "1",
        }
        # Its errors go to a file, shown when it ends too soon (a pipe left unread could fill).
        self.errors = tmp / f"{args[0]}.stderr"
        with self.errors.open("w") as errors:
            self.proc = subprocess.Popen(
                [sys.executable, str(script), *args],
                env=env,
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
            )
        self.lines: list[str] = []

    def line(self, start: str, limit: float = 90) -> list[str]:
        """The next line starting with `start`, split (others before it are kept)."""
        assert self.proc.stdout is not None
        end = time.monotonic() + limit
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                code = self.proc.wait(10)
                raise AssertionError(
                    f"the app ended (exit {code}) before {start!r}: {self.lines[-5:]}; "
                    f"it said: {self.first_error()}"
                )
            self.lines.append(line.strip())
            if line.startswith(start):
                return line.split()
        raise AssertionError(f"no {start!r} within {limit} s")

    def first_error(self) -> str:
        """Its first traceback or fatal error (with the crashed thread's stack), as lines."""
        said = self.errors.read_text(errors="replace").splitlines()
        starts = [i for i, t in enumerate(said) if t.startswith(("Traceback", "Fatal Python"))]
        return "\n".join(said[starts[0] if starts else -8 :][:40])

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def stored_actions(db: Path, code: str) -> list[tuple[int, int, str]]:
    """The table's stored actions as the killed server left them: (version, seat, action id)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        rows = conn.execute(
            "SELECT version, seat, action_id FROM actions WHERE code = ? ORDER BY n", (code,)
        )
        return [tuple(row) for row in rows]


def test_the_hosting_app_killed_mid_game_serves_again_on_rejoin(tmp_path, friends) -> None:
    data = tmp_path / "data"
    data.mkdir()
    host = Driven(tmp_path, data, "host", "4", "60")
    friend: SeatClient | None = None
    again: Driven | None = None
    try:
        _, code, url = host.line("TABLE")
        friend = SeatClient(url, BLANCO, max_backoff=0.3)
        assert friends.call(friend.join(code)) == 1
        bot = BLANCO.bots.make_bot("easy", 5, 1)
        playing = friends.spawn(friend.play(bot.choose, pace=0.05))
        acked = [int(host.line("ACKED")[1]) for _ in range(2)]  # two of the host's moves
        end = time.monotonic() + 60
        while len(friend.acks) < 2:  # and two of the friend's
            assert time.monotonic() < end and not playing.done(), "the friend did not play"
            time.sleep(0.02)
        host.kill()  # SIGKILL: the app and its server, at once, whatever they were doing
        friend_acked = [(a.id, a.version) for a in list(friend.acks)]
        # Nothing acknowledged is lost: every move acknowledged before the kill is stored.
        stored = stored_actions(data / "online" / hosting.DB_FILE, code)
        ids = {action_id for _, _, action_id in stored}
        assert {i for i, _ in friend_acked} <= ids
        assert max(v for _, v in friend_acked) <= len(stored) and max(acked) <= len(stored)
        at_kill = len(stored)
        # The app again: Rejoin starts its server on the same port; the game goes on.
        again = Driven(tmp_path, data, "rejoin", "2", "0")
        at = int(again.line("AT")[1])
        assert at >= at_kill
        after = [int(again.line("ACKED")[1]) for _ in range(2)]
        assert after[-1] > at_kill
        end = time.monotonic() + 30
        while friend.reconnects < 1 or friend.acks[-1].version <= at_kill:
            assert time.monotonic() < end, "the friend's game did not go on"
            assert not playing.done() or playing.exception() is None
            time.sleep(0.02)
        again.line("DONE")
        assert again.proc.wait(30) == 0
    finally:
        host.kill()
        if again is not None:
            again.kill()
        if friend is not None:
            with contextlib.suppress(Exception):
                friends.call(friend.close(), 5)


def test_the_port_setting_is_kept_and_a_bad_one_ignored(data_dir) -> None:
    from game.core.ui.settings import Settings, save_settings

    assert Settings().host_port == 0
    assert save_settings(Settings(host_port=40123), data_dir) is None
    assert load_settings(data_dir)[0].host_port == 40123
    path = data_dir / "settings.json"
    for bad in (70000, -1, "8765", True):
        path.write_text(json.dumps({"version": 2, "host_port": bad}))
        settings, warning = load_settings(data_dir)
        assert settings.host_port == 0 and warning is not None and "host_port" in warning


def test_the_hosting_bench_prints_its_figures_beside_their_targets() -> None:
    from tests.test_bench_smoke import figure, run_bench

    out = run_bench("hosting.py", "--runs", "1", "--seconds", "0.25")
    for name in ("hosting_bind_ms", "hosting_serving_ms", "hosting_stop_ms"):
        value, rest = figure(out, name)
        assert value > 0 and "target <=" in rest
    percent, rest = figure(out, "idle_cpu_lobby_hosting")
    assert 0 <= percent < 200 and "target <= 5%" in rest


def test_a_seat_whose_client_never_answers_is_stored_as_left_when_the_server_stops(
    tmp_path, friends, caplog
) -> None:
    """The app's own server stops while a friend's client has gone silent (it never answers
    the close): the server cuts it, and its seat's leaving is stored before the database
    closes (never a write to a closed database), so the hold counts from then on a restart."""
    from tests.test_online_slow_clients import RawClient

    path = tmp_path / "hosted.sqlite3"
    server = HostedServer(path, [BLANCO])
    assert server.start(0) is None
    assert server.ready.wait(10) and server.running
    url = f"ws://127.0.0.1:{server.port}"

    async def sit_silently() -> tuple[RawClient, str]:
        host = await RawClient.connect(url)
        await host.send(p.Open("blanco", [p.SeatSpec("Host"), p.SeatSpec("Bo")], hold=300, sit=0))
        opened = await host.receive()
        assert isinstance(opened, p.Opened), opened
        return host, opened.table

    silent, code = friends.call(sit_silently())
    try:
        with caplog.at_level("WARNING"):
            server.stop()
        assert not server.running
    finally:
        silent.close()
    with sqlite3.connect(path) as db:
        (left_at,) = db.execute(
            "SELECT left_at FROM seats WHERE code = ? AND seat = 0", (code,)
        ).fetchone()
    assert left_at is not None, "the silent host's leaving was not stored"
    assert "closed database" not in caplog.text
