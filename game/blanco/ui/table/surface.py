"""Blanco's table surface: a wooden table with a green baize cloth on it, drawn once.

Painted, not loaded: a warm wood grain over the whole view (a wide or tall window's margins
too), a cloth inset from its edges with a soft shadow under its rim, a vignette darkening it
towards the edges, the baize's fine speckle (a fixed pattern: the same picture every time),
and the card places (grid, hand, piles) as a darker cloth with a stitched edge. The table's
static layer is this picture; nothing here is drawn again until the window's shape changes,
and a new table of the same shape (a new game, a rematch, a game resumed) shows the picture
already painted: painting it took about a fifth of a second, a pause at each table's start.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import mix

WOOD_DARK = (58, 34, 22)
WOOD_LIGHT = (104, 64, 38)
CLOTH = (24, 98, 80)
CLOTH_EDGE = (12, 58, 50)
PLACE = (17, 76, 64)
STITCH = (92, 160, 136)
RIM = 10  # px of wood showing around the cloth
VIGNETTE_STEPS = 14
SPECKS = 2600  # the baize's fine dots over a 1280x720 cloth (more over a larger one)


#: The tables painted in this process, newest last, by what shapes the picture (see `painted`).
_PAINTED: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
#: Window shapes kept: the one shown and the one before it (a window resized and back).
PAINTED_KEPT = 2


def painted(
    view: pygame.Rect, places: Sequence[pygame.FRect], size: Sequence[int]
) -> pygame.Surface:
    """The table over `view` with its card `places`, as a layer of a picture of logical `size`
    (gfx.layer), painted once per shape, render scale and display format. Callers only blit
    it: the same surface is handed to every table of that shape."""
    display = pygame.display.get_surface() if pygame.display.get_init() else None
    key = (
        tuple(view),
        tuple(tuple(place) for place in places),
        tuple(size),
        gfx.render_scale(),
        None if display is None else (display.get_bitsize(), display.get_masks()),
    )
    layer = _PAINTED.get(key)
    if layer is None:
        layer = gfx.layer(view, size)
        paint_table(layer, view, list(places))
        _PAINTED[key] = layer
        while len(_PAINTED) > PAINTED_KEPT:
            _PAINTED.popitem(last=False)
    else:
        _PAINTED.move_to_end(key)
    return layer


def paint_table(surface: pygame.Surface, view: pygame.Rect, places: list[pygame.FRect]) -> None:
    """The wood, the cloth and the card `places` over `view` of `surface`."""
    _wood(surface, view)
    cloth = pygame.Rect(view).inflate(-2 * RIM, -2 * RIM)
    shadow = gfx.Surface(view.size, pygame.SRCALPHA)
    for i in range(6):  # the cloth's rim casts a soft shadow on the wood
        box = cloth.move(-view.x, -view.y).inflate(2 * (6 - i), 2 * (6 - i)).move(2, 3)
        gfx.rect(shadow, (0, 0, 0, 14 + 6 * i), box, border_radius=22)
    surface.blit(shadow, view.topleft)
    gfx.rect(surface, CLOTH, cloth, border_radius=20)
    _speckle(surface, cloth)
    _vignette(surface, cloth)
    gfx.rect(surface, CLOTH_EDGE, cloth, 3, border_radius=20)
    for place in places:
        _place(surface, pygame.FRect(place))


def _wood(surface: pygame.Surface, view: pygame.Rect) -> None:
    rng = random.Random(11)
    for y in range(view.top, view.bottom, 3):
        k = 0.5 + 0.5 * ((y * 7919) % 97) / 97 * 0.6 + rng.uniform(-0.08, 0.08)
        gfx.rect(surface, mix(WOOD_DARK, WOOD_LIGHT, min(1.0, max(0.0, k))), (view.x, y, view.w, 3))
    grain = gfx.Surface(view.size, pygame.SRCALPHA)
    for _ in range(max(40, view.h // 6)):  # long, faint streaks of grain
        at = rng.uniform(0, view.h)
        x = rng.uniform(-view.w * 0.2, view.w)
        length = rng.uniform(view.w * 0.2, view.w * 0.7)
        shade = (20, 10, 4, rng.randint(18, 46))
        gfx.line(grain, shade, (x, at), (x + length, at + rng.uniform(-3, 3)), 1)
    surface.blit(grain, view.topleft)


def _speckle(surface: pygame.Surface, cloth: pygame.Rect) -> None:
    rng = random.Random(7)
    dots = gfx.Surface(cloth.size, pygame.SRCALPHA)
    count = int(SPECKS * cloth.w * cloth.h / (1260 * 700))
    for _ in range(count):
        x, y = rng.uniform(2, cloth.w - 2), rng.uniform(2, cloth.h - 2)
        light = rng.random() < 0.5
        colour = (255, 255, 255, rng.randint(6, 16)) if light else (0, 0, 0, rng.randint(8, 20))
        gfx.rect(dots, colour, (x, y, rng.choice((1, 2)), 1))
    surface.blit(dots, cloth.topleft)


def _vignette(surface: pygame.Surface, cloth: pygame.Rect) -> None:
    """Darker towards the cloth's edges, as a lamp over the middle of the table lights it."""
    shade = gfx.Surface(cloth.size, pygame.SRCALPHA)
    reach = min(cloth.w, cloth.h) * 0.22
    for i in range(VIGNETTE_STEPS):
        inset = reach * i / VIGNETTE_STEPS
        box = pygame.FRect(0, 0, cloth.w, cloth.h).inflate(-2 * inset, -2 * inset)
        alpha = round(7 * (1 - i / VIGNETTE_STEPS))
        gfx.rect(shade, (0, 0, 0, alpha), box, max(1, round(reach / VIGNETTE_STEPS) + 1), 24)
    surface.blit(shade, cloth.topleft)


def _place(surface: pygame.Surface, rect: pygame.FRect) -> None:
    """A card place: a darker cloth, a shadow along its top edge, stitches round its sides
    and bottom."""
    gfx.rect(surface, PLACE, rect, border_radius=18)
    inner = gfx.Surface((max(1, round(rect.w)), 10), pygame.SRCALPHA)
    for i in range(5):
        gfx.rect(inner, (0, 0, 0, 40 - 8 * i), (14, i * 2, rect.w - 28, 2))
    surface.blit(inner, (rect.x, rect.y + 2))
    edge = rect.inflate(-10, -10)
    dash, gap = 9.0, 6.0
    x = edge.left + 14
    while x < edge.right - 14:  # the stitches along the bottom (the top holds a label)
        end = min(x + dash, edge.right - 14)
        gfx.line(surface, STITCH, (x, edge.bottom), (end, edge.bottom), 1)
        x += dash + gap
    y = edge.top + 28
    while y < edge.bottom - 14:  # and down the sides
        end = min(y + dash, edge.bottom - 14)
        gfx.line(surface, STITCH, (edge.left, y), (edge.left, end), 1)
        gfx.line(surface, STITCH, (edge.right, y), (edge.right, end), 1)
        y += dash + gap
    gfx.rect(surface, (10, 52, 44), rect, 2, border_radius=18)
