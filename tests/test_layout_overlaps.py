"""Issue 22, item 10: what is drawn does not cover what it points at or sits under."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Seat
from tests.ui_helpers import frames, screenshot


def test_a_chosen_hand_card_rises_ringed_without_covering_your_hand(
    app: Any, monkeypatch: Any
) -> None:
    """The raised hand card covered the "Your hand" label (Large text too). It is ringed as a
    chosen grid card is, and the ring covers nothing either."""
    from game.blanco.ui.table import parts

    rings: list[pygame.FRect] = []
    real_rect = parts.gfx.rect

    def recording(surface: Any, colour: Any, rect: Any, *args: Any, **kwargs: Any) -> Any:
        if tuple(colour) == parts.CHOSEN:
            rings.append(pygame.FRect(rect))
        return real_rect(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(parts.gfx, "rect", recording)
    app.ctx.settings.text_size = "large"
    app.ctx.text.set_scale(1.15)
    app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=5)
    table = app.stack.scenes[0]
    frames(app, 30, dt=0.2)
    hand = table.seen.players[table.focus].hand
    for card in hand:  # each card in turn, as a click on it chooses it
        table.moves.hand_card = card
        rings.clear()
        app.redraw()
        frames(app, 1)
        label = pygame.Rect(table.kit.hand.label_rect)
        lifted = [r for r in table.kit.hand.card_rects if r.y < table.kit.hand.rects()[0].y]
        assert len(lifted) == 1
        assert not label.colliderect(lifted[0]), (label, lifted[0])
        assert parts.chosen_ring(lifted[0]) in rings  # ringed where it stands, raised
        assert not label.colliderect(parts.chosen_ring(lifted[0]))
    screenshot(app, "blanco_hand_card_chosen_large_text")
    assert not app.errors
