"""Large and high-DPI windows get a picture drawn at their own resolution (gfx.py, canvas.py):
the same layout in 1280x720 coordinates, more pixels, sharper than a stretched 1280x720
picture, and the mouse still lands where the player points."""

from __future__ import annotations

from itertools import repeat
from operator import add, floordiv, mul, sub

import pygame
import pytest

from game.core.ui.toolkit import canvas as canvas_module, gfx, window as window_mode
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from tests.ui_helpers import frames, screenshot

RED, BLUE, BLACK = (255, 0, 0), (0, 0, 255), (0, 0, 0)


@pytest.fixture
def tracked():
    """Count every image drawn at a scale it was not made for."""
    gfx.plain_blits.clear()
    gfx.track_plain_blits = True
    yield gfx.plain_blits
    gfx.track_plain_blits = False
    gfx.plain_blits.clear()


# ---------------------------------------------------------------------- gfx itself


def test_logical_drawing_lands_on_scaled_pixels() -> None:
    surf = gfx.HiSurface.new((100, 50), scale=2.0)
    assert surf.get_size() == (100, 50) and surf.pixels.get_size() == (200, 100)
    assert surf.get_rect() == pygame.Rect(0, 0, 100, 50)
    surf.fill(BLACK)
    surf.fill(RED, (10, 10, 5, 5))
    px = surf.pixels
    assert px.get_at((20, 20))[:3] == RED and px.get_at((29, 29))[:3] == RED
    assert px.get_at((19, 20))[:3] == BLACK and px.get_at((30, 20))[:3] == BLACK
    assert surf.get_at((12, 12))[:3] == RED  # read back in logical coordinates
    gfx.rect(surf, BLUE, (40, 10, 20, 20), 1)  # a 1 px frame is 2 px thick
    assert px.get_at((80, 30))[:3] == BLUE and px.get_at((81, 30))[:3] == BLUE
    assert px.get_at((82, 30))[:3] == BLACK
    gfx.circle(surf, BLUE, (80, 25), 5)
    assert px.get_at((160, 50))[:3] == BLUE and px.get_at((160, 61))[:3] == BLACK
    stamp = gfx.HiSurface.new((4, 4), scale=2.0)
    stamp.fill(BLUE)
    done = surf.blit(stamp, (3, 30))
    assert done == pygame.Rect(3, 30, 4, 4)
    assert px.get_at((6, 60))[:3] == BLUE and px.get_at((13, 67))[:3] == BLUE
    assert px.get_at((14, 60))[:3] == BLACK


def test_rects_that_touch_still_touch_at_a_fractional_scale() -> None:
    surf = gfx.HiSurface.new((30, 4), scale=1.5)
    surf.fill(BLACK)
    for i in range(10):  # ten 3-px columns side by side, alternating colours
        surf.fill(RED if i % 2 else BLUE, (i * 3, 0, 3, 4))
    colours = {surf.pixels.get_at((x, 2))[:3] for x in range(surf.pixels.get_width())}
    assert BLACK not in colours  # no gap between neighbours


def test_an_image_made_at_another_scale_is_rescaled_and_counted(tracked) -> None:
    surf = gfx.HiSurface.new((40, 40), scale=2.0)
    surf.fill(BLACK)
    plain = pygame.Surface((10, 10))
    plain.fill(RED)
    surf.blit(plain, (5, 5))
    assert surf.pixels.get_at((10, 10))[:3] == RED and surf.pixels.get_at((29, 29))[:3] == RED
    assert surf.pixels.get_at((30, 30))[:3] == BLACK  # its logical size, not its pixel size
    assert sum(tracked.values()) == 1
    small = gfx.HiSurface.new((10, 10), scale=1.0)
    small.fill(BLUE)
    surf.blit(small, (20, 20))
    assert surf.pixels.get_at((59, 59))[:3] == BLUE and surf.pixels.get_at((60, 60))[:3] == BLACK
    assert sum(tracked.values()) == 2


def test_transforms_keep_logical_sizes() -> None:
    image = gfx.HiSurface.new((30, 10), pygame.SRCALPHA, scale=2.0)
    bigger = gfx.smoothscale(image, (60, 20))
    assert bigger.get_size() == (60, 20) and bigger.pixels.get_size() == (120, 40)
    turned = gfx.rotate(image, 90)
    assert turned.get_size() == (10, 30) and turned.pixels.get_size() == (20, 60)
    assert gfx.flip(image, True, False).get_size() == (30, 10)
    assert gfx.scale(image, (15, 5)).pixels.get_size() == (30, 10)


def test_at_scale_one_everything_is_pygames_own() -> None:
    gfx.set_render_scale(1.0)
    surf = gfx.Surface((20, 20), pygame.SRCALPHA)
    assert type(surf) is pygame.Surface
    assert type(gfx.smoothscale(surf, (10, 10))) is pygame.Surface
    gfx.set_render_scale(2.0)
    hi = gfx.Surface((20, 20), pygame.SRCALPHA)
    assert isinstance(hi, gfx.HiSurface) and hi.pixels.get_size() == (40, 40)


def test_text_is_rendered_with_the_pixels_of_its_scale() -> None:
    from game.core.ui.toolkit.text import TextCache

    text = TextCache()
    one = text.render("Lightning", 20, (255, 255, 255))
    gfx.set_render_scale(2.0)
    two = text.render("Lightning", 20, (255, 255, 255))
    assert isinstance(two, gfx.HiSurface)
    assert two.get_size() == one.get_size()  # the same text for the layout
    assert two.pixels.get_height() >= 2 * one.get_height() - 2  # twice the pixels to draw it
    outlined = text.render_outlined("WIN", 40, (255, 255, 0), (0, 0, 0), 3)
    assert outlined.pixels.get_width() >= 2 * outlined.get_width() - 2


# ---------------------------------------------------------------------- the app


def _luma(image: pygame.Surface, rect: pygame.Rect) -> list[int]:
    """(3 R + 6 G + B) // 10 of every pixel of `rect`, row after row (maps of C functions
    over the channels: a million pixels in a Python loop took a second)."""
    raw = pygame.image.tobytes(image.subsurface(rect), "RGB")
    weighted = map(add, map(mul, raw[0::3], repeat(3)), map(mul, raw[1::3], repeat(6)))
    return list(map(floordiv, map(add, weighted, raw[2::3]), repeat(10)))


def _edge_energy(image: pygame.Surface, rect: pygame.Rect) -> float:
    """How much the picture changes from pixel to pixel (sharp edges change a lot at once):
    the squared luma step between each pixel and its right-hand neighbour, per pixel."""
    values = _luma(image, rect)
    steps = list(map(sub, values, values[1:]))
    total = sum(map(mul, steps, steps))
    w = rect.width  # less the steps from each row's last pixel to the next row's first
    total -= sum(steps[y * w - 1] ** 2 for y in range(1, rect.height))
    return total / (rect.width * rect.height)


def _far_apart(first: pygame.Surface, second: pygame.Surface, limit: int) -> int:
    """How many pixels of two same-sized pictures differ by more than `limit` in a channel."""
    a, b = (_plain(image) for image in (first, second))
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    b.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b| per channel
    near = pygame.mask.from_threshold(diff, BLACK, (limit + 1, limit + 1, limit + 1, 255))
    return diff.get_width() * diff.get_height() - near.count()


def _plain(image: pygame.Surface) -> pygame.Surface:
    plain = pygame.Surface(image.get_size(), 0, 24)
    plain.blit(image, (0, 0))
    return plain


def _settings_picture(make_app, size) -> pygame.Surface:
    app = make_app(size)
    app.ctx.nav.push("settings")
    frames(app, 40)
    return app.window_image()


def test_a_large_window_is_drawn_at_its_resolution_and_sharper(make_app) -> None:
    small = _settings_picture(make_app, (1280, 720))
    pygame.quit()
    big = _settings_picture(make_app, (2560, 1440))
    assert gfx.render_scale() == 2.0
    app_screen = pygame.display.get_surface()
    assert app_screen.get_size() == (2560, 1440)
    # The same picture: shrunk back to 1280x720 it matches the 1x one almost everywhere.
    shrunk = pygame.transform.smoothscale(big, LOGICAL_SIZE)
    far = _far_apart(shrunk, small, 96)
    assert far / (LOGICAL_SIZE[0] * LOGICAL_SIZE[1]) < 0.02
    # Sharper than the 1x picture stretched to the same window: over the Settings rows'
    # labels, edges change far more from one pixel to the next.
    stretched = pygame.transform.smoothscale(small, (2560, 1440))
    area = pygame.Rect(80, 160, 1100, 900)
    assert _edge_energy(big, area) > 1.5 * _edge_energy(stretched, area)


@pytest.mark.every_frame_drawn  # every image of every frame is checked, a moment's too
def test_no_image_is_stretched_anywhere_in_a_large_window(make_app, tracked) -> None:
    """Every text, sprite, card and banner of the title, Settings and Lucky Box's table
    (computer seats playing, so deals, crosses and cascades go by, to the round's end) is made
    at the window's resolution: none is drawn from a 1x image. (Blanco's table: below.)"""
    from game.core.session import Seat
    from game.luckybox.ui.scenes.table import start_game

    app = make_app((1920, 1080))
    assert gfx.render_scale() == 1.5
    app.ctx.settings.animation_speed = 8.0
    app.ctx.nav.push("title")
    frames(app, 30)
    app.ctx.nav.push("settings")
    frames(app, 10)
    start_game(app.ctx, [Seat("Ada", "normal"), Seat("Bo", "hard")], 3)
    frames(app, 900)
    screenshot(app, "hidpi_luckybox_table_1920")
    assert app.errors == []
    assert dict(tracked) == {}


@pytest.mark.every_frame_drawn  # every image of every frame is checked, a moment's too
def test_no_image_is_stretched_at_blancos_table_in_a_large_window(
    make_app, tracked, monkeypatch
) -> None:
    """Blanco's table in the large window, computer seats playing until a line was cleared,
    a second grid dealt and a chain went by (their animations drawn through): no image drawn
    from a 1x one. (Played to that moment, not for a fixed 900 frames: every frame here is
    drawn at 1920x1080. This deal shows all three by about frame 400; seed 5's first chain
    came after 580.)"""
    from game.core.session import Seat
    from game.core.ui.toolkit.animator import Animator

    shown: set[str] = set()  # the kinds of step the table animated
    start = Animator._start

    def started(self: Animator, event: object, length: float) -> None:
        shown.add(type(event).__name__)
        start(self, event, length)

    monkeypatch.setattr(Animator, "_start", started)
    app = make_app((1920, 1080))
    assert gfx.render_scale() == 1.5
    app.ctx.settings.animation_speed = 8.0
    app.ctx.nav.make("blanco.start_game", seats=[Seat("Cy", "normal"), Seat("Di", "hard")], seed=7)
    moments = {"Dealt", "Played", "LineCleared", "SecondGridDealt", "ChainLink"}
    for _ in range(1500):
        if moments <= shown:
            break
        frames(app, 1)
    assert moments <= shown, f"never shown: {sorted(moments - shown)}"
    frames(app, 30)  # the chain's steps drawn through
    screenshot(app, "hidpi_blanco_table_1920")
    assert app.errors == []
    assert dict(tracked) == {}


def test_a_resize_keeps_the_picture_then_draws_at_the_new_resolution(make_app, monkeypatch) -> None:
    app = make_app((1280, 720))
    app.ctx.nav.push("settings")
    frames(app, 5)
    assert app.screen is pygame.display.get_surface()  # 1280x720: drawn straight in
    window_mode.the_window().size = (1920, 1080)
    frames(app, 2)
    # While the size may still change, the 1x picture is stretched over the window...
    assert gfx.render_scale() == 1.0
    shown = app.window_image()
    assert shown.get_size() == (1920, 1080)
    assert shown.get_at((960, 540))[:3] != BLACK and shown.get_at((1919, 1079))[:3] != BLACK
    # ...and once it has held, the picture is drawn at the window's resolution.
    monkeypatch.setattr(canvas_module, "RESCALE_DELAY", 0.0)
    window_mode.the_window().size = (1921, 1080)
    frames(app, 2)
    window_mode.the_window().size = (1920, 1080)
    frames(app, 3)
    assert gfx.render_scale() == 1.5
    assert gfx.pixels_of(app.screen).get_size() == (1920, 1080)
    assert app.screen.get_size() == LOGICAL_SIZE
    # A square window: the design is as wide as the window, the backdrop above and below it.
    window_mode.the_window().size = (1000, 1000)
    frames(app, 3)
    shown = app.window_image()
    assert shown.get_size() == (1000, 1000)
    assert window_mode.picture_rect((1000, 1000)).size == (1000, 1000)
    assert gfx.view(app.screen).size == (1280, 1280)
    design_top = round((1000 - 562) / 2)
    assert shown.get_at((500, design_top - 3))[:3] != BLACK
    assert shown.get_at((500, 1000 - design_top + 3))[:3] != BLACK
    assert shown.get_at((500, 500))[:3] != BLACK
    assert app.errors == []


def test_the_systems_mouse_is_mapped_and_posted_events_are_not(make_app) -> None:
    from game.core.ui.screens.title import TitleScene

    app = make_app((1920, 1080))
    title = TitleScene(app.ctx)
    app.stack.push(title)
    frames(app, 90)
    target = title.widget("settings").rect.center
    shown = window_mode.to_window(target, (1920, 1080))
    # A click from the system comes in window pixels, with the window it happened in.
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(
            pygame.event.Event(
                kind, pos=(round(shown[0]), round(shown[1])), button=1, touch=False, window=None
            )
        )
    frames(app, 2)
    assert type(app.stack.top).__name__ == "SettingsScene"
    mapped = app.canvas.logical_event(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(round(shown[0]), round(shown[1])),
            rel=(15, 0),
            buttons=(0, 0, 0),
            touch=False,
            window=None,
        )
    )
    assert mapped.pos == pytest.approx(target, abs=1) and mapped.rel == (10, 0)
    posted = app.canvas.logical_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target))
    assert posted.pos == target  # a program's own event already speaks logical coordinates


def test_sprites_come_in_a_2x_set_used_when_the_picture_is_drawn_larger() -> None:
    from game.core.paths import SPRITES_DIR
    from game.core.ui.toolkit.assets import HI_DIR, Assets

    pygame.display.init()
    try:
        for one in SPRITES_DIR.glob("*.png"):
            two = SPRITES_DIR / HI_DIR / one.name
            if one.name in ("table.png", "icon.png"):  # a soft background, the system's icon
                assert not two.exists()
                continue
            w, h = pygame.image.load(one).get_size()
            assert pygame.image.load(two).get_size() == (2 * w, 2 * h), one.name
        assets = Assets(SPRITES_DIR)
        gfx.set_render_scale(2.0)
        star = assets.get("icon_star", (48, 48))
        assert star.get_size() == (48, 48)
        hi = pygame.image.load(SPRITES_DIR / HI_DIR / "icon_star.png")
        assert pygame.image.tobytes(star.pixels, "RGBA") == pygame.image.tobytes(hi, "RGBA")
        table = assets.get("table", (1280, 720))  # no 2x: the 1x one, scaled to the pixels
        assert table.pixels.get_size() == (2560, 1440)
    finally:
        pygame.display.quit()
