"""Blanco's logo, drawn in code: the name in the cards' colours, between two fanned cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.ui.toolkit import gfx

from .cardview import COLOURS, INK, CardArt

if TYPE_CHECKING:
    from game.core.ui.toolkit.text import TextCache

LETTER_COLOURS = (0, 1, 2, 4, 6, 7)  # red, orange, yellow, dark green, dark blue, purple


def draw_logo(text: TextCache, width: int = 760) -> pygame.Surface:
    """The logo, `width` pixels wide (its height follows)."""
    height = round(width * 0.3)
    img = gfx.Surface((width, height), pygame.SRCALPHA)
    art = CardArt(text)
    card_h = round(height * 0.82)
    card = (round(card_h * 0.7), card_h)
    for i, (cid, angle) in enumerate(((7, 12), (30, -6), (77, 8), (118, -12))):
        face = gfx.rotozoom(art.get(cid, card), angle, 1.0)
        # The right pair mirrors the left one, so the outer tilted card stays whole.
        inset = card[0] * 0.2 + (i if i < 2 else 3 - i) * card[0] * 0.32
        x = inset if i < 2 else width - inset - card[0]
        img.blit(face, face.get_rect(center=(round(x + card[0] / 2), height // 2)))
    size = round(height * 0.62)
    letters = "BLANCO"
    renders = [
        text.render_outlined(
            ch, size, COLOURS[k], INK, max(3, size // 14), shadow=max(3, size // 16)
        )
        for ch, k in zip(letters, LETTER_COLOURS, strict=True)
    ]
    total = sum(r.get_width() for r in renders) - 6 * (len(renders) - 1)
    x = (width - total) / 2
    for i, r in enumerate(renders):
        y = height / 2 - r.get_height() / 2 + (-6 if i % 2 else 6)
        img.blit(r, (round(x), round(y)))
        x += r.get_width() - 6
    return img
