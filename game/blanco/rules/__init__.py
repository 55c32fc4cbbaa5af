"""The rules of Blanco (pure: no pygame). See state.py for phases, undo and returns.

The state and records load on first use (PEP 562 `__getattr__`): the title screen and the
command line need only the game's descriptor, so start-up does not pay for the engine."""

from typing import TYPE_CHECKING, Any

from .actions import Clear, Discard, Draw, DrawThen, Look, Play, Setup, Swap

if TYPE_CHECKING:
    from .record import action_from_record, parse_record, record_of, state_from_record, summary
    from .state import BlancoState, Deal

_FROM_RECORD = frozenset(
    ("action_from_record", "parse_record", "record_of", "state_from_record", "summary")
)
_FROM_STATE = frozenset(("BlancoState", "Deal"))


def __getattr__(name: str) -> Any:
    if name in _FROM_RECORD:
        from . import record

        return getattr(record, name)
    if name in _FROM_STATE:
        from . import state

        return getattr(state, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BlancoState",
    "Clear",
    "Deal",
    "Discard",
    "Draw",
    "DrawThen",
    "Look",
    "Play",
    "Setup",
    "Swap",
    "action_from_record",
    "parse_record",
    "record_of",
    "state_from_record",
    "summary",
]
