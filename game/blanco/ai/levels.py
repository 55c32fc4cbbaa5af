"""The computer levels by name: `make_bot(level, seed, seat)`, Expert included (it builds on
the other bots, so the levels are gathered here, above both modules)."""

from __future__ import annotations

from game.blanco.ai.bots import LEVELS, BaseBot, EasyBot, HardBot, NormalBot
from game.blanco.ai.expert import ExpertBot


def make_bot(level: str, seed: int, seat: int) -> BaseBot:
    """A computer player at one of LEVELS, deterministic for a seed and seat."""
    if level == "easy":
        return EasyBot(seed, seat)
    if level == "normal":
        return NormalBot(seed, seat)
    if level == "hard":
        return HardBot(seed, seat)
    if level == "expert":
        return ExpertBot(seed, seat)
    raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
