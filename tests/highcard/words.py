"""High card in players' words (`WORDS`, a `game.core.game.GameWords`): English only, no
rating lines, no share squares."""

from __future__ import annotations

from typing import Any

from game.core.game import GameWords

from .rules.game import HighCardState


class HighCardWords:
    def progress(self, state: Any) -> str:
        if state.shown:
            return "finished"
        return f"{len(state.actions)} of {len(state.names)} have chosen"

    def solo_rating(self, total: int) -> str:
        return ""

    def rating_shown(self, english: str) -> str:
        return english


WORDS: GameWords[HighCardState] = HighCardWords()
