"""Issue 67, "a table worth sitting at": Blanco's table is a wooden table with a baize cloth,
not flat teal panels, at every window shape; its end celebrates (confetti in the cards'
colours, the rows coming in, the winner's on gold) and then rests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.scenes.celebration import GOLD, settled
from game.core.session import Seat, Session
from game.core.ui.screens.gameend import GameEndScreen
from game.core.ui.toolkit import gfx, window as window_mode
from tests.ui_helpers import frames


def finished() -> Session:
    session = Session([Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")], 5, game=BLANCO)
    rng = random.Random(1)
    while not session.state.is_terminal():
        seat = session.next_seat()
        assert seat is not None
        session.apply(rng.choice(session.state.legal_actions(seat)))
    return session


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (2560, 1080)])
def test_the_table_is_wood_and_baize_not_flat_panels(app: Any, size: tuple[int, int]) -> None:
    window_mode.the_window().size = size
    app.settle_window()
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy")], seed=4)
    frames(app, 3)
    layer = table.kit.static_layer()
    view = gfx.view(app.screen)
    pixels = gfx.pixels_of(layer)
    w, h = pixels.get_size()
    corner = pixels.get_at((1, h // 2))[:3]  # the left rim, half-way down
    assert corner[0] > corner[1] + 20 and corner[0] > corner[2] + 20, ("wood", corner)
    # The cloth between the columns is not one flat colour: its speckle and shading.
    area = table.kit.geometry.grid_area.move(-view.x, -view.y)
    scale = w / view.w
    colours = {
        tuple(pixels.get_at((round((area.x + x) * scale), round((area.bottom + y) * scale))))[:3]
        for x in range(0, int(area.w))
        for y in range(4, 18, 2)
    }
    assert len(colours) >= 4, colours
    assert not app.errors


def confetti_pixels(app: Any, end: Any) -> int:
    colours = {flake[5] for flake in end.confetti.flakes}
    return sum(
        1
        for x in range(0, 1280, 3)
        for y in range(0, 160, 4)
        if tuple(app.screen.get_at((x, y)))[:3] in colours
    )


def test_the_end_celebrates_then_rests(app: Any) -> None:
    end = app.ctx.nav.make("blanco.game_end", session=finished())
    app.stack.clear_to(end)
    frames(app, 2)
    assert isinstance(end, GameEndScreen) and end.needs_redraw(), "the celebration moves"
    assert len({flake[5] for flake in end.confetti.flakes}) >= 8, "in the cards' colours"
    frames(app, 50)  # confetti falling over the results
    falling = confetti_pixels(app, end)
    frames(app, round(settled(3) * 60) + 5)
    assert not end.needs_redraw(), "then the screen rests"
    assert falling > confetti_pixels(app, end) + 20, "confetti fell over the top of the screen"
    winner_row = end.row_rect(0).y + 1  # the winner's row band's top edge
    row = [
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(300, 980, 4)
        for y in range(round(winner_row) - 2, round(winner_row) + 3)
    ]
    assert GOLD in row, "the winner's row on gold"
    assert not app.errors


def test_reduced_motion_shows_every_row_at_once_and_no_confetti(app: Any) -> None:
    from game.core.ui.toolkit import motion

    motion.set_reduced(True)
    try:
        end = app.ctx.nav.make("blanco.game_end", session=finished())
        app.stack.clear_to(end)
        frames(app, 2)
        at_once = confetti_pixels(app, end)
        frames(app, 30)  # less than the rows' entrance takes with motion
        assert not end.needs_redraw(), "nothing moves: every row is there"
        frames(app, 300)
        assert confetti_pixels(app, end) == at_once, "no confetti fell"
    finally:
        motion.set_reduced(False)


def test_a_table_of_the_same_shape_is_painted_once_and_looks_the_same() -> None:
    """A new table of the window's shape shows the picture already painted (the same surface,
    the same pixels as a fresh painting); another shape is painted anew, and only the newest
    shapes are kept."""
    import pygame

    from game.blanco.ui.table import surface as table_surface

    pygame.display.init()
    try:
        pygame.display.set_mode((1024, 768))
        table_surface._PAINTED.clear()
        view = pygame.Rect(0, 0, 1280, 720)
        places = [pygame.FRect(100, 100, 400, 300), pygame.FRect(600, 420, 300, 200)]
        first = table_surface.painted(view, places, (1280, 720))
        assert table_surface.painted(view, list(places), (1280, 720)) is first
        fresh = gfx.layer(view, (1280, 720))
        table_surface.paint_table(fresh, view, places)
        assert bytes(pygame.image.tobytes(first, "RGBA")) == bytes(
            pygame.image.tobytes(fresh, "RGBA")
        ), "the kept picture is what painting draws"
        moved = [places[0], pygame.FRect(600, 400, 300, 200)]
        assert table_surface.painted(view, moved, (1280, 720)) is not first, "other places"
        for width in (1300, 1400):  # two other shapes push the first out
            table_surface.painted(pygame.Rect(0, 0, width, 720), places, (width, 720))
        assert len(table_surface._PAINTED) == table_surface.PAINTED_KEPT
        assert table_surface.painted(view, places, (1280, 720)) is not first, "painted anew"
    finally:
        table_surface._PAINTED.clear()
        pygame.display.quit()
