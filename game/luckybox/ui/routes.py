"""Lucky Box's scenes on the navigator (its UI descriptor installs them): setup, draft, table,
round end, game end and replay, plus starting and continuing a game. Route names start with
"luckybox." (game/core/ui/game_ui/descriptor.py lists the standard ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ui.toolkit.nav import lazy

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.safe_json import JSON
    from game.core.saves import SavedTable
    from game.core.session import Challenge
    from game.core.storage import LoadedSave
    from game.core.ui.context import Context, GameConfig
    from game.core.ui.screens.howto import Page
    from game.core.ui.table import Table
    from game.luckybox.rules.state import Deal, Options
    from game.luckybox.ui.scenes.draft import DraftScene
    from game.luckybox.ui.scenes.gameend import GameEndScene
    from game.luckybox.ui.scenes.replay import ReplayScene
    from game.luckybox.ui.scenes.roundend import RoundEndScene
    from game.luckybox.ui.scenes.scoring import ScoringScene
    from game.luckybox.ui.scenes.setup import SetupScene
    from game.luckybox.ui.scenes.table import GameOver, LuckyTable


def _setup() -> type[SetupScene]:
    from game.luckybox.ui.scenes.setup import SetupScene

    return SetupScene


def _draft() -> type[DraftScene]:
    from game.luckybox.ui.scenes.draft import DraftScene

    return DraftScene


def _round_end() -> type[RoundEndScene]:
    from game.luckybox.ui.scenes.roundend import RoundEndScene

    return RoundEndScene


def _scoring() -> type[ScoringScene]:
    from game.luckybox.ui.scenes.scoring import ScoringScene

    return ScoringScene


def _game_end() -> type[GameEndScene]:
    from game.luckybox.ui.scenes.gameend import GameEndScene

    return GameEndScene


def _replay() -> type[ReplayScene]:
    from game.luckybox.ui.scenes.replay import ReplayScene

    return ReplayScene


def _same_deal(ctx: Context, record: dict[str, JSON], label: str) -> SetupScene:
    from game.luckybox.ui.scenes.setup import SetupScene, same_deal_from

    return SetupScene(ctx, same_deal=same_deal_from(record, label))


def _start(
    ctx: Context,
    seats: list,
    seed: int,
    demo: bool = False,
    on_game_over: GameOver | None = None,
    deal: Deal | None = None,
    options: Options | None = None,
    challenge: Challenge | None = None,
) -> LuckyTable:
    from game.luckybox.ui.scenes.table import start_game

    return start_game(ctx, seats, seed, demo, on_game_over, deal, options, challenge)


def _continue(ctx: Context, saved: LoadedSave | SavedTable | None = None) -> str | None:
    from game.luckybox.ui.scenes.table import continue_game

    return continue_game(ctx, saved)


def _howto_pages(ctx: Context) -> list[Page]:
    from game.luckybox.ui.learn.pages import pages

    return pages()


def _guided(ctx: Context) -> Table:
    from game.luckybox.ui.learn.guide import start_guided

    return start_guided(ctx)


def _start_from_setup(ctx: Context, config: GameConfig) -> LuckyTable:
    """The table for the setup screen's choices (a `GameConfig`)."""
    from game.core.ui.launch import seats_from

    return _start(
        ctx,
        seats=seats_from(config),
        seed=config.seed,
        deal=config.deal,
        options=config.options,
        challenge=config.challenge,
    )


def install(ctx: Context) -> None:
    nav = ctx.nav
    for name, factory in (
        ("setup", lazy(_setup)),
        ("draft", lazy(_draft)),
        ("round_end", lazy(_round_end)),
        ("game_end", lazy(_game_end)),
        ("scoring", lazy(_scoring)),
        ("replay", lazy(_replay)),
        ("same_deal", _same_deal),
        ("start_game", _start),
        ("start_from_setup", _start_from_setup),
        ("continue_game", _continue),
        ("howto_pages", _howto_pages),
        ("guided", _guided),
    ):
        nav.register(f"luckybox.{name}", factory)
