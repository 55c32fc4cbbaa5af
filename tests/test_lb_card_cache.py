"""Lucky Box's drawn cards (CardView's cache) follow the text size: a player who turns Large
text on at the table sees the cards' larger numbers at once, not the cards drawn before."""

from __future__ import annotations

import pygame
import pytest

from game.core.paths import SPRITES_DIR
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.text import TextCache
from game.luckybox.rules.cards import load_deck
from game.luckybox.ui.cardview import EXACT, CardView


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def pixels(image: pygame.Surface) -> bytes:
    return pygame.image.tobytes(gfx.pixels_of(image), "RGBA")


def drawn_afresh(scale: float, card: int, mask: int, width: int, marks: dict[int, str]) -> bytes:
    """The card as a view that has drawn nothing before draws it, at text size `scale`."""
    view = CardView(Assets(SPRITES_DIR), TextCache())
    view.text.set_scale(scale)
    return pixels(view.render(card, load_deck()[card], mask, width, marks))


def test_a_card_drawn_again_after_the_text_size_changed_has_the_new_size() -> None:
    view = CardView(Assets(SPRITES_DIR), TextCache())
    card, mask, width, marks = 3, 0b000010001, 210, {2: EXACT, 5: EXACT}
    normal = pixels(view.render(card, load_deck()[card], mask, width, marks))
    view.text.set_scale(1.15)  # Large text, turned on in the middle of a game
    large = pixels(view.render(card, load_deck()[card], mask, width, marks))
    assert large != normal
    assert large == drawn_afresh(1.15, card, mask, width, marks)
    view.text.set_scale(1.0)  # and back
    assert pixels(view.render(card, load_deck()[card], mask, width, marks)) == normal
