"""Every table keeps a human (docs/PROTOCOL.md, `hand_over`, `last_human`): the host cannot
hand the last human seat to a computer, a table stored with computers alone does not play
until a player's token takes a seat back, and the app's seats menu says the refusal in one
line, in the player's language. A real server on 127.0.0.1 port 0 and real clients; the app
headless, driven by real clicks."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pygame

from game.catalog import game_by_id
from game.core import i18n
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.limits import Limits
from game.online.names import token_hash
from game.online.store import SeatRow, SqliteStore, TableRow
from tests.test_online_helpers import run, running_server
from tests.test_online_ui import (  # noqa: F401 (the server fixture)
    ServerThread,
    server,
    table_with_a_friend,
    until,
)
from tests.ui_helpers import SCREENSHOTS, SCREENSHOTS_KEPT, click, frames, press

LUCKYBOX = game_by_id("luckybox")
LIMITS = Limits()  # the usual: computer tables not allowed


async def _hand_over(host: SeatClient, seat: int, level: str = "hard") -> str | None:
    """The host's hand-over: None when the seats say it went, else the refusal's code."""
    assert host.ws is not None and host.table is not None and host.host_token is not None
    await host.ws.send(p.encode(p.HandOver(host.table, host.host_token, seat, level)))
    while True:
        message = await asyncio.wait_for(host.receive(), 5)
        if isinstance(message, p.Error):
            return message.code
        if isinstance(message, p.Seats) and message.seats[seat].kind == "computer":
            return None


def test_hand_over_refuses_the_last_human_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=LIMITS) as (url, game_server):
            # One free human seat and eleven Hard computers: the seat stays a person's.
            host = SeatClient(url, LUCKYBOX)
            seats = [p.SeatSpec("Free")] + [p.SeatSpec(f"Hard {i}", "hard") for i in range(11)]
            code = await host.open(seats, sit=None)
            await host.watch(code)
            assert await _hand_over(host, 0) == "last_human"
            table = game_server.hub.tables[code]
            assert table.row.seats[0].kind == "human" and not table.computers.bots.get(0)
            # Two human seats: the free one may go; then the host's is the last.
            other = SeatClient(url, LUCKYBOX)
            code = await other.open([p.SeatSpec("Me"), p.SeatSpec("Free")], sit=0)
            assert await _hand_over(other, 1) is None
            assert await _hand_over(other, 0) == "last_human"
            await host.close()
            await other.close()

    run(scenario())


def test_a_table_stored_with_computers_alone_waits_for_a_player_s_token(tmp_path: Path) -> None:
    """A table stored before this rule, every seat a computer's (one handed over from its
    player), is restored without its computers playing; the player's token takes the seat
    back and the game goes on."""
    db = tmp_path / "t.db"
    store = SqliteStore(db)
    seats = [
        SeatRow(0, "Gone", "computer", "easy", token_hash("the-token")),
        SeatRow(1, "Bot", "computer", "easy"),
    ]
    row = TableRow(
        "ABC-DEF", "luckybox", 5, None, token_hash("host"), 300.0, time.time(), None, seats
    )
    store.create_table(row)
    store.close()

    async def scenario() -> None:
        async with running_server(db, limits=LIMITS) as (url, game_server):
            table = game_server.hub.tables["ABC-DEF"]
            await asyncio.sleep(0.3)  # (computers that played would have moved by now)
            assert table.version == 0 and not table.computers.thinking
            back = SeatClient(url, LUCKYBOX)
            back.table, back.seat, back.token = "ABC-DEF", 0, "the-token"
            await back.resume()
            assert table.row.seats[0].kind == "human"
            for _ in range(200):  # the computer plays again, now that a person is back
                if table.version > 0:
                    break
                await asyncio.sleep(0.02)
            assert table.version > 0
            await back.close()

    run(scenario())


def test_computer_tables_allowed_let_the_last_human_seat_go(tmp_path: Path) -> None:
    limits = Limits(computer_tables=True)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, _):
            host = SeatClient(url, LUCKYBOX)
            code = await host.open([p.SeatSpec("Free"), p.SeatSpec("Bot", "easy")], sit=None)
            await host.watch(code)
            assert await _hand_over(host, 0, "easy") is None
            await host.close()

    run(scenario())


#: The sizes and languages the seats menu is shown in: all, to look at them, when the tests
#: save their pictures (SMLB_SCREENSHOTS); else one, to keep the suite quick.
SHOWN = (
    [(size, lang) for size in [(1024, 768), (2560, 1080)] for lang in ("en", "fr", "de")]
    if SCREENSHOTS_KEPT
    else [((1024, 768), "en")]
)


def test_the_seats_menu_says_the_last_human_seat_stays_a_person_s(
    data_dir: Any,
    server: ServerThread,  # noqa: F811 (the fixture)
) -> None:
    from game.catalog import new_app

    for size, lang in SHOWN:
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            app.ctx.settings.animation_speed = 8.0
            lobby, friend, table = table_with_a_friend(app, server)
            server.call(friend.close())
            until(app, lambda t=table: not t.session.infos[1].connected, what="the friend away")
            held = server.table(lobby.code)
            held.row.hold = 0.0  # the hold has passed
            # The host's own seat played by a computer (as once it was handed over while the
            # host was away): the friend's is the table's last seat for a person.
            held.row.seats[0].kind = "computer"
            press(app, pygame.K_ESCAPE)
            seats = app.stack.top
            assert type(seats).__name__ == "TableSeatsScene"
            click(app, seats.widget("computer_1").rect.center)
            until(app, lambda s=seats: s.problem != "", what="the refusal")
            assert seats.problem == i18n.t(
                "online.error.last_human",
                "That is the table's last seat for a person: it stays a person's.",
            )
            assert held.row.seats[1].kind == "human"
            frames(app, 2)
            path = SCREENSHOTS / "online" / f"seats_last_human_{lang}_{size[0]}x{size[1]}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.window_image(), str(path))
        finally:
            i18n.set_language("en")
            app.close()
            pygame.quit()
