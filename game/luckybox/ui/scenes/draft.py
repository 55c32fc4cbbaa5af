"""The card drafts: keep 3 of the 5 cards drawn at setup, or 1 of the 3 drawn after a round."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Session
from game.core.ui.focus import HIGHLIGHTED, PRIMARY, Target, widget_targets
from game.core.ui.layout import grid_in
from game.core.ui.widgets import GREEN, INK, WHITE, YELLOW, Button, UIScene, draw_backdrop
from game.luckybox.rules import Keep, Pick
from game.luckybox.rules.state import SETUP
from game.luckybox.ui.cardview import CardView

CARDS_AREA = pygame.FRect(40, 120, 1200, 400)
MINE_AREA = pygame.FRect(40, 560, 800, 140)
CONFIRM = pygame.FRect(900, 600, 320, 80)


class DraftScene(UIScene):
    """One human's draft choice. Click cards to select; "confirm" applies it and closes."""

    def __init__(self, ctx: Any, session: Session, seat: int, cards: CardView) -> None:
        super().__init__(ctx)
        self.session = session
        self.seat = seat
        self.cardview = cards
        state = session.state
        self.hand = list(state.players[seat].hand)
        self.need = 3 if state.phase == SETUP else 1
        self.selected: list[int] = []
        self.add("confirm", Button(CONFIRM, "Keep", self.confirm, key=pygame.K_RETURN,
                                   colour=GREEN, enabled=False, text_size=40))
        self.message = ""

    def card_rects(self) -> list[pygame.FRect]:
        return grid_in(CARDS_AREA, len(self.hand), self.cardview.aspect, gap=24)

    def card_center(self, card: int) -> tuple[float, float]:
        """Where to click to select a card (tests use it)."""
        return tuple(self.card_rects()[self.hand.index(card)].center)

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.remove(card)
        elif self.need == 1:
            self.selected = [card]
        elif len(self.selected) < self.need:
            self.selected.append(card)
        else:
            self.message = f"You keep {self.need}: click a chosen card to put it back first."
            self.ctx.play("refuse")
            return
        self.message = ""
        self.ctx.play("click")
        self.widgets["confirm"].enabled = len(self.selected) == self.need

    def confirm(self) -> None:
        if self.need == 3:
            action = Keep(self.seat, tuple(c for c in self.hand if c in self.selected))
        else:
            action = Pick(self.seat, self.selected[0])
        outcome = self.session.apply(action)
        if not outcome.ok:
            self.message = outcome.refusal or "Not allowed."
            self.ctx.play("refuse")
            return
        self.ctx.stack.pop()

    def focus_targets(self) -> list[Target]:
        """The keyboard focus: the cards (Enter picks or puts back, as a click), then the
        buttons; Keep takes the focus once the choice is complete."""
        cards = [Target(("card", card), rect.move(0, -18 if card in self.selected else 0),
                        lambda c=card: self.toggle(c),
                        priority=HIGHLIGHTED, label=f"card {card}")
                 for card, rect in zip(self.hand, self.card_rects(), strict=True)]
        buttons = widget_targets(self.widgets)
        for target in buttons:
            if target.key == "confirm" and self.widgets["confirm"].enabled:
                target.priority = PRIMARY
        return cards + buttons

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dispatch(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.nav.push("pause")
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            pos = getattr(event, "pos", None)
            for card, rect in zip(self.hand, self.card_rects(), strict=True):
                if pos is not None and rect.collidepoint(pos):
                    self.toggle(card)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        draw_backdrop(surface, ctx.assets)
        name = self.session.seats[self.seat].name
        what = "keep 3 of these 5 cards" if self.need == 3 else "keep 1 of these 3 cards"
        ctx.text.blit_centered(surface, f"{name}: {what}", 54, YELLOW, (640, 60), outline=INK,
                               px=4, shadow=4)
        state = self.session.state
        for card, rect in zip(self.hand, self.card_rects(), strict=True):
            lift = -18 if card in self.selected else 0
            r = rect.move(0, lift)
            img = self.cardview.render(card, state.face(card), 0, round(r.w))
            surface.blit(img, r.topleft)
            if card in self.selected:
                pygame.draw.rect(surface, (255, 214, 64), r.inflate(12, 12), 6, border_radius=16)
        mine = state.players[self.seat]
        if mine.cards:
            ctx.text.blit_centered(surface, "Your cards in play:", 24, WHITE,
                                   (MINE_AREA.x + 100, MINE_AREA.y - 8))
            rects = grid_in(MINE_AREA.move(0, 12), len(mine.cards), self.cardview.aspect, gap=8)
            for card, mask, rect in zip(mine.cards, mine.masks, rects, strict=True):
                surface.blit(self.cardview.render(card, state.face(card), mask, round(rect.w)),
                             rect.topleft)
        left = self.need - len(self.selected)
        status = self.message or (f"Choose {left} more." if left else "Ready: press Keep.")
        ctx.text.blit_centered(surface, status, 30, WHITE, (CONFIRM.centerx, CONFIRM.y - 30),
                               outline=INK, px=2)
        self.draw_widgets(surface)
