"""A seat's view as the wire sends it (docs/schema/luckybox-view.json is generated from it).

Every seat sees the same (Lucky Box hides nothing from one seat that it shows another): the
table as the rules hold it, but the Number cards not yet revealed read 0 and the Lucky Box pile
is its cards in ascending order (which cards are left, not their order). It holds no seed and
no fixed deal. Its fields are the state's own, under the same names (`GameState.view_for`
blanks what is hidden): the wire reads them off a view, and `GameState.from_view` wraps a
decoded one back into a state.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import one_of, said

from .actions import Action
from .parts import Player

TokenSupply = Annotated[str, one_of("unlimited", "limited")]
Phase = Annotated[str, one_of("setup", "play", "draft", "over")]


class View(msgspec.Struct):
    """The table as a seat (or a watcher) sees it: every seat sees the same."""

    names: tuple[str, ...]
    token_supply: Annotated[TokenSupply, said("the option: Lightning and Moons unlimited or not")]
    copies: Annotated[
        int, msgspec.Meta(ge=1, le=2, description="2 for 7 players and more (cards 61-120)")
    ]
    numbers: Annotated[
        list[list[int]], said("each round's nine Number cards, 0 for those not revealed")
    ]
    draw_pile: Annotated[list[int], said("the cards left in the Lucky Box pile, ascending")]
    discard: list[int]
    players: list[Player]
    phase: Phase
    round: Annotated[int, said("1-4")]
    index: Annotated[int, said("which of the round's nine numbers is revealed (0-8)")]
    number: Annotated[int, said("the revealed number (0 outside play)")]
    waiting: Annotated[int, said("players not yet done with this number or draft")]
    supply: Annotated[dict[str, int] | None, said("the tokens left (null: unlimited)")]
    reshuffles: Annotated[int, said("how often the pile was made again from the discards")]
    actions: Annotated[list[Action], said("every action standing, in order")]
