"""Core's routes for every game, under its own names ("<id>.setup", ...): the scenes of
`screens/plain.py`, made from what the game's rules, records and table kit say. The app installs
them before the game's own `GameUI.install`, so a game gives only the scenes it wants its own
way (Lucky Box and Blanco give all of theirs; High card, none). Each factory imports its scene
when first made, which keeps start-up quick; each takes what its scene takes, so the checker
follows a route's arguments into it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.core.ui.toolkit.nav import lazy

if TYPE_CHECKING:
    from game.core.game import GameState
    from game.core.saves import SavedTable
    from game.core.session import Challenge, Seat
    from game.core.storage import LoadedSave
    from game.core.table_session import TableSession
    from game.core.ui.context import Context
    from game.core.ui.screens.howto import Page
    from game.core.ui.screens.plain import GameEndScene, ReplayScene, SetupScene
    from game.core.ui.screens.setup import SameDeal
    from game.core.ui.table import Table
    from game.core.ui.table.scene import Move
    from game.core.ui.toolkit.animator import ShownBoard


def _replay() -> type[ReplayScene]:
    from game.core.ui.screens.plain import ReplayScene

    return ReplayScene


def _game_end() -> type[GameEndScene]:
    from game.core.ui.screens.plain import GameEndScene

    return GameEndScene


def _no_pages(ctx: Context) -> list[Page]:
    return []


def install_plain_routes(ctx: Context, game_id: str) -> None:
    """Register core's scenes under the game's standard routes, How to play's pages none and
    no guided game (the game's own install may replace any of them)."""

    def setup(
        ctx: Context,
        seats: int = 2,
        same_deal: SameDeal | None = None,
        seed: int | None = None,
    ) -> SetupScene:
        from game.core.ui.screens.plain import SetupScene

        return SetupScene(ctx, game_id, seats, same_deal, seed)

    def start_game(
        ctx: Context,
        seats: Sequence[Seat],
        seed: int,
        demo: bool = False,
        on_game_over: Callable[[TableSession[GameState, Move]], None] | None = None,
        deal: object = None,
        challenge: Challenge | None = None,
        **_: object,
    ) -> Table[GameState, Move, ShownBoard]:
        from game.core.ui.screens import plain

        return plain.start_game(ctx, game_id, seats, seed, demo, on_game_over, deal, challenge)

    def continue_game(ctx: Context, saved: LoadedSave | SavedTable | None = None) -> str | None:
        from game.core.ui.screens import plain

        return plain.continue_game(ctx, game_id, saved)

    def same_deal(ctx: Context, record: dict[str, object], label: str) -> SetupScene:
        from game.core.ui.screens import plain

        return plain.same_deal(ctx, game_id, record, label)

    factories: dict[str, Callable[..., object]] = {
        "setup": setup,
        "start_game": start_game,
        "continue_game": continue_game,
        "replay": lazy(_replay),
        "same_deal": same_deal,
        "game_end": lazy(_game_end),
        "howto_pages": _no_pages,
    }
    for name, factory in factories.items():
        ctx.nav.register(f"{game_id}.{name}", factory)


__all__ = ["install_plain_routes"]
