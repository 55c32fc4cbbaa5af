"""`WORDS`: Super Mega Lucky Box in players' words (game/core/game.py's `GameWords`): how far a
game has come, the solo rating lines in the player's language (records keep the English of
`rules.scoring.SOLO_RATINGS`), and the daily deal's share squares. Kept out of the rules,
which have no words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import i18n
from game.core.daily import BLACK, GREEN, YELLOW
from game.core.game import GameState as AnyGameState, GameWords
from game.core.i18n import t

from .rules.game import own_state
from .rules.legal import PLAY
from .rules.scoring import ROUNDS, SOLO_RATINGS, solo_rating

if TYPE_CHECKING:  # the engine loads on first use
    from .rules.state import GameState


def rating_text(index: int) -> str:
    """SOLO_RATINGS[index]'s line in the player's language (records keep the English)."""
    texts = (
        i18n.t("luckybox.rating.champion", "Super Mega Lucky Champion!"),
        i18n.t("luckybox.rating.mega", "You've had a mega game! One for the ages."),
        i18n.t("luckybox.rating.super", "A super score! Can you go even higher?"),
        i18n.t("luckybox.rating.great", "Great game! Or was it just luck?"),
        i18n.t("luckybox.rating.trolley", "Now you're on the trolley!"),
        i18n.t("luckybox.rating.start", "A good start, how about a better end?"),
        i18n.t("luckybox.rating.unlucky", "Super Mega UNlucky"),
    )
    return texts[index]


def solo_rating_shown(total: int) -> str:
    """The solo rating for a Mega Total, in the player's language."""
    return rating_text(next(i for i, (floor, _) in enumerate(SOLO_RATINGS) if total >= floor))


def rating_shown(english: str) -> str:
    """A rating line as a record keeps it (English), in the player's language."""
    for i, (_, text) in enumerate(SOLO_RATINGS):
        if text == english:
            return rating_text(i)
    return english


def progress(state: GameState) -> str:
    """How far the game has come, in a few words (title screen, lists)."""
    if state.is_terminal():
        return t("luckybox.progress.finished", "finished")
    if state.phase != PLAY:
        return t("luckybox.progress.draft", "the draft")
    return t(
        "luckybox.progress.round", "round {round} of {rounds}", round=state.round, rounds=ROUNDS
    )


class LuckyBoxWords:
    def progress(self, state: AnyGameState) -> str:
        return progress(own_state(state))

    def solo_rating(self, total: int) -> str:
        return solo_rating(total)

    def rating_shown(self, english: str) -> str:
        return rating_shown(english)

    def daily_squares(self, state: AnyGameState) -> str:
        """The daily deal's share squares, a group per round: a green square per card
        completed, a yellow one per star circled (a black one for a round with neither)."""
        player = own_state(state).players[0]
        groups = []
        for r in range(ROUNDS):
            group = GREEN * len(player.completed[r]) + YELLOW * player.stars[r]
            groups.append(group or BLACK)
        return " ".join(groups)


WORDS: GameWords[GameState] = LuckyBoxWords()
