"""Every game keeps the seam's promises (game/core/game.py), checked over many seeded random
games (other games on each run: see SHARE_PER_RUN): legal actions apply, refusals change
nothing and say why by a code, undo restores the exact earlier state, records replay to the
same state, views keep what a seat knows and nothing more (hidden variants, the seed), and bots
decide from views and pick legal actions.

A game passes by being listed in the catalog: nothing here names a game's own classes. The
test-only game tests/highcard runs beside the real ones. States are compared by a canonical form
(a generic walk of their objects into plain values), so no game needs an equality of its own.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest
from highcard.entry import HIGHCARD

from game.core.entry import Game
from game.core.game import Refusal
from game.core.records import replay
from tests import sweep

pytestmark = pytest.mark.sampled  # (the games are drawn anew on each run: see seeds())


def catalog_games() -> list[Any]:
    """The games the app lists (the catalog is the one place that knows them)."""
    from game.catalog import games

    return list(games())


GAMES: list[Any] = [*catalog_games(), HIGHCARD]

# (game id, check) -> why that check fails today; the integrator removes these as the games
# catch up (strict: an unexpected pass fails, so no mark outlives its reason).
KNOWN_GAPS: dict[tuple[str, str], str] = {}


def each_game(check: str) -> list[Any]:
    return [
        pytest.param(
            game,
            id=game.id,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[(game.id, check)])]
            if (game.id, check) in KNOWN_GAPS
            else [],
        )
        for game in GAMES
    ]


# ------------------------------------------------------------------ canonical form


PLAIN = frozenset({int, float, bool, type(None)})
_all_plain = PLAIN.issuperset

# How canonical() treats a value of each type (found once per type: an isinstance chain that
# each of the millions of values walked would otherwise go through).
_SCALAR, _STR, _BYTES, _ENUM, _RANDOM, _NAMEDTUPLE, _SEQUENCE, _DICT, _SET, _OTHER = range(10)
_KINDS: dict[type, int] = {}
# Per type with fields: (dataclass field names, slot names, whether a frozen dataclass).
_LAYOUTS: dict[type, tuple[tuple[str, ...], tuple[str, ...], bool]] = {}
# canonical() of values seen that can never change (tuples, frozen dataclasses and frozensets
# of such, all the way down: the actions every state lists, the card faces), by identity; each
# kept with its value so the id is not reused. Emptied after each test.
_FROZEN: dict[int, tuple[Any, Any]] = {}


def _kind(cls: type) -> int:
    if issubclass(cls, (bool, int, float)) or cls is type(None):
        kind = _SCALAR
    elif issubclass(cls, str):
        kind = _STR
    elif issubclass(cls, bytes):
        kind = _BYTES
    elif issubclass(cls, enum.Enum):
        kind = _ENUM
    elif issubclass(cls, random.Random):
        kind = _RANDOM
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        kind = _NAMEDTUPLE
    elif issubclass(cls, (list, tuple, deque)):
        kind = _SEQUENCE
    elif issubclass(cls, dict):
        kind = _DICT
    elif issubclass(cls, (set, frozenset)):
        kind = _SET
    else:
        kind = _OTHER
    _KINDS[cls] = kind
    return kind


def _layout(cls: type) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    found = _LAYOUTS.get(cls)
    if found is None:
        names = (
            tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else ()
        )
        slots = tuple(
            slot
            for klass in cls.__mro__
            for slot in getattr(klass, "__slots__", ())
            if slot not in ("__dict__", "__weakref__")
        )
        # (a frozen dataclass or msgspec struct: the actions of both games)
        params = getattr(cls, "__dataclass_params__", None) or getattr(
            cls, "__struct_config__", None
        )
        found = _LAYOUTS[cls] = (names, slots, bool(getattr(params, "frozen", False)))
    return found


def canonical(obj: Any, _path: frozenset[int] = frozenset()) -> Any:
    """`obj` as plain JSON-like values: dataclass fields, `__dict__` and `__slots__` by name
    (with the type's name, so two kinds of action never compare equal), sequences as lists,
    dicts and sets in a sorted order. Two states are the same game when these are equal.
    (A cycle shows as "<cycle>" where an object is met again inside itself.)"""
    return _canonical(obj, set(_path))[0]


def _canonical(obj: Any, path: set[int]) -> tuple[Any, bool]:
    """canonical(obj), and whether obj can never change (then it is remembered by identity).
    `path`: the ids of the containers being walked (a cycle's guard)."""
    cls = type(obj)
    if cls in PLAIN:
        return obj, True
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _kind(cls)
    if kind == _SCALAR:
        return obj, True
    if kind == _STR:
        return str(obj), True
    if kind == _BYTES:
        return obj.hex(), True
    if kind == _ENUM:
        return [cls.__name__, _canonical(obj.value, path)[0]], True
    key = id(obj)
    kept = _FROZEN.get(key)
    if kept is not None:
        return kept[1], True
    if key in path:
        return "<cycle>", False
    path.add(key)
    try:
        value, frozen = _container(obj, cls, kind, path)
    finally:
        path.discard(key)
    if frozen:
        _FROZEN[key] = (obj, value)
    return value, frozen


def _container(obj: Any, cls: type, kind: int, path: set[int]) -> tuple[Any, bool]:
    if kind == _RANDOM:
        return ["Random", _canonical(obj.getstate(), path)[0]], False
    if kind == _NAMEDTUPLE:  # by field, typed
        out: dict[str, Any] = {"__type__": cls.__name__}
        frozen = True
        for name, item in zip(obj._fields, obj, strict=True):
            out[name], still = _canonical(item, path)
            frozen = frozen and still
        return out, frozen
    if kind == _SEQUENCE:
        frozen = isinstance(obj, tuple)
        if _all_plain(map(type, obj)):  # the common case, checked and copied in C
            return list(obj), frozen
        items = []
        for item in obj:
            kind = type(item)
            if kind in PLAIN:
                items.append(item)
            elif kind is list and _all_plain(map(type, item)):  # a row of a grid
                items.append(list(item))
                frozen = False
            else:
                value, still = _canonical(item, path)
                items.append(value)
                frozen = frozen and still
        return items, frozen
    if kind == _DICT:
        pairs = [[_canonical(k, path)[0], _canonical(v, path)[0]] for k, v in obj.items()]
        return {"__dict__": sorted(pairs, key=lambda pair: json.dumps(pair, sort_keys=True))}, False
    if kind == _SET:
        frozen = isinstance(obj, frozenset)
        items = []
        for item in obj:
            value, still = _canonical(item, path)
            items.append(value)
            frozen = frozen and still
        return {"__set__": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}, frozen
    if callable(obj) and not hasattr(obj, "__dict__"):
        return f"<{cls.__name__}>", False
    names, slots, frozen = _layout(cls)
    fields: dict[str, Any] = {}
    for name in names:
        if hasattr(obj, name):
            fields[name] = getattr(obj, name)
    for slot in slots:
        if slot not in fields and hasattr(obj, slot):
            fields[slot] = getattr(obj, slot)
    extra = getattr(obj, "__dict__", None)
    if extra:
        if frozen and not extra.keys() <= set(names):
            frozen = False  # (attributes beside a frozen dataclass's fields could change)
        fields.update(extra)
    if not fields:
        return repr(obj), False
    out = {"__type__": cls.__name__}
    for name in sorted(fields):
        value = fields[name]
        kind = type(value)
        if kind in PLAIN:
            out[name] = value
        elif kind is list and _all_plain(map(type, value)):
            out[name] = list(value)
            frozen = False
        else:
            out[name], still = _canonical(value, path)
            frozen = frozen and still
    return out, frozen


@pytest.fixture(autouse=True)
def _forget_frozen_values() -> Iterator[None]:
    yield
    _FROZEN.clear()


def contains_seed(value: Any, seed: int) -> bool:
    """Whether a canonical form holds the seed: as a number, or in a text (a derived seed such
    as "<seed>/numbers")."""
    # Where the seed's digits appear nowhere in the form's JSON, neither does the seed: most
    # forms are settled by that one search instead of a walk.
    if str(seed) not in json.dumps(value):
        return False
    return _holds_seed(value, seed)


def _holds_seed(value: Any, seed: int) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == seed
    if isinstance(value, str):
        return str(seed) in value
    if isinstance(value, list):
        return any(_holds_seed(item, seed) for item in value)
    if isinstance(value, dict):
        return any(_holds_seed(item, seed) for item in value.values())
    return False


# ------------------------------------------------------------------ random games

GAMES_PER_CHECK = 60  # seeded games per game and check (but see SHARE_PER_RUN)
LONGEST = 400  # steps a game may take before a check moves on (random play can wander)
BOT_MOVES = 24  # bot moves per game in the bots' check (the strongest bots think for a while)
FIRST_STEPS = 4  # a game's first steps are all looked at closely (short games whole)

#: The share of a check's games that a run plays, for the games whose checks are costly: other
#: games on each run, drawn from the run's seed (a failure prints it: tests/sweep.py), so the
#: runs of a day cover many times the games one run did; all of them with SMLB_SWEEP=all. A
#: game not listed (the test-only highcard: tiny games, and its undo check needs all of them
#: to see ten undos) plays every game, the same ones on every run.
SHARE_PER_RUN = {"luckybox": 0.5, "blanco": 0.5}


def seeds(
    game: Game, check: str, count: int = GAMES_PER_CHECK, least: int = 1
) -> Iterator[tuple[int, Any]]:
    """(seed, a random source for choices) for each game of a check: large seeds, so one
    found in a view is the seed and not a small number that happens to match. A run plays
    SHARE_PER_RUN of `count` games, `least` at least."""
    share = SHARE_PER_RUN.get(game.id)
    if share is None or sweep.every_combination():
        source = random.Random(f"{game.id}/{check}")
    else:
        source, count = sweep.rng_for(f"{game.id}/{check}"), max(least, int(count * share))
    for _ in range(count):
        seed = source.randrange(1 << 40, 1 << 62)
        yield seed, random.Random(seed)


def deal(game: Game, seed: int, rng: random.Random) -> tuple[Any, list[Any]]:
    players = rng.randint(game.rules.min_players, min(game.rules.max_players, 4))
    state, events = game.rules.new_game([f"Player {i + 1}" for i in range(players)], seed)
    return state, list(events)


def moments(rng: random.Random) -> set[int]:
    """The action counts at which costly checks look at a game: the first few, then a few
    spread over every scale (a game of 10 steps and one of 1000 both get looked at)."""
    return set(range(FIRST_STEPS)) | {rng.randrange(FIRST_STEPS, 2**k) for k in range(3, 11)}


class Step(NamedTuple):
    state: Any
    events: list[Any]
    look: bool  # whether costly checks look at this moment


def play(
    game: Game,
    seed: int,
    rng: random.Random,
    before: Callable[[Any], None] = lambda state: None,
    longest: int = LONGEST,
) -> Iterator[Step]:
    """A random game, step by step: yields each chance step and action, the deal first.
    `before(state)` runs before the actions at the looked-at moments."""
    picks = moments(rng)
    looked: set[int] = set()

    def look(state: Any) -> bool:
        count = len(state.actions)
        first = count in picks and count not in looked
        looked.add(count)
        return first

    state, events = deal(game, seed, rng)
    yield Step(state, events, look(state))
    for _ in range(longest):
        if state.is_terminal():
            return
        waiting = state.waiting_for()
        if not waiting:
            yield Step(state, list(state.advance()), look(state))
            continue
        seat = rng.choice(waiting)
        legal = state.legal_actions(seat)
        assert legal, f"seed {seed}: seat {seat} is waited for but has no legal action"
        if len(state.actions) in picks:
            before(state)
        outcome = state.apply(rng.choice(legal))
        assert outcome.ok, f"seed {seed}: a legal action was refused: {outcome.refusal}"
        yield Step(state, list(outcome.events), look(state))


def settle(state: Any) -> None:
    """Take the chance step a game waits on, as a replay does after the last action."""
    if not state.waiting_for() and not state.is_terminal():
        state.advance()


# ------------------------------------------------------------------ the checks


@pytest.mark.parametrize("game", each_game("legal"))
def test_legal_actions_always_apply_and_games_end(game: Any) -> None:
    for seed, rng in seeds(game, "legal", GAMES_PER_CHECK // 3):
        state = None
        for state, _events, look in play(game, seed, rng, longest=20_000):
            seats = range(len(state.names))
            waiting = state.waiting_for()
            assert set(waiting) <= set(seats)
            if look:
                for seat in seats:
                    legal = state.legal_actions(seat)
                    assert bool(legal) == (seat in waiting), f"seed {seed}, seat {seat}"
                    for action in rng.sample(legal, min(len(legal), 6)):
                        assert state.clone().apply(action).ok, f"seed {seed}: {action}"
        assert state is not None and state.is_terminal(), f"seed {seed}: the game did not end"
        assert state.waiting_for() == [] and state.advance() == []
        returns = state.returns()
        assert len(returns) == len(state.names)
        assert all(isinstance(value, (int, float)) for value in returns)


def illegal_actions(state: Any, seen: list[Any], rng: random.Random) -> tuple[list[Any], list[Any]]:
    """Actions the state must refuse: garbage, and actions of other moments and seats that
    no seat may take now (none of them listed now: one the rules still accept must be the same
    choice as a listed one, `same_as_listed`)."""
    now = {repr(a) for seat in range(len(state.names)) for a in state.legal_actions(seat)}
    elsewhere = [a for a in rng.sample(seen, min(len(seen), 12)) if repr(a) not in now]
    return [None, "garbage", 42, ("cross", 99), {"player": 0}, object()], elsewhere[:6]


def same_as_listed(state: Any, accepted: Any) -> bool:
    """Whether `accepted` (a copy of `state` after an action legal_actions did not list) is
    where one of the listed actions leads: another spelling of the same choice (Lucky Box's
    keep names a set of cards, in any order)."""
    after = canonical(accepted)
    for seat in range(len(state.names)):
        for action in state.legal_actions(seat):
            other = state.clone()
            if other.apply(action).ok and canonical(other) == after:
                return True
    return False


def refusals(game: Any, count: int) -> Iterator[list[Refusal | str]]:
    """The refusals of illegal actions in each of `count` seeded games (a list a game), each
    checked to change nothing."""
    seen: list[Any] = []  # actions of other moments and games

    def remember(state: Any) -> None:
        for seat in range(len(state.names)):
            seen.extend(state.legal_actions(seat)[:2])

    for seed, rng in seeds(game, "refusals", count):
        refused: list[Refusal | str] = []
        for state, _events, look in play(game, seed, rng, before=remember):
            if not look:
                continue
            snapshot = canonical(state)
            garbage, elsewhere = illegal_actions(state, seen, rng)
            tried = garbage + elsewhere
            for action in tried:
                if action in elsewhere:  # (an action of another moment: tried on a copy first)
                    probe = state.clone()
                    if probe.apply(action).ok:
                        assert same_as_listed(state, probe), f"seed {seed}: {action!r} accepted"
                        continue
                outcome = state.apply(action)
                assert not outcome.ok, f"seed {seed}: {action!r} was accepted"
                assert outcome.events == [], f"seed {seed}: {action!r} refused with events"
                assert isinstance(outcome.refusal, str) and outcome.refusal.strip()
                refused.append(outcome.refusal)
            # (one comparison for them all: a refusal that changed something shows here)
            assert canonical(state) == snapshot, (
                f"seed {seed}: refusing one of {tried} changed the game"
            )
        yield refused


#: game id -> the refusals of each game `refusals` played (all of them checked to change
#: nothing): both checks below read the same games, the first 10 of the 30 for the codes.
_REFUSED: dict[str, list[list[Refusal | str]]] = {}


def refused_in(game: Any, count: int) -> list[list[Refusal | str]]:
    """`refusals(game, count)`, played once for the module (the games, the generator and the
    actions seen are the same for any count: a shorter run is the longer one's start)."""
    done = _REFUSED.get(game.id)
    if done is None or len(done) < count:
        done = _REFUSED[game.id] = list(refusals(game, count))
    return done[:count]


@pytest.mark.parametrize("game", each_game("refusals"))
def test_refused_actions_change_nothing(game: Any) -> None:
    assert sum(len(refused) for refused in refused_in(game, GAMES_PER_CHECK // 2)) > 100


@pytest.mark.parametrize("game", each_game("refusal_codes"))
def test_refusals_carry_a_code(game: Any) -> None:
    for refused in refused_in(game, 10):
        for refusal in refused:
            assert isinstance(refusal, Refusal) and refusal.code.strip(), repr(refusal)


@pytest.mark.parametrize("game", each_game("undo"))
def test_undo_restores_the_exact_earlier_state(game: Any) -> None:
    undone = compared = 0
    before: dict[int, tuple[list[Any], Any]] = {}  # the game before an action, by action count

    def keep(state: Any) -> None:
        before[len(state.actions)] = (list(state.actions), canonical(state))

    for seed, rng in seeds(game, "undo", GAMES_PER_CHECK // 2):
        before.clear()
        for state, _events, look in play(game, seed, rng, before=keep):
            seats = range(len(state.names))
            undoable = [seat for seat in seats if state.can_undo(seat) is None]
            refused = [seat for seat in seats if seat not in undoable]
            if refused and look:
                snapshot = canonical(state)
                outcome = state.undo(rng.choice(refused))
                assert not outcome.ok and outcome.refusal, f"seed {seed}"
                assert canonical(state) == snapshot, f"seed {seed}: a refused undo changed it"
            if not undoable or rng.random() >= 0.3:
                continue
            seat = rng.choice(undoable)
            actions = list(state.actions)
            assert state.undo(seat).ok, f"seed {seed}: undo allowed but refused"
            undone += 1
            now = state.actions
            assert len(now) < len(actions), f"seed {seed}: undo took back no action"
            if actions[: len(now)] == now and before.get(len(now), ([None], None))[0] == now:
                assert canonical(state) == before[len(now)][1], f"seed {seed}: undo differs"
                compared += 1
    assert undone > 10 and compared > 5  # the check saw undos at all


@pytest.mark.parametrize("game", each_game("record"))
def test_records_replay_to_the_same_state(game: Any) -> None:
    for seed, rng in seeds(game, "record"):
        state = None
        for state, _events, _look in play(game, seed, rng, longest=rng.randrange(1, LONGEST)):
            if rng.random() < 0.1:
                seat = rng.randrange(len(state.names))
                if state.can_undo(seat) is None:
                    state.undo(seat)
        assert state is not None
        settle(state)
        record = json.loads(json.dumps(game.rules.record_of(state)))  # plain JSON, as files keep it
        assert record["format"] == game.rules.record_format
        again = replay(record, game).state
        # The same game, whether dealt from the seed or from the record's deal (a state may
        # keep which, so the whole states are not compared): the same record, for everyone.
        assert json.loads(json.dumps(game.rules.record_of(again))) == record, f"seed {seed}"
        assert game.rules.summary(again) == game.rules.summary(state), f"seed {seed}"
        assert again.waiting_for() == state.waiting_for(), f"seed {seed}"
        assert again.returns() == state.returns() and again.is_terminal() == state.is_terminal()
        for seat in range(len(state.names)):
            assert again.legal_actions(seat) == state.legal_actions(seat), f"seed {seed}"
            assert again.can_undo(seat) == state.can_undo(seat), f"seed {seed}"
        assert isinstance(game.words.progress(state), str) and game.words.progress(state)


@pytest.mark.parametrize("game", each_game("hidden_variant"))
def test_hidden_variants_keep_what_a_seat_knows(game: Any) -> None:
    variants = 0
    for seed, rng in seeds(game, "hidden_variant", GAMES_PER_CHECK // 3):
        for state, _events, look in play(game, seed, rng):
            if not look:
                continue
            snapshot = canonical(state)
            seat = rng.randrange(len(state.names))
            variant = game.rules.hidden_variant(state, seat, random.Random(rng.random()))
            assert canonical(state) == snapshot, f"seed {seed}: hidden_variant changed it"
            assert canonical(variant.view_for(seat)) == canonical(state.view_for(seat)), (
                f"seed {seed}, seat {seat}: the variant's view differs"
            )
            assert canonical(variant) != snapshot, f"seed {seed}: nothing hidden was dealt anew"
            assert variant.legal_actions(seat) == state.legal_actions(seat)
            variants += 1
    assert variants > 50


@pytest.mark.parametrize("game", each_game("seed"))
def test_views_and_redacted_events_never_carry_the_seed(game: Any) -> None:
    for seed, rng in seeds(game, "seed", GAMES_PER_CHECK // 3):
        for state, events, look in play(game, seed, rng):
            seats = range(len(state.names))
            for event in events:
                for seat in seats:
                    shown = canonical(state.redact(event, seat))
                    assert not contains_seed(shown, seed), f"seed in {event!r} for {seat}"
            if look:
                for seat in seats:
                    view = canonical(state.view_for(seat))
                    assert not contains_seed(view, seed), f"seat {seat}'s view has the seed"


@pytest.mark.slow
@pytest.mark.parametrize("game", each_game("bots"))
def test_bots_choose_legal_actions_from_views(game: Any) -> None:
    every_level = list(game.bots.bot_levels)
    for index, (seed, rng) in enumerate(
        seeds(game, "bots", GAMES_PER_CHECK // 8, least=len(every_level))
    ):
        state, _events = deal(game, seed, rng)
        levels = every_level[:]
        rng.shuffle(levels)
        # Each level takes the first seat of a game in turn: every level plays on every run.
        levels.remove(first := every_level[index % len(every_level)])
        levels.insert(0, first)
        bots = {
            seat: game.bots.make_bot(levels[seat % len(levels)], seed, seat)
            for seat in range(len(state.names))
        }
        picks = moments(rng)
        for _ in range(BOT_MOVES):
            if state.is_terminal():
                break
            waiting = state.waiting_for()
            if not waiting:
                state.advance()
                continue
            seat = waiting[0]
            look = len(state.actions) in picks
            snapshot = canonical(state) if look else None
            # The bot gets the view only: a bot reading anything else would fail here.
            action = bots[seat].choose(state.view_for(seat), seat)
            assert not look or canonical(state) == snapshot
            legal = state.legal_actions(seat)
            assert action in legal, f"seed {seed}: {levels[seat % len(levels)]} chose {action}"
            if look:
                assert game.bots.hint(state.view_for(seat), seat) in legal, f"seed {seed}: hint"
            assert state.apply(action).ok
