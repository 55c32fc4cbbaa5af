"""Lucky Box's table asks the rules why a click is refused (it keeps no rules of its own) and
says the rules' reason in the player's words: a square too far round the clock, a pass while an
open square shows the number."""

from __future__ import annotations

from typing import Any

from game.core.session import Seat
from game.luckybox.rules import Cross, Pass
from game.luckybox.ui.scenes.table import start_game
from tests.support import to_first_number


def _spy_on_check(monkeypatch: Any, state: Any) -> list[tuple[Any, Any]]:
    asked: list[tuple[Any, Any]] = []
    real = state.check

    def check(action: Any) -> Any:
        refusal = real(action)
        asked.append((action, refusal))
        return refusal

    monkeypatch.setattr(state, "check", check)
    return asked


def test_the_table_asks_the_rules_why_a_square_or_a_pass_is_refused(app, monkeypatch) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 13)
    to_first_number(app, table)
    state = table.state
    player = state.players[0]
    player.lightning = 0  # (spent, as far as this test goes) so only exact squares are open
    legal = state.legal_actions(0)
    far = next(
        (card, cell)
        for card, mask in zip(player.cards, player.masks, strict=True)
        for cell in range(9)
        if not mask >> cell & 1
        and not any(isinstance(a, Cross) and (a.card, a.cell) == (card, cell) for a in legal)
    )
    asked = _spy_on_check(monkeypatch, state)
    table.show(table.moves.click_square(*far))
    crosses = [(a, r) for a, r in asked if isinstance(a, Cross) and (a.card, a.cell) == far]
    assert crosses and crosses[-1][1].code == "not_enough_lightning"
    refusal = crosses[-1][1]
    assert table.message.endswith(
        f"It would take {refusal.args['spent']} Lightning and you have {refusal.args['have']}."
    ), table.message
    assert Pass(0) not in legal, "seed 13's first number shows on an open square"
    asked.clear()
    table.show(table.moves.do_pass())
    assert [a for a, _ in asked] == [Pass(0)] and asked[0][1].code == "cannot_pass"
    assert table.message == f"You have an open {state.number}: you must cross a square."


def test_a_clicks_effects_come_back_from_moves_and_the_table_shows_them(app) -> None:
    """`Moves` writes into no other part: a refused square's line and flash, and a Lightning
    square's choice, come back as `Effects`; the table shows them (`show`): the line, the
    refusal's mark, the red flash, Spend's cost and the marks worked out anew."""
    table = start_game(app.ctx, [Seat("Ann")], 13)
    to_first_number(app, table)
    kit, state = table.kit, table.state
    player = state.players[0]
    legal = state.legal_actions(0)
    open_squares = [
        (card, cell)
        for card, mask in zip(player.cards, player.masks, strict=True)
        for cell in range(9)
        if not mask >> cell & 1
    ]
    lightning = next(a for a in legal if isinstance(a, Cross) and a.lightning)
    player.lightning = 0  # (spent, as far as this part goes) only exact squares are open
    reachable = {(a.card, a.cell) for a in state.legal_actions(0) if isinstance(a, Cross)}
    far = next(sq for sq in open_squares if sq not in reachable)
    table.message = ""
    effects = table.moves.click_square(*far)
    assert effects.refusal and effects.flash == far and effects.message
    assert table.message == "" and kit.refused is None and not table.refusal, "nothing set yet"
    table.show(effects)
    assert table.message == effects.message and table.refusal
    assert kit.refused is not None and kit.refused[:2] == far, "the table flashes it"
    player.lightning = 9  # enough to reach any square: the Lightning square is offered
    effects = table.moves.click_square(lightning.card, lightning.cell)
    assert not effects.refusal and effects.selection.square is not None
    assert kit.selected_square == effects.selection.square, "the choice is Moves' own"
    before = kit.buttons["spend"].label
    table.show(effects)
    spend = abs(effects.selection.square.lightning)
    assert str(kit.buttons["spend"].label) == f"Spend {spend}" != str(before)
    assert table.message == effects.message and not table.refusal
