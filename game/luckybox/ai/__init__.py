"""Computer players: Easy, Normal, Hard and Expert, and the hint; `BOTS` is the game's
`GameBots` (game/core/game.py). No pygame: usable headless."""

from game.core.game import BOT_LEVELS, GameBots
from game.luckybox.ai.bots import LEVELS, Bot, hint
from game.luckybox.ai.levels import make_bot
from game.luckybox.rules.actions import Action
from game.luckybox.rules.state import GameState


class LuckyBoxBots:
    """Lucky Box's computer levels and the hint, as the game hands them to the table."""

    bot_levels: tuple[str, ...] = BOT_LEVELS

    def make_bot(self, level: str, seed: int, seat: int) -> Bot:
        return make_bot(level, seed, seat)

    def hint(self, view: GameState, seat: int) -> Action:
        return hint(view, seat)


BOTS: GameBots = LuckyBoxBots()

__all__ = ["BOTS", "LEVELS", "Bot", "LuckyBoxBots", "hint", "make_bot"]
