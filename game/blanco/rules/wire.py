"""Blanco's actions on the wire (game/online): the record's form, plus the step a record never
holds alone. Online, a draw from the pile is sent before its play is chosen (the card is only
known once drawn), so `Play` and `Discard` also travel alone: the record's keys without "draw".
Pure: no network here."""

from __future__ import annotations

from typing import Any

from game.core.game import RecordError

from .actions import Action, Discard, DrawThen, Play
from .record import MAIN_KEYS, action_from_record, action_to_record


def action_to_json(action: Action | DrawThen) -> dict[str, Any]:
    """A step as JSON: its record form (a lone Play or Discard without "draw")."""
    return action_to_record(action)


def action_from_json(obj: Any) -> Action | DrawThen:
    """A step from its JSON; RecordError (one line) when it has no valid shape."""
    lone = isinstance(obj, dict) and not any(k in obj for k in MAIN_KEYS)
    if lone and ("play" in obj or "discard" in obj):
        return _lone_step(obj)
    return action_from_record(obj)


def _lone_step(obj: dict[str, Any]) -> Play | Discard:
    player = obj.get("player")
    if type(player) is not int:
        raise RecordError('an action needs "player": a seat number')
    kind = "play" if "play" in obj else "discard"
    allowed = {"player", kind, "at" if kind == "play" else "reveal"}
    extra = sorted(k for k in obj if k not in allowed)
    if extra:
        raise RecordError(f'"{extra[0]}" does not belong in a {kind} action')
    card = obj[kind]
    if type(card) is not int:
        raise RecordError(f"{kind} must be a card id (an integer)")
    if kind == "play":
        if "at" not in obj:
            raise RecordError('a play needs "at"')
        return Play(player, card, _pos(obj["at"], "at"))
    reveal = _pos(obj["reveal"], "reveal") if "reveal" in obj else None
    return Discard(player, card, reveal)


def _pos(value: Any, what: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(type(v) is int for v in value):
        raise RecordError(f"{what} must be a [row, column] pair of integers")
    return (value[0], value[1])
