"""Every scene fills every window shape from 5:4 to 21:9 (issue 22, item 13).

The picture takes the window's shape: 720 logical pixels high and wider for a wide window,
1280 wide and taller for a tall one, the 1280x720 design centred in it. No bars: the window's
corners show the scene's own backdrop, and every button or other focus target lies inside the
window. Each scene is reached as a player reaches it, in a real app resized to each shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.toolkit import gfx, window as window_mode
from game.core.ui.toolkit.canvas import BAR_COLOUR
from game.core.ui.toolkit.focus_targets import targets_of
from tests.support import to_first_number
from tests.test_text_fits import finished
from tests.ui_helpers import frames

#: 5:4, 16:10, 16:9, 21:9 and 4:3, the shapes issue 22 names.
SHAPES = [(1024, 768), (1280, 1024), (1280, 800), (1920, 1080), (2560, 1080)]


def _table(app: Any, game: str) -> Any:
    app.ctx.nav.make(
        f"{game}.start_game", seats=[Seat("Ann", "human"), Seat("Bot", "easy")], seed=5
    )
    frames(app, 20, dt=0.2)
    return app.stack.top


def _game_end(app: Any, game: str) -> Any:
    from game.blanco.entry import BLANCO

    session = finished(["Ann", "Bot"], 4, BLANCO if game == "blanco" else None)
    scene = app.ctx.nav.make(f"{game}.game_end", session=session)
    app.stack.clear_to(scene)
    return scene


def _pushed(route: str, **kw: Any) -> Callable[[Any], Any]:
    def open_(app: Any) -> Any:
        scene = app.ctx.nav.make(route, **kw)
        app.stack.clear_to(scene)
        return scene

    return open_


SCENES: dict[str, Callable[[Any], Any]] = {
    "title": _pushed("title"),
    "settings": _pushed("settings"),
    "stats": _pushed("stats"),
    "stats_daily": _pushed("stats_daily"),
    "replays": _pushed("replays"),
    "howto_luckybox": _pushed("howto", game="luckybox"),
    "howto_blanco": _pushed("howto", game="blanco"),
    "setup_luckybox": _pushed("luckybox.setup"),
    "setup_blanco": _pushed("blanco.setup"),
    "table_luckybox": lambda app: _table(app, "luckybox"),
    "table_blanco": lambda app: _table(app, "blanco"),
    "game_end_luckybox": lambda app: _game_end(app, "luckybox"),
    "game_end_blanco": lambda app: _game_end(app, "blanco"),
}


SENTINEL = (255, 0, 255)  # a colour no scene paints


def _corners(size: tuple[int, int]) -> list[tuple[int, int]]:
    w, h = size
    return [(1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2), (w // 2, 1), (1, h // 2)]


@pytest.mark.parametrize("size", SHAPES, ids=[f"{w}x{h}" for w, h in SHAPES])
def test_every_scene_fills_the_window_and_keeps_its_buttons_inside(app: Any, size: Any) -> None:
    window_mode.the_window().size = size
    app.settle_window()
    app.ctx.nav.push("title")
    frames(app, 2)
    view = gfx.view(app.screen)
    assert view.size == window_mode.logical_size(size)
    problems = []
    for name, open_scene in SCENES.items():
        scene = open_scene(app)
        frames(app, 4, dt=0.2)
        app.redraw()
        frames(app, 1)
        shown = app.window_image()
        assert shown.get_size() == size
        for corner in _corners(size):
            if shown.get_at(corner)[:3] == BAR_COLOUR:
                problems.append(f"{name}: bar colour at {corner}")
        top = scene if app.stack.top is scene else app.stack.top
        if getattr(top, "fills_screen", False):  # it paints the margins itself, every frame
            app.screen.fill(SENTINEL)
            top.draw(app.screen)
            for corner in ((view.left + 1, view.top + 1), (view.right - 2, view.bottom - 2)):
                if tuple(app.screen.get_at(corner))[:3] == SENTINEL:
                    problems.append(f"{name}: the margin at {corner} is not painted")
        targets = targets_of(top)
        assert targets or name.startswith("table"), f"{name}: no focus target"
        for target in targets:
            if not view.contains(pygame.Rect(target.rect)):
                problems.append(f"{name}: {target.rect} outside {view}")
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems)


def test_the_margins_of_a_wide_window_are_the_scenes_own_backdrop(app: Any) -> None:
    """The margins are drawn by the scene, not left as they were: a title in a 21:9 window
    shows the same backdrop colour at its far left as just inside the design's left edge."""
    window_mode.the_window().size = (2560, 1080)
    app.settle_window()
    app.ctx.nav.push("settings")
    frames(app, 3)
    view = gfx.view(app.screen)
    assert view.left < -150 and view.right > 1280 + 150
    shown = app.window_image()
    scale = window_mode.shown_scale((2560, 1080))
    inside = shown.get_at((round((0 - view.left + 4) * scale), 1000))
    margin = shown.get_at((3, 1000))
    assert all(abs(a - b) <= 24 for a, b in zip(inside[:3], margin[:3], strict=True))


@pytest.mark.parametrize("scale", [1.3278, 1.5, 0.8, 2.125])
def test_a_dimmed_backdrop_has_no_seams_at_any_scale(scale: float) -> None:
    """Issue 22, item 10: the veil under dialogs was laid in strips of logical rows; at a
    fractional scale their pixel edges overlapped or left a row, a darker or lighter seam."""
    from game.core.ui.toolkit.paint import dim

    pixels = pygame.Surface((round(1280 * scale), round(720 * scale)))
    surface = gfx.HiSurface(pixels, scale, (1280, 720))
    surface.fill((120, 80, 200))
    dim(surface, 150)
    column = {tuple(pixels.get_at((7, y)))[:3] for y in range(pixels.get_height())}
    assert len(column) == 1, column
    assert column != {(120, 80, 200)}  # it did darken


#: The Lucky Box table's side panels and the edge of the window each keeps to, at 21:9.
SIDE_PANELS = {
    "player_banner": "left",
    "pending_queue": "left",
    "other_boards": "right",
    "moon_pile": "right",
    "scorecard": "right",
    "button_undo": "right",
    "button_menu": "right",
}
EDGE_MARGIN = 24  # logical px: the design's own margin is 16


def _playing(app: Any) -> Any:
    """A Lucky Box table at its first number (the draft done), Ann against a computer."""
    table = app.ctx.nav.make(
        "luckybox.start_game", seats=[Seat("Ann", "human"), Seat("Bot", "easy")], seed=5
    )
    to_first_number(app, table)
    return table


def test_a_wide_window_puts_the_side_panels_at_its_edges(app: Any) -> None:
    """Issue 22, item 13: at 21:9 the table uses the room: its side panels (banner, bonuses,
    piles, scorecard, buttons, other boards) reach the window's edges, and the current
    player's cards take the width between, instead of a 16:9 table centred on the felt."""
    window_mode.the_window().size = (2560, 1080)
    app.settle_window()
    table = _playing(app)
    app.redraw()
    frames(app, 2)
    view = gfx.view(app.screen)
    assert view.width > 1280 + 400
    layout = app.ctx.layout
    for name, side in SIDE_PANELS.items():
        rect = layout.region(name)
        gap = rect.left - view.left if side == "left" else view.right - rect.right
        assert 0 <= gap <= EDGE_MARGIN, f"{name}: {gap:.0f} px from the {side} edge"
    board = layout.region("current_board")
    assert board.width > 976 + 300, "the current player's cards take the width"
    buttons = table.controls.buttons
    assert buttons["menu"].rect == layout.region("button_menu"), "the buttons follow"
    assert view.right - table.help.scoring.rect.right <= EDGE_MARGIN
    # Back to 16:9: the design's own places again.
    window_mode.the_window().size = (1280, 720)
    app.settle_window()
    app.redraw()
    frames(app, 2)
    assert layout.region("scorecard") == pygame.FRect(1008, 416, 256, 176)
    assert buttons["menu"].rect == pygame.FRect(1140, 656, 124, 40)
    assert not app.errors


def test_a_tall_window_gives_the_cards_the_height(app: Any) -> None:
    """At 5:4 the top row keeps to the top, the message and buttons to the bottom, and the
    current player's cards grow into the height between."""
    table = _playing(app)
    app.redraw()
    frames(app, 2)
    wide = table.kit.board.rects(table.focus)
    window_mode.the_window().size = (1280, 1024)
    app.settle_window()
    app.redraw()
    frames(app, 2)
    view = gfx.view(app.screen)
    layout = app.ctx.layout
    assert layout.region("player_banner").top - view.top <= EDGE_MARGIN
    assert view.bottom - layout.region("button_menu").bottom <= EDGE_MARGIN
    assert view.bottom - layout.region("message").bottom <= EDGE_MARGIN
    tall = table.kit.board.rects(table.focus)
    assert tall[0].height > wide[0].height + 5, f"larger cards than 16:9's: {tall} {wide}"
    assert not app.errors
