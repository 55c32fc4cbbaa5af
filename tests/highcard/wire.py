"""High card on the wire: its view and events as typed structs, as every game states them
(game/core/wire.py). Cards are 1-52; 0 is a card the seat cannot know."""

from __future__ import annotations

from typing import Any

import msgspec

from game.core.game import PureGame
from game.core.wire import Pairs

from .rules import game as rules


class _Tagged(msgspec.Struct, frozen=True, tag_field="kind"):
    pass


class Keep(_Tagged, frozen=True, tag="keep"):
    player: int


class Swap(_Tagged, frozen=True, tag="swap"):
    player: int


Action = Keep | Swap
ACTIONS = Pairs([(rules.Keep, Keep), (rules.Swap, Swap)])


class Dealt(_Tagged, frozen=True, tag="dealt"):
    player: int
    card: int


class Kept(_Tagged, frozen=True, tag="kept"):
    player: int


class Swapped(_Tagged, frozen=True, tag="swapped"):
    player: int
    discarded: int
    card: int


class Undone(_Tagged, frozen=True, tag="undone"):
    player: int


class Shown(_Tagged, frozen=True, tag="shown"):
    cards: tuple[int, ...]
    winner: int


Event = Dealt | Kept | Swapped | Undone | Shown
EVENTS = Pairs(
    [(rules.Dealt, Dealt), (rules.Kept, Kept), (rules.Swapped, Swapped)]
    + [(rules.Undone, Undone), (rules.Shown, Shown)]
)


class View(msgspec.Struct):
    names: list[str]
    order: list[int]  # the pile as dealt: 0s (its size)
    pile: list[int]  # what is left, 0s
    cards: list[int]  # each seat's card, 0 when the seat cannot know it
    discards: list[int]
    actions: list[Action]
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
