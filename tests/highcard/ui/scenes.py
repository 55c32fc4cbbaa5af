"""High card's scenes: three core shells (game/core/ui/shells) and its table's kit (the core
table, game/core/ui/table, holds it), each filled with what only High card knows: how a seat's
card looks, its two buttons, its results. Everything else (seats, seed, turns, computers,
saving, records, the replay's controls, the end's buttons) is core's."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Session
from game.core.ui import gfx
from game.core.ui.animator import EventStyle, Glow
from game.core.ui.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PAPER,
    PLAYER_COLOURS,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.refusals import refusal_words
from game.core.ui.shells.gameend import GameEndShell
from game.core.ui.shells.part import Part
from game.core.ui.shells.replay import ReplayShell
from game.core.ui.shells.setup import SetupShell
from game.core.ui.table import Effects, KitParts, Table, TableKit, TablePort, resume_saved
from game.core.ui.widgets import Button

from ..entry import GAME
from ..rules.game import Dealt, HighCardState, Keep, Kept, Shown, Swap, Swapped, Undone

CARD_W, CARD_H, CARD_GAP, CARD_TOP = 160, 224, 40, 170


def card_rect(seat: int, seats: int) -> pygame.FRect:
    """Seat `seat`'s card: the seats side by side across the middle of the table."""
    width = seats * CARD_W + (seats - 1) * CARD_GAP
    return pygame.FRect(640 - width / 2 + seat * (CARD_W + CARD_GAP), CARD_TOP, CARD_W, CARD_H)


def draw_card(surface: pygame.Surface, text: Any, rect: pygame.FRect, card: int) -> None:
    """A card: its number on paper, or its back (card 0: not known on this screen)."""
    gfx.rect(surface, INK, rect, border_radius=14)
    face = rect.inflate(-10, -10)
    if card:
        gfx.rect(surface, PAPER, face, border_radius=10)
        text.blit_centered(surface, str(card), 88, INK, face.center)
    else:
        gfx.rect(surface, (70, 50, 150), face, border_radius=10)
        gfx.rect(surface, (120, 100, 210), face.inflate(-24, -24), 4, border_radius=8)


# ---------------------------------------------------------------- set-up


class SetupScene(SetupShell):
    """1-4 seats and the seed; the shell deals the game through "highcard.start_game"."""

    game_id = GAME.id
    min_seats, max_seats = GAME.min_players, GAME.max_players

    def computer_by_default(self, i: int) -> bool:
        return i > 0

    def title(self) -> str:
        return "High card: same deal" if self.same_deal else "New game of High card"

    def draw_body(self, surface: pygame.Surface) -> None:
        for i in range(self.seats):
            self.draw_badge(surface, i, 34)


# ---------------------------------------------------------------- the table


#: What a High card table carries: the state, the actions, the board as shown (below).
Port = TablePort[HighCardState, "Keep | Swap", "ShownCards"]


class ShownCards:
    """The cards as this table has shown them so far (the engine's events applied in turn)."""

    def __init__(self, seats: int) -> None:
        self.cards = [0] * seats
        self.choices = [""] * seats  # "keep", "swap" or "" (not chosen yet)
        self.winner: int | None = None

    @classmethod
    def of_view(cls, state: HighCardState) -> ShownCards:
        """The cards as a seat's view has them mid-game (an online table's)."""
        shown = cls(len(state.names))
        shown.reset_to(state)
        return shown

    def reset_to(self, state: HighCardState) -> None:
        """Show the view as it stands (a fresh one arrived)."""
        self.cards = list(state.cards)
        self.choices = [""] * len(state.names)
        for action in state.actions:
            self.choices[action.player] = "swap" if isinstance(action, Swap) else "keep"
        self.winner = state.winner() if state.shown else None

    def apply(self, event: Any) -> None:
        if isinstance(event, (Dealt, Swapped)):
            self.cards[event.player] = event.card
        if isinstance(event, (Kept, Swapped, Undone)):
            self.choices[event.player] = {Kept: "keep", Swapped: "swap"}.get(type(event), "")
        if isinstance(event, Shown):
            self.cards, self.winner = list(event.cards), event.winner


class Seats(Part):
    """Every seat's card, name and choice; a card shows only to its own seat until the end."""

    port: Port

    def __init__(self, port: Port, kit: HighCardKit) -> None:
        super().__init__(port)
        self.kit = kit  # (whose card this screen may show)

    def draw(self, surface: pygame.Surface) -> None:
        kit, port, text = self.kit, self.port, self.ctx.text
        seen = port.seen
        seats = len(seen.cards)
        for seat in range(seats):
            rect = card_rect(seat, seats)
            shown = seen.winner is not None or seat == kit.viewer
            draw_card(surface, text, rect, seen.cards[seat] if shown else 0)
            colour = YELLOW if seat == seen.winner or seat == port.session.next_seat() else WHITE
            name = port.session.name_of(seat)
            size = text.fit_size(name, 32, CARD_W + CARD_GAP - 8)
            at = (rect.centerx, rect.bottom + 30)
            text.blit_centered(surface, name, size, colour, at, outline=INK, px=2)
            badge = PLAYER_COLOURS[seat]
            gfx.rect(surface, badge, pygame.FRect(rect.x, rect.y - 14, rect.w, 8), border_radius=4)
            said = {"keep": "Kept", "swap": "Swapped"}.get(seen.choices[seat], "")
            if said:
                at = (rect.centerx, rect.bottom + 64)
                text.blit_centered(surface, said, 26, CYAN, at, outline=INK, px=2)


class Prompt(Part):
    """The line under the cards: the replay's progress, a message, or what happens now."""

    def __init__(self, port: Port, kit: HighCardKit) -> None:
        super().__init__(port)
        self.kit = kit

    def draw(self, surface: pygame.Surface) -> None:
        line = self.kit.turn_line()
        if not line:
            return
        text = self.ctx.text
        size = text.fit_size(line, 30, 1200)
        text.blit_centered(surface, line, size, WHITE, (640, 560), outline=INK, px=2)


class Controls(Part):
    """Keep (K), Swap (S) and Undo (U): what a person at the table may do."""

    port: Port

    def __init__(self, port: Port, kit: HighCardKit) -> None:
        super().__init__(port)
        self.kit = kit
        self.buttons = {
            "keep": Button((420, 600, 200, 66), "Keep", self.keep, key=pygame.K_k, colour=GREEN),
            "swap": Button((660, 600, 200, 66), "Swap", self.swap, key=pygame.K_s, colour=ORANGE),
            "undo": Button((1108, 620, 140, 50), "Undo", self.undo, key=pygame.K_u, colour=CYAN),
        }

    def keep(self) -> None:
        self.kit.act(Keep(self.port.focus))

    def swap(self) -> None:
        self.kit.act(Swap(self.port.focus))

    def undo(self) -> None:
        port = self.port
        port.show(Effects(message=port.undo() or "Taken back."))

    def update(self, dt: float) -> None:
        for button in self.buttons.values():
            button.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(button.handle_event(event) for button in self.buttons.values())

    def draw(self, surface: pygame.Surface) -> None:
        mine = self.port.human_turn()
        self.buttons["keep"].enabled = self.buttons["swap"].enabled = mine
        for button in self.buttons.values():
            button.draw(surface, self.ctx.text)


class HighCardKit(TableKit[HighCardState, ShownCards]):
    """High card's table kit: the seats' cards, the prompt and the buttons; the end at
    `Shown`. The core table (`game.core.ui.table.Table`) holds it, here or online; its parts
    read the table through its port, and ask the kit only what is High card's."""

    game_over_event = Shown

    def __init__(self, port: Port) -> None:
        self.port = port

    def shown_board(self, state: HighCardState, source: HighCardState | None = None) -> ShownCards:
        return ShownCards(len(state.names))

    def shown_view(self, state: HighCardState) -> ShownCards:
        return ShownCards.of_view(state)

    def build(self) -> KitParts:
        styles: dict[type, EventStyle] = {
            Dealt: EventStyle(0.15),
            Kept: EventStyle(0.3),
            Swapped: EventStyle(0.45),
            Shown: EventStyle(1.0, stage=self.glow_winner),
        }
        port = self.port
        return KitParts(
            styles, [Seats(port, self), Prompt(port, self)], controls=Controls(port, self)
        )

    def glow_winner(self, event: Shown, seconds: float) -> None:
        rect = card_rect(event.winner, len(event.cards))
        self.port.animator.effects.append(Glow(rect.inflate(16, 16), seconds))

    def static_layer(self) -> pygame.Surface:
        ctx = self.port.ctx
        layer: pygame.Surface = gfx.layer(self.port.view, (1280, 720))
        draw_backdrop(layer, ctx.assets)
        ctx.text.blit_centered(layer, GAME.title, 56, YELLOW, (640, 60), outline=INK, px=4)
        return layer

    @property
    def viewer(self) -> int | None:
        """The seat whose card this screen may show: the one person playing (or the seat a
        replay follows); at a shared screen, the person it was handed to."""
        port = self.port
        if port.driven:
            return port.focus
        humans = port.session.humans
        return humans[0] if len(humans) == 1 else port.turns.shown_human

    def act(self, action: Keep | Swap) -> None:
        port = self.port
        if not port.human_turn():
            return
        outcome = port.act(action)
        if outcome.refusal is not None:
            port.show(Effects(message=refusal_words(GAME.id, outcome.refusal, port.state.names)))

    def turn_line(self) -> str:
        port = self.port
        if port.status_line is not None:
            return port.status_line()
        if port.message:
            return port.message
        seen, seat, name = port.seen, port.session.next_seat(), port.session.name_of
        if seen.winner is not None:
            return f"{name(seen.winner)} wins with {seen.cards[seen.winner]}!"
        if port.human_turn():
            return "Your card: Keep it (K) or Swap it for the pile's top (S)."
        return "" if seat is None else f"{name(seat)} is choosing..."


def start_game(
    ctx: Any,
    seats: list[Any],
    seed: int,
    demo: bool = False,
    on_game_over: Any = None,
    deal: Any = None,
    challenge: dict[str, Any] | None = None,
    **_: Any,
) -> Table[HighCardState, Keep | Swap, ShownCards]:
    session: Session[HighCardState, Keep | Swap] = Session(list(seats), seed, None, deal, game=GAME)
    session.challenge = challenge
    scene = Table(ctx, session, HighCardKit, demo=demo, on_game_over=on_game_over)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Any, saved: Any = None) -> str | None:
    resumed = resume_saved(ctx, GAME.id, saved)
    if isinstance(resumed, str):
        return resumed
    session, where = resumed
    ctx.stack.clear_to(Table(ctx, session, HighCardKit, resume=where))
    return None


# ---------------------------------------------------------------- the end and a replay


class GameEndScene(GameEndShell):
    """Who won, and every seat's card."""

    game_id = GAME.id

    def draw_results(self, surface: pygame.Surface) -> None:
        state, text = self.session.state, self.ctx.text
        winner = self.session.seats[state.winner()].name
        text.blit_centered(surface, f"{winner} wins!", 72, YELLOW, (640, 90), outline=INK, px=5)
        rows = len(state.names)
        panel = pygame.FRect(340, 170, 600, 60 + rows * 64)
        draw_panel(surface, panel, colour=(40, 60, 110), radius=22, border=4, shadow=8)
        for seat in range(rows):
            y = panel.y + 62 + seat * 64
            colour = YELLOW if seat == state.winner() else WHITE
            name = self.session.seats[seat].name
            text.blit_centered(surface, name, 34, colour, (panel.x + 200, y), outline=INK, px=2)
            at = (panel.x + 440, y)
            text.blit_centered(surface, str(state.cards[seat]), 34, colour, at, outline=INK, px=2)


class ReplayScene(ReplayShell):
    """A kept High card game, its table driven by the record."""

    game_id = GAME.id

    def make_table(self, session: Session[Any, Any]) -> Table[Any, Any, Any]:
        return Table(self.ctx, session, HighCardKit, demo=True, driven=True)
