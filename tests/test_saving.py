"""Never lose a game: autosave after every action, Continue exactly where the table stood (also
mid-cascade), finished games kept as records, bad files set aside with one line, and a data
folder we cannot write to. Driven through the real UI with posted events where a player would."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path

import pygame
import pytest

from game import catalog
from game.catalog import new_app
from game.core import safe_files, saves, storage
from game.core.session import Seat, Session
from game.core.ui.app import App
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.saves import SavesScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules.game import state_from_record
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.table import is_lucky_box_table, start_game
from game.luckybox.ui.shown import Shown
from tests.rules_helpers import snapshot
from tests.support import (
    EventMix,
    Monkey,
    MonkeyChecks,
    click_widget_table,
    drive,
    fresh_app,
    lb,
    save_file,
    table_dir,
    take_turn,
    title,
    to_first_number,
)
from tests.ui_helpers import click, click_widget, frames, press, screenshot, wait


def saved(data_dir: Path) -> dict:
    return json.loads(save_file(lb(data_dir)).read_text())


def play_some_turns(app, table: Table, turns: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    done = 0
    for _ in range(5000):
        if done >= turns:
            return
        top = app.stack.top
        if isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click_widget(app, top, "confirm", 2)
        elif top is table and table.confirming is not None and not table.animator.busy:
            click_widget_table(app, table, "next")
        elif top is table and table.human_turn():
            take_turn(app, table, rng, None)
            done += 1
        elif top is not table and hasattr(top, "widgets") and "continue" in top.widgets:
            click_widget(app, top, "continue", 2)
        else:
            wait(app)
    raise AssertionError("could not play the turns")


# --------------------------------------------------------------------------- autosave


def test_every_action_is_saved_and_the_save_is_a_valid_record(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann")], 77)
    frames(app, 2)
    assert save_file(lb(data_dir)).exists(), "a new game is saved at once"
    to_first_number(app, table)
    for turns in range(1, 4):
        play_some_turns(app, table, 1, seed=turns)
        frames(app, 1)
        record = saved(data_dir)
        assert len(record["actions"]) == len(table.state.actions)
        assert snapshot(state_from_record(record)) == snapshot_without_hold(table)


def snapshot_without_hold(table: Table):
    """The engine's position as a record replays it (a replay reveals at once)."""
    state = table.state.clone()
    if state.awaiting_chance():
        state.advance()
    return snapshot(state)


def test_continue_resumes_mid_cascade_exactly_where_the_window_closed(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "normal")], 31)
    to_first_number(app, table)
    app.ctx.settings.animation_speed = 0.25  # long cascades, to close the window inside one
    play_some_turns(app, table, 2)
    for _ in range(50):  # until a cascade of several steps is under way
        play_some_turns(app, table, 1)
        frames(app, 2)
        if table.unshown() >= 2:
            break
    seen_before = copy.deepcopy(table.seen)
    unshown = table.unshown()
    state_before = snapshot(table.state)
    assert unshown > 0
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert frames(app, 1) is False  # the window closed mid-cascade

    app2 = fresh_app(app)
    try:
        top = title(app2)
        assert top.widgets["continue"].visible
        click_widget(app2, top, "continue", 1)
        resumed = app2.stack.scenes[0]
        assert is_lucky_box_table(resumed)
        assert snapshot(resumed.state) == state_before
        assert resumed.seen == seen_before, "the table shows exactly what it showed"
        assert resumed.unshown() == unshown
        # ...and the cascade plays on to the same place the engine is at.
        resumed.animator.skip(resumed.focus)
        for _ in range(200):
            if not resumed.animator.busy:
                break
            frames(app2, 1)
            resumed.animator.skip(resumed.focus)
        assert resumed.seen.matches(resumed.state)
        assert app2.errors == []
    finally:
        pygame.quit()


def test_continue_after_quitting_to_title_keeps_the_bots_and_plays_on(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Cy", "easy")], 8)
    to_first_number(app, table)
    play_some_turns(app, table, 2)
    press(app, pygame.K_ESCAPE)
    click_widget(app, app.stack.top, "quit", 2)
    click_widget(app, app.stack.top, "yes", 2)
    top = app.stack.top
    assert isinstance(top, TitleScene) and top.widgets["continue"].visible
    assert "Ann" in (top.saved or "")
    screenshot(app, "title_continue")
    before = snapshot(table.state)
    easy_luck = table.session.bots[1].rng.getstate()
    click_widget(app, top, "continue", 1)
    resumed = app.stack.scenes[0]
    assert is_lucky_box_table(resumed) and snapshot(resumed.state) == before
    assert resumed.session.bots[1].rng.getstate() == easy_luck, "the easy bot keeps its luck"
    end, _ = drive(app, resumed, random.Random(3))
    assert isinstance(end, GameEndScene)
    assert app.errors == []


def test_new_game_over_a_saved_one_keeps_it(app, data_dir):
    """Each table keeps its own save: New game asks nothing and loses nothing (the question
    "the game in progress will be lost" is gone with the loss)."""
    table = start_game(app.ctx, [Seat("Ann")], 9)
    to_first_number(app, table)
    kept = save_file(lb(data_dir)).read_bytes()
    top = title(app)
    click_widget(app, top, "new_game", 2)
    assert app.stack.top is not top and app.stack.top.opaque  # the set-up, not a question
    assert not isinstance(app.stack.top, ConfirmDialog)
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.top is top and save_file(lb(data_dir)).read_bytes() == kept


# A finished game kept as a record and its save removed: tests/test_table_ui.py's
# test_a_whole_solo_game_by_mouse, whose game (deal 4242, played by the same clicks) was played
# here a second time for these checks alone.


# --------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"\xff\xfe not utf-8",
        b"[1, 2, 3]",
        b'{"format": "someone-else/1"}',
        b'{"format": "super-mega-lucky-box/record@1", "players": ["A"], "seed": 1, '
        b'"actions": [{"player": 0, "keep": [1, 2, 3]}]}',
        b"[" * 100_000,
    ],
)
def test_a_bad_save_is_kept_aside_with_one_line_and_the_game_goes_on(app, data_dir, content):
    (saves.new_table(lb(data_dir)) / storage.AUTOSAVE).write_bytes(content)
    top = title(app)
    message = app.ctx.message
    assert message.startswith("The saved game could not be read")
    assert "\n" not in message and "Traceback" not in message
    assert not top.widgets["continue"].visible
    aside = list(lb(data_dir).rglob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content, "kept, never overwritten"
    screenshot(app, "title_bad_save")
    click_widget(app, top, "new_game", 2)  # the game goes on
    assert app.stack.top is not top and app.errors == []


def test_an_interrupted_save_leaves_the_previous_save_whole(app, data_dir, monkeypatch):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    frames(app, 1)
    good = save_file(lb(data_dir)).read_bytes()

    def power_cut(fd):
        raise OSError(5, "Input/output error")  # the disk stops part-way through

    monkeypatch.setattr(safe_files.os, "fsync", power_cut)
    play_some_turns(app, table, 1)
    frames(app, 1)
    assert save_file(lb(data_dir)).read_bytes() == good
    assert not list(lb(data_dir).rglob("*.tmp")), "no half-written files left behind"
    assert "Can't save the game" in app.ctx.message
    save, warning = storage.load_save(table_dir(lb(data_dir)), catalog.games())
    assert warning is None and save is not None


def test_a_data_folder_we_cannot_write_says_so_and_plays_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("SMLB_DATA_DIR", str(blocker / "data"))  # mkdir fails, even as root
    app = new_app()
    try:
        table = start_game(app.ctx, [Seat("Ann")], 3)
        frames(app, 2)
        assert app.ctx.message.startswith("Can't save the game")
        end, _ = drive(app, table, random.Random(2))
        assert isinstance(end, GameEndScene)
        assert app.errors == []
        assert blocker.read_text().startswith("a file")
    finally:
        pygame.quit()


def test_a_read_only_data_folder_says_so_and_plays_on(app, data_dir, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    # Root ignores chmod, so the refusal is simulated where the writes happen.
    monkeypatch.setattr(safe_files.tempfile, "mkstemp", refuse)
    table = start_game(app.ctx, [Seat("Ann")], 5)
    frames(app, 2)
    assert app.ctx.message == "Can't save the game (Permission denied); playing on without saving."
    to_first_number(app, table)
    play_some_turns(app, table, 2)
    # Nothing written; the (empty) lock file saying which copy of the game saves is no write.
    assert app.errors == [] and not [
        p for p in data_dir.rglob("*") if p.is_file() and p.name != storage.LOCK_FILE
    ]


# --------------------------------------------------------------------------- the session alone


def test_session_resume_rebuilds_feed_and_hold_from_any_save():
    rng = random.Random(4)
    session = Session([Seat("A"), Seat("B", "easy")], 55, game=LUCKYBOX)
    saves = []
    for _ in range(400):
        if session.state.is_terminal():
            break
        if session.chance_due():
            session.advance()
        else:
            seat = session.next_seat()
            session.apply(rng.choice(session.state.legal_actions(seat)))
        unshown = rng.randrange(0, len(session.feed) + 1)
        saves.append(
            (
                json.loads(json.dumps(session.save(unshown))),
                snapshot(session.state),
                session.chance_due(),
                unshown,
            )
        )
    for save, position, held, unshown in saves[::7]:
        resumed, start, shown, _confirming = Session.resume(save, LUCKYBOX)
        assert snapshot(resumed.state) == position and resumed.chance_due() == held
        assert len(resumed.feed) - shown == unshown
        assert start.round == 1 and not any(p.cards for p in start.players)


# --------------------------------------------------------------------------- monkey


CLOSING_MONKEY = EventMix(
    click=0.55,
    key=0.20,
    window=0.07,
    wait=0.15,
    close=0.03,
    max_wait=20,
    into_cascade=0.7,
    keys=(
        pygame.K_ESCAPE,
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_u,
        pygame.K_p,
        pygame.K_h,
        pygame.K_n,
        pygame.K_r,
        pygame.K_s,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_MINUS,
        pygame.K_PLUS,
        pygame.K_BACKSPACE,
    ),
)


class ContinueChecks(MonkeyChecks):
    """At every close of a table that saves, remember the position; once the game is started
    again, Continue must restore exactly it."""

    def __init__(self) -> None:
        super().__init__(before_close=self.remember, after_reopen=self.check_continue)
        self.resumes = self.mid_step = 0

    def remember(self, app: App, table: Table | None):
        if table is None or not table.saving or table.finished:
            return None  # (a replay is a table that saves nothing: Continue is the saved game)
        # A step playing (or holding) at the close counts as unshown although the board
        # already shows it: Continue plays that step again from its start.
        playing = table.animator.current is not None or table.animator.held
        self.mid_step += playing
        return snapshot(table.state), copy.deepcopy(table.seen), table.unshown(), playing

    def check_continue(self, app: App, top: TitleScene, left) -> None:
        if left is None:
            return
        assert top.widgets["continue"].visible
        # What Continue restores, before its first frame plays on (a table whose only motion
        # left was fading effects may reveal the next number at once).
        save, _warning = storage.load_save(table_dir(lb(app.ctx.data_dir)), catalog.games())
        session, start, shown, _confirming = save.resumed
        seen = Shown.from_state(start)
        for event in list(session.feed)[: shown + left[3]]:
            seen.apply(event)
        now = (snapshot(session.state), seen, len(session.feed) - shown, left[3])
        assert now == left, [
            (i, a, b) for i, (a, b) in enumerate(zip(now[0], left[0], strict=True)) if a != b
        ] + [now[1:], left[1:]]
        click_widget(app, top, "continue", 1)
        listed = app.stack.scenes[-1]
        if isinstance(listed, SavesScene):  # the walk began other games: Continue lists them
            assert len(listed.tables) > 1
            click_widget(app, listed, "resume_0", 1)  # the newest first: the game just left
        resumed = app.stack.scenes[0]
        assert is_lucky_box_table(resumed)
        assert resumed.state.actions == session.state.actions
        self.resumes += 1


#: The monkey's walk goes on, in steps of MONKEY_STRIDE events, until it has closed the window
#: often enough (see the test's last assertion), at least MONKEY_LEAST events and at most
#: MONKEY_MOST (the 1,250 each of its two walks took before, on two fixed seeds).
MONKEY_STRIDE, MONKEY_LEAST, MONKEY_MOST = 50, 300, 1250


# Two walks, each a test of its own so that two workers share them, each on random input drawn
# anew each run (its seed printed on a failure: tests/sweep.py), from a game's table.
@pytest.mark.parametrize("walk", [1, 2])
def test_monkey_with_resizes_minimizing_and_closing_mid_cascade(
    app, data_dir, tmp_path, sweep_rng, walk
):
    """Random clicks and keys on every scene, window resizes and minimizing, and the window
    closed at random moments (often mid-cascade); each time the game is started again and
    Continue must bring back exactly the position that was left."""
    start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], sweep_rng.randrange(1, 1_000_000))
    frames(app, 2)
    checks = ContinueChecks()
    monkey = Monkey(app, sweep_rng, CLOSING_MONKEY, checks, drop_file=tmp_path / "nothing.json")

    def enough() -> bool:
        return monkey.closes >= 10 and checks.resumes >= 3 and checks.mid_step >= 1

    try:
        steps = 0
        while steps < MONKEY_MOST and (steps < MONKEY_LEAST or not enough()):
            monkey.run(MONKEY_STRIDE)
            steps += MONKEY_STRIDE
        assert monkey.app.errors == []
        closes, resumes, mid_step = monkey.closes, checks.resumes, checks.mid_step
        assert closes >= 10 and resumes >= 3 and mid_step >= 1, (closes, resumes, mid_step)
    finally:
        pygame.quit()


def test_the_game_starts_and_plays_with_no_sound_device(data_dir, monkeypatch):
    def no_device(*_args, **_kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "pre_init", no_device, raising=False)
    app = new_app()
    try:
        assert not getattr(app.ctx.audio, "available", False), "silent, not broken"
        table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], 61)
        to_first_number(app, table)
        play_some_turns(app, table, 4)  # crosses, reveals, bonuses: every sound is asked for
        assert len(table.state.actions) >= 6 and app.errors == []
    finally:
        app.close()  # (the scenes' exit hooks stop the computer's worker; then pygame.quit())


# The killed game's animation speed: as fast as the demo plays (--speed 40), so the three kills
# come a few seconds apart rather than a minute; between two bot moves there are then fewer idle
# frames, so a kill lands near a save at least as often.
SPEED = 40.0
KILLED_GAME = """
import sys
sys.path.insert(0, {root!r})
import pygame
from _pytest.monkeypatch import MonkeyPatch
from game.core.session import Seat
from game.catalog import new_app
from game.luckybox.ui.scenes.table import start_game
from tests.ui_helpers import computers_answered, draw_frames_when_seen

if __name__ == "__main__":
    # Frames as the UI tests run them: a computer's move waited for in each (unthrottled
    # frames spinning while it thinks cost the more CPU the busier the machine), a frame drawn
    # only when something could see it. Saving, which this checks, is the frames' own work.
    draw_frames_when_seen(MonkeyPatch())
    app = new_app()
    app.ctx.settings.animation_speed = {speed}
    table = start_game(app.ctx, [Seat("A", "easy"), Seat("B", "easy")], {seed})
    said = -1
    while True:
        if app.stack.top is not table:  # the round's scores: go on, as a player would
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0,
                                                     unicode="", scancode=0))
        app.step(1 / 60)
        app.finish_frame()
        computers_answered(app)
        if len(table.state.actions) != said:
            said = len(table.state.actions)
            print(said, flush=True)
"""


def test_killing_the_process_loses_at_most_the_last_action(tmp_path):
    """A real power cut: the game process is killed with SIGKILL while computer seats play
    and autosave, early, mid-game and late; the save left behind must load, be a prefix of
    the same game, and hold every action but those of the last frame."""
    import signal
    import subprocess
    import sys

    seed = 73
    root = str(Path(__file__).resolve().parents[1])
    env = {
        **os.environ,
        "SMLB_DATA_DIR": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    script = tmp_path / "killed_game.py"
    script.write_text(KILLED_GAME.format(root=root, seed=seed, speed=SPEED))
    reference = Session([Seat("A", "easy"), Seat("B", "easy")], seed, game=LUCKYBOX)
    while not reference.state.is_terminal():
        if reference.chance_due():
            reference.advance()
            continue
        seat = reference.next_seat()
        assert reference.apply(reference.bots[seat].choose(reference.state, seat)).ok
    full = reference.record()["actions"]
    lengths = []
    for target in (len(full) // 8, len(full) // 2, len(full) * 7 // 8):
        proc = subprocess.Popen(
            [sys.executable, str(script)],
            env=env,
            cwd=root,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        counts = [-1]
        try:
            while counts[-1] < target:  # the game says its action count as it plays
                line = proc.stdout.readline()
                assert line, "the game stopped by itself"
                counts.append(int(line))
        finally:
            proc.send_signal(signal.SIGKILL)  # at once, whatever it is doing
            proc.wait(timeout=10)
            proc.stdout.close()
        save, warning = storage.load_save(table_dir(lb(tmp_path)), catalog.games())
        assert warning is None and save is not None, "the save survives the kill"
        actions = save.record["actions"]
        assert actions == full[: len(actions)], "the saved game is the game, to its last move"
        # The save is written the frame after each action: all but the last frame's are in.
        assert len(actions) >= counts[-2], (len(actions), counts[-2:])
        lengths.append(len(actions))
        assert len(save.session.state.actions) == len(actions), "Continue replays it all"
        assert not list(lb(tmp_path).rglob("*.tmp")), "a cut-off write is cleaned up on load"
        save_file(lb(tmp_path)).unlink()
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1], lengths
