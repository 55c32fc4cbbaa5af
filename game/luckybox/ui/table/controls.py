"""The table's buttons and its bonus queue: Pass, Undo, Hint, Menu, Spend and Next; and the
focused player's pending bonuses (click one to resolve it first), or what to do now. A button
or a bonus hands its click to `Moves` and the `Effects` it returns to the table (`take`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.i18n import lt, t
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW
from game.core.ui.toolkit.reasoned import ReasonedButton
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules import Pass
from game.luckybox.rules.state import OVER, PLAY

from ..cardview import icon_sprite
from .boards import HIGHLIGHT
from .moves import Moves
from .port import Cover, Effects, LuckyBoxPort, LuckyLook

SPEND_W, SPEND_H = 120, 44  # the Spend button under a chosen Lightning square (at least)
HUMAN_ONLY = ("pass", "undo", "hint", "spend", "next")  # only a player at the table uses them


def line_height(size: int) -> int:
    return round(size * 1.1)


def balanced_wrap(text: Any, words: str, size: int, width: float) -> list[str]:
    """`words` wrapped to `width` at `size` in as few lines as fit, then narrowed while the
    count stays the same: the lines come out of similar lengths (no lone last word)."""
    lines = text.wrap(words, size, width)
    if len(lines) < 2:
        return lines
    best, narrow = lines, width
    while narrow > 40:
        narrow -= 8
        trial = text.wrap(words, size, narrow)
        if len(trial) != len(lines):
            break
        best = trial
    return best


PANEL_H = 128  # the hint panel's height in the plain layout
NEXT_W, NEXT_H, NEXT_BELOW = 240, 50, 8  # the Next button, and its room under it


def panel_scale(panel: pygame.FRect) -> float:
    """How much shorter the hint panel is than in the plain layout (1: as tall or taller)."""
    return min(1.0, panel.h / PANEL_H)


def next_rect(panel: pygame.FRect) -> pygame.FRect:
    """The Next button, at the foot of the hint panel (lower in a shorter panel)."""
    h = NEXT_H * panel_scale(panel) ** 0.5
    below = NEXT_BELOW * panel_scale(panel)
    return pygame.FRect(panel.centerx - NEXT_W / 2, panel.bottom - below - h, NEXT_W, h)


def button_tips() -> dict[str, Callable[[], str]]:
    """What each of the table's buttons does (asked when shown: the language of the moment)."""
    return {
        "pass": lambda: t(
            "luckybox.tip.button.pass",
            "Cross nothing for this number. Only when no open square shows it (key P).",
        ),
        "undo": lambda: t(
            "luckybox.tip.button.undo",
            "Take back your move, until the next number is revealed (key U).",
        ),
        "hint": lambda: t(
            "luckybox.tip.button.hint", "Show what the hard computer player would do (key H)."
        ),
        "menu": lambda: t(
            "luckybox.tip.button.menu", "Settings, how to play, saving and quitting (Esc)."
        ),
        "spend": lambda: t(
            "luckybox.tip.button.spend",
            "Spend the Lightning shown on the chosen square and cross it "
            "(Enter). Click the square again to go round the other way.",
        ),
        "next": lambda: t(
            "luckybox.tip.button.next",
            "Your move is done: go on to the next number (Enter or Space).",
        ),
    }


def taking(port: LuckyBoxPort, move: Callable[[], Effects]) -> Callable[[], None]:
    """A button's click: the move's effects, applied by the table."""

    def click() -> None:
        port.show(move())

    return click


class Controls(Part):
    """The buttons, each enabled by what the rules allow the focused human now."""

    port: LuckyBoxPort

    def __init__(
        self,
        port: LuckyBoxPort,
        look: LuckyLook,
        moves: Moves,
        hidden: Callable[[pygame.FRect], Cover | None] = lambda rect: None,
    ) -> None:
        """`hidden(rect)`: what drawn over the board hides that place (the open move log,
        another player's cards kept large), if anything: Spend is not offered under the chosen
        square while the square is hidden."""
        super().__init__(port)
        self.look, self.moves, self.hidden = look, moves, hidden
        layout = self.ctx.layout
        self.buttons: dict[str, Button] = {
            # Greyed, these say why not when clicked (the message line), never nothing.
            "pass": ReasonedButton(
                layout.region("button_pass"),
                lt("luckybox.table.pass", "Pass"),
                taking(port, moves.do_pass),
                key=pygame.K_p,
                text_size=28,
                why_not=taking(port, moves.why_no_pass),
            ),
            "undo": ReasonedButton(
                layout.region("button_undo"),
                lt("luckybox.table.undo", "Undo"),
                taking(port, moves.do_undo),
                key=pygame.K_u,
                colour=(90, 120, 230),
                text_size=28,
                why_not=taking(port, moves.do_undo),  # refused by the rules: their reason
            ),
            "hint": ReasonedButton(
                layout.region("button_hint"),
                lt("luckybox.table.hint_button", "Hint"),
                taking(port, moves.do_hint),
                key=pygame.K_h,
                colour=(60, 170, 120),
                text_size=28,
                why_not=taking(port, moves.why_no_hint),
            ),
            "menu": Button(
                layout.region("button_menu"),
                lt("luckybox.table.menu", "Menu"),
                port.open_menu,
                colour=(120, 90, 170),
                text_size=28,
            ),
        }
        spend = layout.region("button_lightning_minus").union(
            layout.region("button_lightning_plus")
        )
        self.buttons["spend"] = Button(
            spend,
            lt("luckybox.table.spend", "Spend"),
            taking(port, moves.confirm_spend),
            key=pygame.K_RETURN,
            colour=(40, 120, 230),
            text_size=24,
        )
        self.buttons["next"] = Button(
            next_rect(layout.region("pending_queue")),
            lt("luckybox.table.next", "Next  >"),
            port.confirm_turn,
            key=pygame.K_RETURN,
            colour=(60, 190, 90),
            text_size=34,
        )
        for button in self.buttons.values():
            button.on_feedback = self.ctx.play
        for name, tip in button_tips().items():
            self.buttons[name].tooltip = tip

    def ask_spend(self, count: int) -> None:
        """A Lightning square chosen: Spend says how many tokens it spends."""
        self.buttons["spend"].label = lt("luckybox.table.spend_n", "Spend {n}", n=count)

    def place(self) -> None:
        """Put the buttons where the layout has them now (it follows the window's shape)."""
        layout = self.ctx.layout
        for name in ("pass", "undo", "hint", "menu"):
            self.buttons[name].rect = layout.region(f"button_{name}")
        if self.moves.selected_square is None:
            self.buttons["spend"].rect = layout.region("button_lightning_minus").union(
                layout.region("button_lightning_plus")
            )
        self.buttons["next"].rect = next_rect(layout.region("pending_queue"))

    def shown(self, name: str) -> bool:
        """Whether the button shows now."""
        return self._shown(name, self.for_people())

    def showing(self) -> dict[str, Button]:
        """The buttons that show now, by name (whether people play here asked once: it is
        asked for every button several times a frame)."""
        people = self.for_people()
        return {name: b for name, b in self.buttons.items() if self._shown(name, people)}

    def _shown(self, name: str, people: bool) -> bool:
        port = self.port
        if name in HUMAN_ONLY and not people:
            return False  # a demo (or a table of computers) has no use for them: hidden
        if name == "spend":
            return self.moves.selected_square is not None and not self.spend_hidden()
        if name == "next":
            return port.turns.confirming is not None and not port.animator.busy
        return True

    def for_people(self) -> bool:
        """Whether a person plays at this table (the demo and replays only watch)."""
        port = self.port
        return not port.demo and not port.driven and bool(port.session.humans)

    def update(self, dt: float) -> None:
        for button in self.buttons.values():
            button.update(dt)
        self.show_shown()

    def show_shown(self) -> None:
        """Each button's `visible` says whether it shows now: a hidden Next or Spend keeps no
        Enter for itself (the focus ring's Enter acts on the focus instead)."""
        showing = self.showing()
        for name, button in self.buttons.items():
            button.visible = name in showing

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_spend()
        return any(button.handle_event(event) for button in self.showing().values())

    def spend_hidden(self) -> Cover | None:
        """What hides the chosen Lightning square, if anything: Spend waits for it to show
        again (drawn over what hides it, a click meant to put that away would spend)."""
        cell = self.chosen_cell()
        return None if cell is None else self.hidden(cell)

    def chosen_cell(self) -> pygame.FRect | None:
        """The chosen Lightning square's rect, if one is chosen and shown."""
        chosen = self.moves.selected_square
        card = self.look.card_rect(self.port.focus, chosen.card) if chosen is not None else None
        if chosen is None or card is None:
            return None
        return self.look.cards.cell_rect(card, chosen.cell)

    def place_spend(self) -> None:
        """Spend sits right under the chosen Lightning square, where the eye already is."""
        cell = self.chosen_cell()
        if cell is None:
            return
        button = self.buttons["spend"]
        w = max(SPEND_W, cell.w * 1.5)
        rect = pygame.FRect(0, 0, w, SPEND_H)
        rect.midtop = (cell.centerx, cell.bottom + 4)
        button.rect = rect.clamp(self.ctx.layout.region("current_board").inflate(8, 8))

    def refresh(self) -> None:
        port = self.port
        focus, state = port.focus, port.state
        self.show_shown()
        self.buttons["pass"].enabled = port.human_turn() and Pass(focus) in (
            state.legal_actions(focus)
        )
        self.buttons["undo"].enabled = (
            not port.session.seats[focus].is_computer and state.can_undo(focus) is None
        )
        self.buttons["hint"].enabled = port.human_turn()

    def draw(self, surface: pygame.Surface) -> None:
        self.refresh()
        self.place()
        self.place_spend()
        for button in self.showing().values():
            button.draw(surface, self.ctx.text)


class Bonuses(Part):
    """The focused player's pending bonuses; with none, a line saying what to do now."""

    region = "pending_queue"
    port: LuckyBoxPort

    def __init__(
        self, port: LuckyBoxPort, look: LuckyLook, moves: Moves, controls: Controls
    ) -> None:
        super().__init__(port)
        self.look, self.moves = look, moves
        self.controls = controls  # (whether Next shows, and Undo can take a step back)
        self._lines_key: tuple | None = None
        self._lines: list[tuple[str, int, tuple[float, float]]] = []

    def rects(self) -> list[tuple[tuple[int, str, int], pygame.FRect]]:
        """The bonuses waiting, left to right: 60 px icons in a panel of the design's height,
        smaller in a shorter one (beside a big hand) so the line under them keeps its room."""
        area = self.rect
        k = panel_scale(area)
        pending = self.port.seen.players[self.port.focus].pending
        return [
            (
                (bonus.card, bonus.line, bonus.index),
                pygame.FRect(area.x + 150 + i * 70, area.y + 30 * k, 60 * k, 60 * k),
            )
            for i, bonus in enumerate(pending)
        ]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        for key, rect in self.rects():
            if rect.collidepoint(pos):
                self.port.show(self.moves.choose_bonus(key))
                return True
        return False

    def turn_hint(self) -> str:
        port = self.port
        if port.status_line is not None:
            return port.status_line()
        state = port.state
        if state.phase == OVER:
            return t("luckybox.table.over", "The game is over.")
        if port.animator.busy:
            return t("luckybox.table.skip", "Click or press Space to skip the animation.")
        if port.turns.confirming is not None:
            if self.controls.buttons["undo"].enabled:
                return t(
                    "luckybox.table.done", "Done! Undo if you changed your mind, or press Next."
                )
            return t("luckybox.table.done_next", "Done! Press Next.")
        seat = port.session.next_seat()
        if seat is None:
            return ""
        waiting = port.waiting_words(seat)  # (our own seat's too: the host's app closed)
        if waiting is not None:
            return waiting
        if seat != port.focus or port.session.seats[seat].is_computer:
            return t(
                "luckybox.table.playing",
                "{name} is playing...",
                name=port.session.name_of(seat),
            )
        if state.phase != PLAY:
            return t("luckybox.table.choose_cards", "Choose your cards.")
        if self.moves.hint is not None and self.moves.why:
            return str(self.moves.why)  # the hint says what; this line says why
        n = state.number
        if state.has_exact(seat):
            return t(
                "luckybox.table.cross",
                "Cross a square showing {n} (gold), or spend Lightning: press L to see where it "
                "reaches.",
                n=n,
            )
        return t(
            "luckybox.table.no_open", "No open {n}: spend Lightning on a blue square, or Pass.", n=n
        )

    def pick_words(self) -> str:
        """The line under the bonuses: what to do with them when the player in front of the
        screen chooses; who is using them when a record or a computer does."""
        port = self.port
        seat = port.focus
        if self.moves.hint is not None and self.moves.why and port.human_turn():
            return str(self.moves.why)
        if port.driven or port.session.seats[seat].is_computer:
            return t(
                "luckybox.table.bonus_used_by",
                "{name} uses a bonus.",
                name=port.session.name_of(seat),
            )
        return t("luckybox.table.pick_bonus", "Pick a bonus, then a highlighted square")

    def hint_box(self) -> pygame.FRect:
        """Where the line saying what to do goes: the panel, above the Next button when shown."""
        area = self.rect.inflate(-24, -12)
        if self.controls.shown("next"):
            area.height = self.controls.buttons["next"].rect.top - 6 - area.top
        return area

    def hint_lines(self) -> list[tuple[str, int, tuple[float, float]]]:
        """The line saying what to do now, wrapped into its box: (text, size, centre) per line,
        as large as fits (down to 16 px) and balanced, so no word is left alone on a line."""
        text, box = self.turn_hint(), self.hint_box()
        key = (text, tuple(box), self.ctx.text.scale)
        if key != self._lines_key:  # wrapping is measured word by word: once per change
            self._lines_key, self._lines = key, self._wrap(text, box)
        return self._lines

    def _wrap(self, text: str, box: pygame.FRect) -> list[tuple[str, int, tuple[float, float]]]:
        if not text:
            return []
        lines, size = [text], 16
        for size in range(24, 15, -2):
            lines = balanced_wrap(self.ctx.text, text, size, box.w)
            if len(lines) * line_height(size) <= box.h:
                break
        step = line_height(size)
        top = box.centery - step * len(lines) / 2
        return [(line, size, (box.centerx, top + step * (i + 0.5))) for i, line in enumerate(lines)]

    def draw(self, surface: pygame.Surface) -> None:
        ctx, port = self.ctx, self.port
        area = self.rect
        pending = port.seen.players[port.focus].pending
        if not pending:
            for line, size, center in self.hint_lines():
                ctx.text.blit_centered(surface, line, size, WHITE, center)
            return
        ctx.text.blit_centered(
            surface,
            t("luckybox.table.bonuses", "Bonuses:"),
            26,
            YELLOW,
            (area.x + 70, area.y + 60 * panel_scale(area)),
            outline=INK,
            px=2,
        )
        engine_pending = port.state.players[port.focus].pending
        choice = self.moves.bonus_choice() if engine_pending else None
        for (key, rect), waiting in zip(self.rects(), pending, strict=True):
            bonus = waiting.bonus
            if key == choice:
                gfx.rect(surface, HIGHLIGHT, rect.inflate(10, 10), 4, border_radius=12)
            surface.blit(ctx.assets.get(icon_sprite(bonus), rect.size), rect.topleft)
            if bonus[0] == "number":
                ctx.text.blit_centered(
                    surface, str(bonus[1]), round(34 * rect.h / 60), INK, rect.center
                )
        pick = self.pick_words()
        ctx.text.blit_centered(
            surface,
            pick,
            ctx.text.fit_size(pick, 20, area.w - 16),
            WHITE,
            (area.centerx, area.bottom - 16),
        )
