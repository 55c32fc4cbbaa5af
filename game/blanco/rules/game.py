"""`BLANCO`: the Blanco `Game` object (game/core/game.py's Protocol) the table, records and
command line use. Bots and hints come from `game.blanco.ai`, imported on first use."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from game.core.game import BOT_LEVELS, ParsedRecord
from game.core.i18n import t, tn

from . import record as rec
from .state import MAX_PLAYERS, MIN_PLAYERS, BlancoState, Deal


class BlancoGame:
    id = "blanco"
    title = "Blanco"
    record_format = rec.FORMAT
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    bot_levels: tuple[str, ...] = BOT_LEVELS

    def new_game(self, names: Sequence[str], seed: int, options: Any = None,
                 deal: Any = None) -> tuple[BlancoState, list]:
        """Deal a game (Blanco has no options; `deal` is a `Deal` or None)."""
        if deal is not None and not isinstance(deal, Deal):
            raise ValueError("deal must be a blanco Deal")
        return BlancoState.new(names, seed, deal)

    def parse_record(self, record: Any) -> ParsedRecord:
        return rec.parse_record(record)

    def action_from_record(self, obj: Any) -> Any:
        return rec.action_from_record(obj)

    def action_to_record(self, action: Any) -> dict[str, Any]:
        return rec.action_to_record(action)

    def record_of(self, state: Any, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        return rec.record_of(state, extra)

    def state_from_record(self, obj: Any) -> BlancoState:
        return rec.state_from_record(obj)

    def summary(self, state: Any) -> dict[str, Any]:
        return rec.summary(state)

    def progress(self, state: Any) -> str:
        """How far the race has come, in a few words (title screen, lists)."""
        if state.is_terminal():
            return t("blanco.progress.finished", "finished")
        seats = range(len(state.names))
        turn = max(state.turns(p) for p in seats) + 1
        fewest = min(state.cards_left(p) for p in seats)
        return tn("blanco.progress.turn", fewest, "turn {turn}, {count} card left at best",
                  "turn {turn}, {count} cards left at best", turn=turn)

    def _ai(self) -> Any:
        try:
            return importlib.import_module("game.blanco.ai")
        except ModuleNotFoundError as err:
            if err.name not in ("game.blanco.ai",):
                raise
            raise NotImplementedError("Blanco bots are not written yet (game.blanco.ai)") from None

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        if level not in self.bot_levels:
            raise ValueError(f"unknown bot level {level!r}: one of {self.bot_levels}")
        return self._ai().make_bot(level, seed, seat)

    def hint(self, view: Any, seat: int) -> Any:
        return self._ai().hint(view, seat)

    # Statistics: alone, the fewer turns the better; together, the winner empties first.
    solo_fewest_turns = True

    def record_scores(self, result: Any, seats: int) -> dict[str, Any] | None:
        """A record's "result" (`summary`) for lists and statistics: totals are cards left,
        with turns per seat; None when it is missing or malformed."""
        if not isinstance(result, dict) or not isinstance(result.get("finished"), bool):
            return None
        players, winner = result.get("players"), result.get("winner")
        if not (isinstance(players, list) and len(players) == seats and all(
                isinstance(p, dict) and type(p.get("cards_left")) is int
                and type(p.get("turns")) is int for p in players)):
            return None
        if winner is not None and not (type(winner) is int and 0 <= winner < seats):
            return None
        return {"totals": [p["cards_left"] for p in players],
                "turns": [p["turns"] for p in players],
                "winners": [] if winner is None else [winner], "finished": result["finished"]}

    def solo_rating(self, total: int) -> str:
        return ""  # Blanco's solo game counts turns, with no rating line

    def rating_shown(self, english: str) -> str:
        return english


BLANCO = BlancoGame()
GAME = BLANCO  # the catalog's convention: <package>.rules.game.GAME
