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
