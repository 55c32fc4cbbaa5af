"""Lucky Box's event styles: how long each engine event's step lasts, its sound, and what the
table stages for it (flips, pops, glows, flying tokens, floating words). The generic
`game.core.ui.toolkit.animator.Animator` plays the feed through this table."""

from __future__ import annotations

from typing import Any, get_args

from game.core.i18n import t
from game.core.ui.toolkit.animator import (
    Burst,
    Effect,
    EventStyle,
    Flip,
    FloatText,
    Fly,
    Glow,
    PopIn,
    player_of,
)
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW
from game.luckybox.rules import events as ev
from game.luckybox.rules.cards import CELLS_OF_MASK, COL_MASKS, ROW_MASKS
from game.luckybox.ui.sounds import BONUS_SOUNDS, EVENT_SOUNDS

from .boards import FocusBoard, OtherBoards
from .parts import NumberDeck
from .port import LuckyBoxView, LuckyLook

# Seconds each event's step lasts at animation speed 1 (0 = no pause).
DURATIONS: dict[type, float] = {
    ev.RoundStarted: 0.9,
    ev.NumberRevealed: 0.55,
    ev.TokensSpent: 0.35,
    ev.SquareCrossed: 0.3,
    ev.LineCompleted: 0.35,
    ev.IconCircled: 0.25,
    ev.TokenGained: 0.45,
    ev.StarGained: 0.45,
    ev.StarWasted: 0.6,
    ev.BonusPending: 0.25,
    ev.BonusLost: 0.8,
    ev.CardCompleted: 0.9,
    ev.Passed: 0.45,
    ev.CardsKept: 0.25,
    ev.CardsPicked: 0.25,
    ev.DeckReshuffled: 0.6,
    ev.GameOver: 0.6,
}
# Other players' steps play faster: they happen on their small boards.
OFF_FOCUS = 0.35

SOUNDS: dict[type, str] = EVENT_SOUNDS  # Lucky Box's own set (..sounds)
# Every event kind the engine emits (each gets a style, so every step restages the marks).
EVENT_KINDS: tuple[type, ...] = get_args(ev.Event)  # every kind the engine emits


def sound_for(event: object) -> str | None:
    if type(event) is ev.IconCircled:
        return BONUS_SOUNDS.get(event.bonus[0])
    return SOUNDS.get(type(event))


class Staging:
    """What the table draws for each event's step; reads the table's geometry."""

    def __init__(
        self,
        port: LuckyBoxView,
        look: LuckyLook,
        parts: tuple[FocusBoard, OtherBoards, NumberDeck],
    ) -> None:
        self.port, self.look = port, look
        self.board, self.others, self.deck = parts
        self.ctx = port.ctx
        self.last_icon: dict[int, tuple[float, float]] = {}

    def styles(self) -> dict[type, EventStyle]:
        """Every event kind the engine emits, with its duration, sound and staging."""
        stage = self.stage
        return {
            kind: EventStyle(DURATIONS.get(kind, 0.0), sound_for, stage) for kind in EVENT_KINDS
        }

    def add(self, effect: Effect) -> None:
        self.port.animator.effects.append(effect)

    def float_text(self, text: str, where, duration: float, size: int, colour=WHITE) -> None:
        if duration <= 0:
            return
        label = self.ctx.text.render_outlined(text, size, colour, INK, 3)
        self.add(FloatText(label, where, max(duration, 0.5)))

    def reveal_choices(self, duration: float) -> None:
        """The last number's crosses on the other boards, popping in now that all have chosen."""
        port = self.port
        before, now = port.seen.opened, port.seen.public
        if before is None or now is None or not self.others.hides_choices():
            return
        for seat in self.others.seats():
            old = dict(zip(before[seat].cards, before[seat].masks, strict=True))
            for card, mask in zip(now[seat].cards, now[seat].masks, strict=True):
                new = mask & ~old.get(card, 0)
                rect = self.look.card_rect(seat, card) if new else None
                for cell in range(9) if rect else ():
                    if rect is not None and new >> cell & 1:
                        square = self.look.cards.cell_rect(rect, cell)
                        img = self.ctx.assets.get("cross", (round(square.w), round(square.h)))
                        self.add(PopIn(img, square.center, max(duration, 0.3)))

    def stage(self, event: Any, duration: float) -> None:
        """Start the drawings of one event's step."""
        seat = player_of(event)
        if seat is None:
            self._stage_table_step(event, duration)
        elif not self.others.secret(seat):  # a secret choice's move shows when it closes
            self._stage_board_step(seat, event, duration)
        self.board.forget_marks()

    def _stage_table_step(self, event: Any, duration: float) -> None:
        """A step of the whole table: a number, a round, the pile."""
        kind = type(event)
        assets = self.ctx.assets
        layout = self.ctx.layout
        if kind is ev.NumberRevealed:
            rect = layout.region("revealed_card")
            self.add(
                Flip(
                    assets.get("number_card_back", rect.size),
                    self.deck.number_face(event.number, rect),
                    rect,
                    duration,
                )
            )
            self.reveal_choices(duration)
        elif kind is ev.RoundStarted:
            label = self.ctx.text.render_outlined(
                t("luckybox.fx.round", "ROUND {n}", n=event.round), 96, YELLOW, INK, 5, shadow=4
            )
            self.add(FloatText(label, (640, 400), duration, rise=30))
        elif kind is ev.DeckReshuffled:
            self.float_text(
                t("luckybox.fx.reshuffled", "Discard pile reshuffled!"), (640, 360), duration, 40
            )

    def _stage_board_step(self, seat: int, event: Any, duration: float) -> None:
        """A step on one seat's board (shown to whoever may see it)."""
        port = self.port
        kind = type(event)
        assets = self.ctx.assets
        layout = self.ctx.layout
        cards = self.look.cards
        if kind is ev.SquareCrossed:
            rect = self.look.card_rect(seat, event.card)
            if rect:
                cell = cards.cell_rect(rect, event.cell)
                img = assets.get("cross", (round(cell.w), round(cell.h)))
                self.add(PopIn(img, cell.center, duration))
        elif kind is ev.LineCompleted:
            rect = self.look.card_rect(seat, event.card)
            if rect:
                mask = (ROW_MASKS if event.line == "row" else COL_MASKS)[event.index]
                cells = [cards.cell_rect(rect, c) for c in CELLS_OF_MASK[mask]]
                self.add(Glow(cells[0].unionall(cells[1:]), duration))
        elif kind is ev.IconCircled:
            rect = self.look.card_rect(seat, event.card)
            if rect:
                center = cards.icon_center(rect, event.line, event.index)
                self.last_icon[seat] = center
                side = round(cards.icon_radius(rect) * 2.5)
                self.add(PopIn(assets.get("circle", (side, side)), center, duration))
        elif kind is ev.TokenGained:
            start = self.last_icon.get(seat, (640, 360))
            end = self.look.pile_center(seat, event.token)
            sprite = "token_lightning" if event.token == "lightning" else "token_moon"
            self.add(Fly(assets.get(sprite, (40, 40)), start, end, duration))
            self.float_text(f"+{event.count}", end, duration, 26)
        elif kind is ev.TokensSpent:
            start = self.look.pile_center(seat, "lightning")
            end = layout.region("revealed_card").center
            self.add(Fly(assets.get("token_lightning", (40, 40)), start, end, duration))
            if seat == port.focus:
                self.float_text(f"{event.from_number} → {event.to_number}", end, duration, 40)
        elif kind is ev.StarGained:
            start = self.last_icon.get(seat, (640, 360))
            end = self.look.star_slot(seat, event.round - 1, event.slot)
            self.add(Fly(assets.get("star_slot_filled", (34, 34)), start, end, duration))
        elif kind is ev.StarWasted:
            self.float_text(
                t("luckybox.fx.star_wasted", "4th star this round: no effect"),
                self.last_icon.get(seat, (640, 360)),
                duration,
                24,
            )
        elif kind is ev.BonusPending:
            label = "?" if event.bonus[0] == "question" else str(event.bonus[1])
            self.float_text(
                t("luckybox.fx.bonus", "Bonus {bonus}!", bonus=label),
                self.last_icon.get(seat, (640, 360)),
                duration,
                28,
            )
        elif kind is ev.BonusLost:
            label = "?" if event.bonus[0] == "question" else str(event.bonus[1])
            where = self.last_icon.get(seat, (640, 360))
            self.float_text(
                t(
                    "luckybox.fx.bonus_lost",
                    "Bonus {bonus} lost: {reason}",
                    bonus=label,
                    reason=lost_reason(event),
                ),
                where,
                duration,
                24,
                colour=(255, 150, 150),
            )
        elif kind is ev.CardCompleted:
            rect = self.look.card_rect(seat, event.card)
            if rect:
                self.add(Burst(assets.get("icon_star", (30, 30)), rect, duration, seed=event.card))
                if seat == port.focus:
                    self.float_text(
                        t("luckybox.fx.card_complete", "CARD COMPLETE!"), rect.center, duration, 44
                    )
        elif kind is ev.Passed:
            where = self.look.seat_anchor(seat)
            self.float_text(
                t("luckybox.fx.pass", "PASS"), where, duration, 40 if seat == port.focus else 24
            )


def lost_reason(event: ev.BonusLost) -> str:
    """Why a bonus was lost, in the player's language (the engine says it in English)."""
    if event.reason == "the supply has run out":
        return t("luckybox.fx.supply_out", "the supply has run out")
    if event.bonus[0] == "number":
        return t("luckybox.fx.no_square_shows", "no open square shows {n}", n=event.bonus[1])
    return t("luckybox.fx.no_square_left", "no open square is left")
