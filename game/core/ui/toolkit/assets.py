"""Sprites loaded lazily from the sprites/ folder, with scaled copies cached.

A missing or unreadable sprite never crashes the game: `get` returns a magenta placeholder of the
requested size and records a warning in `warnings` (shown once per name).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.ui.toolkit import gfx

PLACEHOLDER_COLOUR = (255, 0, 255)
PLACEHOLDER_SIZE = (64, 64)
HI_DIR = "2x"  # sprites drawn at twice the size (sprites/generate.py writes both sets)


class Assets:
    """`get(name, size)` -> the surface of sprites/NAME.png, optionally scaled to `size`."""

    def __init__(self, sprites_dir: Path) -> None:
        self.sprites_dir = Path(sprites_dir)
        self.warnings: list[str] = []
        self._originals: dict[str, pygame.Surface | None] = {}  # None = missing
        self._scaled: dict[tuple[str, tuple[int, int], float], pygame.Surface] = {}

    def path(self, name: str) -> Path:
        return self.sprites_dir / f"{name}.png"

    def has(self, name: str) -> bool:
        """True when the sprite exists and loads (so callers can choose a drawn fallback)."""
        return self._load(name) is not None

    def _load(self, name: str, hi: bool = False) -> pygame.Surface | None:
        """The sprite as drawn (`hi`: the 2x set's, for a picture drawn larger, when there is
        one; else the 1x sprite)."""
        if hi:
            key = f"{HI_DIR}/{name}"
            if key not in self._originals:
                path = self.sprites_dir / HI_DIR / f"{name}.png"
                self._originals[key] = self._read(key, path) if path.exists() else None
            return self._originals[key] or self._load(name)
        if name in self._originals:
            return self._originals[name]
        surf = self._read(name, self.path(name))
        self._originals[name] = surf
        return surf

    def _read(self, name: str, path: Path) -> pygame.Surface | None:
        surf: pygame.Surface | None
        try:
            surf = pygame.image.load(path)
            # The display's pixel format, for quick blits; convert needs a display (without one:
            # tools, some tests, the raw surface is kept). A picture with no transparency (the
            # table's felt) stays opaque: with an alpha channel added, every full-screen blit of
            # it was blended pixel by pixel instead of copied.
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                transparent = surf.get_flags() & pygame.SRCALPHA or surf.get_colorkey()
                surf = surf.convert_alpha() if transparent else surf.convert()
        except (pygame.error, OSError, ValueError) as e:
            surf = None
            self.warnings.append(f"sprite {name!r} missing or unreadable: {e}")
        return surf

    def get(self, name: str, size: tuple[float, float] | None = None) -> pygame.Surface:
        """The sprite at its own size, or smooth-scaled to `size` (cached per size)."""
        surf = self._load(name)
        if surf is None:
            return placeholder(size or PLACEHOLDER_SIZE)
        if size is None:
            return surf
        logical = (max(1, round(size[0])), max(1, round(size[1])))
        scale = gfx.render_scale()
        key = (name, logical, scale)
        scaled = self._scaled.get(key)
        if scaled is None:
            if scale > 1:
                surf = self._load(name, hi=True) or surf
            # On a large window the sprite is scaled to the pixels it will cover (gfx.py).
            pixels = (max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale)))
            scaled = surf if surf.get_size() == pixels else _scale(surf, pixels)
            scaled = gfx.wrap(scaled, scale, logical)
            self._scaled[key] = scaled
        return scaled

    def clear(self) -> None:
        """Forget everything (e.g. after regenerating sprites)."""
        self._originals.clear()
        self._scaled.clear()


def _scale(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    try:
        return pygame.transform.smoothscale(surf, size)
    except ValueError:  # smoothscale wants 24/32-bit pixels; palette images take the plain path
        return pygame.transform.scale(surf, size)


def placeholder(size: tuple[float, float]) -> pygame.Surface:
    """A loud magenta box with a dark cross, so a missing sprite is obvious but harmless."""
    w, h = max(1, round(size[0])), max(1, round(size[1]))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(PLACEHOLDER_COLOUR)
    pygame.draw.line(surf, (60, 0, 60), (0, 0), (w - 1, h - 1), 2)
    pygame.draw.line(surf, (60, 0, 60), (w - 1, 0), (0, h - 1), 2)
    return surf
