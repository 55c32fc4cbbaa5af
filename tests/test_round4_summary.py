"""The last round's summary says what its totals are (cards and stars) and what the Mega Total
adds next: its "Total 35" stood beside a Mega Total of 43 with no word between them."""

from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.luckybox.ui.scenes.roundend import RoundEndScene
from tests.test_text_fits import finished
from tests.ui_helpers import frames, press, texts_drawn


@pytest.mark.parametrize("round_no", [3, 4])
def test_the_last_rounds_summary_says_what_is_added_next(app, monkeypatch, round_no) -> None:
    session = finished(["Ann", "Bo"], 4)
    scene = RoundEndScene(app.ctx, session, round_no, lambda: None)
    app.stack.clear_to(scene)
    drawn = texts_drawn(monkeypatch)
    press(app, pygame.K_SPACE, 2)  # skip the count: the totals stand
    frames(app, 3)
    note = "Next, the Mega Total adds the incomplete cards and the Moons."
    if round_no == 4:
        assert note in drawn and "Cards + stars" in drawn and "Total" not in drawn
    else:  # an earlier round: its total is the running total, nothing more to say
        assert note not in drawn and "Total" in drawn


def test_the_note_in_french_and_german(app, monkeypatch) -> None:
    session = finished(["Ann", "Bo"], 4)
    for lang, word in (("fr", "lunes"), ("de", "Monde")):
        i18n.set_language(lang)
        scene = RoundEndScene(app.ctx, session, 4, lambda: None)
        app.stack.clear_to(scene)
        drawn = texts_drawn(monkeypatch)
        press(app, pygame.K_SPACE, 2)
        frames(app, 3)
        assert any(word in text for text in drawn), drawn
    i18n.set_language("en")
