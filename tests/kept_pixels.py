"""What the tests of kept pixels share (game/core/ui/toolkit/snapshot.py: a table part keeps
what it drew and blits it back while it stays the same): each Snapshot.reuse's answer, and the
next frame's pixels. A plugin of the suite's (tests/conftest.py): its fixture is every test's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.snapshot import Snapshot
from tests.ui_helpers import frames


@pytest.fixture
def reused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Each Snapshot.reuse's answer from now on (a test of kept pixels must see some kept)."""
    answers: list[bool] = []
    real = Snapshot.reuse

    def noting(self: Snapshot, surface: pygame.Surface, key: Any) -> bool:
        answers.append(real(self, surface, key))
        return answers[-1]

    monkeypatch.setattr(Snapshot, "reuse", noting)
    yield answers


def picture(app: Any) -> bytes:
    """The next frame's pixels, drawn at the same moment as the last (a target's pulse is the
    same)."""
    app.redraw()
    frames(app, 1, dt=0.0)
    return pygame.image.tobytes(gfx.pixels_of(app.screen), "RGB")
