"""The pure rules engine: no pygame here (a test checks it).

The state and what it needs load on first use (PEP 562 `__getattr__`): the title screen and the
command line only need the game's descriptor, so start-up does not pay for the engine."""

from typing import TYPE_CHECKING, Any

from game.luckybox.rules.actions import Action, Cross, Keep, Pass, Pick, RecordError, Resolve
from game.luckybox.rules.cards import CardFace, DeckError, faces_by_id, load_deck

if TYPE_CHECKING:
    from game.luckybox.rules.state import (
        DRAFT,
        OVER,
        PLAY,
        SETUP,
        Deal,
        GameState,
        Options,
        Outcome,
    )

_FROM_STATE = frozenset(
    ("DRAFT", "OVER", "PLAY", "SETUP", "Deal", "GameState", "Options", "Outcome")
)


def __getattr__(name: str) -> Any:
    if name in _FROM_STATE:
        from game.luckybox.rules import state

        return getattr(state, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DRAFT",
    "OVER",
    "PLAY",
    "SETUP",
    "Action",
    "CardFace",
    "Cross",
    "Deal",
    "DeckError",
    "GameState",
    "Keep",
    "Options",
    "Outcome",
    "Pass",
    "Pick",
    "RecordError",
    "Resolve",
    "faces_by_id",
    "load_deck",
]
