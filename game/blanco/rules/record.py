"""Blanco game records (BLANCO-RECORD.md, format blanco/record@1): write, read, replay, summarise.

The engine's steps and the record's actions differ in one place: a record action
`{"draw": .., "play"/"discard": ..}` is two steps, `Draw` then `Play`/`Discard`.
`record_of` merges each such pair; `action_from_record` returns a `DrawThen` for it, which
`BlancoState.apply` applies all or nothing. A `Draw` whose play has not been made yet (a record
that stops mid-turn) is written as `{"player": p, "draw": source}` and read back as a lone `Draw`
(an extension of the format: it can only be the last action, since the next one is refused).
"""

from __future__ import annotations

from typing import TypeGuard

from game.core.commitment import check_commit
from game.core.daily_deal import check_daily
from game.core.game import ParsedRecord, RecordError

from .actions import (
    COL,
    ROW,
    SOURCES,
    Action,
    Clear,
    Discard,
    Draw,
    DrawThen,
    Look,
    Play,
    Setup,
    Swap,
)
from .cards import ALL_CARDS
from .limits import FORMAT as FORMAT
from .state import MAX_PLAYERS, MIN_PLAYERS, BlancoState, Deal

GAME_ID = "blanco"  # the daily deal's seed names the game
KNOWN_KEYS = ("player", "setup", "draw", "play", "at", "discard", "reveal", "swap", "clear", "look")
MAIN_KEYS = ("setup", "draw", "swap", "clear", "look")


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int


def _pos_out(at: tuple[int, int]) -> list[int]:
    return [at[0], at[1]]


# -- writing -----------------------------------------------------------------------------------
def action_to_record(action: Action | DrawThen) -> dict[str, object]:
    """A step (or `DrawThen`) as record JSON. A lone `Play`/`Discard` gives the partial dict
    without "draw" (records never hold one: `record_of` merges it with its draw)."""
    if isinstance(action, DrawThen):
        out = action_to_record(action.draw)
        then = action_to_record(action.then)
        del then["player"]
        out.update(then)
        return out
    p = action.player
    if isinstance(action, Setup):
        return {
            "player": p,
            "setup": {"reveal": _pos_out(action.reveal), "look": _pos_out(action.look)},
        }
    if isinstance(action, Draw):
        return {"player": p, "draw": action.source}
    if isinstance(action, Play):
        return {"player": p, "play": action.card, "at": _pos_out(action.at)}
    if isinstance(action, Discard):
        out = {"player": p, "discard": action.card}
        if action.reveal is not None:
            out["reveal"] = _pos_out(action.reveal)
        return out
    if isinstance(action, Swap):
        out = {"player": p, "swap": [_pos_out(action.a), _pos_out(action.b)]}
        if action.reveal is not None:
            out["reveal"] = _pos_out(action.reveal)
        return out
    if isinstance(action, Clear):
        return {"player": p, "clear": {action.line: action.line_no}}
    if isinstance(action, Look):
        out = {"player": p, "look": _pos_out(action.at)}
        if action.reveal:
            out["reveal"] = True
        return out
    raise TypeError(f"not a Blanco action: {action!r}")


def record_actions(steps: list[Action]) -> list[dict[str, object]]:
    """Engine steps as record actions: each Draw merged with the Play/Discard after it."""
    out = []
    i = 0
    while i < len(steps):
        step = steps[i]
        then = steps[i + 1] if i + 1 < len(steps) else None
        if isinstance(step, Draw) and isinstance(then, (Play, Discard)):
            out.append(action_to_record(DrawThen(step, then)))
            i += 2
        else:
            out.append(action_to_record(step))
            i += 1
    return out


def record_of(state: BlancoState, extra: dict[str, object] | None = None) -> dict[str, object]:
    """The record so far: the whole deck, every reshuffle that happened, every standing step.
    `extra` adds writer fields (seat kinds, dates, version); it never replaces the contract's."""
    if state.is_view:
        raise ValueError("a view hides the deal: write the record from the real state")
    record: dict[str, object] = {
        "format": FORMAT,
        "players": list(state.names),
        "seed": state.seed,
        "deal": {
            "deck": list(state.deck),
            "reshuffles": [list(r) for r in state.reshuffles],
        },
        "actions": record_actions(state.actions),
    }
    for key, value in (extra or {}).items():
        record.setdefault(key, value)
    return record


# -- reading -----------------------------------------------------------------------------------
def parse_record(obj: object) -> ParsedRecord:
    """Check a record's header: names, seed, options (None: Blanco has none), the `Deal` and
    the raw actions. RecordError (one line) when anything is wrong."""
    if not isinstance(obj, dict):
        raise RecordError("a record must be a JSON object")
    if obj.get("format") != FORMAT:
        raise RecordError(f'not a Blanco record: "format" must be "{FORMAT}"')
    names = obj.get("players")
    if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RecordError(f"players must list {MIN_PLAYERS} to {MAX_PLAYERS} names")
    if not all(isinstance(n, str) for n in names):
        raise RecordError("every player name must be a string")
    seed = obj.get("seed")
    if not _is_int(seed):
        raise RecordError("seed must be an integer")
    check_daily(obj, GAME_ID, seed)  # a daily deal's seed is its date's
    check_commit(obj, seed)  # a deal fixed before anyone played is the one promised
    deal_obj = obj.get("deal", {})
    if not isinstance(deal_obj, dict):
        raise RecordError("deal must be an object")
    deck = deal_obj.get("deck")
    if deck is not None:
        if not isinstance(deck, list) or not all(_is_int(c) for c in deck):
            raise RecordError("deal.deck must list card ids")
        if sorted(deck) != list(ALL_CARDS):
            raise RecordError(f"deal.deck must be a permutation of 1-120: {_deck_problem(deck)}")
    reshuffles = deal_obj.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise RecordError("deal.reshuffles must be a list of card lists")
    for i, r in enumerate(reshuffles):
        if not isinstance(r, list) or not all(_is_int(c) for c in r):
            raise RecordError(f"deal.reshuffles[{i}] must be a list of card ids")
    actions = obj.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    deal = Deal(None if deck is None else tuple(deck), tuple(tuple(r) for r in reshuffles))
    return ParsedRecord(tuple(names), seed, None, deal, actions)


def _deck_problem(deck: list[int]) -> str:
    seen: set[int] = set()
    for c in deck:
        if not 1 <= c <= 120:
            return f"{c} is not a card id"
        if c in seen:
            return f"card {c} is there twice"
        seen.add(c)
    missing = sorted(set(ALL_CARDS) - seen)
    return f"card {missing[0]} is missing" if missing else "wrong length"


def _pos(value: object, what: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(_is_int(v) for v in value):
        raise RecordError(f"{what} must be a [row, column] pair of integers")
    return (value[0], value[1])


def _card(value: object, what: str) -> int:
    if not _is_int(value):
        raise RecordError(f"{what} must be a card id (an integer)")
    return value


def action_from_record(obj: object) -> Action | DrawThen:
    """A step from its record JSON (a `DrawThen` for a draw with its play or discard).
    Unknown keys are ignored; a known key where it does not belong is an error."""
    if not isinstance(obj, dict):
        raise RecordError("an action must be a JSON object")
    player = obj.get("player")
    if not _is_int(player):
        raise RecordError('an action needs "player": a seat number')
    main = [k for k in MAIN_KEYS if k in obj]
    if not main:
        if "play" in obj or "discard" in obj:
            raise RecordError('a play or discard needs its "draw"')
        raise RecordError("an action needs one of " + ", ".join(f'"{k}"' for k in MAIN_KEYS))
    if len(main) > 1:
        raise RecordError(f'"{main[1]}" does not belong in a {main[0]} action')
    kind = main[0]
    present = {k for k in KNOWN_KEYS if k in obj} - {"player", kind}

    def only(*allowed: str) -> None:
        bad = sorted(present - set(allowed))
        if bad:
            raise RecordError(f'"{bad[0]}" does not belong in a {kind} action')

    if kind == "setup":
        only()
        setup = obj["setup"]
        if not isinstance(setup, dict):
            raise RecordError('"setup" must be an object with "reveal" and "look"')
        return Setup(
            player, _pos(setup.get("reveal"), "setup.reveal"), _pos(setup.get("look"), "setup.look")
        )
    if kind == "draw":
        source = obj["draw"]
        if source not in SOURCES:
            raise RecordError('"draw" must be "pile" or "discard"')
        draw = Draw(player, source)
        if "play" in obj:
            only("play", "at")
            if "at" not in obj:
                raise RecordError('a play needs "at"')
            return DrawThen(draw, Play(player, _card(obj["play"], "play"), _pos(obj["at"], "at")))
        if "discard" in obj:
            only("discard", "reveal")
            reveal = _pos(obj["reveal"], "reveal") if "reveal" in obj else None
            return DrawThen(draw, Discard(player, _card(obj["discard"], "discard"), reveal))
        only()
        return draw
    if kind == "swap":
        only("reveal")
        pair = obj["swap"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise RecordError('"swap" must be two positions')
        reveal = _pos(obj["reveal"], "reveal") if "reveal" in obj else None
        return Swap(player, _pos(pair[0], "swap"), _pos(pair[1], "swap"), reveal)
    if kind == "clear":
        only()
        clear = obj["clear"]
        if not isinstance(clear, dict):
            raise RecordError('"clear" must be {"row": n} or {"col": n}')
        lines = [k for k in (ROW, COL) if k in clear]
        if len(lines) != 1 or not _is_int(clear[lines[0]]):
            raise RecordError('"clear" must be {"row": n} or {"col": n}')
        return Clear(player, lines[0], clear[lines[0]])
    only("reveal")
    reveal = obj.get("reveal", False)
    if type(reveal) is not bool:
        raise RecordError('"reveal" on a look must be true or false')
    return Look(player, _pos(obj["look"], "look"), reveal)


# -- an `act` message ----------------------------------------------------------------------------
# Online, a draw from the pile is sent before its play is chosen (the card is only known once
# drawn), so `Play` and `Discard` also travel alone: the record's keys without "draw".
def action_from_act(obj: object) -> Action | DrawThen:
    """A step from an `act` message (its record form, `action_to_record`, or a lone play or
    discard); RecordError (one line) when it has no valid shape."""
    if (
        isinstance(obj, dict)
        and not any(k in obj for k in MAIN_KEYS)
        and ("play" in obj or "discard" in obj)
    ):
        return _lone_step(obj)
    return action_from_record(obj)


def _lone_step(obj: dict[str, object]) -> Play | Discard:
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


def state_from_record(obj: object) -> BlancoState:
    """Replay a record; RecordError "action N: <reason>" (N counts the record's actions, set-up
    included) on an illegal or malformed action or a listed reshuffle that does not fit."""
    parsed = parse_record(obj)
    try:
        deal = parsed.deal if isinstance(parsed.deal, Deal) else None  # (parse_record's own)
        state, _ = BlancoState.new(parsed.names, parsed.seed, deal)
    except ValueError as err:
        raise RecordError(str(err)) from None
    for i, raw in enumerate(parsed.actions):
        try:
            action = action_from_record(raw)
        except RecordError as err:
            raise RecordError(f"action {i}: {err}") from None
        outcome = state.apply(action)
        if not outcome.ok:
            raise RecordError(f"action {i}: {outcome.refusal}")
    return state


def summary(state: BlancoState) -> dict[str, object]:
    """The `--check-record` line: finished, winner, and each seat's stage, cards left, turns.
    Mid-turn, cards left counts the grid as it stands (complete lines not yet cleared included);
    a seat whose first grid just emptied is on stage 2 with 12 cards (set-up not yet done).
    A turn counts once its A or B move is made (a draw alone does not count)."""
    return {
        "game": "blanco",
        "finished": state.is_terminal(),
        "winner": state.winner,
        "players": [
            {"name": p.name, "stage": p.stage, "cards_left": p.cards_left, "turns": p.turns}
            for p in state.players
        ],
    }
