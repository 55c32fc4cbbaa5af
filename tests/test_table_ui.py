"""The playable table, driven headless by posted mouse and key events at layout positions.

The test "player" reads the engine's legal actions to decide what it wants (as a person reads
the highlighted squares), then clicks where the layout puts those squares and buttons.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import cli
from game.core import storage
from game.core.session import Seat
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import Cross
from game.luckybox.rules.game import state_from_record
from game.luckybox.rules.record import summary
from game.luckybox.ui.scenes.gameend import GameEndScene, breakdown
from game.luckybox.ui.scenes.setup import SetupScene
from game.luckybox.ui.scenes.table import is_lucky_box_table, start_game
from game.luckybox.ui.shown import Shown
from tests.rules_helpers import snapshot
from tests.support import drive, lb, save_file, to_first_number
from tests.ui_helpers import (
    SCREENSHOTS,
    click,
    click_widget,
    frames,
    frames_computers_answered,
    post_key,
    press,
    screenshot,
    type_text,
)

REPO = Path(__file__).resolve().parents[1]


def erase(app) -> None:
    """Backspace held down over the field being typed in: twenty presses, handled in one frame
    (as a fast typist's keys come in), more than any name or seed holds."""
    for _ in range(20):
        post_key(pygame.K_BACKSPACE)
    frames(app, 1)


def new_game_through_setup(app, names: list[str], seed: int) -> Table:
    """Title -> New game -> setup (seat count, names, seed) -> Start, all by clicks and typing."""
    app.stack.push(TitleScene(app.ctx))
    frames(app, 2)
    click_widget(app, app.stack.top, "new_game", 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    while len(setup.config().seats) > len(names):
        click_widget(app, setup, "seat_minus")
    while len(setup.config().seats) < len(names):
        click_widget(app, setup, "seat_plus")
    for i, name in enumerate(names):
        click_widget(app, setup, f"name_{i}")
        erase(app)
        type_text(app, name)
    click_widget(app, setup, "seed")
    erase(app)
    type_text(app, str(seed))
    assert setup.config().seed == seed
    assert setup.config().names == names
    click_widget(app, setup, "start", 2)
    table = app.stack.top
    assert is_lucky_box_table(table) or is_lucky_box_table(app.stack.scenes[0])
    return app.stack.scenes[0]


def check_final_screen(end: GameEndScene) -> None:
    session = end.session
    replayed = summary(state_from_record(json.loads(json.dumps(session.record()))))
    assert replayed["finished"]
    for seat, entry in enumerate(replayed["players"]):
        cards, stars, incomplete, moons = breakdown(session, seat)
        assert (cards, stars, incomplete, moons) == (
            entry["cards"],
            entry["stars"],
            entry["incomplete"],
            entry["moon_points"],
        )
        assert sum(breakdown(session, seat)) == entry["total"]


def test_a_whole_solo_game_by_mouse(app, data_dir):
    """A solo game from the title's New game to its end and back, all by clicks; the finished
    game is kept as a record and its save removed (what test_saving asks of a finished game:
    this game is that test's, so it is played once, here)."""
    table = new_game_through_setup(app, ["Ann"], 4242)
    assert table.session.seats == [Seat("Ann")]
    # (no pictures of the table's moments: test_screenshots_of_every_scene saves those)
    end, handoffs = drive(app, table, random.Random(1))
    assert handoffs == []  # one human: no pass screen
    check_final_screen(end)
    assert end.headline() == f"Mega Total: {table.state.players[0].total}"
    assert not save_file(lb(data_dir)).exists()
    files = list((lb(data_dir) / storage.RECORDS).glob("*.json"))
    assert len(files) == 1
    record = json.loads(files[0].read_text())
    assert summary(state_from_record(record)) == record["result"]
    assert record["result"]["players"][0]["total"] == end.session.state.players[0].total
    assert record["seats"] == ["human"] and record["finished_at"]
    frames(app, 90)
    screenshot(app, "game_end_solo")
    click_widget(app, end, "title", 2)
    top = app.stack.top
    assert isinstance(top, TitleScene)
    assert not top.widgets["continue"].visible  # nothing left to continue
    assert app.errors == []


def test_a_three_player_pass_and_play_game(app):
    table = new_game_through_setup(app, ["Ann", "Bo", "Cy"], 77)
    assert [s.kind for s in table.session.seats] == ["human"] * 3
    end, handoffs = drive(app, table, random.Random(2))
    # Every number and draft hands the screen round in seat order.
    assert handoffs[:3] == ["Ann", "Bo", "Cy"]
    assert len(handoffs) >= 3 * (1 + 36 + 3)
    check_final_screen(end)
    frames(app, 90)
    screenshot(app, "game_end_three")
    assert app.errors == []


def test_pass_screen_can_be_turned_off(app):
    app.ctx.settings.pass_screen = False
    table = start_game(app.ctx, [Seat("A"), Seat("B")], 5)
    end, handoffs = drive(app, table, random.Random(3))
    assert handoffs == []
    check_final_screen(end)


def test_humans_and_computers_mixed(app):
    table = start_game(app.ctx, [Seat("A"), Seat("Bot", "easy"), Seat("B")], 9)
    end, handoffs = drive(app, table, random.Random(4))
    assert set(handoffs) == {"A", "B"}
    check_final_screen(end)
    assert app.errors == []


def test_illegal_clicks_are_refused_with_no_state_change(app):
    table = start_game(app.ctx, [Seat("Ann")], 11)
    to_first_number(app, table)
    state = table.state
    seat = table.focus
    legal = state.legal_actions(seat)
    crossable = {(a.card, a.cell) for a in legal if isinstance(a, Cross)}
    player = state.players[seat]
    # A square that nothing reaches: spend all tokens first so only exact squares are legal.
    player.lightning = 0
    table._marks_key = None
    exact = {(a.card, a.cell) for a in state.legal_actions(seat) if isinstance(a, Cross)}
    wrong = next((c, cell) for c in player.cards for cell in range(9) if (c, cell) not in exact)
    before = snapshot(state)
    click(app, table.kit.square_center(*wrong))
    assert snapshot(state) == before
    assert table.message and table.kit.refused is not None
    frames(app, 2)
    screenshot(app, "table_refused")
    if state.has_exact(seat):  # Pass is disabled: a click shakes it and changes nothing
        click(app, table.kit.buttons["pass"].rect.center)
        assert table.kit.buttons["pass"].shake > 0
        assert snapshot(state) == before
    # Spend with nothing selected is not even shown; pressing Enter does nothing.
    press(app, pygame.K_RETURN)
    assert snapshot(state) == before
    assert crossable  # (the position did offer real moves)


def test_lightning_needs_confirmation_and_switches_direction(app):
    table = start_game(app.ctx, [Seat("Ann")], 13)
    to_first_number(app, table)
    state = table.state
    seat = table.focus
    lightning_only = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Cross)
        and a.lightning
        and Cross(seat, a.card, a.cell, 0) not in state.legal_actions(seat)
    ]
    target = min(lightning_only, key=lambda a: abs(a.lightning))
    before = snapshot(state)
    click(app, table.kit.square_center(target.card, target.cell))
    assert snapshot(state) == before and table.kit.selected_square is not None
    assert abs(table.kit.selected_square.lightning) == abs(target.lightning)
    press(app, pygame.K_ESCAPE)  # Esc cancels the selection, not the game
    assert table.kit.selected_square is None and app.stack.top is table
    click(app, table.kit.square_center(target.card, target.cell))
    click(app, table.kit.buttons["spend"].rect.center, 2)
    assert state.players[seat].lightning == 4 - abs(target.lightning)
    assert state.players[seat].mask_of(target.card) >> target.cell & 1


def test_undo_by_button_takes_back_the_cross(app):
    table = start_game(app.ctx, [Seat("Ann")], 17)
    to_first_number(app, table)
    seat = table.focus
    state = table.state
    move = next(a for a in state.legal_actions(seat) if isinstance(a, Cross) and not a.lightning)
    before = snapshot(state)
    click(app, table.kit.square_center(move.card, move.cell))
    assert snapshot(state) != before
    frames(app, 60)
    assert table.confirming == seat and table.focus == seat  # Ann still sees her board
    click(app, table.kit.buttons["undo"].rect.center, 2)
    assert snapshot(state) == before
    assert table.seen.matches(state) and table.confirming is None
    click(app, table.kit.square_center(move.card, move.cell))
    frames(app, 60)
    click(app, table.kit.buttons["next"].rect.center, 2)
    assert table.confirming is None


def test_space_skips_the_cascade_and_seen_catches_up(app):
    table = start_game(app.ctx, [Seat("Bot", "normal")], 3, demo=True)
    app.ctx.settings.animation_speed = 0.25
    skipped = 0
    for _ in range(60):
        frames(app, 5)
        table.turns.wait_for_computer()  # (its worker may still be starting on a busy machine)
        if table.animator.busy and table.session.feed:
            waiting = list(table.session.feed)
            press(app, pygame.K_SPACE)
            skipped += 1
            assert not any(e in table.session.feed for e in waiting[:1]), "skipped past"

        # What is shown plus what is still to show is always exactly the engine's state.
        probe = copy.deepcopy(table.seen)
        for event in table.session.feed:
            probe.apply(event)
        assert probe.matches(table.state)
    assert skipped and app.errors == []


def test_pause_menu_and_quit_to_title(app):
    table = start_game(app.ctx, [Seat("Ann")], 21)
    to_first_number(app, table)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert pause is not table and not pause.opaque
    screenshot(app, "pause")
    click_widget(app, pause, "quit", 2)
    assert app.stack.top is not pause  # the confirmation dialog
    screenshot(app, "confirm_quit")
    click_widget(app, app.stack.top, "yes", 2)
    assert isinstance(app.stack.top, TitleScene)


def test_screenshots_of_every_scene(app):
    """Writes the scenes' pictures for review (SMLB_SCREENSHOTS=DIR keeps them: ui_helpers)."""
    app.stack.push(TitleScene(app.ctx))
    frames(app, 40)
    screenshot(app, "title")
    click_widget(app, app.stack.top, "settings", 2)
    screenshot(app, "settings")
    press(app, pygame.K_ESCAPE, 2)
    table = start_game(
        app.ctx,
        [
            Seat("Ann"),
            Seat("Bo", "easy"),  # (the computers' level is not what the pictures show)
            Seat("Cy", "easy"),
            Seat("Di", "easy"),
            Seat("Ed", "easy"),
        ],
        31,
    )
    shots: set = set()
    end, _ = drive(app, table, random.Random(5), shots=shots)
    frames(app, 90)
    screenshot(app, "game_end_five")
    for name in ("title", "settings", "draft_keep", "table_turn", "round_end", "game_end_five"):
        assert (SCREENSHOTS / f"{name}.png").exists()


def test_demo_mode_plays_a_whole_game_and_writes_record_and_stats(tmp_path, capsys):
    record = tmp_path / "demo.json"
    stats = tmp_path / "stats.json"
    # No sleep between frames (the app's test hook): the same game, frame for frame. One
    # computer: the demo's whole path (start, play, record, statistics, exit) at half the
    # game's length; demo tables of several computers play in test_computer_seats_at_every_level.
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SMLB_NO_FRAME_WAIT": "1",
    }
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--demo",
            "--players",
            "1",
            "--seed",
            "8",
            "--speed",
            "40",
            "--exit-when-done",
            "--save-record",
            str(record),
            "--frame-stats",
            str(stats),
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    # The record saved is one `main.py --check-record` accepts as a finished game: the command
    # run in this process (as tests/test_record.py's check_cli does; the command in a
    # process of its own is test_record's), not in a second process.
    capsys.readouterr()
    status = cli.main(["--check-record", str(record)], prog="main.py")
    out, err = capsys.readouterr()
    assert status == 0 and json.loads(out)["finished"] is True, err
    figures = json.loads(stats.read_text())
    assert set(figures) == {"frames", "frame_ms_p50", "frame_ms_p99", "startup_ms", "peak_rss_mb"}
    assert figures["frames"] > 100 and figures["startup_ms"] > 0


@pytest.mark.parametrize("argv", [["--demo", "--players", "13"], ["--demo", "--bot", "genius"]])
def test_demo_refuses_bad_arguments(argv, capsys):
    """The command line main.py runs (game.cli.main), in this process: the refusal is its
    parsing's, before any window or game (main.py's own start is test_record's run_cli's)."""
    with pytest.raises(SystemExit) as refused:
        cli.main(argv, prog="main.py")
    err = capsys.readouterr().err
    assert refused.value.code == 2 and "Traceback" not in err and "main.py: error:" in err, err


def test_seen_from_state_round_trip():
    from game.core.session import Session

    session = Session([Seat("A", "normal"), Seat("B", "normal")], 3, game=LUCKYBOX)
    seen = Shown.from_state(session.state)
    rng = random.Random(0)
    while not session.state.is_terminal():
        if session.chance_due():
            session.advance()
        else:
            seat = session.next_seat()
            session.apply(rng.choice(session.state.legal_actions(seat)))
        while session.feed:
            seen.apply(session.feed.popleft())
        assert seen.matches(session.state)
        # A board rebuilt from the state (after an undo, on Continue) shows the same, the
        # numbers revealed this round included (also in the draft after a round).
        assert Shown.from_state(session.state) == seen, session.state.phase


def test_hint_shows_a_legal_move_without_playing_it(app):
    table = start_game(app.ctx, [Seat("Ann")], 23)
    to_first_number(app, table)
    before = snapshot(table.state)
    press(app, pygame.K_h, 2)
    assert table.kit.hint in table.state.legal_actions(table.focus)
    assert snapshot(table.state) == before
    assert table.message.startswith("Hint:")
    # The card is named by its place on the board (its own number means nothing to a newcomer).
    hinted = getattr(table.kit.hint, "target_card", None) or getattr(table.kit.hint, "card", None)
    if hinted is not None:
        place = table.state.players[table.focus].cards.index(hinted) + 1
        assert f"your card {place} from the left" in table.message, table.message
    screenshot(app, "table_hint")
    click(app, table.kit.buttons["hint"].rect.center)
    assert table.kit.hint in table.state.legal_actions(table.focus)


def play_demo_game(app, seats, seed):
    app.ctx.settings.animation_speed = 40
    table = start_game(app.ctx, seats, seed, demo=True)
    for _ in range(40000):
        if not is_lucky_box_table(app.stack.scenes[0]):
            break
        frames_computers_answered(app)
    assert isinstance(app.stack.top, GameEndScene)
    return list(table.state.actions)


def test_computer_seats_at_every_level_play_deterministically_at_the_table(app):
    seats = [Seat("E", "easy"), Seat("N", "normal"), Seat("H", "hard")]
    first = play_demo_game(app, seats, 6)
    second = play_demo_game(app, seats, 6)
    assert first == second
    assert app.errors == []
