"""The Lucky Box table: the core table (`game.core.ui.table.Table`) holding Lucky Box's kit
(`game.luckybox.ui.table.kit.LuckyBoxKit`, which makes the parts and answers the table's
questions about the game); here, starting a game, continuing a saved one, and the table for a
session (`lucky_table`: a replay's, a test's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.session import Challenge, Session
from game.core.table_session import TableSession
from game.core.ui.table import Resumed, Table, resume_saved
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules.actions import Action
from game.luckybox.rules.state import Deal, GameState, Options
from game.luckybox.ui.shown import Shown
from game.luckybox.ui.table.kit import LuckyBoxKit, is_lucky_box_table
from game.luckybox.ui.table.moves import describe

if TYPE_CHECKING:
    from game.core.saves import SavedTable
    from game.core.storage import LoadedSave
    from game.core.ui.context import Context

#: A Lucky Box table: its session's state and actions, and the board it shows, are Lucky Box's.
LuckyTable = Table[GameState, Action, Shown]
#: Told the finished game's session, when the table's game ends (a demo's next game).
GameOver = Callable[[TableSession[GameState, Action]], None]

__all__ = [
    "LuckyTable",
    "Resumed",
    "continue_game",
    "describe",
    "is_lucky_box_table",
    "lucky_table",
    "start_game",
]


def lucky_table(
    ctx: Context,
    session: TableSession[GameState, Action],
    demo: bool = False,
    on_game_over: GameOver | None = None,
    resume: Resumed | None = None,
    driven: bool = False,
) -> LuckyTable:
    """The table for one session, from the starting draft to the last number. `driven`:
    something else (a replay) says what happens next; the table only shows it."""
    return Table(
        ctx,
        session,
        LuckyBoxKit,
        demo=demo,
        on_game_over=on_game_over,
        resume=resume,
        driven=driven,
    )


def start_game(
    ctx: Context,
    seats: list,
    seed: int,
    demo: bool = False,
    on_game_over: GameOver | None = None,
    deal: Deal | None = None,
    options: Options | None = None,
    challenge: Challenge | None = None,
) -> LuckyTable:
    """Deal a new game for these seats and put its table on the stack (alone). `deal` and
    `challenge` replay another game's cards and compare the scores at the end."""
    session: Session[GameState, Action] = Session(list(seats), seed, options, deal, game=LUCKYBOX)
    session.challenge = challenge
    scene = lucky_table(ctx, session, demo=demo, on_game_over=on_game_over)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Context, saved: LoadedSave | SavedTable | None = None) -> str | None:
    """Put the saved game back on the table, exactly as it stood; or say in one line why not
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save."""
    resumed = resume_saved(ctx, "luckybox", saved)
    if isinstance(resumed, str):
        return resumed
    session, where = resumed
    ctx.stack.clear_to(lucky_table(ctx, session, resume=where))
    return None
