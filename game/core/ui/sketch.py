"""Small drawings the learning screens share: arrows, pulsing rings, pointers and labels.

How to play pages draw their examples with them, and the guided first game points with
`draw_pointer` at the exact thing to click.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.core.ui import gfx, motion
from game.core.ui.widgets import INK, WHITE, YELLOW, draw_panel

Point = tuple[float, float]
RGB = tuple[int, int, int]
LABEL_INSET = 8  # px a label stays inside the area it is kept in (its shadow is 4)


def pulse(time: float, speed: float = 3.0) -> float:
    """0..1..0 over and over: for rings and arrows that breathe (still under reduced motion)."""
    return motion.pulse(time, speed)


def draw_arrow(
    surface: pygame.Surface,
    start: Point,
    end: Point,
    colour: RGB = YELLOW,
    width: int = 8,
    head: float = 22,
    bend: float = 0.0,
) -> None:
    """A thick outlined arrow from `start` to `end`; `bend` curves it sideways (pixels)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = (x0 + x1) / 2 + nx * bend, (y0 + y1) / 2 + ny * bend
    points = []
    for i in range(21):
        k = i / 20
        points.append(
            (
                (1 - k) ** 2 * x0 + 2 * (1 - k) * k * cx + k * k * x1,
                (1 - k) ** 2 * y0 + 2 * (1 - k) * k * cy + k * k * y1,
            )
        )
    # The head points along the curve's last stretch.
    (px, py), (qx, qy) = points[-3], points[-1]
    ang = math.atan2(qy - py, qx - px)
    tip = (qx, qy)
    left = (qx - head * math.cos(ang - 0.5), qy - head * math.sin(ang - 0.5))
    right = (qx - head * math.cos(ang + 0.5), qy - head * math.sin(ang + 0.5))
    shaft = points[:-2]
    gfx.lines(surface, INK, False, shaft, width + 6)
    gfx.polygon(surface, INK, [tip, left, right])
    gfx.polygon(surface, INK, [tip, left, right], 6)
    gfx.lines(surface, colour, False, shaft, width)
    for p in (shaft[0], shaft[-1]):
        gfx.circle(surface, colour, p, width / 2)
    gfx.polygon(surface, colour, [tip, left, right])


def draw_ring(
    surface: pygame.Surface, center: Point, radius: float, time: float, colour: RGB = YELLOW
) -> None:
    """A breathing ring around something to look at."""
    r = radius + 6 * pulse(time, 5.0)
    gfx.circle(surface, INK, center, r + 3, 9)
    gfx.circle(surface, colour, center, r, 5)


def draw_pointer(
    surface: pygame.Surface, target: Point, time: float, colour: RGB = YELLOW, radius: float = 30
) -> None:
    """The guide's pointer: a ring on the target and an arrow bobbing toward it from above (from
    below when the target is near the top of the screen)."""
    draw_ring(surface, target, radius, time, colour)
    x, y = target
    bob = 12 * pulse(time, 6.0)
    side = 1 if x < 200 else -1  # near the left edge the arrow comes from the right
    if y < 200:
        start = (x - 50 * side, y + radius + 110 + bob)
        end = (x - 8 * side, y + radius + 14 + bob)
    else:
        start = (x + 50 * side, y - radius - 110 - bob)
        end = (x + 8 * side, y - radius - 14 - bob)
    draw_arrow(surface, start, end, colour)


def draw_frame_pointer(
    surface: pygame.Surface, target: pygame.FRect, time: float, colour: RGB = YELLOW
) -> pygame.Rect:
    """The guide's pointer around a thing of known size (a button, a square, a card): a
    breathing frame just outside it and an arrow stopping short of it, so neither covers its
    label. Returns the frame's outer rect."""
    pad = 7 + round(3 * pulse(time, 5.0))  # just clear of it: the lines around stay readable
    frame = pygame.Rect(target).inflate(2 * pad, 2 * pad)
    radius = max(6, min(16, frame.height // 3))
    outer = frame.inflate(8, 8)
    gfx.rect(surface, INK, outer, 9, border_radius=radius + 4)
    gfx.rect(surface, colour, frame, 5, border_radius=radius)
    x = frame.centerx
    bob = 12 * pulse(time, 6.0)
    side = 1 if x < 200 else -1  # near the left edge the arrow comes from the right
    if frame.top < 200:
        end = (x - 8 * side, outer.bottom + 10 + bob)
        start = (x - 50 * side, outer.bottom + 106 + bob)
    else:
        end = (x + 8 * side, outer.top - 10 - bob)
        start = (x + 50 * side, outer.top - 106 - bob)
    draw_arrow(surface, start, end, colour)
    return outer


def draw_tag(
    surface: pygame.Surface,
    text: Any,
    label: str,
    center: Point,
    size: int = 26,
    colour: Sequence[int] = (255, 247, 226),
    ink: RGB = INK,
    within: Any = None,
) -> pygame.Rect:
    """A small paper label with `label` on it, centred on `center` and moved inside `within`
    (by default the surface's clip: a How to play picture's box), so a long translation is
    never cut off at the picture's edge; returns its rect."""
    img = text.render(label, size, ink)
    rect = img.get_rect(center=(round(center[0]), round(center[1]))).inflate(20, 10)
    rect = rect.clamp(_room(surface, within))
    draw_panel(surface, rect, colour=colour, radius=10, border=3, shadow=4)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def draw_caption(
    surface: pygame.Surface,
    text: Any,
    label: str,
    center: Point,
    size: int = 28,
    colour: RGB = WHITE,
) -> pygame.Rect:
    """Outlined text for the labels inside a drawing, moved inside the surface's clip (a How to
    play picture's box) rather than cut off by it."""
    img = text.render_outlined(label, size, colour, INK, 2)
    rect = img.get_rect(center=(round(center[0]), round(center[1]))).clamp(_room(surface, None))
    surface.blit(img, rect)
    return rect


def _room(surface: pygame.Surface, within: Any) -> pygame.Rect:
    """Where a label may go: `within`, else the surface's clip, far enough in that a label
    and its shadow stay off the framing panel's border (How to play clips a few pixels
    outside its picture's panel)."""
    area = pygame.Rect(within) if within is not None else pygame.Rect(surface.get_clip())
    return area.inflate(-2 * LABEL_INSET, -2 * LABEL_INSET)


def draw_number_card(
    surface: pygame.Surface, ctx: Any, number: int, rect: pygame.FRect, colour: RGB = (52, 40, 90)
) -> None:
    """A revealed Number card (the sprite when there is one, else a drawn card)."""
    r = pygame.FRect(rect)
    if ctx.assets.has("number_card_front"):
        surface.blit(ctx.assets.get("number_card_front", r.size), r.topleft)
    else:
        draw_panel(surface, r, radius=10, border=3, shadow=4)
    ctx.text.blit_centered(
        surface, str(number), int(r.h * 0.55), colour, (r.centerx, r.centery + 4)
    )


def draw_sprite(
    surface: pygame.Surface, ctx: Any, name: str, center: Point, size: float, fallback: RGB = YELLOW
) -> None:
    """A sprite centred on `center` (a plain disc when the sprite is missing)."""
    s = round(size)
    if ctx.assets.has(name):
        img = ctx.assets.get(name, (s, s))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
    else:
        gfx.circle(surface, INK, center, s / 2)
        gfx.circle(surface, fallback, center, s / 2 - 3)
