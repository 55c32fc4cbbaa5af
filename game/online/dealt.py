"""A table's game as its rules play it: the rules state dealt from the table's row (its seed,
seats and options) with the stored actions played into it, how many of them were stored, and
what a seat coming back is told it missed (history.py).

The server's `Table` (tables.py) holds one and moves it on by its players' and computers'
actions; a `Mirror` (mirror.py: a table another process owns) holds its own and moves it on by
the actions the owner stored. Neither shares its copy.

Typed by the game's action (`ActionT`): an action comes in as JSON once (`action_from_json`),
is the game's own action from there to the rules' `apply`, and goes out as JSON once, to the
store (`action_to_json`). The server names no game: its hub holds tables of any (`AnyTable`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from game.core import records
from game.core.commitment import commitment
from game.core.entry import Game
from game.core.game import GameState, Outcome, RecordError
from game.core.play_loop import play, settle

from . import protocol as p
from .codec import JSON, action_from_json, action_to_json, wire_of
from .history import History
from .rows import ActionRow, TableRow
from .seats import TableError

log = logging.getLogger("game.online")

ActionT = TypeVar("ActionT")


class TableState(GameState, Protocol[ActionT]):
    """A game's state as a server's table holds it (the rules' `GameState`), its actions the
    game's own: what a client's decoded action is applied to, and the actions stored."""

    actions: list[ActionT]  # every action standing, in order (the table's version: how many)

    def apply(self, action: ActionT) -> Outcome: ...


def header_record(game: Game[Any], row: TableRow) -> dict[str, JSON]:
    """The record of the table before any action: what deals it."""
    header: dict[str, JSON] = {
        "format": game.rules.record_format,
        "players": [s.name for s in row.seats],
        "seed": row.seed,
        "actions": [],
    }
    if row.options is not None:
        header["options"] = row.options
    return header


def deal(game: Game[Any], row: TableRow) -> TableState[Any]:
    """The row's game dealt, its chance steps due taken (TableError `bad_table` if the row
    cannot deal one)."""
    try:
        _, _, state, _, _ = records.open_record(header_record(game, row), game.rules)
    except RecordError as err:
        raise TableError("bad_table", str(err)) from None
    settle(state)
    dealt: TableState[Any] = state
    return dealt


class Dealt(Generic[ActionT]):
    """One table's rules state (`state`), the actions stored (`count`), the deal's commitment
    and, once a seat came back, the history it is told."""

    def __init__(self, game: Game[Any], row: TableRow) -> None:
        self.game = game
        self.row = row  # the table's (its seats' names deal the state)
        self.wire = wire_of(game)
        self.state: TableState[ActionT] = deal(game, row)
        # The deal's commitment H, sent to every connection that sits or watches (None: a
        # table stored before commitments)
        self.commit = commitment(row.seed, row.salt) if row.salt is not None else None
        self.count = 0  # actions stored (and played here)
        self.history: History | None = None  # made when a seat first comes back (past_for)

    @property
    def version(self) -> int:
        """The engine steps standing: what a client's action names it was chosen against."""
        return len(self.state.actions)

    # -- the JSON boundary --------------------------------------------------------------------
    def action_from_json(self, obj: JSON) -> ActionT:
        """A client's or a stored action, the game's own (RecordError, ValueError or
        TypeError, one line, if it is none of the game's)."""
        action: ActionT = action_from_json(self.wire, obj)
        return action

    def action_to_json(self, action: ActionT) -> dict[str, object]:
        """The action as it is stored and relayed."""
        return action_to_json(self.wire, action)

    # -- moving on ----------------------------------------------------------------------------
    def play(self, action: ActionT) -> Outcome:
        """Apply the action with the chance steps it made due (core's `play`); played, its
        events join the history of a seat that came back."""
        outcome = play(self.state, action)
        if outcome.ok and self.history is not None:
            self.history.add(outcome.events)
        return outcome

    def replay(self, rows: Sequence[ActionRow]) -> None:
        """Play the stored actions into the freshly dealt state (a restored table, a mirror)."""
        actions = [self.action_from_json(r.action) for r in rows]
        records.play_actions(self.state, actions)
        settle(self.state)
        self.count = len(rows)
        if rows and rows[-1].version != self.version:
            log.warning(
                "table %s: replayed to version %d, stored %d",
                self.row.code,
                self.version,
                rows[-1].version,
            )

    def deal_again(self) -> bool:
        """The state dealt again under the seats' names as they are now (the views carry the
        names) and its actions played again, as a restarted server would: whether it was (the
        same deal and actions: only a bug fails, logged)."""
        actions = list(self.state.actions)
        try:
            state = deal(self.game, self.row)
            records.play_actions(state, actions)
        except (RecordError, TableError) as err:
            log.error("table %s: not dealt again under the new names: %s", self.row.code, err)
            return False
        self.state = state
        settle(self.state)
        self.history = None  # (its views carry the names)
        return True

    # -- what is told -------------------------------------------------------------------------
    def past_for(self, seat: int) -> p.Past | None:
        """What the seat saw of the game so far (history.py), for its move log; None when it
        cannot be told (a game too long, or actions that no longer replay: logged)."""
        if self.history is None:
            try:
                self.history = History(
                    self.game, header_record(self.game, self.row), list(self.state.actions)
                )
            except (RecordError, ValueError) as err:
                log.error("table %s: no history for a seat coming back: %s", self.row.code, err)
                return None
        return self.history.past_for(seat)

    def record(self) -> dict[str, object]:
        """The finished game's record, with the table's seats and the deal's commitment
        (TableError `not_finished` before the end)."""
        if not self.state.is_terminal():
            raise TableError("not_finished", "the record is given once the game is over")
        extra: dict[str, object] = {
            "online": {
                "table": self.row.code,
                "seats": [{"kind": s.kind, "level": s.level} for s in self.row.seats],
            }
        }
        if self.commit is not None:  # the salt revealed: anyone checks the deal was promised
            extra["commit"] = {"salt": self.row.salt, "sha256": self.commit}
        return self.game.rules.record_of(self.state, extra)
