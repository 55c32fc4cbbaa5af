"""A seat's view as the wire sends it (docs/schema/blanco-view.json is generated from it).

A card is its id, 1-120; 0 is a card this seat cannot know (BLANCO-RULES.md: another's hand, a
face-down card it has not looked at, the piles but the discard's top). A position is
[row, column] in the grid as it is at that moment (row 0 at the top). Lines are "row" or "col"
with their index from 0. A view holds no seed and no fixed reshuffle. Its fields are the
state's own, under the same names (`views.view_for` blanks what the seat may not know): the
wire reads them off a view, and `BlancoState.from_view` wraps a decoded one back into a state.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import one_of, said

from .actions import Action
from .grid import Player
from .phases import PHASES

Phase = Annotated[str, one_of(*PHASES)]


class View(msgspec.Struct):
    """The table as one seat sees it. Piles are lists with the top card last, hidden cards 0."""

    seat: Annotated[int, said("whose view this is (-1: a watcher)")]
    names: tuple[str, ...]
    players: list[Player]
    deck: Annotated[tuple[int, ...], said("the deck as dealt: its size (0s)")]
    pile: Annotated[list[int], said("the draw pile (0s)")]
    discard: Annotated[list[int], said("the discard pile, its top shown")]
    box: Annotated[list[int], said("the cleared cards (0s)")]
    reshuffles: Annotated[
        list[tuple[int, ...]], said("each new pile made from the discards: sizes")
    ]
    phase: Phase
    current: Annotated[int, said("whose turn it is")]
    setup_queue: Annotated[list[int], said("the seats still to set up, in order")]
    cleared: Annotated[int, said("lines cleared this turn")]
    looked: Annotated[bool, said("the reward look was taken this turn")]
    winner: Annotated[int | None, said("null until somebody won")]
    turn_id: Annotated[int, said("turns ended so far")]
    actions: Annotated[list[Action], said("every step standing, in order")]
