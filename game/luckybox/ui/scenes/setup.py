"""Lucky Box's game setup: 1-12 seats (name, human or computer) and the seed, then Start; the
seats and the seed are the core set-up screen's (`game.core.ui.screens.setup`)."""

from __future__ import annotations

import pygame

from game.core.i18n import t
from game.core.safe_json import JSON
from game.core.session import make_challenge, seat_kinds
from game.core.ui.context import Context, GameConfig
from game.core.ui.screens.setup import SameDeal, SetupLook, SetupScreen
from game.core.ui.toolkit import gfx
from game.luckybox.rules.game import state_from_record
from game.luckybox.rules.state import Deal

MIN_SEATS, MAX_SEATS = 1, 12
DEFAULT_SEATS = 2
PANEL = pygame.FRect(72, 104, 1136, 472)
SEAT_TOP = 212
SEAT_PITCH = 58
SEAT_H = 46
COLUMN_X = (104, 658)  # left edge of each column of six seats (each 518 px wide)
BADGE_W = 46
NAME_W = 196
LEVEL_W = 90  # wide enough for "Normal" at its full size
TOGGLE_W = 158
ROW_W = BADGE_W + NAME_W + TOGGLE_W + LEVEL_W + 20


def same_deal_from(record: dict[str, JSON], source: str) -> SameDeal:
    """The deal of a record (replayed to fix every card it did not list); RecordError if the
    record is not valid."""
    state = state_from_record(record)
    kinds = seat_kinds(record, len(state.names))
    deal = Deal(tuple(state.deck_order), tuple(tuple(r) for r in state.numbers))
    totals = [p.total for p in state.players]
    return SameDeal(
        list(state.names),
        kinds,
        state.seed,
        deal,
        make_challenge(list(state.names), totals, source),
        source,
        state.options,
    )


def seat_origin(i: int) -> tuple[float, float]:
    """Top-left of seat i's row: seats 1-6 in the left column, 7-12 in the right."""
    col, row = divmod(i, 6)
    return COLUMN_X[col], SEAT_TOP + row * SEAT_PITCH


LOOK = SetupLook(
    panel=PANEL,
    panel_colour=(72, 36, 128),
    seat_origin=seat_origin,
    columns=(
        (BADGE_W + 10, NAME_W),
        (BADGE_W + NAME_W + 20, TOGGLE_W),
        (BADGE_W + NAME_W + TOGGLE_W + 28, LEVEL_W - 8),
    ),
    seat_h=SEAT_H,
    count_x=PANEL.x + 200,
    seed_box=(PANEL.right - 420, 130, 210, 48),
    title_size=72,
    label_size=40,
    players_w=190,
    players_x=104,
    count_size=56,
    seed_label_w=100,
    seed_label_x=474,
    deal_line=(30, 620, 340),
    rule=((110, 70, 180), 194),
)


class SetupScene(SetupScreen):
    """Choose players and seed. Start makes the route "luckybox.start_from_setup" with the
    `GameConfig`; Back (Esc) returns.
    Widgets: the screen's (all twelve seat rows exist; the first `seats` show)."""

    game_id = "luckybox"
    min_seats, max_seats = MIN_SEATS, MAX_SEATS
    look = LOOK

    def __init__(
        self,
        ctx: Context,
        seed: int | None = None,
        seats: int = DEFAULT_SEATS,
        same_deal: SameDeal | None = None,
    ) -> None:
        super().__init__(ctx, seats, same_deal, seed)

    def config(self) -> GameConfig:
        """The game as currently chosen (blank names become "Player N", a blank seed random)."""
        seats = self.seat_choices()
        deal = self.same_deal
        if deal is not None:
            return GameConfig(
                seats=seats,
                seed=deal.seed,
                deal=deal.deal,
                options=deal.options,
                challenge=deal.challenge,
            )
        return GameConfig(seats=seats, seed=self.chosen_seed())

    def start(self) -> None:
        config = self.config()
        self.remember_seats()
        self.ctx.nav.make("luckybox.start_from_setup", config=config)

    def draw_body(self, surface: pygame.Surface) -> None:
        text = self.ctx.text
        for i in range(MAX_SEATS):
            if i < self.seats:
                self.draw_badge(surface, i, 36, shadow=True)
                continue
            # Empty seats stay visible as dim slots, so the 12-seat capacity is obvious.
            row = pygame.Rect(*seat_origin(i), ROW_W, SEAT_H)
            gfx.rect(surface, (96, 58, 156), row, 3, border_radius=12)
            text.blit_centered(
                surface, t("setup.seat_n", "seat {n}", n=i + 1), 28, (140, 104, 196), row.center
            )
