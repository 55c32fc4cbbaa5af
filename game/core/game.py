"""The seam every game implements: a `Game` (what a game is) and its `GameState` (one game).

A game is made of parts, one job each (game/core/entry.py's `Game` holds them): `GameRules` (what
OpenSpiel asks of a game: seats, dealing, hidden variants) and `GameRecords` (its record format
and results), both pure in the game's `rules/`; `GameBots` (computer players and the hint, its
`ai/`); `GameWords` (progress and rating lines in the player's language). Its rules name the types
its views, events and actions travel in (`GameRules.wire`, game/core/wire.py). Core gives the
defaults a game need not write: records derived from its types (game/core/records.py's
`PlainRecords`), words and a random computer player (game/core/entry.py).

Modelled on OpenSpiel's Python games: one state object with `legal_actions`, `apply`,
`is_terminal` and `returns`, every shuffle seeded so a game replays. Moves never raise: an
illegal one comes back as an `Outcome` with a readable refusal and changes nothing
(boardgame.io style). Chance steps that wait on the table's pace (Lucky Box's next number) are
explicit: when no seat may act and the game is not over, `advance()` takes the chance step.

Hidden information goes through two calls. `view_for(seat)` is what that seat may know (bots and
hints get only that); `redact(event, seat)` is an event as that seat may see it (None: it does
not see it at all). A game with no secrets returns the state and events unchanged.

Pure: no pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    NamedTuple,
    NotRequired,
    Protocol,
    Self,
    TypedDict,
    TypeVar,
    runtime_checkable,
)

if TYPE_CHECKING:
    from game.core.wire import WireTypes

BOT_LEVELS: tuple[str, ...] = (
    "easy",
    "normal",
    "hard",
    "expert",
)  # every game's computer levels, weakest first


class RecordError(ValueError):
    """A record or action does not follow its game-record format; the message is one line."""


class Refusal(str):
    """Why a move was refused: a stable `code` with its `args`, for the UI to put into words
    through the translations (seats stay seat numbers here; the UI names them). As a `str` it
    is the English line records, logs and `--check-record` keep, unchanged.

        Refusal("not_your_turn", "it is not player {player}'s turn", player=0)
    """

    code: str
    args: dict[str, object]

    def __new__(cls, code: str, english: str, **args: object) -> Refusal:
        self = super().__new__(cls, english.format(**args) if args else english)
        self.code = code
        self.args = args
        return self

    def __reduce__(self) -> tuple[object, ...]:  # pickles (the bot worker) keep code and args
        return (_refusal, (self.code, str(self), self.args))


def _refusal(code: str, text: str, args: dict[str, object]) -> Refusal:
    refusal = Refusal(code, text)
    refusal.args = dict(args)
    return refusal


# Argument names that hold a seat number: the UI shows that seat's name instead.
SEAT_ARGS = frozenset({"player", "seat", "waiting"})


class Outcome(NamedTuple):
    """What `apply` and `undo` return: the events, or the reason the move was refused."""

    events: list[Any]
    refusal: Refusal | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


class ParsedRecord(NamedTuple):
    """A record's header checked by its game: everything needed to deal, and the raw actions."""

    names: tuple[str, ...]
    seed: int
    options: object  # the game's own options object
    deal: object  # the game's own fixed deal (cards, reshuffles)
    actions: list[object]  # raw JSON actions, not yet parsed


class RecordScores(TypedDict):
    """A finished (or stopped) game's "result" as lists and statistics read it
    (`GameRecords.record_scores`): each seat's total, the winning seats, whether it ended, and
    maybe each seat's turns and a solo game's English rating line."""

    totals: list[int]
    winners: list[int]
    finished: bool
    turns: NotRequired[list[int]]
    rating: NotRequired[str | None]


@runtime_checkable
class GameState(Protocol):
    """One game in progress."""

    names: tuple[str, ...]
    seed: int
    actions: list[Any]  # every action standing, in order: exactly the record's actions

    def legal_actions(self, player: int) -> list[Any]:
        """Every action the player may take now (empty when they have nothing to do)."""
        ...

    def apply(self, action: Any) -> Outcome:
        """Apply a legal action (events) or refuse it with a reason, changing nothing."""
        ...

    def can_undo(self, player: int) -> str | None:
        """Why the player cannot undo now; None when they can."""
        ...

    def undo(self, player: int) -> Outcome:
        """Take back the player's last step, when the rules of undo allow it."""
        ...

    def waiting_for(self) -> list[int]:
        """The seats that may act now, in the order a shared screen serves them."""
        ...

    def advance(self) -> Sequence[object]:
        """Take the chance step the game waits on (when nobody may act and it is not over);
        the events, or [] when there is none."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> Sequence[float]:
        """Each seat's result so far (final once terminal); higher is better."""
        ...

    def view_for(self, seat: int) -> GameState:
        """What this seat may know: a state-like object bots and hints decide from, holding
        the fields of the game's view struct (`GameRules.wire`) that the wire sends."""
        ...

    def redact(self, event: Any, seat: int) -> object | None:
        """The event as this seat may see it; None when the seat does not see it at all."""
        ...

    def clone(self) -> Self: ...


@runtime_checkable
class Bot(Protocol):
    def choose(self, view: Any, player: int) -> Any:
        """One of the legal actions for `player`, decided from that seat's view only."""
        ...


#: A game's own state class (each game's `GameState`): its descriptor takes and returns it.
StateT = TypeVar("StateT", bound=GameState)
#: The same, for a part that only takes states (its words).
StateT_contra = TypeVar("StateT_contra", bound=GameState, contravariant=True)


@runtime_checkable
class GameRules(Protocol[StateT]):
    """What OpenSpiel asks of a game: its name, its seats, how to deal one, and the same game
    as one seat knows it. Pure: a game's `rules/` implements it with neither its bots nor any
    words (no `ai`, no `game.core.i18n`)."""

    @property
    def id(self) -> str:
        """A short lowercase name: folders, settings, routes and the command line use it."""
        ...

    @property
    def title(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    def new_game(
        self, names: Sequence[str], seed: int, options: Any = None, deal: Any = None
    ) -> tuple[StateT, list[Any]]:
        """Deal a game: the state and the set-up events. ValueError on bad arguments."""
        ...

    def hidden_variant(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """The same game as `seat` knows it, with everything hidden from that seat dealt anew
        by `rng` (a `random.Random`): the cards it has not seen, the pile order, the seed. Its
        `view_for(seat)` must equal `state.view_for(seat)`; the conformance test checks that
        views hide what they must by comparing the two."""
        ...

    @property
    def wire(self) -> WireTypes[StateT]:
        """The types its views, events and actions travel in (msgspec structs: the rules'
        own), and how a view sent becomes a state again."""
        ...


@runtime_checkable
class GameRecords(Protocol[StateT]):
    """How a game's records are read and written (its game-record format), and what a
    finished game's "result" says for lists and statistics. Pure, beside the rules."""

    @property
    def record_format(self) -> str:
        """The record's "format" value."""
        ...

    def parse_record(self, record: object) -> ParsedRecord:
        """Check a record's header (RecordError, one line, if it is wrong)."""
        ...

    def action_from_record(self, obj: object) -> object:
        """An action from its record JSON (RecordError, one line, if malformed)."""
        ...

    def action_to_record(self, action: Any) -> dict[str, object]: ...

    def record_of(self, state: StateT, extra: dict[str, object] | None = None) -> dict[str, object]:
        """The record so far: the whole deal (every reshuffle) and every standing action."""
        ...

    def summary(self, state: StateT) -> dict[str, object]:
        """The `--check-record` line for this state (the record contract)."""
        ...

    def state_from_record(self, obj: object) -> StateT:
        """The state a record describes, its actions played (RecordError, one line, if wrong)."""
        ...

    # Statistics and record lists: what a finished game's "result" says, read by its game.
    @property
    def solo_fewest_turns(self) -> bool:
        """A solo score is the turns taken, the fewest best (else a total)."""
        ...

    def record_scores(self, result: object, seats: int) -> RecordScores | None:
        """A record's "result" for lists and statistics: "totals", "winners", "finished", and
        maybe "turns" (per seat) and "rating" (a solo game's English line); None when it is
        missing or malformed (the record is then replayed)."""
        ...


@runtime_checkable
class PureGame(GameRules[StateT], GameRecords[StateT], Protocol[StateT]):
    """What a game's `rules/game.py` exports as `RULES`: its rules and its records."""


@runtime_checkable
class GameBots(Protocol):
    """A game's computer players and the hint (its `ai/` exports one as `BOTS`)."""

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The game's computer levels, weakest first (a subset of `BOT_LEVELS`)."""
        ...

    def make_bot(self, level: str, seed: int, seat: int) -> Bot:
        """A computer player of that level (ValueError for a level the game has not)."""
        ...

    def hint(self, view: Any, seat: int) -> object:
        """The strongest bot's suggestion for a human seat, from that seat's view."""
        ...


@runtime_checkable
class GameWords(Protocol[StateT_contra]):
    """A game in players' words (its `words.py` exports one as `WORDS`; it may translate;
    without one, core's `PlainWords`). A game may add `daily_squares(state) -> str`, the daily
    deal's share squares."""

    def progress(self, state: StateT_contra) -> str:
        """How far the game has come, in a few words ("round 2 of 4"), for lists."""
        ...

    def solo_rating(self, total: int) -> str:
        """The English rating line a solo game of this total earns ("" for a game without)."""
        ...

    def rating_shown(self, english: str) -> str:
        """A rating line as records keep it (English), in the player's language."""
        ...
