"""Game records for every game: which game a record belongs to, replaying one into a game (the
one place that does it: `--check-record`, Continue, Replays and Same deal all come here), and
`python main.py --check-record PATH ...` (no pygame imported).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, Protocol, TextIO, TypeVar, cast

import msgspec

from game.core import safe_json
from game.core.game import (
    GameState,
    Outcome,
    ParsedRecord,
    PureGame,
    RecordError,
    RecordScores,
    StateT,
)
from game.core.safe_json import JSON, RECORD_CAP, RECORD_INT_BOUND, loads, printable
from game.core.wire import WireTypes


def parse_json(text: str) -> JSON:
    """JSON text as Python values; RecordError (one line) if it is not strict JSON (see
    game.core.safe_json: duplicate keys, huge numbers, deep nesting, lone surrogates). A record's
    integers may reach 2**128 (an online table's seed)."""
    return loads(text, int_bound=RECORD_INT_BOUND)


def why(err: OSError) -> str:
    """An OSError in a few words ("Permission denied", "No space left on device")."""
    return err.strerror or str(err) or type(err).__name__


def read_json(path: Path, cap: int = RECORD_CAP) -> Any:
    """Parse a JSON file safely (game.core.safe_json); RecordError (one line) if it is not a
    regular file, unreadable, huge, deep or not strict JSON. FileNotFoundError passes through
    (a missing file is not a bad file). A record's integers may reach 2**128 (an online
    table's seed)."""
    return safe_json.read_json(path, cap, int_bound=RECORD_INT_BOUND)


class WithRules(Protocol[StateT]):
    """A whole game as records need it: its rules and records (game/core/entry.py's `Game`,
    which this module, imported by rules, does not name)."""

    @property
    def rules(self) -> PureGame[StateT]: ...


#: A whole game (`Game`), as the caller holds it.
GameT = TypeVar("GameT", bound=WithRules[Any])


def game_of(record: object, games: Sequence[GameT]) -> GameT:
    """The game a record belongs to among `games` (the catalog's), by its "format";
    RecordError if it is not a JSON object."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    fmt = record.get("format")
    # An unknown format gets the first game's refusal, the one-game version's message (a
    # contract): the catalog lists the original game first.
    return next((g for g in games if g.rules.record_format == fmt), games[0])


def totals_result_scores(result: object, seats: int) -> RecordScores | None:
    """A "result" that gives a total per player (`{"players": [{"total": ..}], "winners": ..,
    "finished": ..}`, a solo player's "rating" too) read for `GameRecords.record_scores`; None when
    it is missing or malformed."""
    if not isinstance(result, dict) or not _good_totals_result(result, seats):
        return None
    players = result["players"]
    rating = players[0].get("rating") if len(players) == 1 else None
    return {
        "totals": [p["total"] for p in players],
        "winners": list(result["winners"]),
        "finished": bool(result["finished"]),
        "rating": rating if isinstance(rating, str) else None,
    }


def _good_totals_result(result: object, seats: int) -> bool:
    if not isinstance(result, dict):
        return False
    players, winners = result.get("players"), result.get("winners")
    return (
        isinstance(players, list)
        and len(players) == seats
        and all(isinstance(p, dict) and type(p.get("total")) is int for p in players)
        and isinstance(winners, list)
        and all(type(w) is int and 0 <= w < seats for w in winners)
        and isinstance(result.get("finished"), bool)
    )


class TaggedActions:
    """The record form of a game with no record contract of its own: each action as its own
    tagged JSON (`{"kind": "swap", "player": 0}`), derived from its types (`action_type`: the
    union of its action structs, game/core/wire.py's `Tagged`)."""

    def __init__(self, action_type: object) -> None:
        self.action_type = action_type

    def to_record(self, action: msgspec.Struct) -> dict[str, object]:
        out: dict[str, object] = msgspec.to_builtins(action)
        return out

    def from_record(self, obj: object) -> Any:
        """The action `obj` says; RecordError (one line) when it is not one of the game's."""
        try:
            return msgspec.convert(obj, self.action_type)
        except msgspec.ValidationError as err:
            raise RecordError(f"not an action: {err}") from None


class PlainRecords(Generic[StateT]):
    """Records, and the types the wire sends, for a game with no record contract of its own,
    derived from its types. Its rules class subclasses this, sets `view`, `event` and `action`
    (its view struct and the unions of its tagged event and action structs) and gives
    `state_from_view`; it gets the rest, and overrides what it wants otherwise:

    - `record_format` "<id>-record"; a record holds the players, the seed (which deals the game
      again: no deal is kept), and every action as its own tagged JSON (`TaggedActions`);
    - `parse_record`, `record_of`, `action_from_record`, `action_to_record`, `state_from_record`;
    - `wire` (`WireTypes`: an `act` message says a move as the record does);
    - `summary` (the `--check-record` line: each seat's `totals`, by default its `returns()`,
      and the winners, the highest) and `record_scores`, which reads it back.
    """

    id: str
    view: type[msgspec.Struct]
    event: object  # the union of its event structs (a type expression, not a class)
    action: object  # the same, of its actions
    solo_fewest_turns = False

    def state_from_view(self, view: Any) -> StateT:
        """A decoded view struct as a state again (an online seat's)."""
        raise NotImplementedError

    @property
    def record_format(self) -> str:
        return f"{self.id}-record"

    @cached_property
    def _actions(self) -> TaggedActions:
        return TaggedActions(self.action)

    @cached_property
    def wire(self) -> WireTypes[StateT]:
        codec = self._actions
        return WireTypes(
            self.view,
            self.event,
            self.action,
            self.state_from_view,
            codec.to_record,
            codec.from_record,
        )

    def action_from_record(self, obj: object) -> object:
        return self._actions.from_record(obj)

    def action_to_record(self, action: msgspec.Struct) -> dict[str, object]:
        return self._actions.to_record(action)

    def parse_record(self, record: object) -> ParsedRecord:
        if not isinstance(record, dict) or record.get("format") != self.record_format:
            raise RecordError(f"not a {self.record_format}")
        names, seed, actions = record.get("players"), record.get("seed"), record.get("actions")
        if not (
            isinstance(names, list)
            and all(isinstance(name, str) for name in names)
            and type(seed) is int
            and isinstance(actions, list)
        ):
            raise RecordError("players, seed or actions are missing or malformed")
        return ParsedRecord(tuple(names), seed, None, None, actions)

    def record_of(self, state: StateT, extra: dict[str, object] | None = None) -> dict[str, object]:
        return {
            "format": self.record_format,
            "version": 1,
            "players": list(state.names),
            "seed": state.seed,
            "actions": [self.action_to_record(action) for action in state.actions],
            **(extra or {}),
        }

    def state_from_record(self, obj: object) -> StateT:
        rules = cast("PureGame[StateT]", self)  # (a subclass is the whole rules)
        return play_record(obj, rules)[2]

    def totals(self, state: StateT) -> list[int]:
        """Each seat's total as the summary keeps it: its `returns()`, rounded."""
        return [round(result) for result in state.returns()]

    def summary(self, state: StateT) -> dict[str, object]:
        totals = self.totals(state)
        finished = state.is_terminal()
        best = max(totals) if finished and totals else None
        return {
            "format": self.record_format,
            "finished": finished,
            "players": [
                {"name": name, "total": total}
                for name, total in zip(state.names, totals, strict=True)
            ],
            "winners": [seat for seat, total in enumerate(totals) if total == best],
        }

    def record_scores(self, result: object, seats: int) -> RecordScores | None:
        return totals_result_scores(result, seats)


@dataclass
class Replayed(Generic[StateT]):
    """A record played into its game: the state as dealt, the state after every action, the
    events in order (deal included), and the parsed header."""

    game: WithRules[StateT]
    parsed: ParsedRecord
    start: StateT
    state: StateT
    events: list[object] = field(default_factory=list)


def open_record(
    record: object, game: PureGame[StateT]
) -> tuple[PureGame[StateT], ParsedRecord, StateT, list[object], list[object]]:
    """Check a record's header and deal its game (`game_of` finds it): (game, header, state,
    deal events, parsed actions). RecordError (one line) for a bad header, deal or action."""
    parsed = game.parse_record(record)
    try:
        state, events = game.new_game(parsed.names, parsed.seed, parsed.options, parsed.deal)
    except ValueError as err:
        raise RecordError(str(err)) from None
    actions: list[object] = []
    for i, raw in enumerate(parsed.actions):
        try:
            actions.append(game.action_from_record(raw))
        except RecordError as err:
            raise RecordError(f"action {i}: {err}") from None
    return game, parsed, state, events, actions


def play_actions(
    state: GameState,
    actions: Sequence[object],
    apply: Callable[[Any], Outcome] | None = None,
    advance: Callable[[], Sequence[object]] | None = None,
    hold: Callable[[int], bool] | None = None,
) -> list[object]:
    """Play parsed actions into a dealt game and return the events. Before each action, the
    chance step the game waits on is taken (`advance`, default `state.advance`) unless
    `hold(i)` says it was not (then the action had better not need it). `apply` defaults to
    `state.apply`; a session passes its own, which also feeds the table. RecordError names
    the action and the reason for anything illegal, or a listed reshuffle that does not fit."""
    apply = apply or state.apply
    advance = advance or state.advance
    events: list[object] = []
    for i, action in enumerate(actions):
        if not state.waiting_for() and not state.is_terminal() and not (hold and hold(i)):
            try:
                events.extend(advance() or [])
            except ValueError as err:
                raise RecordError(f"action {i}: {err}") from None
        outcome = apply(action)
        if not outcome.ok:
            raise RecordError(f"action {i}: {outcome.refusal}")
        events.extend(outcome.events)
    return events


def replay(record: object, game: WithRules[StateT]) -> Replayed[StateT]:
    """A record played into its game, every chance step taken as soon as it is due (after the
    last action too: a record's game has always moved on as far as its actions take it)."""
    parsed, start, state, events = play_record(record, game.rules)
    return Replayed(game, parsed, start, state, events)


def play_record(
    record: object, rules: PureGame[StateT]
) -> tuple[ParsedRecord, StateT, StateT, list[object]]:
    """`replay` with a game's rules alone (its records and words use it): the parsed header,
    the state as dealt, the state after every action and the events."""
    _, parsed, dealt, events, actions = open_record(record, rules)
    state: StateT = dealt
    start = state.clone()
    events.extend(play_actions(state, actions))
    if not state.waiting_for() and not state.is_terminal():
        try:
            events.extend(state.advance())
        except ValueError as err:
            raise RecordError(f"after the last action: {err}") from None
    return parsed, start, state, events


def _one_line(text: str) -> str:
    """One printable line: any name or path can be written (lone surrogates escaped)."""
    return printable(" ".join(str(text).split()))


def check_record_file(path: str | Path, games: Sequence[WithRules[Any]]) -> dict[str, object]:
    """The summary of one record file (any of `games`); RecordError with a one-line reason."""
    try:
        record = read_json(Path(path))
    except FileNotFoundError as err:
        raise RecordError(f"cannot read file: {why(err)}") from None
    done = replay(record, game_of(record, games))
    return done.game.rules.summary(done.state)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_records_cli(
    paths: list[str],
    games: Sequence[WithRules[Any]],
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print one JSON line per good record, one reason per bad one; 2 if any was bad, else 0."""
    out = out or sys.stdout
    err = err or sys.stderr
    status = 0
    for path in paths:
        prefix = f"{path}: " if len(paths) > 1 else ""
        try:
            result = check_record_file(path, games)
        except ValueError as reason:  # RecordError, and the card data's DeckError
            print(_one_line(f"{prefix}{reason}"), file=err)
            status = 2
            continue
        except Exception as crash:  # never a traceback: the contract promises one line
            print(_one_line(f"{prefix}internal error: {crash.__class__.__name__}"), file=err)
            status = 2
            continue
        line = json.dumps(result, ensure_ascii=False)
        print(line if _encodable(line) else printable(line), file=out)
    out.flush()
    return status
