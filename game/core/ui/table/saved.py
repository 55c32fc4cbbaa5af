"""A saved table brought back: where it stood (`Resumed`) and its session (`resume_saved`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from game.core.i18n import t
from game.core.session import Session


class Resumed(NamedTuple):
    """A saved game's table: the state as dealt, how many feed events were shown, and the seat
    that was looking at its finished turn (Session.resume gives these)."""

    start: Any
    shown: int
    confirming: int | None


def table_files(ctx: Any, game_id: str) -> tuple[str, ...]:
    """The files a table of that game keeps beside its autosave (`GameUI.table_files`)."""
    try:
        return tuple(ctx.game_ui(game_id).table_files)
    except (KeyError, AttributeError):  # a game the app does not list (a test's own)
        return ()


def resume_saved(ctx: Any, game_id: str, saved: Any = None) -> tuple[Session, Resumed] | str:
    """A saved game's session and where its table stood; or, in one line, why there is none
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save (a
    `storage.LoadedSave`, or a `saves.SavedTable` of the list); without it, the game's table
    played most recently."""
    if saved is None:
        from game.core.saves import list_saved

        tables, problems = list_saved(
            ctx.game_dir(game_id), ctx.rules_games, table_files(ctx, game_id)
        )
        if not tables:
            return (problems[0] if problems else None) or t(
                "table.no_save", "There is no saved game to continue."
            )
        saved = tables[0]
    saved = getattr(saved, "loaded", saved)
    session, start, shown, confirming = saved.resumed
    if session.table_folder is not None:
        from game.core.saves import taken

        taken(session.table_folder)  # this session plays on: the list replays the file anew
    return session, Resumed(start, shown, confirming)


__all__ = ["Resumed", "resume_saved", "table_files"]
