"""Layout faults found by playing in a real window (QA), each checked where a test can tell.

- Lucky Box's draft of 1 of 3 cards: the three cards are tall, and the third one ran under the
  Hint button (its LUCKY BOX strip hidden, the button drawn over the card).
"""

from __future__ import annotations

from game.core.session import Seat
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.table import start_game
from tests.ui_helpers import frames, frames_computers_answered, screenshot, wait


def _first_draft(app) -> DraftScene:
    start_game(app.ctx, [Seat("Ann", "human")], 7)
    for _ in range(300):
        if isinstance(app.stack.top, DraftScene):
            return app.stack.top
        wait(app)
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


def test_blanco_wait_message_goes_when_the_players_turn_comes(app):
    """A click during the computer's turn says "Wait: it is Bot's turn." in red; it stayed
    there once the turn came back, under a header saying "Ann to play"."""
    from game.blanco.ui.scenes.table import start_game as start_blanco

    table = start_blanco(app.ctx, [Seat("Ann", "human"), Seat("Bot", "easy")], 3)
    app.ctx.settings.animation_speed = 8.0
    waited = False
    for _ in range(6000):
        frames_computers_answered(app)
        moves = table.moves
        if table.human_turn():
            if waited:
                break
            # Ann's move: the hint's, by the same calls a click makes
            legal = table.state.legal_actions(table.focus)
            moves.apply(moves.hint or legal[0])
            if table.turns.confirming is not None:
                table.confirm_turn()
        elif (
            not waited
            and table.acting is not None
            and table.session.seats[table.acting].is_computer
            and not table.animator.busy
            and table.turns.confirming is None
        ):
            table.show(moves._not_now(None))  # what a click on the table does now
            assert "Wait" in table.message and table.refusal
            waited = True
    assert waited and table.human_turn(), "the computer's turn came and went"
    frames(app, 2)
    assert "Wait" not in table.message, "Ann is to play: no 'wait' left on screen"
    assert not app.errors


def test_blanco_a_click_while_the_last_turn_plays_skips_it_and_spoils_nothing(app):
    """A click while the game's last turn was still being shown said "The game is over."
    before the table had shown how; it skips the animation, as any click during one."""
    from game.blanco.ui.scenes.table import start_game as start_blanco

    table = start_blanco(app.ctx, [Seat("Ann", "human"), Seat("Bot", "easy")], 3)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(20000):
        frames_computers_answered(app)
        if app.stack.top is not table:
            break
        if table.state.is_terminal() and table.animator.busy:
            table.show(table.moves._not_now(None))  # what a click on the table does now
            assert "over" not in table.message, table.message
            break
        if table.human_turn():
            legal = table.state.legal_actions(table.focus)
            table.moves.apply(legal[0])
        if table.turns.confirming is not None and not table.animator.busy:
            table.confirm_turn()
    assert table.state.is_terminal(), "the game reached its end"
    assert not app.errors


def test_blanco_game_end_panel_is_as_tall_as_its_rows(app):
    """Two players' results sat at the top of a box made for five, the rest of it empty."""
    from game.blanco.ui.scenes.gameend import PANEL, GameEndScene
    from game.blanco.ui.scenes.table import start_game as start_blanco

    table = start_blanco(app.ctx, [Seat("Ann", "human"), Seat("Bot", "easy")], 3)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(20000):
        frames_computers_answered(app)
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if table.human_turn():
            table.moves.apply(table.state.legal_actions(table.focus)[0])
        if table.turns.confirming is not None and not table.animator.busy:
            table.confirm_turn()
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    panel = end.panel()
    last_row = PANEL.y + 96 + 60  # the second row's centre
    assert last_row + 20 < panel.bottom < PANEL.bottom - 100, panel
    assert panel.bottom < end.widget("again").rect.top
    frames(app, 2)
    screenshot(app, "qa_blanco_end_two_players")
    assert not app.errors


def test_the_focused_buttons_tip_stays_off_the_other_buttons(app):
    """Resting the keyboard focus on the title's New game put its tip right over Replays and
    Statistics (and in the pause menu over How to play's label): it goes beside it now."""
    import pygame

    from game.core.ui.screens.title import TitleScene
    from tests.keys_helpers import key, walk_to

    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 30)
    scene = app.stack.top
    key(app, pygame.K_TAB)
    walk_to(app, "new_game")
    frames(app, 60)
    tip_layer = app.ring._tip
    assert tip_layer is not None and tip_layer.tip is not None
    box, _ = tip_layer.box(tip_layer.tip, app.ctx.text)
    for name, widget in scene.widgets.items():
        if widget.visible:
            assert not box.colliderect(widget.rect), f"the tip covers {name}"
    screenshot(app, "qa_focus_tip_beside")
    assert not app.errors
