"""The guided game's marks never cover the label of what they point at (issue 22, item 10): the
pointer frames the button, square or card it means, outside its edges, and its arrow's tip
rests on its edge or corner (issue 66, item 1: pointing at the thing, not at a neighbour), so
the label ("Next", "Keep", a square's number) stays readable. Each moment is reached by
playing the guided game with clicks where the guide points."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.ui.screens.guide import Guide
from game.core.ui.toolkit.sketch import (
    ARROW_HALF,
    SHAFT_HALF,
    arrow_covers,
    arrow_route,
    arrow_sweep,
    arrow_tip_bobbed,
    label_area,
)
from tests.keys_helpers import key
from tests.ui_helpers import click, frames


def _covered(app: Any, guide: Guide) -> tuple[pygame.FRect, int]:
    """The marked thing's rect and how many pixels of its label (its middle) the guide's
    drawing changes."""
    marked = guide.marked()
    assert marked is not None, f"the guide points at nothing clickable: {guide.advice}"
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)
    before = surface.copy()
    guide.draw(surface)
    inside = pygame.Rect(label_area(marked))
    changed = sum(
        1
        for x in range(inside.left, inside.right)
        for y in range(inside.top, inside.bottom)
        if surface.get_at((x, y)) != before.get_at((x, y))
    )
    return marked, changed


def test_the_guides_marks_leave_what_they_point_at_readable(app: Any) -> None:
    app.ctx.nav.make("luckybox.guided")
    app.ctx.settings.animation_speed = 8.0
    guide = app.ctx.stack.overlay
    assert isinstance(guide, Guide)
    seen: dict[str, int] = {}
    for _ in range(3000):
        frames(app, 1)
        top = app.stack.top
        if getattr(getattr(top, "animator", None), "busy", False):
            key(app, pygame.K_SPACE)
            continue
        advice = guide.advice
        if advice is None or advice.target is None:
            continue
        if advice.kind not in seen:
            for t in (0.0, 0.1, 0.3):  # the frame breathes: never inward
                guide.time = t
                marked, changed = _covered(app, guide)
                assert changed == 0, f"{advice.kind}: {changed} pixels of {marked} covered"
            seen[advice.kind] = 1
        if {"keep", "cross", "next"} <= set(seen):
            break
        click(app, advice.target)
    assert {"keep", "cross", "next"} <= set(seen), seen
    assert not app.errors


# --------------------------------------------------------------------------- the arrow's route

VIEW = pygame.FRect(0, 0, 1280, 720)
SQUARE, GAP = 64, 8
ROOM = 170  # what an arrow needs beside a thing: its frame, gap, length, bob and width


def _grid(left: float, top: float) -> dict[tuple[int, int], pygame.FRect]:
    return {
        (r, c): pygame.FRect(left + c * (SQUARE + GAP), top + r * (SQUARE + GAP), SQUARE, SQUARE)
        for r in range(3)
        for c in range(3)
    }


def _free_side(at: tuple[int, int], square: pygame.FRect, view: pygame.FRect) -> bool:
    """Whether one side of the square has no neighbour and room for an arrow to the edge."""
    r, c = at
    return (
        (r == 0 and square.top - view.top >= ROOM)
        or (r == 2 and view.bottom - square.bottom >= ROOM)
        or (c == 0 and square.left - view.left >= ROOM)
        or (c == 2 and view.right - square.right >= ROOM)
    )


GRID_W = 3 * SQUARE + 2 * GAP
EDGES = {
    "top": (640 - GRID_W / 2, 12),
    "bottom": (640 - GRID_W / 2, 720 - 12 - GRID_W),
    "left": (12, 360 - GRID_W / 2),
    "right": (1280 - 12 - GRID_W, 360 - GRID_W / 2),
    "top-left": (12, 12),
    "bottom-right": (1280 - 12 - GRID_W, 720 - 12 - GRID_W),
}


def _on_target(start: tuple[float, float], end: tuple[float, float], square: Any) -> bool:
    """The arrow's tip lies inside the square at rest and at its furthest bob, off its label."""
    inside = pygame.FRect(square).inflate(-2, -2)
    return (
        inside.collidepoint(end)
        and inside.collidepoint(arrow_tip_bobbed(start, end))
        and not label_area(square).collidepoint(end)
    )


def _behind_head(start: tuple[float, float], end: tuple[float, float]) -> tuple[Any, Any]:
    """The arrow from behind its head (which lies on the target) to its tail."""
    dx, dy = start[0] - end[0], start[1] - end[1]
    norm = (dx * dx + dy * dy) ** 0.5
    return (end[0] + dx / norm * 22, end[1] + dy / norm * 22), start


@pytest.mark.parametrize("edge", list(EDGES))
def test_the_arrow_keeps_off_the_square_and_its_neighbours_near_each_edge(edge: str) -> None:
    """Issue 22, item 10: a square of a 3x3 block near an edge (the top, where the arrow used
    to come up through the squares below; each other edge and corner): wherever the square
    has a free side, the arrow comes in from there, its tip on the square (issue 66, item 1),
    off its label, the rest of it clear of all eight others, and inside the window."""
    squares = _grid(*EDGES[edge])
    checked = 0
    for at, square in squares.items():
        if not _free_side(at, square, VIEW):
            continue
        start, end = arrow_route(square, list(squares.values()), VIEW)
        assert _on_target(start, end, square), f"{edge} {at}: the tip {end} is not on it"
        neck, tail = _behind_head(start, end)
        covered = [
            other
            for other in squares.values()
            if other is not square
            and other.inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF).clipline(
                neck, arrow_sweep(start, end)[1]
            )
        ]
        assert covered == [], f"{edge} {at}: the arrow crosses {covered}"
        tip, tail = arrow_sweep(start, end)
        inside = VIEW.inflate(-2 * ARROW_HALF, -2 * ARROW_HALF)
        assert inside.collidepoint(tip) and inside.collidepoint(tail), (edge, at, start, end)
        checked += 1
    assert checked >= 4, "each block has squares with a free side"


def test_the_arrow_keeps_off_text_and_comes_another_way() -> None:
    """A text panel where the arrow would go: it comes another way, its tip on the square,
    never through a neighbour; with neighbours on every side but the text's, it still keeps
    off the text (over a neighbour's corner rather than across the words)."""
    square = pygame.FRect(600, 400, SQUARE, SQUARE)
    above = pygame.FRect(560, 290, 160, 70)  # the message right above the square
    start, end = arrow_route(square, [square], VIEW, text=[above])
    assert not arrow_covers(start, end, above) and _on_target(start, end, square)
    # Neighbours left, right and below: the way in from above passes by the text.
    neighbours = [square.move(-SQUARE - GAP, 0), square.move(SQUARE + GAP, 0)]
    neighbours += [square.move(dx, SQUARE + GAP) for dx in (-SQUARE - GAP, 0, SQUARE + GAP)]
    start, end = arrow_route(square, [square, *neighbours], VIEW, text=[above])
    assert _on_target(start, end, square)
    assert not arrow_covers(start, end, above), "off the text"
    neck, tail = _behind_head(start, end)
    assert not any(label_area(r).clipline(neck, tail) for r in neighbours), "off their labels"


def test_the_guides_arrow_never_covers_what_it_points_at_in_the_guided_games(app: Any) -> None:
    """Played by clicks where the guide points, in both games' guided games: at every moment
    the arrow's tip lies on the marked thing, off its label, and the arrow inside the window;
    where the thing has room beside it (a button, a pile, a card of the set-up), also off
    every other thing to click (behind its head, which lies on the thing) and off the guide's
    and the table's text."""
    from game.core.ui.toolkit import gfx

    clean = {"luckybox": {"keep", "next"}, "blanco": {"setup_reveal", "setup_look", "discard"}}
    for game in ("luckybox", "blanco"):
        app.ctx.nav.make(f"{game}.guided")
        app.ctx.settings.animation_speed = 8.0
        guide = app.ctx.stack.overlay
        assert isinstance(guide, Guide)
        seen: set[str] = set()
        for _ in range(3000):
            frames(app, 1)
            top = app.stack.top
            if getattr(getattr(top, "animator", None), "busy", False):
                key(app, pygame.K_SPACE)
                continue
            advice = guide.advice
            if advice is None or advice.target is None:
                continue
            app.redraw()
            frames(app, 1)
            marked = guide.marked()
            assert guide.arrow is not None and marked is not None, advice
            start, end = guide.arrow
            assert _on_target(start, end, marked), f"{game} {advice.kind}: not on its target"
            tip, tail = arrow_sweep(start, end)
            view = gfx.view(app.screen)
            assert view.collidepoint(tip) and view.collidepoint(tail), (game, advice.kind)
            if advice.kind in clean[game]:
                neck, tail = _behind_head(start, end)
                crossed = [
                    r
                    for r in guide.avoided(marked)
                    if r.inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF).clipline(neck, tail)
                ]
                crossed += [r for r in guide.texts() if arrow_covers(start, end, r)]
                assert crossed == [], f"{game} {advice.kind}: the arrow crosses {crossed}"
            seen.add(advice.kind)
            if clean[game] <= seen:
                break
            click(app, advice.target)
        assert clean[game] <= seen, (game, seen)
        guide.skip()
    assert not app.errors
