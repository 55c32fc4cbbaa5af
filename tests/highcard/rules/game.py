"""High card's rules: 1-4 seats each get one face-down card from a seeded 52-card pile (cards
1-52, the higher the better). In seat order each keeps it or swaps it (the old card goes face up
to the discards, the pile's top replaces it unseen by the others). When everyone has chosen,
the chance step shows every card and the highest wins. A Keep can be taken back until the next
seat acts; a Swap showed a card, so it cannot.

What the seam asks of a game's rules (game/core/game.py): legal actions, refusals with codes,
undo, views and redacted events, hidden variants. Its records and the types the wire sends are
core's, derived from its structs (`PlainRecords`); it only says what its summary holds.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec
from msgspec.structs import replace

from game.core.game import Outcome, PureGame, RecordScores, Refusal
from game.core.records import PlainRecords
from game.core.wire import Tagged, view_fields

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


Action = Keep | Swap
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
    order: tuple[int, ...]  # the pile as dealt; 0s in a view
    pile: list[int]  # what is left, top last
    cards: list[int]  # each seat's face-down card (0: not known to a view's seat)
    discards: list[int] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    shown: bool = False

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


class HighCardRules(PlainRecords[HighCardState]):
    """High card's rules; its records are core's (no bots, no words: `ai.py` and core's)."""

    id, title = "highcard", "High card"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    view, event, action = View, Event, Action

    def new_game(
        self, names: Sequence[str], seed: int, options: Any = None, deal: Any = None
    ) -> tuple[HighCardState, list[Any]]:
        """Deal `names` a card each from the pile `seed` shuffles (or the `deal` given)."""
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"high card takes {MIN_PLAYERS}-{MAX_PLAYERS} players")
        order = list(CARDS) if deal is None else list(deal)
        if deal is None:
            random.Random(seed).shuffle(order)
        if sorted(order) != list(CARDS):
            raise ValueError("the deal must hold each card 1-52 once")
        pile = order[::-1]
        cards = [pile.pop() for _ in names]
        state = HighCardState(tuple(names), seed, tuple(order), pile, cards)
        return state, [Dealt(seat, card) for seat, card in enumerate(cards)]

    def state_from_view(self, view: View) -> HighCardState:
        return HighCardState(**view_fields(view), seed=0)

    def hidden_variant(self, state: Any, seat: int, rng: Any) -> HighCardState:
        """The deal again with every card `seat` has not seen moved to another unseen place,
        then the same actions: a game that went exactly as `seat` saw it."""
        known = state.known_to(seat)
        unseen = [c for c in state.order if c not in known]
        rng.shuffle(unseen)
        refill = iter(unseen)
        order = tuple(c if c in known else next(refill) for c in state.order)
        variant, _ = self.new_game(state.names, rng.randrange(1 << 62), deal=order)
        for action in state.actions:
            variant.apply(action)
        if state.shown:
            variant.advance()
        return variant

    def summary(self, state: Any) -> dict[str, Any]:
        """The `--check-record` line: every seat's card, and the winner once they are shown."""
        return {
            "format": self.record_format,
            "finished": state.shown,
            "players": [
                {"name": n, "card": c} for n, c in zip(state.names, state.cards, strict=True)
            ],
            "winner": state.winner() if state.shown else None,
        }

    def record_scores(self, result: object, seats: int) -> RecordScores | None:
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


RULES: PureGame[HighCardState] = HighCardRules()  # the catalog's `<package>.rules.game.RULES`
