"""Issue 66, item 1: the guided game's arrow points at the thing meant. At every guided step of
both games (played by clicks where the guide points), at 1024x768 and 2560x1080, in English,
French and German, at Large text: the arrow's tip lies inside the rectangle of the thing the
guide frames (at rest and at its furthest bob), it stops short of that thing's label, it stays
in the window, and it never lies on the words around (the guide's sentence, the table's
instruction, the deck's "N left", the round end's scores and "Click or press Space to skip")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui import gfx
from game.core.ui.guide import Guide
from game.core.ui.sketch import arrow_covers, arrow_tip_bobbed, label_area
from tests.keys_helpers import key
from tests.ui_helpers import click, frames

#: Guided steps checked per game and shape (the kinds of step repeat after the first round).
STEPS = 60


def walk_guided(app: Any, game: str, check: Any, steps: int = STEPS) -> set[str]:
    """Play `game`'s guided game by clicks where the guide points, calling `check(guide)` once
    the pointer is drawn at each new step; returns the kinds of step seen."""
    app.ctx.nav.make(f"{game}.guided")
    app.ctx.settings.animation_speed = 8.0
    guide = app.ctx.stack.overlay
    assert isinstance(guide, Guide)
    kinds: set[str] = set()
    checked, last = 0, None
    for _ in range(4000):
        frames(app, 1)
        if app.stack.overlay is not guide or checked >= steps:
            break
        if getattr(getattr(app.stack.top, "animator", None), "busy", False):
            key(app, pygame.K_SPACE)
            continue
        advice = guide.advice
        if advice is None or advice.target is None:
            continue
        moment = (advice.kind, advice.text, type(app.stack.top).__name__)
        if moment != last:
            app.redraw()
            frames(app, 2)
            check(guide)
            kinds.add(advice.kind)
            checked += 1
            last = moment
        click(app, advice.target)
    guide.skip()
    return kinds


def arrow_problems(app: Any, guide: Guide) -> list[str]:
    """What is wrong with the arrow drawn at the guide's step now (nothing: [])."""
    advice = guide.advice
    assert advice is not None
    where = f"{advice.kind} ({type(app.stack.top).__name__})"
    marked = guide.marked()
    if marked is None or guide.arrow is None:
        return [f"{where}: no framed thing, no arrow"]
    start, tip = guide.arrow
    problems = []
    inside = marked.inflate(-2, -2)
    if not inside.collidepoint(tip) or not inside.collidepoint(arrow_tip_bobbed(start, tip)):
        problems.append(f"{where}: the tip {tip} lies outside {marked}")
    if label_area(marked).inflate(6, 6).collidepoint(tip):
        problems.append(f"{where}: the tip lies on the label of {marked}")
    view = gfx.view(app.screen)
    if not view.collidepoint(start) or not view.collidepoint(tip):
        problems.append(f"{where}: the arrow leaves the window")
    for words in guide.texts():
        if arrow_covers(start, tip, words):
            problems.append(f"{where}: the arrow lies on words at {words}")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize(
    ("window", "lang", "size"),
    [
        ((1024, 768), "en", "normal"),
        ((2560, 1080), "fr", "normal"),
        ((1024, 768), "de", "large"),
        ((2560, 1080), "de", "normal"),
        ((1024, 768), "fr", "large"),
        ((2560, 1080), "en", "large"),
    ],
)
def test_the_arrows_tip_lies_on_what_the_guide_means(
    make_app: Any, window: tuple[int, int], lang: str, size: str
) -> None:
    app = make_app(window)
    i18n.set_language(lang)
    if size == "large":
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    problems: list[str] = []
    for game, wanted in (
        ("luckybox", {"draft_start", "keep", "cross", "next", "lightning", "spend", "bonus"}),
        ("blanco", {"setup_reveal", "setup_look", "draw_pile", "hand", "look"}),
    ):
        kinds = walk_guided(app, game, lambda guide: problems.extend(arrow_problems(app, guide)))
        assert wanted <= kinds, (game, kinds)
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems)
