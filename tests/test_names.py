"""Names remembered between games: each game's set-up starts with the table of last time
(names, human or computer and level, the seat count), a game never set up before borrows the
other game's names, and a damaged file is no error. Set-ups driven by posted events."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.blanco.ui.scenes.setup import SetupScene as BlancoSetup
from game.blanco.ui.table.kit import BlancoKit
from game.core.names import FILE_NAME, last_seats, remember_seats
from game.core.ui.screens.title import TitleScene
from game.luckybox.ui.scenes.setup import SetupScene as LuckySetup
from tests.support import kit_table
from tests.ui_helpers import click, click_widget, frames, press, screenshot, texts_drawn


def _retype(app: Any, scene: Any, widget: str, text: str) -> None:
    """Click a name box, clear it and type a name, as a player does."""
    box = scene.widget(widget)
    click(app, box.rect.center)
    for _ in range(len(box.text)):
        press(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)
    assert box.text == text


def _names(scene: Any) -> list[str]:
    return [scene.widget(f"name_{i}").text for i in range(scene.seats)]


def _kinds(scene: Any) -> list[str]:
    return [
        scene.widget(f"level_{i}").level if scene.widget(f"computer_{i}").value else "human"
        for i in range(scene.seats)
    ]


def _lucky_setup(app: Any) -> LuckySetup:
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    title = app.stack.top
    click_widget(app, title, "game_luckybox", 2)
    click_widget(app, title, "new_game", 2)
    top = app.stack.top
    if not isinstance(top, LuckySetup):  # a game is saved: "Start a new game?" - yes
        click_widget(app, top, "yes", 2)
        top = app.stack.top
    assert isinstance(top, LuckySetup)
    return top


def test_lucky_box_setup_starts_with_last_times_names(app, data_dir) -> None:
    setup = _lucky_setup(app)
    assert _names(setup) == ["Player 1", "Player 2"]  # nothing kept yet
    click_widget(app, setup, "seat_plus")
    _retype(app, setup, "name_0", "Ann")
    _retype(app, setup, "name_1", "Bob")
    _retype(app, setup, "name_2", "Robo")
    click_widget(app, setup, "computer_2")
    click_widget(app, setup, "level_2")  # normal -> hard
    assert _kinds(setup) == ["human", "human", "hard"]
    click_widget(app, setup, "start", 2)
    assert json.loads((data_dir / FILE_NAME).read_text())["luckybox"][0]["name"] == "Ann"
    # Another evening: a new set-up has the same table.
    again = _lucky_setup(app)
    assert again.seats == 3
    assert _names(again) == ["Ann", "Bob", "Robo"]
    assert _kinds(again) == ["human", "human", "hard"]
    screenshot(app, "setup_names_remembered")


def test_blanco_setup_remembers_its_own_and_borrows_lucky_boxs(app, data_dir) -> None:
    remember_seats(data_dir, "luckybox", [(f"P{i}", "human") for i in range(7)])
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, BlancoSetup)
    # Never set up before: Lucky Box's people, as many as Blanco seats (5).
    assert setup.seats == 5 and _names(setup) == [f"P{i}" for i in range(5)]
    click_widget(app, setup, "seat_minus")
    click_widget(app, setup, "seat_minus")
    click_widget(app, setup, "seat_minus")
    _retype(app, setup, "name_0", "Zoé")
    click_widget(app, setup, "computer_1")
    click_widget(app, setup, "start", 2)
    assert kit_table(app.stack.top, BlancoKit)
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    again = app.stack.top
    assert again.seats == 2 and _names(again) == ["Zoé", "P1"]
    assert _kinds(again) == ["human", "normal"]
    screenshot(app, "blanco_setup_names_remembered")
    # Lucky Box keeps its own table.
    assert [name for name, _ in last_seats(data_dir, "luckybox")] == [f"P{i}" for i in range(7)]


def test_a_computer_seat_is_named_computer_until_someone_names_it(app, data_dir) -> None:
    """A seat's default name follows its kind ("Player 2" <-> "Computer 2"), in the player's
    language, both when filled in and while blank; a typed name never changes."""
    setup = _lucky_setup(app)
    click_widget(app, setup, "seat_plus")  # 3 seats
    click_widget(app, setup, "computer_1")
    assert _names(setup) == ["Player 1", "Computer 2", "Player 3"]
    click_widget(app, setup, "computer_1")  # back to a person
    assert _names(setup) == ["Player 1", "Player 2", "Player 3"]
    _retype(app, setup, "name_2", "Robo")
    click_widget(app, setup, "computer_2")
    assert _names(setup)[2] == "Robo"  # typed: kept
    _retype(app, setup, "name_1", "")  # blank: the placeholder and the seat follow the kind
    click_widget(app, setup, "computer_1")
    assert setup.widget("name_1").text == "" and setup.seat_choices()[1][0] == "Computer 2"
    screenshot(app, "setup_computer_named")
    click_widget(app, setup, "start", 2)
    kept = json.loads((data_dir / FILE_NAME).read_text())["luckybox"]
    assert [seat["name"] for seat in kept] == ["Player 1", "Computer 2", "Robo"]
    # Kept from before computers had a name of their own: a default "Player 2" computer.
    remember_seats(data_dir, "luckybox", [("Ann", "human"), ("Player 2", "hard")])
    again = _lucky_setup(app)
    assert _names(again) == ["Ann", "Computer 2"] and _kinds(again) == ["human", "hard"]
    # Blanco's computers by default, in French.
    from game.core import i18n

    i18n.set_language("fr")
    remember_seats(data_dir, "blanco", [])
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    blanco = app.stack.top
    assert isinstance(blanco, BlancoSetup)
    assert _names(blanco)[:2] == ["Joueur 1", "Ordinateur 2"], _names(blanco)
    screenshot(app, "blanco_setup_computer_named_fr")


def test_a_default_named_computer_is_titled_with_its_level_alone(app, monkeypatch) -> None:
    """At the table a computer named by default reads "Computer 1 (normal)", not "Computer 1
    (computer, normal)"; a named one still says what it is: "Robo (computer, normal)". The
    Lucky Box banner and Blanco's banner line both (one title, the core table's `banner_name`)."""
    from game.core.levels import level_in_words
    from game.core.seat_names import says_computer

    drawn = texts_drawn(monkeypatch)
    setup = _lucky_setup(app)
    click_widget(app, setup, "computer_0")
    click_widget(app, setup, "computer_1")
    _retype(app, setup, "name_1", "Robo")
    click_widget(app, setup, "start", 2)  # no person at the table: the screen follows each
    level = level_in_words("normal")
    default, named = f"Computer 1 ({level})", f"Robo (computer, {level})"
    for _ in range(200):
        if {default, named} <= drawn:
            break
        frames(app, 3)
    assert {default, named} <= drawn, sorted(t for t in drawn if "(" in t)
    assert not any(text.startswith("Computer 1 (computer") for text in drawn)
    # Blanco, never set up here, borrows that table; its banner line opens with the seat.
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    click_widget(app, app.stack.top, "start", 2)
    drawn.clear()
    default, named = f"Computer 1 ({level})  ·", f"Robo (computer, {level})  ·"
    for _ in range(300):
        if any(t.startswith(default) for t in drawn) and any(t.startswith(named) for t in drawn):
            break
        frames(app, 3)
    assert any(t.startswith(default) for t in drawn), sorted(t for t in drawn if "·" in t)
    assert any(t.startswith(named) for t in drawn), sorted(t for t in drawn if "·" in t)
    assert not any(text.startswith("Computer 1 (computer") for text in drawn)
    assert says_computer("Computer 2", 1) and not says_computer("Computer 2", 0)
    assert not says_computer("Player 2", 1) and not says_computer("Robo", 1)


def test_a_damaged_names_file_starts_as_before(app, data_dir) -> None:
    (data_dir / FILE_NAME).write_text("{ not json")
    setup = _lucky_setup(app)
    assert _names(setup) == ["Player 1", "Player 2"]
    assert not (data_dir / FILE_NAME).exists()  # set aside, not overwritten
    assert list(data_dir.glob(f"{FILE_NAME}.bad-*"))


def test_odd_entries_are_not_trusted(tmp_path) -> None:
    (tmp_path / FILE_NAME).write_text(
        json.dumps(
            {
                "luckybox": [{"name": "Ann", "kind": "wizard"}],
                "blanco": [{"name": "  Bo   Bo  ", "kind": "easy"}, {"name": "x" * 40}],
                "last": "luckybox",
            }
        )
    )
    assert last_seats(tmp_path, "luckybox") == []  # an unknown kind: the whole table dropped
    assert last_seats(tmp_path, "blanco") == [("Bo Bo", "easy"), ("x" * 16, "human")]


def test_blanco_setup_remembers_its_match_choice(app, data_dir) -> None:
    from game.blanco.ui.match import SINGLE, TOTAL

    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    setup = app.stack.top
    assert setup.match_mode == SINGLE  # nothing kept: a single game
    click_widget(app, setup, "match_mode")  # single -> first to N wins
    click_widget(app, setup, "match_mode")  # -> lowest total after N games
    click_widget(app, setup, "match_plus")
    click_widget(app, setup, "match_plus")
    assert (setup.match_mode, setup.match_target) == (TOTAL, 5)
    click_widget(app, setup, "start", 2)
    assert kit_table(app.stack.top, BlancoKit)
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    again = app.stack.top
    assert (again.match_mode, again.match_target) == (TOTAL, 5)
    assert again.widget("match_plus").visible  # N shows, as chosen
    # A kept value that makes no sense is not trusted.
    data = json.loads((data_dir / FILE_NAME).read_text())
    data["options"]["blanco"] = {"match_mode": "forever", "match_target": 99}
    (data_dir / FILE_NAME).write_text(json.dumps(data))
    app.stack.clear_to(app.ctx.nav.make("blanco.setup"))
    frames(app, 2)
    odd = app.stack.top
    assert (odd.match_mode, odd.match_target) == (SINGLE, 3)


def test_kept_default_names_read_in_the_language_spoken_now(app, data_dir) -> None:
    """A table kept while the game spoke English ("Player 1", "Computer 2") sets up in French
    as "Joueur 1", "Ordinateur 2": defaults are nobody's name. A name somebody typed stays as
    it is, even one that looks like another seat's default; and a kept default is no person's
    name for the daily deal or an online table."""
    from game.core import i18n
    from game.core.names import person_name

    seats = [("Player 1", "human"), ("Computer 2", "hard"), ("Player 2", "human")]
    remember_seats(data_dir, "luckybox", seats)
    try:
        i18n.set_language("fr")
        setup = _lucky_setup(app)
        assert _names(setup) == ["Joueur 1", "Ordinateur 2", "Player 2"]  # (seat 3's "Player 2")
        assert _kinds(setup) == ["human", "hard", "human"]
        screenshot(app, "setup_kept_defaults_fr")
        assert person_name(data_dir, "luckybox") is None
        click_widget(app, setup, "start", 2)  # kept as set up, in French
        i18n.set_language("de")
        again = _lucky_setup(app)
        assert _names(again)[:2] == ["Spieler 1", "Computer 2"]
        assert person_name(data_dir, "luckybox") is None
    finally:
        i18n.set_language("en")
    remember_seats(data_dir, "luckybox", [("Ann", "human")])
    assert person_name(data_dir, "luckybox") == "Ann"


def test_a_game_under_way_shows_default_names_in_the_language_chosen_since(
    app, data_dir, monkeypatch
) -> None:
    """A game begun in English, its seats named by default, then the language changed in the
    pause menu's settings: the screens say "Joueur 1" from then on; the game's record keeps
    the names it began with. A typed name is shown as it is."""
    from game.core import i18n
    from game.luckybox.ui.scenes.draft import DraftScene

    drawn = texts_drawn(monkeypatch)
    remember_seats(data_dir, "luckybox", [("Player 1", "human"), ("Robo", "hard")])
    setup = _lucky_setup(app)
    click_widget(app, setup, "start", 2)
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    assert "Player 1: keep 3 of these 5 cards" in drawn
    try:
        press(app, pygame.K_ESCAPE)  # the pause menu, its settings, French, back to the game
        click_widget(app, app.stack.top, "settings", 2)
        click(app, app.stack.top.widget("language").segment(1).center, steps=2)
        assert i18n.language() == "fr"
        click_widget(app, app.stack.top, "back", 3)
        drawn.clear()
        click_widget(app, app.stack.top, "resume", 3)
        assert app.stack.top is draft
        assert "Joueur 1\xa0: garde 3 de ces 5 grilles" in drawn, sorted(drawn)
        session = draft.session
        assert [session.name_of(i) for i in range(2)] == ["Joueur 1", "Robo"]
        assert session.record()["players"] == ["Player 1", "Robo"]
        screenshot(app, "draft_default_name_after_language_change_fr")
    finally:
        i18n.set_language("en")


def test_banners_and_round_scores_read_default_names_in_the_language_chosen_since(
    app, monkeypatch
) -> None:
    """Both games' banners (whose board is shown), Lucky Box's other boards and its round
    scores name a seat by its default in the language chosen since the game began:
    "Ordinateur 1  (Normal)", not "Computer 1  (ordinateur, Normal)"."""
    from game.core import i18n
    from game.core.levels import level_in_words
    from game.core.session import Seat, Session
    from game.luckybox.entry import LUCKYBOX
    from game.luckybox.ui.scenes.roundend import score_rows

    drawn = texts_drawn(monkeypatch)

    def in_french_shows(banner: str, shot: str) -> None:
        """Once the game under way speaks French, a banner line starting `banner` is drawn."""
        i18n.set_language("fr")
        drawn.clear()
        for _ in range(300):
            if any(t.startswith(banner.format(level=level_in_words("normal"))) for t in drawn):
                break
            frames(app, 3)
        shown = [t for t in drawn if "(" in t]
        assert any(t.startswith(banner.format(level=level_in_words("normal"))) for t in shown)
        assert not any(t.startswith("Computer 1") for t in shown), shown
        screenshot(app, shot)
        i18n.set_language("en")

    try:
        setup = _lucky_setup(app)
        click_widget(app, setup, "computer_0")
        click_widget(app, setup, "computer_1")
        click_widget(app, setup, "start", 2)  # computers alone: the screen follows each
        in_french_shows("Ordinateur 1 ({level})", "luckybox_banner_default_name_fr")
        assert "Ordinateur 2" in drawn, "the other player's board, drawn again with its name"
        app.stack.clear_to(app.ctx.nav.make("blanco.setup"))  # the same table, Blanco's
        frames(app, 2)
        click_widget(app, app.stack.top, "start", 2)
        in_french_shows("Ordinateur 1 ({level})  ·", "blanco_banner_default_name_fr")
        i18n.set_language("fr")
        session = Session([Seat("Player 1"), Seat("Computer 2", "hard")], 5, game=LUCKYBOX)
        assert [row.name for row in score_rows(session, 1)] == ["Joueur 1", "Ordinateur 2"]
    finally:
        i18n.set_language("en")
