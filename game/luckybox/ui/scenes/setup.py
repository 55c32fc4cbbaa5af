"""Game setup: 1-12 seats (name, human or computer) and the seed, then Start."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.game import BOT_LEVELS, level_name
from game.core.i18n import lt, t
from game.core.names import last_seats, remember_seats
from game.core.session import make_challenge, seat_kinds
from game.core.ui import gfx
from game.core.ui.context import Context, GameConfig
from game.core.ui.inputs import TextInput, Toggle
from game.core.ui.widgets import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PINK,
    PLAYER_COLOURS,
    PURPLE,
    WHITE,
    YELLOW,
    Button,
    UIScene,
    draw_backdrop,
    draw_panel,
)
from game.luckybox.rules.game import state_from_record
from game.luckybox.rules.state import Deal, Options

MIN_SEATS, MAX_SEATS = 1, 12
DEFAULT_SEATS = 2
NAME_MAX = 16
SEED_DIGITS = 9  # fits any int the rules engine takes, and stays readable

PANEL = pygame.FRect(72, 104, 1136, 472)
SEAT_TOP = 212
SEAT_PITCH = 58
SEAT_H = 46
COLUMN_X = (104, 658)  # left edge of each column of six seats (each 518 px wide)
BADGE_W = 46
NAME_W = 196
LEVEL_W = 90  # wide enough for "Normal" at its full size
LEVELS = BOT_LEVELS  # computer levels a seat cycles through
TOGGLE_W = 158


@dataclass(frozen=True)
class SameDeal:
    """Another game's deal to play again: its seats, seed, cards and result (to compare)."""

    names: list[str]
    kinds: list[str]
    seed: int
    deal: Deal
    options: Options
    challenge: dict[str, Any]
    source: str


def same_deal_from(record: dict[str, Any], source: str) -> SameDeal:
    """The deal of a record (replayed to fix every card it did not list); RecordError if the
    record is not valid."""
    state = state_from_record(record)
    kinds = seat_kinds(record, len(state.names))
    deal = Deal(tuple(state.deck_order), tuple(tuple(r) for r in state.numbers))
    totals = [p.total for p in state.players]
    return SameDeal(list(state.names), kinds, state.seed, deal, state.options,
                    make_challenge(list(state.names), totals, source), source)


def default_name(i: int) -> str:
    return t("setup.player_n", "Player {n}", n=i + 1)


def seat_origin(i: int) -> tuple[float, float]:
    """Top-left of seat i's row: seats 1-6 in the left column, 7-12 in the right."""
    col, row = divmod(i, 6)
    return COLUMN_X[col], SEAT_TOP + row * SEAT_PITCH


class SetupScene(UIScene):
    """Choose players and seed. Start makes the route "luckybox.start_from_setup" with the
    `GameConfig`; Back (Esc) returns.

    Widgets: "seat_minus", "seat_plus", "name_<i>", "computer_<i>" (i from 0), "seed", "dice",
    "start", "back". All twelve seat rows exist; only the first `seats` are visible, so names typed
    into a removed seat come back when it is added again.
    """

    def __init__(self, ctx: Context, seed: int | None = None, seats: int = DEFAULT_SEATS,
                 same_deal: SameDeal | None = None) -> None:
        super().__init__(ctx)
        self._rng = random.Random()
        self.same_deal = same_deal
        if same_deal is not None:
            seats, seed = len(same_deal.names), same_deal.seed
        self.seats = min(max(seats, MIN_SEATS), MAX_SEATS)
        self.add("seat_minus", Button((PANEL.x + 200, 128, 56, 52), "\u2212", self.remove_seat,
                                      colour=PINK, text_size=48))
        self.add("seat_plus", Button((PANEL.x + 330, 128, 56, 52), "+", self.add_seat,
                                     colour=PINK, text_size=48))
        for i in range(MAX_SEATS):
            x, y = seat_origin(i)
            self.add(f"name_{i}", TextInput((x + BADGE_W + 10, y, NAME_W, SEAT_H),
                                            default_name(i), max_len=NAME_MAX,
                                            placeholder=lambda i=i: default_name(i)))
            self.add(f"computer_{i}", Toggle((x + BADGE_W + NAME_W + 20, y, TOGGLE_W, SEAT_H),
                                             False, on_change=lambda _on: self._sync(),
                                             labels=(lt("setup.human", "Human"),
                                                     lt("setup.computer", "Computer")),
                                             colours=(CYAN, PURPLE)))
            level = Button((x + BADGE_W + NAME_W + TOGGLE_W + 28, y, LEVEL_W - 8, SEAT_H),
                           lambda: level_name("normal"), lambda i=i: self.cycle_level(i),
                           colour=ORANGE,
                           text_size=28)
            level.level = "normal"
            self.add(f"level_{i}", level)
        first = seed if seed is not None else self.random_seed()
        self.add("seed", TextInput((PANEL.right - 420, 130, 210, 48), str(first),
                                   max_len=SEED_DIGITS, allowed="0123456789",
                                   placeholder=lt("setup.random_hint", "random")))
        self.add("dice", Button((PANEL.right - 196, 128, 156, 52), lt("setup.random", "Random"),
                                      self.roll_seed,
                                colour=YELLOW, text_size=34))
        self.add("back", Button((PANEL.x, 606, 240, 68), lt("setup.back", "Back"), self.back,
                                key=pygame.K_ESCAPE, colour=ORANGE, text_size=40))
        self.add("start", Button((PANEL.right - 300, 600, 300, 74), lt("setup.start", "Start!"),
                                 self.start,
                                 key=(pygame.K_RETURN, pygame.K_KP_ENTER), colour=GREEN,
                                 text_size=48))
        from game.core.ui.scene_tips import named_tips, setup_tips

        self.tooltips.add(named_tips(lambda: self.widgets, setup_tips()))  # what each one does
        if same_deal is not None:
            self._fix_deal(same_deal)
        else:  # the table of last time: the same people usually play again
            self._fill_seats(last_seats(ctx.data_dir, "luckybox", MAX_SEATS,
                                        tell=lambda line: setattr(ctx, "message", line)))
        self._sync()

    def _fill_seats(self, seats: list[tuple[str, str]]) -> None:
        """Names, human or computer and levels from a kept table; the seat count follows."""
        if not seats:
            return
        self.seats = min(max(len(seats), MIN_SEATS), MAX_SEATS)
        for i, (name, kind) in enumerate(seats[:MAX_SEATS]):
            name_w, toggle = self.widgets[f"name_{i}"], self.widgets[f"computer_{i}"]
            assert isinstance(name_w, TextInput) and isinstance(toggle, Toggle)
            name_w.set_text(name[:NAME_MAX])
            toggle.value = kind in LEVELS
            if kind in LEVELS:
                level = self.widgets[f"level_{i}"]
                level.level, level.label = kind, lambda k=kind: level_name(k)

    def _fix_deal(self, deal: SameDeal) -> None:
        """Another game's deal: its seats (names and computer levels, all editable) and its
        cards; the player count and seed are the deal's own."""
        for name in ("seat_minus", "seat_plus", "seed", "dice"):
            self.widgets[name].visible = False
        for i, (name, kind) in enumerate(zip(deal.names, deal.kinds, strict=True)):
            name_w = self.widgets[f"name_{i}"]
            assert isinstance(name_w, TextInput)
            name_w.set_text(name[:NAME_MAX])
            computer = kind in LEVELS
            toggle = self.widgets[f"computer_{i}"]
            assert isinstance(toggle, Toggle)
            toggle.value = computer
            if computer:
                level = self.widgets[f"level_{i}"]
                level.level, level.label = kind, lambda k=kind: level_name(k)

    # ---------------------------------------------------------------- state

    def random_seed(self) -> int:
        return self._rng.randrange(1, 1_000_000)

    def _sync(self) -> None:
        fixed = self.same_deal is not None
        for i in range(MAX_SEATS):
            shown = i < self.seats
            for name in (f"name_{i}", f"computer_{i}", f"level_{i}"):
                w = self.widgets[name]
                w.visible = shown
                if not shown:
                    w.reset()
            self.widgets[f"level_{i}"].visible = shown and self.widgets[f"computer_{i}"].value
        self.widgets["seat_minus"].enabled = self.seats > MIN_SEATS and not fixed
        self.widgets["seat_plus"].enabled = self.seats < MAX_SEATS and not fixed

    def add_seat(self) -> None:
        self.seats = min(self.seats + 1, MAX_SEATS)
        self._sync()

    def remove_seat(self) -> None:
        self.seats = max(self.seats - 1, MIN_SEATS)
        self._sync()

    def cycle_level(self, i: int) -> None:
        """Easy -> Normal -> Hard -> Easy for a computer seat."""
        button = self.widgets[f"level_{i}"]
        button.level = LEVELS[(LEVELS.index(button.level) + 1) % len(LEVELS)]
        button.label = lambda k=button.level: level_name(k)

    def roll_seed(self) -> None:
        seed = self.widgets["seed"]
        assert isinstance(seed, TextInput)
        seed.set_text(str(self.random_seed()))

    def config(self) -> GameConfig:
        """The game as currently chosen (blank names become "Player N", a blank seed random)."""
        seats = []
        for i in range(self.seats):
            name_w = self.widgets[f"name_{i}"]
            kind_w = self.widgets[f"computer_{i}"]
            assert isinstance(name_w, TextInput) and isinstance(kind_w, Toggle)
            level = self.widgets[f"level_{i}"].level
            seats.append((name_w.text.strip() or default_name(i), kind_w.value, level))
        seed_w = self.widgets["seed"]
        assert isinstance(seed_w, TextInput)
        deal = self.same_deal
        if deal is not None:
            return GameConfig(seats=seats, seed=deal.seed, deal=deal.deal, options=deal.options,
                              challenge=deal.challenge)
        seed = int(seed_w.text) if seed_w.text else self.random_seed()
        return GameConfig(seats=seats, seed=seed)

    def start(self) -> None:
        config = self.config()
        if self.same_deal is None:  # a kept game's seats are that game's, not this table's
            remember_seats(self.ctx.data_dir, "luckybox",
                           [(name, level if computer else "human")
                            for name, computer, level in config.seats])
        self.ctx.nav.make("luckybox.start_from_setup", config=config)

    def back(self) -> None:
        self.ctx.stack.pop()

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        title = (t("setup.same_deal", "Same deal") if self.same_deal is not None
                 else t("setup.new_game", "New game"))
        text.blit_centered(surface, title, 72, YELLOW, (640, 56), outline=INK, px=5, shadow=6)
        draw_panel(surface, PANEL, colour=(72, 36, 128), radius=26, border=5, shadow=10)
        # Header strip: player count on the left, seed on the right.
        players = t("setup.players", "Players")
        text.blit_centered(surface, players, text.fit_size(players, 40, 190), WHITE,
                           (PANEL.x + 104, 155), outline=INK, px=3)
        count = self.widgets["seat_minus"].rect
        text.blit_centered(surface, str(self.seats), 56, YELLOW,
                           ((count.right + self.widgets["seat_plus"].rect.x) / 2, 155),
                           outline=INK, px=4)
        if self.same_deal is None:
            seed = t("setup.seed", "Seed")
            text.blit_centered(surface, seed, text.fit_size(seed, 40, 100), WHITE,
                               (PANEL.right - 474, 155), outline=INK, px=3)
        else:
            line = t("setup.deal_from", "Cards and numbers from {source}",
                     source=self.same_deal.source)
            size = text.fit_size(line, 30, 620)
            text.blit_centered(surface, line, size, WHITE, (PANEL.right - 340, 155),
                               outline=INK, px=2)
        gfx.line(surface, (110, 70, 180), (PANEL.x + 24, 194), (PANEL.right - 24, 194), 3)
        for i in range(MAX_SEATS):
            x, y = seat_origin(i)
            row = pygame.Rect(x, y, BADGE_W + NAME_W + TOGGLE_W + LEVEL_W + 20, SEAT_H)
            if i < self.seats:
                colour = PLAYER_COLOURS[i]
                badge = pygame.Rect(x, y, BADGE_W, SEAT_H)
                gfx.rect(surface, INK, badge.move(0, 3), border_radius=12)
                gfx.rect(surface, INK, badge, border_radius=12)
                gfx.rect(surface, colour, badge.inflate(-6, -6), border_radius=9)
                text.blit_centered(surface, str(i + 1), 36, WHITE, badge.center, outline=INK,
                                   px=2)
            else:
                # Empty seats stay visible as dim slots, so the 12-seat capacity is obvious.
                gfx.rect(surface, (96, 58, 156), row, 3, border_radius=12)
                text.blit_centered(surface, t("setup.seat_n", "seat {n}", n=i + 1), 28,
                                   (140, 104, 196), row.center)
        self.draw_widgets(surface)
