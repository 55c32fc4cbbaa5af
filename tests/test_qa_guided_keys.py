"""Found by playing in a real window (QA): in the guided Lucky Box game, when the guide says
"Press Spend", the Spend button is drawn over the square below the chosen one. The focus ring
went to that square (the smallest thing under the pointer), so Enter said "That square is
already crossed" and a keyboard player was stuck. The button must win.

Every event here is a posted key: no mouse event at all.
"""

from __future__ import annotations

import pygame

from game.luckybox.ui.scenes.roundend import RoundEndScene
from tests.keys_helpers import focus_key, key, show_ring
from tests.ui_helpers import frames


def test_enter_follows_the_guide_onto_spend_over_a_square(app):
    table = app.ctx.nav.make("luckybox.guided")
    app.ctx.settings.animation_speed = 8.0
    guide = app.ctx.stack.overlay
    assert guide is not None
    frames(app, 2)
    show_ring(app)
    spent = 0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, RoundEndScene) and table.state.round >= 3 or spent >= 2:
            break
        if top is table and table.animator.busy:
            key(app, pygame.K_SPACE)
            continue
        frames(app, 1)
        advice = guide.advice
        if advice is None or advice.target is None:
            continue
        if advice.kind == "spend" and top is table:
            assert focus_key(app) == ("button", "spend"), (
                f"the guide says Spend, the ring is on {focus_key(app)}"
            )
            before = table.state.players[table.focus].lightning
            key(app, pygame.K_RETURN)
            frames(app, 5)
            assert table.state.players[table.focus].lightning < before, "Enter spent Lightning"
            spent += 1
            continue
        key(app, pygame.K_RETURN)
    assert spent >= 1, "the guided game's Lightning step was reached and followed by Enter"
    assert not app.errors
