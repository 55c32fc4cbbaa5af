"""Driving the UI in tests with posted pygame events, one app.step() at a time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

DT = 1 / 60
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"


def _pos(pos: Any) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def click(app: Any, pos: Any, steps: int = 1) -> bool:
    """Move to `pos`, press and release the left button there, then run frame(s).

    Returns what the last app.step() returned (False once the app wants to stop).
    """
    p = _pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    return frames(app, steps)


def click_widget(app: Any, scene: Any, name: str, steps: int = 1) -> bool:
    """Click the centre of the named widget of `scene`."""
    return click(app, scene.widget(name).rect.center, steps)


def press(app: Any, key: int, steps: int = 1) -> bool:
    """Press and release a key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    return frames(app, steps)


def type_text(app: Any, text: str) -> bool:
    """Type `text` as one TEXTINPUT event (what SDL sends for typed characters)."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    return frames(app, 1)


def frames(app: Any, n: int = 1, dt: float = DT) -> bool:
    """Run n frames; stops early (returning False) when the app stops."""
    ok = True
    for _ in range(n):
        ok = app.step(dt)
        if not ok:
            break
    return ok


def frames_computers_answered(app: Any, n: int = 1, dt: float = DT) -> bool:
    """Run n frames as the app's own loop does (the computers' moves asked for go out after
    each), then wait for a computer thinking: a test's frames, with no 60 fps wait, would
    otherwise outrun the worker process and draw hundreds of frames while it thinks."""
    ok = True
    for _ in range(n):
        ok = app.step(dt)
        if not ok:
            break
        app.finish_frame()
        wait = getattr(getattr(app.stack.top, "turns", None), "wait_for_computer", None)
        if wait is not None:
            wait()
    return ok


def screenshot(app: Any, name: str) -> Path:
    """Save the logical screen to screenshots/NAME.png (the folder is git-ignored)."""
    path = SCREENSHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)  # names may hold a folder ("issue14/...")
    from game.core.ui import gfx

    pygame.image.save(gfx.pixels_of(app.screen), str(path))  # (larger on a large window)
    return path
