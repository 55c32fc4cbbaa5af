"""Statistics from the kept records: solo high scores and the score history, and multiplayer wins
per player. Pure Python (no pygame), so it is tested without a window.

What counts:

* Only finished games. A record of a game left part-way is not a result.
* Solo: one seat, played by a human (`kinds[0] == "human"`). A computer's solo games (the demo,
  bot benchmarks filed by hand) are not the player's scores.
* Multiplayer: every finished game with two or more seats, humans and computers alike. Every
  winner of a shared win gets a win. Humans are one player per name, ignoring case and spaces
  around it ("ann" and "Ann " are the same person; the newest spelling is shown). A computer is
  one player per name *and* level, labelled "Bot 2 (hard)", so a Hard bot's record never mixes
  with an Easy one that happened to get the same name, nor with a human of that name.

Time order: records are ordered by `finished_at` (ISO text, so it sorts as text), then by file
name. A record without a date (one copied in from another program) has no place in time we could
know; those come after all the dated games, in file-name order, so a dated game's position never
depends on a guess and the undated ones stay together at the end of the chart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from game.core.storage import RecordInfo

HUMAN = "human"
TOP_SCORES = 10
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class SoloGame:
    """One finished solo game by a human."""

    finished_at: str  # ISO date-time, or "" when unknown
    score: int
    rating: str
    name: str  # the player's name
    file: str  # the record's file name (a stable tie-break and for tests)

    @property
    def date(self) -> str:
        """The date for a table row: "3 May 2025", or "date unknown"."""
        return date_label(self.finished_at)


@dataclass(frozen=True)
class PlayerWins:
    """One multiplayer player's results."""

    label: str  # what the table shows: the name, or "Bot 2 (hard)" for a computer
    computer: bool
    wins: int
    played: int

    @property
    def rate(self) -> float:
        """Wins per game played, 0..1."""
        return self.wins / self.played if self.played else 0.0

    @property
    def rate_text(self) -> str:
        return f"{round(self.rate * 100)}%"


@dataclass
class SoloStats:
    games: list[SoloGame] = field(default_factory=list)  # time order, oldest first
    top: list[SoloGame] = field(default_factory=list)  # best first, at most TOP_SCORES
    fewest: bool = False  # the score is turns taken (Blanco): the lowest is the best

    @property
    def count(self) -> int:
        return len(self.games)

    @property
    def best(self) -> int | None:
        pick = min if self.fewest else max
        return pick((g.score for g in self.games), default=None)

    @property
    def mean(self) -> float | None:
        return sum(g.score for g in self.games) / len(self.games) if self.games else None

    @property
    def series(self) -> list[tuple[str, int]]:
        """(finished_at, score) per game in time order: the chart's points."""
        return [(g.finished_at, g.score) for g in self.games]

    @property
    def best_index(self) -> int | None:
        """Index in `games` of the first game that reached the best score (the chart marks it)."""
        best = self.best
        if best is None:
            return None
        return next(i for i, g in enumerate(self.games) if g.score == best)


@dataclass
class Stats:
    solo: SoloStats
    players: list[PlayerWins]  # most wins first
    multiplayer_games: int
    unfinished: int  # records not counted because the game was not finished
    computer_solo: int  # finished solo games played by a computer (not counted)

    @property
    def empty(self) -> bool:
        """Nothing to show at all (the friendly empty screen)."""
        return not self.solo.games and not self.multiplayer_games


def date_label(finished_at: str) -> str:
    """ "2025-05-03T14:02:11" -> "3 May 2025"; "" or anything unparseable -> "date unknown"."""
    when = parse_date(finished_at)
    if when is None:
        return "date unknown"
    return f"{when.day} {MONTHS[when.month - 1]} {when.year}"


def parse_date(finished_at: str) -> datetime | None:
    try:
        return datetime.fromisoformat(finished_at) if finished_at else None
    except ValueError:
        return None


def time_key(info: RecordInfo) -> tuple[int, str, str]:
    """Sort key, oldest first: dated records by date, then undated ones (see the module doc)."""
    return (0, info.finished_at, info.path.name) if info.finished_at else (1, "", info.path.name)


def is_human_solo(info: RecordInfo) -> bool:
    return info.finished and info.solo and bool(info.kinds) and info.kinds[0] == HUMAN


def no_rating(total: int) -> str:
    """For a game whose solo scores earn no rating line."""
    return ""


def solo_stats(
    infos: Iterable[RecordInfo], fewest: bool = False, rating: Callable[[int], str] = no_rating
) -> SoloStats:
    """The human solo games: all of them in time order, and the top ten. `fewest`: the score
    is the turns taken, lowest best, with no rating; else the total. `rating`: the game's
    line for a solo total (`GameWords.solo_rating`), for records whose result lacks it."""
    solo = sorted((i for i in infos if is_human_solo(i) and (i.turns or not fewest)), key=time_key)
    games = [
        SoloGame(
            finished_at=info.finished_at,
            score=info.turns[0] if fewest else info.totals[0],
            # A foreign record's result may lack the rating line; the rulebook's table gives it.
            rating="" if fewest else info.rating or rating(info.totals[0]),
            name=info.names[0],
            file=info.path.name,
        )
        for info in solo
    ]
    # Best first; on equal scores the earlier game ranks higher (it got there first).
    sign = 1 if fewest else -1
    order = sorted(range(len(games)), key=lambda i: (sign * games[i].score, i))
    return SoloStats(games=games, top=[games[i] for i in order[:TOP_SCORES]], fewest=fewest)


def natural_key(label: str) -> list[int | str]:
    """Sort "Player 2" before "Player 10": runs of digits compare as numbers."""
    parts = re.split(r"(\d+)", label.casefold())
    return [int(part) if i % 2 else part for i, part in enumerate(parts)]


def _player_key(name: str, kind: str) -> tuple[str, str]:
    return (kind, " ".join(name.split()).casefold())


def _label(name: str, kind: str) -> str:
    name = " ".join(name.split()) or "?"
    return name if kind == HUMAN else f"{name} ({kind})"


def multiplayer_wins(infos: Iterable[RecordInfo]) -> tuple[list[PlayerWins], int]:
    """Wins and games played per player over finished multiplayer games, and how many games.
    Most wins first, then the better win rate, then more games, then the name."""
    wins: dict[tuple[str, str], int] = {}
    played: dict[tuple[str, str], int] = {}
    labels: dict[tuple[str, str], str] = {}
    games = 0
    for info in sorted(infos, key=time_key):  # oldest first, so the newest spelling wins
        if not info.finished or info.solo or not info.names:
            continue
        games += 1
        keys = [_player_key(n, k) for n, k in zip(info.names, _kinds(info), strict=True)]
        for key, name, kind in zip(keys, info.names, _kinds(info), strict=True):
            labels[key] = _label(name, kind)
        # Sets: two seats under one name are one player, with at most one win per game.
        for key in set(keys):
            played[key] = played.get(key, 0) + 1
        for key in {keys[w] for w in info.winners if 0 <= w < len(keys)}:
            wins[key] = wins.get(key, 0) + 1
    rows = [PlayerWins(labels[k], k[0] != HUMAN, wins.get(k, 0), played[k]) for k in played]
    rows.sort(key=lambda r: (-r.wins, -r.rate, -r.played, natural_key(r.label)))
    return rows, games


def _kinds(info: RecordInfo) -> Sequence[str]:
    if len(info.kinds) == len(info.names):
        return info.kinds
    return [HUMAN] * len(info.names)


def compute(
    infos: Sequence[RecordInfo], fewest: bool = False, rating: Callable[[int], str] = no_rating
) -> Stats:
    """Everything the Statistics screen shows, from `storage.list_records(folder, games)[0]`.
    `fewest`: solo scores are turns taken, the fewest best (the game's `solo_fewest_turns`);
    `rating`: the game's `solo_rating`."""
    players, games = multiplayer_wins(infos)
    return Stats(
        solo=solo_stats(infos, fewest, rating),
        players=players,
        multiplayer_games=games,
        unfinished=sum(1 for i in infos if not i.finished),
        computer_solo=sum(1 for i in infos if i.finished and i.solo and not is_human_solo(i)),
    )


__all__ = [
    "PlayerWins",
    "SoloGame",
    "SoloStats",
    "Stats",
    "compute",
    "date_label",
    "is_human_solo",
    "multiplayer_wins",
    "natural_key",
    "no_rating",
    "parse_date",
    "solo_stats",
    "time_key",
]
