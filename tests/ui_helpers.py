"""Driving the UI in tests with posted pygame events, one app.step() at a time."""

from __future__ import annotations

import atexit
import os
import shutil
import struct
import tempfile
import zlib
from pathlib import Path
from typing import Any

import pygame

DT = 1 / 60
SCREENSHOTS_ENV = "SMLB_SCREENSHOTS"


def screenshots_folder() -> Path:
    """Where the tests' pictures go: the folder SMLB_SCREENSHOTS names (to look at them), else a
    temporary folder of this test process, removed when it ends: a run leaves nothing behind.
    The temporary one is made by the first picture saved into it (`save_png_quickly`), not
    here: most processes that import this (the workers of the crash guard's own runs, killed
    on purpose among them) save none, and a folder made for each was left behind by each kill."""
    chosen = os.environ.get(SCREENSHOTS_ENV)
    if chosen:
        return Path(chosen).resolve()
    folder = Path(tempfile.gettempdir()) / f"smlb-screenshots-{os.getpid()}"
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


SCREENSHOTS = screenshots_folder()
#: Whether anybody asked to look at the pictures (else they go to a folder removed unseen).
SCREENSHOTS_KEPT = bool(os.environ.get(SCREENSHOTS_ENV))


def _pos(pos: Any) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def click(app: Any, pos: Any, steps: int = 1) -> bool:
    """Move to `pos`, press and release the left button there, then run frame(s).

    Returns what the last app.step() returned (False once the app wants to stop).
    """
    post_click(pos)
    return frames(app, steps)


def tap(app: Any, pos: Any, steps: int = 1) -> bool:
    """`click`, its frames run but not drawn (see `wait`): for a loop that reads the game's
    state next, or clicks again (the frame before each click is drawn first, as its handlers
    see it; a screenshot or `app.screen` draws it too)."""
    post_click(pos)
    return wait(app, steps)


def tap_key(app: Any, key: int, steps: int = 1) -> bool:
    """`press`, its frames run but not drawn (see `tap`)."""
    post_key(key)
    return wait(app, steps)


def post_click(pos: Any) -> None:
    """Post a move to `pos` and a left click there, for the next frame to handle (a loop that
    runs its own frames with `wait`: the frame before is drawn first, as its handlers see it)."""
    p = _pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))


def post_key(key: int, mod: int = 0) -> None:
    """Post a key's press and release, for the next frame to handle (see `post_click`)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def click_widget(app: Any, scene: Any, name: str, steps: int = 1) -> bool:
    """Click the centre of the named widget of `scene`."""
    return click(app, scene.widget(name).rect.center, steps)


def press(app: Any, key: int, steps: int = 1, mod: int = 0) -> bool:
    """Press and release a key (with modifier keys `mod` held, e.g. pygame.KMOD_LCTRL)."""
    post_key(key, mod)
    return frames(app, steps)


def type_text(app: Any, text: str) -> bool:
    """Type `text` as one TEXTINPUT event (what SDL sends for typed characters)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    return frames(app, 1)


def frames(app: Any, n: int = 1, dt: float = DT) -> bool:
    """Run n frames; stops early (returning False) when the app stops. A computer thinking
    has answered by the end of each frame (`computers_answered`). The last frame is drawn
    (what the test reads next, drawn state included, is what a player would see); the ones
    before it are seen by nobody (see draw_frames_when_seen)."""
    ok = wait(app, n, dt)
    seen(app)
    return ok


def wait(app: Any, n: int = 1, dt: float = DT) -> bool:
    """Run n frames of a loop that reads only the game's state between them (whose turn it
    is, what the animations still have to show, the scene on top), never the picture nor what
    drawing sets (a button's enabled flag or label, a drawn rect). Their last frame is not
    drawn here but when it could be seen: before the next event is handled, when frames()
    returns, or when the screen is read (see draw_frames_when_seen). A computer thinking has
    answered by the end of each frame. Stops early (returning False) when the app stops."""
    ok = True
    for _ in range(n):
        ok = app.step(dt)
        if not ok:
            break
        computers_answered(app)
    return ok


def computers_answered(app: Any) -> None:
    """Wait for the move a computer is thinking about in its worker process (every table on
    the stack), as the tour does: the test's frames, a fraction of a millisecond each when
    nobody sees them, would otherwise outrun the worker, and how far a game got in n frames
    would depend on how busy the machine is. The move is still played by the table's own
    update, in the next frame, as when it comes in during a real frame."""
    for scene in list(app.stack.scenes):
        answer = getattr(getattr(scene, "turns", None), "wait_for_computer", None)
        if answer is not None:
            answer()


def frames_computers_answered(app: Any, n: int = 1, dt: float = DT) -> bool:
    """Run n frames as the app's own loop does (the computers' moves asked for go out after
    each, then the top scene's idle work), a computer thinking answered by the end of each.

    The waiting frames of a loop that reads the game's state between them (not the picture,
    nor what drawing updates): the last is not drawn here but when it could be seen (before
    the next event is handled, or the screen is read; see draw_frames_when_seen)."""
    ok = True
    for _ in range(n):
        ok = app.step(dt)
        if not ok:
            break
        app.finish_frame()
        computers_answered(app)
    return ok


def screenshot(app: Any, name: str) -> Path:
    """Save the logical screen to SCREENSHOTS/NAME.png (see `screenshots_folder`)."""
    path = SCREENSHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)  # names may hold a folder ("issue14/...")
    from game.core.ui.toolkit import gfx

    pygame.image.save(gfx.pixels_of(app.screen), str(path))  # (larger on a large window)
    return path


# --------------------------------------------------------------------------- pictures saved


def save_png_quickly(save: Any, unread: Path | None = None) -> Any:
    """pygame.image.save, but a plain surface saved to a .png name is written as a PNG by zlib
    at its quickest level (a third of the time of pygame's own, which compresses harder): the
    tests save hundreds of screenshots and read them back, and a test's picture is judged by its
    pixels, not its size. The same pixels, the same format (RGB, or RGBA for a surface with
    per-pixel alpha); anything else goes to `save` unchanged.

    The PNG carries a digest of its pixels (a text chunk right after the header): a file that
    already holds the same picture is left as it is, only touched, instead of compressed again
    (most screenshots are the same from one run of the suite to the next).

    A picture saved under `unread` (the temporary screenshots folder nobody looks at, emptied
    after each test: `forget_unread_screenshots`) is stored without compressing (zlib's level
    0, still a whole PNG that any reader loads): compressing cost more than anything else these
    helpers do, for files deleted unseen. Its path is listed in `UNREAD_WRITTEN` for that
    clean-up."""

    def quick(surface: Any, file: Any, namehint: str = "") -> None:
        if (
            namehint
            or not isinstance(file, (str, Path))
            or not str(file).lower().endswith(".png")
            or type(surface) is not pygame.Surface
            or surface.get_bitsize() < 24
        ):
            if namehint:
                save(surface, file, namehint)
            else:
                save(surface, file)
            return
        alpha = bool(surface.get_flags() & pygame.SRCALPHA)
        kind, depth = (6, 4) if alpha else (2, 3)
        width, height = surface.get_size()
        # (its rows copied once, below)
        data = memoryview(pygame.image.tobytes(surface, "RGBA" if alpha else "RGB"))
        header = struct.pack(">IIBBBBB", width, height, 8, kind, 0, 0, 0)
        # Two quick checksums (crc32 at about 4 GB/s, four times blake2b): the digest only
        # tells a changed picture from the same one, so it need not resist anyone.
        digest = _PIXELS_KEY + f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}".encode()
        start = _PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"tEXt", digest)
        path = Path(file)
        path.parent.mkdir(parents=True, exist_ok=True)
        if _starts_with(path, start):
            os.utime(path)  # the same picture: fresh as if written
            return
        stride = width * depth
        rows = bytearray((stride + 1) * height)  # each row: filter 0 (none), then its pixels
        for y in range(height):
            begin = y * (stride + 1) + 1
            rows[begin : begin + stride] = data[y * stride : (y + 1) * stride]
        # Whole or not at all: a file cut short (a run stopped mid-write) would keep the same
        # start and so never be written again.
        unseen = unread is not None and path.is_relative_to(unread)
        pixels = zlib.compress(rows, 0 if unseen else 1)
        partial = path.with_name(path.name + ".part")
        partial.write_bytes(start + _chunk(b"IDAT", pixels) + _chunk(b"IEND", b""))
        os.replace(partial, path)
        if unseen:
            UNREAD_WRITTEN.append(path)

    return quick


#: Screenshots written uncompressed into the unread folder since the last clean-up.
UNREAD_WRITTEN: list[Path] = []


def forget_unread_screenshots() -> None:
    """Delete the screenshots written uncompressed into the unread folder (a test's end): each
    is a few megabytes, and no test reads another test's pictures."""
    while UNREAD_WRITTEN:
        UNREAD_WRITTEN.pop().unlink(missing_ok=True)


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PIXELS_KEY = b"smlb-pixels\0"  # a tEXt chunk's keyword, then its text: the pixels' digest


def _chunk(tag: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))


def _starts_with(path: Path, start: bytes) -> bool:
    """Whether the file at `path` begins with exactly these bytes (False if there is none)."""
    try:
        with path.open("rb") as existing:
            return existing.read(len(start)) == start
    except OSError:
        return False


def texts_drawn(monkeypatch: Any) -> set[str]:
    """The texts drawn centred (names, banners, prompts) from now on, as they are drawn."""
    from game.core.ui.toolkit.text import TextCache

    drawn: set[str] = set()
    real = TextCache.blit_centered

    def recording(self: TextCache, surface: Any, text: str, *a: Any, **k: Any) -> Any:
        drawn.add(text)
        return real(self, surface, text, *a, **k)

    monkeypatch.setattr(TextCache, "blit_centered", recording)
    return drawn


# --------------------------------------------------------------------------- frames nobody sees


def draw_frames_when_seen(monkeypatch: Any) -> None:
    """From now on (until the monkeypatch is undone), a frame App.step() means to draw is drawn
    only when something could see it: just before the next frame handles an event (its
    handlers then find the scenes as that frame drew them, as in the real loop), when
    `frames()` returns, or when the picture is looked at (`app.screen`, `app.window_image()`,
    `app.settle_window()`, `seen(app)`). A frame followed by another with no event in between,
    nobody looking, could never be seen: it is not drawn. The window is given the picture
    (Canvas.present) only when `app.window_image()` looks at it.

    The first frame of other scenes (one pushed, popped or replaced, an overlay come or gone) is
    drawn at once, as in the real loop: drawing sets some state of its own (the focus ring's
    resting time starts on a scene's first frame; a layer is made once). Frames are still
    counted (`frames_drawn`, `drew_last`) as the app decided them. A frame owed by scenes no
    longer on the stack is dropped (nobody can see it any more; scenes are drawn only after an
    update, as in the real loop); so is one owed before the window changed size (the app draws
    only after it has followed the window: the next frame does). Most of a UI test's time went
    into drawing frames one after another while animations played or computers thought."""
    from game.core.ui.app import App
    from game.core.ui.toolkit.canvas import Canvas

    step, draw, present = App.step, App.draw, Canvas.present
    window_image, settle_window = App.window_image, App.settle_window
    stepping: list[Any] = []  # the apps whose step() is running (their frames are owed)

    def lazy_step(self: Any, dt: float | None = None) -> bool:
        if "_owed_frame" in self.__dict__ and (self._waited or pygame.event.peek()):
            seen(self)
        stepping.append(self)
        try:
            ok = step(self, dt)
        finally:
            stepping.pop()
        owed = self.__dict__.get("_owed_frame")
        if owed is not None and not _same(owed, self.__dict__.get("_drawn_scenes", ())):
            seen(self)  # other scenes: their first frame
        return ok

    def lazy_draw(self: Any) -> None:
        if stepping and stepping[-1] is self:
            self.__dict__["_owed_frame"] = _stack_key(self)
            self.__dict__["_owed_window"] = _window_size()
            return
        self.__dict__.pop("_owed_frame", None)
        draw(self)
        self.__dict__["_drawn_scenes"] = _stack_key(self)
        self.__dict__["_owed_present"] = True

    def lazy_present(self: Any) -> None:
        if not stepping:
            present(self)

    def screen(self: Any) -> Any:
        if not stepping:
            seen(self)
        return self.canvas.surface

    def shown(self: Any) -> pygame.Surface:
        seen(self)
        if self.__dict__.pop("_owed_present", False):
            present(self.canvas)
        return window_image(self)

    def settled(self: Any) -> None:
        seen(self)
        settle_window(self)

    monkeypatch.setattr(App, "step", lazy_step)
    monkeypatch.setattr(App, "draw", lazy_draw)
    monkeypatch.setattr(Canvas, "present", lazy_present)
    monkeypatch.setattr(App, "screen", property(screen))
    monkeypatch.setattr(App, "window_image", shown)
    monkeypatch.setattr(App, "settle_window", settled)


def _stack_key(app: Any) -> tuple[Any, ...]:
    """The scenes on the stack and its overlay (the objects: an id may be used again)."""
    return (*app.stack.scenes, app.stack.overlay)


def _window_size() -> tuple[int, int] | None:
    display = pygame.display.get_surface()
    return None if display is None else display.get_size()


def _same(first: tuple[Any, ...], second: tuple[Any, ...]) -> bool:
    return len(first) == len(second) and all(a is b for a, b in zip(first, second, strict=True))


def seen(app: Any) -> None:
    """Draw the frame the app owes (see draw_frames_when_seen), if its scenes are still up and
    the window has kept its size."""
    owed = app.__dict__.pop("_owed_frame", None)
    window = app.__dict__.pop("_owed_window", None)
    if owed is not None and _same(owed, _stack_key(app)) and window == _window_size():
        app.draw()
