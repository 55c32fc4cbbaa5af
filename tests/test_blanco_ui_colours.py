"""Blanco's ten card colours told apart without colour: each has its own lightness and its own
symbol. Saves the ten cards as drawn, in greyscale, and as seen with deuteranopia and
protanopia (Machado et al. 2009, severity 1, on linear RGB) to screenshots/ for a person to
look at, and checks the numbers behind them."""

from __future__ import annotations

import itertools
import math

import pygame

from game.blanco.rules.cards import card_id
from game.blanco.ui.cardview import COLOURS, NAMES, SYMBOLS, CardArt, draw_symbol
from tests.ui_helpers import SCREENSHOTS
from tests.vision import DEUTAN, PROTAN, convert, grey, lab, simulate


def sheet() -> pygame.Surface:
    """The ten colours as big cards (number 7) with their names, and as small cards."""
    from game.core.ui.toolkit.text import TextCache

    text = TextCache()
    art = CardArt(text)
    surface = pygame.Surface((10 * 118 + 20, 290))
    surface.fill((22, 92, 84))
    for k in range(10):
        x = 20 + k * 118
        surface.blit(art.get(card_id(k, 7), (100, 140)), (x, 16))
        surface.blit(art.get(card_id(k, 7), (40, 56)), (x + 30, 180))
        text.blit_centered(surface, NAMES[k], 16, (255, 255, 255), (x + 50, 166))
        text.blit_centered(surface, SYMBOLS[k], 16, (255, 255, 255), (x + 50, 252))
    return surface


def test_colour_sheets_for_greyscale_and_colour_blindness() -> None:
    pygame.init()
    SCREENSHOTS.mkdir(exist_ok=True)
    cards = sheet()
    pygame.image.save(cards, str(SCREENSHOTS / "blanco_cards.png"))
    for name, fn in (
        ("grey", grey),
        ("deuteranopia", lambda c: simulate(c, DEUTAN)),
        ("protanopia", lambda c: simulate(c, PROTAN)),
    ):
        pygame.image.save(convert(cards, fn), str(SCREENSHOTS / f"blanco_cards_{name}.png"))


def test_each_colour_has_its_own_lightness() -> None:
    lightness = sorted(lab(c)[0] for c in COLOURS)
    gaps = [b - a for a, b in itertools.pairwise(lightness)]
    assert min(gaps) >= 6.5, gaps


def test_colours_stay_apart_as_colour_blind_people_see_them() -> None:
    for matrix in (PROTAN, DEUTAN):
        seen = [lab(simulate(c, matrix)) for c in COLOURS]
        closest = min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))
        assert closest >= 8, closest


def test_the_ten_symbols_have_different_shapes() -> None:
    pygame.init()
    masks = []
    for kind in SYMBOLS:
        img = pygame.Surface((60, 60), pygame.SRCALPHA)
        draw_symbol(img, kind, (30, 30), 24, (0, 0, 0), (0, 0, 0))
        masks.append(pygame.mask.from_surface(img))
    for (a, ma), (b, mb) in itertools.combinations(zip(SYMBOLS, masks, strict=True), 2):
        both = ma.overlap_area(mb, (0, 0))
        union = ma.count() + mb.count() - both
        assert both / union < 0.85, (a, b, both / union)
