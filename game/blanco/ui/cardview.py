"""Blanco's cards drawn in code: a coloured vertical lightning bolt, a black number and the
colour's own symbol in two corners; the back; small cards for the other players' grids.

Every colour has its own lightness too (greyscale and colour-blind players tell them apart by
lightness and, always, by the symbol). Rendered cards are cached by (id, size, face up, render
scale, text size), the least recently drawn dropped past `CARD_IMAGES_KEPT`.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from game.blanco.rules.cards import colour, number
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.text import TextCache

RGB = tuple[int, int, int]
INK: RGB = (28, 20, 40)
PAPER: RGB = (252, 250, 244)

# By colour index (BLANCO-RULES.md). Each has its own lightness, about 8 L* apart, darkest to
# lightest: dark blue < brown < dark green < red < purple < orange < pink < light blue <
# light green < yellow (tests/test_blanco_ui_colours.py checks the spacing).
COLOURS: tuple[RGB, ...] = (
    (220, 50, 40),  # 0 red          L* 49
    (236, 124, 20),  # 1 orange      L* 64
    (255, 246, 96),  # 2 yellow      L* 95
    (164, 238, 120),  # 3 light green L* 87
    (14, 100, 76),  # 4 dark green   L* 37 (blue-green: apart from red for protans)
    (120, 206, 252),  # 5 light blue L* 79
    (22, 36, 140),  # 6 dark blue    L* 21
    (168, 102, 232),  # 7 purple     L* 56
    (246, 146, 196),  # 8 pink       L* 72
    (106, 58, 20),  # 9 brown        L* 30
)
SYMBOLS = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "heart",
    "cross",
    "hexagon",
    "crescent",
    "drop",
)
NAMES = (
    "red",
    "orange",
    "yellow",
    "light green",
    "dark green",
    "light blue",
    "dark blue",
    "purple",
    "pink",
    "brown",
)


def luminance(rgb: tuple[int, int, int]) -> float:
    """Relative luminance (Rec. 709 weights on linear light), 0..1."""

    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


# ---------------------------------------------------------------- shapes


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list:
    out = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def _polygon(cx: float, cy: float, r: float, sides: int, turn: float = -math.pi / 2) -> list:
    return [
        (
            cx + r * math.cos(turn + i * math.tau / sides),
            cy + r * math.sin(turn + i * math.tau / sides),
        )
        for i in range(sides)
    ]


def draw_symbol(
    surface: pygame.Surface,
    kind: str,
    center: tuple[float, float],
    r: float,
    fill: RGB,
    edge: RGB = INK,
) -> None:
    """One of the ten symbols, filled with `fill` and outlined (antialiased edges)."""
    cx, cy = center
    w = max(1, round(r / 5))
    if kind == "circle":
        gfx.circle(surface, edge, (cx, cy), r)
        gfx.circle(surface, fill, (cx, cy), max(1, r - w))
        return
    if kind == "crescent":
        # A filled disc with a bite out of it, drawn on its own small surface.
        size = int(r * 2 + 4)
        img = gfx.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        gfx.circle(img, edge, (c, c), r)
        gfx.circle(img, fill, (c, c), max(1, r - w))
        gfx.circle(img, (0, 0, 0, 0), (c + r * 0.55, c - r * 0.25), r * 0.8)
        surface.blit(img, (cx - c, cy - c))
        return
    if kind == "hexagon":
        # A nut: a hexagon with a round hole (a plain hexagon reads as a circle when small).
        size = int(r * 2 + 4)
        img = gfx.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        pts = _polygon(c, c, r, 6, 0)
        gfx.polygon(img, fill, pts)
        gfx.polygon(img, edge, pts, w)
        gfx.circle(img, edge, (c, c), r * 0.55)
        gfx.circle(img, (0, 0, 0, 0), (c, c), max(1, r * 0.55 - w))
        surface.blit(img, (cx - c, cy - c))
        return
    if kind == "heart":
        pts = []
        for i in range(40):
            t = i / 40 * math.tau
            x = 16 * math.sin(t) ** 3
            y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
            pts.append((cx + x * r / 17, cy + y * r / 17 + r * 0.05))
    elif kind == "drop":
        pts = [(cx, cy - r)]
        for i in range(25):
            a = -0.15 * math.pi + i / 24 * 1.3 * math.pi
            pts.append((cx + 0.68 * r * math.cos(a), cy + 0.3 * r + 0.68 * r * math.sin(a)))
    elif kind == "square":
        k = r * 0.82
        pts = [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    elif kind == "triangle":
        pts = [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    elif kind == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.7, cy), (cx, cy + r), (cx - r * 0.7, cy)]
    elif kind == "star":
        pts = _star(cx, cy, r * 1.1)
    else:  # cross
        k, t = r * 0.95, r * 0.36
        pts = [
            (cx - t, cy - k),
            (cx + t, cy - k),
            (cx + t, cy - t),
            (cx + k, cy - t),
            (cx + k, cy + t),
            (cx + t, cy + t),
            (cx + t, cy + k),
            (cx - t, cy + k),
            (cx - t, cy + t),
            (cx - k, cy + t),
            (cx - k, cy - t),
            (cx - t, cy - t),
        ]
    gfx.polygon(surface, fill, pts)
    gfx.aalines(surface, edge, True, pts)
    gfx.polygon(surface, edge, pts, w)


def bolt_points(rect: pygame.Rect) -> list[tuple[float, float]]:
    """A vertical lightning bolt filling the middle of a card."""
    x, y, w, h = rect.x, rect.y, rect.w, rect.h
    pts = [
        (0.50, 0.0),
        (0.12, 0.56),
        (0.42, 0.56),
        (0.30, 1.0),
        (0.88, 0.40),
        (0.56, 0.40),
        (0.80, 0.0),
    ]
    return [(x + px * w, y + py * h) for px, py in pts]


# ---------------------------------------------------------------- the card images


#: Card images kept (the least recently drawn go first): every card at three sizes, so a
#: window resized again and again, at a new card size each time, holds no more than this.
CARD_IMAGES_KEPT = 360


class CardArt:
    """Card images, rendered once per (card, size, face up, render scale, text size: the
    numbers are drawn at the player's text size) and reused every frame."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, card: int, size: tuple[int, int], face_up: bool = True) -> pygame.Surface:
        w, h = int(size[0]), int(size[1])
        shown = face_up and card > 0
        key = (card if face_up else 0, w, h, shown, gfx.render_scale(), self.text.scale)
        img = self._cache.get(key)
        if img is not None:
            self._cache.move_to_end(key)
        else:
            if not face_up or card <= 0:
                img = self._back(w, h)
            elif w >= 56:
                img = self._face(card, w, h)
            else:
                img = self._mini(card, w, h)
            self._cache[key] = img
            if len(self._cache) > CARD_IMAGES_KEPT:
                self._cache.popitem(last=False)
        return img

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        return self.get(0, size, False)

    def _base(self, w: int, h: int, fill: RGB) -> pygame.Surface:
        img = gfx.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, w // 9)
        gfx.rect(img, INK, img.get_rect(), border_radius=radius)
        gfx.rect(img, fill, img.get_rect().inflate(-4, -4), border_radius=radius - 1)
        return img

    def _back(self, w: int, h: int) -> pygame.Surface:
        img = self._base(w, h, (36, 52, 96))
        inner = img.get_rect().inflate(-max(6, w // 6), -max(6, w // 6))
        gfx.rect(img, (232, 236, 246), inner, max(1, w // 30), border_radius=w // 12)
        if w >= 40:
            pts = bolt_points(inner.inflate(-inner.w * 0.25, -inner.h * 0.2))
            gfx.polygon(img, (232, 236, 246), pts)
            gfx.aalines(img, (232, 236, 246), True, pts)
            if w >= 70:
                self.text.blit_centered(
                    img,
                    "BLANCO",
                    max(10, w // 6),
                    (36, 52, 96),
                    (w / 2, h / 2),
                    outline=(232, 236, 246),
                    px=2,
                )
        return img

    def _face(self, card: int, w: int, h: int) -> pygame.Surface:
        k, n = colour(card), number(card)
        fill = COLOURS[k]
        img = self._base(w, h, PAPER)
        body = pygame.Rect(0, 0, w * 0.86, h * 0.8)
        body.center = (w // 2, h // 2)
        pts = bolt_points(body)
        gfx.polygon(img, fill, pts)
        gfx.aalines(img, INK, True, pts)
        gfx.polygon(img, INK, pts, max(1, w // 45))
        self.text.blit_centered(
            img, str(n), int(h * 0.34), INK, (w / 2, h / 2 + 2), outline=PAPER, px=max(3, w // 22)
        )
        r = w * 0.115
        for cx, cy in ((r + w * 0.07, r + w * 0.07), (w - r - w * 0.07, h - r - w * 0.07)):
            draw_symbol(img, SYMBOLS[k], (cx, cy), r, fill)
        return img

    def _mini(self, card: int, w: int, h: int) -> pygame.Surface:
        """A small card: the colour as a band, the number, the symbol (for other grids)."""
        k, n = colour(card), number(card)
        fill = COLOURS[k]
        img = self._base(w, h, PAPER)
        band = pygame.Rect(2, 2, w - 4, int(h * 0.42))
        gfx.rect(
            img,
            fill,
            band,
            border_top_left_radius=max(2, w // 9),
            border_top_right_radius=max(2, w // 9),
        )
        gfx.line(img, INK, (2, band.bottom), (w - 3, band.bottom))
        mark = INK if luminance(fill) > 0.25 else PAPER
        draw_symbol(img, SYMBOLS[k], (w / 2, band.centery + 1), band.h * 0.36, mark, mark)
        self.text.blit_centered(img, str(n), int(h * 0.44), INK, (w / 2, h * 0.72))
        return img
