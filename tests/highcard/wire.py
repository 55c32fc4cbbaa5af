"""High card on the wire: its view and events as typed structs, as every game states them
(game/core/wire.py). Cards are 1-52; 0 is a card the seat cannot know. Capped as every game's
wire is (lists, numbers, strings: the rules' own maxima)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from game.core.game import PureGame
from game.core.wire import Pairs

from .rules import game as rules

Seat = Annotated[int, msgspec.Meta(ge=0, lt=rules.MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=0, le=len(rules.CARDS))]
Cards = Annotated[list[Card], msgspec.Meta(max_length=len(rules.CARDS))]


class _Tagged(msgspec.Struct, frozen=True, tag_field="kind"):
    pass


class Keep(_Tagged, frozen=True, tag="keep"):
    player: Seat


class Swap(_Tagged, frozen=True, tag="swap"):
    player: Seat


Action = Keep | Swap
ACTIONS = Pairs([(rules.Keep, Keep), (rules.Swap, Swap)])


class Dealt(_Tagged, frozen=True, tag="dealt"):
    player: Seat
    card: Card


class Kept(_Tagged, frozen=True, tag="kept"):
    player: Seat


class Swapped(_Tagged, frozen=True, tag="swapped"):
    player: Seat
    discarded: Card
    card: Card


class Undone(_Tagged, frozen=True, tag="undone"):
    player: Seat


class Shown(_Tagged, frozen=True, tag="shown"):
    cards: Annotated[tuple[Card, ...], msgspec.Meta(max_length=rules.MAX_PLAYERS)]
    winner: Seat


Event = Dealt | Kept | Swapped | Undone | Shown
EVENTS = Pairs(
    [(rules.Dealt, Dealt), (rules.Kept, Kept), (rules.Swapped, Swapped)]
    + [(rules.Undone, Undone), (rules.Shown, Shown)]
)


class View(msgspec.Struct):
    names: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=40)]],
        msgspec.Meta(min_length=1, max_length=rules.MAX_PLAYERS),
    ]
    order: Cards  # the pile as dealt: 0s (its size)
    pile: Cards  # what is left, 0s
    cards: Annotated[list[Card], msgspec.Meta(max_length=rules.MAX_PLAYERS)]  # 0: unknown
    discards: Cards
    actions: Annotated[list[Action], msgspec.Meta(max_length=1_000)]
    shown: bool


class HighCardWire:
    game: PureGame[Any] = rules.RULES
    view_type = View
    event_type = Event

    def view_to_wire(self, view: rules.HighCardState) -> View:
        out = ACTIONS.out_shared
        return View(
            list(view.names),
            list(view.order),
            view.pile,
            view.cards,
            view.discards,
            [out(a) for a in view.actions],
            view.shown,
        )

    def view_from_wire(self, w: View) -> rules.HighCardState:
        back = ACTIONS.back_shared
        return rules.HighCardState(
            tuple(w.names),
            0,
            tuple(w.order),
            w.pile,
            w.cards,
            w.discards,
            [back(a) for a in w.actions],
            w.shown,
        )

    def event_to_wire(self, event: Any) -> Any:
        return EVENTS.out(event)

    def event_from_wire(self, data: Any) -> Any:
        return EVENTS.back(data)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return rules.action_to_record(action)

    def action_from_json(self, obj: Any) -> Any:
        return rules.action_from_record(obj)


WIRE = HighCardWire()
