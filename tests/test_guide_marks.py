"""The guided game's marks never cover what they point at (issue 22, item 10): the pointer
frames the button, square or card it means, outside its edges, and its arrow stops short, so
the label ("Next", "Keep", a square's number) stays readable. Each moment is reached by
playing the guided game with clicks where the guide points."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.guide import Guide
from tests.keys_helpers import key
from tests.ui_helpers import click, frames


def _covered(app: Any, guide: Guide) -> tuple[pygame.FRect, int]:
    """The marked thing's rect and how many of its pixels the guide's drawing changes."""
    marked = guide.marked()
    assert marked is not None, f"the guide points at nothing clickable: {guide.advice}"
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)
    before = surface.copy()
    guide.draw(surface)
    inside = pygame.Rect(marked).inflate(-2, -2)
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
