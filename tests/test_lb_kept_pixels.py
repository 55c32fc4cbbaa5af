"""Lucky Box's table parts keep what they drew and blit it back while it stays the same (the
number deck, the focused cards, the scorecard, the move log: game/core/ui/toolkit/snapshot.py).
`LuckyBoxKit.draw_anew` makes the next frame draw them all afresh: the same picture, with
every text drawn again (what tests that record a frame's texts read, tests/test_text_overlaps).
A change of language, read through the kept pixels, is the frame drawn afresh."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.session import Seat
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.snapshot import Snapshot
from tests.support import to_first_number
from tests.ui_helpers import frames, texts_drawn


@pytest.fixture
def table(app: Any) -> Any:
    """A Lucky Box table at its first number: Ann against a computer."""
    scene = app.ctx.nav.make(
        "luckybox.start_game", seats=[Seat("Ann", "human"), Seat("Bot", "easy")], seed=5
    )
    to_first_number(app, scene)
    return scene


@pytest.fixture
def reused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Each Snapshot.reuse's answer from now on."""
    answers: list[bool] = []
    real = Snapshot.reuse

    def noting(self: Snapshot, surface: pygame.Surface, key: Any) -> bool:
        answers.append(real(self, surface, key))
        return answers[-1]

    monkeypatch.setattr(Snapshot, "reuse", noting)
    yield answers


def _picture(app: Any) -> bytes:
    """The next frame's pixels, drawn at the same moment as the last."""
    app.redraw()
    frames(app, 1, dt=0.0)
    return pygame.image.tobytes(gfx.pixels_of(app.screen), "RGB")


def test_draw_anew_draws_every_kept_part_and_every_text_again(
    app: Any, table: Any, reused: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    _picture(app)
    reused.clear()
    drawn = texts_drawn(monkeypatch)
    kept = _picture(app)
    assert reused.count(True) >= 4, reused  # the deck, the cards, the scorecard, the log
    kept_texts = set(drawn)
    reused.clear()
    drawn.clear()
    table.kit.draw_anew()
    fresh = _picture(app)
    assert reused and not any(reused), reused  # nothing kept was blitted back
    assert fresh == kept  # the same picture
    assert kept_texts < drawn  # and the texts the kept pixels held, drawn again
    assert "Ann" in drawn or any("Ann" in text for text in drawn)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_change_of_language_redraws_the_kept_parts(
    app: Any, table: Any, reused: list[bool], lang: str
) -> None:
    _picture(app)
    english = _picture(app)
    try:
        i18n.set_language(lang)
        reused.clear()
        kept = _picture(app)
        table.kit.draw_anew()
        assert kept == _picture(app), "a part showed pixels kept from before the change"
        assert kept != english
    finally:
        i18n.set_language("en")
