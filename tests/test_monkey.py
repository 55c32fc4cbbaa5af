"""Random input, as a child at the keyboard gives it: clicks and right-clicks anywhere, the
mouse wheel, keys with and without Ctrl or Shift, Escape, typed text (accents, an emoji, a
zero-width space), from the title through whatever screens they reach (set-ups, tables,
drafts, dialogs, settings, How to play, the online menus), at two window shapes. Nothing may
raise (the app keeps every exception a frame caught, and the suite fails on any), and the
game only ends by its Quit."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.core.ui import gfx
from tests.ui_helpers import frames

KEYS = (
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_h,
    pygame.K_s,
    pygame.K_n,
    pygame.K_z,
    pygame.K_u,
    pygame.K_a,
    pygame.K_1,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
)
TEXTS = ("a", "é", "Zz", "\u200b", "\U0001f642", "12")
INPUTS = 600  # per run: about a second of the test's time, a dozen screens reached


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def quits(app: Any, pos: tuple[int, int] | None, key: int | None) -> bool:
    """Whether this input would close the game from the title (its Quit, or Escape there)."""
    top = app.stack.top
    if type(top).__name__ != "TitleScene":
        return False
    if key == pygame.K_ESCAPE:
        return True
    return pos is not None and top.widget("quit").rect.collidepoint(pos)


@pytest.mark.parametrize(
    ("seed", "window"), [(1, (1280, 720)), (2, (1024, 768)), (3, (2560, 1080))]
)
def test_random_input_never_breaks_the_game(
    make_app: Any, seed: int, window: tuple[int, int]
) -> None:
    rng = random.Random(seed)
    app = make_app(window)
    app.stack.clear_to(app.ctx.nav.make("title"))
    view = gfx.view(app.canvas.surface)  # posted events are in the scenes' coordinates
    screens: set[str] = set()
    for _ in range(INPUTS):
        roll = rng.random()
        pos = (rng.randrange(view.left, view.right), rng.randrange(view.top, view.bottom))
        if roll < 0.5:
            if quits(app, pos, None):
                continue
            post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.6:
            post(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0, 0, 0))
        elif roll < 0.65:
            post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
        elif roll < 0.7:
            post(pygame.TEXTINPUT, text=rng.choice(TEXTS))
        else:
            key = pygame.K_ESCAPE if roll < 0.74 else rng.choice(KEYS)
            if quits(app, None, key):
                continue
            mod = rng.choice((0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT))
            post(pygame.KEYDOWN, key=key, mod=mod, unicode=pygame.key.name(key)[:1], scancode=0)
            post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        assert frames(app, rng.choice((1, 1, 2, 5, 20))), "the game ended without its Quit"
        screens.add(type(app.stack.top).__name__)
    assert not app.errors
    assert len(screens) >= 4, screens  # it got about: more than the title and one screen
