"""The window: any size, filled by the 1280x720 picture keeping its proportions.

Scenes draw on a 1280x720 logical surface and never know the window's size. The window is
pygame's SCALED mode: SDL's renderer (the GPU where there is one) scales the logical surface to
the window in one textured copy per frame, and maps the mouse back to logical coordinates before
the events reach us. pygame's defaults are changed in two ways, through SDL hints set before the
window opens:

- whole-number scaling off: the picture grows to fill the window (a 1920x1080 window is filled
  at 1.5x, not shown at 1x inside black bars); bars remain only where the window's proportions
  differ from 16:9, and never more than that difference;
- linear filtering ("best": anisotropic where the driver has it) instead of nearest pixels, so
  text and cards stay smooth at any factor rather than blocky at 1.5x.

The frame costs the same as before at 1280x720 (the copy to the screen was already there with
SCALED; at scale 1 it is a plain copy). At other sizes the scaling runs in the renderer: free on
a GPU; with SDL's software renderer (no graphics acceleration: some virtual machines, Xvfb) a
linear scale to 1920x1080 costs about 11 ms of CPU a frame (nearest pixels: 4 ms), measured on
the dummy driver.

Sharper than a scaled 1280x720 picture would need scenes to draw at the window's resolution
(a scale factor through the layout, text rendered at the scaled size, cards drawn larger);
that is not done: scenes keep one 1280x720 canvas.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import warnings
from pathlib import Path

import pygame

from game.core.ui.layout import LOGICAL_SIZE

log = logging.getLogger(__name__)

#: The smallest window a person can drag it down to (the picture shrinks with it).
MIN_SIZE = (640, 360)
#: A new window takes at most this share of the desktop (room for the taskbar and title bar).
DESKTOP_SHARE = 0.85
#: The window's last size, in the data folder.
WINDOW_FILE = "window.json"


def prepare() -> None:
    """Set the SDL hints for the scaled window; call before the window opens.

    pygame reads the hint under the name "SDL_HINT_RENDER_SCALE_QUALITY" (the C macro's name,
    as an environment variable) to decide between whole-number and free scaling; SDL itself
    reads "SDL_RENDER_SCALE_QUALITY" for the filtering. A player's own settings win."""
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "best")
    # Windows: a window that knows the screen's real pixels, scaled by us (sharp), rather than
    # one Windows stretches as a bitmap at 125-200% display scaling (blurred).
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def headless() -> bool:
    """No real screen (the dummy driver of tests and benchmarks)."""
    with contextlib.suppress(pygame.error):
        return pygame.display.get_driver() in ("dummy", "offscreen")
    return True


def fit(area: tuple[int, int], share: float = 1.0) -> tuple[int, int]:
    """The largest 16:9 size within `share` of `area` (at least MIN_SIZE)."""
    scale = min(area[0] * share / LOGICAL_SIZE[0], area[1] * share / LOGICAL_SIZE[1])
    width = max(MIN_SIZE[0], round(LOGICAL_SIZE[0] * scale))
    height = max(MIN_SIZE[1], round(LOGICAL_SIZE[1] * scale))
    return width, height


def default_size() -> tuple[int, int] | None:
    """A new window's size: comfortable on this desktop (None: leave pygame's choice)."""
    if headless():
        return None  # tests and benchmarks keep exactly 1280x720
    with contextlib.suppress(pygame.error, IndexError):
        desktop = pygame.display.get_desktop_sizes()[0]
        return fit(desktop, DESKTOP_SHARE)
    return None


def remembered_size(folder: Path) -> tuple[int, int] | None:
    """The window's size when the game was last closed (None: none kept, or not a sane one)."""
    if headless():
        return None  # tests and benchmarks keep exactly 1280x720
    try:
        obj = json.loads((Path(folder) / WINDOW_FILE).read_text(encoding="utf-8"))
        width, height = obj["size"]
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a missing or odd file only costs the remembered size
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (width, height)):
        return None
    if not (MIN_SIZE[0] <= width <= 16384 and MIN_SIZE[1] <= height <= 16384):
        return None
    with contextlib.suppress(pygame.error, IndexError):
        desktop = pygame.display.get_desktop_sizes()[0]
        if width > desktop[0] or height > desktop[1]:  # a smaller screen than last time
            return None
    return width, height


def remembered_maximised(folder: Path) -> bool:
    """Whether the window was maximised when the game was last closed."""
    if headless():
        return False
    try:
        obj = json.loads((Path(folder) / WINDOW_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(obj, dict) and obj.get("maximised") is True


def remember_size(folder: Path, maximised: bool = False) -> None:
    """Keep the window's size for next time, and whether it was maximised (a maximised size is
    the screen's: the size kept is the one before, for when the player restores the window).
    Fullscreen is the settings' business."""
    if headless() or is_fullscreen():
        return
    size = remembered_size(folder) if maximised else window_size()
    kept: dict[str, object] = {"maximised": maximised}
    if size is not None:
        kept["size"] = list(size)
    with contextlib.suppress(OSError):
        from game.core.storage import write_json_atomic

        write_json_atomic(Path(folder) / WINDOW_FILE, kept)


def open_window(
    fullscreen: bool, size: tuple[int, int] | None = None, maximised: bool = False
) -> pygame.Surface:
    """Open the window (at `size`, else a size that suits the desktop; maximised if asked) and
    return the logical surface scenes draw on."""
    prepare()
    flags = pygame.SCALED | pygame.RESIZABLE
    with warnings.catch_warnings():
        # SCALED without GPU renderer (headless, old drivers) warns, yet works fine.
        warnings.filterwarnings("ignore", message="no fast renderer available")
        screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
    try:
        window = the_window()
        window.minimum_size = MIN_SIZE  # SCALED sets 1280x720; smaller screens need less
        wanted = size or default_size()
        if wanted is not None and tuple(window.size) != tuple(wanted):
            window.size = wanted
            window.position = pygame.WINDOWPOS_CENTERED
        if fullscreen:
            set_fullscreen(True)
        elif maximised:
            window.maximize()
    except (pygame.error, AttributeError) as e:  # an old pygame or a driver without it
        log.info("window size left as it is: %s", e)
    return pygame.display.get_surface() or screen


def the_window() -> pygame.Window:
    """The display module's window (pygame calls this way of reaching it deprecated, but it is
    the only one for a SCALED display in pygame-ce 2.5)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def is_fullscreen() -> bool:
    with contextlib.suppress(pygame.error):
        return bool(pygame.display.is_fullscreen())
    return False


def set_fullscreen(on: bool) -> bool:
    """Fill the screen (desktop fullscreen: no mode change, instant) or go back to the window;
    returns whether the window is fullscreen now."""
    if on != is_fullscreen():
        try:
            window = the_window()
            if on:
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
        except (pygame.error, AttributeError) as e:  # a driver without fullscreen
            log.info("fullscreen switch failed: %s", e)
    return is_fullscreen()


def window_size() -> tuple[int, int]:
    with contextlib.suppress(pygame.error):
        return tuple(pygame.display.get_window_size())  # type: ignore[return-value]
    return LOGICAL_SIZE


def picture_rect(window: tuple[int, int]) -> pygame.Rect:
    """Where the logical picture sits in a window of this size (window pixels): as large as
    fits, keeping 16:9, centred; the rest is the bars."""
    scale = min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])
    width, height = round(LOGICAL_SIZE[0] * scale), round(LOGICAL_SIZE[1] * scale)
    return pygame.Rect((window[0] - width) // 2, (window[1] - height) // 2, width, height)


def to_logical(pos: tuple[float, float], window: tuple[int, int]) -> tuple[float, float]:
    """The logical point under a window point (what SDL does for the mouse events)."""
    rect = picture_rect(window)
    scale = min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])
    return (pos[0] - rect.x) / scale, (pos[1] - rect.y) / scale


def to_window(pos: tuple[float, float], window: tuple[int, int]) -> tuple[float, float]:
    """The window point where a logical point is shown."""
    rect = picture_rect(window)
    scale = min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])
    return rect.x + pos[0] * scale, rect.y + pos[1] * scale


def shown_image(screen: pygame.Surface, window: tuple[int, int] | None = None) -> pygame.Surface:
    """What a window of this size shows of the logical `screen`: the picture scaled into it with
    its bars (a copy of `screen` when the window is exactly the logical size)."""
    window = window or window_size()
    if tuple(window) == tuple(screen.get_size()):
        return screen.copy()
    image = pygame.Surface(window)
    image.fill((0, 0, 0))
    rect = picture_rect(window)
    image.blit(pygame.transform.smoothscale(screen, rect.size), rect)
    return image
