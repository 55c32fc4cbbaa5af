"""Game records (GAME-RECORD.md, format version 1): write, read and summarise.

Replaying a record is done in one place for every game: `game.core.records.replay`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from game.core.commitment import check_commit
from game.core.daily_deal import check_daily
from game.core.game import ParsedRecord, RecordError

from .actions import action_to_record
from .parts import Deal, Options
from .scoring import MAX_PLAYERS, ROUNDS

if TYPE_CHECKING:  # the engine loads on first use, not with the descriptor (start-up)
    from .state import GameState

GAME_ID = "luckybox"  # the daily deal's seed names the game
FORMAT = "super-mega-lucky-box/record@1"


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def state_to_record(state: GameState, extra: dict[str, object] | None = None) -> dict[str, object]:
    """The record of a game so far: its full deal (the whole deck, every round's numbers and
    every reshuffle that happened) and every action still standing (undone ones are gone).
    `extra` adds writer fields (seat kinds, dates, version), which readers ignore."""
    deal: dict[str, object] = {
        "lucky_deck": list(state.deck_order),
        "numbers": [list(r) for r in state.numbers],
    }
    if state.reshuffle_piles:
        deal["reshuffles"] = [list(pile) for pile in state.reshuffle_piles]
    record: dict[str, object] = {
        "format": FORMAT,
        "players": list(state.names),
        "seed": state.seed,
        "options": {"token_supply": state.options.token_supply},
        "deal": deal,
        "actions": [action_to_record(a) for a in state.actions],
    }
    if extra:
        for key, value in extra.items():
            record.setdefault(key, value)
    return record


def _int_lists(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, list) and all(_is_int(n) for n in r) for r in value
    )


def parse_record(obj: object) -> ParsedRecord:
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
    check_daily(obj, GAME_ID, seed)  # a daily deal's seed is its date's
    check_commit(obj, seed)  # a deal fixed before anyone played is the one promised
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
    if not _int_lists(numbers) or len(numbers) > ROUNDS:
        raise RecordError(f"deal.numbers must list up to {ROUNDS} rounds of 9 numbers")
    reshuffles = deal_obj.get("reshuffles", [])
    if not _int_lists(reshuffles):
        raise RecordError("deal.reshuffles must list piles of card numbers")
    actions = obj.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    deal = Deal(tuple(lucky), tuple(tuple(r) for r in numbers), tuple(tuple(r) for r in reshuffles))
    return ParsedRecord(tuple(names), seed, Options(supply), deal, actions)


def summary(state: GameState) -> dict[str, object]:
    """The one-line check result: totals so far, per player, and the winners once finished."""
    players = []
    for p in state.players:
        entry: dict[str, object] = {
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
