"""Player actions: small frozen structs, and their game-record form (GAME-RECORD.md).

An action is what the engine lists and applies, what the wire sends (tagged by "kind", in a
view's `actions` and an `Undone` event) and what a record's actions are read into: one
declaration. Two different kinds of action never compare equal.
"""

from __future__ import annotations

from game.core.game import RecordError
from game.core.wire import Tagged

from .caps import Card, Cell, Drawn, Line, LineNo, Seat, Shift


class Keep(Tagged, frozen=True):
    """Setup draft: keep these 3 of the 5 cards drawn."""

    player: Seat
    cards: Drawn


class Pick(Tagged, frozen=True):
    """Round draft: keep this 1 of the 3 cards drawn."""

    player: Seat
    card: Card


class Cross(Tagged, frozen=True):
    """Cross a cell showing the revealed number shifted by `lightning` (|lightning| tokens)."""

    player: Seat
    card: Card
    cell: Cell
    lightning: Shift = 0


class Pass(Tagged, frozen=True):
    """Cross nothing for this number."""

    player: Seat


class Resolve(Tagged, frozen=True):
    """Resolve line `index` ("row" or "col") of `card`'s pending bonus on a cell."""

    player: Seat
    card: Card
    line: Line
    index: LineNo
    target_card: Card
    cell: Cell


Action = Keep | Pick | Cross | Pass | Resolve


def action_to_record(action: Action) -> dict[str, object]:
    """The JSON object for an action, exactly as GAME-RECORD.md shows it."""
    match action:
        case Keep(player, cards):
            return {"player": player, "keep": list(cards)}
        case Pick(player, card):
            return {"player": player, "pick": card}
        case Cross(player, card, cell, lightning):
            obj: dict[str, object] = {"player": player, "cross": {"card": card, "cell": cell}}
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


def _int(value: object, what: str) -> int:
    if type(value) is not int:  # bool is an int subclass; it is not a valid number here
        raise RecordError(f"{what} must be an integer")
    return value


def _square(obj: object, what: str) -> tuple[int, int]:
    if not isinstance(obj, dict):
        raise RecordError(f"{what} must be an object with card and cell")
    return _int(obj.get("card"), f"{what}.card"), _int(obj.get("cell"), f"{what}.cell")


def action_from_record(obj: object) -> Action:
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
