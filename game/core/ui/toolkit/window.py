"""The window: any size and shape, filled by the picture.

Scenes lay out a 1280x720 logical design. A window of another shape than 16:9 shows more
around it (`logical_size`: 720 logical pixels high and wider for a wide window, 1280 wide and
taller for a tall one), the design centred (`origin_for`); scenes cover the margins with their
background and may anchor panels to the window's edges (`gfx.view`). The window is a
plain resizable one whose surface is the window's own pixels; `canvas.Canvas` draws the picture
at the resolution it is shown at (1920x1080 in a 1920x1080 window, through `gfx`) and maps
the mouse back to logical coordinates. So text, cards and lines stay sharp on large and
high-DPI screens instead of being a 1280x720 picture stretched.

Windows: the process says it is DPI-aware, so a 150 % display gives the window its real
pixels (drawn sharp by us) rather than a bitmap Windows stretches.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import warnings
from pathlib import Path

import pygame

from game.core import safe_json
from game.core.ui.toolkit.layout import LOGICAL_SIZE

log = logging.getLogger(__name__)

#: The smallest window a person can drag it down to (the picture shrinks with it).
MIN_SIZE = (640, 360)
#: A new window takes at most this share of the desktop (room for the taskbar and title bar).
DESKTOP_SHARE = 0.85
#: The window's last size, in the data folder.
WINDOW_FILE = "window.json"
#: At most this many pixels per logical pixel (a 5K screen); beyond it the picture is stretched.
MAX_RENDER_SCALE = 4.0


def prepare() -> None:
    """Set the SDL hints for the window; call before it opens. A player's own settings win."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    # Windows: a window that knows the screen's real pixels, drawn sharp by us, rather than
    # one Windows stretches as a bitmap at 125-200% display scaling (blurred).
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    # The click that brings the window to the front also presses what it lands on, as in a
    # browser: SDL drops it by default on X11 and macOS, so a friend's "Join" or a card
    # clicked while another window had the focus did nothing the first time.
    os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
    if sys.platform.startswith("linux"):
        # X11: the window's pixels go to the server as they are (shared memory), not through
        # an OpenGL texture. Where OpenGL is software (no GPU driver, a virtual machine,
        # Xvfb), that texture cost a whole frame's time: 1600x900 took 12 ms of CPU a frame
        # over two or more threads, an animated title over a core, against 0.4 ms this way.
        # A window with no such path (Wayland's) keeps SDL's own choice.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


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
        obj = safe_json.read_json(Path(folder) / WINDOW_FILE)
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
        obj = safe_json.read_json(Path(folder) / WINDOW_FILE)
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
    return its surface (the window's pixels: `canvas.Canvas` draws the picture into it)."""
    prepare()
    wanted = size or default_size() or LOGICAL_SIZE
    screen = pygame.display.set_mode(wanted, pygame.RESIZABLE)
    try:
        the_window().minimum_size = MIN_SIZE
        if fullscreen:
            set_fullscreen(True, maximised)  # leaving it later gives back the maximised window
        elif maximised:
            the_window().maximize()
    except (pygame.error, AttributeError) as e:  # an old pygame or a driver without it
        log.info("window size left as it is: %s", e)
    return pygame.display.get_surface() or screen


def on_screen_size(
    position: tuple[int, int], size: tuple[int, int], desktop: tuple[int, int]
) -> tuple[int, int] | None:
    """The size that shows the whole window where the window manager put it (None: it shows
    already, or would get smaller than the game's minimum). A window asked as large as the
    screen (1024x768 on a 1024x768 desktop) gets a title bar above it that pushes its bottom
    off the screen, and with it the table's lowest row (Blanco's hand)."""
    x, y = max(0, position[0]), max(0, position[1])
    width = min(size[0], desktop[0] - x)
    height = min(size[1], desktop[1] - y)
    if (width, height) == tuple(size) or width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return None
    return width, height


def keep_on_screen() -> bool:
    """Make the window small enough to show whole where it was placed (see `on_screen_size`);
    True if it changed. Called while the window manager places a new window."""
    if headless() or is_fullscreen():
        return False
    try:
        window = the_window()
        desktop = pygame.display.get_desktop_sizes()[0]
        (x, y), (width, height) = window.position, window.size
        fitted = on_screen_size((x, y), (width, height), (desktop[0], desktop[1]))
        if fitted is None:
            return False
        window.size = fitted
    except (pygame.error, AttributeError, IndexError):
        return False
    log.info("window made %dx%d to show whole on the screen", *fitted)
    return True


def shown_scale(window: tuple[int, int]) -> float:
    """Window pixels per logical pixel: the 1280x720 design fits the window's narrower side."""
    return min(window[0] / LOGICAL_SIZE[0], window[1] / LOGICAL_SIZE[1])


def logical_size(window: tuple[int, int]) -> tuple[int, int]:
    """The logical picture a window of this shape shows: 720 high and wider for a wide window
    (21:9 -> about 1680x720), 1280 wide and taller for a tall one (5:4 -> 1280x1024)."""
    scale = shown_scale(window)
    return (
        max(LOGICAL_SIZE[0], round(window[0] / scale)),
        max(LOGICAL_SIZE[1], round(window[1] / scale)),
    )


def origin_for(window: tuple[int, int]) -> tuple[int, int]:
    """Where the 1280x720 design's (0, 0) sits in the logical picture: the design is centred,
    and the margins around it are reached with negative coordinates or beyond 1280x720."""
    width, height = logical_size(window)
    return (width - LOGICAL_SIZE[0]) // 2, (height - LOGICAL_SIZE[1]) // 2


def render_scale_for(window: tuple[int, int]) -> float:
    """Pixels per logical pixel to draw at in a window of this size: the scale the picture is
    shown at (so it is copied one pixel for one), at least 1 (a smaller window gets a picture
    of 720 logical pixels or more scaled down) and at most MAX_RENDER_SCALE."""
    return min(max(shown_scale(window), 1.0), MAX_RENDER_SCALE)


def canvas_size(scale: float, window: tuple[int, int] = LOGICAL_SIZE) -> tuple[int, int]:
    """The picture's pixels at `scale` for a window of this shape (the window's own size when
    `scale` is the one it is shown at)."""
    if scale == shown_scale(window):
        return window
    width, height = logical_size(window)
    return round(width * scale), round(height * scale)


def the_window() -> pygame.Window:
    """The display module's window (pygame calls this way of reaching it deprecated; it is the
    one that works with `pygame.display` in pygame-ce 2.5)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def is_fullscreen() -> bool:
    with contextlib.suppress(pygame.error):
        return bool(pygame.display.is_fullscreen())
    return False


#: The window as it was before fullscreen (size, maximised), put back when fullscreen ends.
_windowed: tuple[tuple[int, int], bool] | None = None


def set_fullscreen(on: bool, maximised: bool = False) -> bool:
    """Fill the screen (desktop fullscreen: no mode change, instant) or go back to the window
    as it was before (its size, and maximised if it was: `maximised` says whether it is now,
    which SDL cannot be asked); returns whether the window is fullscreen now."""
    global _windowed
    if on != is_fullscreen():
        try:
            window = the_window()
            if on:
                _windowed = (window_size(), maximised)
                window.set_fullscreen(desktop=True)
            else:
                window.set_windowed()
                if _windowed is not None:
                    size, was_maximised = _windowed
                    _windowed = None
                    if was_maximised:
                        maximise()
                    else:
                        window.size = size
        except (pygame.error, AttributeError) as e:  # a driver without fullscreen
            log.info("fullscreen switch failed: %s", e)
    return is_fullscreen()


def was_maximised() -> bool:
    """Whether the window was maximised before the fullscreen now on (False when none is)."""
    return _windowed is not None and _windowed[1]


def maximise() -> None:
    """Maximise the window (a window manager may refuse: nothing else to do then)."""
    the_window().maximize()


def window_size() -> tuple[int, int]:
    with contextlib.suppress(pygame.error):
        width, height = pygame.display.get_window_size()
        return (width, height)
    return LOGICAL_SIZE


def picture_rect(window: tuple[int, int]) -> pygame.Rect:
    """Where the picture sits in a window of this size (window pixels): all of it, whatever
    its shape (the picture takes the window's proportions; there are no bars)."""
    return pygame.Rect(0, 0, window[0], window[1])


def to_logical(pos: tuple[float, float], window: tuple[int, int]) -> tuple[float, float]:
    """The logical point under a window point (what SDL does for the mouse events)."""
    scale = shown_scale(window)
    ox, oy = origin_for(window)
    return pos[0] / scale - ox, pos[1] / scale - oy


def to_window(pos: tuple[float, float], window: tuple[int, int]) -> tuple[float, float]:
    """The window point where a logical point is shown."""
    scale = shown_scale(window)
    ox, oy = origin_for(window)
    return (pos[0] + ox) * scale, (pos[1] + oy) * scale
