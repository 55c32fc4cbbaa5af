"""Blanco's event styles: how long each engine event's step lasts, its sound, and what the table
stages for it (cards flying, flips, a line glowing and flying into the box, the grid closing up,
chain-reaction banners, the private look). Played by the generic `Animator`.

Private cards: a step is staged as the table's viewer may see it (`state.redact(event,
viewer)`), so a card drawn from the pile or looked at shows its face only on its owner's screen.
Effects may hide what they are moving (`hides`: keys like ("cell", seat, r, c)) until they end.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, get_args

import pygame

from game.blanco.rules import events as ev
from game.core.i18n import language, t
from game.core.seat_names import spoken_to
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import Burst, Effect, EventStyle, Flip, FloatText, Fly, Glow
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW

from ..sounds import EVENT_SOUNDS
from .others import Others
from .parts import eye_icon
from .port import BlancoLook, BlancoView

DURATIONS: dict[type, float] = {
    ev.Dealt: 0.7,
    ev.DiscardStarted: 0.4,
    ev.HandDealt: 0.4,
    ev.SetupDone: 0.1,
    ev.TurnStarted: 0.45,
    ev.Drawn: 0.45,
    ev.Reshuffled: 0.9,
    ev.Played: 0.6,
    ev.Discarded: 0.4,
    ev.Swapped: 0.45,
    ev.Revealed: 0.45,
    ev.Looked: 1.0,
    ev.LineComplete: 0.5,
    ev.ClearChoice: 0.3,
    ev.LineCleared: 0.6,
    ev.ClosedUp: 0.4,
    ev.ChainLink: 0.9,
    ev.RewardOwed: 0.4,
    ev.RewardDropped: 0.7,
    ev.SecondGridDealt: 1.0,
    ev.Won: 1.6,
    ev.Undone: 0.0,
}
OFF_FOCUS = 0.5
SOUNDS: dict[type, str] = EVENT_SOUNDS  # Blanco's own set (..sounds)
EVENT_KINDS: tuple[type, ...] = get_args(ev.Event)  # every kind the engine emits


class Slide(Effect):
    """A card moving straight from one rect to another (the grid closing up)."""

    def __init__(
        self, image: pygame.Surface, start: pygame.FRect, end: pygame.FRect, duration: float
    ) -> None:
        super().__init__(duration)
        self.image, self.start, self.end = image, start, end

    def draw(self, surface: pygame.Surface) -> None:
        t = 1 - (1 - self.t) ** 3
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        surface.blit(self.image, (round(x), round(y)))


class DealFly(Fly):
    """A card of the deal: it leaves the pile `delay` seconds into the step (dealt one by one)."""

    def __init__(self, image: pygame.Surface, start, end, duration: float, delay: float) -> None:
        super().__init__(image, start, end, duration)
        self.delay = min(delay, duration * 0.8)

    @property
    def t(self) -> float:
        return max(0.0, min(1.0, (self.age - self.delay) / (self.duration - self.delay)))

    def draw(self, surface: pygame.Surface) -> None:
        if self.age >= self.delay:
            super().draw(surface)


class Lift(Effect):
    """The private look on its owner's screen: the card lifts and shows its face."""

    def __init__(
        self, face: pygame.Surface, rect: pygame.FRect, eye: pygame.Surface, duration: float
    ) -> None:
        super().__init__(duration)
        self.face, self.rect, self.eye = face, rect, eye

    def draw(self, surface: pygame.Surface) -> None:
        k = math.sin(math.pi * self.t)
        w, h = self.rect.w * (1 + 0.35 * k), self.rect.h * (1 + 0.35 * k)
        img = gfx.smoothscale(self.face, (round(w), round(h)))
        center = (self.rect.centerx, self.rect.centery - 40 * k)
        shadow = gfx.Surface((round(w), round(h)), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, round(90 * k)))
        surface.blit(shadow, shadow.get_rect(center=(center[0] + 6, center[1] + 10)))
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
        surface.blit(
            self.eye, self.eye.get_rect(center=(round(center[0] + w / 2), round(center[1] - h / 2)))
        )


class Staging:
    """What the table draws for each event's step; reads the table's geometry."""

    def __init__(self, port: BlancoView, look: BlancoLook, others: Others) -> None:
        self.port, self.look, self.others = port, look, others
        self.ctx = port.ctx
        self.eye = eye_icon(34)
        # The banners to make ahead, in the language they were made for.
        self._warm: tuple[str, list[Callable[[], pygame.Surface]]] | None = None

    def styles(self) -> dict[type, EventStyle]:
        return {
            kind: EventStyle(DURATIONS.get(kind, 0.0), SOUNDS.get(kind), self.stage)
            for kind in EVENT_KINDS
        }

    def add(self, effect: Effect, hides: set | None = None, private: int | None = None) -> None:
        # Blanco's own tags on a core effect (its table reads them with getattr).
        effect.hides = hides or set()  # type: ignore[attr-defined]  # Blanco's tag
        effect.private = private  # type: ignore[attr-defined]  # Blanco's tag
        self.port.animator.effects.append(effect)

    def banner(
        self, text: str, duration: float, size: int = 64, colour=YELLOW, where=(610, 300)
    ) -> None:
        if duration <= 0:
            return
        label = self.banner_label(text, size, colour)
        self.add(FloatText(label, where, max(duration, 0.4), rise=30))

    def banner_label(self, text: str, size: int = 64, colour=YELLOW) -> pygame.Surface:
        """The words on a dark plate: over Blanco's white cards an outline alone reads faint."""
        size = self.ctx.text.fit_size(text, size, 1160)  # a longer language still fits
        words = self.ctx.text.render_outlined(text, size, colour, INK, 4, shadow=4)
        box = words.get_rect()
        pad_x, pad_y = max(14, size // 2), max(6, size // 6)
        plate = gfx.Surface((box.w + 2 * pad_x, box.h + 2 * pad_y), pygame.SRCALPHA)
        area = plate.get_rect()
        gfx.rect(plate, BANNER_PLATE, area, border_radius=min(area.h // 2, 28))
        gfx.rect(plate, INK, area, 3, border_radius=min(area.h // 2, 28))
        plate.blit(words, (pad_x, pad_y))
        return plate

    def warm_next(self) -> bool:
        """Render one banner the game will (or may well) show, ahead of its moment; False
        when all are made. A big outlined text's first render costs about a millisecond
        and came with the frame that starts its step, already the busiest: the table calls
        this between frames (one banner each, so no wait grows long)."""
        if self._warm is None or self._warm[0] != language():
            self._warm = (language(), self._banners())
        todo = self._warm[1]
        if not todo:
            return False
        todo.pop()()
        return True

    def _banners(self) -> list[Callable[[], pygame.Surface]]:
        """What `warm_next` renders (made on the way, in the language of the moment), each
        exactly as its step draws it; popped from the end, so the most likely come last."""
        port = self.port
        names = [port.session.name_of(seat) for seat in range(len(port.session.seats))]
        label = self.banner_label
        todo: list[Callable[[], pygame.Surface]] = [
            lambda: label(
                t("blanco.fx.reshuffled", "Discards reshuffled into a new draw pile"), 36, WHITE
            ),
            lambda: label(t("blanco.fx.choose_line", "Choose the line to clear first"), 36, WHITE),
            *(
                lambda n=n: label(t("blanco.fx.chain", "CHAIN REACTION x{n}!", n=n), 60)
                for n in (2, 1)
            ),
            *(lambda name=name: label(win_words(name, len(names)), 80) for name in names),
            *(
                lambda name=name: label(
                    t("blanco.fx.second_grid", "{name}: second grid!", name=name), 48
                )
                for name in names
            ),
            lambda: label(
                t("blanco.fx.no_reward", "First grid cleared: no look this time"), 32, WHITE
            ),
            lambda: label(t("blanco.fx.reward", "Reward: look at a card"), 40, WHITE),
            lambda: label(t("blanco.fx.column_cleared", "Column cleared!"), 44, WHITE),
            lambda: label(t("blanco.fx.row_cleared", "Row cleared!"), 44, WHITE),
            *(lambda name=name: label(turn_words(name, len(names)), 44, WHITE) for name in names),
            lambda: self.ctx.text.render_outlined(
                t("blanco.fx.looked", "looked"), 22, WHITE, INK, 2
            ),
        ]
        return todo

    def card(self, card: int, rect: pygame.FRect, face_up: bool = True) -> pygame.Surface:
        return self.look.art.get(card, (int(rect.w), int(rect.h)), face_up)

    def stage(self, event: Any, duration: float) -> None:
        if duration <= 0:
            return
        port = self.port
        viewer = self.look.viewer
        # (an event of the kind `kind` says: the branches below read its own fields)
        seen_as: Any = port.state.redact(event, viewer if viewer is not None else -1)
        kind = type(event)
        seat: Any = getattr(event, "player", None)
        pile, discard = self.look.geometry.draw_pile, self.look.geometry.discard_pile
        if kind in (ev.Dealt, ev.SecondGridDealt):
            cells = self.look.cell_rects(seat)
            for i, (at, rect) in enumerate(sorted(cells.items())):
                delay = duration * 0.5 * i / max(1, len(cells))
                self.add(
                    DealFly(self.card(0, rect, False), pile.center, rect.center, duration, delay),
                    {("cell", seat, *at)},
                )
            if kind is ev.SecondGridDealt:
                self.banner(
                    t(
                        "blanco.fx.second_grid",
                        "{name}: second grid!",
                        name=port.session.name_of(seat),
                    ),
                    duration,
                    48,
                )
        elif kind is ev.DiscardStarted:
            self.add(
                Flip(
                    self.card(0, discard, False), self.card(event.card, discard), discard, duration
                ),
                {("discard",)},
            )
        elif kind is ev.HandDealt:
            for i, rect in enumerate(self.look.hand_slots(seat, len(event.cards))):
                self.add(
                    Fly(self.card(0, rect, False), pile.center, rect.center, duration),
                    {("hand", seat, i)},
                )
        elif kind is ev.TurnStarted:
            if seat == port.focus or len(port.session.seats) == 1:
                self.banner(
                    turn_words(port.session.name_of(seat), len(port.session.seats)),
                    duration,
                    44,
                    WHITE,
                )
        elif kind is ev.Drawn:
            slots = self.look.hand_slots(seat)
            end = slots[-1] if slots else discard
            start = pile if event.source == "pile" else discard
            private = seat if seen_as.card else None
            self.add(
                Fly(
                    self.card(
                        seen_as.card,
                        end,
                        bool(seen_as.card) and (viewer == seat or event.source == "discard"),
                    ),
                    start.center,
                    end.center,
                    duration,
                ),
                {("hand", seat, len(slots) - 1)},
                private if viewer == seat else None,
            )
        elif kind is ev.Played:
            rect = self.look.cell_rects(seat).get(event.at)
            if rect is not None:
                slots = self.look.hand_slots(seat, len(port.seen.players[seat].hand) + 1)
                origin = slots[-1].center if slots else pile.center
                self.add(
                    Fly(self.card(event.card, rect), origin, rect.center, duration),
                    {("cell", seat, *event.at)},
                )
                self.add(
                    Fly(self.card(event.replaced, discard), rect.center, discard.center, duration),
                    {("discard",)},
                )
        elif kind is ev.Discarded:
            slots = self.look.hand_slots(seat, len(port.seen.players[seat].hand) + 1)
            origin = slots[-1].center if slots else pile.center
            self.add(
                Fly(self.card(event.card, discard), origin, discard.center, duration),
                {("discard",)},
            )
        elif kind is ev.Swapped:
            places = self.look.cell_rects(seat)
            a, b = places.get(event.a), places.get(event.b)
            if a and b:
                for at, src, dst in ((event.a, b, a), (event.b, a, b)):
                    card, up = self.look.cell_face(seat, at)
                    self.add(
                        Slide(self.card(card, dst, up), src, dst, duration), {("cell", seat, *at)}
                    )
        elif kind is ev.Revealed:
            rect = self.look.cell_rects(seat).get(event.at)
            if rect is not None:
                self.add(
                    Flip(self.card(0, rect, False), self.card(event.card, rect), rect, duration),
                    {("cell", seat, *event.at)},
                )
        elif kind is ev.Looked:
            self._looked(event, seen_as, duration)
        elif kind is ev.LineComplete:
            rects = [
                r
                for at, r in self.look.cell_rects(seat).items()
                if (at[0] if event.line == "row" else at[1]) == event.line_no
            ]
            if rects:
                self.add(Glow(rects[0].unionall(rects[1:]), duration))
        elif kind is ev.ClearChoice and seat == port.focus:
            self.banner(
                t("blanco.fx.choose_line", "Choose the line to clear first"), duration, 36, WHITE
            )
        elif kind is ev.LineCleared:
            self._cleared(event, duration)
        elif kind is ev.ClosedUp:
            self._closed_up(event, duration)
        elif kind is ev.ChainLink:
            self.banner(
                t("blanco.fx.chain", "CHAIN REACTION x{n}!", n=event.link_no),
                duration,
                60,
                where=self.look.seat_anchor(seat),
            )
        elif kind is ev.RewardOwed and seat == port.focus:
            self.banner(t("blanco.fx.reward", "Reward: look at a card"), duration, 40, WHITE)
        elif kind is ev.RewardDropped:
            self.banner(
                t("blanco.fx.no_reward", "First grid cleared: no look this time"),
                duration,
                32,
                WHITE,
                where=self.look.seat_anchor(seat),
            )
        elif kind is ev.Reshuffled:
            self.banner(
                t("blanco.fx.reshuffled", "Discards reshuffled into a new draw pile"),
                duration,
                36,
                WHITE,
            )
        elif kind is ev.Won:
            self.banner(
                win_words(port.session.name_of(seat), len(port.session.seats)), duration, 80
            )
            rect = (
                self.look.geometry.grid_area
                if seat == port.focus
                else self.others.panels().get(seat, self.look.geometry.grid_area)
            )
            self.add(Burst(self._star(), pygame.FRect(rect), duration, seed=event.player))

    def _looked(self, event: ev.Looked, seen_as: ev.Looked, duration: float) -> None:
        port, seat = self.port, event.player
        rect = self.look.cell_rects(seat).get(event.at)
        if rect is None:
            return
        if seen_as.card:  # the owner's own screen: the card lifts and shows its face
            self.add(
                Lift(self.card(seen_as.card, rect), rect, self.eye, duration),
                {("cell", seat, *event.at)},
                private=seat,
            )
        else:  # everyone else only sees that a card was looked at
            self.add(FloatText(self.eye, rect.center, duration, rise=36))
            if seat == port.focus or len(port.session.seats) > 1:
                label = self.ctx.text.render_outlined(
                    t("blanco.fx.looked", "looked"), 22, WHITE, INK, 2
                )
                self.add(FloatText(label, (rect.centerx, rect.bottom), duration, rise=20))

    def _cleared(self, event: ev.LineCleared, duration: float) -> None:
        port, seat = self.port, event.player
        box = self.look.geometry.box_label
        rects = self.look.cell_rects(seat)
        line = [at for at in rects if (at[0] if event.line == "row" else at[1]) == event.line_no]
        for at, card in zip(sorted(line), event.cards, strict=False):
            self.add(Fly(self.card(card, rects[at]), rects[at].center, box, duration))
        if seat == port.focus:
            label = (
                t("blanco.fx.row_cleared", "Row cleared!")
                if event.line == "row"
                else t("blanco.fx.column_cleared", "Column cleared!")
            )
            self.banner(label, duration, 44, WHITE, where=(610, 470))

    def _closed_up(self, event: ev.ClosedUp, duration: float) -> None:
        port, seat = self.port, event.player
        p = port.seen.players[seat]
        rows = max([p.rows] + [f[0] + 1 for f, _ in event.moves])
        cols = max([p.cols] + [f[1] + 1 for f, _ in event.moves])
        before = self.look.cell_rects(seat, (rows, cols))
        after = self.look.cell_rects(seat)
        for src, dst in event.moves:
            if src in before and dst in after:
                card, up = self.look.cell_face(seat, dst)
                self.add(
                    Slide(self.card(card, after[dst], up), before[src], after[dst], duration),
                    {("cell", seat, *dst)},
                )

    def _star(self) -> pygame.Surface:
        img = gfx.Surface((26, 26), pygame.SRCALPHA)
        from game.blanco.ui.cardview import draw_symbol

        draw_symbol(img, "star", (13, 13), 11, YELLOW)
        return img


#: Under a banner's words: the table's ink, nearly opaque (the cards show faintly through).
BANNER_PLATE = (30, 14, 52, 215)


def turn_words(name: str, seats: int) -> str:
    """The banner as a turn starts at a table of `seats`: "Ann's turn", or "Your turn" for the
    solo player called "You"."""
    if spoken_to(name, seats):
        return t("blanco.fx.your_turn", "Your turn")
    return t("blanco.fx.turn", "{name}'s turn", name=name)


def win_words(name: str, seats: int) -> str:
    """The banner as a player wins at a table of `seats`: "Ann wins!", or "You win!" for the
    solo player called "You"."""
    if spoken_to(name, seats):
        return t("blanco.fx.you_win", "You win!")
    return t("blanco.fx.wins", "{name} wins!", name=name)
