"""Blanco's game setup: 1-5 seats (name; human, or computer at easy/normal/hard) and the seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame

from game.blanco.rules.deal import Deal
from game.blanco.rules.game import BLANCO
from game.core.game import level_name
from game.core.i18n import lt, t
from game.core.names import last_options, last_seats, remember_options, remember_seats
from game.core.session import Seat, make_challenge, seat_kinds
from game.core.ui import gfx
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

from ..match import MODES, SINGLE, TOTAL, WINS, Match, clear_match, save_match

try:  # the text box and the toggle live in their own module since the widgets were split
    from game.core.ui.inputs import TextInput, Toggle
except ImportError:  # pragma: no cover - before the split
    from game.core.ui.widgets import TextInput, Toggle  # type: ignore[attr-defined,no-redef]

MIN_SEATS, MAX_SEATS = 1, 5
DEFAULT_SEATS = 2
NAME_MAX = 16
LEVELS = ("easy", "normal", "hard", "expert")
PANEL = pygame.FRect(200, 104, 880, 472)
SEAT_TOP, SEAT_PITCH, SEAT_H = 214, 62, 48
MATCH_Y = 528
MATCH_LABELS = {  # said when drawn, in the player's language
    SINGLE: lt("blanco.setup.single", "Single game"),
    WINS: lt("blanco.setup.first_to", "First to N wins"),
    TOTAL: lt("blanco.setup.lowest", "Lowest total, N games"),
}


def default_name(i: int) -> str:
    return t("setup.player_n", "Player {n}", n=i + 1)


@dataclass(frozen=True)
class SameDeal:
    """A kept game's deal to play again: its seats, seed, deck and result (to compare)."""

    names: list[str]
    kinds: list[str]
    seed: int
    deal: Deal
    challenge: dict[str, Any]
    source: str


def same_deal_from(record: dict[str, Any], source: str) -> SameDeal:
    """The deal of a Blanco record (replayed, so a bad one is a RecordError, one line). Its
    deck and seed: reshuffles follow from the seed and whatever is played this time."""
    state = BLANCO.state_from_record(record)
    kinds = seat_kinds(record, len(state.names))
    # To compare at the end: alone, the turns taken; together, the cards each had left.
    totals = ([p.turns for p in state.players] if len(state.players) == 1
              else [p.cards_left for p in state.players])
    return SameDeal(list(state.names), kinds, state.seed, Deal(tuple(state.deck), ()),
                    make_challenge(list(state.names), totals, source), source)


class SetupScene(UIScene):
    """Widgets: "seat_minus", "seat_plus", "name_<i>", "computer_<i>", "level_<i>", "seed",
    "dice", "start", "back". Start deals the game (route "blanco.start_game")."""

    def __init__(self, ctx: Any, seats: int = DEFAULT_SEATS,
                 same_deal: SameDeal | None = None) -> None:
        super().__init__(ctx)
        self._rng = random.Random()
        self.same_deal = same_deal
        self.seats = seats
        x = PANEL.x + 40
        self.add("seat_minus", Button((x + 180, 128, 56, 52), "\u2212", self.remove_seat,
                                      colour=PINK, text_size=48))
        self.add("seat_plus", Button((x + 310, 128, 56, 52), "+", self.add_seat, colour=PINK,
                                     text_size=48))
        for i in range(MAX_SEATS):
            y = SEAT_TOP + i * SEAT_PITCH
            self.add(f"name_{i}", TextInput((x + 60, y, 300, SEAT_H), default_name(i),
                                            max_len=NAME_MAX,
                                            placeholder=lambda i=i: default_name(i)))
            self.add(f"computer_{i}", Toggle((x + 380, y, 200, SEAT_H), i > 0,
                                             on_change=lambda _on: self._sync(),
                                             labels=(lt("setup.human", "Human"),
                                                     lt("setup.computer", "Computer")),
                                             colours=(CYAN, PURPLE)))
            level = Button((x + 600, y, 150, SEAT_H), lambda: level_name("normal"),
                           lambda i=i: self.cycle_level(i), colour=ORANGE, text_size=28)
            level.level = "normal"
            self.add(f"level_{i}", level)
        self.add("seed", TextInput((PANEL.right - 375, 130, 165, 48),
                                   str(self._rng.randrange(1, 1_000_000)), max_len=9,
                                   allowed="0123456789",
                                   placeholder=lt("setup.random_hint", "random")))
        self.add("dice", Button((PANEL.right - 196, 128, 156, 52), lt("setup.random", "Random"),
                                self.roll_seed,
                                colour=YELLOW, text_size=34))
        # The last set-up's match choice (a league plays match after match).
        kept = last_options(self.ctx.data_dir, "blanco")
        self.match_mode = kept.get("match_mode") if kept.get("match_mode") in MODES else SINGLE
        target = kept.get("match_target")
        self.match_target = target if type(target) is int and 2 <= target <= 9 else 3
        self.add("match_mode", Button((x + 150, MATCH_Y, 330, 42), MATCH_LABELS[SINGLE],
                                      self.cycle_match, colour=CYAN, text_size=26))
        self.add("match_minus", Button((x + 560, MATCH_Y, 48, 42), "\u2212",
                                       lambda: self.change_target(-1), colour=PINK,
                                       text_size=36))
        self.add("match_plus", Button((x + 680, MATCH_Y, 48, 42), "+",
                                      lambda: self.change_target(1), colour=PINK, text_size=36))
        self.add("back", Button((PANEL.x, 606, 240, 68), lt("setup.back", "Back"), self.back,
                                key=pygame.K_ESCAPE, colour=ORANGE, text_size=40))
        self.add("start", Button((PANEL.right - 300, 600, 300, 74), lt("setup.start", "Start!"),
                                 self.start,
                                 key=(pygame.K_RETURN, pygame.K_KP_ENTER), colour=GREEN,
                                 text_size=48))
        from game.core.ui.scene_tips import named_tips, setup_tips

        self.tooltips.add(named_tips(lambda: self.widgets, setup_tips()))  # what each one does
        if same_deal is not None:
            self._fill_seats(list(zip(same_deal.names, same_deal.kinds, strict=True)))
            for name in ("seat_minus", "seat_plus", "seed", "dice", "match_mode"):
                self.widgets[name].visible = False
        else:  # the table of last time: the same people usually play again
            self._fill_seats(last_seats(ctx.data_dir, "blanco", MAX_SEATS))
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

    def _sync(self) -> None:
        for i in range(MAX_SEATS):
            shown = i < self.seats
            for name in (f"name_{i}", f"computer_{i}", f"level_{i}"):
                self.widgets[name].visible = shown
            self.widgets[f"level_{i}"].visible = shown and self.widgets[f"computer_{i}"].value
        if self.seats < 2 or self.same_deal is not None:
            self.match_mode = SINGLE  # a match needs two or more players; a same deal is one
        self.widgets["match_mode"].label = MATCH_LABELS[self.match_mode]
        self.widgets["match_mode"].enabled = self.seats >= 2
        for name in ("match_minus", "match_plus"):
            self.widgets[name].visible = self.match_mode != SINGLE
        self.widgets["seat_minus"].enabled = self.seats > MIN_SEATS
        self.widgets["seat_plus"].enabled = self.seats < MAX_SEATS
        if self.same_deal is not None:
            for name in ("match_minus", "match_plus"):
                self.widgets[name].visible = False

    def add_seat(self) -> None:
        self.seats = min(self.seats + 1, MAX_SEATS)
        self._sync()

    def remove_seat(self) -> None:
        self.seats = max(self.seats - 1, MIN_SEATS)
        self._sync()

    def cycle_level(self, i: int) -> None:
        button = self.widgets[f"level_{i}"]
        button.level = LEVELS[(LEVELS.index(button.level) + 1) % len(LEVELS)]
        button.label = lambda k=button.level: level_name(k)

    def cycle_match(self) -> None:
        """Single game -> first to N wins -> lowest total after N games."""
        order = (SINGLE, WINS, TOTAL)
        self.match_mode = order[(order.index(self.match_mode) + 1) % len(order)]
        self._sync()

    def change_target(self, step: int) -> None:
        self.match_target = min(9, max(2, self.match_target + step))

    def roll_seed(self) -> None:
        seed = self.widgets["seed"]
        assert isinstance(seed, TextInput)
        seed.set_text(str(self._rng.randrange(1, 1_000_000)))

    def chosen(self) -> tuple[list[Seat], int]:
        """The seats and seed as chosen now (blank names are "Player N", a blank seed random)."""
        seats = []
        for i in range(self.seats):
            name_w, kind_w = self.widgets[f"name_{i}"], self.widgets[f"computer_{i}"]
            assert isinstance(name_w, TextInput) and isinstance(kind_w, Toggle)
            kind = self.widgets[f"level_{i}"].level if kind_w.value else "human"
            seats.append(Seat(name_w.text.strip() or default_name(i), kind))
        seed_w = self.widgets["seed"]
        assert isinstance(seed_w, TextInput)
        seed = int(seed_w.text) if seed_w.text else self._rng.randrange(1, 1_000_000)
        if self.same_deal is not None:
            seed = self.same_deal.seed
        return seats, seed

    def start(self) -> None:
        seats, seed = self.chosen()
        folder = self.ctx.game_dir("blanco")
        deal = self.same_deal
        if deal is not None:  # one game on that deal, compared with it at the end
            clear_match(folder)
            self.ctx.nav.make("blanco.start_game", seats=seats, seed=seed, deal=deal.deal,
                              challenge=deal.challenge)
            return
        remember_seats(self.ctx.data_dir, "blanco", [(s.name, s.kind) for s in seats])
        remember_options(self.ctx.data_dir, "blanco", {"match_mode": self.match_mode,
                                                      "match_target": self.match_target})
        match = None
        if self.match_mode != SINGLE and len(seats) >= 2:
            match = Match(self.match_mode, self.match_target, [s.name for s in seats],
                          [s.kind for s in seats], seed)
            save_match(folder, match)
        else:
            clear_match(folder)  # the game replaces any match in progress
        self.ctx.nav.make("blanco.start_game", seats=seats, seed=seed, match=match)

    def back(self) -> None:
        self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        title = (t("blanco.setup.same_deal", "Blanco: same deal") if self.same_deal
                 else t("blanco.setup.title", "New game of Blanco"))
        text.blit_centered(surface, title, 64, YELLOW, (640, 56), outline=INK, px=5, shadow=6)
        draw_panel(surface, PANEL, colour=(30, 80, 76), radius=26, border=5, shadow=10)
        players = t("setup.players", "Players")
        text.blit_centered(surface, players, text.fit_size(players, 36, 170), WHITE,
                           (PANEL.x + 110, 155), outline=INK, px=3)
        minus, plus = self.widgets["seat_minus"].rect, self.widgets["seat_plus"].rect
        text.blit_centered(surface, str(self.seats), 52, YELLOW, ((minus.right + plus.x) / 2, 155),
                           outline=INK, px=4)
        if self.same_deal is None:
            seed = t("setup.seed", "Seed")
            text.blit_centered(surface, seed, text.fit_size(seed, 36, 80), WHITE,
                               (PANEL.right - 420, 155), outline=INK, px=3)
        else:
            line = t("blanco.setup.deal_from", "Cards from {source}", source=self.same_deal.source)
            size = text.fit_size(line, 28, 480)
            text.blit_centered(surface, line, size, WHITE, (PANEL.right - 270, 155), outline=INK,
                               px=2)
        gfx.line(surface, (60, 130, 120), (PANEL.x + 24, 198), (PANEL.right - 24, 198), 3)
        for i in range(self.seats):
            badge = pygame.Rect(PANEL.x + 40, SEAT_TOP + i * SEAT_PITCH, 46, SEAT_H)
            gfx.rect(surface, INK, badge, border_radius=12)
            gfx.rect(surface, PLAYER_COLOURS[i], badge.inflate(-6, -6), border_radius=9)
            text.blit_centered(surface, str(i + 1), 34, WHITE, badge.center, outline=INK, px=2)
        if self.seats == 1:
            solo = t("blanco.setup.solo", "Solo: clear both grids in as few turns as you can.")
            text.blit_centered(surface, solo, text.fit_size(solo, 26, PANEL.w - 40), WHITE,
                               (640, SEAT_TOP + 90))
        if self.same_deal is None:
            play = t("blanco.setup.play", "Play")
            text.blit_centered(surface, play, text.fit_size(play, 30, 130), WHITE,
                               (PANEL.x + 110, MATCH_Y + 21), outline=INK, px=2)
        if self.match_mode != SINGLE:
            minus, plus = self.widgets["match_minus"].rect, self.widgets["match_plus"].rect
            text.blit_centered(surface, f"N = {self.match_target}", 30, YELLOW,
                               ((minus.right + plus.x) / 2, MATCH_Y + 21), outline=INK, px=2)
        self.draw_widgets(surface)
