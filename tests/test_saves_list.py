"""Several games in progress (issue 67): each table keeps its own autosave; Continue lists them
(who plays, how far, what sort of table, when, in the player's language); one click resumes
the chosen one; New game and the daily deal never discard another; a finished game's table
goes; the cap; Delete asks first; the one-save data folder migrates with nothing lost, and a
damaged save is one line that never hides the others. Driven through the real scenes with
pygame events at the layout's positions."""

from __future__ import annotations

import json
import os
import random
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core import daily, i18n, saves, storage
from game.core.session import Seat, Session
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.saves import SavesScene, kind_of, when_played
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.luckybox.entry import LUCKYBOX
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.setup import SetupScene as LuckySetup
from tests import sweep
from tests.support import drive, lb, table_of, take_turn, title, to_first_number
from tests.ui_helpers import click, click_widget, frames, press

LEGACY = Path(__file__).parent / "data" / "legacy"
SHOTS = Path("/tmp/shots-h67saves")
LANGS = ("en", "fr", "de")
SIZES = ((1024, 768), (2560, 1080))


def drawn_shots(test: str) -> list[tuple[str, tuple[int, int]]]:
    """(language, window size) of each picture a test takes: every language at a size drawn
    for the run, both sizes every run (tests/sweep.py: a failure prints the seed); every
    combination under SMLB_SWEEP=all. Each picture is an App of its own."""
    dimensions = {"lang": LANGS, "size": SIZES}
    return sweep.combinations(f"{__name__}.{test}", dimensions, sweep.every_combination())


def leave_to_title(app: Any) -> TitleScene:
    """As a player leaves a table: Esc, Quit to title, yes."""
    table = app.stack.scenes[0]
    for _ in range(200):  # a hand-off screen or an animation first
        if app.stack.top is table and not table.animator.busy:
            break
        top = app.stack.top
        if top is not table and "go" in getattr(top, "widgets", {}):
            click_widget(app, top, "go", 2)
        else:
            press(app, pygame.K_SPACE)
    press(app, pygame.K_ESCAPE, 2)
    click_widget(app, app.stack.top, "quit", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog, "yes", 3)
    screen = app.stack.top
    assert isinstance(screen, TitleScene)
    frames(app, 60)  # the buttons have slid in
    return screen


def play_turns(app: Any, table: Table, turns: int, seed: int = 3) -> None:
    to_first_number(app, table)
    rng = random.Random(seed)
    for _ in range(turns):
        to_first_number(app, table)
        take_turn(app, table, rng, None)
        frames(app, 2)


def start_pass_and_play(app: Any, screen: TitleScene) -> Table:
    """Title, New game, three people at one screen, Start."""
    click_widget(app, screen, "new_game", 2)
    setup = app.stack.top
    assert isinstance(setup, LuckySetup), "New game asks nothing: nothing is discarded"
    while setup.seats < 3:
        click_widget(app, setup, "seat_plus")
    for i in range(3):
        if setup.widget(f"computer_{i}").value:
            click_widget(app, setup, f"computer_{i}")
    click_widget(app, setup, "start", 3)
    table = table_of(app)
    assert table is not None and len(table.session.humans) == 3
    return table


def test_pass_and_play_and_the_daily_both_wait_and_each_resumes(app: Any, data_dir: Path) -> None:
    screen = title(app)
    table = start_pass_and_play(app, screen)
    play_turns(app, table, 2)
    three = list(table.state.actions)
    screen = leave_to_title(app)
    assert len(screen.saves) == 1
    # The daily deal beside it: asked nothing, the pass-and-play game untouched.
    click_widget(app, screen, "daily", 3)
    assert not isinstance(app.stack.top, ConfirmDialog)
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    for card in draft.hand[:3]:
        click(app, draft.card_center(card))
    click_widget(app, draft, "confirm", 3)
    daily_table = table_of(app)
    assert daily_table is not None and daily_table.session.daily == daily.today()
    frames(app, 30)
    solo = list(daily_table.state.actions)
    screen = leave_to_title(app)
    assert len(screen.saves) == 2
    assert screen.widget("continue").visible
    assert screen.saved is not None and screen.saved.startswith(f"Daily deal {daily.today()}")
    assert screen.saved_more == "and 1 more game in progress: Continue lists them"
    # Continue lists both, the last played first; one click resumes the chosen one.
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    assert isinstance(listing, SavesScene)
    assert [kind_of(s.session) for s in listing.tables] == [
        f"Daily deal of {i18n.date(datetime.now().date())}",
        "3 people at one screen",
    ]
    assert listing.widget("resume_1").visible and not listing.widget("resume_2").visible
    click_widget(app, listing, "resume_1", 3)
    resumed = table_of(app)
    assert resumed is not None and resumed.state.actions == three
    assert len(resumed.session.humans) == 3 and resumed.session.daily is None
    screen = leave_to_title(app)
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    # The pass-and-play game was played last now: it comes first.
    assert [s.session.daily for s in listing.tables] == [None, daily.today()]
    click_widget(app, listing, "resume_1", 3)
    resumed = table_of(app)
    assert resumed is not None and resumed.session.daily == daily.today()
    assert resumed.state.actions[: len(solo)] == solo
    # Daily deal with the day's game among several: that game goes on, asked nothing.
    screen = leave_to_title(app)
    click_widget(app, screen, "daily", 3)
    again = table_of(app)
    assert again is not None and again.session.daily == daily.today()
    assert not again.session.daily_practice
    assert len(saves.table_folders(lb(data_dir))) == 2
    assert app.errors == []


def test_a_finished_game_leaves_the_list_and_its_folder_goes(app: Any, data_dir: Path) -> None:
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Ann")], seed=5)
    frames(app, 5)
    other = app.ctx.nav.make("luckybox.start_game", seats=[Seat("Bo")], seed=6)
    frames(app, 5)
    folder = other.session.table_folder
    assert folder is not None and (folder / storage.AUTOSAVE).is_file()
    drive(app, other, random.Random(1))
    assert not folder.exists(), "the finished table's folder is removed"
    [left] = saves.table_folders(lb(data_dir))
    screen = title(app)
    assert screen.widget("continue").visible and len(screen.saves) == 1
    assert screen.saves[0].folder == left and screen.saved_more is None
    assert screen.saved is not None and screen.saved.startswith("Ann")


def test_delete_asks_first_and_removes_only_that_game(app: Any, data_dir: Path) -> None:
    for seed, name in ((5, "Ann"), (6, "Bo"), (7, "Cy")):
        app.ctx.nav.make("luckybox.start_game", seats=[Seat(name)], seed=seed)
        frames(app, 3)
        time.sleep(0.01)  # distinct save times
    screen = title(app)
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    assert isinstance(listing, SavesScene)
    assert [s.session.seats[0].name for s in listing.tables] == ["Cy", "Bo", "Ann"]
    click_widget(app, listing, "delete_1", 3)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog, "no", 3)  # Keep it
    assert len(listing.tables) == 3
    click_widget(app, listing, "delete_1", 3)
    click_widget(app, app.stack.top, "yes", 3)
    assert app.stack.top is listing
    assert [s.session.seats[0].name for s in listing.tables] == ["Cy", "Ann"]
    assert listing.note.startswith("Deleted: Bo")
    assert not listing.widget("delete_2").visible
    press(app, pygame.K_ESCAPE, 3)
    assert app.stack.top is screen and len(screen.saves) == 2  # read again on coming back
    # Key 2 on the list resumes its second row.
    click_widget(app, screen, "continue", 3)
    press(app, pygame.K_2, 3)
    table = table_of(app)
    assert table is not None and table.session.seats[0].name == "Ann"
    # Enter on the title, Enter on the list: the game played last.
    screen = leave_to_title(app)
    press(app, pygame.K_RETURN, 3)
    assert isinstance(app.stack.top, SavesScene)
    press(app, pygame.K_RETURN, 3)
    table = table_of(app)
    assert table is not None and table.session.seats[0].name == "Ann"


def test_at_the_cap_new_game_and_daily_open_the_list_and_say_why(app: Any, data_dir: Path) -> None:
    """Nothing is ever dropped to make room: with CAP games in progress, New game and Daily
    deal open the list, which says why; deleting one lets New game through."""
    folder = lb(data_dir)
    for i in range(saves.CAP):
        session = Session([Seat(f"P{i}")], 100 + i, game=LUCKYBOX)
        storage.save_game(saves.new_table(folder), session.save())
    before = sorted(p.name for p in saves.table_folders(folder))
    screen = title(app)
    assert len(screen.saves) == saves.CAP
    for button in ("new_game", "daily"):
        click_widget(app, screen, button, 3)
        listing = app.stack.top
        assert isinstance(listing, SavesScene) and listing.full
        assert listing.headline_note() == (
            "10 games in progress are the most kept: continue one, or delete one to start another."
        )
        assert listing.pages == 2 and len(listing.shown()) == 5
        click_widget(app, listing, "next", 2)  # the second page: the five played longest ago
        assert listing.page == 1 and listing.shown() == listing.tables[5:]
        assert not listing.widget("next").enabled
        press(app, pygame.K_ESCAPE, 3)
        assert app.stack.top is screen
    assert sorted(p.name for p in saves.table_folders(folder)) == before, "nothing dropped"
    click_widget(app, screen, "new_game", 3)
    listing = app.stack.top
    click_widget(app, listing, "delete_0", 3)
    click_widget(app, app.stack.top, "yes", 3)
    assert len(listing.tables) == saves.CAP - 1 and listing.headline_note().startswith("Deleted")
    press(app, pygame.K_ESCAPE, 3)
    click_widget(app, screen, "new_game", 3)
    assert isinstance(app.stack.top, LuckySetup)


def test_the_one_save_folder_migrates_with_its_companions_and_nothing_lost(
    app: Any, data_dir: Path
) -> None:
    """A data folder as the one-save version wrote it: Lucky Box's autosave in its folder, and
    Blanco's autosave beside its match. Each moves into a table of its own, byte for byte,
    the match with its game; both are listed and resume."""
    lucky = lb(data_dir)
    lucky.mkdir(parents=True, exist_ok=True)
    old = (LEGACY / "old_autosave.json").read_bytes()
    (lucky / storage.AUTOSAVE).write_bytes(old)
    os.utime(lucky / storage.AUTOSAVE, (1_700_000_000, 1_700_000_000))
    blanco = storage.game_folder(data_dir, "blanco")
    from game.blanco.entry import BLANCO
    from game.blanco.ui.match import Match, save_match

    seats = [Seat("Ann"), Seat("Bo", "easy")]
    session = Session(seats, 41, game=BLANCO)
    (blanco / storage.AUTOSAVE).write_text(json.dumps(session.save(len(session.feed))))
    save_match(blanco, Match("wins", 2, ["Ann", "Bo"], ["human", "easy"], 41))
    match_bytes = (blanco / "match.json").read_bytes()
    screen = title(app)
    [table] = screen.saves
    assert (table.folder / storage.AUTOSAVE).read_bytes() == old
    assert not (lucky / storage.AUTOSAVE).exists()
    assert table.saved_at == 1_700_000_000, "when it was played, kept"
    assert "round 3 of 4" in (screen.saved or "")
    screen.choose_game("blanco")
    frames(app, 2)
    [btable] = screen.saves
    assert (btable.folder / "match.json").read_bytes() == match_bytes
    assert not (blanco / "match.json").exists() and not (blanco / storage.AUTOSAVE).exists()
    click_widget(app, screen, "continue", 3)
    resumed = app.stack.scenes[0]
    assert resumed.kit.match is not None and resumed.kit.match.target == 2, "the match came along"
    assert app.errors == []


def test_a_copy_of_the_old_version_writing_keeps_its_save_where_it_is(tmp_path: Path) -> None:
    """The old version locks the game's folder while it plays: its autosave is not moved
    while it runs, and moves once it has gone."""
    import multiprocessing

    folder = tmp_path / "luckybox"
    folder.mkdir()
    (folder / storage.AUTOSAVE).write_bytes(b"{}")
    ctx = multiprocessing.get_context("fork")
    ready, release = ctx.Event(), ctx.Event()
    old_copy = ctx.Process(target=_hold_lock, args=(str(folder), ready, release))
    old_copy.start()
    try:
        assert ready.wait(30)
        saves.migrate_single_save(folder)
        assert saves.table_folders(folder) == []
        assert (folder / storage.AUTOSAVE).read_bytes() == b"{}"
        # Still listed where it is (as the old version would): it is a game in progress.
        session = Session([Seat("Ann")], 5, game=LUCKYBOX)
        (folder / storage.AUTOSAVE).write_text(json.dumps(session.save()))
        listed, problems = saves.list_saved(folder, [LUCKYBOX])
        assert problems == [] and [t.folder for t in listed] == [folder]
        (folder / storage.AUTOSAVE).write_bytes(b"{}")
    finally:
        release.set()
        old_copy.join(30)
    saves.migrate_single_save(folder)  # the old copy gone: now it moves
    [table] = saves.table_folders(folder)
    assert (table / storage.AUTOSAVE).read_bytes() == b"{}"
    assert not (folder / storage.AUTOSAVE).exists()


def _hold_lock(folder: str, ready: Any, release: Any) -> None:
    assert storage.lock_saves(Path(folder))
    ready.set()
    release.wait(30)


def test_a_damaged_save_is_one_line_and_the_others_are_listed(app: Any, data_dir: Path) -> None:
    folder = lb(data_dir)
    good = Session([Seat("Ann")], 5, game=LUCKYBOX)
    storage.save_game(saves.new_table(folder), good.save())
    bad = saves.new_table(folder)
    (bad / storage.AUTOSAVE).write_bytes(b"{ not json")
    other = Session([Seat("Bo")], 6, game=LUCKYBOX)
    storage.save_game(saves.new_table(folder), other.save())
    screen = title(app)
    message = app.ctx.message
    assert message.startswith("The saved game could not be read") and "\n" not in message
    assert sorted(s.session.seats[0].name for s in screen.saves) == ["Ann", "Bo"]
    [aside] = list(bad.glob("autosave.json.bad-*"))
    assert aside.read_bytes() == b"{ not json", "kept aside, never overwritten"
    assert bad.is_dir()
    screen = title(app)  # said once: the file is aside now
    assert len(screen.saves) == 2


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_list_speaks_the_players_language(app: Any, data_dir: Path, lang: str) -> None:
    folder = lb(data_dir)
    solo = Session([Seat("Ann")], 5, game=LUCKYBOX)
    table = saves.new_table(folder)
    storage.save_game(table, solo.save())
    os.utime(table / storage.AUTOSAVE, (1_795_000_000, 1_795_000_000))
    versus = Session([Seat("Ann"), Seat("Bot", "easy"), Seat("Cy", "hard")], 6, game=LUCKYBOX)
    storage.save_game(saves.new_table(folder), versus.save())
    i18n.set_language(lang)
    screen = title(app)
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    assert isinstance(listing, SavesScene)
    kinds = [kind_of(s.session) for s in listing.tables]
    when = datetime.fromtimestamp(1_795_000_000)
    expected = {
        "en": ["Against 2 computers", "Solo"],
        "fr": ["Contre 2 ordinateurs", "Solo"],
        "de": ["Gegen 2 Computer", "Solo"],
    }[lang]
    assert kinds == expected
    assert when_played(listing.tables[1]) == i18n.date(when, with_time=True)
    month = {"en": "November", "fr": "novembre", "de": "November"}[lang]
    assert month in when_played(listing.tables[1])
    # Played today or yesterday: said so, with the time.
    clock = f"{when.hour:02d}:{when.minute:02d}"
    today = {"en": "Today, ", "fr": "Aujourd\u2019hui, ", "de": "Heute, "}[lang] + clock
    assert when_played(listing.tables[1], now=when) == today
    yesterday = {"en": "Yesterday, ", "fr": "Hier, ", "de": "Gestern, "}[lang] + clock
    assert when_played(listing.tables[1], now=when + timedelta(days=1)) == yesterday


@pytest.mark.sampled
def test_shots_of_the_list_and_the_title(data_dir: Path) -> None:
    """Pictures of the title with several games in progress and of the list, at 1024x768 and
    2560x1080 in en/fr/de (each language at a size drawn for the run: drawn_shots), into
    /tmp/shots-h67saves (looked at by hand)."""
    from game.catalog import new_app

    folder = lb(data_dir)
    tables = [
        Session([Seat("Ann"), Seat("Bo"), Seat("Cy")], 7, game=LUCKYBOX),
        Session([Seat("Zoé"), Seat("Bot", "easy")], 9, game=LUCKYBOX),
        Session([Seat("Ann")], daily.daily_seed("luckybox", daily.today()), game=LUCKYBOX),
    ]
    tables[2].daily = daily.today()
    rng = random.Random(2)
    now = time.time()
    for n, session in enumerate(tables):
        for _ in range((60, 30, 4)[n]):  # some way into the game
            seat = session.next_seat()
            if seat is None:
                session.advance()
            else:
                session.apply(rng.choice(session.state.legal_actions(seat)))
        table = saves.new_table(folder)
        storage.save_game(table, session.save())
        os.utime(table / storage.AUTOSAVE, (now - 86400 * (2 - n) - 60,) * 2)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shots = [(size, lang, False) for lang, size in drawn_shots("list_and_title")]
    shots.append(((1024, 768), "de", True))  # the longest words, at Large text
    for size, lang, large in shots:
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            if large:
                app.ctx.settings.text_size = "large"
                app.ctx.text.set_scale(1.15)
            name = f"{lang}{'_large' if large else ''}_{size[0]}x{size[1]}"
            screen = title(app)
            frames(app, 60)  # the buttons have slid in
            assert len(screen.saves) == 3
            _window_shot(app, f"title_{name}")
            click_widget(app, screen, "continue", 3)
            frames(app, 10)
            _window_shot(app, f"list_{name}")
            click_widget(app, app.stack.top, "delete_0", 3)
            frames(app, 10)
            _window_shot(app, f"delete_{name}")
            click_widget(app, app.stack.top, "no", 3)
            assert len(app.stack.top.tables) == 3 and app.errors == []
        finally:
            app.close()
            pygame.quit()
    i18n.set_language("en")


def _window_shot(app: Any, name: str) -> None:
    """What the window shows, at the window's size."""
    pygame.image.save(app.window_image(), str(SHOTS / f"{name}.png"))


def test_blanco_people_at_one_screen_and_the_daily_both_wait(app: Any, data_dir: Path) -> None:
    """Blanco too: a game of three people at one screen, left for the daily deal; both are
    listed on Blanco's tab (Lucky Box's stays empty) and each comes back as it was."""
    screen = title(app)
    screen.choose_game("blanco")
    frames(app, 2)
    seats = [Seat("Ann"), Seat("Bo"), Seat("Cy")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=11)
    frames(app, 30)
    people = list(table.state.actions)
    screen = leave_to_title(app)
    assert screen.game == "blanco" and len(screen.saves) == 1
    click_widget(app, screen, "daily", 3)
    assert not isinstance(app.stack.top, ConfirmDialog)
    solo = app.stack.scenes[0]
    assert solo.session.daily == daily.today() and solo.session.table_folder is not None
    frames(app, 30)
    screen = leave_to_title(app)
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    assert isinstance(listing, SavesScene) and listing.game == "blanco"
    assert [kind_of(s.session) for s in listing.tables] == [
        f"Daily deal of {i18n.date(datetime.now().date())}",
        "3 people at one screen",
    ]
    click_widget(app, listing, "resume_1", 3)
    back = app.stack.scenes[0]
    assert back.session.daily is None and back.state.actions == people
    assert saves.table_folders(lb(data_dir)) == []
    assert len(saves.table_folders(storage.game_folder(data_dir, "blanco"))) == 2
    assert app.errors == []


def test_a_game_another_copy_is_playing_cannot_be_deleted(app: Any, data_dir: Path) -> None:
    """Delete refuses, and says why, a game another copy of the game has on its table."""
    import multiprocessing

    folder = lb(data_dir)
    for seed, name in ((5, "Ann"), (6, "Bo")):
        storage.save_game(
            saves.new_table(folder), Session([Seat(name)], seed, game=LUCKYBOX).save()
        )
        time.sleep(0.01)
    playing = saves.table_folders(folder)[0]  # Bo's
    ctx = multiprocessing.get_context("fork")
    ready, release = ctx.Event(), ctx.Event()
    other = ctx.Process(target=_hold_lock, args=(str(playing), ready, release))
    other.start()
    try:
        assert ready.wait(30)
        screen = title(app)
        click_widget(app, screen, "continue", 3)
        listing = app.stack.top
        assert isinstance(listing, SavesScene) and listing.tables[0].folder == playing
        click_widget(app, listing, "delete_0", 3)
        assert app.stack.top is listing, "no question: it cannot be deleted"
        assert listing.note == (
            "Another copy of the game is playing this game now: it cannot be deleted."
        )
        assert (playing / storage.AUTOSAVE).is_file()
    finally:
        release.set()
        other.join(30)


@pytest.mark.sampled
def test_shots_of_the_full_list(data_dir: Path) -> None:
    """Pictures of the list as New game opens it at the cap, saying why, at 1024x768 and
    2560x1080 in en/fr/de (each language at a size drawn for the run: drawn_shots; into
    /tmp/shots-h67saves, looked at by hand); the line fits."""
    from game.catalog import new_app

    folder = lb(data_dir)
    for i in range(saves.CAP):
        session = Session([Seat(f"P{i}"), Seat("Bot", "hard")], 200 + i, game=LUCKYBOX)
        storage.save_game(saves.new_table(folder), session.save())
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang, size in drawn_shots("full_list"):
        app = new_app(window=size)
        try:
            i18n.set_language(lang)
            screen = title(app)
            frames(app, 60)
            click_widget(app, screen, "new_game", 3)
            listing = app.stack.top
            assert isinstance(listing, SavesScene) and listing.full
            note = listing.headline_note()
            assert note and app.ctx.text.fit_size(note, 24, 1160) >= 16, note
            frames(app, 10)
            _window_shot(app, f"full_{lang}_{size[0]}x{size[1]}")
            assert app.errors == []
        finally:
            app.close()
            pygame.quit()
