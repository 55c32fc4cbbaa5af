"""The daily deal, for any game (by its id): the seed of a date, the record's `daily` field and
the line a player shares.

The history of the days played lives in `game.core.daily_history` (it writes files).

The seed is the records' contract (GAME-RECORD.md, BLANCO-RECORD.md): the first 6 bytes,
big-endian, of SHA-256 of the UTF-8 text `<game id>/daily/YYYY-MM-DD`, so any program deals the
same cards on the same date. The first game of a day counts; later ones that day are practice.

The seed and the record's field are `game.core.daily_deal`'s (rules check records with it, and
it has no words); they are re-exported here. Pure: no pygame, no game (the game's id is given).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from game.core.daily_deal import (  # the seed and the record's field: callers look for them here
    FIELD,
    PRACTICE_FIELD,
    check_daily,
    daily_seed,
    parse_day,
)
from game.core.entry import Game
from game.core.game import StateT
from game.core.i18n import t, tn

__all__ = [
    "BLACK",
    "BLUE",
    "FIELD",
    "GREEN",
    "PRACTICE_FIELD",
    "YELLOW",
    "check_daily",
    "daily_seed",
    "parse_day",
    "score_of",
    "score_words",
    "share_line",
    "share_parts",
    "share_text",
    "today",
]


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


def score_of(game: Game[StateT], state: StateT) -> int | None:
    """A solo game's score as its game counts it: the turns taken where the fewest is best
    (`GameRecords.solo_fewest_turns`), else the total; None when its result cannot be read."""
    scores = game.rules.record_scores(game.rules.summary(state), 1)
    if scores is None:
        return None
    if game.rules.solo_fewest_turns:
        turns = scores.get("turns")
        return turns[0] if isinstance(turns, list) and turns else None
    totals = scores["totals"]
    return int(totals[0]) if totals else None


def score_words(game: Game[Any], score: int) -> str:
    """A daily score in words: "61 points" or "34 turns"."""
    if game.rules.solo_fewest_turns:
        return tn("daily.turns", score, "{count} turn", "{count} turns")
    return tn("daily.points", score, "{count} point", "{count} points")


def share_parts(
    game: Game[StateT], state: StateT, day: str, practice: bool = False
) -> tuple[str, str]:
    """The finished daily game's line to share without its squares, and the squares, from the
    game's optional `daily_squares(state)` ("" for a game without). A practice game (a later
    one that day) says so before its result: only the day's first game is the day's result."""
    score = score_of(game, state)
    result = "?" if score is None else score_words(game, score)
    if practice:
        practised = t("daily.share_practice", "practice")
        result = f"{practised} \u00b7 {result}"
    squares_of = getattr(game.words, "daily_squares", None)
    squares = squares_of(state) if callable(squares_of) else ""
    title = t("daily.share_title", "{game} daily", game=game.title)
    return share_line(title, day, result, ""), squares if isinstance(squares, str) else ""


def share_text(game: Game[StateT], state: StateT, day: str, practice: bool = False) -> str:
    """The finished daily game's line to share, squares included."""
    line, squares = share_parts(game, state, day, practice)
    return f"{line} {squares}" if squares else line
