"""Drawing at the window's own resolution: scenes keep 1280x720 coordinates, pixels follow the
window.

Scenes lay everything out on a logical 1280x720 picture. On a large or high-DPI window that
picture is drawn `render_scale()` times larger (1.5 on a 1920x1080 window, 2 at 2560x1440, 3 on
a 4K screen), so text, cards and lines get the window's real pixels instead of a 1280x720
picture stretched by SDL (soft at 1.5x, blurred at 3x).

At scale 1 (a window about 1280x720, and the tests and benchmarks) nothing here costs
anything: `Surface` is pygame's, and the drawing functions go straight to `pygame.draw`. At
another scale, `Surface` makes a `HiSurface`: the same methods as a pygame surface, in logical
coordinates and sizes, over pixels `scale` times larger. The drawing functions here accept both,
so drawing code calls `gfx.rect(...)` where it would call `pygame.draw.rect(...)`, `gfx.Surface`
for `pygame.Surface`, and `gfx.smoothscale` and friends for `pygame.transform`.

Images made at one scale and drawn at another (a stale cache after the window changed, or an
image some code made with plain pygame) are rescaled when blitted, so they land at the right
place and size; `plain_blits` counts those, and the tests check a whole tour at scale 2 makes
none (so nothing is drawn soft).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame
from pygame.typing import ColorLike, Point, RectLike

_scale = 1.0
#: Where images of another scale were blitted and had to be rescaled (file:line -> count).
plain_blits: Counter[str] = Counter()
#: Record the caller of each rescaled blit in `plain_blits` (tests and checks turn it on).
track_plain_blits = False


def render_scale() -> float:
    """How many pixels the picture has per logical pixel (1 at 1280x720)."""
    return _scale


def set_render_scale(scale: float) -> None:
    """Draw at `scale` from now on (caches of drawn images key their entries by it)."""
    global _scale
    scale = float(scale)
    if scale <= 0:
        raise ValueError("render scale must be positive")
    _scale = scale


# ------------------------------------------------------------------ pixel geometry


def _px(v: float, s: float) -> int:
    return round(v * s)


#: No shift: the logical (0, 0) is the pixels' top-left corner.
NO_ORIGIN = (0.0, 0.0)


def _px_rect(rect: RectLike, s: float, o: tuple[float, float] = NO_ORIGIN) -> pygame.Rect:
    """A logical rect in pixels; edges are rounded, so rects that touch still touch."""
    r = pygame.FRect(rect)
    left, top = round((r.x + o[0]) * s), round((r.y + o[1]) * s)
    return pygame.Rect(
        left, top, round((r.right + o[0]) * s) - left, round((r.bottom + o[1]) * s) - top
    )


def _logical_rect(rect: pygame.Rect, s: float, o: tuple[float, float] = NO_ORIGIN) -> pygame.Rect:
    """A pixel rect back in logical units, covering at least what the pixels cover."""
    left, top = math.floor(rect.x / s - o[0]), math.floor(rect.y / s - o[1])
    return pygame.Rect(
        left,
        top,
        math.ceil(rect.right / s - o[0]) - left,
        math.ceil(rect.bottom / s - o[1]) - top,
    )


def _px_point(p: Point, s: float, o: tuple[float, float] = NO_ORIGIN) -> tuple[float, float]:
    return ((p[0] + o[0]) * s, (p[1] + o[1]) * s)


def _px_width(width: int, s: float) -> int:
    return 0 if width <= 0 else max(1, round(width * s))


# ------------------------------------------------------------------ the surface


if TYPE_CHECKING:
    # To the type checker a HiSurface is a pygame surface: it answers every method of one (those
    # it does not define it forwards to its pixels), so code typed for pygame surfaces takes the
    # canvas at any scale. Only pygame's own functions (pygame.draw, pygame.transform) cannot
    # take one, which is why drawing code calls this module's.
    _SurfaceLike = pygame.Surface
else:
    _SurfaceLike = object


class HiSurface(_SurfaceLike):
    """A surface in logical coordinates over pixels `scale` times larger (see the module).

    Wraps a pygame surface (`pixels`), which may be the display's or a part of another.
    `origin` shifts the logical coordinates: the logical point (0, 0) is `origin` logical units
    in from the pixels' top-left corner. The app's canvas uses it for windows of another shape
    than 16:9: scenes keep their 1280x720 coordinates centred in it and reach the margins with
    negative coordinates or beyond 1280x720 (`view`)."""

    __slots__ = ("pixels", "scale", "origin", "_size", "_rescaled", "__weakref__")

    def __init__(
        self,
        pixels: pygame.Surface,
        scale: float,
        size: tuple[int, int] | None = None,
        origin: tuple[float, float] = NO_ORIGIN,
    ) -> None:
        self.pixels = pixels
        self.scale = scale
        self.origin = (float(origin[0]), float(origin[1]))
        if size is None:
            w, h = pixels.get_size()
            size = (max(1, round(w / scale)) if w else 0, max(1, round(h / scale)) if h else 0)
        self._size = (int(size[0]), int(size[1]))
        self._rescaled: tuple[float, pygame.Surface] | None = None

    @classmethod
    def new(cls, size: Sequence[float], flags: int = 0, scale: float | None = None) -> HiSurface:
        s = _scale if scale is None else scale
        w, h = max(0, int(size[0])), max(0, int(size[1]))
        return cls(pygame.Surface((_px(w, s), _px(h, s)), flags), s, (w, h))

    # sizes, in logical units
    def get_size(self) -> tuple[int, int]:
        return self._size

    def get_width(self) -> int:
        return self._size[0]

    def get_height(self) -> int:
        return self._size[1]

    @property
    def size(self) -> tuple[int, int]:
        return self._size

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    def get_rect(self, **kwargs: object) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *self._size)
        for key, value in kwargs.items():
            setattr(rect, key, value)
        return rect

    @property
    def view(self) -> pygame.Rect:
        """Everything the pixels show, in logical coordinates (wider or taller than `get_rect`
        where the origin is shifted)."""
        w, h = self.pixels.get_size()
        left, top = -round(self.origin[0]), -round(self.origin[1])
        return pygame.Rect(left, top, round(w / self.scale), round(h / self.scale))

    # drawing
    def pixels_at(self, scale: float) -> pygame.Surface:
        """These pixels for a target of `scale` (rescaled, and remembered, if it differs)."""
        if scale == self.scale:
            return self.pixels
        if self._rescaled is None or self._rescaled[0] != scale:
            if self.origin == NO_ORIGIN:
                size = (max(1, _px(self._size[0], scale)), max(1, _px(self._size[1], scale)))
            else:  # a shifted canvas: all its pixels, not only the logical size's
                w, h = self.pixels.get_size()
                k = scale / self.scale
                size = (max(1, round(w * k)), max(1, round(h * k)))
            self._rescaled = (scale, _resize(self.pixels, size))
        return self._rescaled[1]

    # `dest` is a point or a Rect (pygame also takes an object with a `.rect`; none is blitted).
    def blit(  # type: ignore[override]
        self,
        source: pygame.Surface,
        dest: Point = (0, 0),
        area: RectLike | None = None,
        special_flags: int = 0,
    ) -> pygame.Rect:
        s, o = self.scale, self.origin
        pixels = _source_pixels(source, s)
        at = (_px(dest[0] + o[0], s), _px(dest[1] + o[1], s))
        done = self.pixels.blit(
            pixels, at, None if area is None else _px_rect(area, s), special_flags
        )
        return _logical_rect(done, s, o)

    def fill(
        self, color: ColorLike, rect: RectLike | None = None, special_flags: int = 0
    ) -> pygame.Rect:
        s, o = self.scale, self.origin
        area = None if rect is None else _px_rect(rect, s, o)
        return _logical_rect(self.pixels.fill(color, area, special_flags), s, o)

    def subsurface(self, *rect: float | Point | RectLike) -> HiSurface:
        logical = pygame.Rect(*rect)
        return HiSurface(
            self.pixels.subsurface(_px_rect(logical, self.scale, self.origin)),
            self.scale,
            logical.size,
        )

    def copy(self) -> HiSurface:
        return HiSurface(self.pixels.copy(), self.scale, self._size, self.origin)

    def convert_alpha(self) -> HiSurface:
        return HiSurface(self.pixels.convert_alpha(), self.scale, self._size, self.origin)

    def convert(self, *args: pygame.Surface | ColorLike) -> HiSurface:
        return HiSurface(self.pixels.convert(*args), self.scale, self._size, self.origin)

    def get_at(self, pos: Point) -> pygame.Color:
        s, o = self.scale, self.origin
        x = min(_px(pos[0] + o[0] + 0.5, s), self.pixels.get_width() - 1)
        y = min(_px(pos[1] + o[1] + 0.5, s), self.pixels.get_height() - 1)
        return self.pixels.get_at((x, y))

    def set_clip(self, rect: RectLike | None = None) -> None:
        self.pixels.set_clip(None if rect is None else _px_rect(rect, self.scale, self.origin))

    def get_clip(self) -> pygame.Rect:
        return _logical_rect(self.pixels.get_clip(), self.scale, self.origin)

    def get_bounding_rect(self, min_alpha: int = 1) -> pygame.Rect:
        return _logical_rect(self.pixels.get_bounding_rect(min_alpha), self.scale, self.origin)

    # the rest (alpha, colour key, flags, locking) is the pixels' own
    def __getattr__(self, name: str) -> object:
        return getattr(self.pixels, name)


def _resize(pixels: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    try:
        return pygame.transform.smoothscale(pixels, size)
    except ValueError:  # smoothscale wants 24/32-bit pixels
        return pygame.transform.scale(pixels, size)


def _source_pixels(source: pygame.Surface, scale: float) -> pygame.Surface:
    """What to blit onto a target of `scale`: the source's pixels, rescaled when it was made
    at another scale (counted in `plain_blits`)."""
    if isinstance(source, HiSurface):
        if source.scale != scale and track_plain_blits:
            _note_plain_blit()
        return source.pixels_at(scale)
    if scale == 1:
        return source
    if track_plain_blits:
        _note_plain_blit()
    w, h = source.get_size()
    return _resize(source, (max(1, _px(w, scale)), max(1, _px(h, scale))))


def _note_plain_blit() -> None:
    import sys

    frame = sys._getframe(3)
    plain_blits[f"{frame.f_code.co_filename}:{frame.f_lineno}"] += 1


def Surface(size: Sequence[float], flags: int = 0) -> pygame.Surface:  # noqa: N802 (pygame's name)
    """A new surface for drawing: pygame's at scale 1, else a `HiSurface` of `size`."""
    if _scale == 1:
        return pygame.Surface((int(size[0]), int(size[1])), flags)
    return HiSurface.new(size, flags)


def wrap(
    pixels: pygame.Surface, scale: float, size: tuple[int, int] | None = None
) -> pygame.Surface:
    """Pixels drawn at `scale` as an image of logical `size` (plain at scale 1)."""
    if scale == 1 and (size is None or tuple(size) == pixels.get_size()):
        return pixels
    return HiSurface(pixels, scale, size)


def view(surface: pygame.Surface) -> pygame.Rect:
    """Everything a surface shows, in its logical coordinates: its rect, or more for the app's
    canvas in a window of another shape than 16:9 (see `HiSurface.origin`). Backgrounds and
    veils cover it; panels anchored to an edge of the window go to its edges."""
    if isinstance(surface, HiSurface):
        return surface.view
    return pygame.Rect((0, 0), surface.get_size())


def layer(area: RectLike, size: Sequence[int], flags: int = 0) -> pygame.Surface:
    """A surface covering the logical `area` in the coordinates of a picture of logical `size`
    (an image of a whole canvas's `view`, drawn once and blitted at `area`'s top-left)."""
    box = pygame.Rect(area)
    if box.topleft == (0, 0) and box.size == tuple(size):
        return Surface(box.size, flags)
    pixels = pygame.Surface((_px(box.w, _scale), _px(box.h, _scale)), flags)
    return HiSurface(pixels, _scale, (int(size[0]), int(size[1])), (-box.x, -box.y))


def pixels_of(surface: pygame.Surface) -> pygame.Surface:
    """The pygame surface holding a surface's pixels (itself when plain)."""
    return surface.pixels if isinstance(surface, HiSurface) else surface


def pixel_rect(surface: pygame.Surface, rect: RectLike) -> pygame.Rect:
    """A logical rect of `surface` in its pixels' coordinates (a plain surface's are the same),
    covering every pixel the rect touches."""
    scale, origin = (
        (surface.scale, surface.origin) if isinstance(surface, HiSurface) else (1, NO_ORIGIN)
    )
    return _px_rect(rect, scale, origin).inflate(2, 2)  # (its edges are rounded)


def scale_of(surface: pygame.Surface) -> float:
    return surface.scale if isinstance(surface, HiSurface) else 1.0


# ------------------------------------------------------------------ pygame.draw


def _target(surface: pygame.Surface) -> tuple[pygame.Surface, float, tuple[float, float]]:
    if isinstance(surface, HiSurface):
        return surface.pixels, surface.scale, surface.origin
    return surface, 1.0, NO_ORIGIN


def rect(
    surface: pygame.Surface,
    color: ColorLike,
    rect: RectLike,
    width: int = 0,
    border_radius: int = 0,
    border_top_left_radius: int = -1,
    border_top_right_radius: int = -1,
    border_bottom_left_radius: int = -1,
    border_bottom_right_radius: int = -1,
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.rect(
            pixels,
            color,
            rect,
            width,
            border_radius,
            border_top_left_radius,
            border_top_right_radius,
            border_bottom_left_radius,
            border_bottom_right_radius,
        )

    def radius(r: int) -> int:
        return r if r <= 0 else _px(r, s)

    done = pygame.draw.rect(
        pixels,
        color,
        _px_rect(rect, s, o),
        _px_width(width, s),
        radius(border_radius),
        radius(border_top_left_radius),
        radius(border_top_right_radius),
        radius(border_bottom_left_radius),
        radius(border_bottom_right_radius),
    )
    return _logical_rect(done, s, o)


def _round(
    draw: Callable[..., pygame.Rect],
    surface: pygame.Surface,
    color: ColorLike,
    center: Point,
    radius: float,
    width: int,
    corners: dict[str, bool],
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return draw(pixels, color, center, radius, width, **corners)
    done = draw(pixels, color, _px_point(center, s, o), radius * s, _px_width(width, s), **corners)
    return _logical_rect(done, s, o)


def circle(
    surface: pygame.Surface,
    color: ColorLike,
    center: Point,
    radius: float,
    width: int = 0,
    **corners: bool,
) -> pygame.Rect:
    return _round(pygame.draw.circle, surface, color, center, radius, width, corners)


def aacircle(
    surface: pygame.Surface,
    color: ColorLike,
    center: Point,
    radius: float,
    width: int = 0,
    **corners: bool,
) -> pygame.Rect:
    return _round(pygame.draw.aacircle, surface, color, center, radius, width, corners)


def ellipse(
    surface: pygame.Surface, color: ColorLike, rect: RectLike, width: int = 0
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.ellipse(pixels, color, rect, width)
    return _logical_rect(
        pygame.draw.ellipse(pixels, color, _px_rect(rect, s, o), _px_width(width, s)), s, o
    )


def arc(
    surface: pygame.Surface,
    color: ColorLike,
    rect: RectLike,
    start_angle: float,
    stop_angle: float,
    width: int = 1,
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.arc(pixels, color, rect, start_angle, stop_angle, width)
    return _logical_rect(
        pygame.draw.arc(
            pixels, color, _px_rect(rect, s, o), start_angle, stop_angle, _px_width(width, s)
        ),
        s,
        o,
    )


def line(
    surface: pygame.Surface, color: ColorLike, start_pos: Point, end_pos: Point, width: int = 1
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.line(pixels, color, start_pos, end_pos, width)
    return _logical_rect(
        pygame.draw.line(
            pixels, color, _px_point(start_pos, s, o), _px_point(end_pos, s, o), _px_width(width, s)
        ),
        s,
        o,
    )


def lines(
    surface: pygame.Surface, color: ColorLike, closed: bool, points: Sequence[Point], width: int = 1
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.lines(pixels, color, closed, points, width)
    return _logical_rect(
        pygame.draw.lines(
            pixels, color, closed, [_px_point(p, s, o) for p in points], _px_width(width, s)
        ),
        s,
        o,
    )


def aaline(
    surface: pygame.Surface, color: ColorLike, start_pos: Point, end_pos: Point, *args: int
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.aaline(pixels, color, start_pos, end_pos, *args)
    return _logical_rect(
        pygame.draw.aaline(
            pixels, color, _px_point(start_pos, s, o), _px_point(end_pos, s, o), *args
        ),
        s,
        o,
    )


def aalines(
    surface: pygame.Surface, color: ColorLike, closed: bool, points: Sequence[Point], *args: int
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.aalines(pixels, color, closed, points, *args)
    return _logical_rect(
        pygame.draw.aalines(pixels, color, closed, [_px_point(p, s, o) for p in points], *args),
        s,
        o,
    )


def polygon(
    surface: pygame.Surface, color: ColorLike, points: Sequence[Point], width: int = 0
) -> pygame.Rect:
    pixels, s, o = _target(surface)
    if s == 1 and o == NO_ORIGIN:
        return pygame.draw.polygon(pixels, color, points, width)
    return _logical_rect(
        pygame.draw.polygon(
            pixels, color, [_px_point(p, s, o) for p in points], _px_width(width, s)
        ),
        s,
        o,
    )


# ------------------------------------------------------------------ pygame.transform


def _transformed(
    source: pygame.Surface,
    change: Callable[[pygame.Surface], pygame.Surface],
    size: tuple[int, int] | None = None,
) -> pygame.Surface:
    if not isinstance(source, HiSurface):
        return change(source)
    return HiSurface(change(source.pixels), source.scale, size)


def smoothscale(source: pygame.Surface, size: Sequence[float]) -> pygame.Surface:
    """pygame.transform.smoothscale, in logical sizes."""
    w, h = int(size[0]), int(size[1])
    s = scale_of(source)
    return _transformed(
        source, lambda p: _resize(p, (max(1, _px(w, s)), max(1, _px(h, s)))), (w, h)
    )


def scale(source: pygame.Surface, size: Sequence[float]) -> pygame.Surface:
    """pygame.transform.scale, in logical sizes."""
    w, h = int(size[0]), int(size[1])
    s = scale_of(source)
    return _transformed(
        source, lambda p: pygame.transform.scale(p, (max(1, _px(w, s)), max(1, _px(h, s)))), (w, h)
    )


def rotate(source: pygame.Surface, angle: float) -> pygame.Surface:
    return _transformed(source, lambda p: pygame.transform.rotate(p, angle))


def rotozoom(source: pygame.Surface, angle: float, zoom: float) -> pygame.Surface:
    return _transformed(source, lambda p: pygame.transform.rotozoom(p, angle, zoom))


def flip(source: pygame.Surface, flip_x: bool, flip_y: bool) -> pygame.Surface:
    return _transformed(
        source, lambda p: pygame.transform.flip(p, flip_x, flip_y), source.get_size()
    )
