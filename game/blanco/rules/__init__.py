"""The rules of Blanco (pure: no pygame). See state.py for phases, undo and returns."""

from .actions import Clear, Discard, Draw, DrawThen, Look, Play, Setup, Swap
from .record import action_from_record, parse_record, record_of, state_from_record, summary
from .state import BlancoState, Deal

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
