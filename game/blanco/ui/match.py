"""A Blanco match: several games by the same seats, won by the first to N wins or by the lowest
total of cards left after N games (BLANCO-RULES.md, "The second grid and the end"). Pure: no
pygame. Kept as match.json in Blanco's data folder, so a match survives closing the game."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.core import safe_json
from game.core.i18n import t, tn

if TYPE_CHECKING:
    from game.blanco.rules.state import BlancoState
    from game.core.session import Seat

SINGLE, WINS, TOTAL = "single", "wins", "total"
MODES = (SINGLE, WINS, TOTAL)
FILE = "match.json"


class SeatedGame(Protocol):
    """What `Match.fits` reads of a session: its seed and who sits where."""

    @property
    def seed(self) -> int: ...

    @property
    def seats(self) -> Sequence[Seat]: ...


@dataclass
class Match:
    mode: str  # WINS or TOTAL
    target: int  # N: wins needed, or games played
    names: list[str]
    kinds: list[str]
    seed: int  # the seed of the game being played now (the next one when between games)
    games: list[dict[str, Any]] = field(default_factory=list)  # {"seed", "winner", "left"}

    def describe(self) -> str:
        if self.mode == WINS:
            return t("blanco.match.first_to", "First to {n} wins", n=self.target)
        return t("blanco.match.lowest_after", "Lowest total after {n} games", n=self.target)

    def table_line(self, seat: int) -> str:
        """Where the match stands, for `seat`'s table: the game being played and their score."""
        game = len(self.games) + 1
        if self.mode == WINS:
            return t(
                "blanco.match.table_wins",
                "Game {n} · you: {wins} of {target} wins",
                n=game,
                wins=self.wins()[seat],
                target=self.target,
            )
        return t(
            "blanco.match.table_total",
            "Game {n} of {target} · your total: {total}",
            n=game,
            target=self.target,
            total=self.totals()[seat],
        )

    def seat_words(self, seat: int) -> str:
        """A seat's score in the match, in a few words (its panel at the table)."""
        if self.mode == WINS:
            wins = self.wins()[seat]
            return tn("blanco.match.mini_wins", wins, "{count} win", "{count} wins")
        return t("blanco.match.mini_total", "total {n}", n=self.totals()[seat])

    def add_game(self, state: BlancoState) -> None:
        """A finished game's result; the match moves on to the next seed."""
        self.games.append(
            {
                "seed": state.seed,
                "winner": state.winner,
                "left": [p.cards_left for p in state.players],
            }
        )
        self.seed = state.seed + 1

    def wins(self) -> list[int]:
        return [sum(1 for g in self.games if g["winner"] == i) for i in range(len(self.names))]

    def totals(self) -> list[int]:
        return [sum(g["left"][i] for g in self.games) for i in range(len(self.names))]

    def over(self) -> bool:
        if self.mode == WINS:
            return max(self.wins(), default=0) >= self.target
        return len(self.games) >= self.target

    def leaders(self) -> list[int]:
        """The seats ahead now (the match's winners once it is over)."""
        if self.mode == WINS:
            wins = self.wins()
            return [i for i, w in enumerate(wins) if w == max(wins)]
        totals = self.totals()
        return [i for i, t in enumerate(totals) if t == min(totals)]

    def fits(self, session: SeatedGame) -> bool:
        """Whether this match is the one the session's game belongs to."""
        return (
            self.seed == session.seed
            and self.names == [s.name for s in session.seats]
            and self.kinds == [s.kind for s in session.seats]
        )


def save_match(folder: Path, match: Match) -> None:
    from game.core.storage import write_json_atomic

    with contextlib.suppress(OSError):  # losing the match table never stops the game
        write_json_atomic(Path(folder) / FILE, asdict(match))


def load_match(folder: Path, tell: Callable[[str], None] | None = None) -> Match | None:
    """The match in progress, or None. A damaged file (game.core.safe_json, then every field's
    type) is no match: it is set aside and `tell` says so in one line."""
    from game.core.storage import set_aside

    path = Path(folder) / FILE
    try:
        match = safe_json.check_fields(Match, safe_json.read_object(path))
        if not (
            match.mode in (WINS, TOTAL)
            and match.target >= 1
            and len(match.kinds) == len(match.names)
            and all(_good_game(g, len(match.names)) for g in match.games)
        ):
            raise safe_json.BadFile("not a match in progress")
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as err:
        aside = set_aside(path)
        if tell is not None:
            tell(
                t(
                    "blanco.match.damaged",
                    "The match in progress could not be read ({why}); the file was {aside}.",
                    why=err,
                    aside=aside,
                )
            )
        return None
    return match


def _good_game(game: object, seats: int) -> bool:
    """One finished game of a match as `add_game` writes it."""
    if not isinstance(game, dict):
        return False
    winner, left = game.get("winner"), game.get("left")
    return (
        type(game.get("seed")) is int
        and (winner is None or type(winner) is int)
        and isinstance(left, list)
        and len(left) == seats
        and all(type(n) is int for n in left)
    )


def clear_match(folder: Path) -> None:
    with contextlib.suppress(OSError):
        (Path(folder) / FILE).unlink()
