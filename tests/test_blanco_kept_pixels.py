"""Blanco's table parts keep what they drew and blit it back while what they drew it from stays
the same (game/core/ui/toolkit/snapshot.py): the banner, the prompt, the focused grid, the
hand, the solo panel, as the piles, the buttons and the other seats' panels already did.

Each test changes one thing a kept picture could miss (the language, the text size, the
window's shape, a step taken, the memory aid) and checks the frame drawn then, with the kept
pixels, is the very frame drawn with every kept picture forgotten: a key that missed the change
shows the old picture and fails. The card images' cache is checked the same way, and bounded.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.blanco.ui.cardview import CARD_IMAGES_KEPT, CardArt
from game.core import i18n
from game.core.session import Seat
from game.core.ui.toolkit import gfx, window as window_mode
from tests.kept_pixels import picture
from tests.test_blanco_ui import settle
from tests.ui_helpers import click


def _table(app: Any, others: int = 1) -> Any:
    seats = [Seat("Ann", "human")] + [Seat(f"Bot{i}", "easy") for i in range(others)]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=5)
    settle(app, table)
    for _ in range(3):  # (set-up: two cards to choose before the first turn)
        if table.state.phase != "setup":
            break
        face_down = [at for at in table.kit.grid.rects() if not _up(table, at)]
        click(app, table.kit.grid.rects()[face_down[0]].center)
        click(app, table.kit.grid.rects()[face_down[1]].center)
        settle(app, table)
    return table


def _up(table: Any, at: tuple[int, int]) -> bool:
    return bool(table.seen.players[table.focus].up[at[0]][at[1]])


def _parts_keep(app: Any, reused: list[bool]) -> None:
    """Draw twice: the second frame blits back what the first kept (the parts keep pixels)."""
    picture(app)
    reused.clear()
    picture(app)
    assert any(reused), "no part's kept pixels were blitted back: nothing would be checked"


def _kept_is_fresh(app: Any, table: Any, reused: list[bool], some_kept: bool = True) -> None:
    """The next frame, drawn with what the parts kept, is the frame drawn with nothing kept;
    `some_kept`: some part's kept pixels are still good after the change (blitted back)."""
    reused.clear()
    kept = picture(app)
    if some_kept:
        assert any(reused), "no part's kept pixels were blitted back: nothing was checked"
    table.draw_anew()
    reused.clear()
    assert kept == picture(app), "a part showed pixels kept from before the change"
    assert not any(reused), "a part kept its pixels through draw_anew: nothing compared to it"


@pytest.mark.parametrize("others", [0, 2])
def test_a_change_of_language_redraws_the_kept_parts(
    app: Any, reused: list[bool], others: int
) -> None:
    table = _table(app, others)
    _parts_keep(app, reused)
    try:
        for lang in ("fr", "de"):
            i18n.set_language(lang)
            _kept_is_fresh(app, table, reused)
    finally:
        i18n.set_language("en")


def test_a_change_of_text_size_redraws_the_kept_parts(app: Any, reused: list[bool]) -> None:
    table = _table(app)
    _parts_keep(app, reused)
    app.ctx.settings.text_size = "large"
    app.ctx.text.set_scale(1.15)
    _kept_is_fresh(app, table, reused, some_kept=False)  # (all text is larger: none kept)


def test_a_new_window_shape_redraws_the_kept_parts(app: Any, reused: list[bool]) -> None:
    table = _table(app)
    _parts_keep(app, reused)
    window_mode.the_window().size = (2560, 1080)
    app.settle_window()
    _kept_is_fresh(app, table, reused, some_kept=False)  # (everything moved: none kept)


def test_a_step_and_the_memory_aid_redraw_the_kept_parts(app: Any, reused: list[bool]) -> None:
    table = _table(app)
    _parts_keep(app, reused)
    hand_before = list(table.seen.players[table.focus].hand)
    click(app, table.kit.geometry.draw_pile.center)  # a card drawn: the hand, piles, prompt
    assert table.seen.players[table.focus].hand != hand_before
    _kept_is_fresh(app, table, reused)
    click(app, table.kit.hand.rects()[0].center)  # a hand card chosen: raised and ringed
    assert table.kit.moves.hand_card is not None
    _kept_is_fresh(app, table, reused)
    click(app, table.kit.controls.buttons["aid"].rect.center)  # the memory aid switched off
    assert not table.kit.memory_aid
    _kept_is_fresh(app, table, reused)


def test_card_images_follow_the_text_size_and_stay_bounded(app: Any) -> None:
    text = app.ctx.text
    art = CardArt(text)
    normal = pygame.image.tobytes(gfx.pixels_of(art.get(7, (100, 140))), "RGBA")
    text.set_scale(1.15)
    large = pygame.image.tobytes(gfx.pixels_of(art.get(7, (100, 140))), "RGBA")
    fresh = pygame.image.tobytes(gfx.pixels_of(CardArt(text).get(7, (100, 140))), "RGBA")
    assert large == fresh and large != normal  # the number is drawn at the text's size
    for width in range(60, 60 + CARD_IMAGES_KEPT + 20):  # a window resized again and again
        art.get(7, (width, 140))
    assert len(art._cache) == CARD_IMAGES_KEPT
