"""The daily deal through the window, by posted events: the title's Daily deal, the table that
says whether the game counts, the end screen's line to share and its Copy button (and where no
clipboard exists), practice games, and the statistics' streak and calendar."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.blanco.ui.table.kit import BlancoKit
from game.core import daily, daily_history
from game.core.session import Seat
from game.core.ui.screens.gameend import GameEndScreen
from game.core.ui.screens.stats import StatsScene
from game.core.ui.screens.stats_daily import DailyStatsScene
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.table import is_lucky_box_table
from tests.support import drive, kit_table, table_of, title
from tests.ui_helpers import click, click_widget, frames, press, screenshot, wait

TODAY = daily.today()


@pytest.fixture(autouse=True)
def same_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today stays TODAY for the app as for the test: a run across midnight would otherwise
    deal the next day's deal to a test that expects this one's."""
    monkeypatch.setattr(daily, "today", lambda: TODAY)


def test_title_daily_deal_to_the_end_then_copy_and_streak(
    app: Any, data_dir: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The day's deal played to its end from the title, its line to share copied (and where no
    clipboard exists, the message line says so), then the streak in the statistics."""
    folder = app.ctx.game_dir("luckybox")
    # Played the two days before: today's game makes a streak of three.
    for back, score in ((2, 50), (1, 58)):
        day = daily.parse_day(TODAY)
        assert day is not None
        earlier = day.fromordinal(day.toordinal() - back).isoformat()
        assert daily_history.keep_result(folder, earlier, score, "") is None
    screen = title(app)
    click_widget(app, screen, "daily", 3)
    table = table_of(app)  # under the draft of the first cards
    assert is_lucky_box_table(table)
    session = table.session
    assert (session.daily, session.daily_practice) == (TODAY, False)
    assert session.seed == daily.daily_seed("luckybox", TODAY)
    assert len(session.seats) == 1 and not session.seats[0].is_computer

    end, _ = drive(app, table, random.Random(4))
    frames(app, 3)
    assert isinstance(end, GameEndScreen) and end.share is not None
    line, squares = end.share
    total = session.state.players[0].total
    assert line.startswith(f"Super Mega Lucky Box daily \u00b7 {TODAY} \u00b7 {total} point")
    assert len(squares.split(" ")) == 4  # a group per round
    shared = f"{line} {squares}"
    history, _ = daily_history.load_history(folder)
    assert history.days[TODAY].score == total and history.days[TODAY].share == shared

    click_widget(app, end, "copy", 2)
    assert pygame.scrap.get_text() == shared
    assert app.ctx.message.startswith("Copied")

    # Where no clipboard exists, the message line says so (the same end screen: a whole game
    # played again just to reach it took a few CPU-seconds).
    def no_clipboard(text: str) -> None:
        raise pygame.error("no clipboard on this system")

    app.ctx.message = ""
    with monkeypatch.context() as patch:
        patch.setattr(pygame.scrap, "put_text", no_clipboard)
        click_widget(app, end, "copy", 2)
    assert "no clipboard" in app.ctx.message

    # The statistics: Daily deal shows a streak of three and today on the calendar.
    title(app)
    click_widget(app, app.stack.top, "stats", 3)
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    press(app, pygame.K_d, 3)
    page = app.stack.top
    assert isinstance(page, DailyStatsScene)
    assert (page.streak, page.best_streak) == (3, 3)
    assert page.best_score == max(58, total)
    assert (TODAY, True) in page.played_cells


def test_a_later_game_the_same_day_is_practice_and_says_so(app: Any) -> None:
    folder = app.ctx.game_dir("luckybox")
    assert daily_history.claim(folder, TODAY) == (
        True,
        None,
    )  # today's first game was dealt already
    screen = title(app)
    click_widget(app, screen, "daily", 3)
    table = table_of(app)  # under the draft of the first cards
    assert is_lucky_box_table(table)
    assert table.session.daily_practice
    assert table.session.record()["daily_practice"] is True
    from game.core.ui.table.daily import badge

    assert "practice" in badge(table.session)
    end, _ = drive(app, table, random.Random(6))
    frames(app, 2)
    assert end.share is not None
    # Its line to share says so: a practice score is not the day's result.
    total = table.session.state.players[0].total
    assert (
        end.share[0]
        == f"Super Mega Lucky Box daily \u00b7 {TODAY} \u00b7 practice \u00b7 {total} points"
    )
    click_widget(app, end, "copy", 2)
    assert pygame.scrap.get_text().startswith(end.share[0] + " ")
    # A practice game keeps nothing in the history: the day's claim stays unfinished.
    assert daily_history.load_history(folder)[0].days[TODAY].score is None
    # Play again is the day's deal again, as practice.
    click_widget(app, end, "again", 3)
    again = table_of(app)
    assert is_lucky_box_table(again) and again is not table
    assert again.session.daily == TODAY and again.session.daily_practice


def test_a_double_click_on_daily_deal_picks_no_card_of_the_draft(app: Any) -> None:
    """Double-clicking a button is common; its second press must not reach the screen the first
    press opened (a card of the draft lies under the title's Daily deal button)."""
    screen = title(app)
    spot = screen.widget("daily").rect.center
    click(app, spot, 1)
    frames(app, 2)  # the table opens under the draft: a double-click's second press comes now
    draft = app.stack.top
    assert isinstance(draft, DraftScene) and not draft.selected
    assert draft.card_at(spot) is not None, "no card under the button: this would test nothing"
    click(app, spot, 2)
    assert not draft.selected, "the second half of the double-click picked a card"
    frames(app, 30)  # a deliberate click a moment later picks it
    click(app, spot, 2)
    assert len(draft.selected) == 1


def test_blanco_daily_deal_from_its_tab(app: Any) -> None:
    screen = title(app)
    click_widget(app, screen, "game_blanco", 2)
    click_widget(app, screen, "daily", 3)
    table = app.stack.top
    assert kit_table(table, BlancoKit)
    session = table.session
    assert session.daily == TODAY and session.seed == daily.daily_seed("blanco", TODAY)
    # The person's seat is handed to a computer to reach the end quickly.
    session.seats[0] = Seat(session.seats[0].name, "easy")
    session.bots[0] = session.game.bots.make_bot("easy", 1, 0)
    app.ctx.settings.animation_speed = 64.0
    for _ in range(6000):
        if isinstance(app.stack.top, GameEndScreen):
            break
        wait(app, 2)  # (frames nobody sees: only the scene on top is read)
    frames(app, 1)
    end = app.stack.top
    assert isinstance(end, GameEndScreen) and end.share is not None
    turns = session.state.players[0].turns
    assert end.share[0] == f"Blanco daily \u00b7 {TODAY} \u00b7 {turns} turns"
    history, _ = daily_history.load_history(app.ctx.game_dir("blanco"))
    assert history.days[TODAY].score == turns


SHARE_ROOM = 8  # px at least between the line to share and the results above, the buttons below


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
@pytest.mark.parametrize(("lang", "large"), [("en", False), ("de", True)])
def test_the_line_to_share_has_room_under_the_results(
    app: Any, game: str, lang: str, large: bool
) -> None:
    """Issue 22: the daily deal's line to share sat tight under (into) the rating panel. Its
    ink keeps 8 px clear of the results' lowest panel (its shadow too) and of the buttons,
    in every window shape, Large German text included."""
    from game.blanco.entry import BLANCO
    from game.core import i18n
    from game.core.ui.toolkit import gfx, window as window_mode
    from tests.test_text_fits import finished

    if large:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    i18n.set_language(lang)
    session = finished(["Ann"], 4, BLANCO if game == "blanco" else None)
    session.daily = TODAY
    app.ctx.nav.push("title")
    for size in ((1024, 768), (1280, 1024), (2560, 1080)):
        window_mode.the_window().size = size
        app.settle_window()
        end = app.ctx.nav.make(f"{game}.game_end", session=session)
        app.stack.clear_to(end)
        frames(app, 30, dt=0.1)  # the bars have grown
        app.redraw()
        frames(app, 1)
        assert isinstance(end, GameEndScreen) and end.share_rect is not None
        results = end.scale_rect() if game == "luckybox" else end.panel()
        shadow_bottom = results.bottom + 8
        share = end.share_rect
        assert share.top - shadow_bottom >= SHARE_ROOM, (size, share, results)
        buttons = min(end.widgets[name].rect.top for name in ("copy", "again", "title"))
        assert buttons - share.bottom >= SHARE_ROOM, (size, share, buttons)
        assert gfx.view(app.screen).contains(share)
    assert not app.errors


def test_the_drafts_say_it_is_the_daily_deal_above_their_title(app: Any) -> None:
    """The day's game says so from its first screen (the draft of its first cards) on, as its
    table does: a pink pill above the draft's title, and none in another game's draft."""
    from game.core.ui.toolkit.paint import PINK
    from game.luckybox.ui.scenes.draft import DAILY_BADGE_AT

    x, y = DAILY_BADGE_AT
    inside = (round(x), round(y) - 11)  # the pill above its text, under the title
    click_widget(app, title(app), "daily", 3)
    draft = app.stack.top
    assert isinstance(draft, DraftScene) and draft.session.daily == TODAY
    frames(app, 2)
    assert app.screen.get_at(inside)[:3] == PINK
    screenshot(app, "luckybox_daily_draft")
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Ann")], seed=5)  # not the day's deal
    frames(app, 3)
    assert isinstance(app.stack.top, DraftScene) and app.stack.top.session.daily is None
    assert app.screen.get_at(inside)[:3] != PINK


def test_a_played_day_on_the_calendar_says_its_date_and_result(app: Any) -> None:
    """The mouse resting on a day played says its date and score (or that it is unfinished);
    a day not played says nothing."""
    from tests.test_tooltips import STILL, move

    folder = app.ctx.game_dir("luckybox")
    day = daily.parse_day(TODAY)
    assert day is not None
    yesterday = day.fromordinal(day.toordinal() - 1).isoformat()
    assert daily_history.keep_result(folder, yesterday, 61, "") is None
    assert daily_history.claim(folder, TODAY) == (True, None)  # dealt, not finished
    click_widget(app, title(app), "stats", 3)
    press(app, pygame.K_d, 3)
    page = app.stack.top
    assert isinstance(page, DailyStatsScene)
    move(app, page.day_rects[yesterday].center, STILL)
    tip = page.tooltips.tip
    assert tip is not None and tip.text == "61 points", tip
    assert tip.title == i18n_date(yesterday)
    screenshot(app, "daily_stats_day_tip")
    move(app, page.day_rects[TODAY].center, STILL)
    assert page.tooltips.tip is not None
    assert page.tooltips.tip.text == "Dealt, not finished."
    never = next(k for k in page.day_rects if k not in (yesterday, TODAY))
    move(app, page.day_rects[never].center, STILL)
    assert page.tooltips.tip is None
    # By keys: the ring goes to the days played only, and resting there says the same.
    from tests.keys_helpers import targets, walk_to

    days = [t.key for t in targets(app) if t.key[0] == "day"]
    assert sorted(days) == [("day", yesterday), ("day", TODAY)]
    walk_to(app, ("day", yesterday))
    frames(app, 60)
    assert app.ring.tip is not None and app.ring.tip.text == "61 points"


def i18n_date(key: str) -> str:
    from game.core import i18n

    day = daily.parse_day(key)
    assert day is not None
    return i18n.date(day)


def test_continue_says_the_saved_game_is_the_days_deal(app: Any) -> None:
    """The title's line under Continue says a saved daily game is the day's deal (and a
    practice one that it is practice), in the player's language; another game's line does not.
    Daily deal with the day's game saved goes on with it: a second deal would be practice, and
    the counted game lost."""
    from game.core import i18n
    from game.core.ui.screens.dialog import ConfirmDialog

    click_widget(app, title(app), "daily", 3)
    for _ in range(3):  # the first cards kept by clicks: the game is under way, and saved
        draft = app.stack.top
        assert isinstance(draft, DraftScene)
        click(app, draft.card_rects()[len(draft.selected)].center)
    click_widget(app, draft, "confirm", 3)
    frames(app, 30)
    kept = list(table_of(app).session.state.actions)
    screen = title(app)
    assert screen.widget("continue").visible
    assert screen.saved is not None
    assert screen.saved.startswith(f"Daily deal {TODAY}  \u00b7  You  \u00b7  round 1")
    i18n.set_language("fr")
    frames(app, 60)  # the buttons have slid in
    # The seat kept as "You" (the game began in English) is named in French (issue 74).
    assert screen.saved.startswith(f"Donne du jour {TODAY}  \u00b7  Toi  \u00b7  manche 1")
    screenshot(app, "title_continue_daily_fr")
    i18n.set_language("en")
    # Daily deal again: the day's game goes on, asked nothing.
    click_widget(app, screen, "daily", 3)
    assert not isinstance(app.stack.top, ConfirmDialog)
    table = table_of(app)
    assert (table.session.daily, table.session.daily_practice) == (TODAY, False)
    assert table.session.state.actions == kept
    # Another game's line says nothing of the day; beside it, Daily deal asks nothing and
    # goes on with the day's game, the other game kept at its own table.
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Ann")], seed=5)
    frames(app, 30)
    screen = title(app)
    assert screen.saved is not None and screen.saved.startswith("Ann")
    assert len(screen.saves) == 2
    click_widget(app, screen, "daily", 3)
    assert not isinstance(app.stack.top, ConfirmDialog)
    table = table_of(app)
    assert (table.session.daily, table.session.daily_practice) == (TODAY, False)
    assert table.session.state.actions == kept
    frames(app, 5)
    # The day's game deleted from the list (asked first), Daily deal deals the day's deal
    # again: practice, and said so; the other game stays.
    screen = title(app)
    click_widget(app, screen, "continue", 3)
    listing = app.stack.top
    row = [s.session.daily for s in listing.shown()].index(TODAY)
    click_widget(app, listing, f"delete_{row}", 3)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog, "yes", 3)
    assert [s.session.daily for s in listing.tables] == [None]
    click_widget(app, listing, "back", 3)
    assert app.stack.top is screen and len(screen.saves) == 1
    click_widget(app, screen, "daily", 3)
    assert table_of(app).session.daily_practice
    frames(app, 30)
    screen = title(app)
    assert screen.saved is not None
    assert screen.saved.startswith(f"Daily deal {TODAY}, practice  \u00b7  You")
    assert len(screen.saves) == 2 and screen.saves[1].session.seats[0].name == "Ann"


def test_replays_say_which_games_were_the_days_deal(app: Any) -> None:
    """A kept daily game's row says so under its date (a practice one that it was practice);
    another game's row says only solo or how many played."""
    from game.core.storage import finished_extra, keep_record, list_records
    from game.core.ui.screens.replays import kind_line
    from game.luckybox.entry import LUCKYBOX
    from tests.test_text_fits import finished

    folder = app.ctx.game_dir("luckybox")
    days = daily.daily_seed("luckybox", TODAY)  # (a record's daily seed is checked)
    for seed, day, practice in ((days, TODAY, False), (days, TODAY, True), (5, None, False)):
        session = finished(["Ann"], seed)
        session.daily, session.daily_practice = day, practice
        extra = finished_extra(session.state, ["human"], "test", game=LUCKYBOX)
        keep_record(folder, session.record(extra))
    infos, warnings = list_records(folder, [LUCKYBOX])
    assert warnings == []
    lines = sorted(kind_line(info) for info in infos)
    assert lines == ["Solo", "Solo · daily deal", "Solo · daily practice"], lines
    click_widget(app, title(app), "replays", 3)
    frames(app, 10)
    screenshot(app, "replays_daily")
