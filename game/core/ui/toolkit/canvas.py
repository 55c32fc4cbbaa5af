"""The picture scenes draw on, at the resolution the window shows it, and its way to the window.

Scenes draw in 1280x720 logical coordinates on `Canvas.surface`; a window of another shape
shows more around that design (`window.logical_size`), which scenes reach through
`gfx.view(surface)`: no bars. The picture is drawn at the
scale it is shown at (`window.render_scale_for`: 1.5 in a 1920x1080 window, 2 at 2560x1440,
through `gfx.HiSurface`): straight into a window 720 logical pixels high or more (nothing is
copied), else on its own and scaled down into the window (a window under 1280x720). While the
player is still dragging the window's edge, the picture keeps its scale and is stretched to fit;
once the size has held for RESCALE_DELAY, it is drawn at the new scale (every text and image
made again: that is worth doing once, not on every step of a drag).

Mouse events from the system come in window pixels and are mapped to logical coordinates here.
Events a program posts (the tests, the tour) already speak logical coordinates and are left
alone: SDL's own events carry the window they happened in, posted ones do not.
"""

from __future__ import annotations

import math
import time

import pygame

from game.core.ui.toolkit import gfx, window as window_mode
from game.core.ui.toolkit.layout import LOGICAL_SIZE

#: Seconds a new window size must hold before the picture is drawn at its resolution.
RESCALE_DELAY = 0.25
#: The colour windows were letterboxed with when the picture was 16:9 only (none is drawn now;
#: tests check no corner of any window shows it).
BAR_COLOUR = (0, 0, 0)
_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Canvas:
    """`surface` for scenes; `sync` before drawing a frame, `present` after."""

    def __init__(self, display: pygame.Surface) -> None:
        self.display = display
        self.surface: pygame.Surface = display  # (a gfx.HiSurface at another scale)
        self.scale = 1.0
        self.rect = pygame.Rect((0, 0), LOGICAL_SIZE)  # where the picture shows in the window
        self._window = display.get_size()
        self._settle_at: float | None = None
        self._wrapped = False  # once drawn at another scale, scenes always get a HiSurface
        self._build(window_mode.render_scale_for(self._window))

    # ---------------------------------------------------------------- per frame

    def sync(self, now: float) -> bool:
        """Follow the window: note a new size, and once it has held, draw at its resolution.
        Returns True when the render scale changed (texts and images must be made again)."""
        display = pygame.display.get_surface()
        if display is not None:
            self.display = display
        size = self.display.get_size()
        if size != self._window:
            self._window = size
            self.rect = window_mode.picture_rect(size)
            self._settle_at = now + RESCALE_DELAY
            if gfx.pixels_of(self.surface) is self.display:
                self._build(self.scale, force_offscreen=True)  # the window is no canvas now
        if self._settle_at is not None and now >= self._settle_at:
            self._settle_at = None
            old = self.scale
            self._build(window_mode.render_scale_for(size))
            return self.scale != old
        return False

    def present(self) -> None:
        """Copy the picture into the window (nothing to do when the window is the canvas)."""
        pixels = gfx.pixels_of(self.surface)
        if pixels is self.display:
            return
        if pixels.get_size() != self.rect.size:  # mid-resize, or a window under 1280x720
            if self.rect == self.display.get_rect() and _same_format(pixels, self.display):
                # Scaled straight into the window: half the time of a new picture blitted in.
                pygame.transform.smoothscale(pixels, self.rect.size, self.display)
                return
            pixels = pygame.transform.smoothscale(pixels, self.rect.size)
        self.display.blit(pixels, self.rect)

    def settle_now(self) -> bool:
        """Draw at the window's resolution at once, without waiting for the size to hold (a
        tour shot, a test). Returns True when the render scale changed."""
        now = time.perf_counter()
        changed = self.sync(now)
        if self._settle_at is not None:
            self._settle_at = now
            changed = self.sync(now) or changed
        return changed

    # ---------------------------------------------------------------- the mouse

    def logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """A system mouse event in logical coordinates (posted events already are)."""
        if event.type not in _MOUSE_EVENTS or "window" not in event.dict:
            return event
        if self._window == LOGICAL_SIZE:
            return event
        fields = dict(event.dict)
        x, y = window_mode.to_logical(event.pos, self._window)
        fields["pos"] = (math.floor(x), math.floor(y))
        if "rel" in fields:
            k = 1 / window_mode.shown_scale(self._window)
            fields["rel"] = (round(event.rel[0] * k), round(event.rel[1] * k))
        return pygame.event.Event(event.type, fields)

    # ---------------------------------------------------------------- shots

    def window_image(self) -> pygame.Surface:
        """What the window shows now, at the window's size."""
        return self.display.copy()

    # ---------------------------------------------------------------- building

    def _build(self, scale: float, force_offscreen: bool = False) -> None:
        self.scale = scale
        self.rect = window_mode.picture_rect(self._window)
        size = window_mode.canvas_size(scale, self._window)
        # A window at the picture's resolution is drawn straight into: no copy.
        direct = not force_offscreen and size == self.display.get_size()
        if direct:
            pixels = self.display
        else:
            pixels = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                pixels = pixels.convert(self.display)
        origin = window_mode.origin_for(self._window)
        if scale != 1 or origin != (0, 0):
            self._wrapped = True
        # An image a scene kept from another scale is rescaled as it is drawn on a HiSurface,
        # never drawn at the wrong size; a plain surface could not do that.
        self.surface = (
            gfx.HiSurface(pixels, scale, LOGICAL_SIZE, origin) if self._wrapped else pixels
        )
        gfx.set_render_scale(scale)


def _same_format(first: pygame.Surface, second: pygame.Surface) -> bool:
    """Whether smoothscale can write `first`'s pixels into `second` (24 or 32 bits, alike)."""
    return (
        first.get_bitsize() in (24, 32)
        and first.get_bitsize() == second.get_bitsize()
        and first.get_masks() == second.get_masks()
    )
