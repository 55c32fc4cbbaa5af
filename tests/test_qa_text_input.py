"""Found by playing in a real window (QA): clicking "Player 1" in the set-up and typing "Alice"
gave "Player 1Alice", and Ctrl+A did nothing, so a stranger had to find out that Backspace
erases one letter at a time. A field now selects its text when it takes the focus: typing
replaces it. Events are posted as a player makes them (a click, typed text, keys).
"""

from __future__ import annotations

import pygame

from game.core.ui.screens.title import TitleScene
from game.luckybox.ui.scenes.setup import SetupScene
from tests.ui_helpers import click, click_widget, frames, press


def _setup(app) -> SetupScene:
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    click_widget(app, app.stack.top, "new_game", 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    return setup


def _type(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)


def _key(app, key: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def test_clicking_a_name_and_typing_replaces_the_default(app):
    setup = _setup(app)
    field = setup.widget("name_0")
    assert field.text == "Player 1"
    click(app, field.rect.center)
    assert field.focused and field.selected
    _type(app, "A")
    _type(app, "lice")
    assert field.text == "Alice"
    press(app, pygame.K_RETURN)
    assert setup.config().names[0] == "Alice"


def test_a_second_click_keeps_the_text_and_ctrl_a_selects_it_again(app):
    setup = _setup(app)
    field = setup.widget("name_1")
    click(app, field.rect.center)
    click(app, field.rect.center)  # a second click: the caret goes to the end
    assert field.focused and not field.selected
    _type(app, "b")
    assert field.text == "Player 2b"
    _key(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert field.selected
    _key(app, pygame.K_BACKSPACE)
    assert field.text == "", "Backspace on the selection clears it"
    _type(app, "Bea")
    assert field.text == "Bea"
    _key(app, pygame.K_a, pygame.KMOD_LCTRL)
    _key(app, pygame.K_END)
    _key(app, pygame.K_BACKSPACE)
    assert field.text == "Be", "End keeps the text: Backspace takes one letter"
    assert not app.errors


def test_ctrl_v_pastes_the_clipboards_first_line_in_place_of_the_selection(app):
    setup = _setup(app)
    field = setup.widget("name_0")
    pygame.scrap.put_text("  Zoé Martin\nsecond line\tignored ")
    click(app, field.rect.center)  # "Player 1", selected
    _key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert field.text == "Zoé Martin" and not field.selected
    pygame.scrap.put_text("!")
    _key(app, pygame.K_INSERT, pygame.KMOD_LSHIFT)  # the other paste key: after the text
    assert field.text == "Zoé Martin!"
    _key(app, pygame.K_v)  # a plain "v" key press types nothing by itself (TEXTINPUT does)
    assert field.text == "Zoé Martin!"
    pygame.scrap.put_text("x" * 40)
    _key(app, pygame.K_v, pygame.KMOD_LMETA)  # Cmd+V; the field's limit still holds
    assert field.text == ("Zoé Martin!" + "x" * 40)[: field.max_len]
