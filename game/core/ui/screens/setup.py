"""The set-up screen: the one before a game, where the players choose the seats (how many;
each one's name, human or computer, and the computer's level) and the seed, then Start.

Everything about seats and the seed is here, the same for every game: the widgets
"seat_minus", "seat_plus", "name_<i>", "computer_<i>", "level_<i>" (i from 0), "seed", "dice",
"back" and "start"; the names of the last set-up offered again; a kept game's deal ("same deal")
fixing the seats and seed. All `max_seats` rows exist; only the first `seats` show, so a name
typed into a removed seat comes back when the seat is added again.

For a new game's author: subclass `SetupScreen` in your `ui/scenes/setup.py` with

- `game_id` (whose last names are offered, whose computer levels a seat cycles through:
  the game's `bot_levels`), `min_seats` / `max_seats`;
- `draw_body(surface)`: whatever your screen shows besides the shared frame (title, panel,
  header) and the widgets, such as the seat badges (`draw_badge`).

Optional: `look`, a `SetupLook` (where the panel, the seat rows and the header's pieces sit;
`DEFAULT_LOOK` fits up to five seats); `start()` (by default the game is dealt through its
route `{game_id}.start_game` with `seats` and `seed`, and a same deal's `deal` and `challenge`);
`add_options()` (your option widgets; `sync_options()` keeps them in step with the seat count,
`options_hidden_by_deal` names those a same deal hides), `computer_by_default(i)`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pygame

from game.core.i18n import lt, t
from game.core.levels import level_name
from game.core.names import last_seats, remember_seats
from game.core.seat_names import default_name, is_default_name
from game.core.session import Challenge, Seat
from game.core.ui.scene import UIScene
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.inputs import TextInput, Toggle
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PINK,
    PLAYER_COLOURS,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button

NAME_MAX = 16
SEED_DIGITS = 9  # fits any int the rules engines take, and stays readable
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class SameDeal:
    """A kept game's deal to play again: its seats, seed, cards (`deal`, the game's own) and
    result (`challenge`, to compare at the end); `source` names the kept game."""

    names: list[str]
    kinds: list[str]
    seed: int
    deal: Any
    challenge: Challenge
    source: str
    options: Any = None  # the game's options, for a game that has them


@dataclass(frozen=True)
class SetupLook:
    """Where a game's set-up screen puts the shared pieces (1280x720 coordinates)."""

    panel: pygame.FRect
    panel_colour: RGB
    #: Top-left of seat i's row (where its badge goes).
    seat_origin: Callable[[int], tuple[float, float]]
    #: (x offset from the row's origin, width) of the name box, the toggle and the level button.
    columns: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]
    seat_h: float
    count_x: float  # the "-" button's left edge; "+" is 130 px further
    seed_box: tuple[float, float, float, float]
    title_size: int
    label_size: int  # "Players" and "Seed"
    players_w: float
    players_x: float  # from the panel's left
    count_size: int
    seed_label_w: float
    seed_label_x: float  # from the panel's right
    deal_line: tuple[int, float, float]  # the same deal's line: size, width, x from the right
    rule: tuple[RGB, float]  # the line under the header: colour, y


_PANEL = pygame.FRect(200, 104, 880, 472)
#: A set-up screen for up to five seats: a row each under the header.
DEFAULT_LOOK = SetupLook(
    panel=_PANEL,
    panel_colour=(40, 60, 110),
    seat_origin=lambda i: (_PANEL.x + 40, 214 + i * 62),
    columns=((60, 300), (380, 200), (600, 150)),
    seat_h=48,
    count_x=_PANEL.x + 220,
    seed_box=(_PANEL.right - 375, 130, 165, 48),
    title_size=64,
    label_size=36,
    players_w=170,
    players_x=110,
    count_size=52,
    seed_label_w=80,
    seed_label_x=420,
    deal_line=(28, 480, 270),
    rule=((90, 110, 170), 198),
)


class LevelButton(Button):
    """A computer seat's level button: the level it shows ("easy".."expert")."""

    level: str = "normal"


class SetupScreen(UIScene):
    """Choose the players and the seed (see the module's docstring for what a game gives)."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    game_id = ""
    min_seats, max_seats, default_seats = 1, 12, 2
    look: SetupLook = DEFAULT_LOOK
    #: The option widgets a same deal hides, besides the seat count and the seed.
    options_hidden_by_deal: tuple[str, ...] = ()

    def __init__(
        self, ctx: Any, seats: int = 2, same_deal: SameDeal | None = None, seed: int | None = None
    ) -> None:
        super().__init__(ctx)
        #: The computer levels a seat cycles through, weakest first: the game's own.
        self.levels: tuple[str, ...] = tuple(ctx.game_ui(self.game_id).game.bots.bot_levels)
        first_level = "normal" if "normal" in self.levels else self.levels[0]
        self._rng = random.Random()
        self.same_deal = same_deal
        if same_deal is not None:
            seats, seed = len(same_deal.names), same_deal.seed
        self.seats = min(max(seats, self.min_seats), self.max_seats)
        look = self.look
        self.add(
            "seat_minus",
            Button(
                (look.count_x, 128, 56, 52), "\u2212", self.remove_seat, colour=PINK, text_size=48
            ),
        )
        self.add(
            "seat_plus",
            Button(
                (look.count_x + 130, 128, 56, 52), "+", self.add_seat, colour=PINK, text_size=48
            ),
        )
        (name_x, name_w), (toggle_x, toggle_w), (level_x, level_w) = look.columns
        for i in range(self.max_seats):
            x, y = look.seat_origin(i)
            computer = self.computer_by_default(i)
            self.add(
                f"name_{i}",
                TextInput(
                    (x + name_x, y, name_w, look.seat_h),
                    default_name(i, computer),
                    max_len=NAME_MAX,
                    placeholder=partial(self._seat_default, i),
                ),
            )
            self.add(
                f"computer_{i}",
                Toggle(
                    (x + toggle_x, y, toggle_w, look.seat_h),
                    computer,
                    on_change=partial(self._kind_changed, i),
                    labels=(lt("setup.human", "Human"), lt("setup.computer", "Computer")),
                    colours=(CYAN, PURPLE),
                ),
            )
            level = LevelButton(
                (x + level_x, y, level_w, look.seat_h),
                partial(level_name, first_level),
                partial(self.cycle_level, i),
                colour=ORANGE,
                text_size=28,
            )
            level.level = first_level
            self.add(f"level_{i}", level)
        first = seed if seed is not None else self.random_seed()
        self.add(
            "seed",
            TextInput(
                look.seed_box,
                str(first),
                max_len=SEED_DIGITS,
                allowed="0123456789",
                placeholder=lt("setup.random_hint", "random"),
            ),
        )
        panel = look.panel
        self.add(
            "dice",
            Button(
                (panel.right - 196, 128, 156, 52),
                lt("setup.random", "Random"),
                self.roll_seed,
                colour=YELLOW,
                text_size=34,
            ),
        )
        self.add_options()
        self.add(
            "back",
            Button(
                (panel.x, 606, 240, 68),
                lt("setup.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=40,
            ),
        )
        self.add(
            "start",
            Button(
                (panel.right - 300, 600, 300, 74),
                lt("setup.start", "Start!"),
                self.start,
                key=(pygame.K_RETURN, pygame.K_KP_ENTER),
                colour=GREEN,
                text_size=48,
            ),
        )
        from game.core.ui.screens.scene_tips import named_tips, setup_tips

        self.tooltips.add(named_tips(lambda: self.widgets, setup_tips()))  # what each one does
        if same_deal is not None:  # its seats (all editable); its player count and seed
            self._fill_seats(list(zip(same_deal.names, same_deal.kinds, strict=True)))
            for name in ("seat_minus", "seat_plus", "seed", "dice", *self.options_hidden_by_deal):
                self.widgets[name].visible = False
        else:  # the table of last time: the same people usually play again
            self._fill_seats(
                last_seats(
                    ctx.data_dir,
                    self.game_id,
                    self.max_seats,
                    tell=lambda line: setattr(ctx, "message", line),
                ),
                defaults_follow_kind=True,  # (a kept "Player 2" computer is now "Computer 2";
                # a kept "Computer 2", "Ordinateur 2" in French)
            )
        self._sync()

    # ------------------------------------------------------------ what a game gives

    def computer_by_default(self, i: int) -> bool:
        """Whether seat i starts as a computer (before any kept names)."""
        return False

    def add_options(self) -> None:
        """Add the game's own option widgets (`self.add(name, widget)`)."""

    def sync_options(self) -> None:
        """Keep the option widgets in step with the seats (called after every seat change)."""

    def start(self) -> None:
        """Deal the game as chosen: through its route `{game_id}.start_game`."""
        seats, seed, deal = self.chosen_seats(), self.chosen_seed(), self.same_deal
        self.remember_seats()
        extra = {} if deal is None else {"deal": deal.deal, "challenge": deal.challenge}
        self.ctx.nav.make(f"{self.game_id}.start_game", seats=seats, seed=seed, **extra)

    def draw_body(self, surface: pygame.Surface) -> None:
        """What the screen shows besides the shared frame and the widgets."""

    # ------------------------------------------------------------ seats

    def _fill_seats(self, seats: list[tuple[str, str]], defaults_follow_kind: bool = False) -> None:
        """Names, human or computer and levels from a kept table; the seat count follows.
        With `defaults_follow_kind`, a kept default name (of either kind, in any language) is
        the seat's default of its kind in the game's language now."""
        if not seats:
            return
        self.seats = min(max(len(seats), self.min_seats), self.max_seats)
        for i, (name, kind) in enumerate(seats[: self.max_seats]):
            name_w, toggle = self.widgets[f"name_{i}"], self.widgets[f"computer_{i}"]
            assert isinstance(name_w, TextInput) and isinstance(toggle, Toggle)
            computer = kind in self.levels
            if defaults_follow_kind and is_default_name(name, i):  # its kind's, in this language
                name = default_name(i, computer)
            name_w.set_text(name[:NAME_MAX])
            toggle.value = computer
            if kind in self.levels:
                level = self._level_button(i)
                level.level, level.label = kind, partial(level_name, kind)

    def _seat_default(self, i: int) -> str:
        """Seat i's default name as its kind now stands (shown while its name is blank)."""
        toggle = self.widgets[f"computer_{i}"]
        assert isinstance(toggle, Toggle)
        return default_name(i, toggle.value)

    def _kind_changed(self, i: int, computer: bool) -> None:
        """A seat turned human or computer: a name nobody typed (the other kind's default)
        follows; a typed one stays."""
        name_w = self.widgets[f"name_{i}"]
        assert isinstance(name_w, TextInput)
        if name_w.text.strip() == default_name(i, not computer):
            name_w.set_text(default_name(i, computer))
        self._sync()

    def _sync(self) -> None:
        fixed = self.same_deal is not None
        for i in range(self.max_seats):
            shown = i < self.seats
            for name in (f"name_{i}", f"computer_{i}", f"level_{i}"):
                widget = self.widgets[name]
                widget.visible = shown
                if not shown:
                    widget.reset()
            computer = self.widgets[f"computer_{i}"]
            assert isinstance(computer, Toggle)
            self.widgets[f"level_{i}"].visible = shown and computer.value
        self.widgets["seat_minus"].enabled = self.seats > self.min_seats and not fixed
        self.widgets["seat_plus"].enabled = self.seats < self.max_seats and not fixed
        self.sync_options()

    def add_seat(self) -> None:
        self.seats = min(self.seats + 1, self.max_seats)
        self._sync()

    def remove_seat(self) -> None:
        self.seats = max(self.seats - 1, self.min_seats)
        self._sync()

    def cycle_level(self, i: int) -> None:
        """The game's levels in turn (Easy -> Normal -> Hard -> Easy) for a computer seat."""
        button = self._level_button(i)
        levels = self.levels
        button.level = levels[(levels.index(button.level) + 1) % len(levels)]
        button.label = partial(level_name, button.level)

    def _level_button(self, i: int) -> LevelButton:
        button = self.widgets[f"level_{i}"]
        assert isinstance(button, LevelButton)
        return button

    def random_seed(self) -> int:
        return self._rng.randrange(1, 1_000_000)

    def roll_seed(self) -> None:
        seed = self.widgets["seed"]
        assert isinstance(seed, TextInput)
        seed.set_text(str(self.random_seed()))

    def seat_choices(self) -> list[tuple[str, bool, str]]:
        """Each seat as chosen: (name, computer, level); a blank name is "Player N" (or
        "Computer N")."""
        seats = []
        for i in range(self.seats):
            name_w, kind_w = self.widgets[f"name_{i}"], self.widgets[f"computer_{i}"]
            assert isinstance(name_w, TextInput) and isinstance(kind_w, Toggle)
            seats.append(
                (
                    name_w.text.strip() or default_name(i, kind_w.value),
                    kind_w.value,
                    self._level_button(i).level,
                )
            )
        return seats

    def chosen_seats(self) -> list[Seat]:
        """The seats as chosen: a computer's kind is its level, a person's "human"."""
        return [
            Seat(name, level if computer else "human")
            for name, computer, level in self.seat_choices()
        ]

    def chosen_seed(self) -> int:
        """The same deal's seed, or the one typed (a blank one is random)."""
        if self.same_deal is not None:
            return int(self.same_deal.seed)
        seed_w = self.widgets["seed"]
        assert isinstance(seed_w, TextInput)
        return int(seed_w.text) if seed_w.text else self.random_seed()

    def remember_seats(self) -> None:
        """Keep this table's names for the next set-up (a kept game's seats are that game's)."""
        if self.same_deal is None:
            remember_seats(
                self.ctx.data_dir, self.game_id, [(s.name, s.kind) for s in self.chosen_seats()]
            )

    def back(self) -> None:
        self.ctx.stack.pop()

    # ------------------------------------------------------------ drawing

    def title(self) -> str:
        """The screen's title (a same deal says so)."""
        return (
            t("setup.same_deal", "Same deal")
            if self.same_deal is not None
            else t("setup.new_game", "New game")
        )

    def deal_line(self) -> str:
        """Where a same deal's cards come from."""
        assert self.same_deal is not None, "only a same deal has a source"
        return t("setup.deal_from", "Cards and numbers from {source}", source=self.same_deal.source)

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text, look, panel = self.ctx.text, self.look, self.look.panel
        text.blit_centered(
            surface, self.title(), look.title_size, YELLOW, (640, 56), outline=INK, px=5, shadow=6
        )
        draw_panel(surface, panel, colour=look.panel_colour, radius=26, border=5, shadow=10)
        # The header strip: the player count on the left, the seed (or the deal) on the right.
        players = t("setup.players", "Players")
        text.blit_centered(
            surface,
            players,
            text.fit_size(players, look.label_size, look.players_w),
            WHITE,
            (panel.x + look.players_x, 155),
            outline=INK,
            px=3,
        )
        minus, plus = self.widgets["seat_minus"].rect, self.widgets["seat_plus"].rect
        text.blit_centered(
            surface,
            str(self.seats),
            look.count_size,
            YELLOW,
            ((minus.right + plus.x) / 2, 155),
            outline=INK,
            px=4,
        )
        if self.same_deal is None:
            seed = t("setup.seed", "Seed")
            text.blit_centered(
                surface,
                seed,
                text.fit_size(seed, look.label_size, look.seed_label_w),
                WHITE,
                (panel.right - look.seed_label_x, 155),
                outline=INK,
                px=3,
            )
        else:
            line = self.deal_line()
            size, width, x = look.deal_line
            text.blit_centered(
                surface,
                line,
                text.fit_size(line, size, width),
                WHITE,
                (panel.right - x, 155),
                outline=INK,
                px=2,
            )
        colour, y = look.rule
        gfx.line(surface, colour, (panel.x + 24, y), (panel.right - 24, y), 3)
        self.draw_body(surface)
        self.draw_widgets(surface)

    def draw_badge(self, surface: pygame.Surface, i: int, size: int, shadow: bool = False) -> None:
        """Seat i's numbered badge in its colour, left of its row."""
        x, y = self.look.seat_origin(i)
        badge = pygame.Rect(x, y, 46, self.look.seat_h)
        if shadow:
            gfx.rect(surface, INK, badge.move(0, 3), border_radius=12)
        gfx.rect(surface, INK, badge, border_radius=12)
        gfx.rect(surface, PLAYER_COLOURS[i], badge.inflate(-6, -6), border_radius=9)
        self.ctx.text.blit_centered(
            surface, str(i + 1), size, WHITE, badge.center, outline=INK, px=2
        )
