"""Replays (watch a kept game with pause, step and speed), playing a record's deal with the
comparison at the end, opening record files from elsewhere, and the title's Statistics."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pygame

from game.core import storage
from game.core.session import VERSION
from game.core.ui.screens.replays import ReplaysScene
from game.core.ui.screens.stats import StatsScene
from game.core.ui.screens.title import TitleScene
from game.luckybox.ai import make_bot
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import GameState
from game.luckybox.rules.record import state_to_record
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.replay import ReplayScene
from game.luckybox.ui.scenes.setup import SetupScene
from game.luckybox.ui.scenes.table import is_lucky_box_table
from tests.rules_helpers import act, snapshot
from tests.support import lb, save_file, title
from tests.ui_helpers import (
    click,
    click_widget,
    frames,
    press,
    screenshot,
    tap_key,
    texts_drawn,
    wait,
)


def bot_game(names: list[str], seed: int, level: str = "normal") -> GameState:
    state, _ = GameState.new(names, seed)
    bots = [make_bot(level, seed, i) for i in range(len(names))]
    while not state.is_terminal():
        seat = state.waiting_for()[0]
        assert act(state, bots[seat].choose(state, seat)).ok
    return state


def keep(data_dir: Path, state: GameState, kinds: list[str]) -> Path:
    record = state_to_record(state, storage.finished_extra(state, kinds, VERSION, game=LUCKYBOX))
    path, warning = storage.keep_record(lb(data_dir), record)
    assert warning is None
    return path


def open_replays(app) -> ReplaysScene:
    top = title(app)
    click_widget(app, top, "replays", 2)
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene)
    return scene


def test_replays_lists_kept_games_newest_first_and_says_which_files_are_bad(app, data_dir):
    first = keep(data_dir, bot_game(["Ann"], 1), ["human"])
    second = keep(data_dir, bot_game(["Ann", "Bo", "Cy"], 2), ["human", "easy", "hard"])
    (lb(data_dir) / storage.RECORDS / "broken.json").write_text("{ not json")
    scene = open_replays(app)
    paths = [info.path for info in scene.shown()]
    assert set(paths) == {first, second}
    assert scene._problems_line().startswith("Could not read broken.json: not valid JSON")
    # Set aside byte for byte (reported once, not on every visit), never rewritten.
    assert not (lb(data_dir) / storage.RECORDS / "broken.json").exists()
    [aside] = (lb(data_dir) / storage.RECORDS).glob("broken.json.bad-*")
    assert aside.read_text() == "{ not json"
    screenshot(app, "replays_list")
    press(app, pygame.K_ESCAPE, 2)
    assert isinstance(app.stack.top, TitleScene)


def test_replays_empty_state(app):
    scene = open_replays(app)
    assert scene.shown() == [] and not scene.widgets["watch_0"].visible
    screenshot(app, "replays_empty")


def test_watching_a_replay_plays_the_record_to_its_scores(app, data_dir):
    state = bot_game(["Ann", "Bo"], 8)
    keep(data_dir, state, ["normal", "hard"])
    app.ctx.settings.animation_speed = 4.0  # (the Settings screen's fastest; times the replay's)
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    click(app, replay.buttons["speed"].rect.center)
    click(app, replay.buttons["speed"].rect.center)
    assert replay.speed == 4.0
    frames(app, 120)
    screenshot(app, "replay_playing")
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if top is replay and replay.animator.busy:
            click(app, (640, 360))  # a click skips the step, as at the table
        else:
            wait(app)
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    assert snapshot(end.session.state) == snapshot(state), "the replay is the game"
    assert not save_file(lb(data_dir)).exists(), "watching saves nothing"
    assert len(list((lb(data_dir) / storage.RECORDS).glob("*.json"))) == 1
    screenshot(app, "replay_end")
    click_widget(app, end, "title", 2)  # "Back"
    assert isinstance(app.stack.top, ReplaysScene)
    assert app.errors == []


def test_pause_freezes_and_step_plays_exactly_one_more_move(app, data_dir):
    keep(data_dir, bot_game(["Ann"], 3), ["human"])
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    frames(app, 200)
    press(app, pygame.K_SPACE)  # pause
    assert replay.paused and replay.buttons["play"].label == "Play"
    moves = len(replay.state.actions)
    frames(app, 120)  # 2 s: longer than any step (0.9 s at most) and the pause before a move
    assert len(replay.state.actions) == moves, "paused: nothing moves"
    for _ in range(3):
        before = (len(replay.state.actions), replay.state.index)
        click(app, replay.buttons["step"].rect.center)
        for _ in range(600):
            if not replay.stepping:
                break
            wait(app)
        after = (len(replay.state.actions), replay.state.index)
        assert after != before and after[0] - before[0] <= 1, "one move (or one reveal)"
        frames(app, 60)
        assert (len(replay.state.actions), replay.state.index) == after
    press(app, pygame.K_SPACE)
    assert not replay.paused
    press(app, pygame.K_MINUS)
    assert replay.speed == 0.5
    screenshot(app, "replay_paused")


def test_playing_a_records_deal_compares_scores_at_the_end(app, data_dir):
    theirs = bot_game(["Zed"], 99)
    keep(data_dir, theirs, ["human"])
    scene = open_replays(app)
    click_widget(app, scene, "deal_0", 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.same_deal is not None
    assert not setup.widgets["seat_plus"].visible and not setup.widgets["seed"].visible
    screenshot(app, "setup_same_deal")
    click_widget(app, setup, "computer_0")  # let a computer play our seat, to finish fast
    click_widget(app, setup, "start", 2)
    table = app.stack.scenes[0]
    assert is_lucky_box_table(table)
    ours = table.state
    assert ours.deck_order == theirs.deck_order and ours.numbers == theirs.numbers
    assert table.session.challenge["totals"] == [theirs.players[0].total]
    app.ctx.settings.animation_speed = 4.0
    for _ in range(60000):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if hasattr(top, "widgets") and "continue" in top.widgets:
            click_widget(app, top, "continue", 2)
        elif top is table and (table.animator.busy or table.confirming is not None):
            tap_key(app, pygame.K_SPACE)  # skip the animation, or Next
        else:  # the worker thinks, or the table pauses: frames nobody sees (no Space for the
            wait(app)  # focus ring to take as the Menu button's)
    end = app.stack.top
    assert isinstance(end, GameEndScene) and end.session.challenge is not None
    frames(app, 90)
    screenshot(app, "game_end_same_deal")
    kept = [json.loads(p.read_text()) for p in (lb(data_dir) / storage.RECORDS).glob("*.json")]
    assert any(r.get("challenge", {}).get("totals") == [theirs.players[0].total] for r in kept)
    assert app.errors == []


def test_opening_a_record_file_from_elsewhere(app, tmp_path):
    good = tmp_path / "from a friend.json"
    state = bot_game(["Ann", "Bo"], 17)
    good.write_text(json.dumps(state_to_record(state)))  # a record with none of our fields
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "super-mega-lucky-box/record@1", "players": [], "seed": 1}')
    scene = open_replays(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    frames(app, 1)
    assert scene.note == "bad.json is not a game record we can use: players must list 1 to 12 names"
    assert scene.opened is None and bad.read_bytes().startswith(b'{"format"')
    click_widget(app, scene, "path")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(good)))
    frames(app, 1)
    click_widget(app, scene, "open", 2)
    assert scene.opened is not None and scene.shown()[0] is scene.opened
    assert scene.opened.totals == [p.total for p in state.players]
    screenshot(app, "replays_opened")
    click_widget(app, scene, "watch_0", 2)
    assert isinstance(app.stack.top, ReplayScene)
    click(app, app.stack.top.buttons["back"].rect.center, 2)
    assert app.stack.top is scene
    click_widget(app, scene, "path")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "nope.json")))
    frames(app, 1)
    click_widget(app, scene, "open", 2)
    assert scene.note.startswith("No such file")


def test_statistics_from_the_title(app, data_dir):
    for seed in range(3):
        keep(data_dir, bot_game(["Ann"], 40 + seed), ["human"])
    top = title(app)
    click_widget(app, top, "stats", 2)
    assert isinstance(app.stack.top, StatsScene)
    screenshot(app, "title_to_stats")
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.top is top


def test_many_records_page_by_page(app, data_dir):
    rng = random.Random(1)
    for seed in range(12):
        keep(data_dir, bot_game(["Solo"], 100 + seed, rng.choice(["easy", "normal"])), ["human"])
    scene = open_replays(app)
    assert scene.pages == 3 and len(scene.shown()) == 5
    click_widget(app, scene, "next")
    click_widget(app, scene, "next")
    assert scene.page == 2 and len(scene.shown()) == 2
    assert not scene.widgets["next"].enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app, 1)
    assert scene.page == 1


def test_plus_stops_at_the_top_speed_and_the_button_goes_round(app, data_dir):
    keep(data_dir, bot_game(["Ann"], 3), ["human"])
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.speed == 1.0
    for _ in range(5):  # more presses than speeds: "+" stays at the top, never wraps to 0.5x
        press(app, pygame.K_PLUS)
    assert replay.speed == 4.0
    assert replay.buttons["speed"].shake > 0, "a refused '+' shakes the Speed button"
    press(app, pygame.K_MINUS)
    assert replay.speed == 2.0
    press(app, pygame.K_KP_PLUS)
    assert replay.speed == 4.0
    click(app, replay.buttons["speed"].rect.center)  # the mouse has no "-": the button goes round
    assert replay.speed == 0.5


def test_a_replays_caption_lists_its_players(app, data_dir):
    keep(data_dir, bot_game(["Ann", "Bo", "Cy", "Di", "Ed"], 5), ["human"] + ["normal"] * 4)
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.title.startswith("Ann, Bo, Cy +2 · "), replay.title
    assert "'s game of" not in replay.title and "..." not in replay.title


def test_a_replayed_bonus_says_who_uses_it_not_what_to_click(app, data_dir, monkeypatch):
    keep(data_dir, bot_game(["Ann", "Bo"], 8), ["normal", "hard"])
    app.ctx.settings.animation_speed = 4.0
    scene = open_replays(app)
    click_widget(app, scene, "watch_0", 2)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    drawn = texts_drawn(monkeypatch)
    seen_pending = False
    for _ in range(40000):
        if app.stack.top is not replay:
            break
        table = replay.table
        if table.seen.players[table.focus].pending:
            drawn.clear()
            frames(app, 1)
            name = replay.session.name_of(table.focus)
            assert f"{name} uses a bonus." in drawn
            seen_pending = True
            break
        wait(app)
    assert seen_pending, "the record has a bonus to watch"
    assert not any(text.startswith("Pick a bonus") for text in drawn)
