"""Issue 74: Blanco's table as a person plays it (items 3, 4, 7, 9, 10)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.rules import Draw, Play, Setup
from game.blanco.rules.state import TURN
from game.core import i18n
from game.core.seat_names import default_name
from game.core.session import Seat
from game.core.ui.screens.title import TitleScene
from tests.blanco_helpers import RED, c, ready
from tests.test_blanco_ui import cell_at, click_action, human_step, settle
from tests.ui_helpers import click, click_widget, frames, press, screenshot


def solo_at_turn(app: Any, seed: int = 5) -> Any:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=seed)
    app.ctx.settings.animation_speed = 4.0
    frames(app, 30)
    bot = BLANCO.bots.make_bot("normal", 5, 0)
    while table.state.phase != TURN:  # the set-up, by clicks
        settle(app, table)
        human_step(app, table, bot)
    settle(app, table)
    return table


def test_enter_during_a_played_cards_flight_is_next(app: Any) -> None:
    """Issue 74, item 4: a card played by mouse (the focus ring hidden), Enter pressed 0.3 s
    into its flight: the flight is shown at once and the Enter is Next, as pressed after it
    (it only showed the ring, and a second Enter was needed)."""
    table = solo_at_turn(app)
    for _ in range(40):  # a turn whose drawn card can be played
        plays = [a for a in table.state.legal_actions(0) if isinstance(a, Play)]
        if plays:
            break
        assert any(isinstance(a, Draw) for a in table.state.legal_actions(0))
        click(app, table.kit.geometry.draw_pile.center)
        settle(app, table)
    app.ctx.settings.animation_speed = 1.0  # the game's own pace: the flight takes a while
    play = plays[0]
    click(app, table.kit.hand.rects()[table.state.hand(0).index(play.card)].center)
    click(app, cell_at(table, play.at))
    assert table.state.actions[-1] == play
    assert table.confirming == 0, "the turn waits for Next"
    frames(app, 18)  # 0.3 s
    assert table.animator.busy, "the card is still flying"
    assert not app.ring.visible
    press(app, pygame.K_RETURN)
    for _ in range(600):
        if table.confirming is None:
            break
        frames(app, 1)
    assert table.confirming is None, "the Enter was Next"
    assert table.state.players[0].turns >= 1 and not app.errors


def newest_log_row(table: Any) -> pygame.FRect:
    """Where the log panel drew its newest line (the panel's rows start under its title)."""
    from game.core.ui.table import log_panel as lp

    panel = table.kit.log_panel
    rect = panel.rect()
    per_row = round(lp.LINE * table.ctx.text.scale) + lp.GAP
    assert panel.rows_drawn, "the log says something"
    top = rect.y + lp.HEAD + (len(panel.rows_drawn) - 1) * per_row
    return pygame.FRect(rect.x + lp.PAD, top, rect.w - 2 * lp.PAD, per_row)


@pytest.mark.parametrize(
    ("size", "large"),
    [((1024, 768), False), ((1280, 720), True), ((1280, 1024), False), ((2560, 1080), True)],
    ids=["1024x768", "1280x720-large", "1280x1024", "2560x1080-large"],
)
def test_the_board_brought_forward_leaves_the_logs_newest_line_in_view(
    make_app: Any, size: tuple[int, int], large: bool
) -> None:
    """Issue 74, item 3: while the other seat's board is brought forward (a computer's turn),
    the log's newest line lies clear of it and shows on the screen, at every window shape."""
    from game.blanco.ui.table.spotlight import spotlit

    app = make_app(size)
    if large:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy")], seed=5)
    bot = BLANCO.bots.make_bot("normal", 1, 0)
    for _ in range(4000):  # Ann's set-up and first turn by clicks, on to Bo's turn shown
        if spotlit(table) == 1 and table.kit.log_panel.rows_drawn:
            break
        if table.human_turn():
            human_step(app, table, bot)
        elif table.turns.confirming is not None and not table.animator.busy:
            click(app, table.controls.buttons["next"].rect.center)
        else:
            frames(app, 1)
    assert spotlit(table) == 1, "Bo's turn is brought forward"
    frames(app, 1)
    spot = table.kit.others.panels()[1]
    newest = newest_log_row(table)
    assert not spot.colliderect(newest), (size, spot, newest)
    assert not spot.colliderect(table.kit.log_panel.rect()), "the whole log stays in view"
    alone = app.screen.copy()  # the log drawn again over everything: nothing covered it
    table.kit.log_panel.draw(alone)
    row = pygame.Rect(newest)
    assert all(
        app.screen.get_at(p) == alone.get_at(p)
        for p in ((x, y) for x in range(row.x, row.right, 3) for y in range(row.y, row.bottom, 3))
    ), "something covers the log's newest line"
    screenshot(app, f"h7_spot_log_{size[0]}x{size[1]}{'_large' if large else ''}")
    assert not app.errors


def test_a_click_at_a_hand_card_right_after_a_draw_chooses_that_card(app: Any) -> None:
    """Issue 74, item 7: the cards in hand stay where they are when one is drawn (it lands in
    the free place at the right), so a click at a card, aimed before the draw and made while
    the drawn card still slides in, chooses that card (the hand re-centred itself under the
    pointer, and the click landed in the gap where the card had been)."""
    table = solo_at_turn(app)
    app.ctx.settings.animation_speed = 1.0
    held = list(table.state.hand(0))
    assert len(held) == 2
    before = [pygame.FRect(rect) for rect in table.kit.hand.rects()]
    aimed = before[1].center  # the second card, where the player sees it
    click(app, table.kit.geometry.draw_pile.center)
    assert len(table.state.hand(0)) == 3 and table.animator.busy, "the drawn card slides in"
    assert table.kit.hand.rects()[:2] == before, "the cards held did not move"
    click(app, aimed)
    for _ in range(600):
        if not table.animator.busy:
            break
        frames(app, 1)
    frames(app, 2)
    assert table.moves.hand_card == held[1], (table.moves.hand_card, held, table.message)
    assert not table.refusal, table.message


def title_after_leaving(app: Any) -> TitleScene:
    """Leave the table for the title as a player does: Esc, Quit to title, Yes."""
    press(app, pygame.K_ESCAPE, 2)  # the pause menu
    click_widget(app, app.stack.top, "quit", 2)
    click_widget(app, app.stack.top, "yes", 2)
    title = app.stack.top
    assert isinstance(title, TitleScene), title
    frames(app, 3)
    return title


YOU = {"fr": "Toi", "de": "Du"}
DRAFT_PROMPT = {"fr": "Toi\u00a0: garde 3 de ces 5 grilles", "de": "Du: behalte 3 dieser 5 Karten"}


@pytest.mark.parametrize("language", sorted(YOU))
def test_a_daily_deal_begun_in_english_names_its_player_in_the_language_now(
    app: Any, monkeypatch: Any, language: str
) -> None:
    """Issue 74, item 9: a Lucky Box daily deal begun in English keeps its seat as "You" (the
    save keeps the name the game began with); in French or German the draft's prompt and the
    title's Continue line say "Toi" / "Du", never "You"."""
    from game.core.ui.table.daily import start_daily
    from game.luckybox.ui.scenes.draft import DraftScene
    from tests.support import title
    from tests.ui_helpers import texts_drawn

    start_daily(app.ctx, "luckybox", "2026-11-27")
    frames(app, 3)
    draft = app.stack.top
    assert isinstance(draft, DraftScene) and draft.session.seats[0].name == "You"
    click(app, draft.card_rects()[0].center)  # a card kept: the game is under way, and saved
    drawn = texts_drawn(monkeypatch)
    i18n.set_language(language)  # (English again after the test: conftest)
    frames(app, 2)
    assert DRAFT_PROMPT[language] in drawn, sorted(d for d in drawn if ":" in d)[:8]
    assert not any(d.startswith("You") for d in drawn)
    screen = title(app)
    assert screen.saved is not None, "the daily game is in progress"
    names = screen.saved.split("\u00b7")[1].strip()
    assert names == YOU[language], screen.saved
    screenshot(app, f"h7_title_continue_you_{language}")
    assert not app.errors


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "You  \u00b7  turn 1, 21 cards left to clear"),
        ("fr", "Toi  \u00b7  tour 1, 21 cartes à dégager"),
        ("de", "Du  \u00b7  Zug 1, noch 21 Karten abzuräumen"),
    ],
)
def test_a_blanco_daily_begun_in_english_is_continued_under_the_players_word(
    app: Any, language: str, line: str
) -> None:
    """Issue 74, item 9: Blanco's daily deal (its seat "You") left for the title: the
    Continue line names its player in the language spoken now."""
    from game.core.ui.table.daily import start_daily

    table = start_daily(app.ctx, "blanco", "2026-11-27")
    frames(app, 120)  # the deal
    setup = table.state.legal_actions(0)[0]
    assert isinstance(setup, Setup) and table.session.seats[0].name == "You"
    click_action(app, table, setup)  # the set-up by clicks: the game is under way, and saved
    settle(app, table)
    i18n.set_language(language)
    screen = title_after_leaving(app)
    assert screen.saved is not None and screen.saved.endswith(line), screen.saved
    assert not app.errors


@pytest.mark.parametrize(
    ("language", "everyone", "tied"),
    [
        (
            "en",
            "turn 1, everyone has 21 cards left",
            "turn 1, tied for the lead with 16 cards left",
        ),
        (
            "fr",
            "tour 1, chacun a encore 21 cartes",
            "tour 1, à égalité en tête avec 16 cartes restantes",
        ),
        (
            "de",
            "Zug 1, alle haben noch 21 Karten",
            "Zug 1, mehrere gleichauf vorn mit 16 Karten übrig",
        ),
    ],
)
def test_blancos_continue_line_says_how_the_race_stands_in_words(
    app: Any, language: str, everyone: str, tied: str
) -> None:
    """Issue 74, item 10: a Blanco race where nobody is ahead reads "everyone has 21 cards
    left" (it read "level at 21 cards left"); two ahead of a third, "tied for the lead"; one
    ahead is named as the screens name them ("Computer 3" in French is "Ordinateur 3")."""
    i18n.set_language(language)
    assert BLANCO.words.progress(ready()) == everyone
    race = ready(("Ann", "Bo", "Cy"))
    for seat in (0, 1):
        race.players[seat].set_grid([[c(RED, 5), c(RED, 6)], [c(RED, 7), c(RED, 8)]])
    assert BLANCO.words.progress(race) == tied
    ahead = ready(("Ann", "Bo", "Computer 3"))
    ahead.players[2].set_grid([[c(RED, 5), c(RED, 6)], [c(RED, 7), c(RED, 8)]])
    computer = default_name(2, computer=True)
    assert computer in BLANCO.words.progress(ahead)
    # The title's Continue line for a two-player game left at its first turn.
    seats = [Seat("Ann"), Seat("Bot", "hard")]
    app.ctx.nav.make("blanco.start_game", seats=seats, seed=7)
    frames(app, 5, dt=0.5)
    screen = title_after_leaving(app)
    assert screen.saved is not None and screen.saved.endswith(everyone), screen.saved
    assert not app.errors


@pytest.mark.parametrize("language", sorted(YOU))
def test_a_records_solo_you_is_listed_in_the_language_now(language: str) -> None:
    """Issue 74, item 9: Replays and Statistics list a kept record's names as the screens name
    them: a solo game's "You" and a default name in the language spoken now; a table of more
    keeps a person's chosen name "You" as they typed it."""
    from game.core.ui.screens.replays import shown_names

    i18n.set_language(language)
    assert shown_names(["You"]) == [YOU[language]]
    assert shown_names(["You", "Computer 2"]) == ["You", default_name(1, computer=True)]
