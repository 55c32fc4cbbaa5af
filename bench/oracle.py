"""A benchmark-only Lucky Box player that knows the whole deal: the bound Expert is measured
against (bench/bots.py's `oracle_mean`). It never appears in the game.

It plays as Expert does, but with the true numbers still to come this round instead of samples
of them, and looks at more crosses (one play-out each is cheap). It reads the full GameState, so
it knows what no seat may know; its score estimates how much any strategy could make of a deal.
"""

from __future__ import annotations

from game.luckybox.ai.expert import ExpertBot, Futures
from game.luckybox.ai.model import Position
from game.luckybox.rules import Action, GameState
from game.luckybox.rules.state import PLAY, SETUP


class OracleBot(ExpertBot):
    """Expert's search with the true numbers of the round as its only play-out."""

    shortlist = width = 12  # crosses played out (one play-out each)
    draft_width = 3
    draft_horizon = 6

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat, futures=self.true_future)
        self.state: GameState | None = None

    def choose(self, state: GameState, player: int) -> Action:
        self.state = state  # the full state, not a view: the oracle knows the deal
        return super().choose(state, player)

    def true_future(self, pos: Position) -> Futures:
        state = self.state
        assert state is not None
        if state.phase == PLAY:
            return [state.numbers[state.round - 1][state.index + 1 :]]
        # Choosing cards (set-up, or a draft after a round): the whole next round.
        return [state.numbers[0 if state.phase == SETUP else state.round]]
