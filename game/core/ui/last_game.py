"""Which game the title shows first: the one chosen on it last, or last sat down to (a table,
local or online, says so as it opens), kept in the data folder's last_game.json."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from game.core.i18n import t

LAST_GAME = "last_game.json"  # which game the title shows first, in the data folder

__all__ = ["LAST_GAME", "load_last_game", "remember_game"]


def load_last_game(
    folder: Path | str, game_ids: list[str], tell: Callable[[str], None] | None = None
) -> str:
    """The game chosen last time among `game_ids` (the first when unknown). A damaged file is
    set aside (it would otherwise be overwritten unread) and `tell` says so in one line."""
    from game.core import safe_json
    from game.core.storage import set_aside

    path = Path(folder) / LAST_GAME
    try:
        game = safe_json.read_object(path).get("game")
        if not isinstance(game, str):
            raise safe_json.BadFile('"game" must be a game\'s name')
    except FileNotFoundError:
        return game_ids[0]
    except (OSError, ValueError) as err:
        aside = set_aside(path)
        if tell is not None:
            tell(
                t(
                    "title.last_game_damaged",
                    "The last game played could not be read ({why}); the file was {aside}.",
                    why=err,
                    aside=aside,
                )
            )
        return game_ids[0]
    return game if game in game_ids else game_ids[0]


def remember_game(folder: Path, game_id: str) -> None:
    """The game the title shows first next time: the one chosen on it, or last sat down to
    (a table, local or online, says so as it opens). Only a convenience: a write that fails
    changes nothing else."""
    with contextlib.suppress(OSError):
        from game.core.storage import write_json_atomic

        write_json_atomic(Path(folder) / LAST_GAME, {"game": game_id})
