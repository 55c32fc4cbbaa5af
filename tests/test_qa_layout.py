"""Layout faults found by playing in a real window (QA), each checked where a test can tell.

- Lucky Box's draft of 1 of 3 cards: the three cards are tall, and the third one ran under the
  Hint button (its LUCKY BOX strip hidden, the button drawn over the card).
"""

from __future__ import annotations

from game.core.session import Seat
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.table import start_game
from tests.ui_helpers import frames, screenshot


def _first_draft(app) -> DraftScene:
    start_game(app.ctx, [Seat("Ann", "human")], 7)
    for _ in range(300):
        if isinstance(app.stack.top, DraftScene):
            return app.stack.top
        frames(app, 1)
    raise AssertionError("no draft")


def test_draft_cards_stay_clear_of_hint_and_keep_with_five_or_three_cards(app):
    draft = _first_draft(app)
    buttons = [draft.widget("hint").rect, draft.widget("confirm").rect]
    for count in (5, 3):
        draft.hand = draft.hand[:count]  # a later round's draft offers three
        rects = draft.card_rects()
        assert len(rects) == count
        for rect in rects:
            for button in buttons:
                assert not rect.colliderect(button), f"{count} cards: {rect} under {button}"
            assert rect.top >= 90, "below the title line"
    frames(app, 2)
    screenshot(app, "qa_draft_three_cards")
    assert not app.errors
