"""The menu scenes driven like a player would: posted mouse and keyboard events, frame by frame.

Also saves a screenshot of every scene to screenshots/ (git-ignored) for a human to look at.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core.ui.context import GameConfig
from game.core.ui.scene import Scene
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.settings import SettingsScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.toolkit.layout import grid_in
from game.core.ui.toolkit.paint import PLAYER_COLOURS, draw_backdrop, draw_panel
from game.core.ui.toolkit.widgets import Button
from game.luckybox.ui.scenes.setup import SetupScene
from tests.support import EventMix, Monkey, image_stats, load_rgb, pixel_difference, title
from tests.ui_helpers import DT, click, click_widget, frames, press, screenshot, type_text

ROOT = Path(__file__).resolve().parent.parent


def start(app, scene: Scene) -> Scene:
    app.stack.push(scene)
    frames(app, 2)
    return scene


def top(app) -> Scene:
    assert app.stack.top is not None
    return app.stack.top


def open_setup(app) -> SetupScene:
    title = start(app, TitleScene(app.ctx))
    click_widget(app, title, "new_game")
    setup = top(app)
    assert isinstance(setup, SetupScene)
    return setup


class TableProbe(Scene):
    """A stand-in table: the layout regions with example card and board grids."""

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        layout = ctx.layout
        for box in grid_in(layout.region("current_board"), 5, 240 / 260, 16):
            surface.blit(ctx.assets.get("card_front", box.size), box.topleft)
        for i, box in enumerate(grid_in(layout.region("other_boards"), 11, 1.6, 8)):
            draw_panel(surface, box, colour=PLAYER_COLOURS[i + 1], radius=8, border=3, shadow=3)
        revealed = layout.region("revealed_card")
        surface.blit(ctx.assets.get("number_card_front", revealed.size), revealed.topleft)
        deck = layout.region("number_deck")
        surface.blit(ctx.assets.get("number_card_back", deck.size), deck.topleft)
        layout.draw_debug(surface, ctx.text)


# ------------------------------------------------------------------- title


def test_title_new_game_opens_setup(app) -> None:
    open_setup(app)
    assert len(app.stack) == 2
    assert app.errors == []


def test_title_escape_quits(app) -> None:
    start(app, TitleScene(app.ctx))
    assert press(app, pygame.K_ESCAPE) is False
    assert len(app.stack) == 0


def test_title_quit_button_and_window_close(app) -> None:
    title = start(app, TitleScene(app.ctx))
    assert click_widget(app, title, "quit") is False
    start(app, TitleScene(app.ctx))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert frames(app) is False
    assert len(app.stack) == 0


def test_title_enter_opens_setup(app) -> None:
    start(app, TitleScene(app.ctx))
    press(app, pygame.K_RETURN)
    assert isinstance(top(app), SetupScene)


def test_title_animates(app) -> None:
    title = start(app, TitleScene(app.ctx))
    y0 = title.logo_y.value
    frames(app, 90)
    assert title.logo_y.value != y0
    assert len(title.tweens) >= 1  # the idle pulse keeps running


# ------------------------------------------------------------------- setup


def test_seats_go_up_to_twelve_and_down_to_one(app) -> None:
    setup = open_setup(app)
    assert setup.seats == 2
    for _ in range(15):
        click_widget(app, setup, "seat_plus")
    assert setup.seats == 12
    plus = setup.widget("seat_plus")
    assert isinstance(plus, Button) and not plus.enabled and plus.shake > 0  # refused, wobbles
    assert all(setup.widget(f"name_{i}").visible for i in range(12))
    for _ in range(15):
        click_widget(app, setup, "seat_minus")
    assert setup.seats == 1
    assert not setup.widget("name_1").visible
    assert len(setup.config().seats) == 1


def test_setup_builds_the_game_config(app) -> None:
    started: list[GameConfig] = []
    # Start goes through Lucky Box's route; catch what it is given.
    app.ctx.nav.register("luckybox.start_from_setup", lambda ctx, config: started.append(config))
    setup = open_setup(app)
    click_widget(app, setup, "seat_plus")  # 3 seats
    assert not setup.widget("level_1").visible  # a human seat has no level
    click_widget(app, setup, "computer_1")
    assert setup.widget("computer_1").value is True
    assert setup.widget("level_1").visible and setup.widget("level_1").label == "Normal"
    click_widget(app, setup, "level_1")
    assert setup.widget("level_1").label == "Hard"
    click_widget(app, setup, "level_1")
    assert setup.widget("level_1").label == "Expert"
    click_widget(app, setup, "level_1")  # round again: Easy, Normal, Hard
    click_widget(app, setup, "level_1")
    click_widget(app, setup, "level_1")
    assert setup.widget("level_1").level == "hard"
    # Rename seat 1: focus, erase the default, type.
    click_widget(app, setup, "name_0")
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Anna")
    assert setup.widget("name_0").text == "Anna"
    # Seed: digits only.
    click_widget(app, setup, "seed")
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "12ab345")
    assert setup.widget("seed").text == "12345"
    press(app, pygame.K_RETURN)  # ends editing; must not start the game yet
    assert started == []
    click_widget(app, setup, "start")
    assert started == [
        GameConfig(
            seats=[
                ("Anna", False, "normal"),
                ("Computer 2", True, "hard"),  # a computer's default name
                ("Player 3", False, "normal"),
            ],
            seed=12345,
        )
    ]
    assert app.errors == []


def test_setup_names_are_limited_and_blank_names_get_defaults(app) -> None:
    setup = open_setup(app)
    click_widget(app, setup, "name_1")
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    assert setup.widget("name_1").text == ""
    click_widget(app, setup, "name_0")
    type_text(app, "x" * 40)
    assert len(setup.widget("name_0").text) == 16
    assert setup.config().seats[1] == ("Player 2", False, "normal")


def test_setup_dice_and_blank_seed(app) -> None:
    setup = open_setup(app)
    seed = setup.widget("seed")
    seeds = set()
    for _ in range(5):
        click_widget(app, setup, "dice")
        seeds.add(seed.text)
    assert len(seeds) > 1 and all(s.isdigit() for s in seeds)
    seed.set_text("")
    assert isinstance(setup.config().seed, int)


def test_setup_keys_while_typing_stay_in_the_field(app) -> None:
    setup = open_setup(app)
    click_widget(app, setup, "name_0")
    press(app, pygame.K_ESCAPE)  # leaves the field, not the screen
    assert top(app) is setup and not setup.widget("name_0").focused
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_setup_back_returns_to_title(app) -> None:
    setup = open_setup(app)
    click_widget(app, setup, "back")
    assert isinstance(top(app), TitleScene) and len(app.stack) == 1


# ------------------------------------------------------------------- settings


def test_settings_change_and_persist(app, data_dir: Path) -> None:
    title = start(app, TitleScene(app.ctx))
    click_widget(app, title, "settings")
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    volume = scene.widget("volume")
    click(app, (volume.x_for(0.3), volume.rect.centery))
    assert app.ctx.settings.volume == pytest.approx(0.3)
    assert app.ctx.audio.volume == pytest.approx(0.3)
    speed = scene.widget("speed")
    click(app, (speed.x_for(2.0), speed.rect.centery))
    assert app.ctx.settings.animation_speed == pytest.approx(2.0)
    click_widget(app, scene, "pass_screen")
    assert app.ctx.settings.pass_screen is False
    click_widget(app, scene, "fullscreen")
    assert app.ctx.settings.fullscreen is True
    assert not (data_dir / "settings.json").exists()  # saved on leaving, not before
    click_widget(app, scene, "back")
    assert top(app) is title
    saved = json.loads((data_dir / "settings.json").read_text())
    assert saved["volume"] == pytest.approx(0.3)
    assert saved["animation_speed"] == pytest.approx(2.0)
    assert saved["pass_screen"] is False and saved["fullscreen"] is True
    assert app.errors == []


def test_slider_drag(app) -> None:
    scene = start(app, SettingsScene(app.ctx))
    volume = scene.widget("volume")
    y = volume.rect.centery
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(volume.x_for(0.5), y), button=1)
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(volume.x_for(0.9), y + 50), rel=(0, 0), buttons=(1, 0, 0)
        )
    )
    frames(app)
    assert app.ctx.settings.volume == pytest.approx(0.9)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2000, y), button=1))
    frames(app)
    assert app.ctx.settings.volume == 1.0 and not volume.dragging


def test_settings_save_failure_becomes_a_notice(
    app, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setattr(app.ctx, "data_dir", blocker / "data")
    scene = start(app, SettingsScene(app.ctx))
    press(app, pygame.K_ESCAPE)
    assert scene.warning and app.ctx.message == scene.warning
    assert len(app.stack) == 0 or top(app) is not scene


def test_corrupt_settings_warn_at_startup(data_dir: Path) -> None:
    (data_dir / "settings.json").write_text("{{{")
    from game.catalog import new_app

    application = new_app()
    try:
        assert "damaged" in application.ctx.message
        application.stack.push(TitleScene(application.ctx))
        frames(application, 2)
        screenshot(application, "toast")
        frames(application, int(5 / DT))
        assert application.ctx.message == ""  # the toast went away by itself
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1080), (1024, 768)])
def test_a_toast_never_covers_the_buttons_at_the_foot_of_the_screen(make_app, size) -> None:
    """An end screen's buttons stand at the foot of a 16:9 or wider window, where the line
    of news (the toast) is drawn: it goes above them."""
    from game.luckybox.entry import LUCKYBOX
    from tests.test_text_fits import finished

    application = make_app(size)
    session = finished(["Ann", "Bob"], 4, LUCKYBOX)
    end = application.ctx.nav.make("luckybox.game_end", session=session)
    application.stack.clear_to(end)
    application.ctx.message = "Bob is waiting at the rematch."
    frames(application, 3)
    box = application.toast.box
    assert box is not None and application.ctx.message
    buttons = [pygame.Rect(w.rect) for w in end.widgets.values() if w.visible]
    assert len(buttons) >= 2 and box.collidelist(buttons) == -1, (box, buttons)
    from game.core.ui.toolkit import gfx

    assert gfx.view(application.screen).contains(box)  # and still on the screen


# ------------------------------------------------------------------- pause and dialog


def test_pause_overlay_and_quit_confirmation(app) -> None:
    table = start(app, TableProbe(app.ctx))
    pause = start(app, PauseScene(app.ctx))
    click_widget(app, pause, "quit")
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog, "no")
    assert top(app) is pause
    click_widget(app, pause, "resume")
    assert top(app) is table
    start(app, PauseScene(app.ctx))
    click_widget(app, top(app), "quit")
    press(app, pygame.K_RETURN)  # Enter = the safe choice: No
    assert isinstance(top(app), PauseScene)
    click_widget(app, top(app), "quit")
    click_widget(app, top(app), "yes")
    assert len(app.stack) == 1 and isinstance(top(app), TitleScene)


def test_dialog_is_modal_and_escape_means_no(app) -> None:
    answers: list[str] = []
    start(app, TableProbe(app.ctx))
    dialog = start(
        app,
        ConfirmDialog(
            app.ctx, "Really?", lambda: answers.append("yes"), lambda: answers.append("no")
        ),
    )
    click(app, (20, 20))  # outside the panel: ignored
    assert top(app) is dialog and answers == []
    press(app, pygame.K_ESCAPE)
    assert answers == ["no"] and isinstance(top(app), TableProbe)


def test_pause_settings_round_trip(app) -> None:
    start(app, TableProbe(app.ctx))
    pause = start(app, PauseScene(app.ctx))
    click_widget(app, pause, "settings")
    assert isinstance(top(app), SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert top(app) is pause


# ------------------------------------------------------------------- robustness


def test_odd_events_never_crash_the_loop(app) -> None:
    for scene in (TitleScene(app.ctx), SetupScene(app.ctx), SettingsScene(app.ctx)):
        app.stack.clear_to(scene)
        for event in (
            pygame.event.Event(pygame.MOUSEBUTTONDOWN),  # no pos, no button
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos="nowhere", button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(1e9, -1e9)),
            pygame.event.Event(pygame.KEYDOWN),  # no key
            pygame.event.Event(pygame.TEXTINPUT),  # no text
            pygame.event.Event(pygame.USEREVENT, code=3),
            pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1),
        ):
            pygame.event.post(event)
        assert frames(app, 2)
    assert app.errors == []


@pytest.mark.app_errors_expected
def test_a_failing_scene_is_logged_not_fatal(app) -> None:
    class Broken(Scene):
        def handle_event(self, event: pygame.event.Event) -> None:
            raise RuntimeError("boom")

    start(app, Broken(app.ctx))
    click(app, (10, 10))
    assert app.step(DT) is True
    assert app.errors and "boom" in app.errors[0]


def test_check_record_path_does_not_import_pygame(tmp_path: Path) -> None:
    code = (
        "import sys, main\n"
        "try:\n"
        "    rc = main.main(['--check-record', sys.argv[1]])\n"
        "except (ImportError, SystemExit) as e:\n"
        "    rc = repr(e)\n"
        "print('pygame' in sys.modules, rc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "missing.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.stdout.startswith("False"), out.stdout + out.stderr


# ------------------------------------------------------------------- monkey


SCENE_MONKEY = EventMix(
    click=0.6,
    key=0.2,
    text=0.05,
    right_click=0.05,
    wait=0.1,
    max_wait=30,
    keys=(
        pygame.K_ESCAPE,
        pygame.K_SPACE,
        pygame.K_RETURN,
        pygame.K_u,
        pygame.K_p,
        pygame.K_h,
        pygame.K_BACKSPACE,
        pygame.K_TAB,
        pygame.K_1,
        pygame.K_F11,
    ),
    texts=("7", "x", "Zoë", "  ", "\u200b", "\U0001f642"),  # (a zero-width space, an emoji)
)


#: Random events in each leg of the monkey's walk: from the title, from the set-up, from a table.
MONKEY_LEG = 250


def monkey_leg_start(app, leg: str, rng: random.Random) -> Scene:
    """The scene a leg of the monkey's walk starts from: the title, Lucky Box's set-up (New game
    clicked, whatever game the walk so far left chosen), or a new game's table (a player and a
    computer)."""
    scene = title(app)
    if leg == "setup":
        scene.choose_game("luckybox")
        click_widget(app, scene, "new_game", 2)
        scene = top(app)
        assert isinstance(scene, SetupScene), scene
    elif leg == "table":
        from game.core.session import Seat
        from game.luckybox.ui.scenes.table import start_game

        scene = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], rng.randrange(1, 10**6))
        frames(app, 2)
    return scene


# Random input drawn anew each run (its seed printed on a failure: tests/sweep.py), in three
# legs that start from the title, the set-up and a game's table, so that every run's walk
# reaches each, rather than one fixed walk that happened to (two of 2,000 events each, with
# fixed seeds, before).
def test_monkey_thousands_of_random_events_across_every_scene(app, sweep_rng) -> None:
    """Clicks, keys, typing and right clicks anywhere, on whatever scene is up (starting a game
    from the title when a click lands on New game, and back to the title when one quits)."""
    monkey = Monkey(app, sweep_rng, SCENE_MONKEY)
    for leg in ("title", "setup", "table"):
        start = monkey_leg_start(app, leg, sweep_rng)
        monkey.scenes.add(type(start).__name__)  # (the leg's first event lands on it)
        monkey.run(MONKEY_LEG)
    assert monkey.app is app and app.errors == []
    assert {"TitleScene", "SetupScene"} <= monkey.scenes, monkey.scenes
    assert monkey.scenes & {"Table", "TableScene"}, monkey.scenes  # (a game's table, core or own)


# ------------------------------------------------------------------- screenshots


def test_screenshots(app) -> None:
    """Every scene, saved for eyeballing (screenshots/ is git-ignored); each saved image shows
    something (many colours, mostly not background) and no two scenes look alike."""
    shots: dict[str, Path] = {}

    def shot(name: str) -> None:
        shots[name] = screenshot(app, name)

    title = start(app, TitleScene(app.ctx))
    frames(app, 120)
    shot("title")
    click_widget(app, title, "new_game", steps=3)
    setup = top(app)
    for _ in range(3):
        click_widget(app, setup, "seat_plus")
    click_widget(app, setup, "computer_1")
    click_widget(app, setup, "computer_4")
    click_widget(app, setup, "name_2")
    type_text(app, " the Great")
    frames(app, 2)
    shot("setup")
    for _ in range(7):
        click_widget(app, setup, "seat_plus")
    click(app, (5, 5))  # unfocus
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=setup.widget("start").rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 2)
    shot("setup_12")
    click_widget(app, setup, "back")
    click_widget(app, title, "settings", steps=2)
    scene = top(app)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=scene.widget("back").rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 2)
    shot("settings")
    app.stack.clear_to(TableProbe(app.ctx))
    frames(app, 2)
    shot("table_layout")
    start(app, PauseScene(app.ctx))
    shot("pause")
    click_widget(app, top(app), "quit", steps=2)
    shot("confirm_dialog")
    assert app.errors == []

    images = {name: load_rgb(path) for name, path in shots.items()}
    for name, image in images.items():
        assert image.get_size() == app.screen.get_size(), name
        colours, share = image_stats(image)
        # A blank or one-colour frame has 1 colour and share 0; the scenes have hundreds of
        # colours (text, panels, the backdrop) and at least 60 % of pixels off the commonest.
        assert colours >= 50, (name, colours)
        assert share >= 0.3, (name, share)
    for a, b in itertools.combinations(images, 2):
        # The closest pair, setup with 5 and with 12 seats, differs in about 19 % of pixels.
        assert pixel_difference(images[a], images[b]) >= 0.05, (a, b)
