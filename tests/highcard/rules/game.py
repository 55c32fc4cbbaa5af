"""High card's rules: 1-4 seats each get one face-down card from a seeded 52-card pile (cards
1-52, the higher the better). In seat order each keeps it or swaps it (the old card goes face up
to the discards, the pile's top replaces it unseen by the others). When everyone has chosen,
the chance step shows every card and the highest wins. A Keep can be taken back until the next
seat acts; a Swap showed a card, so it cannot.

Everything the seam asks for is here (game/core/game.py): legal actions, refusals with codes,
undo, views and redacted events, records and hidden variants; its bots and the hint are
`ai.py`'s, its words `words.py`'s, and `entry.py` puts them together.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec
from msgspec.structs import replace

from game.core.game import Outcome, ParsedRecord, PureGame, RecordError, Refusal
from game.core.records import TaggedActions, play_record
from game.core.wire import Tagged, WireTypes, view_fields

FORMAT = "highcard-record"
CARDS = tuple(range(1, 53))
MIN_PLAYERS, MAX_PLAYERS = 1, 4


# Actions and events: tagged structs, as the wire sends them and (actions) as records keep them;
# capped as every game's are (lists, numbers, strings: the rules' own maxima).
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=0, le=len(CARDS))]  # 0: a card the seat cannot know
Cards = Annotated[list[Card], msgspec.Meta(max_length=len(CARDS))]


class Keep(Tagged, frozen=True):
    player: Seat


class Swap(Tagged, frozen=True):
    player: Seat


Action = Keep | Swap
ACTIONS = TaggedActions(Action)  # a record's actions: their own tagged JSON


class Dealt(Tagged, frozen=True):
    player: Seat
    card: Card


class Kept(Tagged, frozen=True):
    player: Seat


class Swapped(Tagged, frozen=True):
    player: Seat
    discarded: Card
    card: Card


class Undone(Tagged, frozen=True):
    player: Seat


class Shown(Tagged, frozen=True):
    cards: Annotated[tuple[Card, ...], msgspec.Meta(max_length=MAX_PLAYERS)]
    winner: Seat


Event = Dealt | Kept | Swapped | Undone | Shown


class View(msgspec.Struct):
    """What a seat sees: the state's fields but the seed (cards it cannot know are 0)."""

    names: Annotated[
        tuple[Annotated[str, msgspec.Meta(max_length=40)], ...],
        msgspec.Meta(min_length=1, max_length=MAX_PLAYERS),
    ]
    order: Annotated[tuple[Card, ...], msgspec.Meta(max_length=len(CARDS))]  # as dealt: 0s
    pile: Cards  # what is left, 0s
    cards: Annotated[list[Card], msgspec.Meta(max_length=MAX_PLAYERS)]  # 0: unknown
    discards: Cards
    actions: Annotated[list[Action], msgspec.Meta(max_length=1_000)]
    shown: bool


@dataclass
class HighCardState:
    names: tuple[str, ...]
    seed: int
    order: tuple[int, ...]  # the pile as dealt (the record's deal); 0s in a view
    pile: list[int]  # what is left, top last
    cards: list[int]  # each seat's face-down card (0: not known to a view's seat)
    discards: list[int] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    shown: bool = False

    @classmethod
    def from_view(cls, view: View) -> HighCardState:
        return cls(**view_fields(view), seed=0)

    def waiting_for(self) -> list[int]:
        done = self.shown or len(self.actions) >= len(self.names)
        return [] if done else [len(self.actions)]

    def legal_actions(self, player: int) -> list[Any]:
        return [Keep(player), Swap(player)] if player in self.waiting_for() else []

    def apply(self, action: Any) -> Outcome:
        if not isinstance(action, (Keep, Swap)) or type(action.player) is not int:
            return Outcome([], Refusal("not_an_action", "that is not a high card action"))
        if self.shown:
            return Outcome([], Refusal("game_over", "the game is over"))
        if action.player not in self.waiting_for():
            return Outcome(
                [],
                Refusal("not_your_turn", "it is not player {player}'s turn", player=action.player),
            )
        self.actions.append(action)
        seat = action.player
        if isinstance(action, Keep):
            return Outcome([Kept(seat)])
        old, self.cards[seat] = self.cards[seat], self.pile.pop()
        self.discards.append(old)
        return Outcome([Swapped(seat, old, self.cards[seat])])

    def can_undo(self, player: int) -> Refusal | None:
        if self.shown:
            return Refusal("game_over", "the game is over")
        last = self.actions[-1] if self.actions else None
        if last == Swap(player):
            return Refusal(
                "card_seen", "that step showed a card you did not know, so it cannot be taken back"
            )
        if last == Keep(player):
            return None
        return Refusal("nothing_this_turn", "nothing to take back this turn")

    def undo(self, player: int) -> Outcome:
        reason = self.can_undo(player)
        if reason is not None:
            return Outcome([], reason)
        self.actions.pop()
        return Outcome([Undone(player)])

    def advance(self) -> list[Any]:
        if self.shown or self.waiting_for():
            return []
        self.shown = True
        return [Shown(tuple(self.cards), self.winner())]

    def winner(self) -> int:
        return max(range(len(self.cards)), key=lambda seat: self.cards[seat])

    def is_terminal(self) -> bool:
        return self.shown

    def returns(self) -> list[float]:
        if not self.shown:
            return [0.0] * len(self.names)
        return [1.0 if seat == self.winner() else 0.0 for seat in range(len(self.names))]

    def view_for(self, seat: int) -> HighCardState:
        view = self.clone()
        view.seed = 0
        view.order = (0,) * len(self.order)
        view.pile = [0] * len(self.pile)
        if not self.shown:
            view.cards = [c if i == seat else 0 for i, c in enumerate(self.cards)]
        return view

    def redact(self, event: Any, seat: int) -> Any | None:
        if isinstance(event, (Dealt, Swapped)) and event.player != seat:
            return replace(event, card=0)
        return event

    def clone(self) -> HighCardState:
        return copy.deepcopy(self)

    def known_to(self, seat: int) -> set[int]:
        """The cards `seat` has seen: its own, the discards, and every card once shown."""
        return {self.cards[seat], *self.discards, *(self.cards if self.shown else ())}


def _deal(
    names: Sequence[str], seed: int, order: tuple[int, ...]
) -> tuple[HighCardState, list[Any]]:
    pile = list(reversed(order))
    cards = [pile.pop() for _ in names]
    state = HighCardState(tuple(names), seed, order, pile, cards)
    return state, [Dealt(seat, card) for seat, card in enumerate(cards)]


class HighCardRules:
    """High card's rules and records (no bots, no words: those are `ai.py` and `words.py`)."""

    id = "highcard"
    title = "High card"
    record_format = FORMAT
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_game(
        self, names: Sequence[str], seed: int, options: Any = None, deal: Any = None
    ) -> tuple[HighCardState, list[Any]]:
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"high card takes {MIN_PLAYERS}-{MAX_PLAYERS} players")
        if deal is None:
            order = list(CARDS)
            random.Random(seed).shuffle(order)
            deal = tuple(order)
        if sorted(deal) != list(CARDS):
            raise ValueError("the deal must hold each card 1-52 once")
        return _deal(names, seed, tuple(deal))

    def parse_record(self, record: Any) -> ParsedRecord:
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise RecordError(f"not a {FORMAT}")
        names, seed, deck = record.get("players"), record.get("seed"), record.get("deck")
        actions = record.get("actions")
        if not (
            isinstance(names, list)
            and all(isinstance(n, str) for n in names)
            and type(seed) is int
            and (deck is None or (isinstance(deck, list) and all(type(c) is int for c in deck)))
            and isinstance(actions, list)
        ):
            raise RecordError("players, seed, deck or actions are missing or malformed")
        # no deck: the seed deals it (a table's first record, as a server writes it)
        return ParsedRecord(
            tuple(names), seed, None, None if deck is None else tuple(deck), actions
        )

    def action_from_record(self, obj: Any) -> Any:
        return ACTIONS.from_record(obj)

    def action_to_record(self, action: Any) -> dict[str, Any]:
        return ACTIONS.to_record(action)

    @functools.cached_property
    def wire(self) -> WireTypes:
        return WireTypes(
            View, Event, Action, HighCardState.from_view, ACTIONS.to_record, ACTIONS.from_record
        )

    def record_of(self, state: Any, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "players": list(state.names),
            "seed": state.seed,
            "deck": list(state.order),
            "actions": [ACTIONS.to_record(a) for a in state.actions],
            **(extra or {}),
        }

    def summary(self, state: Any) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "finished": state.shown,
            "players": [
                {"name": n, "card": c} for n, c in zip(state.names, state.cards, strict=True)
            ],
            "winner": state.winner() if state.shown else None,
        }

    def state_from_record(self, obj: Any) -> HighCardState:
        state: HighCardState = play_record(obj, self)[2]
        return state

    # Statistics and record lists: a seat's total is its card, the highest wins.
    solo_fewest_turns = False

    def record_scores(self, result: Any, seats: int) -> dict[str, Any] | None:
        """The record's "result" (`summary`): each seat's card as its total, the winner."""
        if not isinstance(result, dict) or not isinstance(result.get("finished"), bool):
            return None
        players, winner = result.get("players"), result.get("winner")
        if not (
            isinstance(players, list)
            and len(players) == seats
            and all(isinstance(p, dict) and type(p.get("card")) is int for p in players)
        ) or not (winner is None or (type(winner) is int and 0 <= winner < seats)):
            return None
        return {
            "totals": [p["card"] for p in players],
            "winners": [] if winner is None else [winner],
            "finished": result["finished"],
        }

    def hidden_variant(self, state: Any, seat: int, rng: Any) -> HighCardState:
        """The deal again with every card `seat` has not seen moved to another unseen place,
        then the same actions: a game that went exactly as `seat` saw it."""
        known = state.known_to(seat)
        unseen = [c for c in state.order if c not in known]
        rng.shuffle(unseen)
        refill = iter(unseen)
        order = tuple(c if c in known else next(refill) for c in state.order)
        variant, _events = _deal(state.names, rng.randrange(1 << 62), order)
        for action in state.actions:
            variant.apply(action)
        if state.shown:
            variant.advance()
        return variant


RULES: PureGame[HighCardState] = HighCardRules()  # the catalog's `<package>.rules.game.RULES`
