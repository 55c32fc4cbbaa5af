"""A third game costs one package and one line in the catalog: tests/highcard (High card: pure
rules, a UI descriptor, routes and four small scenes built in the core screens) is registered
for these tests and played through the real app with posted pygame events: the title's tab,
the set-up, the table to the end, the kept record (checked by --check-record), the Replays
list, Statistics, and the screens that have nothing of this game (how-to, logo) still work."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import catalog, cli
from game.core.storage import RECORDS
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.canvas import BAR_COLOUR
from tests.support import title as fresh_title
from tests.ui_helpers import SCREENSHOTS, click, click_widget, frames, press, type_text, wait

PACKAGE = "tests.highcard"
SHOTS = SCREENSHOTS / "third"


@pytest.fixture
def highcard() -> Iterator[str]:
    catalog.register(PACKAGE)
    try:
        yield "highcard"
    finally:
        catalog.unregister(PACKAGE)


@pytest.fixture
def app(highcard: str, data_dir: Path) -> Iterator[Any]:
    """The app with High card registered (built after the registration, as main.py does)."""
    application = catalog.new_app()
    try:
        yield application
    finally:
        pygame.quit()


def until(app: Any, done: Any, limit: int = 1200) -> None:
    """Run frames until `done()` (the computer thinks in the worker: wait for it each frame)."""
    for _ in range(limit):
        if done():
            return
        table = app.ctx.stack.top
        turns = getattr(table, "turns", None)
        if turns is not None:
            turns.wait_for_computer()
        wait(app)
    raise AssertionError(f"not reached in {limit} frames: {app.ctx.stack.top!r}")


def shot(app: Any, name: str) -> None:
    """The screen as a 1024x768 window shows it: the 16:9 picture between bars."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    window = pygame.Surface((1024, 768))
    window.fill(BAR_COLOUR)
    window.blit(pygame.transform.smoothscale(gfx.pixels_of(app.screen), (1024, 576)), (0, 96))
    pygame.image.save(window, str(SHOTS / f"{name}.png"))


def records(app: Any) -> list[Path]:
    return sorted((app.ctx.game_dir("highcard") / RECORDS).glob("*.json"))


def test_a_registered_game_gets_a_tab_a_command_line_choice_and_its_routes(highcard) -> None:
    assert [g.id for g in catalog.games()][-1] == highcard
    assert cli.parse_args(["--demo", "--game", highcard, "--players", "4"]).game == highcard
    catalog.unregister(PACKAGE)
    with pytest.raises(SystemExit):
        cli.parse_args(["--demo", "--game", highcard])


def test_high_card_is_played_from_the_title_to_its_record_replay_and_statistics(
    app, capsys
) -> None:
    ctx = app.ctx
    title = fresh_title(app)
    frames(app, 30)
    tab = title.widget("game_highcard")
    assert tab.label == "High card"
    click(app, tab.rect.center, 20)
    assert title.game == "highcard"
    shot(app, "title")

    # Set-up: one person and one computer, the seed typed.
    click_widget(app, title, "new_game", 3)
    setup = ctx.stack.top
    assert type(setup).__name__ == "SetupScene" and setup.game_id == "highcard"
    while setup.seats > 2:
        click_widget(app, setup, "seat_minus")
    while setup.seats < 2:
        click_widget(app, setup, "seat_plus")
    if setup.widget("computer_0").value:
        click_widget(app, setup, "computer_0")
    if not setup.widget("computer_1").value:
        click_widget(app, setup, "computer_1")
    # The computer's levels are the game's own: three, not core's four.
    seen_levels = []
    for _ in range(4):
        seen_levels.append(setup.widget("level_1").level)
        click_widget(app, setup, "level_1")
    assert sorted(set(seen_levels)) == ["easy", "hard", "normal"]
    seed = setup.widget("seed")
    click(app, seed.rect.center)
    seed.set_text("")
    type_text(app, "4242")
    shot(app, "setup")
    click_widget(app, setup, "start", 2)

    # The table: the person sees their own card only; Undo before a move says why not.
    table = ctx.stack.top
    assert type(table).__name__ == "Table" and type(table.kit).__name__ == "HighCardKit"
    assert [s.kind for s in table.session.seats][0] == "human" and table.session.bots
    until(app, table.human_turn)
    controls = table.controls
    click(app, controls.buttons["undo"].rect.center, 2)
    assert table.message == "Can't undo. Nothing to take back this turn."
    mine = table.state.cards[0]
    assert table.seen.cards[0] == mine
    shot(app, "table")
    choice = "swap" if mine < 27 else "keep"
    click(app, controls.buttons[choice].rect.center, 2)
    assert len(table.state.actions) == 1 and table.message == ""
    until(app, lambda: ctx.stack.top is not table)

    # The end: who won; the record kept in the game's own folder.
    end = ctx.stack.top
    assert type(end).__name__ == "GameEndScene"
    state = table.state
    assert state.is_terminal() and len(state.actions) == 2
    shot(app, "gameend")
    kept = records(app)
    assert len(kept) == 1
    record = json.loads(kept[0].read_text("utf-8"))
    assert record["format"] == "highcard-record" and record["seed"] == 4242
    assert record["actions"][0] == {"kind": choice, "player": 0}  # its own tagged JSON
    capsys.readouterr()
    assert cli.main(["--check-record", str(kept[0])]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["winner"] == state.winner() and line["finished"] is True

    # Back to the title; Replays lists the game and plays it to its end.
    click_widget(app, end, "title", 3)
    title = ctx.stack.top
    assert title.game == "highcard"
    click_widget(app, title, "replays", 3)
    replays = ctx.stack.top
    assert [info.game for info in replays.entries] == ["highcard"]
    click_widget(app, replays, "watch_0", 2)
    replay = ctx.stack.top
    assert type(replay).__name__ == "ReplayScene"
    until(app, lambda: ctx.stack.top is not replay)
    watched = ctx.stack.top
    assert type(watched).__name__ == "GameEndScene"
    assert watched.session.state.cards == state.cards
    click_widget(app, watched, "title", 2)  # "Back": to the list
    assert ctx.stack.top is replays
    press(app, pygame.K_ESCAPE, 2)

    # Statistics, for the game on the title's tab.
    assert ctx.stack.top is title
    click_widget(app, title, "stats", 3)
    stats = ctx.stack.top
    assert stats.game == "highcard" and stats.stats.multiplayer_games == 1
    person = next(p for p in stats.stats.players if not p.computer)
    assert person.label == table.session.seats[0].name and person.played == 1
    assert person.wins == (1 if state.winner() == 0 else 0)
    assert len(stats.win_rows) == 2


def test_how_to_and_the_pause_menu_take_a_game_with_no_pages_and_no_logo(app) -> None:
    ctx = app.ctx
    title = fresh_title(app)
    click_widget(app, title, "game_highcard", 5)
    # The title draws the game's own name, not another game's logo.
    drawn: list[str] = []
    blit = ctx.text.blit_centered
    ctx.text.blit_centered = lambda surface, line, *a, **k: (
        drawn.append(line) or blit(surface, line, *a, **k)
    )
    frames(app, 2)
    ctx.text.blit_centered = blit
    assert "High card" in drawn and "LUCKY BOX" not in drawn
    click_widget(app, title, "howto", 3)
    howto = ctx.stack.top
    assert type(howto).__name__ == "HowToScene" and howto.pages == []
    frames(app, 3)
    press(app, pygame.K_ESCAPE, 3)
    assert ctx.stack.top is title
    # At the table, the pause menu opens and its how-to does too.
    from game.core.session import Seat

    ctx.nav.make("highcard.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=3)
    frames(app, 3)
    press(app, pygame.K_ESCAPE, 3)
    pause = ctx.stack.top
    assert type(pause).__name__ == "PauseScene"
    click_widget(app, pause, "howto", 3)
    assert type(ctx.stack.top).__name__ == "HowToScene" and ctx.stack.top.game == "highcard"
    press(app, pygame.K_ESCAPE, 3)
    assert ctx.stack.top is pause


def test_an_undo_refusal_is_a_code_each_table_says_in_its_games_words(app) -> None:
    from game.core import i18n
    from game.core.game import Refusal
    from game.core.session import Seat
    from game.core.turns import NOT_YOUR_MOVE

    seats = [Seat("Ann"), Seat("Bot", "easy")]
    table = app.ctx.nav.make("highcard.start_game", seats=seats, seed=3)
    refusal = table.turns.undo(0)  # nothing played yet: the rules' own code, no English matched
    assert refusal.code == "nothing_this_turn" and table.state.actions == []
    assert table.undo() == "Can't undo. Nothing to take back this turn."
    not_yours = table.turn_view.undo_words(Refusal(NOT_YOUR_MOVE, ""))
    assert not_yours == "Can't undo: it is not your move."
    lucky = app.ctx.nav.make("luckybox.start_game", seats=seats, seed=3)
    nothing = Refusal("nothing_to_undo", "nothing to undo since this number was revealed")
    said = "Can't undo. Nothing to undo since this number was revealed."
    assert lucky.turn_view.undo_words(nothing) == said
    i18n.set_language("fr")
    french = lucky.turn_view.undo_words(nothing)
    assert french.startswith("Impossible de défaire. ") and french != said
    assert "permis" not in french  # its own line, not the generic one
