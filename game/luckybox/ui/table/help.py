"""The table's help: tooltips over its bonus icons, token piles, scorecard rows, number deck,
pending bonuses and buttons; and the small Scoring button (S) that opens the scoring
reference."""

from __future__ import annotations

import pygame

from game.core.i18n import t
from game.core.ui.table.part import Part
from game.core.ui.toolkit.tooltip import Tip, TooltipLayer, text_of
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules.state import NUMBERS_PER_ROUND, OVER, ROUNDS

from ..cardview import CardView
from ..tips import bonus_tip, icon_tip, lightning_pile_tip, moon_pile_tip, round_row_tip
from .boards import FocusBoard
from .controls import Bonuses, Controls
from .parts import ROW_DY, ROW_Y, ScoreCard
from .port import LuckyBoxView

SCORING_SIZE = (120, 40)  # under the Moons, above the scorecard


class TableHelp(Part):
    """Tooltips for the whole table (the buttons' own are theirs: `controls.button_tips`),
    and the Scoring button."""

    def __init__(
        self,
        port: LuckyBoxView,
        cards: CardView,
        parts: tuple[FocusBoard, Bonuses, Controls, ScoreCard],
    ) -> None:
        super().__init__(port)
        self.cards = cards
        self.board, self.bonuses, self.controls, self.scorecard = parts
        self.layer = TooltipLayer()
        self.scoring = Button(
            self.scoring_rect(),
            t("luckybox.table.scoring", "Scoring"),
            self.open_reference,
            key=pygame.K_s,
            colour=(214, 120, 40),
            text_size=24,
            tooltip=lambda: t(
                "luckybox.tip.button.scoring",
                "Card points per round, stars and the moon rule for this game (key S).",
            ),
        )
        self.scoring.on_feedback = self.ctx.play
        for provide in (
            self.button_tip,
            self.pending_tip,
            self.bonus_tip,
            self.pile_tip,
            self.scorecard_tip,
            self.deck_tip,
        ):
            self.layer.add(provide)

    @property
    def players(self) -> int:
        return len(self.port.session.seats)

    def open_reference(self) -> None:
        self.ctx.nav.push("luckybox.scoring", players=self.players, round_no=self.port.seen.round)

    # ------------------------------------------------------------ events, time, drawing

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Watch the mouse for tips; True when the Scoring button used the event."""
        self.layer.handle_event(event)
        return not self.port.driven and self.scoring.handle_event(event)

    def scoring_rect(self) -> pygame.FRect:
        moons = self.ctx.layout.region("moon_pile")
        return pygame.FRect(moons.x, moons.bottom + 10, *SCORING_SIZE)

    def update(self, dt: float) -> None:
        self.scoring.update(dt)
        if self.layer.tip is None:  # a tip to come goes where it covers no button if it can
            controls = self.controls
            shown = list(controls.showing().values())
            self.layer.avoid = [pygame.FRect(b.rect) for b in [*shown, self.scoring]]
        self.layer.update(dt)

    def reset(self) -> None:
        self.layer.reset()
        self.scoring.reset()

    def draw_button(self, surface: pygame.Surface) -> None:
        if self.port.driven:  # a replay has its own buttons there, and takes the events
            return
        self.scoring.label = t("luckybox.table.scoring", "Scoring")
        self.scoring.rect = self.scoring_rect()  # the Moons move with the window's shape
        self.scoring.draw(surface, self.ctx.text)

    def draw(self, surface: pygame.Surface) -> None:
        """The tip, over everything else on the table."""
        self.layer.draw(surface, self.ctx.text)

    # ------------------------------------------------------------ the tips

    def button_tip(self, pos: tuple[float, float]) -> Tip | None:
        controls = self.controls
        showing = controls.showing()
        buttons = [
            (b, not self.port.driven and name in showing) for name, b in controls.buttons.items()
        ]
        for button, shown in [*buttons, (self.scoring, True)]:
            tooltip = getattr(button, "tooltip", None)
            if shown and tooltip and button.rect.collidepoint(pos):
                return Tip(pygame.FRect(button.rect), text_of(tooltip))
        return None

    def bonus_tip(self, pos: tuple[float, float]) -> Tip | None:
        port = self.port
        seat = port.focus
        board = self.board
        if not board.rect.collidepoint(pos):
            return None
        for card, rect in zip(port.seen.players[seat].cards, board.rects(seat), strict=True):
            if rect.collidepoint(pos):
                return icon_tip(
                    self.cards,
                    port.state.face(card),
                    rect,
                    port.seen.mask(seat, card),
                    pos,
                    self.players,
                )
        return None

    def pending_tip(self, pos: tuple[float, float]) -> Tip | None:
        port = self.port
        pending = port.seen.players[port.focus].pending
        for (_key, rect), item in zip(self.bonuses.rects(), pending, strict=False):
            if rect.collidepoint(pos):
                title, text = bonus_tip(item.bonus, self.players)
                how = t("luckybox.tip.pending", "Waiting: click it, then a highlighted square.")
                return Tip(pygame.FRect(rect), f"{how} {text}", title)
        return None

    def pile_tip(self, pos: tuple[float, float]) -> Tip | None:
        p = self.port.seen.players[self.port.focus]
        for region in ("lightning_pile", "moon_pile"):
            rect = self.ctx.layout.region(region)
            if rect.collidepoint(pos):
                if region == "lightning_pile":
                    title, text = lightning_pile_tip(p.lightning)
                else:
                    title, text = moon_pile_tip(p.moons, self.players)
                return Tip(pygame.FRect(rect), text, title)
        return None

    def scorecard_tip(self, pos: tuple[float, float]) -> Tip | None:
        port = self.port
        area = self.scorecard.rect
        if not area.collidepoint(pos):
            return None
        p = port.seen.players[port.focus]
        over = port.state.phase == OVER
        for r in range(ROUNDS):
            row = pygame.FRect(area.x + 4, area.y + ROW_Y + (r - 0.5) * ROW_DY, area.w - 8, ROW_DY)
            if row.collidepoint(pos):
                title, text = round_row_tip(
                    r + 1,
                    port.seen.round,
                    over,
                    len(port.state.players[port.focus].completed[r]),
                    p.card_points[r],
                    p.stars[r],
                    p.star_points[r],
                )
                return Tip(row, text, title)
        total = sum(p.card_points) + sum(p.star_points)
        return Tip(
            pygame.FRect(area),
            t(
                "luckybox.tip.scorecard",
                "Completed cards and stars, round by round: {total} "
                "points so far. Incomplete cards and moons score at "
                "the end.",
                total=total,
            ),
            t("luckybox.tip.scorecard.title", "Scorecard"),
        )

    def deck_tip(self, pos: tuple[float, float]) -> Tip | None:
        deck = self.ctx.layout.region("number_deck")
        card = self.ctx.layout.region("revealed_card")
        if not deck.union(card).collidepoint(pos):
            return None
        left = NUMBERS_PER_ROUND - len(self.port.seen.revealed)
        text = t(
            "luckybox.tip.deck",
            "The 18 Number cards (1–9 twice) are shuffled each round and {per} are "
            "revealed, one at a time: {left} still to come this round.",
            per=NUMBERS_PER_ROUND,
            left=left,
        )
        return Tip(
            pygame.FRect(deck.union(card)), text, t("luckybox.tip.deck.title", "Number cards")
        )
