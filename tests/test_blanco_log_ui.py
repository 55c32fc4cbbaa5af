"""Issue 67 at the real Blanco table, by posted events: the move log tells the computers' turns
in words and names no card the screen's viewer may not know; the places another player changed
show a ring until the player acts; the wheel goes back through the log, a click or L opens it."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules.cards import ALL_CARDS
from game.blanco.rules.views import redact
from game.blanco.ui.table.log_panel import LAST_MOVE
from game.blanco.ui.words import card_name
from game.core.session import Seat
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.table import Table
from tests.test_blanco_ui import human_step, settle
from tests.ui_helpers import click, frames, press


def named(text: str) -> set[int]:
    return {c for c in ALL_CARDS if re.search(rf"(?<!\w){re.escape(card_name(c))}(?!\w)", text)}


def private_to_others(table: Table, reader: int) -> set[int]:
    """Cards other seats hold unseen by `reader` now: in their hands or face down, never shown
    to `reader` by any event so far."""
    shown: set[int] = set()
    for event in table.kit.move_log.events:
        seen = redact(event, reader)
        for field in ("card", "replaced"):
            value = getattr(seen, field, 0)
            if isinstance(value, int) and value:
                shown.add(value)
        for value in getattr(seen, "cards", ()) or ():
            if isinstance(value, int) and value:
                shown.add(value)
    hidden: set[int] = set()
    for seat, p in enumerate(table.state.players):
        if seat == reader:
            continue
        hidden.update(p.hand)
        for r, row in enumerate(p.grid):
            hidden.update(v for c, v in enumerate(row) if not p.up[r][c])
    return hidden - shown


def play_to_turn(app: Any, table: Table, bot: Any, turns: int) -> None:
    for _ in range(400):
        settle(app, table)
        if isinstance(app.stack.top, HandoffScene):
            click(app, app.stack.top.widget("go").rect.center, 2)
            continue
        if table.state.phase == "turn" and table.state.players[0].turns >= turns:
            return
        human_step(app, table, bot)
    raise AssertionError("not there in time")


def test_the_log_tells_a_computers_turn_and_rings_what_it_changed(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy")], seed=21)
    bot = BLANCO.bots.make_bot("normal", 1, 0)
    play_to_turn(app, table, bot, 3)
    frames(app, 2)
    rows = table.kit.log_panel.rows_drawn
    assert any(row.startswith("Bo ") for row in rows), rows
    assert any(row.startswith("Ann ") for row in rows), rows
    secret = private_to_others(table, 0)
    for row in rows:
        assert not named(row) & secret, row
    ring = next(part for part in table.parts if type(part).__name__ == "LastMoves")
    places = ring.places()
    assert places and {seat for seat, _r, _c in places} == {1}, places
    seat, r, c = sorted(places)[0]
    rect = table.kit.cell_rects(seat)[(r, c)]
    x, y = round(rect.x), round(rect.centery)
    edge = [tuple(app.screen.get_at((x - d, y)))[:3] for d in range(4)]
    assert LAST_MOVE in edge, edge  # the ring, just outside the card
    click(app, table.kit.geometry.draw_pile.center, 2)  # Ann acts: what Bo did has been seen
    assert not ring.places()
    assert not app.errors


def test_the_wheel_goes_back_and_a_click_or_l_opens_the_log(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    seats = [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=8)
    bot = BLANCO.bots.make_bot("normal", 1, 0)
    play_to_turn(app, table, bot, 6)
    frames(app, 1)
    panel = table.kit.log_panel
    newest = list(panel.rows_drawn)
    closed = panel.rect()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=closed.center, rel=(1, 1), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    frames(app, 2)
    assert panel.back == 2 and panel.rows_drawn != newest
    assert panel.rows_drawn[-1] == newest[-3], "two rows back"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
    frames(app, 2)
    assert panel.back == 0 and panel.rows_drawn == newest
    click(app, closed.center, 2)
    assert panel.open and panel.rect().top == table.kit.geometry.others.top
    assert panel.rect().h > closed.h + 200
    assert len(panel.rows_drawn) > len(newest), "the open log shows more turns"
    press(app, pygame.K_l, 2)
    assert not panel.open and panel.rect() == closed
    assert not app.errors


def test_pass_and_play_each_reader_reads_only_their_own_seat(app) -> None:
    """Two people at one screen: the log is said for whoever holds the screen, and never names
    a card the other one holds unseen (a draw from the pile, a look)."""
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo")], seed=5)
    bots = {0: BLANCO.bots.make_bot("normal", 1, 0), 1: BLANCO.bots.make_bot("normal", 2, 1)}
    readers: set[int] = set()
    for _ in range(300):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click(app, top.widget("go").rect.center, 2)
            continue
        settle(app, table)
        if app.stack.top is not table:
            continue
        reader = table.kit.viewer
        if reader is not None:
            frames(app, 1)
            readers.add(reader)
            secret = private_to_others(table, reader)
            for row in table.kit.log_panel.rows_drawn:
                assert not named(row) & secret, (reader, row)
        if table.human_turn():
            human_step(app, table, bots[table.focus])
        if table.state.players[0].turns >= 5 and readers == {0, 1}:
            break
    assert readers == {0, 1}
    assert not app.errors


def test_a_finished_turn_stays_in_view_until_next_then_the_computer_comes_forward(app) -> None:
    """The computer's panel is brought forward only once the person's Next has been said (it
    covered the person's grid while their finished turn waited), and the rings of the panels
    under it are not drawn over it."""
    from game.blanco.ui.table.spotlight import spotlit

    table = app.ctx.nav.make(
        "blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")], seed=3
    )
    bot = BLANCO.bots.make_bot("normal", 1, 0)
    play_to_turn(app, table, bot, 2)
    human_step(app, table, bot)  # the draw
    settle(app, table)
    human_step(app, table, bot)  # the play (or discard): the turn waits for Next
    while table.animator.busy:
        frames(app, 1)
    assert table.confirming == 0 and spotlit(table) is None
    column = table.kit.geometry.others.w
    assert all(panel.w == column for panel in table.kit.others.panels().values())
    click(app, table.controls.buttons["next"].rect.center)
    for _ in range(600):
        if spotlit(table) is not None:
            break
        frames(app, 1)
    assert spotlit(table) == 1 and table.kit.others.panels()[1].w > column
    frames(app, 1)
    cover = table.kit.others.panels()[1]
    ring = next(part for part in table.parts if type(part).__name__ == "LastMoves")
    for seat, r, c in ring.places():
        rect = table.kit.cell_rects(seat)[(r, c)]
        if seat == 2 and cover.colliderect(rect):
            x, y = round(rect.x) - 1, round(rect.centery)
            assert tuple(app.screen.get_at((x, y)))[:3] != LAST_MOVE
    assert not app.errors


def test_the_panel_brought_forward_is_drawn_whole_beside_the_log_panel(app) -> None:
    """Two players: the other seat's panel brought forward is taller than its place in the
    column; the whole of it shows (the log covered the bottom of the other player's grid while
    they played). Since issue 74 the log's place starts under it (the panel had covered the
    log's newest lines instead): they no longer overlap."""
    from game.blanco.ui.table.spotlight import spotlit

    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy")], seed=5)
    bot = BLANCO.bots.make_bot("normal", 1, 0)
    play_to_turn(app, table, bot, 1)
    human_step(app, table, bot)  # the draw
    settle(app, table)
    human_step(app, table, bot)  # the play (or discard): the turn waits for Next
    while table.animator.busy:
        frames(app, 1)
    click(app, table.controls.buttons["next"].rect.center)
    for _ in range(600):
        if spotlit(table) is not None:
            break
        frames(app, 1)
    assert spotlit(table) == 1
    panel = table.kit.others.panels()[1]
    log = table.kit.log_panel.rect()
    assert not panel.colliderect(log), "the brought-forward panel lies over the log panel"
    frames(app, 1)
    point = (round(panel.x + 24), round(panel.bottom - 8))  # (where the log had covered it)
    alone = app.screen.copy()
    table.kit.others.draw_forward(alone)  # the panel drawn again, on top of all
    assert app.screen.get_at(point) == alone.get_at(point), "the log panel covers it"
    assert not app.errors
