"""The scoring scenes by posted events: the round end plays its scoring (cards fly, stars light,
totals count up) and can be skipped, showing the engine's own numbers; the game end's legend,
its legible bar numbers and the solo rating scale."""

from __future__ import annotations

import functools
import random
from typing import Any

import pygame
import pytest

from game.core.session import Seat, Session
from game.core.ui.table import Table
from game.luckybox.ai import make_bot
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import events as ev
from game.luckybox.rules.scoring import SOLO_RATINGS
from game.luckybox.ui.scenes.gameend import GROW_TIME
from game.luckybox.ui.scenes.roundend import NORMAL, REDUCED, RoundEndScene
from game.luckybox.ui.scenes.table import lucky_table
from tests.ui_helpers import click, frames, press, screenshot, seen, wait

SHOTS = "issue14/"


def play(session: Session, until_round: int | None = None) -> None:
    """Play with the normal computer player in every seat (in this process), to the end of
    `until_round` (the feed then holds only that scoring and what follows it) or of the game.

    A new session takes the steps the bots chose for the same seats, deal and end once per
    process (`bot_steps`: their choosing was most of the time, and many tests deal the same
    game), each applied as the bots' own were; a session already under way is played on by
    the bots themselves."""
    if session.state.actions:
        _play_with_bots(session, until_round)
        return
    seats = tuple((seat.name, seat.kind) for seat in session.seats)
    for step in bot_steps(seats, session.seed, until_round):
        if step is None:
            session.feed.clear()
            session.advance()
        else:
            assert session.next_seat() is not None
            assert session.apply(step).ok
    assert until_round or session.state.is_terminal()


@functools.cache
def bot_steps(
    seats: tuple[tuple[str, str], ...], seed: int, until_round: int | None
) -> tuple[Any, ...]:
    """The steps `play` takes on a new session of these seats and deal: each seat's action
    (frozen structs), or None for a chance step (the feed cleared before it)."""
    session = Session([Seat(name, kind) for name, kind in seats], seed, game=LUCKYBOX)
    steps: list[Any] = []
    _play_with_bots(session, until_round, steps)
    return tuple(steps)


def _play_with_bots(
    session: Session, until_round: int | None, steps: list[Any] | None = None
) -> None:
    """`play`'s game, each step chosen by a normal bot (and noted in `steps`)."""
    bots = {i: make_bot("normal", session.seed, i) for i in range(len(session.seats))}
    state = session.state
    while not state.is_terminal():
        seat = session.next_seat()
        if seat is not None:
            action = bots[seat].choose(state, seat)
            session.apply(action)
            if steps is not None:
                steps.append(action)
            continue
        session.feed.clear()
        events = session.advance()
        if steps is not None:
            steps.append(None)
        if until_round and any(
            type(e) is ev.RoundScored and e.round == until_round for e in events
        ):
            return


def engine_totals(session: Session, round_no: int) -> list[int]:
    """Card and star points of rounds 1..round_no, as the engine holds them."""
    return [
        sum(p.card_points[:round_no]) + sum(p.star_points[:round_no]) for p in session.state.players
    ]


def round_end(app, seats: int, seed: int = 11, round_no: int = 2) -> tuple[Table, RoundEndScene]:
    """A table whose feed ends with the round's scoring: the table opens the round end itself."""
    session = Session([Seat(f"Player {i + 1}") for i in range(seats)], seed, game=LUCKYBOX)
    play(session, until_round=round_no)
    table = lucky_table(app.ctx, session)
    app.stack.clear_to(table)
    for _ in range(600):
        wait(app)
        if isinstance(app.stack.top, RoundEndScene):
            seen(app)  # (its first frame, as the tests read it)
            return table, app.stack.top
    raise AssertionError("the table never opened the round end")


def test_round_end_plays_its_scoring_to_the_engines_totals(app) -> None:
    table, scene = round_end(app, 4)
    assert scene.round == 2 and scene.origin is not None  # cards fly from the table
    assert any(row.completed for row in scene.rows), "this deal completes cards in round 2"
    final = engine_totals(table.session, 2)
    before = engine_totals(table.session, 1)
    frames(app, 2)
    assert not scene.finished and scene.shown_totals() == before  # still counting
    # Half-way through the cards: some have landed, not every point is shown yet.
    while scene.time < scene.land_time(0) + 0.05:
        wait(app)
    assert any(scene.landed(row) > 0 for row in scene.rows)
    screenshot(app, SHOTS + "roundend_four_cards_flying_after")
    while not scene.finished:
        wait(app)
    frames(app, 1)
    assert scene.shown_totals() == final
    p = table.session.state.players
    assert [scene.shown_card_points(r) for r in scene.rows] == [x.card_points[1] for x in p]
    assert [scene.shown_star_points(r) for r in scene.rows] == [x.star_points[1] for x in p]
    assert [scene.lit(r) for r in scene.rows] == [min(3, x.stars[1]) for x in p]
    screenshot(app, SHOTS + "roundend_four_after")
    press(app, pygame.K_SPACE, 2)  # played out: Space goes on
    assert app.stack.top is not scene and scene.closed
    assert app.errors == []


def test_space_skips_to_the_end_state_and_a_second_press_goes_on(app) -> None:
    table, scene = round_end(app, 3)
    frames(app, 3)
    assert not scene.finished
    press(app, pygame.K_SPACE)
    assert scene.finished and scene.skipped and app.stack.top is scene
    assert scene.shown_totals() == engine_totals(table.session, 2)
    press(app, pygame.K_SPACE, 2)
    assert app.stack.top is not scene


def test_a_click_skips_and_continue_goes_on(app) -> None:
    table, scene = round_end(app, 2)
    frames(app, 2)
    click(app, (scene.panel.x + 40, scene.panel.y + 40))  # anywhere but the button
    assert scene.finished and app.stack.top is scene
    assert scene.shown_totals() == engine_totals(table.session, 2)
    click(app, scene.widget("continue").rect.center, 2)
    assert app.stack.top is not scene and not table.animator.held


def test_continue_works_at_once_too(app) -> None:
    _table, scene = round_end(app, 2)
    frames(app, 2)
    press(app, pygame.K_RETURN, 2)
    assert app.stack.top is not scene


def test_solo_round_end(app) -> None:
    table, scene = round_end(app, 1)
    assert len(scene.rows) == 1 and scene.rows[0].completed
    assert scene.panel.h < 500  # one row: a compact panel, the table around it
    while scene.time < scene.land_time(1) - 0.2:
        wait(app)
    screenshot(app, SHOTS + "roundend_solo_flying_after")
    while not scene.finished:
        wait(app)
    frames(app, 1)
    assert scene.shown_totals() == engine_totals(table.session, 2)
    screenshot(app, SHOTS + "roundend_solo_after")


def test_twelve_players_fit(app) -> None:
    table, scene = round_end(app, 12)
    press(app, pygame.K_SPACE)
    frames(app, 1)
    first_y, row_h, _ = scene.layout()
    assert first_y + 11.5 * row_h < scene.widget("continue").rect.top - 20
    assert scene.shown_totals() == engine_totals(table.session, 2)
    screenshot(app, SHOTS + "roundend_twelve_after")


def test_reduced_motion_is_calmer_and_shorter(app) -> None:
    app.ctx.settings.reduced_motion = True
    _table, scene = round_end(app, 4)
    assert scene.timing is REDUCED and not REDUCED.fly
    assert REDUCED.count < NORMAL.count and REDUCED.card_fly < NORMAL.card_fly
    calm = scene.end
    scene.timing = NORMAL
    assert calm < scene.end * 0.6  # the whole scoring plays in well under the usual time


def test_the_demo_goes_on_by_itself(app) -> None:
    table, scene = round_end(app, 2)
    scene.demo = True
    for _ in range(60 * 12):
        wait(app)
        if app.stack.top is not scene:
            break
    assert scene.closed


def test_rating_bands_cover_the_rulebook() -> None:
    floors = [floor for floor, _ in SOLO_RATINGS]
    assert floors[:-1] == [70, 65, 60, 55, 50, 45]


# --------------------------------------------------------------------------- the game end


def game_end(app, seats: int, seed: int = 5, level: str = "normal"):
    session = Session([Seat(f"Player {i + 1}", level) for i in range(seats)], seed, game=LUCKYBOX)
    play(session)
    scene = app.ctx.nav.make("luckybox.game_end", session=session)
    app.stack.clear_to(scene)
    frames(app, 90)  # the bars have grown
    return scene


def test_solo_legend_has_no_moon_penalty(app) -> None:
    # Random legal moves: few moons, so the solo table gives -2 or -6.
    session = Session([Seat("Solo")], 5, game=LUCKYBOX)
    rng = random.Random(2)
    while not session.state.is_terminal():
        seat = session.next_seat()
        if seat is None:
            session.advance()
        else:
            session.apply(rng.choice(session.state.legal_actions(seat)))
    assert session.state.players[0].moon_points < 0
    scene = app.ctx.nav.make("luckybox.game_end", session=session)
    app.stack.clear_to(scene)
    frames(app, 90)
    legend = scene.legend_keys()
    assert "penalty" not in legend and "moons" in legend
    # Only what applies: a category nobody scored in is left out.
    values = dict(zip(("cards", "stars", "incomplete"), scene.values()[0][:3], strict=True))
    assert [k for k in legend if k != "moons"] == [k for k, v in values.items() if v > 0]
    screenshot(app, SHOTS + "gameend_solo_after")


def test_two_players_never_show_a_penalty_and_four_do_when_someone_lost(app) -> None:
    scene = game_end(app, 2)
    assert "penalty" not in scene.legend_keys()
    scene = game_end(app, 4)
    lost = any(p.moon_points < 0 for p in scene.session.state.players)
    assert ("penalty" in scene.legend_keys()) == lost and lost
    screenshot(app, SHOTS + "gameend_four_after")


def test_bar_numbers_are_legible(app) -> None:
    scene = game_end(app, 4)
    drawn = scene.values_drawn
    assert drawn and min(size for _v, size in drawn) >= 24  # four rows: big numbers
    for row in scene.values():  # every player's card points is written in its bar
        assert (row[0], max(s for v, s in drawn if v == row[0])) in drawn
    # A narrow part without a number of its own tells it on hover.
    rect, key, value, seat = min(scene.parts_drawn, key=lambda part: part[0].w)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(round(rect.centerx), round(rect.centery)),
            rel=(0, 0),
            buttons=(0, 0, 0),
        )
    )
    frames(app, 40)
    tip = scene.tooltips.tip
    assert tip is not None and str(value) in tip.title
    assert scene.session.seats[seat].name in tip.title
    screenshot(app, SHOTS + "gameend_part_tooltip_after")
    from game.luckybox.ui.scenes.gameend import VALUE_MIN, value_size

    assert value_size((440 - 70) / 12 * 0.7) >= VALUE_MIN >= 18  # twelve rows too


def test_the_rating_scale_marks_the_right_band(app) -> None:
    scene = game_end(app, 1, level="hard")
    p = scene.session.state.players[0]
    lit = (255, 222, 40)
    for total, band in (
        (75, 0),
        (70, 0),
        (67, 1),
        (60, 2),
        (59, 3),
        (52, 4),
        (45, 5),
        (44, 6),
        (12, 6),
    ):
        p.incomplete += total - p.total
        assert p.total == total
        frames(app, 1)
        assert scene.marker_band() == band
        for i in range(len(SOLO_RATINGS)):
            row = scene.band_row(i)
            edge = app.screen.get_at((round(row.right + 6), round(row.centery)))[:3]
            assert (edge == lit) == (i == band), (total, i)
    p.incomplete += 58 - p.total
    frames(app, 1)
    screenshot(app, SHOTS + "gameend_solo_rating_after")


def test_a_solo_game_by_clicks_meets_four_round_ends_and_the_rating(app) -> None:
    """The real path: a solo game played by clicks; each round end opens by itself, is
    skipped with Space, shows the engine's totals and goes on with Space; the game end shows
    the rating scale with the engine's total on it."""
    from game.core.ui.screens.handoff import HandoffScene
    from game.luckybox.ui.scenes.draft import DraftScene
    from game.luckybox.ui.scenes.gameend import GameEndScene, rating_band
    from game.luckybox.ui.scenes.table import start_game
    from tests.support import take_turn
    from tests.ui_helpers import click_widget

    app.ctx.settings.animation_speed = 4.0
    table = start_game(app.ctx, [Seat("Ann")], 8)
    rng = random.Random(4)
    rounds: list[int] = []
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if isinstance(top, RoundEndScene):
            frames(app, 2)
            press(app, pygame.K_SPACE)
            assert top.finished
            assert top.shown_totals() == engine_totals(table.session, top.round)
            rounds.append(top.round)
            press(app, pygame.K_SPACE, 2)
        elif isinstance(top, HandoffScene):
            click_widget(app, top, "go", 2)
        elif isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click_widget(app, top, "confirm", 2)
        elif top is table and table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        elif top is table and table.human_turn():
            take_turn(app, table, rng, None)
        else:
            wait(app)
    end = app.stack.top
    assert isinstance(end, GameEndScene) and rounds == [1, 2, 3, 4]
    frames(app, 80)
    total = table.session.state.players[0].total
    assert end.marker_band() == rating_band(total) and "penalty" not in end.legend_keys()
    assert app.errors == []


@pytest.mark.every_frame_drawn  # which frames the app draws is the point
def test_the_still_game_end_shows_the_bars_grown_whole(app) -> None:
    """The frame in which the bars finish growing is drawn: once the screen rests it shows
    every total whole (it used to rest on the frame before, "65" beside a Mega Total of 66)."""
    session = Session([Seat("Alex", "normal")], 7, game=LUCKYBOX)
    play(session)
    scene = app.ctx.nav.make("luckybox.game_end", session=session)
    app.stack.clear_to(scene)
    drawn_at: list[float] = []
    draw = scene.draw

    def recorded(surface: pygame.Surface) -> None:
        drawn_at.append(scene.time)
        draw(surface)

    scene.draw = recorded
    frames(app, 120)
    assert not app.drew_last and not scene.needs_redraw()  # at rest: nothing more is drawn
    assert drawn_at and drawn_at[-1] >= GROW_TIME
    resting = pygame.image.tobytes(app.screen, "RGB")
    app.draw()  # the picture the scene gives now, drawn afresh
    assert pygame.image.tobytes(app.screen, "RGB") == resting
