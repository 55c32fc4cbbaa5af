"""Play online in the app: the online scenes driven by posted pygame events against a real
server on 127.0.0.1 (port 0) running in a thread of its own, as a friend's server would."""

from __future__ import annotations

import asyncio
import re
import ssl
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.table.kit import BlancoKit
from game.catalog import games
from game.core import i18n
from game.core.storage import list_records
from game.core.ui.screens.replays import kind_line
from game.online import protocol as p
from game.online.client import OPEN_TIMEOUT, SeatClient
from game.online.names import rematch_code
from game.online.server import bound_port, start
from game.online.stopping import end_the_other_tasks
from game.online.store import SqliteStore
from game.online.ui import seats_file
from game.online.ui.host import HostScene
from game.online.ui.lobby import LobbyScene
from game.online.ui.menu import JoinScene, OnlineMenuScene
from game.online.ui.net import share_link, split_link
from game.online.ui.table import OnlineHost
from game.online.ui.turn_probe import TableProbe
from tests.support import online_kit_table
from tests.test_blanco_ui import click_action
from tests.test_online_helpers import LoopThread
from tests.ui_helpers import click, frames, press, seen, tap, tap_key, type_text, wait

CODE = re.compile(r"^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$")


class ServerThread:
    """A real server on a loop in a thread of its own (the app's frame loop is this thread's):
    `url`, `table(code)`, and `call(coro)` / `spawn(coro)` to run a client beside it. It plays
    `served` (the catalog's games unless told), as the command line hands them; with `tls`,
    over wss://. Its tests may choose their deals' seeds (`chosen_seeds`), unless told not to."""

    def __init__(
        self,
        db: Path,
        served: list[Any] | None = None,
        tls: ssl.SSLContext | None = None,
        chosen_seeds: bool = True,
    ) -> None:
        self.served = games() if served is None else served
        self.running = LoopThread()
        self.call, self.spawn = self.running.call, self.running.spawn
        self.store = SqliteStore(db)
        self.listening, self.server = self.call(
            start("127.0.0.1", 0, self.store, self.served, tls=tls, chosen_seeds=chosen_seeds), 10
        )
        scheme = "ws" if tls is None else "wss"
        self.url = f"{scheme}://127.0.0.1:{bound_port(self.listening)}"

    def table(self, code: str) -> Any:
        return self.server.hub.tables[code]

    def close(self) -> None:
        async def ending() -> None:
            self.listening.close()
            await self.listening.wait_closed()
            # (a connection accepted as the server closed is not waited for: the app's link
            # coming back at its backoff's pace) The database closes after every handler.
            await end_the_other_tasks()
            self.store.close()

        self.running.close(ending)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def until(app: Any, done: Any, limit: float = 30.0, what: str = "") -> None:
    """Run frames (the network answers in its own thread) until `done()`, or fail; the last
    is drawn, as after frames()."""
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"waited too long for {what or done}")
        wait(app)
        time.sleep(0.005)
    seen(app)


def click_for_lobby(app: Any, pos: tuple[int, int]) -> LobbyScene:
    """Click what puts the lobby up (Open, Join, Watch) and run that frame: the lobby the
    click pushed, up now or already handed on to the table (with every seat taken it gives way
    as soon as the server answers, which on a busy machine may be within that same frame)."""
    pushed: list[Any] = []
    push = app.ctx.nav.push

    def noted(route: str, /, **kwargs: Any) -> Any:
        pushed.append(push(route, **kwargs))
        return pushed[-1]

    app.ctx.nav.push = noted
    try:
        click(app, pos, 1)
    finally:
        del app.ctx.nav.push
    assert len(pushed) == 1, pushed
    lobby = pushed[0]
    assert isinstance(lobby, LobbyScene)
    assert app.stack.top is lobby or lobby.handed_on
    return lobby


def choose(app: Any, scene: Any, widget: str, value: str) -> None:
    """Click `value`'s segment of the scene's choice `widget` (a game, a seat's level)."""
    choice = scene.widget(widget)
    click(app, choice.segment([v for v, _ in choice.options].index(value)).center)
    assert choice.value == value


def host_lucky_box_against_easy(app: Any, url: str) -> Any:
    """Play online, Host a table: Lucky Box, seat 2 an Easy computer, Open; the online table
    once it is up (checked to be the core table around Lucky Box's kit, hosted online)."""
    from game.luckybox.ui.table.kit import is_lucky_box_table
    from game.online.ui.table import OnlineHost

    menu = open_menu(app, url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    choose(app, host, "game", "luckybox")
    choose(app, host, "seat_1", "easy")
    lobby = click_for_lobby(app, host.widget("open").rect.center)
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    assert is_lucky_box_table(table) and isinstance(table.host, OnlineHost)
    return table


def open_menu(app: Any, url: str) -> OnlineMenuScene:
    """Title, then "Play online"; the server field typed in (cleared first, as a person does)."""
    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 3)
    title = app.stack.top
    assert title.widget("online").visible
    click(app, title.widget("online").rect.center, 2)
    menu = app.stack.top
    assert isinstance(menu, OnlineMenuScene)
    if menu.widget("other_server").visible:  # the address is under "Other server"...
        click(app, menu.widget("other_server").rect.center)  # (opened: its text selected)
    else:
        click(app, menu.widget("server").rect.center)
    press(app, pygame.K_BACKSPACE)
    type_text(app, url)
    assert menu.server.text == url
    return menu


def host_table(app: Any, url: str, seats: list[str], before_open: Any = None) -> LobbyScene:
    """Host a Blanco table: seat 1 is us, then each of `seats` ("human" or a level);
    `before_open()` is called with the form filled in."""
    menu = open_menu(app, url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    game = host.widget("game")
    click(app, game.segment([v for v, _ in game.options].index("blanco")).center)
    players = host.widget("players")
    click(app, players.segment([v for v, _ in players.options].index(str(len(seats) + 1))).center)
    for i, kind in enumerate(seats, start=1):
        choice = host.widget(f"seat_{i}")
        click(app, choice.segment([v for v, _ in choice.options].index(kind)).center)
    if before_open is not None:
        before_open()
    return click_for_lobby(app, host.widget("open").rect.center)


def table_with_a_friend(app: Any, server: ServerThread) -> tuple[LobbyScene, SeatClient, Any]:
    """A Blanco table we host with one friend's seat, the friend (a protocol client) joined
    and the table open: (the lobby, the friend, the table)."""
    lobby = host_table(app, server.url, ["human"])
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    friend = SeatClient(server.url, BLANCO)
    assert server.call(friend.join(lobby.code)) == 1
    until(app, lambda: app.stack.top is not lobby, what="the table")
    return lobby, friend, app.stack.top


def test_the_host_names_the_friends_they_invite(app, server) -> None:
    def name_them() -> None:
        host = app.stack.top
        assert isinstance(host, HostScene)
        # A name field beside each friend's seat, none beside a computer's.
        assert host.widget("friend_1").visible and not host.widget("friend_2").visible
        # ... within the form's width (the server field's), clear of the seat's choice.
        field, form = host.widget("friend_1").rect, host.widget("server").rect
        assert form.left <= field.left and field.right <= form.right
        assert not field.colliderect(host.widget("seat_1").rect)
        click(app, host.widget("friend_1").rect.center)
        type_text(app, "Bob")
        frames(app, 1)

    lobby = host_table(app, server.url, ["human", "normal"], name_them)
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    assert [s.name for s in lobby.seats] == ["Host", "Bob", "Computer 3"]
    assert lobby.seat_line(2, lobby.seats[2])[0] == "computer (normal)"  # as tables write it
    assert server.table(lobby.code).state.players[1].name == "Bob"


def test_host_offers_the_game_chosen_on_the_title_and_the_name_set_up_last(app) -> None:
    from game.core.names import remember_seats

    remember_seats(app.ctx.data_dir, "blanco", [("Ann", "human"), ("Bob", "hard")])
    remember_seats(app.ctx.data_dir, "luckybox", [("Player 1", "human")])  # no one's name
    for game, name in (("blanco", "Ann"), ("luckybox", "Host")):
        app.stack.clear_to(app.ctx.nav.make("title"))
        frames(app, 3)
        title = app.stack.top
        click(app, title.widget(f"game_{game}").rect.center, 2)
        click(app, title.widget("online").rect.center, 2)
        menu = app.stack.top
        assert isinstance(menu, OnlineMenuScene)
        click(app, menu.widget("host").rect.center, 2)
        host = app.stack.top
        assert isinstance(host, HostScene)
        assert host.widget("game").value == game and host.game.id == game
        assert host.name.text == name


def our_moves(app: Any, table: Any, count: int | None) -> int:
    """Play our seat by clicks (a bot on our view says what a person would choose), waiting
    for the server between moves; `count` moves, or to the end (None). The moves made. The
    loop reads only the game's state between its clicks, so its frames are drawn as each
    click is handled (`tap`, `tap_key`: see tests/ui_helpers.py), not once more after."""
    bot = BLANCO.bots.make_bot("normal", 3, table.session.seat)
    made = 0
    end = time.monotonic() + 120
    while app.stack.top is table and (count is None or made < count):
        assert time.monotonic() < end, "the game did not move on"
        if table.human_turn():
            if not table.animator.busy:  # our cards as shown are our view's: all we know
                seat = table.session.seat
                assert table.seen.key()[0][seat] == table.state.players[seat].key()
            version = table.session.version
            click_action(app, table, bot.choose(table.state, table.session.seat), click=tap)
            while table.session.version == version:  # the server's answer
                assert time.monotonic() < end, "the server never answered"
                wait(app)
                time.sleep(0.005)
            made += 1
        elif table.animator.busy:
            tap_key(app, pygame.K_SPACE)
        else:
            wait(app)
            time.sleep(0.002)
    seen(app)
    return made


def test_host_with_a_computer_plays_to_the_end(app, server) -> None:
    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["normal"])
    until(app, lambda: lobby.code != "", what="the table's code")
    assert CODE.match(lobby.code)
    assert lobby.code in server.call(_codes(server))
    # No seat waits for a friend: the table opens by itself.
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    assert online_kit_table(table, BlancoKit)
    held = seats_file.load(app.ctx.data_dir)
    assert [(s.table, s.seat, s.game) for s in held] == [(lobby.code, 0, "blanco")]
    assert held[0].host_token
    made = our_moves(app, table, None)
    assert made > 5
    assert isinstance(app.stack.top, GameEndScene)
    server_state = server.table(lobby.code).state
    assert server_state.is_terminal()
    # What this screen showed is what the server played (our view of it, at its end).
    assert table.state.winner == server_state.winner
    assert [p.hand for p in table.state.players][table.session.seat] == (
        server_state.players[table.session.seat].hand
    )
    assert seats_file.load(app.ctx.data_dir) == []  # a finished table is no longer held
    # The game is kept for Replays and Statistics, as one played here: the server's whole
    # record (its seed, every card), with who was a computer and the result.
    folder = app.ctx.game_dir("blanco")
    until(app, lambda: any((folder / "records").glob("*.json")), what="the kept record")
    infos, problems = list_records(folder, games())
    assert problems == [] and len(infos) == 1
    kept = infos[0]
    assert kept.finished and kept.kinds == ["human", "normal"]
    assert kept.seed == server.table(lobby.code).row.seed
    assert kept.record["online"]["table"] == lobby.code
    assert kind_line(kept) == "2 players · online"
    assert kept.record["actions"] == server.table(lobby.code).record()["actions"]
    # The end page watches for a rematch while it is up, and stops as it is left.
    end = app.stack.top
    probe = end.on_exit.__self__
    assert probe.thread.is_alive()
    click(app, end.widget("title").rect.center)  # Play online
    assert type(app.stack.top).__name__ == "OnlineMenuScene"
    probe.thread.join(10)
    assert not probe.thread.is_alive()


def test_rematch_at_the_end_joins_the_friend_there_at_a_new_deal(app, server, monkeypatch) -> None:
    """The end offers Rematch (and Play online). The friend asks first: our end screen says
    so (its probe of the rematch's code, a watch every few seconds) and its button joins them
    there: the same seats at a new deal, our seat and host token kept."""
    monkeypatch.setattr(TableProbe, "EVERY", 0.2)
    app.ctx.settings.animation_speed = 8.0
    lobby, friend, table = table_with_a_friend(app, server)
    old = lobby.code
    server.spawn(friend.play(BLANCO.bots.make_bot("easy", 6, 1).choose))
    our_moves(app, table, None)
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    assert end.widget("again").label == "Rematch" and end.widget("title").label == "Play online"
    secret = server.table(old).row.host_hash
    assert server.call(friend.rematch()) == rematch_code(old, secret)
    until(app, lambda: "at the rematch" in app.ctx.message, what="the line about the friend")
    assert app.ctx.message == "Player 2 is waiting at the rematch."
    assert end.widget("again").label == "Join the rematch"
    click(app, end.widget("again").rect.center, 2)
    until(app, lambda: online_kit_table(app.stack.top, BlancoKit), what="the rematch")
    again = app.stack.top
    assert again is not table and again.session.table == friend.table == rematch_code(old, secret)
    assert again.session.seat == 0 and not again.state.is_terminal()
    assert not again.session.is_away(1)
    assert server.table(again.session.table).row.seed != server.table(old).row.seed
    held = seats_file.load(app.ctx.data_dir)
    assert [(s.table, s.seat) for s in held] == [(again.session.table, 0)]
    assert held[0].host_token == lobby.host_token  # still the host there
    server.call(friend.close())


def test_the_card_we_looked_at_shows_to_us_with_the_memory_aid(app, server) -> None:
    """Online our screen starts from our view (hidden cards read 0): the card we look at must
    come from the event that shows it to us, as the server's view of our seat has it."""
    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["normal"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    seat = table.session.seat
    until(app, table.human_turn, what="our set-up")
    setup = next(a for a in table.state.legal_actions(seat) if a.look != a.reveal)
    version = table.session.version
    click_action(app, table, setup)
    until(app, lambda: table.session.version != version, what="the server's answer")
    until(app, lambda: not table.animator.busy, what="the set-up shown")
    (r, c) = setup.look
    looked = server.table(lobby.code).state.players[seat].grid[r][c]
    assert looked != 0 and table.state.players[seat].grid[r][c] == looked
    assert table.seen.key()[0][seat] == table.state.players[seat].key()
    assert table.kit.memory_aid and table.kit.cell_face(seat, setup.look) == (looked, True)
    table.kit.toggle_memory_aid()
    assert table.kit.cell_face(seat, setup.look) == (0, False)


async def _codes(server: ServerThread) -> list[str]:
    assert server.server is not None
    return list(server.server.hub.tables)


def test_a_friend_joins_by_code_and_both_play(app, server) -> None:
    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["human"])
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    assert lobby.seats[1].free
    assert lobby.seat_line(1, lobby.seats[1])[0] == "waiting for a friend..."
    frames(app, 1)
    assert app.stack.top is lobby  # a friend's seat is free: the lobby waits
    friend = SeatClient(server.url, BLANCO)
    assert server.call(friend.join(lobby.code)) == 1
    # The lobby hears the seat filled (a `seats` message), then opens the table.
    until(app, lambda: app.stack.top is not lobby, what="the table after the friend joined")
    table = app.stack.top
    assert table.session.seats[1].name == "Player 2"
    friend_bot = BLANCO.bots.make_bot("easy", 4, 1)
    playing = server.spawn(friend.play(friend_bot.choose))
    try:
        start = table.session.version
        assert our_moves(app, table, 4) == 4
        # Both seats moved: more steps stand than ours alone.
        assert table.session.version >= start + 4
        assert server.table(lobby.code).version == table.session.version
        assert any(a.player == 1 for a in server.table(lobby.code).state.actions)
    finally:
        playing.cancel()
        server.call(friend.close())


def test_a_friend_joins_under_their_own_name_and_it_is_offered_next_time(app, server) -> None:
    host = SeatClient(server.url, BLANCO)
    code = server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Player 2")], seed=4, sit=0))
    menu = open_menu(app, server.url)
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    assert join.widget("name").text == ""  # nobody has set up a game or gone online here yet
    click(app, join.widget("code").rect.center)
    press(app, pygame.K_RETURN)  # Enter with no code yet: said in one line, nothing sent
    assert join.problem == "Type the table's code first." and app.stack.top is join
    # The link a friend sent, pasted (Ctrl+V) as a person pastes it from a chat.
    pygame.scrap.put_text(share_link(server.url, code) + "\n")
    click(app, join.widget("code").rect.center)
    press(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert join.widget("code").text == code  # its server went to the Server field
    assert join.widget("server").text == server.url
    click(app, join.widget("name").rect.center)
    type_text(app, "Zoé")
    press(app, pygame.K_RETURN, 2)  # Enter in the last field joins: no second Enter, no click
    until(app, lambda: hasattr(app.stack.top, "session"), what="the table")
    table = app.stack.top
    assert [seat.name for seat in table.session.seats] == ["Ann", "Zoé"]
    assert list(table.state.names) == ["Ann", "Zoé"]  # the view's names: what the table shows
    assert [pl.name for pl in server.table(code).state.players] == ["Ann", "Zoé"]

    async def host_hears() -> list[str]:
        while list(host.view().names) != ["Ann", "Zoé"]:
            await host.receive()
        await host.close()
        return [s.name for s in host.seats]

    assert server.call(host_hears()) == ["Ann", "Zoé"]
    # Next time, joining or hosting, the app offers the name given last.
    assert JoinScene(app.ctx, server.url).widget("name").text == "Zoé"
    assert HostScene(app.ctx, server.url).widget("name").text == "Zoé"


def test_a_lobby_waiting_for_friends_rests_and_draws_when_one_comes(app, server) -> None:
    from tests.test_idle import SECOND, drawn_in, settle

    lobby = host_table(app, server.url, ["human", "human"])
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    settle(app)
    assert app.stack.top is lobby and drawn_in(app, SECOND) == 0  # waiting costs nothing
    friend = SeatClient(server.url, BLANCO)
    try:
        assert server.call(friend.join(lobby.code)) == 1
        end = time.monotonic() + 10
        while not drawn_in(app, 1):  # the news comes in its own time, and is drawn
            assert time.monotonic() < end, "the friend's arrival was never drawn"
            time.sleep(0.005)
        assert not lobby.seats[1].free and lobby.seats[2].free
        assert app.stack.top is lobby and drawn_in(app, SECOND) == 0
        # The link for the last friend, copied to paste into a message.
        click(app, lobby.widget("copy").rect.center, 2)
        assert pygame.scrap.get_text() == share_link(server.url, lobby.code)
        assert app.ctx.message.startswith("Link copied")
    finally:
        server.call(friend.close())


def test_rejoin_after_closing_the_app(app, server, data_dir) -> None:
    from game.catalog import new_app

    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["easy"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    our_moves(app, table, 3)
    code = lobby.code
    until(app, lambda: not table.animator.busy and table.session.pending is None)
    version = server.table(code).version
    app.stack.clear()  # the app closes (every scene's exit: the line drops)
    pygame.quit()
    until_server(lambda: not server.table(code).seat_infos()[0].connected)

    again = new_app()
    again.ctx.settings.animation_speed = 8.0
    menu = open_menu(again, server.url)
    assert [s.table for s in menu.held] == [code]
    # The menu asks the server (watching once) whether the table waits for our seat.
    until(again, lambda: (server.url, code) in menu.your_turn, what="your turn")
    click(again, menu.widget("rejoin_0").rect.center, 2)
    until(again, lambda: online_kit_table(again.stack.top, BlancoKit), what="rejoined")
    rejoined = again.stack.top
    # The computer may have moved after we left: the table stands where the server's does.
    assert rejoined.session.version == server.table(code).version >= version
    assert server.table(code).seat_infos()[0].connected
    before = server.table(code).version
    assert our_moves(again, rejoined, 1) == 1
    assert server.table(code).version > before
    again.close()  # (the fixture closes only the first app)
    assert rejoined.host.link.closed


def until_server(done: Any, limit: float = 10.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end
        time.sleep(0.01)


def test_join_reads_a_share_link_and_says_a_wrong_code_in_one_line(app, server) -> None:
    link = share_link(server.url, "ZZZ-ZZZ")
    assert split_link(link) == (server.url, "ZZZ-ZZZ")
    assert split_link("smlb://example.org:8765/#kq7-4xm") == ("ws://example.org:8765", "kq7-4xm")
    assert split_link(" KQ7-4XM ") == (None, "KQ7-4XM")
    menu = open_menu(app, "ws://127.0.0.1:1")  # the link below brings its own server
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    click(app, join.widget("code").rect.center)
    type_text(app, link)
    assert join.server.text == server.url  # shown as soon as the link is in, before Join
    assert join.code.text == "ZZZ-ZZZ"  # and the code field keeps the code
    click(app, join.widget("go").rect.center, 2)
    assert join.server.text == server.url
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.problem != "", what="the refusal")
    assert lobby.problem == "There is no table with that code."
    assert not lobby.widget("table").enabled


def test_an_unreachable_server_is_one_translated_line(app) -> None:
    from game.core import i18n

    menu = open_menu(app, "ws://127.0.0.1:9")  # nothing listens on the discard port
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    click(app, join.widget("code").rect.center)
    type_text(app, "KQ7-4XM")
    try:
        i18n.set_language("fr")
        click(app, join.widget("go").rect.center, 2)
        lobby = app.stack.top
        until(app, lambda: lobby.problem != "", what="the failure")
        assert lobby.problem == "Le serveur est injoignable\u00a0: vérifie son adresse."
    finally:
        i18n.set_language("en")


def test_a_silent_server_never_holds_a_frame(app) -> None:
    """The link works in its own thread: a server that takes the connection and never
    answers leaves every frame quick, the lobby saying it is connecting."""
    import socket

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    try:
        url = f"ws://127.0.0.1:{silent.getsockname()[1]}"
        menu = open_menu(app, url)
        click(app, menu.widget("join").rect.center, 2)
        join = app.stack.top
        click(app, join.widget("code").rect.center)
        type_text(app, "KQ7-4XM")
        began = time.perf_counter()
        click(app, join.widget("go").rect.center, 1)
        slowest = time.perf_counter() - began
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        for _ in range(40):
            began = time.perf_counter()
            frames(app, 1)
            slowest = max(slowest, time.perf_counter() - began)
            time.sleep(0.01)
        # A frame that waited on the link would wait for its handshake's whole timeout; the
        # bound is far from both that and a frame on a busy machine (not a speed check).
        assert slowest < OPEN_TIMEOUT / 5
        assert app.stack.top is lobby and not lobby.ready and lobby.problem == ""
    finally:
        silent.close()


def luckybox_moves(app: Any, table: Any, rng: Any, limit: float = 150.0) -> int:
    """Play Lucky Box's seat by clicks to the end: drafts, crosses (Lightning via Spend),
    bonuses, passes, round ends; each move waits for the server. The moves made. Its frames
    are drawn as each click is handled (`tap`, `tap_key`), not once more after (as our_moves)."""
    from game.luckybox.ui.scenes.draft import DraftScene
    from game.luckybox.ui.scenes.gameend import GameEndScene as LuckyEnd
    from game.luckybox.ui.scenes.roundend import RoundEndScene

    made = 0
    end = time.monotonic() + limit
    while not isinstance(app.stack.top, LuckyEnd):
        assert time.monotonic() < end, "the game did not end"
        top = app.stack.top
        version = table.session.version
        if isinstance(top, DraftScene):
            for card in rng.sample(top.hand, top.need):
                tap(app, top.card_center(card))
            tap(app, top.widget("confirm").rect.center, 2)
        elif isinstance(top, RoundEndScene):
            wait(app, 5)
            tap(app, top.widget("continue").rect.center, 2)
            continue
        elif top is table and table.human_turn():
            action = rng.choice(table.state.legal_actions(table.focus))
            click_luckybox_action(app, table, action)
        elif top is table and table.animator.busy:
            tap_key(app, pygame.K_SPACE)
            continue
        else:
            wait(app)
            time.sleep(0.002)
            continue
        while table.session.version == version:  # the server's answer
            assert time.monotonic() < end, "the server never answered"
            wait(app)
            time.sleep(0.005)
        made += 1
    seen(app)
    return made


def test_lucky_box_online_to_the_end(app, server) -> None:
    import random

    app.ctx.settings.animation_speed = 8.0
    table = host_lucky_box_against_easy(app, server.url)
    assert table.controls.for_people()  # Pass, Spend, Hint are there for the person
    # Esc while keeping cards opens the table's own menu (its seats, the link, phrases), as
    # at the table, not the pause menu of a game played here.
    from game.luckybox.ui.scenes.draft import DraftScene
    from game.online.ui.seats import TableSeatsScene

    until(app, lambda: isinstance(app.stack.top, DraftScene), what="the draft")
    draft = app.stack.top
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableSeatsScene) and app.stack.top.table is table.host
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is draft
    made = luckybox_moves(app, table, random.Random(2))
    assert made > 10
    server_state = server.table(table.session.table).state
    assert server_state.is_terminal()
    shown = [(p.card_points, p.star_points) for p in table.state.players]
    assert shown == [(p.card_points, p.star_points) for p in server_state.players]


class RecordingLink:
    """A link that only records what would be sent (the session's own logic under test)."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def act(self, action: Any) -> None:
        self.sent.append(action)


def test_a_choice_refused_as_stale_is_sent_again_on_the_fresh_view() -> None:
    """Lucky Box's seats choose at once: when another seat's move came first, the server
    refuses ours as stale; the same choice goes again if the fresh view still allows it."""
    from game.luckybox.entry import LUCKYBOX
    from game.online.codec import view_json, wire_of
    from game.online.protocol import Refused, SeatInfo, State
    from game.online.ui.session import OnlineSession

    state, _ = LUCKYBOX.rules.new_game(["Ann", "Bot"], 7)
    while not state.waiting_for():
        state.advance()
    infos = [
        SeatInfo("Ann", "human", None, False, True),
        SeatInfo("Bot", "computer", "easy", False, False),
    ]

    def message(events: list[Any]) -> State:
        view = view_json(wire_of(LUCKYBOX), state.view_for(0))
        return State(
            "ABC-DEF",
            "luckybox",
            0,
            len(state.actions),
            view,
            events,
            list(state.waiting_for()),
            state.is_terminal(),
            infos,
        )

    link = RecordingLink()
    session = OnlineSession(link, LUCKYBOX, message([]))
    ours = session.state.legal_actions(0)[0]
    assert session.apply(ours).ok and link.sent == [ours]
    assert session.next_seat() == 0 and session.pending is not None
    theirs = state.legal_actions(1)[0]  # the computer's choice reached the server first
    outcome = state.apply(theirs)
    session.receive(Refused("x", "stale", "the table moved on", len(state.actions)))
    session.receive(message([]))
    assert link.sent == [ours, ours]
    assert session.pending == len(state.actions)
    assert outcome.ok


class QuietLink:
    """A link that brings nothing (the table's own wording under test)."""

    url = "ws://127.0.0.1:9"

    def poll(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def test_a_friend_not_yet_come_is_waited_for_not_said_to_have_left(app) -> None:
    """At a rematch the friend's seat is theirs before they come: the table waits for them to
    come; once seen here and gone, it says they left."""
    from game.online.codec import view_json, wire_of
    from game.online.protocol import SeatInfo, Seats, State
    from game.online.ui.net import Note
    from game.online.ui.session import OnlineSession
    from game.online.ui.table import start_table

    state, _ = BLANCO.rules.new_game(["Ann", "Bob"], 3)
    away, here = (SeatInfo("Bob", "human", None, False, c) for c in (False, True))
    ann = SeatInfo("Ann", "human", None, False, True)
    first = State(
        "ABC-DEF",
        "blanco",
        0,
        0,
        view_json(wire_of(BLANCO), state.view_for(0)),
        [],
        [0],
        False,
        [ann, away],
    )
    table = start_table(app.ctx, OnlineSession(QuietLink(), BLANCO, first), QuietLink())
    assert table.waiting_words(1) == (
        "Waiting for Bob to come to the table (their seat is kept for them)."
    )
    table.host.take_note(Note("message", Seats("ABC-DEF", [ann, here])))
    assert table.waiting_words(1) is None and table.message == "Bob came to the table."
    table.host.take_note(Note("message", Seats("ABC-DEF", [ann, away])))
    assert table.waiting_words(1) == (
        "Waiting for Bob, who left the table (their seat is held for them)."
    )
    table.host.take_note(Note("message", Seats("ABC-DEF", [ann, here])))
    assert table.message == "Bob is back at the table."


def test_a_seat_nobody_took_says_how_a_friend_takes_it(app, server) -> None:
    """The host goes to the table before the friend comes: the free seat is not said to be
    playing; the table says it is free and the code that takes it, until a friend does."""
    lobby = host_table(app, server.url, ["human"])
    until(app, lambda: lobby.widget("table").enabled, what="the lobby")
    click(app, lobby.widget("table").rect.center, 2)
    table = app.stack.top
    assert isinstance(table.host, OnlineHost), table
    free = f"Seat 2 is free: a friend joins with the code {lobby.code} (Esc: the link)."
    assert table.waiting_words(1) == free
    assert table.panel_name(1).endswith("(free seat)")
    # Our own moves first (the set-up), then the turn passes to the free seat: the line says so.
    for _ in range(10):
        if not table.human_turn():
            break
        our_moves(app, table, 1)
    until(app, lambda: table.acting == 1 and table.kit.turn_line() == free, what="the line")
    friend = SeatClient(server.url, BLANCO)
    try:
        assert server.call(friend.join(lobby.code)) == 1
        until(app, lambda: table.waiting_words(1) is None, what="the friend at the seat")
        assert not table.panel_name(1).endswith("(free seat)")
    finally:
        server.call(friend.close())


def test_a_still_online_table_draws_nothing_until_news_comes(app, server) -> None:
    """Waiting for a friend's move costs no frames: the table draws again when the link
    brings the move (tests/test_idle.py counts frames the same way)."""
    from tests.test_idle import drawn_in, settle

    app.ctx.settings.animation_speed = 8.0
    lobby, friend, table = table_with_a_friend(app, server)
    if table.session.state.waiting_for() != [1]:
        assert our_moves(app, table, 1) == 1
    until(app, lambda: 1 in table.session.state.waiting_for() and not table.animator.busy)
    settle(app)
    assert drawn_in(app, 60) == 0  # the friend thinks: a still second, not one frame
    friend_bot = BLANCO.bots.make_bot("easy", 4, 1)
    version = table.session.version

    async def one_move() -> None:
        while not friend.may_act():
            await friend.receive()
        await friend.act(friend_bot.choose(friend.view(), 1))

    server.call(one_move())
    drawn = 0
    end = time.monotonic() + 10
    while table.session.version == version or table.animator.busy:
        assert time.monotonic() < end, "the friend's move never showed"
        drawn += drawn_in(app, 1)
        time.sleep(0.002)
    assert drawn > 0  # the news is drawn
    server.call(friend.close())


def test_the_host_hands_an_away_seat_to_a_computer_and_its_player_takes_it_back(
    app, server
) -> None:
    from game.online.ui.seats import TableSeatsScene

    app.ctx.settings.animation_speed = 8.0
    lobby, friend, table = table_with_a_friend(app, server)
    server.call(friend.close())  # the friend leaves
    until(app, lambda: not table.session.infos[1].connected, what="the friend away")
    press(app, pygame.K_ESCAPE)
    seats = app.stack.top
    assert isinstance(seats, TableSeatsScene)
    # The link again, for the friend to come back by (as the lobby gives it).
    pygame.scrap.put_text("something else")
    click(app, seats.widget("copy").rect.center)
    assert pygame.scrap.get_text() == share_link(server.url, lobby.code)
    assert app.ctx.message.startswith("Link copied")
    assert seats.widget("computer_1").visible and not seats.widget("computer_0").visible
    click(app, seats.widget("computer_1").rect.center)
    until(app, lambda: seats.problem != "", what="the refusal")
    assert seats.problem == "That seat is still held for its player: try again later."
    server.table(lobby.code).row.hold = 0.0  # the hold has passed
    click(app, seats.widget("computer_1").rect.center)
    until(app, lambda: table.session.infos[1].kind == "computer", what="the hand-over")
    assert table.session.infos[1].level == "normal"
    assert seats.problem == "Player 2's seat went to a computer."  # (the table's line)
    assert not seats.widget("computer_1").visible
    # The friend's token still takes the seat back from the computer.
    back = SeatClient(server.url, BLANCO)
    back.table, back.seat, back.token = lobby.code, 1, friend.token
    server.call(back.resume())
    until(app, lambda: table.session.infos[1].kind == "human", what="the seat taken back")
    assert seats.problem == "Player 2 is back at the table."
    server.call(back.close())  # gone again, seen from the seats menu: no pointer to itself
    until(app, lambda: "left" in seats.problem, what="the friend leaving again")
    assert seats.problem == "Player 2 left the table: their seat is held for them."
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    assert table.message.endswith("held for them. (Esc: the seats)")  # the table's own line


def test_a_phrase_said_from_the_seats_menu_and_one_heard_at_the_table(app, server) -> None:
    """Esc at the table: the row of phrases says one to everyone (the friend hears it); the
    friend's phrase is the table's line, in this screen's words."""
    from game.online.ui.seats import TableSeatsScene

    lobby, friend, table = table_with_a_friend(app, server)
    press(app, pygame.K_ESCAPE)
    seats = app.stack.top
    assert isinstance(seats, TableSeatsScene) and seats.widget("say_hello").label == "Hello!"
    assert seats.widget("say_hello").tooltip() == "Say it to everyone at the table."
    click(app, seats.widget("say_hello").rect.center)

    async def heard() -> list[tuple[int, str]]:
        while not friend.said:
            await asyncio.wait_for(friend.receive(), 5)
        return [(s.seat, s.phrase) for s in friend.said]

    assert server.call(heard()) == [(0, "hello")]
    until(app, lambda: seats.problem != "", what="our own phrase on the line")
    assert seats.problem == "Host: Hello!"
    # Its Game menu is not "Paused" (the game goes on), and Quit says the seat is kept.
    from game.core.ui.screens.dialog import ConfirmDialog
    from game.core.ui.screens.pause import PauseScene

    click(app, seats.widget("menu").rect.center)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.heading() == "Game menu"
    click(app, pause.widget("quit").rect.center)
    asked = app.stack.top
    assert isinstance(asked, ConfirmDialog)
    assert asked.question().startswith("Quit to the title?\nThe game goes on")
    press(app, pygame.K_ESCAPE)  # no
    press(app, pygame.K_ESCAPE)  # back from the menu
    assert app.stack.top is seats
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    i18n.set_language("fr")
    server.call(friend.say("good_game"))
    until(app, lambda: "Player 2" in table.message or "Joueur 2" in table.message, what="it")
    assert table.message == "Joueur 2\u00a0: Bonne partie\u00a0!"
    i18n.set_language("en")
    server.call(friend.close())


def test_a_phrase_heard_goes_beside_the_turn_line_not_in_its_place(
    app, server, monkeypatch
) -> None:
    """Issue 66: "Alice: Nice move!" replaced "Draw: click..."; both are drawn now."""
    from tests.ui_helpers import texts_drawn

    lobby, friend, table = table_with_a_friend(app, server)
    until(app, lambda: table.human_turn(), what="our turn")
    drawn = texts_drawn(monkeypatch)
    server.call(friend.say("nice"))
    until(app, lambda: "Player 2" in table.message, what="the phrase")
    drawn.clear()
    table.draw_anew()  # (the parts keep what they drew: this frame draws every text)
    app.redraw()
    frames(app, 2)
    said = "Player 2: Nice move!"
    turn = app.ctx.text.wrap_balanced(table.kit.turn_line(), 20, table.kit.geometry.prompt.w - 20)
    assert said in drawn, drawn
    assert turn[0] in drawn, (turn, drawn)
    server.call(friend.close())


def test_the_table_says_when_the_server_waits_for_its_storage(app, server) -> None:
    """Issue 24: while the server's database is away, its players see "reconnecting" (their
    moves wait, nothing is lost) and the line clears when it is back."""
    lobby = host_table(app, server.url, ["normal"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    assert "reconnecting" not in table.message

    async def trouble(on: bool) -> None:
        assert server.server is not None
        server.server.set_troubled(on)

    server.call(trouble(True))
    until(app, lambda: "reconnecting" in table.message, what="the reconnecting line")
    assert "nothing is lost" in table.message
    server.call(trouble(False))
    until(app, lambda: "reconnecting" not in table.message, what="the line cleared")


def test_leaving_an_online_table_ends_its_line_and_leaves_no_thread(app, server) -> None:
    """Back at the title, the table's line to the server is closed and its thread gone (its
    event loop closed): a player who visits many tables does not gather idle threads that keep
    reconnecting in the background."""
    lobby = host_table(app, server.url, ["easy"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    link = app.stack.top.host.link
    assert link.thread.is_alive()
    app.stack.clear()  # (the app's own close does the same, as the Quit button does)
    link.thread.join(10)
    assert link.closed and not link.thread.is_alive() and link.loop.is_closed()
    assert not [t for t in threading.enumerate() if t.name == "netlink"]


def test_a_share_link_pasted_as_the_server_joins_its_table(app, server) -> None:
    """A friend's link pasted where the eye goes first, the Server field (of Play online, or of
    Join): the field keeps the server alone and the link's code is the code, so Join takes
    the seat; before, Join said to type a code, and the link was remembered as the server."""
    host = SeatClient(server.url, BLANCO)
    for where in ("menu", "join"):
        code = server.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Player 2")], sit=0))
        pygame.scrap.put_text(share_link(server.url, code) + "\n")
        app.stack.clear()
        menu = open_menu(app, "ws://127.0.0.1:1")  # last time's server: not the link's
        if where == "menu":
            click(app, menu.widget("server").rect.center)
            press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
            press(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
            assert menu.server.text == share_link(server.url, code)
        click(app, menu.widget("join").rect.center, 2)
        join = app.stack.top
        assert isinstance(join, JoinScene)
        if where == "menu":
            assert (join.server.text, join.code.text) == (server.url, code)
        else:  # pasted over the server on the Join screen itself
            assert join.code.text == ""
            click(app, join.widget("server").rect.center)
            press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
            press(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
        click_for_lobby(app, join.widget("go").rect.center)
        assert (join.server.text, join.code.text, join.problem) == (server.url, code, "")
        until(app, lambda: hasattr(app.stack.top, "session"), what=f"the table ({where})")
        assert app.stack.top.session.seats[1].name == "Player 2"
    server.call(host.close())
    # Remembered is the server alone; a whole link kept by an earlier version reads so too.
    assert seats_file.last_server(app.ctx.data_dir) == server.url
    seats_file.remember_server(app.ctx.data_dir, share_link(server.url, "KQ7-4XM"))
    assert seats_file.last_server(app.ctx.data_dir) == server.url


def test_the_lobby_names_the_game_and_a_watchers_banner_says_watching(
    app, server, monkeypatch
) -> None:
    """Issue 66: the lobby never said which game the table is for, and a watcher's header
    read as if they were the first player."""
    from tests.ui_helpers import texts_drawn

    lobby = host_table(app, server.url, ["normal"])  # Blanco, with a computer: it opens
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    assert lobby.heading() == "Blanco table"
    code = lobby.code
    until(app, lambda: app.stack.top is not lobby, what="the table")
    app.stack.clear()
    app.stack.push(app.ctx.nav.make("title"))
    watcher = app.ctx.nav.make("online.lobby", link=None, url=server.url, code=code, watch=True)
    app.stack.push(watcher)
    until(app, lambda: app.stack.top is not watcher, what="the watched table")
    table = app.stack.top
    drawn = texts_drawn(monkeypatch)
    table.draw_anew()  # (the parts keep what they drew: this frame draws every text)
    app.redraw()
    frames(app, 3)
    banner = [text for text in drawn if text.startswith("Watching: ")]
    assert banner, drawn
    assert not any(text.startswith("Host  ·") for text in drawn), "not the first player's"
    assert table.banner_name(0).startswith("Watching: ")


def test_online_tables_hold_as_many_seats_as_local_play(app, server) -> None:
    """Issue 66: the host's form offered at most 4 seats; Blanco takes 5 and Lucky Box 12, as
    at a local table (the protocol and the server allowed them). The seats past the third row
    are paged through; the lobby lists twelve in two columns above its buttons."""
    from game.online.ui.lobby import LobbyScene
    from game.online.ui.seat_grid import seat_rows

    menu = open_menu(app, server.url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    assert isinstance(host, HostScene)
    game = host.widget("game")
    click(app, game.segment([v for v, _ in game.options].index("blanco")).center)
    players = host.widget("players")
    assert [v for v, _ in players.options][-1] == "5"
    click(app, game.segment([v for v, _ in game.options].index("luckybox")).center)
    assert [v for v, _ in players.options][-1] == "12"
    click(app, players.segment(len(players.options) - 1).center)
    assert players.value == "12" and host.widget("more_seats").visible
    for _ in range(3):  # seats 5-7, 8-10, then 11-12
        click(app, host.widget("more_seats").rect.center)
    last = host.widget("seat_11")
    assert last.visible and not host.widget("seat_1").visible
    click(app, last.segment([v for v, _ in last.options].index("normal")).center)
    lobby = click_for_lobby(app, host.widget("open").rect.center)
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: len(lobby.seats) == 12, what="twelve seats")
    assert lobby.seats[11].kind == "computer" and lobby.seats[11].level == "normal"
    assert sum(1 for s in lobby.seats if s.free) == 10
    frames(app, 2)
    rows = seat_rows(12, *_lobby_regions(), 44)
    buttons = min(w.rect.top for n, w in lobby.widgets.items() if w.visible and n != "copy")
    assert max(r.bottom for r in rows) + 20 <= buttons, "the twelve rows end above the buttons"
    assert lobby.widget("copy").rect.bottom < min(r.top for r in rows)  # (the invite, above)
    # The table's seats menu lists them above its row of phrases, as its panel is drawn.
    from game.online.ui.seat_grid import panel_of
    from game.online.ui.seats import PHRASES_Y, ROW, SEATS_ONE, SEATS_TWO

    menu_rows = seat_rows(12, SEATS_ONE, SEATS_TWO, ROW, top_pad=45)
    assert panel_of(menu_rows).bottom <= PHRASES_Y - 4
    assert min(r.h for r in menu_rows) >= 30, "rows tall enough for a Computer button"


def _lobby_regions() -> tuple[Any, Any]:
    from game.online.ui.lobby import LOBBY_ONE, LOBBY_TWO

    return LOBBY_ONE, LOBBY_TWO


def click_luckybox_action(app: Any, table: Any, action: Any) -> None:
    """The clicks a player makes for a Lucky Box action, at the places the table gives."""
    kind = type(action).__name__
    if kind == "Pass":
        click(app, table.kit.buttons["pass"].rect.center)
    elif kind == "Resolve":
        for key, rect in table.kit.pending_rects():
            if key == (action.card, action.line, action.index):
                click(app, rect.center)
        click(app, table.kit.square_center(action.target_card, action.cell))
    else:
        click(app, table.kit.square_center(action.card, action.cell))
        if action.lightning:
            click(app, table.kit.buttons["spend"].rect.center)
