"""Player actions: small immutable tuples, and their game-record form (GAME-RECORD.md).

Action classes are NamedTuples for speed (the engine lists thousands of them per game); each
class has a distinct shape, so two different kinds of action never compare equal.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.core.game import RecordError


class Keep(NamedTuple):
    """Setup draft: keep these 3 of the 5 cards drawn."""

    player: int
    cards: tuple[int, ...]


class Pick(NamedTuple):
    """Round draft (after rounds 1-3): keep this 1 of the 3 cards drawn."""

    player: int
    card: int


class Cross(NamedTuple):
    """Cross a square showing the revealed number shifted by `lightning` (|lightning| tokens)."""

    player: int
    card: int
    cell: int
    lightning: int = 0


class Pass(NamedTuple):
    """Cross nothing for this number (only when no open square shows it exactly)."""

    player: int


class Resolve(NamedTuple):
    """Resolve a completed line's pending number or question-mark bonus by crossing a square."""

    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the records' field name
    target_card: int
    cell: int


Action = Keep | Pick | Cross | Pass | Resolve


def action_to_record(action: Action) -> dict[str, Any]:
    """The JSON object for an action, exactly as GAME-RECORD.md shows it."""
    match action:
        case Keep(player, cards):
            return {"player": player, "keep": list(cards)}
        case Pick(player, card):
            return {"player": player, "pick": card}
        case Cross(player, card, cell, lightning):
            obj: dict[str, Any] = {"player": player, "cross": {"card": card, "cell": cell}}
            if lightning:
                obj["lightning"] = lightning
            return obj
        case Pass(player):
            return {"player": player, "pass": True}
        case Resolve(player, card, line, index, target_card, cell):
            return {
                "player": player,
                "bonus": {"card": card, "line": line, "index": index},
                "cross": {"card": target_card, "cell": cell},
            }
    raise TypeError(f"not an action: {action!r}")


def _int(value: Any, what: str) -> int:
    if type(value) is not int:  # bool is an int subclass; it is not a valid number here
        raise RecordError(f"{what} must be an integer")
    return value


def _square(obj: Any, what: str) -> tuple[int, int]:
    if not isinstance(obj, dict):
        raise RecordError(f"{what} must be an object with card and cell")
    return _int(obj.get("card"), f"{what}.card"), _int(obj.get("cell"), f"{what}.cell")


def action_from_record(obj: Any) -> Action:
    """Parse one action object; RecordError (one line) if it has no valid shape."""
    if not isinstance(obj, dict):
        raise RecordError("an action must be a JSON object")
    player = _int(obj.get("player"), "player")
    if "keep" in obj:
        cards = obj["keep"]
        if not isinstance(cards, list) or len(cards) != 3:
            raise RecordError("keep must list 3 card numbers")
        return Keep(player, tuple(_int(c, "keep card") for c in cards))
    if "pick" in obj:
        return Pick(player, _int(obj["pick"], "pick"))
    if "pass" in obj:
        if obj["pass"] is not True:
            raise RecordError("pass must be true")
        return Pass(player)
    if "bonus" in obj:
        bonus = obj["bonus"]
        if not isinstance(bonus, dict):
            raise RecordError("bonus must be an object with card, line and index")
        line = bonus.get("line")
        if line not in ("row", "col"):
            raise RecordError('bonus.line must be "row" or "col"')
        card = _int(bonus.get("card"), "bonus.card")
        index = _int(bonus.get("index"), "bonus.index")
        target, cell = _square(obj.get("cross"), "cross")
        return Resolve(player, card, line, index, target, cell)
    if "cross" in obj:
        card, cell = _square(obj["cross"], "cross")
        lightning = _int(obj.get("lightning", 0), "lightning")
        return Cross(player, card, cell, lightning)
    raise RecordError("an action must have one of keep, pick, cross, pass or bonus")


__all__ = [
    "Action",
    "Cross",
    "Keep",
    "Pass",
    "Pick",
    "RecordError",
    "Resolve",
    "action_from_record",
    "action_to_record",
]
