"""What Blanco sends over the network is capped: every list, number and string its steps, events
and views hold (the types below), and what must agree across a view's fields
(`View.__post_init__`: as many players as names, a grid's marks in its shape, seats the table
has).
The app joins strangers' tables, and a view or event past a cap is refused whole. The caps are
the rules' own maxima (5 players, 120 cards, a 3x4 grid) or, for counts the rules leave open,
far above any game's. msgspec checks them as it decodes; the engine's own values always fit.
"""

from __future__ import annotations

from typing import Annotated, TypeVar

import msgspec

from .cards import CARD_COUNT
from .limits import MAX_PLAYERS

MAX_SIDE = 4  # a grid's rows or columns (3x3, then 3x4)
MAX_STEPS = 10_000  # steps standing in a view: a 5-seat game takes about 200
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)]  # 0: a card this seat cannot know
Index = Annotated[int, msgspec.Meta(ge=0, lt=MAX_SIDE)]  # a row's, a column's or a line's
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]  # turns, sizes, reshuffles
Stage = Annotated[int, msgspec.Meta(ge=1, le=2)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Pile = Annotated[list[Card], msgspec.Meta(max_length=CARD_COUNT)]
Hand = Annotated[tuple[Card, ...], msgspec.Meta(max_length=8)]
Layout = Annotated[
    tuple[Annotated[tuple[Card, ...], msgspec.Meta(max_length=MAX_SIDE)], ...],
    msgspec.Meta(max_length=MAX_SIDE),
]  # rows of a grid as dealt
Pos = tuple[Index, Index]  # [row, column]

T = TypeVar("T")
Rows = Annotated[
    list[Annotated[list[T], msgspec.Meta(max_length=MAX_SIDE)]], msgspec.Meta(max_length=MAX_SIDE)
]
