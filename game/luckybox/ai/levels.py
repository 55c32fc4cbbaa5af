"""The computer levels by name: `make_bot(level, seed, seat)`, Expert included (it builds on
the other bots, so the levels are gathered here, above both modules)."""

from __future__ import annotations

from game.luckybox.ai.bots import LEVELS, Bot, EasyBot, GreedyBot, LookaheadBot
from game.luckybox.ai.expert import ExpertBot


def make_bot(level: str, seed: int, seat: int) -> Bot:
    """A computer player at one of LEVELS, deterministic for a seed and seat."""
    if level == "easy":
        return EasyBot(seed, seat)
    if level == "normal":
        return GreedyBot(seed, seat)
    if level == "hard":
        return LookaheadBot(seed, seat)
    if level == "expert":
        return ExpertBot(seed, seat)
    raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
