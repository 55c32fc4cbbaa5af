"""The daily deal's end keeps its line to share readable (issue 66, item 9): no tooltip of a
focused button covers it, Copy's "Copied" shows on the button rather than over the line, and a
practice game's note sits just above the line instead of against the window's top edge."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core import daily, i18n
from game.core.ui.screens.gameend import GameEndScreen
from game.core.ui.toolkit import window as window_mode
from tests.test_text_fits import finished
from tests.ui_helpers import click_widget, frames, press, seen

SIZES = [(1024, 768), (1280, 720), (2560, 1080)]


def daily_end(app: Any, size: tuple[int, int], practice: bool = False) -> GameEndScreen:
    window_mode.the_window().size = size
    app.settle_window()
    session = finished(["Maximilian"], 3)
    session.daily, session.daily_practice = daily.today(), practice
    end = app.ctx.nav.make("luckybox.game_end", session=session)
    app.stack.clear_to(end)
    frames(app, 30, dt=0.1)
    seen(app)
    assert isinstance(end, GameEndScreen) and end.share_rect is not None
    return end


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_focused_buttons_tip_covers_the_line_to_share(app: Any, size, lang) -> None:
    i18n.set_language(lang)
    end = daily_end(app, size)
    share = end.share_rect
    seen_tips = 0
    for _ in range(3):  # the focus on each of the three buttons in turn, resting there
        press(app, pygame.K_TAB)
        frames(app, 40, dt=0.05)
        seen(app)
        placed = app.ring._tip.placed if app.ring._tip is not None else None
        if placed is not None:
            seen_tips += 1
            assert not placed.colliderect(share), (size, app.ring.key, placed, share)
    assert seen_tips >= 2, "the focused buttons' tips were shown"
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_copy_says_copied_on_its_button_not_over_the_line(app: Any, size) -> None:
    end = daily_end(app, size)
    click_widget(app, end, "copy", 2)
    assert app.ctx.message.startswith("Copied")  # the message line still says it...
    assert end.widgets["copy"].label == "Copied!"  # ... shown on the button itself
    seen(app)
    assert app.toast.box is None or not app.toast.box.colliderect(end.share_rect)
    frames(app, 50, dt=0.1)  # the message's time is up: the button is Copy again
    assert end.widgets["copy"].label == "Copy"


@pytest.mark.parametrize("size", SIZES)
def test_the_practice_note_sits_above_the_line_not_against_the_top(app: Any, size) -> None:
    from game.core.ui.toolkit import gfx
    from game.core.ui.toolkit.text import TextCache

    drawn: dict[str, Any] = {}
    real = TextCache.blit_centered

    def noting(self: TextCache, surface: Any, text: str, *a: Any, **k: Any) -> Any:
        rect = real(self, surface, text, *a, **k)
        drawn[text] = rect
        return rect

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(TextCache, "blit_centered", noting)
        end = daily_end(app, size, practice=True)
        app.redraw()
        frames(app, 1)
    note = drawn["Practice: only the day's first game counts."]
    view = gfx.view(app.screen)
    assert note.top - view.top >= 40, ("against the top edge", note, view)
    assert 0 < end.share_rect.bottom - note.bottom < 60, "just above the line to share"
    results = end.scale_rect()
    assert note.top >= results.bottom, "clear of the results"
