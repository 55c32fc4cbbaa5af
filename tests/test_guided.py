"""The guided first game of each game, by posted events: offered once on the first New game,
started from that question or from How to play, played to its end by clicking wherever the
guide's pointer is, adapting when the player clicks something else legal, and skipped by its
button or Esc (the game goes on). Screenshots: screenshots/guided_*.png."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import catalog
from game.blanco.rules import Discard, Draw, Play as BlancoPlay
from game.blanco.rules.state import BlancoState
from game.blanco.ui.learn.guide import SEED
from game.blanco.ui.scenes.gameend import GameEndScene as BlancoEnd
from game.blanco.ui.table.kit import BlancoKit
from game.blanco.ui.words import card_name
from game.core import i18n, storage
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.guide import LEARN_FILE, NO_FIRST_TIME, Guide
from game.core.ui.screens.howto import HowToScene
from game.luckybox.rules import Cross
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene as LuckyEnd
from game.luckybox.ui.scenes.table import is_lucky_box_table
from tests.support import kit_table, save_file, table_dir, title
from tests.sweep import sampled
from tests.ui_helpers import SCREENSHOTS, click, click_widget, frames, press, screenshot, wait

ROUTES = {"luckybox": "luckybox.guided", "blanco": "blanco.guided"}
ENDS = {"luckybox": LuckyEnd, "blanco": BlancoEnd}
# Screenshots of the guide's steps: the first advice of each of these kinds (or news).
LB_SHOTS = (
    "draft_start",
    "keep",
    "cross",
    "lightning",
    "spend",
    "next",
    "bonus",
    "cascade",
    "round_end_1",
    "draft_pick",
)
BL_SHOTS = (
    "setup_reveal",
    "setup_look",
    "draw_discard",
    "draw_keep",
    "hand_keep",
    "hand",
    "play",
    "next",
    "chain",
    "reveal",
    "row",
    "column",
    "second_grid",
)


def guide_of(app) -> Guide:
    guide = app.stack.overlay
    assert isinstance(guide, Guide), "no guide over the game"
    return guide


def follow(
    app,
    game: str,
    shots: tuple[str, ...] = (),
    limit: int = 20000,
    acted: list[str] | None = None,
) -> list[str]:
    """Click wherever the guide points until the game's end; returns the kinds of advice and
    news it gave, in order (the words may be in any language). `acted`, when given, gets the
    kind of every advice clicked, one per click."""
    app.ctx.settings.animation_speed = 8.0
    guide = guide_of(app)
    said: list[str] = []
    taken: set[str] = set()
    for _ in range(limit):
        wait(app)  # (what it reads is the guide's advice, made in its update)
        if isinstance(app.stack.top, ENDS[game]):
            frames(app, 20)
            screenshot(app, f"guided_{game}_end")
            return said
        advice = guide.advice
        if advice is None or advice.target is None:
            continue  # an animation plays, or a computer step: the guide waits too
        assert advice.text and advice.kind
        for kind in (advice.news, advice.kind):
            if kind and (not said or said[-1] != kind):
                said.append(kind)
            if kind in shots and kind not in taken:
                taken.add(kind)
                frames(app, 12)  # the pointer has come in
                screenshot(app, f"guided_{game}_{len(taken):02d}_{kind}")
        if acted is not None:
            acted.append(advice.kind)
        click(app, advice.target)
    raise AssertionError(f"the guided game did not end; last: {said[-3:]}")


def start(app, game: str) -> Any:
    table = app.ctx.nav.make(ROUTES[game])
    frames(app, 2)
    return table


# --------------------------------------------------------------------------- offered once


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_the_first_new_game_offers_a_guided_game_once(app, data_dir, monkeypatch, game):
    monkeypatch.delenv(NO_FIRST_TIME)
    top = title(app)
    if game != "luckybox":
        click_widget(app, top, f"game_{game}", 2)
    click_widget(app, top, "new_game", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    screenshot(app, f"guided_{game}_offer")
    click_widget(app, dialog, "no", 2)  # No thanks: the setup, as without the question
    assert type(app.stack.top).__name__ == "SetupScene"
    assert (storage.game_folder(data_dir, game) / LEARN_FILE).is_file()
    top = title(app)
    click_widget(app, top, "new_game", 2)  # asked once only
    assert type(app.stack.top).__name__ == "SetupScene"
    assert app.stack.overlay is None


def test_the_offer_keeps_the_games_name_on_one_line_in_french(app, monkeypatch):
    from game.core.ui.screens.dialog import PANEL

    monkeypatch.delenv(NO_FIRST_TIME)
    i18n.set_language("fr")
    click_widget(app, title(app), "new_game", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    question = dialog.question() if callable(dialog.question) else dialog.question
    lines = app.ctx.text.wrap(question, 40, PANEL.width - 80)
    assert len(lines) > 1, "the question takes several lines"
    whole = [line for line in lines if "Lucky" in line]
    assert len(whole) == 1 and "Super\u00a0Mega\u00a0Lucky\u00a0Box" in whole[0], lines


def test_yes_starts_the_guided_game(app, data_dir, monkeypatch):
    monkeypatch.delenv(NO_FIRST_TIME)
    top = title(app)
    click_widget(app, top, "new_game", 2)
    click_widget(app, app.stack.top, "yes", 3)
    guide = guide_of(app)
    assert any(is_lucky_box_table(s) for s in app.stack.scenes)
    assert isinstance(app.stack.top, DraftScene) and guide.advice is not None
    assert guide.advice.target is not None


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_how_to_play_starts_the_guided_game(app, game):
    top = title(app)
    if game != "luckybox":
        click_widget(app, top, f"game_{game}", 2)
    click_widget(app, top, "howto", 2)
    howto = app.stack.top
    assert isinstance(howto, HowToScene)
    click_widget(app, howto, "guided", 3)
    assert guide_of(app).active()
    table = app.stack.scenes[0]
    assert is_lucky_box_table(table) if game == "luckybox" else kit_table(table, BlancoKit)


# --------------------------------------------------------------------------- to the end


def test_the_guided_lucky_box_game_is_played_to_its_end_by_the_pointer(app, data_dir):
    table = start(app, "luckybox")
    said = follow(app, "luckybox", LB_SHOTS)
    for lesson in (
        "draft_start",
        "keep",
        "cross",
        "lightning",
        "spend",
        "next",
        "bonus",
        "cascade",
        "round_end_4",
        "draft_pick",
    ):
        assert lesson in said, f"the guide never came to {lesson!r}"
    # Lightning and the first cascade come in round 1, as the deal was chosen for.
    first_round = said[: said.index("round_end_1")]
    assert "cascade" in first_round and "lightning" in first_round
    assert table.state.is_terminal()
    end = app.stack.top
    assert isinstance(end, LuckyEnd) and guide_of(app).done
    assert not guide_of(app).advice.skippable
    # A lesson is not kept: no autosave and no record.
    folder = storage.game_folder(data_dir, "luckybox")
    assert not save_file(folder).exists()
    records = folder / storage.RECORDS
    assert not records.exists() or not any(records.iterdir())
    assert app.errors == []


def test_the_guided_blanco_game_is_played_to_its_end_by_the_pointer(app, data_dir):
    table = start(app, "blanco")
    acted: list[str] = []
    said = follow(app, "blanco", BL_SHOTS, acted=acted)
    for lesson in (
        "setup_reveal",
        "setup_look",
        "draw_discard",
        "hand",
        "play",
        "next",
        "chain",
        "reveal",
        "look",
        "second_grid",
    ):
        assert lesson in said, f"the guide never came to {lesson!r}"
    assert "row" in said or "column" in said
    # The first clear is the chain reaction, before the second grid.
    assert said.index("chain") < said.index("second_grid")
    assert table.state.is_terminal() and table.state.players[0].cards_left == 0
    # Each card taken from the discard pile was announced as the guide then played it: "it
    # fits your grid" when it went in at once, "keep it" (and then "keep the ... for later")
    # when another hand card was played. The guided deal has both.
    draws = [kind for kind in acted if kind in ("draw_discard", "draw_keep", "draw_pile")]
    hands = [kind for kind in acted if kind in ("hand", "hand_keep")]
    replay, _ = BlancoState.new([p.name for p in table.state.players], SEED)
    taken: list[tuple[int, int]] = []  # (the card taken, the card played next)
    for before, after in zip(table.state.actions, table.state.actions[1:], strict=False):
        if isinstance(before, Draw):
            top = replay.discard[-1]
            if before.source == "discard" and isinstance(after, BlancoPlay | Discard):
                taken.append((top, after.card))
        assert replay.apply(before).refusal is None
    said_of_draws = [kind for kind in draws if kind != "draw_pile"]
    assert said_of_draws == [
        "draw_discard" if card == played else "draw_keep" for card, played in taken
    ]
    assert "draw_keep" in said_of_draws and "draw_discard" in said_of_draws
    assert hands.count("hand_keep") == said_of_draws.count("draw_keep")
    folder = storage.game_folder(data_dir, "blanco")
    assert not save_file(folder).exists()
    assert app.errors == []


# --------------------------------------------------------------------------- adapting


def test_the_lucky_box_guide_follows_another_legal_move(app):
    table = start(app, "luckybox")
    guide = guide_of(app)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(2000):  # through the draft to the first number, by the pointer
        wait(app)
        if table.human_turn() and app.stack.top is table:
            break
        if guide.advice is not None and guide.advice.target is not None:
            click(app, guide.advice.target)
    frames(app, 2)
    pointed = guide.advice.target
    seat = table.focus
    other = next(
        a
        for a in table.state.legal_actions(seat)
        if isinstance(a, Cross)
        and a.lightning
        and table.kit.square_center(a.card, a.cell) != pointed
    )
    click(app, table.kit.square_center(other.card, other.cell), 2)  # a Lightning square instead
    assert table.kit.selected_square is not None
    assert guide.advice.kind == "spend"
    assert guide.advice.target == pytest.approx(table.kit.buttons["spend"].rect.center)
    before = len(table.state.actions)
    click(app, guide.advice.target, 2)
    assert len(table.state.actions) == before + 1
    done = table.state.actions[-1]
    assert (done.card, done.cell) == (other.card, other.cell) and done.lightning
    frames(app, 120)
    assert guide.advice.kind == "next"
    assert app.errors == []


def test_the_blanco_guide_follows_the_other_pile(app):
    table = start(app, "blanco")
    guide = guide_of(app)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(3000):  # the set-up, to the first draw, by the pointer
        wait(app)
        if table.human_turn() and table.state.phase == "turn":
            break
        if guide.advice is not None and guide.advice.target is not None:
            click(app, guide.advice.target)
    frames(app, 2)
    from game.blanco.ui.table import geometry as geo

    pointed = guide.advice.target
    other = geo.DRAW_PILE if geo.DISCARD_PILE.collidepoint(pointed) else geo.DISCARD_PILE
    click(app, other.center, 2)
    assert table.state.phase == "play"
    frames(app, 60)
    hand = [rect for rect in table.kit.hand_slots(table.focus)]
    assert any(rect.collidepoint(guide.advice.target) for rect in hand)
    assert app.errors == []


# --------------------------------------------------------------------------- skipping


def test_skip_guide_ends_the_guide_and_the_game_goes_on(app):
    table = start(app, "luckybox")
    guide = guide_of(app)
    frames(app, 5)
    screenshot(app, "guided_luckybox_skip_button")
    click(app, guide.skip_button.rect.center, 2)
    assert app.stack.overlay is None and guide.skipped
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    for card in draft.hand[:3]:
        click(app, draft.card_center(card))
    click_widget(app, draft, "confirm", 3)
    assert len(table.state.actions) == 1  # the game goes on, unguided
    assert app.stack.overlay is None
    assert app.errors == []


def test_esc_skips_the_guide(app):
    table = start(app, "blanco")
    guide_of(app)
    frames(app, 5)
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.overlay is None
    assert app.stack.top is table  # Esc went to the guide, not to the pause menu
    press(app, pygame.K_ESCAPE, 2)  # now Esc opens the menu as usual
    assert type(app.stack.top).__name__ == "PauseScene"
    assert app.errors == []


def test_quitting_to_the_title_removes_the_guide(app):
    start(app, "luckybox")
    guide_of(app)
    app.ctx.nav.clear_to("title")
    frames(app, 3)
    assert app.stack.overlay is None


def test_a_long_sentence_gets_a_smaller_size_not_a_cut(app):
    from game.core.ui.screens.guide import LINE, fit_lines

    text = app.ctx.text
    short = "The number is 5: cross a gold square."
    size, lines = fit_lines(text, short, 470, 100)
    assert size == 28 and len(lines) == 1
    long = " ".join(["Une phrase bien plus longue en français, avec des mots."] * 4)
    size, lines = fit_lines(text, long, 470, 100)
    assert size < 28 and " ".join(lines) == long
    assert (len(lines) - 1) * round(size * LINE / 28) <= 100
    assert all(text.font(size).size(line)[0] <= 470 for line in lines)


def test_a_guided_game_from_the_middle_of_a_game_keeps_that_game_saved(app, data_dir):
    from game.core.session import Seat

    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Ann")], seed=5)
    frames(app, 10)
    press(app, pygame.K_ESCAPE, 2)  # the pause menu
    click_widget(app, app.stack.top, "howto", 2)
    click_widget(app, app.stack.top, "guided", 2)
    click_widget(app, app.stack.top, "yes", 3)
    guide = guide_of(app)
    assert guide.table.session.seats[0].name != "Ann"
    follow_some = 0
    while follow_some < 5:  # a few guided moves
        wait(app)
        if guide.advice is not None and guide.advice.target is not None:
            click(app, guide.advice.target)
            follow_some += 1
    saved, warning = storage.load_save(
        table_dir(storage.game_folder(data_dir, "luckybox")), catalog.games()
    )
    assert warning is None and saved is not None
    assert [s.name for s in saved.session.seats] == ["Ann"]  # the real game, untouched


@sampled(lang=["en", "fr", "de"], size=[(1024, 768), (2560, 1080)])
def test_the_blanco_guide_says_a_kept_card_is_kept_in_each_language(data_dir, lang, size):
    """The first turn of the guided deal takes the brown 10 to keep and plays the brown 9: the
    guide says so, in each language's own words (screenshots/guided_keep_<lang>_<size>_*.png).
    Each language at a window shape drawn for the run, both shapes every run (tests/sweep.py;
    SMLB_SWEEP=all: every language at both)."""
    from game.catalog import new_app
    from game.core import i18n

    app = new_app(window=size)
    try:
        i18n.set_language(lang)
        app.ctx.settings.animation_speed = 8.0
        start(app, "blanco")
        guide = guide_of(app)
        said: dict[str, str] = {}
        for _ in range(3000):
            wait(app)
            advice = guide.advice
            if advice is None or advice.target is None:
                continue
            if advice.kind in ("draw_keep", "hand_keep") and advice.kind not in said:
                said[advice.kind] = advice.text
                frames(app, 12)  # the pointer has come in
                picture = app.window_image()
                name = f"guided_keep_{lang}_{size[0]}x{size[1]}_{advice.kind}.png"
                pygame.image.save(picture, str(SCREENSHOTS / name))
                if advice.kind == "hand_keep":
                    break
            click(app, advice.target)
        brown_10, brown_9 = card_name(118), card_name(117)  # in this language
        assert said == {
            "draw_keep": i18n.t(
                "guide.bl.draw_discard_keep",
                "Your turn: take the {card} from the discard pile and keep it in your "
                "hand: it will fit your grid later.",
                card=brown_10,
            ),
            "hand_keep": i18n.t(
                "guide.bl.hand_keep",
                "Keep the {kept} for later. Now click the {card}.",
                kept=brown_10,
                card=brown_9,
            ),
        }
        assert lang == "en" or "discard pile" not in said["draw_keep"]  # its own words
        assert app.errors == []
    finally:
        app.close()
        i18n.set_language("en")
