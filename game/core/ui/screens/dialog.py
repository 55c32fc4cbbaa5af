"""A modal yes/no question drawn over whatever is beneath it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.i18n import lt
from game.core.ui.context import Context
from game.core.ui.scene import UIScene, parts_moving
from game.core.ui.toolkit.paint import BLUE, GREEN, INK, PAPER, RED, dim, draw_panel
from game.core.ui.toolkit.widgets import Button

PANEL = pygame.FRect(340, 210, 600, 300)
LINE_H = 40


ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)
SAFE = BLUE  # the answer that keeps things as they are: neither a warning nor a go-ahead


class ConfirmDialog(UIScene):
    """Asks `question`; Yes or No (Esc). Takes every event while open (modal).

    Enter answers the safe choice, `default` ("no" unless told: a question before something
    that cannot be taken back must not be answered by a key pressed out of habit); the focus
    starts there too, and Tab reaches the other.

    The colours say what each answer costs, as players of other games read them: when Yes
    loses something (`danger`: a game in progress discarded, a game left unsaved) it is red
    and No, the way back, a calm blue; otherwise Yes is green and No blue. No answer that
    keeps everything is ever red.

    The dialog pops itself *before* calling `on_yes` / `on_no`, so the callbacks see the stack
    as it was under the dialog and may push, replace or clear freely.
    """

    opaque = False
    text_size = 40  # the question's letters (a longer question: smaller, LINE_H scaled too)

    def __init__(
        self,
        ctx: Context,
        question: str | Callable[[], str],
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        yes_label: str | Callable[[], str] | None = None,
        no_label: str | Callable[[], str] | None = None,
        default: str = "no",
        danger: bool = False,
    ) -> None:
        # Texts may be callables (`lt(...)`): the dialog then speaks the language of the moment.
        yes_label = yes_label or lt("dialog.yes", "Yes")
        no_label = no_label or lt("dialog.no", "No")
        super().__init__(ctx)
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.default = default
        self.danger = danger
        bw, bh = 200, 64
        y = PANEL.bottom - bh - 32
        self.add(
            "no",
            Button(
                (PANEL.x + 56, y, bw, bh),
                no_label,
                self.no,
                key=(pygame.K_ESCAPE, *ENTER) if default == "no" else pygame.K_ESCAPE,
                colour=SAFE,
            ),
        )
        self.add(
            "yes",
            Button(
                (PANEL.right - 56 - bw, y, bw, bh),
                yes_label,
                self.yes,
                key=ENTER if default == "yes" else None,
                colour=RED if danger else GREEN,
            ),
        )

    def yes(self) -> None:
        self.ctx.stack.pop()
        self.on_yes()

    def no(self) -> None:
        self.ctx.stack.pop()
        if self.on_no is not None:
            self.on_no()

    def needs_redraw(self) -> bool:  # a still menu: only its widgets move by themselves
        return parts_moving(self)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 140)
        draw_panel(surface, PANEL, colour=PAPER, radius=24, border=5, shadow=10)
        text = self.ctx.text
        question = self.question() if callable(self.question) else self.question
        size = self.text_size
        line_h = LINE_H * size / 40
        lines = text.wrap_balanced(question, size, PANEL.width - 80)
        # Centre the question in the space above the buttons.
        middle = (PANEL.y + self.widgets["yes"].rect.y) / 2
        top = middle - (len(lines) - 1) * line_h / 2
        for i, line in enumerate(lines):
            text.blit_centered(surface, line, size, INK, (PANEL.centerx, top + i * line_h))
        self.draw_widgets(surface)
