"""Blanco's Replays and Statistics from the title (its own records, not Lucky Box's), watching
a Blanco game to its end, playing a kept deal again, and the Next gate after a human's turn
(Undo possible until Next; pass-and-play hands over only after it). All by posted events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Play
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.scenes.replay import ReplayScene
from game.blanco.ui.scenes.setup import SetupScene
from game.blanco.ui.table import geometry as geo
from game.blanco.ui.table.kit import BlancoKit
from game.core import storage
from game.core.session import VERSION, Seat, Session
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.replays import ReplaysScene
from game.core.ui.screens.stats import StatsScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from tests.support import kit_table, save_file
from tests.ui_helpers import click, click_widget, frames, press, screenshot, wait


def bot_game(names: list[str], kinds: list[str], seed: int) -> Session:
    """A whole Blanco game played by easy bots (every seat), as a session."""
    session = Session([Seat(n, k) for n, k in zip(names, kinds, strict=True)], seed, game=BLANCO)
    bots = {i: BLANCO.bots.make_bot("easy", seed, i) for i in range(len(names))}
    state = session.state
    while not state.is_terminal():
        seat = state.waiting_for()[0]
        assert session.apply(bots[seat].choose(state.view_for(seat), seat)).ok
    return session


def keep(data_dir: Path, session: Session, finished_at: str = "") -> Path:
    """File the game as the table does (the keeper's record), into Blanco's folder."""
    extra = storage.finished_extra(
        session.state, [s.kind for s in session.seats], VERSION, game=session.game
    )
    if finished_at:
        extra["finished_at"] = finished_at
    path, warning = storage.keep_record(
        storage.game_folder(data_dir, "blanco"), session.record(extra)
    )
    assert warning is None
    return path


def blanco_title(app: Any) -> TitleScene:
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, TitleScene)
    click_widget(app, top, "game_blanco", 2)
    assert top.game == "blanco"
    return top


def open_replays(app: Any) -> ReplaysScene:
    click_widget(app, blanco_title(app), "replays", 2)
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene) and scene.game == "blanco"
    return scene


# ---------------------------------------------------------------- replays


def test_blanco_replays_list_its_own_records(app, data_dir) -> None:
    solo = keep(data_dir, bot_game(["Ann"], ["human"], 3), "2026-11-01T10:00:00")
    duo = keep(data_dir, bot_game(["Ann", "Bot"], ["human", "easy"], 4), "2026-11-02T10:00:00")
    scene = open_replays(app)
    shown = scene.shown()
    assert [info.path for info in shown] == [duo, solo]  # newest first
    assert all(info.game == "blanco" and info.finished for info in shown)
    assert shown[1].turns and shown[1].totals == [0]  # solo: its turns; the grid emptied
    assert len(shown[0].winners) == 1
    frames(app, 1)
    screenshot(app, "blanco_replays_list")
    # Lucky Box's list is its own: empty here.
    press(app, pygame.K_ESCAPE, 2)
    top = app.stack.top
    assert isinstance(top, TitleScene)
    click_widget(app, top, "game_luckybox", 2)
    click_widget(app, top, "replays", 2)
    assert isinstance(app.stack.top, ReplaysScene) and app.stack.top.shown() == []


def test_watching_a_blanco_replay_to_the_end(app, data_dir) -> None:
    session = bot_game(["Ann", "Bot"], ["human", "easy"], 4)
    keep(data_dir, session)
    app.ctx.settings.animation_speed = 4.0
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    click(app, replay.buttons["speed"].rect.center)
    click(app, replay.buttons["speed"].rect.center)
    assert replay.speed == 4.0
    frames(app, 90)
    screenshot(app, "blanco_replay_playing")
    assert "step" in replay.table.kit.turn_line()
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if top is replay and replay.animator.busy:
            click(app, (640, 300))  # a click skips the step, as at the table
        else:
            wait(app)
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    assert end.session.state.key()[3:] == session.state.key()[3:], "the replay is the game"
    assert end.session.state.actions == session.state.actions
    folder = storage.game_folder(data_dir, "blanco")
    assert not save_file(folder).exists(), "watching saves nothing"
    assert len(list((folder / storage.RECORDS).glob("*.json"))) == 1
    assert end.widget("again").label == "Watch again"
    screenshot(app, "blanco_replay_end")
    click_widget(app, end, "title", 2)  # "Back"
    assert isinstance(app.stack.top, ReplaysScene)
    assert app.errors == []


def test_pause_and_step_in_a_blanco_replay(app, data_dir) -> None:
    keep(data_dir, bot_game(["Ann"], ["human"], 3))
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    press(app, pygame.K_SPACE)  # pause
    assert replay.paused
    done = len(replay.state.actions)
    frames(app, 200)
    assert len(replay.state.actions) == done, "paused: nothing moves"
    press(app, pygame.K_RIGHT)  # one more step
    wait(app, 400)
    assert len(replay.state.actions) == done + 1
    assert replay.paused


def test_same_deal_starts_the_same_deal(app, data_dir) -> None:
    kept = bot_game(["Ann"], ["human"], 5)
    keep(data_dir, kept)
    scene = open_replays(app)
    click_widget(app, scene, "deal_0", 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.same_deal is not None
    assert setup.seats == 1 and not setup.widget("seed").visible
    frames(app, 1)
    screenshot(app, "blanco_same_deal_setup")
    click_widget(app, setup, "start", 2)
    table = app.stack.top
    assert kit_table(table, BlancoKit)
    state = table.state
    assert state.seed == kept.state.seed and state.deck == kept.state.deck
    assert [p.grid for p in state.players] == [
        BLANCO.rules.new_game(["Ann"], kept.state.seed)[0].players[0].grid
    ]
    assert table.session.challenge["totals"] == [kept.state.players[0].turns]
    # The same steps give the same game: the deal is the kept one, card for card.
    for action in kept.state.actions[:10]:
        assert table.session.apply(action).ok
    assert state.key()[3:] == _replayed(kept, 10).key()[3:]


def _replayed(session: Session, steps: int) -> Any:
    state, _ = BLANCO.rules.new_game(list(session.state.names), session.state.seed)
    for action in session.state.actions[:steps]:
        assert state.apply(action).ok
    return state


# ---------------------------------------------------------------- statistics


def test_blanco_statistics_from_recorded_games(app, data_dir) -> None:
    solos = [bot_game(["Ann"], ["human"], seed) for seed in (3, 5, 7)]
    for day, session in enumerate(solos, 1):
        keep(data_dir, session, f"2026-11-0{day}T10:00:00")
    duos = [bot_game(["Ann", "Bob"], ["human", "human"], seed) for seed in (11, 12, 13, 14)]
    for day, session in enumerate(duos, 4):
        keep(data_dir, session, f"2026-11-0{day}T10:00:00")
    click_widget(app, blanco_title(app), "stats", 2)
    scene = app.stack.top
    assert isinstance(scene, StatsScene) and scene.game == "blanco"
    turns = sorted(s.state.players[0].turns for s in solos)
    # Best solo turns: the fewest first, with the player's name.
    assert [int(row[1]) for row in scene.score_rows] == turns
    assert all(row[4] == "Ann" for row in scene.score_rows)
    assert scene.stats.solo.best == turns[0]
    assert len(scene.points) == 3  # the chart: one point per solo game, in time order
    order = [s.state.players[0].turns for s in solos]
    assert scene.stats.solo.series == [
        (f"2026-11-0{d}T10:00:00", n) for d, n in enumerate(order, 1)
    ]
    # Wins per name.
    wins = {"Ann": 0, "Bob": 0}
    for session in duos:
        wins[session.seats[session.state.winner].name] += 1
    assert {row[0]: int(row[1]) for row in scene.win_rows} == wins
    assert all(row[2] == "4" for row in scene.win_rows)
    frames(app, 60)
    screenshot(app, "blanco_stats")
    press(app, pygame.K_ESCAPE, 2)
    assert isinstance(app.stack.top, TitleScene)


# ---------------------------------------------------------------- the Next gate


def _settle(app: Any, table: Table) -> None:
    for _ in range(3000):
        if table.human_turn() or table.turns.confirming is not None and not table.animator.busy:
            return
        if app.stack.top is not table:
            top = app.stack.top
            if isinstance(top, HandoffScene):
                click_widget(app, top, "go", 2)
                continue
        if table.animator.busy:
            press(app, pygame.K_SPACE)
        else:
            wait(app)
    raise AssertionError("the table never settled")


def _setup_turn(app: Any, table: Table) -> None:
    """Set-up by clicks: turn up one card, look at another."""
    click(app, table.kit.grid.rects()[(0, 0)].center)
    click(app, table.kit.grid.rects()[(1, 1)].center)


def _quiet_turn(app: Any, table: Table) -> Play:
    """Draw the discard pile's top and play it onto the face-up (0, 0): a turn that shows
    nothing new, so it may be taken back."""
    seat = table.focus
    click(app, geo.DISCARD_PILE.center)
    _settle(app, table)
    assert table.state.phase == "play"
    card = table.state.players[seat].hand[-1]
    click(app, table.kit.hand.rects()[len(table.state.hand(seat)) - 1].center)
    click(app, table.kit.grid.rects()[(0, 0)].center)
    return Play(seat, card, (0, 0))


def test_next_gate_holds_and_undo_works_before_next(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=21)
    _settle(app, table)
    _setup_turn(app, table)
    _settle(app, table)
    assert table.turns.confirming == 0  # the set-up waits for Next too (the bot's is next)
    assert table.kit.undo_refusal() is not None  # a look showed a card: it stands
    press(app, pygame.K_RETURN)
    _settle(app, table)
    assert table.state.phase == "turn" and table.focus == 0
    before = table.state.key()
    play = _quiet_turn(app, table)
    _settle(app, table)
    assert table.state.phase == "turn"  # (this deal's play completes no line)
    # The turn is done: the game waits for Next; the bot does not move.
    assert table.turns.confirming == 0 and table.state.waiting_for() == [1]
    assert table.controls.shown("next")
    steps = len(table.state.actions)
    frames(app, 120)
    assert len(table.state.actions) == steps, "the game waits for Next"
    assert "Next" in table.kit.turn_line()
    frames(app, 1)
    screenshot(app, "blanco_next_gate")
    # A click on the table is refused with the reason.
    click(app, geo.DRAW_PILE.center)
    assert table.refusal and "Next" in table.message
    # Undo takes the play back, then the draw: the turn as it started.
    click(app, table.controls.buttons["undo"].rect.center)
    _settle(app, table)
    assert table.turns.confirming is None and table.state.phase == "play"
    assert play not in table.state.actions[-1:]
    click(app, table.controls.buttons["undo"].rect.center)
    _settle(app, table)
    assert table.state.key() == before, table.message
    # Play it again and press Next (Enter): now the bot plays on.
    _quiet_turn(app, table)
    _settle(app, table)
    assert table.turns.confirming == 0
    press(app, pygame.K_RETURN)
    assert table.turns.confirming is None
    for _ in range(600):
        wait(app)
        if table.state.waiting_for() == [0]:
            break
    assert table.state.waiting_for() == [0], "after Next the computer took its turn"
    # Past Next the turn stands.
    _settle(app, table)
    click(app, table.controls.buttons["undo"].rect.center)
    assert "Can't undo" in table.message
    assert app.errors == []


def test_pass_and_play_hands_over_only_after_next(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bob")], seed=21)
    _settle(app, table)  # Ann takes the screen
    _setup_turn(app, table)
    _settle(app, table)
    assert table.turns.confirming == 0, "Ann's set-up waits for her Next"
    frames(app, 60)
    assert app.stack.top is table, "no pass screen before Next"
    assert table.kit.viewer == 0  # still Ann's cards on screen
    click(app, table.controls.buttons["next"].rect.center)
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, HandoffScene) and top.name == "Bob"
    assert table.kit.viewer is None


def test_continue_at_the_next_gate_still_waits_and_undoes(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=21)
    _settle(app, table)
    _setup_turn(app, table)
    _settle(app, table)
    press(app, pygame.K_RETURN)  # Next after the set-up
    _settle(app, table)
    _quiet_turn(app, table)
    _settle(app, table)
    assert table.state.phase == "turn"  # (this deal's play completes no line)
    assert table.turns.confirming == 0
    key = table.state.key()
    frames(app, 2)  # the autosave
    app.stack.clear()  # the window closes at the gate
    title = blanco_title(app)
    click_widget(app, title, "continue", 2)
    resumed = app.stack.top
    assert kit_table(resumed, BlancoKit) and resumed is not table
    _settle(app, resumed)
    assert resumed.state.key() == key
    assert resumed.turns.confirming == 0, "still waiting for Ann's Next"
    frames(app, 60)
    assert resumed.state.key() == key, "the bot waits too"
    click(app, resumed.controls.buttons["undo"].rect.center)
    _settle(app, resumed)
    assert resumed.state.phase == "play" and resumed.turns.confirming is None


def test_a_blanco_record_opened_from_elsewhere_plays_as_blanco(app, data_dir, tmp_path) -> None:
    session = bot_game(["Ann"], ["human"], 3)
    path = tmp_path / "friend.json"
    path.write_text(
        json.dumps(
            session.record(storage.finished_extra(session.state, ["human"], VERSION, game=BLANCO))
        )
    )
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    click_widget(app, app.stack.top, "replays", 2)  # Lucky Box's list
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene) and scene.game == "luckybox"
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    frames(app, 1)
    assert scene.opened is not None and scene.opened.game == "blanco"
    click_widget(app, scene, "watch_0", 2)
    assert isinstance(app.stack.top, ReplayScene)  # Blanco's replay, by the record's game
