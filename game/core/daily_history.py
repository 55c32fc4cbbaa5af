"""The daily deal's history, for any game: the days played (the counting game of each, its score
and share line), kept in the game's data folder as `daily.json` through the safe reader
(game.core.safe_json) and the atomic writer (game.core.storage); a bad file is set aside.

Pure: no pygame, no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from game.core import safe_json, storage
from game.core.daily import parse_day, score_of, share_text
from game.core.game import RecordError
from game.core.i18n import t
from game.core.records import why
from game.core.safe_json import JSON

HISTORY_FILE = "daily.json"


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


def _parse_history(data: dict[str, JSON]) -> History:
    days = data.get("days")
    if set(data) != {"days"} or not isinstance(days, dict):
        raise safe_json.BadFile('a daily history is {"days": {...}}')
    history = History()
    for day, entry in days.items():
        if parse_day(day) is None or not isinstance(entry, dict):
            raise safe_json.BadFile("a daily history lists real dates")
        score, share = entry.get("score"), entry.get("share", "")
        if not (score is None or type(score) is int) or not isinstance(share, str):
            raise safe_json.BadFile("a day's score is a number, its share line a text")
        history.days[day] = DayResult(score, share)
    return history


def load_history(folder: Path) -> tuple[History, str | None]:
    """The game's daily history (empty when there is none), and a one-line warning when its
    file was bad (then set aside, and the history starts again)."""
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
