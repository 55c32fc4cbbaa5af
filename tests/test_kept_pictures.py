"""What the table's drawing keeps between frames gives the pixels drawing anew would.

Painted shapes are blitted from run-length encoded images; a Snapshot copies a part's pixels
into the image it kept before. Each test here compares a kept picture with one drawn anew over
busy backgrounds, so a cache that kept a stale or differently blended picture fails it.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.toolkit import gfx, paint
from game.core.ui.toolkit.snapshot import Snapshot
from tests.bench_helpers import bench_module
from tests.ui_helpers import frames


def noise(size: tuple[int, int], seed: int, flags: int = 0) -> pygame.Surface:
    """A surface of random pixels (every colour a blit could blend with; with `flags`
    SRCALPHA, every alpha too)."""
    w, h = size
    translucent = bool(flags & pygame.SRCALPHA)
    data = random.Random(seed).randbytes(w * h * (4 if translucent else 3))
    image = pygame.image.frombytes(data, size, "RGBA" if translucent else "RGB")
    surface = pygame.Surface(size, flags)
    surface.blit(image, (0, 0), special_flags=pygame.BLEND_RGBA_MAX if translucent else 0)
    return surface


def shapes(surface: pygame.Surface) -> None:
    """Panels and slabs of every style the tables use, some beside and over each other."""
    paint.draw_panel(surface, pygame.Rect(10, 12, 150, 70), colour=(30, 58, 64), radius=12)
    paint.draw_panel(surface, pygame.Rect(60, 40, 120, 90), shadow=0, border=2)
    paint.draw_glossy(surface, pygame.Rect(170, 10, 110, 46), paint.ORANGE)
    paint.draw_glossy(surface, pygame.Rect(170, 70, 110, 46), paint.GREY, depth=2)
    paint.draw_glossy(surface, pygame.Rect(20, 120, 60, 22), paint.PINK, radius=7)


def shapes_twice(background: pygame.Surface, scale: float) -> bytes:
    """The shapes drawn twice over `background` (the second time each comes from the cache)."""
    surface = gfx.wrap(background.copy(), scale, (300, 160))
    shapes(surface)
    shapes(surface)
    return pygame.image.tobytes(gfx.pixels_of(surface), "RGB")


def test_shapes_blitted_from_the_cache_are_the_shapes_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    background = noise((300, 160), seed=7)
    paint._SHAPES.clear()
    paint._shape_pixels = 0
    cached = shapes_twice(background, 1.0)
    assert paint._SHAPES, "the shapes were kept"
    monkeypatch.setattr(paint, "SHAPE_MAX_PIXELS", 0)  # every shape drawn straight on
    assert cached == shapes_twice(background, 1.0)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_run_length_encoded_shapes_blit_as_blending_each_pixel_would(
    monkeypatch: pytest.MonkeyPatch, scale: float
) -> None:
    """The kept shapes' runs of opaque pixels, copied, give what blending every pixel gave
    (at a fractional scale too, where a kept shape lands on rounded pixels)."""
    monkeypatch.setattr(gfx, "_scale", scale)
    background = noise((round(300 * scale), round(160 * scale)), seed=11)
    paint._SHAPES.clear()
    paint._shape_pixels = 0
    encoded = shapes_twice(background, scale)
    assert paint._SHAPES
    for image, _x, _y in paint._SHAPES.values():
        assert gfx.pixels_of(image).get_flags() & pygame.RLEACCELOK
        image.set_alpha(255)  # not encoded: blended pixel by pixel
        assert not gfx.pixels_of(image).get_flags() & pygame.RLEACCELOK
    assert encoded == shapes_twice(background, scale)


def test_a_snapshot_kept_again_gives_back_the_new_pixels_not_the_old() -> None:
    screen = noise((200, 120), seed=1)
    snap = Snapshot()
    area = pygame.Rect(20, 10, 90, 70)
    snap.keep(screen, "first", area)
    first = pygame.image.tobytes(screen.subsurface(area), "RGB")
    pygame.draw.circle(screen, (250, 30, 90), area.center, 30)  # the part drew anew
    snap.keep(screen, "second", area)  # the same size: copied into the image kept before
    second = pygame.image.tobytes(screen.subsurface(area), "RGB")
    assert first != second
    screen.fill((0, 0, 0))
    assert not snap.reuse(screen, "first")
    assert snap.reuse(screen, "second")
    assert pygame.image.tobytes(screen.subsurface(area), "RGB") == second
    # Another size: a new image of that size, holding that area.
    smaller = pygame.Rect(40, 30, 30, 20)
    pygame.draw.line(screen, (10, 200, 40), smaller.topleft, smaller.bottomright, 3)
    drawn = pygame.image.tobytes(screen.subsurface(smaller), "RGB")
    snap.keep(screen, "third", smaller)
    screen.fill((255, 255, 255))
    assert snap.reuse(screen, "third")
    assert pygame.image.tobytes(screen.subsurface(smaller), "RGB") == drawn


def test_a_snapshot_of_a_translucent_layer_keeps_its_alpha() -> None:
    """On a surface with an alpha channel a blit would blend: its pixels are copied as they
    are, each time, alpha and all."""
    layer = noise((120, 80), seed=3, flags=pygame.SRCALPHA)
    snap = Snapshot()
    area = pygame.Rect(5, 5, 100, 60)
    for key in ("a", "b"):
        layer.fill((30, 60, 90, 77), area.inflate(-40, -30))
        kept = pygame.image.tobytes(layer.subsurface(area), "RGBA")
        snap.keep(layer, key, area)
        layer.fill((0, 0, 0, 0))
        assert snap.reuse(layer, key)
        assert pygame.image.tobytes(layer.subsurface(area), "RGBA") == kept


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_a_screen_sized_panel_is_kept_where_it_blits_as_drawn(
    monkeypatch: pytest.MonkeyPatch, scale: float
) -> None:
    """At a whole-number scale a kept panel lands on the pixels drawing it puts it on: large
    ones are kept too (up to SHAPE_MAX_PIXELS of the picture's own pixels)."""
    monkeypatch.setattr(gfx, "_scale", scale)
    size = (700, 420)
    background = noise((round(size[0] * scale), round(size[1] * scale)), seed=5)
    big = pygame.Rect(13, 9, 560, 330)  # larger than the shapes kept before (160,000 pixels)

    def panel_twice() -> bytes:
        surface = gfx.wrap(background.copy(), scale, size)
        for _ in range(2):
            paint.draw_panel(surface, big, colour=paint.PAPER)
        return pygame.image.tobytes(gfx.pixels_of(surface), "RGB")

    paint._SHAPES.clear()
    paint._shape_pixels = 0
    kept = panel_twice()
    assert len(paint._SHAPES) == 1, "the large panel was kept"
    monkeypatch.setattr(paint, "SHAPE_MAX_PIXELS", 0)
    assert kept == panel_twice()


def test_at_a_fractional_scale_large_panels_are_drawn_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gfx, "_scale", 1.5)
    surface = gfx.Surface((700, 420))
    paint._SHAPES.clear()
    paint._shape_pixels = 0
    paint.draw_panel(surface, pygame.Rect(13, 9, 660, 390))
    assert not paint._SHAPES
    paint.draw_panel(surface, pygame.Rect(13, 9, 200, 90))  # a small one is kept, as before
    assert len(paint._SHAPES) == 1


def test_only_images_of_opaque_and_clear_pixels_are_encoded() -> None:
    sharp = pygame.Surface((40, 30), pygame.SRCALPHA)
    pygame.draw.rect(sharp, (200, 80, 20), (4, 4, 30, 20), border_radius=6)
    soft = sharp.copy()
    soft.fill((255, 255, 255, 128), (0, 0, 3, 3))  # one translucent corner
    assert paint.encode_if_clear_cut(sharp)
    assert sharp.get_flags() & pygame.RLEACCELOK
    assert not paint.encode_if_clear_cut(soft)
    assert not soft.get_flags() & pygame.RLEACCELOK
    assert not paint.encode_if_clear_cut(pygame.Surface((10, 10)))  # opaque: nothing to skip
    background = noise((60, 50), seed=9)
    blended = sharp.copy()
    blended.set_alpha(255)  # not encoded
    assert not blended.get_flags() & pygame.RLEACCELOK
    pictures = []
    for image in (sharp, blended):
        target = background.copy()
        target.blit(image, (9, 13))
        pictures.append(pygame.image.tobytes(target, "RGB"))
    assert pictures[0] == pictures[1]


def test_other_players_boards_encoded_draw_the_picture_blended_ones_draw(app: Any) -> None:
    """A Lucky Box table's compact boards (kept images of each other player's board, blitted
    every frame) give the same frame encoded or blended."""
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(4)]
    table = app.ctx.nav.make("luckybox.start_game", seats=seats, seed=100, demo=True)
    table.runner._broken = True  # think inline: the same frames every run
    app.ctx.settings.animation_speed = 8.0
    frames(app, 150)
    app.draw()
    boards = table.kit.others
    images = [image for _key, image in boards._cache.values()]
    assert images and all(image.get_flags() & pygame.RLEACCELOK for image in images)
    encoded = pygame.image.tobytes(app.screen, "RGB")
    for image in images:
        image.set_alpha(255)  # blended pixel by pixel
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == encoded


def test_the_kept_pictures_bench_prints_each_figure_beside_its_target() -> None:
    bench = bench_module("kept")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert bench.main(["--runs", "1"]) == 0
    for name, target in bench.TARGETS.items():
        found = re.search(
            rf"^{re.escape(name)} +([0-9.]+)  \(target <= {target:g}: ", out.getvalue(), re.M
        )
        assert found, f"no {name!r} line in:\n{out.getvalue()}"
        assert 0 < float(found.group(1)) < 1_000_000
