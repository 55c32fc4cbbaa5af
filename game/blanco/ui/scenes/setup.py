"""Blanco's game setup: 1-5 seats (name; human, or computer at easy/normal/hard) and the seed,
which are the core set-up screen's (`game.core.ui.screens.setup`), and Blanco's own option: a
single game or a match."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules.deal import Deal
from game.core.i18n import lt, t
from game.core.names import last_options, remember_options
from game.core.session import make_challenge, seat_kinds
from game.core.ui.screens.setup import SameDeal, SetupLook, SetupScreen
from game.core.ui.toolkit.paint import CYAN, INK, PINK, WHITE, YELLOW
from game.core.ui.toolkit.widgets import Button

from ..match import MODES, SINGLE, TOTAL, WINS, Match

if TYPE_CHECKING:
    from game.core.safe_json import JSON
    from game.core.ui.context import Context

MIN_SEATS, MAX_SEATS = 1, 5
DEFAULT_SEATS = 2
PANEL = pygame.FRect(200, 104, 880, 472)
SEAT_TOP, SEAT_PITCH, SEAT_H = 214, 62, 48
MATCH_Y = 528
MATCH_LABELS = {  # said when drawn, in the player's language
    SINGLE: lt("blanco.setup.single", "Single game"),
    WINS: lt("blanco.setup.first_to", "First to N wins"),
    TOTAL: lt("blanco.setup.lowest", "Lowest total, N games"),
}
LOOK = SetupLook(
    panel=PANEL,
    panel_colour=(30, 80, 76),
    seat_origin=lambda i: (PANEL.x + 40, SEAT_TOP + i * SEAT_PITCH),
    columns=((60, 300), (380, 200), (600, 150)),
    seat_h=SEAT_H,
    count_x=PANEL.x + 220,
    seed_box=(PANEL.right - 375, 130, 165, 48),
    title_size=64,
    label_size=36,
    players_w=170,
    players_x=110,
    count_size=52,
    seed_label_w=80,
    seed_label_x=420,
    deal_line=(28, 480, 270),
    rule=((60, 130, 120), 198),
)


def same_deal_from(record: dict[str, JSON], source: str) -> SameDeal:
    """The deal of a Blanco record (replayed, so a bad one is a RecordError, one line). Its
    deck and seed: reshuffles follow from the seed and whatever is played this time."""
    state = BLANCO.rules.state_from_record(record)
    kinds = seat_kinds(record, len(state.names))
    # To compare at the end: alone, the turns taken; together, the cards each had left.
    totals = (
        [p.turns for p in state.players]
        if len(state.players) == 1
        else [p.cards_left for p in state.players]
    )
    return SameDeal(
        list(state.names),
        kinds,
        state.seed,
        Deal(tuple(state.deck), ()),
        make_challenge(list(state.names), totals, source),
        source,
    )


class SetupScene(SetupScreen):
    """Widgets: the screen's, and "match_mode", "match_minus", "match_plus". Start deals the
    game (route "blanco.start_game")."""

    game_id = "blanco"
    min_seats, max_seats = MIN_SEATS, MAX_SEATS
    look = LOOK
    options_hidden_by_deal = ("match_mode",)

    def __init__(
        self, ctx: Context, seats: int = DEFAULT_SEATS, same_deal: SameDeal | None = None
    ) -> None:
        super().__init__(ctx, seats, same_deal)

    def computer_by_default(self, i: int) -> bool:
        return i > 0  # a new player meets computers first

    def add_options(self) -> None:
        # The last set-up's match choice (a league plays match after match).
        kept = last_options(
            self.ctx.data_dir, "blanco", tell=lambda line: setattr(self.ctx, "message", line)
        )
        mode = kept.get("match_mode")  # parsed JSON: anything
        self.match_mode: str = mode if isinstance(mode, str) and mode in MODES else SINGLE
        target = kept.get("match_target")
        self.match_target = target if type(target) is int and 2 <= target <= 9 else 3
        x = PANEL.x + 40
        self.match_button = self.add(
            "match_mode",
            Button(
                (x + 150, MATCH_Y, 330, 42),
                MATCH_LABELS[SINGLE],
                self.cycle_match,
                colour=CYAN,
                text_size=26,
            ),
        )
        self.add(
            "match_minus",
            Button(
                (x + 560, MATCH_Y, 48, 42),
                "\u2212",
                lambda: self.change_target(-1),
                colour=PINK,
                text_size=36,
            ),
        )
        self.add(
            "match_plus",
            Button(
                (x + 680, MATCH_Y, 48, 42),
                "+",
                lambda: self.change_target(1),
                colour=PINK,
                text_size=36,
            ),
        )

    def sync_options(self) -> None:
        if self.seats < 2 or self.same_deal is not None:
            self.match_mode = SINGLE  # a match needs two or more players; a same deal is one
        self.match_button.label = MATCH_LABELS[self.match_mode]
        self.match_button.enabled = self.seats >= 2
        for name in ("match_minus", "match_plus"):
            self.widgets[name].visible = self.match_mode != SINGLE and self.same_deal is None

    def cycle_match(self) -> None:
        """Single game -> first to N wins -> lowest total after N games."""
        order = (SINGLE, WINS, TOTAL)
        self.match_mode = order[(order.index(self.match_mode) + 1) % len(order)]
        self._sync()

    def change_target(self, step: int) -> None:
        self.match_target = min(9, max(2, self.match_target + step))

    def start(self) -> None:
        seats, seed = self.chosen_seats(), self.chosen_seed()
        deal = self.same_deal
        if deal is not None:  # one game on that deal, compared with it at the end
            self.ctx.nav.make(
                "blanco.start_game",
                seats=seats,
                seed=seed,
                deal=deal.deal,
                challenge=deal.challenge,
            )
            return
        self.remember_seats()
        remember_options(
            self.ctx.data_dir,
            "blanco",
            {"match_mode": self.match_mode, "match_target": self.match_target},
        )
        match = None
        if self.match_mode != SINGLE and len(seats) >= 2:
            match = Match(
                self.match_mode,
                self.match_target,
                [s.name for s in seats],
                [s.kind for s in seats],
                seed,
            )  # kept with the new table's autosave (each table keeps its own match)
        self.ctx.nav.make("blanco.start_game", seats=seats, seed=seed, match=match)

    def title(self) -> str:
        return (
            t("blanco.setup.same_deal", "Blanco: same deal")
            if self.same_deal
            else t("blanco.setup.title", "New game of Blanco")
        )

    def deal_line(self) -> str:
        source = self.same_deal.source if self.same_deal is not None else ""
        return t("blanco.setup.deal_from", "Cards from {source}", source=source)

    def draw_body(self, surface: pygame.Surface) -> None:
        text = self.ctx.text
        for i in range(self.seats):
            self.draw_badge(surface, i, 34)
        if self.seats == 1:
            solo = t("blanco.setup.solo", "Solo: clear both grids in as few turns as you can.")
            text.blit_centered(
                surface, solo, text.fit_size(solo, 26, PANEL.w - 40), WHITE, (640, SEAT_TOP + 90)
            )
        if self.same_deal is None:
            play = t("blanco.setup.play", "Play")
            text.blit_centered(
                surface,
                play,
                text.fit_size(play, 30, 130),
                WHITE,
                (PANEL.x + 110, MATCH_Y + 21),
                outline=INK,
                px=2,
            )
        if self.match_mode != SINGLE:
            minus, plus = self.widgets["match_minus"].rect, self.widgets["match_plus"].rect
            text.blit_centered(
                surface,
                f"N = {self.match_target}",
                30,
                YELLOW,
                ((minus.right + plus.x) / 2, MATCH_Y + 21),
                outline=INK,
                px=2,
            )
