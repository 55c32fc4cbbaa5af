"""A seat's view as the wire sends it (docs/schema/luckybox-view.json is generated from it).

Every seat sees the same (Lucky Box hides nothing from one seat that it shows another): the
table as the rules hold it, but the Number cards not yet revealed read 0 and the Lucky Box pile
is its cards in ascending order (which cards are left, not their order). It holds no seed and
no fixed deal. Its fields are the state's own, under the same names (`GameState.view_for`
blanks what is hidden): the wire reads them off a view, and `GameState.from_view` wraps a
decoded one back into a state. Every field is capped (caps.py), and `__post_init__` checks what
must agree across fields as a view is decoded (and as the server builds one).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import said

from .actions import Action
from .caps import (
    MAX_COPIES,
    MAX_STEPS,
    Count,
    Deck,
    Name,
    Number,
    NumberIndex,
    Phase,
    Round,
    Token,
    TokenSupply,
)
from .cards import FACES_PER_COPY
from .parts import Player
from .scoring import MAX_PLAYERS, NUMBERS_PER_ROUND, ROUNDS


class View(msgspec.Struct):
    """The table as a seat (or a watcher) sees it: every seat sees the same."""

    names: Annotated[tuple[Name, ...], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    token_supply: Annotated[TokenSupply, said("the option: Lightning and Moons unlimited or not")]
    copies: Annotated[
        int,
        msgspec.Meta(ge=1, le=MAX_COPIES, description="2 for 7 players and more (cards 61-120)"),
    ]
    numbers: Annotated[
        list[Annotated[list[Number], msgspec.Meta(max_length=NUMBERS_PER_ROUND)]],
        msgspec.Meta(max_length=ROUNDS),
        said("each round's nine Number cards, 0 for those not revealed"),
    ]
    draw_pile: Annotated[Deck, said("the cards left in the Lucky Box pile, ascending")]
    discard: Deck
    players: Annotated[list[Player], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]
    phase: Phase
    round: Annotated[Round, said("1-4")]
    index: Annotated[NumberIndex, said("which of the round's nine numbers is revealed (0-8)")]
    number: Annotated[Number, said("the revealed number (0 outside play)")]
    waiting: Annotated[
        int,
        msgspec.Meta(ge=0, le=MAX_PLAYERS),
        said("players not yet done with this number or draft"),
    ]
    supply: Annotated[
        Annotated[dict[Token, Count], msgspec.Meta(max_length=2)] | None,
        said("the tokens left (null: unlimited)"),
    ]
    reshuffles: Annotated[Count, said("how often the pile was made again from the discards")]
    actions: Annotated[
        list[Action], msgspec.Meta(max_length=MAX_STEPS), said("every action standing, in order")
    ]

    def __post_init__(self) -> None:
        """What must agree across fields, so that the game's own code may trust the view."""
        if len(self.players) != len(self.names):
            raise ValueError("a view needs one player per name")
        last = FACES_PER_COPY * self.copies
        for player in self.players:
            if len(player.masks) != len(player.cards):
                raise ValueError("a player needs one mask per card in play")
            cards = (*player.cards, *player.hand, *(c for done in player.completed for c in done))
            if any(card > last for card in cards) or any(b.card > last for b in player.pending):
                raise ValueError(f"a card past {last}, the deck's last")
        if any(card > last for card in (*self.draw_pile, *self.discard)):
            raise ValueError(f"a card past {last}, the deck's last")
        if any(action.player >= len(self.players) for action in self.actions):
            raise ValueError("an action for a player the table has not")
