"""Lucky Box's help moments in the tour: tooltips (a bonus icon, a token pile, a button), the
scoring reference on the table, the round end in the middle of its scoring (cards flying into
their rows) and a solo game's end with its rating scale."""

from __future__ import annotations

from typing import Any

import pygame

from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules.actions import Action
from game.luckybox.rules.state import GameState
from game.luckybox.ui.scenes.gameend import GROW_TIME
from game.luckybox.ui.table.kit import kit_of
from game.tour import Step, Tour

HOLD = 40  # frames the mouse stays still on a thing: past the tooltip's half second


def _luckybox_table(tour: Tour) -> Any:
    """A fresh solo table at its first number (the draft kept by clicks)."""
    from game.core.session import Seat

    ctx = tour.ctx
    ctx.settings.pass_screen = False
    table = ctx.nav.make("luckybox.start_game", seats=[Seat("Alex")], seed=tour.seed)
    tour.no_autosave(table)

    def draft_or_wait() -> None:
        top = tour.top
        if tour.top_is("DraftScene"):
            for card in top.hand[: top.need]:
                tour.click(top.card_center(card))
            tour.click_widget("confirm", 2, top)
        elif top is table and table.animator.busy:
            tour.press(pygame.K_SPACE)

    tour.until(
        lambda: tour.top is table and table.human_turn(),
        3000,
        "the first number",
        each=draft_or_wait,
    )
    return table


def _luckybox_tips(tour: Tour) -> None:
    table = _luckybox_table(tour)
    kit = kit_of(table)
    seat = table.focus
    rect = kit.board.rects(seat)[0]
    tour.hover(kit.cards.icon_center(rect, "col", 2), HOLD)
    tour.shot("luckybox-tooltip-bonus")
    tour.hover(tour.ctx.layout.region("lightning_pile").center, HOLD)
    tour.shot("luckybox-tooltip-lightning")
    tour.hover(kit.buttons["hint"].rect.center, HOLD)
    tour.shot("luckybox-tooltip-button")
    tour.hover((640, 700), 2)
    tour.click(table.help.scoring.rect.center, 10)
    if not tour.top_is("ScoringScene"):
        from game.tour import TourError

        raise TourError("luckybox/tooltips: the Scoring button did not open the reference")
    tour.shot("luckybox-scoring-reference")
    tour.press(pygame.K_ESCAPE, 2)


def _luckybox_round_end(tour: Tour) -> None:
    """Two players' round 2 scored by the engine, then the table plays the scoring: shot while
    the completed cards fly into their rows."""
    from game.core.session import Seat, Session
    from game.luckybox.rules import events as ev
    from game.luckybox.ui.scenes.table import lucky_table

    session: Session[GameState, Action]
    session = Session([Seat("Alex"), Seat("Sam", "normal")], tour.seed, game=LUCKYBOX)
    bots = {i: session.game.bots.make_bot("normal", tour.seed, i) for i in range(2)}
    state = session.state
    while not state.is_terminal():
        seat = session.next_seat()
        if seat is not None:
            session.apply(bots[seat].choose(state, seat))
            continue
        session.feed.clear()  # the table shows what follows only
        if any(type(e) is ev.RoundScored and e.round == 2 for e in session.advance()):
            break
    table = lucky_table(tour.ctx, session)
    tour.no_autosave(table)
    tour.app.stack.clear_to(table)
    tour.until(lambda: tour.top_is("RoundEndScene"), 600, "the round end")
    scene = tour.top
    flying = scene.land_time(0) - scene.timing.card_fly * 0.4
    tour.until(lambda: scene.time >= flying, 600, "the cards' flight")
    tour.shot("luckybox-round-end-scoring")
    tour.press(pygame.K_SPACE, 2)  # skips to the end state
    tour.shot("luckybox-round-end-skipped")


def _luckybox_solo_end(tour: Tour) -> None:
    """A solo game's end (played by the normal computer's choices): the bars and the whole
    rating scale with the score placed on it."""
    from game.core.session import Seat, Session

    session: Session[GameState, Action] = Session([Seat("Alex")], tour.seed, game=LUCKYBOX)
    bot = session.game.bots.make_bot("normal", tour.seed, 0)
    state = session.state
    while not state.is_terminal():
        if session.next_seat() is None:
            session.advance()
        else:
            session.apply(bot.choose(state, 0))
    end = tour.ctx.nav.make("luckybox.game_end", session=session)
    tour.app.stack.clear_to(end)
    # The bars grow and the marker rises to the score: pictured once they rest, their totals
    # whole.
    tour.until(lambda: tour.top is end and end.time >= GROW_TIME, what="the bars at rest")
    tour.frames(2)
    tour.shot("luckybox-game-end-solo")


def steps() -> list[Step]:
    return [
        Step("tooltips", _luckybox_tips, after="play"),
        Step("round-end-scoring", _luckybox_round_end, after="tooltips"),
        Step("solo-game-end", _luckybox_solo_end, after="round-end-scoring"),
    ]
