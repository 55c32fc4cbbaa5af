"""`WORDS`: Blanco in players' words (game/core/game.py's `GameWords`): how far a race has come,
and the daily deal's share squares. Kept out of the rules, which have no words."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.core.daily import BLUE, GREEN
from game.core.game import GameState, GameWords
from game.core.i18n import t, tn
from game.core.records import play_record
from game.core.seat_names import shown_name

from .rules import events as ev
from .rules.game import RULES, blanco_state

if TYPE_CHECKING:
    from .rules.state import BlancoState


class BlancoWords:
    def progress(self, game: GameState) -> str:
        """How far the race has come, in a few words (title screen, lists)."""
        state = blanco_state(game)
        if state.is_terminal():
            return t("blanco.progress.finished", "finished")
        seats = range(len(state.names))
        turn = max(state.turns(p) for p in seats) + 1
        left = [state.cards_left(p) for p in seats]
        fewest = min(left)
        if len(left) == 1:  # solo: the cards still to clear, both grids
            return tn(
                "blanco.progress.solo",
                fewest,
                "turn {turn}, {count} card left to clear",
                "turn {turn}, {count} cards left to clear",
                turn=turn,
            )
        if left.count(fewest) == len(left):  # nobody ahead (every race starts so)
            return tn(
                "blanco.progress.turn",
                fewest,
                "turn {turn}, everyone has {count} card left",
                "turn {turn}, everyone has {count} cards left",
                turn=turn,
            )
        if left.count(fewest) > 1:  # some tied in front, the others behind
            return tn(
                "blanco.progress.tied",
                fewest,
                "turn {turn}, tied for the lead with {count} card left",
                "turn {turn}, tied for the lead with {count} cards left",
                turn=turn,
            )
        leader = left.index(fewest)
        return tn(
            "blanco.progress.leader",
            fewest,
            "turn {turn}, {name} ahead with {count} card left",
            "turn {turn}, {name} ahead with {count} cards left",
            turn=turn,
            name=shown_name(state.names[leader], leader, len(left)),
        )

    def daily_squares(self, state: GameState) -> str:
        """The daily deal's share squares: a group per grid, a square per five turns it took
        (blue for the first grid, green for the second)."""
        _, _, _, events = play_record(RULES.record_of(blanco_state(state)), RULES)
        first = next((e.turn for e in _turns_before_second_grid(events)), 0)
        turns = blanco_state(state).players[0].turns
        groups = [BLUE * -(-first // 5), GREEN * -(-(turns - first) // 5)]
        return " ".join(g for g in groups if g)

    def solo_rating(self, total: int) -> str:
        return ""  # Blanco's solo game counts turns, with no rating line

    def rating_shown(self, english: str) -> str:
        return english


def _turns_before_second_grid(events: Iterable[object]) -> list[ev.TurnStarted]:
    """The seat's last turn started before its second grid was dealt (empty: not reached)."""
    last: list[ev.TurnStarted] = []
    for event in events:
        if isinstance(event, ev.TurnStarted):
            last = [event]
        elif isinstance(event, ev.SecondGridDealt):
            return last
    return []


WORDS: GameWords[BlancoState] = BlancoWords()
