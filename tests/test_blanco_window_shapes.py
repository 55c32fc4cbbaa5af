"""Blanco's table re-flows to every window shape from 5:4 to 21:9 (issue 22, item 13).

At 21:9 the left column (piles, buttons, prompt) keeps to the window's left edge and the other
players' column to its right edge, the banner, grid and hand taking the width between; at 5:4
the hand sits at the bottom and the grid's cards grow into the height. Each table is a real
scene in a real app resized to the shape, and a turn is played by the system's mouse clicks
(window pixels) at the places the table's geometry gives.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table import geometry as geo
from game.core.session import Seat
from game.core.ui.toolkit import gfx, window as window_mode
from tests.test_blanco_ui import click_action, settle
from tests.ui_helpers import frames

SHAPES = [(1024, 768), (1280, 1024), (1280, 800), (1920, 1080), (2560, 1080)]
EDGE_MARGIN = 30  # logical px: the design's own margins are 14 to 26


def _resize(app: Any, size: tuple[int, int]) -> None:
    if app.stack.top is None:  # (an app with nothing to show stops)
        app.ctx.nav.push("title")
    window_mode.the_window().size = size
    app.settle_window()
    app.redraw()
    frames(app, 2)


def _table(app: Any, others: int = 1) -> Any:
    seats = [Seat("Ann", "human")] + [Seat(f"Bot{i}", "easy") for i in range(others)]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=5)
    frames(app, 20, dt=0.2)
    for _ in range(40):  # the deal, at the pace a player can follow (issue 67)
        if table.human_turn():
            break
        frames(app, 1, dt=0.2)
    return table


def _window_click(app: Any, pos: tuple[float, float]) -> None:
    """A click as the system sends it: in window pixels, with the window it happened in."""
    x, y = window_mode.to_window(pos, window_mode.the_window().size)
    at = (round(x), round(y))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), touch=False, window=None
        )
    )
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, touch=False, window=None))
    frames(app, 1)


def test_a_wide_window_puts_blancos_columns_at_its_edges(app: Any) -> None:
    _resize(app, (2560, 1080))
    table = _table(app, others=3)
    app.redraw()
    frames(app, 2)
    view = gfx.view(app.screen)
    assert view.width > 1280 + 400
    g = table.kit.geometry
    assert app.stack.top is table, app.stack.top
    assert g.view == view, "the table lays out for what the window shows"
    button_column = pygame.FRect(g.buttons["swap"]).unionall(list(g.buttons.values()))
    for rect in (g.piles_back, g.prompt, g.choices, button_column):
        assert 0 <= rect.left - view.left <= EDGE_MARGIN, f"{rect} not at the left edge"
    panels = list(table.kit.others.panels().values())
    assert len(panels) == 3
    for panel in panels:
        assert 0 <= view.right - panel.right <= EDGE_MARGIN, f"{panel} not at the right edge"
    for name, button in table.controls.buttons.items():
        assert button.rect == g.buttons[name], f"the {name} button follows the geometry"
    # The middle takes the width between the columns, the grid and hand centred in it.
    for middle in (g.banner, g.grid_area, g.hand_area):
        assert middle.left > g.piles_back.right and middle.right < min(p.left for p in panels)
        assert middle.width > 560 + 300
    cells = table.kit.grid.rects().values()
    grid_x = (min(r.left for r in cells) + max(r.right for r in cells)) / 2
    assert grid_x == pytest.approx(g.grid_area.centerx, abs=1)
    # The hand's places centred, its cards in them from the left (a drawn card lands in the
    # free place and the others stay where they are: issue 74).
    places = g.hand_rects(geo.HAND_SLOTS)
    hand = table.kit.hand.rects()
    assert hand == places[: len(hand)]
    hand_x = (places[0].left + places[-1].right) / 2
    assert hand_x == pytest.approx(g.hand_area.centerx, abs=1)
    # Back to 16:9: the design's own places.
    _resize(app, (1280, 720))
    g = table.kit.geometry
    assert g.draw_pile == pygame.FRect(36, 84, 110, 154)
    assert g.grid_area == geo.GRID_AREA and g.others == geo.OTHERS
    assert table.controls.buttons["menu"].rect == pygame.FRect(170, 372, 134, 48)
    assert not app.errors


def test_a_tall_window_puts_the_hand_at_the_bottom_and_grows_the_grids_cards(app: Any) -> None:
    _resize(app, (1920, 1080))
    table = _table(app)
    wide = next(iter(table.kit.grid.rects().values()))
    assert wide.size == (100, 140)
    for size in ((1280, 1024), (1024, 768)):
        _resize(app, size)
        view = gfx.view(app.screen)
        g = table.kit.geometry
        tall = next(iter(table.kit.grid.rects().values()))
        assert tall.height > wide.height + 20 and tall.width > wide.width + 15, (size, tall)
        assert view.bottom - g.hand_area.bottom <= EDGE_MARGIN, "the hand sits at the bottom"
        assert view.bottom - g.prompt.bottom <= EDGE_MARGIN
        assert g.banner.top - view.top <= EDGE_MARGIN and g.piles_back.top - view.top <= 60
        for cell in table.kit.grid.rects().values():
            assert g.grid_area.contains(cell.inflate(10, 10)), "an outlined card fits its frame"
    assert not app.errors


@pytest.mark.parametrize("size", SHAPES, ids=[f"{w}x{h}" for w, h in SHAPES])
def test_nothing_lies_outside_the_window_or_over_another_region(app: Any, size: Any) -> None:
    _resize(app, size)
    table = _table(app, others=3)
    app.redraw()
    frames(app, 2)
    view = gfx.view(app.screen)
    g = table.kit.geometry
    regions = {
        "banner": g.banner,
        "grid": g.grid_area,
        "hand": g.hand_area,
        "piles": g.piles_back,
        "prompt": g.prompt,
        **{f"button {name}": rect for name, rect in g.buttons.items() if name != "next"},
        **{f"panel {seat}": rect for seat, rect in table.kit.others.panels().items()},
    }
    problems = [
        f"{name} {rect} outside {view}" for name, rect in regions.items() if not view.contains(rect)
    ]
    for (a, ra), (b, rb) in combinations(regions.items(), 2):
        if ra.colliderect(rb):
            problems.append(f"{a} {ra} overlaps {b} {rb}")
    # Next and the step's choices show in the buttons' place below the memory aid.
    for name, rect in (("next", g.buttons["next"]), ("choices", g.choices)):
        if rect.colliderect(g.prompt) or rect.colliderect(g.buttons["aid"]):
            problems.append(f"{name} {rect} overlaps the prompt or the memory aid")
    for cell in table.kit.grid.rects().values():
        if not g.grid_area.contains(cell):
            problems.append(f"a grid card {cell} outside its frame {g.grid_area}")
    for card in table.kit.hand.rects():
        if not g.hand_area.contains(card):
            problems.append(f"a hand card {card} outside its frame {g.hand_area}")
    assert problems == [], "\n".join(problems)
    assert not app.errors


@pytest.mark.parametrize("size", [(2560, 1080), (1280, 1024)], ids=["21:9", "5:4"])
def test_a_turn_is_played_by_mouse_clicks_where_the_table_shows_things(app: Any, size: Any) -> None:
    """The set-up and a whole turn (draw, then play or discard) by the system's clicks in
    window pixels at the re-flowed places: each click lands on what the frame showed there."""
    app.ctx.settings.animation_speed = 4.0
    _resize(app, size)
    table = _table(app)
    bot = BLANCO.bots.make_bot("normal", 5, 0)
    played = []
    while len(played) < 3:
        settle(app, table)
        assert app.stack.top is table
        count = len(table.state.actions)
        action = bot.choose(table.state.view_for(table.focus), table.focus)
        click_action(app, table, action, click=lambda app, pos: _window_click(app, pos))
        assert len(table.state.actions) == count + 1, (action, table.message)
        assert table.state.actions[-1] == action
        played.append(type(action).__name__)
    assert played[0] == "Setup" and "Draw" in played, played
    assert not app.errors
