"""What a player may do now: `legal_actions` lists it, `check` explains any refusal.

Both read only what the acting seat can see, so they work on a `view_for` copy too. The two
agree exactly (a property test checks it): `check(a) is None` iff `a in legal_actions(player)`.
Swaps are listed in both orders ((a, b) and (b, a) are the same move).
"""

from __future__ import annotations

from typing import TypeGuard

from game.core.game import Refusal

from .actions import (
    COL,
    LINES,
    ROW,
    SOURCES,
    Action,
    Clear,
    Discard,
    Draw,
    Look,
    Play,
    Setup,
    Swap,
)
from .board import Board
from .cards import is_card
from .grid import PlayerState, Pos, adjacent
from .phases import CLEAR, LOOK, OVER, PLAY, SETUP, TURN, fmt

_NEEDS = {
    SETUP: "reveal one card and look at another",
    TURN: "draw a card or swap two cards",
    PLAY: "play or discard a hand card",
    CLEAR: "choose which complete line to clear first",
    LOOK: "look at a face-down card (the reward for clearing)",
}


_PAIRS: dict[tuple[int, int], list[tuple[Pos, Pos]]] = {}


def _adjacent_pairs(p: PlayerState) -> list[tuple[Pos, Pos]]:
    """Each adjacent pair once, (a, b) with b right of or below a (cached per shape)."""
    shape = (p.rows, p.cols)
    pairs = _PAIRS.get(shape)
    if pairs is None:
        rows, cols = shape
        pairs = []
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols:
                    pairs.append(((r, c), (r, c + 1)))
                if r + 1 < rows:
                    pairs.append(((r, c), (r + 1, c)))
        _PAIRS[shape] = pairs
    return pairs


# the turn's steps by seat, discard pile (non-empty), face-up cells
_TurnKey = tuple[int, bool, tuple[tuple[bool, ...], ...]]
_TURN_STEPS: dict[_TurnKey, tuple[Action, ...]] = {}


def _turn_steps(p: PlayerState, player: int, discard: bool) -> tuple[Action, ...]:
    out: list[Action] = [Draw(player, s) for s in SOURCES if s != "discard" or discard]
    up = p.up
    add = out.append
    for a, b in _adjacent_pairs(p):
        if not up[a[0]][a[1]] and not up[b[0]][b[1]]:
            add(Swap(player, a, b, a))
            add(Swap(player, a, b, b))
            add(Swap(player, b, a, b))
            add(Swap(player, b, a, a))
        else:
            add(Swap(player, a, b, None))
            add(Swap(player, b, a, None))
    return tuple(out)


def legal_actions(state: Board, player: int) -> list[Action]:
    """Every step `player` may take now (empty when it is not theirs to take)."""
    if state.waiting_for() != [player]:
        return []
    p = state.players[player]
    phase = state.phase
    if phase == SETUP:
        cells = p.face_down()
        return [Setup(player, a, b) for a in cells for b in cells if a != b]
    if phase == TURN:
        key: _TurnKey = (player, bool(state.discard), tuple(map(tuple, p.up)))
        steps = _TURN_STEPS.get(key)
        if steps is None:
            if len(_TURN_STEPS) > 4096:
                _TURN_STEPS.clear()
            steps = _TURN_STEPS[key] = _turn_steps(p, player, key[1])
        return list(steps)
    if phase == PLAY:
        cells = p.cells()
        reveals: list[Pos | None] = [*p.face_down()] or [None]
        hand = list(dict.fromkeys(p.hand))
        plays: list[Action] = [Play(player, card, at) for card in hand for at in cells]
        return plays + [Discard(player, card, at) for card in hand for at in reveals]
    if phase == CLEAR:
        return [Clear(player, k, i) for k, i in p.complete_lines()]
    if phase == LOOK:
        down = p.face_down()
        out: list[Action] = [Look(player, at, False) for at in down]
        if state.cleared >= 2:
            out += [Look(player, at, True) for at in down]
        return out
    return []


def _is_pos(at: object) -> TypeGuard[Pos]:
    return isinstance(at, tuple) and len(at) == 2 and type(at[0]) is int and type(at[1]) is int


_WANTED: dict[type[Action], str] = {
    Setup: SETUP,
    Draw: TURN,
    Swap: TURN,
    Play: PLAY,
    Discard: PLAY,
    Clear: CLEAR,
    Look: LOOK,
}
# the fields that must be positions in the grid, per step ("reveal" is checked on its own for
# Look, Swap and Discard)
_POS_FIELDS = {
    t: tuple(
        n
        for n in ("reveal", "look", "at", "a", "b")
        if n in t.__struct_fields__ and not (n == "reveal" and t in (Look, Swap, Discard))
    )
    for t in _WANTED
}


def is_step(a: object) -> TypeGuard[Action]:
    """True for a step of the rules, by exact type (a subclass is not one)."""
    return type(a) in _WANTED


def check(state: Board, a: object) -> Refusal | None:
    """Why step `a` is refused now (a code, and the one English line records keep), or None
    when it is legal."""
    # By exact type: the tables below are keyed by it (a subclass is not a step of the rules).
    if not is_step(a):
        return Refusal("not_an_action", f"not a Blanco action: {a!r}"[:200])
    player = a.player
    if type(player) is not int or not 0 <= player < len(state.players):
        return Refusal("unknown_player", "there is no player {value}", value=repr(player))
    if state.phase == OVER:
        return Refusal("game_over", "the game is over")
    waiting = state.waiting_for()
    if waiting != [player]:
        return Refusal(
            "not_your_turn",
            "it is not player {player}'s turn (waiting for player {waiting})",
            player=player,
            waiting=waiting[0],
        )
    p = state.players[player]
    phase = state.phase
    step = type(a).__name__.lower()
    if phase != _WANTED[type(a)]:
        return Refusal(
            f"must_{phase}",
            "player {player} cannot {step} now: they must " + _NEEDS[phase],
            player=player,
            step=step,
        )
    for name in _POS_FIELDS[type(a)]:
        value = getattr(a, name)
        if not _is_pos(value):
            return Refusal(
                "not_a_position",
                "player {player} cannot {step}: {field} must be a [row, col] position",
                player=player,
                step=step,
                field=name,
            )
        if not p.has(value):
            return Refusal(
                "not_in_grid",
                "player {player} cannot {step}: {at} is not in their grid",
                player=player,
                step=step,
                at=fmt(value),
            )
    if isinstance(a, Setup):
        if a.reveal == a.look:
            return Refusal(
                "look_elsewhere",
                "player {player} must look at a different card from the one they reveal",
                player=player,
            )
        for at in (a.reveal, a.look):
            if p.is_up(at):
                return Refusal(
                    "setup_face_up",
                    "player {player} cannot set up: {at} is already face up",
                    player=player,
                    at=fmt(at),
                )
        return None
    if isinstance(a, Draw):
        if a.source not in SOURCES:
            return Refusal(
                "bad_source",
                'player {player} cannot draw from {source}: "pile" or "discard"',
                player=player,
                source=repr(a.source),
            )
        if a.source == "discard" and not state.discard:
            return Refusal(
                "discard_empty",
                "player {player} cannot draw from the discard pile: it is empty",
                player=player,
            )
        return None
    if isinstance(a, (Play, Discard)):
        if not is_card(a.card):
            return Refusal(
                "not_a_card",
                "player {player} cannot {step} {card}: not a card id",
                player=player,
                step=step,
                card=repr(a.card),
            )
        if a.card not in p.hand:
            return Refusal(
                "not_in_hand",
                "player {player} cannot {step} card {card}: it is not in their hand",
                player=player,
                step=step,
                card=a.card,
            )
    if isinstance(a, Discard):
        if a.reveal is None:
            if p.face_down():
                return Refusal(
                    "must_reveal",
                    "player {player} must reveal a face-down card with their discard",
                    player=player,
                )
            return None
        if not _is_pos(a.reveal) or not p.has(a.reveal):
            return Refusal(
                "reveal_not_in_grid",
                "player {player} cannot reveal {at}: it is not in their grid",
                player=player,
                at=fmt(a.reveal),
            )
        if p.is_up(a.reveal):
            return Refusal(
                "reveal_face_up",
                "player {player} cannot reveal {at}: it is already face up",
                player=player,
                at=fmt(a.reveal),
            )
        return None
    if isinstance(a, Swap):
        return _check_swap(p, a)
    if isinstance(a, Clear):
        if a.line not in LINES or type(a.line_no) is not int:
            return Refusal(
                "bad_line",
                'player {player} cannot clear {line} {index}: "row" or "col" and n',
                player=player,
                line=repr(a.line),
                index=repr(a.line_no),
            )
        if (a.line, a.line_no) not in p.complete_lines():
            return Refusal(
                "line_incomplete",
                "player {player} cannot clear {line} {index}: it is not complete",
                player=player,
                line={ROW: "row", COL: "column"}[a.line],
                index=a.line_no,
            )
        return None
    if isinstance(a, Look):
        if p.is_up(a.at):
            return Refusal(
                "look_face_up",
                "player {player} cannot look at {at}: it is face up",
                player=player,
                at=fmt(a.at),
            )
        if type(a.reveal) is not bool:
            return Refusal(
                "reveal_not_bool",
                "player {player} cannot look: reveal must be true or false",
                player=player,
            )
        if a.reveal and state.cleared < 2:
            return Refusal(
                "reveal_needs_chain",
                "player {player} cannot reveal {at}: only after "
                "a chain reaction (two or more lines cleared this turn)",
                player=player,
                at=fmt(a.at),
            )
    return None


def _check_swap(p: PlayerState, a: Swap) -> Refusal | None:
    player = a.player
    if not adjacent(a.a, a.b):
        return Refusal(
            "not_adjacent",
            "player {player} cannot swap {a} and {b}: not adjacent",
            player=player,
            a=fmt(a.a),
            b=fmt(a.b),
        )
    both_down = not p.is_up(a.a) and not p.is_up(a.b)
    if both_down:
        if a.reveal not in (a.a, a.b) or not _is_pos(a.reveal):
            return Refusal(
                "choose_reveal",
                "player {player} must choose which of {a} and {b} to reveal (both are face down)",
                player=player,
                a=fmt(a.a),
                b=fmt(a.b),
            )
    elif a.reveal is not None:
        return Refusal(
            "no_reveal_choice",
            "player {player} cannot choose a card to reveal: {a} and {b} are not both face down",
            player=player,
            a=fmt(a.a),
            b=fmt(a.b),
        )
    return None
