"""Outlined text (banners, scores): built from rows of the outline's disc, it must look the
same as blitting the edge text at every offset of the disc (the old way), and cost far less."""

from __future__ import annotations

import pygame
import pytest

from game.core.ui.toolkit import text as text_module
from game.core.ui.toolkit.text import TextCache

INK = (38, 16, 66)
BACKDROP = (40, 120, 90)


def _by_every_offset(
    inner: pygame.Surface, edge: pygame.Surface, px: int, shadow: int
) -> pygame.Surface:
    """The reference: the edge text blitted at each offset of the disc but the centre."""
    offsets = [
        (dx, dy)
        for dx in range(-px, px + 1)
        for dy in range(-px, px + 1)
        if dx * dx + dy * dy <= px * px + px and (dx, dy) != (0, 0)
    ]
    w, h = inner.get_width() + 2 * px + shadow, inner.get_height() + 2 * px + shadow
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if shadow:
        for dx, dy in offsets:
            surf.blit(edge, (px + dx + shadow, px + dy + shadow))
    for dx, dy in offsets:
        surf.blit(edge, (px + dx, px + dy))
    surf.blit(inner, (px, px))
    return surf


def _on_backdrop(image: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(image.get_size())
    out.fill(BACKDROP)
    out.blit(image, (0, 0))
    return out


def _largest_difference(a: pygame.Surface, b: pygame.Surface) -> tuple[int, int]:
    """(largest channel difference, pixels differing by more than 8) over the two pictures."""
    a, b = _on_backdrop(a), _on_backdrop(b)
    worst = differing = 0
    for x in range(a.get_width()):
        for y in range(a.get_height()):
            d = max(
                abs(p - q) for p, q in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3], strict=True)
            )
            worst = max(worst, d)
            differing += d > 8
    return worst, differing


@pytest.mark.parametrize(
    ("words", "size", "px", "shadow"),
    [
        ("Bot 4 wins!", 72, 5, 0),  # the win banner
        ("Row cleared!", 44, 4, 4),  # a Blanco banner with its drop shadow
        ("BLANCO", 16, 2, 0),
        ("7", 52, 5, 0),
        ("Mm", 30, 1, 0),
        ("Wide", 40, 8, 3),
    ],
)
def test_outline_looks_like_the_edge_blitted_at_every_offset(
    words: str, size: int, px: int, shadow: int
) -> None:
    cache = TextCache()
    font = cache.font(size)
    inner = font.render(words, True, (255, 255, 0))
    reference = _by_every_offset(inner, font.render(words, True, INK), px, shadow)
    outlined = cache.render_outlined(words, size, (255, 255, 0), INK, px, shadow=shadow)
    assert outlined.get_size() == reference.get_size()
    worst, differing = _largest_difference(outlined, reference)
    assert worst <= 2 and differing == 0, (worst, differing)
    # The outline is really there (both could be empty): many pixels are the outline's ink.
    shown = _on_backdrop(outlined)
    inked = sum(
        shown.get_at((x, y))[:3] == INK
        for x in range(shown.get_width())
        for y in range(shown.get_height())
    )
    assert inked > px * shown.get_width() // 2, inked


def test_outlined_text_is_cached_and_keeps_its_signature() -> None:
    cache = TextCache()
    first = cache.render_outlined("Column cleared!", 44, (255, 255, 255), INK, 4, shadow=4)
    assert cache.render_outlined("Column cleared!", 44, (255, 255, 255), INK, 4, shadow=4) is first
    assert cache.render_outlined("Column cleared!", 44, (255, 255, 255), INK, 3) is not first


def test_a_big_outline_takes_a_fraction_of_the_blits_of_every_offset(monkeypatch) -> None:
    """The first draw of a win banner stalled a frame by ~5 ms: the disc took ~90 blits. By
    rows it takes ~4 px of them, not ~3 px²: counted, not timed (a busy machine times
    anything)."""
    font = TextCache().font(72)
    edge = font.render("Bot 4 wins!", True, INK)
    blits: list[int] = []

    class Counting(pygame.Surface):
        def blit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            blits.append(1)
            return super().blit(*args, **kwargs)

    monkeypatch.setattr(pygame, "Surface", Counting)
    for px in (5, 8):
        blits.clear()
        _by_every_offset(edge, edge, px, 0)
        every = len(blits)
        blits.clear()
        text_module._outline(edge, px)
        by_rows = len(blits)
        assert every >= 3 * px * px and 0 < by_rows <= 5 * px + 2, (px, every, by_rows)
