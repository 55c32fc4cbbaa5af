"""`RULES`: Super Mega Lucky Box's rules and records (game/core/game.py's `GameRules` and
`GameRecords`): how the shared code deals, records, checks and summarises it. Pure: no bots, no
words; the whole game (bots from `game.luckybox.ai`, words from `game.luckybox.words`) is
`game.luckybox.entry.LUCKYBOX`."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.game import GameState as AnyGameState, ParsedRecord, RecordScores
from game.core.records import play_record, totals_result_scores
from game.core.wire import WireTypes

from . import record as _record
from .actions import Action, action_from_record, action_to_record
from .legal import DRAFT, OVER, PLAY
from .parts import Deal, Options
from .scoring import MAX_PLAYERS, NUMBERS_PER_ROUND

if TYPE_CHECKING:  # the engine loads on first use: the title and --help need only this
    from .events import Event
    from .state import GameState


class LuckyBoxRules:
    """Lucky Box's rules and records."""

    id = "luckybox"
    title = "Super Mega Lucky Box"
    record_format = _record.FORMAT
    min_players = 1
    max_players = MAX_PLAYERS

    def new_game(
        self,
        names: Sequence[str],
        seed: int,
        options: Options | None = None,
        deal: Deal | None = None,
    ) -> tuple[GameState, list[Event]]:
        from .state import GameState

        return GameState.new(list(names), seed, options, deal)

    @functools.cached_property
    def wire(self) -> WireTypes[GameState]:
        """Views, events and actions travel as the rules' own structs; an `act` message
        carries an action in its record form (GAME-RECORD.md)."""
        from .events import Event
        from .state import GameState
        from .view import View

        return WireTypes(
            View, Event, Action, GameState.from_view, action_to_record, action_from_record
        )

    def parse_record(self, record: object) -> ParsedRecord:
        return _record.parse_record(record)

    def action_from_record(self, obj: object) -> Action:
        return action_from_record(obj)

    def action_to_record(self, action: Action) -> dict[str, object]:
        return action_to_record(action)

    def record_of(
        self, state: AnyGameState, extra: dict[str, object] | None = None
    ) -> dict[str, object]:
        return _record.state_to_record(own_state(state), extra)

    def summary(self, state: AnyGameState) -> dict[str, object]:
        return _record.summary(own_state(state))

    def hidden_variant(self, state: AnyGameState, seat: int, rng: random.Random) -> GameState:
        """The same game with what no seat has seen dealt anew by `rng` (a `random.Random`):
        the Number cards still face down, the order of the Lucky Box pile, and the seed."""
        return _hidden_variant(own_state(state), rng)

    # Statistics and record lists (game.core.game.Game): a result gives a total per player.
    solo_fewest_turns = False

    def record_scores(self, result: object, seats: int) -> RecordScores | None:
        return totals_result_scores(result, seats)

    def state_from_record(self, obj: object) -> GameState:
        """The state a record describes, by replaying it; RecordError names what is wrong."""
        return own_state(play_record(obj, self)[2])


def _hidden_variant(state: GameState, rng: random.Random) -> GameState:
    """The same game with what no seat has seen dealt anew: the Number cards still face down
    (each round's nine are still drawn from two of each 1-9), the order of the Lucky Box
    pile, and the seed (so later reshuffles differ). Everything on the table is public, so
    this is the same for every seat. Its deal lists the new cards, as a record's would."""
    variant = state.clone()
    variant.undo_enabled = state.undo_enabled
    variant._undo = state._undo[:]  # boards and tokens only: public
    variant.seed = _other_seed(state.seed, rng)
    for r, numbers in enumerate(state.numbers, start=1):
        shown = _numbers_shown(state, r)
        pool = [n for n in range(1, 10) for _ in range(2)]
        for n in numbers[:shown]:
            pool.remove(n)
        rng.shuffle(pool)
        variant.numbers[r - 1] = numbers[:shown] + pool[: NUMBERS_PER_ROUND - shown]
    pile = state.draw_pile[:]  # top card last
    rng.shuffle(pile)
    variant.draw_pile = pile
    undrawn = pile[::-1]  # top card first, as deals list piles
    if state.reshuffle_piles:
        last = state.reshuffle_piles[-1]
        variant.reshuffle_piles[-1] = last[: len(last) - len(pile)] + tuple(undrawn)
    else:
        order = state.deck_order
        variant.deck_order = order[: len(order) - len(pile)] + tuple(undrawn)
    variant.deal = Deal(
        variant.deck_order, tuple(map(tuple, variant.numbers)), tuple(variant.reshuffle_piles)
    )
    return variant


def own_state(state: AnyGameState) -> GameState:
    """The shared code hands back the states this game made: a Lucky Box `GameState`."""
    from .state import GameState

    if not isinstance(state, GameState):
        raise TypeError(f"not a Lucky Box game state: {type(state).__name__}")
    return state


def _numbers_shown(state: GameState, round_no: int) -> int:
    """How many of a round's Number cards are face up (the rest no seat has seen)."""
    if round_no < state.round or round_no == state.round and state.phase in (DRAFT, OVER):
        return NUMBERS_PER_ROUND
    if round_no == state.round and state.phase == PLAY:
        return state.index + 1
    return 0


def _other_seed(seed: int, rng: random.Random) -> int:
    other = rng.randrange(1, 2**31)
    return other if other != seed else other + 1


RULES: LuckyBoxRules = LuckyBoxRules()  # the catalog's convention: <package>.rules.game.RULES


def state_from_record(obj: object) -> GameState:
    """Rebuild the state a record describes by replaying it; RecordError names what is wrong."""
    return RULES.state_from_record(obj)
