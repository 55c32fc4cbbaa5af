"""What Lucky Box sends over the network is capped: every list, number and string its actions,
events and views hold (the types below), and what must agree across a view's fields
(`View.__post_init__`: as many players as names, a mask per card, no card the deck has not).
The app joins strangers' tables, and a view or event past a cap is refused whole. The caps are
the rules' own maxima (12 players, 120 cards, 4 rounds of 9 numbers) or, for counts the rules
leave open, far above any game's. msgspec checks them as it decodes; the engine's own values
always fit them.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import one_of

from .cards import BONUS_KINDS, FACES_PER_COPY
from .scoring import MAX_PLAYERS, MAX_STARS, NUMBERS_PER_ROUND, ROUNDS

MAX_COPIES = 2
MAX_CARD = FACES_PER_COPY * MAX_COPIES
MAX_STEPS = 10_000  # actions standing in a view: a 12-seat game takes about 650
Seat = Annotated[int, msgspec.Meta(ge=0, lt=MAX_PLAYERS)]
Card = Annotated[int, msgspec.Meta(ge=1, le=MAX_CARD)]
Cell = Annotated[int, msgspec.Meta(ge=0, le=8)]
LineNo = Annotated[int, msgspec.Meta(ge=0, le=2)]
Number = Annotated[int, msgspec.Meta(ge=0, le=9)]  # a Number card's (0: not revealed yet)
Round = Annotated[int, msgspec.Meta(ge=0, le=ROUNDS)]
NumberIndex = Annotated[int, msgspec.Meta(ge=0, lt=NUMBERS_PER_ROUND)]
Stars = Annotated[int, msgspec.Meta(ge=0, le=MAX_STARS)]
Count = Annotated[int, msgspec.Meta(ge=0, le=100_000)]  # tokens, piles, reshuffles
Points = Annotated[int, msgspec.Meta(ge=-100_000, le=100_000)]
Shift = Annotated[int, msgspec.Meta(ge=-8, le=8)]  # a number shifted by Lightning stays 1-9
Mask = Annotated[int, msgspec.Meta(ge=0, le=0b111111111)]
Name = Annotated[str, msgspec.Meta(max_length=40)]
Reason = Annotated[str, msgspec.Meta(max_length=200)]
Drawn = Annotated[tuple[Card, ...], msgspec.Meta(max_length=5)]  # cards drawn to choose from
Deck = Annotated[list[Card], msgspec.Meta(max_length=MAX_CARD)]
InPlay = Annotated[list[Card], msgspec.Meta(max_length=12)]  # 3 kept, 1 a draft: 6 at most
PerRound = Annotated[list[Points], msgspec.Meta(max_length=ROUNDS)]
Seats = Annotated[tuple[Seat, ...], msgspec.Meta(max_length=MAX_PLAYERS)]
Scores = Annotated[tuple[Points, ...], msgspec.Meta(max_length=MAX_PLAYERS)]

BonusKind = Annotated[str, one_of(*BONUS_KINDS)]
BonusValue = Annotated[int, msgspec.Meta(ge=0, le=99)]
Bonus = tuple[BonusKind, BonusValue]  # [kind, value]: the number, or the Lightning count, else 0
Line = Annotated[str, one_of("row", "col")]
By = Annotated[str, one_of("number", "lightning", "bonus")]
Token = Annotated[str, one_of("lightning", "moon")]
TokenSupply = Annotated[str, one_of("unlimited", "limited")]
Phase = Annotated[str, one_of("setup", "play", "draft", "over")]
