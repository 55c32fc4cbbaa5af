"""Blanco's computer players (Easy, Normal, Hard, Expert) and the hint; `BOTS` is the game's
`GameBots` (game/core/game.py). No pygame here: headless."""

from game.blanco.ai.bots import LEVELS, BaseBot, EasyBot, HardBot, NormalBot, hint
from game.blanco.ai.levels import make_bot
from game.blanco.rules.actions import Action
from game.blanco.rules.state import BlancoState
from game.core.game import BOT_LEVELS, GameBots


class BlancoBots:
    """Blanco's computer levels and the hint, as the game hands them to the table."""

    bot_levels: tuple[str, ...] = BOT_LEVELS

    def make_bot(self, level: str, seed: int, seat: int) -> BaseBot:
        if level not in self.bot_levels:
            raise ValueError(f"unknown bot level {level!r}: one of {self.bot_levels}")
        return make_bot(level, seed, seat)

    def hint(self, view: BlancoState, seat: int) -> Action:
        return hint(view, seat)


BOTS: GameBots = BlancoBots()

__all__ = [
    "BOTS",
    "LEVELS",
    "BaseBot",
    "BlancoBots",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "hint",
    "make_bot",
]
