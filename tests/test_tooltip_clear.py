"""The focus ring's tooltip leaves a screen's headline and the rows it means to be read
(issue 22, item 10): resting on Resume does not hide "Paused", resting on Play again does
not hide the solo rating. Reached with posted keys, as a keyboard player would."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.toolkit import gfx, window as window_mode
from tests.keys_helpers import focus_key, key
from tests.test_text_fits import finished
from tests.ui_helpers import frames


def _rest_on_the_focus(app: Any) -> pygame.Rect:
    key(app, pygame.K_TAB)  # the first Tab shows the ring where the focus is
    frames(app, 30, dt=0.05)  # resting on it: its tip shows
    assert app.ring.tip is not None, f"no tip for {focus_key(app)!r}"
    placed = app.ring.tip_rect
    assert placed is not None
    return placed


def _clear_of(placed: pygame.Rect, scene: Any) -> list[pygame.FRect]:
    return [rect for rect in scene.keep_clear() if placed.colliderect(rect)]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_resumes_tip_leaves_paused_readable(app: Any, size: tuple[int, int]) -> None:
    window_mode.the_window().size = size
    app.settle_window()
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Ann")], seed=5)
    frames(app, 10, dt=0.2)
    app.ctx.nav.push("pause")
    frames(app, 3)
    pause = app.stack.top
    placed = _rest_on_the_focus(app)
    assert focus_key(app) == "resume"
    assert pause.keep_clear(), "the pause menu names its headline"
    assert _clear_of(placed, pause) == [], f"the tip at {placed} covers 'Paused'"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_play_agains_tip_leaves_the_solo_rating_readable(app: Any, size: tuple[int, int]) -> None:
    window_mode.the_window().size = size
    app.settle_window()
    scene = app.ctx.nav.make("luckybox.game_end", session=finished(["Ann"], 4, None))
    app.stack.clear_to(scene)
    frames(app, 30, dt=0.2)
    placed = _rest_on_the_focus(app)
    assert _clear_of(placed, scene) == [], f"the tip at {placed} covers the rating"
    assert gfx.view(app.screen).contains(placed), "inside the window"
