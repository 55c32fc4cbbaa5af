"""What several test files share: playing Lucky Box at the table by clicks, the title screen
and a fresh start of the app, the random-event "monkey" driver, and checks on saved images.

Test files import from here (and from ui_helpers / rules_helpers), never from each other.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.catalog import new_app
from game.core import storage
from game.core.ui.app import App
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.core.ui.table.log_panel import LogPanel
from game.luckybox.rules import Pass, Resolve
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.roundend import RoundEndScene
from game.luckybox.ui.scenes.table import is_lucky_box_table
from tests.ui_helpers import (
    DT,
    click,
    frames,
    frames_computers_answered,
    press,
    screenshot,
    tap,
    tap_key,
    type_text,
)

#: The longest frame a monkey's wait takes (the app's own cap on a frame's time is 0.1 s).
WAIT_FRAME = 0.1

# --------------------------------------------------------------------------- app and title


def lb(folder: Path) -> Path:
    """Lucky Box's own folder in a data folder."""
    return storage.game_folder(folder, "luckybox")


def table_dir(folder: Path) -> Path:
    """The game folder's table played most recently (its own folder of saves,
    game.core.saves), or where one would be when there is none (a path that does not exist)."""
    from game.core import saves

    tables = saves.table_folders(folder)
    return tables[0] if tables else Path(folder) / saves.TABLES / "none"


def save_file(folder: Path) -> Path:
    """The autosave of the game folder's table played most recently (see `table_dir`)."""
    return table_dir(folder) / storage.AUTOSAVE


def title(app: App) -> TitleScene:
    """Clear the stack to a fresh title screen and let it draw."""
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    top = app.stack.top
    assert isinstance(top, TitleScene)
    return top


def fresh_app(old: App) -> App:
    """Close the window (as the player would) and start the game again."""
    old.stack.clear()
    pygame.quit()
    return new_app()


def table_of(app: App) -> Table | None:
    """The Lucky Box table on the stack, if there is one."""
    return next((s for s in app.stack.scenes if is_lucky_box_table(s)), None)


# --------------------------------------------------------------------------- at the table


def click_widget_table(app: App, table: Table, name: str) -> bool:
    return tap(app, table.kit.buttons[name].rect.center)


def _shot(app: App, shots: set | None, name: str) -> None:
    if shots is not None and name not in shots:
        shots.add(name)
        screenshot(app, name)


def take_turn(app: App, table: Table, rng: random.Random, shots: set | None) -> None:
    """Take one random legal action of the seat in focus by clicking where the layout puts it."""
    if table.kit.others.pinned is not None:
        # Another player's board is zoomed (kept open by an earlier click) over part of ours:
        # as a person would, click it away first (that click is used up, crossing nothing).
        tap(app, table.kit.others.zoom_rect().center)
        assert table.kit.others.pinned is None
    for part in table.parts:
        if isinstance(part, LogPanel) and part.open:
            # The move log opened large (by an earlier click) over the board: a click on it
            # closes it, as a person would first.
            tap(app, part.rect().center)
            assert not part.open
    if table.kit.selected_square is not None:
        # A Lightning square chosen by an earlier click (a monkey's): Esc drops the choice, as
        # a person would before choosing again (a second click on it is no new choice).
        tap_key(app, pygame.K_ESCAPE)
        assert table.kit.selected_square is None and app.stack.top is table
    seat = table.focus
    state = table.state
    legal = state.legal_actions(seat)
    before = len(state.actions)
    action = rng.choice(legal)
    if isinstance(action, Resolve):
        _shot(app, shots, "table_bonus")
        for key, rect in table.kit.pending_rects():
            if key == (action.card, action.line, action.index):
                tap(app, rect.center)
        tap(app, table.kit.square_center(action.target_card, action.cell))
    elif isinstance(action, Pass):
        click_widget_table(app, table, "pass")
    elif action.lightning == 0:
        _shot(app, shots, "table_turn")
        tap(app, table.kit.square_center(action.card, action.cell))
    else:
        tap(app, table.kit.square_center(action.card, action.cell))
        assert table.kit.selected_square is not None and len(state.actions) == before, (
            "Lightning is never spent by one click"
        )
        _shot(app, shots, "table_lightning")
        click_widget_table(app, table, "spend")
    assert len(state.actions) == before + 1, f"{action} was not taken: {table.message}"


def choose_at_the_draft(app: App, draft: DraftScene, rng: random.Random) -> None:
    """Choose random cards at the draft by clicks (any chosen before put back first), then
    Keep (or Pick)."""
    for card in list(draft.selected):
        tap(app, draft.card_center(card))
    for card in rng.sample(draft.hand, draft.need):
        tap(app, draft.card_center(card))
    tap(app, draft.widget("confirm").rect.center, 2)


def to_first_number(app: App, table: Table) -> None:
    """Keep the first cards by clicks and wait for the first number."""
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            tap(app, top.widget("go").rect.center, 2)
        elif isinstance(top, DraftScene):
            for card in top.hand[:3]:
                tap(app, top.card_center(card))
            tap(app, top.widget("confirm").rect.center, 2)
        elif table.human_turn():
            return
        elif table.confirming is not None and not table.animator.busy:
            tap(app, table.kit.buttons["next"].rect.center)
        else:
            tap_key(app, pygame.K_SPACE)
    raise AssertionError("no first number")


def drive(
    app: App,
    table: Table,
    rng: random.Random,
    max_frames: int = 60000,
    on_turn: Callable[[Table], None] | None = None,
    shots: set | None = None,
) -> tuple[GameEndScene, list[str]]:
    """Play to the end by clicks: drafts, crosses (with Lightning via Spend), bonuses, passes.

    Returns the game-end scene and the names the pass screen handed over to, in order."""
    app.ctx.settings.animation_speed = 4.0
    handoffs: list[str] = []
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            return top, handoffs
        if isinstance(top, HandoffScene):
            handoffs.append(top.name)
            _shot(app, shots, "handoff")
            tap(app, top.widget("go").rect.center, 2)
            continue
        if isinstance(top, DraftScene):
            _shot(app, shots, "draft_keep" if top.need == 3 else "draft_pick")
            for card in rng.sample(top.hand, top.need):
                tap(app, top.card_center(card))
            if top.need == 3:
                _shot(app, shots, "draft_chosen")
            before = len(table.state.actions)
            tap(app, top.widget("confirm").rect.center, 2)
            assert len(table.state.actions) == before + 1
            continue
        if isinstance(top, RoundEndScene):
            frames(app, 30)
            _shot(app, shots, "round_end")
            tap(app, top.widget("continue").rect.center, 2)
            continue
        if top is table and table.confirming is not None and not table.animator.busy:
            click_widget_table(app, table, "next")
            continue
        if top is table and table.human_turn():
            assert table.seen.matches(table.state), "the table shows what the engine holds"
            if on_turn:
                on_turn(table)
            take_turn(app, table, rng, shots)
            continue
        if top is table and table.animator.busy and rng.random() < 0.3:
            tap_key(app, pygame.K_SPACE)  # skip ahead, as a person may
            continue
        frames_computers_answered(app)
    raise AssertionError("the game did not finish")


# --------------------------------------------------------------------------- the monkey


@dataclass(frozen=True)
class EventMix:
    """What a monkey does at each step, as weights (summing to 1) in this order: a left click
    anywhere, a key from `keys`, typed text from `texts`, a right click, a window event (resize,
    minimise, restore, focus lost, a dropped file), some frames of waiting (1 to `max_wait` - 1),
    or closing the window. A close at a table first steers into a cascade `into_cascade` of the
    time (takes a turn or presses Next, then closes during the steps that follow)."""

    click: float = 0.0
    key: float = 0.0
    text: float = 0.0
    right_click: float = 0.0
    window: float = 0.0
    wait: float = 0.0
    close: float = 0.0
    keys: Sequence[int] = ()
    texts: Sequence[str] = ()
    max_wait: int = 20
    into_cascade: float = 0.0
    #: A table with more seats than this is left for the title (big games slow the monkey).
    max_seats: int = 3

    def __post_init__(self) -> None:
        total = (
            self.click
            + self.key
            + self.text
            + self.right_click
            + self.window
            + self.wait
            + self.close
        )
        assert abs(total - 1.0) < 1e-9, f"the weights sum to {total}, not 1"
        assert self.key == 0 or self.keys, "keys to press"
        assert self.text == 0 or self.texts, "texts to type"


@dataclass
class MonkeyChecks:
    """What a use of the monkey checks, besides "no scene ever raised" (app.errors == []).

    before_close(app, table) runs just before the window is closed (the table, or None) and
    returns what after_reopen(new_app, title, remembered) gets once the game has been started
    again and its title shows. after_step(monkey) runs after every step."""

    before_close: Callable[[App, Table | None], Any] | None = None
    after_reopen: Callable[[App, TitleScene, Any], None] | None = None
    after_step: Callable[[Monkey], None] | None = None


class Monkey:
    """Random events across every scene of a running app, `steps` at a time: after each, a
    stopped app (Quit clicked) starts again from the title, and every scene seen is noted."""

    def __init__(
        self,
        app: App,
        rng: random.Random,
        mix: EventMix,
        checks: MonkeyChecks | None = None,
        drop_file: Path | None = None,
    ) -> None:
        self.app = app
        self.rng = rng
        self.mix = mix
        self.checks = checks or MonkeyChecks()
        self.drop_file = str(drop_file or Path("no-such-folder") / "nothing.json")
        self.closes = 0
        self.scenes: set[str] = set()

    def run(self, steps: int) -> Monkey:
        mix, rng = self.mix, self.rng
        bounds = []
        edge = 0.0
        for weight, act in (
            (mix.click, self._click),
            (mix.key, self._key),
            (mix.text, self._text),
            (mix.right_click, self._right_click),
            (mix.window, self._window),
            (mix.wait, self._wait),
            (mix.close, self._close),
        ):
            edge += weight
            if weight:
                bounds.append((edge, act))
        for _ in range(steps):
            r = rng.random()
            pos = (rng.randrange(1280), rng.randrange(720))
            # (the last kind also takes what rounding leaves above its edge)
            next((a for e, a in bounds if r < e), bounds[-1][1])(pos)
            app = self.app
            if not app.running or not len(app.stack):
                app.running = True  # Quit was clicked: start again from the title
                title(app)
            self.scenes.add(type(app.stack.top).__name__)
            table = table_of(app)
            if table and len(table.session.seats) > mix.max_seats:
                app.stack.clear_to(TitleScene(app.ctx))  # keep the games small
            if self.checks.after_step:
                self.checks.after_step(self)
            assert app.errors == [], app.errors
        return self

    # ----- the events

    def _click(self, pos: tuple[int, int]) -> None:
        click(self.app, pos)

    def _key(self, pos: tuple[int, int]) -> None:
        press(self.app, self.rng.choice(self.mix.keys))

    def _text(self, pos: tuple[int, int]) -> None:
        type_text(self.app, self.rng.choice(self.mix.texts))

    def _right_click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        frames(self.app, 1)

    def _window(self, pos: tuple[int, int]) -> None:
        rng = self.rng
        events = [
            lambda: pygame.event.Event(
                pygame.VIDEORESIZE,
                w=rng.randrange(320, 2000),
                h=rng.randrange(240, 1200),
                size=(rng.randrange(320, 2000), rng.randrange(240, 1200)),
            ),
            lambda: pygame.event.Event(pygame.WINDOWMINIMIZED, window=None),
            lambda: pygame.event.Event(pygame.WINDOWRESTORED, window=None),
            lambda: pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None),
            lambda: pygame.event.Event(pygame.DROPFILE, file=self.drop_file),
        ]
        pygame.event.post(rng.choice(events)())
        frames(self.app, 1)

    def _wait(self, pos: tuple[int, int]) -> None:
        """Let n frames' worth of time pass (n from 1 to max_wait - 1), in frames of at most
        WAIT_FRAME seconds: the game moves on exactly as far, drawing fewer frames on the way
        (every other event already draws one, at whatever point animations have reached)."""
        seconds = self.rng.randrange(1, self.mix.max_wait) * DT
        count = math.ceil(seconds / WAIT_FRAME - 1e-9)
        frames(self.app, count, seconds / count)

    def _close(self, pos: tuple[int, int]) -> None:
        """Close the window now, whatever is happening, and start the game again."""
        app, rng = self.app, self.rng
        table = table_of(app)
        if table is not None and rng.random() < self.mix.into_cascade:
            # Often inside a cascade: take a real turn (or press Next for the next number),
            # then close during its steps. A draft waiting on top is chosen first, as a player
            # would: random clicks seldom choose its cards and confirm, and a walk that never
            # left the set-up closed at no cascade at all (seed 517821, walk 1).
            if isinstance(app.stack.top, DraftScene):
                choose_at_the_draft(app, app.stack.top, rng)
                for _ in range(120):
                    if app.stack.top is table and (
                        table.human_turn() or table.confirming is not None
                    ):
                        break
                    frames_computers_answered(app)
            if app.stack.top is table and table.human_turn():
                take_turn(app, table, rng, None)
            elif (
                app.stack.top is table and table.confirming is not None and not table.animator.busy
            ):
                click_widget_table(app, table, "next")
            for _ in range(60):
                if table.animator.current is not None and rng.random() < 0.4:
                    break
                if not frames(app, 1):
                    break
            table = table_of(app)
        remembered = self.checks.before_close(app, table) if self.checks.before_close else None
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        frames(app, 1)
        assert app.errors == [], app.errors
        self.closes += 1
        self.app = fresh_app(app)
        top = title(self.app)
        if self.checks.after_reopen:
            self.checks.after_reopen(self.app, top, remembered)


# --------------------------------------------------------------------------- images


def load_rgb(path: Path) -> pygame.Surface:
    """A saved image as a plain 24-bit surface (no alpha), whatever the file holds."""
    image = pygame.image.load(str(path))
    plain = pygame.Surface(image.get_size(), 0, 24)
    plain.blit(image, (0, 0))
    return plain


def _same_as(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many pixels of `surface` are exactly `colour`."""
    return pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255)).count()


def image_stats(image: pygame.Surface) -> tuple[int, float]:
    """(distinct colours among a 160 x 90 sample, share of all pixels unlike the sample's most
    common colour, the background) of a 24-bit image."""
    sample = pygame.transform.scale(image, (160, 90))  # nearest pixels, not blended ones
    data = pygame.image.tobytes(sample, "RGB")
    counts: dict[bytes, int] = {}
    for i in range(0, len(data), 3):
        key = data[i : i + 3]
        counts[key] = counts.get(key, 0) + 1
    commonest = tuple(max(counts, key=counts.__getitem__))
    width, height = image.get_size()
    return len(counts), 1 - _same_as(image, commonest) / (width * height)


def pixel_difference(first: pygame.Surface, second: pygame.Surface) -> float:
    """Share of pixels that differ between two 24-bit images (1.0 if their sizes differ)."""
    if first.get_size() != second.get_size():
        return 1.0
    diff = first.copy()
    diff.blit(second, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0)
    other = second.copy()
    other.blit(first, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(b - a, 0)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b| per channel
    width, height = first.get_size()
    return 1 - _same_as(diff, (0, 0, 0)) / (width * height)


def kit_table(scene: object, kit: type) -> bool:
    """Whether `scene` is the core table (game.core.ui.table) holding a kit of that class: a
    game's table, now that every game's table is the one core table and its kit."""
    from game.core.ui.table import Table

    return isinstance(scene, Table) and isinstance(scene.kit, kit)


def online_kit_table(scene: object, kit: type) -> bool:
    """Whether `scene` is the online table (the core table with an `OnlineHost`) of that kit."""
    from game.online.ui.table import OnlineHost

    return kit_table(scene, kit) and isinstance(getattr(scene, "host", None), OnlineHost)
