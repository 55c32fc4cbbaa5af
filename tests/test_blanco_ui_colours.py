"""Blanco's ten card colours told apart without colour: each has its own lightness and its own
symbol. Saves the ten cards as drawn, in greyscale, and as seen with deuteranopia and
protanopia (Machado et al. 2009, severity 1, on linear RGB) to screenshots/ for a person to
look at, and checks the numbers behind them."""

from __future__ import annotations

import itertools
import math

import pygame

from game.blanco.rules.cards import card_id
from game.blanco.ui.cardview import COLOURS, NAMES, SYMBOLS, CardArt, draw_symbol, luminance
from tests.ui_helpers import SCREENSHOTS

PROTAN = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
          (-0.003882, -0.048116, 1.051998))
DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
          (-0.011820, 0.042940, 0.968881))


def _lin(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def simulate(rgb: tuple[int, int, int], matrix) -> tuple[int, int, int]:
    lin = [_lin(v) for v in rgb]
    return tuple(_gamma(sum(row[j] * lin[j] for j in range(3))) for row in matrix)


def grey(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    g = _gamma(luminance(rgb))
    return (g, g, g)


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    r, g, b = (_lin(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def convert(surface: pygame.Surface, fn) -> pygame.Surface:
    """Every pixel through `fn` (cached per colour: cards have few)."""
    w, h = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    cache: dict[bytes, bytes] = {}
    out = bytearray(len(data))
    for i in range(0, len(data), 3):
        px = data[i:i + 3]
        new = cache.get(px)
        if new is None:
            new = cache[px] = bytes(fn(tuple(px)))
        out[i:i + 3] = new
    return pygame.image.frombytes(bytes(out), (w, h), "RGB")


def sheet() -> pygame.Surface:
    """The ten colours as big cards (number 7) with their names, and as small cards."""
    from game.core.ui.text import TextCache

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
    for name, fn in (("grey", grey), ("deuteranopia", lambda c: simulate(c, DEUTAN)),
                     ("protanopia", lambda c: simulate(c, PROTAN))):
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
