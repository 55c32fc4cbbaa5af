"""The core table built by composition (game/core/ui/table, issue 63): a part's click returns
its effects and the table shows them (no part writes into another), the session's policy says
whether the table keeps an autosave, and a game hands its table as a kit through its UI
descriptor."""

from __future__ import annotations

import dataclasses
from typing import Any

from game.blanco.entry import BLANCO
from game.blanco.ui.scenes.table import blanco_table
from game.blanco.ui.table.kit import BlancoKit
from game.core.session import Seat, Session
from game.core.table_session import LOCAL
from game.core.ui.table import Effects, Table
from tests.test_blanco_ui import settle
from tests.ui_helpers import click, frames


def test_a_refused_click_returns_its_effects_which_the_table_shows(app: Any) -> None:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=3)
    assert isinstance(table, Table) and isinstance(table.kit, BlancoKit)
    settle(app, table)
    assert table.state.phase == "setup" and table.message == ""
    moves = table.kit.moves
    # The draw pile during the set-up: refused. The click's effects come back to the caller;
    # nothing on the table changed yet (no line, no flash).
    effects = moves.click_pile("pile")
    assert isinstance(effects, Effects) and effects.refusal and effects.flash == ("pile",)
    assert effects.message and table.message == "" and moves.flash is None
    # Shown by the table: its line (marked a refusal's) and the kit's flash on the pile.
    table.show(effects)
    assert table.message == effects.message and table.refusal
    assert moves.flash is not None and moves.flash[0] == ("pile",)
    # The same refusal by a real click on the pile: the part hands the effects to the table.
    table.clear_message()
    moves.flash = None
    click(app, table.kit.geometry.draw_pile.center)
    assert table.message == effects.message and table.refusal and moves.flash is not None
    # A step the rules take goes to the table through the port: the line clears.
    setup = table.state.legal_actions(0)[0]
    assert moves.apply(setup) and table.message == "" and not table.refusal
    assert table.state.actions[-1] == setup


def test_the_sessions_policy_says_whether_the_table_keeps_an_autosave(app: Any) -> None:
    elsewhere = Session([Seat("Ann")], 5, game=BLANCO)
    elsewhere.policy = dataclasses.replace(LOCAL, autosave=False)  # kept by someone else
    table = blanco_table(app.ctx, elsewhere)
    app.stack.clear_to(table)
    frames(app, 3)
    assert not table.saving and not table.kept
    assert not list(app.ctx.game_dir("blanco").rglob("*.json")), "nothing written"
    kept = Session([Seat("Ann")], 5, game=BLANCO)
    assert kept.policy is LOCAL
    table = blanco_table(app.ctx, kept)
    app.stack.clear_to(table)
    frames(app, 3)
    assert table.saving and table.kept
    assert list(app.ctx.game_dir("blanco").rglob("*.json")), "its autosave written"


def test_a_game_hands_its_table_through_its_descriptor(app: Any) -> None:
    """The app builds a table from the descriptor's kit alone (as the online table does)."""
    make_kit = app.ctx.game_ui("blanco").table_kit
    table = Table(app.ctx, Session([Seat("Ann"), Seat("Bo", "easy")], 7, game=BLANCO), make_kit)
    app.stack.clear_to(table)
    frames(app, 3)
    assert isinstance(table.kit, BlancoKit) and table.kit.port is table
    assert table.state is table.session.state  # read anew at every use, never a copy
