"""Generate every sprite PNG of Super Mega Lucky Box with pygame code only.

Run ``python sprites/generate.py``: it (re)writes all PNGs and ``card_geometry.json``
next to this file, deterministically (seeded randomness, bundled default font).

Style: saturated "super mega" arcade look -- thick dark outlines, soft drop
shadows, glossy highlights.  Small sprites are drawn at ``SS`` times their size
and smooth-scaled down (supersampling), so every edge is antialiased.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent
SS = 4  # supersampling factor
#: Pixels per sprite pixel of the set being written: 1 for sprites/, 2 for sprites/2x/ (drawn
#: at twice the size for large and high-DPI windows; the game picks them when it draws larger).
OUTPUT = 1
HI_DIR = "2x"
#: Not in the 2x set: the table is a soft background and the window icon is the system's.
NOT_HI = ("table.png", "icon.png")

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

PALETTE: dict[str, RGB] = {
    "ink": (38, 16, 66),  # outlines
    "shadow": (12, 4, 30),
    "white": (255, 255, 255),
    "paper": (255, 247, 226),
    "paper_shade": (242, 226, 196),
    "cell": (255, 253, 244),
    "cell_shade": (236, 222, 196),
    "pink": (255, 62, 156),
    "pink_light": (255, 140, 200),
    "pink_dark": (200, 18, 110),
    "orange": (255, 146, 28),
    "orange_dark": (232, 74, 24),
    "yellow": (255, 222, 40),
    "yellow_light": (255, 248, 170),
    "gold": (255, 196, 24),
    "gold_dark": (228, 118, 0),
    "cyan": (48, 214, 255),
    "cyan_light": (190, 246, 255),
    "cyan_dark": (0, 120, 214),
    "blue": (64, 92, 250),
    "navy": (26, 26, 92),
    "purple": (150, 80, 250),
    "purple_dark": (84, 32, 170),
    "periwinkle": (150, 170, 255),
    "lilac": (196, 182, 240),
    "marker": (236, 28, 84),
    "marker_dark": (150, 0, 52),
    "table_center": (92, 40, 160),
    "table_mid": (52, 22, 108),
    "table_edge": (14, 6, 34),
}

CARD_SIZE = (240, 260)
CELL = 50
CELL_GAP = 6
GRID_ORIGIN = (12, 12)
ICON_RADIUS = 20


# --------------------------------------------------------------------------- helpers


def rgba(name: str, alpha: int = 255) -> RGBA:
    """Palette colour ``name`` with an alpha channel."""
    r, g, b = PALETTE[name]
    return (r, g, b, alpha)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    """Linear interpolation between two colours (any channel count)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def lighten(c: Sequence[int], t: float) -> tuple[int, ...]:
    return mix(c[:3], (255, 255, 255), t)


def darken(c: Sequence[int], t: float) -> tuple[int, ...]:
    return mix(c[:3], (0, 0, 0), t)


class Pen:
    """Draws on a (supersampled) surface using final, 1x coordinates."""

    def __init__(self, surf: pygame.Surface, k: int) -> None:
        self.surf = surf
        self.k = k

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.surf.get_size()
        return (w // self.k, h // self.k)

    def p(self, pt: Point) -> tuple[float, float]:
        return (pt[0] * self.k, pt[1] * self.k)

    def r(self, rect: Sequence[float]) -> pygame.Rect:
        x, y, w, h = rect
        return pygame.Rect(
            round(x * self.k), round(y * self.k), round(w * self.k), round(h * self.k)
        )

    def blank(self) -> Pen:
        """A new transparent pen of the same size (a layer)."""
        return Pen(pygame.Surface(self.surf.get_size(), pygame.SRCALPHA), self.k)

    def _draw(self, color: Sequence[int], bounds: Sequence[float], fn: Callable) -> None:
        """Run ``fn(surface, dx, dy, color)``; translucent colours are alpha-blended.

        pygame.draw *replaces* pixels (alpha included), so a translucent shape is
        drawn on a small temporary layer covering ``bounds`` (scaled px) and blitted.
        """
        if len(color) < 4 or color[3] == 255:
            fn(self.surf, 0.0, 0.0, color)
            return
        x0, y0, x1, y1 = (
            math.floor(bounds[0]) - 2,
            math.floor(bounds[1]) - 2,
            math.ceil(bounds[2]) + 2,
            math.ceil(bounds[3]) + 2,
        )
        tmp = pygame.Surface((max(1, x1 - x0), max(1, y1 - y0)), pygame.SRCALPHA)
        tmp.fill((*color[:3], 0))
        fn(tmp, -x0, -y0, color)
        self.surf.blit(tmp, (x0, y0))

    def circle(self, c: Point, radius: float, color: Sequence[int], width: float = 0) -> None:
        w = max(1, round(width * self.k)) if width else 0
        x, y = self.p(c)
        rr = radius * self.k
        self._draw(
            color,
            (x - rr, y - rr, x + rr, y + rr),
            lambda s, dx, dy, col: pygame.draw.circle(s, col, (x + dx, y + dy), rr, w),
        )

    def poly(self, pts: Iterable[Point], color: Sequence[int]) -> None:
        sp = [self.p(q) for q in pts]
        xs, ys = [q[0] for q in sp], [q[1] for q in sp]
        self._draw(
            color,
            (min(xs), min(ys), max(xs), max(ys)),
            lambda s, dx, dy, col: pygame.draw.polygon(s, col, [(a + dx, b + dy) for a, b in sp]),
        )

    def rrect(
        self, rect: Sequence[float], radius: float, color: Sequence[int], width: float = 0
    ) -> None:
        w = max(1, round(width * self.k)) if width else 0
        r = self.r(rect)
        self._draw(
            color,
            (r.left, r.top, r.right, r.bottom),
            lambda s, dx, dy, col: pygame.draw.rect(
                s, col, r.move(dx, dy), w, border_radius=round(radius * self.k)
            ),
        )

    def ellipse(self, rect: Sequence[float], color: Sequence[int], width: float = 0) -> None:
        w = max(1, round(width * self.k)) if width else 0
        r = self.r(rect)
        self._draw(
            color,
            (r.left, r.top, r.right, r.bottom),
            lambda s, dx, dy, col: pygame.draw.ellipse(s, col, r.move(dx, dy), w),
        )

    def line(self, a: Point, b: Point, color: Sequence[int], width: float) -> None:
        """A thick line with round caps (a capsule)."""
        (ax, ay), (bx, by) = self.p(a), self.p(b)
        hw = width * self.k / 2
        ang = math.atan2(by - ay, bx - ax) + math.pi / 2
        ox, oy = math.cos(ang) * hw, math.sin(ang) * hw

        def fn(s: pygame.Surface, dx: float, dy: float, col: Sequence[int]) -> None:
            pygame.draw.polygon(
                s,
                col,
                [
                    (ax + ox + dx, ay + oy + dy),
                    (bx + ox + dx, by + oy + dy),
                    (bx - ox + dx, by - oy + dy),
                    (ax - ox + dx, ay - oy + dy),
                ],
            )
            pygame.draw.circle(s, col, (ax + dx, ay + dy), hw)
            pygame.draw.circle(s, col, (bx + dx, by + dy), hw)

        self._draw(
            color, (min(ax, bx) - hw, min(ay, by) - hw, max(ax, bx) + hw, max(ay, by) + hw), fn
        )

    def text(
        self, text: str, size: float, color: Sequence[int], center: Point, bold: bool = False
    ) -> None:
        img = render_text(text, size * self.k, color, bold)
        self.surf.blit(img, img.get_rect(center=self.p(center)))

    def blit(self, other: Pen, offset: Point = (0, 0)) -> None:
        self.surf.blit(other.surf, self.p(offset))


def render_text(text: str, px: float, color: Sequence[int], bold: bool = False) -> pygame.Surface:
    """Render with pygame's bundled default font (deterministic everywhere)."""
    font = pygame.font.Font(None, max(1, round(px)))
    font.set_bold(bold)
    return font.render(text, True, color)


def supersample(
    size: tuple[int, int],
    draw_fn: Callable[[Pen], None],
    scale: int = SS,
    clear: Sequence[int] = (*PALETTE["ink"], 0),
) -> pygame.Surface:
    """Draw at ``scale`` x ``size`` with ``draw_fn`` and smooth-scale down.

    ``clear`` is the fully transparent background; its RGB is what edges fade
    towards, so it defaults to the outline ink (no light fringes).
    """
    scale *= OUTPUT
    big = pygame.Surface((size[0] * scale, size[1] * scale), pygame.SRCALPHA)
    big.fill(clear)
    draw_fn(Pen(big, scale))
    return pygame.transform.smoothscale(big, (size[0] * OUTPUT, size[1] * OUTPUT))


def shape_mask(pen: Pen, shape: Callable[[Pen], None]) -> pygame.mask.Mask:
    """Mask of whatever ``shape`` draws on a fresh layer."""
    layer = pen.blank()
    shape(layer)
    return pygame.mask.from_surface(layer.surf, 1)


_DISKS: dict[int, pygame.mask.Mask] = {}


def disk(r: int) -> pygame.mask.Mask:
    if r not in _DISKS:
        s = pygame.Surface((2 * r + 1, 2 * r + 1), pygame.SRCALPHA)
        pygame.draw.circle(s, (255, 255, 255), (r, r), r + 0.5)
        _DISKS[r] = pygame.mask.from_surface(s, 1)
    return _DISKS[r]


def dilate(mask: pygame.mask.Mask, r: int) -> pygame.mask.Mask:
    """Grow a mask by ``r`` pixels (round structuring element)."""
    if r <= 0:
        return mask.copy()
    out = pygame.mask.Mask(mask.get_size())
    mask.convolve(disk(r), out, (-r, -r))
    return out


def erode(mask: pygame.mask.Mask, r: int) -> pygame.mask.Mask:
    """Shrink a mask by ``r`` pixels."""
    if r <= 0:
        return mask.copy()
    inv = mask.copy()
    inv.invert()
    grown = dilate(inv, r)
    grown.invert()
    return grown


def paint(mask: pygame.mask.Mask, color: Sequence[int]) -> pygame.Surface:
    """A surface with ``color`` where the mask is set, transparent elsewhere."""
    c = tuple(color) if len(color) == 4 else (*color, 255)
    return mask.to_surface(setcolor=c, unsetcolor=(*c[:3], 0))


def fill_with(mask: pygame.mask.Mask, source: pygame.Surface) -> pygame.Surface:
    """``source`` clipped to the mask."""
    return mask.to_surface(setsurface=source, unsetcolor=(0, 0, 0, 0))


def bbox(mask: pygame.mask.Mask) -> pygame.Rect:
    rects = mask.get_bounding_rects()
    if not rects:
        return pygame.Rect(0, 0, 1, 1)
    return rects[0].unionall(rects[1:])


def vgradient(
    size: tuple[int, int], y0: int, y1: int, stops: Sequence[Sequence[int]]
) -> pygame.Surface:
    """Full-size surface whose rows go through ``stops`` from y0 to y1."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    span = max(1, y1 - y0)
    n = len(stops) - 1
    for y in range(h):
        t = min(1.0, max(0.0, (y - y0) / span)) * n
        i = min(n - 1, int(t))
        c = mix(stops[i], stops[i + 1], t - i)
        if len(c) == 3:
            c = (*c, 255)
        pygame.draw.line(surf, c, (0, y), (w, y))
    return surf


def drop_shadow(
    pen: Pen, mask: pygame.mask.Mask, offset: Point = (0, 2), alpha: int = 110, blur: float = 1.5
) -> None:
    """Soft shadow of ``mask`` under whatever is drawn next."""
    sh = paint(mask, rgba("shadow", alpha))
    if blur > 0:
        sh = pygame.transform.gaussian_blur(sh, max(1, round(blur * pen.k)))
    pen.surf.blit(sh, pen.p(offset))


def gloss(
    pen: Pen, mask: pygame.mask.Mask, height: float = 0.48, inset: float = 1.5, strength: int = 150
) -> None:
    """Glossy highlight: a soft white cap over the top part of the shape."""
    box = bbox(mask)
    inner = erode(mask, round(inset * pen.k))
    cap_rect = pygame.Rect(
        box.x - box.w * 0.1, box.y - box.h * 0.35, box.w * 1.2, box.h * (height + 0.35)
    )
    cap_layer = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(cap_layer, (255, 255, 255), cap_rect)
    cap = pygame.mask.from_surface(cap_layer, 1)
    region = inner.overlap_mask(cap, (0, 0))
    shine = vgradient(
        mask.get_size(),
        box.y,
        box.y + round(box.h * height),
        [(255, 255, 255, strength), (255, 255, 255, strength // 5)],
    )
    pen.surf.blit(fill_with(region, shine), (0, 0))


def sticker(
    pen: Pen,
    shape: Callable[[Pen], None],
    top: Sequence[int],
    bottom: Sequence[int],
    outline: float = 2.5,
    shadow: bool = True,
    shine: int = 150,
    shine_height: float = 0.48,
    ink: Sequence[int] = PALETTE["ink"],
) -> pygame.mask.Mask:
    """The house style: drop shadow, thick ink outline, gradient fill, gloss.

    ``shape`` draws the silhouette (any colour) on a layer. Returns the fill mask.
    """
    m = shape_mask(pen, shape)
    outer = dilate(m, round(outline * pen.k))
    if shadow:
        drop_shadow(pen, outer)
    pen.surf.blit(paint(outer, ink), (0, 0))
    box = bbox(m)
    grad = vgradient(pen.surf.get_size(), box.top, box.bottom, [top, bottom])
    pen.surf.blit(fill_with(m, grad), (0, 0))
    if shine:
        gloss(pen, m, shine_height, strength=shine)
    return m


def outlined_text(
    pen: Pen,
    text: str,
    size: float,
    center: Point,
    top: Sequence[int],
    bottom: Sequence[int],
    outline: float = 2.0,
    shadow: bool = True,
    shine: int = 0,
) -> None:
    """Chunky text: gradient fill, ink outline, optional shadow and gloss."""
    img = render_text(text, size * pen.k, (255, 255, 255), bold=True)

    def shape(p: Pen) -> None:
        p.surf.blit(img, img.get_rect(center=p.p(center)))

    sticker(pen, shape, top, bottom, outline=outline, shadow=shadow, shine=shine)


# --------------------------------------------------------------------------- shapes


def star_points(c: Point, r_out: float, r_in: float, n: int = 5, rot: float = 0) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + rot + i * math.pi / n
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


# lightning bolt silhouette in a unit box (zig-zag, tip at the bottom left)
BOLT = [
    (0.55, 0.0),
    (0.97, 0.0),
    (0.64, 0.38),
    (0.92, 0.38),
    (0.22, 1.0),
    (0.42, 0.53),
    (0.08, 0.53),
]


def bolt_points(x: float, y: float, w: float, h: float) -> list[Point]:
    return [(x + px * w, y + py * h) for px, py in BOLT]


def crescent(p: Pen, c: Point, r: float, color: Sequence[int], tilt: float = -0.5) -> None:
    """Crescent: a disc with an offset disc cut away (draws in ``color``)."""
    layer = p.blank()
    layer.circle(c, r, color)
    d = r * 0.62
    cut = (c[0] + d * math.cos(tilt), c[1] + d * math.sin(tilt))
    pygame.draw.circle(layer.surf, (0, 0, 0, 0), p.p(cut), r * 0.86 * p.k)  # erase
    p.surf.blit(layer.surf, (0, 0))


def bezier(a: Point, b: Point, c: Point, t: float) -> Point:
    """Point at ``t`` on the quadratic Bezier curve a-b-c."""
    u = 1 - t
    return (
        u * u * a[0] + 2 * u * t * b[0] + t * t * c[0],
        u * u * a[1] + 2 * u * t * b[1] + t * t * c[1],
    )


def brush_stroke(
    p: Pen, pts: Sequence[Point], widths: Sequence[float], color: Sequence[int]
) -> None:
    """Marker stroke: overlapping discs along a polyline with varying width."""
    if len(color) == 4 and color[3] < 255:  # translucent: draw opaque, blend once
        layer = p.blank()
        brush_stroke(layer, pts, widths, color[:3])
        layer.surf.set_alpha(color[3])
        p.surf.blit(layer.surf, (0, 0))
        return
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        w0, w1 = widths[i], widths[i + 1]
        steps = max(2, int(math.hypot(x1 - x0, y1 - y0) * 2))
        for s in range(steps):
            t = s / steps
            p.circle((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), (w0 + (w1 - w0) * t) / 2, color)
    p.circle(pts[-1], widths[-1] / 2, color)


# --------------------------------------------------------------------------- grid squares


def draw_cell(p: Pen, x: float, y: float, kind: str = "plain") -> None:
    """One 50x50 grid square at (x, y): plain, highlight (crossable) or lightning."""
    s = CELL
    if kind == "plain":
        top, bottom, rim = PALETTE["cell"], PALETTE["cell_shade"], rgba("ink", 120)
    elif kind == "highlight":
        # A deeper yellow than a plain square's paper, so it is darker in greyscale too.
        top, bottom, rim = PALETTE["yellow"], PALETTE["gold"], rgba("gold_dark")
    else:
        top, bottom, rim = PALETTE["cyan_light"], (120, 200, 255), rgba("blue")
    # bevel: dark lower-right lip, light upper-left edge, then the face
    p.rrect((x, y, s, s), 8, rim)
    p.rrect((x + 1.5, y + 1.5, s - 3, s - 3), 6.5, darken(bottom, 0.12))
    lay = p.blank()
    lay.rrect((x + 1.5, y + 1.5, s - 3, s - 4.5), 6.5, (255, 255, 255))
    face = pygame.mask.from_surface(lay.surf, 1)
    grad = vgradient(
        p.surf.get_size(), round((y + 2) * p.k), round((y + s - 3) * p.k), [top, bottom]
    )
    p.surf.blit(fill_with(face, grad), (0, 0))
    p.rrect((x + 3, y + 2.5, s - 6, 2), 1, (255, 255, 255, 170))
    if kind == "highlight":
        # A thick amber frame: a gold square reads as framed in greyscale and to colour-blind
        # eyes too, not only as yellow.
        p.rrect((x + 1.5, y + 1.5, s - 3, s - 3), 6.5, (205, 96, 0), 5.0)
        # inner glow: bright rings fading inwards
        for i, a in enumerate((255, 200, 140, 90, 50, 20)):
            p.rrect(
                (x + 2 + i * 1.4, y + 2 + i * 1.4, s - 4 - i * 2.8, s - 4 - i * 2.8),
                6,
                (255, 132, 0, a),
                1.6,
            )
        p.rrect((x + 1.5, y + 1.5, s - 3, s - 3), 6.5, (255, 255, 255, 220), 1.0)
        for sx, sy, sr in ((x + 8, y + 8, 4.5), (x + s - 8, y + s - 9, 3.5)):  # sparkles
            p.poly(star_points((sx, sy), sr, sr * 0.28, 4), (255, 255, 255, 240))
    elif kind == "lightning":
        # Diagonal stripes across the face: a Lightning square is striped, a gold one framed,
        # so the two differ by pattern as well as by blue against yellow.
        stripes = p.blank()
        for k in range(-4, 5):
            c = k * 12
            stripes.line((x + c - 6, y + s + 6), (x + s + c + 6, y - 6), (40, 110, 255, 110), 3.5)
        lay = p.blank()
        lay.rrect((x + 2.5, y + 2.5, s - 5, s - 5), 6, (255, 255, 255))
        p.surf.blit(fill_with(pygame.mask.from_surface(lay.surf, 1), stripes.surf), (0, 0))
        for i, a in enumerate((220, 120, 60, 25)):
            p.rrect(
                (x + 2 + i * 1.5, y + 2 + i * 1.5, s - 4 - i * 3, s - 4 - i * 3),
                6,
                (40, 110, 255, a),
                1.5,
            )
        # dashed electric rim
        for i in range(8):
            t = (i + 0.5) / 8
            p.circle((x + 2 + t * (s - 4), y + 2.2), 0.9, (255, 255, 255, 230))
            p.circle((x + 2 + t * (s - 4), y + s - 2.2), 0.9, (255, 255, 255, 230))
            p.circle((x + 2.2, y + 2 + t * (s - 4)), 0.9, (255, 255, 255, 230))
            p.circle((x + s - 2.2, y + 2 + t * (s - 4)), 0.9, (255, 255, 255, 230))
        for bx, by in ((x + 5, y + 5), (x + s - 15, y + s - 19)):
            sticker(
                p,
                lambda q, bx=bx, by=by: q.poly(bolt_points(bx, by, 10, 14), (255, 255, 255)),
                PALETTE["yellow_light"],
                PALETTE["yellow"],
                outline=1.2,
                shadow=False,
                shine=0,
                ink=PALETTE["blue"],
            )


def cell_sprite(kind: str) -> pygame.Surface:
    return supersample((CELL, CELL), lambda p: draw_cell(p, 0, 0, kind))


# --------------------------------------------------------------------------- cards


def card_geometry() -> dict[str, list]:
    """Exact geometry of ``card_front.png`` (written to card_geometry.json)."""
    ox, oy = GRID_ORIGIN
    step = CELL + CELL_GAP
    cells = [[ox + step * j, oy + step * i, CELL, CELL] for i in range(3) for j in range(3)]
    edge = ox + 3 * CELL + 2 * CELL_GAP  # 174: right/bottom edge of the grid
    slot = edge + 11 + ICON_RADIUS  # 205
    rows = [[slot, oy + step * i + CELL // 2, ICON_RADIUS] for i in range(3)]
    cols = [[ox + step * j + CELL // 2, slot, ICON_RADIUS] for j in range(3)]
    return {
        "size": list(CARD_SIZE),
        "cells": cells,
        "row_icons": rows,
        "col_icons": cols,
        "corner_number": [slot, slot],
    }


def geometry_json(geo: dict[str, list]) -> str:
    """Readable JSON: one key per line, each rectangle/circle on one line."""
    lines = []
    for key, value in geo.items():
        if value and isinstance(value[0], list):
            inner = ",\n    ".join(json.dumps(v) for v in value)
            lines.append(f'  "{key}": [\n    {inner}\n  ]')
        else:
            lines.append(f'  "{key}": {json.dumps(value)}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def card_body(
    p: Pen, w: float, h: float, border: Sequence[int], border_dark: Sequence[int]
) -> pygame.mask.Mask:
    """Card silhouette with baked-in soft shadow, ink outline and coloured frame.

    Returns the mask of the inner face (inside the coloured frame).
    """
    bw, bh = w - 4, h - 5  # leave room for the shadow
    body = shape_mask(p, lambda q: q.rrect((0, 0, bw, bh), 16, (255, 255, 255)))
    drop_shadow(p, body, offset=(2.5, 3.5), alpha=120, blur=2.5)
    p.surf.blit(paint(body, PALETTE["ink"]), (0, 0))
    frame = shape_mask(p, lambda q: q.rrect((2.5, 2.5, bw - 5, bh - 5), 14, (255, 255, 255)))
    box = bbox(frame)
    grad = vgradient(
        p.surf.get_size(), box.top, box.bottom, [lighten(border, 0.2), border, border_dark]
    )
    p.surf.blit(fill_with(frame, grad), (0, 0))
    # thin gloss line along the top of the frame
    p.rrect((10, 4, bw - 20, 2), 1, (255, 255, 255, 120))
    return frame


def draw_icon_slot(p: Pen, cx: float, cy: float, r: float) -> None:
    """Recessed round badge area where the UI draws a bonus icon."""
    p.circle((cx, cy + 0.8), r + 1.5, (255, 255, 255, 200))
    p.circle((cx, cy), r + 1.5, rgba("paper_shade"))
    p.circle((cx, cy), r + 1.5, rgba("ink", 90), 1.2)
    p.circle((cx, cy + 1.2), r - 0.5, (232, 212, 178))
    p.circle((cx, cy + 2), r - 1, rgba("paper_shade"))
    for i in range(16):
        a = i * math.tau / 16
        p.circle((cx + (r - 4) * math.cos(a), cy + (r - 4) * math.sin(a)), 0.9, rgba("pink", 90))


def star_sticker(p: Pen, c: Point, r: float, outline: float = 1.8) -> None:
    """A small white-to-yellow decorative star."""
    sticker(
        p,
        lambda q: q.poly(star_points(c, r, r * 0.45), (255, 255, 255)),
        PALETTE["white"],
        PALETTE["yellow"],
        outline=outline,
        shine=0,
    )


def draw_card_front(p: Pen) -> None:
    w, h = CARD_SIZE
    geo = card_geometry()
    card_body(p, w, h, PALETTE["pink"], PALETTE["pink_dark"])
    # paper face
    face = (8, 8, w - 4 - 16, 226)
    p.rrect((face[0] - 1, face[1] - 1, face[2] + 2, face[3] + 2), 10, rgba("ink", 160))
    p.rrect(face, 9, rgba("paper"))
    # faint dot texture on the paper (deterministic)
    rng = random.Random(7)
    for _ in range(260):
        x = face[0] + 4 + rng.random() * (face[2] - 8)
        y = face[1] + 4 + rng.random() * (face[3] - 8)
        p.circle((x, y), 0.5 + rng.random() * 0.5, (214, 190, 150, 60))
    # row & column guides towards the icon slots
    for _cx, cy, _r in geo["row_icons"]:
        p.poly([(178, cy - 5), (184, cy), (178, cy + 5)], rgba("pink", 150))
    for cx, _cy, _r in geo["col_icons"]:
        p.poly([(cx - 5, 178), (cx, 184), (cx + 5, 178)], rgba("pink", 150))
    for x, y, _cw, _ch in geo["cells"]:
        draw_cell(p, x, y)
    for cx, cy, r in geo["row_icons"] + geo["col_icons"]:
        draw_icon_slot(p, cx, cy, r)
    # corner badge for the card number
    cx, cy = geo["corner_number"]
    sticker(
        p,
        lambda q: q.poly(star_points((cx, cy), 19, 13, 10, math.pi / 10), (255, 255, 255)),
        PALETTE["pink_light"],
        PALETTE["pink"],
        outline=1.8,
        shadow=True,
        shine=110,
    )
    p.circle((cx, cy), 11, rgba("paper"))
    p.circle((cx, cy), 11, rgba("ink", 120), 1)
    # footer band label
    outlined_text(
        p,
        "LUCKY BOX",
        17,
        (w / 2 - 2, 243),
        PALETTE["white"],
        PALETTE["yellow_light"],
        outline=1.5,
        shadow=False,
    )


def draw_card_back(p: Pen) -> None:
    w, h = CARD_SIZE
    card_body(p, w, h, PALETTE["pink"], PALETTE["pink_dark"])
    bw, bh = w - 4, h - 5
    inner = shape_mask(p, lambda q: q.rrect((9, 9, bw - 18, bh - 18), 10, (255, 255, 255)))
    # sunburst
    rays = p.blank()
    c = (bw / 2, bh / 2)
    rays.surf.fill((*PALETTE["orange_dark"], 255))
    for i in range(24):
        a0 = i * math.tau / 24
        if i % 2 == 0:
            a1 = a0 + math.tau / 24
            rays.poly(
                [
                    c,
                    (c[0] + 400 * math.cos(a0), c[1] + 400 * math.sin(a0)),
                    (c[0] + 400 * math.cos(a1), c[1] + 400 * math.sin(a1)),
                ],
                PALETTE["orange"],
            )
    glow = p.blank()
    for i in range(40, 0, -1):
        glow.circle(c, i * 3.2, (255, 240, 120, 7))
    rays.blit(glow)
    # little 3x3 box motifs scattered round the edge
    rng = random.Random(11)
    for _ in range(18):
        x, y = rng.uniform(14, bw - 30), rng.uniform(14, bh - 30)
        if abs(x + 8 - c[0]) < 80 and abs(y + 8 - c[1]) < 60:
            continue
        for i in range(3):
            for j in range(3):
                rays.rrect((x + j * 6, y + i * 6, 5, 5), 1.2, (255, 255, 255, 70))
    p.surf.blit(fill_with(inner, rays.surf), (0, 0))
    inner_ring = dilate(inner, round(1.5 * p.k))
    ring = inner_ring.copy()
    ring.erase(inner, (0, 0))
    p.surf.blit(paint(ring, rgba("ink", 200)), (0, 0))
    # centre plaque
    sticker(
        p,
        lambda q: q.rrect((c[0] - 86, c[1] - 56, 172, 112), 22, (255, 255, 255)),
        PALETTE["pink_light"],
        PALETTE["pink_dark"],
        outline=3,
        shine=120,
    )
    outlined_text(
        p,
        "LUCKY",
        44,
        (c[0], c[1] - 19),
        PALETTE["yellow_light"],
        PALETTE["gold"],
        outline=3,
        shine=120,
    )
    outlined_text(
        p,
        "BOX",
        56,
        (c[0], c[1] + 22),
        PALETTE["yellow_light"],
        PALETTE["orange"],
        outline=3,
        shine=120,
    )
    for dx, dy, sr in ((-92, -60, 12), (90, 56, 10), (84, -62, 7)):
        star_sticker(p, (c[0] + dx, c[1] + dy), sr)


def draw_number_card_front(p: Pen) -> None:
    w, h = 140, 200
    card_body(p, w, h, PALETTE["cyan"], PALETTE["cyan_dark"])
    bw, bh = w - 4, h - 5
    face = (8, 8, bw - 16, bh - 16)
    p.rrect((face[0] - 1, face[1] - 1, face[2] + 2, face[3] + 2), 10, rgba("ink", 160))
    p.rrect(face, 9, rgba("cell"))
    # soft inner shading at the bottom
    p.rrect((face[0] + 2, face[1] + face[3] - 10, face[2] - 4, 7), 4, (230, 220, 200, 120))
    # corner pips: small stars
    for sx, sy in ((22, 22), (bw - 22, bh - 22)):
        sticker(
            p,
            lambda q, sx=sx, sy=sy: q.poly(star_points((sx, sy), 8, 3.6), (255,) * 3),
            PALETTE["cyan_light"],
            PALETTE["cyan"],
            outline=1.4,
            shadow=False,
            shine=0,
        )
    # faint ring framing the big digit
    p.circle((bw / 2, bh / 2), 44, rgba("cyan", 50), 3)


def draw_number_card_back(p: Pen) -> None:
    w, h = 140, 200
    card_body(p, w, h, PALETTE["cyan"], PALETTE["cyan_dark"])
    bw, bh = w - 4, h - 5
    inner = shape_mask(p, lambda q: q.rrect((8, 8, bw - 16, bh - 16), 9, (255, 255, 255)))
    pat = p.blank()
    pat.surf.fill((*PALETTE["navy"], 255))
    step = 20
    for iy in range(-1, bh // (step // 2) + 2):
        for ix in range(-1, bw // step + 2):
            x = ix * step + (step / 2 if iy % 2 else 0)
            y = iy * step / 2
            col = PALETTE["blue"] if (ix + iy) % 3 else PALETTE["cyan_dark"]
            pat.poly([(x, y - 9), (x + 9, y), (x, y + 9), (x - 9, y)], col)
    p.surf.blit(fill_with(inner, pat.surf), (0, 0))
    ring = dilate(inner, round(1.5 * p.k))
    ring.erase(inner, (0, 0))
    p.surf.blit(paint(ring, rgba("ink", 200)), (0, 0))
    c = (bw / 2, bh / 2)
    sticker(
        p,
        lambda q: q.circle(c, 34, (255,) * 3),
        PALETTE["cyan_light"],
        PALETTE["cyan"],
        outline=3,
        shine=130,
    )
    outlined_text(p, "123", 34, (c[0], c[1] + 1), PALETTE["white"], PALETTE["yellow"], outline=2.2)


# --------------------------------------------------------------------------- marks


def draw_cross(p: Pen) -> None:
    a1 = [bezier((10, 10), (22, 27), (40, 40), t / 10) for t in range(11)]
    a2 = [bezier((40, 9), (24, 22), (10, 41), t / 10) for t in range(11)]
    w1 = [4.2, 5.6, 6.4, 6.8, 7.0, 7.0, 6.8, 6.5, 6.0, 5.2, 4.2]
    w2 = [4.0, 5.4, 6.2, 6.6, 6.8, 6.8, 6.6, 6.2, 5.6, 4.8, 3.8]

    def shape(q: Pen) -> None:
        brush_stroke(q, a1, w1, (255, 255, 255))
        brush_stroke(q, a2, w2, (255, 255, 255))

    m = shape_mask(p, shape)
    outer = dilate(m, round(1.3 * p.k))
    drop_shadow(p, outer, offset=(0.5, 1.5), alpha=90, blur=1.2)
    p.surf.blit(paint(outer, PALETTE["marker_dark"]), (0, 0))
    p.surf.blit(paint(m, PALETTE["marker"]), (0, 0))
    # marker ink is darker where the strokes overlap, lighter streak down the middle
    second = shape_mask(p, lambda q: brush_stroke(q, a2, w2, (255,) * 3))
    first = shape_mask(p, lambda q: brush_stroke(q, a1, w1, (255,) * 3))
    p.surf.blit(paint(first.overlap_mask(second, (0, 0)), (200, 10, 70, 255)), (0, 0))
    streak1 = [(x - 1.2, y - 0.8) for x, y in a1[1:-1]]
    streak2 = [(x - 1.0, y - 1.2) for x, y in a2[1:-1]]
    brush_stroke(p, streak1, [1.6] * len(streak1), (255, 120, 160, 150))
    brush_stroke(p, streak2, [1.4] * len(streak2), (255, 120, 160, 150))


def draw_circle_mark(p: Pen) -> None:
    pts, widths = [], []
    n = 90
    for i in range(n + 1):
        t = i / n
        a = math.radians(-150 + 420 * t)
        r = 20.5 - 3.0 * t * t + 0.5 * math.sin(2 * a)
        x, y = r * math.cos(a) * 1.04, r * math.sin(a) * 0.95
        tilt = -0.25  # a slightly tilted ellipse, like a quick pen loop
        pts.append(
            (
                24 + x * math.cos(tilt) - y * math.sin(tilt),
                24.5 + x * math.sin(tilt) + y * math.cos(tilt),
            )
        )
        widths.append(1.6 + 1.9 * math.sin(math.pi * min(1.0, t * 1.08)) ** 0.6)

    m = shape_mask(p, lambda q: brush_stroke(q, pts, widths, (255,) * 3))
    outer = dilate(m, round(0.9 * p.k))
    drop_shadow(p, outer, offset=(0.3, 1.2), alpha=80, blur=1.0)
    p.surf.blit(paint(outer, PALETTE["marker_dark"]), (0, 0))
    p.surf.blit(paint(m, PALETTE["marker"]), (0, 0))


# --------------------------------------------------------------------------- bonus icons


def draw_icon_number(p: Pen) -> None:
    m = sticker(
        p,
        lambda q: q.rrect((5, 5, 38, 38), 11, (255,) * 3),
        PALETTE["cyan"],
        PALETTE["cyan_dark"],
        outline=2.5,
        shine=0,
    )
    del m
    p.rrect((10.5, 10.5, 27, 27), 7, rgba("ink", 150))
    p.rrect((11.5, 11.5, 25, 25), 6, rgba("white"))
    p.rrect((12, 27, 24, 9), 5, (220, 240, 250, 160))
    # gloss on the rim only
    p.rrect((8, 7, 32, 3), 1.5, (255, 255, 255, 150))


def draw_icon_question(p: Pen) -> None:
    sticker(
        p,
        lambda q: q.poly([(24, 3), (44.5, 23.5), (24, 44), (3.5, 23.5)], (255,) * 3),
        PALETTE["pink_light"],
        PALETTE["purple"],
        outline=2.5,
        shine=120,
        shine_height=0.45,
    )
    outlined_text(
        p, "?", 29, (24.5, 25), PALETTE["white"], PALETTE["yellow_light"], outline=2.0, shadow=False
    )


def draw_icon_lightning1(p: Pen) -> None:
    sticker(
        p,
        lambda q: q.poly(bolt_points(9, 3, 30, 40), (255,) * 3),
        PALETTE["yellow_light"],
        PALETTE["gold"],
        outline=2.5,
        shine=140,
    )


def draw_icon_lightning2(p: Pen) -> None:
    def shape(q: Pen) -> None:
        q.poly(bolt_points(2, 4, 22, 33), (255,) * 3)
        q.poly(bolt_points(22, 11, 22, 33), (255,) * 3)

    sticker(p, shape, PALETTE["yellow_light"], PALETTE["gold"], outline=2.2, shine=140)
    # separation line between the two bolts so they read as two
    m2 = shape_mask(p, lambda q: q.poly(bolt_points(22, 11, 22, 33), (255,) * 3))
    ring = dilate(m2, round(1.4 * p.k))
    ring.erase(m2, (0, 0))
    p.surf.blit(paint(ring, PALETTE["ink"]), (0, 0))


def draw_icon_star(p: Pen) -> None:
    sticker(
        p,
        lambda q: q.poly(star_points((24, 25.5), 21, 9.5), (255,) * 3),
        PALETTE["yellow_light"],
        PALETTE["gold_dark"],
        outline=2.5,
        shine=150,
        shine_height=0.5,
    )
    p.circle((17.5, 19), 1.8, (255, 255, 255, 230))


def draw_icon_moon(p: Pen) -> None:
    sticker(
        p,
        lambda q: crescent(q, (24, 24), 19, (255,) * 3, tilt=-0.6),
        PALETTE["periwinkle"],
        PALETTE["purple_dark"],
        outline=2.5,
        shine=130,
    )


def draw_icon_blank(p: Pen) -> None:
    for i in range(14):
        a = i * math.tau / 14
        p.circle((24 + 16 * math.cos(a), 24 + 16 * math.sin(a)), 2.0, rgba("lilac", 170))


# --------------------------------------------------------------------------- tokens, slots


def draw_chip(p: Pen, rim: Sequence[int], rim_dark: Sequence[int], centre: Sequence[int]) -> None:
    c = (20, 19.5)
    sticker(p, lambda q: q.circle(c, 17, (255,) * 3), rim, rim_dark, outline=2.0, shine=0)
    for i in range(8):  # poker-chip edge notches
        a = i * math.tau / 8 + math.pi / 8
        p.poly(
            [
                (c[0] + 12.5 * math.cos(a - 0.16), c[1] + 12.5 * math.sin(a - 0.16)),
                (c[0] + 16.6 * math.cos(a - 0.2), c[1] + 16.6 * math.sin(a - 0.2)),
                (c[0] + 16.6 * math.cos(a + 0.2), c[1] + 16.6 * math.sin(a + 0.2)),
                (c[0] + 12.5 * math.cos(a + 0.16), c[1] + 12.5 * math.sin(a + 0.16)),
            ],
            (255, 255, 255, 200),
        )
    p.circle(c, 12.2, rgba("ink"))
    p.circle(c, 11, centre)
    p.circle((c[0], c[1] + 1), 11, darken(centre, 0.3), 1.2)


def draw_token_lightning(p: Pen) -> None:
    draw_chip(p, PALETTE["yellow"], PALETTE["orange_dark"], PALETTE["purple_dark"])
    sticker(
        p,
        lambda q: q.poly(bolt_points(13, 9, 14, 20), (255,) * 3),
        PALETTE["yellow_light"],
        PALETTE["gold"],
        outline=1.4,
        shadow=False,
        shine=0,
    )
    p.ellipse((6, 4.5, 28, 10), (255, 255, 255, 70))


def draw_token_moon(p: Pen) -> None:
    draw_chip(p, PALETTE["periwinkle"], PALETTE["purple_dark"], PALETTE["navy"])
    sticker(
        p,
        lambda q: crescent(q, (20, 19.5), 8.5, (255,) * 3, tilt=-0.6),
        PALETTE["yellow_light"],
        PALETTE["lilac"],
        outline=1.4,
        shadow=False,
        shine=0,
    )
    p.ellipse((6, 4.5, 28, 10), (255, 255, 255, 70))


def draw_star_slot(p: Pen, filled: bool) -> None:
    pts = star_points((16, 17), 14, 6.3)
    if filled:
        sticker(
            p,
            lambda q: q.poly(pts, (255,) * 3),
            PALETTE["yellow_light"],
            PALETTE["gold_dark"],
            outline=2.0,
            shine=150,
        )
        p.circle((11.5, 12.5), 1.3, (255, 255, 255, 230))
    else:
        m = shape_mask(p, lambda q: q.poly(pts, (255,) * 3))
        outer = dilate(m, round(1.6 * p.k))
        p.surf.blit(paint(outer, rgba("lilac", 235)), (0, 0))
        p.surf.blit(paint(m, (24, 10, 52, 220)), (0, 0))
        # inner shadow at the top edge: looks recessed
        inner = erode(m, round(1.5 * p.k))
        top = m.copy()
        top.erase(inner, (0, round(1.2 * p.k)))
        p.surf.blit(paint(top, (0, 0, 0, 150)), (0, 0))


# --------------------------------------------------------------------------- table & UI


def make_table() -> pygame.Surface:
    """Arcade felt: radial purple glow, faint lattice, light beams, vignette."""
    w, h = 1280, 720
    lw, lh = 320, 180  # computed per pixel at low res, then smooth-scaled up
    low = pygame.Surface((lw, lh))
    centre, mid, edge = PALETTE["table_center"], PALETTE["table_mid"], PALETTE["table_edge"]
    for y in range(lh):
        for x in range(lw):
            dx, dy = (x - lw / 2) / (lw * 0.55), (y - lh * 0.45) / (lh * 0.62)
            d = min(1.0, math.hypot(dx, dy))
            col = mix(centre, mid, d / 0.55) if d < 0.55 else mix(mid, edge, (d - 0.55) / 0.45)
            # vignette: darken the corners a bit more
            v = max(0.0, math.hypot((x - lw / 2) / (lw / 2), (y - lh / 2) / (lh / 2)) - 0.8)
            low.set_at((x, y), darken(col, min(0.6, v * 0.9)))
    surf = pygame.transform.smoothscale(low, (w, h))
    pat = pygame.Surface((w, h), pygame.SRCALPHA)
    # sweeping arcade light beams from the top centre
    for i, a in enumerate((-0.62, -0.22, 0.22, 0.62)):
        beam = pygame.Surface((w, h), pygame.SRCALPHA)
        cx = w / 2
        col = (255, 120, 220, 9) if i % 2 else (120, 220, 255, 9)
        pygame.draw.polygon(
            beam,
            col,
            [
                (cx + a * 60, -40),
                (cx + math.tan(a) * 900 - 110, h + 40),
                (cx + math.tan(a) * 900 + 110, h + 40),
            ],
        )
        pat.blit(beam, (0, 0))
    # subtle pattern: a lattice of tiny rounded boxes with the odd star
    rng = random.Random(3)
    for row, y in enumerate(range(-24, h + 48, 48)):
        for x in range(-24, w + 48, 48):
            ox = x + (24 if row % 2 else 0)
            if rng.random() < 0.14:
                pts = star_points((ox, y), 5, 2.2, rot=rng.random())
                pygame.draw.polygon(pat, (255, 230, 150, 22), pts)
            else:
                pygame.draw.rect(pat, (255, 255, 255, 11), (ox - 3, y - 3, 6, 6), border_radius=2)
    surf.blit(pat, (0, 0))
    return surf


def draw_panel(p: Pen) -> None:
    drop_shadow(
        p,
        shape_mask(p, lambda q: q.rrect((2, 2, 60, 60), 14, (255,) * 3)),
        offset=(0, 1.5),
        alpha=90,
        blur=1.0,
    )
    p.rrect((2, 2, 60, 60), 14, rgba("ink", 255))
    p.rrect((3.5, 3.5, 57, 57), 12.5, (200, 180, 255, 200))
    p.rrect((5.5, 5.5, 53, 53), 10.5, (28, 14, 58, 225))
    p.rrect((8, 7, 48, 2), 1, (255, 255, 255, 40))


def draw_button(p: Pen, state: str) -> None:
    orange, deep = PALETTE["orange"], PALETTE["orange_dark"]
    if state == "hover":
        top, bottom, lip = PALETTE["yellow"], orange, deep
    elif state == "pressed":
        top, bottom, lip = orange, deep, darken(deep, 0.3)
    else:
        top, bottom, lip = lighten(orange, 0.25), deep, darken(deep, 0.25)
    dy = 4 if state == "pressed" else 0
    base = shape_mask(p, lambda q: q.rrect((3, 3, 58, 56), 14, (255,) * 3))
    drop_shadow(
        p,
        dilate(base, round(2 * p.k)),
        offset=(0, 2 if state != "pressed" else 1),
        alpha=100,
        blur=1.2,
    )
    p.surf.blit(paint(dilate(base, round(2 * p.k)), PALETTE["ink"]), (0, 0))
    p.surf.blit(paint(base, lip), (0, 0))  # the 3D lip (hidden when pressed)
    face_h = 56 if dy else 52  # the pressed face covers the lip
    face = shape_mask(p, lambda q: q.rrect((3, 3 + dy, 58, face_h), 14, (255,) * 3))
    face_inner = face.overlap_mask(base, (0, 0))
    box = bbox(face_inner)
    grad = vgradient(p.surf.get_size(), box.top, box.bottom, [top, bottom])
    p.surf.blit(fill_with(face_inner, grad), (0, 0))
    if state != "pressed":
        gloss(p, face_inner, 0.45, inset=2, strength=170 if state == "hover" else 140)
    else:
        p.rrect((6, 7 + dy - 4, 52, 3), 1.5, (0, 0, 0, 50))


def make_logo() -> pygame.Surface:
    w, h = 900, 220

    def draw(p: Pen) -> None:
        k = p.k

        def letters(text: str, size: float, cy: float, spacing: float, wobble: float) -> list:
            out, x = [], 0.0
            imgs = [render_text(ch, size * k, (255, 255, 255), bold=True) for ch in text]
            total = sum(i.get_width() for i in imgs) / k + spacing * (len(text) - 1)
            x = w / 2 - total / 2
            for n, (ch, img) in enumerate(zip(text, imgs, strict=True)):
                if ch != " ":
                    img = pygame.transform.rotozoom(img, wobble * (1 if n % 2 else -1), 1)
                    cx = x + img.get_width() / k / 2
                    out.append((img, (cx, cy + (3 if n % 2 else -3))))
                    x += img.get_width() / k + spacing
                else:
                    x += img.get_width() / k + spacing
            return out

        def place(glyphs: list) -> Callable[[Pen], None]:
            def shape(q: Pen) -> None:
                for img, (cx, cy) in glyphs:
                    q.surf.blit(img, img.get_rect(center=(cx * k, cy * k)))

            return shape

        top = letters("SUPER MEGA", 78, 52, 1, 3)
        bottom = letters("LUCKY BOX", 132, 148, 0, 4)
        # one combined thick outline + shadow for both lines, then per-line fills
        mt = shape_mask(p, place(top))
        mb = shape_mask(p, place(bottom))
        both = mt.copy()
        both.draw(mb, (0, 0))
        outer = dilate(both, round(7 * k))
        drop_shadow(p, outer, offset=(0, 7), alpha=150, blur=5)
        p.surf.blit(paint(outer, PALETTE["ink"]), (0, 0))
        rim = dilate(both, round(3.5 * k))
        p.surf.blit(paint(rim, PALETTE["white"]), (0, 0))
        p.surf.blit(paint(dilate(both, round(1.5 * k)), PALETTE["ink"]), (0, 0))
        size = p.surf.get_size()
        bt, bb = bbox(mt), bbox(mb)
        cool = [PALETTE[n] for n in ("cyan_light", "cyan", "blue")]
        warm = [PALETTE[n] for n in ("yellow_light", "yellow", "orange", "pink")]
        p.surf.blit(fill_with(mt, vgradient(size, bt.top, bt.bottom, cool)), (0, 0))
        p.surf.blit(fill_with(mb, vgradient(size, bb.top, bb.bottom, warm)), (0, 0))
        gloss(p, mt, 0.45, inset=2, strength=140)
        gloss(p, mb, 0.42, inset=3, strength=150)
        for sx, sy, sr in ((70, 40, 20), (835, 178, 16), (845, 34, 11), (58, 176, 10)):
            star_sticker(p, (sx, sy), sr, outline=3)

    return supersample((w, h), draw, scale=2)


def draw_window_icon(p: Pen) -> None:
    sticker(
        p,
        lambda q: q.rrect((4, 4, 56, 56), 13, (255,) * 3),
        PALETTE["pink_light"],
        PALETTE["pink_dark"],
        outline=3,
        shine=0,
    )
    for i in range(3):
        for j in range(3):
            x, y = 11 + j * 15, 11 + i * 15
            p.rrect((x, y, 13, 13), 3, rgba("ink"))
            p.rrect((x + 1, y + 1, 11, 11), 2.5, rgba("cell"))
    for i, j in ((0, 0), (1, 1), (0, 2)):
        x, y = 11 + j * 15, 11 + i * 15
        p.line((x + 3, y + 3), (x + 10, y + 10), PALETTE["marker"], 2.6)
        p.line((x + 10, y + 3), (x + 3, y + 10), PALETTE["marker"], 2.6)
    sticker(
        p,
        lambda q: q.poly(star_points((48, 48), 13, 6), (255,) * 3),
        PALETTE["yellow_light"],
        PALETTE["gold_dark"],
        outline=2.2,
        shine=140,
    )


# --------------------------------------------------------------------------- main

SPRITES: dict[str, Callable[[], pygame.Surface]] = {
    "card_front.png": lambda: supersample(CARD_SIZE, draw_card_front),
    "card_back.png": lambda: supersample(CARD_SIZE, draw_card_back),
    "number_card_front.png": lambda: supersample((140, 200), draw_number_card_front),
    "number_card_back.png": lambda: supersample((140, 200), draw_number_card_back),
    "square.png": lambda: cell_sprite("plain"),
    "square_highlight.png": lambda: cell_sprite("highlight"),
    "square_lightning.png": lambda: cell_sprite("lightning"),
    "cross.png": lambda: supersample((50, 50), draw_cross, clear=(*PALETTE["marker_dark"], 0)),
    "circle.png": lambda: supersample(
        (48, 48), draw_circle_mark, clear=(*PALETTE["marker_dark"], 0)
    ),
    "icon_number.png": lambda: supersample((48, 48), draw_icon_number),
    "icon_question.png": lambda: supersample((48, 48), draw_icon_question),
    "icon_lightning1.png": lambda: supersample((48, 48), draw_icon_lightning1),
    "icon_lightning2.png": lambda: supersample((48, 48), draw_icon_lightning2),
    "icon_star.png": lambda: supersample((48, 48), draw_icon_star),
    "icon_moon.png": lambda: supersample((48, 48), draw_icon_moon),
    "icon_blank.png": lambda: supersample((48, 48), draw_icon_blank, clear=(*PALETTE["lilac"], 0)),
    "token_lightning.png": lambda: supersample((40, 40), draw_token_lightning),
    "token_moon.png": lambda: supersample((40, 40), draw_token_moon),
    "star_slot_empty.png": lambda: supersample((32, 32), lambda p: draw_star_slot(p, False)),
    "star_slot_filled.png": lambda: supersample((32, 32), lambda p: draw_star_slot(p, True)),
    "table.png": make_table,
    "panel.png": lambda: supersample((64, 64), draw_panel),
    "button.png": lambda: supersample((64, 64), lambda p: draw_button(p, "normal")),
    "button_hover.png": lambda: supersample((64, 64), lambda p: draw_button(p, "hover")),
    "button_pressed.png": lambda: supersample((64, 64), lambda p: draw_button(p, "pressed")),
    "logo.png": make_logo,
    "icon.png": lambda: supersample((64, 64), draw_window_icon),
}


def main(out_dir: Path = OUT_DIR) -> list[Path]:
    """Render every sprite into ``out_dir``, and the 2x set into ``out_dir/2x``; returns the
    written paths."""
    global OUTPUT
    pygame.font.init()
    written = []
    for name, make in SPRITES.items():
        path = out_dir / name
        pygame.image.save(make(), str(path))
        written.append(path)
    geo_path = out_dir / "card_geometry.json"
    geo_path.write_text(geometry_json(card_geometry()), encoding="utf-8")
    written.append(geo_path)
    (out_dir / HI_DIR).mkdir(exist_ok=True)
    OUTPUT = 2
    try:
        for name, make in SPRITES.items():
            if name not in NOT_HI:
                path = out_dir / HI_DIR / name
                pygame.image.save(make(), str(path))
                written.append(path)
    finally:
        OUTPUT = 1
    return written


if __name__ == "__main__":
    for written_path in main():
        print(written_path.relative_to(OUT_DIR.parent))
