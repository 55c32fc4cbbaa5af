"""High card's computer players and the hint (`BOTS`, a `game.core.game.GameBots`)."""

from __future__ import annotations

import random
from typing import Any

from game.core.game import GameBots

from .rules.game import CARDS, HighCardState, Keep, Swap


class HighCardBot:
    """easy: a coin toss; normal: swaps below the middle card; hard: swaps below the mean of
    the cards it has not seen (what a swap gives on average)."""

    def __init__(self, level: str, seed: int, seat: int) -> None:
        self.level = level
        self.rng = random.Random(seed * 7 + seat)

    def choose(self, view: HighCardState, player: int) -> Any:
        legal = view.legal_actions(player)
        if self.level == "easy":
            return self.rng.choice(legal)
        mine = view.cards[player]
        unseen = set(CARDS) - view.known_to(player) - set(view.cards)
        bar = 26.5 if self.level == "normal" else sum(unseen) / max(len(unseen), 1)
        return Swap(player) if mine < bar and Swap(player) in legal else Keep(player)


class HighCardBots:
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")  # fewer than core's BOT_LEVELS

    def make_bot(self, level: str, seed: int, seat: int) -> HighCardBot:
        if level not in self.bot_levels:
            raise ValueError(f"unknown bot level {level!r}: one of {self.bot_levels}")
        return HighCardBot(level, seed, seat)

    def hint(self, view: Any, seat: int) -> Any:
        return HighCardBot("hard", 0, seat).choose(view, seat)


BOTS: GameBots = HighCardBots()
