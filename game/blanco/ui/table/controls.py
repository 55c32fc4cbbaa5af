"""Blanco's table buttons (Swap, Undo, Hint, Menu, the memory aid) and the choice buttons the
step in progress offers (which line to clear first, reveal the looked-at card or not, Cancel)."""

from __future__ import annotations

import pygame

from game.core.i18n import lt, t
from game.core.ui.table.part import Part
from game.core.ui.toolkit.paint import GREY
from game.core.ui.toolkit.snapshot import Snapshot
from game.core.ui.toolkit.widgets import Button

from . import geometry as geo
from .moves import Moves
from .port import BlancoLook, BlancoPort

CHOICE_H, CHOICE_GAP = 38, 8
SWAPPING = ("swap", "swap_reveal")  # the moves' modes while two cards are being swapped
COLOURS = {"swap": (230, 120, 40), "undo": (90, 120, 230), "hint": (60, 170, 120)}


#: The buttons of someone playing here (not shown to a watcher nor over computers alone).
PLAYERS_BUTTONS = ("swap", "undo", "hint", "aid")


class Controls(Part):
    """The table's buttons and the step in progress's choices; each click a move or a call."""

    port: BlancoPort

    def __init__(self, port: BlancoPort, look: BlancoLook, moves: Moves) -> None:
        super().__init__(port)
        self.look, self.moves = look, moves
        self.buttons: dict[str, Button] = {
            "swap": Button(
                geo.DESIGN.buttons["swap"],
                lt("blanco.table.swap", "Swap"),
                moves.shows(moves.do_swap),
                key=pygame.K_s,
                colour=COLOURS["swap"],
                text_size=28,
            ),
            "undo": Button(
                geo.DESIGN.buttons["undo"],
                lt("blanco.table.undo", "Undo"),
                moves.shows(moves.do_undo),
                key=pygame.K_u,
                colour=COLOURS["undo"],
                text_size=28,
            ),
            "hint": Button(
                geo.DESIGN.buttons["hint"],
                lt("blanco.table.hint_button", "Hint"),
                moves.shows(moves.do_hint),
                key=pygame.K_h,
                colour=COLOURS["hint"],
                text_size=28,
            ),
            "menu": Button(
                geo.DESIGN.buttons["menu"],
                lt("blanco.table.menu", "Menu"),
                port.open_menu,
                colour=(120, 90, 170),
                text_size=28,
            ),
            "aid": Button(
                geo.DESIGN.buttons["aid"],
                "",
                self.look.toggle_memory_aid,
                colour=(70, 110, 130),
                text_size=20,
            ),
            "next": Button(
                geo.DESIGN.buttons["next"],
                lt("blanco.table.next", "Next  >"),
                port.confirm_turn,
                key=(pygame.K_RETURN, pygame.K_KP_ENTER),
                colour=(60, 190, 90),
                text_size=34,
            ),
        }
        self.choice_buttons: dict[str, Button] = {}
        self._choice_key: tuple = ()
        self._snap = Snapshot()
        for button in self.buttons.values():
            button.on_feedback = self.ctx.play

    def forget_kept(self) -> None:
        """Draw the buttons afresh next frame (as `BlancoPart.forget_kept`)."""
        self._snap.forget()

    def choices(self) -> dict[str, Button]:
        """The choice buttons for the step in progress (rebuilt when the choice changes)."""
        offered = self.moves.choices()
        if self.moves.mode in SWAPPING:  # the Swap button reads "Cancel swap": one way back
            offered = [choice for choice in offered if choice[0] != "cancel"]
        area = self.look.geometry.choices
        key = (tuple(area), *((name, label) for name, label, _ in offered))
        if key != self._choice_key:
            self._choice_key = key
            self.choice_buttons = {}
            for i, (name, label, action) in enumerate(offered):
                rect = (area.x, area.y + i * (CHOICE_H + CHOICE_GAP), area.w, CHOICE_H)
                self.choice_buttons[name] = Button(
                    rect, label, action, colour=(200, 80, 140), text_size=24
                )
        else:  # same buttons: keep them (their hover state), fresh actions
            for name, _label, action in offered:
                self.choice_buttons[name].on_click = action
        return self.choice_buttons

    def place(self) -> None:
        """The buttons where the window's shape puts them (`look.geometry`)."""
        for name, rect in self.look.geometry.buttons.items():
            if self.buttons[name].rect != rect:
                self.buttons[name].rect = pygame.FRect(rect)

    def update(self, dt: float) -> None:
        self.place()
        for button in self.buttons.values():
            button.update(dt)

    def shown(self, name: str) -> bool:
        if name == "next":  # only while a finished turn waits for its player's Next
            return self.port.turns.confirming is not None and not self.port.animator.busy
        if name in PLAYERS_BUTTONS:  # no one plays at this screen: computers, or a watcher
            return bool(self.port.session.humans)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place()
        if any(b.handle_event(event) for b in list(self.choices().values())):
            return True
        return any(b.handle_event(event) for name, b in self.buttons.items() if self.shown(name))

    def refresh(self) -> None:
        """Buttons stay clickable (a click that is not allowed says why); the ones that would
        be refused now are drawn grey."""
        self.place()
        port = self.port
        mine = port.human_turn()
        can = {
            "swap": mine and port.state.phase == "turn",
            "undo": self.look.undo_refusal() is None,
            "hint": mine,
        }
        for name, ok in can.items():
            self.buttons[name].colour = COLOURS[name] if ok else GREY
        self.buttons["swap"].label = (
            t("blanco.table.cancel_swap", "Cancel swap")
            if self.moves.mode in SWAPPING
            else t("blanco.table.swap", "Swap")
        )
        self.buttons["aid"].label = (
            t("blanco.table.aid_on", "Memory aid: on")
            if self.look.memory_aid
            else t("blanco.table.aid_off", "Memory aid: off")
        )

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        text = self.ctx.text
        drawn = [button for name, button in self.buttons.items() if self.shown(name)]
        drawn += self.choices().values()
        # The buttons' column holds nothing the parts drew: while no button wobbles, the drawn
        # buttons are kept and blitted back until a label, colour, hover or press changes.
        still = not any(button.shake > 0 for button in drawn)
        key = (
            tuple(
                (tuple(b.rect), b.label, b.colour, b.enabled, b.pressed, b.hovered, b.text_size)
                for b in drawn
            ),
            text.scale,
            surface.get_size(),
        )
        if still and self._snap.reuse(surface, key):
            return
        for button in drawn:
            button.draw(surface, text)
        if still and drawn:
            areas = [pygame.Rect(b.rect).union(pygame.Rect(b.rect).move(0, 6)) for b in drawn]
            self._snap.keep(surface, key, areas[0].unionall(areas[1:]))
