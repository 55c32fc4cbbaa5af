"""Views hide everything a seat cannot know, and `GameRules.hidden_variant` deals it anew.

For many random games and moments of both games (other games on each run: tests/sweep.py
prints the run's seed), and every seat: the variant's view equals the
original's (so nothing in a view tells the two deals apart), the hidden parts do differ in most
cases, and the variant is still a whole game that plays on to its end by legal actions.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from game.blanco.entry import BLANCO
from game.core.entry import Game
from game.luckybox.entry import LUCKYBOX
from tests import sweep

GAMES = [LUCKYBOX, BLANCO]


_SCALARS = frozenset({int, float, str, bool, type(None)})


def plain(obj: Any) -> Any:
    """Everything an object holds, as comparable plain data (the card faces, shared static
    data, left out)."""
    if isinstance(obj, random.Random):
        raise AssertionError("a random generator's state is kept")
    if isinstance(obj, tuple):
        return _plain_tuple(obj)
    if isinstance(obj, list):
        return _plain_items(obj)
    if isinstance(obj, dict):
        return {k: v if type(v) in _SCALARS else plain(v) for k, v in obj.items()}
    if isinstance(obj, (int, float, str, bool, type(None))):
        return obj
    frozen = _frozen(type(obj))
    if frozen and obj in _PLAIN_FROZEN:
        return _PLAIN_FROZEN[obj]  # an equal frozen value (an action) gives the same data
    fields = dict(getattr(obj, "__dict__", {}))
    for name in getattr(type(obj), "__slots__", ()):
        fields[name] = getattr(obj, name)
    fields.pop("faces", None)
    data = {"type": type(obj).__name__, **{k: _plain_value(v) for k, v in fields.items()}}
    if frozen:
        _PLAIN_FROZEN[obj] = data
    return data


def _frozen(cls: type) -> bool:
    """Whether values of `cls` never change (a frozen dataclass or msgspec struct: the
    actions of both games), found once per type."""
    known = _FROZEN_TYPES.get(cls)
    if known is None:
        config = getattr(cls, "__dataclass_params__", None) or getattr(
            cls, "__struct_config__", None
        )
        known = _FROZEN_TYPES[cls] = bool(getattr(config, "frozen", False))
        if known:
            _FROZEN_KINDS.add(cls)
    return known


_FROZEN_TYPES: dict[type, bool] = {}
_FROZEN_KINDS: set[type] = set()  # the types found frozen

#: plain() of the frozen values seen (the actions every state lists again, one game after
#: another): equal values, equal data.
_PLAIN_FROZEN: dict[Any, Any] = {}

#: plain() of the tuples seen that hold only scalars and such tuples (the actions, which are
#: NamedTuples, and the deck: a Blanco state lists hundreds), by identity: such a tuple never
#: changes. Each is kept with its data, so its id is not reused; emptied after each test.
_PLAIN_TUPLES: dict[int, tuple[tuple[Any, ...], list[Any]]] = {}


def _plain_items(items: list[Any] | tuple[Any, ...]) -> list[Any]:
    """plain() of a list or tuple: scalars kept as they are and remembered tuples looked up,
    without a call each (the states' long lists of numbers and of actions made this test
    slow)."""
    if _SCALARS.issuperset(map(type, items)):  # (the check and the copy in C)
        return list(items)
    if _FROZEN_KINDS.issuperset(map(type, items)):  # a list of actions: looked up in C
        data = list(map(_PLAIN_FROZEN.get, items))
        if None in data:
            data = [plain(x) if d is None else d for x, d in zip(items, data, strict=True)]
        return data
    data = []
    kept = _PLAIN_TUPLES.get
    scalars = _SCALARS.issuperset
    for x in items:
        kind = type(x)
        if kind in _SCALARS:
            data.append(x)
        elif kind is list and scalars(map(type, x)):  # a row of a grid, a pile
            data.append(list(x))
        else:
            known = kept(id(x))
            data.append(plain(x) if known is None else known[1])
    return data


def _plain_value(x: Any) -> Any:
    """plain(x), scalars and lists of scalars without the calls."""
    kind = type(x)
    if kind in _SCALARS:
        return x
    if kind is list and _SCALARS.issuperset(map(type, x)):
        return list(x)
    return plain(x)


def _plain_tuple(obj: tuple[Any, ...]) -> list[Any]:
    kept = _PLAIN_TUPLES.get(id(obj))
    if kept is not None:
        return kept[1]
    data = _plain_items(obj)
    if _SCALARS.issuperset(map(type, obj)) or all(
        type(x) in _SCALARS or id(x) in _PLAIN_TUPLES for x in obj
    ):
        _PLAIN_TUPLES[id(obj)] = (obj, data)
    return data


@pytest.fixture(autouse=True)
def _forget_tuples() -> Any:
    yield
    _PLAIN_TUPLES.clear()


def moments(game: Game, seed: int, every: int) -> Any:
    """(state, seat) at every `every`-th step of a random game, to its end."""
    rng = random.Random(seed)
    seats = rng.randint(1, 4)
    state, _ = game.rules.new_game([f"P{i}" for i in range(seats)], seed)
    step = 0
    while not state.is_terminal() and step < 600:
        if not state.waiting_for():
            state.advance()
            continue
        if step % every == 0:
            yield state, rng.randrange(seats)
        seat = rng.choice(state.waiting_for())
        outcome = state.apply(rng.choice(state.legal_actions(seat)))
        assert outcome.ok, outcome.refusal
        step += 1
    yield state, 0


def _undone(state: Any, seat: int) -> Any:
    copy = state.clone()
    copy._undo = (
        [stack[:] for stack in state._undo]
        if state._undo and isinstance(state._undo[0], list)
        else list(state._undo)
    )
    if hasattr(state, "undo_enabled"):  # Lucky Box's clone takes no snapshots
        copy.undo_enabled = state.undo_enabled
    assert copy.undo(seat).ok
    return copy


def play_out(state: Any, rng: random.Random) -> None:
    for _ in range(8000):  # random Blanco games are long
        if state.is_terminal():
            return
        if not state.waiting_for():
            assert state.advance(), "a chance step was taken"
            continue
        seat = rng.choice(state.waiting_for())
        outcome = state.apply(rng.choice(state.legal_actions(seat)))
        assert outcome.ok, outcome.refusal
    raise AssertionError("the variant did not reach its end")


#: (games, every how many steps a moment is looked at) of the variants' check, by game: Lucky
#: Box's random games are short (6 to 23 moments each), Blanco's long (600 steps, where
#: moments() stops). The games are new on each run (sweep_rng): about 200 moments of each
#: game a run, every one of them in a game none of the earlier runs played.
VARIANT_GAMES = {LUCKYBOX.id: (16, 9), BLANCO.id: (6, 18)}
if sweep.every_combination():  # SMLB_SWEEP=all: as many as before the games were drawn
    VARIANT_GAMES[BLANCO.id] = (12, 9)

#: (games, every how many steps a variant is played out) of the play-out check, by game (a
#: random Blanco game from a variant takes about a thousand steps to its end).
PLAYED_OUT = {LUCKYBOX.id: (6, 40), BLANCO.id: (6, 40 if sweep.every_combination() else 100)}


def game_seeds(rng: random.Random, count: int) -> list[int]:
    return [rng.randrange(1 << 30) for _ in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_variant_looks_the_same_from_the_seat_and_differs_in_what_it_hides(
    game: Game, sweep_rng: random.Random
) -> None:
    rng = random.Random(sweep_rng.random())
    seen = differ = 0
    count, every = VARIANT_GAMES[game.id]
    for seed in game_seeds(sweep_rng, count):
        for state, seat in moments(game, seed, every):
            # (as bytes: every object the state holds, compared in C; plain() walks it once)
            before = pickle.dumps(state)
            variant = game.rules.hidden_variant(state, seat, rng)
            assert pickle.dumps(state) == before, "the original is left as it was"
            after = plain(state)
            assert plain(variant.view_for(seat)) == plain(state.view_for(seat))
            assert variant.seed != state.seed
            seen += 1
            hidden = dict(plain(variant)), dict(after)  # (after: the state's, made once)
            for parts in hidden:
                parts.pop("seed")
            differ += hidden[0] != hidden[1]
    assert seen > 100
    assert differ >= 0.8 * seen, f"only {differ} of {seen} variants dealt anything anew"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_variant_is_a_whole_game_that_plays_to_its_end(
    game: Game, sweep_rng: random.Random
) -> None:
    rng = random.Random(sweep_rng.random())
    count, every = PLAYED_OUT[game.id]
    for seed in game_seeds(sweep_rng, count):
        for state, seat in moments(game, seed, every):
            variant = game.rules.hidden_variant(state, seat, rng)
            assert variant.legal_actions(seat) == state.legal_actions(seat)
            for other in range(len(state.names)):  # (others' hands may differ: as many steps)
                assert len(variant.legal_actions(other)) == len(state.legal_actions(other))
                assert (variant.can_undo(other) is None) == (state.can_undo(other) is None)
                if state.can_undo(other) is None:  # its undo snapshots were dealt anew too
                    again = game.rules.hidden_variant(state, seat, rng)
                    assert again.undo(other).ok
                    assert plain(again.view_for(seat)) == plain(
                        _undone(state, other).view_for(seat)
                    )
            play_out(variant, rng)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_keep_no_seed_no_generator_and_no_undo_snapshots(game: Game) -> None:
    for state, seat in moments(game, 5, every=7):
        view = state.view_for(seat)
        plain(view)  # raises on a kept random generator
        assert view.seed == 0, "the seed deals every hidden card"
        assert not any(view._undo), "undo snapshots hold hidden cards"


def test_luckybox_view_does_not_give_the_numbers_to_come_away() -> None:
    state, _ = LUCKYBOX.rules.new_game(["A", "B"], 1234)
    view = state.view_for(0)
    # The numbers come from random.Random(f"{seed}/numbers"): with the seed, a view would
    # hold them all.
    assert view.seed == 0 and all(n == 0 for round_ in view.numbers for n in round_)
    assert view.deck_order == () and view.deal == type(state.deal)()
