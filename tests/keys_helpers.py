"""Driving the app with the keyboard only: posted KEYDOWN/KEYUP events, never a mouse event.

`walk_to` moves the focus ring to a named target with the arrows (as a person would), falling
back to Tab when the arrows cannot reach it; `focus_key` reads where the ring is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from tests.ui_helpers import frames

#: Every event these helpers post, by type (a test asserts no mouse event was ever posted).
POSTED: list[int] = []


def key(app: Any, k: int, mod: int = 0, steps: int = 1) -> bool:
    """Press and release one key (with modifiers `mod`), then run frame(s)."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        POSTED.append(kind)
        pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))
    return frames(app, steps)


def tab(app: Any, back: bool = False) -> bool:
    return key(app, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)


def typed(app: Any, text: str) -> bool:
    """Typed characters arrive as TEXTINPUT (what SDL sends when a key types text)."""
    POSTED.append(pygame.TEXTINPUT)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    return frames(app, 1)


def focus_key(app: Any) -> Hashable:
    return app.ring.current_key(app.stack.top)


def targets(app: Any) -> list:
    from game.core.ui.toolkit.focus import targets_of

    return targets_of(app.stack.top)


def target(app: Any, name: Hashable) -> Any:
    return next(t for t in targets(app) if t.key == name)


def show_ring(app: Any) -> None:
    """The first Tab only shows the ring where the focus is."""
    if not app.ring.visible:
        tab(app)
    assert app.ring.visible


def walk_to(app: Any, name: Hashable, limit: int = 80) -> None:
    """Move the ring onto target `name`: the arrows toward it, then Tab if they get stuck."""
    show_ring(app)
    for _ in range(limit):
        here = app.ring.current(app.stack.top)
        if here is not None and here.key == name:
            return
        goal = target(app, name)
        if here is None:
            tab(app)
            continue
        dx = goal.rect.centerx - here.rect.centerx
        dy = goal.rect.centery - here.rect.centery
        if abs(dx) >= abs(dy):
            arrow = pygame.K_RIGHT if dx > 0 else pygame.K_LEFT
        else:
            arrow = pygame.K_DOWN if dy > 0 else pygame.K_UP
        key(app, arrow)
        if focus_key(app) == here.key:  # no target that way: Tab round instead
            break
    for _ in range(len(targets(app)) + 1):
        if focus_key(app) == name:
            return
        tab(app)
    raise AssertionError(f"cannot focus {name!r}; the ring is on {focus_key(app)!r}")


def act_on(app: Any, name: Hashable, with_key: int = pygame.K_RETURN) -> None:
    """Focus target `name` and press Enter (or Space) on it."""
    walk_to(app, name)
    key(app, with_key)
