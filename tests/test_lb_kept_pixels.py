"""Lucky Box's table parts keep what they drew and blit it back while it stays the same (the
number deck, the focused cards, the scorecard, the move log: game/core/ui/toolkit/snapshot.py).
`Table.draw_anew` makes the next frame draw them all afresh: the same picture, with
every text drawn again (what tests that record a frame's texts read, tests/test_text_overlaps).
A change of language, read through the kept pixels, is the frame drawn afresh."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import i18n
from game.core.session import Seat
from tests.kept_pixels import picture
from tests.support import to_first_number
from tests.ui_helpers import texts_drawn


@pytest.fixture
def table(app: Any) -> Any:
    """A Lucky Box table at its first number: Ann against a computer."""
    scene = app.ctx.nav.make(
        "luckybox.start_game", seats=[Seat("Ann", "human"), Seat("Bot", "easy")], seed=5
    )
    to_first_number(app, scene)
    return scene


def test_draw_anew_draws_every_kept_part_and_every_text_again(
    app: Any, table: Any, reused: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    picture(app)
    reused.clear()
    drawn = texts_drawn(monkeypatch)
    kept = picture(app)
    assert reused.count(True) >= 4, reused  # the deck, the cards, the scorecard, the log
    kept_texts = set(drawn)
    reused.clear()
    drawn.clear()
    table.draw_anew()
    fresh = picture(app)
    assert reused and not any(reused), reused  # nothing kept was blitted back
    assert fresh == kept  # the same picture
    assert kept_texts < drawn  # and the texts the kept pixels held, drawn again
    assert "Ann" in drawn or any("Ann" in text for text in drawn)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_change_of_language_redraws_the_kept_parts(
    app: Any, table: Any, reused: list[bool], lang: str
) -> None:
    picture(app)
    english = picture(app)
    try:
        i18n.set_language(lang)
        reused.clear()
        kept = picture(app)
        table.draw_anew()
        assert kept == picture(app), "a part showed pixels kept from before the change"
        assert kept != english
    finally:
        i18n.set_language("en")
