"""The daily deal, for any game (by its id): the seed of a date, the record's `daily` field, the
line a player shares, and the history of the days played (kept in the game's data folder).

The seed is the records' contract (GAME-RECORD.md, BLANCO-RECORD.md): the first 6 bytes,
big-endian, of SHA-256 of the UTF-8 text `<game id>/daily/YYYY-MM-DD`, so any program deals the
same cards on the same date. The first game of a day counts; later ones that day are practice.

Pure: no pygame, no game (the game's id is given).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from game.core.game import Game, RecordError
from game.core.i18n import t, tn

FIELD = "daily"  # the record's field: the date, "YYYY-MM-DD"
PRACTICE_FIELD = "daily_practice"  # our own field: a later game of that day (it does not count)
HISTORY_FILE = "daily.json"
_DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}\Z", re.ASCII)


def parse_day(text: Any) -> date | None:
    """The date a "YYYY-MM-DD" text names; None when it is not that shape or not a real day."""
    if not isinstance(text, str) or not _DAY_TEXT.match(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # 2026-02-30
        return None


def daily_seed(game_id: str, day: date | str) -> int:
    """The daily deal's seed of `game_id` on `day` (the records' contract)."""
    text = day.isoformat() if isinstance(day, date) else day
    digest = hashlib.sha256(f"{game_id}/daily/{text}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def check_daily(record: dict[str, Any], game_id: str, seed: int) -> str | None:
    """A record's `daily` date once it is checked against its seed (None: not a daily deal).
    RecordError (the contract's one line) when it is not a date, not a real one, or the seed is
    not that date's daily seed."""
    if FIELD not in record:
        return None
    value = record[FIELD]
    if not isinstance(value, str) or not _DAY_TEXT.match(value):
        raise RecordError('daily must be a date "YYYY-MM-DD"')
    if parse_day(value) is None:
        raise RecordError(f"daily: {value} is not a real date")
    if seed != daily_seed(game_id, value):
        raise RecordError(f"not the daily deal of {value}")
    return value


def today() -> str:
    """Today's date where the player is (the local date), as "YYYY-MM-DD"."""
    return date.today().isoformat()


# ---------------------------------------------------------------- sharing

#: Squares of the share line's emoji part (a game's `daily_squares` uses them).
GREEN, YELLOW, BLUE, BLACK = "\U0001f7e9", "\U0001f7e8", "\U0001f7e6", "\u2b1b"


def share_line(title: str, day: str, result: str, squares: str) -> str:
    """The text a player pastes into a chat: game, date and result on one line, the squares
    after it (a game without squares gives "")."""
    line = f"{title} \u00b7 {day} \u00b7 {result}"
    return f"{line} {squares}" if squares else line


def score_of(game: Game[Any], state: Any) -> int | None:
    """A solo game's score as its game counts it: the turns taken where the fewest is best
    (`Game.solo_fewest_turns`), else the total; None when its result cannot be read."""
    scores = game.record_scores(game.summary(state), 1)
    if scores is None:
        return None
    if game.solo_fewest_turns:
        turns = scores.get("turns")
        return turns[0] if isinstance(turns, list) and turns else None
    totals = scores["totals"]
    return int(totals[0]) if totals else None


def score_words(game: Game[Any], score: int) -> str:
    """A daily score in words: "61 points" or "34 turns"."""
    if game.solo_fewest_turns:
        return tn("daily.turns", score, "{count} turn", "{count} turns")
    return tn("daily.points", score, "{count} point", "{count} points")


def share_parts(game: Game[Any], state: Any, day: str) -> tuple[str, str]:
    """The finished daily game's line to share without its squares, and the squares, from the
    game's optional `daily_squares(state)` ("" for a game without)."""
    score = score_of(game, state)
    result = "?" if score is None else score_words(game, score)
    squares_of = getattr(game, "daily_squares", None)
    squares = squares_of(state) if callable(squares_of) else ""
    title = t("daily.share_title", "{game} daily", game=game.title)
    return share_line(title, day, result, ""), squares if isinstance(squares, str) else ""


def share_text(game: Game[Any], state: Any, day: str) -> str:
    """The finished daily game's line to share, squares included."""
    line, squares = share_parts(game, state, day)
    return f"{line} {squares}" if squares else line


# ---------------------------------------------------------------- the history


@dataclass
class DayResult:
    """One day's counting game: its score (None until it is finished) and its share line."""

    score: int | None = None
    share: str = ""


@dataclass
class History:
    """The days a game's daily deal was played (the counting game of each), by date."""

    days: dict[str, DayResult] = field(default_factory=dict)

    def finished(self) -> list[str]:
        """The dates whose counting game was finished, oldest first."""
        return sorted(d for d, r in self.days.items() if r.score is not None)

    def streak(self, on: str) -> int:
        """Days in a row finished up to `on` (or up to the day before, while `on` is still to
        play): the current streak."""
        done = set(self.finished())
        day = parse_day(on)
        if day is None:
            return 0
        if on not in done:
            day -= timedelta(days=1)
        count = 0
        while day.isoformat() in done:
            count += 1
            day -= timedelta(days=1)
        return count

    def best_streak(self) -> int:
        best = run = 0
        previous: date | None = None
        for text in self.finished():
            day = date.fromisoformat(text)
            run = run + 1 if previous is not None and day - previous == timedelta(1) else 1
            best = max(best, run)
            previous = day
        return best

    def best_score(self, fewest: bool) -> int | None:
        """The best finished score (`fewest`: the lowest is best, as turns)."""
        scores = [s for r in self.days.values() if (s := r.score) is not None]
        if not scores:
            return None
        return min(scores) if fewest else max(scores)


def _history_path(folder: Path) -> Path:
    return Path(folder) / HISTORY_FILE


def _parse_history(data: dict[str, Any]) -> History:
    from game.core.safe_json import BadFile

    days = data.get("days")
    if set(data) != {"days"} or not isinstance(days, dict):
        raise BadFile('a daily history is {"days": {...}}')
    history = History()
    for day, entry in days.items():
        if parse_day(day) is None or not isinstance(entry, dict):
            raise BadFile("a daily history lists real dates")
        score, share = entry.get("score"), entry.get("share", "")
        if not (score is None or type(score) is int) or not isinstance(share, str):
            raise BadFile("a day's score is a number, its share line a text")
        history.days[day] = DayResult(score, share)
    return history


def load_history(folder: Path) -> tuple[History, str | None]:
    """The game's daily history (empty when there is none), and a one-line warning when its
    file was bad (then set aside, and the history starts again)."""
    from game.core import safe_json, storage

    path = _history_path(folder)
    try:
        return _parse_history(safe_json.read_object(path)), None
    except FileNotFoundError:
        return History(), None
    except RecordError as err:  # safe_json's BadFile, and ours
        kept = storage.set_aside(path)
        warning = t(
            "daily.bad_history",
            "The daily deal's history could not be read ({why}); {kept}.",
            why=safe_json.printable(str(err)),
            kept=kept,
        )
        return History(), warning


def save_history(folder: Path, history: History) -> str | None:
    """Write the history at once (atomically); a one-line warning if it could not be."""
    from game.core import storage
    from game.core.records import why

    days = {d: {"score": r.score, "share": r.share} for d, r in sorted(history.days.items())}
    try:
        storage.write_json_atomic(_history_path(folder), {"days": days})
    except OSError as err:
        return t(
            "daily.cant_save",
            "Can't keep the daily deal's result ({why}).",
            why=why(err),
        )
    return None


def claim(folder: Path, day: str) -> tuple[bool, str | None]:
    """A daily game of `day` is dealt: whether it counts (the day's first), and a warning if the
    history could not be read or written. The claim is written at once, so a game left
    unfinished still used the day's chance."""
    history, warning = load_history(folder)
    if day in history.days:
        return False, warning
    history.days[day] = DayResult()
    return True, save_history(folder, history) or warning


def keep_result(folder: Path, day: str, score: int, share: str) -> str | None:
    """The counting game of `day` is finished: keep its score and share line."""
    history, warning = load_history(folder)
    history.days[day] = DayResult(score, share)
    return save_history(folder, history) or warning


def keep_finished(folder: Path, session: Any) -> str | None:
    """A finished session: when it is the counting game of a daily deal, keep its result in the
    history (a warning if it could not be); practice and other games keep nothing."""
    if session.daily is None or session.daily_practice:
        return None
    score = score_of(session.game, session.state)
    if score is None:
        return None
    return keep_result(
        folder, session.daily, score, share_text(session.game, session.state, session.daily)
    )
