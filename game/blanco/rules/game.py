"""`RULES`: Blanco's rules and records (game/core/game.py's `GameRules` and `GameRecords`),
pure: no bots, no words. The engine and records come from state.py and record.py, each imported
on first use: the title and --help need only this. The whole game (bots from `game.blanco.ai`,
words from `game.blanco.words`) is `game.blanco.entry.BLANCO`."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.game import GameState, ParsedRecord, PureGame, RecordScores
from game.core.wire import WireTypes

from .actions import Action, DrawThen
from .limits import FORMAT, MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from .board import Snapshot
    from .events import Event
    from .grid import PlayerState
    from .state import BlancoState


class BlancoRules:
    """Blanco's rules and records (game/core/game.py's `GameRules` and `GameRecords`)."""

    id = "blanco"
    title = "Blanco"
    record_format = FORMAT
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(
        self, names: Sequence[str], seed: int, options: object = None, deal: object = None
    ) -> tuple[BlancoState, list[Event]]:
        """Deal a game (Blanco has no options; `deal` is a `Deal` or None)."""
        from .state import BlancoState, Deal

        if deal is not None and not isinstance(deal, Deal):
            raise ValueError("deal must be a blanco Deal")
        return BlancoState.new(names, seed, deal)

    @functools.cached_property
    def wire(self) -> WireTypes[BlancoState]:
        """Views, events and steps travel as the rules' own structs; an `act` message carries
        a step in its record form (BLANCO-RECORD.md), or a lone play or discard without
        "draw" (online, the draw is sent before its play is chosen)."""
        from . import record as rec
        from .events import Event
        from .state import BlancoState
        from .view import View

        return WireTypes(
            View, Event, Action, BlancoState.from_view, rec.action_to_record, rec.action_from_act
        )

    def parse_record(self, record: object) -> ParsedRecord:
        from . import record as rec

        return rec.parse_record(record)

    def action_from_record(self, obj: object) -> Action | DrawThen:
        from . import record as rec

        return rec.action_from_record(obj)

    def action_to_record(self, action: object) -> dict[str, object]:
        from . import record as rec
        from .legal import is_step

        if not (isinstance(action, DrawThen) or is_step(action)):
            raise TypeError(f"not a Blanco action: {action!r}")
        return rec.action_to_record(action)

    def record_of(
        self, state: GameState, extra: dict[str, object] | None = None
    ) -> dict[str, object]:
        from . import record as rec

        return rec.record_of(blanco_state(state), extra)

    def state_from_record(self, obj: object) -> BlancoState:
        from . import record as rec

        return rec.state_from_record(obj)

    def summary(self, state: GameState) -> dict[str, object]:
        from . import record as rec

        return rec.summary(blanco_state(state))

    # Statistics: alone, the fewer turns the better; together, the winner empties first.
    solo_fewest_turns = True

    def record_scores(self, result: object, seats: int) -> RecordScores | None:
        """A record's "result" (`summary`) for lists and statistics: totals are cards left,
        with turns per seat; None when it is missing or malformed."""
        if not isinstance(result, dict) or not isinstance(result.get("finished"), bool):
            return None
        players, winner = result.get("players"), result.get("winner")
        if not (
            isinstance(players, list)
            and len(players) == seats
            and all(
                isinstance(p, dict)
                and type(p.get("cards_left")) is int
                and type(p.get("turns")) is int
                for p in players
            )
        ):
            return None
        if winner is not None and not (type(winner) is int and 0 <= winner < seats):
            return None
        return {
            "totals": [p["cards_left"] for p in players],
            "turns": [p["turns"] for p in players],
            "winners": [] if winner is None else [winner],
            "finished": result["finished"],
        }

    def hidden_variant(self, state: GameState, seat: int, rng: random.Random) -> BlancoState:
        """The same game with every card `seat` does not know dealt anew: the draw pile, the
        other hands, the others' face-down cards and its own unlooked-at ones trade places at
        random (a permutation of those cards, applied everywhere they are kept, undo snapshots
        too, so the game stays whole), under a different seed (later reshuffles differ). Cards
        that were public when they moved (the discard pile, the box) stay where they are."""
        from .board import UndoEntry

        blanco = blanco_state(state)
        # A card the table showed in a step that can still be taken back stays put, so an undo
        # shows what the seat saw.
        seen = {card for saved, _ in blanco._undo for card in _public_in_saved(saved)}
        hidden = [card for card in _hidden_cards(blanco, seat) if card not in seen]
        shuffled = hidden[:]
        rng.shuffle(shuffled)
        trade = dict(zip(hidden, shuffled, strict=True))
        variant = blanco.clone()
        _trade_cards(variant, trade)
        variant._undo = [
            UndoEntry(_trade_saved(saved, trade), step) for saved, step in blanco._undo
        ]
        other = rng.randrange(1, 2**31)
        variant.seed = other if other != blanco.seed else other + 1
        return variant


def _hidden_cards(state: BlancoState, seat: int) -> list[int]:
    cards = list(state.pile)
    for i, p in enumerate(state.players):
        if i != seat:
            cards += p.hand
        for r, row in enumerate(p.grid):
            for c, card in enumerate(row):
                if not p.up[r][c] and not (i == seat and p.known[r][c]):
                    cards.append(card)
    return cards


def _public_in_saved(saved: Snapshot) -> list[int]:
    up = [
        card
        for p in saved.players
        for row, ups in zip(p.grid, p.up, strict=True)
        for card, is_up in zip(row, ups, strict=True)
        if is_up
    ]
    return [*saved.discard, *saved.box, *up]


def _trade_player(p: PlayerState, trade: dict[int, int]) -> None:
    p.grid = [[trade.get(card, card) for card in row] for row in p.grid]
    p.hand = [trade.get(card, card) for card in p.hand]


def _trade_cards(state: BlancoState, trade: dict[int, int]) -> None:
    for p in state.players:
        _trade_player(p, trade)
    state.pile = [trade.get(card, card) for card in state.pile]


def _trade_saved(saved: Snapshot, trade: dict[int, int]) -> Snapshot:
    """An undo snapshot (`BlancoState._save`) with the same cards traded."""
    players = tuple(p.clone() for p in saved.players)
    for p in players:
        _trade_player(p, trade)
    return saved._replace(players=players, pile=[trade.get(card, card) for card in saved.pile])


def blanco_state(state: object) -> BlancoState:
    """`state` as a Blanco game (state.py's, loaded on first use)."""
    from .state import blanco_state as as_blanco

    return as_blanco(state)


RULES: PureGame[BlancoState] = BlancoRules()  # the catalog's convention: <package>.rules.game.RULES
