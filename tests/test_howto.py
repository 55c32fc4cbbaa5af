"""How to play, by posted events: it opens from the title (for the chosen game) and from the Esc
menu of each game; pages turn by the arrow buttons, the page dots, the arrow keys and the mouse
wheel; Esc goes back. Every page is saved as a screenshot (screenshots/howto_GAME_NN_KEY.png)."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.screens.howto import ART, TEXT_WIDTH, HowToScene
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.title import TitleScene
from tests.support import title
from tests.ui_helpers import click, click_widget, frames, press, screenshot

PAGES = {"luckybox": 12, "blanco": 7}


def wheel(app, y: int) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)
        )
    )
    frames(app, 2)


def open_from_title(app, game: str) -> HowToScene:
    top = title(app)
    if game != "luckybox":
        click_widget(app, top, f"game_{game}", 2)
    frames(app, 60)
    screenshot(app, f"howto_title_{game}")
    click_widget(app, top, "howto", 2)
    howto = app.stack.top
    assert isinstance(howto, HowToScene)
    return howto


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_how_to_play_opens_from_the_title_and_turns_by_clicks_keys_and_wheel(app, game):
    howto = open_from_title(app, game)
    assert howto.game == game and len(howto.pages) == PAGES[game]
    click_widget(app, howto, "next", 2)
    assert howto.index == 1
    press(app, pygame.K_RIGHT, 2)
    assert howto.index == 2
    wheel(app, -1)  # wheel down: the next page
    assert howto.index == 3
    wheel(app, 1)
    assert howto.index == 2
    press(app, pygame.K_LEFT, 2)
    assert howto.index == 1
    click_widget(app, howto, "prev", 2)
    assert howto.index == 0
    click_widget(app, howto, "prev", 2)  # the first page has nothing before it
    assert howto.index == 0 and not howto.widget("prev").enabled
    last = len(howto.pages) - 1
    click(app, howto.dot_rects()[last].center, 2)
    assert howto.index == last and not howto.widget("next").enabled
    press(app, pygame.K_RIGHT, 2)
    assert howto.index == last
    press(app, pygame.K_ESCAPE, 2)
    assert isinstance(app.stack.top, TitleScene)
    assert app.errors == []


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_every_page_is_drawn_with_a_picture_and_its_words_fit(app, game):
    howto = open_from_title(app, game)
    text = app.ctx.text
    pictures = []
    for i, page in enumerate(howto.pages):
        if i:
            click(app, howto.dot_rects()[i].center)
        frames(app, 30)  # the page has slid in
        assert howto.index == i
        screenshot(app, f"howto_{game}_{i + 1:02d}_{page.key}")
        art = app.screen.subsurface(pygame.Rect(ART))
        colours = {
            tuple(art.get_at((x, y)))
            for x in range(0, int(ART.w), 7)
            for y in range(0, int(ART.h), 7)
        }
        assert len(colours) > 40, f"page {page.key} draws almost nothing"
        pictures.append(pygame.image.tobytes(art, "RGB"))
        # The scene shows three lines of 30 px and a title up to 1100 px at 40 px or more.
        assert len(text.wrap(page.body(), 30, TEXT_WIDTH)) <= 3, page.key
        assert text.fit_size(page.title(), 52, 1100) >= 40, page.key
    assert len(set(pictures)) == len(pictures), "two pages show the same picture"
    assert app.errors == []


@pytest.mark.parametrize(
    ("game", "route"), [("luckybox", "luckybox.start_game"), ("blanco", "blanco.start_game")]
)
def test_how_to_play_opens_from_the_pause_menu_of_each_game(app, game, route):
    app.ctx.nav.make(route, seats=[Seat("Ann")], seed=3)
    frames(app, 10)
    press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    screenshot(app, f"pause_howto_{game}")
    click_widget(app, pause, "howto", 2)
    howto = app.stack.top
    assert isinstance(howto, HowToScene) and howto.game == game
    assert len(howto.pages) == PAGES[game]
    press(app, pygame.K_RIGHT, 2)
    assert howto.index == 1
    click_widget(app, howto, "guided", 2)  # from the middle of a game: asked first
    dialog = app.stack.top
    assert type(dialog).__name__ == "ConfirmDialog"
    click_widget(app, dialog, "no", 2)
    assert app.stack.top is howto and app.stack.overlay is None
    press(app, pygame.K_ESCAPE, 2)  # back to the menu, the game still beneath it
    assert app.stack.top is pause
    assert app.errors == []


def test_reduced_motion_turns_pages_without_sliding(app):
    from game.core.ui.toolkit import motion

    howto = open_from_title(app, "luckybox")
    click_widget(app, howto, "next", 1)
    assert howto.slide.value != 0  # normally the page slides in
    motion.set_reduced(True)
    try:
        click_widget(app, howto, "next", 1)
        assert howto.index == 2 and howto.slide.value == 0
    finally:
        motion.set_reduced(False)
