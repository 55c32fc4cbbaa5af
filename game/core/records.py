"""Game records for every game: which game a record belongs to, replaying one into a game (the
one place that does it: `--check-record`, Continue, Replays and Same deal all come here), and
`python main.py --check-record PATH ...` (no pygame imported).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.core.game import Game, GameState, ParsedRecord, RecordError
from game.core.safe_json import loads, printable


def parse_json(text: str) -> Any:
    """JSON text as Python values; RecordError (one line) if it is not strict JSON (see
    game.core.safe_json: duplicate keys, huge numbers, deep nesting, lone surrogates)."""
    return loads(text)


def game_of(record: Any) -> Game:
    """The game a record belongs to, by its "format"; RecordError if none of ours."""
    from game.catalog import games

    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    fmt = record.get("format")
    # An unknown format gets Lucky Box's refusal, the one-game version's message (a contract).
    return next((g for g in games() if g.record_format == fmt), games()[0])


@dataclass
class Replayed:
    """A record played into its game: the state as dealt, the state after every action, the
    events in order (deal included), and the parsed header."""

    game: Game
    parsed: ParsedRecord
    start: GameState
    state: GameState
    events: list = field(default_factory=list)


def open_record(record: Any, game: Game | None = None) -> tuple[Game, ParsedRecord, GameState,
                                                                  list, list]:
    """Check a record's header and deal its game: (game, header, state, deal events, parsed
    actions). RecordError (one line) for a bad header, deal or action shape."""
    game = game or game_of(record)
    parsed = game.parse_record(record)
    try:
        state, events = game.new_game(parsed.names, parsed.seed, parsed.options, parsed.deal)
    except ValueError as err:
        raise RecordError(str(err)) from None
    actions = []
    for i, raw in enumerate(parsed.actions):
        try:
            actions.append(game.action_from_record(raw))
        except RecordError as err:
            raise RecordError(f"action {i}: {err}") from None
    return game, parsed, state, events, actions


def play_actions(state: GameState, actions: list, apply: Callable[[Any], Any] | None = None,
                 advance: Callable[[], Any] | None = None,
                 hold: Callable[[int], bool] | None = None) -> list:
    """Play parsed actions into a dealt game and return the events. Before each action, the
    chance step the game waits on is taken (`advance`, default `state.advance`) unless
    `hold(i)` says it was not (then the action had better not need it). `apply` defaults to
    `state.apply`; a session passes its own, which also feeds the table. RecordError names
    the action and the reason for anything illegal, or a listed reshuffle that does not fit."""
    apply = apply or state.apply
    advance = advance or state.advance
    events: list = []
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


def replay(record: Any, game: Game | None = None) -> Replayed:
    """A record played into its game, every chance step taken as soon as it is due (after the
    last action too: a record's game has always moved on as far as its actions take it)."""
    game, parsed, state, events, actions = open_record(record, game)
    start = state.clone()
    events.extend(play_actions(state, actions))
    if not state.waiting_for() and not state.is_terminal():
        try:
            events.extend(state.advance())
        except ValueError as err:
            raise RecordError(f"after the last action: {err}") from None
    return Replayed(game, parsed, start, state, events)


def _one_line(text: str) -> str:
    """One printable line: any name or path can be written (lone surrogates escaped)."""
    return printable(" ".join(str(text).split()))


def check_record_file(path: str | Path) -> dict:
    """The summary of one record file (either game); RecordError with a one-line reason."""
    from game.core.storage import read_json, why

    try:
        record = read_json(Path(path))
    except FileNotFoundError as err:
        raise RecordError(f"cannot read file: {why(err)}") from None
    done = replay(record)
    return done.game.summary(done.state)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_records_cli(
    paths: list[str], out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Print one JSON line per good record, one reason per bad one; 2 if any was bad, else 0."""
    out = out or sys.stdout
    err = err or sys.stderr
    status = 0
    for path in paths:
        prefix = f"{path}: " if len(paths) > 1 else ""
        try:
            result = check_record_file(path)
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
