"""A game being played at the table: seats (human or computer), turn order and the event feed.

Pure logic, no pygame: the table scenes read it and animate `feed`, tests drive it directly.
Within one number every player acts independently; on one screen they take turns in seat order,
so the seat that acts next is always the lowest seat still waiting.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.luckybox.rules import Action, GameState, Options
from game.luckybox.rules.actions import RecordError, action_from_record
from game.luckybox.rules.record import parse_record, state_to_record
from game.luckybox.rules.state import Deal, Outcome

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
        from game.luckybox.ai import (
            make_bot,  # the bots read only the rules; imported here for start-up
        )

        self.seats = list(seats)
        self.seed = seed
        self.state, events = GameState.new([s.name for s in seats], seed, options, deal)
        self.bots = {
            i: make_bot(seat.kind, seed, i) for i, seat in enumerate(seats) if seat.is_computer
        }
        self.feed: deque = deque(events)  # events the table has not animated yet
        # Another game's result when this one replays its deal ("play the same deal").
        self.challenge: dict[str, Any] | None = None
        # Called after every change to the game (an action, a reveal, an undo): the autosave.
        self.on_change: Callable[[], None] | None = None

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
        if outcome.ok:
            self._changed()
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
        self._changed()

    def undo(self, seat: int) -> Outcome:
        outcome = self.state.undo(seat)
        self.feed.extend(outcome.events)
        if outcome.ok:
            self._changed()
        return outcome

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def record(self, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The game record (shared format), with our own fields for seat kinds and version."""
        fields: dict[str, Any] = {"seats": [s.kind for s in self.seats], "game_version": VERSION}
        if self.challenge is not None:
            fields["challenge"] = self.challenge
        fields.update(extra or {})
        return state_to_record(self.state, extra=fields)

    def save(self, unshown: int = 0, confirming: int | None = None) -> dict[str, Any]:
        """The autosave: the record plus where the table stood. `unshown` counts the feed's
        events not yet fully shown (their cascade replays on resume)."""
        bots = {}
        for seat, bot in self.bots.items():
            rng = getattr(bot, "rng", None)
            if rng is not None:  # a bot with chance in it must go on with the same luck
                version, internal, gauss = rng.getstate()
                bots[str(seat)] = [version, list(internal), gauss]
        return self.record({"autosave": {
            "unshown": unshown, "held": self.state.held, "confirming": confirming,
            "bots": bots,
        }})

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> tuple[Session, list[Action]]:
        """A fresh session on a record's deal, and the record's actions (not yet applied).
        RecordError (one line) if the record's header or an action is malformed."""
        names, seed, options, deal, raw_actions = parse_record(record)
        kinds = seat_kinds(record, len(names))
        try:
            session = cls([Seat(n, k) for n, k in zip(names, kinds, strict=True)], seed,
                          options, deal)
        except ValueError as err:
            raise RecordError(str(err)) from None
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(action_from_record(raw))
            except RecordError as err:
                raise RecordError(f"action {i}: {err}") from None
        return session, actions

    @classmethod
    def resume(cls, save: dict[str, Any]) -> tuple[Session, GameState, int, int | None]:
        """A saved game, replayed: (session, the state as first dealt, how many of the feed's
        events were already shown, the seat that was confirming its turn). The feed holds every
        event since the deal, so the table can show exactly what it showed. RecordError (one
        line) if the save is not a valid record."""
        session, actions = cls.from_record(save)
        info = save.get("autosave")
        info = info if isinstance(info, dict) else {}
        start = session.state.clone()
        state = session.state
        state.auto_advance = False  # reveals happen where the table made them
        for i, action in enumerate(actions):
            if state.held:
                session.advance()
            outcome = session.apply(action)
            if not outcome.ok:
                raise RecordError(f"action {i}: {outcome.refusal}")
        if state.held and info.get("held") is False:
            session.advance()  # the table had revealed the next number before it stopped
        _restore_bots(session, info.get("bots"))
        session.challenge = read_challenge(save.get("challenge"), len(session.seats))
        unshown = info.get("unshown")
        unshown = unshown if type(unshown) is int and 0 <= unshown <= len(session.feed) else 0
        confirming = info.get("confirming")
        if not (type(confirming) is int and 0 <= confirming < len(session.seats)):
            confirming = None
        return session, start, len(session.feed) - unshown, confirming


def seat_kinds(record: dict[str, Any], seats: int) -> list[str]:
    """The record's seat kinds when every one is ours (human or a level), else all human."""
    kinds = record.get("seats")
    if (isinstance(kinds, list) and len(kinds) == seats
            and all(k == HUMAN or k in BOT_LEVELS for k in kinds)):
        return list(kinds)
    return [HUMAN] * seats


def make_challenge(names: list[str], totals: list[int], source: str) -> dict[str, Any]:
    """What the end screen compares with, kept in the game's own record."""
    return {"names": list(names), "totals": list(totals), "source": source}


def read_challenge(obj: Any, seats: int) -> dict[str, Any] | None:
    """A well-formed challenge for this many seats, else None (it is only for display)."""
    if not isinstance(obj, dict):
        return None
    names, totals, source = obj.get("names"), obj.get("totals"), obj.get("source", "")
    if (isinstance(names, list) and isinstance(totals, list) and len(names) == seats
            and len(totals) == seats and all(isinstance(n, str) for n in names)
            and all(type(t) is int for t in totals) and isinstance(source, str)):
        return make_challenge(names, totals, source)
    return None


def _restore_bots(session: Session, saved: Any) -> None:
    if not isinstance(saved, dict):
        return
    for seat, bot in session.bots.items():
        entry = saved.get(str(seat))
        rng = getattr(bot, "rng", None)
        if rng is None or not isinstance(entry, list) or len(entry) != 3:
            continue
        # A damaged bot state only changes the bot's luck, never the rules: ignore it.
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            rng.setstate((entry[0], tuple(entry[1]), entry[2]))
