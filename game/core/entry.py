"""A whole game as the app, the command line, the server and the bench hold it: `Game`, a small
frozen record of its parts, each with one job, and core's defaults for the parts a game does not
give.

    GAME = Game(RULES)                              # core's words and a random computer
    GAME = Game(RULES, words=WORDS, load_bots=load_bots)   # its own (bots made on first use)

A caller says which part it uses: `game.rules.new_game(...)` (rules and records, pure: the
game's `rules/`, with the types it travels in, `game.rules.wire`), `game.bots.make_bot(...)`
(computer players and the hint, loaded when a table first asks: the title and --help never
load them), `game.words.progress(state)` (the game in players' words). Nothing here passes a
call on; `id` and `title` are the rules', kept as the record's names.

The protocols the parts implement are game/core/game.py's (the seam every game implements);
this module is apart from it because core's default words translate, and a game's rules,
which import the seam, reach no words (tests/test_rules_imports.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Generic

from game.core.game import GameBots, GameState, GameWords, PureGame, StateT
from game.core.i18n import t, tn


class PlainWords:
    """Core's words for a game that gives none: how many moves were played, or "finished";
    no rating lines (records keep none) and no daily share squares."""

    def progress(self, state: GameState) -> str:
        if state.is_terminal():
            return t("game.progress.finished", "finished")
        moves = len(state.actions)
        return tn("game.progress.moves", moves, "{count} move played", "{count} moves played")

    def solo_rating(self, total: int) -> str:
        return ""

    def rating_shown(self, english: str) -> str:
        return english


class RandomBot:
    """A computer player that takes one of its seat's legal actions at random (seeded: the
    same game replays)."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, view: GameState, player: int) -> Any:
        return self.rng.choice(view.legal_actions(player))


class RandomBots:
    """Core's computer players for a game that gives none: one level, "easy", choosing at
    random among the legal actions; the hint is the first legal action."""

    bot_levels: tuple[str, ...] = ("easy",)

    def make_bot(self, level: str, seed: int, seat: int) -> RandomBot:
        if level not in self.bot_levels:
            raise ValueError(f"unknown bot level {level!r}: one of {self.bot_levels}")
        return RandomBot(seed, seat)

    def hint(self, view: GameState, seat: int) -> Any:
        legal = view.legal_actions(seat)
        return legal[0] if legal else None


@dataclass(frozen=True, eq=False)
class Game(Generic[StateT]):
    """A game: its rules and records (`rules`, pure), its words (`words`) and its computer
    players (`bots`, made by `load_bots` on first use). Generic in the game's own state class
    (`Game[BlancoState]`); core, holding games it does not know, speaks of `Game[Any]`."""

    rules: PureGame[StateT]
    words: GameWords[StateT] = field(default_factory=PlainWords)
    #: Makes the bots when a table first asks (a game's `ai/` loads then, not at start-up).
    load_bots: Callable[[], GameBots] = RandomBots
    #: Its rules' id and title, kept as the record's names: the id is what folders, settings,
    #: routes and the command line say; the title, what players read.
    id: str = field(init=False)
    title: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.rules.id)
        object.__setattr__(self, "title", self.rules.title)

    @cached_property
    def bots(self) -> GameBots:
        """The game's computer players and the hint, made on first use."""
        return self.load_bots()

    def __repr__(self) -> str:
        return f"Game({self.id!r})"


__all__ = ["Game", "PlainWords", "RandomBot", "RandomBots"]
