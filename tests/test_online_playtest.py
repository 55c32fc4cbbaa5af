"""Online play as a person reads it (issue 74): a friend told in plain words that the host's app
closed, and the host's title offering the waiting table back in one click; a player who comes
back to a table reading the whole move log their seat may know (never more); the online
screens leading with the table's code, the server under "Other server", the link something to
copy; and Settings' Hosting port staying "Any free" once chosen. Real servers on 127.0.0.1,
real clients, the app driven by pygame events at the layout's positions."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.codec import event_from_json, view_from_json, wire_of
from game.online.hosting import HostedServer
from game.online.ui import seats_file
from game.online.ui.hosted import hosting_of
from game.online.ui.words import host_back_line, host_left_line
from tests.support import online_kit_table
from tests.test_online_helpers import LoopThread
from tests.test_online_ui import ServerThread, host_table, open_menu, our_moves, until
from tests.ui_helpers import click, frames, press, wait


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One server for the tests that need no server of their own."""
    running = ServerThread(tmp_path_factory.mktemp("shared") / "tables.sqlite3")
    yield running
    running.close()


# -- the host's app closes -----------------------------------------------------------------------
def test_a_friend_reads_that_the_hosts_app_closed_and_plays_on_when_it_is_back(
    app, tmp_path, friends
) -> None:
    """The host's own server (as the app runs it) stops: the friend's table says in plain
    words that the host's app closed and the game waits, not that a connection dropped; the
    server back on its port, the friend's line comes back by itself and says so."""
    server = HostedServer(tmp_path / "hosted.sqlite3", app.ctx.rules_games)
    assert server.start(0) is None and server.ready.wait(10)
    host = SeatClient(server.url, BLANCO)
    code = friends.call(host.open([p.SeatSpec("Anna"), p.SeatSpec("Bo")], sit=0))
    app.ctx.nav.push("online.lobby", url=server.url, code=code, name="Bo")
    until(app, lambda: online_kit_table(app.stack.top, BlancoKit), what="the friend's table")
    table = app.stack.top
    port = server.port
    try:
        server.stop()  # (the host's app closing stops it so)
        until(app, lambda: table.host.host_gone and table.message == host_left_line())
        frames(app, 30)  # the line dropped meanwhile: what it says stays
        assert table.message == host_left_line() and "connection" not in table.message
        assert table.host.waiting_words(0) == host_left_line()  # the turn line says it too
        assert server.start(port) is None  # the host's app open again
        until(app, lambda: table.message == host_back_line(), what="the friend back")
        assert not table.host.host_gone and table.host.waiting_words(0) != host_left_line()
        assert server.game_server is not None  # the friend's seat is theirs again, there
        assert server.game_server.hub.tables[code].seat_infos()[1].connected
    finally:
        server.stop()


def test_an_older_client_reads_past_a_notice_it_does_not_know(app) -> None:
    """A notice of a kind this app does not know (a newer server's) clears the table's line,
    never an error: the kinds are open (docs/PROTOCOL.md)."""
    from game.online.ui.words import notice_line

    assert notice_line("some_newer_news") == ""
    text = p.encode(p.Notice("some_newer_news", "x"))
    assert isinstance(p.decode_server(text), p.Notice)


def test_the_hosts_title_offers_the_waiting_table_and_one_click_reopens_it(app, friends) -> None:
    from game.catalog import new_app
    from tests.test_online_hosting import host_here

    lobby = host_here(app, ["human"])
    server = hosting_of(app.ctx).server
    port, code = server.port, lobby.code
    friend = SeatClient(server.url, BLANCO, max_backoff=0.3)
    assert friends.call(friend.join(code, name="Anna")) == 1
    until(app, lambda: app.stack.top is not lobby, what="the table")
    playing = friends.spawn(friend.play(BLANCO.bots.make_bot("easy", 2, 1).choose, pace=0.05))
    app.close()  # the window closed: the app's server stops with it
    # The friend was told before its line dropped.
    until_true(lambda: any(n.code == "host_left" for n in friend.notices), "the notice")
    again = new_app()
    try:
        title = again.ctx.nav.make("title")
        again.stack.push(title)
        until(again, lambda: title.widget("notice").visible, what="the title's line")
        assert title.widget("notice").label == "A table waits for you: Blanco with Anna — Reopen"
        click(again, title.widget("notice").rect.center, 2)
        until(again, lambda: online_kit_table(again.stack.top, BlancoKit), what="reopened")
        served = hosting_of(again.ctx).server
        assert served.running and served.port == port  # where the friend's link leads
        until_true(lambda: friend.reconnects >= 1, "the friend back by itself")
        assert not playing.done() or playing.exception() is None
        assert served.game_server is not None
        table = served.game_server.hub.tables[code]
        until_true(lambda: all(s.connected for s in table.seat_infos()), "both seats there")
    finally:
        playing.cancel()
        again.close()
        friends.call(friend.close(), 5)


def test_no_line_for_a_finished_or_served_table(app) -> None:
    """Nothing waits where nothing is kept: a new app's title shows no line."""
    title = app.ctx.nav.make("title")
    app.stack.push(title)
    frames(app, 5)
    assert not title.widget("notice").visible and title.notice.reopen is None


# -- a seat that comes back reads the whole game ------------------------------------------------
class Heard:
    """What one client was sent live: every `state`'s events, and the first `past` it got."""

    def __init__(self) -> None:
        self.events: list[Any] = []
        self.pasts: list[p.Past] = []

    def frame(self, _client: Any, text: str) -> None:
        message = p.decode_server(text)
        if isinstance(message, p.State):
            self.events.extend(message.events)
            if message.past is not None:
                self.pasts.append(message.past)


def test_a_seat_that_comes_back_is_sent_what_it_saw_live_and_nothing_more(shared) -> None:
    heard = Heard()
    host = SeatClient(shared.url, BLANCO, on_frame=heard.frame)
    friend = SeatClient(shared.url, BLANCO)
    code = shared.call(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bo")], sit=0))
    shared.call(friend.join(code))
    assert heard.pasts == []  # a table just dealt has no past to send
    bots = [BLANCO.bots.make_bot("easy", 4, seat) for seat in (0, 1)]
    playing = [
        shared.spawn(c.play(b.choose, pace=0.01)) for c, b in zip((host, friend), bots, strict=True)
    ]
    try:
        until_true(lambda: shared.table(code).version > 8, "some moves")
        for task in playing:
            task.cancel()
        # The host's seat taken back by another connection (an app started again).
        again = Heard()
        back = SeatClient(shared.url, BLANCO, on_frame=again.frame)
        back.table, back.seat, back.token = code, 0, host.token
        shared.call(back.resume())
        (past,) = again.pasts
        # The events the host was sent live, the same (redacted for seat 0 alike), up to the
        # version it saw last; the friend's cards the host never saw are in none of them.
        live = heard.events
        assert past.events[: len(live)] == live and len(past.events) >= len(live) > 0
        friend_past = shared.table(code).past_for(1)
        assert friend_past is not None and friend_past.events != past.events
        # What the friend drew from the pile or looked at: a card to the friend, 0 to the host.
        private = [("Drawn", "pile"), ("Looked", None)]
        wire = wire_of(BLANCO)
        theirs = [event_from_json(wire, raw) for raw in friend_past.events]
        ours = [event_from_json(wire, raw) for raw in past.events]
        kinds = [(type(e).__name__, getattr(e, "source", None)) for e in ours]
        secret = [i for i, e in enumerate(ours) if e.player == 1 and kinds[i] in private]
        assert secret, kinds  # (the easy computers drew from the pile, or looked)
        assert all(ours[i].card == 0 and theirs[i].card != 0 for i in secret)
        dealt = view_from_json(wire, past.start)  # the view it was dealt: the host's own
        assert dealt.seed == 0 and not any(dealt.players[1].hand) and all(dealt.players[0].hand)
        shared.call(back.close())
    finally:
        shared.call(host.close())
        shared.call(friend.close())


def log_texts(table: Any) -> list[str]:
    return [line.text for line in table.kit.move_log.lines(table.session.seat)]


def test_after_rejoin_the_hosts_move_log_keeps_the_whole_game(app, shared) -> None:
    from game.catalog import new_app

    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, shared.url, ["easy"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    our_moves(app, table, 3)
    until(app, lambda: not table.animator.busy and table.session.pending is None)
    before = log_texts(table)
    assert len(before) >= 4, before
    app.stack.clear()  # the app closes: the line drops, the seat is held
    pygame.quit()

    again = new_app()
    try:
        again.ctx.settings.animation_speed = 8.0
        menu = open_menu(again, shared.url)
        click(again, menu.widget("rejoin_0").rect.center, 2)
        until(again, lambda: online_kit_table(again.stack.top, BlancoKit), what="rejoined")
        rejoined = again.stack.top
        frames(again, 3)
        after = log_texts(rejoined)
        # The computer may have moved since: the log goes on from where it stood.
        assert after[: len(before)] == before, (before, after)
        rows = rejoined.kit.log_panel.rows_drawn
        assert rows and not any("moves will show" in row for row in rows), rows
    finally:
        again.close()


def test_a_lucky_box_seat_that_rejoins_reads_the_rounds_crosses(app, shared) -> None:
    from game.catalog import new_app
    from game.luckybox.ui.table.kit import is_lucky_box_table
    from tests.test_online_ui import host_lucky_box_against_easy

    app.ctx.settings.animation_speed = 8.0
    table = host_lucky_box_against_easy(app, shared.url)
    seat = table.session.seat
    crosses(app, table, 3)
    until(app, lambda: not table.animator.busy and table.session.pending is None)
    before = [line.text for line in table.kit.move_log.lines(seat, True)]
    assert sum("crossed" in line for line in before) >= 3, before
    app.stack.clear()
    pygame.quit()

    again = new_app()
    try:
        menu = open_menu(again, shared.url)
        click(again, menu.widget("rejoin_0").rect.center, 2)
        until(again, lambda: is_lucky_box_table(again.stack.top), what="rejoined")
        rejoined = again.stack.top
        frames(again, 3)
        after = [line.text for line in rejoined.kit.move_log.lines(seat, True)]
        # (the card numbers in "crossed 7 on card 2" come from the boards as they stood)
        assert after[: len(before)] == before, (before, after)
    finally:
        again.close()


def until_true(done: Any, what: str, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"waited too long for {what}"
        time.sleep(0.01)


def crosses(app: Any, table: Any, count: int) -> None:
    """Keep the first cards of the draft, then cross (or pass) by clicks until our seat has
    crossed `count` numbers (each move waits for the server)."""
    from game.luckybox.rules import actions as la
    from game.luckybox.ui.scenes.draft import DraftScene
    from tests.test_online_ui import click_luckybox_action

    made = 0
    end = time.monotonic() + 60
    while made < count:
        assert time.monotonic() < end, "the game did not move on"
        top = app.stack.top
        version = table.session.version
        if isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click(app, top.widget("confirm").rect.center, 2)
        elif top is table and table.human_turn():
            legal = table.state.legal_actions(table.focus)
            action = next((a for a in legal if isinstance(a, la.Cross)), legal[0])
            made += isinstance(action, la.Cross)
            click_luckybox_action(app, table, action)
        else:
            if top is table and table.animator.busy:
                press(app, pygame.K_SPACE)
            wait(app)
            time.sleep(0.002)
            continue
        until(app, lambda v=version: table.session.version != v, what="the server's answer")


# -- the online screens speak to people -----------------------------------------------------------
def drawn_texts(app: Any) -> list[tuple[str, int]]:
    """Every text the next frame draws centred, with its size."""
    drawn: list[tuple[str, int]] = []
    blit = app.ctx.text.blit_centered

    def noted(surface: Any, text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        drawn.append((text, size))
        return blit(surface, text, size, *args, **kwargs)

    app.ctx.text.blit_centered = noted
    try:
        app.redraw()
        frames(app, 1)
    finally:
        del app.ctx.text.blit_centered
    return drawn


def test_play_online_leads_with_host_and_join_the_server_under_other_server(app) -> None:
    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 3)
    click(app, app.stack.top.widget("online").rect.center, 2)
    menu = app.stack.top
    # The default server: no address to read, "Other server..." under the two choices.
    assert not menu.widget("server").visible and menu.widget("other_server").visible
    assert menu.widget("host").rect.bottom < menu.widget("other_server").rect.top
    click(app, menu.widget("other_server").rect.center)
    assert menu.widget("server").visible and menu.server.focused
    assert not menu.widget("other_server").visible
    # Typed over (its text was selected), kept: the next time it shows open, with it.
    from tests.ui_helpers import type_text

    type_text(app, "ws://127.0.0.1:9")
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert join.widget("server").visible and join.server.text == "ws://127.0.0.1:9"


def test_join_leads_with_the_table_code_and_a_placeholder_no_code_reads_like(app) -> None:
    import re

    from tests.ui_helpers import type_text

    app.stack.push(app.ctx.nav.make("title"))
    frames(app, 3)
    click(app, app.stack.top.widget("online").rect.center, 2)
    click(app, app.stack.top.widget("join").rect.center, 2)
    join = app.stack.top
    fields = [n for n in ("code", "name", "go") if join.widget(n).visible]
    assert fields == ["code", "name", "go"]
    assert join.widget("code").rect.y < join.widget("name").rect.y < join.widget("go").rect.y
    assert not join.widget("server").visible and join.widget("other_server").visible
    placeholder = join.code.placeholder() if callable(join.code.placeholder) else ""
    assert placeholder == "Table code"
    assert not re.search(r"[A-Z0-9]{3}-[A-Z0-9]{3}", placeholder)
    # A link to another server pasted as the code: that server shows, opened.
    click(app, join.widget("code").rect.center)
    type_text(app, "ws://192.0.2.7:4000/#ABC-DEF")
    assert join.widget("server").visible and join.server.text == "ws://192.0.2.7:4000"
    assert join.code.text == "ABC-DEF"


def test_the_lobby_offers_the_link_to_copy_not_to_read(app, shared) -> None:
    lobby = host_table(app, shared.url, ["human"])
    until(app, lambda: lobby.code != "" and bool(lobby.seats), what="the lobby")
    frames(app, 2)
    drawn = drawn_texts(app)
    links = [(text, size) for text, size in drawn if "ws://" in text]
    assert links and all(size <= 18 for _, size in links), links  # small, under the button
    assert not any(text.startswith("Share") for text, _ in drawn)
    copy = lobby.widget("copy")
    assert copy.visible and copy.label == "Copy"
    assert copy.rect.bottom < 330 < lobby.widget("back").rect.top  # under the code, over the seats
    click(app, copy.rect.center, 2)
    assert pygame.scrap.get_text() == hosting_of(app.ctx).share_links(lobby.link.url, lobby.code)[0]


# -- Settings' Hosting port ---------------------------------------------------------------------
def test_any_free_stays_any_free_after_hosting_and_says_the_port_it_keeps(app) -> None:
    from game.core.ui.settings import load_settings
    from tests.test_online_hosting import host_here

    app.stack.push(app.ctx.nav.make("title"))
    app.stack.push(app.ctx.nav.make("settings"))
    frames(app, 2)
    settings = app.stack.top
    port_field = settings.widget("host_port")
    assert (
        port_field.text == "" and settings.host_port_hint() == "Friends reach this computer there"
    )
    click(app, settings.widget("back").rect.center, 2)
    app.stack.clear()
    host_here(app, ["human"])
    port = hosting_of(app.ctx).server.port
    saved, _ = load_settings(app.ctx.data_dir)
    assert (saved.host_port, saved.host_port_kept) == (0, port)  # the choice, and the port apart
    app.stack.clear_to(app.ctx.nav.make("title"))
    app.stack.push(app.ctx.nav.make("settings"))
    frames(app, 2)
    settings = app.stack.top
    assert settings.widget("host_port").text == ""  # still "Any free"
    assert settings.host_port_hint() == f"Any free (now {port}, kept for your tables)"
    # A port the player types is theirs; the one kept is not said then.
    click(app, settings.widget("host_port").rect.center)
    from tests.ui_helpers import type_text

    type_text(app, "40123")
    assert app.ctx.settings.host_port == 40123
    assert settings.host_port_hint() == "Friends reach this computer there"


# -- pictures -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1024, 768), (2560, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_pictures_of_the_host_gone_and_back_in_three_languages(
    data_dir, tmp_path, size, monkeypatch
) -> None:
    """The friend's table once the host's app closed, and the host's title offering the table
    back, in English, French and German (screenshots/online/); no text clipped or covered."""
    from game.catalog import new_app
    from game.core import i18n
    from tests.test_online_ui_shots import CHECKED, LANGUAGES, shot
    from tests.test_text_overlaps import watched_frames

    watching = watched_frames(monkeypatch)
    seen = next(watching)
    CHECKED[:] = [seen]
    friends = LoopThread()
    try:
        for lang in LANGUAGES:
            tag = f"{lang}_{size[0]}x{size[1]}"
            server = HostedServer(tmp_path / f"hosted_{lang}.sqlite3", [BLANCO])
            assert server.start(0) is None and server.ready.wait(10)
            host = SeatClient(server.url, BLANCO)
            code = friends.call(host.open([p.SeatSpec("Anna"), p.SeatSpec("Bo")], sit=0))
            app = new_app(window=size)
            try:
                i18n.set_language(lang)
                app.ctx.nav.push("online.lobby", url=server.url, code=code, name="Bo")
                until(app, lambda a=app: online_kit_table(a.stack.top, BlancoKit), what="table")
                table = app.stack.top
                server.stop()
                until(app, lambda t=table: t.message == host_left_line(), what="the words")
                frames(app, 20)
                shot(app, f"table_host_left_{tag}")
            finally:
                app.close()
                server.stop()
            # The host's app, opened again: its title offers the table back.
            data = tmp_path / f"host_{lang}"
            (data / "online").mkdir(parents=True)
            import shutil

            shutil.copy(server.db, data / "online" / "hosted.sqlite3")
            url = f"ws://127.0.0.1:{server.port}"
            seats_file.keep(data, seats_file.HeldSeat(url, code, 0, host.token or "", "blanco"))
            os.environ["SMLB_DATA_DIR"] = str(data)
            again = new_app(window=size)
            try:
                i18n.set_language(lang)
                title = again.ctx.nav.make("title")
                again.stack.push(title)
                until(again, lambda t=title: t.widget("notice").visible, what="the line")
                assert "Bo" in title.widget("notice").label
                frames(again, 150)  # (the title's entrance settled)
                shot(again, f"title_reopen_{tag}")
            finally:
                os.environ["SMLB_DATA_DIR"] = str(data_dir)
                again.close()
    finally:
        friends.close()
        i18n.set_language("en")
        CHECKED.clear()
    assert seen.problems == [], "\n".join(seen.problems)
