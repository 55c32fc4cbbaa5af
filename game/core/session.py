"""A game being played at the table: its game, seats (human or computer), turn order and the
event feed. Any game (see game.core.game): Lucky Box unless told otherwise.

Pure logic, no pygame: the table scenes read it and animate `feed`, tests drive it directly.
On one screen players take turns in seat order, so the seat that acts next is always the lowest
seat the game waits for. When nobody may act and the game is not over, the game waits on a
chance step (Lucky Box's next number): `advance()` takes it. When is pacing, the caller's choice.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypedDict, TypeVar

from game.core import daily as daily_deal
from game.core.entry import Game
from game.core.game import BOT_LEVELS, Outcome, StateT
from game.core.play_loop import chance_due
from game.core.records import open_record, play_actions
from game.core.seat_names import in_language_now
from game.core.table_session import LOCAL, TablePolicy, TableSession
from game.core.version import __version__ as VERSION

HUMAN = "human"
#: A game's action type (`Session[BlancoState, Action]`): what `apply` takes.
ActionT = TypeVar("ActionT")


class Challenge(TypedDict):
    """Another game's result a game on its deal compares with at the end: its seats' names and
    totals, and where it came from (a record's name, "the daily deal")."""

    names: list[str]
    totals: list[int]
    source: str


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN  # "human" or a computer level: "easy", "normal", "hard"

    @property
    def is_computer(self) -> bool:
        return self.kind != HUMAN


class Session(Generic[StateT, ActionT]):
    """One game: the rules state, who sits where, and the events not yet shown. Generic in the
    game's state class and action type: a game's own scenes say `Session[TheirState, Action]`
    (the table carries both to the click); core says `Session[Any, Any]` and reaches the state
    through `game.core.game.GameState`. A `TableSession`
    (game.core.table_session) kept on this machine: autosaved, with undo, its computers played
    by this screen's turn controller, and no updates to poll."""

    policy: TablePolicy = LOCAL

    def __init__(
        self,
        seats: list[Seat],
        seed: int,
        options: object = None,
        deal: object = None,
        *,
        game: Game[StateT],
        dealt: tuple[StateT, Sequence[object]] | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.state: StateT
        self.state, events = dealt or game.rules.new_game(
            [s.name for s in seats], seed, options, deal
        )
        self.bots = {
            i: game.bots.make_bot(seat.kind, seed, i)
            for i, seat in enumerate(seats)
            if seat.is_computer
        }
        self.feed: deque[object] = deque(events)  # events the table has not animated yet
        # Another game's result when this one replays its deal ("play the same deal").
        self.challenge: Challenge | None = None
        # The daily deal's date when this is one ("YYYY-MM-DD"; its seed is the date's), and
        # whether it is a later game of that day, which does not count.
        self.daily: str | None = None
        self.daily_practice = False
        # The table's own folder of saves (game.core.saves), once it has one: a resumed game
        # goes on saving where it was read from; a match's next game keeps its table's.
        self.table_folder: Path | None = None
        # Called after every change to the game (an action, a reveal, an undo): the autosave.
        self.on_change: Callable[[], None] | None = None

    def name_of(self, seat: int) -> str:
        """The seat's name as the screens show it: a default, or a solo game's "You", in the
        language spoken now (the rules, records and saves keep the name the game began with)."""
        s = self.seats[seat]
        return in_language_now(s.name, seat, s.is_computer, len(self.seats))

    def is_away(self, seat: int) -> bool:
        """Whether the seat's player has left the table, their seat held for them (only at an
        online table: everyone at this screen is here)."""
        return False

    def is_free(self, seat: int) -> bool:
        """Whether nobody has taken the seat yet (only at an online table whose host went to
        it before a friend came: every seat at this screen is someone's)."""
        return False

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_computer]

    def next_seat(self) -> int | None:
        """The seat that acts next (seat order), or None when the game is over."""
        waiting = self.state.waiting_for()
        return waiting[0] if waiting else None

    def describe(self) -> str:
        """One line for lists: who plays (named as the screens name them) and how far the game
        has come."""
        shown = (self.name_of(seat) for seat in range(min(4, len(self.seats))))
        names = ", ".join(shown) + (" ..." if len(self.seats) > 4 else "")
        return f"{names}  ·  {self.game.words.progress(self.state)}"

    def chance_due(self) -> bool:
        """Nobody may act and the game is not over: it waits for `advance()`."""
        return chance_due(self.state)

    def apply(self, action: ActionT) -> Outcome:
        """Apply an action for whoever it names; the events join the feed."""
        outcome = self.state.apply(action)
        self.feed.extend(outcome.events)
        if outcome.ok:
            self._changed()
        return outcome

    def advance(self) -> Sequence[object]:
        """Take the chance step the game waits on (Lucky Box: reveal the next number, or end
        the round); its events join the feed."""
        events = self.state.advance()
        self.feed.extend(events)
        self._changed()
        return events

    def undo(self, seat: int) -> Outcome:
        outcome = self.state.undo(seat)
        self.feed.extend(outcome.events)
        if outcome.ok:
            self._changed()
        return outcome

    def take_updates(self) -> list[object]:
        """Nothing arrives for a game kept here: every change is this screen's own."""
        return []

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def record(self, extra: dict[str, object] | None = None) -> dict[str, object]:
        """The game record (shared format), with our own fields for seat kinds and version."""
        fields: dict[str, object] = {"seats": [s.kind for s in self.seats], "game_version": VERSION}
        if self.challenge is not None:
            fields["challenge"] = self.challenge
        if self.daily is not None:
            fields[daily_deal.FIELD] = self.daily
            if self.daily_practice:
                fields[daily_deal.PRACTICE_FIELD] = True
        fields.update(extra or {})
        return self.game.rules.record_of(self.state, extra=fields)

    def save(self, unshown: int = 0, confirming: int | None = None) -> dict[str, object]:
        """The autosave: the record plus where the table stood. `unshown` counts the feed's
        events not yet fully shown (their cascade replays on resume)."""
        bots = {}
        for seat, bot in self.bots.items():
            rng = getattr(bot, "rng", None)
            if rng is not None:  # a bot with chance in it must go on with the same luck
                version, internal, gauss = rng.getstate()
                bots[str(seat)] = [version, list(internal), gauss]
        return self.record(
            {
                "autosave": {
                    "unshown": unshown,
                    "held": self.chance_due(),
                    "confirming": confirming,
                    "bots": bots,
                }
            }
        )

    @classmethod
    def from_record(
        cls, record: dict[str, object], game: Game[StateT]
    ) -> tuple[Session[StateT, Any], list[object]]:
        """A fresh session on a record's deal (`game`: the record's, `records.game_of`), and the
        record's actions (not yet applied). RecordError (one line) if a header or action is bad."""
        _, parsed, state, events, actions = open_record(record, game.rules)
        kinds = seat_kinds(record, len(parsed.names))
        session = cls(
            [Seat(n, k) for n, k in zip(parsed.names, kinds, strict=True)],
            parsed.seed,
            parsed.options,
            parsed.deal,
            game=game,
            dealt=(state, events),
        )
        return session, actions

    @classmethod
    def resume(
        cls, save: dict[str, object], game: Game[StateT]
    ) -> tuple[Session[StateT, Any], StateT, int, int | None]:
        """A saved game, replayed: (session, the state as first dealt, how many of the feed's
        events were already shown, the seat that was confirming its turn). The feed holds every
        event since the deal, so the table can show exactly what it showed. RecordError (one
        line) if the save is not a valid record."""
        session, actions = cls.from_record(save, game)
        info = save.get("autosave")
        info = info if isinstance(info, dict) else {}
        start = session.state.clone()
        # A chance step before an action was taken by the table before that action.
        play_actions(session.state, actions, apply=session.apply, advance=session.advance)
        if session.chance_due() and info.get("held") is False:
            session.advance()  # the table had taken the chance step before it stopped
        _restore_bots(session.bots, info.get("bots"))
        session.challenge = read_challenge(save.get("challenge"), len(session.seats))
        day = save.get(daily_deal.FIELD)  # checked against the seed when the save was read
        session.daily = day if isinstance(day, str) else None
        session.daily_practice = save.get(daily_deal.PRACTICE_FIELD) is True
        unshown = info.get("unshown")
        unshown = unshown if type(unshown) is int and 0 <= unshown <= len(session.feed) else 0
        confirming = info.get("confirming")
        if not (type(confirming) is int and 0 <= confirming < len(session.seats)):
            confirming = None
        return session, start, len(session.feed) - unshown, confirming


# mypy proves it (tests/test_table_seam):
_LOCAL_IS_A_TABLE_SESSION: type[TableSession[Any, Any]] = Session


def seat_kinds(record: Mapping[str, object], seats: int) -> list[str]:
    """The record's seat kinds when every one is ours (human or a level), else all human."""
    kinds = record.get("seats")
    if (
        isinstance(kinds, list)
        and len(kinds) == seats
        and all(k == HUMAN or k in BOT_LEVELS for k in kinds)
    ):
        return list(kinds)
    return [HUMAN] * seats


def make_challenge(names: list[str], totals: list[int], source: str) -> Challenge:
    """What the end screen compares with, kept in the game's own record."""
    return {"names": list(names), "totals": list(totals), "source": source}


def read_challenge(obj: object, seats: int) -> Challenge | None:
    """A well-formed challenge for this many seats, else None (it is only for display)."""
    if not isinstance(obj, dict):
        return None
    names, totals, source = obj.get("names"), obj.get("totals"), obj.get("source", "")
    if (
        isinstance(names, list)
        and isinstance(totals, list)
        and len(names) == seats
        and len(totals) == seats
        and all(isinstance(n, str) for n in names)
        and all(type(t) is int for t in totals)
        and isinstance(source, str)
    ):
        return make_challenge(names, totals, source)
    return None


def _restore_bots(bots: Mapping[int, object], saved: object) -> None:
    if not isinstance(saved, dict):
        return
    for seat, bot in bots.items():
        entry = saved.get(str(seat))
        rng = getattr(bot, "rng", None)
        if rng is None or not isinstance(entry, list) or len(entry) != 3:
            continue
        # A damaged bot state only changes the bot's luck, never the rules: ignore it.
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            rng.setstate((entry[0], tuple(entry[1]), entry[2]))
