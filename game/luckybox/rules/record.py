"""Game records (GAME-RECORD.md, format version 1): write, read, replay and summarise."""

from __future__ import annotations

import json
from typing import Any

from game.luckybox.rules.actions import RecordError, action_from_record, action_to_record
from game.luckybox.rules.state import MAX_PLAYERS, ROUNDS, Deal, GameState, Options

FORMAT = "super-mega-lucky-box/record@1"


def _is_int(value: Any) -> bool:
    return type(value) is int


def state_to_record(state: GameState, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game so far: its full deal and every action still standing (undone ones
    are gone). `extra` adds writer fields (seat kinds, dates, version), which readers ignore."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(state.names),
        "seed": state.seed,
        "options": {"token_supply": state.options.token_supply},
        "deal": {
            "lucky_deck": list(state.deck_order),
            "numbers": [list(r) for r in state.numbers],
        },
        "actions": [action_to_record(a) for a in state.actions],
    }
    if extra:
        for key, value in extra.items():
            record.setdefault(key, value)
    return record


def parse_record(obj: Any) -> tuple[tuple[str, ...], int, Options, Deal, list[Any]]:
    """Check the record's header; return names, seed, options, deal and the raw action list."""
    if not isinstance(obj, dict):
        raise RecordError("a record must be a JSON object")
    if obj.get("format") != FORMAT:
        raise RecordError(f'not a game record: "format" must be "{FORMAT}"')
    names = obj.get("players")
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_PLAYERS:
        raise RecordError(f"players must list 1 to {MAX_PLAYERS} names")
    if not all(isinstance(n, str) for n in names):
        raise RecordError("every player name must be a string")
    seed = obj.get("seed")
    if not _is_int(seed):
        raise RecordError("seed must be an integer")
    options_obj = obj.get("options", {})
    if not isinstance(options_obj, dict):
        raise RecordError("options must be an object")
    supply = options_obj.get("token_supply", "unlimited")
    if supply not in ("unlimited", "limited"):
        raise RecordError('options.token_supply must be "unlimited" or "limited"')
    deal_obj = obj.get("deal", {})
    if not isinstance(deal_obj, dict):
        raise RecordError("deal must be an object")
    lucky = deal_obj.get("lucky_deck", [])
    if not isinstance(lucky, list) or not all(_is_int(c) for c in lucky):
        raise RecordError("deal.lucky_deck must list card numbers")
    numbers = deal_obj.get("numbers", [])
    if not isinstance(numbers, list) or len(numbers) > ROUNDS or not all(
        isinstance(r, list) and all(_is_int(n) for n in r) for r in numbers
    ):
        raise RecordError(f"deal.numbers must list up to {ROUNDS} rounds of 9 numbers")
    actions = obj.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    deal = Deal(tuple(lucky), tuple(tuple(r) for r in numbers))
    return tuple(names), seed, Options(supply), deal, actions


def state_from_record(obj: Any) -> GameState:
    """Rebuild the state a record describes by replaying it; RecordError names what is wrong."""
    names, seed, options, deal, actions = parse_record(obj)
    try:
        state, _ = GameState.new(names, seed, options, deal)
    except ValueError as err:
        raise RecordError(str(err)) from None
    for i, raw in enumerate(actions):
        try:
            action = action_from_record(raw)
        except RecordError as err:
            raise RecordError(f"action {i}: {err}") from None
        outcome = state.apply(action)
        if not outcome.ok:
            raise RecordError(f"action {i}: {outcome.refusal}")
    return state


def parse_json(text: str) -> Any:
    """JSON text as Python values; RecordError (one line) if it is not JSON."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as err:
        reason = err.msg if isinstance(err, json.JSONDecodeError) else str(err)
        raise RecordError(f"not valid JSON: {reason}") from None


def load_record_text(text: str) -> GameState:
    """Parse JSON text and replay it; RecordError (one line) on anything wrong."""
    return state_from_record(parse_json(text))


def summary(state: GameState) -> dict[str, Any]:
    """The one-line check result: totals so far, per player, and the winners once finished."""
    players = []
    for p in state.players:
        entry: dict[str, Any] = {
            "name": p.name,
            "total": p.total,
            "cards": sum(p.card_points),
            "stars": sum(p.star_points),
            "incomplete": p.incomplete,
            "moon_points": p.moon_points,
            "moons": p.moons,
            "lightning": p.lightning,
        }
        players.append(entry)
    rating = state.rating()
    if rating is not None:
        players[0]["rating"] = rating
    return {
        "finished": state.is_terminal(),
        "round": state.round,
        "players": players,
        "winners": list(state.winners()),
    }
