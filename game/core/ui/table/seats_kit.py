"""A table for a simple game, with nothing to write but how a seat's place looks: `SeatsKit`.

Every seat's place stands in a row across the middle, its player's name under it (lit while
that seat acts, and for the winners), the turn line under the row, a button for each kind of
move the game has (its action structs' kinds, "keep" and "swap": a click takes the focused
player's legal move of that kind; the key is the label's first letter) and Undo. The game's end
makes the winners' places glow; its record says who won.

A game's kit subclasses it and gives:

- `game_over_event`, `shown_board(state)` (the board as shown: the events applied in turn) and
  `shown_view(state)` (the same board from one seat's view, for an online table);
- `draw_seat(surface, seat, rect, face_up)`: what is in the seat's place, read off `port.seen`
  (`face_up`: this screen may show what the seat keeps hidden: it is its player's, or the game
  is over).

Optional: `seat_size`, `action_label(kind)` (a button's words), `event_styles()`, and any of
`KitHooks`' questions. High card (tests/highcard/ui.py) is such a kit.
"""

from __future__ import annotations

import typing
from functools import partial
from typing import Any, Generic, TypeVar

import msgspec
import pygame

from game.core.game import GameState
from game.core.i18n import lt, t
from game.core.ui.game_ui.kit import BoardT, Effects, KitHooks, KitParts, TableKit
from game.core.ui.game_ui.port import TablePort
from game.core.ui.table.refusals import refusal_words
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import EventStyle, Glow
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PINK,
    PLAYER_COLOURS,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
)
from game.core.ui.toolkit.widgets import Button

StateT = TypeVar("StateT", bound=GameState)
SEAT_GAP, SEAT_TOP = 40, 170
MOVE_COLOURS = (GREEN, ORANGE, PINK, PURPLE)


def kinds_of(union: Any) -> tuple[type[msgspec.Struct], ...]:
    """The structs of a union of tagged structs (`Keep | Swap`), or the one struct."""
    return typing.get_args(union) or (union,)


def tag_of(kind: type[msgspec.Struct]) -> str:
    """A tagged struct's kind, as the wire and records say it ("swap")."""
    return str(kind.__struct_config__.tag)


class SeatsKit(KitHooks[BoardT], TableKit[StateT, BoardT], Generic[StateT, BoardT]):
    """A simple game's table (see the module's docstring for what a game gives)."""

    #: The event that ends the game (the winners glow as it shows).
    game_over_event: type
    #: A seat's place (1280x720 coordinates).
    seat_size: tuple[float, float] = (160, 224)

    def __init__(self, port: TablePort[StateT, Any, BoardT]) -> None:
        self.port = port
        rules = port.session.game.rules
        self.title = rules.title
        self.events, self.actions = kinds_of(rules.wire.event), kinds_of(rules.wire.action)

    # ------------------------------------------------------------ what a game gives

    def draw_seat(
        self, surface: pygame.Surface, seat: int, rect: pygame.FRect, face_up: bool
    ) -> None:
        """What is in `seat`'s place (`self.port.seen`: the board as shown)."""
        raise NotImplementedError

    def action_label(self, kind: type) -> str:
        """The words on the button of a kind of move: its kind's name ("swap": "Swap")."""
        return kind.__name__

    def event_styles(self) -> dict[type, EventStyle]:
        """How long each event shows (a beat each; the end, longer, the winners glowing)."""
        styles = {kind: EventStyle(0.3) for kind in self.events}
        styles[self.game_over_event] = EventStyle(1.0, stage=self.glow_winners)
        return styles

    # ------------------------------------------------------------ the table's questions

    def build(self) -> KitParts:
        return KitParts(self.event_styles(), [Seats(self), TurnLine(self)], controls=Moves(self))

    def static_layer(self) -> pygame.Surface:
        ctx = self.port.ctx
        layer: pygame.Surface = gfx.layer(self.port.view, (1280, 720))
        draw_backdrop(layer, ctx.assets)
        ctx.text.blit_centered(layer, self.title, 56, YELLOW, (640, 60), outline=INK, px=4)
        return layer

    # ------------------------------------------------------------ what the parts ask

    def seat_rect(self, seat: int) -> pygame.FRect:
        """Seat `seat`'s place: the seats side by side across the middle of the table."""
        seats, (w, h) = len(self.port.state.names), self.seat_size
        width = seats * w + (seats - 1) * SEAT_GAP
        return pygame.FRect(640 - width / 2 + seat * (w + SEAT_GAP), SEAT_TOP, w, h)

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden things this screen may show: the one person playing (or the
        seat a replay follows); at a shared screen, the person it was handed to."""
        port = self.port
        if port.driven:
            return port.focus
        humans = port.session.humans
        return humans[0] if len(humans) == 1 else port.turns.shown_human

    def winners(self) -> list[int]:
        """The seats with the best result, once the game is over."""
        state = self.port.state
        if not state.is_terminal():
            return []
        results = list(state.returns())
        return [seat for seat, result in enumerate(results) if result == max(results)]

    def glow_winners(self, event: object, seconds: float) -> None:
        for seat in self.winners():
            rect = self.seat_rect(seat).inflate(16, 16)
            self.port.animator.effects.append(Glow(rect, seconds))

    def act(self, kind: type) -> None:
        """The focused player's legal move of that kind, to the session (a refusal said)."""
        port = self.port
        if not port.human_turn():
            return
        legal = [a for a in port.state.legal_actions(port.focus) if type(a) is kind]
        if not legal:
            return
        outcome = port.act(legal[0])
        if outcome.refusal is not None:
            game_id, names = port.session.game.id, port.state.names
            port.show(Effects(message=refusal_words(game_id, outcome.refusal, names), refusal=True))

    def turn_line(self) -> str:
        port = self.port
        if port.status_line is not None:
            return port.status_line()
        if port.message:
            return port.message
        winners = self.winners()
        if winners:
            names = ", ".join(port.session.name_of(seat) for seat in winners)
            return t("table.plain.wins", "{name} wins!", name=names)
        if port.human_turn():
            return t("table.plain.your_turn", "Your turn.")
        seat = port.session.next_seat()
        if seat is None:
            return ""
        waiting = port.waiting_words(seat)
        name = port.session.name_of(seat)
        return waiting or t("table.plain.playing", "{name} is playing...", name=name)


class Seats(Generic[StateT, BoardT]):
    """Every seat's place, its name under it and its colour over it."""

    def __init__(self, kit: SeatsKit[StateT, BoardT]) -> None:
        self.kit = kit

    def draw(self, surface: pygame.Surface) -> None:
        kit, port = self.kit, self.kit.port
        text, viewer, winners = port.ctx.text, kit.viewer, kit.winners()
        for seat in range(len(port.state.names)):
            rect = kit.seat_rect(seat)
            kit.draw_seat(surface, seat, rect, bool(winners) or seat == viewer)
            lit = seat in winners or seat == port.session.next_seat()
            name = port.session.name_of(seat)
            size = text.fit_size(name, 32, rect.w + SEAT_GAP - 8)
            at = (rect.centerx, rect.bottom + 30)
            text.blit_centered(surface, name, size, YELLOW if lit else WHITE, at, outline=INK, px=2)
            bar = pygame.FRect(rect.x, rect.y - 14, rect.w, 8)
            gfx.rect(surface, PLAYER_COLOURS[seat], bar, border_radius=4)


class TurnLine(Generic[StateT, BoardT]):
    """The line under the seats: the replay's progress, a message, or what happens now."""

    def __init__(self, kit: SeatsKit[StateT, BoardT]) -> None:
        self.kit = kit

    def draw(self, surface: pygame.Surface) -> None:
        line = self.kit.turn_line()
        if line:
            text = self.kit.port.ctx.text
            size = text.fit_size(line, 30, 1200)
            text.blit_centered(surface, line, size, WHITE, (640, 560), outline=INK, px=2)


class Moves(Generic[StateT, BoardT]):
    """A button for each kind of move, and Undo: what a person at the table may do."""

    def __init__(self, kit: SeatsKit[StateT, BoardT]) -> None:
        self.kit = kit
        kinds = kit.actions
        left = 640 - (len(kinds) * 200 + (len(kinds) - 1) * 40) / 2
        self.buttons: dict[str, Button] = {}
        for i, kind in enumerate(kinds):
            label = kit.action_label(kind)
            self.buttons[tag_of(kind)] = Button(
                (left + i * 240, 600, 200, 66),
                label,
                partial(kit.act, kind),
                key=getattr(pygame, f"K_{label[:1].lower()}", None),
                colour=MOVE_COLOURS[i % len(MOVE_COLOURS)],
            )
        self.buttons["undo"] = Button(
            (1108, 620, 140, 50),
            lt("table.plain.undo", "Undo"),
            self.undo,
            key=pygame.K_u,
            colour=CYAN,
        )

    def undo(self) -> None:
        port = self.kit.port
        port.show(Effects(message=port.undo() or t("table.plain.taken_back", "Taken back.")))

    def update(self, dt: float) -> None:
        for button in self.buttons.values():
            button.update(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(button.handle_event(event) for button in self.buttons.values())

    def draw(self, surface: pygame.Surface) -> None:
        port = self.kit.port
        mine = port.human_turn()
        legal = {type(a) for a in port.state.legal_actions(port.focus)} if mine else set()
        for kind in self.kit.actions:
            self.buttons[tag_of(kind)].enabled = kind in legal
        for button in self.buttons.values():
            button.draw(surface, port.ctx.text)


__all__ = ["SeatsKit", "kinds_of", "tag_of"]
