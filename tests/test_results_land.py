"""Issue 66 item 4 and issue 67: the results are not thrown away by an Enter meant for the screen
before them. At "End of round 4" Enter continues; a second Enter on the results leaves nothing
(the moment lands first), and once it has, the first Enter only shows where the keyboard's
focus is (on "Play again", the page's main action: issue 74 item 5, an Enter never leaves the
game by accident); leaving takes Esc or the ring moved to Title. Blanco's end the same. Real
scenes, real key events."""

from __future__ import annotations

import random

import pygame
import pytest

from game import catalog
from game.core.session import Seat, Session
from game.core.ui.screens.gameend import LAND, GameEndScreen
from game.core.ui.screens.title import TitleScene
from game.luckybox.ui.scenes.roundend import RoundEndScene
from tests.test_scoring_scenes import round_end
from tests.ui_helpers import frames, press

DT = 1 / 60


def finished(game_id: str) -> Session:
    game = next(g for g in catalog.games() if g.id == game_id)
    session = Session([Seat("Ann"), Seat("Bo", "easy")], 5, game=game)
    rng = random.Random(1)
    while not session.state.is_terminal():
        seat = session.next_seat()
        if seat is None:
            session.advance()
        else:
            session.apply(rng.choice(session.state.legal_actions(seat)))
    return session


def test_two_enters_at_the_end_of_round_4_keep_the_results(app) -> None:
    _table, scene = round_end(app, 2, round_no=4)
    assert isinstance(scene, RoundEndScene) and scene.round == 4
    frames(app, 400)  # its scoring has played out
    press(app, pygame.K_RETURN, 2)  # Enter continues: the results
    for _ in range(300):
        if isinstance(app.stack.top, GameEndScreen):
            break
        frames(app, 1)
    end = app.stack.top
    assert isinstance(end, GameEndScreen), type(end)
    press(app, pygame.K_RETURN, 2)  # the second Enter, out of habit
    press(app, pygame.K_KP_ENTER, 2)
    press(app, pygame.K_SPACE, 2)
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.top is end, "a key before the moment landed left the results"
    assert not app.ring.visible, "the keys neither acted nor showed the focus"
    assert not app.errors


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_after_the_moment_the_first_enter_shows_the_focus_on_play_again(app, game_id) -> None:
    end = app.ctx.nav.make(f"{game_id}.game_end", session=finished(game_id))
    app.stack.clear_to(end)
    frames(app, 3)
    press(app, pygame.K_RETURN, 2)
    assert app.stack.top is end and not app.ring.visible
    frames(app, round(LAND / DT) + 5)  # the moment has landed
    assert end.landed
    press(app, pygame.K_RETURN, 2)
    assert app.stack.top is end, "one Enter left the results"
    assert app.ring.visible and app.ring.current_key(end) == "again"
    press(app, pygame.K_RETURN, 3)  # meant: a new deal, never the title
    assert not isinstance(app.stack.top, (TitleScene, GameEndScreen)), type(app.stack.top)
    assert not any(isinstance(s, TitleScene) for s in app.stack.scenes)
    end = app.ctx.nav.make(f"{game_id}.game_end", session=finished(game_id))
    app.stack.clear_to(end)
    frames(app, round(LAND / DT) + 5)
    assert app.ring.visible and app.ring.current_key(end) == "again"  # (still on the keys)
    press(app, pygame.K_TAB, 2)  # moved to Title on purpose
    assert app.ring.current_key(end) == "title"
    press(app, pygame.K_RETURN, 3)
    assert isinstance(app.stack.top, TitleScene)
    assert not app.errors


def test_esc_leaves_once_the_moment_has_landed_and_a_click_at_once(app) -> None:
    end = app.ctx.nav.make("blanco.game_end", session=finished("blanco"))
    app.stack.clear_to(end)
    frames(app, round(LAND / DT) + 5)
    press(app, pygame.K_ESCAPE, 3)
    assert isinstance(app.stack.top, TitleScene)
    end = app.ctx.nav.make("blanco.game_end", session=finished("blanco"))
    app.stack.clear_to(end)
    frames(app, 2)
    from tests.ui_helpers import click_widget

    click_widget(app, end, "title", 3)  # a click is meant: it acts before the moment lands
    assert isinstance(app.stack.top, TitleScene)
