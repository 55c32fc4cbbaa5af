"""Small drawings the learning screens share: arrows, pulsing rings, pointers and labels.

How to play pages draw their examples with them, and the guided first game points with
`draw_pointer` at the exact thing to click.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.ui.toolkit import gfx, motion
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel

if TYPE_CHECKING:
    from pygame.typing import RectLike

    from game.core.ui.toolkit.assets import Assets
    from game.core.ui.toolkit.text import TextCache

Point = tuple[float, float]
RGB = tuple[int, int, int]
LABEL_INSET = 8  # px a label stays inside the area it is kept in (its shadow is 4)


class Pictures(Protocol):
    """What drawing a sprite or a card takes from the app (its Context)."""

    @property
    def assets(self) -> Assets: ...

    @property
    def text(self) -> TextCache: ...


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


#: The arrow's length before its bob, and how far it bobs away from what it points at.
ARROW_LENGTH = 96
ARROW_BOB = 8
#: Half the arrow's width with its outline (the head is the widest: 22 px at 0.5 rad, plus ink).
ARROW_HALF = 15
#: Half the shaft's width with its outline: what the arrow covers beside its line, behind the
#: head (the head lies on the thing pointed at).
SHAFT_HALF = 8
SHORT_ARROWS = (64, 40)  # where the long one finds no room (40: little more than its head)
#: How deep the arrow's tip rests inside what it points at (along the arrow): at its furthest
#: bob it is still `TIP_DEPTH - ARROW_BOB` px inside. Its point lies on the thing's edge or
#: corner, so nobody reads it as pointing at a neighbour, and stops short of the thing's label.
TIP_DEPTH = 12

Segment = tuple[Point, Point]


def arrow_sweep(start: Point, end: Point) -> Segment:
    """The line the arrow's centre covers while it bobs: from its tip at rest to its tail at
    the furthest bob."""
    dx, dy = start[0] - end[0], start[1] - end[1]
    length = math.hypot(dx, dy) or 1.0
    k = ARROW_BOB / length
    return end, (start[0] + dx * k, start[1] + dy * k)


def arrow_covers(start: Point, end: Point, rect: RectLike, half: float = ARROW_HALF) -> bool:
    """Whether the arrow from `start` to `end` (its whole width, at any bob) touches `rect`."""
    a, b = arrow_sweep(start, end)
    return bool(pygame.FRect(rect).inflate(2 * half, 2 * half).clipline(a, b))


def arrow_tip_bobbed(start: Point, end: Point) -> Point:
    """Where the arrow's tip is at its furthest bob away from what it points at."""
    dx, dy = start[0] - end[0], start[1] - end[1]
    length = math.hypot(dx, dy) or 1.0
    return end[0] + dx * ARROW_BOB / length, end[1] + dy * ARROW_BOB / length


def label_area(rect: RectLike) -> pygame.FRect:
    """The middle of a thing, where its label (a number, a word) is: what an arrow pointing at
    it, or crossing it, leaves clear."""
    box = pygame.FRect(rect)
    margin_x = min(TIP_DEPTH + 4, box.w * 0.3)
    margin_y = min(TIP_DEPTH + 4, box.h * 0.3)
    return box.inflate(-2 * margin_x, -2 * margin_y)


def _ways_in(box: pygame.FRect, near_right: bool, near_top: bool) -> list[tuple[Point, Point]]:
    """The ways an arrow can point into `box`, best first, each as (its tip at rest, the unit
    direction from the tip back toward its tail): through a corner on the slant (the usual
    one from the upper right; from below near the window's top, from the left near its right
    edge), straight in at the middle of a side, then through a corner straight."""
    side = -1 if near_right else 1
    up = 1 if near_top else -1
    corners = [(side, up), (-side, up), (side, -up), (-side, -up)]
    sides = [(0, up), (0, -up), (side, 0), (-side, 0)]
    ways: list[tuple[Point, Point]] = []
    cx, cy = box.center
    half_w, half_h = box.w / 2, box.h / 2
    k = 1 / math.sqrt(2)
    for ax, ay in corners:  # the tip over the corner, inside both edges
        depth = TIP_DEPTH * k
        tip = (cx + ax * (half_w - depth), cy + ay * (half_h - depth))
        ways.append((tip, (ax * k, ay * k)))
    for ax, ay in sides:
        tip = (cx + ax * (half_w - TIP_DEPTH), cy + ay * (half_h - TIP_DEPTH))
        ways.append((tip, (float(ax), float(ay))))
    for ax, ay in corners:  # over the corner, coming straight along one edge's line
        for ux, uy in ((ax, 0), (0, ay)):
            tip = (
                cx + ax * (half_w - (TIP_DEPTH if ux else TIP_DEPTH * 0.7)),
                cy + ay * (half_h - (TIP_DEPTH if uy else TIP_DEPTH * 0.7)),
            )
            ways.append((tip, (float(ux), float(uy))))
    return ways


Box = tuple[float, float, float, float]


def arrow_route(
    target: RectLike,
    avoid: Sequence[RectLike] = (),
    within: RectLike | None = None,
    text: Sequence[RectLike] = (),
    marks: Sequence[RectLike] = (),
    pictures: Sequence[RectLike] = (),
) -> Segment:
    """Where the guide's arrow goes to point at `target` (the thing's own rect), inside
    `within` (all the window shows), at any bob. Its tip lies inside the target, over an edge
    or a corner, clear of its label (`label_area`); the rest of it keeps, in this order of
    importance, off `text` (the guide's sentence, a table's message, a score: never crossed
    where there is a way), off `pictures` (small pictures read whole, not by a middle: a
    card's bonus icons), off the labels of `avoid` (the other things to click: a neighbouring
    square's number), then off their edges; a longer arrow before a shorter one, the usual
    way in before another (`_ways_in`). `marks`: things on the target besides its label that
    its head keeps off (a Lightning square's cost in its corner)."""
    return _route(
        _key(target),
        tuple(_key(rect) for rect in avoid),
        _key(within) if within is not None else None,
        tuple(_key(rect) for rect in text),
        tuple(_key(rect) for rect in marks),
        tuple(_key(rect) for rect in pictures),
    )


def _key(rect: RectLike) -> Box:
    box = pygame.FRect(rect)
    return (box.x, box.y, box.w, box.h)


@functools.lru_cache(maxsize=64)  # the guide asks the same each frame while nothing moves
def _route(
    target: Box,
    avoid: tuple[Box, ...],
    within: Box | None,
    text: tuple[Box, ...],
    marks: tuple[Box, ...] = (),
    pictures: tuple[Box, ...] = (),
) -> Segment:
    box = pygame.FRect(target)
    room = pygame.FRect(within) if within is not None else None
    inside = room.inflate(-2 * ARROW_HALF, -2 * ARROW_HALF) if room is not None else None
    near_right = room is not None and box.centerx > room.right - 200
    near_top = box.top < (room.top if room is not None else 0) + 200
    # Only what lies within the arrow's reach can be in its way.
    far = 2 * (ARROW_LENGTH + 60)
    reach = box.inflate(far, far)
    own = label_area(box)
    kept = [pygame.FRect(r).inflate(6, 6) for r in marks]

    def near(rects: tuple[Box, ...]) -> list[pygame.FRect]:
        return [pygame.FRect(r) for r in rects if reach.colliderect(r)]

    texts = [r.inflate(2 * ARROW_HALF, 2 * ARROW_HALF) for r in near(text)]
    drawn = [r.inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF) for r in near(pictures)]
    drawn = [r for r in drawn if not r.colliderect(box)]
    things = [r for r in near(avoid) if not r.colliderect(box)]
    labels = [label_area(r).inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF) for r in things]
    edges = [r.inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF) for r in things]

    def touched(a: Point, b: Point, rects: list[pygame.FRect]) -> int:
        return sum(1 for rect in rects if rect.clipline(a, b))

    best: tuple[tuple[int, ...], Segment] | None = None
    ways = _ways_in(box, near_right, near_top)
    lengths = (ARROW_LENGTH, *SHORT_ARROWS)
    for rank, length in enumerate(lengths):
        for order, (tip, (ux, uy)) in enumerate(ways):
            if own.collidepoint(tip):
                continue  # (a thing too small for the tip to keep off its middle)
            start = (tip[0] + ux * length, tip[1] + uy * length)
            a, b = arrow_sweep(start, tip)
            if inside is not None and not (inside.collidepoint(a) and inside.collidepoint(b)):
                continue
            # Behind its head (which lies on the target) the arrow must not be in the way.
            neck = (tip[0] + ux * 22, tip[1] + uy * 22)
            if any(mark.clipline(tip, neck) for mark in kept):
                continue
            score = (
                touched(a, b, texts),
                touched(neck, b, drawn),
                touched(neck, b, labels),
                touched(neck, b, edges),
                rank,
                order,
            )
            if best is None or score < best[0]:
                best = (score, (start, tip))
            if score[:4] == (0, 0, 0, 0):
                return start, tip
    if best is not None:
        return best[1]
    tip, (ux, uy) = ways[0]
    return (tip[0] + ux * SHORT_ARROWS[-1], tip[1] + uy * SHORT_ARROWS[-1]), tip


def _bobbed(route: Segment, time: float) -> Segment:
    """The route moved away from its target by the arrow's bob at `time`."""
    (x0, y0), (x1, y1) = route
    length = math.hypot(x0 - x1, y0 - y1) or 1.0
    k = ARROW_BOB * pulse(time, 6.0) / length
    dx, dy = (x0 - x1) * k, (y0 - y1) * k
    return (x0 + dx, y0 + dy), (x1 + dx, y1 + dy)


def draw_pointer(
    surface: pygame.Surface,
    target: Point,
    time: float,
    colour: RGB = YELLOW,
    radius: float = 30,
    avoid: Sequence[RectLike] = (),
    text: Sequence[RectLike] = (),
    pictures: Sequence[RectLike] = (),
) -> Segment:
    """The guide's pointer at a point with no known thing around it: a ring on the target and
    an arrow bobbing into it, routed clear of `avoid`, `pictures` and `text` inside the window
    (see `arrow_route`). Returns the arrow's route at rest."""
    draw_ring(surface, target, radius, time, colour)
    ring = pygame.FRect(0, 0, 2 * radius, 2 * radius)
    ring.center = target
    route = arrow_route(ring, avoid, gfx.view(surface), text, pictures=pictures)
    start, end = _bobbed(route, time)
    draw_arrow(surface, start, end, colour)
    return route


def frame_rect(target: RectLike, time: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The breathing frame just outside a thing, and the frame's outer (ink) rect."""
    pad = 7 + round(3 * pulse(time, 5.0))  # just clear of it: the lines around stay readable
    frame = pygame.Rect(target).inflate(2 * pad, 2 * pad)
    return frame, frame.inflate(8, 8)


def draw_frame_pointer(
    surface: pygame.Surface,
    target: pygame.FRect,
    time: float,
    colour: RGB = YELLOW,
    avoid: Sequence[RectLike] = (),
    text: Sequence[RectLike] = (),
    marks: Sequence[RectLike] = (),
    pictures: Sequence[RectLike] = (),
) -> Segment:
    """The guide's pointer at a thing of known size (a button, a square, a card): a breathing
    frame just outside it and an arrow whose tip rests on it, over an edge or a corner, clear
    of its label, routed clear of `text` (the guide's sentence, the table's words), of
    `pictures` (icons) and of `avoid` (its neighbours) inside the window (see `arrow_route`).
    Returns the arrow's route at rest."""
    frame, outer = frame_rect(target, time)
    radius = max(6, min(16, frame.height // 3))
    gfx.rect(surface, INK, outer, 9, border_radius=radius + 4)
    gfx.rect(surface, colour, frame, 5, border_radius=radius)
    route = arrow_route(target, avoid, gfx.view(surface), text, marks, pictures)
    start, end = _bobbed(route, time)
    draw_arrow(surface, start, end, colour)
    return route


def draw_tag(
    surface: pygame.Surface,
    text: TextCache,
    label: str,
    center: Point,
    size: int = 26,
    colour: Sequence[int] = (255, 247, 226),
    ink: RGB = INK,
    within: RectLike | None = None,
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
    text: TextCache,
    label: str,
    center: Point,
    size: int = 28,
    colour: RGB = WHITE,
    max_width: float | None = None,
) -> pygame.Rect:
    """Outlined text for the labels inside a drawing, moved inside the surface's clip (a How to
    play picture's box) rather than cut off by it. With `max_width`, a caption longer than its
    column (a language's longer words) goes onto a second line below the first, or failing
    that gets smaller, so neighbouring captions never run together."""
    lines = [label]
    if max_width is not None and text.font(size).size(label)[0] > max_width:
        lines = text.wrap(label, size, max_width)
        if len(lines) > 2:
            lines = [label]
        size = min(text.fit_size(line, size, max_width, min_size=14) for line in lines)
    room = _room(surface, None)
    step = text.font(size).get_linesize()
    drawn: pygame.Rect | None = None
    for i, line in enumerate(lines):  # the first line where one would be, the next below
        img = text.render_outlined(line, size, colour, INK, 2)
        at = (round(center[0]), round(center[1] + i * step))
        rect = img.get_rect(center=at).clamp(room)
        surface.blit(img, rect)
        drawn = rect if drawn is None else drawn.union(rect)
    assert drawn is not None
    return drawn


def _room(surface: pygame.Surface, within: RectLike | None) -> pygame.Rect:
    """Where a label may go: `within`, else the surface's clip, far enough in that a label
    and its shadow stay off the framing panel's border (How to play clips a few pixels
    outside its picture's panel)."""
    area = pygame.Rect(within) if within is not None else pygame.Rect(surface.get_clip())
    return area.inflate(-2 * LABEL_INSET, -2 * LABEL_INSET)


def draw_number_card(
    surface: pygame.Surface,
    ctx: Pictures,
    number: int,
    rect: pygame.FRect,
    colour: RGB = (52, 40, 90),
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
    surface: pygame.Surface,
    ctx: Pictures,
    name: str,
    center: Point,
    size: float,
    fallback: RGB = YELLOW,
) -> None:
    """A sprite centred on `center` (a plain disc when the sprite is missing)."""
    s = round(size)
    if ctx.assets.has(name):
        img = ctx.assets.get(name, (s, s))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
    else:
        gfx.circle(surface, INK, center, s / 2)
        gfx.circle(surface, fallback, center, s / 2 - 3)
