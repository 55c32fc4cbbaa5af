"""A seat's view as the wire sends it (docs/schema/blanco-view.json is generated from it).

A card is its id, 1-120; 0 is a card this seat cannot know (BLANCO-RULES.md: another's hand, a
face-down card it has not looked at, the piles but the discard's top). A position is
[row, column] in the grid as it is at that moment (row 0 at the top). Lines are "row" or "col"
with their index from 0. A view holds no seed and no fixed reshuffle. Its fields are the
state's own, under the same names (`views.view_for` blanks what the seat may not know): the
wire reads them off a view, and `BlancoState.from_view` wraps a decoded one back into a state.
Every field is capped (caps.py), and `__post_init__` checks what must agree across fields as a
view is decoded (and as the server builds one).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import one_of, said

from .actions import Action
from .caps import MAX_STEPS, Card, Count, Name, Pile, Seat
from .cards import CARD_COUNT
from .grid import Player
from .limits import MAX_PLAYERS
from .phases import PHASES

Phase = Annotated[str, one_of(*PHASES)]


class View(msgspec.Struct):
    """The table as one seat sees it. Piles are lists with the top card last, hidden cards 0."""

    seat: Annotated[
        int, msgspec.Meta(ge=-1, lt=MAX_PLAYERS), said("whose view this is (-1: a watcher)")
    ]
    names: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    deck: Annotated[
        tuple[Card, ...],
        msgspec.Meta(max_length=CARD_COUNT),
        said("the deck as dealt: its size (0s)"),
    ]
    pile: Annotated[Pile, said("the draw pile (0s)")]
    discard: Annotated[Pile, said("the discard pile, its top shown")]
    box: Annotated[Pile, said("the cleared cards (0s)")]
    reshuffles: Annotated[
        list[Annotated[tuple[Card, ...], msgspec.Meta(max_length=CARD_COUNT)]],
        msgspec.Meta(max_length=MAX_STEPS),
        said("each new pile made from the discards: sizes"),
    ]
    phase: Phase
    current: Annotated[Seat, said("whose turn it is")]
    setup_queue: Annotated[
        list[Seat],
        msgspec.Meta(max_length=MAX_PLAYERS),
        said("the seats still to set up, in order"),
    ]
    cleared: Annotated[Count, said("lines cleared this turn")]
    looked: Annotated[bool, said("the reward look was taken this turn")]
    winner: Annotated[Seat | None, said("null until somebody won")]
    turn_id: Annotated[Count, said("turns ended so far")]
    actions: Annotated[
        list[Action], msgspec.Meta(max_length=MAX_STEPS), said("every step standing, in order")
    ]

    def __post_init__(self) -> None:
        """What must agree across fields, so that the game's own code may trust the view."""
        seats = len(self.players)
        if len(self.names) != seats:
            raise ValueError("a view needs one player per name")
        for player in self.players:
            shape = [len(row) for row in player.grid]
            if [len(r) for r in player.up] != shape or [len(r) for r in player.known] != shape:
                raise ValueError("a grid's face-up and known marks need its shape")
        named = (self.seat, self.current, self.winner or 0, *self.setup_queue)
        if any(seat >= seats for seat in named):
            raise ValueError("a seat the table has not")
        if any(action.player >= seats for action in self.actions):
            raise ValueError("a step for a player the table has not")
