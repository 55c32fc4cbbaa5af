"""The window fills any size: the canvas maps a window point to the logical point drawn
under it, the picture takes the window's shape (no bars), F11 and the Settings toggle agree
with the window, and --window opens at the size asked."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from game import cli
from game.core.ui.toolkit import gfx, window as window_mode
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from tests.ui_helpers import click, frames, press

#: Window sizes of several proportions: 16:9 larger and smaller, a laptop's odd 16:9, square,
#: tall, ultra-wide.
SIZES = [(1920, 1080), (1366, 768), (1000, 1000), (800, 700), (2560, 1080), (960, 540)]
#: Logical points to check: corners, the centre and a few buttons' worth of places.
POINTS = [(0, 0), (1279, 719), (640, 360), (100, 650), (1200, 40), (333, 222)]


def _resize(app, size: tuple[int, int]) -> None:
    """Resize the window and let the picture settle at the new size (as after a drag)."""
    window_mode.the_window().size = size
    app.settle_window()
    if len(app.stack):  # (a frame with no scene would end the app)
        frames(app, 1)


def _system_event(kind: int, pos: tuple[float, float]) -> pygame.event.Event:
    """A mouse event as the system sends it: in window pixels, with its window."""
    return pygame.event.Event(
        kind,
        pos=(round(pos[0]), round(pos[1])),
        rel=(0, 0),
        buttons=(0, 0, 0),
        touch=False,
        window=None,
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_window_point_maps_to_the_logical_point_drawn_under_it(app, size) -> None:
    app.ctx.nav.push("title")
    _resize(app, size)
    assert pygame.display.get_window_size() == size
    for point in POINTS:
        shown = window_mode.to_window(point, size)  # where the picture shows this point
        mapped = app.canvas.logical_event(_system_event(pygame.MOUSEMOTION, shown)).pos
        # Window pixels are whole: allow a logical pixel of rounding.
        assert mapped == pytest.approx(point, abs=1.01), (size, point, mapped)
        assert window_mode.to_logical(shown, size) == pytest.approx(point, abs=1e-6)


@pytest.mark.parametrize("size", SIZES)
def test_the_picture_fills_the_window_whatever_its_shape(app, size) -> None:
    app.ctx.nav.push("settings")
    frames(app, 2)
    _resize(app, size)
    assert app.canvas.rect == pygame.Rect((0, 0), size)  # no bars: all of the window
    # The 1280x720 design fits the narrower side; the other shows more around it.
    exact = min(size[0] / LOGICAL_SIZE[0], size[1] / LOGICAL_SIZE[1])
    view = gfx.view(app.screen)
    assert view.size == window_mode.logical_size(size)
    assert view.w == pytest.approx(size[0] / exact, abs=1)
    assert view.h == pytest.approx(size[1] / exact, abs=1)
    assert view.contains(pygame.Rect((0, 0), LOGICAL_SIZE))
    assert view.center == pytest.approx((640, 360), abs=1)  # the design stays centred
    # Drawn at the resolution it is shown at (a smaller window: scale 1, scaled down).
    pixels = gfx.pixels_of(app.screen).get_size()
    assert pixels == (size if exact >= 1 else view.size)
    image = app.window_image()
    assert image.get_size() == size
    for corner in ((0, 0), (size[0] - 1, 0), (0, size[1] - 1), (size[0] - 1, size[1] - 1)):
        assert image.get_at(corner)[:3] != (0, 0, 0), (size, corner)  # the backdrop, not bars


def test_posted_clicks_stay_logical_in_a_large_window(app) -> None:
    """Scenes and tests speak logical coordinates whatever the window: a click posted on a
    title button still presses it in a 1920x1080 window."""
    from game.core.ui.screens.title import TitleScene

    _resize(app, (1920, 1080))
    title = TitleScene(app.ctx)
    app.stack.push(title)
    frames(app, 90)
    click(app, title.widget("settings").rect.center, 2)
    assert type(app.stack.top).__name__ == "SettingsScene"


def test_small_windows_are_allowed_and_a_new_one_suits_the_desktop() -> None:
    assert window_mode.fit((1920, 1080), 0.85) == (1632, 918)
    assert window_mode.fit((1366, 768), 0.85) == (1161, 653)
    assert window_mode.fit((3840, 2160), 0.85) == (3264, 1836)
    assert window_mode.fit((800, 600), 0.5) == window_mode.MIN_SIZE  # never below the minimum


def test_the_window_can_be_made_smaller_than_the_picture(app) -> None:
    assert tuple(window_mode.the_window().minimum_size) == window_mode.MIN_SIZE
    app.ctx.nav.push("title")
    _resize(app, (800, 450))
    assert pygame.display.get_window_size() == (800, 450)
    assert app.canvas.rect == pygame.Rect(0, 0, 800, 450)  # the whole picture, shrunk
    assert app.window_image().get_at((799, 449))[:3] != (0, 0, 0)


def _toggle(app):
    settings = app.stack.top
    assert type(settings).__name__ == "SettingsScene"
    return settings.widget("fullscreen")


def test_f11_and_the_settings_toggle_agree(app) -> None:
    app.ctx.nav.push("settings")
    frames(app, 2)
    assert not window_mode.is_fullscreen() and _toggle(app).value is False
    press(app, pygame.K_F11, 2)
    assert window_mode.is_fullscreen()
    assert app.ctx.settings.fullscreen is True
    assert _toggle(app).value is True  # the toggle shows what F11 did
    press(app, pygame.K_F11, 2)
    assert not window_mode.is_fullscreen()
    assert app.ctx.settings.fullscreen is False and _toggle(app).value is False
    # And the other way: the toggle switches the window, then F11 switches it back.
    click(app, _toggle(app).rect.center, 2)
    assert window_mode.is_fullscreen() and _toggle(app).value is True
    press(app, pygame.K_F11, 2)
    assert not window_mode.is_fullscreen() and _toggle(app).value is False


def test_leaving_fullscreen_gives_back_the_window_size_it_had(app) -> None:
    app.ctx.nav.push("title")
    frames(app, 2)
    _resize(app, (1000, 700))
    press(app, pygame.K_F11, 2)
    assert window_mode.is_fullscreen()
    window_mode.the_window().size = (1920, 1080)  # what the screen gives a fullscreen window
    frames(app, 2)
    press(app, pygame.K_F11, 2)
    assert not window_mode.is_fullscreen()
    assert pygame.display.get_window_size() == (1000, 700)


def test_leaving_fullscreen_maximises_again_a_window_that_was_maximised(app, monkeypatch) -> None:
    """Issue 22, item 12: un-fullscreen forgot a maximised window (it came back at its old
    restored size)."""
    maximised: list[bool] = []
    monkeypatch.setattr(window_mode, "maximise", lambda: maximised.append(True))
    app.ctx.nav.push("settings")
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED, window=None))
    frames(app, 2)
    press(app, pygame.K_F11, 2)
    # Going fullscreen, the system says the window is no longer maximised.
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED, window=None))
    frames(app, 2)
    click(app, _toggle(app).rect.center, 2)  # the Settings toggle leaves fullscreen
    assert not window_mode.is_fullscreen()
    assert maximised == [True]
    assert app._maximised is True  # and closing now keeps "maximised" for the next start
    # A window that was not maximised is not maximised by leaving fullscreen.
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED, window=None))
    frames(app, 2)
    press(app, pygame.K_F11, 2)
    press(app, pygame.K_F11, 2)
    assert maximised == [True] and app._maximised is False


def test_leaving_fullscreen_outside_the_game_updates_the_setting(app) -> None:
    app.ctx.nav.push("title")
    frames(app, 2)
    press(app, pygame.K_F11, 2)
    assert app.ctx.settings.fullscreen is True
    window_mode.the_window().set_windowed()  # the window manager, not the game
    frames(app, 2)
    assert app.ctx.settings.fullscreen is False


def test_window_option_is_parsed_and_bad_sizes_are_refused(capsys) -> None:
    assert cli.parse_args(["--window", "1920x1080"]).window == (1920, 1080)
    assert cli.parse_args(["--window", "800X600"]).window == (800, 600)
    assert cli.parse_args([]).window is None
    for bad in ("big", "1920", "10x10", "1920x1080x2"):
        with pytest.raises(SystemExit):
            cli.parse_args(["--window", bad])
        assert "--window" in capsys.readouterr().err


def test_the_app_opens_at_the_window_size_asked(data_dir) -> None:
    from game.catalog import new_app

    app = new_app(window=(1600, 900))
    try:
        assert pygame.display.get_window_size() == (1600, 900)
        assert app.screen.get_size() == LOGICAL_SIZE  # scenes still draw at 1280x720
        frames(app, 2)
        assert app.window_image().get_size() == (1600, 900)
    finally:
        pygame.quit()


def test_a_fullscreen_setting_opens_fullscreen(data_dir) -> None:
    from game.catalog import new_app
    from game.core.ui.settings import load_settings, save_settings

    settings, _ = load_settings(data_dir)
    settings.fullscreen = True
    save_settings(settings, data_dir)
    app = new_app()
    try:
        assert window_mode.is_fullscreen() and app.ctx.settings.fullscreen is True
    finally:
        pygame.quit()


def test_the_window_comes_back_at_the_size_it_was_closed_at(data_dir, monkeypatch) -> None:
    from game.catalog import new_app

    monkeypatch.setattr(window_mode, "headless", lambda: False)  # as on a real desktop
    app = new_app()
    _resize(app, (900, 700))  # within the dummy desktop (1024x768)
    app.close()
    assert json.loads((data_dir / window_mode.WINDOW_FILE).read_text())["size"] == [900, 700]
    app = new_app()
    try:
        assert pygame.display.get_window_size() == (900, 700)
        app.ctx.nav.push("title")
        press(app, pygame.K_F11, 2)  # closed while fullscreen: the last windowed size is kept
        assert window_mode.is_fullscreen()
    finally:
        app.close()
    assert json.loads((data_dir / window_mode.WINDOW_FILE).read_text())["size"] == [900, 700]
    app = new_app(window=(1000, 600))  # --window wins over the remembered size
    try:
        assert pygame.display.get_window_size() == (1000, 600)
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    "content",
    [
        '{"size": [10, 10]}',
        '{"size": [true, 800]}',
        "[]",
        '{"size": "big"}',
        "not json",
        '{"size": [1e9, 5]}',
    ],
)
def test_an_odd_window_file_is_ignored(data_dir, monkeypatch, content) -> None:
    monkeypatch.setattr(window_mode, "headless", lambda: False)
    (data_dir / window_mode.WINDOW_FILE).write_text(content)
    assert window_mode.remembered_size(data_dir) is None


def test_a_remembered_size_larger_than_this_screen_is_not_used(data_dir, monkeypatch) -> None:
    monkeypatch.setattr(window_mode, "headless", lambda: False)
    pygame.display.init()
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        (data_dir / window_mode.WINDOW_FILE).write_text(
            json.dumps({"size": [desktop[0] + 200, desktop[1]]})
        )
        assert window_mode.remembered_size(data_dir) is None
    finally:
        pygame.quit()


def test_a_system_without_fullscreen_says_so(app, monkeypatch) -> None:
    monkeypatch.setattr(window_mode, "set_fullscreen", lambda on, maximised=False: False)
    app.ctx.nav.push("title")
    press(app, pygame.K_F11, 2)
    assert app.ctx.settings.fullscreen is False
    assert "Fullscreen" in app.ctx.message


def test_a_window_closed_maximised_opens_maximised_and_keeps_its_size(
    data_dir, monkeypatch
) -> None:
    from game.catalog import new_app

    monkeypatch.setattr(window_mode, "headless", lambda: False)
    app = new_app()
    _resize(app, (900, 700))
    app.ctx.nav.push("title")
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED, window=None))
    frames(app, 2)
    app.close()
    kept = json.loads((data_dir / window_mode.WINDOW_FILE).read_text())
    assert kept == {"maximised": True}  # no size was kept before: the next restore is the default
    asked = []
    opener = window_mode.open_window

    def spy(fullscreen, size=None, maximised=False):
        asked.append(maximised)
        return opener(fullscreen, size, maximised)

    monkeypatch.setattr(window_mode, "open_window", spy)
    app = new_app()
    try:
        assert asked == [True]
        _resize(app, (800, 600))
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED, window=None))
        app.ctx.nav.push("title")
        frames(app, 2)
    finally:
        app.close()
    kept = json.loads((data_dir / window_mode.WINDOW_FILE).read_text())
    assert kept == {"maximised": False, "size": [800, 600]}


def test_the_click_that_brings_the_window_forward_also_presses(monkeypatch) -> None:
    """SDL drops the click that focuses a window (X11, macOS) unless told: prepare() tells it,
    and a player's own setting wins. bench/window_check.py checks it in a real X server."""
    monkeypatch.delenv("SDL_MOUSE_FOCUS_CLICKTHROUGH", raising=False)
    window_mode.prepare()
    assert os.environ["SDL_MOUSE_FOCUS_CLICKTHROUGH"] == "1"
    monkeypatch.setenv("SDL_MOUSE_FOCUS_CLICKTHROUGH", "0")
    window_mode.prepare()
    assert os.environ["SDL_MOUSE_FOCUS_CLICKTHROUGH"] == "0"


def test_on_linux_the_windows_pixels_go_to_x_without_an_opengl_texture(monkeypatch) -> None:
    """With software OpenGL (a VM, Xvfb, no GPU driver) SDL's texture path cost a frame's time
    in CPU (bench/idle.py --live --x); prepare() asks for X's own path on Linux, and a player's
    own setting wins. Elsewhere SDL keeps its choice."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(window_mode.sys, "platform", "linux")
    window_mode.prepare()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    window_mode.prepare()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    monkeypatch.setattr(window_mode.sys, "platform", "win32")
    window_mode.prepare()
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
