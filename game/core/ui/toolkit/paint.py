"""The arcade style every screen shares: the palette (the sprite generator's, so drawn parts
match the generated art), colour mixing, and the painted shapes (ink-outlined panels, glossy
slabs, the dimming veil, the table's felt), the panels and slabs kept as images once drawn.

Widgets (widgets.py) and every game's screens draw with these.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.ui.toolkit import gfx

if TYPE_CHECKING:
    from game.core.ui.toolkit.assets import Assets

RGB = tuple[int, int, int]

# The sprite generator's palette, so drawn widgets match the generated art.
INK: RGB = (38, 16, 66)  # outlines and text on paper
SHADOW: RGB = (12, 4, 30)
WHITE: RGB = (255, 255, 255)
PAPER: RGB = (255, 247, 226)
PINK: RGB = (255, 62, 156)
ORANGE: RGB = (255, 146, 28)
YELLOW: RGB = (255, 222, 40)
GOLD: RGB = (255, 196, 24)
CYAN: RGB = (48, 214, 255)
BLUE: RGB = (64, 92, 250)
PURPLE: RGB = (150, 80, 250)
GREEN: RGB = (60, 206, 90)
RED: RGB = (240, 56, 72)
GREY: RGB = (150, 140, 172)
TABLE_CENTER: RGB = (92, 40, 160)
TABLE_EDGE: RGB = (14, 6, 34)

#: One colour per seat, in seat order (badges on the setup screen, banners at the table).
PLAYER_COLOURS: tuple[RGB, ...] = (
    PINK,
    CYAN,
    YELLOW,
    GREEN,
    ORANGE,
    PURPLE,
    (255, 120, 200),
    BLUE,
    (170, 240, 60),
    (255, 100, 60),
    (120, 230, 220),
    (200, 140, 255),
)


# ------------------------------------------------------------------- drawing helpers


def mix(a: Sequence[int], b: Sequence[int], k: float) -> RGB:
    """Blend colour a toward b by k (0..1)."""
    red, green, blue = (round(x + (y - x) * k) for x, y in zip(a[:3], b[:3], strict=True))
    return (red, green, blue)


def lighten(c: Sequence[int], k: float) -> RGB:
    return mix(c, WHITE, k)


def darken(c: Sequence[int], k: float) -> RGB:
    return mix(c, (0, 0, 0), k)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.FRect | pygame.Rect,
    colour: Sequence[int] = PAPER,
    radius: int = 18,
    border: int = 4,
    shadow: int = 8,
) -> None:
    """A rounded panel with a thick ink outline and a hard drop shadow."""
    r = pygame.Rect(rect)
    drop = r.move(shadow // 2, shadow)
    inner = r.inflate(-2 * border, -2 * border)

    def paint(target: pygame.Surface, dx: int, dy: int) -> None:
        if shadow:
            gfx.rect(target, SHADOW, drop.move(dx, dy), border_radius=radius)
        gfx.rect(target, INK, r.move(dx, dy), border_radius=radius)
        gfx.rect(target, colour, inner.move(dx, dy), border_radius=max(0, radius - border))

    _paint_shape(
        surface,
        ("panel", r.size, tuple(colour), radius, border, shadow),
        r,
        [drop, r, inner] if shadow else [r, inner],
        colour,
        paint,
    )


def draw_glossy(
    surface: pygame.Surface,
    rect: pygame.FRect | pygame.Rect,
    colour: Sequence[int],
    radius: int = 14,
    depth: int = 6,
    border: int = 3,
) -> pygame.Rect:
    """A glossy arcade slab: shadow, ink outline, darker side, face, white shine on top.

    `depth` is how far the slab stands up (smaller = pressed). Returns the face rect (for labels).
    """
    r = pygame.Rect(rect)
    body = r.move(0, 6 - depth)  # pressed buttons sink toward their shadow
    body.height -= 6 - depth
    drop = r.move(0, 6)
    inner = body.inflate(-2 * border, -2 * border)
    rin = max(0, radius - border)
    face = pygame.Rect(inner.x, inner.y, inner.width, max(1, inner.height - max(2, depth - 1)))
    shine = pygame.Rect(face.x + 5, face.y + 3, face.width - 10, max(1, face.height * 0.42))

    def paint(target: pygame.Surface, dx: int, dy: int) -> None:
        gfx.rect(target, SHADOW, drop.move(dx, dy), border_radius=radius)
        gfx.rect(target, INK, body.move(dx, dy), border_radius=radius)
        gfx.rect(target, darken(colour, 0.28), inner.move(dx, dy), border_radius=rin)
        gfx.rect(target, colour, face.move(dx, dy), border_radius=rin)
        if shine.width > 4:
            gfx.rect(
                target, lighten(colour, 0.45), shine.move(dx, dy), border_radius=max(0, rin - 3)
            )

    drawn = [drop, body, inner, face, shine] if shine.width > 4 else [drop, body, inner, face]
    _paint_shape(
        surface, ("glossy", r.size, tuple(colour), radius, depth, border), r, drawn, colour, paint
    )
    return face


#: Panels and slabs drawn once and then blitted: a rounded rect is drawn pixel row by pixel
#: row, and a table draws a dozen of them (three to five rects each) every frame. Keyed by
#: size and style, not position; bounded by count and by pixels. Kept run-length encoded, a
#: blit copies the opaque runs: a full-screen panel blits in a quarter of the time drawing it
#: takes.
_SHAPES: OrderedDict[Hashable, tuple[pygame.Surface, int, int]] = OrderedDict()
SHAPE_CACHE_PIXELS = 4_000_000  # at most about 16 MB of cached shapes
SHAPE_MAX_PIXELS = 1_000_000  # larger ones (in the picture's own pixels) are drawn
#: At a fractional render scale a kept shape lands on pixels rounded from its own corner, not
#: from each of its rects: an edge can fall a pixel from where drawing it in place puts it.
#: There only shapes up to this many logical pixels are kept; larger panels are drawn in place.
FRACTIONAL_SCALE_SHAPE_MAX = 160_000
_shape_pixels = 0


def _paint_shape(
    surface: pygame.Surface,
    key: Hashable,
    anchor: pygame.Rect,
    drawn: list[pygame.Rect],
    colour: Sequence[int],
    paint: Callable[[pygame.Surface, int, int], None],
) -> None:
    """`paint(target, dx, dy)` draws the shape moved by (dx, dy); `drawn` are the rects it fills.
    Drawn directly where a cached copy could differ from drawing: a translucent colour, a
    destination with its own alpha, odd rects; else drawn once onto a transparent image (every
    pixel either untouched or opaque) and blitted, which gives the same pixels."""
    global _shape_pixels
    area = drawn[0].unionall(drawn[1:])
    if (
        surface.get_flags() & pygame.SRCALPHA
        or (len(colour) > 3 and colour[3] != 255)
        or any(d.width <= 0 or d.height <= 0 for d in drawn)
        or _too_large(area.width * area.height, gfx.render_scale())
    ):
        paint(surface, 0, 0)
        return
    key = (key, gfx.render_scale())  # an image per resolution the picture is drawn at
    entry = _SHAPES.get(key)
    if entry is None:
        image = gfx.Surface(area.size, pygame.SRCALPHA)
        paint(image, -area.x, -area.y)
        # Run-length encoded: every pixel is opaque or untouched, so a blit copies the opaque
        # runs and skips the clear ones (the same pixels as blending each, in half the time).
        image.set_alpha(255, pygame.RLEACCEL)
        entry = _SHAPES[key] = (image, area.x - anchor.x, area.y - anchor.y)
        _shape_pixels += _pixel_count(image)
        while _shape_pixels > SHAPE_CACHE_PIXELS and len(_SHAPES) > 1:
            old, _x, _y = _SHAPES.popitem(last=False)[1]
            _shape_pixels -= _pixel_count(old)
    else:
        _SHAPES.move_to_end(key)
    surface.blit(entry[0], (anchor.x + entry[1], anchor.y + entry[2]))


def encode_if_clear_cut(image: pygame.Surface) -> bool:
    """Run-length encode an image whose every pixel is opaque or clear, so that blitting it
    copies its opaque runs instead of blending every pixel (the same pixels). An image with
    any translucent pixel (antialiased text on a clear margin) is left as it is: its blends
    would differ in the last bit. True when encoded."""
    pixels = gfx.pixels_of(image)
    if not pixels.get_flags() & pygame.SRCALPHA:
        return False
    covered = pygame.mask.from_surface(pixels, 0).count()  # alpha above 0
    if covered != pygame.mask.from_surface(pixels, 254).count():  # alpha 255
        return False
    pixels.set_alpha(255, pygame.RLEACCEL)
    return True


def _too_large(logical_pixels: int, scale: float) -> bool:
    """Whether a shape of this many logical pixels is drawn in place rather than kept."""
    if logical_pixels * scale * scale > SHAPE_MAX_PIXELS:
        return True
    return scale != int(scale) and logical_pixels > FRACTIONAL_SCALE_SHAPE_MAX


def _pixel_count(image: pygame.Surface) -> int:
    """Pixels an image holds (more than its size on a large window)."""
    pixels = gfx.pixels_of(image)
    return pixels.get_width() * pixels.get_height()


def dim(surface: pygame.Surface, alpha: int = 150, colour: Sequence[int] = SHADOW) -> None:
    """Darken the whole surface, margins of a wide or tall window too (under overlays and
    dialogs)."""
    # A strip of the veil, made once in whole pixels and laid down the pixels: every pixel is
    # blended once with the same colour as under one screen-sized veil, without making one
    # every frame. Whole pixels: strips placed in logical units at a fractional scale would
    # overlap or leave a row between them (the 1-pixel seams of issue 22).
    pixels = gfx.pixels_of(surface)
    width, height = pixels.get_size()
    key = (width, tuple(colour[:3]), alpha)
    veil = _VEILS.get(key)
    if veil is None:
        if len(_VEILS) >= 4:
            _VEILS.clear()
        veil = _VEILS[key] = pygame.Surface((width, VEIL_STRIP), pygame.SRCALPHA)
        veil.fill((*colour[:3], alpha))
    for y in range(0, height, VEIL_STRIP):
        pixels.blit(veil, (0, y))


VEIL_STRIP = 32  # pixel rows per strip of the veil
_VEILS: dict[tuple[object, ...], pygame.Surface] = {}  # the strips in use (a few kilobytes each)


def draw_backdrop(surface: pygame.Surface, assets: Assets | None = None) -> None:
    """The table felt over everything the surface shows (`gfx.view`: a wide or tall window's
    margins too): sprites/table.png when present, else a drawn vertical gradient."""
    view = gfx.view(surface)
    if assets is not None and assets.has("table"):
        surface.blit(assets.get("table", view.size), view.topleft)
        return
    for y in range(view.top, view.bottom, 4):
        k = abs(y - view.centery) / (view.h / 2)
        gfx.rect(surface, mix(TABLE_CENTER, TABLE_EDGE, k * 0.9), (view.x, y, view.w, 4))
