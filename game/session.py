"""A game being played at the table: seats (human or computer), turn order and the event feed.

Pure logic, no pygame: the table scenes read it and animate `feed`, tests drive it directly.
Within one number every player acts independently; on one screen they take turns in seat order,
so the seat that acts next is always the lowest seat still waiting.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from game.rules import Action, GameState, Options
from game.rules.record import state_to_record
from game.rules.state import Deal, Outcome

HUMAN = "human"
BOT_LEVELS = ("easy", "normal", "hard")
VERSION = "0.1.0"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or a computer level: "easy", "normal", "hard"

    @property
    def is_computer(self) -> bool:
        return self.kind != HUMAN


class Session:
    """One game: the rules state, who sits where, and the events not yet shown."""

    def __init__(
        self,
        seats: list[Seat],
        seed: int,
        options: Options | None = None,
        deal: Deal | None = None,
    ) -> None:
        from game.ai import make_bot  # the bots read only the rules; imported here for start-up

        self.seats = list(seats)
        self.seed = seed
        self.state, events = GameState.new([s.name for s in seats], seed, options, deal)
        self.bots = {
            i: make_bot(seat.kind, seed, i) for i, seat in enumerate(seats) if seat.is_computer
        }
        self.feed: deque = deque(events)  # events the table has not animated yet

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_computer]

    def next_seat(self) -> int | None:
        """The seat that acts next (seat order), or None when the game is over."""
        waiting = self.state.waiting_for()
        return waiting[0] if waiting else None

    def is_computer_turn(self) -> bool:
        seat = self.next_seat()
        return seat is not None and self.seats[seat].is_computer

    def apply(self, action: Action) -> Outcome:
        """Apply an action for whoever it names; the events join the feed."""
        outcome = self.state.apply(action)
        self.feed.extend(outcome.events)
        return outcome

    def computer_action(self) -> Action | None:
        """What the computer seat that acts next would do (None if a human acts next)."""
        seat = self.next_seat()
        if seat is None or not self.seats[seat].is_computer:
            return None
        return self.bots[seat].choose(self.state, seat)

    def play_computer(self) -> Outcome | None:
        action = self.computer_action()
        return None if action is None else self.apply(action)

    def advance(self) -> None:
        """Reveal the next number (or end the round) once everyone is done."""
        self.feed.extend(self.state.advance())

    def undo(self, seat: int) -> Outcome:
        outcome = self.state.undo(seat)
        self.feed.extend(outcome.events)
        return outcome

    def record(self) -> dict[str, Any]:
        """The game record (shared format), with our own fields for seat kinds and version."""
        return state_to_record(
            self.state,
            extra={"seats": [s.kind for s in self.seats], "game_version": VERSION},
        )
