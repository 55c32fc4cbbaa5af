"""Shown boards fed by redacted events. Another seat's card drawn from the pile reaches this
screen as card 0; when that seat later plays or discards it, the card is named: the hidden 0 in
its hand is that card. (A local table's shown board holds every card, so it never needs this.)
"""

from __future__ import annotations

from typing import Any


def tolerant_blanco_shown(state: Any) -> Any:
    """Blanco's shown board from a seat's view, taking other seats' hidden cards as they show."""
    from game.blanco.rules import events as ev
    from game.blanco.ui.shown import Shown

    class TolerantShown(Shown):
        def apply(self, event: Any) -> None:
            if type(event) in (ev.Played, ev.Discarded):
                hand = self.players[event.player].hand
                if event.card not in hand and 0 in hand:
                    hand[hand.index(0)] = event.card
            super().apply(event)

    return TolerantShown(state)
