"""Issue 66, item 1: the guided game's arrow points at the thing meant. At every guided step of
both games (played by clicks where the guide points), at 1024x768 and 2560x1080, in English,
French and German, at Large text: the arrow's tip lies inside the rectangle of the thing the
guide frames (at rest and at its furthest bob), it stops short of that thing's label, it stays
in the window, and it never lies on the words around (the guide's sentence, the table's
instruction, the deck's "N left", the round end's scores and "Click or press Space to skip").
Item 2: the guide's panel keeps its sentence inside its border and off its Skip button, and
stays off the draft's cards and the rings around them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.ui.screens.guide import Guide
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.sketch import arrow_covers, arrow_tip_bobbed, label_area
from tests.keys_helpers import key
from tests.sweep import sampled
from tests.ui_helpers import frames, post_click, post_key, wait

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
    # One frame a turn of the loop, drawn only when seen (before the key or click it handles,
    # and at each check): the loop reads the guide's advice, worked out in the frame's update.
    for _ in range(8000):
        wait(app, 1)
        if app.stack.overlay is not guide or checked >= steps:
            break
        if getattr(getattr(app.stack.top, "animator", None), "busy", False):
            post_key(pygame.K_SPACE)  # handled by the next turn's frame
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
        post_click(advice.target)
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
    dx, dy = start[0] - tip[0], start[1] - tip[1]
    norm = (dx * dx + dy * dy) ** 0.5
    neck = (tip[0] + dx / norm * 22, tip[1] + dy / norm * 22)
    for mark in guide.marks(marked):  # a Lightning square's cost in its corner
        if mark.clipline(tip, neck):
            problems.append(f"{where}: the arrow's head lies on {mark}")
    view = gfx.view(app.screen)
    if not view.collidepoint(start) or not view.collidepoint(tip):
        problems.append(f"{where}: the arrow leaves the window")
    for words in guide.texts():
        if arrow_covers(start, tip, words):
            problems.append(f"{where}: the arrow lies on words at {words}")
    return problems


def panel_problems(app: Any, guide: Guide) -> list[str]:
    """What is wrong with the guide's panel now: a line of its sentence cut by its border or
    under its Skip button (issue 66, item 2), the panel over the draft's cards and their rings."""
    advice = guide.advice
    assert advice is not None
    where = f"{advice.kind} ({type(app.stack.top).__name__})"
    box = guide.panel()
    problems = []
    inside = box.inflate(-8, -8)  # within its 4 px border, with a little air
    for line in guide.text_rects():
        if not inside.contains(line):
            problems.append(f"{where}: a line at {line} crosses the panel's border {box}")
        if advice.skippable and line.colliderect(guide.skip_button.rect):
            problems.append(f"{where}: a line at {line} lies under the Skip button")
    cards = getattr(app.stack.top, "card_rects", None)
    if callable(cards) and type(app.stack.top).__name__ == "DraftScene":
        shadowed = box.inflate(0, 16)  # its shadow below
        for card in cards():
            ring = card.inflate(28, 28)  # the selection ring, the guide's frame at its widest
            if shadowed.colliderect(ring):
                problems.append(f"{where}: the panel {box} covers a card's ring {ring}")
    return problems


#: The kinds of step each guided game must have shown by STEPS steps.
WANTED = {
    "luckybox": {"draft_start", "keep", "cross", "next", "lightning", "spend", "bonus"},
    "blanco": {"setup_reveal", "setup_look", "draw_pile", "hand", "look"},
}


# Every language, game, window shape and text size each run, combined anew each run: each
# language walks one game's guided steps (tests/sweep.py; all 24 combinations under
# SMLB_SWEEP=all).
@pytest.mark.slow
@sampled(
    lang=["en", "fr", "de"],
    game=["luckybox", "blanco"],
    window=[(1024, 768), (2560, 1080)],
    size=["normal", "large"],
)
def test_the_arrow_points_at_what_is_meant_and_the_panel_holds_its_words(
    make_app: Any, lang: str, game: str, window: tuple[int, int], size: str
) -> None:
    app = make_app(window)
    i18n.set_language(lang)
    if size == "large":
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    problems: list[str] = []

    def check(guide: Guide) -> None:
        problems.extend(arrow_problems(app, guide) + panel_problems(app, guide))

    kinds = walk_guided(app, game, check)
    assert WANTED[game] <= kinds, (game, kinds)
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems)


@sampled(game=["luckybox", "blanco"], window=[(1280, 720), (1024, 768)])  # (tests/sweep.py)
def test_the_end_screens_tooltips_leave_the_guides_last_sentence(
    make_app: Any, game: str, window: tuple[int, int]
) -> None:
    """Issue 66, item 2: at the guided game's end, resting on a button (with the keys or the
    mouse) shows its tooltip beside the guide's panel, not over its last sentence."""
    app = make_app(window)
    app.ctx.nav.make(f"{game}.guided")
    app.ctx.settings.animation_speed = 8.0
    guide = app.ctx.stack.overlay
    assert isinstance(guide, Guide)
    for _ in range(40000):  # a frame a turn, drawn when seen (see walk_guided)
        wait(app, 1)
        if type(app.stack.top).__name__ == "GameEndScene":
            break
        if getattr(getattr(app.stack.top, "animator", None), "busy", False):
            post_key(pygame.K_SPACE)
        elif guide.advice is not None and guide.advice.target is not None:
            post_click(guide.advice.target)
    end = app.stack.top
    assert type(end).__name__ == "GameEndScene"
    frames(app, 240, dt=0.05)  # the scores have counted up, the buttons come in
    assert guide.advice is not None and guide.words() == [guide.panel()]
    panel = guide.panel()
    key(app, pygame.K_TAB)  # the ring shows; resting on the focus shows its tip
    tips = 0
    for _ in range(len(end.widgets) + 1):
        frames(app, 30, dt=0.05)
        placed = app.ring.tip_rect
        if placed is not None:
            tips += 1
            assert not placed.colliderect(panel), f"the tip at {placed} covers the guide"
        key(app, pygame.K_TAB)
    for name, widget in end.widgets.items():  # the mouse resting on each button
        if not getattr(widget, "visible", True) or getattr(widget, "tooltip", None) is None:
            continue
        pos = (round(widget.rect.centerx), round(widget.rect.centery))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        frames(app, 40, dt=0.05)
        placed = end.tooltips.placed
        if placed is not None:
            tips += 1
            assert not placed.colliderect(panel), f"{name}'s tip at {placed} covers the guide"
    if any(getattr(w, "tooltip", None) for w in end.widgets.values()):
        assert tips, "some tooltip showed"
    assert not app.errors, app.errors[0]
