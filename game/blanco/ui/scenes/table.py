"""Blanco's table on the stack: the core table (`game.core.ui.table.Table`) holding Blanco's
kit (`game.blanco.ui.table.kit.BlancoKit`), for a new game, a match's next game, or a saved one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.blanco.entry import BLANCO
from game.blanco.rules.actions import Action
from game.blanco.rules.deal import Deal
from game.blanco.rules.state import BlancoState
from game.core.session import Challenge, Session
from game.core.table_session import TableSession
from game.core.ui.table import Resumed, Table, resume_saved

from ..match import Match, load_match, save_match
from ..shown import Shown
from ..table.kit import BlancoKit, blanco_kit

if TYPE_CHECKING:
    from game.core.saves import SavedTable
    from game.core.storage import LoadedSave
    from game.core.ui.context import Context

#: A Blanco table: its session's state and actions, and the board it shows, are Blanco's.
BlancoTable = Table[BlancoState, Action, Shown]
#: Told the finished game's session, when the table's game ends (a demo's next game).
GameOver = Callable[[TableSession[BlancoState, Action]], None]

__all__ = [
    "BlancoKit",
    "BlancoTable",
    "Resumed",
    "blanco_table",
    "continue_game",
    "start_game",
]


def blanco_table(
    ctx: Context,
    session: TableSession[BlancoState, Action],
    demo: bool = False,
    on_game_over: GameOver | None = None,
    resume: Resumed | None = None,
    match: Match | None = None,
    driven: bool = False,
) -> BlancoTable:
    """A Blanco table for one session, from the deal to the win. `driven`: a replay says what
    happens next; each seat's cards are shown as it plays (over every shoulder in turn)."""
    return Table(
        ctx,
        session,
        blanco_kit(match),
        demo=demo,
        on_game_over=on_game_over,
        resume=resume,
        driven=driven,
    )


def start_game(
    ctx: Context,
    seats: list | None = None,
    seed: int = 0,
    demo: bool = False,
    on_game_over: GameOver | None = None,
    session: Session[BlancoState, Action] | None = None,
    match: Match | None = None,
    deal: Deal | None = None,
    challenge: Challenge | None = None,
    **_: object,
) -> BlancoTable:
    """Deal a new Blanco game for these seats (or play a session already dealt) and put its
    table on the stack (alone); `match`: the match it belongs to. `deal` and `challenge`:
    a kept game's cards to play again, and its result to compare at the end."""
    if session is None:
        session = Session(list(seats or []), seed, game=BLANCO, deal=deal)
        session.challenge = challenge
    scene = blanco_table(ctx, session, demo=demo, on_game_over=on_game_over, match=match)
    if match is not None:  # kept with this table's autosave: Continue goes on with the match
        table = scene.keeper.table()
        if table is not None:
            save_match(table, match)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Context, saved: LoadedSave | SavedTable | None = None) -> str | None:
    """Put the saved Blanco game back on the table exactly as it stood; or say why not."""
    resumed = resume_saved(ctx, "blanco", saved)
    if isinstance(resumed, str):
        return resumed
    session, where = resumed
    table = session.table_folder
    match = (
        None
        if table is None
        else load_match(table, tell=lambda line: setattr(ctx, "message", line))
    )
    ctx.stack.clear_to(
        blanco_table(
            ctx,
            session,
            resume=where,
            match=match if match is not None and match.fits(session) else None,
        )
    )
    return None
