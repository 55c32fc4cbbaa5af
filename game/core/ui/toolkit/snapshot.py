"""Keeping what a table part drew, to blit it back while what it drew from stays the same.

A table redraws every part every frame, yet most parts change a few times a turn. A part that
draws only over the static layer (nothing drawn earlier in the frame reaches its area) can keep
the pixels of its area after drawing, with a key holding everything it drew from, and on the
next frames blit them back in one opaque copy while the key is the same:

    snap = Snapshot()
    ...
    def draw(self, surface):
        key = (...everything drawn from..., surface.get_size())
        if self.snap.reuse(surface, key):
            return
        ...draw as always, noting the area drawn...
        self.snap.keep(surface, key, area)

The pixels are the ones the part drew, so the picture is the same as drawing it again.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.ui.toolkit import gfx


class Snapshot:
    """One area's pixels as last drawn, with the key they were drawn from."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._area: pygame.Rect | None = None
        self._image: pygame.Surface | None = None
        self._view: pygame.Rect | None = None

    def reuse(self, surface: pygame.Surface, key: Hashable) -> bool:
        """Blit the kept pixels back if they were drawn from `key`; False if not (draw)."""
        if (
            self._image is None
            or self._area is None
            or self._key != key
            or gfx.scale_of(self._image) != gfx.scale_of(surface)
            or self._view != gfx.view(surface)
        ):
            return False  # (kept at another resolution or window shape: draw again)
        surface.blit(self._image, self._area.topleft)
        return True

    def keep(self, surface: pygame.Surface, key: Hashable, area: pygame.Rect) -> None:
        """Keep `area` of `surface` (all the part drew, e.g. the union of what it blitted) as
        drawn from `key`."""
        view = gfx.view(surface)  # a part anchored to a wide window's edge lies beyond 1280
        area = pygame.Rect(area).clip(view)
        self._key, self._area, self._view = key, area, view
        if not (area.width and area.height):
            self._image = None
            return
        drawn = surface.subsurface(area)
        kept = self._image
        if kept is not None and _same_pixels_shape(kept, drawn):
            # Copied into the image kept before: a fresh one of this size is memory the system
            # must hand over page by page, which cost more than copying the pixels.
            gfx.pixels_of(kept).blit(gfx.pixels_of(drawn), (0, 0))
        else:
            self._image = drawn.copy()

    def forget(self) -> None:
        self._key, self._area, self._image = None, None, None


def _same_pixels_shape(image: pygame.Surface, drawn: pygame.Surface) -> bool:
    """Whether `drawn` can be copied into `image` by a blit: the same scale, pixel size and
    pixel format, and nothing in `drawn` a blit would blend or skip (per-pixel or surface
    alpha, a colour key), so the blit copies every pixel as `drawn.copy()` would."""
    if gfx.scale_of(image) != gfx.scale_of(drawn):
        return False
    target, source = gfx.pixels_of(image), gfx.pixels_of(drawn)
    return (
        target.get_size() == source.get_size()
        and target.get_bitsize() == source.get_bitsize()
        and target.get_masks() == source.get_masks()
        and not (source.get_flags() | target.get_flags()) & pygame.SRCALPHA
        and source.get_colorkey() is None
        and source.get_alpha() in (None, 255)
        and image.get_size() == drawn.get_size()
    )
