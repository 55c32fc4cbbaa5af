"""The title opens on the tab of the game last sat down to: after a Blanco table (local or
online: both are the game's table scene) the title shows Blanco, whether it is made anew (Quit
to the title) or shown again under the scenes that close (an online game's way back)."""

from __future__ import annotations

from game.blanco.entry import BLANCO
from game.blanco.ui.scenes.table import blanco_table
from game.core.session import Seat, Session
from game.core.ui.screens.title import TitleScene
from tests.ui_helpers import frames


def test_a_title_shown_again_after_a_blanco_table_opens_on_blanco(app) -> None:
    title = app.ctx.nav.make("title")
    app.stack.clear_to(title)
    frames(app, 3)
    assert title.game == "luckybox"
    session = Session([Seat("Ann"), Seat("Bot", "hard")], 7, game=BLANCO)
    table = blanco_table(app.ctx, session)
    app.stack.push(table)  # over the title, as an online table sits over Play online's menus
    frames(app, 3)
    app.stack.pop()  # the way back an online game's end takes: the scenes over the title close
    frames(app, 2)
    assert app.stack.top is title
    assert title.game == "blanco", "the tab of the game just played"
    assert title.saved is not None, "and its Continue line"
    fresh = app.ctx.nav.make("title")
    assert isinstance(fresh, TitleScene) and fresh.game == "blanco"


def test_a_watched_demo_does_not_move_the_title(app) -> None:
    title = app.ctx.nav.make("title")
    app.stack.clear_to(title)
    frames(app, 3)
    seats = [Seat("A", "easy"), Seat("B", "easy")]
    app.stack.push(blanco_table(app.ctx, Session(seats, 7, game=BLANCO), demo=True))
    frames(app, 3)
    assert app.ctx.nav.make("title").game == "luckybox"
