"""What the real-window playtest of issue 74's online items found, each driven through the real
scenes: a Lucky Box keep chosen as the other seat keeps is not asked for again; while the
host's app is closed the friend's banner and turn line say the table waits for the host (and a
click sends nothing); a line about the table gives way once the game moves on; the host who
reopens a table reads that a friend is back, not that they came. Real servers on 127.0.0.1,
real clients, the app driven by pygame events at the layout's positions."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.ui.table import Table
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules.state import PLAY
from game.luckybox.ui.scenes.draft import DraftScene
from game.online.client import SeatClient
from tests.sweep import sampled
from tests.test_online_ui import ServerThread, choose, click_for_lobby, open_menu, until
from tests.ui_helpers import click, frames, press


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("finish") / "tables.sqlite3")
    yield running
    running.close()


def until_true(done: Any, what: str, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not done():
        assert time.monotonic() < end, f"waited too long for {what}"
        time.sleep(0.01)


def host_lucky_box_with_a_friend(app: Any, url: str) -> tuple[Any, SeatClient]:
    """Play online, Host a table: Lucky Box, seat 2 a friend, Open; the friend (a protocol
    client) joins. (The lobby, the friend.)"""
    menu = open_menu(app, url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    choose(app, host, "game", "luckybox")
    choose(app, host, "seat_1", "human")
    lobby = click_for_lobby(app, host.widget("open").rect.center)
    until(app, lambda: lobby.code != "", what="the lobby")
    return lobby, SeatClient(url, LUCKYBOX)


# -- a keep chosen as the other seat keeps -------------------------------------------------------
def test_a_keep_chosen_as_the_other_seat_keeps_is_not_asked_for_again(app, shared) -> None:
    """The playtest's friend kept 3 cards while the host kept theirs: the host's keep came
    first, the friend's was chosen on the view before it (refused as stale, sent again), and
    meanwhile the friend's table showed the draft again, whose second Keep the server refused
    ("cannot_keep_now"). The seat waits for its answer instead: the draft never comes back."""
    lobby, friend = host_lucky_box_with_a_friend(app, shared.url)
    assert shared.call(friend.join(lobby.code)) == 1
    until(app, lambda: isinstance(app.stack.top, DraftScene), what="our draft")
    draft = app.stack.top
    table = app.stack.scenes[-2]
    served = shared.table(lobby.code)
    before, queued = served.version, table.session.link.notes.qsize()
    # The friend keeps first; its state reaches our link while our draft is still open.
    bot = LUCKYBOX.bots.make_bot("easy", 3, 1)
    shared.call(friend.act(bot.choose(friend.view(), 1)))
    until_true(lambda: served.version > before, "the friend's keep")
    until_true(lambda: table.session.link.notes.qsize() > queued, "its state at our link")
    for card in draft.hand[: draft.need]:
        click(app, draft.card_center(card))
    # The server busy a moment (as a far or loaded one is): our keep waits there unanswered
    # while the table reads the friend's state, a move of another seat.
    gate = threading.Event()
    shared.running.loop.call_soon_threadsafe(gate.wait, 20)
    try:
        click(app, draft.widget("confirm").rect.center, 1)
        frames(app, 6)
        assert app.stack.top is table, "the draft came back while our keep was on its way"
        assert table.session.pending is not None and served.version == before + 1
    finally:
        gate.set()
    drafts_seen = 0

    def kept() -> bool:
        nonlocal drafts_seen
        drafts_seen += isinstance(app.stack.top, DraftScene)
        return served.state.phase == PLAY and table.session.pending is None

    until(app, kept, what="our keep, sent again on the fresh view")
    assert drafts_seen == 0, "the draft came back while our keep was on its way"
    assert app.stack.top is table and "cannot_keep_now" not in table.message
    assert served.state.players[0].cards and served.state.players[1].cards
    shared.call(friend.close())


# -- while the host's app is closed ----------------------------------------------------------------
def drawn_texts(app: Any) -> list[str]:
    """Every text the next frame draws centred."""
    drawn: list[str] = []
    blit = app.ctx.text.blit_centered

    def noted(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return blit(surface, text, *args, **kwargs)

    app.ctx.text.blit_centered = noted
    if isinstance(app.stack.top, Table):  # (a table's parts keep what they drew)
        app.stack.top.draw_anew()
    try:
        app.redraw()
        frames(app, 1)
    finally:
        del app.ctx.text.blit_centered
    return drawn


def seated_at_a_hosted_table(app: Any, server: Any, friends: Any, game: Any) -> tuple[Any, Any]:
    """A table served as a host's app serves it: the host (a protocol client, Anna) opens it
    at seat 1 and plays it with an Easy computer's choices; the app sits at seat 2 (Bo) from
    the lobby. (The app's table, the host's playing task.)"""
    from game.online import protocol as p
    from tests.support import online_kit_table

    host = SeatClient(server.url, game, max_backoff=0.3)
    code = friends.call(host.open([p.SeatSpec("Anna"), p.SeatSpec("Bo")], sit=0))
    app.ctx.nav.push("online.lobby", url=server.url, code=code, name="Bo")
    from game.blanco.ui.table.kit import BlancoKit
    from game.luckybox.ui.table.kit import is_lucky_box_table

    def at_table() -> bool:
        top = app.stack.top
        return online_kit_table(top, BlancoKit) or is_lucky_box_table(top)

    until(app, at_table, what="the friend's table")
    playing = friends.spawn(host.play(game.bots.make_bot("easy", 2, 0).choose, pace=0.02))
    return app.stack.top, playing


def test_blanco_while_the_hosts_app_is_closed_the_banner_says_the_table_waits(
    app, tmp_path, friends
) -> None:
    """The playtest's friend read "Anna ist dran" in the banner while the message said the
    host's app had closed. Now the banner says the table waits for the host, so does the turn
    line, and a click on the friend's grid sends nothing (the move would wait unseen)."""
    from game.blanco.entry import BLANCO
    from game.blanco.rules import Setup
    from game.online.hosting import HostedServer
    from game.online.ui.words import host_left_line, host_waits_words
    from tests.test_blanco_ui import cell_at

    app.ctx.settings.animation_speed = 8.0
    server = HostedServer(tmp_path / "hosted.sqlite3", app.ctx.rules_games)
    assert server.start(0) is None and server.ready.wait(10)
    playing = None
    try:
        table, playing = seated_at_a_hosted_table(app, server, friends, BLANCO)
        until(app, lambda: table.human_turn(), what="our set-up")  # (Anna's set-up made)
        assert "Bo" not in table.kit.turn_line()
        server.stop()  # the host's app closes
        until(app, lambda: table.host.host_gone)
        playing.cancel()
        texts = drawn_texts(app)
        banner = [text for text in texts if "grid 1 of 2" in text]
        assert banner and banner[0].endswith(host_waits_words()), banner
        assert not table.human_turn() and table.kit.turn_line() == host_left_line()
        action = next(a for a in table.state.legal_actions(1) if isinstance(a, Setup))
        sent = table.session.sent
        click(app, cell_at(table, action.reveal), 2)
        assert table.session.pending is None and table.session.sent is sent  # nothing sent
        assert table.message == host_left_line()  # what the friend reads, still
        assert host_left_line() in " ".join(drawn_texts(app))
    finally:
        if playing is not None:
            playing.cancel()
        server.stop()


def test_lucky_box_while_the_hosts_app_is_closed_the_turn_line_says_so(
    app, tmp_path, friends
) -> None:
    """At Lucky Box everyone chooses at once: the friend's line went on saying "Cross a square
    showing 8", a click there vanished into a move that could not leave, and the message
    that said why was gone with the click. The line says the table waits for the host, and
    a click sends nothing."""
    from game.luckybox.rules import actions as la
    from game.online.hosting import HostedServer
    from game.online.ui.words import host_left_line
    from tests.test_online_ui import click_luckybox_action

    app.ctx.settings.animation_speed = 8.0
    server = HostedServer(tmp_path / "hosted.sqlite3", app.ctx.rules_games)
    assert server.start(0) is None and server.ready.wait(10)
    playing = None
    try:
        table, playing = seated_at_a_hosted_table(app, server, friends, LUCKYBOX)
        until(app, lambda: isinstance(app.stack.top, DraftScene), what="our draft")
        draft = app.stack.top
        for card in draft.hand[: draft.need]:
            click(app, draft.card_center(card))
        click(app, draft.widget("confirm").rect.center, 2)
        until(app, lambda: table.state.phase == PLAY and table.human_turn(), what="a number")
        assert table.kit.bonuses.turn_hint() != host_left_line()
        server.stop()
        until(app, lambda: table.host.host_gone)
        playing.cancel()
        assert not table.human_turn() and table.kit.bonuses.turn_hint() == host_left_line()
        cross = next(a for a in table.state.legal_actions(1) if isinstance(a, la.Cross))
        sent = table.session.sent
        click_luckybox_action(app, table, cross)
        frames(app, 2)
        assert table.session.pending is None and table.session.sent is sent  # nothing sent
        assert table.message == host_left_line()
        assert host_left_line() in " ".join(drawn_texts(app))
    finally:
        if playing is not None:
            playing.cancel()
        server.stop()


# -- lines about the table give way ----------------------------------------------------------------
def test_the_host_is_back_line_gives_way_once_the_game_moves_on(app, tmp_path, friends) -> None:
    """The playtest's friend read "The host is back: the game goes on." for the rest of the
    game, in place of what to do, even once it was their turn. The line stays while the host
    plays; once the friend's turn comes the turn line says what to do."""
    from game.blanco.entry import BLANCO
    from game.blanco.ui.table.kit import BlancoKit
    from game.online import protocol as p
    from game.online.hosting import HostedServer
    from game.online.ui.words import host_back_line
    from tests.support import online_kit_table

    app.ctx.settings.animation_speed = 8.0
    server = HostedServer(tmp_path / "hosted.sqlite3", app.ctx.rules_games)
    assert server.start(0) is None and server.ready.wait(10)
    host = SeatClient(server.url, BLANCO, max_backoff=0.3)
    playing = None
    try:
        code = friends.call(host.open([p.SeatSpec("Anna"), p.SeatSpec("Bo")], sit=0))
        app.ctx.nav.push("online.lobby", url=server.url, code=code, name="Bo")
        until(app, lambda: online_kit_table(app.stack.top, BlancoKit), what="the table")
        table = app.stack.top
        assert table.acting == 0  # Anna's set-up first
        port = server.port
        server.stop()
        until(app, lambda: table.host.host_gone)
        assert server.start(port) is None
        until(app, lambda: table.message == host_back_line(), what="the host back")
        frames(app, 10)
        assert table.message == host_back_line()  # read while nothing moves
        version = table.session.version
        playing = friends.spawn(host.play(BLANCO.bots.make_bot("easy", 2, 0).choose, pace=0.02))
        until(app, lambda: table.session.version != version, what="Anna's set-up")
        until(app, lambda: table.human_turn(), what="our set-up")
        frames(app, 2)
        assert table.message == ""
        shown = " ".join(drawn_texts(app))
        assert "Set-up" in shown and "The host is back" not in shown  # what to do, in its place
    finally:
        if playing is not None:
            playing.cancel()
        server.stop()


def test_the_host_who_reopens_reads_that_a_friend_is_back_not_new(app, friends) -> None:
    """The playtest's host reopened the waiting table from the title and read "Ben came to
    the table.": Ben had played the whole game there. A seat coming back to a game under way
    has seen every person seated: they are back."""
    from game.blanco.entry import BLANCO
    from game.blanco.ui.table.kit import BlancoKit
    from game.catalog import new_app
    from game.online.ui.hosted import hosting_of
    from tests.support import online_kit_table
    from tests.test_online_hosting import host_here

    app.ctx.settings.animation_speed = 8.0
    lobby = host_here(app, ["human"])
    server = hosting_of(app.ctx).server
    friend = SeatClient(server.url, BLANCO, max_backoff=0.3)
    assert friends.call(friend.join(lobby.code, name="Ben")) == 1
    until(app, lambda: app.stack.top is not lobby, what="the table")
    playing = friends.spawn(friend.play(BLANCO.bots.make_bot("easy", 2, 1).choose, pace=0.02))
    table = app.stack.top
    from tests.test_online_ui import our_moves

    our_moves(app, table, 2)
    playing.cancel()  # (Ben's app comes back once the host's table is open again)
    app.close()  # the window closed: the app's server stops with it
    again = new_app()
    try:
        title = again.ctx.nav.make("title")
        again.stack.push(title)
        until(again, lambda: title.widget("notice").visible, what="the title's line")
        click(again, title.widget("notice").rect.center, 2)
        until(again, lambda: online_kit_table(again.stack.top, BlancoKit), what="reopened")
        reopened = again.stack.top
        frames(again, 5)
        playing = friends.spawn(friend.play(BLANCO.bots.make_bot("easy", 2, 1).choose, pace=0.02))
        said: list[str] = []

        def told() -> bool:  # (the line gives way once Ben plays on: every line is noted)
            if reopened.message and reopened.message not in said:
                said.append(reopened.message)
            return any("Ben" in line for line in said)

        until(again, told, what="the friend's line")
        assert "Ben is back at the table." in said and "Ben came to the table." not in said
    finally:
        playing.cancel()
        again.close()


# -- the title's notice has room -------------------------------------------------------------------
def waiting_table_in(data: Any, tmp_path: Any, friends: Any, names: tuple[str, str]) -> None:
    """A data folder whose app hosted a Blanco table (seat 1, names[0]) left unfinished when
    it closed: its server's file and the seat it keeps, as the hosting app leaves them."""
    import shutil

    from game.blanco.entry import BLANCO
    from game.online import protocol as p
    from game.online.hosting import DB_FILE, HostedServer
    from game.online.ui import seats_file

    server = HostedServer(tmp_path / "hosted.sqlite3", [BLANCO])
    assert server.start(0) is None and server.ready.wait(10)
    host = SeatClient(server.url, BLANCO)
    try:
        seats = [p.SeatSpec(names[0]), p.SeatSpec(names[1])]
        code = friends.call(host.open(seats, sit=0))
    finally:
        server.stop()
    (data / "online").mkdir(parents=True, exist_ok=True)
    shutil.copy(server.db, data / "online" / DB_FILE)
    url = f"ws://127.0.0.1:{server.port}"
    seats_file.keep(data, seats_file.HeldSeat(url, code, 0, host.token or "", "blanco"))


@pytest.mark.parametrize("size", [(1024, 768), (2560, 1080)], ids=["4:3", "21:9"])
def test_the_titles_notice_has_room_for_its_line(
    data_dir, tmp_path, friends, size, monkeypatch
) -> None:
    """The notice was a 400 px button whose line shrank to the smallest text (German most):
    now it takes the room right of Play online to the window's edge, in two lines when one
    would shrink, readable at Large text in the three languages, over nothing else."""
    from game.catalog import new_app
    from game.core import i18n
    from game.core.ui.screens.title_notice import NoticeButton
    from tests.test_online_ui_shots import CHECKED, shot
    from tests.test_text_overlaps import watched_frames

    waiting_table_in(data_dir, tmp_path, friends, ("Maximiliane", "Bartholomäus"))
    watching = watched_frames(monkeypatch)
    seen = next(watching)
    CHECKED[:] = [seen]  # (each picture's frame checked: no text clipped or covered)
    app = new_app(window=size)
    try:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
        title = app.ctx.nav.make("title")
        app.stack.push(title)
        notice = title.widget("notice")
        assert isinstance(notice, NoticeButton)
        for lang in ("en", "fr", "de"):
            i18n.set_language(lang)
            until(app, lambda: notice.visible and "Bartholomäus" in notice.label, what="line")
            frames(app, 90)  # (the title's entrance settled)
            lines, text_size = notice.lines(app.ctx.text)
            # Every word, at a size read as the buttons' words are (the old line: 12 to 16).
            assert " ".join(lines) == notice.label and text_size >= 20, (lines, text_size)
            assert all(
                app.ctx.text.font(text_size).size(line)[0] <= notice.rect.w for line in lines
            )
            others = [w for w in title.widgets.values() if w.visible and w is not notice]
            assert not any(notice.rect.colliderect(w.rect) for w in others)
            assert title.view.contains(notice.rect)  # (what the window shows)
            shot(app, f"title_notice_large_{lang}_{size[0]}x{size[1]}")
        assert seen.problems == [], "\n".join(seen.problems)
    finally:
        CHECKED.clear()
        i18n.set_language("en")
        app.close()


# -- a local game resumed keeps its move log -------------------------------------------------------
def quit_to_title_and_continue(app: Any, table: Any, game: str) -> Any:
    """Esc, Quit to title, Yes; then the title's Continue, all by clicks: the table resumed."""
    from game.core.ui.screens.title import TitleScene

    press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    click(app, pause.widget("quit").rect.center, 2)
    click(app, app.stack.top.widget("yes").rect.center, 2)
    until(app, lambda: isinstance(app.stack.top, TitleScene), what="the title")
    title = app.stack.top
    if title.game != game:
        click(app, title.widget(f"game_{game}").rect.center, 2)
    frames(app, 60)  # (the buttons slid in)
    assert title.widget("continue").visible
    click(app, title.widget("continue").rect.center, 2)
    resumed = app.stack.top
    assert resumed is not table and resumed.kit.__class__ is table.kit.__class__
    return resumed


def test_a_resumed_blanco_game_keeps_its_move_log(app) -> None:
    """Blanco against two Normal computers, several turns logged, saved by quitting to the
    title and brought back by Continue: the Last moves panel lists the same lines, for the
    player's seat only (what the computers looked at in secret is not named)."""
    from game.blanco.entry import BLANCO
    from game.core.session import Seat
    from tests.test_blanco_ui import play_until, settle

    app.ctx.settings.animation_speed = 8.0
    seats = [Seat("Me"), Seat("Nora", "normal"), Seat("Nils", "normal")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=21)
    app.stack.push(table) if app.stack.top is not table else None
    bot = BLANCO.bots.make_bot("normal", 21, 0)
    play_until(
        app, table, lambda: table.state.turns(0) >= 3 and table.human_turn(), {0: bot}, set(), []
    )
    settle(app, table)
    before = [line.text for line in table.kit.move_log.lines(0)]
    assert len(before) >= 8, before
    resumed = quit_to_title_and_continue(app, table, "blanco")
    settle(app, resumed)
    after = [line.text for line in resumed.kit.move_log.lines(0)]
    assert after == before
    rows = resumed.kit.log_panel.rows_drawn
    assert rows and not any("moves will show" in row for row in rows), rows
    # What the computers looked at in secret is not named; what the player looked at is.
    looked = [line for line in after if line.startswith(("Nora looked", "Nils looked"))]
    assert len(looked) == 2 and not any(":" in line for line in looked), after
    assert any(line.startswith("Me looked at") and ":" in line for line in after), after


def lucky_box_settle(app: Any, table: Any) -> None:
    """Next, Space and frames until the table waits for the player's choice."""
    end = time.monotonic() + 30
    while not (app.stack.top is table and table.human_turn() and not table.animator.busy):
        assert time.monotonic() < end, f"the table did not come to our turn: {app.stack.top}"
        if app.stack.top is table and table.turns.confirming is not None:
            click(app, table.kit.buttons["next"].rect.center)
        elif app.stack.top is table and table.animator.busy:
            press(app, pygame.K_SPACE)
        else:
            frames(app, 1)


def test_a_resumed_lucky_box_game_keeps_its_move_log(app) -> None:
    """A Lucky Box game against a computer, several numbers crossed, saved by quitting to the
    title and brought back by Continue: the same Last moves lines."""
    from game.core.session import Seat
    from game.luckybox.rules import actions as la
    from tests.test_online_ui import click_luckybox_action

    app.ctx.settings.animation_speed = 8.0
    seats = [Seat("Me"), Seat("Nora", "normal")]
    table = app.ctx.nav.make("luckybox.start_game", seats=seats, seed=21)
    crossed = 0
    end = time.monotonic() + 60
    while crossed < 3:
        assert time.monotonic() < end, "the game did not move on"
        top = app.stack.top
        if isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click(app, top.widget("confirm").rect.center, 2)
        elif top is table and table.human_turn():
            legal = table.state.legal_actions(table.focus)
            action = next((a for a in legal if isinstance(a, la.Cross)), legal[0])
            crossed += isinstance(action, la.Cross)
            click_luckybox_action(app, table, action)
        elif top is table and table.turns.confirming is not None:
            click(app, table.kit.buttons["next"].rect.center)
        elif top is table and table.animator.busy:
            press(app, pygame.K_SPACE)
        else:
            frames(app, 1)
    lucky_box_settle(app, table)
    before = [line.text for line in table.kit.move_log.lines(0, True)]
    assert sum("crossed" in line for line in before) >= 3, before
    resumed = quit_to_title_and_continue(app, table, "luckybox")
    lucky_box_settle(app, resumed)
    after = [line.text for line in resumed.kit.move_log.lines(0, True)]
    assert after == before


# -- Large text on the online screens --------------------------------------------------------------
@sampled(lang=["en", "fr", "de"], size=[(1024, 768), (2560, 1080)])
def test_the_online_screens_with_large_text_in_three_languages(
    data_dir, shared, lang, size, monkeypatch
) -> None:
    """Play online, Join, the lobby with its Invite link and Copy, and Settings' Hosting port
    line (after hosting: "Any free (now 41234, kept for your tables)"), with Large text, in
    English, French and German: every text inside its widget and the window, none over
    another (test_text_overlaps' checks), pictures saved. Each language at a window shape
    drawn for the run, both shapes every run (tests/sweep.py; SMLB_SWEEP=all: all six)."""
    from game.catalog import new_app
    from game.core import i18n
    from tests.test_online_hosting import host_here
    from tests.test_online_ui import host_table
    from tests.test_online_ui_shots import CHECKED, shot
    from tests.test_text_overlaps import watched_frames

    watching = watched_frames(monkeypatch)
    seen = next(watching)
    CHECKED[:] = [seen]
    app = new_app(window=size)
    try:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
        app.ctx.settings.animation_speed = 8.0
        host_here(app, ["human"])  # (a port kept for the settings' line)
        i18n.set_language(lang)
        tag = f"large_{lang}_{size[0]}x{size[1]}"
        app.stack.clear_to(app.ctx.nav.make("title"))
        frames(app, 3)
        click(app, app.stack.top.widget("online").rect.center, 2)
        menu = app.stack.top
        frames(app, 30)
        shot(app, f"menu_{tag}")
        click(app, menu.widget("join").rect.center, 2)
        frames(app, 30)
        shot(app, f"join_{tag}")
        lobby = host_table(app, shared.url, ["human"])
        until(app, lambda lobby=lobby: bool(lobby.seats), what="the seats")
        frames(app, 2)
        assert lobby.widget("copy").visible
        shot(app, f"lobby_{tag}")
        app.stack.clear_to(app.ctx.nav.make("title"))
        app.stack.push(app.ctx.nav.make("settings"))
        frames(app, 2)
        settings = app.stack.top
        assert "kept for your tables" in settings.host_port_hint() or lang != "en"
        shot(app, f"settings_{tag}")
        assert seen.problems == [], "\n".join(seen.problems)
    finally:
        CHECKED.clear()
        i18n.set_language("en")
        app.close()


# -- text drawn as wide as measured ----------------------------------------------------------------
def test_at_1440x810_with_large_text_the_turn_line_stays_inside_its_panel(
    data_dir, monkeypatch
) -> None:
    """The playtest's German Lucky Box at 1440x810 with Large text: "setze Blitze ein: L
    zeigt, wohin sie reichen." ran onto its panel's edge. The font drawn at that window's
    scale (1.125) spaced letters 4% wider than the layout measured; now every line is drawn as
    wide as it was measured, and stays inside the panel it was wrapped for."""
    from game.catalog import new_app
    from game.core import i18n
    from game.core.session import Seat
    from tests.test_text_overlaps import watched_frames

    watching = watched_frames(monkeypatch)
    seen = next(watching)
    app = new_app(window=(1440, 810))
    try:
        i18n.set_language("de")
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
        table = app.ctx.nav.make("luckybox.start_game", seats=[Seat("Spieler 1")], seed=198392)
        until(app, lambda: isinstance(app.stack.top, DraftScene), what="the draft")
        draft = app.stack.top
        press(app, pygame.K_h, 2)  # the hint's cards: the first number has a golden square
        for card in draft.hinted:
            click(app, draft.card_center(card))
        click(app, draft.widget("confirm").rect.center, 2)
        lucky_box_settle(app, table)
        bonuses = table.kit.bonuses
        lines = [line for line, _size, _centre in bonuses.hint_lines()]
        assert lines[-1].endswith("wohin sie reichen."), lines
        for line in lines:  # as wide as measured, in every way the game draws text
            size = bonuses.hint_lines()[0][1]
            measured = app.ctx.text.font(size).size(line)[0]
            assert (
                app.ctx.text.render(line, size, (255, 255, 255)).get_bounding_rect().w <= measured
            )
        seen.drawn.clear()
        app.redraw()
        frames(app, 1)
        inks = [rect for text, rect in seen.drawn if text in lines]
        assert len(inks) == len(lines)
        assert all(bonuses.rect.contains(ink) for ink in inks), (bonuses.rect, inks)
    finally:
        i18n.set_language("en")
        app.close()
