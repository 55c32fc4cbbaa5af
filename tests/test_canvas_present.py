"""A window under 1280x720 shows the whole picture scaled down smoothly into it, whether the
picture is scaled straight into the window's pixels or (another format) copied in."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.canvas import Canvas


@pytest.fixture
def small_window() -> Iterator[pygame.Surface]:
    pygame.display.init()
    try:
        yield pygame.display.set_mode((1024, 768))
    finally:
        pygame.quit()


def _striped(surface: pygame.Surface) -> None:
    """Thin stripes of several colours: a picture where each way of scaling looks different."""
    width, height = surface.get_size()
    colours = [(200, 30, 40), (20, 180, 60), (30, 40, 220), (240, 240, 240)]
    for x in range(0, width, 3):
        pygame.draw.line(surface, colours[(x // 3) % 4], (x, 0), (x, height - 1))
    pygame.draw.circle(surface, (250, 200, 0), (width // 2, height // 2), height // 3)


def _smoothly_scaled(canvas: Canvas) -> bytes:
    pixels = gfx.pixels_of(canvas.surface)
    return pygame.image.tobytes(pygame.transform.smoothscale(pixels, canvas.rect.size), "RGB")


def test_a_small_window_shows_the_picture_smoothly_scaled_down(small_window) -> None:
    canvas = Canvas(small_window)
    pixels = gfx.pixels_of(canvas.surface)
    assert pixels is not small_window and pixels.get_size() == (1280, 960)
    _striped(pixels)
    small_window.fill((0, 0, 0))
    canvas.present()
    assert pygame.image.tobytes(small_window, "RGB") == _smoothly_scaled(canvas)


def test_a_picture_of_another_format_is_scaled_and_copied_in(small_window) -> None:
    canvas = Canvas(small_window)
    other = pygame.Surface((1280, 960), 0, 24)  # the window's pixels are 32 bits
    _striped(other)
    canvas.surface = other
    small_window.fill((0, 0, 0))
    canvas.present()
    assert pygame.image.tobytes(small_window, "RGB") == _smoothly_scaled(canvas)
