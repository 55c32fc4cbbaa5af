"""Tooltips at Blanco's table: the draw pile, the discard pile, the box, the hand and the
buttons (Swap, Undo, Hint, Menu, the memory aid, Next) say what they do."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.i18n import t, tn
from game.core.ui.toolkit.tooltip import Tip, TooltipLayer, text_of

from .controls import Controls
from .parts import Hand
from .port import BlancoLook, BlancoView


def button_tips() -> dict[str, Callable[[], str]]:
    """What each of the table's buttons does (asked when shown: the language of the moment)."""
    return {
        "swap": lambda: t(
            "blanco.tip.button.swap",
            "Instead of drawing: swap two neighbouring cards of your grid. Click "
            "one, then its neighbour; a face-down card swapped is turned face up "
            "(key S).",
        ),
        "undo": lambda: t(
            "blanco.tip.button.undo",
            "Take back this turn's last step, until you press Next (key U).",
        ),
        "hint": lambda: t(
            "blanco.tip.button.hint", "Show what the hard computer player would do (key H)."
        ),
        "menu": lambda: t(
            "blanco.tip.button.menu", "Settings, how to play, saving and quitting (Esc)."
        ),
        "aid": lambda: t(
            "blanco.tip.button.aid",
            "Memory aid: show the face-down cards you have looked at, with an eye.",
        ),
        "next": lambda: t(
            "blanco.tip.button.next", "Your turn is done: hand over to the next player (Enter)."
        ),
    }


class BlancoHelp:
    """The table's tooltip layer and what it knows to say."""

    def __init__(self, port: BlancoView, look: BlancoLook, controls: Controls, hand: Hand) -> None:
        self.port, self.look = port, look
        self.controls, self.hand = controls, hand
        self.layer = TooltipLayer()
        for name, tip in button_tips().items():
            button = self.controls.buttons.get(name)
            if button is not None and getattr(button, "tooltip", None) is None:
                button.tooltip = tip
        for provide in (self.button_tip, self.pile_tip, self.box_tip, self.hand_tip):
            self.layer.add(provide)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.layer.handle_event(event)

    def update(self, dt: float) -> None:
        if self.layer.tip is None:  # a tip to come goes where it covers no button if it can
            controls = self.controls
            shown = [b for name, b in controls.buttons.items() if controls.shown(name)]
            self.layer.avoid = [
                pygame.FRect(b.rect) for b in [*shown, *controls.choice_buttons.values()]
            ]
        self.layer.update(dt)

    def reset(self) -> None:
        self.layer.reset()

    def draw(self, surface: pygame.Surface) -> None:
        self.layer.draw(surface, self.port.ctx.text)

    # ------------------------------------------------------------ the tips

    def button_tip(self, pos: tuple[float, float]) -> Tip | None:
        port = self.port
        if port.driven:
            return None
        controls = self.controls
        for name, button in controls.buttons.items():
            tooltip = getattr(button, "tooltip", None)
            if tooltip and controls.shown(name) and button.rect.collidepoint(pos):
                return Tip(pygame.FRect(button.rect), text_of(tooltip))
        return None

    def pile_tip(self, pos: tuple[float, float]) -> Tip | None:
        seen = self.port.seen
        geometry = self.look.geometry
        if geometry.draw_pile.collidepoint(pos):
            return Tip(
                pygame.FRect(geometry.draw_pile),
                t(
                    "blanco.tip.pile",
                    "Take its top card into your hand, then play a card into your grid or "
                    "discard one (and reveal a face-down card of your grid).",
                ),
                tn(
                    "blanco.tip.pile.title",
                    seen.pile,
                    "Draw pile: {count} card",
                    "Draw pile: {count} cards",
                ),
            )
        if geometry.discard_pile.collidepoint(pos):
            return Tip(
                pygame.FRect(geometry.discard_pile),
                t(
                    "blanco.tip.discard",
                    "Take its top card (you see what you get) instead of drawing. A card "
                    "discarded here lets you reveal a face-down card of your grid; a card "
                    "replaced in your grid lands here too.",
                ),
                tn(
                    "blanco.tip.discard.title",
                    len(seen.discard),
                    "Discard pile: {count} card",
                    "Discard pile: {count} cards",
                ),
            )
        return None

    def box_tip(self, pos: tuple[float, float]) -> Tip | None:
        area = pygame.FRect(0, 0, 240, 34)
        area.center = self.look.geometry.box_label
        if not area.collidepoint(pos):
            return None
        box = self.port.seen.box
        return Tip(
            area,
            t(
                "blanco.tip.box",
                "Cleared lines go here: a row of one number, or a column of one colour. "
                "The box is shuffled back in when the draw pile runs out.",
            ),
            tn("blanco.tip.box.title", box, "The box: {count} card", "The box: {count} cards"),
        )

    def hand_tip(self, pos: tuple[float, float]) -> Tip | None:
        port = self.port
        for rect in self.hand.rects():
            if rect.collidepoint(pos):
                if self.look.viewer == port.focus or port.driven:
                    text = t(
                        "blanco.tip.hand",
                        "Your hand. After drawing, click a card, then a place in your grid "
                        "to play it there (the card there is discarded), or the discard "
                        "pile to discard it and reveal a card.",
                    )
                else:
                    text = t(
                        "blanco.tip.hand.hidden",
                        "{name}'s hand: hidden from you.",
                        name=port.session.name_of(port.focus),
                    )
                return Tip(
                    pygame.FRect(self.look.geometry.hand_area),
                    text,
                    t("blanco.tip.hand.title", "Hand"),
                )
        return None
